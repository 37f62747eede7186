/*
 * stud_fast exact heads-up equity by counting (docs/equity.md): the tally an enumeration of
 * every deal gives, without enumerating the deals.
 *
 * Each player's value depends on its own completion only (the cards it still gets), and the
 * two completions depend on each other only through card removal: they come from one stub and
 * may not overlap. So every completion of each player is valued once, and the pairs are counted
 * by inclusion-exclusion over the cards they share while the completions are swept in value
 * order. A spot of C(u, a) and C(u, b) completions costs about (C(u, a) + C(u, b)) * 2^min(a, b)
 * counter steps: a few million from third street where enumeration visits 10^10 deals.
 */
#ifndef STUD_FAST_EQUITY_COUNT_H
#define STUD_FAST_EQUITY_COUNT_H

#include "stud_fast/equity.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SF_E_NOT_COUNTED = -24 /* a spot the counting does not take (the caller enumerates) */
};

/*
 * Add the exact tally of a heads-up spot (players = 2; arguments as sf_equity_exact_into) to
 * *tally: the same integers as enumerating every deal. Counted: high, SHORT32 and razz
 * rankings and hi-lo with the eight-or-better low, any wild cards and jokers, dead cards, any
 * street. SF_E_NOT_COUNTED for more than two players, a spot whose last card would be shared
 * (S3), one with more than 5 cards to come per player (hi-lo: when both get more than 4), which
 * the caller enumerates or samples; SF_E_* errors as sf_equity_exact otherwise. `threads`: 2 or
 * more lets a high-only spot of over 100,000 completions (third street) sweep on two threads,
 * one from each end; the tally is the same for any thread count.
 */
int sf_equity_count_into(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead, int threads,
                         sf_equity_tally *tally);

#ifdef __cplusplus
}
#endif
#endif

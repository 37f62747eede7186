/*
 * stud_fast/range_equity.h -- equity when some players' known cards are a weighted range of
 * holdings rather than fixed cards.
 *
 * A spot has fixed players (known cards as for sf_equity_exact) and range players (a list of
 * holdings of equally many cards, each with a positive weight). A combination picks one holding
 * per range player; combinations in which a holding shares a card with a fixed player's card,
 * a dead card or another picked holding are impossible and dropped (card removal). A possible
 * combination weighs the product of its holdings' weights. The equity of the spot is the
 * weight-averaged equity of its combinations:
 *   - exact: every combination enumerated exactly (sf_equity_exact), averaged by weight;
 *   - sampled: each sample draws a combination with probability proportional to its weight and
 *     deals the unknown cards once (sf_equity_sample_into); the standard error is that of the
 *     mixture.
 * Both give identical results for any thread count; a seed fixes a sampled run.
 */
#ifndef STUD_FAST_RANGE_EQUITY_H
#define STUD_FAST_RANGE_EQUITY_H

#include <stdint.h>

#include "stud_fast/equity.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SF_E_RANGE = -30,          /* a range is malformed: no holdings, 0 or more than 7 cards
                                  per holding, a weight not positive and finite, a joker, or
                                  weights so far apart that a product of them is 0 */
    SF_E_RANGE_EMPTY = -31,    /* card removal leaves no possible combination */
    SF_E_RANGE_TOO_MANY = -32  /* more than SF_RANGE_MAX_COMBOS possible combinations */
};

/* The most possible combinations a spot may have (they are listed in memory). */
#define SF_RANGE_MAX_COMBOS (1u << 22)
/* Combinations are summed in chunks of this many, in order: the unit of a piece of work. One,
   so that a caller can stop between any two combinations: a heads-up combination counted
   from third street takes tens of milliseconds, and 64 of them were seconds without a look
   for Ctrl-C. */
#define SF_RANGE_CHUNK 1u

typedef struct sf_range {
    int holdings;            /* number of holdings; 0: the player is fixed, not a range */
    int cards;               /* cards per holding, 1 to 7 */
    const uint8_t *card_ids; /* holdings * cards card ids, holding after holding */
    const double *weights;   /* holdings positive finite weights */
} sf_range;

typedef struct sf_range_spot sf_range_spot; /* opaque: a spot with its possible combinations */

/*
 * Build a spot. `known`, `known_count`, `dead`, `ndead` are as for sf_equity_exact (rows of
 * range players are ignored); `ranges` has `players` entries. Every combination is checked
 * against the game as sf_equity_exact checks one spot. Returns SF_OK and *out (free it with
 * sf_range_spot_free), or an error.
 */
int sf_range_spot_new(const sf_equity_game *game, int players, const uint8_t *known,
                      const int *known_count, const sf_range *ranges, const uint8_t *dead,
                      int ndead, sf_range_spot **out);
void sf_range_spot_free(sf_range_spot *spot);

/* Possible combinations, and the sum of their weights. */
uint64_t sf_range_spot_combos(const sf_range_spot *spot);
double sf_range_spot_weight(const sf_range_spot *spot);

/* Weighted sums of exact per-combination results, added chunk by chunk in order. */
typedef struct sf_range_sums {
    double equity[SF_EQUITY_MAX_PLAYERS], win[SF_EQUITY_MAX_PLAYERS],
        tie[SF_EQUITY_MAX_PLAYERS], high[SF_EQUITY_MAX_PLAYERS], low[SF_EQUITY_MAX_PLAYERS];
    uint64_t deals;
} sf_range_sums;

/*
 * Exact: add combinations first .. first + count - 1 (first a multiple of SF_RANGE_CHUNK) to
 * *sums. Runs split at multiples of SF_RANGE_CHUNK, done in order, add up to exactly the sums
 * of the whole run.
 */
int sf_range_exact_into(const sf_range_spot *spot, uint64_t first, uint64_t count,
                        int threads, sf_range_sums *sums);
/* The result of exact sums over every combination. */
void sf_range_exact_finish(const sf_range_spot *spot, const sf_range_sums *sums,
                           sf_equity_result *out);

/*
 * Sampled: draw which combination each of `samples` samples (at most 2^32 - 1) uses, fixed by
 * the seed, into the spot, then add combinations first .. first + count - 1 of the run to *tally (integer
 * sums: pieces in any order add up to the whole run); sf_equity_finish gives the result.
 */
int sf_range_draw(sf_range_spot *spot, uint64_t samples, uint64_t seed);
/* The same draw in pieces (for a caller that wants to stop in between): start it, then draw
   `count` more samples at a time; pieces adding up to `samples` give sf_range_draw's draw. */
int sf_range_draw_start(sf_range_spot *spot, uint64_t seed);
int sf_range_draw_more(sf_range_spot *spot, uint64_t count);
int sf_range_sample_into(const sf_range_spot *spot, uint64_t first, uint64_t count,
                         int threads, sf_equity_tally *tally);

#ifdef __cplusplus
}
#endif
#endif

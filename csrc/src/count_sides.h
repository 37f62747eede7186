/*
 * Private: the heads-up counting of equity_count.c in parts, so that a caller with many spots
 * that differ only in the players' holdings (range_equity.c) values and orders each holding's
 * completions once and counts every pair of holdings from them.
 *
 * A pool is a spot whose stub (spot.rest) holds every card a completion may take: the
 * holdings' cards too. A side is one player's completions over the pool less the cards it
 * holds (`exclude`, a set of pool positions). Counting a pair of sides leaves out each side's
 * completions that meet the other's holding, so it counts exactly the deals of the spot in
 * which the two players hold those holdings: the same integers as sf_equity_count_into.
 */
#ifndef SF_PRIVATE_COUNT_SIDES_H
#define SF_PRIVATE_COUNT_SIDES_H

#include <stddef.h>
#include <stdint.h>

#include "equity_spot.h"

/* The most cards to come per player that counting takes. */
#define SF__COUNT_MAX_TO_COME 5

typedef struct sf__count_side sf__count_side;

/* Whether counting takes a heads-up spot with a and b cards to come (hi-lo: `hilo`). */
int sf__count_takes(const spot_t *spot);

/* Player p's side: its k completions over the pool less `exclude`, from its hand `base` (and
   `base_low` in hi-lo). NULL when memory is short. */
sf__count_side *sf__count_side_new(const spot_t *pool, const sf_hand *base,
                                   const sf_hand *base_low, int k, uint64_t exclude);

/* The bytes a side of k cards over u free pool cards takes (for a cache's budget). */
size_t sf__count_side_bytes(int u, int k, int hilo);

void sf__count_side_free(sf__count_side *side);

/* Add the deals of the pair (player 0's side x, player 1's side y) to *tally: wins, ties and
   the sums enumeration gives, on up to two threads (high-only games; hi-lo uses one).
   SF_E_NOT_COUNTED for a hi-lo pair with more distinct lows than the counting ranks. */
int sf__count_pair(const spot_t *pool, const sf__count_side *x, const sf__count_side *y,
                   int threads, sf_equity_tally *tally);

#endif

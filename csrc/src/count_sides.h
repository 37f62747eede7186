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
/* Hand values are 16-bit: the counting sorts and ranks by tables of every one. */
#define SF__COUNT_VALUES 65536u
/* Spots worth two threads: below this many completions in all, one thread is quicker than
   starting another (a fourth-street spot has some 26,000, third street some 300,000). */
#define SF__COUNT_SPLIT_ABOVE 100000u

/* One player's completions in ascending order of value: the pool positions of each (ascending)
   and its value, the pool positions it may not use (its own holding) apart. */
typedef struct sf__count_side {
    uint32_t n;
    int k;
    uint64_t exclude;
    uint8_t (*pos)[SF__COUNT_MAX_TO_COME];
    sf_value *value;
    uint16_t *low; /* hi-lo: its low's value (0: no low; ranked per pair) */
} sf__count_side;

/* binom[n][k], n up to 64 and k up to SF__COUNT_MAX_TO_COME, filled by sf__count_init. */
extern uint32_t sf__binom[65][SF__COUNT_MAX_TO_COME + 1];

/* Fill sf__binom (idempotent); called before any thread reads it. */
void sf__count_init(void);

/* The pool positions of k cards as a bit set. */
static inline uint64_t sf__count_bits(const uint8_t *pos, int k)
{
    uint64_t bits = 0;
    for (int i = 0; i < k; i++)
        bits |= 1ULL << pos[i];
    return bits;
}

/* Whether counting takes a heads-up spot (two players, at most SF__COUNT_MAX_TO_COME cards to
   come each, four in hi-lo, no shared last card). */
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

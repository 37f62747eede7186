/*
 * Hand descriptors for the table generator (gen_tables.c): a 64-bit number per hand class that
 * sorts like hand strength under each ranking, for the natural ranks of a hand plus any number
 * of wild cards (each resolved by trying every rank of the deck, memoised per multiset) and for
 * one suit's ranks plus wild cards (the flush table). Build-time only.
 */
#ifndef SF_GEN_HAND_DESC_H
#define SF_GEN_HAND_DESC_H

#include <stdint.h>

#define NRANKINGS 4
#define MAXCARDS 7
#define MAXWILD 7

enum { HIGH = 0, SHORT32 = 1, RAZZ = 2, LOW8 = 3 };
enum {
    C_NONE, C_HIGH, C_PAIR, C_TWO_PAIR, C_TRIPS, C_STRAIGHT, C_FLUSH, C_FULL_HOUSE, C_QUADS,
    C_STRAIGHT_FLUSH, C_FIVE, NCAT
};

/*
 * Descriptor: bits 4..27 the sort key (category position << 20 | five 4-bit tie-break fields,
 * each rank + 1, 0 for a missing kicker), bits 0..3 the category itself. Larger is stronger.
 */
typedef uint64_t desc_t;
#define DESC_NONE ((desc_t)0)

#if defined(__GNUC__) || defined(__clang__)
#define popcount32(x) __builtin_popcount(x)
#else /* MSVC */
int popcount32(unsigned x);
#endif

/* Best descriptor of the naturals in cnt (n cards) plus w wild cards, each any rank of the
   ranking's deck; cnt is restored before it returns. */
desc_t wild_desc(int ranking, int cnt[13], int n, int w);
/* Best straight flush or flush of one suit's natural ranks (a 13-bit mask) plus w wilds. */
desc_t flush_desc(int ranking, unsigned mask, int w);
/* Empty the memo of wild_desc (allocated on first use): once per ranking, whose descriptors
   differ for the same multiset. */
void desc_memo_reset(void);
void desc_memo_free(void);

#endif

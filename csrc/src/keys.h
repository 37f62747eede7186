/*
 * Private: the card keys shared by the table generator and the runtime. The layout of the sums
 * they add up to is described in stud_fast/eval.h (sf_hand). Every field stays below its width
 * for hands of up to 7 cards, so sums never carry across fields and removing a card is a
 * subtraction.
 */
#ifndef SF_PRIVATE_KEYS_H
#define SF_PRIVATE_KEYS_H

#include <stdint.h>

#include "stud_fast/cards.h"
#include "stud_fast/eval.h"

/*
 * Rank keys such that the sums over every multiset of at most 7 symbols -- ranks used at most
 * four times, the wild symbol up to seven times -- are all distinct. Found once by the greedy
 * search in csrc/gen/keysearch.c (about a minute), so only the result is kept here; the table
 * generator re-checks the uniqueness at every build. The largest sum is 42,787,642 < 2^26.
 */
#define SF__WILD_KEY 1u
static const uint32_t sf__rank_keys[SF_NUM_RANKS] = {
    8u, 36u, 169u, 734u, 3021u, 11595u, 30425u, 96690u, 240028u, 630067u, 1539861u,
    3539978u, 8041927u,
};

#define SF__FIELD(key, shift) ((int)(((key) >> (shift)) & 0xf))

/* Rankings whose tables look at suits (the others leave the suit counters at their bias). */
#define SF__RANKING_HAS_FLUSH(r) ((r) == 0 || (r) == 1)
/* First rank of a ranking's deck: the 32-card deck starts at the seven. */
#define SF__FIRST_RANK(r) ((r) == 1 ? SF_SHORT32_FIRST_RANK : 0)

/*
 * Fill the key and bit tables of one ranking and wild-rank mask, for every byte value so that
 * no card id can index out of bounds.
 */
static inline void sf__build_keys(uint64_t key[256], uint64_t bit[256], int ranking, unsigned wild_ranks)
{
    const uint64_t one = 1;
    int use_suits = SF__RANKING_HAS_FLUSH(ranking);
    for (int c = 0; c < 256; c++) {
        uint64_t k = one << SF__COUNT_SHIFT;
        uint64_t b = 0;
        if (c == SF_JOKER) {
            k += SF__WILD_KEY + (one << SF__WILDS_SHIFT);
            if (use_suits)
                k += 0x1111ULL << SF__SUIT_SHIFT;
        } else if (c > SF_JOKER || SF_RANK_OF(c) < SF__FIRST_RANK(ranking)) {
            k += one << SF__BAD_SHIFT;
        } else {
            int rank = SF_RANK_OF(c), suit = SF_SUIT_OF(c);
            b = one << (16 * suit + rank);
            k += one << SF__NATURAL_SHIFT;
            if (wild_ranks >> rank & 1) {
                k += SF__WILD_KEY + (one << SF__WILDS_SHIFT);
                if (use_suits)
                    k += 0x1111ULL << SF__SUIT_SHIFT;
            } else {
                k += sf__rank_keys[rank];
                if (use_suits)
                    k += one << (SF__SUIT_SHIFT + 4 * suit);
            }
        }
        key[c] = k;
        bit[c] = b;
    }
}

#endif

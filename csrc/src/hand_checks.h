/*
 * Private: the validity checks shared by the scalar and the batch entry points. A hand is
 * summarised by the sum of its card keys (see stud_fast/eval.h) and by the OR or the sum of its
 * card bits; both summaries are enough to tell a good hand from a bad one.
 */
#ifndef SF_PRIVATE_HAND_CHECKS_H
#define SF_PRIVATE_HAND_CHECKS_H

#include <stdint.h>

#include "keys.h"
#include "stud_fast/eval.h"

#define SF_LIKELY(x) SF__EXPECT(!!(x), 1)
#define SF_UNLIKELY(x) SF__EXPECT(!!(x), 0)

#if defined(__GNUC__) || defined(__clang__)
#define SF_POPCOUNT64(x) __builtin_popcountll(x)
#else
static inline int SF_POPCOUNT64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}
#endif

/* Sum one hand's card keys and OR its card bits. */
#define SF__SUM_HAND(ev, h, k, key, bits)                                                   \
    do {                                                                                    \
        key = SF_HAND_KEY_BASE;                                                             \
        bits = 0;                                                                           \
        for (int j_ = 0; j_ < (k); j_++) {                                                  \
            key += (ev)->key[(h)[j_]];                                                      \
            bits |= (ev)->bit[(h)[j_]];                                                     \
        }                                                                                   \
    } while (0)

/*
 * Why a summarised hand of n cards is invalid, or SF_OK. A duplicate shows as a card set with
 * fewer bits than the hand has non-joker cards; a bad card sets the key's bad field, and the
 * cards themselves then tell an id above 52 from a card outside the ranking's deck.
 */
static inline int sf__hand_problem(uint64_t key, uint64_t bits, int n, const uint8_t *cards)
{
    if (n < 1 || n > 7)
        return SF_E_COUNT;
    if (key & SF__BAD_FIELD) {
        for (int i = 0; i < n; i++)
            if (cards[i] > SF_JOKER)
                return SF_E_CARD;
        return SF_E_DECK;
    }
    if (SF_POPCOUNT64(bits) != SF__FIELD(key, SF__NATURAL_SHIFT))
        return SF_E_DUPLICATE;
    return SF_OK;
}

#endif

/*
 * The deck's shuffle: a Fisher-Yates shuffle driven by the mixed-radix digits of one 384-bit
 * number (see stud_fast/shuffle.h). The engine's Python code shuffled the same way with
 * Python's big integers; doing it here spares about 55,000 instructions a hand, a tenth of a
 * whole random-play hand of seven-card stud.
 */
#include "stud_fast/shuffle.h"

#define LIMBS (SF_SHUFFLE_BYTES / 4)
#define GROUP_LIMIT (UINT32_C(1) << 30)

/* number /= divisor (below 2^30) over 32-bit limbs, most significant first; the remainder. */
static uint32_t divide(uint32_t number[LIMBS], uint32_t divisor)
{
    uint64_t rest = 0;
    for (int k = 0; k < LIMBS; k++) {
        uint64_t part = (rest << 32) | number[k];
        number[k] = (uint32_t)(part / divisor);
        rest = part % divisor;
    }
    return (uint32_t)rest;
}

/* The swaps of the positions first, first-1, ..., last (radices i + 1) from one group's digits. */
static void swap_group(uint8_t *cards, int first, int last, uint32_t digits)
{
    for (int i = first; i >= last; i--) {
        uint32_t radix = (uint32_t)i + 1;
        uint32_t j = digits % radix;
        digits /= radix;
        uint8_t card = cards[i];
        cards[i] = cards[j];
        cards[j] = card;
    }
}

int sf_shuffle(uint8_t *cards, int n, const uint8_t *source)
{
    if (n < 0 || n > SF_SHUFFLE_MAX)
        return -1;
    uint32_t number[LIMBS];
    for (int k = 0; k < LIMBS; k++)
        number[k] = (uint32_t)source[4 * k] << 24 | (uint32_t)source[4 * k + 1] << 16 |
                    (uint32_t)source[4 * k + 2] << 8 | source[4 * k + 3];
    int first = n - 1;  /* the group's first position */
    uint64_t product = 1;
    for (int i = n - 1; i >= 1; i--) {
        if (product * (uint64_t)(i + 1) >= GROUP_LIMIT) {  /* the group ends before i */
            swap_group(cards, first, i + 1, divide(number, (uint32_t)product));
            first = i;
            product = 1;
        }
        product *= (uint64_t)(i + 1);
    }
    if (first >= 1)
        swap_group(cards, first, 1, divide(number, (uint32_t)product));
    return 0;
}

/*
 * sf_shuffle() against its definition taken one digit at a time: the 48 bytes as a base-256
 * number, divided by i + 1 for i = n-1 .. 1 (byte-wise long division), each remainder the swap
 * partner of position i. The library takes the digits a group of radices at a time over 32-bit
 * limbs; both must give the same permutation for every size and many sources, including the
 * extremes (all zero bytes, all 0xFF bytes).
 */
#include <stdio.h>
#include <string.h>

#include "stud_fast/shuffle.h"

#include "check.h"
#include "test_random.h"

static void by_digits(uint8_t *cards, int n, const uint8_t source[SF_SHUFFLE_BYTES])
{
    uint8_t number[SF_SHUFFLE_BYTES];
    memcpy(number, source, sizeof number);
    for (int i = n - 1; i >= 1; i--) {
        unsigned rest = 0;
        for (int k = 0; k < SF_SHUFFLE_BYTES; k++) {
            unsigned part = rest << 8 | number[k];
            number[k] = (uint8_t)(part / (unsigned)(i + 1));
            rest = part % (unsigned)(i + 1);
        }
        uint8_t card = cards[i];
        cards[i] = cards[rest];
        cards[rest] = card;
    }
}

static void check_one(int n, const uint8_t source[SF_SHUFFLE_BYTES])
{
    uint8_t got[SF_SHUFFLE_MAX], want[SF_SHUFFLE_MAX];
    for (int i = 0; i < n; i++)
        got[i] = want[i] = (uint8_t)(100 + i);
    CHECK(sf_shuffle(got, n, source) == 0, "size %d refused", n);
    by_digits(want, n, source);
    CHECK(memcmp(got, want, (size_t)n) == 0, "size %d: another permutation", n);
}

int main(void)
{
    uint8_t source[SF_SHUFFLE_BYTES];
    for (int n = 0; n <= SF_SHUFFLE_MAX; n++) {
        memset(source, 0, sizeof source);
        check_one(n, source);
        memset(source, 0xFF, sizeof source);
        check_one(n, source);
        for (int round = 0; round < 200; round++) {
            for (int k = 0; k < SF_SHUFFLE_BYTES; k++)
                source[k] = (uint8_t)draw(256);
            check_one(n, source);
        }
    }
    uint8_t cards[SF_SHUFFLE_MAX + 1] = {1, 2, 3};
    CHECK(sf_shuffle(cards, SF_SHUFFLE_MAX + 1, source) == -1, "too many cards taken");
    CHECK(sf_shuffle(cards, -1, source) == -1, "a negative count taken");
    CHECK(cards[0] == 1 && cards[1] == 2 && cards[2] == 3, "a refused shuffle moved cards");
    if (failures)
        fprintf(stderr, "shuffle: %d failures\n", failures);
    else
        printf("shuffle: sizes 0 to %d, 402 sources each, as digit by digit\n", SF_SHUFFLE_MAX);
    return failures != 0;
}

/*
 * Private: how the Monte Carlo sampler (equity_sample.c) draws the cards of a deal from one random
 * 64-bit word per group of draws.
 *
 * A deal draws the cards the players lack by a partial Fisher-Yates shuffle: draw i swaps
 * deck[i] with deck[i + d_i], d_i uniform below n_i = nrest - i. Rather than one random word
 * and one multiply-high per draw, the draws are cut into groups whose ranges multiply to a
 * product P under SF__DRAW_RANGE, and one word x gives a whole group: multiplying x by n_1
 * leaves d_1 in the high 64 bits and a remainder in the low ones, which is multiplied by n_2,
 * and so on. The digits are those of floor(x * P / 2^64) in the mixed radix (n_1, ..., n_k), and
 * the last remainder is x * P mod 2^64 (by induction: x * n_1 * ... * n_j equals
 * (d_1 ... d_j in that radix) * 2^64 plus the j-th remainder). That is Lemire's multiply for a
 * number below P, so the same rejection makes it exact: a word whose last remainder is below
 * 2^64 mod P is redrawn (for a heads-up third street, P is about 2^44, so about one word in a
 * million). Every accepted digit string then has the same probability, as independent
 * uniform draws would. The deck's order before a group does not matter to that, so a
 * rejected group's swaps are not undone: the group is drawn again from where they left it.
 */
#ifndef SF_PRIVATE_DRAW_H
#define SF_PRIVATE_DRAW_H

#include <stdint.h>
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h> /* _umul128 */
#endif

/* The bound on a group's product: a rejection chance below 2^-16 a group, and every digit
   of a group of up to eight draws from a deck of up to 64 cards. */
#ifndef SF__DRAW_RANGE /* a test build raises it, for groups redrawn often */
#define SF__DRAW_RANGE ((uint64_t)1 << 48)
#endif

typedef struct {
    int end;         /* the draw after the group's last */
    uint64_t range;  /* P: the product of the group's ranges */
    uint64_t reject; /* 2^64 mod P: a word whose last remainder is below it is redrawn */
} draw_group_t;

/* Cut draws 0 .. ndraws - 1 from a deck of nrest cards (ndraws <= nrest <= 64) into groups;
   returns their number (at most ndraws). */
static inline int draw_groups(int nrest, int ndraws, draw_group_t *g)
{
    int n = 0;
    for (int i = 0; i < ndraws; n++) {
        uint64_t range = 1;
        while (i < ndraws && range <= SF__DRAW_RANGE / (uint64_t)(nrest - i)) {
            range *= (uint64_t)(nrest - i);
            i++;
        }
        if (range == 1 && i < ndraws) { /* SF__DRAW_RANGE below one range: one draw alone */
            range = (uint64_t)(nrest - i);
            i++;
        }
        g[n].end = i;
        g[n].range = range;
        g[n].reject = (0 - range) % range;
    }
    return n;
}

/* x * n: returns the high 64 bits and leaves the low ones in *x. */
static inline uint64_t draw_digit(uint64_t *x, uint64_t n)
{
#if defined(_MSC_VER) && !defined(__clang__)
    uint64_t high;
    *x = _umul128(*x, n, &high);
    return high;
#else
    /* the high half from a 128-bit product, the low one by a plain multiply: GCC keeps both
       in registers so (a 128-bit value carried round the draw loop went to the stack) */
    uint64_t high = (uint64_t)(((unsigned __int128)*x * n) >> 64);
    *x *= n;
    return high;
#endif
}

/* The swaps of draws from .. to - 1 for the word x; returns the last remainder. */
static inline uint64_t draw_swaps(uint8_t *deck, int from, int to, int nrest, uint64_t x)
{
    uint8_t *d = deck + from; /* d[0] is deck[i], swapped with d[digit] */
    for (uint64_t n = (uint64_t)(nrest - from), left = (uint64_t)(to - from); left; left--) {
        uint64_t m = draw_digit(&x, n);
        uint8_t t = d[0];
        d[0] = d[m];
        d[m] = t;
        d++;
        n--;
    }
    return x;
}

/* Draw group g, draws from .. g->end - 1: swaps for words from word(state) until a word is
   accepted. (The word source is a parameter for the tests; the sampler's, a static function,
   is inlined.) */
static inline void draw_group(uint8_t *deck, int from, const draw_group_t *g, int nrest,
                              uint64_t (*word)(void *), void *state)
{
    while (draw_swaps(deck, from, g->end, nrest, word(state)) < g->reject)
        ;
}

#endif

/*
 * Private: the random generators of the sampling code, in one place so that equity_sample.c
 * and range_equity.c draw the same streams from the same seeds.
 *
 * splitmix64 turns (seed, counter) into well-mixed words: it seeds the other generator and
 * makes per-block and per-combination seeds, so every block of a run is reproducible on its
 * own whichever thread plays it. xoshiro256** is the generator the deals are drawn from: four
 * words of state, a few cycles a word, and no weakness in the bits the draws use.
 */
#ifndef SF_PRIVATE_RNG_H
#define SF_PRIVATE_RNG_H

#include <stdint.h>

/* splitmix64: the next word of the sequence whose state is *x. */
static inline uint64_t sf__splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* xoshiro256**: seed all four words with sf__splitmix64 (never all zero). */
typedef struct sf__xoshiro {
    uint64_t s[4];
} sf__xoshiro;

static inline uint64_t sf__rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t sf__xoshiro_next(sf__xoshiro *r)
{
    uint64_t *s = r->s;
    uint64_t result = sf__rotl64(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = sf__rotl64(s[3], 45);
    return result;
}

#endif

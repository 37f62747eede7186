/*
 * stud_fast/shuffle.h -- the deck's shuffle (docs/rules.md E4), the same permutation in every
 * language that links the core.
 *
 * A hand's order comes from 48 random bytes (a BLAKE2b-384 hash of a seed, or the OS's secure
 * source): read big-endian as one 384-bit number B, they drive a Fisher-Yates shuffle whose
 * swap for position i = n-1 .. 1 is with position j = the next digit of B in radix i + 1
 * (B's digits in the mixed radix n, n-1, ..., 2, least significant first). 52! < 2^226, so the
 * bias against a uniform permutation is below 2^-158. The digits are taken a group of radices
 * at a time: the positions from n-1 down, cut before a radix that would take the group's
 * product to 2^30 or more; a group's digits are the remainder of B by that product (then B is
 * divided by it), which gives the same digits as taking them one by one.
 */
#ifndef STUD_FAST_SHUFFLE_H
#define STUD_FAST_SHUFFLE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most cards sf_shuffle() takes. */
#define SF_SHUFFLE_MAX 64
/* Bytes of randomness a shuffle reads. */
#define SF_SHUFFLE_BYTES 48

/*
 * Shuffles cards[0 .. n-1] in place by the SF_SHUFFLE_BYTES (48) bytes at source. Returns 0,
 * or -1 when n is not 0 to SF_SHUFFLE_MAX (cards is then unchanged).
 */
int sf_shuffle(uint8_t *cards, int n, const uint8_t *source);

#ifdef __cplusplus
}
#endif
#endif

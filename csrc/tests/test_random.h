/*
 * The C tests' random numbers: a xorshift64 generator with a fixed start, so that every run
 * draws the same spots.
 */
#ifndef SF_TESTS_TEST_RANDOM_H
#define SF_TESTS_TEST_RANDOM_H

#include <stdint.h>

static uint64_t draw_state = 0x9E3779B97F4A7C15ULL;

/* A number from 0 to n - 1. */
static unsigned draw(unsigned n)
{
    draw_state ^= draw_state << 13;
    draw_state ^= draw_state >> 7;
    draw_state ^= draw_state << 17;
    return (unsigned)(draw_state % n);
}

#endif

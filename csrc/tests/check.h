/*
 * The C tests' one assertion: CHECK(condition, printf-style message...) counts a failure and
 * says where, and the test goes on, so one run reports every broken case; main() returns
 * failures != 0.
 */
#ifndef SF_TESTS_CHECK_H
#define SF_TESTS_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                                    \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            failures++;                                                                     \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                            \
            fprintf(stderr, __VA_ARGS__);                                                   \
            fputc('\n', stderr);                                                            \
        }                                                                                   \
    } while (0)

#endif

/*
 * Private: what the batch loops share -- the first-error bookkeeping, the portable loop (so
 * the tests can hold it to the same answers as the loop sf_eval_batch picks), and the vector
 * kernel (batch_avx2.c, built for AVX2 and again for AVX-512 by batch_avx512.c).
 */
#ifndef SF_PRIVATE_BATCH_H
#define SF_PRIVATE_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "hand_checks.h"
#include "stud_fast/eval.h"

/* The first error of a batch, in hand order. */
typedef struct sf__batch_error {
    int status;
    size_t hand;
} sf__batch_error;

static inline void sf__note_error(sf__batch_error *err, int problem, size_t hand)
{
    if (err->status == SF_OK) {
        err->status = problem;
        err->hand = hand;
    }
}

int sf__eval_batch_portable(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                            sf_value *out, size_t *bad_hand);

/*
 * The vector kernel over the leading hands of a batch: returns how many it evaluated (a
 * multiple of 8; the rest is left to the portable loop). The AVX-512 build where the CPU has
 * AVX-512 VL/BW/DQ, else the AVX2 build; 0 on CPUs without AVX2, on compilers without the
 * intrinsics, or when the environment asks for the portable loop. The environment caps the
 * choice, so the tests can run every path: STUD_FAST_ISA=avx2 (the AVX2 build at most),
 * STUD_FAST_ISA=portable or STUD_FAST_PORTABLE set to anything but "" or "0" (the portable
 * loop). Checked: values, and errors noted in *err as sf_eval_batch reports them. Unchecked
 * (err NULL): sf_eval_batch_trusted's values.
 */
size_t sf__batch_vector(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                        sf_value *out, sf__batch_error *err);

/* The AVX-512 build of the kernel (batch_avx512.c); call only where the CPU has it. */
size_t sf__batch_avx512(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                        sf_value *out, sf__batch_error *err);

#endif

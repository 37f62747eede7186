/*
 * Private: what the batch loops share -- the first-error bookkeeping, the portable loop (so
 * the tests can hold it to the same answers as the loop sf_eval_batch picks), and the vector
 * kernel (batch_kernel.h, built for AVX2 by batch_avx2.c and for AVX-512 by batch_avx512.c;
 * batch.c chooses between them).
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

/* The vector kernels exist on x86-64 with GCC or Clang (target attributes and intrinsics). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define SF__X86_KERNELS 1
#else
#define SF__X86_KERNELS 0
#endif

#if SF__X86_KERNELS
/*
 * The vector kernel over the leading hands of a batch (batch_kernel.h): returns how many it
 * evaluated (a multiple of 8; the rest is left to the portable loop). Checked: values, and
 * errors noted in *err as sf_eval_batch reports them. Unchecked (err NULL):
 * sf_eval_batch_trusted's values. Call each only where the CPU has its instructions (batch.c).
 */
size_t sf__batch_avx2(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                      sf_value *out, sf__batch_error *err);
size_t sf__batch_avx512(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                        sf_value *out, sf__batch_error *err);
#endif

#endif

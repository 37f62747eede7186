/*
 * Private: the batch loop without the CPU dispatch, so that the tests can hold the portable
 * loop to the same answers (values, first error, its hand) as the loop sf_eval_batch picks.
 */
#ifndef SF_PRIVATE_BATCH_H
#define SF_PRIVATE_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "stud_fast/eval.h"

int sf__eval_batch_portable(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                            sf_value *out, size_t *bad_hand);

#endif

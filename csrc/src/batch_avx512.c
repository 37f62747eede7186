/*
 * The batch kernel (batch_kernel.h) built a second time, for AVX-512 (VL, BW, DQ) at 256 bits:
 * one source, two builds; batch.c picks this one on CPUs that have it. Why it is faster there
 * is said at the top of batch_kernel.h.
 */
#define SF_BATCH_AVX512
#define SF__BATCH_ENTRY sf__batch_avx512
#include "batch_kernel.h"

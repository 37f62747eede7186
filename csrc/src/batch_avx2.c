/*
 * The batch kernel (batch_kernel.h) built for AVX2: what batch.c runs on x86-64 CPUs that have
 * AVX2 but not AVX-512 VL/BW/DQ.
 */
#define SF__BATCH_ENTRY sf__batch_avx2
#include "batch_kernel.h"

/*
 * The batch kernel of batch_avx2.c compiled a second time, for AVX-512 (VL, BW, DQ) at 256
 * bits: one source, two builds; batch_avx2.c's sf__batch_vector picks this one on CPUs that
 * have it. Why it is faster there is said at the top of batch_avx2.c.
 */
#define SF_BATCH_AVX512
#include "batch_avx2.c"

/*
 * stud_fast batch evaluation over a C-contiguous [nhands][k] byte array: sf_eval_batch (checked),
 * sf_eval_batch_threads (the same over threads) and sf_eval_batch_trusted (unchecked).
 *
 * In sf_eval_batch every hand is validated, so the loop does two jobs: the lookup (sum the card
 * keys, hash, load the value) and the checks (no id above 52, no card outside the deck, no
 * duplicate). On x86-64 CPUs with AVX2 (checked at run time; the library itself is built for
 * the baseline with POPCNT, csrc/CMakeLists.txt) the vector kernel (batch_kernel.h; its AVX-512 build where the CPU has that) does
 * both for eight hands at a time and leaves the last few hands to the portable loop here, which
 * every other CPU and compiler runs on its own. STUD_FAST_ISA=avx2 in the environment caps the
 * kernel at its AVX2 build, STUD_FAST_ISA=portable or STUD_FAST_PORTABLE=1 forces the portable
 * loop everywhere, so the tests can run every path.
 *
 * The portable loop ORs each hand's card bits next to its key sum and compares a popcount with
 * the number of non-joker cards. It writes the suit-blind value of every hand and notes the few
 * hands that need a second look (a possible flush or a bad card).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "hand_checks.h"
#include "keys.h"
#include "parallel.h"
#include "stud_fast/eval.h"

/* Threaded batches cut the hands into slices of whole vector steps, none under this size. */
#define BATCH_ALIGN 8
#define BATCH_MIN_SLICE 16384

/*
 * The portable loop, specialised per hand size so the card loop unrolls. Marking is
 * branch-free: with wild cards half the hands may need the second look.
 */
static inline void portable_k(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                              sf_value *out, sf__batch_error *err)
{
    enum { CHUNK = 1024 };
    uint32_t marked[CHUNK];
    uint64_t marked_key[CHUNK], marked_bits[CHUNK];
    for (size_t start = 0; start < nhands; start += CHUNK) {
        size_t end = nhands - start < CHUNK ? nhands : start + CHUNK;
        size_t nmarked = 0;
        for (size_t i = start; i < end; i++) {
            const uint8_t *h = hands + i * (size_t)k;
            uint64_t key, bits;
            SF__SUM_HAND(ev, h, k, key, bits);
            out[i] = sf__suit_blind(ev, key);
            uint64_t odd = (key & (SF__FLUSH_FLAGS | SF__BAD_FIELD)) |
                           ((uint64_t)SF_POPCOUNT64(bits) ^ (key >> SF__NATURAL_SHIFT));
            marked[nmarked] = (uint32_t)(i - start);
            marked_key[nmarked] = key;
            marked_bits[nmarked] = bits;
            nmarked += odd != 0;
        }
        for (size_t m = 0; m < nmarked; m++) {
            size_t i = start + marked[m];
            uint64_t key = marked_key[m], bits = marked_bits[m];
            int problem = sf__hand_problem(key, bits, k, hands + i * (size_t)k);
            if (SF_LIKELY(problem == SF_OK)) {
                out[i] = sf_hand_flush_value(ev, key, bits, out[i]);
            } else {
                out[i] = 0;
                sf__note_error(err, problem, i);
            }
        }
    }
}

static void portable(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                     sf_value *out, sf__batch_error *err)
{
    switch (k) {
    case 1: portable_k(ev, hands, nhands, 1, out, err); break;
    case 2: portable_k(ev, hands, nhands, 2, out, err); break;
    case 3: portable_k(ev, hands, nhands, 3, out, err); break;
    case 4: portable_k(ev, hands, nhands, 4, out, err); break;
    case 5: portable_k(ev, hands, nhands, 5, out, err); break;
    case 6: portable_k(ev, hands, nhands, 6, out, err); break;
    default: portable_k(ev, hands, nhands, 7, out, err); break;
    }
}

/* ---- which kernel ------------------------------------------------------------------------ */

enum { ISA_PORTABLE, ISA_AVX2, ISA_AVX512 };

/* The best kernel this CPU runs, capped by the environment (STUD_FAST_ISA=avx2 or portable,
   or STUD_FAST_PORTABLE set to anything but "" or "0"), so the tests can run every path. */
static int batch_isa(void)
{
#if SF__X86_KERNELS
    static int known = -1; /* every thread computes the same answer, so a race is harmless */
    int isa = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (isa < 0) {
        __builtin_cpu_init();
        isa = ISA_PORTABLE;
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) {
            isa = ISA_AVX2;
            /* the CPU check includes the operating system's saving of the AVX-512 state */
            if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
                isa = ISA_AVX512;
        }
        const char *cap = getenv("STUD_FAST_ISA"), *portable = getenv("STUD_FAST_PORTABLE");
        if ((cap && strcmp(cap, "portable") == 0) ||
            (portable && portable[0] && strcmp(portable, "0") != 0))
            isa = ISA_PORTABLE;
        else if (cap && strcmp(cap, "avx2") == 0 && isa > ISA_AVX2)
            isa = ISA_AVX2;
        __atomic_store_n(&known, isa, __ATOMIC_RELAXED);
    }
    return isa;
#else
    return ISA_PORTABLE;
#endif
}

const char *sf_batch_kernel(void)
{
    static const char *const names[] = {"portable", "avx2", "avx512"};
    return names[batch_isa()];
}

/* The vector kernel over the leading hands: how many it evaluated (0: none runs here). */
static size_t batch_vector(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                           sf_value *out, sf__batch_error *err)
{
    if (nhands < 16 || k < 1 || k > 7)
        return 0;
    switch (batch_isa()) {
#if SF__X86_KERNELS
    case ISA_AVX512: return sf__batch_avx512(ev, hands, nhands, k, out, err);
    case ISA_AVX2: return sf__batch_avx2(ev, hands, nhands, k, out, err);
#endif
    default: (void)ev, (void)hands, (void)out, (void)err; return 0;
    }
}

/* ---- the loops ----------------------------------------------------------------------------- */

static int check_args(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                      const sf_value *out)
{
    if (!ev || (nhands && (!hands || !out)))
        return SF_E_ARGUMENT;
    if (k < 1 || k > 7)
        return SF_E_COUNT;
    return SF_OK;
}

/* Both entry points: the vector blocks first when allowed, the portable loop for the rest. */
static int run_batch(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                     sf_value *out, size_t *bad_hand, int vector)
{
    int status = check_args(ev, hands, nhands, k, out);
    if (status != SF_OK)
        return status;
    sf__batch_error err = {SF_OK, 0};
    size_t done = vector ? batch_vector(ev, hands, nhands, k, out, &err) : 0;
    if (done < nhands) {
        sf__batch_error tail = {SF_OK, 0};
        portable(ev, hands + done * (size_t)k, nhands - done, k, out + done, &tail);
        if (tail.status != SF_OK)
            sf__note_error(&err, tail.status, done + tail.hand);
    }
    if (err.status != SF_OK && bad_hand)
        *bad_hand = err.hand;
    return err.status;
}

int sf_eval_batch(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                  sf_value *out, size_t *bad_hand)
{
    return run_batch(ev, hands, nhands, k, out, bad_hand, 1);
}

int sf__eval_batch_portable(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                            sf_value *out, size_t *bad_hand)
{
    return run_batch(ev, hands, nhands, k, out, bad_hand, 0);
}

/* The unchecked loop, specialised per hand size like the portable one. */
static inline void trusted_k(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                             sf_value *out)
{
    for (size_t i = 0; i < nhands; i++)
        out[i] = sf_eval_trusted(ev, hands + i * (size_t)k, k);
}

void sf_eval_batch_trusted(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                           sf_value *out)
{
    if (check_args(ev, hands, nhands, k, out) != SF_OK)
        return;
    size_t done = batch_vector(ev, hands, nhands, k, out, NULL);
    hands += done * (size_t)k;
    out += done;
    nhands -= done;
    switch (k) {
    case 1: trusted_k(ev, hands, nhands, 1, out); break;
    case 2: trusted_k(ev, hands, nhands, 2, out); break;
    case 3: trusted_k(ev, hands, nhands, 3, out); break;
    case 4: trusted_k(ev, hands, nhands, 4, out); break;
    case 5: trusted_k(ev, hands, nhands, 5, out); break;
    case 6: trusted_k(ev, hands, nhands, 6, out); break;
    default: trusted_k(ev, hands, nhands, 7, out); break;
    }
}

/* ---- threads ------------------------------------------------------------------------------ */

/* One thread's share of a batch: a contiguous run of hands and its own first error. */
typedef struct slice {
    const sf_evaluator *ev;
    const uint8_t *hands;
    size_t nhands;
    int k;
    sf_value *out;
    int status;
    size_t bad_hand;
} slice_t;

static void run_slice(void *arg)
{
    slice_t *s = arg;
    s->status = sf_eval_batch(s->ev, s->hands, s->nhands, s->k, s->out, &s->bad_hand);
}

int sf_eval_batch_threads(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                          sf_value *out, size_t *bad_hand, int threads)
{
    int status = check_args(ev, hands, nhands, k, out);
    if (status != SF_OK)
        return status;
    if (threads > SF__MAX_THREADS)
        threads = SF__MAX_THREADS;
    if (threads < 1)
        threads = 1;
    /* whole vector blocks per slice, and never a slice too small to pay for its thread */
    size_t per = (nhands + (size_t)threads - 1) / (size_t)threads;
    per = (per + BATCH_ALIGN - 1) / BATCH_ALIGN * BATCH_ALIGN;
    if (per < BATCH_MIN_SLICE)
        per = BATCH_MIN_SLICE;
    int count = (int)((nhands + per - 1) / per);
    if (count <= 1)
        return sf_eval_batch(ev, hands, nhands, k, out, bad_hand);
    slice_t slices[SF__MAX_THREADS];
    for (int i = 0; i < count; i++) {
        size_t first = (size_t)i * per;
        size_t n = nhands - first < per ? nhands - first : per;
        slices[i] = (slice_t){ev, hands + first * (size_t)k, n, k, out + first, SF_OK, 0};
    }
    sf__run_parallel(slices, sizeof *slices, count, run_slice);
    for (int i = 0; i < count; i++)
        if (slices[i].status != SF_OK) {
            if (bad_hand)
                *bad_hand = (size_t)i * per + slices[i].bad_hand;
            return slices[i].status;
        }
    return SF_OK;
}

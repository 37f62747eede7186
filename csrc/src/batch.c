/*
 * stud_fast batch evaluation over a C-contiguous [nhands][k] byte array: sf_eval_batch (checked),
 * sf_eval_batch_threads (the same over threads) and sf_eval_batch_trusted (unchecked).
 *
 * In sf_eval_batch every hand is validated, so the loop does two jobs: the lookup (sum the card keys, hash,
 * load the value) and the checks (no id above 52, no card outside the deck, no duplicate).
 * The key sum already flags bad ids and possible flushes; duplicates need the card set.
 *
 * Two loops do this. The portable loop ORs each hand's card bits next to its key sum and
 * compares a popcount with the number of non-joker cards. On x86-64 CPUs with AVX2 (checked at
 * run time, the library itself is built for the baseline) the duplicate check moves into
 * vector registers instead: a block of 32 hands is k 32-byte vectors, and comparing the bytes
 * with the same bytes shifted by 1 to k-1 positions, masked to the pairs that share a hand,
 * finds any repeated card of the block in a few instructions per hand. That leaves the scalar
 * loop exactly as short as the unchecked sf_eval_trusted. Either loop writes the suit-blind
 * value of every hand and notes the few hands that need a second look (a possible flush or a
 * bad card); a block with a duplicate is settled hand by hand by the checked scalar path.
 */
#include <stddef.h>
#include <stdint.h>

#include "batch.h"
#include "hand_checks.h"
#include "keys.h"
#include "parallel.h"
#include "stud_fast/eval.h"

/* Threaded batches cut the hands into slices of whole vector blocks, none under this size. */
#define BATCH_ALIGN 32
#define BATCH_MIN_SLICE 16384

/* The first error of a batch, in hand order. */
typedef struct batch_error {
    int status;
    size_t hand;
} batch_error;

static void note_error(batch_error *err, int problem, size_t hand)
{
    if (err->status == SF_OK) {
        err->status = problem;
        err->hand = hand;
    }
}

/* The checked path for one hand (sf_eval): its value, or 0 and an error. */
static void settle_hand(const sf_evaluator *ev, const uint8_t *h, int k, sf_value *out,
                        batch_error *err, size_t hand)
{
    int problem = sf_eval(ev, h, k, out);
    if (SF_UNLIKELY(problem != SF_OK)) {
        *out = 0;
        note_error(err, problem, hand);
    }
}

/*
 * The portable loop, specialised per hand size so the card loop unrolls. Marking is
 * branch-free: with wild cards half the hands may need the second look.
 */
static inline void portable_k(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                              sf_value *out, batch_error *err)
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
                note_error(err, problem, i);
            }
        }
    }
}

static void portable(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                     sf_value *out, batch_error *err)
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

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define SF_HAVE_AVX2_LOOP 1
#include <immintrin.h>

enum { BLOCK = 32 }; /* hands per block: k vectors of 32 bytes */

/*
 * The blocks of the AVX2 loop; returns how many hands it settled (a multiple of BLOCK). The
 * shifted loads read up to k-1 bytes past a block, so the last block is left to the portable
 * loop whenever that would cross the end of the array.
 */
__attribute__((target("avx2,popcnt"), always_inline)) static inline size_t
avx2_blocks_k(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k, sf_value *out,
              batch_error *err)
{
    size_t bytes = nhands * (size_t)k;
    size_t nblocks = bytes >= (size_t)(k - 1) ? (bytes - (size_t)(k - 1)) / (BLOCK * (size_t)k) : 0;
    if (nblocks == 0)
        return 0;
    /* same[v][d-1]: the bytes of vector v whose partner d bytes later is in the same hand */
    __m256i same[7][6];
    for (int v = 0; v < k; v++)
        for (int d = 1; d < k; d++) {
            uint8_t m[32];
            for (int j = 0; j < 32; j++)
                m[j] = (uint8_t)(((32 * v + j) % k + d < k) ? 0xff : 0);
            same[v][d - 1] = _mm256_loadu_si256((const __m256i *)m);
        }
    const __m256i joker = _mm256_set1_epi8((char)SF_JOKER);
    const uint64_t *keys = ev->key;
    for (size_t blk = 0; blk < nblocks; blk++) {
        const uint8_t *p = hands + blk * BLOCK * (size_t)k;
        /* a card equal to a later card of its hand, jokers excepted (they may repeat) */
        __m256i dup = _mm256_setzero_si256();
        for (int v = 0; v < k; v++) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(p + 32 * v));
            __m256i eq = _mm256_setzero_si256();
            for (int d = 1; d < k; d++) {
                __m256i b = _mm256_loadu_si256((const __m256i *)(p + 32 * v + d));
                eq = _mm256_or_si256(eq, _mm256_and_si256(_mm256_cmpeq_epi8(a, b), same[v][d - 1]));
            }
            dup = _mm256_or_si256(dup, _mm256_andnot_si256(_mm256_cmpeq_epi8(a, joker), eq));
        }
        size_t first = blk * BLOCK;
        uint32_t marked[BLOCK];
        uint64_t marked_key[BLOCK];
        size_t nmarked = 0;
        for (int j = 0; j < BLOCK; j++) {
            const uint8_t *h = p + j * k;
            uint64_t key = SF_HAND_KEY_BASE;
            for (int c = 0; c < k; c++)
                key += keys[h[c]];
            out[first + (size_t)j] = sf__suit_blind(ev, key);
            marked[nmarked] = (uint32_t)j;
            marked_key[nmarked] = key;
            nmarked += (key & (SF__FLUSH_FLAGS | SF__BAD_FIELD)) != 0;
        }
        if (SF_UNLIKELY(!_mm256_testz_si256(dup, dup))) {
            for (int j = 0; j < BLOCK; j++)
                settle_hand(ev, p + j * k, k, &out[first + (size_t)j], err, first + (size_t)j);
            continue;
        }
        for (size_t m = 0; m < nmarked; m++) {
            size_t i = first + marked[m];
            const uint8_t *h = p + marked[m] * (size_t)k;
            if (marked_key[m] & SF__BAD_FIELD)
                settle_hand(ev, h, k, &out[i], err, i);
            else
                out[i] = sf__cards_flush_value(ev, h, k, marked_key[m], out[i]);
        }
    }
    return nblocks * BLOCK;
}

__attribute__((target("avx2,popcnt"))) static size_t avx2_blocks(const sf_evaluator *ev,
                                                                 const uint8_t *hands,
                                                                 size_t nhands, int k,
                                                                 sf_value *out, batch_error *err)
{
    switch (k) {
    case 2: return avx2_blocks_k(ev, hands, nhands, 2, out, err);
    case 3: return avx2_blocks_k(ev, hands, nhands, 3, out, err);
    case 4: return avx2_blocks_k(ev, hands, nhands, 4, out, err);
    case 5: return avx2_blocks_k(ev, hands, nhands, 5, out, err);
    case 6: return avx2_blocks_k(ev, hands, nhands, 6, out, err);
    case 7: return avx2_blocks_k(ev, hands, nhands, 7, out, err);
    default: return 0; /* one card cannot repeat: the portable loop has nothing to save */
    }
}

static int cpu_has_avx2(void)
{
    static int known = -1; /* every thread computes the same answer, so a race is harmless */
    int has = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (has < 0) {
        __builtin_cpu_init();
        has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
        __atomic_store_n(&known, has, __ATOMIC_RELAXED);
    }
    return has;
}
#endif

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
    batch_error err = {SF_OK, 0};
    size_t done = 0;
#ifdef SF_HAVE_AVX2_LOOP
    if (vector && cpu_has_avx2())
        done = avx2_blocks(ev, hands, nhands, k, out, &err);
#else
    (void)vector;
#endif
    if (done < nhands) {
        batch_error tail = {SF_OK, 0};
        portable(ev, hands + done * (size_t)k, nhands - done, k, out + done, &tail);
        if (tail.status != SF_OK)
            note_error(&err, tail.status, done + tail.hand);
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

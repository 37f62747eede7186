/*
 * Private: the body of the vector batch kernel, eight hands per step, four to a 256-bit
 * register. Included once per instruction set by batch_avx2.c and batch_avx512.c, each of which
 * names the entry point it defines (SF__BATCH_ENTRY, declared in batch.h); batch.c picks one at
 * run time. Nothing in here is compiled off x86-64 GCC/Clang (batch.h, SF__X86_KERNELS).
 *
 * Why it is shaped this way (see docs/internals.md for the instruction budget): the scalar loop
 * spends two instructions per card (a byte load and a 64-bit key add) and then checks the hand
 * with a popcount, so a 7-card hand costs some 25 instructions before its two table loads.
 * Gathers do not help with the cards (on current x86 cores a gathered element costs about as
 * much as a scalar load), but the card keys have a structure that byte shuffles can use:
 *
 *   - a card's rank-key contribution depends only on its rank (id >> 2, 0..13 with the joker)
 *     and fits in 3 bytes, so three 16-entry PSHUFB tables give its bytes for 32 cards at once,
 *     and PSADBW adds them up per hand once every hand sits in its own 8-byte group;
 *   - suit counting is one more PSHUFB per half (two 4-bit counters per byte, wild cards
 *     counting in every suit) and PSADBW; each counter starts at 3 (the first pad of a group
 *     counts 3 in every suit), which sets bit 3 exactly when a suit plus the wild cards reaches
 *     five, the same test the scalar key makes;
 *   - validation is folded in: ids above 52 by a saturating subtract, cards outside the deck by
 *     a flag byte of the rank table, duplicates by comparing each hand's cards with their own
 *     rotations by 1 and 3 and those two with each other (jokers first replaced by distinct
 *     bytes, since they may repeat). Pads fill each group to 8 bytes with distinct ids (none a
 *     card) so they never match anything.
 *
 * The sums are then looked up by scalar loads (row displacement, see eval.h). A hand that is
 * flagged -- a possible flush, a bad id or card, a duplicate -- gets a second look. Where a
 * chunk of hands may hold an error, that look is scalar, with sf_eval's own checks; the flags
 * are a superset of the real problems, so the scalar checks decide the status and the error
 * order exactly as the portable loop does. Where it cannot (the usual case), the flagged hands
 * are possible flushes, and their card sets are built four at a time in vector registers.
 *
 * The library is built for the x86-64 baseline (csrc/CMakeLists.txt): the kernel functions carry
 * target attributes and run only after batch.c's CPU check. The body is compiled twice: for
 * AVX2 (batch_avx2.c), and for AVX-512 VL/BW/DQ at the same 256-bit width (batch_avx512.c,
 * SF_BATCH_AVX512 defined). The source is the same; what the compiler gains is 32 vector registers (the
 * constants stay in registers instead of being spilled and reloaded), ternary logic for chains
 * of ANDs and ORs, and compares into mask registers: fewer instructions a step, on a loop bound
 * by issue (docs/internals.md). 512-bit vectors would split into halves on Zen 4 and lower the
 * clock on older Intel cores, so the width stays at 256 bits.
 */
#ifndef SF__BATCH_ENTRY
#error "define SF__BATCH_ENTRY (the kernel's entry point) before including batch_kernel.h"
#endif

#include <string.h>

#include "batch.h"
#include "keys.h"
#include "stud_fast/eval.h"

#if SF__X86_KERNELS
#include <immintrin.h>

#ifdef SF_BATCH_AVX512
#define SF_TARGET "avx2,popcnt,avx512f,avx512vl,avx512bw,avx512dq"
#else
#define SF_TARGET "avx2,popcnt"
#endif
#define SF_KERNEL __attribute__((target(SF_TARGET)))
#define SF_KERNEL_INLINE __attribute__((target(SF_TARGET), always_inline)) static inline

/* The per-call constants: byte tables (the same 16 bytes in both lanes) and shuffles. */
typedef struct kernel_consts {
    __m256i rank0, rank1, rank2; /* bytes 0..2 of the rank-key contribution, by id >> 2 */
    __m256i flags;               /* by id >> 2: WILD, OFF_DECK, or PAD for the pad ids */
    __m256i suits_lo, suits_hi;  /* by class: counters of suits 0, 1 and of suits 2, 3 */
    __m256i spread;              /* two hands of k bytes per lane -> two 8-byte groups */
    __m256i pad;                 /* pad ids at the group positions k..7 */
    __m256i joker_ids;           /* what a joker becomes for the duplicate test: 0xc0 + j */
    __m256i rot1, rot3;          /* each hand's cards rotated by 1 and by 3 */
    __m256i bit_lo, bit_hi;      /* by id >> 2: a natural rank's bit in its suit's 16 bits */
    __m256i wild_one;            /* by id >> 2: 1 for a wild card */
    __m256i tail;                /* 0xff past the k cards of a 64-bit lane */
    uint32_t lut[16];            /* by a 4-bit mask: the offsets of its bits, one per byte */
} kernel_consts;

/* Flag bytes; a card's suit class is (id & 3) | flag, so WILD and PAD select classes 4..11. */
enum { WILD = 0x04, PAD = 0x08, OFF_DECK = 0x40 };

/*
 * Pad ids: all above 52 (so no card, and never a duplicate of one), all distinct, all with
 * (id >> 2) & 15 == 15, the rank-table entry that is zero and flags PAD. The first pad of a
 * group (id & 3 == 1, class PAD + 1) carries the suit counters' bias of 3; the others (id & 3
 * != 1) count nothing. Every group has a first pad: hands hold at most 7 cards.
 */
static const uint8_t pad_ids[8] = {189, 190, 191, 252, 254, 255, 60, 0};

/* Fill the constants for an evaluator and hand length; 0 if the key layout does not fit. */
SF_KERNEL static int build_consts(const sf_evaluator *ev, int k, kernel_consts *c)
{
    uint8_t rank[3][16] = {{0}}, flags[16] = {0}, lo[16] = {0}, hi[16] = {0};
    uint8_t bit_lo[16] = {0}, bit_hi[16] = {0}, wild_one[16] = {0};
    for (int r = 0; r < 14; r++) {
        uint64_t key = ev->key[r < SF_NUM_RANKS ? 4 * r : SF_JOKER];
        uint32_t sum = (uint32_t)(key & SF__RANK_SUM_MASK);
        if (sum >> 24)
            return 0; /* PSADBW adds bytes: three per card must hold every rank key */
        for (int b = 0; b < 3; b++)
            rank[b][r] = (uint8_t)(sum >> (8 * b));
        if (SF__FIELD(key, SF__WILDS_SHIFT)) {
            flags[r] = WILD;
            wild_one[r] = 1;
        }
        if (key & SF__BAD_FIELD)
            flags[r] = OFF_DECK;
        /* the natural bits of sf_hand.bits: none for wild cards and cards outside the deck */
        uint64_t bit = r < SF_NUM_RANKS ? ev->bit[4 * r] & ev->natural_bits : 0;
        bit_lo[r] = (uint8_t)bit;
        bit_hi[r] = (uint8_t)(bit >> 8);
    }
    flags[14] = 0; /* ids 56..59: caught by the id check */
    flags[15] = PAD;
    /* class = (id & 3) | flags: natural suits 0..3, wild 4..7, pads 8..11 */
    for (int s = 0; s < 4; s++) {
        lo[s] = s == 0 ? 0x01 : s == 1 ? 0x10 : 0;
        hi[s] = s == 2 ? 0x01 : s == 3 ? 0x10 : 0;
        lo[WILD + s] = hi[WILD + s] = 0x11;
    }
    lo[PAD + 1] = hi[PAD + 1] = 0x33;
    uint8_t spread[32], pad[32], joker_ids[32], rot1[32], rot3[32], tail[32];
    for (int lane = 0; lane < 2; lane++)
        for (int g = 0; g < 2; g++)
            for (int j = 0; j < 8; j++) {
                int at = 16 * lane + 8 * g + j;
                spread[at] = j < k ? (uint8_t)(g * k + j) : 0x80;
                pad[at] = j < k ? 0 : pad_ids[j - k];
                joker_ids[at] = (uint8_t)(0xc0 + j);
                tail[at] = j < k ? 0 : 0xff;
                rot1[at] = rot3[at] = 0x80;
                if (j < k) {
                    /* card j meets cards j + 1 and j + 3, and those two meet each other
                       (j + 1 and j + 3 are two apart): every pair of a k-cycle, k <= 7. Where
                       that would be the card itself or the same card twice (k <= 3), a pad
                       stands in: slots 6 and 7 are pads then, with ids unlike any other byte. */
                    int n1 = (j + 1) % k, n3 = (j + 3) % k;
                    rot1[at] = (uint8_t)(8 * g + (n1 != j ? n1 : 7));
                    rot3[at] = (uint8_t)(8 * g + (n3 != j && n3 != n1 ? n3 : 6));
                } else if (k >= 2) {
                    /* a pad meets nothing like itself; cards 0 and 1 meet each other */
                    rot1[at] = (uint8_t)(8 * g + 1);
                    rot3[at] = (uint8_t)(8 * g);
                } else {
                    rot1[at] = (uint8_t)(8 * g + (j == 7 ? 6 : 7)); /* another pad, and 0 */
                }
            }
    c->rank0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)rank[0]));
    c->rank1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)rank[1]));
    c->rank2 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)rank[2]));
    c->flags = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)flags));
    c->suits_lo = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)lo));
    c->suits_hi = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)hi));
    c->spread = _mm256_loadu_si256((const __m256i *)spread);
    c->pad = _mm256_loadu_si256((const __m256i *)pad);
    c->joker_ids = _mm256_loadu_si256((const __m256i *)joker_ids);
    c->rot1 = _mm256_loadu_si256((const __m256i *)rot1);
    c->rot3 = _mm256_loadu_si256((const __m256i *)rot3);
    c->bit_lo = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)bit_lo));
    c->bit_hi = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)bit_hi));
    c->wild_one = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)wild_one));
    c->tail = _mm256_loadu_si256((const __m256i *)tail);
    for (unsigned m = 0; m < 16; m++) {
        uint32_t offsets = 0;
        for (unsigned bit = 0, n = 0; bit < 4; bit++)
            if (m >> bit & 1)
                offsets |= bit << (8 * n++);
        c->lut[m] = offsets;
    }
    return 1;
}

/* Four hands starting at p (k bytes each), one to a 64-bit lane, padded; *odd flags ids above
   52 (checked only). Reads 2k + 16 bytes from p. */
SF_KERNEL_INLINE __m256i load_four(const kernel_consts *c, const uint8_t *p, int k, int checked,
                                   __m256i *odd)
{
    __m256i raw = _mm256_loadu2_m128i((const __m128i *)(p + 2 * k), (const __m128i *)p);
    __m256i x = _mm256_shuffle_epi8(raw, c->spread); /* pads are 0 here */
    *odd = checked ? _mm256_subs_epu8(x, _mm256_set1_epi8((char)SF_JOKER)) : _mm256_setzero_si256();
    return _mm256_or_si256(x, c->pad);
}

/* One byte of the rank keys summed per hand, for eight hands: PSADBW leaves each sum in the
   low 16 bits of a 64-bit lane, PACKUSDW packs two registers of them within 128-bit lanes, so
   the hands come out in the order 0 1 4 5 2 3 6 7. */
SF_KERNEL_INLINE __m256i key_byte(__m256i table, __m256i idx_a, __m256i idx_b)
{
    const __m256i zero = _mm256_setzero_si256();
    return _mm256_packus_epi32(_mm256_sad_epu8(_mm256_shuffle_epi8(table, idx_a), zero),
                               _mm256_sad_epu8(_mm256_shuffle_epi8(table, idx_b), zero));
}

/* The checks and the flush test of four loaded hands: *look nonzero in the lane of a hand that
   may be invalid (checked only) or may hold a flush, *bad in that of a possibly invalid one. */
SF_KERNEL_INLINE void check_four(const kernel_consts *c, __m256i x, __m256i idx, __m256i odd,
                                 int checked, int suited, __m256i *look, __m256i *bad)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i fl = zero;
    if (checked || suited)
        fl = _mm256_shuffle_epi8(c->flags, idx);
    if (checked) {
        odd = _mm256_or_si256(odd, _mm256_and_si256(fl, _mm256_set1_epi8(OFF_DECK)));
        __m256i y = _mm256_blendv_epi8(x, c->joker_ids,
                                       _mm256_cmpeq_epi8(x, _mm256_set1_epi8((char)SF_JOKER)));
        __m256i y1 = _mm256_shuffle_epi8(y, c->rot1), y3 = _mm256_shuffle_epi8(y, c->rot3);
        __m256i eq = _mm256_or_si256(_mm256_cmpeq_epi8(y, y1), _mm256_cmpeq_epi8(y, y3));
        odd = _mm256_or_si256(odd, _mm256_or_si256(eq, _mm256_cmpeq_epi8(y1, y3)));
    }
    *bad = odd;
    if (suited) {
        __m256i cls = _mm256_or_si256(_mm256_and_si256(x, _mm256_set1_epi8(3)), fl);
        __m256i lo = _mm256_sad_epu8(_mm256_shuffle_epi8(c->suits_lo, cls), zero);
        __m256i hi = _mm256_sad_epu8(_mm256_shuffle_epi8(c->suits_hi, cls), zero);
        odd = _mm256_or_si256(odd, _mm256_and_si256(_mm256_or_si256(lo, hi),
                                                    _mm256_set1_epi64x(0x88)));
    }
    *look = odd;
}

/* Append the hands of a 4-bit mask (offsets base..base+3 in the chunk) to a list, no branch. */
static inline size_t append4(uint8_t *list, size_t n, unsigned mask, unsigned base,
                             const uint32_t lut[16])
{
    uint32_t offsets = lut[mask] + base * 0x01010101u;
    memcpy(list + n, &offsets, 4);
    return n + (size_t)__builtin_popcount(mask);
}

/* The suit-blind values of eight stored sums, stored in the order the kernel packs them. */
static inline void lookup8(const uint32_t *disp, const uint16_t *values, const uint32_t *sums,
                           sf_value *out)
{
    static const int hand[8] = {0, 1, 4, 5, 2, 3, 6, 7};
    for (int j = 0; j < 8; j++) {
        uint32_t sum = sums[j];
        out[hand[j]] = values[sum + disp[sum >> SF__ROW_BITS]];
    }
}

/*
 * The second look of four flagged hands of a chunk known to be valid (or unchecked), without a
 * branch: each hand's card set (sf_hand.bits, natural cards only) and wild count built in
 * vector registers, then the flush table for every suit. The table holds 0 for a suit that is
 * no flush (fewer than five cards with the wilds), so every suit is looked up and no flag is
 * needed; the result is sf__flush_value's. Reads 8 bytes from each hand (the vector steps
 * leave at least 16 - k of them, from the start of each of their hands to the end of the batch).
 */
SF_KERNEL_INLINE void flush4(const kernel_consts *c, const uint16_t *flush_values,
                             const uint8_t *hands, int k, const uint8_t *at, sf_value *out)
{
    const __m256i zero = _mm256_setzero_si256();
    uint64_t q[4];
    for (int j = 0; j < 4; j++)
        memcpy(&q[j], hands + at[j] * (size_t)k, 8);
    __m256i x = _mm256_setr_epi64x((long long)q[0], (long long)q[1], (long long)q[2],
                                   (long long)q[3]);
    x = _mm256_or_si256(x, c->tail); /* id 255: no bit, not wild */
    __m256i idx = _mm256_and_si256(_mm256_srli_epi16(x, 2), _mm256_set1_epi8(0x0f));
    __m256i lo = _mm256_shuffle_epi8(c->bit_lo, idx), hi = _mm256_shuffle_epi8(c->bit_hi, idx);
    __m256i suit = _mm256_and_si256(x, _mm256_set1_epi8(3));
    __m256i set = zero;
    for (int s = 0; s < 4; s++) { /* distinct cards: the sum of their bits is their OR */
        __m256i in = _mm256_cmpeq_epi8(suit, _mm256_set1_epi8((char)s));
        __m256i m = _mm256_add_epi64(
            _mm256_sad_epu8(_mm256_and_si256(lo, in), zero),
            _mm256_slli_epi64(_mm256_sad_epu8(_mm256_and_si256(hi, in), zero), 8));
        set = _mm256_or_si256(set, _mm256_slli_epi64(m, 16 * s));
    }
    /* repeated cards, possible in an unchecked batch, carry past a suit's 13 bits: the mask
       keeps every lookup inside its wild count's row of the table */
    set = _mm256_and_si256(set, _mm256_set1_epi16(0x1fff));
    uint16_t masks[16];
    uint64_t wilds[4];
    _mm256_storeu_si256((__m256i *)masks, set);
    _mm256_storeu_si256((__m256i *)wilds,
                        _mm256_sad_epu8(_mm256_shuffle_epi8(c->wild_one, idx), zero));
    for (int j = 0; j < 4; j++) {
        const uint16_t *table = flush_values + wilds[j] * 8192;
        sf_value v = out[at[j]];
        for (int s = 0; s < 4; s++) {
            sf_value f = table[masks[4 * j + s]];
            v = f > v ? f : v;
        }
        out[at[j]] = v;
    }
}

/* The hands whose 64-bit lane is not zero, as 4 bits. */
SF_KERNEL_INLINE unsigned nonzero_lanes(__m256i v)
{
#ifdef SF_BATCH_AVX512
    return _mm256_test_epi64_mask(v, v); /* one test into a mask register: no zero, no XOR */
#else
    __m256i z = _mm256_cmpeq_epi64(v, _mm256_setzero_si256());
    return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(z)) ^ 15u;
#endif
}

/*
 * The kernel for one hand length and flavour; see batch.h. Chunks of CHUNK hands go
 * through two passes. The vector pass sums and checks eight hands a step, stores the sums,
 * and appends the flagged hands to a list without a branch; the same loop looks the previous
 * step's sums up by scalar loads: independent loads, which the core overlaps better than
 * gathers (on current cores a gather that misses L1 waits for its lines in turn; measured
 * slower here). Then the flagged hands get their second look: in a chunk that may hold an
 * error, the key and card set summed again, sf_eval's checks and the flush table; otherwise
 * flush4 (the suit-blind value is already in place either way).
 */
SF_KERNEL_INLINE size_t kernel(const sf_evaluator *ev, const kernel_consts *c, const uint8_t *hands,
                               size_t nhands, int k, sf_value *out, sf__batch_error *err,
                               int checked, int suited)
{
    enum { CHUNK = 256 };
    /* a step reads 6k + 16 bytes from its first hand (the second four start at 4k) */
    size_t bytes = nhands * (size_t)k, need = 6 * (size_t)k + 16;
    size_t nsteps = bytes >= need ? (bytes - need) / (8 * (size_t)k) + 1 : 0;
    const uint32_t *disp = ev->rank_disp;
    const uint16_t *values = ev->rank_values;
    uint32_t sums[CHUNK];
    uint8_t flagged[CHUNK + 4];
    for (size_t chunk = 0; chunk < nsteps * 8; chunk += CHUNK) {
        size_t end = nsteps * 8 - chunk < CHUNK ? nsteps * 8 : chunk + CHUNK;
        size_t nflagged = 0;
        __m256i bad = _mm256_setzero_si256(); /* any lane that may hold an invalid hand */
        for (size_t first = chunk; first < end; first += 8) {
            const uint8_t *p = hands + first * (size_t)k;
            /* the cards are read once: fetched ahead past L2, so they do not evict the tables
               (an address past the end of the array is harmless to a prefetch) */
            _mm_prefetch((const char *)((uintptr_t)p + 4096), _MM_HINT_NTA);
            __m256i odd_a, odd_b, look_a, look_b, bad_a, bad_b;
            __m256i xa = load_four(c, p, k, checked, &odd_a);
            __m256i xb = load_four(c, p + 4 * k, k, checked, &odd_b);
            const __m256i nib = _mm256_set1_epi8(0x0f);
            __m256i ia = _mm256_and_si256(_mm256_srli_epi16(xa, 2), nib); /* rank indexes */
            __m256i ib = _mm256_and_si256(_mm256_srli_epi16(xb, 2), nib);
            /* the eight rank-key sums first, each key byte for all eight hands at once (fewer
               registers live across the checks than with two sets of four), stored in the
               order PACKUSDW leaves them; lookup8 puts them back in hand order */
            __m256i both = _mm256_add_epi32(
                _mm256_add_epi32(key_byte(c->rank0, ia, ib),
                                 _mm256_slli_epi32(key_byte(c->rank1, ia, ib), 8)),
                _mm256_slli_epi32(key_byte(c->rank2, ia, ib), 16));
            check_four(c, xa, ia, odd_a, checked, suited, &look_a, &bad_a);
            check_four(c, xb, ib, odd_b, checked, suited, &look_b, &bad_b);
            if (checked)
                bad = _mm256_or_si256(bad, _mm256_or_si256(bad_a, bad_b));
            _mm256_storeu_si256((__m256i *)(sums + (first - chunk)), both);
            unsigned at = (unsigned)(first - chunk);
            nflagged = append4(flagged, nflagged, nonzero_lanes(look_a), at, c->lut);
            nflagged = append4(flagged, nflagged, nonzero_lanes(look_b), at + 4, c->lut);
            /* the previous step's lookups, interleaved with this step's vector work so that
               their table loads (L2 latency) overlap it */
            if (first != chunk)
                lookup8(disp, values, sums + (first - 8 - chunk), out + first - 8);
        }
        lookup8(disp, values, sums + (end - 8 - chunk), out + end - 8);
        /* a chunk of valid hands (the usual case) needs no checks in its second looks: four
           hands at a time in vector registers, the list filled to whole fours with its last
           hand (valuing a hand twice gives the same value) */
        int check = checked && !_mm256_testz_si256(bad, bad);
        if (suited && !check) {
            for (size_t m = nflagged; m % 4; m++)
                flagged[m] = flagged[nflagged - 1];
            for (size_t m = 0; m < nflagged; m += 4)
                flush4(c, ev->flush_values, hands + chunk * (size_t)k, k, flagged + m,
                       out + chunk);
            continue;
        }
        for (size_t m = 0; m < nflagged; m++) {
            unsigned at = flagged[m];
            size_t i = chunk + at;
            const uint8_t *h = hands + i * (size_t)k;
            uint64_t key, bits;
            SF__SUM_HAND(ev, h, k, key, bits);
            if (check) { /* the checks of sf_eval, in its order */
                int problem = sf__hand_problem(key, bits, k, h);
                if (SF_UNLIKELY(problem != SF_OK)) {
                    out[i] = 0;
                    sf__note_error(err, problem, i);
                    continue;
                }
            }
            if (!(key & SF__FLUSH_FLAGS)) /* flagged only as a possible error */
                continue;
            /* with wild cards (half the hands then come here) the flush lookup stays inline */
            if (key >> SF__WILDS_SHIFT & 0xf)
                out[i] = sf__flush_value(ev, key, bits, out[i]);
            else
                out[i] = sf__with_flush(ev, key, bits, out[i]);
        }
    }
    return nsteps * 8;
}

#define KERNEL_FOR_K(K)                                                                     \
    SF_KERNEL static size_t kernel_##K(const sf_evaluator *ev, const kernel_consts *c,      \
                                       const uint8_t *hands, size_t n, sf_value *out,       \
                                       sf__batch_error *err)                                \
    {                                                                                       \
        int suited = ev->flush_values != NULL;                                              \
        if (err)                                                                            \
            return suited ? kernel(ev, c, hands, n, K, out, err, 1, 1)                      \
                          : kernel(ev, c, hands, n, K, out, err, 1, 0);                     \
        return suited ? kernel(ev, c, hands, n, K, out, err, 0, 1)                          \
                      : kernel(ev, c, hands, n, K, out, err, 0, 0);                         \
    }
KERNEL_FOR_K(1)
KERNEL_FOR_K(2)
KERNEL_FOR_K(3)
KERNEL_FOR_K(4)
KERNEL_FOR_K(5)
KERNEL_FOR_K(6)
KERNEL_FOR_K(7)

SF_KERNEL static size_t run(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                            sf_value *out, sf__batch_error *err)
{
    kernel_consts c;
    if (!build_consts(ev, k, &c))
        return 0;
    switch (k) {
    case 1: return kernel_1(ev, &c, hands, nhands, out, err);
    case 2: return kernel_2(ev, &c, hands, nhands, out, err);
    case 3: return kernel_3(ev, &c, hands, nhands, out, err);
    case 4: return kernel_4(ev, &c, hands, nhands, out, err);
    case 5: return kernel_5(ev, &c, hands, nhands, out, err);
    case 6: return kernel_6(ev, &c, hands, nhands, out, err);
    default: return kernel_7(ev, &c, hands, nhands, out, err);
    }
}

size_t SF__BATCH_ENTRY(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                       sf_value *out, sf__batch_error *err)
{
    return run(ev, hands, nhands, k, out, err);
}

#endif

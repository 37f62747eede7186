/*
 * Exhaustive tests of the evaluator through its public header only.
 *
 *   sf_test_eval          every 5- and 7-card hand of both decks, every ranking
 *   sf_test_eval --quick  the 5-card sets and the 32-card deck only (for sanitizer builds)
 *
 * Expected category counts are the published combinatorial ones (the 52-card counts appear in
 * every poker probability table; the 32-card 5-card counts are derived in docs/rules.md D2 terms:
 * 8 ranks, 5 straights). 7-card hands are further checked to equal the best of their 21 five-card
 * subsets, which ties the 7-card tables to the 5-card ones. Every 5- and 7-card hand also goes
 * through sf_eval_batch, so the batch loop this CPU runs (the kernel's AVX-512 or AVX2 build
 * where the CPU has it; its AVX2 build with STUD_FAST_ISA=avx2; the portable loop with
 * STUD_FAST_PORTABLE=1) is checked exhaustively too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h" /* private: the portable batch loop, to hold it to the same answers */
#include "stud_fast/eval.h"

#include "check.h"

typedef struct {
    uint64_t cat[SF_NUM_CATEGORIES];
    uint8_t seen[65536]; /* per value: seen at least once */
    uint64_t hands;
} tally_t;

static void tally_init(tally_t *t)
{
    memset(t, 0, sizeof *t);
}

static int tally_distinct(const tally_t *t)
{
    int n = 0;
    for (int v = 0; v < 65536; v++)
        n += t->seen[v];
    return n;
}

static void tally_add(tally_t *t, sf_ranking r, sf_value v)
{
    t->cat[sf_category_of(r, v)]++;
    t->seen[v] = 1;
    t->hands++;
}

/* Deck of a ranking: all 52 ids, or the 32 from the seven up. */
static int deck_of(sf_ranking r, uint8_t deck[52])
{
    int n = 0;
    for (int c = 0; c < 52; c++)
        if (r != SF_RANKING_SHORT32 || SF_RANK_OF(c) >= SF_SHORT32_FIRST_RANK)
            deck[n++] = (uint8_t)c;
    return n;
}

/* All 5-card hands: accumulator, scalar and batch must agree. */
static void five_card(sf_ranking r, tally_t *t)
{
    const sf_evaluator *ev = sf_default_evaluator(r);
    uint8_t deck[52], h[5];
    int n = deck_of(r, deck);
    enum { CHUNK = 4096 };
    static uint8_t batch[CHUNK * 5];
    static sf_value bvals[CHUNK], svals[CHUNK];
    size_t nb = 0;
    sf_hand acc;
    sf_hand_clear(&acc);
    for (int a = 0; a < n; a++) {
        sf_hand_add(&acc, ev, deck[a]);
        for (int b = a + 1; b < n; b++) {
            sf_hand_add(&acc, ev, deck[b]);
            for (int c = b + 1; c < n; c++) {
                sf_hand_add(&acc, ev, deck[c]);
                for (int d = c + 1; d < n; d++) {
                    sf_hand_add(&acc, ev, deck[d]);
                    for (int e = d + 1; e < n; e++) {
                        sf_hand_add(&acc, ev, deck[e]);
                        sf_value v = sf_hand_value(ev, &acc);
                        h[0] = deck[a]; h[1] = deck[b]; h[2] = deck[c]; h[3] = deck[d];
                        h[4] = deck[e];
                        sf_value s = 0;
                        int st = sf_eval(ev, h, 5, &s);
                        if (st != SF_OK || s != v)
                            CHECK(0, "ranking %d: scalar %d/%u != accumulator %u", r, st, s, v);
                        memcpy(batch + nb * 5, h, 5);
                        svals[nb++] = v;
                        if (nb == CHUNK) {
                            CHECK(sf_eval_batch(ev, batch, nb, 5, bvals, NULL) == SF_OK, "batch");
                            CHECK(memcmp(bvals, svals, nb * sizeof *bvals) == 0, "batch != scalar");
                            nb = 0;
                        }
                        tally_add(t, r, v);
                        sf_hand_remove(&acc, ev, deck[e]);
                    }
                    sf_hand_remove(&acc, ev, deck[d]);
                }
                sf_hand_remove(&acc, ev, deck[c]);
            }
            sf_hand_remove(&acc, ev, deck[b]);
        }
        sf_hand_remove(&acc, ev, deck[a]);
    }
    if (nb) {
        CHECK(sf_eval_batch(ev, batch, nb, 5, bvals, NULL) == SF_OK, "batch");
        CHECK(memcmp(bvals, svals, nb * sizeof *bvals) == 0, "batch != scalar");
    }
}

/* Best of the 21 five-card subsets, by the scalar entry point. */
static sf_value best_of_21(const sf_evaluator *ev, const uint8_t h[7])
{
    sf_value best = 0;
    for (int x = 0; x < 7; x++)
        for (int y = x + 1; y < 7; y++) {
            uint8_t f[5];
            int k = 0;
            for (int i = 0; i < 7; i++)
                if (i != x && i != y)
                    f[k++] = h[i];
            sf_value v = 0;
            sf_eval(ev, f, 5, &v);
            if (v > best)
                best = v;
        }
    return best;
}

/* All 7-card hands by the accumulator; every `stride`-th also against its 21 subsets. */
/* Hands gathered from an enumeration, evaluated by sf_eval_batch (the vector kernel where the
   CPU has AVX2) and held to the accumulator's values. */
enum { PENDING = 4096 };
typedef struct pending_t {
    uint8_t hands[PENDING * 7];
    sf_value want[PENDING], got[PENDING];
    size_t n;
} pending_t;

static void pending_flush(const sf_evaluator *ev, pending_t *p, sf_ranking r)
{
    if (p->n == 0)
        return;
    int st = sf_eval_batch(ev, p->hands, p->n, 7, p->got, NULL);
    CHECK(st == SF_OK && memcmp(p->got, p->want, p->n * sizeof *p->got) == 0,
          "ranking %d: batch of 7-card hands != accumulator", r);
    p->n = 0;
}

static void seven_card(sf_ranking r, tally_t *t, uint64_t stride)
{
    const sf_evaluator *ev = sf_default_evaluator(r);
    static pending_t pending;
    uint8_t deck[52];
    int n = deck_of(r, deck);
    int i[7];
    sf_hand acc[8];
    sf_hand_clear(&acc[0]);
    uint64_t count = 0;
    for (i[0] = 0; i[0] < n; i[0]++) {
        acc[1] = acc[0]; sf_hand_add(&acc[1], ev, deck[i[0]]);
        for (i[1] = i[0] + 1; i[1] < n; i[1]++) {
            acc[2] = acc[1]; sf_hand_add(&acc[2], ev, deck[i[1]]);
            for (i[2] = i[1] + 1; i[2] < n; i[2]++) {
                acc[3] = acc[2]; sf_hand_add(&acc[3], ev, deck[i[2]]);
                for (i[3] = i[2] + 1; i[3] < n; i[3]++) {
                    acc[4] = acc[3]; sf_hand_add(&acc[4], ev, deck[i[3]]);
                    for (i[4] = i[3] + 1; i[4] < n; i[4]++) {
                        acc[5] = acc[4]; sf_hand_add(&acc[5], ev, deck[i[4]]);
                        for (i[5] = i[4] + 1; i[5] < n; i[5]++) {
                            acc[6] = acc[5]; sf_hand_add(&acc[6], ev, deck[i[5]]);
                            for (i[6] = i[5] + 1; i[6] < n; i[6]++) {
                                acc[7] = acc[6]; sf_hand_add(&acc[7], ev, deck[i[6]]);
                                sf_value v = sf_hand_value(ev, &acc[7]);
                                tally_add(t, r, v);
                                uint8_t *ph = pending.hands + 7 * pending.n;
                                for (int k = 0; k < 7; k++)
                                    ph[k] = deck[i[k]];
                                pending.want[pending.n++] = v;
                                if (pending.n == PENDING)
                                    pending_flush(ev, &pending, r);
                                if (count++ % stride == 0) {
                                    uint8_t h[7];
                                    for (int k = 0; k < 7; k++)
                                        h[k] = deck[i[k]];
                                    sf_value b = best_of_21(ev, h);
                                    if (b != v)
                                        CHECK(0, "ranking %d: 7-card %u != best five %u", r, v, b);
                                }
                            }
                        }
                    }
                }
            }
        }
    }    pending_flush(ev, &pending, r);
}

static void expect_counts(const char *what, const tally_t *t, const uint64_t want[SF_NUM_CATEGORIES],
                          int want_distinct)
{
    for (int c = 0; c < SF_NUM_CATEGORIES; c++)
        CHECK(t->cat[c] == want[c], "%s: %s count %llu, expected %llu", what,
              sf_category_name((sf_category)c), (unsigned long long)t->cat[c],
              (unsigned long long)want[c]);
    if (want_distinct)
        CHECK(tally_distinct(t) == want_distinct, "%s: %d distinct values, expected %d", what,
              tally_distinct(t), want_distinct);
    printf("%-28s %llu hands, %d distinct values\n", what, (unsigned long long)t->hands,
           tally_distinct(t));
}

static void report(const char *what, const tally_t *t)
{
    printf("%-28s %llu hands, %d distinct values:", what, (unsigned long long)t->hands,
           tally_distinct(t));
    for (int c = 0; c < SF_NUM_CATEGORIES; c++)
        if (t->cat[c])
            printf(" %s=%llu", sf_category_name((sf_category)c), (unsigned long long)t->cat[c]);
    printf("\n");
}


static uint64_t rng_state = 0x5eed;
static uint64_t next_random(void)
{
    /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/*
 * sf_eval_batch (the vector kernel where the CPU has AVX2), the portable loop and sf_eval hand
 * by hand must give the same values (0 for bad hands), status and first bad hand; on valid
 * hands the unchecked batch must give the same values too.
 */
static void compare_paths(const sf_evaluator *ev, const uint8_t *hands, size_t n, int k,
                          const char *what, int which)
{
    enum { MAXN = 700 };
    static sf_value fast[MAXN], slow[MAXN], one[MAXN];
    size_t where_fast = 12345, where_slow = 12345;
    int st_fast = sf_eval_batch(ev, hands, n, k, fast, &where_fast);
    int st_slow = sf__eval_batch_portable(ev, hands, n, k, slow, &where_slow);
    int st_one = SF_OK;
    size_t where_one = 12345;
    for (size_t i = 0; i < n; i++) {
        int st = sf_eval(ev, hands + i * k, k, &one[i]);
        if (st != SF_OK) {
            one[i] = 0;
            if (st_one == SF_OK) {
                st_one = st;
                where_one = i;
            }
        }
    }
    CHECK(st_fast == st_one && st_slow == st_one, "%s %d, k %d: status %d / %d, scalar %d",
          what, which, k, st_fast, st_slow, st_one);
    CHECK(where_fast == where_one && where_slow == where_one,
          "%s %d, k %d: first bad hand %zu / %zu, scalar %zu", what, which, k, where_fast,
          where_slow, where_one);
    CHECK(n == 0 || memcmp(fast, one, n * sizeof *one) == 0, "%s %d, k %d: batch values", what,
          which, k);
    CHECK(n == 0 || memcmp(slow, one, n * sizeof *one) == 0, "%s %d, k %d: portable values",
          what, which, k);
    if (st_one == SF_OK) { /* valid hands: the unchecked batch gives the same values */
        sf_eval_batch_trusted(ev, hands, n, k, fast);
        CHECK(n == 0 || memcmp(fast, one, n * sizeof *one) == 0, "%s %d, k %d: trusted batch",
              what, which, k);
    }
}

/*
 * The batch loop sf_eval_batch picks for this CPU (vector duplicate checks where AVX2 exists)
 * and the portable loop must give the scalar sf_eval's value for every hand, 0 for bad hands,
 * and the same first error and hand index. Random batches of every size and hand length, with
 * jokers, wild ranks and planted faults (duplicates, ids above 52, cards outside the deck) at
 * random places, including the last hands, which the vector loop leaves to the portable one.
 */
static void test_batch_paths(void)
{
    enum { MAXN = 700 };
    static uint8_t hands[MAXN * 7];
    for (int round = 0; round < 3000; round++) {
        sf_ranking r = (sf_ranking)(next_random() % SF_NUM_RANKINGS);
        sf_evaluator ev;
        sf_rank_mask wild = next_random() % 3 == 0 ? (sf_rank_mask)(1u << (next_random() % 13)) : 0;
        sf_evaluator_init(&ev, r, wild);
        uint8_t deck[52];
        int decksize = deck_of(r, deck);
        int k = 1 + (int)(next_random() % 7);
        size_t n = (size_t)(next_random() % MAXN);
        int jokers = (int)(next_random() % 4);    /* how likely a card is a joker: 0 to 3 in 16 */
        int faults = (int)(next_random() % 4);    /* how many faults to plant */
        for (size_t i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                int r2 = j + (int)(next_random() % (uint64_t)(decksize - j));
                uint8_t t = deck[j]; deck[j] = deck[r2]; deck[r2] = t;
                hands[i * k + j] = (int)(next_random() % 16) < jokers ? SF_JOKER : deck[j];
            }
        }
        for (int f = 0; f < faults && n > 0 && k > 1; f++) {
            size_t i = next_random() % 2 ? n - 1 - next_random() % (n < 40 ? n : 40) : next_random() % n;
            int a = (int)(next_random() % (uint64_t)k), b = (a + 1 + (int)(next_random() % (uint64_t)(k - 1))) % k;
            switch (next_random() % 3) {
            case 0: hands[i * k + b] = hands[i * k + a]; break;                /* duplicate */
            case 1: hands[i * k + b] = (uint8_t)(53 + next_random() % 203); break; /* bad id */
            default: hands[i * k + b] = (uint8_t)(next_random() % 20); break;  /* 2..6 */
            }
        }
        compare_paths(&ev, hands, n, k, "round", round);
    }
}

/*
 * The vector kernel works on steps of 8 hands, 4 to a register, 2 to a 128-bit lane, and in
 * chunks of 256: a fault must be found wherever it sits. For every ranking, hand length and
 * wild setting, plant each kind of fault at every card of every hand of the first steps (and
 * around the first chunk boundary) of an otherwise valid batch, and hold the vector path, the
 * portable path and the scalar sf_eval to the same values, status and first bad hand.
 */
static void test_vector_block_faults(void)
{
    enum { N = 300 };
    static uint8_t hands[N * 7], clean[N * 7];
    static const size_t where[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 250,
                                   255, 256, 257, 263};
    for (int r = 0; r < SF_NUM_RANKINGS; r++)
        for (int wild = 0; wild < 3; wild++) {
            sf_evaluator ev;
            sf_evaluator_init(&ev, (sf_ranking)r, wild == 2 ? (sf_rank_mask)(1u << 9) : 0);
            uint8_t deck[52];
            int decksize = deck_of((sf_ranking)r, deck);
            for (int k = 1; k <= 7; k++) {
                for (size_t i = 0; i < N; i++)
                    for (int j = 0; j < k; j++) {
                        int r2 = j + (int)(next_random() % (uint64_t)(decksize - j));
                        uint8_t t = deck[j]; deck[j] = deck[r2]; deck[r2] = t;
                        clean[i * k + j] = wild == 1 && j == k - 1 && i % 3 ? SF_JOKER : deck[j];
                    }
                compare_paths(&ev, clean, N, k, "clean batch, ranking", r);
                for (size_t w = 0; w < sizeof where / sizeof *where; w++)
                    for (int pos = 0; pos < k; pos++)
                        for (int kind = 0; kind < 4; kind++)
                        /* duplicates d cards apart for every d (none when k is 1): the kernel
                           meets a pair in a different comparison depending on the distance */
                        for (int d = 1; d < (kind == 0 ? k : 2); d++) {
                            memcpy(hands, clean, (size_t)N * (size_t)k);
                            uint8_t *h = hands + where[w] * (size_t)k;
                            static const uint8_t bad_ids[] = {53, 60, 255};
                            switch (kind) {
                            case 0: h[pos] = h[(pos + d) % k]; break;             /* duplicate */
                            case 1: h[pos] = bad_ids[next_random() % 3]; break;   /* above 52 */
                            case 2: h[pos] = (uint8_t)(next_random() % 20); break; /* 2..6 */
                            default: h[pos] = SF_JOKER; break;                    /* valid */
                            }
                            compare_paths(&ev, hands, N, k, "planted fault, ranking", r);
                        }
            }
        }
}

/*
 * sf_eval_batch_trusted promises safe reads whatever the bytes: ids above 52, cards outside the
 * deck, repeated cards (seven aces of one suit flood that suit and carry in any sum of card
 * bits), jokers. Its values are then unspecified, but every one must come from the tables, so
 * none may exceed the ranking's largest value; under the sanitizer run (csrc/tests/
 * run_sanitized.sh) any read outside a table fails here as well.
 */
static void test_trusted_any_bytes(void)
{
    enum { N = 512 };
    static uint8_t hands[N * 7];
    static sf_value out[N];
    for (int r = 0; r < SF_NUM_RANKINGS; r++)
        for (int wild = 0; wild < 2; wild++) {
            sf_evaluator ev;
            sf_evaluator_init(&ev, (sf_ranking)r, wild ? (sf_rank_mask)(1u << 12) : 0);
            for (int k = 1; k <= 7; k++) {
                for (size_t i = 0; i < N; i++) {
                    uint8_t same = (uint8_t)(next_random() % 53);
                    for (int j = 0; j < k; j++) {
                        uint8_t *c = &hands[i * (size_t)k + (size_t)j];
                        switch (i % 4) {
                        case 0: *c = (uint8_t)next_random(); break;                /* any byte */
                        case 1: *c = (uint8_t)(4 * 12 + i / 4 % 4); break;         /* aces of a suit */
                        case 2: *c = same; break;                                  /* one card */
                        default: *c = (uint8_t)(next_random() % 54); break;        /* repeats */
                        }
                    }
                }
                sf_eval_batch_trusted(&ev, hands, N, k, out);
                for (size_t i = 0; i < N; i++)
                    CHECK(out[i] <= sf_max_value((sf_ranking)r),
                          "trusted batch, ranking %d, k %d, hand %zu: value %u", r, k, i,
                          (unsigned)out[i]);
            }
        }
}

/* Threaded batches: the same values, status and first bad hand as one thread, faults or not. */
static void test_batch_threads(void)
{
    enum { N = 100003, K = 7 };
    static uint8_t hands[N * K];
    static sf_value one[N], many[N];
    const sf_evaluator *ev = sf_default_evaluator(SF_RANKING_HIGH);
    uint8_t deck[52];
    for (int c = 0; c < 52; c++)
        deck[c] = (uint8_t)c;
    for (size_t i = 0; i < N; i++)
        for (int j = 0; j < K; j++) {
            int r = j + (int)(next_random() % (uint64_t)(52 - j));
            uint8_t t = deck[j]; deck[j] = deck[r]; deck[r] = t;
            hands[i * K + j] = deck[j];
        }
    for (int fault = 0; fault < 3; fault++) {
        if (fault == 1)
            hands[77777 * K + 3] = hands[77777 * K + 5]; /* a duplicate in a late slice */
        if (fault == 2)
            hands[40000 * K] = 200; /* and an earlier bad id: the first error wins */
        size_t where_one = 1, where_many;
        int st_one = sf_eval_batch(ev, hands, N, K, one, &where_one);
        for (int threads = 0; threads <= 9; threads += 3) {
            where_many = 2;
            int st_many = sf_eval_batch_threads(ev, hands, N, K, many, &where_many, threads);
            CHECK(st_many == st_one, "threads %d: status %d != %d", threads, st_many, st_one);
            CHECK(st_one == SF_OK || where_many == where_one, "threads %d: bad hand %zu != %zu",
                  threads, where_many, where_one);
            CHECK(memcmp(one, many, sizeof one) == 0, "threads %d: values", threads);
        }
        CHECK(fault == 0 ? st_one == SF_OK : fault == 1 ? where_one == 77777 : where_one == 40000,
              "fault %d: status %d at %zu", fault, st_one, where_one);
    }
}

static void test_errors(void)
{
    const sf_evaluator *ev = sf_default_evaluator(SF_RANKING_HIGH);
    sf_value v = 0;
    uint8_t bad[7] = {0, 1, 2, 3, 4, 5, 53};
    CHECK(sf_eval(ev, bad, 7, &v) == SF_E_CARD, "id 53");
    uint8_t big[2] = {255, 0};
    CHECK(sf_eval(ev, big, 2, &v) == SF_E_CARD, "id 255");
    uint8_t dup[5] = {51, 50, 51, 3, 4};
    CHECK(sf_eval(ev, dup, 5, &v) == SF_E_DUPLICATE, "duplicate");
    uint8_t jokers[5] = {52, 52, 52, 0, 1};
    CHECK(sf_eval(ev, jokers, 5, &v) == SF_OK, "jokers may repeat");
    CHECK(sf_category_of(SF_RANKING_HIGH, v) == SF_CAT_FIVE_OF_A_KIND, "three jokers + pair");
    CHECK(sf_eval(ev, dup, 0, &v) == SF_E_COUNT, "zero cards");
    CHECK(sf_eval(ev, dup, 8, &v) == SF_E_COUNT, "eight cards");
    const sf_evaluator *s32 = sf_default_evaluator(SF_RANKING_SHORT32);
    uint8_t low[5] = {0, 20, 24, 28, 32};
    CHECK(sf_eval(s32, low, 5, &v) == SF_E_DECK, "deuce in the 32-card deck");
    CHECK(sf_default_evaluator((sf_ranking)7) == NULL, "unknown ranking");
    sf_evaluator wild;
    CHECK(sf_evaluator_init(&wild, SF_RANKING_HIGH, 1u << 13) == SF_E_WILD, "wild bits");
    CHECK(sf_evaluator_init(&wild, (sf_ranking)9, 0) == SF_E_RANKING, "ranking");
    /* a batch reports the first bad hand and still evaluates the rest */
    uint8_t hands[3 * 5] = {0, 4, 8, 12, 17, 0, 0, 8, 12, 16, 48, 44, 40, 36, 32};
    sf_value out[3];
    size_t where = 99;
    CHECK(sf_eval_batch(ev, hands, 3, 5, out, &where) == SF_E_DUPLICATE && where == 1,
          "batch error index");
    CHECK(out[1] == 0 && out[2] == sf_max_value(SF_RANKING_HIGH) - 13, "batch continues");
    /* accumulator status */
    sf_hand h;
    sf_hand_clear(&h);
    CHECK(sf_hand_status(&h) == SF_E_COUNT, "empty hand");
    sf_hand_add(&h, ev, 51);
    sf_hand_add(&h, ev, 51);
    CHECK(sf_hand_status(&h) == SF_E_DUPLICATE, "accumulator duplicate");
    sf_hand_remove(&h, ev, 51);
    CHECK(sf_hand_status(&h) == SF_OK && sf_hand_count(&h) == 1, "accumulator remove");
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    /* the build the ctest's environment asked for is the one under test (a misspelt variable
       would otherwise test the default build twice) */
    const char *kernel = sf_batch_kernel(), *isa = getenv("STUD_FAST_ISA");
    const char *portable = getenv("STUD_FAST_PORTABLE");
    printf("batch kernel: %s\n", kernel);
    if (((isa && strcmp(isa, "portable") == 0) ||
         (portable && portable[0] && strcmp(portable, "0") != 0)) &&
        strcmp(kernel, "portable") != 0) {
        printf("FAIL: the portable loop was asked for, %s runs\n", kernel);
        return 1;
    }
    if (isa && strcmp(isa, "avx2") == 0 && strcmp(kernel, "avx512") == 0) {
        printf("FAIL: STUD_FAST_ISA=avx2, avx512 runs\n");
        return 1;
    }
    test_errors();
    test_batch_paths();
    test_vector_block_faults();
    test_batch_threads();
    test_trusted_any_bytes();

    static tally_t t;
    tally_init(&t);
    five_card(SF_RANKING_HIGH, &t);
    const uint64_t high5[SF_NUM_CATEGORIES] = {0, 1302540, 1098240, 123552, 54912, 10200, 5108,
                                               3744, 624, 40, 0};
    expect_counts("high, 52 cards, 5", &t, high5, 7462);

    tally_init(&t);
    five_card(SF_RANKING_SHORT32, &t);
    const uint64_t short5[SF_NUM_CATEGORIES] = {0, 52020, 107520, 24192, 10752, 5100, 204,
                                                1344, 224, 20, 0};
    expect_counts("short32, 32 cards, 5", &t, short5, 0);

    /* razz: every 5-card rank multiset is its own value: C(17,5) - 13 five-of-a-kinds */
    tally_init(&t);
    five_card(SF_RANKING_RAZZ, &t);
    CHECK(tally_distinct(&t) == 6175, "razz distinct values %d", tally_distinct(&t));
    report("razz, 5", &t);

    /* low8: 56 qualifying rank sets (C(8,5)) in 4^5 suit patterns each */
    tally_init(&t);
    five_card(SF_RANKING_LOW8, &t);
    CHECK(t.cat[SF_CAT_HIGH_CARD] == 56 * 1024, "low8 qualifying %llu",
          (unsigned long long)t.cat[SF_CAT_HIGH_CARD]);
    CHECK(tally_distinct(&t) == 57, "low8 distinct values %d", tally_distinct(&t));
    report("low8, 5", &t);

    for (int r = 0; r < SF_NUM_RANKINGS; r++) {
        if (quick && r != SF_RANKING_SHORT32)
            continue;
        tally_init(&t);
        uint64_t stride = r == SF_RANKING_SHORT32 ? 1 : 61;
        seven_card((sf_ranking)r, &t, stride);
        static const char *names[] = {"high, 7", "short32, 7", "razz, 7", "low8, 7"};
        if (r == SF_RANKING_HIGH) {
            const uint64_t high7[SF_NUM_CATEGORIES] = {0, 23294460, 58627800, 31433400,
                                                       6461620, 6180020, 4047644, 3473184,
                                                       224848, 41584, 0};
            expect_counts(names[r], &t, high7, 4824);
        } else {
            report(names[r], &t);
        }
    }

    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("all evaluator checks passed\n");
    return 0;
}

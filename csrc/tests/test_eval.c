/*
 * Exhaustive tests of the evaluator through its public header only.
 *
 *   sf_test_eval          every 5- and 7-card hand of both decks, every ranking
 *   sf_test_eval --quick  the 5-card sets and the 32-card deck only (for sanitizer builds)
 *
 * Expected category counts are the published combinatorial ones (the 52-card counts appear in
 * every poker probability table; the 32-card 5-card counts are derived in RULES.md D2 terms:
 * 8 ranks, 5 straights). 7-card hands are further checked to equal the best of their 21 five-card
 * subsets, which ties the 7-card tables to the 5-card ones.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stud_fast/eval.h"

static int failures;

#define CHECK(cond, ...)                                                                    \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            failures++;                                                                     \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                            \
            fprintf(stderr, __VA_ARGS__);                                                   \
            fputc('\n', stderr);                                                            \
        }                                                                                   \
    } while (0)

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
static void seven_card(sf_ranking r, tally_t *t, uint64_t stride)
{
    const sf_evaluator *ev = sf_default_evaluator(r);
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
    }
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
    test_errors();

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

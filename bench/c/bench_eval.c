/*
 * C-level evaluator benchmark: the speed of the core without Python in the way.
 *
 *   bench_eval [hands] [seed]
 *
 * Prints hands per second for: the checked batch loop over random 7-card hands for each
 * ranking, sf_eval_trusted (unchecked, called per hand and as sf_eval_batch_trusted) on the
 * same random hands, the checked batch on every CPU (sf_eval_batch_threads), the batch with
 * two jokers per hand, and the accumulator enumerating every 7-card hand of the 52-card deck
 * in order. Best of several repetitions; the
 * machine may be noisy, so compare within one run.
 */
#define _POSIX_C_SOURCE 200112L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stud_fast/eval.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t rng_state;
static uint64_t next_u64(void)
{
    /* splitmix64: small, good enough to shuffle benchmark decks */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* n hands of k distinct cards drawn from deck[0..decksize), with `jokers` of them jokers. */
static void deal(uint8_t *out, size_t n, int k, const uint8_t *deck, int decksize, int jokers)
{
    uint8_t d[52];
    for (size_t i = 0; i < n; i++) {
        memcpy(d, deck, (size_t)decksize);
        for (int j = 0; j < k - jokers; j++) {
            int r = j + (int)(next_u64() % (uint64_t)(decksize - j));
            uint8_t t = d[j]; d[j] = d[r]; d[r] = t;
            out[i * (size_t)k + (size_t)j] = d[j];
        }
        for (int j = k - jokers; j < k; j++)
            out[i * (size_t)k + (size_t)j] = SF_JOKER;
    }
}

static double time_batch(const sf_evaluator *ev, const uint8_t *hands, size_t n, sf_value *out,
                         int reps, int threads)
{
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        int st = threads ? sf_eval_batch_threads(ev, hands, n, 7, out, NULL, threads)
                         : sf_eval_batch(ev, hands, n, 7, out, NULL);
        double t = now() - t0;
        if (st != SF_OK) {
            fprintf(stderr, "batch failed: %s\n", sf_status_message(st));
            exit(1);
        }
        if (t < best)
            best = t;
    }
    return (double)n / best;
}

static volatile uint64_t sink;

/* Random hands through sf_eval_trusted (no checks): the like-for-like figure for evaluators
   that take trusted card ids, as SKPokerEval and OMPEval do; the batch also validates. */
static double time_trusted(const uint8_t *hands, size_t n, int reps)
{
    const sf_evaluator *ev = sf_default_evaluator(SF_RANKING_HIGH);
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        uint64_t total = 0;
        for (size_t i = 0; i < n; i++)
            total += sf_eval_trusted(ev, hands + 7 * i, 7);
        sink = total;
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    return (double)n / best;
}

static double time_enumerate(void)
{
    const sf_evaluator *ev = sf_default_evaluator(SF_RANKING_HIGH);
    double t0 = now();
    uint64_t total = 0;
    sf_hand h[8];
    sf_hand_clear(&h[0]);
    for (int a = 0; a < 52; a++) {
        h[1] = h[0]; sf_hand_add(&h[1], ev, (unsigned)a);
        for (int b = a + 1; b < 52; b++) {
            h[2] = h[1]; sf_hand_add(&h[2], ev, (unsigned)b);
            for (int c = b + 1; c < 52; c++) {
                h[3] = h[2]; sf_hand_add(&h[3], ev, (unsigned)c);
                for (int d = c + 1; d < 52; d++) {
                    h[4] = h[3]; sf_hand_add(&h[4], ev, (unsigned)d);
                    for (int e = d + 1; e < 52; e++) {
                        h[5] = h[4]; sf_hand_add(&h[5], ev, (unsigned)e);
                        for (int f = e + 1; f < 52; f++) {
                            h[6] = h[5]; sf_hand_add(&h[6], ev, (unsigned)f);
                            for (int g = f + 1; g < 52; g++) {
                                h[7] = h[6]; sf_hand_add(&h[7], ev, (unsigned)g);
                                total += sf_hand_value(ev, &h[7]);
                            }
                        }
                    }
                }
            }
        }
    }
    sink = total;
    return 133784560.0 / (now() - t0);
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 10000000;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 12345;
    uint8_t *hands = malloc(n * 7);
    sf_value *out = malloc(n * sizeof *out);
    uint8_t full[52], short_deck[32];
    for (int c = 0; c < 52; c++)
        full[c] = (uint8_t)c;
    for (int c = 20; c < 52; c++)
        short_deck[c - 20] = (uint8_t)c;

    printf("%-34s %12s\n", "case", "M hands/s");
    static const char *names[] = {"high", "short32", "razz", "low8"};
    double high = 0;
    for (int r = 0; r < SF_NUM_RANKINGS; r++) {
        if (r == SF_RANKING_SHORT32)
            deal(hands, n, 7, short_deck, 32, 0);
        else
            deal(hands, n, 7, full, 52, 0);
        double hs = time_batch(sf_default_evaluator((sf_ranking)r), hands, n, out, 5, 0);
        if (r == 0)
            high = hs;
        printf("batch random 7-card %-14s %12.1f  (%.2fx high)\n", names[r], hs / 1e6, hs / high);
    }
    deal(hands, n, 7, full, 52, 0);
    double trusted = time_trusted(hands, n, 5);
    printf("%-34s %12.1f  (%.2fx batch)\n", "trusted random 7-card high", trusted / 1e6,
           trusted / high);
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
        double t0 = now();
        sf_eval_batch_trusted(sf_default_evaluator(SF_RANKING_HIGH), hands, n, 7, out);
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    printf("%-34s %12.1f  (%.2fx batch)\n", "trusted batch random 7-card high",
           (double)n / best / 1e6, (double)n / best / high);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpus > 1) {
        double mt = time_batch(sf_default_evaluator(SF_RANKING_HIGH), hands, n, out, 5, (int)cpus);
        printf("batch random 7-card high %2ld threads %9.1f  (%.2fx batch)\n", cpus, mt / 1e6,
               mt / high);
    }
    deal(hands, n, 7, full, 52, 2);
    double wild = time_batch(sf_default_evaluator(SF_RANKING_HIGH), hands, n, out, 5, 0);
    printf("batch random 7-card %-14s %12.1f  (%.2fx high)\n", "high 2 jokers", wild / 1e6,
           wild / high);
    double en = time_enumerate();
    printf("%-34s %12.1f\n", "enumerate all 7-card (accum.)", en / 1e6);
    free(hands);
    free(out);
    return 0;
}

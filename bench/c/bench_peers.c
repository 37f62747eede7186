/*
 * C-level evaluator benchmark: stud_fast side by side with the fastest open 7-card evaluators,
 * in one process, on the same random hands. Built by bench/c/run_peers.sh, which links
 * SKPokerEval and OMPEval when it is given their checkouts (peers.cpp) and times stud_fast
 * alone otherwise.
 *
 *   bench_peers [hands] [repeats] [seed]
 *
 * Every entry runs once per repeat, the entries interleaved (entry 1, 2, ..., 1, 2, ...), so a
 * burst of load from other processes hits them all alike; the table gives the median and the
 * range over the repeats, and each entry's median against the first peer present (or against
 * the checked stud_fast batch), then its best repeat against that entry's best. Other work on
 * a shared host only ever adds time to a repeat, so the best repeats are the steadier
 * comparison of two loops when the medians scatter. Before timing, every peer's values are
 * checked to order the hands exactly as stud_fast's high ranking does.
 */
#define _POSIX_C_SOURCE 200112L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "peers.h"
#include "stud_fast/eval.h"

/*
 * One-thread entries are timed in the thread's CPU time: on a machine shared with other work a
 * time slice lost to another process then costs nothing (cache pollution still does), so the
 * figures scatter far less than wall-clock ones. The threaded entry needs the wall clock.
 */
static double now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
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

/* n hands of k distinct cards drawn from deck[0..decksize), the last `jokers` of them jokers. */
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

/* ---- the entries ------------------------------------------------------------------------ */

typedef struct hands_set {
    const sf_evaluator *ev;
    uint8_t *cards; /* [n][k] */
    int k;
} hands_set;

enum { SET_HIGH7, SET_SHORT7, SET_RAZZ7, SET_LOW87, SET_JOKERS7, SET_HIGH6, SET_HIGH5, NSETS };

static size_t nhands;
static hands_set sets[NSETS];
static uint8_t *sk_cards; /* SET_HIGH7 in SKPokerEval's card ids */
static sf_value *out;
static volatile uint64_t sink;

static void fail(const char *what, int status)
{
    fprintf(stderr, "%s failed: %s\n", what, sf_status_message(status));
    exit(1);
}

static void run_checked(int set)
{
    const hands_set *s = &sets[set];
    int st = sf_eval_batch(s->ev, s->cards, nhands, s->k, out, NULL);
    if (st != SF_OK)
        fail("sf_eval_batch", st);
}

static void run_threads(int set)
{
    const hands_set *s = &sets[set];
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int st = sf_eval_batch_threads(s->ev, s->cards, nhands, s->k, out, NULL, (int)cpus);
    if (st != SF_OK)
        fail("sf_eval_batch_threads", st);
}

static void run_portable(int set)
{
    const hands_set *s = &sets[set];
    int st = sf__eval_batch_portable(s->ev, s->cards, nhands, s->k, out, NULL);
    if (st != SF_OK)
        fail("portable batch", st);
}

static void run_trusted_batch(int set)
{
    const hands_set *s = &sets[set];
    sf_eval_batch_trusted(s->ev, s->cards, nhands, s->k, out);
}

static void run_trusted_each(int set)
{
    const hands_set *s = &sets[set];
    for (size_t i = 0; i < nhands; i++)
        out[i] = sf_eval_trusted(s->ev, s->cards + 7 * i, 7);
}

static void run_sk(int set)
{
    (void)set;
    peer_sk_eval(sk_cards, nhands, out);
}

static void run_omp(int set)
{
    peer_omp_eval(sets[set].cards, nhands, out);
}

/* Every 7-card hand of the 52-card deck in order, with the inline accumulator. */
static void run_enumerate(int set)
{
    (void)set;
    const sf_evaluator *ev = sf_default_evaluator(SF_RANKING_HIGH);
    uint64_t total = 0;
    sf_hand h[8];
    sf_hand_clear(&h[0]);
    for (unsigned a = 0; a < 52; a++) {
        h[1] = h[0]; sf_hand_add(&h[1], ev, a);
        for (unsigned b = a + 1; b < 52; b++) {
            h[2] = h[1]; sf_hand_add(&h[2], ev, b);
            for (unsigned c = b + 1; c < 52; c++) {
                h[3] = h[2]; sf_hand_add(&h[3], ev, c);
                for (unsigned d = c + 1; d < 52; d++) {
                    h[4] = h[3]; sf_hand_add(&h[4], ev, d);
                    for (unsigned e = d + 1; e < 52; e++) {
                        h[5] = h[4]; sf_hand_add(&h[5], ev, e);
                        for (unsigned f = e + 1; f < 52; f++) {
                            h[6] = h[5]; sf_hand_add(&h[6], ev, f);
                            for (unsigned g = f + 1; g < 52; g++) {
                                h[7] = h[6]; sf_hand_add(&h[7], ev, g);
                                total += sf_hand_value(ev, &h[7]);
                            }
                        }
                    }
                }
            }
        }
    }
    sink = total;
}

static void run_omp_enumerate(int set)
{
    (void)set;
    sink = peer_omp_enumerate();
}

#define ALL_7CARD_HANDS 133784560.0

typedef struct entry {
    const char *name;
    void (*run)(int set);
    int set;
    int group;    /* 0: random hands, 1: in order */
    int is_peer;  /* the first peer of a group is its reference */
    double hands; /* per run; 0 means nhands */
    double *times;
} entry;

/* The core clock, from a chain of dependent adds (one a cycle on every x86-64 core), so that
   hands per second can be read as cycles per hand. */
static double clock_ghz(void)
{
    uint64_t x = 0;
    const long n = 200000000;
    double t0 = now(CLOCK_THREAD_CPUTIME_ID);
    for (long i = 0; i < n; i++) {
#if defined(__GNUC__) && defined(__x86_64__)
        __asm__ volatile("add $1, %0" : "+r"(x));
#else
        x = x * 3 + 1; /* not one cycle: the figure is then only a rough guide */
#endif
    }
    sink = x;
    return (double)n / (now(CLOCK_THREAD_CPUTIME_ID) - t0) / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* ---- ordering check --------------------------------------------------------------------- */

/*
 * A peer agrees with stud_fast when its values are a strictly increasing function of stud_fast's
 * high values on these hands: equal values map to equal values, and a stronger hand to a larger
 * one (SKPokerEval and OMPEval both rank larger as stronger).
 */
static int same_order(const char *name, const sf_value *ours, const uint16_t *theirs, size_t n)
{
    static int32_t map[65536];
    for (size_t v = 0; v < 65536; v++)
        map[v] = -1;
    for (size_t i = 0; i < n; i++) {
        if (map[ours[i]] < 0)
            map[ours[i]] = theirs[i];
        else if (map[ours[i]] != theirs[i]) {
            fprintf(stderr, "%s: hand %zu ties with another under stud_fast but not here\n", name,
                    i);
            return 0;
        }
    }
    int32_t last = -1;
    for (size_t v = 0; v < 65536; v++)
        if (map[v] >= 0) {
            if (map[v] <= last) {
                fprintf(stderr, "%s: value order differs at stud_fast value %zu\n", name, v);
                return 0;
            }
            last = map[v];
        }
    printf("# %s orders all %zu hands as stud_fast does\n", name, n);
    return 1;
}

int main(int argc, char **argv)
{
    nhands = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 4000000;
    int reps = argc > 2 ? atoi(argv[2]) : 9;
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 12345;
    if (reps < 1)
        reps = 1;
    uint8_t full[52], short_deck[32];
    for (int c = 0; c < 52; c++)
        full[c] = (uint8_t)c;
    for (int c = 20; c < 52; c++)
        short_deck[c - 20] = (uint8_t)c;
    static const struct { sf_ranking r; int k; int jokers; } spec[NSETS] = {
        [SET_HIGH7] = {SF_RANKING_HIGH, 7, 0},  [SET_SHORT7] = {SF_RANKING_SHORT32, 7, 0},
        [SET_RAZZ7] = {SF_RANKING_RAZZ, 7, 0},  [SET_LOW87] = {SF_RANKING_LOW8, 7, 0},
        [SET_JOKERS7] = {SF_RANKING_HIGH, 7, 2}, [SET_HIGH6] = {SF_RANKING_HIGH, 6, 0},
        [SET_HIGH5] = {SF_RANKING_HIGH, 5, 0},
    };
    for (int s = 0; s < NSETS; s++) {
        sets[s].ev = sf_default_evaluator(spec[s].r);
        sets[s].k = spec[s].k;
        sets[s].cards = malloc(nhands * (size_t)spec[s].k);
        if (spec[s].r == SF_RANKING_SHORT32)
            deal(sets[s].cards, nhands, spec[s].k, short_deck, 32, spec[s].jokers);
        else
            deal(sets[s].cards, nhands, spec[s].k, full, 52, spec[s].jokers);
    }
    out = malloc(nhands * sizeof *out);
    sk_cards = malloc(nhands * 7);
    for (size_t i = 0; i < nhands * 7; i++)
        sk_cards[i] = peer_sk_card(sets[SET_HIGH7].cards[i]);

    int have_sk = peer_sk_available(), have_omp = peer_omp_available();
    sf_value *ours = malloc(nhands * sizeof *ours);
    uint16_t *theirs = malloc(nhands * sizeof *theirs);
    run_checked(SET_HIGH7);
    memcpy(ours, out, nhands * sizeof *ours);
    if (have_sk) {
        peer_sk_eval(sk_cards, nhands, theirs);
        if (!same_order("SKPokerEval", ours, theirs, nhands))
            return 1;
    }
    if (have_omp) {
        peer_omp_eval(sets[SET_HIGH7].cards, nhands, theirs);
        if (!same_order("OMPEval", ours, theirs, nhands))
            return 1;
    }

    entry entries[] = {
        {"SKPokerEval SevenEval::GetRank", run_sk, SET_HIGH7, 0, 1, 0, NULL},
        {"OMPEval Hand + evaluate, 7 card bytes", run_omp, SET_HIGH7, 0, 1, 0, NULL},
        {"sf_eval_batch (checked) high", run_checked, SET_HIGH7, 0, 0, 0, NULL},
        {"sf_eval_batch_trusted high", run_trusted_batch, SET_HIGH7, 0, 0, 0, NULL},
        {"sf_eval_trusted per hand high", run_trusted_each, SET_HIGH7, 0, 0, 0, NULL},
        {"portable checked batch high", run_portable, SET_HIGH7, 0, 0, 0, NULL},
        {"sf_eval_batch short32", run_checked, SET_SHORT7, 0, 0, 0, NULL},
        {"sf_eval_batch razz", run_checked, SET_RAZZ7, 0, 0, 0, NULL},
        {"sf_eval_batch low8", run_checked, SET_LOW87, 0, 0, 0, NULL},
        {"sf_eval_batch high, 2 jokers", run_checked, SET_JOKERS7, 0, 0, 0, NULL},
        {"sf_eval_batch high, 6 cards", run_checked, SET_HIGH6, 0, 0, 0, NULL},
        {"sf_eval_batch high, 5 cards", run_checked, SET_HIGH5, 0, 0, 0, NULL},
        {"sf_eval_batch_threads high, all CPUs (wall time)", run_threads, SET_HIGH7, 0, 0, 0, NULL},
        {"in order: OMPEval Hand sums", run_omp_enumerate, 0, 1, 1, ALL_7CARD_HANDS, NULL},
        {"in order: sf_hand accumulator", run_enumerate, 0, 1, 0, ALL_7CARD_HANDS, NULL},
    };
    int nentries = (int)(sizeof entries / sizeof *entries);
    for (int e = 0; e < nentries; e++) {
        int peer = entries[e].run == run_sk ? have_sk
                 : entries[e].run == run_omp || entries[e].run == run_omp_enumerate ? have_omp
                                                                                   : 1;
        entries[e].times = peer ? calloc((size_t)reps, sizeof(double)) : NULL;
        if (entries[e].hands == 0)
            entries[e].hands = (double)nhands;
    }
    for (int r = 0; r < reps; r++)
        for (int e = 0; e < nentries; e++) {
            if (!entries[e].times)
                continue;
            clockid_t clock = entries[e].run == run_threads ? CLOCK_MONOTONIC
                                                            : CLOCK_THREAD_CPUTIME_ID;
            double t0 = now(clock);
            entries[e].run(entries[e].set);
            entries[e].times[r] = now(clock) - t0;
        }

    printf("# %zu random hands per entry, median (range) of %d interleaved repeats, thread CPU "
           "time (wall time for the threaded entry)\n", nhands, reps);
    double ghz = clock_ghz();
    printf("# core clock about %.2f GHz (dependent adds)\n", ghz);
    printf("| entry | M hands/s | range | cycles/hand | vs reference | best vs best |\n"
           "|---|---:|---:|---:|---:|---:|\n");
    double reference[2] = {0, 0}, reference_best[2] = {0, 0};
    for (int e = 0; e < nentries; e++) {
        entry *en = &entries[e];
        if (!en->times)
            continue;
        qsort(en->times, (size_t)reps, sizeof(double), cmp_double);
        double med = en->hands / en->times[reps / 2] / 1e6;
        double lo = en->hands / en->times[reps - 1] / 1e6, hi = en->hands / en->times[0] / 1e6;
        if (reference[en->group] == 0 && (en->is_peer || en->run == run_checked ||
                                          en->run == run_enumerate)) {
            reference[en->group] = med;
            reference_best[en->group] = hi;
        }
        char cycles[32] = "-"; /* per hand of one core: not for the threaded entry */
        if (en->run != run_threads)
            snprintf(cycles, sizeof cycles, "%.1f", ghz * 1e3 / med);
        printf("| %s | %.0f | %.0f-%.0f | %s | %.2f | %.2f |\n", en->name, med, lo, hi, cycles,
               med / reference[en->group], hi / reference_best[en->group]);
    }
    return 0;
}

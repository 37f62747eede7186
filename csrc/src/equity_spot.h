/*
 * Private: what the equity engine's enumeration (equity_exact.c) and sampling (equity_sample.c)
 * share: a checked spot, the leaf that scores a deal, and the fork-join over threads.
 */
#ifndef SF_PRIVATE_EQUITY_SPOT_H
#define SF_PRIVATE_EQUITY_SPOT_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "stud_fast/equity.h"

#define UNITS 1680u /* one pot: lcm(1..8) * 2 */

typedef struct {
    sf_evaluator main_store, low_store; /* evaluators bound to the game's wild ranks */
    const sf_evaluator *main_ev;
    const sf_evaluator *low_ev; /* NULL unless hi-lo */
    int players;
    int need[SF_EQUITY_MAX_PLAYERS];
    sf_hand base[SF_EQUITY_MAX_PLAYERS];
    sf_hand base_low[SF_EQUITY_MAX_PLAYERS];
    uint8_t rest[64]; /* the cards that can still be dealt */
    int nrest;
    int total_need;   /* cards dealt per deal, the shared card included */
    int community;    /* 1: the last card is one shared card (docs/rules.md S3) */
} spot_t;

typedef sf_equity_tally tally_t;

/*
 * The engine's own accumulator steps: the same sums as sf_hand_add, sf_hand_remove and
 * sf_hand_value, from the two separate tables rather than the interleaved one. The engine adds
 * card ids it reads from memory, and an x86 address can scale an index by 8 but not by 16, so
 * the interleaved table would cost a shift per card (the in-order loops the interleaved table
 * serves step a pointer through it instead).
 */
static inline void hand_add(sf_hand *h, const sf_evaluator *ev, uint8_t c)
{
    h->key += ev->key[c];
    h->bits += ev->bit[c];
}

static inline void hand_remove(sf_hand *h, const sf_evaluator *ev, uint8_t c)
{
    h->key -= ev->key[c];
    h->bits -= ev->bit[c];
}

static inline sf_value hand_value(const sf_evaluator *ev, const sf_hand *h)
{
    return sf__hand_value(ev, h->key, h->bits);
}

/* Give card c to a player's hand and, in hi-lo, to its low twin (or take it back). */
static inline void give(const spot_t *spot, sf_hand *h, sf_hand *hl, uint8_t c)
{
    hand_add(h, spot->main_ev, c);
    if (spot->low_ev)
        hand_add(hl, spot->low_ev, c);
}

static inline void take_back(const spot_t *spot, sf_hand *h, sf_hand *hl, uint8_t c)
{
    hand_remove(h, spot->main_ev, c);
    if (spot->low_ev)
        hand_remove(hl, spot->low_ev, c);
}

/* Add (or take back) the shared card to every player's hands. */
static inline void share_card(const spot_t *spot, sf_hand *h, sf_hand *hl, uint8_t c, int add)
{
    for (int p = 0; p < spot->players; p++) {
        if (add)
            give(spot, &h[p], &hl[p], c);
        else
            take_back(spot, &h[p], &hl[p], c);
    }
}

/* A pot split n ways, in units: UNITS / n, exact for every n up to 8 (UNITS is a multiple of
   lcm(1..8)) and even, so half of it is exact too. A table rather than two divisions a
   player: the scoring runs once a deal. */
static const uint16_t split_units[SF_EQUITY_MAX_PLAYERS + 1] = {
    0, UNITS, UNITS / 2, UNITS / 3, UNITS / 4, UNITS / 5, UNITS / 6, UNITS / 7, UNITS / 8};

/* Score one deal from the players' values: v[] under the main ranking, lv[] under the low one
   (read only in hi-lo). */
static inline void score_values(const spot_t *spot, const sf_value *v, const sf_value *lv,
                                tally_t *t)
{
    int n = spot->players;
    sf_value best = 0;
    for (int p = 0; p < n; p++)
        if (v[p] > best)
            best = v[p];
    int nhigh = 0;
    for (int p = 0; p < n; p++)
        nhigh += v[p] == best;
    unsigned halve = 0; /* 1 when a qualifying low takes half the pot */
    uint32_t low_share = 0;
    sf_value lbest = 0;
    int nlow = 0;
    if (spot->low_ev) {
        for (int p = 0; p < n; p++)
            if (lv[p] > lbest)
                lbest = lv[p];
        if (lbest > 0) {
            halve = 1;
            for (int p = 0; p < n; p++)
                nlow += lv[p] == lbest;
            low_share = split_units[nlow] >> 1;
        }
    }
    uint32_t high_share = split_units[nhigh] >> halve;
    for (int p = 0; p < n; p++) {
        uint32_t hs = v[p] == best ? high_share : 0;
        uint32_t ls = nlow && lv[p] == lbest ? low_share : 0;
        uint32_t s = hs + ls;
        t->share[p] += s;
        t->share_sq[p] += (uint64_t)s * s;
        t->high[p] += hs;
        t->low[p] += ls;
        t->win[p] += s == UNITS;
        t->tie[p] += s > 0 && s < UNITS;
    }
    t->deals++;
}

/* Player p's values (main, and low in hi-lo) into v[p] and lv[p]. */
static inline void player_values(const spot_t *spot, const sf_hand *h, const sf_hand *hl, int p,
                                 sf_value *v, sf_value *lv)
{
    v[p] = hand_value(spot->main_ev, &h[p]);
    if (spot->low_ev)
        lv[p] = hand_value(spot->low_ev, &hl[p]);
}

/*
 * A worker's scores. A deal is summed up by who won it, the set of players whose hand is the
 * best (a bit each) and, in hi-lo, the set whose low is the best (none when no low qualifies),
 * so it is counted, in outcome[set] or split[high set | low set << players], and the tally's
 * sums are made from the counts once, when the worker is done (sf__scores_fold): the same
 * integers, for one counter a deal instead of six sums a player. The hi-lo table, 2^(2n)
 * counters, is the worker's own (NULL: hi-lo deals go straight into the sums).
 */
typedef struct {
    tally_t tally;
    uint64_t outcome[1u << SF_EQUITY_MAX_PLAYERS];
    uint64_t *split;
} scores_t;

/* Count one deal of a high-only game from the players' values. */
static inline void score_high(int n, const sf_value *v, scores_t *sc)
{
    sf_value best = 0;
    for (int p = 0; p < n; p++)
        best = v[p] > best ? v[p] : best;
    unsigned winners = 0;
    for (int p = 0; p < n; p++)
        winners |= (unsigned)(v[p] == best) << p;
    sc->outcome[winners]++;
}

/* Count one hi-lo deal into sc->split from the values (lv[p] = 0: no qualifying low). */
static inline void score_split(int n, const sf_value *v, const sf_value *lv, scores_t *sc)
{
    sf_value best = 0, lbest = 0;
    for (int p = 0; p < n; p++) {
        best = v[p] > best ? v[p] : best;
        lbest = lv[p] > lbest ? lv[p] : lbest;
    }
    unsigned high = 0, low = 0;
    for (int p = 0; p < n; p++) {
        high |= (unsigned)(v[p] == best) << p;
        low |= (unsigned)(lv[p] == lbest) << p;
    }
    sc->split[high | (lbest ? low : 0u) << n]++;
}

/* Score one deal: v[] under the main ranking, lv[] under the low one (read only in hi-lo). */
static inline void score_deal(const spot_t *spot, const sf_value *v, const sf_value *lv,
                              scores_t *sc)
{
    if (!spot->low_ev)
        score_high(spot->players, v, sc);
    else if (sc->split)
        score_split(spot->players, v, lv, sc);
    else
        score_values(spot, v, lv, &sc->tally);
}

/* Give a worker of a hi-lo spot its own split table (left NULL when memory is short: the deals
   are then summed one by one, to the same totals); free it with sf__scores_fold. */
void sf__scores_split(scores_t *sc, const spot_t *spot);

/* Add the counts of sc->outcome and sc->split into its tally's sums, deals included (and
   clear them; the split table is freed). */
void sf__scores_fold(scores_t *sc, int players);

/* Add the sums of t into *into. */
void sf__tally_add(tally_t *into, const tally_t *t);

/* A worker's share of a run: worker `index` of `count` copies of one job. */
typedef struct job job_t;
typedef void (*work_fn)(job_t *);
struct job {
    const spot_t *spot;
    work_fn work;
    int index, count; /* this worker of count */
    uint64_t samples, seed, first_sample;
    const struct plan *plan;      /* exact: how the deals split into units */
    uint64_t first_unit, nunits; /* exact: the units of this run */
    _Atomic uint64_t *next_unit;  /* exact: the next unit no worker has taken */
    scores_t scores;
};

/* Check a spot and build the players' base hands and the cards left to deal. */
int sf__equity_setup(spot_t *spot, const sf_equity_game *game, int players,
                     const uint8_t *known, const int *known_count, const uint8_t *dead,
                     int ndead);

/* A thread count clamped to 1 .. SF__MAX_THREADS. */
int sf__equity_threads(int threads);

/* Run `count` copies of `proto` (worker i of count) and add their tallies to *total. */
void sf__equity_run(job_t *jobs, int count, const job_t *proto, tally_t *total);

#endif

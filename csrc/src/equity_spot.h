/*
 * Private: what the equity engine's enumeration (equity_exact.c) and sampling (equity.c)
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
    int community;    /* 1: the last card is one shared card (RULES.md S3) */
} spot_t;

typedef sf_equity_tally tally_t;

/* Give card c to a player's hand and, in hi-lo, to its low twin (or take it back). */
static inline void give(const spot_t *spot, sf_hand *h, sf_hand *hl, uint8_t c)
{
    sf_hand_add(h, spot->main_ev, c);
    if (spot->low_ev)
        sf_hand_add(hl, spot->low_ev, c);
}

static inline void take_back(const spot_t *spot, sf_hand *h, sf_hand *hl, uint8_t c)
{
    sf_hand_remove(h, spot->main_ev, c);
    if (spot->low_ev)
        sf_hand_remove(hl, spot->low_ev, c);
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
    uint32_t high_units = UNITS, low_units = 0;
    sf_value lbest = 0;
    int nlow = 0;
    if (spot->low_ev) {
        for (int p = 0; p < n; p++)
            if (lv[p] > lbest)
                lbest = lv[p];
        if (lbest > 0) { /* a qualifying low takes half */
            high_units = low_units = UNITS / 2;
            for (int p = 0; p < n; p++)
                nlow += lv[p] == lbest;
        }
    }
    for (int p = 0; p < n; p++) {
        uint32_t hs = v[p] == best ? high_units / (uint32_t)nhigh : 0;
        uint32_t ls = nlow && lv[p] == lbest ? low_units / (uint32_t)nlow : 0;
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
    v[p] = sf_hand_value(spot->main_ev, &h[p]);
    if (spot->low_ev)
        lv[p] = sf_hand_value(spot->low_ev, &hl[p]);
}

/* Score one deal: every player's hand is complete in h[] (and hl[] for hi-lo). */
static inline void score(const spot_t *spot, const sf_hand *h, const sf_hand *hl, tally_t *t)
{
    sf_value v[SF_EQUITY_MAX_PLAYERS], lv[SF_EQUITY_MAX_PLAYERS];
    for (int p = 0; p < spot->players; p++)
        v[p] = sf_hand_value(spot->main_ev, &h[p]);
    if (spot->low_ev)
        for (int p = 0; p < spot->players; p++)
            lv[p] = sf_hand_value(spot->low_ev, &hl[p]);
    score_values(spot, v, lv, t);
}

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
    tally_t tally;
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

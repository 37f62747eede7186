/*
 * stud_fast equity, exact enumeration: every way the unknown cards can fall, cut into numbered
 * units so that a run can be done in pieces (see sf_equity_exact_plan in stud_fast/equity.h).
 */
#include <string.h>

#include "equity_spot.h"
#include "parallel.h"

/*
 * An exact run deals, level by level, the shared card (S3) if there is one and then each
 * player's missing cards, in player order; a level's choices are the combinations of the cards
 * the levels before left, walked recursively card by card (one hand update per deal at the
 * bottom). The run is cut into numbered units: a unit fixes the combinations of the levels
 * before `depth - 1` and the first card of level `depth - 1`, and walks every deal below them.
 * The depth is the shallowest that keeps a unit under UNIT_DEALS deals (where the levels allow
 * it), so that a run can be done a slice of units at a time, to stay interruptible and report
 * progress, and shared out between threads; the integer tallies add up to the same total
 * however it is cut.
 */
#ifndef SF_EQUITY_UNIT_DEALS /* a test build sets a small one, to cut small runs deep */
#define SF_EQUITY_UNIT_DEALS (1u << 20)
#endif
#define UNIT_DEALS ((uint64_t)SF_EQUITY_UNIT_DEALS)
#define MAX_LEVELS (SF_EQUITY_MAX_PLAYERS + 1)
#define THREAD_DEALS 262144.0 /* deals a thread must have before another one starts */

typedef struct plan {
    int nlevels;
    int player[MAX_LEVELS];     /* -1: the shared card */
    int k[MAX_LEVELS];          /* cards dealt at the level */
    int m[MAX_LEVELS];          /* cards left to choose from */
    uint64_t radix[MAX_LEVELS]; /* C(m, k) */
    int depth;
    uint64_t firsts; /* first cards of level depth - 1: units per combination of the levels before */
    uint64_t units, deals;
} plan_t;

typedef struct {
    const spot_t *spot;
    sf_hand h[SF_EQUITY_MAX_PLAYERS], hl[SF_EQUITY_MAX_PLAYERS];
    uint8_t used[64]; /* per index into spot->rest */
    scores_t *scores;
    /* the values of players whose hands are complete: a player's hand is valued once, when
       the walk moves on to the next player, not once per deal of the players after it */
    sf_value v[SF_EQUITY_MAX_PLAYERS], lv[SF_EQUITY_MAX_PLAYERS];
    /* the levels before depth - 1 as dealt for the last unit, kept while units share them */
    uint64_t prefix;
    int dealt;
    uint8_t prefix_cards[MAX_LEVELS][8]; /* indices into spot->rest */
} walk_t;

static void deal_player(walk_t *w, int p);

/* Deal (add) or take back (remove) card rest[i] to player p, or to everyone for p < 0. */
static inline void deal_card(walk_t *w, int p, int i, int add)
{
    const spot_t *spot = w->spot;
    w->used[i] = (uint8_t)add;
    if (p < 0)
        share_card(spot, w->h, w->hl, spot->rest[i], add);
    else if (add)
        give(spot, &w->h[p], &w->hl[p], spot->rest[i]);
    else
        take_back(spot, &w->h[p], &w->hl[p], spot->rest[i]);
}

/*
 * The innermost loop of the walk: the last player's last card. Every other hand is complete
 * and valued, so a deal costs one card add and one value (two in hi-lo) on a copy of the hand,
 * then the scoring.
 */
static void last_card(walk_t *w, int p, int from)
{
    const spot_t *spot = w->spot;
    const sf_evaluator *ev = spot->main_ev, *low = spot->low_ev;
    for (int i = from; i < spot->nrest; i++) {
        if (w->used[i])
            continue;
        uint8_t c = spot->rest[i];
        sf_hand h = w->h[p];
        hand_add(&h, ev, c);
        w->v[p] = hand_value(ev, &h);
        if (low) {
            sf_hand hl = w->hl[p];
            hand_add(&hl, low, c);
            w->lv[p] = hand_value(low, &hl);
        }
        score_deal(spot, w->v, w->lv, w->scores);
    }
}

/* Give player p `left` more cards, choosing indices of spot->rest above `from`. */
static void choose(walk_t *w, int p, int left, int from)
{
    const spot_t *spot = w->spot;
    if (left == 0) {
        deal_player(w, p + 1);
        return;
    }
    if (left == 1 && p == spot->players - 1) {
        last_card(w, p, from);
        return;
    }
    for (int i = from; i <= spot->nrest - left; i++) {
        if (w->used[i])
            continue;
        uint8_t c = spot->rest[i];
        w->used[i] = 1;
        give(spot, &w->h[p], &w->hl[p], c);
        choose(w, p, left - 1, i + 1);
        take_back(spot, &w->h[p], &w->hl[p], c);
        w->used[i] = 0;
    }
}

static void deal_player(walk_t *w, int p)
{
    if (p > 0) /* players before p are complete: p - 1 just became so */
        player_values(w->spot, w->h, w->hl, p - 1, w->v, w->lv);
    if (p == w->spot->players) {
        score_deal(w->spot, w->v, w->lv, w->scores);
        return;
    }
    choose(w, p, w->spot->need[p], 0);
}

/* C(n, k) exactly, for n <= 64 and k <= 8 (every intermediate product fits in 64 bits). */
static uint64_t combinations(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    uint64_t r = 1;
    for (int i = 0; i < k; i++)
        r = r * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return r;
}

static int make_plan(const spot_t *spot, plan_t *plan)
{
    memset(plan, 0, sizeof *plan);
    int m = spot->nrest, n = 0;
    double deals = 1;
    for (int p = spot->community ? -1 : 0; p < spot->players; p++) {
        int k = p < 0 ? 1 : spot->need[p];
        if (k == 0)
            continue;
        plan->player[n] = p;
        plan->k[n] = k;
        plan->m[n] = m;
        plan->radix[n] = combinations(m, k);
        deals *= (double)plan->radix[n];
        m -= k;
        n++;
    }
    if (deals > (double)SF_EQUITY_MAX_DEALS)
        return SF_E_HUGE;
    plan->nlevels = n;
    plan->deals = 1;
    for (int i = 0; i < n; i++)
        plan->deals *= plan->radix[i];
    plan->firsts = plan->units = 1;
    if (n == 0)
        return SF_OK; /* nothing to deal: one unit, one deal */
    /* the largest unit at depth d: the first first card of level d - 1, C(m - 1, k - 1)
       combinations of the rest of it, times every deal of the levels below */
    uint64_t below = 1;
    int d = n;
    for (int i = n - 1; i >= 0; i--) {
        if (combinations(plan->m[i] - 1, plan->k[i] - 1) * below > UNIT_DEALS)
            break;
        d = i + 1;
        below *= plan->radix[i];
    }
    plan->depth = d;
    plan->firsts = (uint64_t)(plan->m[d - 1] - plan->k[d - 1] + 1);
    plan->units = plan->firsts;
    for (int i = 0; i < d - 1; i++)
        plan->units *= plan->radix[i];
    return SF_OK;
}

/* The combination number r (lexicographic order) of k positions among m. */
static void unrank(uint64_t r, int m, int k, int *pos)
{
    int x = 0;
    for (int i = 0; i < k; i++) {
        for (;;) {
            uint64_t c = combinations(m - x - 1, k - i - 1);
            if (r < c)
                break;
            r -= c;
            x++;
        }
        pos[i] = x++;
    }
}

/* The i-th free card (not used), as an index into spot->rest; -1 if there is none. */
static int free_card(const walk_t *w, int i)
{
    for (int j = 0; j < w->spot->nrest; j++)
        if (!w->used[j] && i-- == 0)
            return j;
    return -1;
}

/* Deal (add) or take back the levels before depth - 1 for combination `prefix` of them. */
static void deal_prefix(walk_t *w, const plan_t *plan, uint64_t prefix, int add)
{
    int d = plan->depth;
    if (!add) {
        for (int i = d - 2; i >= 0; i--)
            for (int j = 0; j < plan->k[i]; j++)
                deal_card(w, plan->player[i], w->prefix_cards[i][j], 0);
        w->dealt = 0;
        return;
    }
    uint64_t digit[MAX_LEVELS];
    for (int i = d - 2; i >= 0; i--) {
        digit[i] = prefix % plan->radix[i];
        prefix /= plan->radix[i];
    }
    for (int i = 0; i < d - 1; i++) {
        int pos[8];
        unrank(digit[i], plan->m[i], plan->k[i], pos);
        for (int j = 0; j < plan->k[i]; j++) /* positions among the cards still free */
            w->prefix_cards[i][j] = (uint8_t)free_card(w, pos[j]);
        for (int j = 0; j < plan->k[i]; j++)
            deal_card(w, plan->player[i], w->prefix_cards[i][j], 1);
    }
    w->dealt = 1;
}

/* Every deal of unit u. */
static void walk_unit(walk_t *w, const plan_t *plan, uint64_t u)
{
    if (plan->nlevels == 0) {
        deal_player(w, 0);
        return;
    }
    uint64_t prefix = u / plan->firsts, first = u % plan->firsts;
    if (w->dealt && w->prefix != prefix)
        deal_prefix(w, plan, 0, 0);
    if (!w->dealt) {
        deal_prefix(w, plan, prefix, 1);
        w->prefix = prefix;
    }
    int level = plan->depth - 1, p = plan->player[level];
    for (int q = 0; q < p; q++) /* complete after the prefix: the walk below starts at p */
        player_values(w->spot, w->h, w->hl, q, w->v, w->lv);
    int c = free_card(w, (int)first);
    if (c < 0) /* cannot happen (first < plan->firsts); says so to the compiler's bounds check */
        return;
    deal_card(w, p, c, 1);
    choose(w, p, plan->k[level] - 1, c + 1); /* p = -1, the shared card: deals player 0 on */
    deal_card(w, p, c, 0);
}

static void exact_work(job_t *j)
{
    const spot_t *spot = j->spot;
    walk_t w;
    w.spot = spot;
    w.scores = &j->scores;
    sf__scores_split(w.scores, spot); /* folded (and freed) by sf__equity_run */
    memset(w.used, 0, sizeof w.used);
    w.dealt = 0;
    for (int p = 0; p < spot->players; p++) {
        w.h[p] = spot->base[p];
        w.hl[p] = spot->base_low[p];
    }
    /* units differ in size (the first first card leads the most deals): each worker takes the
       next unit left, so they finish together; the sums do not depend on who did what */
    uint64_t end = j->first_unit + j->nunits;
    for (;;) {
        uint64_t u = atomic_fetch_add_explicit(j->next_unit, 1, memory_order_relaxed);
        if (u >= end)
            break;
        walk_unit(&w, j->plan, u);
    }
}

int sf_equity_exact_plan(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead,
                         uint64_t *units, uint64_t *deals)
{
    spot_t spot;
    plan_t plan;
    if (!units || !deals)
        return SF_E_ARGUMENT;
    int status = sf__equity_setup(&spot, game, players, known, known_count, dead, ndead);
    if (status == SF_OK)
        status = make_plan(&spot, &plan);
    if (status != SF_OK)
        return status;
    *units = plan.units;
    *deals = plan.deals;
    return SF_OK;
}

int sf_equity_exact_into(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead,
                         uint64_t first_unit, uint64_t units, int threads, sf_equity_tally *tally)
{
    spot_t spot;
    plan_t plan;
    if (!tally)
        return SF_E_ARGUMENT;
    int status = sf__equity_setup(&spot, game, players, known, known_count, dead, ndead);
    if (status == SF_OK)
        status = make_plan(&spot, &plan);
    if (status != SF_OK)
        return status;
    if (first_unit > plan.units || units > plan.units - first_unit)
        return SF_E_ARGUMENT;
    int count = sf__equity_threads(threads);
    if ((uint64_t)count > units)
        count = units ? (int)units : 1;
    /* a thread takes tens of microseconds to start, what a small run costs in all: one thread
       for every THREAD_DEALS deals the units hold, at least one */
    double deals = plan.units ? (double)plan.deals * (double)units / (double)plan.units : 0;
    if ((double)count > deals / THREAD_DEALS + 1)
        count = (int)(deals / THREAD_DEALS) + 1;
    job_t jobs[SF__MAX_THREADS], proto;
    memset(&proto, 0, sizeof proto);
    proto.spot = &spot;
    proto.work = exact_work;
    proto.plan = &plan;
    proto.first_unit = first_unit;
    proto.nunits = units;
    _Atomic uint64_t next_unit = first_unit;
    proto.next_unit = &next_unit;
    sf__equity_run(jobs, count, &proto, tally);
    return SF_OK;
}

int sf_equity_exact(const sf_equity_game *game, int players, const uint8_t *known,
                    const int *known_count, const uint8_t *dead, int ndead, int threads,
                    sf_equity_result *out)
{
    uint64_t units, deals;
    sf_equity_tally tally;
    if (!out)
        return SF_E_ARGUMENT;
    int status = sf_equity_exact_plan(game, players, known, known_count, dead, ndead, &units,
                                      &deals);
    if (status != SF_OK)
        return status;
    memset(&tally, 0, sizeof tally);
    status = sf_equity_exact_into(game, players, known, known_count, dead, ndead, 0, units,
                                  threads, &tally);
    if (status != SF_OK)
        return status;
    sf_equity_finish(&tally, players, 1, out);
    return SF_OK;
}


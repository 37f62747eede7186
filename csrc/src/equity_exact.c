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
 * the levels before left. The run is cut into units of about UNIT_DEALS deals: a unit fixes
 * the choices of the levels before `depth - 1` and a range of `group` consecutive combinations
 * of level `depth - 1`, and walks every deal below them. Units are numbered, so a run can be
 * done a slice of units at a time (to stay interruptible, to report progress) and shared out
 * between threads; the integer tallies add up to the same total however it is cut.
 */
#define UNIT_DEALS 4096
#define MAX_LEVELS (SF_EQUITY_MAX_PLAYERS + 1)

typedef struct plan {
    int nlevels;
    int player[MAX_LEVELS]; /* -1: the shared card */
    int k[MAX_LEVELS];      /* cards dealt at the level */
    int m[MAX_LEVELS];      /* cards left to choose from */
    uint64_t radix[MAX_LEVELS]; /* C(m, k) */
    int depth;
    uint64_t group, groups; /* combinations of level depth - 1 per unit, and units per prefix */
    uint64_t units, deals;
} plan_t;

typedef struct {
    const spot_t *spot;
    sf_hand h[SF_EQUITY_MAX_PLAYERS], hl[SF_EQUITY_MAX_PLAYERS];
    uint8_t used[64]; /* per index into spot->rest */
    tally_t *tally;
} walk_t;

static void deal_player(walk_t *w, int p);

/* Give player p `left` more cards, choosing indices of spot->rest above `from`. */
static void choose(walk_t *w, int p, int left, int from)
{
    const spot_t *spot = w->spot;
    if (left == 0) {
        deal_player(w, p + 1);
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
    if (p == w->spot->players) {
        score(w->spot, w->h, w->hl, w->tally);
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
    plan->group = plan->groups = plan->units = 1;
    if (n == 0)
        return SF_OK; /* nothing to deal: one unit, one deal */
    uint64_t below = 1; /* deals under one combination of level depth - 1 */
    int d = n;
    while (d > 1 && below * plan->radix[d - 1] <= UNIT_DEALS)
        below *= plan->radix[--d];
    plan->depth = d;
    plan->group = below >= UNIT_DEALS ? 1 : UNIT_DEALS / below;
    if (plan->group > plan->radix[d - 1])
        plan->group = plan->radix[d - 1];
    plan->groups = (plan->radix[d - 1] + plan->group - 1) / plan->group;
    plan->units = plan->groups;
    for (int i = 0; i < d - 1; i++)
        plan->units *= plan->radix[i];
    return SF_OK;
}

/* The cards still free at a level, as indices into spot->rest, in increasing order. */
static int free_cards(const walk_t *w, uint8_t *out)
{
    int n = 0;
    for (int i = 0; i < w->spot->nrest; i++)
        if (!w->used[i])
            out[n++] = (uint8_t)i;
    return n;
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

/* The next combination after pos (lexicographic order); 0 after the last one. */
static int next_combination(int m, int k, int *pos)
{
    int i = k - 1;
    while (i >= 0 && pos[i] == m - k + i)
        i--;
    if (i < 0)
        return 0;
    pos[i]++;
    for (int j = i + 1; j < k; j++)
        pos[j] = pos[j - 1] + 1;
    return 1;
}

/* Deal (add) or take back (remove) one level's cards: the free cards at positions pos. */
static void deal_level(walk_t *w, const plan_t *plan, int level, const uint8_t *avail,
                       const int *pos, int add)
{
    const spot_t *spot = w->spot;
    int p = plan->player[level];
    for (int i = 0; i < plan->k[level]; i++) {
        int idx = avail[pos[i]];
        uint8_t c = spot->rest[idx];
        w->used[idx] = (uint8_t)add;
        if (p < 0)
            share_card(spot, w->h, w->hl, c, add);
        else if (add)
            give(spot, &w->h[p], &w->hl[p], c);
        else
            take_back(spot, &w->h[p], &w->hl[p], c);
    }
}

/* Every deal of unit u. */
static void walk_unit(walk_t *w, const plan_t *plan, uint64_t u)
{
    if (plan->nlevels == 0) {
        deal_player(w, 0);
        return;
    }
    int d = plan->depth, pos[MAX_LEVELS][8];
    uint8_t avail[MAX_LEVELS][64];
    uint64_t digit[MAX_LEVELS];
    uint64_t g = u % plan->groups;
    u /= plan->groups;
    for (int i = d - 2; i >= 0; i--) {
        digit[i] = u % plan->radix[i];
        u /= plan->radix[i];
    }
    for (int i = 0; i < d - 1; i++) {
        free_cards(w, avail[i]);
        unrank(digit[i], plan->m[i], plan->k[i], pos[i]);
        deal_level(w, plan, i, avail[i], pos[i], 1);
    }
    int last = d - 1, k = plan->k[last], m = plan->m[last];
    int next = plan->player[last] + 1; /* 0 after the shared card */
    uint64_t first = g * plan->group, count = plan->radix[last] - first;
    if (count > plan->group)
        count = plan->group;
    free_cards(w, avail[last]);
    unrank(first, m, k, pos[last]);
    for (uint64_t c = 0; c < count; c++) {
        deal_level(w, plan, last, avail[last], pos[last], 1);
        deal_player(w, next);
        deal_level(w, plan, last, avail[last], pos[last], 0);
        next_combination(m, k, pos[last]);
    }
    for (int i = d - 2; i >= 0; i--)
        deal_level(w, plan, i, avail[i], pos[i], 0);
}

static void exact_work(job_t *j)
{
    const spot_t *spot = j->spot;
    walk_t w;
    w.spot = spot;
    w.tally = &j->tally;
    memset(w.used, 0, sizeof w.used);
    for (int p = 0; p < spot->players; p++) {
        w.h[p] = spot->base[p];
        w.hl[p] = spot->base_low[p];
    }
    uint64_t end = j->first_unit + j->nunits;
    for (uint64_t u = j->first_unit + (uint64_t)j->index; u < end; u += (uint64_t)j->count)
        walk_unit(&w, j->plan, u);
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
    job_t jobs[SF__MAX_THREADS], proto;
    memset(&proto, 0, sizeof proto);
    proto.spot = &spot;
    proto.work = exact_work;
    proto.plan = &plan;
    proto.first_unit = first_unit;
    proto.nunits = units;
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


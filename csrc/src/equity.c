/*
 * stud_fast equity: exact enumeration and Monte Carlo over the cards players still lack.
 *
 * Both walk the same leaf: every player's hand is an sf_hand accumulator holding the known
 * cards, to which the deal's cards are added; each leaf scores the pot in integer units (1680ths
 * of a pot: divisible by every tie size up to 8, halved for hi-lo) so that per-thread sums add
 * up to the same total whatever the thread count.
 */
#include "stud_fast/equity.h"

#include <math.h>
#include <string.h>

#include "parallel.h"

#define UNITS 1680u /* one pot: lcm(1..8) * 2 */
#define SAMPLE_BLOCK ((uint64_t)SF_EQUITY_BLOCK)

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

static int deck_size(sf_ranking r)
{
    return r == SF_RANKING_SHORT32 ? 32 : 52;
}

static int first_card(sf_ranking r)
{
    return r == SF_RANKING_SHORT32 ? 4 * SF_SHORT32_FIRST_RANK : 0;
}

/* Check the spot and build the players' base hands and the cards left to deal. */
static int setup(spot_t *spot, const sf_equity_game *game, int players, const uint8_t *known,
                 const int *known_count, const uint8_t *dead, int ndead)
{
    if (!game || !known_count || (ndead && !dead) || ndead < 0)
        return SF_E_ARGUMENT;
    if (players < 2 || players > SF_EQUITY_MAX_PLAYERS)
        return SF_E_PLAYERS;
    if (game->cards_per_player != 5 && game->cards_per_player != 7)
        return SF_E_COUNT;
    if (game->ranking != SF_RANKING_HIGH && game->ranking != SF_RANKING_SHORT32 &&
        game->ranking != SF_RANKING_RAZZ)
        return SF_E_RANKING;
    if (game->jokers < 0 || game->jokers > 4)
        return SF_E_DECK;
    memset(spot, 0, sizeof *spot);
    int status = sf_evaluator_init(&spot->main_store, game->ranking, game->wild_ranks);
    if (status != SF_OK)
        return status;
    spot->main_ev = &spot->main_store;
    if (game->hilo) {
        sf_evaluator_init(&spot->low_store, SF_RANKING_LOW8, game->wild_ranks);
        spot->low_ev = &spot->low_store;
    }
    int jokers_known = 0;
    spot->players = players;
    uint8_t seen[64] = {0};
    int lo = first_card(game->ranking), hi = lo + deck_size(game->ranking);
    for (int p = 0; p < players; p++) {
        int k = known_count[p];
        if (k < 0 || k > game->cards_per_player)
            return SF_E_TOO_MANY;
        if (k && !known)
            return SF_E_ARGUMENT;
        sf_hand_clear(&spot->base[p]);
        sf_hand_clear(&spot->base_low[p]);
        for (int i = 0; i < k; i++) {
            uint8_t c = known[p * 7 + i];
            if (c > SF_JOKER)
                return SF_E_CARD;
            if (c == SF_JOKER && ++jokers_known > game->jokers)
                return SF_E_DUPLICATE; /* more jokers than the deck holds */
            if (c != SF_JOKER) {
                if (c < lo || c >= hi)
                    return SF_E_DECK;
                if (seen[c]++)
                    return SF_E_DUPLICATE;
            }
            give(spot, &spot->base[p], &spot->base_low[p], c);
        }
        spot->need[p] = game->cards_per_player - k;
        spot->total_need += spot->need[p];
    }
    for (int i = 0; i < ndead; i++) {
        uint8_t c = dead[i];
        if (c >= SF_JOKER)
            return c == SF_JOKER ? SF_E_DECK : SF_E_CARD;
        if (c < lo || c >= hi)
            return SF_E_DECK;
        if (seen[c]++)
            return SF_E_DUPLICATE;
    }
    for (int c = lo; c < hi; c++)
        if (!seen[c])
            spot->rest[spot->nrest++] = (uint8_t)c;
    for (int j = jokers_known; j < game->jokers; j++)
        spot->rest[spot->nrest++] = SF_JOKER;
    if (spot->total_need > spot->nrest) {
        /* S3: the stub cannot give everyone a seventh card: one shared card instead */
        int all_lack_last = game->cards_per_player == 7;
        for (int p = 0; p < players; p++)
            all_lack_last &= spot->need[p] >= 1;
        if (!all_lack_last || spot->total_need - players + 1 > spot->nrest)
            return SF_E_DECK_SHORT;
        spot->community = 1;
        for (int p = 0; p < players; p++)
            spot->need[p]--;
        spot->total_need -= players - 1;
    }
    return SF_OK;
}

/* Add (or take back) the shared card to every player's hands. */
static void share_card(const spot_t *spot, sf_hand *h, sf_hand *hl, uint8_t c, int add)
{
    for (int p = 0; p < spot->players; p++) {
        if (add)
            give(spot, &h[p], &hl[p], c);
        else
            take_back(spot, &h[p], &hl[p], c);
    }
}

/* Score one deal: every player's hand is complete in h[] (and hl[] for hi-lo). */
static inline void score(const spot_t *spot, const sf_hand *h, const sf_hand *hl, tally_t *t)
{
    int n = spot->players;
    sf_value v[SF_EQUITY_MAX_PLAYERS], best = 0;
    for (int p = 0; p < n; p++) {
        v[p] = sf_hand_value(spot->main_ev, &h[p]);
        if (v[p] > best)
            best = v[p];
    }
    int nhigh = 0;
    for (int p = 0; p < n; p++)
        nhigh += v[p] == best;
    uint32_t high_units = UNITS, low_units = 0;
    sf_value lv[SF_EQUITY_MAX_PLAYERS], lbest = 0;
    int nlow = 0;
    if (spot->low_ev) {
        for (int p = 0; p < n; p++) {
            lv[p] = sf_hand_value(spot->low_ev, &hl[p]);
            if (lv[p] > lbest)
                lbest = lv[p];
        }
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

static void tally_add(tally_t *into, const tally_t *t)
{
    for (int p = 0; p < SF_EQUITY_MAX_PLAYERS; p++) {
        into->share[p] += t->share[p];
        into->share_sq[p] += t->share_sq[p];
        into->high[p] += t->high[p];
        into->low[p] += t->low[p];
        into->win[p] += t->win[p];
        into->tie[p] += t->tie[p];
    }
    into->deals += t->deals;
}

void sf_equity_finish(const sf_equity_tally *t, int players, int exact, sf_equity_result *out)
{
    memset(out, 0, sizeof *out);
    if (players < 0 || players > SF_EQUITY_MAX_PLAYERS)
        players = 0;
    out->players = players;
    out->exact = exact;
    out->deals = t->deals;
    double d = (double)t->deals;
    for (int p = 0; p < players && d > 0; p++) {
        double mean = (double)t->share[p] / d;
        out->equity[p] = mean / UNITS;
        out->high[p] = (double)t->high[p] / d / UNITS;
        out->low[p] = (double)t->low[p] / d / UNITS;
        out->win[p] = (double)t->win[p] / d;
        out->tie[p] = (double)t->tie[p] / d;
        if (!exact && d > 1) {
            double var = ((double)t->share_sq[p] / d - mean * mean) * d / (d - 1);
            out->std_error[p] = sqrt(var > 0 ? var / d : 0) / UNITS;
        }
    }
}

/* ---- threads ------------------------------------------------------------------------------ */

typedef struct job job_t;
typedef void (*work_fn)(job_t *);
struct job {
    const spot_t *spot;
    work_fn work;
    int index, count; /* this worker of count */
    uint64_t samples, seed, first_sample;
    const struct plan *plan;      /* exact: how the deals split into units */
    uint64_t first_unit, nunits; /* exact: the units of this run */
    tally_t tally;
};

static void run_job(void *arg)
{
    job_t *j = arg;
    j->work(j);
}

/* Run `count` copies of `proto` (worker i of count) and add their tallies to *total. */
static void run_copies(job_t *jobs, int count, const job_t *proto, tally_t *total)
{
    for (int i = 0; i < count; i++) {
        jobs[i] = *proto;
        jobs[i].index = i;
        jobs[i].count = count;
    }
    sf__run_parallel(jobs, sizeof *jobs, count, run_job);
    for (int i = 0; i < count; i++)
        tally_add(total, &jobs[i].tally);
}

static int clamp_threads(int threads)
{
    if (threads < 1)
        threads = 1;
    return threads > SF__MAX_THREADS ? SF__MAX_THREADS : threads;
}

/* ---- exact enumeration --------------------------------------------------------------------- */

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

static double binomial(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

double sf_equity_deal_count(const sf_equity_game *game, int players, const int *known_count,
                            int nunseen)
{
    if (!game || !known_count)
        return SF_E_ARGUMENT;
    if (players < 2 || players > SF_EQUITY_MAX_PLAYERS)
        return SF_E_PLAYERS;
    int left = nunseen, need[SF_EQUITY_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        if (known_count[p] < 0 || known_count[p] > game->cards_per_player)
            return SF_E_TOO_MANY;
        need[p] = game->cards_per_player - known_count[p];
    }
    double deals = 1;
    int total = 0, all_lack_last = game->cards_per_player == 7;
    for (int p = 0; p < players; p++) {
        total += need[p];
        all_lack_last &= need[p] >= 1;
    }
    if (total > left) { /* S3: one shared last card */
        if (!all_lack_last || total - players + 1 > left)
            return SF_E_DECK_SHORT;
        deals = left--;
        for (int p = 0; p < players; p++)
            need[p]--;
    }
    for (int p = 0; p < players; p++) {
        deals *= binomial(left, need[p]);
        left -= need[p];
    }
    return deals;
}

int sf_equity_exact_plan(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead,
                         uint64_t *units, uint64_t *deals)
{
    spot_t spot;
    plan_t plan;
    if (!units || !deals)
        return SF_E_ARGUMENT;
    int status = setup(&spot, game, players, known, known_count, dead, ndead);
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
    int status = setup(&spot, game, players, known, known_count, dead, ndead);
    if (status == SF_OK)
        status = make_plan(&spot, &plan);
    if (status != SF_OK)
        return status;
    if (first_unit > plan.units || units > plan.units - first_unit)
        return SF_E_ARGUMENT;
    int count = clamp_threads(threads);
    if ((uint64_t)count > units)
        count = units ? (int)units : 1;
    job_t jobs[SF__MAX_THREADS], proto;
    memset(&proto, 0, sizeof proto);
    proto.spot = &spot;
    proto.work = exact_work;
    proto.plan = &plan;
    proto.first_unit = first_unit;
    proto.nunits = units;
    run_copies(jobs, count, &proto, tally);
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

/* ---- Monte Carlo ---------------------------------------------------------------------------- */

/* splitmix64: seeds each block's generator from (seed, block number) */
static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* xoshiro256**: the sampling generator */
typedef struct {
    uint64_t s[4];
} rng_t;

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A number below n: the high half of a 64x64 product (bias below 2^-58 for n <= 64). */
static inline uint32_t below(rng_t *r, uint32_t n)
{
    return (uint32_t)(((unsigned __int128)rng_next(r) * n) >> 64);
}

static void sample_work(job_t *j)
{
    const spot_t *spot = j->spot;
    uint64_t first = j->first_sample / SAMPLE_BLOCK, end = j->first_sample + j->samples;
    uint64_t blocks = (j->samples + SAMPLE_BLOCK - 1) / SAMPLE_BLOCK;
    uint8_t deck[64];
    sf_hand h[SF_EQUITY_MAX_PLAYERS], hl[SF_EQUITY_MAX_PLAYERS];
    for (uint64_t local = (uint64_t)j->index; local < blocks; local += (uint64_t)j->count) {
        uint64_t b = first + local; /* the block's number in the whole run fixes its stream */
        uint64_t x = j->seed ^ (b * 0xD1B54A32D192ED03ULL);
        rng_t r;
        for (int i = 0; i < 4; i++)
            r.s[i] = splitmix(&x);
        uint64_t n = end - b * SAMPLE_BLOCK < SAMPLE_BLOCK ? end - b * SAMPLE_BLOCK : SAMPLE_BLOCK;
        memcpy(deck, spot->rest, (size_t)spot->nrest);
        for (uint64_t k = 0; k < n; k++) {
            /* a partial Fisher-Yates shuffle draws the cards everyone lacks */
            for (int i = 0; i < spot->total_need; i++) {
                int m = i + (int)below(&r, (uint32_t)(spot->nrest - i));
                uint8_t t = deck[i];
                deck[i] = deck[m];
                deck[m] = t;
            }
            int next = spot->community; /* deck[0] is the shared card when there is one */
            for (int p = 0; p < spot->players; p++) {
                h[p] = spot->base[p];
                hl[p] = spot->base_low[p];
                if (spot->community)
                    give(spot, &h[p], &hl[p], deck[0]);
                for (int i = 0; i < spot->need[p]; i++)
                    give(spot, &h[p], &hl[p], deck[next++]);
            }
            score(spot, h, hl, &j->tally);
        }
    }
}

int sf_equity_sample_into(const sf_equity_game *game, int players, const uint8_t *known,
                          const int *known_count, const uint8_t *dead, int ndead,
                          uint64_t first_sample, uint64_t samples, uint64_t seed, int threads,
                          sf_equity_tally *tally)
{
    spot_t spot;
    if (!tally || first_sample % SAMPLE_BLOCK)
        return SF_E_ARGUMENT;
    int status = setup(&spot, game, players, known, known_count, dead, ndead);
    if (status != SF_OK)
        return status;
    int count = clamp_threads(threads);
    job_t jobs[SF__MAX_THREADS], proto;
    memset(&proto, 0, sizeof proto);
    proto.spot = &spot;
    proto.work = sample_work;
    proto.samples = samples;
    proto.seed = seed;
    proto.first_sample = first_sample;
    run_copies(jobs, count, &proto, tally);
    return SF_OK;
}

int sf_equity_sample(const sf_equity_game *game, int players, const uint8_t *known,
                     const int *known_count, const uint8_t *dead, int ndead, uint64_t samples,
                     uint64_t seed, int threads, sf_equity_result *out)
{
    sf_equity_tally tally;
    if (!out)
        return SF_E_ARGUMENT;
    memset(&tally, 0, sizeof tally);
    int status = sf_equity_sample_into(game, players, known, known_count, dead, ndead, 0,
                                       samples, seed, threads, &tally);
    if (status != SF_OK)
        return status;
    sf_equity_finish(&tally, players, 0, out);
    return SF_OK;
}

/*
 * stud_fast equity: the spot's checks, the tallies and the threads, shared by the Monte Carlo
 * sampler (equity_sample.c) and the exact enumeration (equity_exact.c).
 *
 * Both walk the same leaf (equity_spot.h): every player's hand is an sf_hand accumulator holding the known
 * cards, to which the deal's cards are added; each leaf scores the pot in integer units (1680ths
 * of a pot: divisible by every tie size up to 8, halved for hi-lo) so that per-thread sums add
 * up to the same total whatever the thread count.
 */
#include "stud_fast/equity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "equity_spot.h"
#include "parallel.h"

static int deck_size(sf_ranking r)
{
    return r == SF_RANKING_SHORT32 ? 32 : 52;
}

static int first_card(sf_ranking r)
{
    return r == SF_RANKING_SHORT32 ? 4 * SF_SHORT32_FIRST_RANK : 0;
}

/* Check the spot and build the players' base hands and the cards left to deal. */
int sf__equity_setup(spot_t *spot, const sf_equity_game *game, int players,
                     const uint8_t *known, const int *known_count, const uint8_t *dead,
                     int ndead)
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


void sf__scores_split(scores_t *sc, const spot_t *spot)
{
    sc->split = NULL;
    if (spot->low_ev)
        sc->split = calloc((size_t)1 << (2 * spot->players), sizeof *sc->split);
}

static int members(unsigned set)
{
    int k = 0;
    for (; set; set &= set - 1)
        k++;
    return k;
}

/* The sums of n deals won by the players of `high` and, if any, `low` (score_values' rules:
   a qualifying low takes half the pot, each half split among its winners). */
static void fold_outcome(tally_t *t, int players, unsigned high, unsigned low, uint64_t n)
{
    unsigned halve = low != 0;
    uint64_t high_share = split_units[members(high)] >> halve;
    uint64_t low_share = low ? split_units[members(low)] >> 1 : 0;
    for (int p = 0; p < players; p++) {
        uint64_t hs = high >> p & 1 ? high_share : 0;
        uint64_t ls = low >> p & 1 ? low_share : 0;
        uint64_t s = hs + ls;
        if (!s)
            continue;
        t->share[p] += n * s;
        t->share_sq[p] += n * s * s;
        t->high[p] += n * hs;
        t->low[p] += n * ls;
        if (s == UNITS)
            t->win[p] += n;
        else
            t->tie[p] += n;
    }
    t->deals += n;
}

void sf__scores_fold(scores_t *sc, int players)
{
    tally_t *t = &sc->tally;
    for (unsigned set = 1; set < 1u << SF_EQUITY_MAX_PLAYERS; set++) {
        if (sc->outcome[set])
            fold_outcome(t, SF_EQUITY_MAX_PLAYERS, set, 0, sc->outcome[set]);
        sc->outcome[set] = 0;
    }
    if (sc->split) {
        unsigned mask = (1u << players) - 1;
        for (unsigned i = 0; i < 1u << (2 * players); i++)
            if (sc->split[i])
                fold_outcome(t, players, i & mask, i >> players, sc->split[i]);
        free(sc->split);
        sc->split = NULL;
    }
}

void sf__tally_add(tally_t *into, const tally_t *t)
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


static void run_job(void *arg)
{
    job_t *j = arg;
    j->work(j);
}

/* Run `count` copies of `proto` (worker i of count) and add their tallies to *total. */
void sf__equity_run(job_t *jobs, int count, const job_t *proto, tally_t *total)
{
    for (int i = 0; i < count; i++) {
        jobs[i] = *proto;
        jobs[i].index = i;
        jobs[i].count = count;
    }
    sf__run_parallel(jobs, sizeof *jobs, count, run_job);
    for (int i = 0; i < count; i++) {
        sf__scores_fold(&jobs[i].scores, jobs[i].spot->players);
        sf__tally_add(total, &jobs[i].scores.tally);
    }
}

int sf__equity_threads(int threads)
{
    if (threads < 1)
        threads = 1;
    return threads > SF__MAX_THREADS ? SF__MAX_THREADS : threads;
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

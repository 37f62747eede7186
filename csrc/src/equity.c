/*
 * stud_fast equity: the spot's checks, tallies, threads and Monte Carlo sampling over the
 * cards players still lack (exact enumeration is equity_exact.c).
 *
 * Both walk the same leaf (equity_spot.h): every player's hand is an sf_hand accumulator holding the known
 * cards, to which the deal's cards are added; each leaf scores the pot in integer units (1680ths
 * of a pot: divisible by every tie size up to 8, halved for hi-lo) so that per-thread sums add
 * up to the same total whatever the thread count.
 */
#include "stud_fast/equity.h"

#include <math.h>
#include <string.h>

#include "draw.h"
#include "equity_spot.h"
#include "parallel.h"

#define SAMPLE_BLOCK ((uint64_t)SF_EQUITY_BLOCK)

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


void sf__scores_fold(scores_t *sc)
{
    tally_t *t = &sc->tally;
    for (unsigned set = 1; set < 1u << SF_EQUITY_MAX_PLAYERS; set++) {
        uint64_t n = sc->outcome[set];
        if (!n)
            continue;
        int k = 0; /* the winners, who split the pot */
        for (int p = 0; p < SF_EQUITY_MAX_PLAYERS; p++)
            k += set >> p & 1;
        uint64_t s = split_units[k];
        for (int p = 0; p < SF_EQUITY_MAX_PLAYERS; p++) {
            if (!(set >> p & 1))
                continue;
            t->share[p] += n * s;
            t->share_sq[p] += n * s * s;
            t->high[p] += n * s;
            if (k == 1)
                t->win[p] += n;
            else
                t->tie[p] += n;
        }
        t->deals += n;
        sc->outcome[set] = 0;
    }
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
        sf__scores_fold(&jobs[i].scores);
        tally_add(total, &jobs[i].scores.tally);
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

static uint64_t rng_word(void *r)
{
    return rng_next(r);
}

/*
 * The value of a player's hand in a deal: its sums so far (the known cards, and the shared
 * card if there is one) plus the dealt cards. The card set is summed only for a hand that may
 * hold a flush: the value needs it nowhere else.
 */
static inline sf_value dealt_value(const sf_evaluator *ev, sf_hand h, const uint8_t *cards,
                                   int n)
{
    uint64_t key = h.key;
    for (int i = 0; i < n; i++)
        key += ev->key[cards[i]];
    uint64_t bits = 0;
    if (SF__EXPECT((key & SF__FLUSH_FLAGS) != 0, 0)) {
        bits = h.bits;
        for (int i = 0; i < n; i++)
            bits += ev->bit[cards[i]];
    }
    return sf__hand_value(ev, key, bits);
}

/* Inlined even where it is big: the callers below make hilo a constant. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* A worker's blocks of samples; hilo (a constant in each caller) says whether there is a low
   evaluator, so that a high-only game's loop carries nothing of the low half. */
static ALWAYS_INLINE void sample_blocks(job_t *j, const int hilo)
{
    /* the spot's fields in locals: the loops below read them every deal, and through the
       pointer the compiler would reload them after every store */
    const spot_t *spot = j->spot;
    const sf_evaluator *ev = spot->main_ev, *low = hilo ? spot->low_ev : NULL;
    const int players = spot->players, total_need = spot->total_need, nrest = spot->nrest;
    const int community = spot->community;
    int need[SF_EQUITY_MAX_PLAYERS];
    sf_hand base[SF_EQUITY_MAX_PLAYERS], base_low[SF_EQUITY_MAX_PLAYERS];
    memcpy(need, spot->need, sizeof need);
    memcpy(base, spot->base, sizeof base);
    memcpy(base_low, spot->base_low, sizeof base_low);
    draw_group_t groups[SF_EQUITY_MAX_PLAYERS * 7];
    int ngroups = draw_groups(nrest, total_need, groups);
    scores_t *sc = &j->scores;
    uint64_t first = j->first_sample / SAMPLE_BLOCK, end = j->first_sample + j->samples;
    uint64_t blocks = (j->samples + SAMPLE_BLOCK - 1) / SAMPLE_BLOCK;
    uint8_t deck[64];
    sf_value v[SF_EQUITY_MAX_PLAYERS], lv[SF_EQUITY_MAX_PLAYERS];
    for (uint64_t local = (uint64_t)j->index; local < blocks; local += (uint64_t)j->count) {
        uint64_t b = first + local; /* the block's number in the whole run fixes its stream */
        uint64_t x = j->seed ^ (b * 0xD1B54A32D192ED03ULL);
        rng_t r;
        for (int i = 0; i < 4; i++)
            r.s[i] = splitmix(&x);
        uint64_t n = end - b * SAMPLE_BLOCK < SAMPLE_BLOCK ? end - b * SAMPLE_BLOCK : SAMPLE_BLOCK;
        memcpy(deck, spot->rest, (size_t)nrest);
        for (uint64_t k = 0; k < n; k++) {
            /* a partial Fisher-Yates shuffle draws the cards everyone lacks, a group of draws
               a random word (draw.h) */
            for (int g = 0, from = 0; g < ngroups; from = groups[g++].end)
                draw_group(deck, from, &groups[g], nrest, rng_word, &r);
            /* deck[0] is the shared card when there is one, then each player's cards */
            sf_hand shared = {0, 0}, shared_low = {0, 0};
            if (community) {
                shared = (sf_hand){ev->key[deck[0]], ev->bit[deck[0]]};
                if (low)
                    shared_low = (sf_hand){low->key[deck[0]], low->bit[deck[0]]};
            }
            for (int p = 0, next = community; p < players; next += need[p], p++) {
                sf_hand h = {base[p].key + shared.key, base[p].bits + shared.bits};
                v[p] = dealt_value(ev, h, deck + next, need[p]);
                if (low) {
                    sf_hand hl = {base_low[p].key + shared_low.key,
                                  base_low[p].bits + shared_low.bits};
                    lv[p] = dealt_value(low, hl, deck + next, need[p]);
                }
            }
            if (hilo)
                score_values(spot, v, lv, &sc->tally);
            else
                score_high(players, v, sc);
        }
    }
}

static void sample_work(job_t *j)
{
    if (j->spot->low_ev)
        sample_blocks(j, 1);
    else
        sample_blocks(j, 0);
}

int sf_equity_sample_into(const sf_equity_game *game, int players, const uint8_t *known,
                          const int *known_count, const uint8_t *dead, int ndead,
                          uint64_t first_sample, uint64_t samples, uint64_t seed, int threads,
                          sf_equity_tally *tally)
{
    spot_t spot;
    if (!tally || first_sample % SAMPLE_BLOCK)
        return SF_E_ARGUMENT;
    int status = sf__equity_setup(&spot, game, players, known, known_count, dead, ndead);
    if (status != SF_OK)
        return status;
    int count = sf__equity_threads(threads);
    job_t jobs[SF__MAX_THREADS], proto;
    memset(&proto, 0, sizeof proto);
    proto.spot = &spot;
    proto.work = sample_work;
    proto.samples = samples;
    proto.seed = seed;
    proto.first_sample = first_sample;
    sf__equity_run(jobs, count, &proto, tally);
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

/*
 * stud_fast range equity: weighted ranges of holdings on top of the equity engine.
 *
 * A spot lists its possible combinations once (a depth-first walk over the range players that
 * drops a holding as soon as it shares a card with what is already fixed: card removal). Each
 * combination is then an ordinary equity spot run through the public engine
 * (sf_equity_count_into for two players, else sf_equity_exact; sf_equity_sample_into), except
 * that a heads-up counted spot values each holding's completions once and counts each
 * combination from those (range_sides.c: the same integers). Results do not depend on the
 * thread count:
 *   - exact: every combination's result (itself thread-invariant) is weighted and added into
 *     the sums of its chunk of SF_RANGE_CHUNK combinations in order, and chunk sums are added
 *     in chunk order, whoever computed them;
 *   - sampled: which combination each sample uses is drawn on one thread from the seed, each
 *     combination is sampled from a seed of its own, and integer tallies add in any order.
 */
#include "stud_fast/range_equity.h"

#include "stud_fast/equity_count.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"
#include "range_spot.h"
#include "rng.h"

#define MAX_P SF__RANGE_MAX_P
#define TWO_TO_MINUS_53 (1.0 / 9007199254740992.0)
#define COUNT_ABOVE 20000u /* heads-up combinations of more deals are counted */
static int in_deck(const sf_equity_game *game, uint8_t c)
{
    int lo = game->ranking == SF_RANKING_SHORT32 ? 4 * SF_SHORT32_FIRST_RANK : 0;
    return c >= lo && c < SF_DECK_SIZE;
}

/* Copy and check one range; its holdings that meet a fixed card (`taken`) get no bits and
   weight 0 and are skipped by the walk. */
static int copy_range(sf_range_spot *s, int r, const sf_range *range, uint64_t taken)
{
    int n = range->holdings, k = range->cards;
    if (k < 1 || k > 7 || !range->card_ids || !range->weights)
        return SF_E_RANGE;
    s->ids[r] = malloc((size_t)n * (size_t)k);
    s->bits[r] = malloc((size_t)n * sizeof(uint64_t));
    s->weights[r] = malloc((size_t)n * sizeof(double));
    if (!s->ids[r] || !s->bits[r] || !s->weights[r])
        return SF_E_ARGUMENT;
    memcpy(s->ids[r], range->card_ids, (size_t)n * (size_t)k);
    s->cards[r] = k;
    s->holdings[r] = n;
    double top = 0;
    for (int h = 0; h < n; h++) {
        uint64_t set = 0;
        double w = range->weights[h];
        if (!(w > 0) || !isfinite(w))
            return SF_E_RANGE;
        for (int i = 0; i < k; i++) {
            uint8_t c = range->card_ids[(size_t)h * (size_t)k + (size_t)i];
            if (c > SF_JOKER)
                return SF_E_CARD;
            if (c == SF_JOKER)
                return SF_E_RANGE;
            if (!in_deck(&s->game, c))
                return SF_E_DECK;
            if (set >> c & 1)
                return SF_E_DUPLICATE;
            set |= 1ULL << c;
        }
        s->bits[r][h] = set;
        s->weights[r][h] = set & taken ? 0 : w;
        top = w > top ? w : top;
    }
    for (int h = 0; h < n; h++) /* at most 1: products of several ranges cannot overflow */
        s->weights[r][h] /= top;
    return SF_OK;
}

/* Depth-first over range players r.., with the cards of the holdings picked so far. */
static int walk(sf_range_spot *s, int r, uint64_t used, double w, uint32_t *pick)
{
    if (r == s->nr) {
        if (s->ncombos == SF_RANGE_MAX_COMBOS)
            return SF_E_RANGE_TOO_MANY;
        if (s->ncombos == s->cap) {
            uint64_t cap = s->cap ? 2 * s->cap : 1024;
            uint32_t *combo = realloc(s->combo, cap * (uint64_t)s->nr * sizeof *combo);
            if (combo)
                s->combo = combo;
            double *weight = combo ? realloc(s->weight, cap * sizeof *weight) : NULL;
            if (!weight)
                return SF_E_ARGUMENT;
            s->weight = weight;
            s->cap = cap;
        }
        memcpy(s->combo + s->ncombos * (uint64_t)s->nr, pick, (size_t)s->nr * sizeof *pick);
        s->weight[s->ncombos++] = w;
        s->total += w;
        return SF_OK;
    }
    for (int h = 0; h < s->holdings[r]; h++) {
        if (s->weights[r][h] == 0 || s->bits[r][h] & used)
            continue;
        pick[r] = (uint32_t)h;
        int status = walk(s, r + 1, used | s->bits[r][h], w * s->weights[r][h], pick);
        if (status != SF_OK)
            return status;
    }
    return SF_OK;
}

/* Fill the range players' rows of `known` with combination c. */
void sf__range_fill(const sf_range_spot *s, uint64_t c, uint8_t *known)
{
    memcpy(known, s->known, sizeof s->known);
    const uint32_t *pick = s->combo + c * (uint64_t)s->nr;
    for (int r = 0; r < s->nr; r++)
        memcpy(known + s->who[r] * 7, s->ids[r] + (size_t)pick[r] * (size_t)s->cards[r],
               (size_t)s->cards[r]);
}

void sf_range_spot_free(sf_range_spot *s)
{
    if (!s)
        return;
    sf__range_sides_free(s->sides);
    for (int r = 0; r < s->nr; r++) {
        free(s->ids[r]);
        free(s->bits[r]);
        free(s->weights[r]);
    }
    free(s->combo);
    free(s->weight);
    free(s->draws);
    free(s->keep);
    free(s->alias);
    free(s);
}

int sf_range_spot_new(const sf_equity_game *game, int players, const uint8_t *known,
                      const int *known_count, const sf_range *ranges, const uint8_t *dead,
                      int ndead, sf_range_spot **out)
{
    if (!out || !game || !known_count || !ranges || (ndead && !dead) || ndead < 0)
        return SF_E_ARGUMENT;
    *out = NULL;
    if (players < 2 || players > MAX_P)
        return SF_E_PLAYERS;
    if (ndead > 64)
        return SF_E_DECK_SHORT;
    sf_range_spot *s = calloc(1, sizeof *s);
    if (!s || !(s->sides = sf__range_sides_new())) {
        free(s);
        return SF_E_ARGUMENT;
    }
    s->game = *game;
    s->players = players;
    s->ndead = ndead;
    if (ndead)
        memcpy(s->dead, dead, (size_t)ndead);
    uint64_t taken = 0; /* fixed and dead cards, for card removal */
    for (int i = 0; i < ndead; i++)
        taken |= dead[i] < SF_JOKER ? 1ULL << dead[i] : 0;
    int status = SF_OK;
    for (int p = 0; p < players && status == SF_OK; p++) {
        if (ranges[p].holdings > 0) {
            s->who[s->nr++] = p;
            continue;
        }
        int k = known_count[p];
        if (k < 0 || k > 7)
            status = SF_E_TOO_MANY;
        else if (k && !known)
            status = SF_E_ARGUMENT;
        s->known_count[p] = k;
        for (int i = 0; i < k && status == SF_OK; i++) {
            uint8_t c = known[p * 7 + i];
            s->known[p * 7 + i] = c;
            taken |= c < SF_JOKER ? 1ULL << c : 0;
        }
    }
    for (int r = 0; r < s->nr && status == SF_OK; r++) {
        status = copy_range(s, r, &ranges[s->who[r]], taken);
        s->known_count[s->who[r]] = s->cards[r];
    }
    uint32_t pick[MAX_P];
    if (status == SF_OK)
        status = s->nr ? walk(s, 0, 0, 1.0, pick) : SF_E_RANGE;
    if (status == SF_OK && s->ncombos == 0)
        status = SF_E_RANGE_EMPTY;
    for (uint64_t c = 0; c < s->ncombos && status == SF_OK; c++)
        if (!(s->weight[c] > 0)) /* a product of weights too small for a double */
            status = SF_E_RANGE;
    if (status == SF_OK) {
        /* every combination is alike but for its cards: checking one checks the spot (the
           engine's own checks; zero samples deal nothing) */
        uint8_t rows[MAX_P * 7];
        sf_equity_tally none;
        memset(&none, 0, sizeof none);
        sf__range_fill(s, 0, rows);
        status = sf_equity_sample_into(game, players, rows, s->known_count, s->dead, ndead, 0,
                                       0, 0, 1, &none);
    }
    if (status != SF_OK) {
        sf_range_spot_free(s);
        return status;
    }
    *out = s;
    return SF_OK;
}

uint64_t sf_range_spot_combos(const sf_range_spot *s)
{
    return s ? s->ncombos : 0;
}

double sf_range_spot_weight(const sf_range_spot *s)
{
    return s ? s->total : 0;
}

/* ---- work shared out by chunks ---------------------------------------------------------------- */

typedef struct {
    const sf_range_spot *spot;
    uint64_t first_chunk, chunks; /* chunks of this piece */
    int index, count, inner;      /* worker index of count; threads of each engine call */
    sf_range_sums *sums;          /* exact: one per chunk */
    sf_equity_tally tally;        /* sampled: this worker's */
    int status;
} range_job_t;

static uint64_t chunk_end(const sf_range_spot *s, uint64_t chunk)
{
    uint64_t end = (chunk + 1) * SF_RANGE_CHUNK;
    return end < s->ncombos ? end : s->ncombos;
}

int sf__range_counts(const sf_range_spot *s, const uint8_t *rows)
{
    if (s->players != 2)
        return 0;
    uint64_t units, deals;
    int status = sf_equity_exact_plan(&s->game, 2, rows, s->known_count, s->dead, s->ndead,
                                      &units, &deals);
    /* counting costs a fixed few tenths of a millisecond (tables of every 16-bit value):
       sixth street enumerates faster */
    return status == SF_E_HUGE || (status == SF_OK && deals > COUNT_ABOVE);
}

/* One combination's exact result: counted for two players (the tally enumeration gives, in
   milliseconds: stud_fast/equity_count.h), enumerated where counting does not take the spot.
   Either way the same integers, so the weighted sums are the same too. */
static int exact_combo(const sf_range_spot *s, uint64_t c, const uint8_t *rows, int threads,
                       sf_equity_result *r)
{
    int counted = sf__range_sides_count(s, c, threads, r);
    if (counted != SF_E_NOT_COUNTED)
        return counted;
    if (sf__range_counts(s, rows)) {
        sf_equity_tally tally;
        memset(&tally, 0, sizeof tally);
        counted = sf_equity_count_into(&s->game, 2, rows, s->known_count, s->dead, s->ndead,
                                       threads, &tally);
        if (counted == SF_OK)
            sf_equity_finish(&tally, 2, 1, r);
        if (counted != SF_E_NOT_COUNTED)
            return counted;
    }
    return sf_equity_exact(&s->game, s->players, rows, s->known_count, s->dead, s->ndead,
                           threads, r);
}

static void exact_job(void *arg)
{
    range_job_t *j = arg;
    const sf_range_spot *s = j->spot;
    uint8_t rows[MAX_P * 7];
    for (uint64_t k = (uint64_t)j->index; k < j->chunks && j->status == SF_OK;
         k += (uint64_t)j->count) {
        uint64_t chunk = j->first_chunk + k;
        sf_range_sums *sum = &j->sums[k];
        memset(sum, 0, sizeof *sum);
        for (uint64_t c = chunk * SF_RANGE_CHUNK; c < chunk_end(s, chunk); c++) {
            sf_equity_result r;
            sf__range_fill(s, c, rows);
            j->status = exact_combo(s, c, rows, j->inner, &r);
            if (j->status != SF_OK)
                return;
            double w = s->weight[c];
            for (int p = 0; p < s->players; p++) {
                sum->equity[p] += w * r.equity[p];
                sum->win[p] += w * r.win[p];
                sum->tie[p] += w * r.tie[p];
                sum->high[p] += w * r.high[p];
                sum->low[p] += w * r.low[p];
            }
            sum->deals += r.deals;
        }
    }
}

static void sample_job(void *arg)
{
    range_job_t *j = arg;
    const sf_range_spot *s = j->spot;
    uint8_t rows[MAX_P * 7];
    for (uint64_t k = (uint64_t)j->index; k < j->chunks && j->status == SF_OK;
         k += (uint64_t)j->count) {
        uint64_t chunk = j->first_chunk + k;
        for (uint64_t c = chunk * SF_RANGE_CHUNK; c < chunk_end(s, chunk); c++) {
            if (!s->draws[c])
                continue;
            uint64_t x = s->seed ^ (c * 0xD1B54A32D192ED03ULL);
            sf__range_fill(s, c, rows);
            j->status = sf_equity_sample_into(&s->game, s->players, rows, s->known_count,
                                              s->dead, s->ndead, 0, s->draws[c], sf__splitmix64(&x),
                                              j->inner, &j->tally);
            if (j->status != SF_OK)
                return;
        }
    }
}

/* Run `work` over the chunks of combinations first .. first + count - 1: few chunks one after
   another with every thread inside the engine, many chunks shared out one thread each. */
static int run_chunks(const sf_range_spot *s, uint64_t first, uint64_t count, int threads,
                      void (*work)(void *), sf_range_sums *sums, sf_equity_tally *tally)
{
    if (!s || first % SF_RANGE_CHUNK)
        return SF_E_ARGUMENT;
    if (first >= s->ncombos || count == 0)
        return SF_OK;
    if (count > s->ncombos - first)
        count = s->ncombos - first;
    uint64_t chunks = (count + SF_RANGE_CHUNK - 1) / SF_RANGE_CHUNK;
    if (threads < 1)
        threads = 1;
    if (threads > SF__MAX_THREADS)
        threads = SF__MAX_THREADS;
    /* a thread per chunk once each gets two (a chunk is one combination, SF_RANGE_CHUNK);
       fewer chunks run one after another with every thread inside the engine */
    int workers = chunks >= (uint64_t)threads * 2 ? threads : 1;
    range_job_t jobs[SF__MAX_THREADS];
    sf_range_sums *chunk_sums = NULL;
    if (sums && !(chunk_sums = calloc(chunks, sizeof *chunk_sums)))
        return SF_E_ARGUMENT;
    for (int i = 0; i < workers; i++) {
        memset(&jobs[i], 0, sizeof jobs[i]);
        jobs[i].spot = s;
        jobs[i].first_chunk = first / SF_RANGE_CHUNK;
        jobs[i].chunks = chunks;
        jobs[i].index = i;
        jobs[i].count = workers;
        jobs[i].inner = workers == 1 ? threads : 1;
        jobs[i].sums = chunk_sums;
    }
    sf__run_parallel(jobs, sizeof jobs[0], workers, work);
    int status = SF_OK;
    for (int i = 0; i < workers; i++) {
        if (jobs[i].status != SF_OK && status == SF_OK)
            status = jobs[i].status;
        if (tally) { /* integer sums: any order */
            for (int p = 0; p < MAX_P; p++) {
                tally->share[p] += jobs[i].tally.share[p];
                tally->share_sq[p] += jobs[i].tally.share_sq[p];
                tally->high[p] += jobs[i].tally.high[p];
                tally->low[p] += jobs[i].tally.low[p];
                tally->win[p] += jobs[i].tally.win[p];
                tally->tie[p] += jobs[i].tally.tie[p];
            }
            tally->deals += jobs[i].tally.deals;
        }
    }
    for (uint64_t k = 0; sums && k < chunks; k++) { /* chunk order, whoever summed them */
        for (int p = 0; p < MAX_P; p++) {
            sums->equity[p] += chunk_sums[k].equity[p];
            sums->win[p] += chunk_sums[k].win[p];
            sums->tie[p] += chunk_sums[k].tie[p];
            sums->high[p] += chunk_sums[k].high[p];
            sums->low[p] += chunk_sums[k].low[p];
        }
        sums->deals += chunk_sums[k].deals;
    }
    free(chunk_sums);
    return status;
}

int sf_range_exact_into(const sf_range_spot *s, uint64_t first, uint64_t count, int threads,
                        sf_range_sums *sums)
{
    if (!sums || !s)
        return SF_E_ARGUMENT;
    int status = sf__range_sides_build(s, threads);
    return status != SF_OK ? status : run_chunks(s, first, count, threads, exact_job, sums, NULL);
}

void sf_range_exact_finish(const sf_range_spot *s, const sf_range_sums *sums,
                           sf_equity_result *out)
{
    memset(out, 0, sizeof *out);
    if (!s || !sums || !(s->total > 0))
        return;
    out->players = s->players;
    out->exact = 1;
    out->deals = sums->deals;
    for (int p = 0; p < s->players; p++) {
        out->equity[p] = sums->equity[p] / s->total;
        out->win[p] = sums->win[p] / s->total;
        out->tie[p] = sums->tie[p] / s->total;
        out->high[p] = sums->high[p] / s->total;
        out->low[p] = sums->low[p] / s->total;
    }
}

/* Walker's alias table for the combinations' weights: a draw is one uniform slot, then a coin
   that keeps the slot or takes its alias. Built in a fixed order, so the same on every run. */
static int alias_table(const sf_range_spot *s, double *keep, uint32_t *alias)
{
    uint64_t n = s->ncombos, nsmall = 0, nlarge = 0;
    uint32_t *small = malloc(n * sizeof *small), *large = malloc(n * sizeof *large);
    if (!small || !large) {
        free(small);
        free(large);
        return SF_E_ARGUMENT;
    }
    for (uint64_t c = 0; c < n; c++) {
        keep[c] = s->weight[c] / s->total * (double)n; /* 1 is an average slot's share */
        alias[c] = (uint32_t)c;
        if (keep[c] < 1)
            small[nsmall++] = (uint32_t)c;
        else
            large[nlarge++] = (uint32_t)c;
    }
    while (nsmall && nlarge) {
        uint32_t lo = small[--nsmall], hi = large[nlarge - 1];
        alias[lo] = hi; /* slot lo: itself with probability keep[lo], else hi */
        keep[hi] -= 1 - keep[lo];
        if (keep[hi] < 1) {
            nlarge--;
            small[nsmall++] = hi;
        }
    }
    while (nlarge) /* what rounding left: whole slots */
        keep[large[--nlarge]] = 1;
    while (nsmall)
        keep[small[--nsmall]] = 1;
    free(small);
    free(large);
    return SF_OK;
}

int sf_range_draw_start(sf_range_spot *s, uint64_t seed)
{
    if (!s)
        return SF_E_ARGUMENT;
    free(s->draws);
    free(s->keep);
    free(s->alias);
    s->draws = calloc(s->ncombos, sizeof *s->draws);
    s->keep = malloc(s->ncombos * sizeof *s->keep);
    s->alias = malloc(s->ncombos * sizeof *s->alias);
    s->seed = seed;
    s->rng = seed ^ 0xA0761D6478BD642FULL;
    s->drawn = 0;
    return s->draws && s->keep && s->alias ? alias_table(s, s->keep, s->alias) : SF_E_ARGUMENT;
}

int sf_range_draw_more(sf_range_spot *s, uint64_t count)
{
    if (!s || !s->keep || !s->alias || count > UINT32_MAX - s->drawn)
        return SF_E_ARGUMENT;
    for (uint64_t i = 0; i < count; i++) {
        /* uniform doubles in [0, 1) of 53 bits: exact in IEEE arithmetic, so the same
           draws everywhere (no 128-bit integers, which MSVC lacks) */
        uint64_t slot = (uint64_t)((double)(sf__splitmix64(&s->rng) >> 11) * TWO_TO_MINUS_53 *
                                   (double)s->ncombos);
        double coin = (double)(sf__splitmix64(&s->rng) >> 11) * TWO_TO_MINUS_53;
        if (slot >= s->ncombos) /* cannot happen (u * n < n), kept for safety */
            slot = s->ncombos - 1;
        s->draws[coin < s->keep[slot] ? slot : s->alias[slot]]++;
    }
    s->drawn += count;
    return SF_OK;
}

int sf_range_draw(sf_range_spot *s, uint64_t samples, uint64_t seed)
{
    if (!s || samples > UINT32_MAX)
        return SF_E_ARGUMENT;
    int status = sf_range_draw_start(s, seed);
    return status == SF_OK ? sf_range_draw_more(s, samples) : status;
}

int sf_range_sample_into(const sf_range_spot *s, uint64_t first, uint64_t count, int threads,
                         sf_equity_tally *tally)
{
    if (!tally || !s || !s->draws)
        return SF_E_ARGUMENT;
    return run_chunks(s, first, count, threads, sample_job, NULL, tally);
}

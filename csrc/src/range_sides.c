/*
 * Heads-up counted range spots (range_spot.h): each holding's completions valued and ordered
 * once over one pool, so that a combination of holdings only sweeps (count_sides.h), with the
 * integers counting the combination's own spot gives.
 */
#include <stdlib.h>
#include <string.h>

#include "stud_fast/equity_count.h"

#include "count_sides.h"
#include "equity_spot.h"
#include "parallel.h"
#include "range_spot.h"

#define MAX_P SF__RANGE_MAX_P

/* Bytes of completions kept for counted combinations: some 230 third-street holdings, built
   in about half a second on two threads before the first combination (and the first look for
   Ctrl-C between pieces). */
#define SIDES_BUDGET ((size_t)256 << 20)

/*
 * A heads-up counted spot's sides: each holding's completions valued and ordered over one pool
 * (the stub with the holdings' cards in it), so that a combination of holdings only sweeps
 * (count_sides.h). A player's sides are kept, built once, when the other player has several
 * holdings (each side then serves several combinations); the others are built for their one
 * combination and dropped. Spots whose kept sides would take more than SIDES_BUDGET bytes count
 * each combination from scratch instead.
 */
typedef struct range_sides {
    int state;                 /* 0: not looked at, 1: counted from sides, -1: apart */
    spot_t pool;
    int keep[2];               /* per player: its sides are kept */
    sf__count_side **side[2];  /* kept: by holding (a fixed player: one) */
    int nside[2];
} sides_t;

struct range_sides *sf__range_sides_new(void)
{
    return calloc(1, sizeof(sides_t));
}

static void free_sides(sides_t *c)
{
    for (int p = 0; p < 2; p++) {
        for (int h = 0; c->side[p] && h < c->nside[p]; h++)
            sf__count_side_free(c->side[p][h]);
        free(c->side[p]);
        c->side[p] = NULL;
        c->nside[p] = 0;
    }
}

void sf__range_sides_free(sides_t *c)
{
    if (c)
        free_sides(c);
    free(c);
}

typedef struct {
    const sf_range_spot *spot;
    int index, count; /* this worker of count: sides index, index + count, ... */
    int status;
} side_job_t;

/* Player p's cards (holding h of its range, or its fixed cards) as a row of ids. */
static int player_cards(const sf_range_spot *s, int p, int h, const uint8_t **cards)
{
    for (int q = 0; q < s->nr; q++)
        if (s->who[q] == p) {
            *cards = s->ids[q] + (size_t)h * (size_t)s->cards[q];
            return s->cards[q];
        }
    *cards = s->known + p * 7;
    return s->known_count[p];
}

/* The number of player p's holdings (1 for a fixed player) and how many are in some
   combination (a range's holdings meeting a fixed or dead card have weight 0 and are in none). */
static int holdings_of(const sf_range_spot *s, int p, int *used)
{
    for (int q = 0; q < s->nr; q++)
        if (s->who[q] == p) {
            *used = 0;
            for (int h = 0; h < s->holdings[q]; h++)
                *used += s->weights[q][h] > 0;
            return s->holdings[q];
        }
    *used = 1;
    return 1;
}

/* Player p's side when it holds holding h (its fixed cards for a fixed player): its cards
   valued as its base hand, and left out of the pool's cards it may draw. NULL when memory is
   short. */
static sf__count_side *new_side(const sf_range_spot *s, int p, int h)
{
    const spot_t *pool = &s->sides->pool;
    const uint8_t *cards;
    int n = player_cards(s, p, h, &cards);
    sf_hand base, base_low;
    sf_hand_clear(&base);
    sf_hand_clear(&base_low);
    uint64_t exclude = 0;
    for (int k = 0; k < n; k++) {
        give(pool, &base, &base_low, cards[k]);
        for (int i = 0; i < pool->nrest; i++) /* a range's cards are in the pool */
            if (pool->rest[i] == cards[k] && cards[k] != SF_JOKER)
                exclude |= 1ULL << i;
    }
    return sf__count_side_new(pool, &base, &base_low, pool->need[p], exclude);
}

static void side_job(void *arg)
{
    side_job_t *j = arg;
    const sf_range_spot *s = j->spot;
    sides_t *c = s->sides;
    int total = c->nside[0] + c->nside[1];
    for (int i = j->index; i < total && j->status == SF_OK; i += j->count) {
        int p = i < c->nside[0] ? 0 : 1, h = p ? i - c->nside[0] : i, used = 1;
        for (int q = 0; q < s->nr; q++)
            if (s->who[q] == p)
                used = s->weights[q][h] > 0; /* else in no combination */
        if (used && !(c->side[p][h] = new_side(s, p, h)))
            j->status = SF_E_ARGUMENT;
    }
}

int sf__range_sides_build(const sf_range_spot *s, int threads)
{
    sides_t *c = s->sides;
    if (c->state)
        return SF_OK; /* decided already */
    c->state = -1;
    uint8_t rows[MAX_P * 7];
    sf__range_fill(s, 0, rows);
    if (!sf__range_counts(s, rows))
        return SF_OK; /* enumerated, combination by combination */
    spot_t *pool = &c->pool;
    if (sf__equity_setup(pool, &s->game, 2, rows, s->known_count, s->dead, s->ndead) != SF_OK ||
        !sf__count_takes(pool))
        return SF_OK;
    /* the pool: the first combination's stub and its holdings' cards, in the stub's order
       (card ids ascending, jokers last) */
    uint64_t in_pool = 0;
    int jokers = 0;
    for (int i = 0; i < pool->nrest; i++) {
        if (pool->rest[i] == SF_JOKER)
            jokers++;
        else
            in_pool |= 1ULL << pool->rest[i];
    }
    for (int q = 0; q < s->nr; q++) {
        const uint8_t *cards;
        int n = player_cards(s, s->who[q], (int)s->combo[q], &cards);
        for (int k = 0; k < n; k++)
            in_pool |= 1ULL << cards[k];
    }
    int n = 0;
    for (int card = 0; card < 64; card++)
        if (in_pool >> card & 1)
            pool->rest[n++] = (uint8_t)card;
    if (n + jokers > 64)
        return SF_OK;
    for (int k = 0; k < jokers; k++)
        pool->rest[n++] = SF_JOKER;
    pool->nrest = n;
    pool->main_ev = &pool->main_store;
    pool->low_ev = pool->low_ev ? &pool->low_store : NULL;
    /* which sides are kept, and the budget */
    int holdings[2], used[2];
    for (int p = 0; p < 2; p++)
        holdings[p] = holdings_of(s, p, &used[p]);
    size_t bytes = 0;
    for (int p = 0; p < 2; p++) {
        c->keep[p] = used[1 - p] > 1;
        int held = 0;
        for (int q = 0; q < s->nr; q++)
            if (s->who[q] == p)
                held = s->cards[q];
        /* (asked for every player: the first call also fills the counting's tables, before
           any thread reads them) */
        size_t one = sf__count_side_bytes(pool->nrest - held, pool->need[p], pool->low_ev != NULL);
        if (c->keep[p])
            bytes += (size_t)used[p] * one;
    }
    if (bytes > SIDES_BUDGET)
        return SF_OK;
    for (int p = 0; p < 2; p++) {
        c->nside[p] = c->keep[p] ? holdings[p] : 0;
        if (c->keep[p] && !(c->side[p] = calloc((size_t)c->nside[p], sizeof *c->side[p]))) {
            free_sides(c);
            return SF_E_ARGUMENT;
        }
    }
    threads = threads < 1 ? 1 : threads > SF__MAX_THREADS ? SF__MAX_THREADS : threads;
    side_job_t jobs[SF__MAX_THREADS];
    for (int i = 0; i < threads; i++)
        jobs[i] = (side_job_t){s, i, threads, SF_OK};
    sf__run_parallel(jobs, sizeof jobs[0], threads, side_job);
    for (int i = 0; i < threads; i++)
        if (jobs[i].status != SF_OK) {
            free_sides(c);
            return jobs[i].status;
        }
    c->state = 1;
    return SF_OK;
}

int sf__range_sides_count(const sf_range_spot *s, uint64_t c, int threads,
                          sf_equity_result *r)
{
    const sides_t *sides = s->sides;
    if (sides->state != 1)
        return SF_E_NOT_COUNTED;
    const sf__count_side *of[2];
    sf__count_side *own[2] = {NULL, NULL}; /* the sides built for this combination */
    int status = SF_OK;
    for (int p = 0; p < 2; p++) {
        int h = 0;
        for (int q = 0; q < s->nr; q++)
            if (s->who[q] == p)
                h = (int)s->combo[c * (uint64_t)s->nr + (uint64_t)q];
        of[p] = sides->keep[p] ? sides->side[p][h] : (own[p] = new_side(s, p, h));
        if (!of[p])
            status = SF_E_ARGUMENT;
    }
    sf_equity_tally tally;
    memset(&tally, 0, sizeof tally);
    if (status == SF_OK)
        status = sf__count_pair(&sides->pool, of[0], of[1], threads, &tally);
    if (status == SF_OK)
        sf_equity_finish(&tally, 2, 1, r);
    sf__count_side_free(own[0]);
    sf__count_side_free(own[1]);
    return status; /* SF_E_NOT_COUNTED: a hi-lo pair with too many lows */
}

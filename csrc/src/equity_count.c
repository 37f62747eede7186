/*
 * Exact heads-up equity by counting: the public entry (stud_fast/equity_count.h). The spot's
 * two sides are valued (count_side.c, side by side on two threads for a large spot) and
 * counted against each other (count_sweep.c).
 */
#include "stud_fast/equity_count.h"

#include <stddef.h>

#include "count_sides.h"
#include "parallel.h"

/* One player's side of a spot, built by a thread of its own (sf_equity_count_into). */
typedef struct {
    const spot_t *spot;
    int p;
    sf__count_side *side;
} build_t;

static void build_job(void *arg)
{
    build_t *b = arg;
    b->side = sf__count_side_new(b->spot, &b->spot->base[b->p], &b->spot->base_low[b->p],
                                 b->spot->need[b->p], 0);
}

int sf_equity_count_into(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead, int threads,
                         sf_equity_tally *tally)
{
    if (!tally)
        return SF_E_ARGUMENT;
    spot_t spot;
    int status = sf__equity_setup(&spot, game, players, known, known_count, dead, ndead);
    if (status != SF_OK)
        return status;
    if (!sf__count_takes(&spot))
        return SF_E_NOT_COUNTED;
    sf__count_init(); /* before any thread reads it */
    build_t sides[2] = {{&spot, 0, NULL}, {&spot, 1, NULL}};
    int split = threads >= 2 && (uint64_t)sf__binom[spot.nrest][spot.need[0]] +
                                     sf__binom[spot.nrest][spot.need[1]] > SF__COUNT_SPLIT_ABOVE;
    if (split)
        sf__run_parallel(sides, sizeof sides[0], 2, build_job);
    else
        build_job(&sides[0]), build_job(&sides[1]);
    status = sides[0].side && sides[1].side
                 ? sf__count_pair(&spot, sides[0].side, sides[1].side, threads, tally)
                 : SF_E_ARGUMENT;
    sf__count_side_free(sides[0].side);
    sf__count_side_free(sides[1].side);
    return status;
}

/*
 * Private: a range spot (stud_fast/range_equity.h) as range_equity.c lists its combinations
 * and range_sides.c counts heads-up ones from each holding's completions.
 */
#ifndef SF_PRIVATE_RANGE_SPOT_H
#define SF_PRIVATE_RANGE_SPOT_H

#include <stdint.h>

#include "stud_fast/range_equity.h"

#define SF__RANGE_MAX_P SF_EQUITY_MAX_PLAYERS

struct range_sides;

struct sf_range_spot {
    sf_equity_game game;
    int players;
    uint8_t known[SF__RANGE_MAX_P * 7]; /* fixed players' cards; range players' rows filled per combo */
    int known_count[SF__RANGE_MAX_P];
    uint8_t dead[64];
    int ndead;
    int nr;               /* range players */
    int who[SF__RANGE_MAX_P];       /* their player numbers */
    int cards[SF__RANGE_MAX_P];     /* cards per holding */
    uint8_t *ids[SF__RANGE_MAX_P];  /* holdings' card ids (copied) */
    uint64_t *bits[SF__RANGE_MAX_P];/* holdings' card sets */
    double *weights[SF__RANGE_MAX_P];
    int holdings[SF__RANGE_MAX_P];
    uint32_t *combo;      /* ncombos * nr holding indices */
    double *weight;       /* ncombos weights (products) */
    uint64_t ncombos, cap;
    double total;
    uint32_t *draws;      /* sampled: samples per combination (sf_range_draw) */
    uint64_t seed;
    double *keep;         /* the alias table of a draw under way (sf_range_draw_start) */
    uint32_t *alias;
    uint64_t rng;         /* its generator's state, so a draw can go on in pieces */
    uint64_t drawn;
    struct range_sides *sides; /* heads-up counted: built by the first exact run */
};

/* Fill the range players' rows of `known` (rows of 7) with combination c. */
void sf__range_fill(const sf_range_spot *s, uint64_t c, uint8_t *known);

/* Whether the combination with these rows is counted (heads-up and of more deals than
   enumerating beats: sixth street enumerates faster) rather than enumerated. */
int sf__range_counts(const sf_range_spot *s, const uint8_t *rows);

/* range_sides.c: the sides of a heads-up counted spot (NULL when memory is short), freed with
   sf__range_sides_free; built once, by the first exact run (sf__range_sides_build, SF_OK when
   the spot is not counted from sides); sf__range_sides_count counts combination c from them,
   SF_E_NOT_COUNTED when the spot is not counted so. */
struct range_sides *sf__range_sides_new(void);
void sf__range_sides_free(struct range_sides *sides);
int sf__range_sides_build(const sf_range_spot *s, int threads);
int sf__range_sides_count(const sf_range_spot *s, uint64_t c, int threads,
                          sf_equity_result *r);

#endif

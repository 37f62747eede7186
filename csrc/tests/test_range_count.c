/*
 * Heads-up ranges counted from shared sides (range_equity.c values each holding's completions
 * once over a pool holding every holding's cards, count_sides.h) against counting each
 * combination of holdings apart with sf_equity_count_into: the same floats, summed in the
 * range engine's order. Random spots of every counted ranking, wild cards and jokers (some in
 * a fixed hand), dead cards, holdings that meet a dead or fixed card or each other, a range
 * against a fixed hand and a range against a range.
 */
#include <stdio.h>
#include <string.h>

#include "stud_fast/equity_count.h"
#include "stud_fast/range_equity.h"

#include "check.h"
#include "test_random.h"

#define MAXH 5

typedef struct {
    int holdings;             /* 0: a fixed hand */
    int cards;
    uint8_t ids[MAXH * 7];
    double weights[MAXH];
} side_spec;

/* The range engine's result, summed as it sums: combinations in its walk order (player 0's
   holdings outer), weights normalised by each range's largest, then one division. */
static int by_combination(const sf_equity_game *game, const side_spec *spec,
                          const uint8_t *fixed, const int *fixed_count, const uint8_t *dead,
                          int ndead, sf_equity_result *out)
{
    uint64_t taken = 0;
    for (int i = 0; i < ndead; i++)
        taken |= 1ULL << dead[i];
    for (int p = 0; p < 2; p++)
        for (int i = 0; !spec[p].holdings && i < fixed_count[p]; i++)
            taken |= fixed[p * 7 + i] < SF_JOKER ? 1ULL << fixed[p * 7 + i] : 0;
    double top[2] = {1, 1};
    for (int p = 0; p < 2; p++)
        for (int h = 0; h < spec[p].holdings; h++)
            top[p] = spec[p].weights[h] > top[p] || h == 0 ? spec[p].weights[h] : top[p];
    double sum[2] = {0, 0}, total = 0;
    int n0 = spec[0].holdings ? spec[0].holdings : 1, n1 = spec[1].holdings ? spec[1].holdings : 1;
    for (int h0 = 0; h0 < n0; h0++) {
        for (int h1 = 0; h1 < n1; h1++) {
            uint8_t rows[14];
            int counts[2];
            uint64_t used = 0, hit = 0;
            double w = 1.0;
            int hs[2] = {h0, h1};
            for (int p = 0; p < 2; p++) {
                if (!spec[p].holdings) {
                    counts[p] = fixed_count[p];
                    memcpy(rows + p * 7, fixed + p * 7, 7);
                    continue;
                }
                counts[p] = spec[p].cards;
                uint64_t bits = 0;
                for (int i = 0; i < spec[p].cards; i++) {
                    rows[p * 7 + i] = spec[p].ids[hs[p] * spec[p].cards + i];
                    bits |= 1ULL << rows[p * 7 + i];
                }
                hit |= (bits & taken) | (bits & used);
                used |= bits;
                w *= spec[p].weights[hs[p]] / top[p];
            }
            if (hit)
                continue;
            sf_equity_tally t;
            memset(&t, 0, sizeof t);
            int status = sf_equity_count_into(game, 2, rows, counts, dead, ndead, 1, &t);
            if (status != SF_OK)
                return status;
            sf_equity_result r;
            sf_equity_finish(&t, 2, 1, &r);
            for (int p = 0; p < 2; p++)
                sum[p] += w * r.equity[p];
            total += w;
        }
    }
    for (int p = 0; p < 2; p++)
        out->equity[p] = sum[p] / total;
    return SF_OK;
}

int main(void)
{
    const sf_equity_game games[] = {
        {SF_RANKING_HIGH, 0, 7, 0, 0},
        {SF_RANKING_RAZZ, 0, 7, 0, 1},
        {SF_RANKING_HIGH, 1, 7, 0, 0},                               /* stud hi-lo */
        {SF_RANKING_HIGH, 1, 7, (sf_rank_mask)(1u << 1), 2},        /* hi-lo, wild threes */
        {SF_RANKING_HIGH, 0, 7, (sf_rank_mask)(1u << 1 | 1u << 7), 2}, /* threes, nines */
        {SF_RANKING_HIGH, 0, 5, 0, 0},
        {SF_RANKING_SHORT32, 0, 5, 0, 0},
    };
    int spots = 0;
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        const sf_equity_game *game = &games[g];
        for (int round = 0; round < 5; round++) {
            /* fourth street (3 to come); one third-street spot, of seven-card stud */
            int to_come = game->cards_per_player == 5 ? 2 + (int)draw(2) : g + round == 0 ? 4 : 3;
            int lo = game->ranking == SF_RANKING_SHORT32 ? 20 : 0;
            uint8_t deck[60];
            int n = 0;
            for (int c = lo; c < 52; c++)
                deck[n++] = (uint8_t)c;
            side_spec spec[2];
            memset(spec, 0, sizeof spec);
            uint8_t fixed[14] = {0}, dead[4];
            int fixed_count[2] = {0, 0}, ndead = (int)draw(3);
            int cards = game->cards_per_player - to_come;
            for (int i = 0; i < ndead; i++)
                dead[i] = deck[draw((unsigned)n)];
            if (ndead == 2 && dead[0] == dead[1])
                ndead = 1;
            for (int p = 0; p < 2; p++) {
                if (p == 1 && round % 2) { /* a fixed hand, a joker in it now and then */
                    fixed_count[1] = cards;
                    for (int i = 0; i < cards; i++) {
                        uint8_t c;
                        int again;
                        do {
                            c = i == 0 && game->jokers && draw(2) ? SF_JOKER
                                                                   : deck[draw((unsigned)n)];
                            again = 0;
                            for (int j = 0; j < i; j++)
                                again |= fixed[7 + j] == c;
                            for (int j = 0; j < ndead; j++)
                                again |= dead[j] == c;
                        } while (again);
                        fixed[7 + i] = c;
                    }
                    continue;
                }
                spec[p].holdings = 2 + (int)draw(MAXH - 1);
                spec[p].cards = cards;
                for (int h = 0; h < spec[p].holdings; h++) {
                    spec[p].weights[h] = 1 + draw(4);
                    for (int i = 0; i < cards; i++) {
                        uint8_t c;
                        int again;
                        do {
                            c = deck[draw((unsigned)n)];
                            again = 0;
                            for (int j = 0; j < i; j++)
                                again |= spec[p].ids[h * cards + j] == c;
                        } while (again);
                        spec[p].ids[h * cards + i] = c;
                    }
                }
            }
            sf_range ranges[2];
            memset(ranges, 0, sizeof ranges);
            for (int p = 0; p < 2; p++)
                if (spec[p].holdings)
                    ranges[p] = (sf_range){spec[p].holdings, spec[p].cards, spec[p].ids,
                                           spec[p].weights};
            sf_range_spot *spot;
            int status = sf_range_spot_new(game, 2, fixed, fixed_count, ranges, dead, ndead,
                                           &spot);
            if (status == SF_E_RANGE_EMPTY || status == SF_E_DUPLICATE)
                continue; /* every combination meets a card, or a dead card twice */
            CHECK(status == SF_OK, "game %zu round %d: spot status %d", g, round, status);
            if (status != SF_OK)
                continue;
            sf_range_sums sums;
            memset(&sums, 0, sizeof sums);
            int threads = 1 + (int)draw(2);
            status = sf_range_exact_into(spot, 0, sf_range_spot_combos(spot), threads, &sums);
            CHECK(status == SF_OK, "game %zu round %d: exact status %d", g, round, status);
            sf_equity_result shared, apart;
            memset(&apart, 0, sizeof apart);
            sf_range_exact_finish(spot, &sums, &shared);
            sf_range_spot_free(spot);
            status = by_combination(game, spec, fixed, fixed_count, dead, ndead, &apart);
            CHECK(status == SF_OK, "game %zu round %d: count status %d", g, round, status);
            CHECK(shared.equity[0] == apart.equity[0] && shared.equity[1] == apart.equity[1],
                  "game %zu round %d: %.17g %.17g shared, %.17g %.17g apart", g, round,
                  shared.equity[0], shared.equity[1], apart.equity[0], apart.equity[1]);
            spots++;
        }
    }
    CHECK(spots >= 25, "only %d spots compared", spots);
    if (failures)
        fprintf(stderr, "%d range count check(s) failed\n", failures);
    else
        printf("%d range spots: shared sides equal counting each combination\n", spots);
    return failures != 0;
}

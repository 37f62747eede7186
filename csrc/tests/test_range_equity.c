/*
 * Range equity through the public header: a river range worked out by hand, card removal,
 * pieces of work adding up to the whole run, thread counts, seeds, and every error code
 * (run under AddressSanitizer and UndefinedBehaviorSanitizer by run_sanitized.sh).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stud_fast/range_equity.h"

#include "check.h"

static uint8_t card(int rank, int suit)
{
    return (uint8_t)SF_CARD(rank, suit);
}

/* Exact equity of a spot in one call. */
static int exact(const sf_equity_game *g, int players, const uint8_t *known, const int *counts,
                 const sf_range *ranges, const uint8_t *dead, int ndead, int threads,
                 sf_equity_result *out)
{
    sf_range_spot *spot;
    sf_range_sums sums;
    int status = sf_range_spot_new(g, players, known, counts, ranges, dead, ndead, &spot);
    if (status != SF_OK)
        return status;
    memset(&sums, 0, sizeof sums);
    status = sf_range_exact_into(spot, 0, sf_range_spot_combos(spot), threads, &sums);
    sf_range_exact_finish(spot, &sums, out);
    sf_range_spot_free(spot);
    return status;
}

int main(void)
{
    sf_equity_game high = {SF_RANKING_HIGH, 0, 7, 0, 0};
    sf_equity_result a, b;
    uint8_t known[8 * 7];
    int counts[8] = {0};
    sf_range ranges[8];
    memset(known, 0, sizeof known);
    memset(ranges, 0, sizeof ranges);

    /* Player 1 holds aces full (Ac Ad Ah Kc Kd 2s 3s). Player 2 is a range of river
       holdings: Ts Js Qs Ks 4h 5h plus the 9s (a straight flush: wins) weighted 3, or plus
       the 7c (loses) weighted 1; a third holding, with the Ac, is impossible. No cards to
       come: equity 3/4 for player 2. */
    const uint8_t p1[7] = {card(12, 0), card(12, 1), card(12, 2), card(11, 0), card(11, 1),
                           card(0, 3), card(1, 3)};
    const uint8_t base[6] = {card(8, 3), card(9, 3), card(10, 3), card(11, 3), card(2, 2),
                             card(3, 2)};
    uint8_t holdings[3 * 7];
    for (int h = 0; h < 3; h++)
        memcpy(holdings + h * 7, base, 6);
    holdings[6] = card(7, 3);   /* 9s */
    holdings[13] = card(5, 0);  /* 7c */
    holdings[20] = card(12, 0); /* Ac: player 1's */
    const double weights[3] = {3, 1, 50};
    memcpy(known, p1, 7);
    counts[0] = 7;
    ranges[1] = (sf_range){3, 7, holdings, weights};
    CHECK(exact(&high, 2, known, counts, ranges, NULL, 0, 1, &a) == SF_OK, "river range");
    CHECK(a.exact == 1 && a.deals == 2, "two possible holdings, one deal each");
    CHECK(fabs(a.equity[1] - 0.75) < 1e-15 && fabs(a.equity[0] - 0.25) < 1e-15, "3:1");

    /* a dead 9s leaves the losing holding only */
    const uint8_t dead9s[1] = {card(7, 3)};
    CHECK(exact(&high, 2, known, counts, ranges, dead9s, 1, 2, &b) == SF_OK, "dead 9s");
    CHECK(b.deals == 1 && b.equity[0] == 1, "only the 7c holding remains");

    /* Five-card stud, two ranges that share cards: pieces split at chunk boundaries add up
       to the whole run, and 1, 2 or 3 threads give the same bits */
    sf_equity_game five = {SF_RANKING_HIGH, 0, 5, 0, 0};
    uint8_t r1[12 * 3], r2[12 * 3];
    double w1[12], w2[12];
    for (int h = 0; h < 12; h++) { /* 2c 3c, or 2d 3d, and any card of rank 4, 5 or 6 */
        const uint8_t one[3] = {card(0, 0), card(1, 0), (uint8_t)(card(2, 0) + h)};
        const uint8_t two[3] = {card(0, 1), card(1, 1), (uint8_t)(card(2, 0) + h)};
        memcpy(r1 + h * 3, one, 3);
        memcpy(r2 + h * 3, two, 3);
        w1[h] = 1 + h % 3;
        w2[h] = 2.5;
    }
    memset(counts, 0, sizeof counts);
    memset(ranges, 0, sizeof ranges);
    ranges[0] = (sf_range){12, 3, r1, w1};
    ranges[1] = (sf_range){12, 3, r2, w2};
    uint8_t dead[32]; /* ranks 7 to A: a live deck of ranks 2 to 6 */
    int ndead = 0;
    for (int c = card(5, 0); c < SF_DECK_SIZE; c++)
        dead[ndead++] = (uint8_t)c;
    sf_range_spot *spot;
    CHECK(sf_range_spot_new(&five, 2, known, counts, ranges, dead, ndead, &spot) == SF_OK,
          "two ranges");
    uint64_t combos = sf_range_spot_combos(spot);
    CHECK(combos == 12 * 11, "the pairs of holdings that share no card");
    CHECK(sf_range_spot_weight(spot) > 0, "a total weight");
    sf_range_sums whole, pieces;
    memset(&whole, 0, sizeof whole);
    memset(&pieces, 0, sizeof pieces);
    CHECK(sf_range_exact_into(spot, 0, combos, 1, &whole) == SF_OK, "whole");
    CHECK(sf_range_exact_into(spot, 0, SF_RANGE_CHUNK, 3, &pieces) == SF_OK &&
              sf_range_exact_into(spot, SF_RANGE_CHUNK, combos, 2, &pieces) == SF_OK,
          "pieces");
    CHECK(memcmp(&whole, &pieces, sizeof whole) == 0, "pieces add up to the whole, any threads");
    /* one combination a chunk (SF_RANGE_CHUNK): a piece may start at any combination */
    sf_range_sums cut;
    memset(&cut, 0, sizeof cut);
    CHECK(SF_RANGE_CHUNK == 1 && sf_range_exact_into(spot, 0, 5, 2, &cut) == SF_OK &&
              sf_range_exact_into(spot, 5, 1, 1, &cut) == SF_OK &&
              sf_range_exact_into(spot, 6, combos, 2, &cut) == SF_OK,
          "pieces cut anywhere");
    CHECK(memcmp(&whole, &cut, sizeof whole) == 0, "cut anywhere, they add up to the whole");

    sf_equity_tally t1, t2;
    memset(&t1, 0, sizeof t1);
    memset(&t2, 0, sizeof t2);
    CHECK(sf_range_sample_into(spot, 0, combos, 1, &t1) == SF_E_ARGUMENT, "draw first");
    CHECK(sf_range_draw(spot, 50000, 7) == SF_OK, "draw");
    CHECK(sf_range_sample_into(spot, 0, combos, 1, &t1) == SF_OK, "sample, 1 thread");
    CHECK(sf_range_sample_into(spot, SF_RANGE_CHUNK, combos, 3, &t2) == SF_OK &&
              sf_range_sample_into(spot, 0, SF_RANGE_CHUNK, 2, &t2) == SF_OK,
          "sample in pieces, out of order");
    CHECK(memcmp(&t1, &t2, sizeof t1) == 0 && t1.deals == 50000, "same tally");
    /* the same draw in pieces (what the binding does, looking for Ctrl-C in between) */
    sf_equity_tally t3;
    memset(&t3, 0, sizeof t3);
    CHECK(sf_range_draw_start(spot, 7) == SF_OK && sf_range_draw_more(spot, 1) == SF_OK &&
              sf_range_draw_more(spot, 29999) == SF_OK && sf_range_draw_more(spot, 0) == SF_OK &&
              sf_range_draw_more(spot, 20000) == SF_OK,
          "draw in pieces");
    CHECK(sf_range_draw_more(spot, UINT32_MAX) == SF_E_ARGUMENT, "at most 2^32 - 1 samples");
    CHECK(sf_range_sample_into(spot, 0, combos, 2, &t3) == SF_OK, "sample the pieced draw");
    CHECK(memcmp(&t1, &t3, sizeof t1) == 0, "a draw in pieces is the whole draw");
    sf_range_exact_finish(spot, &whole, &a);
    sf_equity_finish(&t1, 2, 0, &b);
    CHECK(fabs(a.equity[0] - b.equity[0]) < 4 * b.std_error[0], "sampled within 4 s.e.");
    sf_range_spot_free(spot);

    /* errors: nothing is allocated that is not freed (AddressSanitizer's leak check) */
    const double zero_weight[1] = {0}, nan_weight[1] = {NAN};
    memset(ranges, 0, sizeof ranges);
    memcpy(known, p1, 7);
    counts[0] = 7;
    ranges[1] = (sf_range){1, 7, holdings, zero_weight};
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_RANGE &&
              spot == NULL, "zero weight");
    ranges[1] = (sf_range){1, 7, holdings, nan_weight};
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_RANGE,
          "NaN weight");
    ranges[1] = (sf_range){1, 7, holdings + 14, weights + 2}; /* the Ac holding alone */
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) ==
              SF_E_RANGE_EMPTY, "every holding removed");
    ranges[1] = (sf_range){1, 8, holdings, weights};
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_RANGE,
          "8 cards a holding");
    const uint8_t twice[7] = {0, 0, 1, 2, 3, 4, 5}, joker[1] = {SF_JOKER}, beyond[1] = {60};
    ranges[1] = (sf_range){1, 7, twice, weights};
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) ==
              SF_E_DUPLICATE, "a card twice in a holding");
    ranges[1] = (sf_range){1, 1, joker, weights};
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_RANGE,
          "joker");
    ranges[1] = (sf_range){1, 1, beyond, weights};
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_CARD,
          "card id 60");
    sf_equity_game short32 = {SF_RANKING_SHORT32, 0, 5, 0, 0};
    ranges[1] = (sf_range){1, 1, base + 4, weights}; /* 4h: not in the 32-card deck */
    counts[0] = 0;
    CHECK(sf_range_spot_new(&short32, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_DECK,
          "card outside the deck");
    memset(ranges, 0, sizeof ranges);
    CHECK(sf_range_spot_new(&high, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_RANGE,
          "no range at all");
    CHECK(sf_range_spot_new(&high, 1, known, counts, ranges, NULL, 0, &spot) == SF_E_PLAYERS,
          "one player");
    CHECK(sf_range_spot_new(NULL, 2, known, counts, ranges, NULL, 0, &spot) == SF_E_ARGUMENT,
          "no game");
    CHECK(sf_range_spot_combos(NULL) == 0 && sf_range_spot_weight(NULL) == 0, "NULL spot");
    sf_range_spot_free(NULL);

    if (failures)
        fprintf(stderr, "%d range equity check(s) failed\n", failures);
    else
        printf("range equity: all checks passed\n");
    return failures != 0;
}

/*
 * Equity engine checks through the public header: a river spot computed by hand, identical
 * results for any thread count, a seed that fixes a Monte Carlo run, and the error codes.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stud_fast/equity.h"

#include "check.h"

static uint8_t card(int rank, int suit)
{
    return (uint8_t)SF_CARD(rank, suit);
}

/* Player 1's equity in 1680ths summed over every deal, for a heads-up seven-card spot where
   player 1 lacks one card and player 2 three, by plain loops and sf_eval; wins[p] counts the
   deals player p wins alone, *ties those they split. */
static uint64_t brute_force(sf_ranking ranking, const uint8_t *p1, const uint8_t *p2,
                            uint64_t *deals, uint64_t wins[2], uint64_t *ties)
{
    uint8_t seen[52] = {0}, rest[52];
    int n = 0;
    for (int i = 0; i < 6; i++)
        seen[p1[i]] = 1;
    for (int i = 0; i < 4; i++)
        seen[p2[i]] = 1;
    for (int c = 0; c < 52; c++)
        if (!seen[c])
            rest[n++] = (uint8_t)c;
    const sf_evaluator *ev = sf_default_evaluator(ranking);
    uint64_t units = 0;
    *deals = *ties = wins[0] = wins[1] = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            for (int c = b + 1; c < n; c++)
                for (int d = c + 1; d < n; d++) {
                    if (a == b || a == c || a == d)
                        continue;
                    uint8_t h1[7], h2[7];
                    memcpy(h1, p1, 6);
                    h1[6] = rest[a];
                    memcpy(h2, p2, 4);
                    h2[4] = rest[b];
                    h2[5] = rest[c];
                    h2[6] = rest[d];
                    sf_value v1, v2;
                    sf_eval(ev, h1, 7, &v1);
                    sf_eval(ev, h2, 7, &v2);
                    units += v1 > v2 ? 1680 : v1 == v2 ? 840 : 0;
                    wins[0] += v1 > v2;
                    wins[1] += v2 > v1;
                    *ties += v1 == v2;
                    ++*deals;
                }
    return units;
}

int main(void)
{
    sf_equity_game high = {SF_RANKING_HIGH, 0, 7, 0, 0};
    sf_equity_result a, b;
    uint8_t known[8 * 7];
    int counts[8];
    memset(known, 0, sizeof known);

    /* One card to come, for player 2 only: player 1 holds aces full (Ac Ad Ah Kc Kd 2s 3s);
       player 2 holds Ts Js Qs Ks 4h 5h and draws one of the 39 unseen cards. Only a straight
       flush beats the full house: the As (royal) or the 9s (nine to king). */
    const uint8_t p1[7] = {card(12, 0), card(12, 1), card(12, 2), card(11, 0), card(11, 1),
                           card(0, 3), card(1, 3)};
    const uint8_t p2[6] = {card(8, 3), card(9, 3), card(10, 3), card(11, 3), card(2, 2),
                           card(3, 2)};
    memcpy(known, p1, 7);
    memcpy(known + 7, p2, 6);
    counts[0] = 7;
    counts[1] = 6;
    CHECK(sf_equity_exact(&high, 2, known, counts, NULL, 0, 1, &a) == SF_OK, "river spot");
    CHECK(a.deals == 39, "39 unseen cards");
    CHECK(fabs(a.equity[1] - 2.0 / 39) < 1e-12, "only As and 9s win for player 2");
    CHECK(fabs(a.win[1] - 2.0 / 39) < 1e-12 && a.tie[0] == 0, "no ties");
    CHECK(fabs(a.equity[0] + a.equity[1] - 1) < 1e-12, "shares sum to one");

    /* Fourth street heads-up, 1 and 2 threads: identical results */
    const uint8_t q1[4] = {card(12, 0), card(12, 3), card(11, 1), card(5, 0)};
    const uint8_t q2[4] = {card(10, 0), card(10, 1), card(9, 3), card(7, 2)};
    memcpy(known, q1, 4);
    memcpy(known + 7, q2, 4);
    counts[0] = counts[1] = 4;
    uint8_t dead[3] = {card(0, 0), card(1, 1), card(2, 2)};
    sf_equity_game hilo = {SF_RANKING_HIGH, 1, 5, 0, 0};
    counts[0] = counts[1] = 4;
    CHECK(sf_equity_exact(&hilo, 2, known, counts, dead, 3, 1, &a) == SF_OK, "exact 1 thread");
    CHECK(sf_equity_exact(&hilo, 2, known, counts, dead, 3, 2, &b) == SF_OK, "exact 2 threads");
    CHECK(memcmp(&a, &b, sizeof a) == 0, "same result for any thread count");
    CHECK(a.deals == 41 * 40, "one card each from the 41 unseen");

    sf_equity_game razz = {SF_RANKING_RAZZ, 0, 7, 0, 0};
    CHECK(sf_equity_sample(&razz, 2, known, counts, dead, 3, 20000, 7, 1, &a) == SF_OK, "mc");
    CHECK(sf_equity_sample(&razz, 2, known, counts, dead, 3, 20000, 7, 3, &b) == SF_OK, "mc3");
    CHECK(memcmp(&a, &b, sizeof a) == 0, "a seed fixes the sample for any thread count");
    CHECK(a.deals == 20000 && a.std_error[0] > 0, "sampled deals and standard error");
    sf_equity_tally pieces;
    memset(&pieces, 0, sizeof pieces);
    CHECK(sf_equity_sample_into(&razz, 2, known, counts, dead, 3, 0, 8192, 7, 2, &pieces) ==
              SF_OK && sf_equity_sample_into(&razz, 2, known, counts, dead, 3, 8192, 11808, 7,
                                             1, &pieces) == SF_OK, "sampling in pieces");
    sf_equity_finish(&pieces, 2, 0, &b);
    CHECK(memcmp(&a, &b, sizeof a) == 0, "pieces add up to the whole run");
    CHECK(sf_equity_sample_into(&razz, 2, known, counts, dead, 3, 100, 10, 7, 1, &pieces) ==
              SF_E_ARGUMENT, "pieces start on a block");

    /* An exact run in units: cut anywhere, on any thread count, it adds up to the whole run.
       Player 1 lacks one card and player 2 three, so a unit holds part of player 2's
       combinations (C(41, 3) = 10,660 of them under each of player 1's 42 cards). */
    const uint8_t r1[6] = {card(12, 0), card(12, 3), card(11, 1), card(5, 0), card(3, 3),
                           card(2, 1)};
    memcpy(known, r1, 6);
    memcpy(known + 7, q2, 4);
    counts[0] = 6;
    counts[1] = 4;
    uint64_t units = 0, deals = 0;
    CHECK(sf_equity_exact_plan(&high, 2, known, counts, NULL, 0, &units, &deals) == SF_OK,
          "plan");
    CHECK(deals == 42ull * 10660 && units > 17, "42 x C(41, 3) deals in many units");
    CHECK(sf_equity_exact(&high, 2, known, counts, NULL, 0, 2, &a) == SF_OK, "whole run");
    const uint64_t cuts[4] = {0, 5, 17, units};
    memset(&pieces, 0, sizeof pieces);
    for (int i = 0; i < 3; i++)
        CHECK(sf_equity_exact_into(&high, 2, known, counts, NULL, 0, cuts[i],
                                   cuts[i + 1] - cuts[i], 1 + i, &pieces) == SF_OK, "a piece");
    sf_equity_finish(&pieces, 2, 1, &b);
    CHECK(memcmp(&a, &b, sizeof a) == 0 && a.deals == deals, "units add up to the whole run");
    /* the same as plain loops over every deal: the high spot above, and a razz spot where
       player 1 holds a wheel (A-5 and a king) and player 2 ties it with any 5 among three
       cards to A-2-3-4 */
    const uint8_t wheel[6] = {card(12, 0), card(0, 0), card(1, 0), card(2, 0), card(3, 0),
                              card(11, 1)};
    const uint8_t four[4] = {card(12, 2), card(0, 2), card(1, 2), card(2, 2)};
    for (int g = 0; g < 2; g++) {
        sf_equity_game game = {g ? SF_RANKING_RAZZ : SF_RANKING_HIGH, 0, 7, 0, 0};
        const uint8_t *h1 = g ? wheel : r1, *h2 = g ? four : q2;
        memcpy(known, h1, 6);
        memcpy(known + 7, h2, 4);
        uint64_t brute_deals, wins[2], ties;
        uint64_t brute = brute_force(game.ranking, h1, h2, &brute_deals, wins, &ties);
        CHECK(sf_equity_exact(&game, 2, known, counts, NULL, 0, 2, &a) == SF_OK, "exact");
        CHECK(brute_deals == a.deals &&
                  fabs(a.equity[0] - (double)brute / 1680 / (double)a.deals) < 1e-12,
              "ranking %d: the equity of plain loops", game.ranking);
        CHECK(g == 0 || ties > 0, "razz: some deals split");
        for (int p = 0; p < 2; p++)
            CHECK(a.win[p] == (double)wins[p] / (double)a.deals &&
                      a.tie[p] == (double)ties / (double)a.deals &&
                      a.high[p] == a.equity[p] && a.low[p] == 0,
                  "ranking %d, player %d: the wins, ties and high shares of plain loops",
                  game.ranking, p);
    }
    memcpy(known, r1, 6);
    memcpy(known + 7, q2, 4);
    CHECK(sf_equity_exact_into(&high, 2, known, counts, NULL, 0, units, 1, 1, &pieces) ==
              SF_E_ARGUMENT, "units past the end");
    int none[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    CHECK(sf_equity_exact_plan(&high, 8, known, none, NULL, 0, &units, &deals) == SF_E_HUGE,
          "eight players lacking every card: more deals than 64 bits count");
    CHECK(sf_equity_exact(&high, 8, known, none, NULL, 0, 1, &a) == SF_E_HUGE, "refused");

    /* errors */
    counts[0] = 8;
    CHECK(sf_equity_exact(&high, 2, known, counts, NULL, 0, 1, &a) == SF_E_TOO_MANY, "8 cards");
    counts[0] = 4;
    CHECK(sf_equity_exact(&high, 1, known, counts, NULL, 0, 1, &a) == SF_E_PLAYERS, "1 player");
    uint8_t dup[1] = {card(12, 0)};
    CHECK(sf_equity_exact(&high, 2, known, counts, dup, 1, 1, &a) == SF_E_DUPLICATE, "dup");
    uint8_t bad[1] = {200};
    CHECK(sf_equity_exact(&high, 2, known, counts, bad, 1, 1, &a) == SF_E_CARD, "bad id");
    int eight[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    CHECK(sf_equity_deal_count(&high, 8, eight, 52) > 1e40,
          "eight players lacking every card: the seventh is shared (S3), a huge enumeration");
    uint8_t nine[7] = {0};
    int shortcount[2] = {7, 7};
    sf_equity_game five = {SF_RANKING_HIGH, 0, 5, 0, 0};
    CHECK(sf_equity_exact(&five, 2, nine, shortcount, NULL, 0, 1, &a) == SF_E_TOO_MANY,
          "seven cards in a five-card game");
    /* S3: eight players with six cards each leave 4 cards: one shared seventh card */
    uint8_t six[8 * 7];
    int sixes[8];
    for (int p = 0; p < 8; p++) {
        sixes[p] = 6;
        for (int i = 0; i < 6; i++)
            six[p * 7 + i] = (uint8_t)(p * 6 + i);
    }
    CHECK(sf_equity_exact(&high, 8, six, sixes, NULL, 0, 2, &a) == SF_OK, "shared card");
    CHECK(a.deals == 4, "one of the four cards left, shared by all");
    /* the same four deals by plain loops: each winner of a k-way split gets 1680 / k */
    uint64_t share8[8] = {0}, win8[8] = {0}, tie8[8] = {0};
    for (int c = 48; c < 52; c++) {
        sf_value v8[8], best = 0;
        for (int p = 0; p < 8; p++) {
            uint8_t h[7];
            memcpy(h, six + p * 7, 6);
            h[6] = (uint8_t)c;
            sf_eval(sf_default_evaluator(SF_RANKING_HIGH), h, 7, &v8[p]);
            best = v8[p] > best ? v8[p] : best;
        }
        int k = 0;
        for (int p = 0; p < 8; p++)
            k += v8[p] == best;
        for (int p = 0; p < 8; p++)
            if (v8[p] == best) {
                share8[p] += 1680 / (uint64_t)k;
                win8[p] += k == 1;
                tie8[p] += k > 1;
            }
    }
    for (int p = 0; p < 8; p++)
        CHECK(fabs(a.equity[p] - (double)share8[p] / 1680 / 4) < 1e-12 &&
                  a.win[p] == (double)win8[p] / 4 && a.tie[p] == (double)tie8[p] / 4,
              "player %d of 8: the shares, wins and ties of plain loops", p);
    CHECK(sf_equity_deal_count(&high, 8, sixes, 4) == 4.0, "deal count with a shared card");
    double total = 0;
    for (int p = 0; p < 8; p++)
        total += a.equity[p];
    CHECK(fabs(total - 1) < 1e-12, "shares sum to one");
    sf_equity_game s32 = {SF_RANKING_SHORT32, 0, 5, 0, 0};
    CHECK(sf_equity_exact(&s32, 2, known, counts, dead, 3, 1, &a) == SF_E_DECK,
          "a deuce in the 32-card deck");

    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("all equity checks passed\n");
    return 0;
}

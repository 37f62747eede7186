/*
 * Counting against enumeration: sf_equity_count_into must give exactly the tally that
 * sf_equity_exact_into builds deal by deal, on random heads-up spots of every counted ranking
 * (wild ranks, jokers, dead cards, the 32-card deck, five- and seven-card games, every street
 * from the one before the river back to where enumeration is still quick), and refuse what it
 * does not count.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stud_fast/equity_count.h"

#include "check.h"
#include "test_random.h"

/* A random heads-up spot of `game` with `to_come` cards still to come per player (at most
   one less for player 1, now and then), some dead cards: the known rows and counts. */
static int random_spot(const sf_equity_game *game, int to_come, uint8_t known[14],
                       int counts[2], uint8_t *dead, int *ndead)
{
    int lo = game->ranking == SF_RANKING_SHORT32 ? 20 : 0;
    uint8_t deck[60];
    int n = 0;
    for (int c = lo; c < 52; c++)
        deck[n++] = (uint8_t)c;
    for (int j = 0; j < game->jokers; j++)
        deck[n++] = SF_JOKER;
    for (int i = n - 1; i > 0; i--) { /* shuffle */
        unsigned j = draw((unsigned)i + 1);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    int at = 0;
    counts[0] = game->cards_per_player - to_come;
    counts[1] = game->cards_per_player - to_come + (int)draw(2);
    if (counts[1] > game->cards_per_player)
        counts[1] = game->cards_per_player;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < counts[p]; i++)
            known[p * 7 + i] = deck[at++];
    *ndead = 0;
    int want = (int)draw(5);
    while (*ndead < want && at < n) {
        if (deck[at] != SF_JOKER)
            dead[(*ndead)++] = deck[at];
        at++;
    }
    return 0;
}

static int same_tally(const sf_equity_tally *a, const sf_equity_tally *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

int main(void)
{
    const sf_equity_game games[] = {
        {SF_RANKING_HIGH, 0, 7, 0, 0},
        {SF_RANKING_HIGH, 0, 5, 0, 0},
        {SF_RANKING_SHORT32, 0, 5, 0, 0},
        {SF_RANKING_RAZZ, 0, 7, 0, 0},
        {SF_RANKING_HIGH, 0, 7, (sf_rank_mask)(1u << 1 | 1u << 7), 0}, /* threes, nines */
        {SF_RANKING_HIGH, 0, 7, 0, 2},
        {SF_RANKING_RAZZ, 0, 7, 0, 1},
        {SF_RANKING_HIGH, 0, 5, (sf_rank_mask)(1u << 0), 1},
        {SF_RANKING_HIGH, 1, 7, 0, 0},                              /* stud hi-lo */
        {SF_RANKING_HIGH, 1, 7, (sf_rank_mask)(1u << 1), 1},       /* hi-lo, wild threes */
        /* twos to eights wild, and deuces to fives in hi-lo: so many hands make the same five
           of a kind that groups of equal value are large on both sides, and the sweeps count
           their ties by a second query instead of pair by pair */
        {SF_RANKING_HIGH, 0, 7, (sf_rank_mask)0x7Fu, 2},
        {SF_RANKING_HIGH, 1, 7, (sf_rank_mask)0x0Fu, 2},
    };
    int spots = 0;
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        const sf_equity_game *game = &games[g];
        for (int to_come = 0; to_come <= 3; to_come++) {
            if (to_come >= game->cards_per_player)
                continue;
            int rounds = to_come == 3 ? 2 : 12;
            for (int r = 0; r < rounds; r++) {
                uint8_t known[14] = {0}, dead[8];
                int counts[2], ndead;
                random_spot(game, to_come, known, counts, dead, &ndead);
                uint64_t units, deals;
                int status = sf_equity_exact_plan(game, 2, known, counts, dead, ndead, &units,
                                                  &deals);
                CHECK(status == SF_OK, "plan: status %d", status);
                if (status != SF_OK || deals > 60000000u)
                    continue;
                sf_equity_tally counted, enumerated;
                memset(&counted, 0, sizeof counted);
                memset(&enumerated, 0, sizeof enumerated);
                status = sf_equity_count_into(game, 2, known, counts, dead, ndead, 1, &counted);
                CHECK(status == SF_OK, "count: status %d", status);
                CHECK(sf_equity_exact_into(game, 2, known, counts, dead, ndead, 0, units, 1,
                                           &enumerated) == SF_OK, "enumeration failed");
                CHECK(same_tally(&counted, &enumerated),
                      "game %zu, %d to come, spot %d: %llu deals counted, %llu enumerated, "
                      "share %llu vs %llu", g, to_come, r, (unsigned long long)counted.deals,
                      (unsigned long long)enumerated.deals,
                      (unsigned long long)counted.share[0],
                      (unsigned long long)enumerated.share[0]);
                spots++;
            }
        }
    }
    CHECK(spots > 200, "only %d spots compared", spots);

    /* third street, too large to enumerate here: two threads (one sweep from each end of the
       values) give the tally one gives, on spots of every high-only ranking counted */
    int split = 0;
    for (size_t g = 0; g < sizeof games / sizeof *games; g++) {
        const sf_equity_game *game = &games[g];
        if (game->hilo || game->cards_per_player != 7)
            continue;
        for (int r = 0; r < 2; r++) {
            uint8_t known[14] = {0}, dead[8];
            int counts[2], ndead;
            random_spot(game, 4, known, counts, dead, &ndead);
            counts[1] = counts[0]; /* four cards to come each: some 150,000 completions a side */
            sf_equity_tally one, two;
            memset(&one, 0, sizeof one);
            memset(&two, 0, sizeof two);
            int s1 = sf_equity_count_into(game, 2, known, counts, dead, ndead, 1, &one);
            int s2 = sf_equity_count_into(game, 2, known, counts, dead, ndead, 2, &two);
            CHECK(s1 == SF_OK && s2 == SF_OK && same_tally(&one, &two),
                  "game %zu third street: %d/%d, share %llu on one thread, %llu on two", g, s1,
                  s2, (unsigned long long)one.share[0], (unsigned long long)two.share[0]);
            split++;
        }
    }
    CHECK(split >= 10, "only %d third-street spots split", split);

    /* what counting refuses: three players, hi-lo with five cards to come each, and it says so
       without touching the tally */
    sf_equity_game hilo = {SF_RANKING_HIGH, 1, 7, 0, 0};
    uint8_t known[21] = {0, 1, 2, 0, 0, 0, 0, 4, 5, 6, 0, 0, 0, 0, 8, 9, 10};
    int counts[3] = {3, 3, 3}, two[2] = {2, 2};
    sf_equity_tally t;
    memset(&t, 0, sizeof t);
    CHECK(sf_equity_count_into(&hilo, 2, known, two, NULL, 0, 1, &t) == SF_E_NOT_COUNTED,
          "hi-lo with five to come counted");
    CHECK(sf_equity_count_into(&games[0], 3, known, counts, NULL, 0, 1, &t) == SF_E_NOT_COUNTED,
          "three players counted");
    CHECK(t.deals == 0, "a refused spot changed the tally");
    CHECK(sf_equity_count_into(&games[0], 2, known, counts, NULL, 0, 1, NULL) == SF_E_ARGUMENT,
          "NULL tally taken");
    uint8_t twice[14] = {0, 1, 2, 0, 0, 0, 0, 0, 5, 6};
    CHECK(sf_equity_count_into(&games[0], 2, twice, counts, NULL, 0, 1, &t) == SF_E_DUPLICATE,
          "a duplicate card taken");
    printf("%d spots: counting %s enumeration\n", spots, failures ? "DIFFERS from" : "equals");
    return failures != 0;
}

/*
 * sf_best_five and sf_value_name through the public headers: the five cards of hands with and
 * without wild cards under every ranking, checked by valuing them again; names of lows; every
 * status has a message.
 */
#include <stdio.h>
#include <string.h>

#include "stud_fast/best.h"
#include "stud_fast/equity.h"

#include "check.h"

static uint64_t rng_state = 0x5eed5eedULL;
static unsigned next_random(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((rng_state >> 33) % n);
}

/* Parse "As Kd Xx" into ids; returns the count. */
static int parse(const char *text, uint8_t *out)
{
    static const char ranks[] = "23456789TJQKA", suits[] = "cdhs";
    int n = 0;
    for (const char *p = text; *p; p++) {
        if (*p == ' ')
            continue;
        if (p[0] == 'X') {
            out[n++] = SF_JOKER;
        } else {
            int r = (int)(strchr(ranks, p[0]) - ranks), s = (int)(strchr(suits, p[1]) - suits);
            out[n++] = (uint8_t)SF_CARD(r, s);
        }
        p++;
    }
    return n;
}

/* The five a hand plays are worth the hand: valued again without wild ranks (five of a kind,
   the one hand with a duplicate, is checked by its ranks). */
static void check_hand(const sf_evaluator *ev, const uint8_t *cards, int n)
{
    uint8_t five[5];
    int nfive = 0;
    sf_value want, got;
    CHECK(sf_eval(ev, cards, n, &want) == SF_OK, "a valid hand");
    int status = sf_best_five(ev, cards, n, five, &nfive);
    CHECK(status == SF_OK, "best five");
    if (status != SF_OK && failures < 5) {
        fprintf(stderr, "  ranking %d wilds %#x status %d:", ev->ranking, ev->wild_ranks, status);
        for (int i = 0; i < n; i++)
            fprintf(stderr, " %d", cards[i]);
        fprintf(stderr, "\n");
    }
    CHECK(nfive == (n < 5 ? n : 5), "five cards, or all of fewer");
    for (int i = 0; i < nfive; i++)
        CHECK(five[i] < SF_JOKER, "every wild card made concrete");
    const sf_evaluator *plain = sf_default_evaluator((sf_ranking)ev->ranking);
    sf_category cat = sf_category_of((sf_ranking)ev->ranking, want);
    int dup = 0, top = five[0];
    for (int i = 0; i < nfive; i++) {
        top = five[i] > top ? five[i] : top;
        for (int j = 0; j < i; j++)
            dup |= five[i] == five[j];
    }
    if (!dup) {
        CHECK(sf_eval(plain, five, nfive, &got) == SF_OK && got == want,
              "the five reach the value");
        return;
    }
    /* a duplicate only in five of a kind or a flush that repeats its top card (the Python
       tests value these fives with the reference evaluator, which takes duplicates) */
    CHECK(cat == SF_CAT_FIVE_OF_A_KIND || cat == SF_CAT_FLUSH, "a duplicate where needed");
    for (int i = 0; i < nfive; i++) {
        int repeated = 0;
        for (int j = 0; j < nfive; j++)
            repeated |= j != i && five[j] == five[i];
        if (cat == SF_CAT_FIVE_OF_A_KIND)
            CHECK(SF_RANK_OF(five[i]) == SF_RANK_OF(five[0]), "five of a kind");
        else
            CHECK(SF_SUIT_OF(five[i]) == SF_SUIT_OF(five[0]) && (!repeated || five[i] == top),
                  "a flush repeats its top card");
    }
}

static void random_hands(void)
{
    for (int r = 0; r < SF_NUM_RANKINGS; r++) {
        int lo = r == SF_RANKING_SHORT32 ? 20 : 0;
        for (int mask = 0; mask < 3; mask++) {
            sf_evaluator ev;
            sf_rank_mask wild = mask == 0 ? 0 : mask == 1 ? (1u << 7) : (1u << 1 | 1u << 7);
            if (r == SF_RANKING_SHORT32 && mask)
                wild = 1u << 7 | (mask == 2 ? 1u << 12 : 0);
            sf_evaluator_init(&ev, (sf_ranking)r, wild);
            for (int trial = 0; trial < 20000; trial++) {
                uint8_t cards[7];
                int n = 1 + (int)next_random(7), jokers = (int)next_random(8);
                for (int i = 0; i < n; i++) {
                    int fresh;
                    do {
                        cards[i] = i < jokers ? SF_JOKER
                                              : (uint8_t)(lo + (int)next_random((unsigned)(52 - lo)));
                        fresh = 1;
                        for (int j = 0; j < i; j++)
                            fresh &= cards[j] != cards[i] || cards[i] == SF_JOKER;
                    } while (!fresh);
                }
                check_hand(&ev, cards, n);
            }
        }
    }
}

static void named_hands(void)
{
    uint8_t cards[7], five[5];
    int nfive;
    const sf_evaluator *high = sf_default_evaluator(SF_RANKING_HIGH);
    int n = parse("Xx Ah Kh Qh Jh", cards);
    CHECK(sf_best_five(high, cards, n, five, &nfive) == SF_OK && five[4] == SF_CARD(8, 2),
          "the joker is the ten of hearts");
    n = parse("Xx Xx Xx Xx Xx Xx Xx", cards);
    CHECK(sf_best_five(high, cards, n, five, &nfive) == SF_OK && nfive == 5, "seven jokers");
    for (int i = 0; i < 5; i++)
        CHECK(SF_RANK_OF(five[i]) == 12, "seven jokers are five aces");
    n = parse("As Ks Qs Js Ts 2c 3d", cards);
    CHECK(sf_best_five(high, cards, n, five, &nfive) == SF_OK && nfive == 5, "royal flush");
    for (int i = 0; i < 5; i++)
        CHECK(SF_SUIT_OF(five[i]) == 3 && SF_RANK_OF(five[i]) >= 8, "the royal flush's cards");
    CHECK(sf_best_five(high, cards, 8, five, &nfive) == SF_E_COUNT, "eight cards");
    CHECK(sf_best_five(high, NULL, 3, five, &nfive) == SF_E_ARGUMENT, "no cards");
    cards[1] = cards[0];
    CHECK(sf_best_five(high, cards, 2, five, &nfive) == SF_E_DUPLICATE, "duplicate");

    const sf_evaluator *razz = sf_default_evaluator(SF_RANKING_RAZZ);
    const sf_evaluator *low8 = sf_default_evaluator(SF_RANKING_LOW8);
    sf_value v;
    n = parse("7h 6c 4d 2s Ah Kd Kc", cards);
    sf_eval(razz, cards, n, &v);
    CHECK(strcmp(sf_value_name(SF_RANKING_RAZZ, v), "seven low") == 0, "razz seven low");
    sf_eval(high, cards, n, &v);
    CHECK(strcmp(sf_value_name(SF_RANKING_HIGH, v), "one pair") == 0, "high names categories");
    n = parse("5h 4c 3d 2s Ah", cards);
    sf_eval(low8, cards, n, &v);
    CHECK(strcmp(sf_value_name(SF_RANKING_LOW8, v), "five low") == 0, "the wheel");
    n = parse("9h 4c 3d 2s Ah", cards);
    sf_eval(low8, cards, n, &v);
    CHECK(strcmp(sf_value_name(SF_RANKING_LOW8, v), "no low") == 0, "no low");
    n = parse("Ah", cards);
    sf_eval(razz, cards, n, &v);
    CHECK(strcmp(sf_value_name(SF_RANKING_RAZZ, v), "ace low") == 0, "an ace alone");
    n = parse("Kh Kd", cards);
    sf_eval(razz, cards, n, &v);
    CHECK(strcmp(sf_value_name(SF_RANKING_RAZZ, v), "one pair") == 0, "a razz pair");
    CHECK(sf_value_name(SF_RANKING_HIGH, (sf_value)(sf_max_value(SF_RANKING_HIGH) + 1)) == NULL,
          "above the largest value");
    CHECK(sf_value_name((sf_ranking)7, 0) == NULL, "unknown ranking");
}

static void messages(void)
{
    const int codes[] = {SF_OK, SF_E_CARD, SF_E_DECK, SF_E_DUPLICATE, SF_E_COUNT, SF_E_RANKING,
                         SF_E_WILD, SF_E_ARGUMENT, SF_E_INTERNAL, SF_E_PLAYERS, SF_E_TOO_MANY,
                         SF_E_DECK_SHORT, SF_E_HUGE};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        CHECK(strcmp(sf_status_message(codes[i]), "unknown status") != 0, "a message");
}

int main(void)
{
    named_hands();
    random_hands();
    messages();
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("all best-five checks passed\n");
    return 0;
}

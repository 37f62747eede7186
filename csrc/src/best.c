/*
 * stud_fast best five: which cards a hand plays, wild cards made concrete (see best.h).
 *
 * A best five can always use every wild card it may (a wild card can stand for any natural
 * card it replaces), so the search keeps min(wilds, size) of them and tries the subsets of the
 * natural cards for the rest until one reaches the hand's value, with the wild cards written
 * as jokers under the ranking's evaluator without wild ranks. Each joker is then made concrete
 * in turn: the first card whose substitution keeps the value. Whatever the other jokers become,
 * a value that is reachable stays reachable, so this greedy choice never has to back up. At
 * most 21 subsets and 5 x 52 substitutions are valued: microseconds, even for seven jokers.
 */
#include "stud_fast/best.h"

#include <string.h>

/* Ranks in the order stand-ins are offered: the strongest first (the ace low under the low
   rankings), so that among equal choices the hand shows its best-looking cards. */
static const int high_order[SF_NUM_RANKS] = {12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};
static const int low_order[SF_NUM_RANKS] = {12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};

static int is_wild(const sf_evaluator *ev, uint8_t c)
{
    return c == SF_JOKER || (ev->wild_ranks >> SF_RANK_OF(c) & 1);
}

static int holds(const uint8_t *cards, int n, uint8_t c)
{
    for (int i = 0; i < n; i++)
        if (cards[i] == c)
            return 1;
    return 0;
}

static int reaches(const sf_evaluator *plain, const uint8_t *hand, int n, sf_value target)
{
    sf_value v;
    return sf_eval(plain, hand, n, &v) == SF_OK && v == target;
}

/* Choose `keep` of the nn natural cards so that they and size - keep jokers reach target. */
static int choose_naturals(const sf_evaluator *plain, const uint8_t *nat, int nn, int keep,
                           int size, sf_value target, uint8_t *hand)
{
    int idx[5];
    for (int i = 0; i < keep; i++)
        idx[i] = i;
    for (int i = keep; i < size; i++)
        hand[i] = SF_JOKER;
    for (;;) {
        for (int i = 0; i < keep; i++)
            hand[i] = nat[idx[i]];
        if (reaches(plain, hand, size, target))
            return 1;
        int i = keep - 1;
        while (i >= 0 && idx[i] == nn - keep + i)
            i--;
        if (i < 0)
            return 0;
        idx[i]++;
        for (int m = i + 1; m < keep; m++)
            idx[m] = idx[m - 1] + 1;
    }
}

/* The concrete card for the joker at hand[j], or -1 when only a duplicate of a card of the
   five would do. First pass: cards the hand does not hold at all. */
static int stand_in(const sf_evaluator *plain, uint8_t *hand, int size, int j, sf_value target,
                    const uint8_t *cards, int n)
{
    const int *order = plain->ranking == SF_RANKING_RAZZ || plain->ranking == SF_RANKING_LOW8
                           ? low_order
                           : high_order;
    int lowest = plain->ranking == SF_RANKING_SHORT32 ? SF_SHORT32_FIRST_RANK : 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int r = 0; r < SF_NUM_RANKS; r++) {
            if (order[r] < lowest)
                continue;
            for (int s = SF_NUM_SUITS - 1; s >= 0; s--) {
                uint8_t c = (uint8_t)SF_CARD(order[r], s);
                if (holds(hand, j, c) || (pass == 0 && holds(cards, n, c)))
                    continue;
                hand[j] = c;
                if (reaches(plain, hand, size, target))
                    return c;
            }
        }
    }
    hand[j] = SF_JOKER;
    return -1;
}

int sf_best_five(const sf_evaluator *ev, const uint8_t *cards, int n, uint8_t five[5],
                 int *nfive)
{
    if (!ev || !five || !nfive || (!cards && n))
        return SF_E_ARGUMENT;
    sf_value target;
    int status = sf_eval(ev, cards, n, &target);
    if (status != SF_OK)
        return status;
    const sf_evaluator *plain = sf_default_evaluator((sf_ranking)ev->ranking);
    uint8_t nat[7], hand[5];
    int nn = 0;
    for (int i = 0; i < n; i++)
        if (!is_wild(ev, cards[i]))
            nat[nn++] = cards[i];
    int size = n < 5 ? n : 5;
    int wilds = n - nn < size ? n - nn : size;
    if (!choose_naturals(plain, nat, nn, size - wilds, size, target, hand))
        return SF_E_INTERNAL; /* unreachable: the hand's own value is among the subsets' */
    for (int j = size - wilds; j < size; j++) {
        if (stand_in(plain, hand, size, j, target, cards, n) >= 0)
            continue;
        /* Only a duplicate reaches the value: five of a kind, or a flush whose wild cards
           all stand for its top card (A-A-9-7-4 beats A-K-9-7-4, docs/rules.md D4). The value
           cannot tell a duplicate from a joker, so the cards before decide: repeat the top. */
        sf_category cat = sf_category_of((sf_ranking)ev->ranking, target);
        if ((cat != SF_CAT_FIVE_OF_A_KIND && cat != SF_CAT_FLUSH) || j == 0)
            return SF_E_INTERNAL; /* unreachable, see above */
        uint8_t top = hand[0];
        for (int i = 1; i < j; i++)
            if (hand[i] > top)
                top = hand[i];
        hand[j] = top;
    }
    memcpy(five, hand, (size_t)size);
    *nfive = size;
    return SF_OK;
}

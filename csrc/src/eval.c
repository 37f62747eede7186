/*
 * stud_fast evaluation: evaluator set-up, the scalar and accumulator entry points over the
 * generated tables, and category names. The batch loops live in batch.c.
 */
#include "stud_fast/eval.h"

#include <pthread.h>
#include <string.h>

#include "stud_fast/equity.h"
#include "stud_fast/range_equity.h"

#include "hand_checks.h"
#include "keys.h"
#include "sf_tables.h"

int sf_evaluator_init(sf_evaluator *ev, sf_ranking ranking, sf_rank_mask wild_ranks)
{
    if (!ev)
        return SF_E_ARGUMENT;
    if ((unsigned)ranking >= SF_NUM_RANKINGS)
        return SF_E_RANKING;
    if (wild_ranks >> SF_NUM_RANKS)
        return SF_E_WILD;
    const sf_evaluator *base = &sf__default_evaluators[ranking];
    *ev = *base;
    sf__build_keys(ev->key, ev->bit, (int)ranking, wild_ranks);
    ev->natural_bits = 0;
    for (int c = 0; c < SF_DECK_SIZE; c++)
        if (!(wild_ranks >> SF_RANK_OF(c) & 1))
            ev->natural_bits |= ev->bit[c];
    for (int c = 0; c < 256; c++) {
        ev->card[c][0] = ev->key[c];
        ev->card[c][1] = ev->bit[c];
    }
    ev->wild_ranks = wild_ranks;
    return SF_OK;
}

const sf_evaluator *sf_default_evaluator(sf_ranking ranking)
{
    if ((unsigned)ranking >= SF_NUM_RANKINGS)
        return NULL;
    return &sf__default_evaluators[ranking];
}

int sf_eval(const sf_evaluator *ev, const uint8_t *cards, int n, sf_value *out)
{
    if (!ev || !out || (!cards && n))
        return SF_E_ARGUMENT;
    if (n < 1 || n > 7)
        return SF_E_COUNT;
    uint64_t key, bits;
    SF__SUM_HAND(ev, cards, n, key, bits);
    int status = sf__hand_problem(key, bits, n, cards);
    if (status != SF_OK)
        return status;
    sf_hand hand = {key, bits};
    *out = sf_hand_value(ev, &hand);
    return SF_OK;
}

int sf_hand_count(const sf_hand *h)
{
    return SF__FIELD(h->key, SF__COUNT_SHIFT);
}

int sf_hand_status(const sf_hand *h)
{
    int n = sf_hand_count(h);
    if (n < 1 || n > 7)
        return SF_E_COUNT;
    if (h->key & SF__BAD_FIELD)
        return SF_E_CARD;
    /* bits is a sum: a repeated card carries into another bit and lowers the popcount */
    if (SF_POPCOUNT64(h->bits) != SF__FIELD(h->key, SF__NATURAL_SHIFT))
        return SF_E_DUPLICATE;
    return SF_OK;
}

sf_value sf_hand_flush_value(const sf_evaluator *ev, uint64_t key, uint64_t bits,
                             sf_value suit_blind)
{
    return sf__flush_value(ev, key, bits, suit_blind);
}

sf_value sf__cards_flush_value(const sf_evaluator *ev, const uint8_t *cards, int n, uint64_t key,
                               sf_value suit_blind)
{
    uint64_t bits = 0;
    for (int i = 0; i < n && i < 7; i++)
        bits |= ev->bit[cards[i]];
    return sf__flush_value(ev, key, bits, suit_blind);
}

sf_category sf_category_of(sf_ranking ranking, sf_value value)
{
    if ((unsigned)ranking >= SF_NUM_RANKINGS || value > sf__max_value[ranking])
        return SF_CAT_NONE;
    const sf__cat_range *r = sf__cat_ranges[ranking];
    sf_category cat = SF_CAT_NONE;
    for (int i = 0; i < SF_NUM_CATEGORIES + 1 && r[i].first <= value; i++)
        cat = (sf_category)r[i].category;
    return cat;
}

sf_value sf_max_value(sf_ranking ranking)
{
    return (unsigned)ranking < SF_NUM_RANKINGS ? sf__max_value[ranking] : 0;
}

static const char *const category_names[SF_NUM_CATEGORIES] = {
    "no low", "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush", "five of a kind",
};

const char *sf_category_name(sf_category category)
{
    return (unsigned)category < SF_NUM_CATEGORIES ? category_names[category] : "unknown";
}

/*
 * The highest card of every unpaired low, by value: 1 + its rank index (0 for values that are
 * not unpaired lows), for RAZZ and LOW8. Every such value is the value of a set of one to five
 * distinct ranks, so valuing the 8,191 non-empty rank sets of up to five fills the table once.
 */
static uint8_t low_top[2][1 << 16];
static pthread_once_t low_top_once = PTHREAD_ONCE_INIT;

static void fill_low_top(void)
{
    for (int t = 0; t < 2; t++) {
        sf_ranking r = t ? SF_RANKING_LOW8 : SF_RANKING_RAZZ;
        for (unsigned mask = 1; mask < 1u << SF_NUM_RANKS; mask++) {
            uint8_t cards[SF_NUM_RANKS];
            int n = 0, top = SF_NUM_RANKS - 1; /* the ace, when it is alone */
            for (int rank = 0; rank < SF_NUM_RANKS && n <= 5; rank++) {
                if (!(mask >> rank & 1))
                    continue;
                cards[n] = (uint8_t)SF_CARD(rank, n & 3);
                n++;
                if (rank < SF_NUM_RANKS - 1)
                    top = rank;
            }
            sf_value v;
            if (n > 5 || sf_eval(&sf__default_evaluators[r], cards, n, &v) != SF_OK)
                continue;
            if (sf_category_of(r, v) == SF_CAT_HIGH_CARD)
                low_top[t][v] = (uint8_t)(top + 1);
        }
    }
}

const char *sf_value_name(sf_ranking ranking, sf_value value)
{
    static const char *const lows[SF_NUM_RANKS] = {
        "deuce low", "three low", "four low", "five low", "six low", "seven low", "eight low",
        "nine low", "ten low", "jack low", "queen low", "king low", "ace low",
    };
    if ((unsigned)ranking >= SF_NUM_RANKINGS || value > sf__max_value[ranking])
        return NULL;
    sf_category cat = sf_category_of(ranking, value);
    if (cat == SF_CAT_HIGH_CARD && (ranking == SF_RANKING_RAZZ || ranking == SF_RANKING_LOW8)) {
        pthread_once(&low_top_once, fill_low_top);
        int top = low_top[ranking == SF_RANKING_LOW8][value];
        if (top)
            return lows[top - 1];
    }
    return category_names[cat];
}

/* the message below spells the limit out for people */
_Static_assert(SF_RANGE_MAX_COMBOS == 4194304, "update SF_E_RANGE_TOO_MANY's message");

const char *sf_status_message(int status)
{
    switch (status) {
    case SF_OK: return "ok";
    case SF_E_CARD: return "card id above 52";
    case SF_E_DECK: return "card not in the ranking's deck";
    case SF_E_DUPLICATE: return "duplicate card";
    case SF_E_COUNT: return "a hand must hold 1 to 7 cards";
    case SF_E_RANKING: return "unknown ranking";
    case SF_E_WILD: return "wild-rank mask has bits above the ace";
    case SF_E_ARGUMENT: return "NULL pointer argument";
    case SF_E_INTERNAL: return "internal error (a bug: please report it)";
    case SF_E_PLAYERS: return "equity needs 2 to 8 players";
    case SF_E_TOO_MANY: return "a player holds more cards than the game deals";
    case SF_E_DECK_SHORT: return "the deck cannot give every player the cards they still need";
    case SF_E_HUGE: return "too many deals to enumerate";
    case SF_E_RANGE: return "a range is malformed (holdings of 1 to 7 cards, positive finite "
                            "weights not too far apart, no jokers)";
    case SF_E_RANGE_EMPTY: return "card removal leaves no possible combination of the ranges' "
                                  "holdings";
    case SF_E_RANGE_TOO_MANY: return "the ranges give more than 4,194,304 possible "
                                     "combinations (SF_RANGE_MAX_COMBOS)";
    default: return "unknown status";
    }
}

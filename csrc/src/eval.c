/*
 * stud_fast evaluation: evaluator set-up, the scalar and accumulator entry points over the
 * generated tables, and category names. The batch loops live in batch.c.
 */
#include "stud_fast/eval.h"

#include <string.h>

#include "hand_checks.h"
#include "keys.h"
#include "sf_tables.h"

/*
 * The rare path for a hand whose suit counters flag a possible flush: the best of the
 * suit-blind value and, for every flagged suit, the flush table entry for that suit's natural
 * ranks and the wild cards. Without wild cards a flush always wins (seven cards cannot hold
 * both a flush and a full house), but the max keeps one rule for every case.
 */
static sf_value flush_value(const sf_evaluator *ev, uint64_t key, uint64_t bits, sf_value v)
{
    int wilds = SF__FIELD(key, SF__WILDS_SHIFT);
    if (wilds > 7 || !ev->flush_values)
        return v; /* not a hand of at most 7 cards, or a ranking without flushes */
    const uint16_t *table = ev->flush_values + (size_t)wilds * 8192;
    uint64_t flags = key & SF__FLUSH_FLAGS;
    bits &= ev->natural_bits;
    /* every suit looked up and the unflagged ones masked off: which suits are flagged is
       data, and a branch on it is mispredicted about once a hand with wild cards */
    for (int suit = 0; suit < 4; suit++) {
        unsigned flagged = (unsigned)(flags >> (SF__SUIT_SHIFT + 4 * suit + 3)) & 1u;
        sf_value f = (sf_value)(table[(bits >> (16 * suit)) & 0x1fff] & (0u - flagged));
        v = f > v ? f : v;
    }
    return v;
}

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
    return flush_value(ev, key, bits, suit_blind);
}

sf_value sf__cards_flush_value(const sf_evaluator *ev, const uint8_t *cards, int n, uint64_t key,
                               sf_value suit_blind)
{
    uint64_t bits = 0;
    for (int i = 0; i < n && i < 7; i++)
        bits |= ev->bit[cards[i]];
    return flush_value(ev, key, bits, suit_blind);
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

const char *sf_category_name(sf_category category)
{
    static const char *const names[SF_NUM_CATEGORIES] = {
        "no low", "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
        "full house", "four of a kind", "straight flush", "five of a kind",
    };
    return (unsigned)category < SF_NUM_CATEGORIES ? names[category] : "unknown";
}

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
    default: return "unknown status";
    }
}

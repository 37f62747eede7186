/*
 * stud_fast evaluation: scalar, batch and accumulator entry points over the generated tables.
 */
#include "stud_fast/eval.h"

#include <string.h>

#include "keys.h"
#include "sf_tables.h"

#if defined(__GNUC__) || defined(__clang__)
#define SF_LIKELY(x) __builtin_expect(!!(x), 1)
#define SF_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define SF_POPCOUNT64(x) __builtin_popcountll(x)
#else
#define SF_LIKELY(x) (x)
#define SF_UNLIKELY(x) (x)
static int SF_POPCOUNT64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}
#endif

/* Sum one hand's card keys and OR its card bits. */
#define SF__SUM_HAND(ev, h, k, key, bits)                                                   \
    do {                                                                                    \
        key = SF_HAND_KEY_BASE;                                                             \
        bits = 0;                                                                           \
        for (int j_ = 0; j_ < (k); j_++) {                                                  \
            key += (ev)->key[(h)[j_]];                                                      \
            bits |= (ev)->bit[(h)[j_]];                                                     \
        }                                                                                   \
    } while (0)

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
    for (int suit = 0; suit < 4; suit++) {
        if (!(flags >> (SF__SUIT_SHIFT + 4 * suit + 3) & 1))
            continue;
        sf_value f = table[(bits >> (16 * suit)) & 0x1fff];
        if (f > v)
            v = f;
    }
    return v;
}

/* Why a summarised hand is invalid, or SF_OK. Works on sums and on ORs of card bits. */
static int hand_problem(uint64_t key, uint64_t bits, int n, const uint8_t *cards)
{
    if (n < 1 || n > 7)
        return SF_E_COUNT;
    if (key & SF__BAD_FIELD) {
        for (int i = 0; i < n; i++)
            if (cards[i] > SF_JOKER)
                return SF_E_CARD;
        return SF_E_DECK;
    }
    if (SF_POPCOUNT64(bits) != SF__FIELD(key, SF__NATURAL_SHIFT))
        return SF_E_DUPLICATE;
    return SF_OK;
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
    int status = hand_problem(key, bits, n, cards);
    if (status != SF_OK)
        return status;
    sf_hand hand = {key, bits};
    *out = sf_hand_value(ev, &hand);
    return SF_OK;
}

/*
 * The batch loop, specialised per hand size so the card loop unrolls. The hot loop writes the
 * suit-blind value of every hand and only notes the hands that need a second look: a possible
 * flush, a bad card (its flag field is set) or a duplicate (the popcount of the OR of card bits
 * falls short of the non-joker count). A second pass over those few settles them. Keeping the
 * rare work out of the hot loop keeps it small enough to stay in registers.
 */
static inline int batch_k(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                          sf_value *out, size_t *bad_hand)
{
    enum { CHUNK = 1024 };
    uint32_t marked[CHUNK];
    uint64_t marked_key[CHUNK], marked_bits[CHUNK];
    int status = SF_OK;
    for (size_t start = 0; start < nhands; start += CHUNK) {
        size_t end = nhands - start < CHUNK ? nhands : start + CHUNK;
        size_t nmarked = 0;
        for (size_t i = start; i < end; i++) {
            const uint8_t *h = hands + i * (size_t)k;
            uint64_t key, bits;
            SF__SUM_HAND(ev, h, k, key, bits);
            out[i] = sf__suit_blind_value(ev, key);
            uint64_t odd = (key & (SF__FLUSH_FLAGS | SF__BAD_FIELD)) |
                           ((uint64_t)SF_POPCOUNT64(bits) ^ (key >> SF__NATURAL_SHIFT));
            /* branch-free: with wild cards half the hands may be marked */
            marked[nmarked] = (uint32_t)(i - start);
            marked_key[nmarked] = key;
            marked_bits[nmarked] = bits;
            nmarked += odd != 0;
        }
        for (size_t m = 0; m < nmarked; m++) {
            size_t i = start + marked[m];
            uint64_t key = marked_key[m], bits = marked_bits[m];
            int problem = hand_problem(key, bits, k, hands + i * (size_t)k);
            if (SF_LIKELY(problem == SF_OK)) {
                out[i] = flush_value(ev, key, bits, out[i]);
            } else {
                out[i] = 0;
                if (status == SF_OK) {
                    status = problem;
                    if (bad_hand)
                        *bad_hand = i;
                }
            }
        }
    }
    return status;
}

int sf_eval_batch(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                  sf_value *out, size_t *bad_hand)
{
    if (!ev || (nhands && (!hands || !out)))
        return SF_E_ARGUMENT;
    if (k < 1 || k > 7)
        return SF_E_COUNT;
    switch (k) {
    case 1: return batch_k(ev, hands, nhands, 1, out, bad_hand);
    case 2: return batch_k(ev, hands, nhands, 2, out, bad_hand);
    case 3: return batch_k(ev, hands, nhands, 3, out, bad_hand);
    case 4: return batch_k(ev, hands, nhands, 4, out, bad_hand);
    case 5: return batch_k(ev, hands, nhands, 5, out, bad_hand);
    case 6: return batch_k(ev, hands, nhands, 6, out, bad_hand);
    default: return batch_k(ev, hands, nhands, 7, out, bad_hand);
    }
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

/*
 * stud_fast/eval.h -- best-five-card evaluation for every stud ranking, wild cards included.
 *
 * Rankings (docs/rules.md D1, D2, D4, D5, D6):
 *
 *   SF_RANKING_HIGH     52-card deck, standard high hands, five of a kind on top.
 *   SF_RANKING_SHORT32  32-card deck (7..A): flush beats full house, A-7-8-9-T is the lowest
 *                       straight, A-2-3-4-5 does not exist. Cards 2..6 are rejected.
 *   SF_RANKING_RAZZ     ace-to-five low: aces low, straights and flushes ignored.
 *   SF_RANKING_LOW8     ace-to-five low that qualifies only with five distinct ranks of eight or
 *                       lower; every other hand has value 0.
 *
 * Hands hold 1 to 7 cards. With 5 to 7 cards the value is that of the best five. With 1 to 4 cards
 * it is the showing-hand strength used to pick who acts first: pairs, two pair, trips and quads
 * count, straights and flushes do not; under RAZZ it is the ace-to-five low of those cards (the
 * lowest board is the strongest); under LOW8 fewer than five cards never qualify (value 0).
 *
 * Wild cards: the joker (id 52) and every card whose rank is in the evaluator's wild-rank mask
 * stand for any card of the ranking's deck, duplicates of held cards included (docs/rules.md D4).
 *
 * Value layout: an sf_value is a dense ordinal per ranking. A larger value is a stronger hand
 * under that ranking, equal values tie. Values of different rankings are not comparable. Each
 * category occupies one contiguous range of values, so sf_category_of() is a bounded lookup:
 *
 *   ranking   categories from weakest to strongest
 *   HIGH      high card, one pair, two pair, three of a kind, straight, flush, full house,
 *             four of a kind, straight flush, five of a kind
 *   SHORT32   high card, one pair, two pair, three of a kind, straight, full house, flush,
 *             four of a kind, straight flush, five of a kind
 *   RAZZ      four of a kind, full house, three of a kind, two pair, one pair, high card
 *   LOW8      none (value 0: no qualifying low), high card
 *
 * Within a category, hands with fewer than five cards rank below every five-card hand that
 * extends them (a missing kicker counts as lower than a deuce; under the low rankings as better
 * than an ace).
 *
 * All functions are thread-safe: the tables are constant, evaluators are read-only after init.
 */
#ifndef STUD_FAST_EVAL_H
#define STUD_FAST_EVAL_H

#include <stddef.h>
#include <stdint.h>

#include "stud_fast/cards.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sf_ranking {
    SF_RANKING_HIGH = 0,
    SF_RANKING_SHORT32 = 1,
    SF_RANKING_RAZZ = 2,
    SF_RANKING_LOW8 = 3
} sf_ranking;
#define SF_NUM_RANKINGS 4

typedef enum sf_category {
    SF_CAT_NONE = 0, /* LOW8 only: no qualifying low */
    SF_CAT_HIGH_CARD = 1,
    SF_CAT_ONE_PAIR = 2,
    SF_CAT_TWO_PAIR = 3,
    SF_CAT_THREE_OF_A_KIND = 4,
    SF_CAT_STRAIGHT = 5,
    SF_CAT_FLUSH = 6,
    SF_CAT_FULL_HOUSE = 7,
    SF_CAT_FOUR_OF_A_KIND = 8,
    SF_CAT_STRAIGHT_FLUSH = 9,
    SF_CAT_FIVE_OF_A_KIND = 10
} sf_category;
#define SF_NUM_CATEGORIES 11

typedef uint16_t sf_value;

/* Status codes: 0 is success, every error is negative. */
enum {
    SF_OK = 0,
    SF_E_CARD = -1,      /* a card id above 52 */
    SF_E_DECK = -2,      /* a card outside the ranking's deck (2..6 under SHORT32) */
    SF_E_DUPLICATE = -3, /* the same card twice in one hand (jokers excepted) */
    SF_E_COUNT = -4,     /* not 1 to 7 cards */
    SF_E_RANKING = -5,   /* unknown ranking */
    SF_E_WILD = -6,      /* wild-rank mask with bits above the ace */
    SF_E_ARGUMENT = -7,  /* a NULL pointer where data was required */
    SF_E_INTERNAL = -8   /* a broken invariant: a bug, to be reported */
};

/*
 * An evaluator binds a ranking and a wild-rank mask to card-key tables (8 KiB). Build it once
 * with sf_evaluator_init() and share it between threads. The fields are public only so that the
 * inline accumulator below can use them; treat them as opaque.
 */
typedef struct sf_evaluator {
    uint64_t key[256];            /* per card id: rank key, suit counters, wild count, flags */
    uint64_t bit[256];            /* per card id: its bit in a hand's card set (0 for jokers) */
    uint64_t natural_bits;        /* the bits of cards that are not wild */
    const uint32_t *rank_disp;    /* the rank perfect hash: displacement per bucket */
    const uint16_t *rank_values;  /* every rank multiset and wild count: values */
    const uint16_t *flush_values; /* [8 wild counts][8192 suit masks], NULL for low rankings */
    int ranking;
    unsigned wild_ranks;
    uint64_t reserved; /* zero; puts card[] 16 bytes into the struct's alignment */
    /* per card id: {key[id], bit[id]}, interleaved so that adding a card to an sf_hand reads
       one 16-byte entry from one base (appended: the fields above keep their offsets) */
    uint64_t card[256][2];
} sf_evaluator;

int sf_evaluator_init(sf_evaluator *ev, sf_ranking ranking, sf_rank_mask wild_ranks);

/* A ready evaluator without wild ranks (jokers stay wild); NULL for an unknown ranking. */
const sf_evaluator *sf_default_evaluator(sf_ranking ranking);

/* Checked scalar evaluation of n cards; writes *out and returns SF_OK or an error. */
int sf_eval(const sf_evaluator *ev, const uint8_t *cards, int n, sf_value *out);

/*
 * Checked batch evaluation: hands is a C-contiguous [nhands][k] byte array, out has nhands
 * entries. Returns SF_OK, or the first error found, with its hand index in *bad_hand (may be
 * NULL). Hands after a bad one are still evaluated; a bad hand's output is 0.
 */
int sf_eval_batch(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                  sf_value *out, size_t *bad_hand);

/*
 * sf_eval_batch split into contiguous slices over up to `threads` threads (at most 64; slices
 * under 16,384 hands are not worth a thread, so small batches stay on the calling thread).
 * Same values, status and first bad hand as sf_eval_batch.
 */
int sf_eval_batch_threads(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                          sf_value *out, size_t *bad_hand, int threads);

/*
 * sf_eval_trusted over a [nhands][k] byte array: no checks and no status, for ids validated
 * once and evaluated many times (bad ids give unspecified values but are read safely). Does
 * nothing for a NULL pointer or a k outside 1..7.
 */
void sf_eval_batch_trusted(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                           sf_value *out);

/*
 * The build of the batch kernel that sf_eval_batch and its kin run in this process: "avx512",
 * "avx2" or "portable" -- the best one this CPU runs, capped by STUD_FAST_ISA=avx2|portable or
 * STUD_FAST_PORTABLE=1 as read at the first call (any other STUD_FAST_ISA value is ignored).
 */
const char *sf_batch_kernel(void);

sf_category sf_category_of(sf_ranking ranking, sf_value value);
const char *sf_category_name(sf_category category);
/*
 * The name of a value's category as a player says it: the category name, except that an
 * unpaired hand under RAZZ and LOW8 is named by its highest card, aces low ("seven low").
 * NULL for an unknown ranking or a value above sf_max_value().
 */
const char *sf_value_name(sf_ranking ranking, sf_value value);
/* A message for any status of the library, the equity engine's included. */
const char *sf_status_message(int status);
/* The largest value of a ranking (the strongest hand). */
sf_value sf_max_value(sf_ranking ranking);

/*
 * Incremental hand accumulator: add and remove cards in any order, evaluate at any time.
 * Unchecked for speed: cards must be valid for the evaluator and distinct (jokers may repeat),
 * and the hand must hold 1 to 7 cards when evaluated; sf_hand_status() checks all of that.
 * The same sf_evaluator must be used for every call on one hand.
 */
typedef struct sf_hand {
    uint64_t key;  /* sum of card keys plus the suit-counter bias */
    uint64_t bits; /* sum of card bits: the card set while no card repeats */
} sf_hand;

/*
 * Layout of sf_hand.key (private; here only for the inline functions below):
 *   bits  0..25  rank-key sum: the multiset of natural ranks plus the number of wild cards
 *   bits 32..47  four suit counters, biased to 3 so a counter's top bit means suit + wilds >= 5
 *   bits 48..51  wild cards   bits 52..55  cards   bits 56..59  bad cards   bits 60..63  non-jokers
 * sf_hand.bits holds bit 16 * suit + rank of every non-joker card.
 */
#define SF_HAND_KEY_BASE 0x0000333300000000ULL
#define SF__RANK_SUM_MASK 0x3ffffffULL
#define SF__SUIT_SHIFT 32
#define SF__FLUSH_FLAGS 0x0000888800000000ULL
#define SF__WILDS_SHIFT 48
#define SF__COUNT_SHIFT 52
#define SF__BAD_SHIFT 56
#define SF__NATURAL_SHIFT 60
#define SF__BAD_FIELD (0xfULL << SF__BAD_SHIFT)

/*
 * The perfect hash (private; the table generator packs to it): row displacement. A rank-key
 * sum s (below 2^26 for any 7 bytes) has row s >> SF__ROW_BITS, and its slot is s plus that
 * row's displacement. No multiply and no mask: two dependent loads, as in OMPEval. Every row,
 * used or not, is displaced into the table, so no sum below 2^26 reads outside it.
 */
#define SF__ROW_BITS 12
#define SF__NUM_ROWS (1u << (26 - SF__ROW_BITS))
#if defined(__GNUC__) || defined(__clang__)
#define SF__EXPECT(x, v) __builtin_expect((x), (v))
#define SF__CTZ64(x) __builtin_ctzll(x)
#else
#define SF__EXPECT(x, v) (x)
static inline int SF__CTZ64(uint64_t x)
{
    int n = 0;
    for (; !(x & 1); x >>= 1)
        n++;
    return n;
}
#endif

static inline void sf_hand_clear(sf_hand *h)
{
    h->key = SF_HAND_KEY_BASE;
    h->bits = 0;
}

/*
 * Adding a card is two adds from one 16-byte entry of ev->card. The sums stay plain integers:
 * a caller's loop keeps the key in a general register, and the card-set sum is only computed
 * on the rare path that reads it. (Handled as one 128-bit vector instead, a hand costs one
 * more instruction and a vector-to-general move on every evaluation, and the in-order loop
 * ran 3-9% slower.)
 */
static inline void sf_hand_add(sf_hand *h, const sf_evaluator *ev, unsigned card)
{
    h->key += ev->card[card & 255][0];
    h->bits += ev->card[card & 255][1];
}

static inline void sf_hand_remove(sf_hand *h, const sf_evaluator *ev, unsigned card)
{
    h->key -= ev->card[card & 255][0];
    h->bits -= ev->card[card & 255][1];
}

int sf_hand_count(const sf_hand *h);
int sf_hand_status(const sf_hand *h);
/* The best of a suit-blind value and the hand's flushes (sf_hand_value's rare path, out of
   line). Takes the hand's sums by value, so that a caller's hand never has to live in memory. */
sf_value sf_hand_flush_value(const sf_evaluator *ev, uint64_t key, uint64_t bits,
                             sf_value suit_blind);

/* Private: sf_hand_flush_value for cards not yet gathered into a card set. */
sf_value sf__cards_flush_value(const sf_evaluator *ev, const uint8_t *cards, int n, uint64_t key,
                               sf_value suit_blind);

/* Private: the value of a summed hand ignoring flushes: a shift and two dependent loads.
   Bits 26..31 of a key are always clear, so its low word is the rank-key sum as it stands.
   Takes the evaluator's tables rather than the evaluator: loaded as arguments, they are loop
   invariants a caller's loop keeps in registers. */
static inline sf_value sf__suit_blind_value(const uint32_t *rank_disp, const uint16_t *rank_values,
                                            uint64_t key)
{
    uint32_t sum = (uint32_t)key;
    return rank_values[sum + rank_disp[sum >> SF__ROW_BITS]];
}

/* Private: sf__suit_blind_value with the tables of an evaluator. */
static inline sf_value sf__suit_blind(const sf_evaluator *ev, uint64_t key)
{
    return sf__suit_blind_value(ev->rank_disp, ev->rank_values, key);
}

/*
 * The rare path for a hand whose suit counters flag a possible flush, by address: the table
 * entry holding the best of the one at slot (the suit-blind value) and, for every flagged
 * suit, the flush table entry for that suit's natural ranks and the wild cards. By address so
 * that sf_hand_value ends in one load of a 16-bit entry whichever path found it (a value
 * computed on a rare path makes the compiler widen the result again where the paths meet, in
 * every caller's loop). Private, and inline so that sf_hand_value makes no call: an opaque call
 * in a caller's loop would make the compiler reload the evaluator's table pointers in every
 * iteration.
 */
static inline const uint16_t *sf__flush_slot(const sf_evaluator *ev, uint64_t key,
                                             uint64_t bits, const uint16_t *slot)
{
    int wilds = (int)(key >> SF__WILDS_SHIFT & 0xf);
    if (wilds > 7 || !ev->flush_values)
        return slot; /* not a hand of at most 7 cards, or a ranking without flushes */
    const uint16_t *table = ev->flush_values + (size_t)wilds * 8192;
    bits &= ev->natural_bits;
    /* every suit looked up and the unflagged ones passed over without a branch: which suits
       are flagged is data, and a branch on it is mispredicted about once a hand with wild
       cards. The flags are read by shifts, not as key & SF__FLUSH_FLAGS, which the compiler
       would share with the hot path's flag test and turn that test into a kept AND. */
    for (int suit = 0; suit < 4; suit++) {
        const uint16_t *f = &table[(bits >> (16 * suit)) & 0x1fff];
        int flagged = (int)(key >> (SF__SUIT_SHIFT + 4 * suit + 3)) & 1;
        slot = flagged && *f > *slot ? f : slot;
    }
    return slot;
}

/* The same by value: the best of a suit-blind value v and the hand's flushes, as the batch
   loops use it (their code as it was: a value's address would put it in memory there). */
static inline sf_value sf__flush_value(const sf_evaluator *ev, uint64_t key, uint64_t bits,
                                       sf_value v)
{
    int wilds = (int)(key >> SF__WILDS_SHIFT & 0xf);
    if (wilds > 7 || !ev->flush_values)
        return v;
    const uint16_t *table = ev->flush_values + (size_t)wilds * 8192;
    bits &= ev->natural_bits;
    for (int suit = 0; suit < 4; suit++) { /* as above: unflagged suits masked, no branch */
        unsigned flagged = (unsigned)(key >> (SF__SUIT_SHIFT + 4 * suit + 3)) & 1u;
        sf_value f = (sf_value)(table[(bits >> (16 * suit)) & 0x1fff] & (0u - flagged));
        v = f > v ? f : v;
    }
    return v;
}

/*
 * Private: the flush of a flagged hand without wild cards. Its one flagged suit is the only
 * flush it can hold (two need ten cards), and that flush beats anything else up to seven cards
 * can hold: its five cards have distinct ranks, so two more make at most three of a kind.
 */
static inline const uint16_t *sf__natural_flush_slot(const sf_evaluator *ev, uint64_t key,
                                                     uint64_t bits)
{
    /* the flag of suit s is bit 35 + 4s, its card bits start at 16s (an expression of its own,
       so that the hot path's flag test stays a TEST rather than a kept AND) */
    unsigned shift = 4u * (unsigned)SF__CTZ64((key >> 35) & 0x1111u);
    return &ev->flush_values[(bits >> shift) & 0x1fff];
}

/*
 * Private: the best of a suit-blind value v and a flagged hand's flushes: without wild cards
 * the flush (see sf__natural_flush_slot), with wild cards every flagged suit is tried.
 */
static inline sf_value sf__with_flush(const sf_evaluator *ev, uint64_t key, uint64_t bits,
                                      sf_value v)
{
    if (SF__EXPECT((key >> SF__WILDS_SHIFT & 0xf) != 0, 0))
        return sf__flush_value(ev, key, bits, v);
    sf_value f = *sf__natural_flush_slot(ev, key, bits);
    return f > v ? f : v;
}

/*
 * Private: the value of a valid hand's sums (sf_hand_value's body, for callers that hold the
 * sums themselves). bits is read only when the hand may hold a flush.
 */
static inline sf_value sf__hand_value(const sf_evaluator *ev, uint64_t key, uint64_t bits)
{
    /* the table pointers read before the branch: read in every call, they are loop
       invariants the compiler lifts out of a caller's loop (read after it, they are not) */
    const uint32_t *rank_disp = ev->rank_disp;
    const uint16_t *rank_values = ev->rank_values;
    /* the flush test first and the rare path on its own: the hot path is then the test and
       the two loads, and the key's register is free once the lookup starts */
    const uint16_t *slot;
    if (SF__EXPECT((key & SF__FLUSH_FLAGS) != 0, 0)) {
        /* the suit-blind value only where it can win, so that the compiler does not hoist
           its loads above the flag test */
        if (SF__EXPECT((key >> SF__WILDS_SHIFT & 0xf) != 0, 0)) {
            uint32_t sum = (uint32_t)key;
            slot = sf__flush_slot(ev, key, bits,
                                  &rank_values[sum + rank_disp[sum >> SF__ROW_BITS]]);
        } else {
            slot = sf__natural_flush_slot(ev, key, bits);
        }
    } else {
        uint32_t sum = (uint32_t)key;
        slot = &rank_values[sum + rank_disp[sum >> SF__ROW_BITS]];
    }
    return *slot;
}

/* Value of a valid hand (see sf_hand_status). Inline: equity loops call it billions of times. */
static inline sf_value sf_hand_value(const sf_evaluator *ev, const sf_hand *h)
{
    return sf__hand_value(ev, h->key, h->bits);
}

/*
 * Value of 1 to 7 trusted cards: valid for the evaluator and distinct (jokers may repeat).
 * No checks and no status, for callers that validated their cards once (simulations, equity
 * loops); use sf_eval() for anything else. Bad input gives an unspecified value but never
 * reads outside the tables.
 */
static inline sf_value sf_eval_trusted(const sf_evaluator *ev, const uint8_t *cards, int n)
{
    uint64_t key = SF_HAND_KEY_BASE;
    for (int i = 0; i < n; i++)
        key += ev->key[cards[i]];
    sf_value v = sf__suit_blind(ev, key);
    if (SF__EXPECT((key & SF__FLUSH_FLAGS) != 0, 0))
        v = sf__cards_flush_value(ev, cards, n, key, v); /* rare, out of line */
    return v;
}

#ifdef __cplusplus
}
#endif
#endif

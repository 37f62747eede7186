/* Hand descriptors for the table generator: see hand_desc.h. */
#include "hand_desc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/keys.h"

#if !(defined(__GNUC__) || defined(__clang__))
int popcount32(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}
#endif

/* Category order of each ranking, weakest first: the position is the descriptor's top field. */
static const int cat_order[NRANKINGS][NCAT] = {
    [HIGH] = {C_HIGH, C_PAIR, C_TWO_PAIR, C_TRIPS, C_STRAIGHT, C_FLUSH, C_FULL_HOUSE, C_QUADS,
              C_STRAIGHT_FLUSH, C_FIVE, -1},
    [SHORT32] = {C_HIGH, C_PAIR, C_TWO_PAIR, C_TRIPS, C_STRAIGHT, C_FULL_HOUSE, C_FLUSH, C_QUADS,
                 C_STRAIGHT_FLUSH, C_FIVE, -1},
    /* razz and low8 descriptors are built in the high style (aces low, no straights or
       flushes) and then inverted, so this is the order of that high-style pass. */
    [RAZZ] = {C_HIGH, C_PAIR, C_TWO_PAIR, C_TRIPS, C_FULL_HOUSE, C_QUADS, C_FIVE, -1},
    [LOW8] = {C_HIGH, C_PAIR, C_TWO_PAIR, C_TRIPS, C_FULL_HOUSE, C_QUADS, C_FIVE, -1},
};

static int cat_pos(int ranking, int cat)
{
    for (int i = 0; i < NCAT && cat_order[ranking][i] >= 0; i++)
        if (cat_order[ranking][i] == cat)
            return i + 1;
    fprintf(stderr, "gen_tables: category %d not in ranking %d\n", cat, ranking);
    exit(1);
}

#define LOW_FLIP ((desc_t)1 << 27)

static desc_t make_desc(int ranking, int cat, const int *tie, int ntie)
{
    uint64_t k = (uint64_t)cat_pos(ranking, cat);
    for (int i = 0; i < 5; i++)
        k = k << 4 | (uint64_t)(i < ntie ? tie[i] + 1 : 0);
    return k << 4 | (uint64_t)cat;
}

/* Straights of a ranking as rank-index bit masks, lowest first. */
static int straights(int ranking, unsigned out[10])
{
    int n = 0;
    if (ranking == HIGH) {
        out[n++] = 0x100f; /* A-2-3-4-5 */
        for (int top = 4; top <= 12; top++)
            out[n++] = 0x1fu << (top - 4);
    } else if (ranking == SHORT32) {
        out[n++] = 0x1000 | 0x1e0; /* A-7-8-9-T: ranks 5..8 plus the ace */
        for (int top = 9; top <= 12; top++)
            out[n++] = 0x1fu << (top - 4);
    }
    return n;
}

/*
 * High-style descriptor of exactly the cards counted in cnt (1..5 cards, counts may exceed 4
 * when wilds duplicate a rank). Straights count only for five distinct ranks when the ranking
 * has them; `rank_value` maps rank index to the value used for comparisons (aces low for the
 * low rankings).
 */
static desc_t pattern_desc(int ranking, const int cnt[13], int allow_straight)
{
    int vals[13], counts[13], m = 0, n = 0;
    int low = ranking == RAZZ || ranking == LOW8;
    for (int r = 0; r < 13; r++) {
        if (!cnt[r])
            continue;
        vals[m] = low ? (r == 12 ? 0 : r + 1) : r;
        counts[m] = cnt[r];
        n += cnt[r];
        m++;
    }
    /* sort groups by count, then value, both descending */
    for (int i = 0; i < m; i++)
        for (int j = i + 1; j < m; j++)
            if (counts[j] > counts[i] || (counts[j] == counts[i] && vals[j] > vals[i])) {
                int t = counts[i]; counts[i] = counts[j]; counts[j] = t;
                t = vals[i]; vals[i] = vals[j]; vals[j] = t;
            }
    if (allow_straight && n == 5 && m == 5) {
        unsigned s[10], mask = 0;
        int ns = straights(ranking, s);
        for (int r = 0; r < 13; r++)
            if (cnt[r])
                mask |= 1u << r;
        for (int i = ns - 1; i >= 0; i--)
            if (s[i] == mask) {
                int tie = i;
                return make_desc(ranking, C_STRAIGHT, &tie, 1);
            }
    }
    int cat;
    if (counts[0] >= 5)
        cat = C_FIVE;
    else if (counts[0] == 4)
        cat = C_QUADS;
    else if (counts[0] == 3)
        cat = (m > 1 && counts[1] >= 2) ? C_FULL_HOUSE : C_TRIPS;
    else if (counts[0] == 2)
        cat = (m > 1 && counts[1] == 2) ? C_TWO_PAIR : C_PAIR;
    else
        cat = C_HIGH;
    return make_desc(ranking, cat, vals, m);
}

static desc_t invert_low(desc_t d)
{
    /* Reverse the order but keep the category in the low nibble. */
    return ((LOW_FLIP - (d >> 4)) << 4) | (d & 0xf);
}

/* Best descriptor over all 5-card sub-multisets of cnt: sub[] is built rank by rank. */
static void best_five(int ranking, const int cnt[13], int sub[13], int r, int need, int low,
                      desc_t *best)
{
    if (r == 13) {
        if (need == 0) {
            desc_t d = pattern_desc(ranking, sub, !low);
            if (low)
                d = invert_low(d);
            if (d > *best)
                *best = d;
        }
        return;
    }
    for (int take = cnt[r] < need ? cnt[r] : need; take >= 0; take--) {
        sub[r] = take;
        best_five(ranking, cnt, sub, r + 1, need - take, low, best);
    }
    sub[r] = 0;
}

static int low8_qualifies(desc_t d)
{
    if ((d & 0xf) != C_HIGH)
        return 0;
    desc_t hs = LOW_FLIP - (d >> 4);   /* back to the high-style key */
    int top = (int)(hs >> 16 & 0xf);   /* highest card, ace = 1 ... eight = 8 */
    return top <= 8;
}

/* Value of exactly these natural cards (n of them), wild cards already resolved. */
static desc_t base_desc(int ranking, const int cnt[13], int n)
{
    int low = ranking == RAZZ || ranking == LOW8;
    desc_t d = 0;
    if (n >= 5) {
        int sub[13] = {0};
        best_five(ranking, cnt, sub, 0, 5, low, &d);
    } else {
        d = pattern_desc(ranking, cnt, 0);
        if (low)
            d = invert_low(d);
    }
    if (ranking == LOW8 && (n < 5 || !low8_qualifies(d)))
        return DESC_NONE;
    return d;
}

/* ---- memo of (multiset with counts up to 7, wild count) -> descriptor ---------------------- */

#define MEMO_BITS 21
typedef struct { uint64_t code; desc_t d; } memo_t;
static memo_t *memo;

static uint64_t encode(const int cnt[13], int w)
{
    uint64_t code = 0;
    for (int r = 0; r < 13; r++)
        code |= (uint64_t)cnt[r] << (3 * r);
    return (code | (uint64_t)w << 39) + 1; /* +1: 0 marks an empty slot */
}

/* Best descriptor of the naturals in cnt plus w wild cards, each any rank of the deck. */
desc_t wild_desc(int ranking, int cnt[13], int n, int w)
{
    if (w == 0)
        return base_desc(ranking, cnt, n);
    uint64_t code = encode(cnt, w);
    size_t h = (size_t)((code * 0x9E3779B97F4A7C15ULL) >> (64 - MEMO_BITS));
    while (memo[h].code) {
        if (memo[h].code == code)
            return memo[h].d;
        h = (h + 1) & ((1u << MEMO_BITS) - 1);
    }
    desc_t best = 0;
    for (int r = SF__FIRST_RANK(ranking); r < 13; r++) {
        cnt[r]++;
        desc_t d = wild_desc(ranking, cnt, n + 1, w - 1);
        cnt[r]--;
        if (d > best)
            best = d;
    }
    memo[h].code = code;
    memo[h].d = best;
    return best;
}

/* ---- the flush table ------------------------------------------------------------------------ */

desc_t flush_desc(int ranking, unsigned mask, int w)
{
    unsigned s[10];
    int ns = straights(ranking, s);
    desc_t best = 0;
    for (int i = ns - 1; i >= 0; i--)
        if (popcount32(s[i] & ~mask) <= w) {
            best = make_desc(ranking, C_STRAIGHT_FLUSH, &i, 1);
            break;
        }
    /* The best plain flush: every wild card as an ace (duplicates allowed), then the top
       natural ranks. */
    int ranks[5], k = 0;
    for (; k < w && k < 5; k++)
        ranks[k] = 12;
    for (int r = 12; r >= 0 && k < 5; r--)
        if (mask >> r & 1)
            ranks[k++] = r;
    desc_t d = make_desc(ranking, C_FLUSH, ranks, 5);
    return d > best ? d : best;
}

void desc_memo_reset(void)
{
    if (!memo) {
        memo = calloc((size_t)1 << MEMO_BITS, sizeof *memo);
        if (!memo) {
            fprintf(stderr, "gen_tables: out of memory\n");
            exit(1);
        }
        return;
    }
    memset(memo, 0, ((size_t)1 << MEMO_BITS) * sizeof *memo);
}

void desc_memo_free(void)
{
    free(memo);
    memo = NULL;
}

/*
 * Exact heads-up equity by counting (stud_fast/equity_count.h says why it works).
 *
 * For the two players' completions X (player 0, a cards) and Y (player 1, b cards) from the
 * u-card stub, the enumeration's tally is the count of disjoint pairs by how v0(X) compares
 * with v1(Y). By inclusion-exclusion over the cards a pair shares,
 *
 *     #{Y disjoint from X : v1(Y) < v} = sum over S in X of (-1)^|S| #{Y containing S : v1(Y) < v}
 *
 * (a Y sharing the cards I with X is counted once for every S in I, and those signs cancel
 * unless I is empty). Both sides' completions are valued once and sorted by value (a counting
 * sort: values are 16-bit); the sweep inserts player 1's completions in value order, adding one
 * to the counter of every card set S of each (|S| <= min(a, b), the only sets both sides can
 * hold), and asks the sum above for each of player 0's completions twice: before the
 * completions of equal value are inserted (player 0 wins) and after (the difference is the
 * ties). Counters are indexed by the card set's combinatorial rank over stub positions.
 * Hi-lo (count_hilo) keeps a Fenwick tree over the low ranks per card set instead.
 */
#include "stud_fast/equity_count.h"

#include <stdlib.h>
#include <string.h>

#include "equity_spot.h"

#define MAX_TO_COME 5
#define VALUES 65536u

/* One player's completions: the stub positions of each (ascending) and its value. */
typedef struct {
    uint32_t n;
    int k;
    uint8_t (*pos)[MAX_TO_COME];
    sf_value *value;
    uint16_t *low;   /* hi-lo: the rank of the completion's low (0: none qualifies) */
    uint64_t *bits;  /* the completion's stub positions as a bit set */
    uint32_t *order; /* completion numbers by ascending value */
} side_t;

static uint32_t binom[65][MAX_TO_COME + 1];

static void init_binomials(void)
{
    for (int n = 0; n <= 64; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= MAX_TO_COME; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
}

static void free_side(side_t *s)
{
    free(s->pos);
    free(s->value);
    free(s->low);
    free(s->bits);
    free(s->order);
}

/* Every completion of player p: k of the stub's u cards, valued with the player's known cards,
   then ordered by value. 0, or SF_E_ARGUMENT when memory is short. */
static int build_side(side_t *s, const spot_t *spot, int p, int k)
{
    int u = spot->nrest;
    s->k = k;
    s->n = binom[u][k];
    s->pos = malloc((size_t)s->n * sizeof *s->pos);
    s->value = malloc((size_t)s->n * sizeof *s->value);
    s->order = malloc((size_t)s->n * sizeof *s->order);
    s->bits = malloc((size_t)s->n * sizeof *s->bits);
    s->low = spot->low_ev ? malloc((size_t)s->n * sizeof *s->low) : NULL;
    uint32_t *start = calloc(VALUES + 1, sizeof *start);
    if (!s->pos || !s->value || !s->order || !s->bits || !start ||
        (spot->low_ev && !s->low)) {
        free(start);
        return SF_E_ARGUMENT;
    }
    int c[MAX_TO_COME];
    for (int i = 0; i < k; i++)
        c[i] = i;
    for (uint32_t x = 0; x < s->n; x++) {
        sf_hand h = spot->base[p], hl = spot->base_low[p];
        s->bits[x] = 0;
        for (int i = 0; i < k; i++) {
            s->pos[x][i] = (uint8_t)c[i];
            s->bits[x] |= 1ULL << c[i];
            give(spot, &h, &hl, spot->rest[c[i]]);
        }
        s->value[x] = hand_value(spot->main_ev, &h);
        if (s->low)
            s->low[x] = hand_value(spot->low_ev, &hl); /* a value here; ranked below */
        start[s->value[x] + 1]++;
        /* the next combination in lexicographic order */
        int i = k - 1;
        while (i >= 0 && c[i] == u - k + i)
            i--;
        if (i >= 0) {
            c[i]++;
            for (int j = i + 1; j < k; j++)
                c[j] = c[j - 1] + 1;
        }
    }
    for (uint32_t v = 1; v <= VALUES; v++)
        start[v] += start[v - 1];
    for (uint32_t x = 0; x < s->n; x++)
        s->order[start[s->value[x]]++] = x;
    free(start);
    return SF_OK;
}

/*
 * The card sets a sweep counts: of a completion's k cards, the subsets (by mask over its
 * positions) of at most m cards, those of an even size and those of an odd size apart, so that
 * a query is a difference of two plain sums. top[] and size[] say, per mask, its highest
 * position and its size, from which set_ranks builds every rank with one addition.
 */
typedef struct {
    int k, m;
    int neven, nodd;
    uint8_t even[1u << MAX_TO_COME], odd[1u << MAX_TO_COME];
    uint8_t top[1u << MAX_TO_COME], size[1u << MAX_TO_COME];
} sets_t;

static void sets_init(sets_t *s, int k, int m)
{
    s->k = k;
    s->m = m;
    s->neven = s->nodd = 0;
    for (unsigned mask = 0; mask < 1u << k; mask++) {
        int size = 0, top = 0;
        for (int i = 0; i < k; i++)
            if (mask >> i & 1)
                size++, top = i;
        s->top[mask] = (uint8_t)top;
        s->size[mask] = (uint8_t)size;
        if (size > m)
            continue;
        if (size & 1)
            s->odd[s->nodd++] = (uint8_t)mask;
        else
            s->even[s->neven++] = (uint8_t)mask;
    }
}

/*
 * The counter of every card set of one completion (positions pos[0] < ... < pos[k-1]) into
 * idx[mask]. A set's combinatorial rank is the sum of binom[position][j] over its j-th smallest
 * position, so a set's rank is that of the set without its highest position plus one term:
 * masks in increasing order meet that smaller set first. Sets above m cards get no counter
 * (their rank is still built: larger sets need it).
 */
static inline void set_ranks(const sets_t *s, const uint8_t *pos, const uint32_t *offset,
                             uint32_t *idx)
{
    uint32_t rank[1u << MAX_TO_COME];
    rank[0] = 0;
    idx[0] = offset[0];
    for (unsigned mask = 1; mask < 1u << s->k; mask++) {
        unsigned size = s->size[mask];
        rank[mask] = rank[mask ^ 1u << s->top[mask]] + binom[pos[s->top[mask]]][size];
        if (size <= (unsigned)s->m)
            idx[mask] = offset[size] + rank[mask];
    }
}

/* Count one completion of player 1 into the counters of its card sets. */
static inline void insert(const sets_t *s, const uint8_t *pos, const uint32_t *offset,
                          uint32_t *count)
{
    uint32_t idx[1u << MAX_TO_COME];
    set_ranks(s, pos, offset, idx);
    for (int i = 0; i < s->neven; i++)
        count[idx[s->even[i]]]++;
    for (int i = 0; i < s->nodd; i++)
        count[idx[s->odd[i]]]++;
}

/* The signed sum over X's card sets S of their counters: #{inserted Y disjoint from X}. */
static inline int64_t disjoint(const sets_t *s, const uint8_t *pos, const uint32_t *offset,
                               const uint32_t *count)
{
    uint32_t idx[1u << MAX_TO_COME];
    set_ranks(s, pos, offset, idx);
    int64_t even = 0, odd = 0;
    for (int i = 0; i < s->neven; i++)
        even += count[idx[s->even[i]]];
    for (int i = 0; i < s->nodd; i++)
        odd += count[idx[s->odd[i]]];
    return even - odd;
}

/*
 * High-only: the deals player 0 wins, ties and loses, into sc->outcome (sets 1, 3, 2). Ties are
 * the disjoint pairs of equal value: when few completions of either side share a value they are
 * checked pair by pair on the stub cards' bit sets, else counted by a second query after the
 * equal completions of player 1 are inserted.
 */
static int count_high(const side_t *x, const side_t *y, int m, const uint32_t *offset,
                      uint64_t per_x, scores_t *sc)
{
    uint32_t *count = calloc(offset[m + 1], sizeof *count);
    if (!count)
        return SF_E_ARGUMENT;
    sets_t xs, ys;
    sets_init(&xs, x->k, m);
    sets_init(&ys, y->k, m);
    uint64_t wins = 0, ties = 0;
    uint32_t next = 0; /* player 1's completions inserted so far, by value */
    for (uint32_t first = 0; first < x->n;) {
        sf_value v = x->value[x->order[first]];
        uint32_t end = first;
        while (end < x->n && x->value[x->order[end]] == v)
            end++;
        while (next < y->n && y->value[y->order[next]] < v) {
            insert(&ys, y->pos[y->order[next]], offset, count);
            next++;
        }
        int64_t below = 0;
        for (uint32_t i = first; i < end; i++)
            below += disjoint(&xs, x->pos[x->order[i]], offset, count);
        wins += (uint64_t)below; /* player 1's value below */
        uint32_t same = next; /* player 1's completions of value v: same .. next - 1 */
        while (next < y->n && y->value[y->order[next]] == v) {
            insert(&ys, y->pos[y->order[next]], offset, count);
            next++;
        }
        uint64_t gx = end - first, gy = next - same;
        if (gy && gx * gy <= 32 * (gx + gy)) {
            for (uint32_t i = first; i < end; i++) {
                uint64_t bx = x->bits[x->order[i]];
                for (uint32_t j = same; j < next; j++)
                    ties += !(bx & y->bits[y->order[j]]);
            }
        } else if (gy) {
            int64_t upto = 0;
            for (uint32_t i = first; i < end; i++)
                upto += disjoint(&xs, x->pos[x->order[i]], offset, count);
            ties += (uint64_t)(upto - below); /* below or equal, less below */
        }
        first = end;
    }
    uint64_t deals = (uint64_t)x->n * per_x;
    sc->outcome[1] += wins;
    sc->outcome[3] += ties;
    sc->outcome[2] += deals - wins - ties;
    free(count);
    return SF_OK;
}

/* Player 1's low rank s against player 0's r: 0 below (player 0 takes the low or, without
   lows, nobody does), 1 equal, 2 above. */
static inline int low_class(int s, int r)
{
    return s < r ? 0 : s == r ? 1 : 2;
}

/* The completions of a side in ascending order of their low rank (levels ranks), into order. */
static int order_by_low(const side_t *s, int levels, uint32_t *order)
{
    uint32_t *start = calloc((size_t)levels + 1, sizeof *start);
    if (!start)
        return SF_E_ARGUMENT;
    for (uint32_t i = 0; i < s->n; i++)
        start[s->low[i] + 1]++;
    for (int l = 1; l <= levels; l++)
        start[l] += start[l - 1];
    for (uint32_t i = 0; i < s->n; i++)
        order[start[s->low[i]]++] = i;
    free(start);
    return SF_OK;
}

/*
 * Hi-lo: for each completion of player 0, the disjoint completions of player 1 by how the highs
 * compare (below, equal, above) and how the lows compare (below, equal, above), nine counts
 * into sc->split[high set | low set << 2] as enumeration counts the deals.
 *   - High below: the sweep in high order of count_high with, per card set, a Fenwick tree over
 *     the low ranks beside the plain counter, so that one query splits the pairs by their lows.
 *   - High equal: pair by pair on the bit sets when the equal groups are small, else a second
 *     query after player 1's equal completions are inserted.
 *   - High above: what is left of each low class's total, and those totals come from a second,
 *     one-dimensional sweep in low order with plain counters (the deals player 0 can meet
 *     are per_x in all).
 */
static int count_hilo(const side_t *x, const side_t *y, int m, const uint32_t *offset,
                      int levels, uint64_t per_x, scores_t *sc)
{
    size_t sets = offset[m + 1];
    /* per card set: a Fenwick tree over the qualifying low ranks 1 .. levels - 1, and plain
       counters of all completions and of those without a low (many, in most spots: they cost
       no tree steps) */
    int top = levels - 1;
    uint32_t *tree = calloc(sets * (size_t)(top ? top : 1), sizeof *tree);
    uint32_t *count = calloc(sets, sizeof *count);
    uint32_t *nolow = calloc(sets, sizeof *nolow);
    /* per completion of player 0: [high class][low class]; int64 because the partial sums of
       signed terms may dip below zero */
    int64_t (*by)[3][3] = calloc(x->n, sizeof *by);
    uint32_t *xlow = malloc((size_t)x->n * sizeof *xlow);
    uint32_t *ylow = malloc((size_t)y->n * sizeof *ylow);
    int status = tree && count && nolow && by && xlow && ylow && sc->split ? SF_OK
                                                                            : SF_E_ARGUMENT;
    if (status == SF_OK)
        status = order_by_low(x, levels, xlow);
    if (status == SF_OK)
        status = order_by_low(y, levels, ylow);
    if (status != SF_OK)
        goto done;
    sets_t xs, ys;
    sets_init(&xs, x->k, m);
    sets_init(&ys, y->k, m);
    uint32_t idx[1u << MAX_TO_COME];
    uint32_t next = 0;
    for (uint32_t first = 0; first < x->n;) {
        sf_value v = x->value[x->order[first]];
        uint32_t end = first;
        while (end < x->n && x->value[x->order[end]] == v)
            end++;
        for (int pass = 0; pass < 2; pass++) {
            /* pass 0: player 1's highs below v; pass 1: equal to v */
            uint32_t same = next;
            while (next < y->n && (y->value[y->order[next]] < v ||
                                   (pass && y->value[y->order[next]] == v))) {
                uint32_t yi = y->order[next];
                int s = y->low[yi];
                set_ranks(&ys, y->pos[yi], offset, idx);
                for (int i = 0; i < ys.neven + ys.nodd; i++) {
                    uint32_t set = idx[i < ys.neven ? ys.even[i] : ys.odd[i - ys.neven]];
                    uint32_t *t = tree + (size_t)set * (size_t)top;
                    for (int b = s; b > 0 && b <= top; b += b & -b)
                        t[b - 1]++;
                    nolow[set] += !s;
                    count[set]++;
                }
                next++;
            }
            uint64_t gx = end - first, gy = next - same;
            if (pass && !gy)
                break;
            if (pass && gx * gy <= 32 * (gx + gy)) {
                for (uint32_t i = first; i < end; i++) {
                    uint32_t xi = x->order[i];
                    for (uint32_t j = same; j < next; j++) {
                        uint32_t yj = y->order[j];
                        if (!(x->bits[xi] & y->bits[yj]))
                            by[xi][1][low_class(y->low[yj], x->low[xi])]++;
                    }
                }
                break;
            }
            for (uint32_t i = first; i < end; i++) {
                uint32_t xi = x->order[i];
                int r = x->low[xi];
                set_ranks(&xs, x->pos[xi], offset, idx);
                int64_t below = 0, upto = 0, all = 0;
                for (int j = 0; j < xs.neven + xs.nodd; j++) {
                    uint32_t set = idx[j < xs.neven ? xs.even[j] : xs.odd[j - xs.neven]];
                    const uint32_t *t = tree + (size_t)set * (size_t)top;
                    /* lows below r: none for r = 0, else the lowless and ranks 1 .. r - 1 */
                    int64_t sb = r ? nolow[set] : 0, su = nolow[set];
                    for (int b = r - 1; b > 0; b -= b & -b)
                        sb += t[b - 1];
                    for (int b = r; b > 0; b -= b & -b)
                        su += t[b - 1];
                    int64_t sa = count[set];
                    if (j >= xs.neven)
                        below -= sb, upto -= su, all -= sa;
                    else
                        below += sb, upto += su, all += sa;
                }
                /* pass 1 counts below or equal: the equal highs are the difference */
                int64_t *row = by[xi][pass];
                row[0] = below - (pass ? by[xi][0][0] : 0);
                row[1] = upto - below - (pass ? by[xi][0][1] : 0);
                row[2] = all - upto - (pass ? by[xi][0][2] : 0);
            }
        }
        first = end;
    }
    /* the low classes over all of player 1's completions, in low order; high above is the rest */
    memset(count, 0, sets * sizeof *count);
    next = 0;
    for (uint32_t first = 0; first < x->n;) {
        int r = x->low[xlow[first]];
        uint32_t end = first;
        while (end < x->n && x->low[xlow[end]] == r)
            end++;
        for (int pass = 0; pass < 2; pass++) {
            while (next < y->n && (y->low[ylow[next]] < r ||
                                   (pass && y->low[ylow[next]] == r))) {
                insert(&ys, y->pos[ylow[next]], offset, count);
                next++;
            }
            for (uint32_t i = first; i < end; i++) {
                uint32_t xi = xlow[i];
                int64_t n = disjoint(&xs, x->pos[xi], offset, count);
                /* pass 0: lows below r; pass 1: below or equal */
                if (!pass)
                    by[xi][2][0] = n - by[xi][0][0] - by[xi][1][0];
                else
                    by[xi][2][1] = n - (by[xi][2][0] + by[xi][0][0] + by[xi][1][0]) -
                                   by[xi][0][1] - by[xi][1][1];
            }
        }
        for (uint32_t i = first; i < end; i++) {
            uint32_t xi = xlow[i];
            int64_t rest = (int64_t)per_x;
            for (int h = 0; h < 3; h++)
                for (int l = 0; l < 3; l++)
                    rest -= h == 2 && l == 2 ? 0 : by[xi][h][l];
            by[xi][2][2] = rest;
        }
        first = end;
    }
    /* per completion: high classes, low classes by rank */
    for (uint32_t xi = 0; xi < x->n; xi++) {
        int r = x->low[xi];
        for (int h = 0; h < 3; h++) {
            /* h 0: player 0 takes the high; 1: tie; 2: player 1 takes it */
            static const unsigned high_set[3] = {1, 3, 2};
            for (int l = 0; l < 3; l++) {
                int64_t n = by[xi][h][l];
                if (!n)
                    continue;
                /* player 1's low rank below, equal to or above r (rank 0: no low) */
                unsigned low_set = l == 0 ? 1u : l == 2 ? 2u : (r ? 3u : 0u);
                sc->split[high_set[h] | low_set << 2] += (uint64_t)n;
            }
        }
    }
done:
    free(nolow);
    free(ylow);
    free(xlow);
    free(by);
    free(tree);
    free(count);
    return status;
}

/* Rank both sides' low values: 0 for no low, 1.. for the qualifying ones by value; the number
   of ranks, or 0 when there are more than MAX_LOWS. */
#define MAX_LOWS 255
static int rank_lows(side_t *x, side_t *y)
{
    uint16_t *rank_of = calloc(VALUES, sizeof *rank_of);
    if (!rank_of)
        return 0;
    side_t *sides[2] = {x, y};
    for (int s = 0; s < 2; s++)
        for (uint32_t i = 0; i < sides[s]->n; i++)
            rank_of[sides[s]->low[i]] = 1;
    rank_of[0] = 0; /* no low: rank 0 */
    int levels = 1;
    for (uint32_t v = 1; v < VALUES; v++)
        if (rank_of[v])
            rank_of[v] = (uint16_t)levels++;
    if (levels > MAX_LOWS) {
        free(rank_of);
        return 0;
    }
    for (int s = 0; s < 2; s++)
        for (uint32_t i = 0; i < sides[s]->n; i++)
            sides[s]->low[i] = rank_of[sides[s]->low[i]];
    free(rank_of);
    return levels;
}

int sf_equity_count_into(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead,
                         sf_equity_tally *tally)
{
    if (!tally)
        return SF_E_ARGUMENT;
    spot_t spot;
    int status = sf__equity_setup(&spot, game, players, known, known_count, dead, ndead);
    if (status != SF_OK)
        return status;
    int a = spot.need[0], b = spot.need[1], u = spot.nrest;
    int m = a < b ? a : b;
    if (players != 2 || spot.community || a > MAX_TO_COME || b > MAX_TO_COME ||
        (spot.low_ev && m > 4))
        return SF_E_NOT_COUNTED;
    if (!binom[1][1])
        init_binomials(); /* idempotent: racing threads write the same numbers */
    /* counters of every card set of at most m stub cards, by size then combinatorial rank */
    uint32_t offset[MAX_TO_COME + 2];
    offset[0] = 0;
    for (int j = 0; j <= m; j++)
        offset[j + 1] = offset[j] + binom[u][j];
    side_t x = {0}, y = {0};
    scores_t sc;
    memset(&sc, 0, sizeof sc);
    status = build_side(&x, &spot, 0, a);
    if (status == SF_OK)
        status = build_side(&y, &spot, 1, b);
    if (status == SF_OK && spot.low_ev) {
        int levels = rank_lows(&x, &y);
        sf__scores_split(&sc, &spot);
        status = levels ? count_hilo(&x, &y, m, offset, levels, binom[u - a][b], &sc)
                        : SF_E_NOT_COUNTED;
    } else if (status == SF_OK) {
        status = count_high(&x, &y, m, offset, binom[u - a][b], &sc);
    }
    if (status == SF_OK) {
        sf__scores_fold(&sc, 2);
        sf__tally_add(tally, &sc.tally);
    }
    free(sc.split);
    free_side(&x);
    free_side(&y);
    return status;
}

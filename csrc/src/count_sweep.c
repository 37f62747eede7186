/*
 * The sweeps of heads-up counting (stud_fast/equity_count.h says why they work).
 *
 * For the two players' completions X (player 0, a cards) and Y (player 1, b cards) from the
 * u-card stub, the enumeration's tally is the count of disjoint pairs by how v0(X) compares
 * with v1(Y). By inclusion-exclusion over the cards a pair shares,
 *
 *     #{Y disjoint from X : v1(Y) < v} = sum over S in X of (-1)^|S| #{Y containing S : v1(Y) < v}
 *
 * (a Y sharing the cards I with X is counted once for every S in I, and those signs cancel
 * unless I is empty). With both sides in value order (count_side.c), the sweep inserts player
 * 1's completions, adding one to the counter of every card set S of each (|S| <= min(a, b),
 * the only sets both sides can hold), and asks the sum above for each of player 0's
 * completions before the completions of equal value are inserted (player 0 wins); ties are
 * the equal pairs. Counters are indexed by the card set's combinatorial rank over pool
 * positions. Hi-lo (count_hilo) keeps a Fenwick tree over the low ranks per card set too.
 */
#include <stdlib.h>
#include <string.h>

#include "stud_fast/equity_count.h"

#include "count_sides.h"
#include "parallel.h"

#define MAX_TO_COME SF__COUNT_MAX_TO_COME
#define VALUES SF__COUNT_VALUES

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
 * idx[mask]. A set's combinatorial rank is the sum of sf__binom[position][j] over its j-th smallest
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
        rank[mask] = rank[mask ^ 1u << s->top[mask]] + sf__binom[pos[s->top[mask]]][size];
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

/* Whether a completion of a side may be dealt against the other's holding. */
static inline int usable(const sf__count_side *s, uint32_t i, uint64_t skip)
{
    return !skip || !(sf__count_bits(s->pos[i], s->k) & skip);
}

/* The end of the group of completions of s from `first` on whose value is v. */
static inline uint32_t group_end(const sf__count_side *s, uint32_t first, sf_value v)
{
    while (first < s->n && s->value[first] == v)
        first++;
    return first;
}

/*
 * High-only, in value order: for player 0's completions x->first .. x->end - 1 (whole groups
 * of equal value), the pairs player 0 wins and those it ties, when `up`; or, when not `up`,
 * from the top down, those it loses and those it ties. A completion of x meeting xskip, or of y
 * meeting yskip, is left out. Ties are the disjoint pairs of equal value: when few completions
 * of either side share a value they are checked pair by pair on the cards' bit sets, else
 * counted by a second query after the equal completions of player 1 are inserted.
 */
typedef struct {
    const sf__count_side *x, *y;
    uint64_t xskip, yskip;
    int m;
    const uint32_t *offset;
    uint32_t first, end; /* player 0's completions of this sweep */
    int up;
    uint64_t beaten, ties, usable; /* wins (up) or losses (down), ties, x's usable */
    int status;
} sweep_t;

static void sweep_high(void *arg)
{
    sweep_t *w = arg;
    const sf__count_side *x = w->x, *y = w->y;
    const uint32_t *offset = w->offset;
    uint32_t *count = calloc(offset[w->m + 1], sizeof *count);
    if (!count) {
        w->status = SF_E_ARGUMENT;
        return;
    }
    sets_t xs, ys;
    sets_init(&xs, x->k, w->m);
    sets_init(&ys, y->k, w->m);
    /* up: y's completions below next are inserted; down: those from next on */
    uint32_t next = w->up ? 0 : y->n;
    uint32_t at = w->up ? w->first : w->end;
    while (w->up ? at < w->end : at > w->first) {
        uint32_t lo, hi; /* this group of x: lo .. hi - 1 */
        sf_value v;
        if (w->up) {
            lo = at;
            v = x->value[lo];
            hi = group_end(x, lo, v);
            at = hi;
            for (; next < y->n && y->value[next] < v; next++)
                if (usable(y, next, w->yskip))
                    insert(&ys, y->pos[next], offset, count);
        } else {
            hi = at;
            v = x->value[hi - 1];
            for (lo = hi; lo > w->first && x->value[lo - 1] == v; lo--)
                ;
            at = lo;
            for (; next > 0 && y->value[next - 1] > v; next--)
                if (usable(y, next - 1, w->yskip))
                    insert(&ys, y->pos[next - 1], offset, count);
        }
        int64_t beaten = 0;
        uint64_t gx = 0;
        for (uint32_t i = lo; i < hi; i++)
            if (usable(x, i, w->xskip)) {
                beaten += disjoint(&xs, x->pos[i], offset, count);
                gx++;
            }
        w->beaten += (uint64_t)beaten;
        w->usable += gx;
        /* player 1's completions of value v: same0 .. same1 - 1 */
        uint32_t same0 = next, same1 = next;
        if (w->up) {
            for (; next < y->n && y->value[next] == v; next++)
                if (usable(y, next, w->yskip))
                    insert(&ys, y->pos[next], offset, count);
            same1 = next;
        } else {
            for (; next > 0 && y->value[next - 1] == v; next--)
                if (usable(y, next - 1, w->yskip))
                    insert(&ys, y->pos[next - 1], offset, count);
            same0 = next;
        }
        uint64_t gy = same1 - same0;
        if (!gx || !gy)
            continue;
        if (gx * gy <= 32 * (gx + gy)) {
            for (uint32_t i = lo; i < hi; i++) {
                uint64_t bx = sf__count_bits(x->pos[i], x->k);
                if (bx & w->xskip)
                    continue;
                for (uint32_t j = same0; j < same1; j++) {
                    uint64_t by = sf__count_bits(y->pos[j], y->k);
                    w->ties += !(bx & by) && !(by & w->yskip);
                }
            }
        } else {
            int64_t with_equal = 0;
            for (uint32_t i = lo; i < hi; i++)
                if (usable(x, i, w->xskip))
                    with_equal += disjoint(&xs, x->pos[i], offset, count);
            w->ties += (uint64_t)(with_equal - beaten);
        }
    }
    free(count);
}

/* The first completion of s whose value is at least v. */
static uint32_t lower_bound(const sf__count_side *s, uint32_t v)
{
    uint32_t lo = 0, hi = s->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->value[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/*
 * High-only: the deals player 0 wins, ties and loses, into sc->outcome (sets 1, 3, 2). With two
 * threads, one sweeps up from the lowest values and one down from the highest, meeting at the
 * value that splits both sides' completions in halves: the upper sweep counts what player 0
 * loses, and its wins are the rest of each completion's per_x pairs.
 */
static int count_high(const sf__count_side *x, uint64_t xskip, const sf__count_side *y,
                      uint64_t yskip, int m, const uint32_t *offset, uint64_t per_x,
                      uint64_t deals, int threads, scores_t *sc)
{
    sweep_t w[2];
    memset(w, 0, sizeof w);
    for (int i = 0; i < 2; i++)
        w[i] = (sweep_t){x, y, xskip, yskip, m, offset, 0, x->n, i == 0, 0, 0, 0, SF_OK};
    int parts = threads >= 2 && (uint64_t)x->n + y->n > SF__COUNT_SPLIT_ABOVE ? 2 : 1;
    if (parts == 2) {
        uint32_t lo = 0, hi = VALUES; /* the least value with half of both sides below it */
        uint64_t half = ((uint64_t)x->n + y->n) / 2;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if ((uint64_t)lower_bound(x, mid) + lower_bound(y, mid) < half)
                lo = mid + 1;
            else
                hi = mid;
        }
        w[0].end = w[1].first = lower_bound(x, lo);
    }
    sf__run_parallel(w, sizeof w[0], parts, sweep_high);
    uint64_t wins = w[0].beaten, ties = w[0].ties + (parts == 2 ? w[1].ties : 0);
    if (parts == 2)
        wins += w[1].usable * per_x - w[1].beaten - w[1].ties;
    for (int i = 0; i < parts; i++)
        if (w[i].status != SF_OK)
            return w[i].status;
    sc->outcome[1] += wins;
    sc->outcome[3] += ties;
    sc->outcome[2] += deals - wins - ties;
    return SF_OK;
}

/* Player 1's low rank s against player 0's r: 0 below (player 0 takes the low or, without
   lows, nobody does), 1 equal, 2 above. */
static inline int low_class(int s, int r)
{
    return s < r ? 0 : s == r ? 1 : 2;
}

/* The usable completions of a side in ascending order of their low rank (levels ranks), into
   order; their number. */
static uint32_t order_by_low(const sf__count_side *s, uint64_t skip, const uint16_t *rank_of,
                             int levels, uint32_t *order, uint32_t *start)
{
    memset(start, 0, ((size_t)levels + 1) * sizeof *start);
    for (uint32_t i = 0; i < s->n; i++)
        if (usable(s, i, skip))
            start[rank_of[s->low[i]] + 1]++;
    for (int l = 1; l <= levels; l++)
        start[l] += start[l - 1];
    uint32_t n = start[levels];
    for (uint32_t i = 0; i < s->n; i++)
        if (usable(s, i, skip))
            order[start[rank_of[s->low[i]]]++] = i;
    return n;
}

/*
 * Hi-lo: for each completion of player 0, the disjoint completions of player 1 by how the highs
 * compare (below, equal, above) and how the lows compare (below, equal, above), nine counts
 * into sc->split[high set | low set << 2] as enumeration counts the deals.
 *   - High below: the sweep in high order of count_high with, per card set, a Fenwick tree over
 *     the qualifying low ranks beside two plain counters (all completions, and those without a
 *     low, which need no tree steps), so that one read per card set splits the pairs by their
 *     lows.
 *   - High equal: pair by pair on the bit sets when the equal groups are small, else a second
 *     read after player 1's equal completions are inserted.
 *   - High above: what is left of each low class's total, and those totals come from a second,
 *     one-dimensional sweep in low order with plain counters (the completions of player 1 a
 *     completion of player 0 can meet are per_x in all).
 */
static int count_hilo(const sf__count_side *x, uint64_t xskip, const sf__count_side *y,
                      uint64_t yskip, int m, const uint32_t *offset,
                      const uint16_t *rank_of, int levels, uint64_t per_x, scores_t *sc)
{
    size_t sets = offset[m + 1];
    int top = levels - 1; /* tree positions: the qualifying low ranks 1 .. levels - 1 */
    uint32_t *tree = calloc(sets * (size_t)(top ? top : 1), sizeof *tree);
    uint32_t *count = calloc(sets, sizeof *count);
    uint32_t *nolow = calloc(sets, sizeof *nolow);
    /* per completion of player 0: [high class][low class]; int64 because the partial sums of
       signed terms may dip below zero */
    int64_t (*by)[3][3] = calloc(x->n, sizeof *by);
    uint32_t *xlow = malloc((size_t)x->n * sizeof *xlow);
    uint32_t *ylow = malloc((size_t)y->n * sizeof *ylow);
    uint32_t *start = malloc(((size_t)levels + 1) * sizeof *start);
    int status = tree && count && nolow && by && xlow && ylow && start && sc->split
                     ? SF_OK
                     : SF_E_ARGUMENT;
    if (status != SF_OK)
        goto done;
    uint32_t nx = order_by_low(x, xskip, rank_of, levels, xlow, start);
    uint32_t ny = order_by_low(y, yskip, rank_of, levels, ylow, start);
    sets_t xs, ys;
    sets_init(&xs, x->k, m);
    sets_init(&ys, y->k, m);
    uint32_t idx[1u << MAX_TO_COME];
    uint32_t next = 0;
    for (uint32_t first = 0; first < x->n;) {
        sf_value v = x->value[first];
        uint32_t end = group_end(x, first, v);
        for (int pass = 0; pass < 2; pass++) {
            /* pass 0: player 1's highs below v; pass 1: equal to v */
            uint32_t same = next;
            for (; next < y->n && (y->value[next] < v || (pass && y->value[next] == v));
                 next++) {
                if (!usable(y, next, yskip))
                    continue;
                int s = rank_of[y->low[next]];
                set_ranks(&ys, y->pos[next], offset, idx);
                for (int i = 0; i < ys.neven + ys.nodd; i++) {
                    uint32_t set = idx[i < ys.neven ? ys.even[i] : ys.odd[i - ys.neven]];
                    uint32_t *t = tree + (size_t)set * (size_t)top;
                    for (int b = s; b > 0 && b <= top; b += b & -b)
                        t[b - 1]++;
                    nolow[set] += !s;
                    count[set]++;
                }
            }
            uint64_t gx = end - first, gy = next - same;
            if (pass && !gy)
                break;
            if (pass && gx * gy <= 32 * (gx + gy)) {
                for (uint32_t i = first; i < end; i++) {
                    uint64_t bx = sf__count_bits(x->pos[i], x->k);
                    if (bx & xskip)
                        continue;
                    for (uint32_t j = same; j < next; j++) {
                        uint64_t by_ = sf__count_bits(y->pos[j], y->k);
                        if (!(bx & by_) && !(by_ & yskip))
                            by[i][1][low_class(rank_of[y->low[j]], rank_of[x->low[i]])]++;
                    }
                }
                break;
            }
            for (uint32_t i = first; i < end; i++) {
                if (!usable(x, i, xskip))
                    continue;
                int r = rank_of[x->low[i]];
                set_ranks(&xs, x->pos[i], offset, idx);
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
                int64_t *row = by[i][pass];
                row[0] = below - (pass ? by[i][0][0] : 0);
                row[1] = upto - below - (pass ? by[i][0][1] : 0);
                row[2] = all - upto - (pass ? by[i][0][2] : 0);
            }
        }
        first = end;
    }
    /* the low classes over all of player 1's completions, in low order; high above is the rest */
    memset(count, 0, sets * sizeof *count);
    next = 0;
    for (uint32_t first = 0; first < nx;) {
        int r = rank_of[x->low[xlow[first]]];
        uint32_t end = first;
        while (end < nx && rank_of[x->low[xlow[end]]] == r)
            end++;
        for (int pass = 0; pass < 2; pass++) {
            for (; next < ny && (rank_of[y->low[ylow[next]]] < r ||
                                 (pass && rank_of[y->low[ylow[next]]] == r));
                 next++)
                insert(&ys, y->pos[ylow[next]], offset, count);
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
    /* per usable completion: high classes, low classes by rank */
    for (uint32_t i = 0; i < nx; i++) {
        uint32_t xi = xlow[i];
        int r = rank_of[x->low[xi]];
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
    free(start);
    free(nolow);
    free(ylow);
    free(xlow);
    free(by);
    free(tree);
    free(count);
    return status;
}

#define MAX_LOWS 255

/* Rank the low values of two sides together into rank_of (0 for no low, then 1, 2, ... by
   value); the number of ranks, or 0 when there are more than MAX_LOWS. */
static int rank_pair(const sf__count_side *x, const sf__count_side *y, uint16_t *rank_of)
{
    const sf__count_side *sides[2] = {x, y};
    for (int s = 0; s < 2; s++)
        for (uint32_t i = 0; i < sides[s]->n; i++)
            rank_of[sides[s]->low[i]] = 1;
    rank_of[0] = 0; /* no low: rank 0 */
    int levels = 1;
    for (uint32_t v = 1; v < VALUES; v++)
        if (rank_of[v])
            rank_of[v] = (uint16_t)levels++;
    return levels > MAX_LOWS ? 0 : levels;
}

static int popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

int sf__count_pair(const spot_t *pool, const sf__count_side *x, const sf__count_side *y,
                   int threads, sf_equity_tally *tally)
{
    if (x->exclude & y->exclude)
        return SF_E_ARGUMENT; /* the holdings overlap: no such deal */
    int a = x->k, b = y->k, m = a < b ? a : b;
    int u = pool->nrest - popcount64(x->exclude) - popcount64(y->exclude);
    /* counters of every card set of at most m pool cards, by size then combinatorial rank */
    uint32_t offset[MAX_TO_COME + 2];
    offset[0] = 0;
    for (int j = 0; j <= m; j++)
        offset[j + 1] = offset[j] + sf__binom[pool->nrest][j];
    uint64_t per_x = sf__binom[u - a][b];
    scores_t sc;
    memset(&sc, 0, sizeof sc);
    int status;
    if (pool->low_ev) {
        uint16_t *rank_of = calloc(VALUES, sizeof *rank_of);
        int levels = rank_of ? rank_pair(x, y, rank_of) : 0;
        sf__scores_split(&sc, pool);
        status = !rank_of ? SF_E_ARGUMENT
                 : levels ? count_hilo(x, y->exclude, y, x->exclude, m, offset, rank_of, levels,
                                       per_x, &sc)
                          : SF_E_NOT_COUNTED;
        free(rank_of);
    } else {
        status = count_high(x, y->exclude, y, x->exclude, m, offset, per_x,
                            (uint64_t)sf__binom[u][a] * per_x, threads, &sc);
    }
    if (status == SF_OK) {
        sf__scores_fold(&sc, 2);
        sf__tally_add(tally, &sc.tally);
    }
    free(sc.split);
    return status;
}

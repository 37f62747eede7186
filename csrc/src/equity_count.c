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
    s->low = spot->low_ev ? malloc((size_t)s->n * sizeof *s->low) : NULL;
    uint32_t *start = calloc(VALUES + 1, sizeof *start);
    if (!s->pos || !s->value || !s->order || !start || (spot->low_ev && !s->low)) {
        free(start);
        return SF_E_ARGUMENT;
    }
    int c[MAX_TO_COME];
    for (int i = 0; i < k; i++)
        c[i] = i;
    for (uint32_t x = 0; x < s->n; x++) {
        sf_hand h = spot->base[p], hl = spot->base_low[p];
        for (int i = 0; i < k; i++) {
            s->pos[x][i] = (uint8_t)c[i];
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

/* The ranks of the card sets of one completion with at most m cards, and their signs. */
static int subsets(const uint8_t *pos, int k, int m, const uint32_t *offset, uint32_t *rank,
                   int *negative)
{
    int count = 0;
    for (unsigned mask = 0; mask < 1u << k; mask++) {
        uint32_t r = 0;
        int size = 0;
        for (int i = 0; i < k; i++)
            if (mask >> i & 1)
                r += binom[pos[i]][++size];
        if (size > m)
            continue;
        rank[count] = offset[size] + r;
        negative[count] = size & 1;
        count++;
    }
    return count;
}

/* The signed sum over X's card sets S of their counters: #{inserted Y disjoint from X}. */
static int64_t disjoint(const side_t *x, uint32_t xi, int m, const uint32_t *offset,
                        const uint32_t *count)
{
    uint32_t rank[1u << MAX_TO_COME];
    int negative[1u << MAX_TO_COME];
    int ns = subsets(x->pos[xi], x->k, m, offset, rank, negative);
    int64_t sum = 0;
    for (int j = 0; j < ns; j++)
        sum += negative[j] ? -(int64_t)count[rank[j]] : (int64_t)count[rank[j]];
    return sum;
}

/* High-only: the deals player 0 wins, ties and loses, into sc->outcome (sets 1, 3, 2). */
static int count_high(const side_t *x, const side_t *y, int m, const uint32_t *offset,
                      uint64_t per_x, scores_t *sc)
{
    uint32_t *count = calloc(offset[m + 1], sizeof *count);
    if (!count)
        return SF_E_ARGUMENT;
    uint32_t rank[1u << MAX_TO_COME];
    int negative[1u << MAX_TO_COME];
    uint64_t wins = 0, ties = 0;
    uint32_t next = 0; /* player 1's completions inserted so far, by value */
    for (uint32_t first = 0; first < x->n;) {
        sf_value v = x->value[x->order[first]];
        uint32_t end = first;
        while (end < x->n && x->value[x->order[end]] == v)
            end++;
        int64_t sums[2];
        for (int pass = 0; pass < 2; pass++) {
            /* pass 0: insert the values below v; pass 1: those equal to v */
            while (next < y->n && (y->value[y->order[next]] < v ||
                                   (pass && y->value[y->order[next]] == v))) {
                int ns = subsets(y->pos[y->order[next]], y->k, m, offset, rank, negative);
                for (int i = 0; i < ns; i++)
                    count[rank[i]]++;
                next++;
            }
            int64_t sum = 0;
            for (uint32_t i = first; i < end; i++)
                sum += disjoint(x, x->order[i], m, offset, count);
            sums[pass] = sum;
        }
        wins += (uint64_t)sums[0];            /* player 1's value below */
        ties += (uint64_t)(sums[1] - sums[0]); /* below or equal, less below */
        first = end;
    }
    uint64_t deals = (uint64_t)x->n * per_x;
    sc->outcome[1] += wins;
    sc->outcome[3] += ties;
    sc->outcome[2] += deals - wins - ties;
    free(count);
    return SF_OK;
}

/*
 * Hi-lo: the same sweep over the high values, with a Fenwick tree over the low ranks in place
 * of each card set's counter, so that each query splits the pairs by how the lows compare.
 * Three queries per completion of player 0: player 1's high below (player 0 takes the high),
 * below or equal (the difference ties it), and all of player 1's completions (the rest loses
 * it). The deals go into sc->split[high set | low set << 2] as enumeration counts them.
 */
static int count_hilo(const side_t *x, const side_t *y, int m, const uint32_t *offset,
                      int levels, scores_t *sc)
{
    size_t sets = offset[m + 1];
    uint32_t *tree = calloc(sets * (size_t)levels, sizeof *tree);
    uint32_t *count = calloc(sets, sizeof *count); /* each set's whole tree, kept apart */
    /* per completion of player 0: [stage][below, equal, above] player 1's low, stages as
       above; int64 because the partial sums of signed terms may dip below zero */
    int64_t (*by)[3][3] = calloc(x->n, sizeof *by);
    if (!tree || !count || !by || !sc->split) {
        free(tree);
        free(count);
        free(by);
        return SF_E_ARGUMENT;
    }
    uint32_t rank[1u << MAX_TO_COME];
    int negative[1u << MAX_TO_COME];
    /* player 0's card sets, ranked once for the three queries (the top bit: an odd set) */
    int per = subsets(x->pos[0], x->k, m, offset, rank, negative);
    uint32_t *xranks = malloc((size_t)x->n * (size_t)per * sizeof *xranks);
    if (!xranks) {
        free(tree);
        free(count);
        free(by);
        return SF_E_ARGUMENT;
    }
    for (uint32_t xi = 0; xi < x->n; xi++) {
        subsets(x->pos[xi], x->k, m, offset, rank, negative);
        for (int j = 0; j < per; j++)
            xranks[(size_t)xi * (size_t)per + (size_t)j] = rank[j] | (uint32_t)negative[j] << 31;
    }
    uint32_t next = 0;
    for (uint32_t first = 0; first <= x->n;) {
        /* groups of equal high value, then (first == n) one last stage over everything */
        int last = first == x->n;
        sf_value v = last ? 0 : x->value[x->order[first]];
        uint32_t end = first;
        while (end < x->n && x->value[x->order[end]] == v)
            end++;
        if (last)
            first = 0, end = x->n;
        for (int pass = last ? 2 : 0; pass < (last ? 3 : 2); pass++) {
            while (next < y->n && (last || y->value[y->order[next]] < v ||
                                   (pass == 1 && y->value[y->order[next]] == v))) {
                uint32_t yi = y->order[next];
                int ns = subsets(y->pos[yi], y->k, m, offset, rank, negative);
                for (int i = 0; i < ns; i++) {
                    uint32_t *t = tree + (size_t)rank[i] * (size_t)levels;
                    for (int b = y->low[yi] + 1; b <= levels; b += b & -b)
                        t[b - 1]++;
                    count[rank[i]]++;
                }
                next++;
            }
            for (uint32_t i = first; i < end; i++) {
                uint32_t xi = x->order[i];
                int r = x->low[xi];
                const uint32_t *xr = xranks + (size_t)xi * (size_t)per;
                int64_t below = 0, upto = 0, all = 0;
                for (int j = 0; j < per; j++) {
                    uint32_t set = xr[j] & 0x7FFFFFFFu;
                    const uint32_t *t = tree + (size_t)set * (size_t)levels;
                    int64_t sb = 0, su = 0;
                    for (int b = r; b > 0; b -= b & -b)
                        sb += t[b - 1];
                    for (int b = r + 1; b > 0; b -= b & -b)
                        su += t[b - 1];
                    int64_t sa = count[set];
                    if (xr[j] >> 31)
                        below -= sb, upto -= su, all -= sa;
                    else
                        below += sb, upto += su, all += sa;
                }
                by[xi][pass][0] = below;
                by[xi][pass][1] = upto - below;
                by[xi][pass][2] = all - upto;
            }
        }
        if (last)
            break;
        first = end;
    }
    /* per completion: high classes from the stages, low classes by rank */
    for (uint32_t xi = 0; xi < x->n; xi++) {
        int r = x->low[xi];
        for (int h = 0; h < 3; h++) {
            /* h 0: player 0 takes the high; 1: tie; 2: player 1 takes it */
            static const unsigned high_set[3] = {1, 3, 2};
            for (int l = 0; l < 3; l++) {
                int64_t n;
                if (h == 0)
                    n = by[xi][0][l];
                else if (h == 1)
                    n = by[xi][1][l] - by[xi][0][l];
                else
                    n = by[xi][2][l] - by[xi][1][l];
                if (!n)
                    continue;
                /* player 1's low rank below, equal to or above r (rank 0: no low) */
                unsigned low_set = l == 0 ? 1u : l == 2 ? 2u : (r ? 3u : 0u);
                sc->split[high_set[h] | low_set << 2] += (uint64_t)n;
            }
        }
    }
    free(xranks);
    free(by);
    free(tree);
    free(count);
    return SF_OK;
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
        status = levels ? count_hilo(&x, &y, m, offset, levels, &sc) : SF_E_NOT_COUNTED;
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

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
    uint32_t *start = calloc(VALUES + 1, sizeof *start);
    if (!s->pos || !s->value || !s->order || !start) {
        free(start);
        return SF_E_ARGUMENT;
    }
    int c[MAX_TO_COME];
    for (int i = 0; i < k; i++)
        c[i] = i;
    for (uint32_t x = 0; x < s->n; x++) {
        sf_hand h = spot->base[p];
        for (int i = 0; i < k; i++) {
            s->pos[x][i] = (uint8_t)c[i];
            hand_add(&h, spot->main_ev, spot->rest[c[i]]);
        }
        s->value[x] = hand_value(spot->main_ev, &h);
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
    if (players != 2 || spot.low_ev || spot.community || spot.need[0] > MAX_TO_COME ||
        spot.need[1] > MAX_TO_COME)
        return SF_E_NOT_COUNTED;
    if (!binom[1][1])
        init_binomials(); /* idempotent: racing threads write the same numbers */
    int a = spot.need[0], b = spot.need[1], u = spot.nrest;
    int m = a < b ? a : b;
    /* counters of every card set of at most m stub cards, by size then combinatorial rank */
    uint32_t offset[MAX_TO_COME + 2];
    offset[0] = 0;
    for (int j = 0; j <= m; j++)
        offset[j + 1] = offset[j] + binom[u][j];
    side_t x = {0}, y = {0};
    uint32_t *count = calloc(offset[m + 1], sizeof *count);
    if (!count || build_side(&x, &spot, 0, a) != SF_OK || build_side(&y, &spot, 1, b) != SF_OK) {
        free(count);
        free_side(&x);
        free_side(&y);
        return SF_E_ARGUMENT;
    }
    uint32_t rank[1u << MAX_TO_COME];
    int negative[1u << MAX_TO_COME];
    uint64_t wins = 0, ties = 0; /* player 0's */
    uint32_t next = 0;            /* player 1's completions inserted so far, by value */
    for (uint32_t first = 0; first < x.n;) {
        sf_value v = x.value[x.order[first]];
        uint32_t end = first;
        while (end < x.n && x.value[x.order[end]] == v)
            end++;
        int64_t sums[2];
        for (int pass = 0; pass < 2; pass++) {
            /* pass 0: insert the values below v; pass 1: those equal to v */
            while (next < y.n && (y.value[y.order[next]] < v ||
                                  (pass && y.value[y.order[next]] == v))) {
                int ns = subsets(y.pos[y.order[next]], b, m, offset, rank, negative);
                for (int i = 0; i < ns; i++)
                    count[rank[i]]++;
                next++;
            }
            int64_t sum = 0;
            for (uint32_t i = first; i < end; i++) {
                int ns = subsets(x.pos[x.order[i]], a, m, offset, rank, negative);
                for (int j = 0; j < ns; j++)
                    sum += negative[j] ? -(int64_t)count[rank[j]] : (int64_t)count[rank[j]];
            }
            sums[pass] = sum;
        }
        wins += (uint64_t)sums[0];            /* player 1's value below */
        ties += (uint64_t)(sums[1] - sums[0]); /* below or equal, less below */
        first = end;
    }
    uint64_t deals = (uint64_t)x.n * binom[u - a][b];
    scores_t sc;
    memset(&sc, 0, sizeof sc);
    sc.outcome[1] = wins;
    sc.outcome[3] = ties;
    sc.outcome[2] = deals - wins - ties;
    sf__scores_fold(&sc, 2);
    tally_t *t = &sc.tally;
    for (int p = 0; p < SF_EQUITY_MAX_PLAYERS; p++) {
        tally->share[p] += t->share[p];
        tally->share_sq[p] += t->share_sq[p];
        tally->high[p] += t->high[p];
        tally->low[p] += t->low[p];
        tally->win[p] += t->win[p];
        tally->tie[p] += t->tie[p];
    }
    tally->deals += t->deals;
    free(count);
    free_side(&x);
    free_side(&y);
    return SF_OK;
}

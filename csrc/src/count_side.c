/*
 * The sides of heads-up counting (count_sides.h): one player's completions over a pool, valued
 * once and put in value order by a counting sort (values are 16-bit), and the binomials the
 * counting ranks card sets by.
 */
#include <stdlib.h>
#include <string.h>

#include "count_sides.h"

#define MAX_TO_COME SF__COUNT_MAX_TO_COME
#define VALUES SF__COUNT_VALUES

uint32_t sf__binom[65][MAX_TO_COME + 1];

void sf__count_init(void)
{
    if (sf__binom[1][1])
        return; /* filled */
    for (int n = 0; n <= 64; n++) {
        sf__binom[n][0] = 1;
        for (int k = 1; k <= MAX_TO_COME; k++)
            sf__binom[n][k] = n == 0 ? 0 : sf__binom[n - 1][k - 1] + sf__binom[n - 1][k];
    }
}

void sf__count_side_free(sf__count_side *s)
{
    if (!s)
        return;
    free(s->pos);
    free(s->value);
    free(s->low);
    free(s);
}

size_t sf__count_side_bytes(int u, int k, int hilo)
{
    sf__count_init();
    if (u < 0 || u > 64 || k < 0 || k > MAX_TO_COME)
        return 0;
    return (size_t)sf__binom[u][k] * (MAX_TO_COME + sizeof(sf_value) + (hilo ? 2u : 0u));
}

int sf__count_takes(const spot_t *spot)
{
    int a = spot->need[0], b = spot->need[1], m = a < b ? a : b;
    return spot->players == 2 && !spot->community && a <= MAX_TO_COME && b <= MAX_TO_COME &&
           spot->nrest <= 64 && (!spot->low_ev || m <= 4);
}

sf__count_side *sf__count_side_new(const spot_t *pool, const sf_hand *base,
                                   const sf_hand *base_low, int k, uint64_t exclude)
{
    sf__count_init(); /* callers fill it before threads run: this is for lone callers */
    sf__count_side *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    int free_pos[64], u = 0;
    for (int i = 0; i < pool->nrest; i++)
        if (!(exclude >> i & 1))
            free_pos[u++] = i;
    s->k = k;
    s->exclude = exclude;
    s->n = sf__binom[u][k];
    /* valued in the order the combinations come, then moved into value order */
    uint8_t (*pos)[MAX_TO_COME] = malloc((size_t)s->n * sizeof *pos);
    sf_value *value = malloc((size_t)s->n * sizeof *value);
    uint16_t *low = pool->low_ev ? malloc((size_t)s->n * sizeof *low) : NULL;
    uint32_t *start = calloc(VALUES + 1, sizeof *start);
    s->pos = malloc((size_t)s->n * sizeof *s->pos);
    s->value = malloc((size_t)s->n * sizeof *s->value);
    s->low = pool->low_ev ? malloc((size_t)s->n * sizeof *s->low) : NULL;
    if (!pos || !value || !start || !s->pos || !s->value ||
        (pool->low_ev && (!low || !s->low))) {
        free(pos);
        free(value);
        free(low);
        free(start);
        sf__count_side_free(s);
        return NULL;
    }
    int c[MAX_TO_COME];
    for (int i = 0; i < k; i++)
        c[i] = i;
    for (uint32_t x = 0; x < s->n; x++) {
        sf_hand h = *base, hl = *base_low;
        for (int i = 0; i < k; i++) {
            pos[x][i] = (uint8_t)free_pos[c[i]];
            give(pool, &h, &hl, pool->rest[free_pos[c[i]]]);
        }
        value[x] = hand_value(pool->main_ev, &h);
        if (low)
            low[x] = hand_value(pool->low_ev, &hl); /* ranked per pair (rank_pair) */
        start[value[x] + 1]++;
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
    for (uint32_t x = 0; x < s->n; x++) { /* a counting sort: values are 16-bit */
        uint32_t to = start[value[x]]++;
        memcpy(s->pos[to], pos[x], sizeof pos[x]);
        s->value[to] = value[x];
        if (low)
            s->low[to] = low[x];
    }
    free(pos);
    free(value);
    free(low);
    free(start);
    return s;
}

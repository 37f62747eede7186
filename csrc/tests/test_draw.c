/*
 * The Monte Carlo sampler's card draws (src/draw.h), against their definition computed another
 * way: a group's word x stands for the number floor(x * P / 2^64) below the group's product P,
 * whose mixed-radix digits, most significant first, are the Fisher-Yates draws, and the word is
 * redrawn when x * P mod 2^64 falls below 2^64 mod P (Lemire). Here that number comes from one
 * 128-bit product and its digits from divisions, where draw.h multiplies digit by digit.
 *
 *   sf_test_draw            the library's group bound
 *   (built a second time with SF__DRAW_RANGE = 2^63, so that groups are long and words are
 *    redrawn often)
 */
#include <stdio.h>
#include <string.h>

#include "draw.h"

#include "check.h"

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The groups of nrest cards and ndraws draws tile the draws, each within the bound (or a
   single draw) and with the right product and rejection threshold. */
static void check_groups(int nrest, int ndraws)
{
    draw_group_t g[64];
    int n = draw_groups(nrest, ndraws, g);
    CHECK(n >= (ndraws > 0) && n <= ndraws, "%d groups for %d draws", n, ndraws);
    for (int k = 0, from = 0; k < n; from = g[k++].end) {
        CHECK(g[k].end > from && g[k].end <= ndraws, "group %d ends at %d", k, g[k].end);
        unsigned __int128 range = 1;
        for (int i = from; i < g[k].end; i++)
            range *= (unsigned)(nrest - i);
        CHECK(range == g[k].range, "group %d of %d/%d: product", k, nrest, ndraws);
        CHECK(range <= SF__DRAW_RANGE || g[k].end == from + 1, "group %d over the bound", k);
        /* the next draw would have taken the group over the bound */
        if (g[k].end < ndraws)
            CHECK(range * (unsigned)(nrest - g[k].end) > SF__DRAW_RANGE, "group %d short", k);
        unsigned __int128 two64 = (unsigned __int128)1 << 64;
        CHECK(g[k].reject == (uint64_t)(two64 % range), "group %d threshold", k);
    }
    if (n)
        CHECK(g[n - 1].end == ndraws, "groups end at %d, not %d", g[n - 1].end, ndraws);
}

/* One group's swaps for the word x, against the 128-bit definition; returns whether the word
   is redrawn. */
static int check_swaps(int nrest, int from, uint64_t x, const draw_group_t *g)
{
    uint8_t deck[64], want[64];
    for (int i = 0; i < nrest; i++)
        deck[i] = want[i] = (uint8_t)(i * 7 + 3);
    unsigned __int128 product = (unsigned __int128)x * g->range;
    uint64_t number = (uint64_t)(product >> 64), weight = g->range;
    for (int i = from; i < g->end; i++) {
        weight /= (uint64_t)(nrest - i); /* the weight of this draw's digit */
        int m = i + (int)(number / weight);
        number %= weight;
        uint8_t t = want[i];
        want[i] = want[m];
        want[m] = t;
    }
    uint64_t rest = draw_swaps(deck, from, g->end, nrest, x);
    CHECK(rest == (uint64_t)product, "%d..%d of %d: remainder", from, g->end, nrest);
    CHECK(memcmp(deck, want, (size_t)nrest) == 0, "%d..%d of %d: draws of x = %llx", from,
          g->end, nrest, (unsigned long long)x);
    return (uint64_t)product < g->reject;
}

/* A scripted word source: the words of a list, counted. */
typedef struct {
    const uint64_t *words;
    int used;
} script_t;

static uint64_t scripted(void *state)
{
    script_t *s = state;
    return s->words[s->used++];
}

/* draw_group redraws a rejected word: with a rejected word first, it takes the next one too,
   on the deck the first left. */
static void check_redraw(uint64_t *seed)
{
    /* the group of the whole deal with the largest threshold among full decks */
    draw_group_t best = {0, 1, 0};
    int best_nrest = 0;
    for (int nrest = 40; nrest <= 64; nrest++) {
        draw_group_t g[64];
        draw_groups(nrest, nrest, g);
        if (g[0].reject > best.reject) {
            best = g[0];
            best_nrest = nrest;
        }
    }
    CHECK(best.reject > 0, "some group can be redrawn");
    uint64_t words[2] = {0, 0};
    int found = 0;
    for (long tries = 0; tries < (1L << 26) && !found; tries++) { /* about 2^16 at 2^48 */
        words[0] = splitmix(seed);
        found = (uint64_t)((unsigned __int128)words[0] * best.range) < best.reject;
    }
    CHECK(found, "a word to redraw");
    do
        words[1] = splitmix(seed);
    while ((uint64_t)((unsigned __int128)words[1] * best.range) < best.reject);
    uint8_t deck[64], want[64];
    for (int i = 0; i < best_nrest; i++)
        deck[i] = want[i] = (uint8_t)i;
    script_t s = {words, 0};
    draw_group(deck, 0, &best, best_nrest, scripted, &s);
    draw_swaps(want, 0, best.end, best_nrest, words[0]);
    draw_swaps(want, 0, best.end, best_nrest, words[1]);
    CHECK(s.used == 2, "a rejected word and the next: %d words", s.used);
    CHECK(memcmp(deck, want, (size_t)best_nrest) == 0, "the second word's draws");
    s.used = 0;
    s.words = words + 1;
    draw_group(deck, 0, &best, best_nrest, scripted, &s);
    CHECK(s.used == 1, "an accepted word alone: %d words", s.used);
}

int main(void)
{
    uint64_t seed = 42;
    int redrawn = 0, words = 0;
    for (int nrest = 1; nrest <= 64; nrest++)
        for (int ndraws = 0; ndraws <= nrest; ndraws++) {
            check_groups(nrest, ndraws);
            draw_group_t g[64];
            int n = draw_groups(nrest, ndraws, g);
            for (int k = 0, from = 0; k < n; from = g[k++].end)
                for (int rep = 0; rep < 8; rep++) { /* the extreme words, then random ones */
                    uint64_t x = rep == 0 ? 0 : rep == 1 ? ~(uint64_t)0 : splitmix(&seed);
                    int again = check_swaps(nrest, from, x, &g[k]);
                    if (rep >= 2) { /* how often a random word is redrawn */
                        redrawn += again;
                        words++;
                    }
                }
        }
    check_redraw(&seed);
    printf("%d random words, %d of them redrawn (group bound %llu)\n", words, redrawn,
           (unsigned long long)SF__DRAW_RANGE);
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("all draw checks passed\n");
    return 0;
}

/*
 * One-off search for the rank keys of csrc/src/keys.h (not part of the build; about a minute).
 *
 *   cc -O2 -o keysearch csrc/gen/keysearch.c && ./keysearch
 *
 * A hand's rank-key sum must identify its multiset of symbols: the wild symbol (up to 7 times)
 * and the 13 ranks (up to 4 times each), at most 7 symbols in all. The search is greedy: each
 * symbol in turn, wild first, takes the smallest key such that every multiset of the symbols so
 * far still has a sum of its own. It prints one line per symbol and the largest sum, which must
 * fit the 26-bit field of the hand key.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NSYM 14      /* wild symbol, then ranks 2..A */
#define MAXCARDS 7
#define LIMIT (1u << 27)

typedef struct {
    uint32_t sum;
    uint8_t size;
} multiset_t;

int main(void)
{
    int max_count[NSYM];
    for (int i = 0; i < NSYM; i++)
        max_count[i] = i == 0 ? MAXCARDS : 4;
    /* every multiset of the symbols chosen so far, as (sum, size); 114,720 at the end */
    multiset_t *cur = malloc(sizeof *cur * 200000), *next = malloc(sizeof *next * 200000);
    uint8_t *taken = calloc(LIMIT, 1);  /* sums of the multisets in cur */
    uint32_t *stamp = calloc(LIMIT, 4); /* sums made by the candidate key, per attempt */
    if (!cur || !next || !taken || !stamp) {
        fprintf(stderr, "keysearch: out of memory\n");
        return 1;
    }
    size_t ncur = 1;
    cur[0].sum = 0;
    cur[0].size = 0;
    taken[0] = 1;
    uint32_t attempt = 0, key = 1;
    for (int sym = 0; sym < NSYM; sym++, key++) {
        for (;; key++) {
            /* the candidate works if adding 1..max copies to every multiset makes new sums
               that collide neither with old sums nor with each other */
            int ok = 1;
            attempt++;
            for (int c = 1; c <= max_count[sym] && ok; c++)
                for (size_t i = 0; i < ncur; i++) {
                    if (cur[i].size + c > MAXCARDS)
                        continue;
                    uint32_t s = cur[i].sum + (uint32_t)c * key;
                    if (s >= LIMIT || taken[s] || stamp[s] == attempt) {
                        ok = 0;
                        break;
                    }
                    stamp[s] = attempt;
                }
            if (ok)
                break;
        }
        size_t n = 0;
        uint32_t largest = 0;
        for (size_t i = 0; i < ncur; i++)
            for (int c = 0; c <= max_count[sym] && cur[i].size + c <= MAXCARDS; c++) {
                next[n].sum = cur[i].sum + (uint32_t)c * key;
                next[n].size = (uint8_t)(cur[i].size + c);
                taken[next[n].sum] = 1;
                if (next[n].sum > largest)
                    largest = next[n].sum;
                n++;
            }
        multiset_t *t = cur;
        cur = next;
        next = t;
        ncur = n;
        printf("%s key %u: %zu multisets, largest sum %u\n", sym == 0 ? "wild" : "rank",
               key, ncur, largest);
        fflush(stdout);
    }
    free(cur);
    free(next);
    free(taken);
    free(stamp);
    return 0;
}

/*
 * Build-time generator of stud_fast's lookup tables. Run by CMake; writes two files:
 *
 *   sf_tables.h  sizes and declarations (private to the library)
 *   sf_tables.c  the tables themselves
 *
 * What it computes, for every ranking:
 *
 *   rank table   for every multiset of natural ranks (each rank at most 4 times) plus w wild
 *                cards, 1..7 cards in all: the value of the best hand that ignores suits. It is
 *                addressed by a perfect hash of the rank-key sum (keys.h): the key space is cut
 *                into rows of 2^ROW_SHIFT keys, and each row gets an offset chosen first-fit so
 *                that no two used keys share a slot ("row displacement").
 *   flush table  (high and short32 only) for every wild count w and 13-bit mask of one suit's
 *                natural ranks: the best straight flush or flush those cards and w wilds make.
 *
 * Hands are first described by a 64-bit "descriptor" that sorts like hand strength; the
 * descriptors that occur are then numbered densely per ranking, and the tables hold those
 * numbers (sf_value). Wild cards are resolved by trying every rank for each wild card (a
 * wild may duplicate a held card, docs/rules.md D4), memoised per multiset.
 *
 * The descriptors and the wild-card resolution are in hand_desc.c; this file enumerates the
 * multisets, packs the perfect hash, numbers the descriptors and writes the files.
 *
 * Nothing here is fast or clever on purpose: it runs once per build, in about a second.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hand_desc.h"
#include "../src/keys.h"

/* ---- rank-multiset enumeration and the perfect hash ----------------------------------------- */

typedef struct { uint32_t key; int8_t cnt[13]; int8_t n, w; } entry_t;
static entry_t *entries;
static size_t nentries;

static void enumerate(int cnt[13], int r, int n)
{
    if (r == 13) {
        for (int w = 0; n + w <= MAXCARDS; w++) {
            if (n + w == 0)
                continue;
            entry_t *e = &entries[nentries++];
            uint32_t key = (uint32_t)w * SF__WILD_KEY;
            for (int q = 0; q < 13; q++) {
                key += (uint32_t)cnt[q] * sf__rank_keys[q];
                e->cnt[q] = (int8_t)cnt[q];
            }
            e->key = key;
            e->n = (int8_t)n;
            e->w = (int8_t)w;
        }
        return;
    }
    for (int c = 0; c <= 4 && n + c <= MAXCARDS; c++) {
        cnt[r] = c;
        enumerate(cnt, r + 1, n + c);
    }
    cnt[r] = 0;
}

typedef struct { uint32_t row; uint32_t count; } rowinfo_t;

static int by_count_desc(const void *a, const void *b)
{
    const rowinfo_t *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? 1 : -1;
    return x->row < y->row ? -1 : x->row > y->row;
}

static int by_key(const void *a, const void *b)
{
    const entry_t *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

/*
 * Row displacement (as in sparse-table packing): a key's row is key >> SF__ROW_BITS, and its
 * slot is key + disp[row], i.e. the row's base plus the key's place in its row. Every row --
 * empty or not -- gets a base such that its whole width lands inside the table, so any sum
 * below 2^26 reads inside the table whatever the cards were. Rows are placed fullest first,
 * each at the lowest base where every key meets a free slot or one holding the same value
 * (the table only has to give each key its value, so keys of equal value may share a slot;
 * most hands share their value with many others, which keeps the table small and in cache).
 * vals[i] < 0 marks a key whose value never matters (cards outside the ranking's deck).
 * Returns the table size, the highest base plus a row's width, and fills table[].
 */
static uint32_t build_rows(const uint32_t *keys, const int32_t *vals, size_t nkeys,
                           uint32_t *disp, uint16_t *table, uint32_t cap)
{
    const uint32_t nrows = SF__NUM_ROWS, width = 1u << SF__ROW_BITS;
    rowinfo_t *rows = calloc(nrows, sizeof *rows);
    uint32_t *first = calloc(nrows + 1, sizeof *first);
    uint32_t *order = malloc(nkeys * sizeof *order);
    int32_t *owner = malloc((cap + width) * sizeof *owner); /* the value in a slot, -1 free */
    for (uint32_t i = 0; i < cap + width; i++)
        owner[i] = -1;
    for (uint32_t i = 0; i < nrows; i++)
        rows[i].row = i;
    for (size_t i = 0; i < nkeys; i++)
        if (vals[i] >= 0)
            rows[keys[i] >> SF__ROW_BITS].count++;
    /* counting sort of the keys that matter by row */
    for (uint32_t i = 0; i < nrows; i++)
        first[i + 1] = first[i] + rows[i].count;
    uint32_t *fill = calloc(nrows, sizeof *fill);
    for (size_t i = 0; i < nkeys; i++)
        if (vals[i] >= 0) {
            uint32_t r = keys[i] >> SF__ROW_BITS;
            order[first[r] + fill[r]++] = (uint32_t)i;
        }
    free(fill);
    qsort(rows, nrows, sizeof *rows, by_count_desc);
    uint32_t size = width;
    for (uint32_t i = 0; i < nrows; i++) {
        uint32_t r = rows[i].row, lo = first[r], hi = first[r + 1], base = 0;
        for (; lo < hi; base++) {
            if (base > cap) {
                size = 0;
                break;
            }
            uint32_t j = lo;
            for (; j < hi; j++) {
                int32_t o = owner[base + (keys[order[j]] & (width - 1))];
                if (o >= 0 && o != vals[order[j]])
                    break;
            }
            if (j == hi)
                break;
        }
        if (size == 0)
            break;
        for (uint32_t j = lo; j < hi; j++)
            owner[base + (keys[order[j]] & (width - 1))] = vals[order[j]];
        if (lo < hi && base + width > size)
            size = base + width;
        disp[r] = base - r * width; /* modulo 2^32: key + disp[r] = base + place */
    }
    for (uint32_t i = 0; i < size && i < cap; i++)
        table[i] = owner[i] < 0 ? 0 : (uint16_t)owner[i];
    free(rows);
    free(first);
    free(order);
    free(owner);
    return size;
}

/* ---- numbering and output ------------------------------------------------------------------- */

static int cmp_desc(const void *a, const void *b)
{
    desc_t x = *(const desc_t *)a, y = *(const desc_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct { desc_t *v; size_t n, cap; } descset_t;

static void descset_add(descset_t *s, desc_t d)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
    }
    s->v[s->n++] = d;
}

static void descset_finish(descset_t *s)
{
    qsort(s->v, s->n, sizeof *s->v, cmp_desc);
    size_t m = 0;
    for (size_t i = 0; i < s->n; i++)
        if (m == 0 || s->v[m - 1] != s->v[i])
            s->v[m++] = s->v[i];
    s->n = m;
}

/* Dense value of a descriptor: 1..N in strength order; low8's "no low" is 0. */
static uint16_t ordinal(const descset_t *s, desc_t d, int ranking)
{
    if (d == DESC_NONE)
        return 0;
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->v[mid] < d)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == s->n || s->v[lo] != d) {
        fprintf(stderr, "gen_tables: descriptor missing\n");
        exit(1);
    }
    size_t skip = s->v[0] == DESC_NONE ? 0 : 1; /* DESC_NONE sorts first when present */
    (void)ranking;
    return (uint16_t)(lo + skip);
}

static void write_u16(FILE *f, const uint16_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%u,%s", v[i], (i % 20 == 19) ? "\n" : "");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gen_tables OUT.h OUT.c\n");
        return 2;
    }
    

    entries = calloc(200000, sizeof *entries);
    int cnt[13] = {0};
    enumerate(cnt, 0, 0);
    qsort(entries, nentries, sizeof *entries, by_key);
    for (size_t i = 1; i < nentries; i++)
        if (entries[i].key == entries[i - 1].key) {
            fprintf(stderr, "gen_tables: rank keys collide; keys.h is wrong\n");
            return 1;
        }
    uint32_t maxkey = entries[nentries - 1].key;
    /* any 7 bytes, valid or not, must keep their sum inside the rows the runtime reads */
    if (maxkey > SF__RANK_SUM_MASK || 7ull * sf__rank_keys[SF_NUM_RANKS - 1] > SF__RANK_SUM_MASK) {
        fprintf(stderr, "gen_tables: rank-key sums overflow their field\n");
        return 1;
    }
    /* descriptors per ranking */
    desc_t *rank_desc[NRANKINGS];
    static desc_t flush_d[2][MAXWILD + 1][8192];
    descset_t sets[NRANKINGS] = {{0}};
    for (int rk = 0; rk < NRANKINGS; rk++) {
        desc_memo_reset();
        rank_desc[rk] = calloc(nentries, sizeof(desc_t));
        for (size_t i = 0; i < nentries; i++) {
            entry_t *e = &entries[i];
            int c[13];
            int in_deck = 1;
            for (int q = 0; q < 13; q++) {
                c[q] = e->cnt[q];
                if (c[q] && q < SF__FIRST_RANK(rk))
                    in_deck = 0;
            }
            if (!in_deck)
                continue; /* such hands are rejected before lookup */
            desc_t d = wild_desc(rk, c, e->n, e->w);
            rank_desc[rk][i] = d;
            descset_add(&sets[rk], d);
        }
        if (SF__RANKING_HAS_FLUSH(rk))
            for (int w = 0; w <= MAXWILD; w++)
                for (unsigned m = 0; m < 8192; m++) {
                    int pc = popcount32(m);
                    if (pc + w < 5 || pc + w > MAXCARDS)
                        continue;
                    if (m & ((1u << SF__FIRST_RANK(rk)) - 1))
                        continue;
                    desc_t d = flush_desc(rk, m, w);
                    flush_d[rk][w][m] = d;
                    descset_add(&sets[rk], d);
                }
        descset_finish(&sets[rk]);
    }

    /* one rank table per ranking, packed by value (see build_rows) */
    const uint32_t nrows = SF__NUM_ROWS, cap = 1u << 20;
    uint32_t *all_keys = malloc(nentries * sizeof *all_keys);
    int32_t *vals = malloc(nentries * sizeof *vals);
    uint32_t *offsets[NRANKINGS];
    uint16_t *tables[NRANKINGS];
    uint32_t sizes[NRANKINGS];
    for (size_t i = 0; i < nentries; i++)
        all_keys[i] = entries[i].key;
    for (int rk = 0; rk < NRANKINGS; rk++) {
        for (size_t i = 0; i < nentries; i++) {
            int in_deck = 1;
            for (int q = 0; q < SF__FIRST_RANK(rk); q++)
                in_deck &= entries[i].cnt[q] == 0;
            vals[i] = in_deck ? ordinal(&sets[rk], rank_desc[rk][i], rk) : -1;
        }
        offsets[rk] = calloc(nrows, sizeof **offsets);
        tables[rk] = calloc(cap + 1, sizeof **tables);
        uint32_t used = build_rows(all_keys, vals, nentries, offsets[rk], tables[rk], cap);
        sizes[rk] = used;
        if (used == 0) {
            fprintf(stderr, "gen_tables: the rows of the rank table do not pack\n");
            return 1;
        }
        fprintf(stderr, "gen_tables: ranking %d rank table %u slots\n", rk, used);
    }

    FILE *h = fopen(argv[1], "w"), *c = fopen(argv[2], "w");
    if (!h || !c) {
        perror("gen_tables");
        return 1;
    }
    fprintf(h, "/* Generated by csrc/gen/gen_tables.c at build time. Do not edit. */\n");
    fprintf(h, "#ifndef SF_GENERATED_TABLES_H\n#define SF_GENERATED_TABLES_H\n");
    fprintf(h, "#include <stdint.h>\n#include \"stud_fast/eval.h\"\n");
    fprintf(h, "#define SF__NUM_HASH_KEYS %zu\n", nentries);
    fprintf(h, "extern const uint32_t sf__rank_disp[%d][%u];\n", NRANKINGS, nrows);
    fprintf(h, "extern const uint16_t sf__flush_values[2][%d][8192];\n", MAXWILD + 1);
    fprintf(h, "/* Per ranking, the categories in value order: first value and category. */\n");
    fprintf(h, "typedef struct { uint16_t first; uint8_t category; } sf__cat_range;\n");
    fprintf(h, "extern const sf__cat_range sf__cat_ranges[%d][%d];\n", NRANKINGS, NCAT + 1);
    fprintf(h, "extern const uint16_t sf__max_value[%d];\n", NRANKINGS);
    fprintf(h, "extern const sf_evaluator sf__default_evaluators[%d];\n", NRANKINGS);
    fprintf(h, "#endif\n");

    fprintf(c, "/* Generated by csrc/gen/gen_tables.c at build time. Do not edit. */\n");
    fprintf(c, "#include \"sf_tables.h\"\n\n");
    fprintf(c, "const uint32_t sf__rank_disp[%d][%u] = {\n", NRANKINGS, nrows);
    for (int rk = 0; rk < NRANKINGS; rk++) {
        fprintf(c, "{\n");
        for (uint32_t i = 0; i < nrows; i++)
            fprintf(c, "%uu,%s", offsets[rk][i], (i % 12 == 11) ? "\n" : "");
        fprintf(c, "},\n");
    }
    fprintf(c, "};\n\n");
    for (int rk = 0; rk < NRANKINGS; rk++) {
        /* one spare slot: the AVX2 kernel may read each 16-bit value as 32 bits */
        fprintf(c, "static const uint16_t rank_values_%d[%u] = {\n", rk, sizes[rk] + 1);
        write_u16(c, tables[rk], sizes[rk] + 1);
        fprintf(c, "};\n");
        free(tables[rk]);
        free(offsets[rk]);
    }
    fprintf(c, "\nconst uint16_t sf__flush_values[2][%d][8192] = {\n", MAXWILD + 1);
    for (int rk = 0; rk < 2; rk++) {
        fprintf(c, "{\n");
        for (int w = 0; w <= MAXWILD; w++) {
            uint16_t row[8192];
            for (int m = 0; m < 8192; m++)
                row[m] = flush_d[rk][w][m] ? ordinal(&sets[rk], flush_d[rk][w][m], rk) : 0;
            fprintf(c, "{\n");
            write_u16(c, row, 8192);
            fprintf(c, "},\n");
        }
        fprintf(c, "},\n");
    }
    fprintf(c, "};\n\nconst sf__cat_range sf__cat_ranges[%d][%d] = {\n", NRANKINGS, NCAT + 1);
    for (int rk = 0; rk < NRANKINGS; rk++) {
        fprintf(c, "{");
        int last = -1, nr = 0;
        for (size_t i = 0; i < sets[rk].n; i++) {
            int cat = (int)(sets[rk].v[i] & 0xf);
            if (cat != last) {
                fprintf(c, "{%u,%d},", ordinal(&sets[rk], sets[rk].v[i], rk), cat);
                last = cat;
                nr++;
            }
        }
        for (; nr < NCAT + 1; nr++)
            fprintf(c, "{0xffff,255},"); /* terminator rows */
        fprintf(c, "},\n");
    }
    fprintf(c, "};\n\nconst uint16_t sf__max_value[%d] = {", NRANKINGS);
    for (int rk = 0; rk < NRANKINGS; rk++)
        fprintf(c, "%u,", ordinal(&sets[rk], sets[rk].v[sets[rk].n - 1], rk));
    fprintf(c, "};\n\nconst sf_evaluator sf__default_evaluators[%d] = {\n", NRANKINGS);
    for (int rk = 0; rk < NRANKINGS; rk++) {
        uint64_t key[256], bit[256], natural = 0;
        sf__build_keys(key, bit, rk, 0);
        fprintf(c, "{\n.key = {");
        for (int i = 0; i < 256; i++)
            fprintf(c, "0x%llxULL,%s", (unsigned long long)key[i], (i % 6 == 5) ? "\n" : "");
        fprintf(c, "},\n.bit = {");
        for (int i = 0; i < 256; i++) {
            natural |= bit[i];
            fprintf(c, "0x%llxULL,%s", (unsigned long long)bit[i], (i % 6 == 5) ? "\n" : "");
        }
        fprintf(c, "},\n.natural_bits = 0x%llxULL,\n", (unsigned long long)natural);
        fprintf(c, ".rank_disp = sf__rank_disp[%d],\n", rk);
        fprintf(c, ".rank_values = rank_values_%d,\n", rk);
        if (SF__RANKING_HAS_FLUSH(rk))
            fprintf(c, ".flush_values = &sf__flush_values[%d][0][0],\n", rk);
        else
            fprintf(c, ".flush_values = 0,\n");
        fprintf(c, ".ranking = %d,\n.wild_ranks = 0,\n.card = {", rk);
        for (int i = 0; i < 256; i++) /* the key and bit tables again, interleaved */
            fprintf(c, "{0x%llxULL,0x%llxULL},%s", (unsigned long long)key[i],
                    (unsigned long long)bit[i], (i % 3 == 2) ? "\n" : "");
        fprintf(c, "},\n},\n");
    }
    fprintf(c, "};\n");
    fclose(h);
    fclose(c);
    fprintf(stderr, "gen_tables: %zu hash keys, %u rows\n", nentries, nrows);
    for (int rk = 0; rk < NRANKINGS; rk++) {
        fprintf(stderr, "gen_tables: ranking %d has %zu values\n", rk, sets[rk].n);
        free(sets[rk].v);
        free(rank_desc[rk]);
    }
    desc_memo_free();
    free(vals);
    free(all_keys);
    free(entries);
    return 0;
}

/*
 * stud_fast equity: Monte Carlo sampling over the cards players still lack, on the spot, tally
 * and threads of equity.c. Each block of SF_EQUITY_BLOCK samples has its own generator seeded
 * from (seed, block number), so a run gives the same tally whatever the thread count and
 * however it is cut into sf_equity_sample_into() calls.
 */
#include "stud_fast/equity.h"

#include <string.h>

#include "draw.h"
#include "equity_spot.h"
#include "parallel.h"
#include "rng.h"

#define SAMPLE_BLOCK ((uint64_t)SF_EQUITY_BLOCK)

/* ---- Monte Carlo ---------------------------------------------------------------------------- */

/* the draws' word source, as draw_group takes it */
static uint64_t rng_word(void *r)
{
    return sf__xoshiro_next(r);
}

/*
 * The value of a player's hand in a deal: its sums so far (the known cards, and the shared
 * card if there is one) plus the dealt cards. The card set is summed only for a hand that may
 * hold a flush: the value needs it nowhere else.
 */
static inline sf_value dealt_value(const sf_evaluator *ev, sf_hand h, const uint8_t *cards,
                                   int n)
{
    uint64_t key = h.key;
    for (int i = 0; i < n; i++)
        key += ev->key[cards[i]];
    uint64_t bits = 0;
    if (SF__EXPECT((key & SF__FLUSH_FLAGS) != 0, 0)) {
        bits = h.bits;
        for (int i = 0; i < n; i++)
            bits += ev->bit[cards[i]];
    }
    return sf__hand_value(ev, key, bits);
}

/* Inlined even where it is big: the callers below make hilo a constant. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* A worker's blocks of samples; hilo (a constant in each caller) says whether there is a low
   evaluator, so that a high-only game's loop carries nothing of the low half. */
static ALWAYS_INLINE void sample_blocks(job_t *j, const int hilo)
{
    /* the spot's fields in locals: the loops below read them every deal, and through the
       pointer the compiler would reload them after every store */
    const spot_t *spot = j->spot;
    const sf_evaluator *ev = spot->main_ev, *low = hilo ? spot->low_ev : NULL;
    const int players = spot->players, total_need = spot->total_need, nrest = spot->nrest;
    const int community = spot->community;
    int need[SF_EQUITY_MAX_PLAYERS];
    sf_hand base[SF_EQUITY_MAX_PLAYERS], base_low[SF_EQUITY_MAX_PLAYERS];
    memcpy(need, spot->need, sizeof need);
    memcpy(base, spot->base, sizeof base);
    memcpy(base_low, spot->base_low, sizeof base_low);
    draw_group_t groups[SF_EQUITY_MAX_PLAYERS * 7];
    int ngroups = draw_groups(nrest, total_need, groups);
    scores_t *sc = &j->scores;
    uint64_t first = j->first_sample / SAMPLE_BLOCK, end = j->first_sample + j->samples;
    uint64_t blocks = (j->samples + SAMPLE_BLOCK - 1) / SAMPLE_BLOCK;
    uint8_t deck[64];
    sf_value v[SF_EQUITY_MAX_PLAYERS], lv[SF_EQUITY_MAX_PLAYERS];
    for (uint64_t local = (uint64_t)j->index; local < blocks; local += (uint64_t)j->count) {
        uint64_t b = first + local; /* the block's number in the whole run fixes its stream */
        uint64_t x = j->seed ^ (b * 0xD1B54A32D192ED03ULL);
        sf__xoshiro r;
        for (int i = 0; i < 4; i++)
            r.s[i] = sf__splitmix64(&x);
        uint64_t n = end - b * SAMPLE_BLOCK < SAMPLE_BLOCK ? end - b * SAMPLE_BLOCK : SAMPLE_BLOCK;
        memcpy(deck, spot->rest, (size_t)nrest);
        for (uint64_t k = 0; k < n; k++) {
            /* a partial Fisher-Yates shuffle draws the cards everyone lacks, a group of draws
               a random word (draw.h) */
            for (int g = 0, from = 0; g < ngroups; from = groups[g++].end)
                draw_group(deck, from, &groups[g], nrest, rng_word, &r);
            /* deck[0] is the shared card when there is one, then each player's cards */
            sf_hand shared = {0, 0}, shared_low = {0, 0};
            if (community) {
                shared = (sf_hand){ev->key[deck[0]], ev->bit[deck[0]]};
                if (low)
                    shared_low = (sf_hand){low->key[deck[0]], low->bit[deck[0]]};
            }
            for (int p = 0, next = community; p < players; next += need[p], p++) {
                sf_hand h = {base[p].key + shared.key, base[p].bits + shared.bits};
                v[p] = dealt_value(ev, h, deck + next, need[p]);
                if (low) {
                    sf_hand hl = {base_low[p].key + shared_low.key,
                                  base_low[p].bits + shared_low.bits};
                    lv[p] = dealt_value(low, hl, deck + next, need[p]);
                }
            }
            if (hilo)
                score_values(spot, v, lv, &sc->tally);
            else
                score_high(players, v, sc);
        }
    }
}

static void sample_work(job_t *j)
{
    if (j->spot->low_ev)
        sample_blocks(j, 1);
    else
        sample_blocks(j, 0);
}

int sf_equity_sample_into(const sf_equity_game *game, int players, const uint8_t *known,
                          const int *known_count, const uint8_t *dead, int ndead,
                          uint64_t first_sample, uint64_t samples, uint64_t seed, int threads,
                          sf_equity_tally *tally)
{
    spot_t spot;
    if (!tally || first_sample % SAMPLE_BLOCK)
        return SF_E_ARGUMENT;
    int status = sf__equity_setup(&spot, game, players, known, known_count, dead, ndead);
    if (status != SF_OK)
        return status;
    int count = sf__equity_threads(threads);
    job_t jobs[SF__MAX_THREADS], proto;
    memset(&proto, 0, sizeof proto);
    proto.spot = &spot;
    proto.work = sample_work;
    proto.samples = samples;
    proto.seed = seed;
    proto.first_sample = first_sample;
    sf__equity_run(jobs, count, &proto, tally);
    return SF_OK;
}

int sf_equity_sample(const sf_equity_game *game, int players, const uint8_t *known,
                     const int *known_count, const uint8_t *dead, int ndead, uint64_t samples,
                     uint64_t seed, int threads, sf_equity_result *out)
{
    sf_equity_tally tally;
    if (!out)
        return SF_E_ARGUMENT;
    memset(&tally, 0, sizeof tally);
    int status = sf_equity_sample_into(game, players, known, known_count, dead, ndead, 0,
                                       samples, seed, threads, &tally);
    if (status != SF_OK)
        return status;
    sf_equity_finish(&tally, players, 0, out);
    return SF_OK;
}

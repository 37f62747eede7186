/*
 * stud_fast/equity.h -- stud equity: every player's share of the pot, given the cards each
 * player is known to hold and the cards known to be dead, by exact enumeration of every way the
 * unknown cards can fall or by Monte Carlo sampling.
 *
 * Each player ends with `cards_per_player` cards (5 or 7); the cards a player still lacks come
 * from the deck of the ranking (52 cards, or 32 for SHORT32, plus `jokers` jokers) minus every
 * known and dead card. Cards of `wild_ranks`, and jokers, are wild (docs/rules.md D4).
 * A deal's pot goes to the best hand under `ranking` (ties share it equally); with `hilo` set,
 * half goes to the best high hand and half to the best LOW8 hand when one qualifies (otherwise
 * the high hand takes all). Shares are counted exactly (in 1680ths of a pot), so results do not
 * depend on the number of threads, and a Monte Carlo run depends only on its seed.
 */
#ifndef STUD_FAST_EQUITY_H
#define STUD_FAST_EQUITY_H

#include <stdint.h>

#include "stud_fast/eval.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SF_EQUITY_MAX_PLAYERS 8

enum {
    SF_E_PLAYERS = -20,    /* not 2 to 8 players */
    SF_E_TOO_MANY = -21,   /* a player holds more cards than the game deals */
    SF_E_DECK_SHORT = -22, /* the deck cannot give every player the cards they lack */
    SF_E_HUGE = -23        /* an exact run of more deals than SF_EQUITY_MAX_DEALS */
};

/* The most deals one exact run enumerates (2^62): counts stay exact in 64 bits. */
#define SF_EQUITY_MAX_DEALS (UINT64_C(1) << 62)

typedef struct sf_equity_game {
    sf_ranking ranking;      /* HIGH, SHORT32 or RAZZ: who wins the pot (or its high half) */
    int hilo;                /* nonzero: half the pot to the best qualifying LOW8 hand */
    int cards_per_player;    /* 5 or 7 */
    sf_rank_mask wild_ranks; /* ranks whose cards are wild (jokers always are) */
    int jokers;              /* jokers in the deck, known ones included (0 to 4) */
} sf_equity_game;

typedef struct sf_equity_result {
    int players;
    int exact;                             /* 1 for enumeration, 0 for sampling */
    uint64_t deals;                        /* deals enumerated or sampled */
    double equity[SF_EQUITY_MAX_PLAYERS];  /* average share of the pot */
    double win[SF_EQUITY_MAX_PLAYERS];     /* deals won whole (scoops in hi-lo) */
    double tie[SF_EQUITY_MAX_PLAYERS];     /* deals with a share less than the whole pot */
    double high[SF_EQUITY_MAX_PLAYERS];    /* average share from the high half (hi-lo) */
    double low[SF_EQUITY_MAX_PLAYERS];     /* average share from the low half (hi-lo) */
    double std_error[SF_EQUITY_MAX_PLAYERS]; /* of equity; 0 when exact */
} sf_equity_result;

/*
 * Players' known cards: `known` holds players * 7 bytes, player p's `known_count[p]` cards
 * first in its row. `dead` lists ndead cards out of play. Returns SF_OK or an error; on success
 * *out is filled.
 */
int sf_equity_exact(const sf_equity_game *game, int players, const uint8_t *known,
                    const int *known_count, const uint8_t *dead, int ndead, int threads,
                    sf_equity_result *out);

int sf_equity_sample(const sf_equity_game *game, int players, const uint8_t *known,
                     const int *known_count, const uint8_t *dead, int ndead, uint64_t samples,
                     uint64_t seed, int threads, sf_equity_result *out);

/*
 * Integer sums of a run, in 1680ths of a pot per deal: what sampling in pieces adds up (for a
 * progress bar, or machines sharing a run). A run split at multiples of SF_EQUITY_BLOCK samples
 * adds up to exactly the tally of the whole run with the same seed.
 */
#define SF_EQUITY_BLOCK 4096
typedef struct sf_equity_tally {
    uint64_t share[SF_EQUITY_MAX_PLAYERS];
    uint64_t share_sq[SF_EQUITY_MAX_PLAYERS];
    uint64_t high[SF_EQUITY_MAX_PLAYERS];
    uint64_t low[SF_EQUITY_MAX_PLAYERS];
    uint64_t win[SF_EQUITY_MAX_PLAYERS];
    uint64_t tie[SF_EQUITY_MAX_PLAYERS];
    uint64_t deals;
} sf_equity_tally;

/* Add samples number first_sample .. first_sample + samples - 1 of the seed's run to *tally
   (first_sample a multiple of SF_EQUITY_BLOCK). */
int sf_equity_sample_into(const sf_equity_game *game, int players, const uint8_t *known,
                          const int *known_count, const uint8_t *dead, int ndead,
                          uint64_t first_sample, uint64_t samples, uint64_t seed, int threads,
                          sf_equity_tally *tally);

/*
 * An exact run in pieces. sf_equity_exact_plan() gives the number of units the run's deals are
 * cut into (of different sizes, each at most about a million deals where the spot allows it)
 * and the number of deals; sf_equity_exact_into() adds units first_unit .. first_unit + units
 * - 1 to *tally (tally->deals counts the deals done).
 * Any cut adds up to exactly the tally of sf_equity_exact(), whatever the thread counts.
 * A run of more than SF_EQUITY_MAX_DEALS deals is SF_E_HUGE.
 */
int sf_equity_exact_plan(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead,
                         uint64_t *units, uint64_t *deals);
int sf_equity_exact_into(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead,
                         uint64_t first_unit, uint64_t units, int threads, sf_equity_tally *tally);

/* The result of a tally (exact: 1 for an enumeration, 0 for samples). */
void sf_equity_finish(const sf_equity_tally *tally, int players, int exact,
                      sf_equity_result *out);

/* The number of deals an exact run enumerates (a double: it can exceed 2^64), or a negative
   error status. `nunseen` is the number of cards that can still be dealt. */
double sf_equity_deal_count(const sf_equity_game *game, int players, const int *known_count,
                            int nunseen);

#ifdef __cplusplus
}
#endif
#endif

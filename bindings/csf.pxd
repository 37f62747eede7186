# Declarations mirroring csrc/include/stud_fast/*.h (keep in step with the headers).
from libc.stdint cimport uint8_t, uint16_t, uint64_t

cdef extern from "stud_fast/cards.h" nogil:
    int SF_JOKER
    int SF_DECK_SIZE
    ctypedef unsigned short sf_rank_mask

cdef extern from "stud_fast/eval.h" nogil:
    ctypedef enum sf_ranking:
        SF_RANKING_HIGH
        SF_RANKING_SHORT32
        SF_RANKING_RAZZ
        SF_RANKING_LOW8
    int SF_NUM_RANKINGS
    ctypedef int sf_category
    int SF_NUM_CATEGORIES
    ctypedef uint16_t sf_value

    int SF_OK
    int SF_E_CARD
    int SF_E_DECK
    int SF_E_DUPLICATE
    int SF_E_COUNT
    int SF_E_RANKING
    int SF_E_WILD
    int SF_E_ARGUMENT
    int SF_E_INTERNAL

    ctypedef struct sf_evaluator:
        uint64_t bit[256]

    int sf_evaluator_init(sf_evaluator *ev, sf_ranking ranking, sf_rank_mask wild_ranks)
    const sf_evaluator *sf_default_evaluator(sf_ranking ranking)
    int sf_eval(const sf_evaluator *ev, const uint8_t *cards, int n, sf_value *out)
    int sf_eval_batch(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                      sf_value *out, size_t *bad_hand)
    int sf_eval_batch_threads(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                              sf_value *out, size_t *bad_hand, int threads)
    void sf_eval_batch_trusted(const sf_evaluator *ev, const uint8_t *hands, size_t nhands, int k,
                               sf_value *out)
    sf_category sf_category_of(sf_ranking ranking, sf_value value)
    const char *sf_category_name(sf_category category)
    const char *sf_value_name(sf_ranking ranking, sf_value value)
    const char *sf_status_message(int status)
    sf_value sf_max_value(sf_ranking ranking)
    const char *sf_batch_kernel()

    ctypedef struct sf_hand:
        uint64_t key
        uint64_t bits
    void sf_hand_clear(sf_hand *h)
    void sf_hand_add(sf_hand *h, const sf_evaluator *ev, unsigned card)
    void sf_hand_remove(sf_hand *h, const sf_evaluator *ev, unsigned card)
    int sf_hand_count(const sf_hand *h)
    int sf_hand_status(const sf_hand *h)
    sf_value sf_hand_value(const sf_evaluator *ev, const sf_hand *h)

cdef extern from "stud_fast/best.h" nogil:
    int sf_best_five(const sf_evaluator *ev, const uint8_t *cards, int n, uint8_t *five,
                     int *nfive)

cdef extern from "stud_fast/shuffle.h" nogil:
    int SF_SHUFFLE_MAX
    int SF_SHUFFLE_BYTES
    int sf_shuffle(uint8_t *cards, int n, const uint8_t *source)

cdef extern from "stud_fast/equity.h" nogil:
    int SF_EQUITY_MAX_PLAYERS
    int SF_E_PLAYERS
    int SF_E_TOO_MANY
    int SF_E_DECK_SHORT
    int SF_E_HUGE
    ctypedef struct sf_equity_game:
        sf_ranking ranking
        int hilo
        int cards_per_player
        sf_rank_mask wild_ranks
        int jokers
    ctypedef struct sf_equity_result:
        int players
        int exact
        uint64_t deals
        double equity[8]
        double win[8]
        double tie[8]
        double high[8]
        double low[8]
        double std_error[8]
    int sf_equity_exact(const sf_equity_game *game, int players, const uint8_t *known,
                        const int *known_count, const uint8_t *dead, int ndead, int threads,
                        sf_equity_result *out)
    int sf_equity_sample(const sf_equity_game *game, int players, const uint8_t *known,
                         const int *known_count, const uint8_t *dead, int ndead,
                         uint64_t samples, uint64_t seed, int threads, sf_equity_result *out)
    double sf_equity_deal_count(const sf_equity_game *game, int players,
                                const int *known_count, int nunseen)
    int SF_EQUITY_BLOCK
    ctypedef struct sf_equity_tally:
        uint64_t share[8]
        uint64_t share_sq[8]
        uint64_t high[8]
        uint64_t low[8]
        uint64_t win[8]
        uint64_t tie[8]
        uint64_t deals
    int sf_equity_sample_into(const sf_equity_game *game, int players, const uint8_t *known,
                              const int *known_count, const uint8_t *dead, int ndead,
                              uint64_t first_sample, uint64_t samples, uint64_t seed,
                              int threads, sf_equity_tally *tally)
    int sf_equity_exact_plan(const sf_equity_game *game, int players, const uint8_t *known,
                             const int *known_count, const uint8_t *dead, int ndead,
                             uint64_t *units, uint64_t *deals)
    int sf_equity_exact_into(const sf_equity_game *game, int players, const uint8_t *known,
                             const int *known_count, const uint8_t *dead, int ndead,
                             uint64_t first_unit, uint64_t units, int threads,
                             sf_equity_tally *tally)
    void sf_equity_finish(const sf_equity_tally *tally, int players, int exact,
                          sf_equity_result *out)

cdef extern from "stud_fast/equity_count.h" nogil:
    int SF_E_NOT_COUNTED
    int sf_equity_count_into(const sf_equity_game *game, int players, const uint8_t *known,
                             const int *known_count, const uint8_t *dead, int ndead,
                             int threads, sf_equity_tally *tally)

cdef extern from "stud_fast/range_equity.h" nogil:
    int SF_RANGE_CHUNK
    int SF_E_RANGE
    int SF_E_RANGE_EMPTY
    int SF_E_RANGE_TOO_MANY
    ctypedef struct sf_range:
        int holdings
        int cards
        const uint8_t *card_ids
        const double *weights
    ctypedef struct sf_range_spot:
        pass
    ctypedef struct sf_range_sums:
        uint64_t deals
    int sf_range_spot_new(const sf_equity_game *game, int players, const uint8_t *known,
                          const int *known_count, const sf_range *ranges, const uint8_t *dead,
                          int ndead, sf_range_spot **out)
    void sf_range_spot_free(sf_range_spot *spot)
    uint64_t sf_range_spot_combos(const sf_range_spot *spot)
    int sf_range_exact_into(const sf_range_spot *spot, uint64_t first, uint64_t count,
                            int threads, sf_range_sums *sums)
    void sf_range_exact_finish(const sf_range_spot *spot, const sf_range_sums *sums,
                               sf_equity_result *out)
    int sf_range_draw_start(sf_range_spot *spot, uint64_t seed)
    int sf_range_draw_more(sf_range_spot *spot, uint64_t count)
    int sf_range_draw(sf_range_spot *spot, uint64_t samples, uint64_t seed)
    int sf_range_sample_into(const sf_range_spot *spot, uint64_t first, uint64_t count,
                             int threads, sf_equity_tally *tally)

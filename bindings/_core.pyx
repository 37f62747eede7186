# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Low-level bindings of the stud_fast C evaluator (see stud_fast.evaluation for the facade).

Rankings are passed as integers (0 high, 1 short32, 2 razz, 3 low8) and wild ranks as a 13-bit
mask over rank indices (bit 0 the deuce ... bit 12 the ace).
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset

cimport csf

from stud_fast.errors import CardError

SF_JOKER_ID = csf.SF_JOKER
NUM_RANKINGS = csf.SF_NUM_RANKINGS

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


cdef str _card_text(int card):
    if card == csf.SF_JOKER:
        return "Xx"
    if 0 <= card < csf.SF_JOKER:
        return _RANKS[card >> 2] + _SUITS[card & 3]
    return str(card)


cdef class Evaluator:
    """A ranking bound to a wild-rank mask: a 4 KiB card-key table built once, shared by calls."""
    cdef csf.sf_evaluator *_own
    cdef const csf.sf_evaluator *ev
    cdef readonly int ranking
    cdef readonly unsigned wild_mask

    def __cinit__(self, int ranking, unsigned wild_mask):
        self._own = NULL
        if ranking < 0 or ranking >= csf.SF_NUM_RANKINGS:
            raise ValueError(f"unknown ranking index {ranking}")
        if wild_mask >> 13:
            raise ValueError(f"wild-rank mask {wild_mask:#x} has bits above the ace")
        self.ranking = ranking
        self.wild_mask = wild_mask
        if wild_mask == 0:
            self.ev = csf.sf_default_evaluator(<csf.sf_ranking>ranking)
        else:
            self._own = <csf.sf_evaluator *>malloc(sizeof(csf.sf_evaluator))
            if self._own == NULL:
                raise MemoryError()
            csf.sf_evaluator_init(self._own, <csf.sf_ranking>ranking, <csf.sf_rank_mask>wild_mask)
            self.ev = self._own

    def __dealloc__(self):
        if self._own != NULL:
            free(self._own)

    def __repr__(self):
        return f"Evaluator(ranking={self.ranking}, wild_mask={self.wild_mask:#x})"


cdef dict _evaluators = {}


cpdef Evaluator get_evaluator(int ranking, unsigned wild_mask):
    """The shared Evaluator for a ranking index and wild mask (built on first use)."""
    key = (ranking, wild_mask)
    ev = _evaluators.get(key)
    if ev is None:
        ev = Evaluator(ranking, wild_mask)
        _evaluators[key] = ev
    return <Evaluator>ev


cdef str _problem(int status, const uint8_t *cards, int n, int ranking):
    """A message naming what is wrong with a hand the C core rejected."""
    cdef int i, j
    if status == csf.SF_E_COUNT:
        return f"a hand must hold 1 to 7 cards, got {n}"
    if status == csf.SF_E_CARD:
        for i in range(n):
            if cards[i] > csf.SF_JOKER:
                return f"card id {cards[i]} is out of range (0..51, 52 for a joker)"
    if status == csf.SF_E_DECK:
        for i in range(n):
            if cards[i] < 20:
                return (f"card {_card_text(cards[i])} is not in the 32-card deck "
                        "(ranking short32 uses sevens to aces)")
    if status == csf.SF_E_DUPLICATE:
        for i in range(n):
            for j in range(i + 1, n):
                if cards[i] == cards[j] and cards[i] != csf.SF_JOKER:
                    return f"duplicate card {_card_text(cards[i])}"
    return (<bytes>csf.sf_status_message(status)).decode()


cdef inline int _to_card(object c) except -1:
    cdef long v
    try:
        v = c
    except (TypeError, OverflowError):
        raise TypeError(f"card ids must be integers, got {c!r}") from None
    if v < 0 or v > csf.SF_JOKER:
        raise CardError(f"card id {c} is out of range (0..51, 52 for a joker)")
    return <int>v


def eval_ids(cards, int ranking=0, unsigned wild_mask=0):
    """Value of a hand given as a sequence of 1 to 7 card ids.

    >>> eval_ids([51, 47, 43, 39, 35])  # As Ks Qs Js Ts, a royal flush
    10111
    """
    cdef Evaluator ev = get_evaluator(ranking, wild_mask)
    cdef uint8_t buf[7]
    cdef int n = len(cards)
    cdef int i, status
    cdef csf.sf_value out = 0
    if n < 1 or n > 7:
        raise CardError(f"a hand must hold 1 to 7 cards, got {n}")
    for i in range(n):
        buf[i] = <uint8_t>_to_card(cards[i])
    status = csf.sf_eval(ev.ev, buf, n, &out)
    if status != csf.SF_OK:
        raise CardError(_problem(status, buf, n, ranking))
    return out


cdef inline object _high_value(uint8_t *buf, int n):
    cdef csf.sf_value out = 0
    cdef int status = csf.sf_eval(csf.sf_default_evaluator(csf.SF_RANKING_HIGH), buf, n, &out)
    if status != csf.SF_OK:
        raise CardError(_problem(status, buf, n, 0))
    return out


def evaluate7(a, b, c, d, e, f, g):
    """Value of seven card ids under the standard high ranking: the fastest scalar call.

    >>> evaluate7(51, 47, 43, 39, 35, 0, 1) == evaluate5(51, 47, 43, 39, 35)
    True
    """
    cdef uint8_t buf[7]
    buf[0] = <uint8_t>_to_card(a)
    buf[1] = <uint8_t>_to_card(b)
    buf[2] = <uint8_t>_to_card(c)
    buf[3] = <uint8_t>_to_card(d)
    buf[4] = <uint8_t>_to_card(e)
    buf[5] = <uint8_t>_to_card(f)
    buf[6] = <uint8_t>_to_card(g)
    return _high_value(buf, 7)


def evaluate5(a, b, c, d, e):
    """Value of five card ids under the standard high ranking."""
    cdef uint8_t buf[5]
    buf[0] = <uint8_t>_to_card(a)
    buf[1] = <uint8_t>_to_card(b)
    buf[2] = <uint8_t>_to_card(c)
    buf[3] = <uint8_t>_to_card(d)
    buf[4] = <uint8_t>_to_card(e)
    return _high_value(buf, 5)


def eval_batch(const uint8_t[:, ::1] hands, uint16_t[::1] out, int ranking=0,
               unsigned wild_mask=0, int threads=1):
    """Evaluate every row of a C-contiguous uint8 array [N, k] into out[N], without the GIL.

    Up to `threads` threads share a large array. Raises CardError naming the first bad hand;
    `out` is filled for every valid hand.
    """
    cdef Evaluator ev = get_evaluator(ranking, wild_mask)
    cdef size_t n = hands.shape[0]
    cdef int k = <int>hands.shape[1]
    cdef size_t bad = 0
    cdef int status
    if out.shape[0] != hands.shape[0]:
        raise ValueError(f"output has {out.shape[0]} slots for {hands.shape[0]} hands")
    if k < 1 or k > 7:
        raise ValueError(f"hands must have 1 to 7 columns (cards), got {k}")
    if n == 0:
        return
    with nogil:
        status = csf.sf_eval_batch_threads(ev.ev, &hands[0, 0], n, k, &out[0], &bad, threads)
    if status != csf.SF_OK:
        raise CardError(f"hand {bad} ({' '.join(_card_text(hands[bad, i]) for i in range(k))}): "
                        + _problem(status, &hands[bad, 0], k, ranking))


def trusted_batch_for_benchmark(const uint8_t[:, ::1] hands, uint16_t[::1] out):
    """The C core's unchecked batch (sf_eval_batch_trusted, high ranking), for the benchmark's
    "C core" row only; not part of the public API. It checks nothing: any bytes are safe to
    read, but a bad hand gets an unspecified value.
    """
    cdef const csf.sf_evaluator *ev = csf.sf_default_evaluator(csf.SF_RANKING_HIGH)
    cdef size_t n = hands.shape[0]
    cdef int k = <int>hands.shape[1]
    if out.shape[0] != hands.shape[0] or k < 1 or k > 7:
        raise ValueError("trusted_batch_for_benchmark: [N, 1..7] hands and N outputs")
    if n == 0:
        return
    with nogil:
        csf.sf_eval_batch_trusted(ev, &hands[0, 0], n, k, &out[0])


def category_index(int ranking, unsigned value):
    """Category number (0 none, 1 high card ... 10 five of a kind) of a value."""
    if ranking < 0 or ranking >= csf.SF_NUM_RANKINGS:
        raise ValueError(f"unknown ranking index {ranking}")
    if value > csf.sf_max_value(<csf.sf_ranking>ranking):
        raise ValueError(f"value {value} is above the ranking's largest value")
    return <int>csf.sf_category_of(<csf.sf_ranking>ranking, <csf.sf_value>value)


def category_name(int category):
    """Name of a category number."""
    return (<bytes>csf.sf_category_name(<csf.sf_category>category)).decode()


def max_value(int ranking):
    """The largest value (the strongest hand) of a ranking."""
    if ranking < 0 or ranking >= csf.SF_NUM_RANKINGS:
        raise ValueError(f"unknown ranking index {ranking}")
    return <int>csf.sf_max_value(<csf.sf_ranking>ranking)


cdef class Hand:
    """Incremental hand: add and remove card ids, read the value at any time.

    ``ranking`` and ``wild_ranks`` take the names evaluate() takes, or the core's numbers.

    >>> h = Hand("high")
    >>> for c in (51, 50, 47): h.add(c)
    >>> h.remove(47); len(h)
    2
    """
    cdef csf.sf_hand h
    cdef Evaluator ev
    cdef int jokers

    def __cinit__(self, ranking=0, wild_ranks=0):
        if not (type(ranking) is int and type(wild_ranks) is int):
            from stud_fast.evaluation import _ranking_and_mask
            parsed, wild_ranks = _ranking_and_mask(ranking, wild_ranks)
            ranking = parsed.number
        self.ev = get_evaluator(ranking, wild_ranks)
        self.jokers = 0
        csf.sf_hand_clear(&self.h)

    def add(self, card):
        """Add a card id; raises CardError for a card already held or a full hand."""
        cdef int c = _to_card(card)
        cdef csf.sf_hand trial = self.h
        if csf.sf_hand_count(&self.h) >= 7:
            raise CardError("a hand holds at most 7 cards")
        csf.sf_hand_add(&trial, self.ev.ev, <unsigned>c)
        cdef int status = csf.sf_hand_status(&trial)
        if status == csf.SF_E_DUPLICATE:
            raise CardError(f"duplicate card {_card_text(c)}")
        if status == csf.SF_E_CARD:
            raise CardError(f"card {_card_text(c)} is not in this ranking's deck")
        self.h = trial
        self.jokers += c == csf.SF_JOKER

    def remove(self, card):
        """Remove a card id previously added (the caller keeps track of what it added)."""
        cdef int c = _to_card(card)
        cdef csf.sf_hand trial = self.h
        csf.sf_hand_remove(&trial, self.ev.ev, <unsigned>c)
        if c == csf.SF_JOKER:
            held = self.jokers > 0
        else:
            held = csf.sf_hand_count(&self.h) > 0 and (trial.bits & ~self.h.bits) == 0
        if not held:
            raise CardError(f"card {_card_text(c)} is not in the hand")
        self.h = trial
        self.jokers -= c == csf.SF_JOKER

    def value(self):
        """Value of the cards held (1 to 7)."""
        cdef int status = csf.sf_hand_status(&self.h)
        if status != csf.SF_OK:
            raise CardError((<bytes>csf.sf_status_message(status)).decode())
        return csf.sf_hand_value(self.ev.ev, &self.h)

    def __len__(self):
        return csf.sf_hand_count(&self.h)


_EQUITY_ERRORS = {
    -20: "equity needs 2 to 8 players",
    -21: "a player holds more cards than the game deals",
    -22: "the deck cannot give every player the cards they still need",
}


cdef struct _Spot:
    csf.sf_equity_game game
    uint8_t known[8 * 7]
    int counts[8]
    uint8_t dead[64]
    int players
    int ndead


cdef int _spot(_Spot *s, int ranking, bint hilo, int cards_per_player, list known, list dead,
               unsigned wild_mask, int jokers) except -1:
    """Fill *s from Python lists (the arguments shared by every equity call)."""
    cdef int p, i
    s.players = len(known)
    s.ndead = len(dead)
    if s.players < 2 or s.players > 8:
        raise ValueError(_EQUITY_ERRORS[-20] + f", got {s.players}")
    if s.ndead > 52:
        raise ValueError(f"{s.ndead} dead cards is more than a deck")
    for p in range(s.players):
        if len(known[p]) > 7:
            raise ValueError(_EQUITY_ERRORS[-21])
        s.counts[p] = len(known[p])
        for i in range(s.counts[p]):
            s.known[p * 7 + i] = <uint8_t>_to_card(known[p][i])
    for i in range(s.ndead):
        s.dead[i] = <uint8_t>_to_card(dead[i])
    s.game.ranking = <csf.sf_ranking>ranking
    s.game.hilo = hilo
    s.game.cards_per_player = cards_per_player
    s.game.wild_ranks = <csf.sf_rank_mask>wild_mask
    s.game.jokers = jokers
    return 0


cdef int _check_equity(int status) except -1:
    if status != csf.SF_OK:
        if status in _EQUITY_ERRORS:
            raise ValueError(_EQUITY_ERRORS[status])
        raise CardError((<bytes>csf.sf_status_message(status)).decode())
    return 0


cdef dict _result(const csf.sf_equity_result *out, int players):
    return {
        "deals": out.deals, "exact": bool(out.exact),
        "equity": [out.equity[p] for p in range(players)],
        "win": [out.win[p] for p in range(players)],
        "tie": [out.tie[p] for p in range(players)],
        "high": [out.high[p] for p in range(players)],
        "low": [out.low[p] for p in range(players)],
        "std_error": [out.std_error[p] for p in range(players)],
    }


def equity_raw(int ranking, bint hilo, int cards_per_player, list known, list dead,
               bint exact, uint64_t samples=0, uint64_t seed=0, int threads=1,
               unsigned wild_mask=0, int jokers=0, progress=None):
    """Equity of a stud spot in C (see stud_fast.equity for the facade).

    ``known`` is a list of per-player lists of card ids, ``dead`` a list of ids. Returns a dict
    of per-player lists (equity, win, tie, high, low, std_error) and deals. Runs without the
    GIL.
    """
    cdef _Spot s
    cdef csf.sf_equity_result out
    cdef int status
    _spot(&s, ranking, hilo, cards_per_player, known, dead, wild_mask, jokers)
    cdef csf.sf_equity_tally tally
    cdef uint64_t done = 0, piece
    memset(&tally, 0, sizeof(tally))
    if exact:
        with nogil:
            status = csf.sf_equity_exact(&s.game, s.players, s.known, s.counts, s.dead, s.ndead,
                                         threads, &out)
    else:
        # pieces of about 2% of the run, on block boundaries, so progress can be shown
        piece = max(<uint64_t>csf.SF_EQUITY_BLOCK,
                    (samples // 50) // csf.SF_EQUITY_BLOCK * csf.SF_EQUITY_BLOCK)
        if progress is None:
            piece = samples
        status = csf.SF_OK
        while done < samples and status == csf.SF_OK:
            if piece > samples - done:
                piece = samples - done
            with nogil:
                status = csf.sf_equity_sample_into(&s.game, s.players, s.known, s.counts,
                                                   s.dead, s.ndead, done, piece, seed,
                                                   threads, &tally)
            done += piece
            if progress is not None and status == csf.SF_OK:
                progress(done, samples)
        csf.sf_equity_finish(&tally, s.players, 0, &out)
    _check_equity(status)
    return _result(&out, s.players)


#: the integer sums of an equity tally, per player (see sf_equity_tally)
TALLY_FIELDS = ("share", "share_sq", "high", "low", "win", "tie")


cdef void _tally_sums(csf.sf_equity_tally *t, uint64_t **sums):
    """The per-player arrays of *t, in the order of TALLY_FIELDS."""
    sums[0] = t.share
    sums[1] = t.share_sq
    sums[2] = t.high
    sums[3] = t.low
    sums[4] = t.win
    sums[5] = t.tie


def equity_tally(int ranking, bint hilo, int cards_per_player, list known, list dead,
                 uint64_t first_sample, uint64_t samples, uint64_t seed, int threads=1,
                 unsigned wild_mask=0, int jokers=0):
    """The integer tally of samples ``first_sample`` .. ``first_sample + samples - 1`` of the
    seed's Monte Carlo run (``first_sample`` a multiple of SF_EQUITY_BLOCK): a dict of
    per-player lists (TALLY_FIELDS) and deals. Tallies of the pieces of a run add up to the
    tally of the whole run; :func:`equity_finish` turns one into equity_raw's result.
    """
    cdef _Spot s
    cdef csf.sf_equity_tally tally
    cdef int status
    _spot(&s, ranking, hilo, cards_per_player, known, dead, wild_mask, jokers)
    memset(&tally, 0, sizeof(tally))
    with nogil:
        status = csf.sf_equity_sample_into(&s.game, s.players, s.known, s.counts, s.dead,
                                           s.ndead, first_sample, samples, seed, threads,
                                           &tally)
    _check_equity(status)
    cdef uint64_t *sums[6]
    _tally_sums(&tally, sums)
    result = {name: [sums[f][p] for p in range(s.players)]
              for f, name in enumerate(TALLY_FIELDS)}
    result["deals"] = tally.deals
    return result


def equity_finish(dict tally, int players, bint exact):
    """equity_raw's result from an integer tally (pieces added up), as the C engine ends a
    run: the same doubles as a run in one piece."""
    cdef csf.sf_equity_tally t
    cdef csf.sf_equity_result out
    cdef uint64_t *sums[6]
    cdef int f, p
    if players < 2 or players > 8:
        raise ValueError(_EQUITY_ERRORS[-20] + f", got {players}")
    memset(&t, 0, sizeof(t))
    _tally_sums(&t, sums)
    for f, name in enumerate(TALLY_FIELDS):
        for p in range(players):
            sums[f][p] = tally[name][p]
    t.deals = tally["deals"]
    csf.sf_equity_finish(&t, players, exact, &out)
    return _result(&out, players)


def equity_deal_count(int ranking, int cards_per_player, list known_counts, int nunseen):
    """How many deals an exact equity run would enumerate (a float)."""
    cdef csf.sf_equity_game game
    cdef int counts[8]
    cdef int p, players = len(known_counts)
    if players < 2 or players > 8:
        raise ValueError(_EQUITY_ERRORS[-20] + f", got {players}")
    for p in range(players):
        counts[p] = known_counts[p]
    game.ranking = <csf.sf_ranking>ranking
    game.hilo = 0
    game.cards_per_player = cards_per_player
    game.wild_ranks = 0
    game.jokers = 0
    return csf.sf_equity_deal_count(&game, players, counts, nunseen)

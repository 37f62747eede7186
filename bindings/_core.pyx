# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Low-level bindings of the stud_fast C core (see stud_fast.evaluation for the facade).

Rankings are passed as integers (0 high, 1 short32, 2 razz, 3 low8) and wild ranks as a 13-bit
mask over rank indices (bit 0 the deuce ... bit 12 the ace). Every long C call runs in bounded
pieces without the GIL, and Ctrl-C is looked for between pieces, so a KeyboardInterrupt comes
within a fraction of a second. This module depends on the lower layers only (errors, card
text, ranking names), never on the facade.
"""
from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.number cimport PyIndex_Check, PyNumber_Index
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memset

cimport csf

from stud_fast.cards import card_id, parse_rank_mask
from stud_fast.errors import CardError
from stud_fast.rankings import Ranking

SF_JOKER_ID = csf.SF_JOKER
NUM_RANKINGS = csf.SF_NUM_RANKINGS

# Rows per C batch call, and hand evaluations per C equity call and thread: tens of
# milliseconds of work, so Ctrl-C is seen well within a second.
DEF BATCH_SLICE = 1 << 22
DEF EQUITY_PIECE = 1 << 23

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"


cdef str _card_text(int card):
    if card == csf.SF_JOKER:
        return "Xx"
    if 0 <= card < csf.SF_JOKER:
        return _RANKS[card >> 2] + _SUITS[card & 3]
    return str(card)


cdef int _raise(int status, str message=None) except -1:
    """Raise the exception of a C status: CardError for bad cards and counts, ValueError for
    other bad arguments, RuntimeError for a broken invariant (a bug)."""
    if message is None:
        message = (<bytes>csf.sf_status_message(status)).decode()
    if status in (csf.SF_E_CARD, csf.SF_E_DECK, csf.SF_E_DUPLICATE, csf.SF_E_COUNT):
        raise CardError(message)
    if status == csf.SF_E_INTERNAL:
        raise RuntimeError(message)
    raise ValueError(message)


cdef class Evaluator:
    """A ranking bound to a wild-rank mask: a 4 KiB card-key table built once, shared by calls."""
    cdef csf.sf_evaluator *_own
    cdef const csf.sf_evaluator *ev
    cdef readonly int ranking
    cdef readonly unsigned wild_mask

    def __cinit__(self, int ranking, int wild_mask):
        self._own = NULL
        if ranking < 0 or ranking >= csf.SF_NUM_RANKINGS:
            raise ValueError(f"unknown ranking index {ranking}")
        if wild_mask < 0 or wild_mask >> 13:
            raise ValueError(f"wild-rank mask {wild_mask:#x} is not 13 bits, deuce to ace")
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


cpdef Evaluator get_evaluator(int ranking, int wild_mask):
    """The shared Evaluator for a ranking index and wild mask (built on first use)."""
    key = (ranking, wild_mask)
    ev = _evaluators.get(key)
    if ev is None:
        ev = Evaluator(ranking, wild_mask)
        _evaluators[key] = ev
    return <Evaluator>ev


cdef str _problem(int status, const uint8_t *cards, int n):
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
    """A card id: an int (or NumPy integer) from 0 to 52; never a bool, a float or text."""
    cdef long v
    cdef int overflow = 0
    if type(c) is not int:
        if isinstance(c, bool) or not PyIndex_Check(c):
            raise TypeError(f"card ids must be integers, got {c!r}")
        c = PyNumber_Index(c)
    v = PyLong_AsLongAndOverflow(c, &overflow)
    if overflow or v < 0 or v > csf.SF_JOKER:
        raise CardError(f"card id {c} is out of range (0..51, 52 for a joker)")
    return <int>v


cdef int _fill(object cards, uint8_t *buf) except -1:
    """Copy 1 to 7 card ids into buf; returns their number."""
    cdef int n = len(cards), i
    if n < 1 or n > 7:
        raise CardError(f"a hand must hold 1 to 7 cards, got {n}")
    for i in range(n):
        buf[i] = <uint8_t>_to_card(cards[i])
    return n


def eval_ids(cards, int ranking=0, int wild_mask=0):
    """Value of a hand given as a sequence of 1 to 7 card ids.

    >>> eval_ids([51, 47, 43, 39, 35])  # As Ks Qs Js Ts, a royal flush
    10111
    """
    cdef Evaluator ev = get_evaluator(ranking, wild_mask)
    cdef uint8_t buf[7]
    cdef int n = _fill(cards, buf)
    cdef csf.sf_value out = 0
    cdef int status = csf.sf_eval(ev.ev, buf, n, &out)
    if status != csf.SF_OK:
        _raise(status, _problem(status, buf, n))
    return out


def best_five(cards, int ranking=0, int wild_mask=0):
    """The cards a hand plays: min(n, 5) ids, wild cards replaced by what they stand for.

    >>> sorted(best_five([52, 50, 46, 42, 38]))  # Xx Ah Kh Qh Jh: the joker is the Th
    [34, 38, 42, 46, 50]
    """
    cdef Evaluator ev = get_evaluator(ranking, wild_mask)
    cdef uint8_t buf[7]
    cdef uint8_t five[5]
    cdef int n = _fill(cards, buf), nfive = 0, i
    cdef int status = csf.sf_best_five(ev.ev, buf, n, five, &nfive)
    if status != csf.SF_OK:
        _raise(status, _problem(status, buf, n))
    return tuple([five[i] for i in range(nfive)])


cdef inline object _high_value(uint8_t *buf, int n):
    cdef csf.sf_value out = 0
    cdef int status = csf.sf_eval(csf.sf_default_evaluator(csf.SF_RANKING_HIGH), buf, n, &out)
    if status != csf.SF_OK:
        _raise(status, _problem(status, buf, n))
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
    """Value of five card ids under the standard high ranking.

    >>> evaluate5(51, 47, 43, 39, 35) > evaluate5(50, 46, 42, 38, 30)
    True
    """
    cdef uint8_t buf[5]
    buf[0] = <uint8_t>_to_card(a)
    buf[1] = <uint8_t>_to_card(b)
    buf[2] = <uint8_t>_to_card(c)
    buf[3] = <uint8_t>_to_card(d)
    buf[4] = <uint8_t>_to_card(e)
    return _high_value(buf, 5)


def eval_batch(const uint8_t[:, ::1] hands, uint16_t[::1] out, int ranking=0,
               int wild_mask=0, int threads=1, bint restore=False):
    """Evaluate every row of a C-contiguous uint8 array [N, k] into out[N], without the GIL.

    Up to `threads` threads share a large array. Raises CardError naming the first bad hand;
    `out` is filled for every valid hand. The rows go to C in slices, with a look for Ctrl-C
    between them; on a KeyboardInterrupt with `restore` set, `out` is put back as it was (the
    slices it received are saved first), so it is never left half-written.
    """
    cdef Evaluator ev = get_evaluator(ranking, wild_mask)
    cdef size_t n = hands.shape[0], start = 0, size, bad = 0, first_bad = 0
    cdef int k = <int>hands.shape[1]
    cdef int status = csf.SF_OK, s
    cdef uint16_t *saved = NULL
    if out.shape[0] != hands.shape[0]:
        raise ValueError(f"output has {out.shape[0]} slots for {hands.shape[0]} hands")
    if k < 1 or k > 7:
        raise ValueError(f"hands must have 1 to 7 columns (cards), got {k}")
    if restore and n > BATCH_SLICE:
        saved = <uint16_t *>malloc(n * sizeof(uint16_t))
        if saved == NULL:
            raise MemoryError()
    try:
        while start < n:
            size = min(<size_t>BATCH_SLICE, n - start)
            if saved != NULL:
                memcpy(saved + start, &out[start], size * sizeof(uint16_t))
            with nogil:
                s = csf.sf_eval_batch_threads(ev.ev, &hands[start, 0], size, k, &out[start],
                                              &bad, threads)
            if s != csf.SF_OK and status == csf.SF_OK:
                status, first_bad = s, start + bad
            start += size
            if start < n:
                PyErr_CheckSignals()
    except BaseException:
        if saved != NULL:
            memcpy(&out[0], saved, start * sizeof(uint16_t))
        raise
    finally:
        free(saved)
    if status != csf.SF_OK:
        _raise(status, f"hand {first_bad} "
               f"({' '.join(_card_text(hands[first_bad, i]) for i in range(k))}): "
               + _problem(status, &hands[first_bad, 0], k))


def trusted_batch_for_benchmark(const uint8_t[:, ::1] hands, uint16_t[::1] out):
    """The C core's unchecked batch (sf_eval_batch_trusted, high ranking), for the benchmark's
    "C core" row only; not part of the public API. It checks nothing: any bytes are safe to
    read, but a bad hand gets an unspecified value.
    """
    cdef const csf.sf_evaluator *ev = csf.sf_default_evaluator(csf.SF_RANKING_HIGH)
    cdef size_t n = hands.shape[0], start = 0, size
    cdef int k = <int>hands.shape[1]
    if out.shape[0] != hands.shape[0] or k < 1 or k > 7:
        raise ValueError("trusted_batch_for_benchmark: [N, 1..7] hands and N outputs")
    while start < n:
        size = min(<size_t>BATCH_SLICE, n - start)
        with nogil:
            csf.sf_eval_batch_trusted(ev, &hands[start, 0], size, k, &out[start])
        start += size
        if start < n:
            PyErr_CheckSignals()


def value_name(int ranking, int value):
    """The category name of a value as the C core gives it ("seven low" for an unpaired razz
    hand); ValueError for a value the ranking does not have.

    >>> value_name(2, eval_ids([22, 18, 10, 3, 48], 2))  # 7h 6c 4d 2s Ac under razz
    'seven low'
    """
    if ranking < 0 or ranking >= csf.SF_NUM_RANKINGS:
        raise ValueError(f"unknown ranking index {ranking}")
    if value < 0 or value > csf.sf_max_value(<csf.sf_ranking>ranking):
        raise ValueError(f"value {value} is not a value of the ranking (0 to "
                         f"{csf.sf_max_value(<csf.sf_ranking>ranking)})")
    return (<bytes>csf.sf_value_name(<csf.sf_ranking>ranking, <csf.sf_value>value)).decode()


def shuffle(cards, bytes source):
    """A shuffled list of ``cards`` (ints 0 to 255, at most 64 of them) by the 48 bytes of
    ``source``: the deck's shuffle of docs/rules.md E4, whose algorithm
    ``stud_fast/shuffle.h`` states.

    >>> shuffle([0, 1, 2], bytes(48))  # every digit 0: each position swaps with the first
    [1, 2, 0]
    """
    cdef uint8_t buf[64]
    cdef Py_ssize_t n = len(cards), i
    if n > csf.SF_SHUFFLE_MAX:
        raise ValueError(f"a shuffle takes at most {csf.SF_SHUFFLE_MAX} cards, got {n}")
    if len(source) != csf.SF_SHUFFLE_BYTES:
        raise ValueError(f"a shuffle reads {csf.SF_SHUFFLE_BYTES} bytes of randomness, "
                         f"got {len(source)}")
    for i in range(n):
        c = cards[i]
        if type(c) is not int or not 0 <= c <= 255:
            raise ValueError(f"a card to shuffle is an int 0 to 255, got {c!r}")
        buf[i] = <uint8_t>c
    csf.sf_shuffle(buf, <int>n, <const uint8_t *><char *>source)
    return [buf[i] for i in range(n)]


def batch_kernel():
    """The build of the batch kernel this process runs: "avx512", "avx2" or "portable"."""
    return csf.sf_batch_kernel().decode("ascii")


def max_value(int ranking):
    """The largest value (the strongest hand) of a ranking."""
    if ranking < 0 or ranking >= csf.SF_NUM_RANKINGS:
        raise ValueError(f"unknown ranking index {ranking}")
    return <int>csf.sf_max_value(<csf.sf_ranking>ranking)


cdef class Hand:
    """Incremental hand: add and remove cards, read the value at any time.

    ``ranking`` and ``wild_ranks`` take the names evaluate() takes, or the core's numbers.
    Cards are ids or text such as ``"As"``.

    >>> h = Hand("high")
    >>> for c in (51, "Ah", 47): h.add(c)
    >>> h.remove("Ks"); len(h)
    2
    """
    cdef csf.sf_hand h
    cdef Evaluator ev
    cdef int jokers

    def __cinit__(self, ranking="high", wild_ranks=""):
        cdef int number, mask
        if type(ranking) is int:
            if not 0 <= ranking < csf.SF_NUM_RANKINGS:
                raise ValueError(f"unknown ranking index {ranking}")
            number = ranking
        else:
            number = Ranking.parse(ranking).number
        mask = parse_rank_mask(wild_ranks)
        self.ev = get_evaluator(number, mask)
        self.jokers = 0
        csf.sf_hand_clear(&self.h)

    cdef int _card(self, object card) except -1:
        return card_id(card) if type(card) is str else _to_card(card)

    def add(self, card):
        """Add a card; raises CardError for a card already held, one outside the ranking's deck,
        or an eighth card, and leaves the hand as it was."""
        cdef int c = self._card(card)
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
        """Remove a card held; raises CardError for one not held and leaves the hand as it was."""
        cdef int c = self._card(card)
        cdef bint held
        if c == csf.SF_JOKER:
            held = self.jokers > 0
        else:
            held = (self.h.bits & self.ev.ev.bit[c]) != 0
        if not held:
            raise CardError(f"card {_card_text(c)} is not in the hand")
        csf.sf_hand_remove(&self.h, self.ev.ev, <unsigned>c)
        self.jokers -= c == csf.SF_JOKER

    def value(self):
        """Value of the cards held (1 to 7)."""
        cdef int status = csf.sf_hand_status(&self.h)
        if status != csf.SF_OK:
            _raise(status)
        return csf.sf_hand_value(self.ev.ev, &self.h)

    def __len__(self):
        return csf.sf_hand_count(&self.h)


# the equity bindings (equity.pxi: a part of this module, kept in a file of its own)
include "equity.pxi"

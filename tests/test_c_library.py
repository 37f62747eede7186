"""The installed C library, used the way a program in another language would use it.

cffi loads ``stud_fast.get_library()`` in ABI mode and learns the functions from the installed
headers ``stud_fast.get_include()/stud_fast/{cards,eval}.h`` alone: the header text is reduced to
what a C declaration parser needs (no preprocessor lines, no inline bodies) and handed to ``cdef``.
"""

from __future__ import annotations

import os
import re

import numpy as np
import cffi  # a test dependency: the foreign-caller test must run, not skip
import pytest

import stud_fast


def _declarations(path: str) -> str:
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)
    text = text.replace('extern "C" {', "")
    # drop `static inline` function definitions: they need the tables, not the ABI
    out, i = [], 0
    for m in re.finditer(r"static inline[^;{]*\{", text):
        if m.start() < i:
            continue
        out.append(text[i:m.start()])
        depth, j = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    text = "".join(out)
    # the closing brace of the extern "C" guard, alone on its line
    text = re.sub(r"^\}\s*$", "", text, flags=re.M)
    return text


@pytest.fixture(scope="module")
def lib() -> tuple:
    ffi = cffi.FFI()
    headers = os.path.join(stud_fast.get_include(), "stud_fast")
    # eval.h includes cards.h (for sf_rank_mask): declare them in that order
    ffi.cdef(_declarations(os.path.join(headers, "cards.h")))
    ffi.cdef(_declarations(os.path.join(headers, "eval.h")))
    ffi.cdef(_declarations(os.path.join(headers, "shuffle.h")))
    return ffi, ffi.dlopen(stud_fast.get_library())


def test_header_and_library_are_installed() -> None:
    assert os.path.isfile(os.path.join(stud_fast.get_include(), "stud_fast", "cards.h"))
    assert os.path.isfile(stud_fast.get_library())


def test_scalar_matches_python(lib: tuple) -> None:
    ffi, c = lib
    rng = np.random.default_rng(5)
    for ranking_name, index in (("high", 0), ("short32", 1), ("razz", 2), ("low8", 3)):
        ev = c.sf_default_evaluator(index)
        deck = np.arange(20 if ranking_name == "short32" else 0, 52)
        for n in range(1, 8):
            for _ in range(30):
                cards = rng.choice(deck, n, replace=False).astype(np.uint8)
                buf = ffi.new("uint8_t[]", cards.tolist())
                out = ffi.new("sf_value *")
                assert c.sf_eval(ev, buf, n, out) == c.SF_OK
                want = stud_fast.evaluate(cards.tolist(), ranking=ranking_name)
                assert out[0] == want.value
                category = ffi.string(c.sf_value_name(index, out[0]))
                assert category.decode() == want.category


def test_batch_and_wild_evaluator_match_python(lib: tuple) -> None:
    ffi, c = lib
    rng = np.random.default_rng(6)
    hands = np.stack([rng.permutation(52)[:7] for _ in range(500)]).astype(np.uint8)
    hands[::3, 6] = 52  # a joker in every third hand
    ev = ffi.new("sf_evaluator *")
    assert c.sf_evaluator_init(ev, 0, 1 << 7) == c.SF_OK  # nines wild
    out = np.zeros(len(hands), dtype=np.uint16)
    bad = ffi.new("size_t *")
    status = c.sf_eval_batch(ev, ffi.from_buffer("uint8_t[]", hands), len(hands), 7,
                             ffi.cast("sf_value *", ffi.from_buffer(out)), bad)
    assert status == c.SF_OK
    assert out.tolist() == stud_fast.evaluate_batch(hands, wild_ranks="9").tolist()


def test_shuffle_deals_the_engines_cards(lib: tuple) -> None:
    """A foreign caller that hashes a seed as E4 says gets the order StudHand deals from."""
    import hashlib
    from stud_fast.table import StudHand
    from stud_fast.variants import GameConfig

    ffi, c = lib
    for seed in range(20):
        hand = StudHand(GameConfig(variant="seven_card_stud", ante=1, small_bet=2),
                        stacks=[50] * 4, seed=seed)
        cards = ffi.new("uint8_t[]", list(range(52)))
        source = hashlib.blake2b(str(seed).encode(), digest_size=48).digest()
        assert c.sf_shuffle(cards, 52, source) == 0
        assert tuple(cards) == tuple(hand.deck)
    assert c.sf_shuffle(cards, 65, bytes(48)) == -1
    assert c.sf_shuffle(cards, -1, bytes(48)) == -1


def test_errors_are_status_codes(lib: tuple) -> None:
    ffi, c = lib
    ev = c.sf_default_evaluator(0)
    out = ffi.new("sf_value *")
    assert c.sf_eval(ev, ffi.new("uint8_t[]", [51, 51, 3]), 3, out) == c.SF_E_DUPLICATE
    assert c.sf_eval(ev, ffi.new("uint8_t[]", [200, 1]), 2, out) == c.SF_E_CARD
    assert c.sf_eval(ev, ffi.new("uint8_t[]", [1]), 0, out) == c.SF_E_COUNT
    assert c.sf_eval(ev, ffi.NULL, 3, out) == c.SF_E_ARGUMENT
    assert c.sf_default_evaluator(9) == ffi.NULL
    assert ffi.string(c.sf_status_message(c.SF_E_DUPLICATE)) == b"duplicate card"


def test_accumulator_functions(lib: tuple) -> None:
    ffi, c = lib
    hand = ffi.new("sf_hand *")
    assert c.sf_hand_status(hand) == c.SF_E_COUNT  # zeroed memory is not a cleared hand


def test_category_names_are_the_c_cores(lib: tuple) -> None:
    """Python shows the C core's names: CATEGORIES by category number, and the names of
    values (lows under razz and low8 by their top card) through sf_value_name."""
    ffi, c = lib
    assert stud_fast.CATEGORIES == tuple(ffi.string(c.sf_category_name(i)).decode()
                                         for i in range(len(stud_fast.CATEGORIES)))
    for index, ranking in enumerate(("high", "short32", "razz", "low8")):
        for value in range(0, stud_fast.max_value(ranking) + 1, 7):
            name = ffi.string(c.sf_value_name(index, value)).decode()
            assert stud_fast.category_of(value, ranking) == name

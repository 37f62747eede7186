"""Bad input gets a clear error, never a crash or a silent wrong answer."""

from __future__ import annotations

import numpy as np
import pytest

import stud_fast
from stud_fast import CardError, evaluate, evaluate_batch


@pytest.mark.parametrize("cards, message", [
    ("As Zz", "unknown card 'Zz'"),
    ("As 1s", "unknown card '1s'"),
    ("As As", "duplicate card As"),
    ("", "1 to 7 cards, got 0"),
    ("2c 3c 4c 5c 6c 7c 8c 9c", "1 to 7 cards, got 8"),
    ([51, 53], "card id 53 is out of range"),
    ([51, -1], "card id -1 is out of range"),
    ([51, 2 ** 70], "out of range"),
])
def test_bad_cards(cards: object, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate(cards)  # type: ignore[arg-type]


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


def test_wrong_card_types() -> None:
    with pytest.raises(TypeError):
        evaluate([51, 2.5])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        evaluate(12345)  # type: ignore[arg-type]


def test_D2_short32_rejects_low_cards() -> None:
    with pytest.raises(CardError, match="not in the 32-card deck"):
        evaluate("As Ks 6d", ranking="short32")


def test_bad_ranking_and_wilds() -> None:
    with pytest.raises(ValueError, match="unknown ranking"):
        evaluate("As", ranking="omaha")
    with pytest.raises(CardError, match="unknown rank 'Z'"):
        evaluate("As", wild_ranks="Z")


def test_jokers_may_repeat() -> None:
    assert evaluate("Xx Xx Xx Xx Xx").category == "five of a kind"


def test_batch_dtype_shape_and_contiguity() -> None:
    good = np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)
    with pytest.raises(TypeError, match="dtype uint8"):
        evaluate_batch(good.astype(np.int64))
    with pytest.raises(TypeError, match="numpy.ndarray"):
        evaluate_batch([[51, 47, 43, 39, 35]])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="2-D"):
        evaluate_batch(good[0])
    with pytest.raises(ValueError, match="1 to 7 cards per row"):
        evaluate_batch(np.zeros((3, 8), dtype=np.uint8))
    with pytest.raises(ValueError, match="1 to 7 cards per row"):
        evaluate_batch(np.zeros((3, 0), dtype=np.uint8))
    assert evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
    # non-contiguous input is copied, not misread
    wide = np.array([[51, 0, 47, 0, 43, 0, 39, 0, 35, 0]], dtype=np.uint8)
    assert evaluate_batch(wide[:, ::2]).tolist() == evaluate_batch(good).tolist()
    fortran = np.asfortranarray(np.vstack([good, good[:, ::-1]]))
    assert evaluate_batch(fortran).tolist() == [evaluate_batch(good)[0]] * 2


def test_batch_names_the_bad_hand() -> None:
    hands = np.array([[51, 47, 43, 39, 35], [1, 1, 2, 3, 4], [60, 1, 2, 3, 4]], dtype=np.uint8)
    with pytest.raises(CardError, match=r"hand 1 \(2d 2d 2h 2s 3c\): duplicate card 2d"):
        evaluate_batch(hands)
    with pytest.raises(CardError, match="hand 0 .*card id 60 is out of range"):
        evaluate_batch(hands[2:])
    with pytest.raises(CardError, match="not in the 32-card deck"):
        evaluate_batch(hands[:1] - 32, "short32")


def test_every_byte_value_is_safe() -> None:
    """No id the dtype can hold crashes the core: each bad one is reported."""
    for bad in range(53, 256):
        hands = np.array([[0, 1, 2, 3, bad]], dtype=np.uint8)
        with pytest.raises(CardError, match=f"card id {bad}"):
            evaluate_batch(hands)


def test_every_byte_value_is_safe_in_long_batches() -> None:
    """The same in batches long enough for the vector loop, at every position of a block."""
    rng = np.random.default_rng(3)
    base = np.argsort(rng.random((100, 52)), axis=1)[:, :7].astype(np.uint8)
    for bad in range(53, 256):
        hands = base.copy()
        row, col = int(rng.integers(0, 100)), int(rng.integers(0, 7))
        hands[row, col] = bad
        with pytest.raises(CardError, match=f"hand {row} .*card id {bad}"):
            evaluate_batch(hands)


def test_batch_threads_give_one_answer() -> None:
    """``threads`` changes who does the work, never the values or the first bad hand."""
    rng = np.random.default_rng(7)
    hands = np.argsort(rng.random((70_000, 52)), axis=1)[:, :7].astype(np.uint8)
    one = evaluate_batch(hands, threads=1)
    expected = [evaluate(hands[i].tolist()).value for i in range(0, 70_000, 997)]
    assert one[::997].tolist() == expected
    for threads in (None, 2, 3, 64, 1000):
        assert np.array_equal(evaluate_batch(hands, threads=threads), one)
    hands[50_001, 6] = hands[50_001, 2]  # a duplicate in a late slice ...
    hands[60_000, 0] = 99  # ... before a bad id in a later one: the first one is named
    for threads in (1, 2, 4):
        with pytest.raises(CardError, match=r"hand 50001 .*duplicate card"):
            evaluate_batch(hands, threads=threads)


def test_batch_threads_argument() -> None:
    good = np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)
    with pytest.raises(ValueError, match="threads must be at least 1"):
        evaluate_batch(good, threads=0)
    for wrong in ("2", 2.0, True):
        with pytest.raises(TypeError, match="threads must be an int or None"):
            evaluate_batch(good, threads=wrong)  # type: ignore[arg-type]


def test_batch_into_out() -> None:
    hands = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8)
    out = np.zeros(2, dtype=np.uint16)
    assert evaluate_batch(hands, out=out) is out
    assert out.tolist() == [evaluate(h.tolist()).value for h in hands]
    with pytest.raises(TypeError, match="dtype uint16"):
        evaluate_batch(hands, out=np.zeros(2, dtype=np.int64))
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        evaluate_batch(hands, out=np.zeros(3, dtype=np.uint16))
    with pytest.raises(ValueError, match="contiguous"):
        evaluate_batch(hands, out=np.zeros(4, dtype=np.uint16)[::2])
    frozen = np.zeros(2, dtype=np.uint16)
    frozen.flags.writeable = False
    with pytest.raises(ValueError, match="writeable"):
        evaluate_batch(hands, out=frozen)


def test_values_of_different_rankings_do_not_compare() -> None:
    with pytest.raises(TypeError):
        _ = evaluate("As Ks", ranking="high") < evaluate("As Ks", ranking="razz")


def test_accumulator_errors() -> None:
    h = stud_fast.Hand()
    h.add(51)
    with pytest.raises(CardError, match="duplicate card As"):
        h.add(51)
    with pytest.raises(CardError, match="not in the hand"):
        h.remove(50)
    with pytest.raises(CardError, match="not in the hand"):
        h.remove(52)
    assert len(h) == 1 and h.value() == evaluate("As").value
    for c in range(6):
        h.add(c)
    with pytest.raises(CardError, match="at most 7"):
        h.add(10)

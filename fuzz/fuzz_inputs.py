"""Coverage-guided fuzzing (atheris, libFuzzer) of what a server reads from outside.

    pip install atheris
    python fuzz/fuzz_inputs.py saved -max_total_time=600     # StudHand.from_json
    python fuzz/fuzz_inputs.py phh -max_total_time=600       # PHH text: loads + replay
    python fuzz/fuzz_inputs.py batch -max_total_time=600     # raw bytes as a batch of hands

Everything after the target's name goes to libFuzzer (``-runs=N``, ``-max_total_time=S``,
``-jobs=N``, a corpus folder ...). The harness starts libFuzzer on a seed corpus it writes into
a temporary folder: saved hands of every variant cut off at several points, PHH files of
complete hands of every variant, and valid batches of every hand size. The Python layer is
instrumented, so libFuzzer steers towards new branches of the parsers and the engine. Byte
mutations alone rarely get past the JSON and TOML parsers, so most mutations of a saved hand
replace a value somewhere in its JSON structure, and most of a hand history drop, repeat, swap
or edit its action lines; the rest are libFuzzer's own byte mutations.

A finding (libFuzzer stops and writes the input as ``crash-*``) is any of:

- an exception that is not one of the library's ``ValueError`` / ``TypeError`` subclasses, or a
  crash of the C core;
- an accepted saved hand or hand history that breaks the engine's promises: chips created or
  lost (E1), a card dealt twice, or a hand that cannot be played to its end;
- a batch whose values differ from the one-hand evaluator's.

The hypothesis tests (``tests/test_saved.py``, ``tests/test_phh_integrity.py``) run mutations of
the same kind on every ``pytest`` run; this harness is the long, coverage-guided search.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from typing import Any, Callable, Optional

import atheris

import numpy as np

with atheris.instrument_imports(include=["stud_fast"]):  # our code, not numpy's or the stdlib's
    import stud_fast
    from stud_fast.bots import RandomBot, play
    from stud_fast.errors import StudFastError
    from stud_fast.history import dumps, loads, replay, to_phh
    from stud_fast.table import StudHand
    from stud_fast.variants import VARIANTS, GameConfig

#: the errors a caller is promised for bad input: the library's, as ValueError or TypeError
_EXPECTED = (StudFastError, ValueError, TypeError)
_RANKINGS = ("high", "short32", "razz", "low8")
_WILDS = ("", "9", "3", "A2345")
_RANDOM_BOT = RandomBot()


def _random_step(hand: StudHand, rng: random.Random) -> None:
    """One step of a hand: the dealer's operation when one is due, else the random bot's
    decision (a Mexican stud turn-up picks a random down card)."""
    if hand.dealer_due:
        getattr(hand, hand.dealer_due)()
        return
    seat = hand.actor
    assert seat is not None
    play(hand, _RANDOM_BOT.choose(hand.seat_view(seat), rng))


def _played(variant: str, seed: int, steps: int) -> StudHand:
    hand = StudHand(GameConfig(variant=variant, ante=1, bring_in=1, small_bet=4),
                    stacks=[40, 25, 60, 9][: 3 + seed % 2], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        _random_step(hand, rng)
    return hand


def _plays_to_its_end(hand: StudHand) -> None:
    """E1 and distinct cards after every step, and the hand reaches its end."""
    rng = random.Random(0)
    total = sum(hand.starting_stacks)
    for _ in range(10_000):
        in_play = 0 if hand.is_over else hand.pot_total
        if sum(hand.stacks) + in_play != total:
            raise AssertionError(f"chips: {sum(hand.stacks)} + {in_play} != {total}")
        dealt = [c for held in hand.cards for c, _ in held] + hand.community
        if len(dealt) != len(set(dealt)):
            raise AssertionError(f"a card dealt twice: {sorted(dealt)}")
        if hand.is_over:
            return
        _random_step(hand, rng)
    raise AssertionError("the hand did not end in 10,000 steps")


# ---- structure-aware mutations ---------------------------------------------------------------

_ATOMS: list[Any] = [0, 1, -1, 2, 7, 52, 53, 255, 10**20, 2.5, True, False, None, "", "x",
                     "fold", "call", "bet", "raise", "deal", "award", "turn_up", [], {}]


def _edit_items(items: list[Any], rng: random.Random, shuffles: float,
                edit: Callable[[Any], Any]) -> None:
    """Drop, repeat or swap one item of ``items`` (each with a third of ``shuffles`` as
    chance), or else replace it by ``edit(item)``."""
    i = rng.randrange(len(items))
    roll = rng.random() / shuffles
    if roll < 1 / 3:
        del items[i]
    elif roll < 2 / 3:
        items.insert(i, items[i])
    elif roll < 1:
        j = rng.randrange(len(items))
        items[i], items[j] = items[j], items[i]
    else:
        items[i] = edit(items[i])


def _mutate_json(value: Any, rng: random.Random) -> Any:
    """A copy of ``value`` with one thing somewhere inside replaced, dropped or repeated."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        value = dict(value)
        if rng.random() < 0.1:
            del value[key]
        else:
            value[key] = _mutate_json(value[key], rng)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        value = list(value)
        _edit_items(value, rng, 0.3, lambda item: _mutate_json(item, rng))
        return value
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice((-1, 1, -value, 52))
    return rng.choice(_ATOMS)


def _mutate_saved(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    try:
        value = json.loads(data)
    except ValueError:
        value = None
    if value is None or rng.random() < 0.2:
        return atheris.Mutate(data, max_size)
    return json.dumps(_mutate_json(value, rng)).encode()[:max_size]


_TOKENS = ["p1", "p2", "p3", "p9", "d", "dh", "db", "cc", "cbr", "f", "sm", "0", "1", "5",
           "40", "-3", "2.5", "Ah", "Kd", "9c", "????", "Ah????", ""]


def _mutate_phh(data: bytes, max_size: int, seed: int) -> bytes:
    rng = random.Random(seed)
    try:
        history = loads(data.decode("utf-8"))
    except (*_EXPECTED, UnicodeDecodeError):
        history = None
    if history is None or not history.actions or rng.random() < 0.2:
        return atheris.Mutate(data, max_size)
    def edit(action: str) -> str:
        words = action.split(" ")
        words[rng.randrange(len(words))] = rng.choice(_TOKENS)
        return " ".join(words)

    _edit_items(history.actions, rng, 0.6, edit)
    return dumps(history).encode()[:max_size]


# ---- targets ---------------------------------------------------------------------------------


def saved_seeds() -> list[bytes]:
    return [_played(v, seed, steps).to_json().encode()
            for v in VARIANTS for seed in (1, 2) for steps in (0, 5, 40)]


def saved(data: bytes) -> None:
    try:
        hand = StudHand.from_json(data)
    except _EXPECTED:
        return
    _plays_to_its_end(hand)


def phh_seeds() -> list[bytes]:
    return [dumps(to_phh(_played(v, seed, 10_000))).encode()
            for v in VARIANTS for seed in (1, 2, 3)]


def phh(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    try:
        hand = replay(loads(text))
    except _EXPECTED as e:
        if "\n" in str(e):
            raise AssertionError(f"a message of more than one line: {e!r}") from None
        return
    if not hand.is_over:
        _plays_to_its_end(hand)
    elif sum(hand.stacks) != sum(hand.starting_stacks):
        raise AssertionError(f"chips: {hand.stacks} from {hand.starting_stacks}")


def batch_seeds() -> list[bytes]:
    rng = np.random.default_rng(1)
    seeds = []
    for k in range(1, 8):
        for r, ranking in enumerate(_RANKINGS):
            deck = 52 if ranking != "short32" else 32
            ids = np.argsort(rng.random((5, deck)), axis=1)[:, :k].astype(np.uint8)
            if ranking == "short32":
                ids = np.asarray(stud_fast.DECK_32, dtype=np.uint8)[ids]
            seeds.append(bytes([k - 1, r, 0, 0]) + ids.tobytes())
    return seeds


def batch(data: bytes) -> None:
    """Header: hand size, ranking, wild ranks, threads; then the card ids, raw."""
    if len(data) < 4:
        return
    k = 1 + data[0] % 7
    ranking, wild = _RANKINGS[data[1] % 4], _WILDS[data[2] % 4]
    threads = (None, 1, 2)[data[3] % 3]
    body = data[4:]
    hands = np.frombuffer(body[: len(body) - len(body) % k], dtype=np.uint8).reshape(-1, k)
    try:
        values = stud_fast.evaluate_batch(hands, ranking=ranking, wild_ranks=wild,
                                          threads=threads)
    except _EXPECTED:
        return
    for row, value in zip(hands, values):
        one = stud_fast.evaluate([int(c) for c in row], ranking=ranking, wild_ranks=wild)
        if one.value != int(value):
            raise AssertionError(f"batch {int(value)} != one hand {one.value} for {list(row)}")


Mutator = Callable[[bytes, int, int], bytes]
#: name -> (the test of one input, the seed corpus, a structure-aware mutator or None)
TARGETS: dict[str, tuple[Callable[[bytes], None], Callable[[], list[bytes]], Optional[Mutator]]] = {
    "saved": (saved, saved_seeds, _mutate_saved), "phh": (phh, phh_seeds, _mutate_phh),
    "batch": (batch, batch_seeds, None)}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: python {sys.argv[0]} {{{','.join(TARGETS)}}} [libFuzzer options]")
    target, seeds, mutator = TARGETS[sys.argv[1]]
    with tempfile.TemporaryDirectory(prefix=f"stud_fast-fuzz-{sys.argv[1]}-") as corpus:
        for i, seed in enumerate(seeds()):
            with open(os.path.join(corpus, f"seed-{i:03d}"), "wb") as f:
                f.write(seed)
        # libFuzzer reads (and adds to) the corpus folders it is given after the options
        atheris.Setup([sys.argv[0], *sys.argv[2:], corpus], target, custom_mutator=mutator)
        atheris.Fuzz()


if __name__ == "__main__":
    main()

"""Smoke test of an installed stud_fast (a wheel in a fresh environment): every layer answers
once, correctly. Run as ``python tests/smoke.py`` from anywhere but the source tree's ``src``;
exits non-zero on the first failure. cibuildwheel runs it on every wheel it builds."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys


def main() -> int:
    import numpy as np

    import stud_fast
    from stud_fast.history import dumps, loads, replay, to_phh
    from stud_fast.table import StudHand
    from stud_fast.variants import GameConfig

    where = os.path.dirname(stud_fast.__file__)
    print(f"stud_fast {stud_fast.__version__} from {where}")

    # the table server's browser page ships in the wheel (package data, not Python)
    for name in ("index.html", "app.js", "app.css"):
        assert os.path.getsize(os.path.join(where, "server", "static", name)) > 0, name

    # evaluator: scalar, ids, batch on threads, every ranking, wild cards
    v = stud_fast.evaluate("As Ks Qs Js Ts 2c 3d")
    assert v.category == "straight flush", v
    assert stud_fast.evaluate7(51, 47, 43, 39, 35, 0, 1) == v.value
    assert stud_fast.evaluate("7h 6c 4d 2s Ah Kd Kc", ranking="razz").category == "seven low"
    assert stud_fast.evaluate("Ac 9d 8h Ts 7c", ranking="short32").category == "straight"
    assert stud_fast.evaluate("9c 9d Ks Kd 2s", wild_ranks="9").category == "four of a kind"
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((50_000, 52)), axis=1)[:, :7].astype(np.uint8)
    one = stud_fast.evaluate_batch(hands, threads=1)
    two = stud_fast.evaluate_batch(hands, threads=2)
    assert (one == two).all()
    assert one[0] == stud_fast.evaluate(hands[0].tolist()).value
    for ranking in ("high", "short32", "razz", "low8"):
        stud_fast.evaluate("Ah Kh Qh Jh 9h", ranking=ranking)

    # equity: exact and sampled on two threads
    r = stud_fast.equity(["As Ah Kd 7c 2s 3d", "Qc Qd Js 9h 8h 4c"], exact=True)
    assert r.exact and abs(sum(r.equity) - 1) < 1e-9 and r.equity[0] > r.equity[1]
    s = stud_fast.equity(["As Ks Qs", "Jh Jd 9c"], exact=False, samples=20_000, seed=1,
                         threads=2)
    assert s.deals == 20_000

    # engine and hand histories
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = StudHand(cfg, stacks=[100, 100, 100], seed=5)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(next(k for k in ("bring_in", "call", "check") if k in legal))
    assert sum(hand.stacks) == 300
    history = to_phh(hand)  # seats renumbered from the dealer's left, as PHH numbers them
    assert replay(loads(dumps(history))).stacks == [int(x) for x in history.finishing_stacks or []]
    assert sorted(history.finishing_stacks or []) == sorted(hand.stacks)

    # the C library, loaded as another language would
    lib = ctypes.CDLL(stud_fast.get_library())
    lib.sf_default_evaluator.restype = ctypes.c_void_p
    lib.sf_eval.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                            ctypes.POINTER(ctypes.c_uint16)]
    out = ctypes.c_uint16()
    status = lib.sf_eval(lib.sf_default_evaluator(0), bytes([51, 47, 43, 39, 35, 0, 1]), 7,
                         ctypes.byref(out))
    assert status == 0 and out.value == v.value, (status, out.value)
    assert os.path.isfile(os.path.join(stud_fast.get_include(), "stud_fast", "eval.h"))

    # the command line
    cli = subprocess.run([sys.executable, "-m", "stud_fast", "eval", "As", "Ks", "Qs", "Js",
                          "Ts", "--json"], capture_output=True, text=True, check=True)
    assert json.loads(cli.stdout)["category"] == "straight flush"
    bad = subprocess.run([sys.executable, "-m", "stud_fast", "replay", "no-such.phh"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How strong is the suite? Plant one-line faults in the package, one at a time, run the tests of
the rule each fault breaks, and print how many faults those tests catch (the kill rate).

    python bench/mutants.py                 # every fault, two at a time
    python bench/mutants.py --only B7 S6    # the faults of some rules (or topics)
    python bench/mutants.py --list          # the faults, without running anything
    python bench/mutants.py --whole-suite   # survivors: does any other test notice them?

Each fault (:data:`FAULTS`) names the rule of ``docs/rules.md`` it breaks (or, for what no rule
covers, a topic such as ``PHH``), the module, a line's text as it stands and what it becomes,
and the tests that should notice: a ``pytest -k`` expression, by default the rule's ID as the
tests are named (``test_B7_...``, ``test_F2_B7_...``). A fault counts as caught only when one of
those tests fails: an unrelated test failing by chance does not count, nor does a test module
that the fault keeps from importing (its tests did not run). Every failing test is listed.

How it runs: the installed package (``pip install .`` first: its compiled core is used) is
copied to a scratch folder, the Python modules of this checkout are laid over it with the
modules that CMake compiles from them removed (so the checkout's code runs as Python), the one
fault is written in, and ``pytest`` runs with that folder first on ``PYTHONPATH`` (child
processes started by the tests see it too). The unchanged copy must pass every selected test
first, or the harness stops: a test that fails without a fault proves nothing.

A fault whose line is no longer in the code (after a refactor) is reported as ``stale``: move
it onto the new code rather than dropping it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "src" / "stud_fast"


@dataclass(frozen=True)
class Fault:
    """One planted fault: in ``module`` (a path inside the package), the text ``old`` (found
    exactly once) becomes ``new``; it breaks ``rule``, whose tests ``tests`` (a ``pytest -k``
    expression; the rule's ID by default) must catch it."""

    rule: str
    module: str
    old: str
    new: str
    why: str
    tests: str = ""

    @property
    def selection(self) -> str:
        return self.tests or f"{self.rule}_"


FAULTS: list[Fault] = [
    # ---- D: rankings as the engine applies them --------------------------------------------
    Fault("D3", "showdown.py",
          "unused = sorted((c >> 2 for c in cards if c not in best), reverse=True)",
          "unused = sorted((c >> 2 for c in cards if c not in best))",
          "the unused cards compared lowest first"),
    Fault("D4", "cards.py",
          "mask |= 1 << r",
          "mask = 1 << r",
          "of several wild ranks only the last is wild"),
    Fault("D5", "showdown.py",
          "value = max(13 if wild_cards and wild(c, True) else c >> 2",
          "value = max(12 if wild_cards and wild(c, True) else c >> 2",
          "a wild up card shows as an ace, not above it"),
    # ---- F: antes and forced bets ----------------------------------------------------------
    Fault("F1", "table.py",
          "            put(s, amount)\n",
          "            stacks[s] += amount\n            put(s, amount)\n",
          "the ante is put in the pot but not taken from the stack"),
    Fault("F2", "showdown.py",
          "strength = (rank, card & 3)",
          "strength = (rank, -(card & 3))",
          "suits rank the wrong way round for the bring-in (spades lowest)"),
    Fault("F2", "betting_round.py",
          "full = plan.small_bet - before",
          "full = plan.small_bet",
          "a short all-in completion judged against the whole small bet, not what it adds "
          "over the bring-in"),
    Fault("F2", "betting_round.py",
          'legal["bring_in"] = _one(min(plan.bring_in, stack))',
          'legal["bring_in"] = _one(min(plan.small_bet, stack))',
          "the bring-in costs a whole small bet"),
    Fault("F3", "table.py",
          "lambda s: folded[s] or stacks[s] == 0 or s in rights)",
          "lambda s: folded[s] or s in rights)",
          "a player all in on the ante must bring in"),
    Fault("F4", "table.py",
          'must_open = self.config.first_round == "must_open"',
          "must_open = False",
          "must_open: the high card may check"),
    Fault("F4", "showdown.py",
          "                if best < 0 or value > top:\n                    best, top = s, value\n    elif",
          "                if best < 0 or value >= top:\n                    best, top = s, value\n    elif",
          "equal high cards: the player dealt last acts first"),
    Fault("F5", "showdown.py",
          "value = evaluate([c for c, up in cards[s] if up], number, 0)\n                if best < 0 or value > top:",
          "value = evaluate([c for c, up in cards[s] if up], number, 0)\n                if best < 0 or value >= top:",
          "equal showing hands on a later street: the player dealt last acts first"),
    Fault("F5", "showdown.py",
          "value = evaluate([c for c, up in cards[s] if up], number, 0)",
          "value = -evaluate([c for c, up in cards[s] if up], number, 0)",
          "the worst showing hand acts first"),
    # ---- B: betting ------------------------------------------------------------------------
    Fault("B1", "table.py",
          "            if to is not None:\n                raise RuleError(\"B1\"",
          "            if False:\n                raise RuleError(\"B1\"",
          "a call takes an amount"),
    Fault("F4", "betting_round.py",
          "            if self.opened or others == 0:  # nobody could answer an opening bet anyway",
          "            if True:",
          "must_open: a check is offered to the high card that must open"),
    Fault("B2", "bet_sizes.py",
          "    if plan.big[street]:\n        return plan.big_bet",
          "    if plan.big[street - 1]:\n        return plan.big_bet",
          "the big bet starts a street late"),
    Fault("B2", "bet_sizes.py",
          "most = min(stack, owe + hand.pot_total + owe)",
          "most = min(stack, owe + hand.pot_total)",
          "pot limit: the pot is counted before the caller's call"),
    Fault("B2", "table.py",
          "        elif type(to) is not int:\n            to = whole_chips(to, ",
          "        elif False:\n            to = whole_chips(to, ",
          "a bet of 12.5 chips is taken"),
    Fault("B3", "betting_round.py",
          "elif plan.fixed and self.bets >= plan.cap and not (",
          "elif plan.fixed and self.bets > plan.cap and not (",
          "four raises allowed in fixed limit"),
    Fault("B3", "betting_round.py",
          "plan.unlimited_heads_up and hand._seats.live == 2):",
          "plan.unlimited_heads_up and hand._seats.live <= 3):",
          "unlimited_heads_up lifts the cap three-handed"),
    Fault("B4", "bet_sizes.py",
          "if plan.open_pair and street == 1:  # B4",
          "if plan.open_pair and street == 2:  # B4",
          "the open-pair big bet on fifth street, not fourth"),
    Fault("B5", "betting_round.py",
          "if round_bet[s] < level or (not acted[s] and others):",
          "if round_bet[s] < level:",
          "a round ends before everyone acted when nobody bet"),
    Fault("B6", "betting_round.py",
          "            if folded[s] or stacks[s] == 0 or s in rights:\n                continue\n            # B5",
          "            if folded[s] or s in rights:\n                continue\n            # B5",
          "an all-in player is asked to act"),
    Fault("B6", "table.py",
          "return self._next_able(best)",
          "return best",
          "an all-in best showing hand opens"),
    Fault("B7", "betting_round.py",
          "needed = (full + 1) // 2 if fixed else full",
          "needed = full // 2 if fixed else full",
          "fixed limit: less than half a bet (rounded down) reopens"),
    Fault("B7", "betting_round.py",
          'if kind == "bet" or raised_by >= needed:',
          'if kind == "bet" or raised_by > needed:',
          "exactly half a bet does not reopen"),
    Fault("B7", "betting_round.py",
          "        elif stack <= owe:\n            if refused is not None:\n                refused[\"raise\"]",
          "        elif stack < owe:\n            if refused is not None:\n                refused[\"raise\"]",
          "a stack that exactly covers the call is offered a raise"),
    Fault("B8", "pots.py",
          "eligible = tuple(s for s, c in enumerate(chips) if not out[s] and c >= level)",
          "eligible = tuple(s for s, c in enumerate(chips) if not out[s] and c >= previous)",
          "an all-in player is eligible for the side pots"),
    Fault("B8", "pots.py",
          "excess = sum(c - min(c, previous) for c in chips)",
          "excess = 0",
          "folded chips above the last live level are lost"),
    Fault("B9", "seats.py",
          "self.dead.clear()  # B9",
          "pass  # B9",
          "dead seats are dealt to after the next bet"),
    Fault("B9", "table.py",
          "if self._plan.dead_seat_keeps_cards and before == rnd.bet[s]:",
          "if self._plan.dead_seat_keeps_cards and before != rnd.bet[s]:",
          "dead_seat_keeps_cards: a seat folding to a bet keeps being dealt to"),
    # ---- S: streets, variants, showdown ----------------------------------------------------
    Fault("S1", "variants.py",
          '_FIVE = (\n    Street("second", 1, 1, False)',
          '_FIVE = (\n    Street("second", 2, 0, False)',
          "five-card stud's first two cards both down"),
    Fault("S2", "variants.py",
          'Street("third", 2, 1, False), Street("fourth", 0, 1, False), Street("fifth", 0, 1, True),',
          'Street("third", 1, 2, False), Street("fourth", 0, 1, False), Street("fifth", 0, 1, True),',
          "seven-card stud's third street: one down, two up"),
    Fault("S2", "table.py",
          "self._dealing = [(dealer + 1 + i) % n for i in range(n)]",
          "self._dealing = [(dealer + i) % n for i in range(n)]",
          "the dealer is dealt first"),
    Fault("S3", "deck.py",
          "card = self.burned.pop(0)",
          "card = self.burned.pop()",
          "an empty stub shares the last burned card, not the first"),
    Fault("S3", "table.py",
          "if (not self.config.community_card_betting and self.community",
          "if (self.config.community_card_betting and self.community",
          "community_card_betting reversed"),
    Fault("S4", "table.py",
          "and sum(1 for _, up in cards[s] if not up) >= 2]",
          "and sum(1 for _, up in cards[s] if not up) >= 1]",
          "Mexican stud: the last down card is turned up too"),
    Fault("S5", "showdown.py",
          "return bool(plan.always_wild >> rank & 1",
          "return bool(plan.always_wild >> rank & 0",
          "baseball's nines are not wild"),
    Fault("S5", "pending.py",
          "self.pot_bought = True",
          "self.pot_bought = False",
          "threes stay as they were after the pot is bought"),
    Fault("S5", "pending.py",
          "price = min(hand.pot_total, hand.stacks[s])",
          "price = min(hand.pot_total // 2, hand.stacks[s])",
          "buying the pot costs half the pot"),
    Fault("S5", "table.py",
          "if not extra_card >> (card >> 2) & 1:",
          "if extra_card >> (card >> 2) & 1:",
          "four_up_extra_card: the extra card for every up card but a four"),
    Fault("S6", "showdown.py",
          "hand_value(plan, pot_bought, showing(cards[s]), ranking), -order.index(s)))",
          "hand_value(plan, pot_bought, showing(cards[s]), ranking), order.index(s)))",
          "without a bettor, equal boards: the last dealt shows first"),
    Fault("S6", "showdown.py",
          "first = last_aggressor",
          "first = None",
          "the last bettor does not show first"),
    Fault("S6", "showdown.py",
          "can_win = any(h >= best_high[i] or (lo > 0 and lo >= best_low[i]) for i in mine)",
          "can_win = any(h > best_high[i] or (lo > 0 and lo >= best_low[i]) for i in mine)",
          "a hand that ties the best shown so far mucks"),
    Fault("S7", "showdown.py",
          "return sorted(live, key=lambda s: max([c for c, _ in cards[s]]), reverse=True)",
          "return sorted(live, key=lambda s: max([c for c, _ in cards[s]]))",
          "the odd chip to the tied winner with the lowest highest card"),
    Fault("S7", "pots.py",
          "high_half = pot.amount - low_half  # the odd chip plays high",
          "high_half, low_half = low_half, pot.amount - low_half",
          "hi-lo: the odd chip to the low half"),
    Fault("S8", "showdown.py",
          "aces_low = high and game.ranking.is_low",
          "aces_low = False",
          "razz: aces count high for the bring-in"),
    # ---- I: dealer errors ------------------------------------------------------------------
    Fault("I1", "betting_round.py",
          "self.capped = True",
          "self.capped = False",
          "keep_capped: the round is not capped"),
    Fault("I1", "mistakes.py",
          "players = [s for s in players if s != x] + [x]",
          "players = [x] + [s for s in players if s != x]",
          "bury: the deal starts at the player whose card was exposed"),
    Fault("I2", "mistakes.py",
          "if exposed and players[0] in exposed:",
          "if exposed and players[-1] in exposed:",
          "the last card exposed, not the first, turns every card up"),
    Fault("I2", "table.py",
          "if any(self._round.bet) or self.stacks[seat] == 0:  # significant action",
          "if self.stacks[seat] == 0:  # significant action",
          "after significant action the reported player still chooses"),
    # ---- E: what the engine guarantees -----------------------------------------------------
    Fault("E1", "table.py",
          "self._seats.win(live[0], total)",
          "self._seats.win(live[0], total - 1)",
          "the last player left wins the pot less a chip"),
    Fault("E2", "errors.py",
          'super().__init__(f"{rule}: {message} [{pointer(rule)}]")',
          'super().__init__(f"{message} [{pointer(rule)}]")',
          "a refusal's message does not start with its rule"),
    Fault("E2", "table.py",
          "        amount = self._verify(\"buy_pot\")\n        s = self.actor\n        assert s is not None\n        self._cached = None\n        self._seats.put(s, amount)",
          "        s = self.actor\n        assert s is not None\n        self._cached = None\n        self._seats.put(s, self.pot_total)\n        amount = self._verify(\"buy_pot\")",
          "an illegal buy of the pot moves chips before it is refused"),
    Fault("E3", "table.py",
          "cards = public[:seat] + (held[seat],) + public[seat + 1:]",
          "cards = held[:seat] + (held[seat],) + public[seat + 1:]",
          "a seat view shows the down cards of the seats before it"),
    Fault("E3", "table.py",
          "\"cards\": [row[0] if s == seat or s in shown else row[1]",
          "\"cards\": [row[0] if s != seat or s in shown else row[1]",
          "view() shows other seats' down cards and hides the seat's own"),
    Fault("E4", "deck.py",
          "source = (hashlib.blake2b(str(seed).encode(), digest_size=48).digest() if seed is not None",
          "source = (secrets.token_bytes(48) if seed is not None",
          "a seed does not fix the shuffle"),
    # ---- what no single rule covers: histories, saved states, equity, the CLI --------------
    Fault("PHH", "history/writer.py",
          "elif ord(ch) < 0x20 or ord(ch) == 0x7F:",
          "elif ord(ch) < 0x20:",
          "U+007F written raw into a TOML string", tests="control_characters"),
    Fault("PHH", "history/writer.py",
          "elif ord(ch) < 0x20 or ord(ch) == 0x7F:",
          "elif ord(ch) == 0x7F:",
          "control characters other than the named escapes written raw",
          tests="control_characters"),
    Fault("signing", "saved.py",
          "if not isinstance(key, (bytes, bytearray)) or not key:",
          "if not isinstance(key, (bytes, bytearray)):",
          "an empty key signs states", tests="empty_key"),
    Fault("signing", "saved.py",
          "    elif key is not None:\n        raise StateError(\"hmac\"",
          "    elif False:\n        raise StateError(\"hmac\"",
          "an unsigned state is taken where a signed one was asked for", tests="signed"),
    Fault("equity", "equity.py",
          "exact = deals <= min(EXACT_LIMIT, max_deals)",
          "exact = deals <= EXACT_LIMIT",
          "exact=None enumerates more than max_deals deals", tests="max_deals"),
    Fault("replay", "cli/replay_cmd.py",
          'bad = [r for r in results if r["matches_file"] is False]',
          'bad = [r for r in results if not r["matches_file"]]',
          "a file without finishing_stacks exits 1", tests="replay"),
    Fault("replay", "cli/replay_cmd.py",
          "matches_file=None if expected is None else expected == stacks)",
          "matches_file=None if expected is None else sorted(expected) == sorted(stacks))",
          "stacks compared as a multiset", tests="replay"),
    Fault("CLI", "cli/__init__.py",
          '        print(f"stud-fast: error: {one_line(str(e))}", file=sys.stderr)\n        return 2',
          '        print(f"stud-fast: error: {one_line(str(e))}", file=sys.stderr)\n        return 1',
          "a user error exits 1", tests="one_line or user_error"),
]


@dataclass
class Outcome:
    fault: Fault
    status: str  # "caught", "survived", "stale", "error"
    detail: str
    seconds: float


def installed_package() -> Path:
    """The installed stud_fast (with its compiled core), never this checkout's source."""
    code = ("import sys, os; sys.path = [p for p in sys.path if p not in ('', os.getcwd())]; "
            "import stud_fast; print(os.path.dirname(stud_fast.__file__))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tempfile.gettempdir(), check=True)
    path = Path(out.stdout.strip())
    if not list(path.glob("_core*")):
        raise SystemExit(f"{path} has no compiled _core: run `pip install .` first")
    return path


def scratch_copy(installed: Path, into: Path) -> Path:
    """The installed package with this checkout's Python modules laid over it and the modules
    compiled from them removed; returns the folder to put first on PYTHONPATH."""
    target = into / "stud_fast"
    shutil.copytree(installed, target, ignore=shutil.ignore_patterns("__pycache__"))
    for py in SOURCE.rglob("*.py"):
        rel = py.relative_to(SOURCE)
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(py, dest)
        for compiled in dest.parent.glob(dest.stem + ".*"):
            if compiled.suffix in (".so", ".pyd"):
                compiled.unlink()
    return into


def apply(fault: Fault, root: Path) -> Optional[str]:
    """Write the fault into the scratch copy; None, or why it does not apply."""
    path = root / "stud_fast" / fault.module
    if not path.exists():
        return f"no module {fault.module}"
    text = path.read_text(encoding="utf-8")
    count = text.count(fault.old)
    if count != 1:
        return f"the line is found {count} times in {fault.module}"
    path.write_text(text.replace(fault.old, fault.new), encoding="utf-8")
    return None


def run_tests(root: Path, selection: Optional[str], timeout: float
              ) -> tuple[int, list[str], str]:
    """Run the selected tests against the scratch copy: pytest's exit status, the tests that
    failed (a module that fails to import is not a test: it is left out, and its tests,
    which did not run, caught nothing) and pytest's last line."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not dask",
               "--no-header", "-rfE", "--tb=no", "--continue-on-collection-errors", "tests"]
    if selection:
        command += ["-k", selection]
    try:
        r = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, [], "timed out"
    lines = [line for line in r.stdout.splitlines() if line.strip()]
    failed = [line.split(" ", 1)[1].split(" - ")[0] for line in lines
              if line.startswith(("FAILED ", "ERROR ")) and "::" in line]
    return r.returncode, failed, lines[-1] if lines else r.stderr.strip()[-200:]


def check_scratch(root: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", "import stud_fast; print(stud_fast.__file__)"],
                         capture_output=True, text=True, cwd=REPO, env=env, check=True)
    if not out.stdout.strip().startswith(str(root)):
        raise SystemExit(f"the scratch copy is not what Python imports: {out.stdout.strip()}")


def try_fault(fault: Fault, installed: Path, timeout: float, selection: Optional[str],
              shown: int = 3) -> Outcome:
    """Plant ``fault`` in a scratch copy and run the ``selection`` of tests (None: all); the
    outcome names the first ``shown`` tests that failed."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="stud_fast_mutant_") as tmp:
        root = scratch_copy(installed, Path(tmp))
        why = apply(fault, root)
        if why is not None:
            return Outcome(fault, "stale", why, 0.0)
        code, failed, last = run_tests(root, selection, timeout)
    seconds = time.monotonic() - started
    if failed or code == -1:  # a hang counts as caught: the tests did not pass
        # the spot tests first, the soaks (random whole hands) after them
        failed.sort(key=lambda name: "soak" in name)
        names = [f.removeprefix("tests/") for f in failed]
        more = f" (+{len(names) - shown} more)" if len(names) > shown else ""
        return Outcome(fault, "caught", ", ".join(names[:shown]) + more or last, seconds)
    if code == 0 or (code == 1 and not failed):  # passed, or only modules failed to import
        return Outcome(fault, "survived", last, seconds)
    return Outcome(fault, "error", f"pytest exit {code}: {last}", seconds)


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", nargs="+", metavar="RULE", help="the faults of these rules only")
    p.add_argument("--jobs", type=int, default=2, help="faults tried at once (default 2)")
    p.add_argument("--timeout", type=float, default=600.0,
                   help="seconds for one fault's tests (a hang counts as caught)")
    p.add_argument("--list", action="store_true", help="list the faults and stop")
    p.add_argument("--show", type=int, default=3, metavar="N",
                   help="name up to N failing tests of each caught fault (default 3)")
    p.add_argument("--whole-suite", action="store_true",
                   help="run the whole suite (not only the rule's tests) against survivors")
    args = p.parse_args(argv)
    faults = [f for f in FAULTS if not args.only or f.rule in args.only]
    if args.list:
        for f in faults:
            print(f"{f.rule:8} {f.module:22} {f.why}  [-k {f.selection!r}]")
        return 0
    installed = installed_package()
    with tempfile.TemporaryDirectory(prefix="stud_fast_mutant_") as tmp:
        root = scratch_copy(installed, Path(tmp))
        check_scratch(root)
        selections = sorted({f.selection for f in faults})
        expression = " or ".join(f"({s})" for s in selections)
        code, failed, last = run_tests(root, expression, args.timeout * 4)
        if code != 0:
            raise SystemExit(f"the unchanged code fails its selected tests: "
                             f"{', '.join(failed) or last}")
    print(f"{len(faults)} faults; the unchanged code passes every selected test", flush=True)
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        jobs = [pool.submit(try_fault, f, installed, args.timeout, f.selection, args.show)
                for f in faults]
        outcomes = []
        for job in jobs:
            o = job.result()
            outcomes.append(o)
            print(f"{o.status:8} {o.fault.rule:8} {o.fault.module:22} {o.fault.why}"
                  f"  -- {o.detail}  ({o.seconds:.0f} s)", flush=True)
    if args.whole_suite:
        for o in outcomes:
            if o.status == "survived":
                whole = try_fault(o.fault, installed, args.timeout * 4, None)
                print(f"whole suite on {o.fault.rule} {o.fault.why!r}: {whole.status} "
                      f"{whole.detail}", flush=True)
    tried = [o for o in outcomes if o.status in ("caught", "survived")]
    caught = sum(o.status == "caught" for o in tried)
    stale = [o for o in outcomes if o.status in ("stale", "error")]
    rate = 100.0 * caught / len(tried) if tried else 0.0
    print(f"\nkill rate: {caught} of {len(tried)} faults caught by the tests of their rule "
          f"({rate:.0f}%); {len(stale)} stale or in error; "
          f"{time.monotonic() - started:.0f} s")
    return 0 if not stale else 1


if __name__ == "__main__":
    sys.exit(main())

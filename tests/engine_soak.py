"""Random complete hands with the engine's guarantees checked after every step: shared by the
invariant soak in the test suite (tests/test_engine_soak.py) and the long one in
bench/soak_engine.py.

Each hand: a random variant configuration (pot and no limit too, tiny stacks for all-ins and
side pots, 2 to the most players), live-dealer hands with dealer errors (I1 both behaviours,
I2 at the deal and reported during the round), and after every step E1 (chips conserved), E2
(a refused action leaves the state identical), E3 (no seat's view shows what it may not see)
and the JSON round trip; at the end the PHH round trip to the same stacks.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Optional

from stud_fast.cards import card_str
from stud_fast.errors import RuleError
from stud_fast.history import dumps, loads, replay, to_phh, validate
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig, get_variant

#: derived from the rest of the state: left out of the E2 comparison
_CACHES = {"_cached", "_views", "_plan", "config"}
_ACTIONS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete", "buy_pot",
            "take_all_in", "play_on", "turn_up")


def snapshot(hand: StudHand) -> dict[str, Any]:
    """Every attribute of the hand that is state (not a cache), deep-copied."""
    return {name: copy.deepcopy(getattr(hand, name)) for name in StudHand.__slots__
            if name not in _CACHES}


def random_config(rng: random.Random, variant: str) -> GameConfig:
    options: dict[str, Any] = {"betting": rng.choice(["fixed", "fixed", "pot", "no"]),
                               "ante": rng.choice([0, 1, 2]), "small_bet": rng.choice([2, 4]),
                               "premature_card": rng.choice(["bury", "keep_capped"])}
    if get_variant(variant).baseball:
        options["baseball_cards"] = rng.choice([5, 7])
        options["four_up_extra_card"] = rng.random() < 0.5
    if rng.random() < 0.2:
        options["dead_seat_keeps_cards"] = True
    if rng.random() < 0.1:
        options["show_all"] = True
    if rng.random() < 0.1:
        options["community_card_betting"] = False
    options["bring_in"] = min(options["small_bet"], rng.choice([1, 2]))
    return GameConfig(variant=variant, **options)


def hidden_from(hand: StudHand, seat: int) -> set[str]:
    """Cards ``seat`` must not see (E3): other players' down cards not shown, burned cards and
    the stub, less the shared card and an I1 premature card, which everyone saw."""
    shown = {r.seat for r in hand.records if r.kind == "show"}
    hidden = {card_str(c) for s in range(hand.seats) if s != seat and s not in shown
              for c, up in hand.cards[s] if not up}
    hidden |= {card_str(c) for c in hand._shoe.burned}
    hidden |= {card_str(c) for c in hand.deck[hand._shoe.next:]}
    exposed = {card_str(c) for r in hand.records if r.kind == "premature_card"
               for c in r.cards}  # I1: exposed to everyone
    return hidden - {card_str(c) for c in hand.community} - exposed


def seat_cards(hand: StudHand, seat: int) -> tuple[tuple[tuple[Optional[int], bool], ...], ...]:
    """What ``seat_view(seat).cards`` must hold, worked out afresh from ``hand.cards``: every
    seat's cards, another seat's down cards hidden unless it showed them (E3)."""
    shown = {r.seat for r in hand.records if r.kind == "show"} if hand.is_over else set()
    return tuple(tuple((c, up) if up or s == seat or s in shown else (None, False)
                       for c, up in held) for s, held in enumerate(hand.cards))


def view_cards(view: dict[str, Any]) -> set[str]:
    """Every card named in ``view`` (JSON text of a seat's view)."""
    text = json.dumps(view)
    return {tok for tok in (text.replace('"', " ").replace(",", " ").replace("[", " ")
                            .replace("]", " ").split()) if len(tok) == 2 and tok[1] in "cdhs"}


def _refuse(hand: StudHand, rng: random.Random) -> None:
    """E2: an illegal action raises RuleError and changes nothing."""
    legal = hand.legal_chips()
    before = snapshot(hand)
    choices = [a for a in _ACTIONS if a not in legal]
    attempt: Any
    if "bet" in legal or "raise" in legal:
        kind = "bet" if "bet" in legal else "raise"
        seat = hand.actor
        assert seat is not None
        top = hand._round.bet[seat] + legal[kind][1]
        attempt = (kind, rng.choice([top + 1, float(top), True]))
    elif choices:
        attempt = (rng.choice(choices), None)
    else:
        return
    try:
        if attempt[0] == "turn_up":
            hand.turn_up("Xx")
        else:
            hand.act(*attempt)
    except RuleError:
        pass
    else:
        raise AssertionError(f"illegal {attempt} accepted")
    assert snapshot(hand) == before, attempt


def play_hand(rng: random.Random, variant: str, *, json_every: int = 1,
              check_views: bool = True) -> StudHand:
    """One random hand with every guarantee checked (see the module docstring)."""
    config = random_config(rng, variant)
    n = rng.randint(2, config.max_players)
    stacks = [rng.choice([1, 3, 8, 20, 60, 200]) for _ in range(n)]
    live_dealer = rng.random() < 0.4
    errors = rng.random() < 0.5
    hand = StudHand(config, stacks=stacks, dealer=rng.randrange(n), seed=rng.getrandbits(32),
                    burn=rng.random() < 0.8, automatic=not live_dealer)
    total = sum(stacks)
    seven = config.game.cards_per_player == 7
    step = 0
    while not hand.is_over:
        assert sum(hand.stacks) + hand.pot_total == total  # E1
        if hand.dealer_due is not None:
            if (hand.dealer_due == "deal" and seven and errors and rng.random() < 0.5
                    and hand.street + 2 == len(config.game.streets)):
                dealt = [s for s in range(n) if not hand.folded[s]]
                exposed = rng.sample(dealt, rng.randint(1, min(2, len(dealt))))
                hand.deal(exposed if hand.can_deal(exposed) else ())
            else:
                getattr(hand, hand.dealer_due)()
        elif errors and rng.random() < 0.05 and hand.can_expose_premature_card():
            hand.expose_premature_card()
        elif errors and seven and rng.random() < 0.1 and \
                hand.can_report_exposed_card(victim := rng.randrange(n)):
            hand.report_exposed_card(victim)
        else:
            if step % 3 == 0:
                _refuse(hand, rng)
            random_action(hand, rng)
        step += 1
        if check_views:  # E3; seat_view keeps card faces until a card is dealt or turned
            watcher = rng.randrange(n)
            assert hand.seat_view(watcher).cards == seat_cards(hand, watcher)
            if step % 3 == 0:
                assert not view_cards(hand.view(watcher)) & hidden_from(hand, watcher)
        if json_every and step % json_every == 0:
            saved = hand.to_json()
            again = StudHand.from_json(saved)
            assert again.records == hand.records and again.to_json() == saved
    assert sum(hand.stacks) == total and all(type(s) is int for s in hand.stacks)
    assert all(hand.seat_view(s).cards == seat_cards(hand, s) for s in range(n))
    dealt = [c for held in hand.cards for c, _ in held] + hand.community
    assert len(dealt) == len(set(dealt))
    check_phh(hand)
    return hand


def check_phh(hand: StudHand) -> None:
    """The hand written as PHH validates and replays to the same stacks."""
    history = to_phh(hand)
    validate(history)
    again = replay(loads(dumps(history)))
    order = [(hand.dealer + 1 + i) % hand.seats for i in range(hand.seats)]
    assert again.stacks == [hand.stacks[s] for s in order]


def random_action(hand: StudHand, rng: random.Random) -> Optional[str]:
    """A random legal action for the seat to act (a random size for bets and raises); its
    name."""
    legal = hand.legal_chips()
    kind = rng.choice(sorted(legal))
    seat = hand.actor
    assert seat is not None
    if kind == "turn_up":
        hand.turn_up(rng.choice([c for c, up in hand.cards[seat] if not up]))
    elif kind in ("bet", "raise") and legal[kind][1] > legal[kind][0]:
        hand.act(kind, hand._round.bet[seat] + rng.randint(*legal[kind]))
    else:
        hand.act(kind)
    return kind

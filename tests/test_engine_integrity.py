"""Defects of issue 8 (a server must trust the engine with money), each tested against the
rule it breaks: chip amounts, errors of the library, positions, short decks, saved states."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from stud_fast.errors import AmountError, RuleError
from stud_fast.history import dumps, loads, replay, to_phh
from stud_fast.history.phh import PHHError
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

NO_LIMIT = dict(variant="seven_card_stud", ante=1, bring_in=2, small_bet=5, big_bet=10,
                betting="no")


def _at_fourth_street(betting: str = "no") -> StudHand:
    """A heads-up hand on fourth street: nothing bet yet, the actor may bet."""
    hand = StudHand(GameConfig(**{**NO_LIMIT, "betting": betting}),  # type: ignore[arg-type]
                    stacks=[100, 100], dealer=0, seed=1)
    hand.bring_in()
    hand.call()
    assert hand.street == 1 and hand.can_bet()
    return hand


@pytest.mark.parametrize("betting", ["no", "pot"])
@pytest.mark.parametrize("amount", [5.5, 5.0, Fraction(11, 2), Decimal("5.5"), Decimal("5"),
                                    True, "5"])
def test_B2_chip_amounts_are_ints_bet_refused_state_unchanged(betting: str,
                                                               amount: object) -> None:
    hand = _at_fourth_street(betting)
    before = hand.to_json()
    with pytest.raises(AmountError) as e:
        hand.bet(amount)  # type: ignore[arg-type]
    assert e.value.rule == "B2" and isinstance(e.value, (RuleError, TypeError))
    assert "whole" in str(e.value)
    assert hand.to_json() == before
    hand.bet(5)  # an int is fine, and the hand plays on to the end with every chip
    while not hand.is_over:
        hand.act("call" if hand.can_call() else "check")
    assert sum(hand.stacks) == 200 and all(type(s) is int for s in hand.stacks)


def test_B2_raise_amount_float_refused() -> None:
    hand = _at_fourth_street()
    hand.bet(10)
    with pytest.raises(AmountError):
        hand.raise_to(20.0)  # type: ignore[arg-type]
    with pytest.raises(AmountError):
        hand.act("raise", 20.5)  # type: ignore[arg-type]
    assert hand.raise_to(20).to == 20


def test_B2_numpy_int_amount_is_whole() -> None:
    np = pytest.importorskip("numpy")
    hand = _at_fourth_street()
    record = hand.bet(np.int64(12))
    assert record.to == 12 and type(hand.stacks[hand.records[-1].seat]) is int


@pytest.mark.parametrize("stack", [100.0, 99.5, True, Decimal(100), Fraction(100)])
def test_B2_stacks_must_be_ints(stack: object) -> None:
    with pytest.raises(AmountError, match="seat 1"):
        StudHand(GameConfig(**NO_LIMIT), stacks=[100, stack], seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["ante", "small_bet", "bring_in"])
def test_F1_config_amounts_must_be_ints(field: str) -> None:
    with pytest.raises(ValueError, match=field):
        GameConfig(**{**NO_LIMIT, field: 1.5})  # type: ignore[arg-type]


def _played_no_limit() -> str:
    hand = _at_fourth_street()
    hand.bet(10)
    while not hand.is_over:
        hand.act("call" if hand.can_call() else "check")
    return dumps(to_phh(hand))


def test_B2_phh_fractional_bet_refused_not_truncated() -> None:
    text = _played_no_limit()
    assert "cbr 10" in text
    with pytest.raises(PHHError, match="whole"):
        replay(loads(text.replace("cbr 10", "cbr 10.5")))
    # an exact whole number written as a TOML float is the same amount
    assert replay(loads(text.replace("cbr 10", "cbr 10.0"))).stacks == replay(loads(text)).stacks


@pytest.mark.parametrize("field", ["starting_stacks = [100, 100]", "antes = [1, 1]",
                                   "min_bet = 5"])
def test_B2_phh_fractional_fields_refused(field: str) -> None:
    text = _played_no_limit()
    assert field in text
    damaged = text.replace(field, field.replace("100]", "100.5]").replace("1]", "1.5]")
                           .replace("= 5", "= 5.5"))
    with pytest.raises(PHHError, match="whole"):
        replay(loads(damaged))


# ---- every can_x() is a bool, every verify_x() / x() raises only RuleError -------------------

_ARGS: dict[str, tuple[tuple[object, ...], ...]] = {
    "turn_up": (("Ah",), (0,), ("zz",), (None,), ([1, 2],)),
    "bet": ((), (5,)), "raise_to": ((), (10,)),
    "deal": ((), ([0],), (["x"],), (7,)),
}
_OPERATIONS = ("fold", "check", "call", "bet", "raise_to", "bring_in", "complete", "turn_up",
               "buy_pot", "take_all_in", "play_on", "expose_premature_card", "post_antes",
               "deal", "collect_bets", "award")


def _probe(hand: StudHand) -> None:
    """Every can_x is a bool; verify_x raises RuleError or nothing and changes nothing."""
    before = hand.to_json()
    for name in _OPERATIONS:
        for args in _ARGS.get(name, ((),)):
            answer = getattr(hand, "can_" + name)(*args)
            assert type(answer) is bool, (name, args)
            try:
                getattr(hand, "verify_" + name)(*args)
            except RuleError as e:
                assert answer is False and e.rule and str(e).startswith(e.rule + ": ")
                assert "Action(" not in str(e) and "Record(" not in str(e)
            else:
                assert answer is True, (name, args)
            assert hand.to_json() == before


@pytest.mark.parametrize("variant", ["seven_card_stud", "mexican_stud", "baseball",
                                     "five_card_stud", "razz"])
@pytest.mark.parametrize("automatic", [True, False])
def test_E2_can_is_bool_and_verify_raises_rule_errors_in_every_state(variant: str,
                                                                      automatic: bool) -> None:
    import random
    rng = random.Random(variant)
    for seed in range(6):
        hand = StudHand(GameConfig(variant=variant, ante=1, small_bet=4), stacks=[30, 12, 40],
                        seed=seed, automatic=automatic)
        while True:
            _probe(hand)
            if hand.is_over:
                break
            if hand.dealer_due:
                getattr(hand, hand.dealer_due)()
                continue
            legal = list(hand.legal_actions())
            kind = rng.choice(legal)
            if kind == "turn_up":
                s = hand.actor
                assert s is not None
                hand.turn_up([c for c, up in hand.cards[s] if not up][0])
            else:
                hand.act(kind)
        # the operations themselves refuse with RuleError once the hand is over
        for name in _OPERATIONS:
            with pytest.raises(RuleError):
                getattr(hand, name)(*_ARGS.get(name, ((),))[0])


def test_I2_take_all_in_without_exposed_card_is_refused_under_I2() -> None:
    hand = StudHand(GameConfig(**NO_LIMIT), stacks=[100, 100], seed=3)
    for name in ("take_all_in", "play_on"):
        with pytest.raises(RuleError) as e:
            getattr(hand, name)()
        assert e.value.rule == "I2" and str(e.value).startswith(f"I2: seat {hand.actor}: ")


def test_E2_refusals_name_the_seat_the_same_way() -> None:
    hand = _at_fourth_street()
    s = hand.actor
    for operation in (lambda: hand.call(), lambda: hand.bet(1000), lambda: hand.act("check", 5),
                      lambda: hand.act("shove")):
        with pytest.raises(RuleError, match=rf"^B\d: seat {s}: "):
            operation()


# ---- positions, not seat numbers -------------------------------------------------------------

def _two_seat_deck(dealer: int, first: list[str], second: list[str]) -> list[int]:
    """Deck (no burns) giving the first player dealt ``first`` and the other ``second``,
    street by street (card texts, dealing rounds in order)."""
    from stud_fast.cards import parse_cards
    order: list[int] = []
    for a, b in zip(first, second):
        pa, pb = parse_cards(a), parse_cards(b)
        for x, y in zip(pa, pb):
            order += [x, y]
    return order


@pytest.mark.parametrize("dealer", [0, 1])
def test_F2_baseball_wild_door_cards_tie_broken_by_position(dealer: int) -> None:
    # after the first player buys the pot with its up three, both door cards (3h, 9h) are
    # wild, of the same suit: the bring-in goes by position, the player dealt first
    cfg = GameConfig(variant="baseball", ante=1, bring_in=2, small_bet=5)
    deck = _two_seat_deck(dealer, ["Kc Qc 3h", "5c", "6c", "7c", "8c"],
                          ["Kd Qd 9h", "5d", "6d", "7d", "8d"])
    hand = StudHand(cfg, stacks=[100, 100], dealer=dealer, deck=deck, burn=False)
    first = (dealer + 1) % 2
    assert hand.actor == first and hand.can_buy_pot()
    hand.buy_pot()
    assert hand.can_bring_in() and hand.actor == first


@pytest.mark.parametrize("dealer", [0, 1])
def test_F4_five_card_baseball_wild_up_card_is_highest_then_position(dealer: int) -> None:
    cfg = GameConfig(variant="baseball", baseball_cards=5, ante=1, small_bet=5)
    first = (dealer + 1) % 2
    # a wild nine up beats an ace up (D5: wild up cards count as wild)
    hand = StudHand(cfg, stacks=[100, 100], dealer=dealer, burn=False,
                    deck=_two_seat_deck(dealer, ["Kc As", "5c", "6c", "7c"],
                                        ["Kd 9h", "5d", "6d", "7d"]))
    assert hand.actor == 1 - first
    # two wild nines up: equal, the player dealt first acts first
    hand = StudHand(cfg, stacks=[100, 100], dealer=dealer, burn=False,
                    deck=_two_seat_deck(dealer, ["Kc 9c", "5c", "6c", "7c"],
                                        ["Kd 9h", "5d", "6d", "7d"]))
    assert hand.actor == first


# ---- short decks (S3) ------------------------------------------------------------------------

@pytest.mark.parametrize("variant,options,most", [
    ("seven_card_stud", {}, 8), ("razz", {}, 8), ("stud_hilo", {}, 8), ("baseball", {}, 8),
    ("baseball", {"four_up_extra_card": True}, 7), ("baseball", {"baseball_cards": 5}, 10),
    ("five_card_stud", {}, 10), ("five_card_stud_32", {}, 7), ("mexican_stud", {}, 10)])
def test_S3_most_players_counts_burns_and_the_shared_card(variant: str, options: dict[str, object],
                                                          most: int) -> None:
    cfg = GameConfig(variant=variant, ante=1, small_bet=4, **options)  # type: ignore[arg-type]
    assert cfg.max_players == most
    StudHand(cfg, stacks=[50] * most, seed=1)
    with pytest.raises(ValueError, match=f"2 to {most} players"):
        StudHand(cfg, stacks=[50] * (most + 1), seed=1)


@pytest.mark.parametrize("variant", ["seven_card_stud", "five_card_stud_32", "mexican_stud",
                                     "baseball", "razz"])
@pytest.mark.parametrize("burn", [True, False])
def test_S3_shared_card_only_on_the_last_street_once_and_replayable(variant: str,
                                                                    burn: bool) -> None:
    import random
    cfg = GameConfig(variant=variant, ante=1, small_bet=4, four_up_extra_card=True)
    n = cfg.max_players
    rng = random.Random(variant)
    for seed in range(12):
        hand = StudHand(cfg, stacks=[400] * n, dealer=seed % n, seed=seed, burn=burn)
        while not hand.is_over:
            legal = hand.legal_actions()
            if "turn_up" in legal:
                s = hand.actor
                assert s is not None
                hand.turn_up([c for c, up in hand.cards[s] if not up][0])
            else:
                hand.act(rng.choice([k for k in legal if k != "fold"] or ["fold"]))
        shared = [r for r in hand.records if r.kind == "community"]
        assert len(shared) <= 1 and len(hand.community) == len(shared)
        assert all(r.street == len(cfg.game.streets) - 1 for r in shared)
        again = replay(loads(dumps(to_phh(hand))))
        order = [(hand.dealer + 1 + i) % n for i in range(n)]  # PHH p1 is seat order[0]
        assert again.stacks == [hand.stacks[s] for s in order]


def test_S3_replay_refuses_a_shared_card_before_the_last_street() -> None:
    cfg = GameConfig(variant="five_card_stud_32", ante=1, small_bet=4)
    # third street's card missing for everyone: not a shared-card street
    hand = StudHand(cfg, stacks=[50, 50], hole_cards=["7c 8c", "7d 8d"], burn=False)
    with pytest.raises(ValueError, match="S3"):
        while not hand.is_over:
            hand.act("check" if hand.can_check() else "call")


# ---- dealer errors as the seeds say (I1, I2) ------------------------------------------------

def _laid_out(dealer: int, streets: list[list[str]], burns: list[str]) -> list[int]:
    """A deck: before street k the burn card burns[k], then streets[k][s] for seat s, dealt
    clockwise from the dealer's left, one dealing round at a time."""
    from stud_fast.cards import parse_cards
    n = len(streets[0])
    order: list[int] = []
    for k, street in enumerate(streets):
        order += parse_cards(burns[k])
        cards = {s: parse_cards(street[s]) for s in range(n)}
        for r in range(len(cards[0])):
            order += [cards[(dealer + 1 + i) % n][r] for i in range(n)]
    return order


_STREETS = [["2h 3h Ah", "7d 8d 4c", "9s Ts Js"], ["9c", "Kd", "5d"], ["2c", "3c", "4d"]]
_BURNS = ["2s", "3s", "6h"]


def _dealt(hand: StudHand, street: int) -> dict[int, str]:
    from stud_fast.cards import card_str
    return {r.seat: card_str(r.cards[0]) for r in hand.records  # type: ignore[misc]
            if r.kind == "deal" and r.street == street}


def test_I1_bury_with_burns_exposes_the_first_players_card_and_ends_the_deal_there() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10)
    hand = StudHand(cfg, stacks=[500] * 3, dealer=0, deck=_laid_out(0, _STREETS, _BURNS))
    hand.act("bring_in")
    record = hand.expose_premature_card()
    from stud_fast.cards import card_str
    # the first player dealt on fourth street is seat 1 (the dealer's left): its card Kd is
    # the one exposed, not the burn card 3s
    assert card_str(record.cards[0]) == "Kd"
    while hand.street == 0:
        hand.act("call" if hand.can_call() else "check")
    order = [r.seat for r in hand.records if r.kind == "deal" and r.street == 1]
    assert order == [2, 0, 1]  # that deal ends at the player whose card was exposed
    # the others get the cards they would have had; seat 1 gets the next card off the deck
    assert _dealt(hand, 1) == {2: "5d", 0: "9c", 1: "6h"}
    burns = [r for r in hand.records if r.kind == "burn"]
    assert len(burns) == 2  # third street's, and fourth street's burned once (3s)


def test_I1_keep_capped_with_burns_deals_the_exposed_card_to_its_player() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10,
                     premature_card="keep_capped")
    hand = StudHand(cfg, stacks=[500] * 3, dealer=0, deck=_laid_out(0, _STREETS, _BURNS))
    hand.act("bring_in")
    from stud_fast.cards import card_str
    assert card_str(hand.expose_premature_card().cards[0]) == "Kd"
    while hand.street == 0:
        hand.act("call" if hand.can_call() else "check")
    assert _dealt(hand, 1) == {1: "Kd", 2: "5d", 0: "9c"}
    while hand.street == 1:
        hand.act("call" if hand.can_call() else "check")
    assert _dealt(hand, 2) == {0: "2c", 1: "3c", 2: "4d"}  # nothing shifted


def test_I1_one_premature_card_per_round_and_refusals_name_I1() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10)
    hand = StudHand(cfg, stacks=[500] * 3, dealer=0, deck=_laid_out(0, _STREETS, _BURNS))
    hand.expose_premature_card()
    before = hand.to_json()
    for call in (hand.expose_premature_card, lambda: hand.expose_premature_card("Ac")):
        with pytest.raises(RuleError) as e:
            call()
        assert e.value.rule == "I1"
    assert hand.to_json() == before and not hand.can_expose_premature_card()


def _to_seventh_street(automatic: bool = True, **options: object) -> StudHand:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10,
                     **options)  # type: ignore[arg-type]
    hand = StudHand(cfg, stacks=[300] * 3, dealer=0, seed=9, automatic=automatic)
    while hand.street < 4 or hand.dealer_due:
        if hand.dealer_due:
            getattr(hand, hand.dealer_due)()
        else:
            hand.act("bring_in" if hand.can_bring_in() else
                     "call" if hand.can_call() else "check")
    return hand


def test_I2_reported_before_significant_action_the_player_chooses() -> None:
    hand = _to_seventh_street()
    opener = hand.actor
    victim = [s for s in range(3) if s != opener][0]
    assert hand.can_report_exposed_card(victim)
    record = hand.report_exposed_card(victim)
    assert record.kind == "exposed_card" and hand.cards[victim][-1][1]  # now face up
    assert hand.actor == victim and set(hand.legal_actions()) == {"take_all_in", "play_on"}
    hand.take_all_in()
    assert hand.actor == opener and hand.is_all_in(victim)
    while not hand.is_over:
        assert hand.actor != victim
        hand.act("bet" if hand.can_bet() else "call")
    assert sum(hand.stacks) == 900
    assert StudHand.from_json(hand.to_json()).records == hand.records


def test_I2_reported_after_significant_action_the_player_is_all_in_at_once() -> None:
    hand = _to_seventh_street()
    hand.bet()
    victim = hand.actor
    assert victim is not None
    hand.report_exposed_card(victim)
    assert hand.is_all_in(victim) and hand.actor != victim  # no choice: the action moves on
    with pytest.raises(RuleError) as e:
        hand.take_all_in()
    assert e.value.rule == "I2"
    while not hand.is_over:
        hand.act("call")
    assert sum(hand.stacks) == 900
    assert StudHand.from_json(hand.to_json()).records == hand.records


def test_I2_report_refused_outside_seventh_street_naming_I2() -> None:
    hand = StudHand(GameConfig(variant="seven_card_stud", ante=1, small_bet=4),
                    stacks=[50, 50], seed=2)
    with pytest.raises(RuleError) as e:
        hand.report_exposed_card(0)
    assert e.value.rule == "I2" and not hand.can_report_exposed_card(0)
    seventh = _to_seventh_street()
    with pytest.raises(RuleError, match="I2: seat 7"):
        seventh.report_exposed_card(7)


# ---- gaps a mutation run found -----------------------------------------------------------------

def test_B7_fixed_limit_all_in_of_exactly_half_a_bet_reopens_the_betting() -> None:
    # bring-in 5, complete to 10, all in to 15: a raise of half a bet counts as a full raise,
    # so the completer may raise again
    cfg = GameConfig(variant="seven_card_stud", ante=0, bring_in=5, small_bet=10)
    streets = [["Kc Kd Ks", "9c 9d 2c", "Qh Qs Jh"]]  # seat 1 (2c) brings in
    deck = _laid_out(0, streets, ["3s"])
    hand = StudHand(cfg, stacks=[15, 200, 200], dealer=0, deck=deck)
    assert hand.actor == 1
    hand.bring_in()           # seat 1: 5
    hand.complete()           # seat 2: 10
    assert hand.actor == 0 and hand.legal_actions()["raise"] == (15, 15)
    hand.raise_to()           # seat 0: all in to 15, 5 more: exactly half a bet
    hand.call()               # seat 1
    assert hand.actor == 2 and hand.can_raise_to()
    assert hand.raise_to().to == 25


def test_B7_fixed_limit_all_in_below_half_a_bet_does_not_reopen() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=0, bring_in=5, small_bet=10)
    deck = _laid_out(0, [["Kc Kd Ks", "9c 9d 2c", "Qh Qs Jh"]], ["3s"])
    hand = StudHand(cfg, stacks=[14, 200, 200], dealer=0, deck=deck)
    hand.bring_in()
    hand.complete()
    hand.raise_to()           # all in to 14: 4 more, less than half a bet
    hand.call()
    assert hand.actor == 2 and not hand.can_raise_to() and hand.can_call()


def test_B2_five_card_stud_bet_sizes_street_by_street() -> None:
    cfg = GameConfig(variant="five_card_stud", ante=1, small_bet=5, big_bet=10)
    hand = StudHand(cfg, stacks=[500, 500, 500], seed=4)
    sizes = []
    while not hand.is_over:
        if hand.can_bet():
            sizes.append((hand.street, hand.legal_actions()["bet"]))
            hand.bet()
        else:
            hand.call()
    # S1 + B2: the small bet on the first two betting rounds, the big bet from fourth street
    assert sizes == [(0, (5, 5)), (1, (5, 5)), (2, (10, 10)), (3, (10, 10))]


def test_I2_choices_in_dealing_order_whatever_the_order_exposed_is_given() -> None:
    orders = []
    for flip in (False, True):
        hand = StudHand(GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10),
                        stacks=[300] * 3, dealer=0, seed=9, automatic=False)
        while not (hand.street == 3 and hand.dealer_due == "deal"):
            if hand.dealer_due:
                getattr(hand, hand.dealer_due)()
            else:
                hand.act("bring_in" if hand.can_bring_in() else
                         "call" if hand.can_call() else "check")
        second, third = (hand.dealer + 2) % 3, hand.dealer % 3
        hand.deal(exposed=[third, second] if flip else [second, third])
        chooser = [hand.actor]
        hand.play_on()
        chooser.append(hand.actor)
        orders.append(chooser)
    assert orders[0] == orders[1] == [second, third]


# ---- views and repr ----------------------------------------------------------------------------

def test_E3_seat_view_holds_card_ids_and_hides_other_down_cards() -> None:
    from stud_fast.views import SeatView
    hand = StudHand(GameConfig(variant="baseball", ante=1, small_bet=4), stacks=[50] * 3,
                    seed=12)
    view = hand.seat_view(0)
    assert isinstance(view, SeatView)
    assert view.cards[0] == tuple(hand.cards[0])  # its own cards, ids
    for s in (1, 2):
        assert view.cards[s] == tuple((c if up else None, up) for c, up in hand.cards[s])
    visible = {c for held in view.cards for c, _ in held if c is not None}
    assert view.wild <= visible and all(hand._is_wild(c, True) or c in {
        x for x, up in hand.cards[0] if not up} for c in view.wild)
    assert (dict(view.legal_actions) == hand.legal_actions()) == (hand.actor == 0)
    with pytest.raises(Exception):
        view.stacks = ()  # type: ignore[misc]  # frozen


def test_repr_names_the_variant_street_and_who_is_due() -> None:
    hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[50, 50],
                    seed=1, automatic=False)
    assert repr(hand) == ("<StudHand razz, 2 seats, before the deal, pot 0, "
                          "the dealer to post antes>")
    hand.post_antes()
    hand.deal()
    assert f"third street, pot 2, seat {hand.actor} to act: bring_in, complete" in repr(hand)


def test_I2_a_kept_premature_card_is_not_an_exposed_seventh_street_card() -> None:
    cfg = GameConfig(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10,
                     premature_card="keep_capped")
    hand = StudHand(cfg, stacks=[300] * 3, dealer=0, seed=5, automatic=False)
    while not (hand.street == 3 and hand.actor is not None):
        if hand.dealer_due:
            getattr(hand, hand.dealer_due)()
        else:
            hand.act("bring_in" if hand.can_bring_in() else "call" if hand.can_call()
                     else "check")
    hand.expose_premature_card()  # sixth street: kept for the first seat dealt on seventh
    while hand.dealer_due != "deal":
        getattr(hand, hand.dealer_due)() if hand.dealer_due else hand.act(
            "call" if hand.can_call() else "check")
    first = (hand.dealer + 1) % 3
    assert not hand.can_deal([first])
    with pytest.raises(RuleError, match=f"I2: seat {first}: its seventh-street card is the "
                                        f"premature card"):
        hand.deal([first])
    hand.deal([(first + 1) % 3])  # another seat's card can be exposed
    assert hand.cards[first][-1][1] and hand.actor == (first + 1) % 3

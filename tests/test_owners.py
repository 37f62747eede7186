"""The owners of the hand's state (issue 20 item 1), each tested on its own invariants:
:class:`Seats` keeps its counts under random chip movements, the :class:`Deck` never deals a
card twice, what :class:`BettingRound` decides for each action matches its rule table (an
action offered is performed, one refused is refused with the rule the table names), the
:class:`Pending` queue holds each seat once, its head is the actor and the pot once bought
stays bought, and the :class:`ViewCache` hands out what is built afresh."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from engine_soak import random_config
from stud_fast.betting_round import BettingRound
from stud_fast.deck import Deck, shuffled
from stud_fast.errors import RuleError
from stud_fast.pending import KINDS, Pending
from stud_fast.pots import build_pots
from stud_fast.seats import Seats
from stud_fast.seatview import _card_faces
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig
from stud_fast.views import ViewCache


def expected_counts(stacks: list[int], folded: list[bool], all_in: set[int]) -> tuple[int, int]:
    """(seats in the hand, seats that can still act), counted afresh from the lists."""
    live = sum(1 for f in folded if not f)
    able = sum(1 for s, f in enumerate(folded) if not f and stacks[s] > 0 and s not in all_in)
    return live, able


@pytest.mark.parametrize("seed", range(6))
def test_seats_keep_their_counts_and_chips_under_random_movements(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(50):
        n = rng.randint(2, 8)
        start = [rng.choice([1, 2, 5, 40]) for _ in range(n)]
        seats = Seats(start)
        rights: set[int] = set()
        folded = [False] * n
        for _ in range(rng.randint(1, 30)):
            s = rng.randrange(n)
            move = rng.random()
            if folded[s]:
                continue
            if move < 0.6:  # the engine puts in at most the stack
                seats.put(s, rng.randint(0, seats.stacks[s]))
            elif move < 0.75:
                seats.fold(s)
                folded[s] = True
            elif move < 0.85 and seats.stacks[s] > 0:
                seats.treat_all_in(s)
                rights.add(s)
            else:
                twin = seats.copy()
                twin.put(s, twin.stacks[s])  # the copy moves, the seats do not
                assert twin.contributed[s] - seats.contributed[s] == seats.stacks[s]
            assert seats.folded == folded and seats.all_in == rights
            assert (seats.live, seats.able) == expected_counts(seats.stacks, folded, rights)
            assert [a + b for a, b in zip(seats.stacks, seats.contributed)] == start
            assert all(x >= 0 for x in seats.stacks)
            assert [seats.is_all_in(p) for p in range(n)] == [
                not folded[p] and (seats.stacks[p] == 0 or p in rights) for p in range(n)]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_seats_counts_hold_through_whole_hands(variant: str) -> None:
    rng = random.Random(f"seats {variant}")
    for number in range(15):
        config = random_config(rng, variant)
        n = rng.randint(2, config.max_players)
        hand = StudHand(config, stacks=[rng.choice([1, 3, 8, 40]) for _ in range(n)],
                        seed=number)
        while True:
            seats = hand._seats
            assert (seats.live, seats.able) == expected_counts(hand.stacks, hand.folded,
                                                               seats.all_in)
            if hand.is_over:
                break
            kind = rng.choice(sorted(hand.legal_actions()))
            if kind == "turn_up":
                hand.turn_up(next(c for c, up in hand.cards[hand.actor or 0] if not up))
            else:
                hand.act(kind)


def test_the_deck_deals_every_card_once_then_runs_out() -> None:
    order = tuple(shuffled(list(range(52)), seed=4))
    assert sorted(order) == list(range(52))
    deck = Deck(order, None)
    seen = []
    while deck.left() > 2:
        seen.append(deck.draw())
        assert deck.left() == 52 - len(seen)
    deck.burn()
    seen += deck.burned
    seen.append(deck.draw())
    assert deck.left() == 0 and sorted(seen) == list(range(52))
    with pytest.raises(IndexError):
        deck.draw()


@pytest.mark.parametrize("seed", range(20))
def test_the_deck_stays_a_permutation_when_cards_are_put_next(seed: int) -> None:
    """Deck.put_next (StudHand.stack_deck): the chosen cards come off next, the cards already
    dealt keep their places, every card is still in the order once; a card not in the stub,
    or twice, is refused and changes nothing."""
    rng = random.Random(seed)
    cards = list(range(52))
    deck = Deck(tuple(shuffled(cards, seed)), None)
    dealt: list[int] = []
    while deck.left():
        stub = list(deck.order[deck.next:])
        chosen = tuple(rng.sample(stub, rng.randint(0, min(4, len(stub)))))
        deck.put_next(chosen)
        assert sorted(deck.order) == cards and list(deck.order[:deck.next]) == dealt
        before = deck.order
        if dealt:
            with pytest.raises(ValueError):
                deck.put_next((dealt[0],))
        if len(stub) > 1:
            with pytest.raises(ValueError):
                deck.put_next((stub[0], stub[0]))
        assert deck.order == before
        for card in chosen:
            assert deck.draw() == card
            dealt.append(card)
        if deck.left() and rng.random() < 0.5:
            dealt.append(deck.draw())


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_no_card_is_dealt_twice_in_a_hand(variant: str) -> None:
    rng = random.Random(f"deck {variant}")
    for number in range(25):
        config = random_config(rng, variant)
        n = rng.randint(2, config.max_players)  # the most players: a shared card (S3)
        hand = StudHand(config, stacks=[200] * n, seed=number, burn=rng.random() < 0.8)
        while not hand.is_over:
            if rng.random() < 0.05 and hand.can_expose_premature_card():
                hand.expose_premature_card()
            kind = rng.choice([k for k in sorted(hand.legal_actions()) if k != "fold"]
                              or ["fold"])
            if kind == "turn_up":
                hand.turn_up(next(c for c, up in hand.cards[hand.actor or 0] if not up))
            else:
                hand.act(kind)
        held = [c for cards in hand.cards for c, _ in cards]
        out = held + hand.community
        # every card dealt or shared is one of the deck's, once; the burned cards are others
        # (a shared card from the burned ones when the stub ran out, S3, left the burn pile)
        assert len(out) == len(set(out)) and set(out) <= set(hand.deck)
        assert not set(out) & set(hand._shoe.burned)
        assert len(hand._shoe.burned) == len(set(hand._shoe.burned))


_BETTING = ("fold", "check", "call", "bet", "raise", "bring_in", "complete")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_rounds_decision_for_each_action_matches_its_rule_table(variant: str) -> None:
    """At each decision of random hands: every betting action is either offered by
    BettingRound.legal (with its least and most amount) or refused by the same table with a
    rule ID; an offered one is performed at both ends of its range on a copy of the hand, a
    refused one raises RuleError naming the table's rule and leaves the hand as it was."""
    rng = random.Random(f"round {variant}")
    for number in range(8):
        config = random_config(rng, variant)
        n = rng.randint(2, min(5, config.max_players))
        hand = StudHand(config, stacks=[rng.choice([3, 10, 60]) for _ in range(n)],
                        seed=number)
        while not hand.is_over:
            s = hand.actor
            legal = hand.legal_actions()
            if s is not None and not hand._pending.queue:
                refused: dict[str, tuple[str, str]] = {}
                offered = hand._round.legal(hand, s, refused)
                assert offered == {k: v for k, v in legal.items() if k in _BETTING}
                for kind in _BETTING:
                    assert (kind in offered) != (kind in refused), kind
                    if kind in refused:
                        before = hand.to_json()
                        with pytest.raises(RuleError) as caught:
                            hand.act(kind)
                        assert caught.value.rule == refused[kind][0]
                        assert hand.to_json() == before
                        continue
                    least, most = offered[kind]
                    for amount in {least, most}:
                        twin = hand.copy()
                        to = amount if kind in ("bet", "raise") else None
                        record = twin.act(kind, to)
                        assert record.kind == kind and record.seat == s
                        put = twin.contributed[s] - hand.contributed[s]
                        if kind in ("bet", "raise", "complete"):
                            assert record.to == amount and put == amount - hand._round.bet[s]
                        elif kind != "check" and kind != "fold":
                            assert put == amount  # call and bring-in: the chips put in
                        else:
                            assert put == 0
            kind = rng.choice(sorted(legal))
            if kind == "turn_up":
                hand.turn_up(next(c for c, up in hand.cards[s or 0] if not up))
            else:
                hand.act(kind)


def test_a_round_is_its_own_state() -> None:
    rnd = BettingRound(3, 5)
    twin = rnd.copy()
    twin.bet[1] = 5
    twin.acted[1] = True
    assert rnd.bet == [0, 0, 0] and rnd.acted == [False] * 3 and twin != rnd


class _Facts:
    """The little of a hand Pending.legal reads: the pot and the stacks."""

    def __init__(self, pot_total: int, stacks: list[int]) -> None:
        self.pot_total = pot_total
        self.stacks = stacks


def test_pending_operations_come_in_order_each_seat_once() -> None:
    pending = Pending()
    facts = _Facts(12, [5, 40, 40])
    refused: dict[str, tuple[str, str]] = {}
    assert pending.legal(facts, 0, refused) is None  # nothing pending: the round decides
    assert {k: r for k, (r, _) in refused.items()} == {
        "take_all_in": "I2", "play_on": "I2", "turn_up": "S4", "buy_pot": "S5"}
    assert pending.after_deal([("buy_pot", 0), ("buy_pot", 2)]) == 0
    assert pending.legal(facts, 0, None) == {"buy_pot": (5, 5), "fold": (0, 0)}  # all in
    twin = pending.copy()
    pending.buy()
    assert pending.done() == 2 and pending.legal(facts, 2, None) == {"buy_pot": (12, 12),
                                                                      "fold": (0, 0)}
    assert twin.queue == [("buy_pot", 0), ("buy_pot", 2)] and not twin.pot_bought
    assert twin != pending
    pending.first_choice(1)  # I2 reported: the choice comes first
    assert pending.queue[0] == ("all_in_choice", 1)
    assert set(pending.legal(facts, 1, None) or {}) == {"take_all_in", "play_on"}
    assert pending.done() == 2 and pending.done() is None and pending.queue == []
    assert pending.pot_bought  # bought stays bought
    pending.after_deal([("turn_up", 0)])
    pending.clear()
    assert pending.queue == [] and pending.legal(facts, 0, None) is None


@pytest.mark.parametrize("variant", ["mexican_stud", "baseball", "seven_card_stud"])
def test_pending_head_is_the_actor_and_a_bought_pot_stays_bought(variant: str) -> None:
    """Through random whole hands (with exposed seventh-street cards reported in the
    seven-card games): every queued operation is a known kind, each seat is queued once, the
    seat at the head is the actor and is offered exactly that operation's choices; the pot is
    bought exactly when a buy_pot record says so, and never unbought."""
    rng = random.Random(f"pending {variant}")
    offered = {"all_in_choice": {"take_all_in", "play_on"}, "turn_up": {"turn_up"},
               "buy_pot": {"buy_pot", "fold"}}
    kinds_seen: set[str] = set()
    # folds seldom, so that hands reach the seventh street
    for hand in _random_decisions(rng, variant, 40, fold=False):
        pending = hand._pending
        queue = pending.queue
        assert all(kind in KINDS for kind, _ in queue)
        assert len({s for _, s in queue}) == len(queue)
        if queue:
            kinds_seen.add(queue[0][0])
            assert hand.actor == queue[0][1]
            assert set(hand.legal_actions()) == offered[queue[0][0]]
        bought = any(r.kind == "buy_pot" for r in hand.records)
        assert pending.pot_bought == bought
    expected = {"mexican_stud": "turn_up", "baseball": "buy_pot",
                "seven_card_stud": "all_in_choice"}[variant]
    assert expected in kinds_seen


def test_the_view_cache_builds_afresh_what_changed() -> None:
    cache = ViewCache()
    pots = cache.pots_of([4, 4, 2], [False, False, True])
    assert pots == build_pots([4, 4, 2], [False, False, True])
    assert cache.pots_of([4, 4, 2], [False, False, True]) is pots  # unchanged: kept
    assert cache.pots_of([4, 6, 2], [False, False, True]) == build_pots([4, 6, 2],
                                                                        [False, False, True])
    cards = [[(4, False), (9, True)], [(13, True)]]
    faces = cache.faces_of(cards)
    assert faces == _card_faces(cards) and cache.faces_of(cards) is faces
    cards[1].append((20, False))
    cache.forget_faces()
    assert cache.faces_of(cards) == _card_faces(cards)
    twin = cache.copy()
    assert twin.pots == cache.pots and twin.pots is not cache.pots


def test_a_hands_cache_is_not_its_state() -> None:
    """A copy of a hand may start with an empty view cache: its views are the same."""
    hand = StudHand(GameConfig(variant="razz", ante=1, small_bet=4), stacks=[30] * 3, seed=2)
    hand.view(0)
    twin = hand.copy()
    twin._views = ViewCache()
    assert twin.view(0) == hand.view(0) and twin.seat_view(1) == hand.seat_view(1)
    assert twin.pots() == hand.pots()


@pytest.mark.parametrize("variant", ["seven_card_stud", "mexican_stud", "baseball", "razz"])
def test_a_seat_views_history_is_every_players_action_so_far(variant: str) -> None:
    """SeatView.history, kept by the hand as actions are recorded, is at every decision
    exactly the players' actions among the records (turn-ups and buys of the pot included,
    the dealer's exposed cards not), in every seat's view, and in a copy of the hand."""
    acted = {"bring_in", "complete", "bet", "raise", "call", "check", "fold", "turn_up",
             "buy_pot", "take_all_in", "play_on"}
    longest = 0
    for hand in _random_decisions(random.Random(f"history {variant}"), variant, 25):
        want = tuple(r for r in hand.records if r.kind in acted)
        assert all(hand.seat_view(s).history == want for s in range(hand.seats))
        assert hand.copy().seat_view(0).history == want
        longest = max(longest, len(want))
    assert longest > 10


def _random_decisions(rng: random.Random, variant: str, hands: int, *, fold: bool = True
                      ) -> Iterator[StudHand]:
    """Random whole hands of ``variant``: the hand at each decision, before it is taken (a
    uniform legal action, folds left out where another is legal unless ``fold``; now and
    then an exposed seventh-street card reported first)."""
    for number in range(hands):
        config = random_config(rng, variant)
        n = rng.randint(2, config.max_players)
        hand = StudHand(config, stacks=[rng.choice([3, 40, 200]) for _ in range(n)],
                        seed=number)
        while not hand.is_over:
            yield hand
            s = hand.actor
            assert s is not None
            if rng.random() < 0.3:
                seat = rng.randrange(n)
                if hand.can_report_exposed_card(seat):
                    hand.report_exposed_card(seat)
                    continue
            legal = sorted(hand.legal_actions())
            kind = rng.choice(legal if fold else [k for k in legal if k != "fold"] or legal)
            if kind == "turn_up":
                hand.turn_up(next(c for c, up in hand.cards[s] if not up))
            else:
                hand.act(kind)

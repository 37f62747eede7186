"""Hands dealt to order for the rule tests: a deck order that gives each seat chosen cards.

`deal_order` lays out the cards each seat should get, street by street, in the order the dealer
hands them out (clockwise from the dealer's left, one burn card before every street); `seven`
starts a seven-card stud hand (the stakes of `SEVEN`, any option changed) dealt that way, and
`check_down` plays a hand to its end with nobody betting.
"""

from __future__ import annotations

from stud_fast.cards import parse_cards
from stud_fast.table import StudHand
from stud_fast.variants import GameConfig

SEVEN = dict(variant="seven_card_stud", ante=1, bring_in=2, small_bet=10, big_bet=20)


def deal_order(dealer: int, streets: list[list[str]], burn: bool = True) -> list[int]:
    """Deck order giving seat s the cards streets[k][s] (text) on street k.

    Each entry of streets[k] is the seat's cards for that street, in dealing rounds: for
    third street "As Kd 7h" means down, down, up.
    """
    n = len(streets[0])
    order: list[int] = []
    seats = [(dealer + 1 + i) % n for i in range(n)]
    used = {c for street in streets for cards in street for c in parse_cards(cards)}
    burned = iter(sorted(set(range(52)) - used, reverse=True))  # burn cards nobody needs
    for street in streets:
        if burn:
            order.append(next(burned))
        per_seat = {s: list(parse_cards(street[s])) for s in range(n)}
        for k in range(len(per_seat[0])):
            for s in seats:
                order.append(per_seat[s][k])
    return order


def seven(cards: list[list[str]], stacks: list[int], dealer: int = 0,
          **options: object) -> StudHand:
    cfg = GameConfig(**{**SEVEN, **options})  # type: ignore[arg-type]
    return StudHand(cfg, stacks=stacks, dealer=dealer, deck=deal_order(dealer, cards))


def check_down(hand: StudHand) -> None:
    """Play to the end: everyone checks when they may, brings in when due, else calls."""
    while not hand.is_over:
        if hand.can_check():
            hand.check()
        elif hand.can_bring_in():
            hand.bring_in()
        else:
            hand.call()

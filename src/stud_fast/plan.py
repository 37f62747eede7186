"""What the engine derives from a configuration once: the deck, the streets, the bet sizes and
the variant's facts the state machine reads (never the variant's name)."""

from __future__ import annotations

from stud_fast.rankings import Ranking
from stud_fast.variants import GameConfig

__all__ = ["Plan", "plan_of"]


class Plan:
    """What the engine derives from a :class:`GameConfig`, computed once per configuration
    (see :func:`plan_of`): the deck, each street's face-up pattern and bet, the C core's ranking
    numbers and the options the hot paths test on every action."""

    __slots__ = ("deck", "streets", "ups", "big", "fixed", "pot_limit", "small_bet", "big_bet",
                 "bring_in", "ante", "uses_bring_in", "cap", "unlimited_heads_up",
                 "open_pair", "wild", "always_wild", "buy_wild", "extra_card", "showing",
                 "dead_seat_keeps_cards", "max_players", "exposable")

    def __init__(self, config: GameConfig) -> None:
        game = config.game
        #: the variant's deck in id order (E4 shuffles it)
        self.deck: tuple[int, ...] = (game.ranking.deck if game.deck == 52
                                      else Ranking.SHORT32.deck)
        self.streets = len(game.streets)
        #: per street, whether each of its cards is dealt face up, in dealing order
        self.ups: tuple[tuple[bool, ...], ...] = tuple(
            (False,) * st.down + (True,) * st.up for st in game.streets)
        #: per street, True for a big-bet round (B2)
        self.big: tuple[bool, ...] = tuple(st.big for st in game.streets)
        self.fixed = config.betting == "fixed"
        self.pot_limit = config.betting == "pot"
        self.small_bet = config.small_bet
        self.big_bet = config.big_bet_amount
        self.bring_in = config.bring_in_amount
        self.ante = config.ante
        self.uses_bring_in = config.uses_bring_in
        #: bets and raises allowed in a fixed-limit round (B3)
        self.cap = 1 + config.max_raises
        self.unlimited_heads_up = config.unlimited_heads_up
        #: B4: an open pair on fourth street allows the big bet (seven-card games only)
        self.open_pair = config.open_pair_big_bet and game.cards_per_player == 7
        #: wild cards (D4, S5): any at all; rank masks of the ranks always wild, wild down
        #: (and up once the pot was bought), and earning an extra card when dealt up
        self.wild = game.has_wild_cards
        self.always_wild = game.rank_mask(game.wild_ranks)
        self.buy_wild = game.rank_mask(game.buy_ranks)
        self.extra_card = game.rank_mask(game.extra_card_ranks) if config.four_up_extra_card \
            else 0
        #: the C core's number of the ranking that decides who opens (F5)
        self.showing = game.showing.number
        self.dead_seat_keeps_cards = config.dead_seat_keeps_cards
        #: I2: the street whose (down) card may be exposed by mistake, or None
        self.exposable = game.exposable_street
        #: S3: the most players the deck serves
        self.max_players = config.max_players


#: id(config) -> (config, its plan); the config is kept so that its id is not reused
_PLANS: dict[int, tuple[GameConfig, Plan]] = {}


def plan_of(config: GameConfig) -> Plan:
    """The :class:`Plan` of a configuration, made once per configuration object (looked up
    by identity: hashing a GameConfig costs more than this whole lookup)."""
    entry = _PLANS.get(id(config))
    if entry is not None and entry[0] is config:
        return entry[1]
    if len(_PLANS) >= 256:  # many short-lived configurations: start afresh
        _PLANS.clear()
    plan = Plan(config)
    _PLANS[id(config)] = (config, plan)
    return plan

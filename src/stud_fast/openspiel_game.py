"""The OpenSpiel games themselves: :class:`StudGame`, :class:`StudState` and
:class:`StudObserver`, the parameters and action numbering they use, and the registration of
one game per variant with ``pyspiel`` (:data:`GAMES`), done once when this module is first
imported. The bots that play these games at stud_fast tables are in
:mod:`stud_fast.openspiel_bots`; :mod:`stud_fast.openspiel` re-exports both (the documented
import).

>>> import pyspiel
>>> game = pyspiel.load_game("stud_fast_razz(players=3)")
>>> isinstance(game, StudGame), game.num_players(), GAMES["razz"]
(True, 3, 'stud_fast_razz')
"""

from __future__ import annotations

import json
from typing import Any, Optional, cast

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the extra is missing
    raise ImportError("stud_fast.openspiel needs OpenSpiel: pip install '.[openspiel]' "
                      "(the open-spiel package)") from e

from stud_fast.env.arrays import ACTIONS, action_indices, bet_to_for
from stud_fast.records import PLAYER_ACTIONS, Record
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig, game_options, get_variant

__all__ = ["GAMES", "StudGame", "StudObserver", "StudState"]

#: the registered game names, by variant
GAMES: dict[str, str] = {v: f"stud_fast_{v}" for v in VARIANTS}

_DEFAULT_STACK = 200
#: the stakes the games default to (GameConfig has none)
_DEFAULTS: dict[str, Any] = {"ante": 1, "small_bet": 5}
_DEALER_OPS = frozenset(("post_antes", "collect_bets", "award"))
_KINDS = {k: i for i, k in enumerate(PLAYER_ACTIONS)}


def _parameters(variant: str) -> dict[str, Any]:
    """The game's parameters and defaults: players, stack and every GameConfig option (an
    option derived when absent, big_bet and bring_in, is 0 for "derived")."""
    params: dict[str, Any] = {"players": 2, "stack": _DEFAULT_STACK}
    for name, option in game_options().items():
        if name == "variant":
            continue
        default = _DEFAULTS.get(name, option.default)
        if name == "baseball_cards" and not get_variant(variant).baseball:
            continue
        params[name] = 0 if default is None else default
    return params


def _config(variant: str, params: dict[str, Any]) -> GameConfig:
    options = {k: v for k, v in params.items() if k not in ("players", "stack")}
    for derived in ("big_bet", "bring_in"):
        if options.get(derived) == 0:
            options[derived] = None
    return GameConfig(variant=variant, **options)


class _Shared(tuple[int, ...]):
    """An immutable tuple of ints a state's clones share: deep-copied as itself (OpenSpiel's
    clone() deep-copies every attribute of a state)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Shared":
        return self


class _Pending:
    """The deal under way: the cards drawn for it so far, its card count (-1: not known
    yet, or asked again at every card when an up four earns an extra card) and the cards
    left before it (None: not known yet). Immutable (replaced, never changed), so a state's
    clones share it."""

    __slots__ = ("chosen", "due", "stub")

    def __init__(self, chosen: tuple[int, ...], due: int, stub: Optional[_Shared]) -> None:
        self.chosen, self.due, self.stub = chosen, due, stub

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Pending":
        return self


class StudGame(pyspiel.Game):  # type: ignore[misc]
    """One stud variant as an OpenSpiel game; made by ``pyspiel.load_game``."""

    def __init__(self, variant: str, params: Optional[dict[str, Any]] = None) -> None:
        given = dict(params or {})
        full = {**_parameters(variant), **given}
        self.variant = variant
        self.config = _config(variant, full)
        self.players = int(full["players"])
        self.stack = int(full["stack"])
        if not 2 <= self.players <= self.config.max_players:
            raise ValueError(f"{variant} seats 2 to {self.config.max_players} players, "
                             f"got {self.players}")
        if self.stack < 1:
            raise ValueError(f"stack must be at least 1, got {self.stack}")
        plan_streets = len(self.config.game.streets)
        per_round = self.players * (self.config.max_raises + 3)
        if self.config.betting != "fixed":
            per_round = self.players * (self.stack // max(1, self.config.small_bet) + 3)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(ACTIONS), max_chance_outcomes=53,
            num_players=self.players, min_utility=float(-self.stack),
            max_utility=float(self.stack * (self.players - 1)), utility_sum=0.0,
            max_game_length=self.config.game.deck + plan_streets * per_round)
        super().__init__(_game_type(variant), info, full)
        # every hand starts alike (the cards are chance's): the hand after the antes, the
        # first deal's card count and the deck, made once and copied into each new state
        # (OpenSpiel's clone() makes a new initial state too, then copies attributes over)
        start = StudHand(self.config, stacks=[self.stack] * self.players, seed=0,
                         burn=False, automatic=False)
        while start.dealer_due in _DEALER_OPS:  # the antes
            getattr(start, start.dealer_due)()
        trial = start.copy()
        trial.deal()
        self._start: tuple[StudHand, int, _Shared] = (
            start, sum(len(c) for c in trial.cards) + len(trial.community), _Shared(start.stub()))

    def new_initial_state(self) -> "StudState":
        """A new hand, before the first card."""
        return StudState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "StudObserver":
        """The observer OpenSpiel asks for information states (perfect recall) and
        observations."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return StudObserver(self, kind.perfect_recall)


class StudState(pyspiel.State):  # type: ignore[misc]
    """A hand of a :class:`StudGame`; ``hand`` is its :class:`~stud_fast.table.StudHand`."""

    def __init__(self, game: StudGame) -> None:
        super().__init__(game)
        # two attributes: OpenSpiel's clone() deep-copies each (the hand by StudHand.copy(),
        # the pending deal as itself)
        start, due, stub = game._start  # the hand after the antes, dealing the first street
        self.hand = start.copy()
        self._pending = _Pending((), -1 if start.config.four_up_extra_card else due, stub)

    @property
    def _chosen(self) -> tuple[int, ...]:
        """The cards drawn so far for the deal under way."""
        return self._pending.chosen

    # ---- the dealer ----------------------------------------------------------------------

    def _run_dealer(self) -> None:
        """Apply the dealer's operations that need no chance (antes, collecting, the award),
        and deal a street once its cards are chosen."""
        hand = self.hand
        while not hand.is_over and hand.dealer_due is not None:
            due = hand.dealer_due
            if due in _DEALER_OPS:
                getattr(hand, due)()
                continue
            pending = self._pending
            count = pending.due
            if count < 0:
                count = self._cards_due()
                if not hand.config.four_up_extra_card:  # the count is the street's
                    pending = self._pending = _Pending(pending.chosen, count, pending.stub)
            if count > len(pending.chosen):
                return  # a chance node
            hand.stack_deck(pending.chosen)
            self._pending = _Pending((), -1, None)
            hand.deal()

    def _cards_due(self) -> int:
        """How many cards the pending deal takes given the cards chosen so far (baseball's
        extra card for an up four depends on them)."""
        trial = self.hand.copy()
        before = sum(len(c) for c in trial.cards) + len(trial.community)
        trial.stack_deck(self._chosen)
        trial.deal()
        return sum(len(c) for c in trial.cards) + len(trial.community) - before

    # ---- OpenSpiel's state API -------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt, TERMINAL at the end."""
        hand = self.hand
        if hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if hand.dealer_due == "deal":
            return int(pyspiel.PlayerId.CHANCE)
        assert hand.actor is not None
        return hand.actor

    def _legal_actions(self, player: int) -> list[int]:
        hand = self.hand
        if hand.is_over or hand.actor != player:
            return []
        return action_indices(hand, player)

    def _left(self) -> _Shared:
        """The cards left before the pending deal (the stub: chosen cards stay in it until
        the street is dealt), kept until then."""
        pending = self._pending
        stub = pending.stub
        if stub is None:
            stub = _Shared(self.hand.stub())
            self._pending = _Pending(pending.chosen, pending.due, stub)
        return stub

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card left, each as likely."""
        chosen = self._chosen
        left = [c for c in self._left() if c not in chosen] if chosen else self._left()
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        hand = self.hand
        if hand.dealer_due == "deal" and not hand.is_over:
            if action in self._chosen or action not in self._left():
                raise ValueError(f"card {action} is not left to deal")
            pending = self._pending
            self._pending = _Pending(pending.chosen + (int(action),), pending.due, pending.stub)
        else:
            seat = hand.actor
            if seat is None or action not in action_indices(hand, seat):
                raise ValueError(f"action {action} is not legal now")
            _play(hand, seat, int(action))
        self._run_dealer()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            from stud_fast.cards import card_str

            return f"deal {card_str(action)}"
        return ACTIONS[action]

    def is_terminal(self) -> bool:
        return bool(self.hand.is_over)

    def returns(self) -> list[float]:
        """Chips won (negative: lost) by each seat; all 0 until the end."""
        if not self.hand.is_over:
            return [0.0] * self.hand.seats
        start = self.hand.starting_stacks
        return [float(s - s0) for s, s0 in zip(self.hand.stacks, start)]

    def __str__(self) -> str:
        return json.dumps(self.hand.view(None))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> "StudState":
        """A state ``player_id`` cannot tell from this one, drawn uniformly: the same public
        actions and the same cards it sees, the cards it does not see (other players' down
        cards, the stub) permuted at random (``probability_sampler()`` gives floats in
        [0, 1)). For information-set search (OpenSpiel's IS-MCTS)."""
        hand = self.hand
        view = hand.seat_view(player_id)
        seen = {c for held in view.cards for c, _ in held if c is not None}
        seen.update(view.community)
        deck = self.get_game().new_initial_state().hand.stub()
        hidden = [c for c in deck if c not in seen]
        order = hidden[:]
        for i in range(len(order) - 1, 0, -1):  # Fisher-Yates with the caller's randomness
            j = min(int(float(probability_sampler()) * (i + 1)), i)
            order[i], order[j] = order[j], order[i]
        swap = dict(zip(hidden, order))
        state = cast(StudState, self.get_game().new_initial_state())
        for action in self.history():
            state.apply_action(swap.get(action, action) if state.is_chance_node() else action)
        return state


def _play(hand: StudHand, seat: int, index: int) -> None:
    """The seat takes action ``index`` (already known legal)."""
    name = ACTIONS[index]
    if name.startswith("turn_up_"):  # the seat's card j, in the order dealt
        hand.turn_up(hand.cards[seat][int(name[8:])][0])
    elif name.startswith("bet_"):
        kind = "bet" if "bet" in hand.legal_actions() else "raise"
        hand.act(kind, bet_to_for(hand, seat, index))
    else:
        hand.act(name)


class StudObserver:
    """What one player may know (E3), as a string and a tensor: every seat's cards the player
    sees (its own, everyone's up cards, cards shown), the shared card, stacks, bets, folds and
    the street; with perfect recall also every public action in order."""

    def __init__(self, game: StudGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        n = game.players
        self._n = n
        self._actions = game.max_game_length() if perfect_recall else 0
        pieces = [("player", n, (n,)), ("cards", n * 53, (n, 53)), ("community", 53, (53,)),
                  ("stacks", n, (n,)), ("contributed", n, (n,)), ("folded", n, (n,)),
                  ("street", 8, (8,))]
        if perfect_recall:
            pieces.append(("actions", self._actions * (n + len(_KINDS) + 1),
                           (self._actions, n + len(_KINDS) + 1)))
        self.tensor = np.zeros(sum(size for _, size, _ in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[at:at + size].reshape(shape)
            at += size

    def set_from(self, state: StudState, player: int) -> None:
        """Fill the tensor with what ``player`` knows in ``state``."""
        self.tensor.fill(0)
        d = self.dict
        hand = state.hand
        view = hand.seat_view(player)
        d["player"][player] = 1
        for s, held in enumerate(view.cards):
            for card, _ in held:
                if card is not None:
                    d["cards"][s, card] = 1
        for card in view.community:
            d["community"][card] = 1
        d["stacks"][:] = view.stacks
        d["contributed"][:] = view.contributed
        d["folded"][:] = view.folded
        if 0 <= view.street < 8:
            d["street"][view.street] = 1
        if self.perfect_recall:
            rows = d["actions"]
            n = self._n
            i = 0
            for r in hand.records:
                if r.seat is None or r.kind not in _KINDS or i >= len(rows):
                    continue
                rows[i, r.seat] = 1
                rows[i, n + _KINDS[r.kind]] = 1
                rows[i, -1] = r.to or r.amount
                i += 1

    def string_from(self, state: StudState, player: int) -> str:
        """What ``player`` knows in ``state`` as text: the engine's view of that seat
        (:meth:`StudHand.view`), with every public action when recall is perfect."""
        view = state.hand.view(player, copy=False)
        if not self.perfect_recall:
            view = {k: v for k, v in view.items() if k != "records"}
        return json.dumps(view, separators=(",", ":"))



# ---- for state_from_view: recorded actions' numbers, where a dealt card goes ----------------

_SIMPLE_KINDS = {name: i for i, name in enumerate(ACTIONS[:6])}  # fold ... buy_pot
_TURN_UP = ACTIONS.index("turn_up_0")


def _destination(state: StudState) -> tuple[int, int]:
    """Where the card of the chance node ``state`` goes: ``(seat, index)`` among the seat's
    cards in the order dealt, or ``(-1, index)`` among the community cards. Found by letting
    a copy of the hand deal a marker card there (the dealing order is the engine's)."""
    trial = state.hand.copy()
    chosen = list(state._chosen)
    counts = [len(held) for held in trial.cards]
    shared = len(trial.community)
    marker = next(c for c in trial.stub() if c not in chosen)
    trial.stack_deck(chosen + [marker])
    trial.deal()
    for seat, held in enumerate(trial.cards):
        for j in range(counts[seat], len(held)):
            if held[j][0] == marker:
                return seat, j
    return -1, trial.community.index(marker, shared)


def _action_index(hand: StudHand, seat: int, record: Record) -> int:
    """The action number (:data:`~stud_fast.env.arrays.ACTIONS`) of ``record``, an action
    ``seat`` takes now in ``hand``; ValueError when the numbering has none for it."""
    legal = action_indices(hand, seat)
    kind = record.kind
    index: Optional[int] = _SIMPLE_KINDS.get(kind)
    if kind in ("bet", "raise"):
        index = next((i for i in legal if ACTIONS[i].startswith("bet_")
                      and bet_to_for(hand, seat, i) == record.to), None)
    elif kind == "turn_up" and record.cards:
        own = [c for c, _ in hand.cards[seat]]
        if record.cards[0] in own:
            index = _TURN_UP + own.index(record.cards[0])
    if index is None or index not in legal:
        raise ValueError(f"the view's action {record.text()!r} is not one of the game's "
                         f"actions at that point (its stakes or stacks differ?)")
    return index


def _game_type(variant: str) -> Any:
    game = get_variant(variant)
    params = _parameters(variant)
    return pyspiel.GameType(
        short_name=GAMES[variant], long_name=f"stud_fast {game.name.replace('_', ' ')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.most_players(), min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


def _register() -> None:
    """One StudGame subclass per variant, registered by name (pyspiel keeps the class: a
    registered function, unlike a class, crashes the interpreter's exit)."""
    registered = set(pyspiel.registered_names())
    for variant, name in GAMES.items():
        if name in registered:
            continue

        def init(self: StudGame, params: Optional[dict[str, Any]] = None,
                 _variant: str = variant) -> None:
            StudGame.__init__(self, _variant, params)

        cls = type(f"StudGame_{variant}", (StudGame,), {"__init__": init})
        globals()[cls.__name__] = cls  # found by name, as pickle looks a class up
        pyspiel.register_game(_game_type(variant), cls)


_register()

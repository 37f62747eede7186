"""Every stud variant as an OpenSpiel game (``pip install '.[openspiel]'``).

Importing this module registers one game per variant with ``pyspiel``: ``stud_fast_razz``,
``stud_fast_seven_card_stud`` and so on (:data:`GAMES`), loadable by name with parameters::

    import pyspiel, stud_fast.openspiel
    game = pyspiel.load_game("stud_fast_razz(players=3,ante=1)")

The game drives a :class:`~stud_fast.table.StudHand` (``state.hand``): the rules are the
engine's. Chance nodes deal each card, uniformly over the cards left; a chance action is the id
of the card dealt (stud_fast's encoding, :mod:`stud_fast.cards`). There are no burns (they do
not change what the players are dealt). Player actions are numbered as in the environments
(:data:`stud_fast.env.arrays.ACTIONS`: 0 fold, 1 check, 2 call, 3 bring-in, 4 complete,
5 buy the pot, 6-10 bet or raise sizes, 11-15 turn up own card j). Information states and
observations hold only what the player may know (E3); returns are chips won or lost.

>>> import pyspiel
>>> game = pyspiel.load_game("stud_fast_five_card_stud_32(stack=40)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Mapping, Optional, Protocol

import numpy as np

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - the extra is missing
    raise ImportError("stud_fast.openspiel needs OpenSpiel: pip install '.[openspiel]' "
                      "(the open-spiel package)") from e

from stud_fast.bots import Action
from stud_fast.env.arrays import ACTIONS, action_indices, bet_to_for
from stud_fast.records import PLAYER_ACTIONS, Record
from stud_fast.seatview import SeatView
from stud_fast.table import StudHand
from stud_fast.variants import VARIANTS, GameConfig, game_options, get_variant

__all__ = ["GAMES", "StudGame", "StudObserver", "StudState", "PolicyBot", "SpielBot",
           "ismcts_bot", "policy_bot", "state_from_view"]

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
        state = self.get_game().new_initial_state()
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


# ---- OpenSpiel policies and bots as stud_fast bots --------------------------------------------

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


def state_from_view(game: StudGame, view: SeatView) -> tuple[StudState, int]:
    """The game's state as the view's seat knows it, and that seat's player number: the
    cards it sees and every public action (``view.history``) replayed through ``game``, the
    cards it does not see (E3: other seats' down cards) replaced by cards nobody at the table
    shows. The seats are renumbered from the dealer's left as in the game (player 0 is the
    dealer), so a view of any hand of the game's variant, stakes and stacks fits.

    What the player knows of the state is the view's: its information state string is the
    same whatever the hidden cards are (``tests/test_openspiel.py`` checks it against the
    real game's).

    >>> import pyspiel
    >>> from stud_fast.table import StudHand
    >>> game = pyspiel.load_game("stud_fast_razz(stack=50)")
    >>> hand = StudHand(game.config, stacks=[50, 50], dealer=1, seed=4)
    >>> state, player = state_from_view(game, hand.seat_view(hand.actor))
    >>> player == (hand.actor - 1) % 2, state.current_player() == player
    (True, True)
    """
    if not isinstance(game, StudGame):
        raise TypeError(f"game must be a stud_fast OpenSpiel game (pyspiel.load_game("
                        f"'stud_fast_...')), got {type(game).__name__}")
    if not isinstance(view, SeatView):
        raise TypeError(f"view must be a SeatView (StudHand.seat_view), got "
                        f"{type(view).__name__}")
    n = game.players
    if view.game.name != game.config.game.name or len(view.stacks) != n:
        raise ValueError(f"the view is of {len(view.stacks)}-seat {view.game.name}, the game "
                         f"{n}-player {game.config.game.name}")
    starting = [s + c for s, c in zip(view.stacks, view.contributed)]
    if any(chips != game.stack for chips in starting):
        raise ValueError(f"the view's seats started with {starting} chips, the game's with "
                         f"{game.stack} each")
    dealer = view.dealer
    player = (view.seat - dealer) % n
    state = game.new_initial_state()
    visible = {c for held in view.cards for c, _ in held if c is not None}
    visible.update(view.community)
    spare = iter([c for c in state.hand.stub() if c not in visible])
    # each game seat's cards in the order dealt: the real seat's, hidden ones stood in for
    wanted = [[c if c is not None else next(spare) for c, _ in view.cards[(q + dealer) % n]]
              for q in range(n)]
    actions = view.history
    done = 0
    while not state.is_terminal():
        if state.is_chance_node():
            seat, j = _destination(state)
            cards = wanted[seat] if seat >= 0 else list(view.community)
            if j >= len(cards):
                break  # a card the view has not seen dealt yet
            state.apply_action(cards[j])
        elif done < len(actions):
            record = actions[done]
            if record.seat is None or (record.seat - dealer) % n != state.current_player():
                raise ValueError(f"the view's action {record.text()!r} is not the game's "
                                 f"next player's")
            state.apply_action(_action_index(state.hand, state.current_player(), record))
            done += 1
        else:
            break
    if done < len(actions):
        raise ValueError(f"{len(actions) - done} of the view's actions do not fit the game")
    return state, player


def _check_game_and_name(game: object, name: object) -> None:
    """A TypeError unless ``game`` is one of these games and ``name`` a non-empty string (what
    every bot wrapper here checks first)."""
    if not isinstance(game, StudGame):
        raise TypeError(f"game must be a stud_fast OpenSpiel game (pyspiel.load_game("
                        f"'stud_fast_...')), got {type(game).__name__}")
    if not isinstance(name, str) or not name:
        raise TypeError(f"name must be a non-empty string, got {name!r}")


class PolicyLike(Protocol):
    """An OpenSpiel policy: ``open_spiel.python.policy.Policy`` (the average policy of
    external-sampling MCCFR, CFR's, a ``TabularPolicy``) or anything answering alike."""

    def action_probabilities(self, state: Any, player_id: Optional[int] = None
                             ) -> Mapping[int, float]:
        ...


class PolicyBot:
    """A stud_fast bot (:class:`~stud_fast.bots.Bot`) playing an OpenSpiel policy of a
    ``stud_fast_...`` game: made by :func:`policy_bot`.

    At each decision it rebuilds the player's state from the seat's view alone
    (:func:`state_from_view`: E3, no other seat's down card), asks the policy for its action
    probabilities there, draws one with the simulation's ``rng`` and answers it as a
    stud_fast action (the action numbers of the game, :data:`~stud_fast.env.arrays.ACTIONS`).
    An information state the policy does not know (``known`` says no, the policy raises
    ``KeyError``, or it gives no legal action any probability) is played uniformly over the
    legal actions and counted in :attr:`unseen`; :attr:`decisions` counts every decision.
    """

    def __init__(self, policy: PolicyLike | Mapping[str, Mapping[int, float]], game: StudGame,
                 name: str = "policy",
                 known: Optional[Callable[[str], bool]] = None) -> None:
        _check_game_and_name(game, name)
        if not isinstance(policy, Mapping) and not callable(
                getattr(policy, "action_probabilities", None)):
            raise TypeError("policy must have action_probabilities(state, player) (an "
                            "OpenSpiel policy) or map information state strings to "
                            f"{{action: probability}}, got {type(policy).__name__}")
        self.policy = policy
        self.game = game
        self.name = name
        self.known = known
        self.decisions = 0
        self.unseen = 0

    def information_state(self, view: SeatView) -> str:
        """The player's OpenSpiel information state string, rebuilt from ``view``."""
        state, player = state_from_view(self.game, view)
        return str(state.information_state_string(player))

    def probabilities(self, view: SeatView) -> dict[int, float]:
        """The policy's probability of each legal action number at ``view`` (uniform where
        the policy does not know the information state)."""
        state, player = state_from_view(self.game, view)
        return self._probabilities(state, player)[0]

    def _probabilities(self, state: StudState, player: int) -> tuple[dict[int, float], bool]:
        legal = state.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} is not to act")
        key = state.information_state_string(player)
        given: Optional[Mapping[int, float]] = None
        if self.known is None or self.known(key):
            try:
                if isinstance(self.policy, Mapping):
                    given = self.policy.get(key)
                else:
                    given = self.policy.action_probabilities(state, player)
            except KeyError:
                given = None
        chosen = {a: float(given.get(a, 0.0)) for a in legal} if given else {}
        total = sum(p for p in chosen.values() if p > 0)
        if total <= 0:
            return {a: 1.0 / len(legal) for a in legal}, False
        return {a: max(p, 0.0) / total for a, p in chosen.items()}, True

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The policy's action for the view's seat, drawn with ``rng``."""
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} is not to act")
        state, player = state_from_view(self.game, view)
        probabilities, found = self._probabilities(state, player)
        self.decisions += 1
        self.unseen += not found
        actions = list(probabilities)
        index = rng.choices(actions, weights=[probabilities[a] for a in actions])[0]
        return _bot_action(view, state.hand, player, index)


def _bot_action(view: SeatView, hand: StudHand, player: int, index: int) -> Action:
    """Action number ``index`` of ``player`` in ``hand`` (the game's) as the stud_fast action
    of the view's seat."""
    name = ACTIONS[index]
    action: Action = name
    if name.startswith("turn_up_"):
        action = ("turn_up", view.own_cards[int(name[8:])][0])
        name = "turn_up"
    elif name.startswith("bet_"):
        name = "bet" if "bet" in view.legal_actions else "raise"
        action = (name, bet_to_for(hand, player, index))
    if name not in view.legal_actions:
        raise ValueError(f"action {ACTIONS[index]} is not legal for seat {view.seat} now")
    return action


def policy_bot(policy: PolicyLike | Mapping[str, Mapping[int, float]], game: StudGame, *,
               name: str = "policy",
               known: Optional[Callable[[str], bool]] = None) -> PolicyBot:
    """A stud_fast bot playing ``policy``, an OpenSpiel policy of ``game`` (a
    ``stud_fast_...`` game: the same variant, stakes and stacks as the hands it plays), in
    :func:`~stud_fast.simulate.simulate` or anywhere a bot is given a
    :class:`~stud_fast.views.SeatView`: see :class:`PolicyBot`. ``policy`` is an OpenSpiel
    policy (``action_probabilities(state, player)``: the ``average_policy()`` of
    ``external_sampling_mccfr.ExternalSamplingSolver``, CFR's, a ``TabularPolicy``) or a
    mapping of information state strings to ``{action number: probability}``; ``known``
    optionally tells the information states the policy knows (the others are played
    uniformly and counted in ``unseen``).

    >>> import pyspiel
    >>> from open_spiel.python.algorithms import external_sampling_mccfr as es
    >>> from stud_fast.simulate import simulate
    >>> game = pyspiel.load_game("stud_fast_five_card_stud_32(stack=40,small_bet=2)")
    >>> solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
    >>> for _ in range(5):
    ...     solver.iteration()
    >>> bot = policy_bot(solver.average_policy(), game, name="mccfr")
    >>> summary = simulate("five_card_stud_32", hands=4, players=2, seed=1,
    ...                    bots=[bot, "random"], stack=40, small_bet=2, big_bet=4,
    ...                    progress=False)
    >>> summary.hands, bot.decisions > 0
    (4, True)
    """
    return PolicyBot(policy, game, name=name, known=known)


class SpielBot:
    """A stud_fast bot (:class:`~stud_fast.bots.Bot`) playing an OpenSpiel bot
    (``pyspiel.Bot``: ``step(state)`` answers an action number) of a ``stud_fast_...``
    game: at each decision the bot steps on the state rebuilt from the seat's view
    (:func:`state_from_view`; the cards the seat does not see are stand-ins, so the bot must
    search information sets, as IS-MCTS does, not read the state). Made by
    :func:`ismcts_bot` or given any bot: ``SpielBot(bot, game, name)``. The OpenSpiel bot
    draws with its own random source, not the simulation's ``rng``."""

    def __init__(self, bot: Any, game: StudGame, name: str = "spiel") -> None:
        _check_game_and_name(game, name)
        if not callable(getattr(bot, "step", None)):
            raise TypeError(f"bot must be an OpenSpiel bot (with step(state)), got "
                            f"{type(bot).__name__}")
        self.bot = bot
        self.game = game
        self.name = name
        self.decisions = 0

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The OpenSpiel bot's action for the view's seat."""
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} is not to act")
        state, player = state_from_view(self.game, view)
        index = int(self.bot.step(state))
        if index not in state.legal_actions(player):
            raise ValueError(f"the OpenSpiel bot chose action {index}, not legal now")
        self.decisions += 1
        return _bot_action(view, state.hand, player, index)


def ismcts_bot(game: StudGame, *, simulations: int = 100, uct_c: float = 2.0,
               rollouts: int = 1, seed: int = 0, name: str = "ismcts") -> SpielBot:
    """OpenSpiel's information-set MCTS as a stud_fast bot (:class:`SpielBot`):
    ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random-rollout leaf values,
    ``simulations`` searches per decision, each in a world drawn by
    :meth:`StudState.resample_from_infostate` (the cards the player does not see dealt
    afresh). OpenSpiel's C++ ``pyspiel.ISMCTSBot`` is not used: its ``step`` crashes the
    interpreter on any Python-registered game (segmentation fault with open-spiel 2.0.2, on
    OpenSpiel's own ``python_kuhn_poker`` as on these; the C++ ``kuhn_poker`` works).

    >>> import pyspiel
    >>> from stud_fast.simulate import simulate
    >>> game = pyspiel.load_game("stud_fast_seven_card_stud(stack=40,small_bet=2)")
    >>> bot = ismcts_bot(game, simulations=5)
    >>> simulate("seven_card_stud", hands=1, players=2, seed=2, bots=[bot, "strength"],
    ...          stack=40, small_bet=2, big_bet=4, progress=False).hands
    1
    """
    for label, value in (("simulations", simulations), ("rollouts", rollouts)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{label} must be a positive integer, got {value!r}")
    from open_spiel.python.algorithms import ismcts, mcts

    random_state = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(rollouts, random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, float(uct_c), simulations,
                           random_state=random_state)
    return SpielBot(bot, game, name=name)


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

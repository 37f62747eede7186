"""OpenSpiel policies and bots as stud_fast bots: :func:`policy_bot` (:class:`PolicyBot`)
plays an OpenSpiel policy of a ``stud_fast_...`` game, :func:`ismcts_bot` OpenSpiel's IS-MCTS
and :class:`SpielBot` any ``pyspiel.Bot``, each from the acting seat's
:class:`~stud_fast.seatview.SeatView` alone, rebuilt into the player's state by
:func:`state_from_view`. The games are :mod:`stud_fast.openspiel_game`'s (importing this module
imports it, which registers them); :mod:`stud_fast.openspiel` re-exports both.

>>> import pyspiel
>>> from stud_fast.simulate import simulate
>>> game = pyspiel.load_game("stud_fast_razz(stack=40,small_bet=2)")
>>> bot = policy_bot({}, game, name="uniform")  # knows no state: plays uniformly
>>> simulate("razz", hands=2, players=2, seed=3, bots=[bot, "random"], stack=40,
...          small_bet=2, big_bet=4, progress=False).hands
2
>>> bot.unseen == bot.decisions > 0
True
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Optional, Protocol

import numpy as np

from stud_fast.bots import Action
from stud_fast.env.arrays import ACTIONS, bet_to_for
from stud_fast.openspiel_game import StudGame, StudState, _action_index, _destination
from stud_fast.seatview import SeatView
from stud_fast.table import StudHand

__all__ = ["PolicyBot", "SpielBot", "ismcts_bot", "policy_bot", "state_from_view"]


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

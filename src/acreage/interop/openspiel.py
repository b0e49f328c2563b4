"""OpenSpiel: any acreage game as a pyspiel Python game (``pip install acreage[openspiel]``).

>>> import pyspiel
>>> from acreage.interop.openspiel import register
>>> name = register("fence-em-in")                      # doctest: +SKIP
>>> game = pyspiel.load_game(name, {"players": 3})      # doctest: +SKIP
>>> state = game.new_initial_state()                    # doctest: +SKIP

:func:`register` registers ``python_acreage_<name>`` (``python_acreage_fence_em_in``)
with pyspiel; ``pyspiel.load_game`` then makes games of it, and OpenSpiel's
algorithms (MCTS, CFR and its sampling variants, ...) run on them.

* **Parameters**: every field of the game's Rules whose value is an int, a
  bool, a string (including a fixed choice of strings, such as a mode) or a
  float, with the registered Rules' values as defaults. Component data
  (decks, boards, tables) and options that may be ``None`` are not
  parameters: register the Rules you want instead. A parameter given at its
  registered value is left for the Rules to derive, so ``players=3`` still
  gets the fence count of a three-player game.
* **Chance** is explicit: chance nodes list their outcomes by the game's
  chance numbering, with the exact probabilities (Fractions) as floats.
* **Actions** are the game's fixed numbering (``num_distinct_actions`` is
  ``facts.num_actions``); ``action_to_string`` is the move's text.
* **Observations** are built from ``observe`` only: ``observation_string``
  and ``observation_tensor`` show what the seat sees now,
  ``information_state_string`` and ``information_state_tensor`` its history
  (see :mod:`acreage.interop.common`). Only the seat's own view exists: an
  observer with ``public_info=False``, or private information of no player
  or of all players, is refused for a game with hidden information.
* **GameType and GameInfo** come from the game's facts under the loaded
  Rules: players, chance, perfect or imperfect information, utility bounds
  (-1 to 1 for win/loss, the score range for ``reward="score"``),
  ``max_game_length`` (the most player decisions; OpenSpiel counts chance
  outcomes apart), ``max_chance_outcomes`` (the size of the chance
  numbering, which OpenSpiel uses as the chance action space). The utility
  is zero-sum with two competitive players, identical for a cooperative
  game's win/loss, and general-sum otherwise.
* States share their past (an immutable :class:`~acreage.interop.common.Trail`),
  so ``clone()`` is cheap whatever the game's length.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

import attrs

from acreage.core.data import to_data
from acreage.core.game import CHANCE, Game, IllegalMoveError, check_seat, get_game
from acreage.interop import missing
from acreage.interop.common import (
    Reward,
    Trail,
    check_reward,
    game_reference,
    information_state_size,
    observation_text,
    returns,
    utility_bounds,
    utility_kind,
)

try:
    import numpy as np
    import pyspiel
except ImportError as e:
    raise ImportError(missing(__name__, e.name, "openspiel")) from None

__all__ = ["AcreageGame", "AcreageObserver", "AcreageState", "parameters", "register", "short_name"]

Parameter = int | bool | str | float

_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


def short_name(game: Game[Any, Any, Any] | str) -> str:
    """The pyspiel name of ``game``: ``python_acreage_`` and its name with underscores."""
    name = game if isinstance(game, str) else game.name
    return f"python_acreage_{name.replace('-', '_')}"


def _is_parameter(tp: Any) -> bool:
    if tp in (int, bool, str, float):
        return True
    if typing.get_origin(tp) is typing.Literal:
        kinds = {type(a) for a in typing.get_args(tp)}
        return len(kinds) == 1 and kinds <= {int, bool, str}
    return False


def parameters(game: Game[Any, Any, Any], rules: Any) -> dict[str, Parameter]:
    """The Rules fields that are OpenSpiel parameters, with their values in ``rules``."""
    cls: Any = game.rules_type  # a class, though the Game bundle types it as its constructor
    hints = typing.get_type_hints(cls)
    return {
        f.name: getattr(rules, f.name)
        for f in attrs.fields(cls)
        if f.init and _is_parameter(hints[f.name])
    }


_UTILITY = {
    "zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "general-sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


def _game_type(setup: _Setup, defaults: Mapping[str, Parameter]) -> Any:
    facts = setup.encoding.facts
    return pyspiel.GameType(
        short_name=short_name(setup.game),
        long_name=f"{setup.game.title} (acreage)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if facts.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if facts.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=_UTILITY[utility_kind(facts, setup.reward)],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=facts.max_players,
        min_num_players=facts.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=dict(defaults),
    )


class _Setup:
    """One loaded game: the acreage game, its Rules and encoding, the reward convention, the start."""

    __slots__ = ("encoding", "game", "reward", "rules", "start")

    def __init__(self, game: Game[Any, Any, Any], rules: Any, reward: Reward) -> None:
        self.game = game
        self.rules = rules
        self.reward = reward
        self.start = Trail.start(game, rules)
        self.encoding = self.start.encoding

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        # Read-only once made: pyspiel clones a state by deep-copying its attributes.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel serializes a state by pickling its attributes; the encoding may hold
        # closures, so pickle what makes it instead.
        return (_setup, (game_reference(self.game), self.rules, self.reward))


def _setup(game: Game[Any, Any, Any] | str, rules: Any, reward: Reward) -> _Setup:
    return _Setup(get_game(game) if isinstance(game, str) else game, rules, reward)


@attrs.frozen
class _Registration:
    """What ``register`` was given: the game, its Rules, the reward, the parameters' defaults."""

    game: Game[Any, Any, Any]
    rules: Any
    reward: Reward
    defaults: dict[str, Parameter]
    base: dict[str, Any]

    def setup(self, params: Mapping[str, Any]) -> _Setup:
        """The loaded game's setup: the registered Rules with the changed parameters."""
        changed = {k: v for k, v in params.items() if self.defaults.get(k) != v}
        rules = self.game.rules(self.base, **changed) if changed else self.rules
        return _Setup(self.game, rules, self.reward)


def register(
    game: Game[Any, Any, Any] | str, rules: Any = None, *, reward: Reward = "result"
) -> str:
    """Register ``game`` with pyspiel as ``python_acreage_<name>``; return that name.

    ``rules`` (the game's defaults when ``None``) give the parameters'
    defaults; ``reward`` is ``"result"`` (win/loss/draw) or ``"score"``.
    Registering again replaces the earlier registration.
    """
    game = get_game(game) if isinstance(game, str) else game
    rules = game.rules_type() if rules is None else rules
    registration = _Registration(
        game, rules, check_reward(reward), parameters(game, rules), to_data(rules)
    )
    # pyspiel keeps the constructor until the interpreter is gone; a class survives
    # that, where a closure crashes the interpreter on its way out.
    loader = type(
        f"AcreageGame_{game.name.replace('-', '_')}",
        (AcreageGame,),
        {"registration": registration, "__doc__": AcreageGame.__doc__},
    )
    pyspiel.register_game(_game_type(registration.setup({}), registration.defaults), loader)
    return short_name(game)


class AcreageGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """An acreage game under one Rules, as pyspiel sees it (made by ``pyspiel.load_game``).

    Attributes:
        acreage_game, rules, encoding: the game, its Rules and its encoding.
    """

    registration: _Registration

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        registration = self.registration
        setup = registration.setup(params or {})
        facts = setup.encoding.facts
        low, high = utility_bounds(facts, setup.reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=facts.num_actions,
            max_chance_outcomes=facts.num_chance_outcomes if facts.chance else 0,
            num_players=facts.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if utility_kind(facts, setup.reward) == "zero-sum" else None,
            max_game_length=facts.max_decisions,
        )
        game_type = _game_type(setup, registration.defaults)
        # The values in force, derived ones included (a three-player game's fence count),
        # so the game's string names its Rules and loads them again.
        super().__init__(game_type, info, parameters(setup.game, setup.rules))
        self._setup = setup
        self.acreage_game = setup.game
        self.rules = setup.rules
        self.encoding = setup.encoding

    def new_initial_state(self) -> AcreageState:
        """A new game, before setup's chance events."""
        return AcreageState(self, self._setup)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> AcreageObserver:
        """An observer: the seat's observation, or with ``perfect_recall`` its information state."""
        return AcreageObserver(self._setup, iig_obs_type, params)


class AcreageState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A position of an acreage game inside OpenSpiel.

    Attributes:
        trail: the line of play so far (:class:`~acreage.interop.common.Trail`);
            ``trail.state`` is the acreage state.
    """

    def __init__(self, game: AcreageGame, setup: _Setup) -> None:
        super().__init__(game)
        self._setup = setup
        self.trail = setup.start

    @property
    def trail(self) -> Trail:
        """The line of play so far; setting it moves the state there."""
        return self._trail

    @trail.setter
    def trail(self, trail: Trail) -> None:
        # OpenSpiel asks whose turn it is several times a move (is_chance_node,
        # is_terminal, apply_action): worked out once, here.
        self._trail = trail
        who = trail.state.to_move
        self._player = _TERMINAL if who is None else _CHANCE if who is CHANCE else int(who)

    def current_player(self) -> int:
        """The seat to move, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.trail.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes here by their chance numbers, ascending, with their probabilities."""
        return self.trail.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        move = self.trail.legal().get(action)
        if move is None:
            raise IllegalMoveError(f"action {action} is not legal here")
        self.trail = self.trail.then(move)

    def _action_to_string(self, player: int, action: int) -> str:
        move = self.trail.legal().get(action)
        if move is not None:
            return str(move)
        # Not a legal move here: name the action by its place in the numbering.
        encoding = self._setup.encoding
        numbering = encoding.chance if player == pyspiel.PlayerId.CHANCE else encoding.actions
        family, values = numbering.parts(action)
        return f"{family} {' '.join(map(str, values))}".rstrip()

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """Every seat's return: zeros until the end (see :mod:`acreage.interop.common`)."""
        setup = self._setup
        return list(returns(setup.game, self.trail.state, setup.reward, setup.encoding.facts))

    def __str__(self) -> str:
        return self.trail.text()


class AcreageObserver:
    """OpenSpiel's PyObserver for acreage games: one seat's view, now or with perfect recall.

    ``tensor`` is a flat float32 array; ``dict`` names its parts: the fields of
    the game's observation layout, and for the information state also
    ``actions_taken`` (how often the seat took each action number).
    """

    def __init__(
        self, setup: _Setup, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"acreage observers take no parameters, not {sorted(params)}")
        self._setup = setup
        encoding = setup.encoding
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if (
            iig_obs_type is not None
            and encoding.facts.hidden_information
            and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            )
        ):
            raise ValueError(
                "acreage observes one seat's view: public_info=True, private_info=SINGLE_PLAYER"
            )
        size = information_state_size(encoding) if self.perfect_recall else encoding.planes.size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in encoding.planes.fields:
            n = int(np.prod(shape, dtype=np.int64))
            self.dict[name] = self.tensor[at : at + n].reshape(shape)
            at += n
        if self.perfect_recall:
            self.dict["actions_taken"] = self.tensor[at:]

    def set_from(self, state: AcreageState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s view of ``state`` (its information state with perfect recall)."""
        if self.perfect_recall:
            observation, taken = state.trail.information_state_parts(player)
            size = len(observation)
            self.tensor[:size] = observation
            self.tensor[size:] = 0
            for action, count in taken.items():
                self.tensor[size + action] = count
            return
        setup = self._setup
        check_seat(player, setup.encoding.facts.players)
        self.tensor[:] = setup.encoding.observation(setup.game.observe(state.trail.state, player))

    def string_from(self, state: AcreageState, player: int) -> str:
        """``player``'s view of ``state`` as text (its history of events with perfect recall)."""
        if self.perfect_recall:
            return state.trail.information_state_string(player)
        setup = self._setup
        check_seat(player, setup.encoding.facts.players)
        tensor = setup.encoding.observation(setup.game.observe(state.trail.state, player))
        return observation_text(setup.encoding.planes, tensor)

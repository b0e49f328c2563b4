"""PettingZoo: any acreage game as an AEC environment (``pip install acreage[rl]``).

>>> from acreage.interop.pettingzoo import env
>>> e = env("fence-em-in")                              # doctest: +SKIP
>>> e.reset(seed=1)                                     # doctest: +SKIP
>>> for agent in e.agent_iter():                        # doctest: +SKIP
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

* Agents are ``"player_0"``, ``"player_1"``, ... in seat order; a seat may
  move several times in a row when the rules say so (``agent_selection``
  tells who is next).
* Actions are ``Discrete(n)`` over the game's fixed numbering for the Rules
  (``game.facts(rules).num_actions``): the same number is the same move in
  every position. An action that is not legal raises
  :class:`~acreage.IllegalMoveError`; wrap the environment in PettingZoo's
  ``TerminateIllegalWrapper`` to make it a loss instead.
* Observations are ``{"observation": array, "action_mask": int8 array}``:
  the seat's observation tensor, built from ``observe`` (so it never shows
  what the seat may not see), and a mask of its legal actions (all zeros when
  another seat is to move or the game is over).
* Rewards come once, at the end: win/loss/draw, or the score difference with
  ``reward="score"`` (see :mod:`acreage.interop.common`).
* Chance (dice, draws, shuffles) is resolved inside ``reset`` and ``step``
  with a :class:`random.Random` seeded by ``reset(seed=...)``, sampling the
  exact probabilities; the same seed and actions replay the same game.
* ``render_mode="ansi"`` renders the board as text, ``"svg"`` as an SVG
  document (a string). There is no ``"rgb_array"``: rasterising the SVG
  would need a heavy dependency (cairo) that this extra does not pull in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from acreage.core.game import CHANCE, Game, GameError, IllegalMoveError, get_game
from acreage.interop import missing
from acreage.interop.common import Reward, action_numbers, check_reward, returns, settle

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
except ImportError as e:
    raise ImportError(missing(__name__, e.name, "rl")) from None

from acreage.interop.spaces import (
    RENDER_MODES,
    Observer,
    action_number,
    check_render_mode,
    observation_space,
)

__all__ = ["AcreageEnv", "env"]


class AcreageEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One acreage game as a PettingZoo AEC environment (see the module docstring).

    Args:
        game: a :class:`~acreage.Game` or its registry name.
        rules: the game's Rules; its defaults when ``None``.
        reward: ``"result"`` (win +1 / draw 0 / loss -1; cooperative games:
            all +1 or all -1) or ``"score"`` (score difference).
        dtype: the observation array's numpy dtype: ``"float32"`` (the
            default, what networks eat) or an integer dtype such as ``"int8"``.
        render_mode: ``None``, ``"ansi"`` or ``"svg"``.

    Attributes:
        game, rules: what is played.
        encoding: the game's encoding for the Rules (facts, numbering, planes).
        game_state: the acreage state now (the whole state, hidden cards
            included: for acreage agents and debugging, not for learners).
    """

    def __init__(
        self,
        game: Game[Any, Any, Any] | str,
        rules: Any = None,
        *,
        reward: Reward = "result",
        dtype: Any = "float32",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game: Game[Any, Any, Any] = get_game(game) if isinstance(game, str) else game
        self.rules = self.game.rules_type() if rules is None else rules
        self.encoding = self.game.encoding_of(self.rules)
        self.reward = check_reward(reward)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {
            "name": f"acreage_{self.game.name.replace('-', '_')}_v0",
            "is_parallelizable": False,
            "render_modes": list(RENDER_MODES),
            "render_fps": 1,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players(self.rules))]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._dtype = np.dtype(dtype)
        n = self.encoding.actions.size
        self._action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: observation_space(self.encoding, self._dtype) for a in self.possible_agents
        }
        self._observer = Observer(self.encoding, self._dtype)
        self._rng = random.Random()
        # The legal moves now (as legal_moves gives them) and their action numbers, in the
        # same order: the dict of legal_moves() is made only when it is asked for.
        self._moves: Sequence[Any] = ()
        self._numbers: list[int] = []
        self._to_move: Any = None
        # The last observation packed: (state, seat, packed bytes). last() and observe()
        # of one agent at one step observe and encode once; the bytes are immutable.
        self._seen: tuple[Any, int, bytes] | None = None
        self.game_state: Any = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The action space of ``agent``: ``Discrete(num_actions)`` (the same object every call)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes its chance (``None`` goes on with the current stream)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._enter(self.game.new_game(self.rules))

    def _enter(self, state: Any) -> None:
        """Settle chance, then make ``state`` current: whose turn, its legal moves, or the end."""
        who = state.to_move
        if who is CHANCE:
            state, who = settle(self.game, state, self._rng)
        self.game_state = state
        self._to_move = who
        if who is None:
            self._moves, self._numbers = (), []
            values = returns(self.game, state, self.reward, self.encoding.facts)
            for agent, value in zip(self.possible_agents, values, strict=True):
                self.rewards[agent] = value
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        self._moves = moves = self.game.legal_moves(state)
        self._numbers = action_numbers(self.encoding, state, moves)
        self.agent_selection = self.possible_agents[who]

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection`` (``None`` once its game is over)."""
        if self.game_state is None:
            raise GameError("reset() the environment before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = action_number(action)
        try:
            move = self._moves[self._numbers.index(number)]
        except ValueError:
            raise IllegalMoveError(f"{agent}: action {number} is not a legal move here") from None
        self._cumulative_rewards[agent] = 0.0
        self._enter(self.game.apply_move(self.game_state, move))

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation tensor and legal-action mask (fresh arrays every call)."""
        state = self.game_state
        if state is None:
            raise GameError("reset() the environment before observe()")
        seat = self._seats[agent]
        seen = self._seen
        if seen is not None and seen[0] is state and seen[1] == seat:
            packed = seen[2]
        else:
            quick = self.encoding.seat_observation_bytes(state, seat)
            if quick is None:
                packed = self.encoding.observation_bytes(self.game.observe(state, seat))
            else:
                packed = quick
            self._seen = (state, seat, packed)
        return self._observer(packed, self._numbers if self._to_move == seat else ())

    def legal_moves(self) -> dict[int, Any]:
        """The legal moves now, by action number (empty at the end)."""
        return dict(zip(self._numbers, self._moves))  # noqa: B905  (as long: action_numbers)

    def legal_actions(self) -> list[int]:
        """The legal action numbers of ``agent_selection`` now, in the game's move order
        (empty at the end): what OpenSpiel's ``state.legal_actions()`` gives, for an agent
        that picks a number without scanning the whole mask. A list of its own."""
        return list(self._numbers)

    def render(self) -> str | None:
        """The board as text (``"ansi"``) or as an SVG document (``"svg"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render_mode: pass render_mode='ansi' or 'svg'"
            )
            return None
        if self.game_state is None:
            raise GameError("reset() the environment before render()")
        if self.render_mode == "ansi":
            return self.game.render_text(self.game_state)
        return self.game.render_svg(self.game_state)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def env(
    game: Game[Any, Any, Any] | str,
    rules: Any = None,
    *,
    reward: Reward = "result",
    dtype: Any = "float32",
    render_mode: str | None = None,
) -> AcreageEnv:
    """An AEC environment of ``game`` under ``rules`` (see :class:`AcreageEnv` for the options).

    It is not wrapped in PettingZoo's ``OrderEnforcingWrapper``: it refuses
    ``step`` and ``observe`` before ``reset`` itself, and the wrapper's
    per-call attribute forwarding would cost a tenth of a step.
    """
    return AcreageEnv(game, rules, reward=reward, dtype=dtype, render_mode=render_mode)

"""Gymnasium: one seat of any acreage game as a single-agent environment (``pip install acreage[rl]``).

>>> import gymnasium
>>> import acreage.interop.gymnasium                    # registers the ids below
>>> env = gymnasium.make("acreage/MadCowSolo-v0")       # doctest: +SKIP
>>> obs, info = env.reset(seed=1)                       # doctest: +SKIP
>>> action = env.action_space.sample(obs["action_mask"])    # doctest: +SKIP

* :class:`SingleAgentEnv` puts a learner in one seat of any game; the other
  seats are played by acreage agents (``agent(state, legal_moves, rng) ->
  move``, :class:`acreage.play.RandomAgent` where none is given).
  ``acreage/SingleAgent-v0`` makes one through ``gymnasium.make`` (its
  arguments as keywords: ``game="fence-em-in", seat=1``).
* ``acreage/MadCowSolo-v0`` is the solo Mad Cow game of Crazy Farmers
  (``Rules(players=1, mode="mad-cow")``): one farmer against the Cow.

Actions are ``Discrete(num_actions)`` over the game's fixed numbering;
observations are ``{"observation": array, "action_mask": int8 array}`` as in
:mod:`acreage.interop.pettingzoo`. The reward comes once, when the episode
ends (win/loss/draw, or the score difference with ``reward="score"``); the
games are bounded (``facts.max_decisions``), so episodes are never
truncated. Chance and the opponents' choices are drawn from
:class:`random.Random` streams seeded by ``reset(seed=...)``.

An action that is not legal (a learner that ignores the mask, or
``check_env``'s unmasked samples) ends the episode as a loss with the lowest
reward there is and ``info["illegal_action"] = True``; pass
``on_illegal="raise"`` to get :class:`~acreage.IllegalMoveError` instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from acreage.core.game import Game, GameError, IllegalMoveError, check_seat, get_game
from acreage.interop import missing
from acreage.interop.common import (
    Reward,
    action_numbers,
    check_reward,
    returns,
    settle,
    utility_bounds,
)
from acreage.play import Agent, RandomAgent

try:
    import gymnasium
    import numpy as np
except ImportError as e:
    raise ImportError(missing(__name__, e.name, "rl")) from None

from acreage.interop.spaces import (
    RENDER_MODES,
    Observer,
    action_number,
    check_render_mode,
    observation_space,
)

__all__ = ["MAD_COW_SOLO", "SINGLE_AGENT", "MadCowSolo", "SingleAgentEnv"]

MAD_COW_SOLO: Final = "acreage/MadCowSolo-v0"
"""The Gymnasium id of the solo Mad Cow game."""

SINGLE_AGENT: Final = "acreage/SingleAgent-v0"
"""The Gymnasium id of :class:`SingleAgentEnv`: ``gymnasium.make(SINGLE_AGENT, game="fence-em-in", seat=1)``."""

OnIllegal = Literal["lose", "raise"]


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """Seat ``seat`` of ``game`` as a Gymnasium environment; acreage agents play the other seats.

    Args:
        game: a :class:`~acreage.Game` or its registry name.
        rules: the game's Rules; its defaults when ``None``.
        seat: the learner's seat.
        opponents: ``{seat: agent}`` for the other seats; a seat not given
            is played by :class:`~acreage.play.RandomAgent`. Agents see the
            whole state, as everywhere in acreage.
        reward: ``"result"`` or ``"score"`` (see :mod:`acreage.interop.common`).
        dtype: the observation array's numpy dtype (``"float32"`` by default).
        render_mode: ``None``, ``"ansi"`` (text) or ``"svg"`` (an SVG document).
        on_illegal: ``"lose"`` (an illegal action ends the episode with the
            lowest reward) or ``"raise"``.

    Attributes:
        game, rules, seat: what is played, and by whom.
        encoding: the game's encoding for the Rules.
        game_state: the acreage state now (whole: for debugging, not learning).
    """

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012  (Gymnasium's own class attribute)

    def __init__(
        self,
        game: Game[Any, Any, Any] | str,
        rules: Any = None,
        seat: int = 0,
        opponents: Mapping[int, Agent] | None = None,
        *,
        reward: Reward = "result",
        dtype: Any = "float32",
        render_mode: str | None = None,
        on_illegal: OnIllegal = "lose",
    ) -> None:
        self.game: Game[Any, Any, Any] = get_game(game) if isinstance(game, str) else game
        self.rules = self.game.rules_type() if rules is None else rules
        self.encoding = self.game.encoding_of(self.rules)
        players = self.game.players(self.rules)
        self.seat = check_seat(seat, players)
        given = dict(opponents or {})
        if seat in given:
            raise ValueError(f"seat {seat} is the learner's; it takes no opponent agent")
        for other in given:
            check_seat(other, players)
        self.opponents: dict[int, Agent] = {
            s: given.get(s, RandomAgent()) for s in range(players) if s != seat
        }
        self.reward = check_reward(reward)
        if on_illegal not in ("lose", "raise"):
            raise ValueError(f"on_illegal is 'lose' or 'raise', not {on_illegal!r:.40}")
        self.on_illegal = on_illegal
        self.render_mode = check_render_mode(render_mode)
        self._dtype = np.dtype(dtype)
        self.action_space = gymnasium.spaces.Discrete(self.encoding.actions.size)
        self.observation_space = observation_space(self.encoding, self._dtype)
        self._observer = Observer(self.encoding, self._dtype)
        self._lowest = utility_bounds(self.encoding.facts, self.reward)[0]
        self._chance: random.Random | None = None
        self._choices: random.Random | None = None
        # The learner's legal moves now and their action numbers, in the same order: the
        # dict of legal_moves() is made only when it is asked for.
        self._moves: Sequence[Any] = ()
        self._numbers: list[int] = []
        self._over = True
        self.game_state: Any = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game and play it up to the learner's first decision."""
        super().reset(seed=seed)
        if seed is not None or self._chance is None:
            base = seed if seed is not None else int(self.np_random.integers(2**63))
            self._chance = random.Random(f"acreage:{base}:chance")
            self._choices = random.Random(f"acreage:{base}:agents")
        self._advance(self.game.new_game(self.rules))
        return self._observation(), {}

    def _advance(self, state: Any) -> bool:
        """Play chance and the opponents until the learner decides or the game ends; whether it ended."""
        assert self._chance is not None, "reset() seeds the streams"
        assert self._choices is not None, "reset() seeds the streams"
        game = self.game
        while True:
            state, who = settle(game, state, self._chance)
            if who is None or who == self.seat:
                break
            state = game.apply_move(
                state, self.opponents[who](state, game.legal_moves(state), self._choices)
            )
        self.game_state = state
        self._over = who is None
        if self._over:
            self._moves, self._numbers = (), []
        else:
            self._moves = moves = game.legal_moves(state)
            self._numbers = action_numbers(self.encoding, state, moves)
        return self._over

    def _observation(self) -> dict[str, Any]:
        packed = self.encoding.seat_observation_bytes(self.game_state, self.seat)
        if packed is None:
            packed = self.encoding.observation_bytes(self.game.observe(self.game_state, self.seat))
        return self._observer(packed, self._numbers)

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then everything up to its next decision or the end."""
        if self._over:
            raise GameError("the episode is over: call reset()")
        number = action_number(action)
        try:
            move = self._moves[self._numbers.index(number)]
        except ValueError:
            if self.on_illegal == "raise":
                raise IllegalMoveError(f"action {number} is not a legal move here") from None
            self._over = True
            self._moves, self._numbers = (), []
            return self._observation(), self._lowest, True, False, {"illegal_action": True}
        over = self._advance(self.game.apply_move(self.game_state, move))
        reward = 0.0
        if over:
            final = returns(self.game, self.game_state, self.reward, self.encoding.facts)
            reward = final[self.seat]
        return self._observation(), reward, over, False, {}

    def legal_moves(self) -> dict[int, Any]:
        """The learner's legal moves now, by action number (empty once the episode is over)."""
        return dict(zip(self._numbers, self._moves))  # noqa: B905  (as long: action_numbers)

    def legal_actions(self) -> list[int]:
        """The learner's legal action numbers now, in the game's move order (empty once the
        episode is over): the mask's ones without scanning it. A list of its own."""
        return list(self._numbers)

    def render(self) -> str | None:
        """The board as text (``"ansi"``) or as an SVG document (``"svg"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render_mode: pass render_mode='ansi' or 'svg'"
            )
            return None
        if self.render_mode == "ansi":
            return self.game.render_text(self.game_state)
        return self.game.render_svg(self.game_state)


class MadCowSolo(SingleAgentEnv):
    """The solo Mad Cow game of Crazy Farmers: one farmer against the Cow (``acreage/MadCowSolo-v0``).

    ``Rules(players=1, mode="mad-cow")``: lock the Cow down (+1) before it
    takes its plots (-1). Keyword arguments as :class:`SingleAgentEnv`.
    """

    def __init__(
        self,
        *,
        reward: Reward = "result",
        dtype: Any = "float32",
        render_mode: str | None = None,
        on_illegal: OnIllegal = "lose",
    ) -> None:
        game = get_game("crazy-farmers")
        super().__init__(
            game,
            game.rules(players=1, mode="mad-cow"),
            reward=reward,
            dtype=dtype,
            render_mode=render_mode,
            on_illegal=on_illegal,
        )


for _id, _entry in ((MAD_COW_SOLO, "MadCowSolo"), (SINGLE_AGENT, "SingleAgentEnv")):
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=f"{__name__}:{_entry}")

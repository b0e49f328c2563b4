"""What the searching agents share: budgets, results as rewards, rollouts.

A reward is a tuple of floats, one per seat, each from 0 to 1: at the end of
a game each winner's share of the win (``1/k`` for ``k`` winners, 0 for the
others; 0 for everybody when all lose together), elsewhere the game's
``evaluate`` for every seat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, Final, Literal

from acreage.core.chance import sample
from acreage.core.game import CHANCE, Game

Reward = tuple[float, ...]
Evaluate = Callable[[Any, int], float]
Rollout = Literal["random", "heuristic"]

ROLLOUTS: Final = ("random", "heuristic")
"""The rollout policies: uniform random moves, or the best of a few by ``evaluate``."""

HEURISTIC_CANDIDATES: Final = 3
"""How many random legal moves a heuristic rollout compares by ``evaluate`` at each decision."""


def check_budget(iterations: int | None, seconds: float | None) -> None:
    """Refuse a budget that is missing or out of range, with ``ValueError``."""
    if iterations is None and seconds is None:
        raise ValueError("give a budget: iterations=N, seconds=S, or both")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise ValueError(f"seconds must be a number > 0, not {seconds!r}")


def check_rollout(rollout: str, depth: int | None) -> None:
    """Refuse an unknown rollout policy or a negative depth, with ``ValueError``."""
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise ValueError(f"rollout_depth must be a whole number >= 0 or None, not {depth!r}")


class Clock:
    """Counts iterations against an iteration budget, a time budget, or both."""

    __slots__ = ("deadline", "iterations")

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        self.iterations = iterations
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def more(self, done: int) -> bool:
        """Whether another iteration fits after ``done`` (the first always does)."""
        if done == 0:
            return True
        if self.iterations is not None and done >= self.iterations:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline


def outcome(game: Game[Any, Any, Any], state: Any, players: int) -> Reward:
    """The reward at the end of a game: each winner's share of the win."""
    won = game.winners(state)
    if not won:
        return (0.0,) * players
    share = 1.0 / len(won)
    reward = [0.0] * players
    for seat in won:
        reward[seat] = share
    return tuple(reward)


def leaf(game: Game[Any, Any, Any], evaluate: Evaluate | None, state: Any, players: int) -> Reward:
    """The reward of a position where a search stops: the result at the end, else ``evaluate``."""
    if state.to_move is None:
        return outcome(game, state, players)
    assert evaluate is not None  # a search with a depth limit has one (see ``Game.evaluator``)
    return tuple(evaluate(state, seat) for seat in range(players))


def rollout(
    game: Game[Any, Any, Any],
    state: Any,
    rng: random.Random,
    *,
    players: int,
    depth: int | None,
    policy: Rollout,
    evaluate: Evaluate | None,
) -> Reward:
    """Play on from ``state`` for ``depth`` decisions (``None``: to the end) and score where it stops.

    Chance outcomes are drawn by their exact probabilities and do not count
    towards ``depth``. A ``"heuristic"`` rollout plays, at each decision, the
    best by ``evaluate`` of :data:`HEURISTIC_CANDIDATES` random legal moves.
    """
    legal_moves, apply_move, chance_outcomes = (
        game.legal_moves,
        game.apply_move,
        game.chance_outcomes,
    )
    decisions = 0
    while True:
        who = state.to_move
        if who is None:
            return outcome(game, state, players)
        if who is CHANCE:
            state = apply_move(state, sample(chance_outcomes(state), rng))
            continue
        if depth is not None and decisions >= depth:
            return leaf(game, evaluate, state, players)
        moves = legal_moves(state)
        if policy == "random" or len(moves) == 1:
            state = apply_move(state, moves[rng.randrange(len(moves))])
        else:
            assert evaluate is not None
            best = -1.0
            chosen = state
            for i in rng.sample(range(len(moves)), min(HEURISTIC_CANDIDATES, len(moves))):
                after = apply_move(state, moves[i])
                value = evaluate(after, who)
                if value > best:
                    best, chosen = value, after
            state = chosen
        decisions += 1

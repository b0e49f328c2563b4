"""Information-set MCTS: search over what the seat to move can see, in worlds it cannot tell apart.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each
iteration deals a *world*: ``game.resample(state, seat, rng)``, a full state
that the searching seat cannot tell from the real one (the other hands
redealt from the cards it has not seen). The iteration then walks that
world as UCT does, but the tree's nodes are the searching seat's
*observations* (``game.observe(world, seat)`` and who is to move), so the
statistics gathered in every world pool where the seat could not tell the
worlds apart. A move is judged only in the worlds where it is legal (the
bound uses how often it was available, not the node's visits). Chance
outcomes are drawn in the world by their exact probabilities.

The agent never reads what its seat cannot see: it touches the real state
only through ``observe(state, seat)``, ``resample(state, seat, rng)`` and
public facts (whose move it is, the rules). So its move depends on the
hidden cards only as far as ``resample`` does; where ``resample`` depends
on the seat's view alone (as the contract asks: it deals from what the seat
has not seen, in an order fixed by the view), two states the seat cannot
tell apart get the same move for the same ``rng``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from acreage.agents._search import (
    Clock,
    Evaluate,
    Reward,
    Rollout,
    check_budget,
    check_rollout,
    outcome,
    rollout,
)
from acreage.agents.base import portable, resolve
from acreage.core.chance import sample
from acreage.core.game import CHANCE, Game

__all__ = ["ISMCTSAgent"]


class _Info:
    """One information set of the searching seat: per move seen here, [visits, reward, available]."""

    __slots__ = ("stats",)

    def __init__(self) -> None:
        self.stats: dict[Any, list[float]] = {}


class ISMCTSAgent:
    """Single-observer information-set MCTS for hidden-information games.

    Args:
        game: the :class:`~acreage.Game` (or its registry name); ``None``
            finds it from the first state's rules among the registered games.
        iterations: iterations (worlds) per move; with this budget alone the
            agent is deterministic: the same view and ``rng`` give the same move.
        seconds: time per move (with ``iterations`` too, whichever ends first).
        exploration: the UCT constant; rewards are from 0 to 1.
        rollout, rollout_depth, evaluate: as for :class:`~acreage.agents.MCTSAgent`;
            ``evaluate`` rates positions of the sampled worlds.

    A game with no ``resample`` hides nothing, and the search runs on the
    state itself. Each move's search starts a fresh tree (a tree kept from
    the last move would hold nothing the seat does not see anyway, but
    searching afresh keeps the move a function of the view and ``rng``
    alone). Picklable; draws one number from ``rng`` per move it searches.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any] | str | None = None,
        *,
        iterations: int | None = 200,
        seconds: float | None = None,
        exploration: float = 1.0,
        rollout: Rollout = "random",
        rollout_depth: int | None = 0,
        evaluate: Evaluate | None = None,
    ) -> None:
        check_budget(iterations, seconds)
        check_rollout(rollout, rollout_depth)
        if not exploration >= 0:
            raise ValueError(f"exploration must be >= 0, not {exploration!r}")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self._bound: Game[Any, Any, Any] | None = None
        self._evaluate: Evaluate | None = None

    def __getstate__(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if not k.startswith("_")}
        state["game"] = portable(self.game)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bound = None
        self._evaluate = None

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else ""
        if self.seconds is not None:
            budget += f"{', ' if budget else ''}seconds={self.seconds}"
        return f"ISMCTSAgent({budget})"

    def _bind(self, state: Any) -> Game[Any, Any, Any]:
        game = self._bound
        if game is None:
            game = self._bound = resolve(self.game, state)
            if self.evaluate is not None:
                self._evaluate = self.evaluate
            elif self.rollout_depth is not None or self.rollout == "heuristic":
                self._evaluate = game.evaluator()
        return game

    def __call__(self, state: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_moves) == 1:
            return legal_moves[0]
        stats = self.statistics(state, legal_moves, rng)
        best = max(range(len(stats)), key=lambda i: (stats[i][1], stats[i][2], -i))
        return legal_moves[best]

    def statistics(
        self, state: Any, legal_moves: Sequence[Any], rng: random.Random
    ) -> tuple[tuple[Any, int, float], ...]:
        """Search ``state`` and return ``(move, visits, mean reward)`` for each legal move.

        The agent plays the most visited move (ties: the better mean, then
        the first). The statistics are a function of what the seat to move
        sees and of ``rng`` alone (given a ``resample`` that deals from the
        view): a test of that compares them for two states the seat cannot
        tell apart.
        """
        game = self._bind(state)
        seat = state.to_move
        search_rng = random.Random(rng.getrandbits(64))
        root = _Info()
        table = {(seat, game.observe(state, seat)): root}
        self.search(table, state, seat, game, search_rng)
        out = []
        for move in legal_moves:
            st = root.stats.get(move)
            visits = int(st[0]) if st is not None else 0
            out.append((move, visits, st[1] / st[0] if st is not None and st[0] else 0.0))
        return tuple(out)

    def search(
        self,
        table: dict[Any, _Info],
        state: Any,
        seat: int,
        game: Game[Any, Any, Any],
        rng: random.Random,
    ) -> None:
        """Run the budget's iterations from ``state``, pooling statistics in ``table``."""
        players = game.players(state.rules)
        legal_moves, apply_move, chance_outcomes = (
            game.legal_moves,
            game.apply_move,
            game.chance_outcomes,
        )
        observe, resample = game.observe, game.resample
        c = self.exploration
        depth, policy, evaluate = self.rollout_depth, self.rollout, self._evaluate
        clock = Clock(self.iterations, self.seconds)
        done = 0
        path: list[tuple[list[float], int]] = []
        walked: set[int] = set()  # as in MCTS: an information set met again ends the walk
        while clock.more(done):
            done += 1
            world = state if resample is None else resample(state, seat, rng)
            path.clear()
            walked.clear()
            reward: Reward | None = None
            while True:
                who = world.to_move
                if who is None:
                    reward = outcome(game, world, players)
                    break
                if who is CHANCE:
                    world = apply_move(world, sample(chance_outcomes(world), rng))
                    continue
                key = (who, observe(world, seat))
                info = table.get(key)
                if info is None:
                    table[key] = _Info()
                    break
                if id(info) in walked:
                    break
                walked.add(id(info))
                moves = legal_moves(world)
                move = _select(info, moves, c, rng)
                path.append((info.stats[move], who))
                world = apply_move(world, move)
            if reward is None:
                reward = rollout(
                    game,
                    world,
                    rng,
                    players=players,
                    depth=depth,
                    policy=policy,
                    evaluate=evaluate,
                )
            for st, who in path:
                st[0] += 1
                st[1] += reward[who]


def _select(info: _Info, moves: Sequence[Any], c: float, rng: random.Random) -> Any:
    """A move of ``moves`` never tried here, or the best bound among those available now."""
    stats = info.stats
    fresh = []
    for move in moves:
        st = stats.get(move)
        if st is None:
            st = stats[move] = [0, 0.0, 0]
        st[2] += 1
        if not st[0]:
            fresh.append(move)
    if fresh:
        return fresh[rng.randrange(len(fresh))]
    best, chosen = -1.0, moves[0]
    for move in moves:
        n, w, available = stats[move]
        score = w / n + c * math.sqrt(math.log(available) / n)
        if score > best:
            best, chosen = score, move
    return chosen

"""One-ply lookahead on the game's ``evaluate``, chance averaged by exact probabilities."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from acreage.agents._search import Evaluate, outcome
from acreage.agents.base import portable, resolve
from acreage.core.game import CHANCE, Game

__all__ = ["CHANCE_LEAVES", "GreedyAgent"]

CHANCE_LEAVES: Final = 64
"""By default, how many outcomes in all the chance nodes after one move may be averaged over."""


class GreedyAgent:
    """Plays the move whose position ``evaluate`` rates best for the player to move.

    When a move leads to a chance node (a die to roll, a card to draw), the
    position is worth the mean of its outcomes weighted by their exact
    probabilities, and so on through chance nodes that follow one another,
    as long as at most ``chance_leaves`` positions are averaged in all;
    past that, ``evaluate`` rates the chance node itself. A position at the
    end of the game is worth the player's share of the win. Ties are broken
    at random (with the ``rng`` given, so a seed fixes the move).

    Args:
        game: the :class:`~acreage.Game` (or its registry name); ``None``
            finds it from the first state's rules among the registered games.
        evaluate: ``(state, seat) -> 0..1``; by default the game's own.
        chance_leaves: the most outcomes averaged after one move (1: none).

    Greedy sees the whole state, hidden cards included (it cheats in a
    hidden-information game); it remembers nothing between moves.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any] | str | None = None,
        *,
        evaluate: Evaluate | None = None,
        chance_leaves: int = CHANCE_LEAVES,
    ) -> None:
        if (
            isinstance(chance_leaves, bool)
            or not isinstance(chance_leaves, int)
            or chance_leaves < 1
        ):
            raise ValueError(f"chance_leaves must be a whole number >= 1, not {chance_leaves!r}")
        self.game = game
        self.evaluate = evaluate
        self.chance_leaves = chance_leaves
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
        return "GreedyAgent()"

    def __call__(self, state: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_moves) == 1:
            return legal_moves[0]
        game = self._bound
        if game is None:
            game = self._bound = resolve(self.game, state)
            self._evaluate = self.evaluate if self.evaluate is not None else game.evaluator()
        seat = state.to_move
        best = -1.0
        chosen: list[int] = []
        for i, move in enumerate(legal_moves):
            value = self.value(game, game.apply_move(state, move), seat, self.chance_leaves)
            if value > best:
                best, chosen = value, [i]
            elif value == best:
                chosen.append(i)
        return legal_moves[chosen[rng.randrange(len(chosen))] if len(chosen) > 1 else chosen[0]]

    def value(self, game: Game[Any, Any, Any], state: Any, seat: int, leaves: int) -> float:
        """What ``state`` is worth to ``seat``, averaging chance within ``leaves`` outcomes."""
        who = state.to_move
        if who is None:
            return outcome(game, state, game.players(state.rules))[seat]
        if who is CHANCE:
            dist = game.chance_outcomes(state)
            if len(dist) <= leaves:
                # Less for each outcome than for the node, so a chain of chance nodes
                # (even one that comes back round, as a tied roll does) ends.
                share = (leaves - 1) // len(dist)
                return sum(
                    float(p) * self.value(game, game.apply_move(state, move), seat, share)
                    for move, p in dist
                )
        evaluate = self._evaluate
        assert evaluate is not None
        return evaluate(state, seat)

"""What an agent is, the two simplest ones, and what every agent of this package shares.

An agent is any callable ``agent(state, legal_moves, rng) -> move``: a plain
function will do. :func:`acreage.play` asks the agent of the seat to move,
passing the state, its legal moves and the game's seeded
:class:`random.Random`. An agent with a ``restart()`` method has it called
at the start of every game, so what it remembers (a search tree) never
carries over from one game to the next.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from acreage.core.game import Game, GameError, games, get_game

__all__ = ["Agent", "FirstMoveAgent", "RandomAgent", "game_of", "resolve"]


@runtime_checkable
class Agent(Protocol):
    """``agent(state, legal_moves, rng) -> one of legal_moves``.

    ``state`` is the full state (a fair agent of a hidden-information game
    looks only at ``game.observe(state, state.to_move)``), ``legal_moves``
    the tuple ``game.legal_moves(state)``, ``rng`` the game's seeded
    generator: an agent that draws its randomness from it plays the same
    moves for the same seed.
    """

    def __call__(self, state: Any, legal_moves: Sequence[Any], rng: random.Random, /) -> Any:
        """The move to play: one of ``legal_moves``."""
        ...


class RandomAgent:
    """Picks a legal move uniformly at random."""

    def __call__(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        return moves[rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "RandomAgent()"


class FirstMoveAgent:
    """Always picks the first legal move: a fixed, repeatable line of play."""

    def __call__(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        return moves[0]

    def __repr__(self) -> str:
        return "FirstMoveAgent()"


def game_of(state: Any) -> Game[Any, Any, Any]:
    """The registered game whose ``Rules`` class made ``state.rules``.

    Lets an agent built without a game (``MCTSAgent()``) find it from the
    first state it is shown. :class:`~acreage.GameError` when no registered
    game has that rules class: pass the game to the agent.
    """
    rules_type = type(getattr(state, "rules", None))
    for game in games().values():
        if game.rules_type is rules_type:
            return game
    raise GameError(
        f"no registered game plays states of {type(state).__name__}: "
        "pass the game to the agent (MCTSAgent(game))"
    )


def resolve(game: Game[Any, Any, Any] | str | None, state: Any) -> Game[Any, Any, Any]:
    """The :class:`~acreage.Game` an agent plays: the one given (or named), else the state's."""
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        return get_game(game)
    return game_of(state)


def portable(game: Game[Any, Any, Any] | str | None) -> Game[Any, Any, Any] | str | None:
    """``game`` as an agent pickles it: a registered game by its name (its functions are
    found again in the worker process), any other game as itself."""
    if isinstance(game, Game):
        try:
            if get_game(game.name) is game:
                return game.name
        except GameError:
            pass
    return game

"""The shared parts of a game's ``evaluate(state, seat)``: a cheap estimate, from 0 to 1,
of the seat's share of the win.

Every game's heuristic has the same frame around its own judgement: at the end,
the seat's actual share of the win; before it, each seat's *standing* (points
as if the game ended now, plus what its position promises), and the seat's
lead over the best other seat squashed by a logistic curve whose width says
how much a point of lead is worth at this stage of the game. Agents rate one
state for every seat in turn, so the standings of the last state are kept.

>>> share_of_win((0, 2), 2), share_of_win((1,), 0)
(0.5, 0.0)
>>> round(lead_share((10.0, 6.0, 8.0), 0, width=2.0), 3)   # 2 points ahead of seat 2
0.731
>>> lead_share((5.0, 5.0), 1, width=1.0)
0.5
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

__all__ = ["LastState", "lead_share", "share_of_win"]

S = TypeVar("S")
T = TypeVar("T")


def share_of_win(winners: Sequence[int], seat: int) -> float:
    """At the end: ``seat``'s share of the win (shared wins split, 0 for a loser)."""
    return 1.0 / len(winners) if seat in winners else 0.0


def lead_share(standing: Sequence[float], seat: int, *, width: float) -> float:
    """``seat``'s lead over the best other seat's standing, squashed into (0, 1) by a
    logistic curve: a lead of ``width`` is worth about 0.73, none 0.5.

    A game narrows ``width`` as its end nears: the same lead is surer then.
    """
    lead = standing[seat] - max(s for p, s in enumerate(standing) if p != seat)
    return 1.0 / (1.0 + math.exp(-lead / width))


class LastState(Generic[S, T]):
    """``f(state)``, remembered for the last state it was asked about (by identity).

    An agent asks for every seat's rating of one state in turn; each game works
    out all the standings at once, and the next seats read them here. The entry
    is one tuple stored at once, so threads sharing it never see half of one
    (at worst two threads both work the value out).

    >>> calls = []
    >>> double = LastState(lambda s: calls.append(s) or s * 2)
    >>> state = ("a state",)
    >>> double(state), double(state), len(calls)
    (('a state', 'a state'), ('a state', 'a state'), 1)
    """

    __slots__ = ("_f", "_last")

    def __init__(self, f: Callable[[S], T]) -> None:
        self._f = f
        self._last: tuple[object, T | None] = (None, None)

    def __call__(self, state: S) -> T:
        """``f(state)``, worked out unless ``state`` is the one asked about last."""
        last, value = self._last
        if last is not state:
            value = self._f(state)
            self._last = (state, value)
        return value  # type: ignore[return-value]

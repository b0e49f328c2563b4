"""The shared parts of a game's ``evaluate(state, seat)``: a cheap estimate, from 0 to 1,
of the seat's share of the win.

Every game's heuristic has the same frame around its own judgement: at the end,
the seat's actual share of the win; before it, each seat's *standing* (points
as if the game ended now, plus what its position promises), and the seat's
lead over the best other seat squashed by a logistic curve whose width says
how much a point of lead is worth at this stage of the game. Agents rate one
state for every seat in turn, so a game keeps the standings of the last state
(:class:`acreage.core.memo.IdentityMemo`).

>>> share_of_win((0, 2), 2), share_of_win((1,), 0)
(0.5, 0.0)
>>> round(lead_share((10.0, 6.0, 8.0), 0, width=2.0), 3)   # 2 points ahead of seat 2
0.731
>>> lead_share((5.0, 5.0), 1, width=1.0)
0.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["lead_share", "share_of_win", "squash"]


def share_of_win(winners: Sequence[int], seat: int) -> float:
    """At the end: ``seat``'s share of the win (shared wins split, 0 for a loser)."""
    return 1.0 / len(winners) if seat in winners else 0.0


def lead_share(standing: Sequence[float], seat: int, *, width: float) -> float:
    """``seat``'s lead over the best other seat's standing, squashed into (0, 1) by a
    logistic curve: a lead of ``width`` is worth about 0.73, none 0.5.

    A game narrows ``width`` as its end nears: the same lead is surer then.
    """
    lead = standing[seat] - max(s for p, s in enumerate(standing) if p != seat)
    return squash(lead, width=width)


def squash(value: float, *, width: float) -> float:
    """``value`` squashed into (0, 1) by a logistic curve: ``width`` gives about 0.73,
    0 gives 0.5 (for a standing with no rival: a team against the game itself)."""
    return 1.0 / (1.0 + math.exp(-value / width))

"""Win rates with confidence intervals, and standings: shared by simulations and tournaments.

:func:`wilson` is the 95% interval of a win rate; a :class:`Standing` is one
agent's or one seat's results over many games, and :func:`format_standings`
prints a table of them (``acreage simulate`` and ``acreage tournament`` both
print one).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

__all__ = ["Z95", "Standing", "format_standings", "wilson"]

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: ``wins`` (may be fractional: shared
    wins) out of ``games``; ``(0.0, 1.0)`` for no games.

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Standing:
    """The results of one agent, or of one seat, over a tournament.

    Attributes:
        name: the agent's name, or ``"seat N"``.
        games: the games it played (an agent in two seats of one game counts twice).
        wins: its wins, a shared win split between its winners.
        low, high: the 95% Wilson interval of its win rate.
        mean_score, score_sd: the mean and standard deviation of its final score.
        mean_length: the mean number of decisions of its games.
    """

    name: str
    games: int
    wins: float
    low: float
    high: float
    mean_score: float
    score_sd: float
    mean_length: float

    @property
    def win_rate(self) -> float:
        """Wins (shared wins split) per game played, 0 when none was."""
        return self.wins / self.games if self.games else 0.0


def format_standings(title: str, rows: Sequence[Standing]) -> list[str]:
    """A plain-text table of ``rows`` under a first column headed ``title``."""
    width = max([len(title), *(len(r.name) for r in rows)])
    lines = [
        f"{title:<{width}} {'games':>6} {'wins':>7} {'win %':>6} {'95% interval':>14}"
        f" {'mean score':>10} {'sd':>6} {'length':>7}"
    ]
    for r in rows:
        interval = f"{100 * r.low:.1f}-{100 * r.high:.1f}"
        lines.append(
            f"{r.name:<{width}} {r.games:>6} {r.wins:>7.2f} {100 * r.win_rate:>6.1f}"
            f" {interval:>14} {r.mean_score:>10.2f} {r.score_sd:>6.2f} {r.mean_length:>7.1f}"
        )
    return lines

"""The farm's card grid: cell indices, orthogonal neighbours and water range, as int bitsets.

A farm grows without bounds in the rules, but it can hold at most
``2 + years * hand_size`` cards, all orthogonally connected to the first two,
so every card lies inside a square window around ``(0, 0)`` (see
:class:`~acreage.fields_of_green.rules.Tables`). Cell ``(x, y)`` is bit
``(y + origin) * width + x + origin`` of a Python int, so the cells next to a
set are four shifts, and a water tower's catchment area is a precomputed
pattern shifted to the tower's cell.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from acreage.fields_of_green.rules import Rules

__all__ = [
    "catchment",
    "cell",
    "coords",
    "frontier",
    "neighbours",
    "neighbours_of",
    "reach_patterns",
    "xy_table",
]


def cell(rules: Rules, x: int, y: int) -> int:
    """The index of cell ``(x, y)``; ``-1`` outside the window no farm can leave."""
    o, w = rules.tables.origin, rules.tables.width
    if not (-o < x < o and -o < y < o):
        return -1
    return (y + o) * w + x + o


def coords(rules: Rules, index: int) -> tuple[int, int]:
    """The ``(x, y)`` of cell ``index``."""
    return xy_table(rules.tables.origin)[index]


# Bounded: each window holds up to ~50,000 cells, and a program may use many Rules.
# lru_cache is safe under threads (a race at worst builds an equal table twice).
@lru_cache(maxsize=8)
def xy_table(origin: int) -> tuple[tuple[int, int], ...]:
    """The ``(x, y)`` of every cell index of the window around ``origin`` (kept out of the
    Rules, so that states stay small to walk and to pickle)."""
    span = range(-origin, origin + 1)
    return tuple((x, y) for y in span for x in span)


def neighbours(cells: int, width: int) -> int:
    """The bitset of cells orthogonally next to (but not in) ``cells``."""
    return ((cells << 1) | (cells >> 1) | (cells << width) | (cells >> width)) & ~cells


def neighbours_of(index: int, width: int) -> int:
    """The four orthogonal neighbours of one cell."""
    return (1 << (index + 1)) | (1 << (index - 1)) | (1 << (index + width)) | (1 << (index - width))


def frontier(occupied: int, width: int) -> int:
    """Where a card may be built: empty cells orthogonally next to a built card.

    "Standorte können nur direkt an einen bereits gebauten Standort orthogonal,
    also daneben, darüber oder darunter angebaut werden. Standorte diagonal
    anzubauen ist nicht möglich."
    """
    return neighbours(occupied, width)


def reach_patterns(metric: str, most: int, origin: int, width: int) -> tuple[int, ...]:
    """For each reach 0..``most``, the cells within it of the window's centre under a
    geometric metric (empty for ``path``, which depends on the cards built)."""
    if metric == "path":
        return ()
    centre = origin * width + origin
    out = []
    for reach in range(most + 1):
        m = 0
        for dy in range(-reach, reach + 1):
            for dx in range(-reach, reach + 1):
                if metric == "manhattan":
                    inside = abs(dx) + abs(dy) <= reach
                elif metric == "chebyshev":
                    inside = True
                else:  # straight
                    inside = dx == 0 or dy == 0
                if inside:
                    m |= 1 << (centre + dy * width + dx)
        out.append(m)
    return tuple(out)


def catchment(rules: Rules, tower: int, reach: int, occupied: int) -> int:
    """The cells a water tower at ``tower`` supplies (its own cell included).

    "Ein Standort mit Wasserbedarf muss im Einzugsgebiet (Reichweite von max. 2)
    eines nahegelegenen Wasserturm errichtet werden." How the distance is
    counted is ``rules.range_metric``; ``path`` counts orthogonal steps whose
    every intermediate cell holds a built card (``occupied``).
    """
    t = rules.tables
    if rules.range_metric == "path":
        area = reached = 1 << tower
        for _ in range(reach):
            reached = neighbours(reached & occupied, t.width) & ~area
            area |= reached
        return area
    shift = tower - (t.origin * t.width + t.origin)
    pattern = t.patterns[reach]
    return pattern << shift if shift >= 0 else pattern >> -shift

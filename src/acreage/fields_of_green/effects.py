"""How often a produce effect counts: once, per neighbouring card, or per card in the farm."""

from __future__ import annotations

from acreage.fields_of_green.geometry import neighbours_of
from acreage.fields_of_green.rules import FARM, NEIGHBOUR, Compiled, Rules
from acreage.fields_of_green.state import Farm

__all__ = ["multiplier"]


def multiplier(rules: Rules, f: Farm, around: int, e: Compiled) -> int:
    """The count of a produce effect of the site at ``around``.

    ``per = "neighbour"`` counts the face-up cards ``of`` the named deck or
    kind orthogonally next to the site; ``per = "farm"`` counts them in the
    whole farm. Shut-down (face-down) cards count for nothing.
    """
    per = e[5]
    if per == NEIGHBOUR:
        cells = neighbours_of(around, rules.tables.width) & ~f.down
    elif per == FARM:
        cells = ~f.down
    else:
        return 1
    of = e[6]
    return sum(1 for c, k in zip(f.cells, f.kinds, strict=True) if of >> k & 1 and cells >> c & 1)

"""Questions about a position in the game's own words: tiles by name, fully fenced, control.

>>> from acreage import get_off_my_land as goml
>>> rules = goml.Rules(players=2)
>>> goml.tile_id(rules, "b1"), goml.tile_name(rules, 1)
(1, 'b1')
"""

from __future__ import annotations

from acreage.get_off_my_land import farm
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import State

__all__ = ["controller", "fully_fenced", "monthly_income", "tile_id", "tile_name"]


def tile_id(rules: Rules, name: str) -> int:
    """The id of tile ``name`` (``a1`` is the top-left tile); KeyError if there is none."""
    try:
        return rules.tables.cell_names.index(name)
    except ValueError:
        raise KeyError(f"{name!r} is not a tile of this board") from None


def tile_name(rules: Rules, tile: int) -> str:
    """The name of tile ``tile``: its column letter and row number from the top."""
    return rules.tables.cell_names[tile]


def fully_fenced(state: State, tile: int) -> bool:
    """Whether ``tile`` lies in a fenced area that cannot reach the outside.

    "As long as there are fences on all sides of a land tile, it is
    considered to be fully fenced" (whoever's fences they are; larger areas
    count as a whole).
    """
    return state.partition.region_of(tile).closed


def controller(state: State, tile: int) -> int | None:
    """The player who controls ``tile``, or None.

    "You would not control the market card on a land tile unless all fences
    surrounding this card belongs to the same player."
    """
    who = farm.controller(state, tile)
    return None if who < 0 else who


def monthly_income(state: State) -> tuple[int, ...]:
    """What each player would receive if a month began now (raids, bonuses and fishing holes)."""
    return farm.income(state)

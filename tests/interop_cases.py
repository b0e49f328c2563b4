"""The setups the interop tests run on: every bundled game, player count and mode, and the toy game.

A bundled game takes part whether or not it has an encoding yet: without
one its adapters fail (``GameError: ... has no integer encoding``), so a
game cannot drop out of the conformance tests unnoticed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import acreage
import dots_and_boxes as dab

sys.path.insert(0, str(Path(__file__).parents[1] / "tools"))
from setups import SETUPS, label

TOY = dab.GAME.name
TOY_SETUPS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "secret_boxes": False},
)

SETUPS_BY_GAME: dict[str, tuple[dict[str, Any], ...]] = {
    **{
        name: tuple(o for o in setups if set(o) <= {"players", "mode"})
        for name, setups in SETUPS.items()
    },
    TOY: TOY_SETUPS,
}
"""Every game, player count and mode (the options that change who plays, not how)."""

CASES = [
    pytest.param(name, options, id=f"{name}-{label(options).replace(' ', '-')}")
    for name, setups in sorted(SETUPS_BY_GAME.items())
    for options in setups
]


def rules_of(name: str, options: dict[str, Any]) -> Any:
    """The Rules of a case."""
    return acreage.get_game(name).rules(**options)

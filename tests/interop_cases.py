"""The setups the interop tests run on: every bundled game, player count and mode, and the toy game.

A bundled game takes part whether or not it has an encoding yet: without
one its adapters fail (``GameError: ... has no integer encoding``), so a
game cannot drop out of the conformance tests unnoticed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import acreage
import dots_and_boxes as dab
from acreage.core.data import limits

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


@attrs.frozen
class SoloRules(dab.Rules):
    """The toy game for one: a single agent is a case of its own in every framework."""

    players: int = attrs.field(default=1, metadata=limits(1, 4, primary=True))


SOLO = attrs.evolve(dab.GAME, name="dots-and-boxes-solo", rules_type=SoloRules)
"""Not registered, so the suites over ``acreage.games()`` do not see it."""

CASES = [
    pytest.param(name, options, id=f"{name}-{label(options).replace(' ', '-')}")
    for name, setups in sorted(SETUPS_BY_GAME.items())
    for options in setups
] + [pytest.param(SOLO.name, {"players": 1}, id=f"{SOLO.name}-players=1")]


def game_of(name: str) -> acreage.Game[Any, Any, Any]:
    """The game of a case."""
    return SOLO if name == SOLO.name else acreage.get_game(name)


def rules_of(name: str, options: dict[str, Any]) -> Any:
    """The Rules of a case."""
    return game_of(name).rules(**options)

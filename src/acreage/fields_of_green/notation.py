"""Reading move texts: the notation of Fields of Green's moves and :func:`parse_move`.

Each move class says its text once (its ``TEXT``, in :mod:`acreage.fields_of_green.moves`);
:data:`NOTATION` writes it (``str(move)``) and reads it back. Cards, tools and decks are
named as in these Rules' data.
"""

from __future__ import annotations

from typing import Final

from acreage.core.notation import Choice, Notation, Number
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.moves import (
    AttachTool,
    Build,
    BuildSilo,
    BuildTower,
    ChooseTool,
    Convert,
    Deal,
    DealTool,
    Done,
    DrawFrom,
    KeepTool,
    Market,
    Move,
    PayWater,
    Pick,
    Restore,
    ShutDown,
    StartPlayer,
    StoreWater,
    Supply,
)
from acreage.fields_of_green.state import State

__all__ = ["NOTATION", "parse_move"]


def _cards(state: State) -> tuple[str, ...]:
    return state.rules.tables.names[:-2]  # the last two are the silo and the water tower


def _tools(state: State) -> tuple[str, ...]:
    return state.rules.tables.tool_names


NOTATION: Final = Notation(
    "Fields of Green",
    (
        StartPlayer,
        StoreWater,
        DrawFrom,
        Deal,
        Pick,
        BuildTower,
        BuildSilo,
        Build,
        Market,
        Restore,
        PayWater,
        DealTool,
        ChooseTool,
        AttachTool,
        KeepTool,
        Supply,
        ShutDown,
        Convert,
        Done,
    ),
    words={
        "seat": Number(0, None),
        "coord": Number(None, None),
        "count": Number(0, None),
        "deck": Choice(DECKS, "a deck"),
        "card": Choice(_cards, "a card of these rules", spaces=True),
        "tool": Choice(_tools, "a tool of these rules", spaces=True),
    },
)
"""The texts of Fields of Green's moves: each class's ``TEXT``, written by ``str`` and read
by :func:`parse_move`."""


def parse_move(state: State, text: str) -> Move:
    """The move written ``text`` (see :mod:`acreage.fields_of_green.moves`).

    :class:`~acreage.MoveSyntaxError` for anything that is not the text of a
    move of these rules (not a str, longer than any move, or no move's words),
    saying which word is wrong and why when the text has a move's form.
    """
    move: Move = NOTATION.parse(state, text)
    return move

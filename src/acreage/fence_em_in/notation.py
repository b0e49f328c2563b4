"""Reading move texts: the notation of Fence Em In's moves, :func:`parse_move` and
:func:`field_problem`.

Each move class says its text once (its ``TEXT``, in :mod:`acreage.fence_em_in.moves`);
:data:`NOTATION` writes it (``str(move)``) and reads it back.
"""

from __future__ import annotations

from typing import Final

from acreage.core.notation import Choice, Notation, Number, Repeated
from acreage.fence_em_in.moves import (
    Adjust,
    Discard,
    Done,
    Draw,
    Move,
    MoveToken,
    Pass,
    Place,
    Put,
    Refresh,
    Reroll,
    RerollSix,
    Reveal,
    Roll,
    SetSix,
    Take,
)
from acreage.fence_em_in.rules import COLUMNS, DIE_FACES, KINDS
from acreage.fence_em_in.state import State

__all__ = ["NOTATION", "field_problem", "parse_move"]


def _card_names(state: State) -> list[str]:
    return [c.name for c in state.rules.all_cards]


def _categories(state: State) -> list[str]:
    return [c.name for c in state.rules.farm_board]


_DIE = Number(1, DIE_FACES)

NOTATION: Final = Notation(
    "Fence Em In",
    (
        Place,
        Take,
        Put,
        Discard,
        Pass,
        Done,
        RerollSix,
        SetSix,
        Reroll,
        Adjust,
        Refresh,
        MoveToken,
        Roll,
        Draw,
        Reveal,
    ),
    words={
        "coord": Number(0, lambda state: state.rules.board_size - 1),
        "face": Number(1, DIE_FACES - 1),
        "dice": Repeated(_DIE, counts=(1, 3), what="dice", ordered=False),
        "column": Number(1, COLUMNS),
        "kind": Choice(KINDS, "a token kind"),
        "category": Choice(_categories, "a farm-board category"),
        "card": Choice(_card_names, "a mission card"),
    },
)
"""The texts of Fence Em In's moves: each class's ``TEXT``, written by ``str`` and read by
:func:`parse_move`."""


def parse_move(state: State, text: str) -> Move:
    """The move whose text is ``text``; :class:`~acreage.MoveSyntaxError` if there is none.

    Whether the move is legal is for :func:`apply_move` to say. Dice in a
    ``roll`` may be given in any order. ``text`` that is not a ``str``, or
    is longer than any move, is a :class:`~acreage.MoveSyntaxError` too.
    """
    move: Move = NOTATION.parse(state, text)
    return move


def field_problem(move: Move) -> str:
    """What is wrong with a hand-built ``move`` whose fields are not the types
    :func:`parse_move` gives them (``Place(True, 5, 4, 2)``, ``Take(None)``);
    ``""`` when every field has its type.

    :func:`~acreage.fence_em_in.apply_move` refuses such a move even when it
    compares equal to a legal one (``True == 1``): its text would not parse back.
    """
    return NOTATION.field_problem(move)

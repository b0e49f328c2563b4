"""Reading move texts: the notation of Crazy Farmers' moves and :func:`parse_move`.

Each move class says its text once (its ``TEXT``, in :mod:`acreage.crazy_farmers.moves`);
:data:`NOTATION` writes it (``str(move)``) and reads it back. Crossroads, paths and plots
are read by any of their names and written by their canonical one; what a card is
played on follows from the card's kind, as these Rules' handlers say.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

import attrs

from acreage.core.notation import Choice, Index, Notation, Number, Phrase, Word
from acreage.crazy_farmers import board
from acreage.crazy_farmers.cards import handlers
from acreage.crazy_farmers.handler import THE_COW
from acreage.crazy_farmers.moves import (
    DRIVES,
    END_TURN,
    LANDINGS,
    MOVE_TYPES,
    NO_TARGET,
    PLACE_BALES,
    TAKE_BALES,
    Drive,
    EndTurn,
    Land,
    Move,
    PlaceBale,
    Play,
    TakeBale,
    aim_text,
)
from acreage.crazy_farmers.rules import ENDGAME
from acreage.crazy_farmers.state import State

__all__ = ["NOTATION", "parse_move"]


@attrs.frozen
class _Place(Word[int]):
    """A plot, crossroad or path of the board by name (``0,1``, ``0,-2 E``, ``0,1 N``)."""

    what: str
    regex: str
    name: Callable[[int], str]
    find: Callable[[str], int]

    @property
    def pattern(self) -> str:  # type: ignore[override]
        """The shape of the name."""
        return self.regex

    def show(self, value: int, rules: Any = None) -> str:
        """The canonical name."""
        return self.name(value)

    def read(self, text: str, state: Any) -> int:
        """The id named (by any of its names)."""
        try:
            return self.find(text)
        except ValueError:
            raise ValueError(self.what) from None

    def accepts(self, value: object) -> bool:
        """An int."""
        return type(value) is int


def _target(kind: str, text: str, players: int) -> int:
    """The target named ``text`` of a card played on a ``kind``; :class:`ValueError` if none."""
    if kind == "player":
        if text == "the Cow":
            return THE_COW
        words = text.split()
        if len(words) == 2 and words[0] == "player" and re.fullmatch("[0-9]+", words[1]):
            seat = int(words[1])
            if seat < players:
                return seat
        raise ValueError(f"{text!r} is not 'player N' (N a seat from 0 to {players - 1})")
    return board.path(text) if kind == "path" else board.plot(text)


def _play(state: State, card: str, aim: str, target: int = NO_TARGET) -> Play:
    """The play the words name: its target (from ``aim``, the words after ``on``) read
    as the card's kind takes one."""
    rules = state.rules
    kind = handlers(rules)[rules.kind(card)].target
    if not aim:
        if kind != "none":
            raise ValueError(f"{card} is played on a {kind}")
        return Play(card)
    if kind == "none":
        raise ValueError(f"{card} is played on nothing")
    target = _target(kind, aim, rules.players)
    return Play(card, target, aim_text(kind, target))


_PLOT = r"-?[0-9]+,-?[0-9]+"

NOTATION: Final = Notation(
    "Crazy Farmers",
    MOVE_TYPES,
    words={
        "card": Choice(lambda s: s.rules.card_names, "a card of this game", spaces=True),
        "drawn": Choice(
            lambda s: (*s.rules.card_names, ENDGAME),
            "a card of this game or the Endgame card",
            spaces=True,
        ),
        "cow_card": Choice(lambda s: s.rules.cow_cards, "a Mad Cow card of this game", spaces=True),
        "aim": Phrase(),
        "seat": Number(0, lambda s: s.rules.players - 1),
        "heading": Index(board.HEADINGS, "a heading"),
        "side": Index(board.SIDES, "a side"),
        "plot": _Place("a plot of the board, 'q,r'", _PLOT, board.plot_name, board.plot),
        "crossroad": _Place(
            f"a crossroad, 'q,r CORNER' (corners {' '.join(board.CORNERS)})",
            _PLOT + " [A-Z]+",
            board.crossroad_name,
            board.crossroad,
        ),
        "path": _Place(
            f"a path, 'q,r SIDE' (sides {' '.join(board.SIDES)})",
            _PLOT + " [A-Z]+",
            board.path_name,
            board.path,
        ),
    },
    # The moves made once and shared (listing them builds no objects), and plays.
    build={
        Drive: lambda s, heading: DRIVES[heading],
        EndTurn: lambda s: END_TURN,
        TakeBale: lambda s, path: TAKE_BALES[path],
        PlaceBale: lambda s, path: PLACE_BALES[path],
        Land: lambda s, crossroad: LANDINGS[crossroad],
        Play: _play,
    },
)
"""The texts of Crazy Farmers' moves: each class's ``TEXT``, written by ``str`` and read by
:func:`parse_move`."""


def parse_move(state: State, text: str) -> Move:
    """The move written ``text`` (see :mod:`acreage.crazy_farmers.moves`).

    :class:`~acreage.MoveSyntaxError` for anything that is no move's text
    (not a str, longer than any move, or no move of this game), saying which
    word is wrong and why when the text has a move's form.
    """
    move: Move = NOTATION.parse(state, text)
    return move

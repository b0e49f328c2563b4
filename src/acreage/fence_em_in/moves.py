"""The moves of Fence Em In, their texts, and :func:`parse_move`.

Every move is a small frozen value whose ``str`` is its text in the game's
own words; ``parse_move(state, str(move)) == move``.

Chance outcomes:
    ``reveal cows`` (a mission card), ``draw cow to column 3`` (a token from
    the bag), ``roll 2 3 6`` (the three round dice, or one die: ``roll 4``).
Decisions:
    ``take fertilizer and reroll six`` / ``set six to 3`` (a choice face),
    ``reroll 3`` / ``adjust 3 to 4`` / ``refresh assets`` /
    ``move cow from 2 to 4`` (fertilizer uses), ``done``,
    ``place 3,5 4x2`` (an enclosure: top-left cell x,y and width x height),
    ``pass``, ``take cow``, ``put cow in alternating``, ``discard cow``.
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING

import attrs

from acreage.core.display import TextMove
from acreage.core.game import MoveSyntaxError, move_text, shorten
from acreage.fence_em_in.rules import COLUMNS, DIE_FACES, KINDS

if TYPE_CHECKING:
    from acreage.fence_em_in.state import State

__all__ = [
    "Adjust",
    "Discard",
    "Done",
    "Draw",
    "Move",
    "MoveToken",
    "Pass",
    "Place",
    "Put",
    "Refresh",
    "Reroll",
    "RerollSix",
    "Reveal",
    "Roll",
    "SetSix",
    "Take",
    "field_problem",
    "parse_move",
]


@attrs.frozen(repr=False)
class Reveal(TextMove):
    """Chance: the mission card ``card`` is revealed."""

    card: str

    def __str__(self) -> str:
        return f"reveal {self.card}"


@attrs.frozen(repr=False)
class Draw(TextMove):
    """Chance: a ``kind`` token comes out of the bag onto assets-board ``column`` (1-5)."""

    kind: str
    column: int

    def __str__(self) -> str:
        return f"draw {self.kind} to column {self.column}"


@attrs.frozen(cache_hash=True, repr=False)  # applying a roll looks it up in a set of the outcomes
class Roll(TextMove):
    """Chance: dice show ``values`` (sorted; 6 is the choice face)."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.values))


@attrs.frozen(repr=False)
class RerollSix(TextMove):
    """The roller takes fertilizer and re-rolls a die showing the choice face."""

    def __str__(self) -> str:
        return "take fertilizer and reroll six"


@attrs.frozen(repr=False)
class SetSix(TextMove):
    """The roller sets a die showing the choice face to ``value`` (1-5)."""

    value: int

    def __str__(self) -> str:
        return f"set six to {self.value}"


@attrs.frozen(repr=False)
class Reroll(TextMove):
    """Fertilizer: re-roll one die showing ``value``."""

    value: int

    def __str__(self) -> str:
        return f"reroll {self.value}"


@attrs.frozen(repr=False)
class Adjust(TextMove):
    """Fertilizer: turn one die showing ``value`` to ``to`` (one up or down, within 1-5)."""

    value: int
    to: int

    def __str__(self) -> str:
        return f"adjust {self.value} to {self.to}"


@attrs.frozen(repr=False)
class Refresh(TextMove):
    """Fertilizer: every token on the assets board goes back in the bag, and the board is refilled."""

    def __str__(self) -> str:
        return "refresh assets"


@attrs.frozen(repr=False)
class MoveToken(TextMove):
    """Fertilizer: move one ``kind`` token from assets-board column ``source`` to ``target``."""

    kind: str
    source: int
    target: int

    def __str__(self) -> str:
        return f"move {self.kind} from {self.source} to {self.target}"


@attrs.frozen(repr=False)
class Done(TextMove):
    """Stop using fertilizer this turn."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen(repr=False)
class Place(TextMove):
    """Build a ``width`` x ``height`` enclosure whose top-left cell is ``(x, y)``.

    The width and height are two of the dice; the third die names the
    assets-board column to take a token from.
    """

    x: int
    y: int
    width: int
    height: int

    def __str__(self) -> str:
        return f"place {self.x},{self.y} {self.width}x{self.height}"


@attrs.frozen(repr=False)
class Pass(TextMove):
    """No dice assignment gives both a legal enclosure and a token: skip this turn."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(repr=False)
class Take(TextMove):
    """Take a ``kind`` token from the third die's column; its miniature goes in the new enclosure."""

    kind: str

    def __str__(self) -> str:
        return f"take {self.kind}"


@attrs.frozen(repr=False)
class Put(TextMove):
    """Put the ``kind`` token in hand in farm-board category ``category``."""

    kind: str
    category: str

    def __str__(self) -> str:
        return f"put {self.kind} in {self.category}"


@attrs.frozen(repr=False)
class Discard(TextMove):
    """Discard the ``kind`` token in hand: it fits no category with a free slot."""

    kind: str

    def __str__(self) -> str:
        return f"discard {self.kind}"


Move = (
    Reveal
    | Draw
    | Roll
    | RerollSix
    | SetSix
    | Reroll
    | Adjust
    | Refresh
    | MoveToken
    | Done
    | Place
    | Pass
    | Take
    | Put
    | Discard
)
"""Any move of Fence Em In, chance outcomes included; ``str(move)`` is its text."""

_FIXED: dict[str, Move] = {
    "take fertilizer and reroll six": RerollSix(),
    "refresh assets": Refresh(),
    "done": Done(),
    "pass": Pass(),
}

_HELP = (
    "is no move of Fence Em In (expected e.g. 'place 3,5 4x2', 'take cow', "
    "'put cow in same', 'done', 'pass', 'reroll 3', 'roll 2 3 6')"
)


def _number(word: str, low: int, high: int) -> int:
    # ASCII digits only: int() also reads other scripts' digits, whose move
    # would then not print back as the text it came from.
    if not (word.isascii() and word.isdigit()) or not low <= int(word) <= high:
        raise ValueError(word)
    return int(word)


def _kind(word: str) -> str:
    if word not in KINDS:
        raise ValueError(word)
    return word


def parse_move(state: State, text: str) -> Move:
    """The move whose text is ``text``; :class:`~acreage.MoveSyntaxError` if there is none.

    Whether the move is legal is for :func:`apply_move` to say. Dice in a
    ``roll`` may be given in any order. ``text`` that is not a ``str``, or
    is longer than any move, is a :class:`~acreage.MoveSyntaxError` too.
    """
    words = move_text(text).split()
    fixed = _FIXED.get(" ".join(words))
    if fixed is not None:
        return fixed
    try:
        return _parse_words(state, words)
    except (ValueError, IndexError):
        raise MoveSyntaxError(f"{shorten(text)} {_HELP}") from None


_FIELD_TYPES: dict[object, tuple[str, typing.Callable[[object], bool]]] = {
    int: ("an int", lambda v: type(v) is int),
    str: ("a str", lambda v: type(v) is str),
    tuple[int, ...]: (
        "a tuple of ints",
        lambda v: type(v) is tuple and all(type(i) is int for i in v),
    ),
}


def field_problem(move: Move) -> str:
    """What is wrong with a hand-built ``move`` whose fields are not the types
    :func:`parse_move` gives them (``Place(True, 5, 4, 2)``, ``Take(None)``);
    ``""`` when every field has its type.

    :func:`~acreage.fence_em_in.apply_move` refuses such a move even when it
    compares equal to a legal one (``True == 1``): its text would not parse back.
    """
    hints = typing.get_type_hints(type(move))
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        what, ok = _FIELD_TYPES[hints[field.name]]
        if not ok(value):
            return (
                f"{field.name} must be {what}, as parse_move makes it, "
                f"not {type(value).__name__} {shorten(value, 30)}"
            )
    return ""


def _parse_words(state: State, words: list[str]) -> Move:
    rules = state.rules
    n = len(words)
    head = words[0] if words else ""
    if head == "place" and n == 3:
        xy = words[1].split(",")
        wh = words[2].split("x")
        if len(xy) != 2 or len(wh) != 2:
            raise ValueError(" ".join(words))
        size = rules.board_size
        return Place(
            _number(xy[0], 0, size - 1),
            _number(xy[1], 0, size - 1),
            _number(wh[0], 1, DIE_FACES - 1),
            _number(wh[1], 1, DIE_FACES - 1),
        )
    if head == "take" and n == 2:
        return Take(_kind(words[1]))
    if head == "put" and n == 4 and words[2] == "in":
        if all(c.name != words[3] for c in rules.farm_board):
            raise ValueError(words[3])
        return Put(_kind(words[1]), words[3])
    if head == "discard" and n == 2:
        return Discard(_kind(words[1]))
    if head == "roll" and n in (2, 4):
        return Roll(tuple(sorted(_number(w, 1, DIE_FACES) for w in words[1:])))
    if head == "draw" and n == 5 and words[2:4] == ["to", "column"]:
        return Draw(_kind(words[1]), _number(words[4], 1, COLUMNS))
    if head == "reveal" and n == 2:
        names = [c.name for c in rules.all_cards]
        if words[1] not in names:
            raise ValueError(words[1])
        return Reveal(words[1])
    if head == "set" and n == 4 and words[1:3] == ["six", "to"]:
        return SetSix(_number(words[3], 1, DIE_FACES - 1))
    if head == "reroll" and n == 2:
        return Reroll(_number(words[1], 1, DIE_FACES - 1))
    if head == "adjust" and n == 4 and words[2] == "to":
        return Adjust(_number(words[1], 1, DIE_FACES - 1), _number(words[3], 1, DIE_FACES - 1))
    if head == "move" and n == 6 and words[2] == "from" and words[4] == "to":
        return MoveToken(
            _kind(words[1]), _number(words[3], 1, COLUMNS), _number(words[5], 1, COLUMNS)
        )
    raise ValueError(" ".join(words))

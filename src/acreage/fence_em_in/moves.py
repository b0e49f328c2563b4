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

import attrs

from acreage.core.notation import Described

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
]


@attrs.frozen(repr=False)
class Reveal(Described):
    """Chance: the mission card ``card`` is revealed."""

    TEXT = ("reveal {card:card}",)

    card: str


@attrs.frozen(repr=False)
class Draw(Described):
    """Chance: a ``kind`` token comes out of the bag onto assets-board ``column`` (1-5)."""

    TEXT = ("draw {kind:kind} to column {column:column}",)

    kind: str
    column: int


@attrs.frozen(cache_hash=True, repr=False)  # applying a roll looks it up in a set of the outcomes
class Roll(Described):
    """Chance: dice show ``values`` (sorted; 6 is the choice face)."""

    TEXT = ("roll {values:dice}",)

    values: tuple[int, ...]


@attrs.frozen(repr=False)
class RerollSix(Described):
    """The roller takes fertilizer and re-rolls a die showing the choice face."""

    TEXT = ("take fertilizer and reroll six",)


@attrs.frozen(repr=False)
class SetSix(Described):
    """The roller sets a die showing the choice face to ``value`` (1-5)."""

    TEXT = ("set six to {value:face}",)

    value: int


@attrs.frozen(repr=False)
class Reroll(Described):
    """Fertilizer: re-roll one die showing ``value``."""

    TEXT = ("reroll {value:face}",)

    value: int


@attrs.frozen(repr=False)
class Adjust(Described):
    """Fertilizer: turn one die showing ``value`` to ``to`` (one up or down, within 1-5)."""

    TEXT = ("adjust {value:face} to {to:face}",)

    value: int
    to: int


@attrs.frozen(repr=False)
class Refresh(Described):
    """Fertilizer: every token on the assets board goes back in the bag, and the board is refilled."""

    TEXT = ("refresh assets",)


@attrs.frozen(repr=False)
class MoveToken(Described):
    """Fertilizer: move one ``kind`` token from assets-board column ``source`` to ``target``."""

    TEXT = ("move {kind:kind} from {source:column} to {target:column}",)

    kind: str
    source: int
    target: int


@attrs.frozen(repr=False)
class Done(Described):
    """Stop using fertilizer this turn."""

    TEXT = ("done",)


@attrs.frozen(repr=False)
class Place(Described):
    """Build a ``width`` x ``height`` enclosure whose top-left cell is ``(x, y)``.

    The width and height are two of the dice; the third die names the
    assets-board column to take a token from.
    """

    TEXT = ("place {x:coord},{y:coord} {width:face}x{height:face}",)

    x: int
    y: int
    width: int
    height: int
    action: int = attrs.field(default=-1, eq=False, kw_only=True)
    """The move's action number (:mod:`acreage.fence_em_in.actions`) when it is the
    move object a Rules' tables list, which number it as they build it, so that
    numbering a decision's many places reads one field each; -1 for a move made
    otherwise. It is no part of the move: moves equal but for it are equal."""


@attrs.frozen(repr=False)
class Pass(Described):
    """No dice assignment gives both a legal enclosure and a token: skip this turn."""

    TEXT = ("pass",)


@attrs.frozen(repr=False)
class Take(Described):
    """Take a ``kind`` token from the third die's column; its miniature goes in the new enclosure."""

    TEXT = ("take {kind:kind}",)

    kind: str


@attrs.frozen(repr=False)
class Put(Described):
    """Put the ``kind`` token in hand in farm-board category ``category``."""

    TEXT = ("put {kind:kind} in {category:category}",)

    kind: str
    category: str


@attrs.frozen(repr=False)
class Discard(Described):
    """Discard the ``kind`` token in hand: it fits no category with a free slot."""

    TEXT = ("discard {kind:kind}",)

    kind: str


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

"""Moves and their texts.

Every decision is one move, and ``str(move)`` is its text in the game's words:

=============================  ==============================================
``draw Helicopter``            chance: the card drawn (``draw Endgame`` too)
``keep Nitro +1``              setup: the card kept of the 3 drawn
``start plot 1,1``             first turn, ``start="choose"``: the start plot
``start at 0,-2 E``            first turn: the tractor's crossroad
``move NE``                    drive one path: ``E NE NW W SW SE``
``play Nitro +2``              play a bonus card ...
``play Rut on player 1``       ... on an opponent (seats count from 0)
``play Dynamite on 0,1 N``     ... on a path
``play Bribe on 1,-1``         ... on a plot
``take hay bale 0,1 N``        pick a bale from the board (none left in the box)
``place hay bale 0,1 N``       put a hay bale on a path
``land 0,2 SW``                where the helicopter lands
``discard Watchdog``           down to the hand limit at the end of the turn
``end turn``                   when no move is left or possible
=============================  ==============================================

The Mad Cow mode adds:

=============================  ==============================================
``the Cow faces NE``           chance, setup: the neighbour the Cow faces
``mad cow card Turn Left 6``   chance: a Mad Cow card drawn (the Cow's move,
                               or the check of a bonus just played)
``play Rut on the Cow``        a Rut makes the Cow skip its next turn
``aim at player 1's tractor``  Backlash Hay Bale: the tractor the bales go around
``fly the Cow to 2,-1``        Backlash Helicopter: the farthest plot chosen
``give 1,-1 to the Cow``       Backlash Bribe: the plot the players lose
=============================  ==============================================

Crossroads, paths and plots are named as in :mod:`acreage.crazy_farmers.board`.
Moves compare by what they do, not by their text: ``parse_move`` accepts
every name of a crossroad or path and returns the same move.
"""

from __future__ import annotations

from typing import Final

import attrs

from acreage.core.notation import Described
from acreage.crazy_farmers import board
from acreage.crazy_farmers.handler import THE_COW

__all__ = [
    "END_TURN",
    "MOVE_TYPES",
    "THE_COW",
    "Aim",
    "ChoosePlot",
    "CowCard",
    "Discard",
    "Draw",
    "Drive",
    "EndTurn",
    "Face",
    "Fly",
    "Keep",
    "Land",
    "Move",
    "PlaceBale",
    "Play",
    "StartAt",
    "Surrender",
    "TakeBale",
]

NO_TARGET: Final = -1


@attrs.frozen(slots=True, repr=False)
class Draw(Described):
    """Chance: the bonus card (or the Endgame card) drawn."""

    TEXT = ("draw {card:drawn}",)

    card: str


@attrs.frozen(slots=True, repr=False)
class Keep(Described):
    """Setup: keep ``card`` of the three drawn."""

    TEXT = ("keep {card:card}",)

    card: str


@attrs.frozen(slots=True, repr=False)
class ChoosePlot(Described):
    """First turn (``start="choose"``): the plot the player starts from."""

    TEXT = ("start plot {plot:plot}",)

    plot: int


@attrs.frozen(slots=True, repr=False)
class StartAt(Described):
    """First turn: the crossroad of the start plot where the tractor is placed."""

    TEXT = ("start at {crossroad:crossroad}",)

    crossroad: int


@attrs.frozen(slots=True, repr=False)
class Drive(Described):
    """Drive the tractor one path, heading ``board.HEADINGS[heading]``."""

    TEXT = ("move {heading:heading}",)

    heading: int


@attrs.frozen(slots=True, repr=False)
class Play(Described):
    """Play the bonus card ``card``, on ``target`` where it takes one.

    ``target`` is a seat, a path or a plot id (the card's kind says which),
    or -1 for cards played on nothing.
    """

    TEXT = (("play {card:card}", {"target": NO_TARGET, "aim": ""}), "play {card:card} on {aim:aim}")

    card: str
    target: int = NO_TARGET
    aim: str = attrs.field(default="", eq=False, repr=False)


@attrs.frozen(slots=True, repr=False)
class TakeBale(Described):
    """Pick the hay bale on ``path`` from the board (when the box has none left)."""

    TEXT = ("take hay bale {path:path}",)

    path: int


@attrs.frozen(slots=True, repr=False)
class PlaceBale(Described):
    """Put a hay bale on ``path``."""

    TEXT = ("place hay bale {path:path}",)

    path: int


@attrs.frozen(slots=True, repr=False)
class Land(Described):
    """Where the helicopter puts the tractor down."""

    TEXT = ("land {crossroad:crossroad}",)

    crossroad: int


@attrs.frozen(slots=True, repr=False)
class Discard(Described):
    """Discard ``card`` (more cards in hand than the limit at the end of the turn)."""

    TEXT = ("discard {card:card}",)

    card: str


@attrs.frozen(slots=True, repr=False)
class EndTurn(Described):
    """End the turn."""

    TEXT = ("end turn",)


@attrs.frozen(slots=True, repr=False)
class Face(Described):
    """Chance, Mad Cow setup: the Cow faces its neighbour on side ``board.SIDES[direction]``."""

    TEXT = ("the Cow faces {direction:side}",)

    direction: int


@attrs.frozen(slots=True, repr=False)
class CowCard(Described):
    """Chance: the Mad Cow card drawn (``"Turn Left 6"``: its name and number)."""

    TEXT = ("mad cow card {card:cow_card}",)

    card: str


@attrs.frozen(slots=True, repr=False)
class Aim(Described):
    """Backlash Hay Bale: the bales go around the tractor of seat ``seat``."""

    TEXT = ("aim at player {seat:seat}'s tractor",)

    seat: int


@attrs.frozen(slots=True, repr=False)
class Fly(Described):
    """Backlash Helicopter: the Cow flies to ``plot``, one of the farthest of its field."""

    TEXT = ("fly the Cow to {plot:plot}",)

    plot: int


@attrs.frozen(slots=True, repr=False)
class Surrender(Described):
    """Backlash Bribe: the players lose ``plot`` to the Cow."""

    TEXT = ("give {plot:plot} to the Cow",)

    plot: int


Move = (
    Draw
    | Keep
    | ChoosePlot
    | StartAt
    | Drive
    | Play
    | TakeBale
    | PlaceBale
    | Land
    | Discard
    | EndTurn
    | Face
    | CowCard
    | Aim
    | Fly
    | Surrender
)
"""Any move of Crazy Farmers, chance outcomes included; ``str(move)`` is its text."""

MOVE_TYPES: Final = (
    Draw,
    Keep,
    ChoosePlot,
    StartAt,
    Drive,
    Play,
    TakeBale,
    PlaceBale,
    Land,
    Discard,
    EndTurn,
    Face,
    CowCard,
    Aim,
    Fly,
    Surrender,
)
"""Every class of move, as a tuple for ``isinstance``."""

END_TURN: Final = EndTurn()
"""The one ``end turn`` move (every :class:`EndTurn` is equal to it)."""
DRIVES: Final = tuple(Drive(h) for h in range(len(board.HEADINGS)))
# Every move on a path or a crossroad, made once: listing the hay bale spots
# builds no objects.
PLACE_BALES: Final = tuple(PlaceBale(e) for e in range(board.GRID.n_edges))
TAKE_BALES: Final = tuple(TakeBale(e) for e in range(board.GRID.n_edges))
LANDINGS: Final = tuple(Land(v) for v in range(board.GRID.n_vertices))


def aim_text(target_kind: str, target: int) -> str:
    """The text of a card's target in ``play <card> on <target>``."""
    if target_kind == "player":
        return "the Cow" if target == THE_COW else f"player {target}"
    if target_kind == "path":
        return board.path_name(target)
    return board.plot_name(target)

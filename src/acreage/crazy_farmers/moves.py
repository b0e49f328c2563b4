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

from acreage.core.display import TextMove
from acreage.core.game import MoveSyntaxError, move_text
from acreage.crazy_farmers import board
from acreage.crazy_farmers.handler import THE_COW
from acreage.crazy_farmers.rules import ENDGAME, Rules

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
    "parse",
]

NO_TARGET: Final = -1


@attrs.frozen(slots=True, repr=False)
class Draw(TextMove):
    """Chance: the bonus card (or the Endgame card) drawn."""

    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen(slots=True, repr=False)
class Keep(TextMove):
    """Setup: keep ``card`` of the three drawn."""

    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


@attrs.frozen(slots=True, repr=False)
class ChoosePlot(TextMove):
    """First turn (``start="choose"``): the plot the player starts from."""

    plot: int

    def __str__(self) -> str:
        return f"start plot {board.plot_name(self.plot)}"


@attrs.frozen(slots=True, repr=False)
class StartAt(TextMove):
    """First turn: the crossroad of the start plot where the tractor is placed."""

    crossroad: int

    def __str__(self) -> str:
        return f"start at {board.crossroad_name(self.crossroad)}"


@attrs.frozen(slots=True, repr=False)
class Drive(TextMove):
    """Drive the tractor one path, heading ``board.HEADINGS[heading]``."""

    heading: int

    def __str__(self) -> str:
        return f"move {board.HEADINGS[self.heading]}"


@attrs.frozen(slots=True, repr=False)
class Play(TextMove):
    """Play the bonus card ``card``, on ``target`` where it takes one.

    ``target`` is a seat, a path or a plot id (the card's kind says which),
    or -1 for cards played on nothing.
    """

    card: str
    target: int = NO_TARGET
    aim: str = attrs.field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        if self.target == NO_TARGET:
            return f"play {self.card}"
        return f"play {self.card} on {self.aim}"


@attrs.frozen(slots=True, repr=False)
class TakeBale(TextMove):
    """Pick the hay bale on ``path`` from the board (when the box has none left)."""

    path: int

    def __str__(self) -> str:
        return f"take hay bale {board.path_name(self.path)}"


@attrs.frozen(slots=True, repr=False)
class PlaceBale(TextMove):
    """Put a hay bale on ``path``."""

    path: int

    def __str__(self) -> str:
        return f"place hay bale {board.path_name(self.path)}"


@attrs.frozen(slots=True, repr=False)
class Land(TextMove):
    """Where the helicopter puts the tractor down."""

    crossroad: int

    def __str__(self) -> str:
        return f"land {board.crossroad_name(self.crossroad)}"


@attrs.frozen(slots=True, repr=False)
class Discard(TextMove):
    """Discard ``card`` (more cards in hand than the limit at the end of the turn)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(slots=True, repr=False)
class EndTurn(TextMove):
    """End the turn."""

    def __str__(self) -> str:
        return "end turn"


@attrs.frozen(slots=True, repr=False)
class Face(TextMove):
    """Chance, Mad Cow setup: the Cow faces its neighbour on side ``board.SIDES[direction]``."""

    direction: int

    def __str__(self) -> str:
        return f"the Cow faces {board.SIDES[self.direction]}"


@attrs.frozen(slots=True, repr=False)
class CowCard(TextMove):
    """Chance: the Mad Cow card drawn (``"Turn Left 6"``: its name and number)."""

    card: str

    def __str__(self) -> str:
        return f"mad cow card {self.card}"


@attrs.frozen(slots=True, repr=False)
class Aim(TextMove):
    """Backlash Hay Bale: the bales go around the tractor of seat ``seat``."""

    seat: int

    def __str__(self) -> str:
        return f"aim at player {self.seat}'s tractor"


@attrs.frozen(slots=True, repr=False)
class Fly(TextMove):
    """Backlash Helicopter: the Cow flies to ``plot``, one of the farthest of its field."""

    plot: int

    def __str__(self) -> str:
        return f"fly the Cow to {board.plot_name(self.plot)}"


@attrs.frozen(slots=True, repr=False)
class Surrender(TextMove):
    """Backlash Bribe: the players lose ``plot`` to the Cow."""

    plot: int

    def __str__(self) -> str:
        return f"give {board.plot_name(self.plot)} to the Cow"


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


def _card(rules: Rules, text: str, *, endgame: bool = False) -> str:
    if endgame and text == ENDGAME:
        return ENDGAME
    if text in rules.card_names:
        return text
    raise MoveSyntaxError(f"{text!r} is not a card of this game")


def _target(kind: str, text: str, players: int) -> int:
    if kind == "player":
        if text == "the Cow":
            return THE_COW
        words = text.split()
        if len(words) == 2 and words[0] == "player" and words[1].isdigit():
            seat = int(words[1])
            if seat < players:
                return seat
        raise MoveSyntaxError(f"{text!r} is not 'player N' (N a seat from 0 to {players - 1})")
    try:
        if kind == "path":
            return board.path(text)
        return board.plot(text)
    except ValueError as e:
        raise MoveSyntaxError(str(e)) from None


def parse(rules: Rules, text: str, target_kind_of: dict[str, str]) -> Move:
    """The move written ``text``; :class:`MoveSyntaxError` when it is none.

    ``target_kind_of`` maps each card kind to what it is played on. Text that
    is no str, or longer than any move, is refused first
    (:func:`acreage.core.game.move_text`).
    """
    text = move_text(text)
    words = text.split()
    if not words:
        raise MoveSyntaxError("an empty text is no move")
    head = words[0]
    rest = text.strip()[len(head) :].strip()
    try:
        if head == "move" and len(words) == 2 and words[1] in board.HEADINGS:
            return DRIVES[board.HEADINGS.index(words[1])]
        if text.strip() == "end turn":
            return END_TURN
        if head == "draw":
            return Draw(_card(rules, rest, endgame=True))
        if head == "keep":
            return Keep(_card(rules, rest))
        if head == "discard":
            return Discard(_card(rules, rest))
        if head == "land":
            return Land(board.crossroad(rest))
        if words[:3] == ["the", "Cow", "faces"] and len(words) == 4 and words[3] in board.SIDES:
            return Face(board.SIDES.index(words[3]))
        if words[:3] == ["mad", "cow", "card"]:
            card = " ".join(words[3:])
            if card in rules.cow_cards:
                return CowCard(card)
            raise MoveSyntaxError(f"{text!r}: {card!r} is not a Mad Cow card of this game")
        aiming = words[:3] == ["aim", "at", "player"] and len(words) == 5
        if aiming and words[4] == "tractor" and words[3].endswith("'s"):
            return Aim(_target("player", f"player {words[3][:-2]}", rules.players))
        if words[:3] == ["fly", "the", "Cow"] and len(words) == 5 and words[3] == "to":
            return Fly(board.plot(words[4]))
        if head == "give" and words[2:] == ["to", "the", "Cow"]:
            return Surrender(board.plot(words[1]))
        if head == "start" and len(words) >= 2:
            if words[1] == "plot":
                return ChoosePlot(board.plot(" ".join(words[2:])))
            if words[1] == "at":
                return StartAt(board.crossroad(" ".join(words[2:])))
        if head in ("take", "place") and words[1:3] == ["hay", "bale"]:
            edge = board.path(" ".join(words[3:]))
            return TakeBale(edge) if head == "take" else PlaceBale(edge)
        if head == "play":
            name, sep, aim = rest.partition(" on ")
            card = _card(rules, name.strip())
            kind = target_kind_of[rules.kind(card)]
            if not sep:
                if kind != "none":
                    raise MoveSyntaxError(f"{text!r}: {card} is played on a {kind}")
                return Play(card)
            if kind == "none":
                raise MoveSyntaxError(f"{text!r}: {card} is played on nothing")
            target = _target(kind, aim.strip(), rules.players)
            return Play(card, target, aim_text(kind, target))
    except ValueError as e:
        if isinstance(e, MoveSyntaxError):
            raise
        raise MoveSyntaxError(f"{text!r}: {e}") from None
    raise MoveSyntaxError(
        f"{text!r} is no move (try 'move NE', 'play <card>', 'end turn', 'start at 0,-2 E')"
    )

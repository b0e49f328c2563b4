"""What is being decided: the kinds of task on a state's agenda, and the phases that name them.

A state's ``agenda`` (see :mod:`acreage.core.agenda`) holds the task being
decided, one at a time: a seat's decision (:class:`Decision`) or a chance
event (:class:`Event`), each a small frozen value holding the data it needs
(the cards still to draw, the bales still to place, the bonus card being
checked or taking its Backlash effect). An empty agenda is the end of the
game. Each kind of task names its :class:`Phase`, the word positions, views,
texts and the observation's one-hot use for it; the phase no longer drives
anything.
"""

from __future__ import annotations

import enum
import operator
from typing import ClassVar, Final

import attrs

from acreage.core.agenda import ChanceTask, PlayerTask, Task

__all__ = [
    "CHANCE_PHASES",
    "AimBales",
    "BacklashBales",
    "CheckBonus",
    "CowBonus",
    "CowDraw",
    "DealCard",
    "Decision",
    "DrawCards",
    "Event",
    "FaceCow",
    "FlyCow",
    "KeepCard",
    "LandHelicopter",
    "LoseToCow",
    "Phase",
    "PlaceBales",
    "StartTractor",
    "Turn",
    "agenda_of",
    "turn",
]


class Phase(enum.IntEnum):
    """The kinds of task, by name and number: what is being decided.

    The phases from :attr:`AIM` on are the players' choices inside a
    Backlash effect (the Mad Cow mode), and come last on purpose.
    """

    DEAL = 0
    """Setup, chance: the next of the 3 cards dealt to ``player`` (:class:`DealCard`)."""
    KEEP = 1
    """Setup: ``player`` keeps one of the 3 cards; the others go under the draw pile
    (:class:`KeepCard`)."""
    START = 2
    """``player``'s first turn: choose the start plot (option) and crossroad
    (:class:`StartTractor`)."""
    TURN = 3
    """``player``'s turn: move, play a bonus, discard down to the hand limit, end (:class:`Turn`)."""
    HAY_BALE = 4
    """``player`` places the hay bales of the card just played (:class:`PlaceBales`)."""
    HELICOPTER = 5
    """``player`` chooses where the helicopter lands (:class:`LandHelicopter`)."""
    DRAW = 6
    """Chance: ``player`` draws the next of the bonus cards owed (:class:`DrawCards`)."""
    OVER = 7
    """The game has ended (an empty agenda)."""
    FACE = 8
    """Mad Cow setup, chance: the neighbour the Cow faces (:class:`FaceCow`)."""
    COW = 9
    """The Cow's turn, chance: the next Mad Cow card of its pile (:class:`CowDraw`)."""
    CHECK = 10
    """Chance: the Mad Cow card a bonus just played is checked against, Backlash or not
    (:class:`CheckBonus`)."""
    COW_BONUS = 11
    """Chance: the bonus card the Cow draws on a barn; its Backlash effect follows
    (:class:`CowBonus`)."""
    AIM = 12
    """Backlash Hay Bale: ``player`` chooses the tractor the bales go around (:class:`AimBales`)."""
    BACKLASH_BALE = 13
    """Backlash Hay Bale: ``player`` places the bales near the tractor aimed at
    (:class:`BacklashBales`)."""
    FLY = 14
    """Backlash Helicopter: ``player`` chooses which farthest plot the Cow flies to
    (:class:`FlyCow`)."""
    SURRENDER = 15
    """Backlash Bribe: ``player`` chooses the plot next to the Cow they lose to it
    (:class:`LoseToCow`)."""


CHANCE_PHASES: Final = tuple(
    p in (Phase.DEAL, Phase.DRAW, Phase.FACE, Phase.COW, Phase.CHECK, Phase.COW_BONUS)
    for p in Phase
)
"""``CHANCE_PHASES[phase]``: whether chance decides in ``phase`` (a tuple indexed by the phase's number)."""

_WORDS: Final = {
    Phase.DEAL: "deal player {p} a card",
    Phase.KEEP: "keep one of the 3 cards",
    Phase.START: "choose where the tractor starts",
    Phase.TURN: "move, play a bonus or end the turn",
    Phase.HAY_BALE: "place {n} hay bale(s)",
    Phase.HELICOPTER: "choose where the helicopter lands",
    Phase.DRAW: "player {p} draws {n} bonus card(s)",
    Phase.FACE: "turn the Cow to face a neighbour",
    Phase.COW: "the Cow's next Mad Cow card",
    Phase.CHECK: "a Mad Cow card checks the bonus just played",
    Phase.COW_BONUS: "the bonus card the Cow draws on a barn",
    Phase.AIM: "choose the tractor a Backlash Hay Bale goes around",
    Phase.BACKLASH_BALE: "place {n} Backlash hay bale(s)",
    Phase.FLY: "choose where the Cow flies",
    Phase.SURRENDER: "choose the plot to lose to the Cow",
}


@attrs.frozen
class Event(ChanceTask):
    """A chance event of Crazy Farmers (a card dealt or drawn, the Cow turned); ``phase`` names it.

    ``left``, ``card``, ``target``, ``aim`` and ``first_bale`` are those of
    :class:`Decision`: the data a kind of task carries, and for the others
    what says "none" (0, ``""``, -1).
    """

    phase: ClassVar[Phase]
    left: ClassVar[int] = 0
    card: ClassVar[str] = ""
    target: ClassVar[int] = -1
    aim: ClassVar[int] = -1
    first_bale: ClassVar[int] = -1

    def describe(self) -> str:
        """What is drawn, in words ("the Cow's next Mad Cow card")."""
        seat = getattr(self, "seat", -1)
        return _WORDS[self.phase].format(p=seat, n=self.left)


@attrs.frozen
class Decision(PlayerTask):
    """A decision of the seat ``seat``; ``phase`` names it.

    The tasks that carry them have these as fields; for the others they say
    "none":

    Attributes:
        left: the cards still to draw or hay bales still to place (0).
        card: the bonus card being checked or taking its Backlash effect (``""``).
        target: what ``card`` was played on (-1 for nothing: the Cow drew it,
            or it is played on nothing).
        aim: the crossroad of the tractor a Backlash Hay Bale aims at (-1).
        first_bale: the path of the first bale of a Backlash "2 Hay Bales"
            (-1 before it).
    """

    phase: ClassVar[Phase]
    left: ClassVar[int] = 0
    card: ClassVar[str] = ""
    target: ClassVar[int] = -1
    aim: ClassVar[int] = -1
    first_bale: ClassVar[int] = -1

    # The seat, read in C: the state's to_move is asked for before every move.
    actor = property(operator.attrgetter("seat"), doc="The seat that decides.")

    def describe(self) -> str:
        """Who decides what, in words ("player 1: place 2 hay bale(s)")."""
        return f"player {self.seat}: {_WORDS[self.phase].format(p=self.seat, n=self.left)}"


# -- setup ------------------------------------------------------------------------


@attrs.frozen
class DealCard(Event):
    """Setup: the next of the 3 cards dealt to ``seat``."""

    phase: ClassVar[Phase] = Phase.DEAL
    seat: int


@attrs.frozen
class KeepCard(Decision):
    """Setup: ``seat`` keeps one of the 3 cards dealt."""

    phase: ClassVar[Phase] = Phase.KEEP


@attrs.frozen
class StartTractor(Decision):
    """``seat``'s first turn: the start plot (when chosen) and the crossroad its tractor starts on."""

    phase: ClassVar[Phase] = Phase.START


@attrs.frozen
class FaceCow(Event):
    """Mad Cow setup: the neighbour the Cow faces."""

    phase: ClassVar[Phase] = Phase.FACE


# -- a player's turn ----------------------------------------------------------------


@attrs.frozen
class Turn(Decision):
    """``seat``'s turn: drive, play a bonus, discard down to the hand limit, end the turn."""

    phase: ClassVar[Phase] = Phase.TURN


@attrs.frozen
class PlaceBales(Decision):
    """``seat`` places the ``left`` hay bales still due of the Hay Bale card just played."""

    phase: ClassVar[Phase] = Phase.HAY_BALE
    left: int  # type: ignore[misc]  # a field here, 0 on the tasks that carry none


@attrs.frozen
class LandHelicopter(Decision):
    """``seat`` chooses where the helicopter of the card just played lands."""

    phase: ClassVar[Phase] = Phase.HELICOPTER


@attrs.frozen
class DrawCards(Event):
    """``seat`` draws the next of the ``left`` bonus cards its annexing earned."""

    phase: ClassVar[Phase] = Phase.DRAW
    seat: int
    left: int  # type: ignore[misc]  # a field here, 0 on the tasks that carry none


# -- the Mad Cow's turns and Backlash effects ------------------------------------------


@attrs.frozen
class CowDraw(Event):
    """The Cow's turn: its next Mad Cow card (the seat playing after it is ``state.player``)."""

    phase: ClassVar[Phase] = Phase.COW


# A Backlash effect's tasks carry its card and the card's target (-1 for nothing) from
# the check to the choices it leaves: the card is discarded once the effect is over.


@attrs.frozen
class CheckBonus(Event):
    """The Mad Cow card the bonus ``card``, just played on ``target`` (-1 for nothing),
    is checked against.

    While its Backlash effect is worked out (:meth:`Handler.backlash
    <acreage.crazy_farmers.handler.Handler.backlash>`) it stays on top of the
    agenda, carrying the card.
    """

    phase: ClassVar[Phase] = Phase.CHECK
    card: str  # type: ignore[misc]  # a field here, "" on the tasks that carry none
    target: int  # type: ignore[misc]  # a field here, -1 on the tasks that carry none


@attrs.frozen
class CowBonus(Event):
    """The bonus card the Cow draws on a barn; its Backlash effect follows.

    Drawn, the card (``card``, ``""`` before the draw) is carried by a
    ``CowBonus`` on top of the agenda while its Backlash effect is worked out.
    """

    phase: ClassVar[Phase] = Phase.COW_BONUS
    card: str = ""  # type: ignore[misc]  # a field here, "" on the tasks that carry none


@attrs.frozen
class AimBales(Decision):
    """Backlash Hay Bale ``card`` (played on ``target``): ``seat`` chooses the tractor the
    ``left`` bales go around."""

    phase: ClassVar[Phase] = Phase.AIM
    card: str  # type: ignore[misc]  # a field here, "" on the tasks that carry none
    left: int  # type: ignore[misc]  # a field here, 0 on the tasks that carry none
    target: int = -1  # type: ignore[misc]  # a field here, -1 on the tasks that carry none


@attrs.frozen
class BacklashBales(Decision):
    """Backlash Hay Bale ``card`` (played on ``target``): ``seat`` places the ``left`` bales
    still due near the tractor on the crossroad ``aim``, the second one path further
    than the first (``first_bale``, -1 before it)."""

    phase: ClassVar[Phase] = Phase.BACKLASH_BALE
    card: str  # type: ignore[misc]  # a field here, "" on the tasks that carry none
    aim: int  # type: ignore[misc]  # a field here, -1 on the tasks that carry none
    first_bale: int  # type: ignore[misc]  # a field here, -1 on the tasks that carry none
    left: int  # type: ignore[misc]  # a field here, 0 on the tasks that carry none
    target: int = -1  # type: ignore[misc]  # a field here, -1 on the tasks that carry none


@attrs.frozen
class FlyCow(Decision):
    """Backlash Helicopter ``card`` (played on ``target``): ``seat`` chooses which farthest
    plot the Cow flies to."""

    phase: ClassVar[Phase] = Phase.FLY
    card: str  # type: ignore[misc]  # a field here, "" on the tasks that carry none
    target: int = -1  # type: ignore[misc]  # a field here, -1 on the tasks that carry none


@attrs.frozen
class LoseToCow(Decision):
    """Backlash Bribe ``card`` (played on ``target``): ``seat`` chooses the plot next to
    the Cow they lose to it."""

    phase: ClassVar[Phase] = Phase.SURRENDER
    card: str  # type: ignore[misc]  # a field here, "" on the tasks that carry none
    target: int = -1  # type: ignore[misc]  # a field here, -1 on the tasks that carry none


_TURNS: Final = tuple(Turn(s) for s in range(8))
FACE_COW: Final = FaceCow()
COW_DRAW: Final = CowDraw()
COW_BONUS: Final = CowBonus()


def turn(seat: int) -> Turn:
    """``seat``'s :class:`Turn` task (one shared object per seat)."""
    return _TURNS[seat]


def agenda_of(
    phase: Phase,
    seat: int,
    left: int,
    card: str = "",
    target: int = -1,
    aim: int = -1,
    first_bale: int = -1,
) -> tuple[Task, ...]:
    """The agenda of a state in ``phase``, decided by ``seat``, with ``left`` cards or bales
    still due, the bonus ``card`` being checked or taking its Backlash effect, played on
    ``target``, and a Backlash Hay Bale's ``aim`` and ``first_bale`` (what a position
    says: see :class:`Decision`); ``()`` once the game is over."""
    match phase:
        case Phase.OVER:
            return ()
        case Phase.DEAL:
            return (DealCard(seat),)
        case Phase.KEEP:
            return (KeepCard(seat),)
        case Phase.START:
            return (StartTractor(seat),)
        case Phase.TURN:
            return (turn(seat),)
        case Phase.HAY_BALE:
            return (PlaceBales(seat, left),)
        case Phase.HELICOPTER:
            return (LandHelicopter(seat),)
        case Phase.DRAW:
            return (DrawCards(seat, left),)
        case Phase.FACE:
            return (FACE_COW,)
        case Phase.COW:
            return (COW_DRAW,)
        case Phase.CHECK:
            return (CheckBonus(card, target),)
        case Phase.COW_BONUS:
            return (COW_BONUS,)
        case Phase.AIM:
            return (AimBales(seat, card, left, target),)
        case Phase.BACKLASH_BALE:
            return (BacklashBales(seat, card, aim, first_bale, left, target),)
        case Phase.FLY:
            return (FlyCow(seat, card, target),)
        case _:
            return (LoseToCow(seat, card, target),)

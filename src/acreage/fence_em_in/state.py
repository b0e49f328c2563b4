"""The state of a game of Fence Em In, its agenda of tasks, and what a player may see of it.

What is being decided is the top task of the state's ``agenda`` (see
:mod:`acreage.core.agenda`): a chance event (a card revealed, a token drawn,
dice rolled) or a seat's decision in its turn, each a small frozen value
with the data it needs (the tied groups rolling for the turn order, the
token in hand). The agenda is empty at the end of the game. Each task class
names its :class:`Phase`, the word a position and a picture use for it.

Everything in Fence Em In is public (the bag is a multiset whose counts
everybody knows), so a player's :class:`View` holds the whole table.
"""

from __future__ import annotations

import enum
import operator
from typing import ClassVar

import attrs

from acreage.core.agenda import ChanceTask, PlayerTask, Task
from acreage.core.display import state_repr
from acreage.core.frozen import builder
from acreage.core.game import Chance
from acreage.fence_em_in.rules import KINDS, PLAYERS, Rules

__all__ = [
    "ChooseSix",
    "Decision",
    "Enclosure",
    "Event",
    "Farm",
    "FarmToken",
    "Fertilize",
    "FillBoard",
    "Phase",
    "PlaceEnclosure",
    "RefillBoard",
    "RefreshBoard",
    "RerollDie",
    "RevealCard",
    "RollDice",
    "RollOrder",
    "State",
    "TakeToken",
    "agenda_for",
]


class Phase(enum.Enum):
    """The kind of the task on top of the agenda, as positions and pictures name it
    (``END`` when the agenda is empty)."""

    CARDS = "reveal the mission cards"
    FILL = "fill the assets board"
    ORDER = "roll for the turn order"
    ROLL = "roll the dice"
    SIX = "choose for a die showing the choice face"
    REROLL = "re-roll a die"
    FERTILIZE = "use fertilizer or be done"
    REFRESH = "refill the refreshed assets board"
    PLACE = "place an enclosure"
    TAKE = "take an asset token"
    FARM = "place the token on the farm board"
    REFILL = "refill the assets board"
    END = "game over"

    # A phase is a singleton compared by identity, so it hashes by identity too:
    # Enum's own __hash__ is a Python function (the hash of the name), about six
    # times slower, and the engine looks the phase up in its dispatch tables on
    # every move.
    __hash__ = object.__hash__


# -- the tasks ---------------------------------------------------------------------


@attrs.frozen
class Event(ChanceTask):
    """A chance event of Fence Em In (a draw, a roll); ``phase`` names it."""

    phase: ClassVar[Phase]

    def describe(self) -> str:
        """What is drawn or rolled, in words ("roll the dice")."""
        return self.phase.value


@attrs.frozen
class Decision(PlayerTask):
    """A decision of the seat ``seat`` in its turn; ``phase`` names it."""

    phase: ClassVar[Phase]

    # The seat, read in C: the state's to_move is asked for before every move.
    actor = property(operator.attrgetter("seat"), doc="The seat that decides.")

    def describe(self) -> str:
        """Who decides what, in words ("player 1: place an enclosure")."""
        return f"player {self.seat}: {self.phase.value}"


@attrs.frozen
class RevealCard(Event):
    """Setup: the next mission card is revealed (the enclosure card, then the support cards)."""

    phase: ClassVar[Phase] = Phase.CARDS


@attrs.frozen
class FillBoard(Event):
    """Setup: the next token is drawn from the bag onto the assets board."""

    phase: ClassVar[Phase] = Phase.FILL


@attrs.frozen
class RollOrder(Event):
    """The order die of the next seat of the first tied group.

    Attributes:
        groups: the seats grouped by tie, in order (a group of one is settled).
        rolls: the order dice the first tied group rolled so far.
        order_rerolls: ties re-rolled in this settling of the turn order so far.
    """

    groups: tuple[tuple[int, ...], ...]
    rolls: tuple[int, ...] = ()
    order_rerolls: int = 0
    phase: ClassVar[Phase] = Phase.ORDER


@attrs.frozen
class RollDice(Event):
    """The round's three dice are rolled."""

    phase: ClassVar[Phase] = Phase.ROLL


@attrs.frozen
class RerollDie(Event):
    """A die taken off in a turn (a choice face, a fertilizer use) is rolled again."""

    phase: ClassVar[Phase] = Phase.REROLL


@attrs.frozen
class RefreshBoard(Event):
    """The assets board, emptied by a fertilizer use, is refilled token by token."""

    phase: ClassVar[Phase] = Phase.REFRESH


@attrs.frozen
class RefillBoard(Event):
    """After a round, the emptied slots of the assets board are refilled token by token."""

    phase: ClassVar[Phase] = Phase.REFILL


@attrs.frozen
class ChooseSix(Decision):
    """A die shows the choice face: the seat re-rolls it for fertilizer or sets it to 1-5."""

    phase: ClassVar[Phase] = Phase.SIX


@attrs.frozen
class Fertilize(Decision):
    """The seat uses fertilizer (one use a move) or is done with it."""

    phase: ClassVar[Phase] = Phase.FERTILIZE


@attrs.frozen
class PlaceEnclosure(Decision):
    """The seat places an enclosure the dice allow, or passes when none fits."""

    phase: ClassVar[Phase] = Phase.PLACE


@attrs.frozen
class TakeToken(Decision):
    """The seat takes a token from the column the third die names, for its new enclosure."""

    phase: ClassVar[Phase] = Phase.TAKE


@attrs.frozen
class FarmToken(Decision):
    """The seat puts the token in hand (``token``) on its farm board, or discards it."""

    token: str
    phase: ClassVar[Phase] = Phase.FARM


REVEAL_CARD = RevealCard()
"""The one :class:`RevealCard` task (it holds no data)."""
FILL_BOARD = FillBoard()
"""The one :class:`FillBoard` task."""
ROLL_DICE = RollDice()
"""The one :class:`RollDice` task."""
REROLL_DIE = RerollDie()
"""The one :class:`RerollDie` task."""
REFRESH_BOARD = RefreshBoard()
"""The one :class:`RefreshBoard` task."""
REFILL_BOARD = RefillBoard()
"""The one :class:`RefillBoard` task."""

CHOOSE_SIX = tuple(ChooseSix(seat) for seat in range(PLAYERS[1]))
"""Each seat's :class:`ChooseSix` task, by seat: made once, as tasks are values (a turn
builds several, and building a frozen value costs more than finding it)."""
FERTILIZE = tuple(Fertilize(seat) for seat in range(PLAYERS[1]))
"""Each seat's :class:`Fertilize` task, by seat."""
PLACE_ENCLOSURE = tuple(PlaceEnclosure(seat) for seat in range(PLAYERS[1]))
"""Each seat's :class:`PlaceEnclosure` task, by seat."""
TAKE_TOKEN = tuple(TakeToken(seat) for seat in range(PLAYERS[1]))
"""Each seat's :class:`TakeToken` task, by seat."""
FARM_TOKEN: tuple[dict[str, FarmToken], ...] = tuple(
    {kind: FarmToken(seat, kind) for kind in KINDS} for seat in range(PLAYERS[1])
)
"""Each seat's :class:`FarmToken` task, by seat and then by the kind of token in hand."""

_NO_GROUPS: tuple[tuple[int, ...], ...] = ()
_NO_ROLLS: tuple[int, ...] = ()
_TURN_TASKS = frozenset(
    (ChooseSix, RerollDie, Fertilize, RefreshBoard, PlaceEnclosure, TakeToken, FarmToken)
)


def agenda_for(
    phase: Phase,
    seat: int | None,
    token: str | None,
    groups: tuple[tuple[int, ...], ...],
    rolls: tuple[int, ...],
    order_rerolls: int,
) -> tuple[Task, ...]:
    """The agenda of a state in ``phase``: its one task, built from the data it needs
    (``seat`` deciding, the ``token`` in hand, the turn order's ``groups``, ``rolls``
    and ``order_rerolls``); empty at the end. What a position reads back into tasks."""
    if phase is Phase.END:
        return ()
    if phase is Phase.ORDER:
        return (RollOrder(groups, rolls, order_rerolls),)
    if phase is Phase.FARM:
        assert seat is not None, "a seat decides in phase farm"
        assert token is not None, "a token is in hand in phase farm"
        return (FarmToken(seat, token),)
    decide = _DECIDE.get(phase)
    if decide is not None:
        assert seat is not None, "a seat decides in a turn's phase"
        return (decide[seat],)
    return (_CHANCE_TASKS[phase],)


_DECIDE: dict[Phase, tuple[Decision, ...]] = {
    Phase.SIX: CHOOSE_SIX,
    Phase.FERTILIZE: FERTILIZE,
    Phase.PLACE: PLACE_ENCLOSURE,
    Phase.TAKE: TAKE_TOKEN,
}
_CHANCE_TASKS: dict[Phase, Event] = {
    Phase.CARDS: REVEAL_CARD,
    Phase.FILL: FILL_BOARD,
    Phase.ROLL: ROLL_DICE,
    Phase.REROLL: REROLL_DIE,
    Phase.REFRESH: REFRESH_BOARD,
    Phase.REFILL: REFILL_BOARD,
}


@attrs.frozen(cache_hash=True)
class Enclosure:
    """A ``width`` x ``height`` enclosure whose top-left cell is ``(x, y)``,
    holding a ``kind`` miniature (``None`` until its token is taken)."""

    x: int
    y: int
    width: int
    height: int
    kind: str | None = None

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height


@attrs.frozen(cache_hash=True)
class Farm:
    """One player's farm.

    Attributes:
        land: bitset of the cells of the player's enclosures (cell ``y * size + x``).
        enclosures: the enclosures in the order they were built.
        placed: miniatures placed so far, per kind in :data:`KINDS` order.
        points: the score track: placement points so far.
        fertilizer: fertilizer tokens held.
        rows: the tokens in each farm-board category, in ``rules.farm_board`` order.
        discards: tokens that fitted no category.
    """

    land: int
    enclosures: tuple[Enclosure, ...]
    placed: tuple[int, ...]
    points: int
    fertilizer: int
    rows: tuple[tuple[str, ...], ...]
    discards: tuple[str, ...]


@attrs.frozen(cache_hash=True)
class State:
    """A position in a game of Fence Em In.

    Attributes:
        rules: the rules (and the tables precomputed for them).
        agenda: what is being decided, as a stack of tasks (one task, or none
            at the end): see :attr:`to_move` and :attr:`phase`.
        round: the round being played (0 during setup).
        order: the turn order of this round, first player first.
        turn: index into ``order`` of the player whose turn it is.
        dice: the shared dice, sorted (6 is the choice face; two dice while
            one is being re-rolled).
        uses: fertilizer uses in this turn so far.
        farms: each seat's farm.
        occupied: bitset of every cell inside an enclosure.
        columns: the assets board: the tokens in each column 1-5, sorted.
        bag: the tokens in the bag, per kind in :data:`KINDS` order.
        cards: the revealed mission cards, the enclosure card first.
        passed: bitset of the seats that passed this round.
        six_rerolls: choice faces re-rolled for fertilizer in this turn
            (at most ``rules.fertilizer.six_rerolls_per_turn``).
    """

    rules: Rules = attrs.field(repr=False)
    agenda: tuple[Task, ...]
    round: int
    order: tuple[int, ...]
    turn: int
    dice: tuple[int, ...]
    uses: int
    farms: tuple[Farm, ...]
    occupied: int
    columns: tuple[tuple[str, ...], ...]
    bag: tuple[int, ...]
    cards: tuple[str, ...]
    passed: int
    six_rerolls: int

    @property
    def to_move(self) -> int | Chance | None:
        """The seat deciding next, ``CHANCE``, or ``None`` at the end: the top task's actor."""
        agenda = self.agenda
        # No automatic task waits on a state's agenda: the engine carries them out first.
        return agenda[-1].actor if agenda else None  # type: ignore[return-value]

    @property
    def phase(self) -> Phase:
        """The kind of the task on top of the agenda; ``Phase.END`` when it is empty."""
        agenda = self.agenda
        return agenda[-1].phase if agenda else Phase.END  # type: ignore[attr-defined]

    @property
    def token(self) -> str | None:
        """The asset token in hand, waiting for the farm board (phase FARM), else ``None``."""
        agenda = self.agenda
        top = agenda[-1] if agenda else None
        return top.token if type(top) is FarmToken else None

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """While rolling for the turn order, the seats still grouped by tie, in order; else ``()``."""
        top = self.agenda[-1] if self.agenda else None
        return top.groups if type(top) is RollOrder else _NO_GROUPS

    @property
    def rolls(self) -> tuple[int, ...]:
        """While rolling for the turn order, the first tied group's rolls so far; else ``()``."""
        top = self.agenda[-1] if self.agenda else None
        return top.rolls if type(top) is RollOrder else _NO_ROLLS

    @property
    def order_rerolls(self) -> int:
        """Re-rolls of tied order dice in this settling of the turn order (at most
        ``rules.order_reroll_limit``); 0 when the turn order is not being rolled for."""
        top = self.agenda[-1] if self.agenda else None
        return top.order_rerolls if type(top) is RollOrder else 0

    @property
    def player(self) -> int | None:
        """The seat whose turn it is, ``None`` outside the rounds' turns."""
        agenda = self.agenda
        if agenda and type(agenda[-1]) in _TURN_TASKS:
            return self.order[self.turn]
        return None

    def bag_size(self) -> int:
        """The number of tokens left in the bag."""
        return sum(self.bag)

    def __repr__(self) -> str:
        from acreage.fence_em_in import GAME

        where = f"round {self.round} of {self.rules.rounds}" if self.round else "setup"
        return state_repr(GAME, self, where, self.phase.value)

    def _repr_svg_(self) -> str:
        from acreage.fence_em_in.render import render_svg

        return render_svg(self)


make_farm = builder(Farm)
"""``Farm(...)`` with every field given in order, built quicker (see
:func:`acreage.core.frozen.builder`)."""
make_enclosure = builder(Enclosure)
"""``Enclosure(...)`` with every field (``kind`` too) given in order, built quicker."""

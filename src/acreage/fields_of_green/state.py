"""The state of a game: each player's farm, the hands, the decks and what is being decided.

A :class:`State` is a frozen value. Its ``agenda`` is a stack of typed
:mod:`acreage.core.agenda` tasks, the last on top: the top one is what is being
decided (a seat's decision, a :class:`~acreage.core.agenda.PlayerTask`, or a
chance event, a :class:`~acreage.core.agenda.ChanceTask`) with its details in
its fields, and below it lies the rest of the turn and of the year (the steps
the engine takes after the decision, :class:`~acreage.core.agenda.AutoTask`
steps and later decisions), so a compound turn such as "build, pay water from
a tower, draw a tool, attach it" is a sequence of atomic decisions. An empty
agenda is the end of the game. Positions and views say what is being decided
in three words, ``phase``, ``actor`` and ``pending``: :func:`question` reads
them off the top task, and :func:`asked` reads them back into it.
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple, cast

import attrs

from acreage.core.agenda import AutoTask, ChanceTask, PlayerTask, Task
from acreage.core.chance import Deck
from acreage.core.display import state_repr
from acreage.core.game import Chance
from acreage.fields_of_green.rules import Rules

__all__ = [
    "PHASES",
    "Act",
    "Asked",
    "AttachKept",
    "ChooseDeck",
    "ChooseSupply",
    "ChooseTile",
    "ConvertAt",
    "DealCard",
    "DealStart",
    "DealTools",
    "DrawCards",
    "DrawTools",
    "Farm",
    "Gain",
    "Harvest",
    "Income",
    "NewRound",
    "NewYear",
    "PayWaterDue",
    "PickCard",
    "PlaceSite",
    "PlaceTool",
    "ProduceAt",
    "Question",
    "Reveal",
    "State",
    "StoreWaterTokens",
    "SupplyNext",
    "YearEnd",
    "asked",
    "question",
]

# What is being decided: the phase of each task the game waits on (``Asked.phase``).
START = 0  # chance: who is the start player
STORE = 1  # where a water token goes
DRAW = 2  # which deck the next blind card comes from
DEAL = 3  # chance: the card drawn
PICK = 4  # which hand card to play (hidden)
ACTION = 5  # what to do with the revealed card: A-E
PAY = 6  # which water tower pays
TOOL_DEAL = 7  # chance: a tool tile drawn
TOOL_CHOOSE = 8  # which of the drawn tiles to keep
TOOL_PLACE = 9  # attach the kept tile to a site, or keep it aside
ATTACH = 10  # attach a tool kept aside to the site just built
SUPPLY = 11  # which green site the harvest supplies next
CONVERTING = 12  # use a convert ability once more (not rules.CONVERT, the ability)
END = 13

PHASES = (
    "start",
    "store",
    "draw",
    "deal",
    "pick",
    "action",
    "pay",
    "tool deal",
    "tool choose",
    "tool place",
    "attach",
    "supply",
    "convert",
    "end",
)
"""Phase names by number, as views and renderings show them."""

_DECISIONS = (
    "choose the start player",
    "store a water token",
    "choose the deck of the next card",
    "deal player {p} a card",
    "pick a card to play",
    "choose what to do with the revealed card",
    "choose the water tower that pays",
    "draw a tool tile for player {p}",
    "keep one of the drawn tool tiles",
    "attach the tool tile or keep it aside",
    "attach a kept tool to the new site",
    "supply a green site with the harvest",
    "use a convert ability again, or done",
    "",
)
"""What is being decided in each phase, for ``repr(state)`` (who decides comes before it)."""


# -- the agenda: what is decided now (on top) and the steps the engine takes after it ------


class Asked:
    """What a task the game waits on says besides its seat: the phase it is in (its
    name in ``PHASES`` is what positions and views call it) and its details, in the
    order positions write them (``pending``)."""

    __slots__ = ()
    phase: ClassVar[int]

    @property
    def pending(self) -> tuple[int, ...]:
        """The task's details as a tuple of ints (see :attr:`Question.pending`)."""
        return ()


@attrs.frozen
class NewYear(AutoTask):
    """Maintenance: the tractor moves on; income from year 2, then the draw."""


@attrs.frozen
class Income(AutoTask):
    """Seat ``seat``'s income at the start of a year (from year 2)."""

    seat: int


@attrs.frozen
class StoreWaterTokens(PlayerTask, Asked):
    """``water`` tokens go into seat ``seat``'s towers with room; on top of a state, the
    owner chooses the tower the next token goes into (when that matters)."""

    water: int
    phase: ClassVar[int] = STORE

    @property
    def pending(self) -> tuple[int, ...]:
        """``(tokens left,)``."""
        return (self.water,)


@attrs.frozen
class DrawCards(AutoTask):
    """Seat ``seat`` draws a hand of cards blind from the decks."""

    seat: int


@attrs.frozen
class NewRound(AutoTask):
    """An action round: picks, reveal and actions; or the harvests once the hands are empty."""


@attrs.frozen
class PickCard(PlayerTask, Asked):
    """Seat ``seat`` picks a card to play (asked unless one card is left)."""

    phase: ClassVar[int] = PICK


@attrs.frozen
class Reveal(AutoTask):
    """The hands are passed on and the picks revealed."""


@attrs.frozen
class Act(PlayerTask, Asked):
    """Seat ``seat`` chooses an action A-E for the revealed card."""

    phase: ClassVar[int] = ACTION


@attrs.frozen
class PayWaterDue(PlayerTask, Asked):
    """Seat ``seat`` pays ``water`` for the site (or the card being built) at ``cell``;
    on top of a state, choosing the tower that pays (when that matters)."""

    cell: int
    water: int
    phase: ClassVar[int] = PAY

    @property
    def pending(self) -> tuple[int, ...]:
        """``(cell paid for, water due)``."""
        return (self.cell, self.water)


@attrs.frozen
class PlaceSite(AutoTask):
    """Seat ``seat`` lays card ``kind`` at ``cell``, then its grey ability."""

    seat: int
    cell: int
    kind: int


@attrs.frozen
class Gain(AutoTask):
    """Seat ``seat`` gains coins, water, grain and star tokens."""

    seat: int
    coins: int
    water: int
    grain: int
    stars: int


@attrs.frozen
class DrawTools(AutoTask):
    """Seat ``seat`` draws tool tiles to choose one from."""

    seat: int


@attrs.frozen
class AttachKept(PlayerTask, Asked):
    """Seat ``seat`` may attach a tool kept aside to the new site at ``cell`` (asked
    when one fits)."""

    cell: int
    phase: ClassVar[int] = ATTACH

    @property
    def pending(self) -> tuple[int, ...]:
        """``(cell of the new site,)``."""
        return (self.cell,)


@attrs.frozen
class Harvest(AutoTask):
    """Seat ``seat``'s harvest: the face-up green sites are supplied."""

    seat: int


@attrs.frozen
class SupplyNext(AutoTask):
    """Seat ``seat`` supplies the next of the green sites ``remaining`` (a bitset of cells)."""

    seat: int
    remaining: int


@attrs.frozen
class ProduceAt(AutoTask):
    """The site of seat ``seat`` at ``cell`` produces: its green effects and tools."""

    seat: int
    cell: int


@attrs.frozen
class ConvertAt(PlayerTask, Asked):
    """Seat ``seat``'s site at ``cell`` may convert ``left`` times more (asked while it
    can pay)."""

    cell: int
    left: int
    phase: ClassVar[int] = CONVERTING

    @property
    def pending(self) -> tuple[int, ...]:
        """``(cell, uses left)``."""
        return (self.cell, self.left)


@attrs.frozen
class YearEnd(AutoTask):
    """The start player token passes on; the next year, or the end."""


@attrs.frozen
class DealStart(ChanceTask, Asked):
    """Chance chooses the start player (when the rules name none)."""

    phase: ClassVar[int] = START


@attrs.frozen
class ChooseDeck(PlayerTask, Asked):
    """Seat ``seat`` chooses the deck of its next blind card, among the bitset ``allowed``,
    having drawn ``drawn`` cards from the decks in the bitset ``used``."""

    drawn: int
    used: int
    allowed: int
    phase: ClassVar[int] = DRAW

    @property
    def pending(self) -> tuple[int, ...]:
        """``(cards drawn, decks used, decks allowed)``."""
        return (self.drawn, self.used, self.allowed)


@attrs.frozen
class DealCard(ChanceTask, Asked):
    """Chance deals seat ``seat`` a card from deck ``deck`` (``drawn`` drawn before it;
    ``used`` the bitset of the decks drawn from, this one included)."""

    seat: int
    drawn: int
    used: int
    deck: int
    phase: ClassVar[int] = DEAL

    @property
    def pending(self) -> tuple[int, ...]:
        """``(cards drawn, decks used, deck)``."""
        return (self.drawn, self.used, self.deck)


@attrs.frozen
class DealTools(ChanceTask, Asked):
    """Chance deals seat ``seat`` a tool tile; ``left`` are still to draw, ``drawn`` are out."""

    seat: int
    left: int
    drawn: tuple[int, ...] = ()
    phase: ClassVar[int] = TOOL_DEAL

    @property
    def pending(self) -> tuple[int, ...]:
        """``(tiles left to draw, *tiles drawn)``."""
        return (self.left, *self.drawn)


@attrs.frozen
class ChooseTile(PlayerTask, Asked):
    """Seat ``seat`` keeps one of the tool tiles ``drawn`` (two kinds or more)."""

    drawn: tuple[int, ...]
    phase: ClassVar[int] = TOOL_CHOOSE

    @property
    def pending(self) -> tuple[int, ...]:
        """The tiles drawn."""
        return self.drawn


@attrs.frozen
class PlaceTool(PlayerTask, Asked):
    """Seat ``seat`` attaches ``tool`` to a site it fits, or keeps it aside."""

    tool: int
    phase: ClassVar[int] = TOOL_PLACE

    @property
    def pending(self) -> tuple[int, ...]:
        """``(tool,)``."""
        return (self.tool,)


@attrs.frozen
class ChooseSupply(PlayerTask, Asked):
    """Seat ``seat`` chooses the next of its green sites ``remaining`` to supply (those in
    ``ready`` can be; a bitset each)."""

    remaining: int
    ready: int
    phase: ClassVar[int] = SUPPLY

    @property
    def pending(self) -> tuple[int, ...]:
        """``(sites left, sites that can be supplied)``."""
        return (self.remaining, self.ready)


def asked(phase: int, seat: int, pending: tuple[int, ...]) -> Task:
    """The task waiting in ``phase`` for ``seat`` with details ``pending`` (as
    :func:`question` gives them): how a position's phase, actor and pending are read
    back into the task on top of the agenda. Not for ``END``, which waits for nothing."""
    if phase == START:
        return DealStart()
    if phase == STORE:
        return StoreWaterTokens(seat, *pending)
    if phase == DRAW:
        return ChooseDeck(seat, *pending)
    if phase == DEAL:
        return DealCard(seat, *pending)
    if phase == PICK:
        return PickCard(seat)
    if phase == ACTION:
        return Act(seat)
    if phase == PAY:
        return PayWaterDue(seat, *pending)
    if phase == TOOL_DEAL:
        return DealTools(seat, pending[0], pending[1:])
    if phase == TOOL_CHOOSE:
        return ChooseTile(seat, pending)
    if phase == TOOL_PLACE:
        return PlaceTool(seat, *pending)
    if phase == ATTACH:
        return AttachKept(seat, *pending)
    if phase == SUPPLY:
        return ChooseSupply(seat, *pending)
    assert phase == CONVERTING, phase
    return ConvertAt(seat, *pending)


@attrs.frozen(cache_hash=True)
class Farm:
    """One player's farm (Hof) and purse.

    Attributes:
        cells: the cell of every card in the farm, in the order built.
        kinds: the kind of each of those cards (an index into
            ``rules.tables.names``; the last two are silo and water tower).
        occupied: bitset of the cells holding a card.
        frontier: the empty cells orthogonally next to a card, sorted: where the
            next card may go ("daneben, darüber oder darunter"). Derived from
            ``occupied`` and kept up to date because listing it is the hot path.
        down: bitset of the cells whose card is shut down (face down).
        towers: ``(cell, water, capacity, reach)`` of every water tower, in the order built.
        grain: grain in the silos. Grain moves freely between silos (see the
            rulings), so only the total and the total capacity matter.
        grain_capacity: what all silos together hold.
        coins: coins (Münzen).
        tokens: star tokens (Sterntoken) gained during the game.
        tools: ``(cell, tool)`` of every tool attached to a site, sorted.
        kept: tools kept aside, not yet attached, sorted.
    """

    cells: tuple[int, ...]
    kinds: tuple[int, ...]
    occupied: int
    frontier: tuple[int, ...]
    down: int
    towers: tuple[tuple[int, int, int, int], ...]
    grain: int
    grain_capacity: int
    coins: int
    tokens: int
    tools: tuple[tuple[int, int], ...] = ()
    kept: tuple[int, ...] = ()

    @property
    def sites(self) -> tuple[tuple[int, int], ...]:
        """``(cell, kind)`` of every card, in the order built."""
        return tuple(zip(self.cells, self.kinds, strict=True))

    def kind_at(self, cell: int) -> int:
        """The kind of the card at ``cell``; -1 for an empty cell."""
        if not self.occupied >> cell & 1:
            return -1
        return self.kinds[self.cells.index(cell)]

    def tools_at(self, cell: int) -> tuple[int, ...]:
        """The tools attached to the site at ``cell``."""
        return tuple(t for c, t in self.tools if c == cell)


@attrs.frozen(cache_hash=True)
class State:
    """A game of Fields of Green at one moment.

    Attributes:
        rules: the shared :class:`Rules`.
        year: 1 to ``rules.years`` (0 before the start player is known).
        start: the start player's seat.
        farms: each seat's :class:`Farm`.
        hands: each seat's hand, card ids sorted.
        picks: each seat's chosen card this action round, -1 when none. Hidden
            from the others while a ``PickCard`` task is on top, revealed after.
        passes: how often the hands have been passed this year.
        decks: the four location decks (Fields, Livestock, Facilities, Buildings).
        tool_pile: the tool tiles; tiles put back go underneath in a known order.
        silo_stack, tower_stack: silo and water-tower cards left to build.
        discard: the discard pile (Ablagestapel), card ids sorted.
        agenda: typed tasks, the next one last: on top the decision or chance
            event waited on (an :class:`Asked` task), below it the steps still to
            take (``NewYear`` to ``YearEnd`` above); empty once the game is over.
    """

    rules: Rules
    year: int
    start: int
    farms: tuple[Farm, ...]
    hands: tuple[tuple[int, ...], ...]
    picks: tuple[int, ...]
    passes: int
    decks: tuple[Deck[int], ...]
    tool_pile: Deck[int]
    silo_stack: int
    tower_stack: int
    discard: tuple[int, ...]
    agenda: tuple[Task, ...]

    @property
    def to_move(self) -> int | Chance | None:
        """The seat deciding next, ``CHANCE``, or ``None`` when the game is over."""
        agenda = self.agenda
        if not agenda:
            return None
        # A settled state waits on a seat or on chance, never on an automatic step.
        return agenda[-1].actor  # type: ignore[return-value]

    @property
    def rest(self) -> tuple[Task, ...]:
        """The agenda below the task waited on: the rest of the turn and the year."""
        return self.agenda[:-1]

    @property
    def pass_direction(self) -> int:
        """+1 (to the left, clockwise) in years 1 and 3, -1 (to the right) in years 2 and 4."""
        return 1 if self.year % 2 else -1

    def __repr__(self) -> str:
        from acreage.fields_of_green import GAME

        where = f"year {self.year} of {self.rules.years}" if self.year else "setup"
        q = question(self)
        return state_repr(GAME, self, where, _DECISIONS[q.phase].format(p=q.actor))

    def _repr_svg_(self) -> str:
        from acreage.fields_of_green.render import render_svg

        return render_svg(self)

    def __str__(self) -> str:
        from acreage.fields_of_green.render import render_text

        return render_text(self)


class Question(NamedTuple):
    """What is being decided, in the words of positions and views (see :func:`question`)."""

    phase: int
    """The top task's phase (``PHASES[phase]`` names it); ``END`` once the game is over."""
    actor: int
    """The seat deciding, or the seat a chance event is for (0 for the start player's
    draw, which is no seat's); -1 once the game is over."""
    pending: tuple[int, ...]
    """The top task's details (:attr:`Asked.pending`; cells are cell indices, see
    ``geometry``): store ``(tokens left,)``; draw ``(cards drawn, decks used, decks
    allowed)`` (bitsets of deck indices); deal ``(cards drawn, decks used, deck)``; pay
    ``(cell paid for, water due)``; tool deal ``(tiles left to draw, *tiles drawn)``; tool
    choose ``tiles drawn``; tool place ``(tool,)``; attach ``(cell of the new site,)``;
    supply ``(sites left, sites that can be supplied)`` (bitsets of cells); convert
    ``(cell, uses left)``; otherwise ``()``."""


_OVER = Question(END, -1, ())


def question(state: State) -> Question:
    """The task on top of ``state``'s agenda as positions and views say it: its phase,
    its seat and its details; ``(END, -1, ())`` once the game is over. The inverse of
    :func:`asked`."""
    agenda = state.agenda
    if not agenda:
        return _OVER
    task = cast(Asked, agenda[-1])
    return Question(task.phase, getattr(task, "seat", 0), task.pending)

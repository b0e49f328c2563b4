"""The state of a game: the farmers, the board's tokens, the cards and whose decision it is.

States are frozen attrs values. Sets of plots, paths and crossroads are int
bitsets over the ids of :data:`acreage.crazy_farmers.board.GRID`; cards are
their names. The static data (board, barns, deck make-up) lives in
``state.rules``. In the Mad Cow mode ``state.cow`` holds the Cow, its field,
its deck and its turn; the bonus card it checks or backfires is the data of
the task deciding it (``state.decision``).
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from acreage.core.agenda import Task
from acreage.core.chance import Deck
from acreage.core.display import state_repr
from acreage.core.draft import Draft
from acreage.core.frozen import builder
from acreage.core.game import Chance
from acreage.crazy_farmers.board import VERTEX_CELLS
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.tasks import CHANCE_PHASES, Decision, Event, Phase

__all__ = [
    "CHANCE_PHASES",
    "COW_TURN",
    "HIGH_VOLTAGE",
    "NO_GUARD",
    "WATCHDOG",
    "Cow",
    "Farmer",
    "Phase",
    "State",
    "Work",
    "build_cow",
    "the_cow",
]

HIGH_VOLTAGE = 1
"""Bit of :attr:`Farmer.guards`: a High Voltage card protects the whole fence."""

WATCHDOG = 2
"""Bit of :attr:`Farmer.guards`: a Watchdog protects the plots and barns."""


@attrs.frozen(slots=True, cache_hash=True)
class Farmer:
    """One player's pieces and cards.

    Attributes:
        tractor: the tractor's crossroad; -1 before its first turn and once
            eliminated.
        fence: the crossroads of the fence from its starting point (on the
            main field) to the tractor, ``()`` when there is none.
        fence_paths: the paths holding its fence pieces (bitset).
        fence_crossroads: the crossroads its fence passes through (bitset).
        plots: every plot holding its tile (bitset).
        main: its main field (bitset); ``plots & ~main`` is fallow land.
        hand: the bonus cards in hand, sorted.
        set_aside: the cards it put under the draw pile at setup.
        in_play: cards lying in front of it (a Rut it suffers, its High
            Voltage or Watchdog), sorted.
        slowdown: the moves it loses in its coming turn (2 per Rut it suffers).
        guards: :data:`HIGH_VOLTAGE` and :data:`WATCHDOG` bits.
        out: whether it has been eliminated.
    """

    tractor: int = -1
    fence: tuple[int, ...] = ()
    fence_paths: int = 0
    fence_crossroads: int = 0
    plots: int = 0
    main: int = 0
    hand: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    slowdown: int = 0
    guards: int = 0
    out: bool = False

    @property
    def powered(self) -> bool:
        """Whether it can pull fences and cut: it has a fence or stands on its field."""
        return bool(self.fence) or (
            self.tractor >= 0 and bool(VERTEX_CELLS[self.tractor] & self.main)
        )

    @property
    def fallow(self) -> int:
        """Its fallow land (bitset): its plots outside the main field."""
        return self.plots & ~self.main

    @property
    def fence_length(self) -> int:
        """The number of fence pieces it has down."""
        return max(0, len(self.fence) - 1)

    @property
    def protected(self) -> int:
        """The crossroads no other tractor may enter: its tractor and the 2 fences behind it."""
        if self.tractor < 0:
            return 0
        out = 1 << self.tractor
        for v in self.fence[-3:-1]:
            out |= 1 << v
        if self.guards & HIGH_VOLTAGE:
            out |= self.fence_crossroads
        return out


NO_GUARD = -1
""":attr:`Cow.guard` when no Backlash Watchdog protects the Cow's plots."""

COW_TURN = -2
""":attr:`Cow.guard` of a Backlash Watchdog the Cow triggered: it lasts until the Cow's next turn."""


@attrs.frozen(slots=True, cache_hash=True)
class Cow:
    """The Mad Cow, its field and its cards (the Mad Cow mode).

    Attributes:
        plot: the plot it stands on.
        facing: the side of that plot it faces (index of
            :data:`~acreage.crazy_farmers.board.SIDES`: ``N NE SE S SW NW``);
            -1 before setup has turned it.
        plots: its field (bitset): every plot it has annexed and kept.
        deck: the Mad Cow draw pile.
        discard: the Mad Cow cards played, sorted.
        pile: this turn's Mad Cow cards not played yet, top first.
        draws: the Mad Cow cards still to draw under the pile this turn (its
            own card, and those of a Backlash Nitro, which come after its
            initial moves); between its turns, the cards a Backlash Nitro
            added to its next turn.
        active: whether the Cow's turn is under way.
        played: the Mad Cow cards played in this turn of the Cow.
        turns: the player turns played since the Cow last played.
        rests: the turns it will not move (a Rut played on it).
        ruts: seats that lose 2 moves in their next turn (Backlash Rut).
        guard: a Backlash Watchdog protects its plots from annexing until
            this seat's next turn starts (:data:`COW_TURN`: the Cow's;
            :data:`NO_GUARD`: none).
        blasted: the barns a Backlash Dynamite blew up (bitset of plots).

    The bonus card being checked or taking its Backlash effect, and the
    tractor and first bale of a Backlash Hay Bale, are the data of the task
    deciding it (:attr:`State.decision`: ``card``, ``target``, ``aim``,
    ``first_bale``; see :mod:`~acreage.crazy_farmers.tasks`).
    """

    plot: int
    facing: int
    plots: int
    deck: Deck[str]
    discard: tuple[str, ...] = ()
    pile: tuple[str, ...] = ()
    draws: int = 0
    active: bool = False
    played: int = 0
    turns: int = 0
    rests: int = 0
    ruts: tuple[int, ...] = ()
    guard: int = NO_GUARD
    blasted: int = 0

    def but(self, **changes: Any) -> Cow:
        """This Cow with the fields in ``changes`` changed.

        ``attrs.evolve`` does the same at half the speed; the Cow changes at
        every one of its moves.
        """
        return build_cow(*[changes[n] if n in changes else getattr(self, n) for n in _COW_FIELDS])


_COW_FIELDS: Final = tuple(a.name for a in attrs.fields(Cow))

build_cow: Final = builder(Cow)
"""``Cow(...)`` with all 14 fields given by position, built by filling its slots rather than
through the frozen constructor's stores (:func:`acreage.core.frozen.builder`): the Cow
changes at every one of its moves."""

_DECISIONS: Final = {
    Phase.DEAL: "deal player {p} a card",
    Phase.KEEP: "keep one of the 3 cards",
    Phase.START: "choose where the tractor starts",
    Phase.TURN: "move, play a bonus or end the turn ({left} moves left)",
    Phase.HAY_BALE: "place {n} hay bale(s)",
    Phase.HELICOPTER: "choose where the helicopter lands",
    Phase.DRAW: "player {p} draws {n} bonus card(s)",
    Phase.OVER: "",
    Phase.FACE: "turn the Cow to face a neighbour",
    Phase.COW: "the Cow's next Mad Cow card",
    Phase.CHECK: "a Mad Cow card checks the {card} just played",
    Phase.COW_BONUS: "the bonus card the Cow draws on a barn",
    Phase.AIM: "choose the tractor the Backlash {card} goes around",
    Phase.BACKLASH_BALE: "place {n} Backlash hay bale(s)",
    Phase.FLY: "choose where the Cow flies (Backlash {card})",
    Phase.SURRENDER: "choose the plot to lose to the Cow (Backlash {card})",
}
"""What is being decided in each phase, for ``repr(state)`` (who decides comes before it)."""


@attrs.frozen(slots=True, cache_hash=True)
class State:
    """A moment of a game.

    Attributes:
        rules: the rules (and static data) of the game.
        agenda: what is being decided: the task on top (see
            :mod:`~acreage.crazy_farmers.tasks`), one at a time; ``()`` once
            the game is over.
        player: whose turn it is (at setup: who is being dealt or keeps).
        farmers: each seat's :class:`Farmer`.
        bales: the paths holding a hay bale (bitset).
        deck: the bonus cards of the draw pile, top segment first.
        endgame: where the Endgame card lies: among the last ``endgame``
            bonus cards of the draw pile (``0``: under all of them), or -1
            when it is not in the draw pile.
        discard: the discard pile, sorted.
        allowance: the moves of this turn (3, +1 acceleration, -2 per Rut,
            + Nitros, never more than 5). Below 0 when Ruts take more than
            the turn has: the turn has no move, and a Nitro makes up for the
            Ruts first (:attr:`moves_left` is never below 0).
        moves_made: the moves made this turn.
        flown: whether the tractor flew by Helicopter this turn (it cannot
            cut fences until the end of the turn).
        history: the positions (packed in ints) that started a turn since a
            plot was last claimed, for the repetition rule.
        reshuffles: how many times the discard pile became the draw pile.
        ended: why the game ended (``"tiles"``, ``"endgame"``,
            ``"elimination"``, ``"repetition"``: a tie; in the Mad Cow mode
            ``"lockdown"``: the players won, ``"cow"``: the Cow has all its
            plots, ``"elimination"``: the Cow won too, ``"repetition"``: a
            tie, the players have not won), ``"turns"`` (the turn limit:
            counted as it stands), ``""`` before the end.
        cow: the Mad Cow (:class:`Cow`), ``None`` in the competitive game.
        turn_number: the players' turns started so far (0 during setup, 1
            in the first turn); the game ends when it would pass
            ``Rules.turn_limit``.
    """

    rules: Rules
    agenda: tuple[Task, ...]
    player: int
    farmers: tuple[Farmer, ...]
    bales: int = 0
    deck: Deck[str] = attrs.field(factory=Deck)
    endgame: int = -1
    discard: tuple[str, ...] = ()
    allowance: int = 0
    moves_made: int = 0
    flown: bool = False
    history: tuple[int, ...] = ()
    reshuffles: int = 0
    ended: str = ""
    cow: Cow | None = None
    turn_number: int = 0

    @property
    def to_move(self) -> int | Chance | None:
        """The seat deciding next, :data:`~acreage.CHANCE` at a draw, ``None`` at the end:
        the top task's actor."""
        agenda = self.agenda
        return agenda[-1].actor if agenda else None  # type: ignore[return-value]

    @property
    def decision(self) -> Event | Decision | None:
        """The task being decided (a player's decision or a chance event), ``None`` at the end.

        Its data say what is being decided: ``left`` (:attr:`pending`), and in
        the Mad Cow mode the bonus ``card`` being checked or taking its
        Backlash effect with its ``target``, a Backlash Hay Bale's ``aim`` and
        ``first_bale`` (see :class:`~acreage.crazy_farmers.tasks.Decision`;
        the tasks that carry none say ``""`` or -1).
        """
        agenda = self.agenda
        return agenda[-1] if agenda else None  # type: ignore[return-value]

    @property
    def phase(self) -> Phase:
        """The kind of the task on top of the agenda (what positions, views and texts
        call it); ``Phase.OVER`` when it is empty."""
        agenda = self.agenda
        return agenda[-1].phase if agenda else Phase.OVER  # type: ignore[attr-defined]

    @property
    def pending(self) -> int:
        """The cards still to draw (phase ``draw``) or hay bales still to place (phases
        ``hay_bale``, ``aim``, ``backlash_bale``) of the top task; 0 otherwise."""
        agenda = self.agenda
        return agenda[-1].left if agenda else 0  # type: ignore[attr-defined]

    @property
    def moves_left(self) -> int:
        """The moves still due this turn."""
        return max(0, self.allowance - self.moves_made)

    @property
    def barns(self) -> int:
        """The plots holding a barn (bitset): the layout's, but those the Mad Cow blew up."""
        cow = self.cow
        return self.rules.barn_plots & ~cow.blasted if cow is not None else self.rules.barn_plots

    @property
    def hay_bales_left(self) -> int:
        """The hay bale tokens not on the board."""
        return self.rules.hay_bales - self.bales.bit_count()

    def with_cow(self, cow: Cow, agenda: tuple[Task, ...] | None = None) -> State:
        """This state with ``cow`` for the Cow (and ``agenda``): a fast ``attrs.evolve``."""
        return State(
            self.rules,
            self.agenda if agenda is None else agenda,
            self.player,
            self.farmers,
            self.bales,
            self.deck,
            self.endgame,
            self.discard,
            self.allowance,
            self.moves_made,
            self.flown,
            self.history,
            self.reshuffles,
            self.ended,
            cow,
            self.turn_number,
        )

    def __repr__(self) -> str:
        from acreage.crazy_farmers import GAME

        where = f"turn {self.turn_number}" if self.turn_number else "setup"
        task = self.decision
        what = _DECISIONS[self.phase].format(
            p=self.player,
            n=self.pending,
            left=self.moves_left,
            card=task.card if task is not None else "",
        )
        return state_repr(GAME, self, where, what)

    def _repr_svg_(self) -> str:
        from acreage.crazy_farmers.render import render_svg

        return render_svg(self)


class Work(Draft[State], of=State, lists=("agenda",)):
    """A :class:`State` being changed by one move, frozen into the next state at the end.

    Its fields are the state's own (generated from State's, see
    :mod:`acreage.core.draft`): a move's steps read and set the fields that
    change by name, and :meth:`freeze` builds the one new State, where each
    step built a state of its own. The values are the state's (tuples,
    ints, frozen pieces), replaced, never changed in place.
    """

    __slots__ = ()
    # The fields' types, for the type checker (checked against State's when the class is made).
    rules: Rules
    agenda: list[Task]
    player: int
    farmers: tuple[Farmer, ...]
    bales: int
    deck: Deck[str]
    endgame: int
    discard: tuple[str, ...]
    allowance: int
    moves_made: int
    flown: bool
    history: tuple[int, ...]
    reshuffles: int
    ended: str
    cow: Cow | None
    turn_number: int

    def then(self, task: Task) -> None:
        """Make ``task`` the one decided next: the agenda holds one task at a time."""
        agenda = self.agenda
        agenda.clear()
        agenda.append(task)

    def end(self) -> None:
        """The game is over: nothing is left to decide."""
        self.agenda.clear()

    def load(self, state: State) -> None:
        """Take every value of ``state`` (what a bonus card's handler, which maps a state
        to a state, returned); the agenda stays the same list, refilled."""
        self.agenda[:] = state.agenda
        for name in _LOADED:
            setattr(self, name, getattr(state, name))


_LOADED: Final = tuple(a.name for a in attrs.fields(State) if a.name != "agenda")


def the_cow(state: State | Work) -> Cow:
    """The Mad Cow of a Mad Cow game's state or draft (the mode's steps and Backlash
    effects ask it only there)."""
    cow = state.cow
    assert cow is not None, "the Mad Cow mode has a Cow"
    return cow

"""What one player may see, and states they cannot tell apart.

Everything on the table is public: plots, barns, hay bales, fences,
tractors, the cards lying in front of the players and the discard pile.
Hidden: the other players' hands, the order and make-up of the draw pile,
and the cards the others set aside at setup. A player knows the cards they
set aside themselves; while nobody has drawn from the bottom of the draw
pile those cards are still there, and :func:`resample` keeps them there.
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from acreage.core.agenda import Task
from acreage.core.chance import Deck, Pile
from acreage.core.display import view_repr
from acreage.core.game import Chance, check_seat
from acreage.crazy_farmers.rules import Rules
from acreage.crazy_farmers.state import Cow, Farmer, Phase, State
from acreage.crazy_farmers.tasks import Decision, Event

__all__ = ["FarmerView", "View", "hides_information", "observe", "resample"]


@attrs.frozen(slots=True)
class FarmerView:
    """One seat as a player sees it.

    Attributes:
        tractor, fence, fence_paths, fence_crossroads, plots, main, in_play,
        slowdown, guards, out: as in :class:`~acreage.crazy_farmers.state.Farmer`.
        hand: the cards in hand, or ``None`` for another player's hand.
        hand_size: how many cards are in hand.
        set_aside: the cards set aside at setup, or ``None`` for another player's.
    """

    tractor: int
    fence: tuple[int, ...]
    fence_paths: int
    fence_crossroads: int
    plots: int
    main: int
    hand: tuple[str, ...] | None
    hand_size: int
    set_aside: tuple[str, ...] | None
    in_play: tuple[str, ...]
    slowdown: int
    guards: int
    out: bool


@attrs.frozen(slots=True)
class View:
    """The game as ``player`` sees it.

    Attributes:
        rules: the rules of the game (public data).
        player: the seat looking.
        to_move: the seat deciding next, ``CHANCE`` or ``None``.
        phase, turn: what is being decided, and whose turn it is (during
            the Mad Cow's turn, the seat playing after it).
        farmers: every seat's :class:`FarmerView`.
        bales: the paths holding a hay bale.
        draw_pile: the number of cards in each segment of the draw pile, top first.
        endgame: where the Endgame card lies (see :attr:`State.endgame`).
        discard: the discard pile.
        allowance, moves_made, pending, flown, reshuffles, ended: as in the state.
        cow: the Mad Cow (all of it is on the table: its deck holds the
            cards neither played nor in its pile, in no known order), ``None``
            in the competitive game.
        turn_number: the players' turns started so far (see :class:`State`).
        agenda: what is being decided, as in the state: the task on top
            (:attr:`decision`) says it with its data (all of it public: the
            bales or cards still due, the bonus card being checked or taking
            its Backlash effect with its target, a Backlash Hay Bale's aim
            and first bale).
    """

    rules: Rules
    player: int
    to_move: int | Chance | None
    phase: Phase
    turn: int
    farmers: tuple[FarmerView, ...]
    bales: int
    draw_pile: tuple[int, ...]
    endgame: int
    discard: tuple[str, ...]
    allowance: int
    moves_made: int
    pending: int
    flown: bool
    reshuffles: int
    ended: str
    cow: Cow | None
    turn_number: int
    agenda: tuple[Task, ...]

    @property
    def decision(self) -> Event | Decision | None:
        """The task being decided, ``None`` at the end (:attr:`State.decision
        <acreage.crazy_farmers.state.State.decision>`)."""
        agenda = self.agenda
        return agenda[-1] if agenda else None  # type: ignore[return-value]

    def __repr__(self) -> str:
        where = f"turn {self.turn_number}" if self.turn_number else "setup"
        return view_repr("crazy-farmers", self, where)

    def _repr_svg_(self) -> str:
        from acreage.crazy_farmers.render import render_svg

        return render_svg(self)


SEATS: Final = 4
"""The most seats at a table (the Rules allow 1 to 4 players)."""

# What observe made last, per seat: a seat or a draw pile that did not change since is
# the very same object in the next state (the engine passes unchanged parts along), and
# gets the very same view, so a view costs little more than its changed parts. Each
# slot holds its key object and is replaced whole (one store: safe between threads).
_RECENT_SEATS: Final[tuple[list[tuple[Farmer, FarmerView] | None], ...]] = (
    [None] * SEATS,  # as the other players see the seat
    [None] * SEATS,  # as its owner sees it
)
_RECENT_PILE: Final[list[tuple[Deck[str], tuple[int, ...]] | None]] = [None]


def _seen(f: Farmer, seat: int, mine: bool) -> FarmerView:
    """Seat ``seat`` as its owner (``mine``) or the other players see it."""
    recent = _RECENT_SEATS[mine]
    last = recent[seat]
    if last is not None and last[0] is f:
        return last[1]
    view = FarmerView(
        f.tractor,
        f.fence,
        f.fence_paths,
        f.fence_crossroads,
        f.plots,
        f.main,
        f.hand if mine else None,
        len(f.hand),
        f.set_aside if mine else None,
        f.in_play,
        f.slowdown,
        f.guards,
        f.out,
    )
    recent[seat] = (f, view)
    return view


def _pile_sizes(deck: Deck[str]) -> tuple[int, ...]:
    """The number of cards in each segment of ``deck``, top first (a pile's size is a sum)."""
    last = _RECENT_PILE[0]
    if last is not None and last[0] is deck:
        return last[1]
    sizes = tuple(len(seg) for seg in deck.segments)
    _RECENT_PILE[0] = (deck, sizes)
    return sizes


def observe(state: State, seat: int) -> View:
    """What ``seat`` may see of ``state``; :class:`~acreage.SeatError` for a seat not at the table.

    A seat unchanged since the last view of it is shown by the very same
    :class:`FarmerView` (an immutable value), so an observation encoder can
    tell an unchanged seat by its identity.
    """
    check_seat(seat, state.rules.players)
    return View(
        state.rules,
        seat,
        state.to_move,
        state.phase,
        state.player,
        tuple([_seen(f, s, s == seat) for s, f in enumerate(state.farmers)]),
        state.bales,
        _pile_sizes(state.deck),
        state.endgame,
        state.discard,
        state.allowance,
        state.moves_made,
        state.pending,
        state.flown,
        state.reshuffles,
        state.ended,
        state.cow,
        state.turn_number,
        state.agenda,
    )


def hides_information(rules: Rules) -> bool:
    """Whether a game with ``rules`` hides anything from a player.

    The competitive game and the co-op Mad Cow game hide the other players'
    hands. The solo Mad Cow game hides nothing: the one player sees every
    card on the table and in their hand, and the two draw piles are in no
    order anybody knows (what comes next is chance, the same for every
    player, not something hidden from one of them). There, :func:`resample`
    returns the state it is given.
    """
    return rules.players > 1


def _take(pool: list[str], n: int) -> tuple[str, ...]:
    taken = pool[-n:] if n else []
    del pool[len(pool) - n :]
    return tuple(sorted(taken))


def resample(state: State, seat: int, rng: random.Random) -> State:
    """A state ``seat`` cannot tell from ``state``: the cards they have not seen redealt.

    The other hands, the draw pile and (during setup) the cards the others
    set aside are dealt again at random from the cards ``seat`` has not
    seen, keeping every size. While the bottom of the draw pile (the cards
    set aside at setup) is untouched, it keeps ``seat``'s own set-aside cards.
    With nothing hidden (:func:`hides_information` is false: the solo Mad Cow
    game) the state returned equals ``state``.
    """
    check_seat(seat, state.rules.players)
    farmers = state.farmers
    setup = state.phase is Phase.DEAL or state.phase is Phase.KEEP
    set_aside = sum(len(g.set_aside) for g in farmers)
    segments = state.deck.segments
    intact = not setup and not state.reshuffles and set_aside and len(state.deck) >= set_aside
    pool: list[str] = []
    for s, g in enumerate(farmers):
        if s != seat:
            pool.extend(g.hand)
            if setup:
                pool.extend(g.set_aside)
    for seg in segments:
        pool.extend(seg.cards())
    mine = farmers[seat].set_aside
    if intact:
        for card in mine:
            pool.remove(card)
    pool.sort()
    rng.shuffle(pool)

    new_segments: list[Pile[str]] = []
    for i, seg in enumerate(segments):
        if intact and i == len(segments) - 1:
            new_segments.append(Pile.of((*mine, *_take(pool, len(seg) - len(mine)))))
        else:
            new_segments.append(Pile.of(_take(pool, len(seg))))
    bottom = list(new_segments[-1].cards()) if intact else []
    if intact:
        for card in mine:
            bottom.remove(card)
        rng.shuffle(bottom)
    out = []
    for s, g in enumerate(farmers):
        if s == seat:
            out.append(g)
            continue
        hand = _take(pool, len(g.hand))
        aside = g.set_aside
        if setup:
            aside = _take(pool, len(aside))
        elif intact:
            aside = _take(bottom, len(aside))
        out.append(attrs.evolve(g, hand=hand, set_aside=aside))
    return attrs.evolve(state, farmers=tuple(out), deck=Deck(tuple(new_segments)))

"""The draft a move is applied on: :class:`Work`, and the tasks made on every turn.

``apply_move`` copies the state into a :class:`Work`, whose fields are the
state's own; the handlers (:mod:`~acreage.get_off_my_land.rounds`,
:mod:`~acreage.get_off_my_land.fences`, :mod:`~acreage.get_off_my_land.cards`,
:mod:`~acreage.get_off_my_land.turn`) change them through its methods (fences
placed and taken, money, hands, discard piles, tiles cleared, the market track)
and push the tasks that follow; the draft is frozen into one new State at the
end. The tasks made on every turn are shared values or built without the attrs
``__init__``; they are made here, with the draft that makes one of them.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar, cast

from acreage.core.chance import Deck
from acreage.core.draft import Draft
from acreage.core.frozen import builder, replaced
from acreage.core.regions import FenceNetwork, Partition
from acreage.get_off_my_land import land
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import Batch, State, Task
from acreage.get_off_my_land.tables import Tables

__all__ = [
    "Work",
    "batch",
    "draw_card",
    "finish_card_task",
    "finish_lumber_task",
    "placing",
    "reveal_market",
    "reveal_tile",
    "start_month_task",
    "turn",
]


class Work(
    Draft[State],
    of=State,
    lists=("agenda",),
    lookup={"t": "rules.tables"},
    scratch={"touched": 0},
    flush={"touched": "refresh"},
):
    """A mutable copy of a State, frozen back into one new State at the end of a move.

    Its fields are the state's own (generated from State's, see
    :mod:`acreage.core.draft`); the tuples are replaced, never changed, when a
    move changes them, so copying a state in and out costs one store a field.
    Beside them it keeps the Rules' tables (``t``) and the fence slots whose
    control is not yet recomputed (``touched``, none in a new copy); freezing
    recomputes that control first (:meth:`refresh`). The draft's generated
    ``copy`` and ``freeze`` do both, so a move pays no override of them.
    """

    __slots__ = ()
    t: Tables
    touched: int
    # The fields' types, for the type checker (checked against State's when the class is made).
    rules: Rules
    agenda: list[Task]
    month: int
    first: int
    money: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    fence_deck: Deck[int]
    fence_discard: tuple[int, ...]
    offers: tuple[tuple[int, ...], ...]
    farmhouses: tuple[int, ...]
    market_deck: Deck[int]
    track: tuple[int, ...]
    market_discard: tuple[int, ...]
    tiles: tuple[int, ...]
    cards: tuple[int, ...]
    mature: int
    fences: tuple[int, ...]
    farmers: tuple[int, ...]
    partition: Partition
    networks: tuple[FenceNetwork, ...]
    control: tuple[int, ...]
    cleared: int

    # -- fences

    def refresh(self) -> None:
        """Recompute control where fences changed."""
        if self.touched:
            self.control = land.control(
                self.t, self.partition, self.fences, self.control, self.touched
            )
            self.touched = 0

    def place(self, seat: int, move: mv.Fence) -> None:
        """Put ``seat``'s fence on ``move.edge`` (on an empty edge or inside a lone fence)."""
        t = self.t
        e = move.edge
        fences = list(self.fences)
        self.networks = replaced(self.networks, seat, self.networks[seat].join(t.grid, e))
        if move.inside < 0:
            fences[seat] |= 1 << e
            self.fences = tuple(fences)
            partition = self.partition.block(e)
            if partition.regions is not self.partition.regions:
                self.touched |= t.edge_cell_mask[e]  # only then can control change
            self.partition = partition
            return
        if move.inside == t.edge_cells[e][0]:
            owner = land.owner_at(fences, e)
            fences[owner] ^= (1 << e) | (1 << (t.edges + e))
            fences[seat] |= 1 << e
        else:
            fences[seat] |= 1 << (t.edges + e)
        self.fences = tuple(fences)
        self.touched |= t.edge_cell_mask[e]

    def take(self, seat: int, edge: int) -> None:
        """Remove ``seat``'s fence from ``edge`` (to their stash)."""
        t = self.t
        fences = list(self.fences)
        fences[seat] &= ~((1 << edge) | (1 << (t.edges + edge)))
        land.normalise(t, fences)
        self.fences = tuple(fences)
        self.networks = replaced(self.networks, seat, self.networks[seat].cut(t.grid, edge))
        for f in fences:
            if f >> edge & 1:
                break  # another player's fence still stands there
        else:
            self.partition = self.partition.unblock(edge)
        self.touched |= t.edge_cell_mask[edge]

    def cut(self, owner: int, edge: int) -> None:
        """Note that ``owner``'s fence on ``edge`` (one of two there) is gone."""
        self.networks = replaced(self.networks, owner, self.networks[owner].cut(self.t.grid, edge))
        self.touched |= self.t.edge_cell_mask[edge]

    def settle(self) -> None:
        """Loose animals run away and hungry livestock eat crops."""
        loose, eaten = land.hungry(self.t, self.partition, self.cards, self.mature)
        self.mature &= ~(loose | eaten)

    # -- cards

    def pay(self, seat: int, amount: int) -> None:
        """Give ``seat`` money (take it, for a negative ``amount``)."""
        self.money = replaced(self.money, seat, self.money[seat] + amount)

    def gain(self, seat: int, card: int) -> None:
        """Put ``card`` in ``seat``'s hand (kept sorted)."""
        hand = list(self.hands[seat])
        bisect.insort(hand, card)
        self.hands = replaced(self.hands, seat, tuple(hand))

    def lose(self, seat: int, card: int) -> None:
        """Take ``card`` from ``seat``'s hand."""
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands = replaced(self.hands, seat, tuple(hand))

    def discard_fence_card(self, card: int) -> None:
        """Put ``card`` on the fence discard pile (kept sorted)."""
        pile = list(self.fence_discard)
        bisect.insort(pile, card)
        self.fence_discard = tuple(pile)

    def discard_market_card(self, card: int) -> None:
        """Put ``card`` on the market discard pile (kept sorted)."""
        pile = list(self.market_discard)
        bisect.insort(pile, card)
        self.market_discard = tuple(pile)

    def clear_tile(self, cell: int) -> None:
        """Remove the market card on ``cell`` from the game (to the market discard pile).

        A farmer raiding the card (standing on it, on land its owner does not
        control) goes home with it: it stood "on an opponent's market card",
        and stays "for as long as" that card is there (ruling P5). A farmer
        on its owner's own land protects the tile, not the card, and stays.
        """
        self.discard_market_card(self.cards[cell])
        self.cards = replaced(self.cards, cell, -1)
        self.mature &= ~(1 << cell)
        if cell in self.farmers:
            self.refresh()
            for p, c in enumerate(self.farmers):
                if c == cell and not self.control[p] >> cell & 1:
                    self.farmers = replaced(self.farmers, p, self.t.farm_cell[p])

    def take_from_track(self, slot: int) -> int:
        """Take the card in ``slot``; the cards to its right slide left and the track refills."""
        card = self.track[slot]
        self.track = (*self.track[:slot], *self.track[slot + 1 :], -1)
        self.agenda.append(reveal_market())
        return card


P = ParamSpec("P")
T = TypeVar("T")


def _shared(kind: Callable[P, T]) -> Callable[P, T]:
    """``kind(...)``, one shared object for each argument list: the tasks made
    on every turn are frozen values from a small set, and a lookup costs less
    than a new object."""
    return cast("Callable[P, T]", functools.lru_cache(maxsize=1024)(kind))


turn = _shared(st.Turn)
"""``st.Turn(seat, actions, fenced)``, one shared object for each."""

draw_card = _shared(st.DrawCard)
"""``st.DrawCard(seat)``, one shared object for each."""

finish_card_task = _shared(st.FinishCard)
"""``st.FinishCard(card)``, one shared object for each."""

finish_lumber_task = _shared(st.FinishLumber)
"""``st.FinishLumber(seat, drawn)``, one shared object for each."""

reveal_market = _shared(st.RevealMarket)
"""``st.RevealMarket()``, one shared object."""

start_month_task = _shared(st.StartMonth)
"""``st.StartMonth()``, one shared object."""

reveal_tile = _shared(st.RevealTile)
"""``st.RevealTile(cell, seat, rewards)``, one shared object for each."""

batch = builder(Batch)
"""``Batch(seat, left, carrying, placed, before)``, built quicker (one or two
are made for every fence placed; see :func:`acreage.core.frozen.builder`)."""

placing = builder(st.PlaceFences)
"""``st.PlaceFences(batch)``, built quicker."""

"""The engine: new games, legal moves, chance outcomes, and applying a move.

``apply_move`` copies the state into a mutable :class:`Work`, lets the
current task's handler apply the move, runs the automatic tasks that follow
(ends of turns and months, the rest of a card's action, claims after fences)
until the next decision or chance event, and freezes the result into one
new :class:`State`.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ParamSpec, TypeVar, cast

from acreage.core.agenda import Engine
from acreage.core.bitset import bits
from acreage.core.chance import Counted, Deck, Pile, counted
from acreage.core.draft import Draft
from acreage.core.frozen import builder
from acreage.core.game import IllegalMoveError
from acreage.core.regions import FenceNetwork, Partition, partition
from acreage.get_off_my_land import land
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import options as op
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.farm import (
    bonus_cards,
    card_income,
    harvest_value,
    harvestable,
    income,
    price,
)
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import Batch, State, Task
from acreage.get_off_my_land.tables import CROP, EQUIPMENT, LIVESTOCK, Tables

__all__ = ["apply_move", "chance_outcomes", "legal_moves", "new_game"]


# -- the work copy ---------------------------------------------------------------------


def _put(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[i]`` replaced (a list round trip beats slicing here)."""
    out = list(values)
    out[i] = value
    return tuple(out)


class Work(Draft[State], of=State, lists=("agenda",)):
    """A mutable copy of a State, frozen back into one new State at the end of a move.

    Its fields are the state's own (generated from State's, see
    :mod:`acreage.core.draft`); the tuples are replaced, never changed, when a
    move changes them, so copying a state in and out costs one store a field.
    Beside them it keeps the Rules' tables (``t``) and the fence slots whose
    control is not yet recomputed (``touched``).
    """

    __slots__ = ("t", "touched")
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

    @classmethod
    def copy(cls, state: State) -> Work:
        """A draft of ``state`` (its agenda a list), with nothing touched."""
        w: Work = super().copy(state)
        w.t = state.rules.tables
        w.touched = 0
        return w

    def freeze(self) -> State:
        """The State the draft holds, control recomputed first where fences changed."""
        if self.touched:
            self.refresh()
        return super().freeze()

    # -- fences

    def refresh(self) -> None:
        """Recompute control where fences changed."""
        if self.touched:
            self.control = land.control(
                self.t, self.partition, self.fences, self.control, self.touched
            )
            self.touched = 0

    def place(self, player: int, move: mv.Fence) -> None:
        """Put ``player``'s fence on ``move.edge`` (on an empty edge or inside a lone fence)."""
        t = self.t
        e = move.edge
        fences = list(self.fences)
        self.networks = _put(self.networks, player, self.networks[player].join(t.grid, e))
        if move.inside < 0:
            fences[player] |= 1 << e
            self.fences = tuple(fences)
            partition = self.partition.block(e)
            if partition.regions is not self.partition.regions:
                self.touched |= t.edge_cell_mask[e]  # only then can control change
            self.partition = partition
            return
        if move.inside == t.edge_cells[e][0]:
            owner = land.owner_at(fences, e)
            fences[owner] ^= (1 << e) | (1 << (t.edges + e))
            fences[player] |= 1 << e
        else:
            fences[player] |= 1 << (t.edges + e)
        self.fences = tuple(fences)
        self.touched |= t.edge_cell_mask[e]

    def take(self, player: int, edge: int) -> None:
        """Remove ``player``'s fence from ``edge`` (to their stash)."""
        t = self.t
        fences = list(self.fences)
        fences[player] &= ~((1 << edge) | (1 << (t.edges + edge)))
        land.normalise(t, fences)
        self.fences = tuple(fences)
        self.networks = _put(self.networks, player, self.networks[player].cut(t.grid, edge))
        for f in fences:
            if f >> edge & 1:
                break  # another player's fence still stands there
        else:
            self.partition = self.partition.unblock(edge)
        self.touched |= t.edge_cell_mask[edge]

    def cut(self, owner: int, edge: int) -> None:
        """Note that ``owner``'s fence on ``edge`` (one of two there) is gone."""
        self.networks = _put(self.networks, owner, self.networks[owner].cut(self.t.grid, edge))
        self.touched |= self.t.edge_cell_mask[edge]

    def settle(self) -> None:
        """Loose animals run away and hungry livestock eat crops."""
        loose, eaten = land.hungry(self.t, self.partition, self.cards, self.mature)
        self.mature &= ~(loose | eaten)

    # -- cards

    def pay(self, player: int, amount: int) -> None:
        """Give ``player`` money (take it, for a negative ``amount``)."""
        self.money = _put(self.money, player, self.money[player] + amount)

    def gain(self, player: int, card: int) -> None:
        hand = list(self.hands[player])
        bisect.insort(hand, card)
        self.hands = _put(self.hands, player, tuple(hand))

    def lose(self, player: int, card: int) -> None:
        hand = list(self.hands[player])
        hand.remove(card)
        self.hands = _put(self.hands, player, tuple(hand))

    def discard_fence_card(self, card: int) -> None:
        pile = list(self.fence_discard)
        bisect.insort(pile, card)
        self.fence_discard = tuple(pile)

    def discard_market_card(self, card: int) -> None:
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
        self.cards = _put(self.cards, cell, -1)
        self.mature &= ~(1 << cell)
        if cell in self.farmers:
            self.refresh()
            for p, c in enumerate(self.farmers):
                if c == cell and not self.control[p] >> cell & 1:
                    self.farmers = _put(self.farmers, p, self.t.farm_cell[p])

    def take_from_track(self, slot: int) -> int:
        """Take the card in ``slot``; the cards to its right slide left and the track refills."""
        card = self.track[slot]
        self.track = (*self.track[:slot], *self.track[slot + 1 :], -1)
        self.agenda.append(_reveal_market())
        return card


# -- shared tasks ------------------------------------------------------------------------------

P = ParamSpec("P")
T = TypeVar("T")


def _shared(kind: Callable[P, T]) -> Callable[P, T]:
    """``kind(...)``, one shared object for each argument list: the tasks made
    on every turn are frozen values from a small set, and a lookup costs less
    than a new object."""
    return cast("Callable[P, T]", functools.lru_cache(maxsize=1024)(kind))


_turn = _shared(st.Turn)
_draw_card = _shared(st.DrawCard)
_finish_card_task = _shared(st.FinishCard)
_finish_lumber_task = _shared(st.FinishLumber)
_reveal_market = _shared(st.RevealMarket)
_start_month_task = _shared(st.StartMonth)
_reveal_tile = _shared(st.RevealTile)


_batch = builder(Batch)
"""``Batch(player, left, carrying, placed, before)``, built quicker (one or two
are made for every fence placed; see :func:`acreage.core.frozen.builder`)."""
_placing = builder(st.PlaceFences)
"""``st.PlaceFences(batch)``, built quicker."""
_pile = builder(Pile)
_deck = builder(Deck)


# -- new games -----------------------------------------------------------------------------


def new_game(rules: Rules) -> State:
    """The game before setup's chance events: farmhouse tiles are dealt first."""
    t = rules.tables
    n = rules.players
    todo: list[Task] = []
    for p in range(n):
        todo += [st.DealFarmhouse(p)] * rules.farmhouse_offers
    todo += [st.ChooseFarmhouse(p) for p in range(n)]
    for p in range(n):
        todo += [_draw_card(p)] * rules.starting_cards
    todo += [_reveal_market(), _start_month_task()]
    fences = (0,) * n
    regions = partition(t.grid, 0)
    network = FenceNetwork.of(t.grid, 0)
    return State(
        rules=rules,
        agenda=tuple(reversed(todo)),
        month=0,
        first=0,
        money=(rules.starting_money,) * n,
        hands=((),) * n,
        fence_deck=t.fence_deck,
        fence_discard=(),
        offers=((),) * n,
        farmhouses=(-1,) * n,
        market_deck=t.market_deck,
        track=(-1,) * len(rules.market_costs),
        market_discard=(),
        tiles=(-1,) * t.n,
        cards=(-1,) * t.n,
        mature=0,
        fences=fences,
        farmers=t.farm_cell,
        partition=regions,
        networks=(network,) * n,
        control=land.control(t, regions, fences),
        cleared=t.grass_mask,
    )


# -- chance ------------------------------------------------------------------------------------


Distribution = tuple[tuple[Any, Fraction], ...]

_SECOND = operator.itemgetter(1)


def _kept(t: Tables, key: tuple[object, ...], dist: Callable[[], Distribution]) -> Distribution:
    """The distribution ``key`` names: the very tuple made last time, if it is kept,
    so that :func:`acreage.core.chance.sample` can reuse its tables for it."""
    out: Distribution | None = t.dists.get(key)
    if out is None:
        if len(t.dists) >= 4096:
            t.dists.clear()
        out = t.dists[key] = dist()
    return out


def _undealt(s: State) -> tuple[int, ...]:
    """The farmhouse tiles nobody was dealt yet."""
    dealt = {f for offer in s.offers for f in offer} | {f for f in s.farmhouses if f >= 0}
    return tuple(f for f in range(len(s.rules.farmhouses)) if f not in dealt)


def _deal_outcomes(s: State, task: st.DealFarmhouse) -> tuple[tuple[Any, Fraction], ...]:
    free = _undealt(s)
    moves = s.rules.tables.deal_moves

    def dist() -> tuple[tuple[Any, Fraction], ...]:
        return counted([(moves[f], 1) for f in free])

    return _kept(s.rules.tables, ("farmhouses", free), dist)


@functools.lru_cache(maxsize=256)
def _shares(total: int) -> tuple[Fraction, ...]:
    """``k / total`` for each ``k`` up to ``total``, made once."""
    return tuple(Fraction(k, total) for k in range(total + 1))


def _deck_outcomes(
    t: Tables, deck: Deck[int], moves: tuple[Any, ...], name: str, keep: bool
) -> tuple[tuple[Any, Fraction], ...]:
    """The next card's distribution; with ``keep``, the same tuple for equal piles
    while kept (worth it where equal piles come back often, as in the market)."""
    top = deck.segments[0]
    if not isinstance(top, Pile):
        return tuple((moves[card], p) for card, p in deck.draw_outcomes())
    counts = top.counts
    if keep:
        key = (name, counts)
        kept: Distribution | None = t.dists.get(key)
        if kept is not None:
            return kept
    # The (move, probability) pairs are made once for each pile size and shared
    # by every distribution: fewer objects for the garbage collector to walk.
    cumulative = tuple(itertools.accumulate(map(_SECOND, counts)))
    total = cumulative[-1]
    table = t.outcome_pairs.get((name, total))
    if table is None:
        table = t.outcome_pairs[name, total] = {}
    try:
        dist = Counted(map(table.__getitem__, counts))  # each (card, k) -> (move, k / total)
    except KeyError:
        shares = _shares(total)
        for pair in counts:
            if pair not in table:
                table[pair] = (moves[pair[0]], shares[pair[1]])
        dist = Counted(map(table.__getitem__, counts))
    # The running counts over their greatest common divisor (that of the
    # counts): the least common denominator of the probabilities, as counted() does.
    g = math.gcd(*cumulative)
    dist.cumulative = cumulative if g == 1 else tuple(c // g for c in cumulative)
    if keep:
        if len(t.dists) >= 4096:
            t.dists.clear()
        t.dists[key] = dist
    return dist


def _draw_outcomes(s: State, task: st.DrawCard) -> tuple[tuple[Any, Fraction], ...]:
    t = s.rules.tables
    return _deck_outcomes(t, s.fence_deck, t.draw_moves, "fence deck", False)


def _reveal_outcomes(s: State, task: st.RevealMarket) -> tuple[tuple[Any, Fraction], ...]:
    t = s.rules.tables
    return _deck_outcomes(t, s.market_deck, t.reveal_moves, "market deck", True)


def forest_pool(s: State | Work, cell: int) -> list[int]:
    """How many tiles of each forest tile kind may still lie under ``cell``'s forest side."""
    t = s.rules.tables
    kind = t.forest_kind[cell]
    pool = list(t.forest_pool[kind])
    for c in bits(s.cleared & t.forest_mask):  # the logged forest tiles
        tile = s.tiles[c]
        if tile >= 0 and t.forest_kind[c] == kind:
            pool[tile] -= 1
    return pool


def _tile_outcomes(s: State, task: st.RevealTile) -> tuple[tuple[Any, Fraction], ...]:
    pool = tuple(forest_pool(s, task.cell))
    moves = s.rules.tables.uncover_moves

    def dist() -> tuple[tuple[Any, Fraction], ...]:
        return counted([(moves[i], k) for i, k in enumerate(pool) if k])

    return _kept(s.rules.tables, ("forest tiles", pool), dist)


_OUTCOMES: dict[type, Callable[[State, Any], tuple[tuple[Any, Fraction], ...]]] = {
    st.DealFarmhouse: _deal_outcomes,
    st.DrawCard: _draw_outcomes,
    st.RevealMarket: _reveal_outcomes,
    st.RevealTile: _tile_outcomes,
}


def chance_outcomes(state: State) -> tuple[tuple[mv.Move, Fraction], ...]:
    """The outcomes of the chance event now, with their exact probabilities; () otherwise."""
    return ENGINE.chance_outcomes(state)


# -- legal moves ----------------------------------------------------------------------------------


def _turn_moves(s: State, task: st.Turn) -> list[Any]:
    t = s.rules.tables
    p = task.player
    out: list[Any] = [t.end_turn]
    logs = op.log_targets(s, p)
    if logs:
        out += t.log_lists.of(logs)
    playable: dict[str, bool] = {}
    last = -1
    for k in s.hands[p]:  # sorted
        if k == last:
            continue
        last = k
        fences_move, action_move = t.play_moves[k]
        if not task.fenced:
            out.append(fences_move)
        title = t.fence[k].title
        can = playable.get(title)
        if can is None:
            can = playable[title] = op.playable(s, p, title)
        if can:
            out.append(action_move)
    out += op.buy_moves(s, p)
    if s.money[p] >= s.rules.lumber_cost:
        out.append(t.lumber)
    out += t.harvest_lists.of(harvestable(s, p))
    return out


def _fence_batch_moves(s: State, task: st.PlaceFences) -> list[Any]:
    """Placements, lifts and done; with a lifted fence, its placements (or done, when it
    has nowhere to go: it returns to the stash)."""
    t = s.rules.tables
    batch = task.batch
    out: list[Any] = op.fence_moves(s, batch)  # a new list
    if batch.carrying < 0:
        f = s.fences[batch.player]
        out += t.lift_lists.of((f | f >> t.edges) & t.edge_mask)  # each fence on the board
        out.append(t.done)
    elif not out:
        out.append(t.done)
    return out


def _defend_moves(s: State, task: st.Defend) -> list[Any]:
    return [*op.defences(s, task.player), s.rules.tables.yield_]


def _choose_farmhouse_moves(s: State, task: st.ChooseFarmhouse) -> list[Any]:
    keep = s.rules.tables.keep_moves
    return [keep[f] for f in s.offers[task.player]]


def _discard_moves(s: State, task: st.DiscardDown) -> list[Any]:
    moves = s.rules.tables.discard_moves
    return [moves[k] for k in sorted(set(s.hands[task.player]))]


def _clear_farmer_moves(s: State, task: st.ClearFarmer) -> list[Any]:
    t = s.rules.tables
    return [*(t.send_home[q] for q in op.send_home_targets(s, task.player)), t.done]


def _set_farmer_moves(s: State, task: st.SetFarmer) -> list[Any]:
    t = s.rules.tables
    spots = op.farmer_targets(s, task.player)
    return [*(t.farmer_moves[c] for c in bits(spots)), t.done]


def _raid_moves(s: State, task: st.RaidTarget) -> list[Any]:
    moves = s.rules.tables.raid_moves
    return [moves[c] for c in bits(op.raid_targets(s, task.player))]


def _slash_choice_moves(s: State, task: st.SlashChoice) -> list[Any]:
    t = s.rules.tables
    return [t.slash_log, t.slash_break]


def _slash_flip_moves(s: State, task: st.SlashFlip) -> list[Any]:
    moves = s.rules.tables.flip_moves
    return [moves[c] for c in bits(op.log_targets(s, task.player))]


def _slash_break_moves(s: State, task: st.SlashBreak) -> list[Any]:
    return [*op.break_moves(s, task.player), s.rules.tables.done]


def _managers_moves(s: State, task: st.ManagersDeal) -> list[Any]:
    return list(op.buy_moves(s, task.player, s.rules.manager_price))


def _destroy_moves(s: State, task: st.Destroy) -> list[Any]:
    t = s.rules.tables
    out: list[Any] = []
    if not task.used & 1:
        out += op.remove_card_moves(s)
    if not task.used & 2:
        out += op.break_moves(s, task.player)
    if not task.used & 4:
        out += [t.send_home[q] for q, c in enumerate(s.farmers) if c != t.farm_cell[q]]
    out.append(t.done)
    return out


def _grow_moves(s: State, task: st.Grow) -> list[Any]:
    t = s.rules.tables
    out: list[Any] = [] if task.bought else list(op.buy_moves(s, task.player))
    out += [t.mature_moves[c] for c in bits(op.maturable(s, task.player, task.livestock))]
    out.append(t.done)
    return out


def _combine_moves(s: State, task: st.Combine) -> list[Any]:
    t = s.rules.tables
    out: list[Any] = [t.harvest_moves[c] for c in bits(harvestable(s, task.player))]
    if task.harvested:
        out.append(t.done)
    return out


def _scrap_moves(s: State, task: st.ScrapHarvested) -> list[Any]:
    moves = s.rules.tables.scrap_moves
    return [moves[c] for c in task.cells]


_MOVES: dict[type, Callable[[State, Any], list[Any]]] = {
    st.Turn: _turn_moves,
    st.PlaceFences: _fence_batch_moves,
    st.Defend: _defend_moves,
    st.ChooseFarmhouse: _choose_farmhouse_moves,
    st.DiscardDown: _discard_moves,
    st.ClearFarmer: _clear_farmer_moves,
    st.SetFarmer: _set_farmer_moves,
    st.RaidTarget: _raid_moves,
    st.SlashChoice: _slash_choice_moves,
    st.SlashFlip: _slash_flip_moves,
    st.SlashBreak: _slash_break_moves,
    st.ManagersDeal: _managers_moves,
    st.Destroy: _destroy_moves,
    st.Grow: _grow_moves,
    st.Combine: _combine_moves,
    st.ScrapHarvested: _scrap_moves,
}


def legal_moves(state: State) -> tuple[mv.Move, ...]:
    """Every legal move now, in a fixed order; at a chance event, its outcomes."""
    return ENGINE.legal_moves(state)


def _is_own(moves: tuple[Any, ...], i: object, move: object) -> bool:
    """Whether ``move`` is ``moves[i]``, the game's own object: a chance outcome made
    by hand (or unpickled) is judged the slow way, by its text (see :func:`_own`)."""
    return type(i) is int and 0 <= i < len(moves) and moves[i] is move


def _possible_deal(s: State, task: st.DealFarmhouse, move: Any) -> bool:
    return (
        isinstance(move, mv.DealFarmhouse)
        and _is_own(s.rules.tables.deal_moves, move.farmhouse, move)
        and move.farmhouse in _undealt(s)
    )


def _can_draw(deck: Deck[int], card: int) -> bool:
    """``deck.can_draw(card)``, by bisection for the usual shuffled pile on top."""
    if not deck.segments:
        return False
    top = deck.segments[0]
    if isinstance(top, Pile):
        counts = top.counts
        i = bisect.bisect_left(counts, (card,))
        return i < len(counts) and counts[i][0] == card
    return deck.can_draw(card)


def _possible_draw(s: State, task: st.DrawCard, move: Any) -> bool:
    return (
        isinstance(move, mv.Draw)
        and _is_own(s.rules.tables.draw_moves, move.card, move)
        and _can_draw(s.fence_deck, move.card)
    )


def _possible_reveal(s: State, task: st.RevealMarket, move: Any) -> bool:
    return (
        isinstance(move, mv.Reveal)
        and _is_own(s.rules.tables.reveal_moves, move.card, move)
        and _can_draw(s.market_deck, move.card)
    )


def _possible_tile(s: State, task: st.RevealTile, move: Any) -> bool:
    if not isinstance(move, mv.Uncover) or not _is_own(
        s.rules.tables.uncover_moves, move.tile, move
    ):
        return False
    return forest_pool(s, task.cell)[move.tile] > 0


_POSSIBLE: dict[type, Callable[[State, Any, Any], bool]] = {
    st.DealFarmhouse: _possible_deal,
    st.DrawCard: _possible_draw,
    st.RevealMarket: _possible_reveal,
    st.RevealTile: _possible_tile,
}


# -- applying moves ----------------------------------------------------------------------------


def _apply_deal(w: Work, task: st.DealFarmhouse, move: mv.DealFarmhouse) -> None:
    w.offers = _put(w.offers, task.player, tuple(sorted((*w.offers[task.player], move.farmhouse))))


def _draw(deck: Deck[int], card: int) -> Deck[int]:
    """``deck.draw(card)`` with a short path for the usual shuffled pile on top."""
    top = deck.segments[0]
    if isinstance(top, Pile):
        counts = top.counts
        i = bisect.bisect_left(counts, (card,))
        if i < len(counts) and counts[i][0] == card:
            k = counts[i][1]
            left = list(counts)
            if k > 1:
                left[i] = (card, k - 1)
            else:
                del left[i]
            rest = tuple(left)
            if rest:
                return _deck((_pile(rest), *deck.segments[1:]))
            return _deck(deck.segments[1:])
    return deck.draw(card)


def _apply_draw(w: Work, task: st.DrawCard, move: mv.Draw) -> None:
    w.fence_deck = _draw(w.fence_deck, move.card)
    w.gain(task.player, move.card)


def _apply_reveal(w: Work, task: st.RevealMarket, move: mv.Reveal) -> None:
    w.market_deck = _draw(w.market_deck, move.card)
    w.track = _put(w.track, w.track.index(-1), move.card)
    w.agenda.append(task)


def _apply_uncover(w: Work, task: st.RevealTile, move: mv.Uncover) -> None:
    c = task.cell
    w.tiles = _put(w.tiles, c, move.tile)
    w.cleared |= 1 << c
    if not task.rewards:
        return
    reward = w.t.forest[move.tile].reward
    if reward == "fence card":
        w.agenda.append(_draw_card(task.player))
    elif reward == "buried treasure":
        w.pay(task.player, w.rules.treasure)


def _buy(w: Work, player: int, move: mv.Buy, cost: int) -> None:
    """Pay for the card in ``move.slot`` and place it on ``move.cell``.

    "Place the card immature side up ... (The only exception is when buying
    equipment cards, place them grey border side up.)" A card already on the
    tile is replaced and discarded.
    """
    w.refresh()
    w.pay(player, -price(w, player, move.card, cost))
    w.take_from_track(move.slot)
    c = move.cell
    if w.cards[c] >= 0:
        w.clear_tile(c)
    w.cards = _put(w.cards, c, move.card)
    if w.t.market_type[move.card] == EQUIPMENT:
        w.mature |= 1 << c


def _harvest(w: Work, player: int, cell: int) -> None:
    """Flip a mature card to collect its harvest value, or exhaust equipment to draw."""
    w.refresh()
    k = w.cards[cell]
    if w.t.market_type[k] == EQUIPMENT:
        w.agenda += [_draw_card(player)] * w.rules.equipment_draw
    else:
        w.pay(player, harvest_value(w, cell, player))
    w.mature &= ~(1 << cell)


def _start_card(w: Work, player: int, title: str) -> None:
    """Push the first decisions of a fence card played for its action."""
    if title == "Get Off My Land!":
        w.agenda += [st.SetFarmer(player), st.ClearFarmer(player)]
    elif title == "Midnight Raid!":
        w.agenda.append(st.RaidTarget(player))
    elif title == "Slash and Burn!":
        w.agenda.append(st.SlashChoice(player))
    elif title == "Manager's Deal!":
        w.agenda.append(st.ManagersDeal(player))
    elif title == "Implements of Destruction!":
        w.agenda.append(st.Destroy(player, 0, 2))
    elif title in ("Fertilizer!", "Steroids!"):
        w.agenda.append(st.Grow(player, title == "Steroids!", False, 2))
    else:
        w.agenda.append(st.Combine(player, ()))


def _apply_turn(w: Work, task: st.Turn, move: Any) -> None:
    p = task.player
    if isinstance(move, mv.EndTurn):
        _finish_turn(w, p, None)
        return
    fenced = task.fenced or (isinstance(move, mv.PlayCard) and move.for_fences)
    w.agenda.append(_turn(p, task.actions - 1, fenced))
    if isinstance(move, mv.Log):
        w.agenda.append(_reveal_tile(move.cell, p, True))
    elif isinstance(move, mv.PlayCard):
        w.lose(p, move.card)
        card = w.t.fence[move.card]
        w.agenda.append(_finish_card_task(move.card))
        if move.for_fences:
            _begin_batch(w, p, card.fences)
        else:
            _start_card(w, p, card.title)
    elif isinstance(move, mv.Buy):
        _buy(w, p, move, w.rules.market_costs[move.slot])
    elif isinstance(move, mv.Lumber):
        w.pay(p, -w.rules.lumber_cost)
        w.agenda.append(_finish_lumber_task(p, False))
        _begin_batch(w, p, 1)
    else:
        _harvest(w, p, move.cell)


def _apply_fences(w: Work, task: st.PlaceFences, move: Any) -> None:
    b = task.batch
    p = b.player
    if isinstance(move, mv.Done):
        if b.carrying >= 0:  # the lifted fence had nowhere to go: back to the stash
            w.settle()
            _next_fence(w, _batch(p, b.left - 1, -1, b.placed, b.before))
            return
        _resolve(w, b, 1)
    elif isinstance(move, mv.Lift):
        w.take(p, move.edge)
        w.agenda.append(
            _placing(_batch(p, b.left, move.edge, b.placed & ~(1 << move.edge), b.before))
        )
    else:
        w.place(p, move)
        if b.carrying >= 0:
            w.settle()
        _next_fence(w, _batch(p, b.left - 1, -1, b.placed | 1 << move.edge, b.before))


def _next_fence(w: Work, b: Batch) -> None:
    """Place the batch's next fence, or resolve the batch when none is left
    (what :func:`_ready_fences` would do, without the passing PlaceFences task)."""
    if b.left > 0:
        w.agenda.append(_placing(b))
    else:
        _resolve(w, b, 1)


def _apply_defend(w: Work, task: st.Defend, move: Any) -> None:
    if isinstance(move, mv.Yield):
        return
    for k in move.cards:
        w.lose(task.player, k)
        w.discard_fence_card(k)
    attack = task.attack
    if isinstance(attack, st.Breaking):
        w.agenda.pop()  # the break underneath is cancelled
        return
    w.refresh()
    lost = attack.before[task.player] & ~w.control[task.player]
    attempt = attack.placed & land.touching(w.t, lost)
    for e in bits(attempt):
        f = w.fences[attack.player]
        if (f >> e | f >> (w.t.edges + e)) & 1:
            w.take(attack.player, e)
    w.settle()


def _apply_choose_farmhouse(w: Work, task: st.ChooseFarmhouse, move: mv.Keep) -> None:
    w.farmhouses = _put(w.farmhouses, task.player, move.farmhouse)
    w.offers = _put(w.offers, task.player, ())


def _apply_discard(w: Work, task: st.DiscardDown, move: mv.Discard) -> None:
    w.lose(task.player, move.card)
    w.discard_fence_card(move.card)


def _apply_clear_farmer(w: Work, task: st.ClearFarmer, move: Any) -> None:
    if isinstance(move, mv.SendHome):
        w.farmers = _put(w.farmers, move.player, w.t.farm_cell[move.player])


def _apply_set_farmer(w: Work, task: st.SetFarmer, move: Any) -> None:
    if isinstance(move, mv.PlaceFarmer):
        w.farmers = _put(w.farmers, task.player, move.cell)


def _apply_raid(w: Work, task: st.RaidTarget, move: mv.Raid) -> None:
    """Midnight Raid!: "place your farmer on an opponent's market card and immediately
    collect its income"."""
    p = task.player
    w.farmers = _put(w.farmers, p, move.cell)
    w.pay(p, card_income(w, move.cell, p, bonus_cards(w, p)))


def _apply_slash_choice(w: Work, task: st.SlashChoice, move: mv.SlashOption) -> None:
    p = task.player
    if move.log:
        w.agenda += [st.FinishSlash(p), st.SlashFlip(p, 2)]
    else:
        w.agenda += [st.StartBatch(p, 1), st.SlashBreak(p)]


def _apply_slash_flip(w: Work, task: st.SlashFlip, move: mv.Flip) -> None:
    w.agenda += [
        st.SlashFlip(task.player, task.left - 1),
        _reveal_tile(move.cell, task.player, False),
    ]


def _break(w: Work, player: int, move: mv.Break) -> None:
    w.refresh()
    victims = op.break_victims(w, player, move.edge, move.owner)
    w.agenda.append(st.Breaking(player, move.edge, move.owner, victims))


def _apply_slash_break(w: Work, task: st.SlashBreak, move: Any) -> None:
    if isinstance(move, mv.Break):
        _break(w, task.player, move)


def _apply_managers(w: Work, task: st.ManagersDeal, move: mv.Buy) -> None:
    _buy(w, task.player, move, w.rules.manager_price)


def _apply_destroy(w: Work, task: st.Destroy, move: Any) -> None:
    p = task.player
    if isinstance(move, mv.Done):
        return
    if isinstance(move, mv.RemoveCard):
        w.agenda.append(st.Destroy(p, task.used | 1, task.left - 1))
        w.discard_market_card(w.take_from_track(move.slot))
    elif isinstance(move, mv.Break):
        w.agenda.append(st.Destroy(p, task.used | 2, task.left - 1))
        _break(w, p, move)
    else:
        w.agenda.append(st.Destroy(p, task.used | 4, task.left - 1))
        w.farmers = _put(w.farmers, move.player, w.t.farm_cell[move.player])


def _apply_grow(w: Work, task: st.Grow, move: Any) -> None:
    p = task.player
    if isinstance(move, mv.Done):
        return
    if isinstance(move, mv.Buy):
        w.agenda.append(st.Grow(p, task.livestock, True, task.left - 1))
        _buy(w, p, move, w.rules.market_costs[move.slot])
    else:
        w.agenda.append(st.Grow(p, task.livestock, task.bought, task.left - 1))
        w.mature |= 1 << move.cell
        w.settle()


def _apply_combine(w: Work, task: st.Combine, move: Any) -> None:
    if isinstance(move, mv.Done):
        w.agenda.append(st.ScrapHarvested(task.player, task.harvested))
        return
    w.agenda.append(st.Combine(task.player, (*task.harvested, move.cell)))
    _harvest(w, task.player, move.cell)


def _apply_scrap(w: Work, task: st.ScrapHarvested, move: mv.Scrap) -> None:
    w.clear_tile(move.cell)


_APPLY: dict[type, Callable[[Work, Any, Any], None]] = {
    st.DealFarmhouse: _apply_deal,
    st.DrawCard: _apply_draw,
    st.RevealMarket: _apply_reveal,
    st.RevealTile: _apply_uncover,
    st.Turn: _apply_turn,
    st.PlaceFences: _apply_fences,
    st.Defend: _apply_defend,
    st.ChooseFarmhouse: _apply_choose_farmhouse,
    st.DiscardDown: _apply_discard,
    st.ClearFarmer: _apply_clear_farmer,
    st.SetFarmer: _apply_set_farmer,
    st.RaidTarget: _apply_raid,
    st.SlashChoice: _apply_slash_choice,
    st.SlashFlip: _apply_slash_flip,
    st.SlashBreak: _apply_slash_break,
    st.ManagersDeal: _apply_managers,
    st.Destroy: _apply_destroy,
    st.Grow: _apply_grow,
    st.Combine: _apply_combine,
    st.ScrapHarvested: _apply_scrap,
}


# -- automatic tasks --------------------------------------------------------------------------


def _start_month(w: Work, task: st.StartMonth) -> None:
    """Income at the start of each month but the first, then the first player's turn."""
    if w.month > 0:
        w.refresh()
        w.money = tuple(map(operator.add, w.money, income(w)))  # one income a player
    w.agenda.append(_turn(w.first, w.rules.actions_per_turn, False))


def _cells_of(w: Work, kind: int) -> int:
    """Tiles holding a card of type ``kind``."""
    crops, livestock, _, _, planted = land.card_sets(w.t, w.cards)
    if kind == CROP:
        return crops
    if kind == LIVESTOCK:
        return livestock
    return planted & ~crops & ~livestock


def _end_month(w: Work) -> None:
    """The month marker moves on; the events of the month it leaves happen in order."""
    for event in w.rules.months[w.month].events:
        if event == "crops":
            w.mature |= _cells_of(w, CROP)
        elif event == "livestock":
            w.mature |= _cells_of(w, LIVESTOCK)
        elif event == "equipment":
            w.mature |= _cells_of(w, EQUIPMENT)
        elif event == "winter":
            for c in bits(_cells_of(w, CROP)):
                w.clear_tile(c)
        else:
            w.first = (w.first + 1) % w.rules.players
        w.settle()
    w.month += 1
    if w.month < len(w.rules.months):
        w.agenda.append(_start_month_task())


def _end_turn(w: Work, task: st.EndTurn) -> None:
    _finish_turn(w, task.player, task)


def _finish_turn(w: Work, p: int, task: st.EndTurn | None) -> None:
    """The end of ``p``'s turn (``task``, if it is on the agenda already): discard
    down to the hand limit first, then the next turn or the end of the month."""
    if len(w.hands[p]) > w.rules.hand_limit:
        w.agenda += [task or st.EndTurn(p), st.DiscardDown(p)]
        return
    nxt = (p + 1) % w.rules.players
    if nxt == w.first:
        _end_month(w)
    else:
        w.agenda.append(_turn(nxt, w.rules.actions_per_turn, False))


def _start_batch(w: Work, task: st.StartBatch) -> None:
    _begin_batch(w, task.player, task.count)


def _begin_batch(w: Work, player: int, count: int) -> None:
    """Begin placing ``count`` fences (the control snapshot is taken now)."""
    w.refresh()
    w.agenda.append(_placing(_batch(player, count, -1, 0, w.control)))


def _resolve_fences(w: Work, task: st.ResolveFences) -> None:
    _resolve(w, task.batch, task.offset)


def _resolve(w: Work, b: Batch, offset: int) -> None:
    """Offer a defence to each player the batch would cost land (from seat
    ``offset`` after the placer on), then claim new land."""
    n = w.rules.players
    w.refresh()
    for i in range(offset, n):
        q = (b.player + i) % n
        if b.before[q] & ~w.control[q]:
            w.agenda += [st.ResolveFences(b, i + 1), st.Defend(q, b)]
            return
    _claim(w, b.player, b.before[b.player])
    w.settle()


def _claim(w: Work, player: int, before: int) -> None:
    """Take the land the fences won and remove opponents' fences inside it.

    "You would now control that tile and you would remove any opponent's
    fences that are inside your controlled area"; a fence that also bounds a
    tile outside the area stays, facing that tile (fig.12); "control is
    considered infinite on the edge of the play area" (fig.13).
    """
    t = w.t
    fences = list(w.fences)
    w.refresh()
    outer = land.outer_slots(t, fences)
    mine = w.control[player]
    # Land a player still controls was not attempted (or the attempt was
    # defended): only land nobody controls now can be won.
    taken = 0
    for mask in w.control:
        taken |= mask
    # Every region won with an opponent's fence still facing it, found before any is removed.
    doomed = []
    for region in w.partition.regions:
        if region.closed and not region.cells & taken:
            inside = land.claimable(t, region, fences, player, mine, outer)
            if inside > 0:
                facing = region.boundary & (region.cells | region.cells << t.n | t.extra_edges)
                doomed += [e if facing >> e & 1 else t.edges + e for e in bits(inside)]
    if doomed:
        for slot in doomed:
            owner = land.owner_at(fences, slot)
            fences[owner] &= ~(1 << slot)
            w.cut(owner, slot % t.edges)
        land.normalise(t, fences)
        w.fences = tuple(fences)
        w.refresh()
        outer = land.outer_slots(t, fences)
    new = w.control[player] & ~before
    if not new:
        return
    f = fences[player]
    for e in bits(outer & land.touching(t, new)):
        cells = t.edge_cells[e]
        if f >> e & 1:
            faces, far_slot, far = cells[0], t.edges + e, (cells[1] if len(cells) == 2 else -1)
        elif f >> (t.edges + e) & 1:
            faces, far_slot, far = cells[1], e, cells[0]
        else:
            continue
        if new >> faces & 1 and (far < 0 or w.control[player] >> far & 1):
            owner = land.owner_at(fences, far_slot)
            fences[owner] &= ~(1 << far_slot)
            w.cut(owner, e)
    land.normalise(t, fences)
    w.fences = tuple(fences)


def _breaking(w: Work, task: st.Breaking) -> None:
    if task.victims:
        rest = st.Breaking(task.attacker, task.edge, task.owner, task.victims[1:])
        w.agenda += [rest, st.Defend(task.victims[0], rest)]
        return
    w.take(task.owner, task.edge)
    w.settle()


def _finish_card(w: Work, task: st.FinishCard) -> None:
    """The played card is discarded: "Discard the used fence card(s) when you are finished"."""
    w.discard_fence_card(task.card)


def _finish_lumber(w: Work, task: st.FinishLumber) -> None:
    """Lumber: draw 2 fence cards, then remove the card in the $2 slot from the game."""
    if not task.drawn:
        w.agenda += [_finish_lumber_task(task.player, True)]
        w.agenda += [_draw_card(task.player)] * w.rules.lumber_cards
    elif w.track[0] >= 0:
        w.discard_market_card(w.take_from_track(0))


def _finish_slash(w: Work, task: st.FinishSlash) -> None:
    w.agenda += [_draw_card(task.player)] * 3


_AUTO: dict[type, Callable[[Work, Any], None]] = {
    st.StartMonth: _start_month,
    st.EndTurn: _end_turn,
    st.StartBatch: _start_batch,
    st.ResolveFences: _resolve_fences,
    st.Breaking: _breaking,
    st.FinishCard: _finish_card,
    st.FinishLumber: _finish_lumber,
    st.FinishSlash: _finish_slash,
}


# -- tasks that may resolve themselves ----------------------------------------------------------


def _ready_turn(w: Work, task: st.Turn) -> bool:
    if task.actions > 0:
        return True
    w.agenda.pop()
    _finish_turn(w, task.player, None)
    return False


def _ready_fences(w: Work, task: st.PlaceFences) -> bool:
    b = task.batch
    if b.carrying >= 0 or b.left > 0:
        return True
    w.agenda[-1] = st.ResolveFences(b, 1)
    return False


def _ready_draw(w: Work, task: st.DrawCard) -> bool:
    """An empty fence deck: "reshuffle the discarded cards to form a new fence deck"."""
    if w.fence_deck.segments:  # (= bool(deck), without the call)
        return True
    if w.fence_discard:
        w.fence_deck = Deck.of(w.fence_discard)
        w.fence_discard = ()
        return True
    w.agenda.pop()
    return False


def _ready_reveal(w: Work, task: st.RevealMarket) -> bool:
    """Refill the track; "if the $10 slot ever becomes empty, shuffle all the market
    cards that were removed from the game and make a new market deck"."""
    if -1 in w.track:
        if w.market_deck.segments:
            return True
        if w.market_discard:
            w.market_deck = Deck.of(w.market_discard)
            w.market_discard = ()
            return True
    w.agenda.pop()
    return False


def _ready_slash_flip(w: Work, task: st.SlashFlip) -> bool:
    if task.left > 0 and op.log_targets(w, task.player):
        return True
    w.agenda.pop()
    return False


def _ready_countdown(w: Work, task: st.Destroy | st.Grow) -> bool:
    if task.left > 0:
        return True
    w.agenda.pop()
    return False


def _ready_combine(w: Work, task: st.Combine) -> bool:
    w.refresh()
    if len(task.harvested) < 2 and (not task.harvested or harvestable(w, task.player)):
        return True
    w.agenda[-1] = st.ScrapHarvested(task.player, task.harvested)
    return False


def _ready_scrap(w: Work, task: st.ScrapHarvested) -> bool:
    if len(task.cells) > 1:
        return True
    w.agenda.pop()
    w.clear_tile(task.cells[0])
    return False


_READY: dict[type, Callable[[Work, Any], bool]] = {
    st.Turn: _ready_turn,
    st.PlaceFences: _ready_fences,
    st.DrawCard: _ready_draw,
    st.RevealMarket: _ready_reveal,
    st.SlashFlip: _ready_slash_flip,
    st.Destroy: _ready_countdown,
    st.Grow: _ready_countdown,
    st.Combine: _ready_combine,
    st.ScrapHarvested: _ready_scrap,
}


def _own(state: State, move: object) -> mv.Move | None:
    """The game's own object for ``move``, or None.

    Only the game's own move objects are applied: one made by hand (or
    unpickled) counts as the move its text names, if its fields are that
    move's, so a move whose text does not parse back to it is never legal
    and no stray field value reaches the engine.
    """
    from acreage.get_off_my_land.explain import own_move

    return own_move(state, move)


def _refuse(state: State, move: object) -> IllegalMoveError:
    """The error saying which rule forbids ``move`` now."""
    from acreage.get_off_my_land.explain import why_illegal

    return IllegalMoveError(why_illegal(state, move))


ENGINE: Engine[State, Work] = Engine(
    draft=Work.copy,
    decisions=_MOVES,
    chance=_OUTCOMES,
    apply=_APPLY,
    auto=_AUTO,
    refuse=_refuse,
    ready=_READY,
    possible=_POSSIBLE,
    own=_own,
)
"""Get Off My Land!'s tables on the shared engine: it lists, judges and applies the moves,
and remembers the last listing (see :class:`acreage.core.agenda.Engine`)."""

run = ENGINE.run
"""Carry out automatic tasks on a draft until a player's decision or a chance event is next."""


def apply_move(state: State, move: mv.Move) -> State:
    """The state after ``move``; :class:`IllegalMoveError` naming the rule if it is not legal.

    ``move`` is a move object (from :func:`legal_moves`, :func:`chance_outcomes`
    or :func:`~acreage.get_off_my_land.parse_move`); anything else, a move
    text included, raises :class:`IllegalMoveError`.
    """
    return ENGINE.apply_move(state, move)

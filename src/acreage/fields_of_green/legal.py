"""The legal moves of each decision task, and the outcomes of each chance task with their
exact probabilities (the engine's ``decisions`` and ``chance`` tables), on shared move objects."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache, partial

import attrs

from acreage.core.bitset import bits
from acreage.core.chance import Deck, Pile, Stack, counted
from acreage.fields_of_green import moves as mv
from acreage.fields_of_green import state as st
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import xy_table
from acreage.fields_of_green.moves import Move, StartPlayer
from acreage.fields_of_green.queries import build_sites, kept_for, matching_sites, pay_options
from acreage.fields_of_green.rules import Rules, card_ids, tool_ids
from acreage.fields_of_green.state import State

__all__ = [
    "MoveTables",
    "action_moves",
    "attach_moves",
    "convert_moves",
    "deal_outcomes",
    "deck_moves",
    "move_tables",
    "pay_moves",
    "pick_moves",
    "place_tool_moves",
    "possible_deal",
    "possible_tool",
    "start_outcomes",
    "store_moves",
    "supply_moves",
    "tile_moves",
    "tool_outcomes",
]


def action_moves(s: State, task: st.Act) -> list[Move]:
    """Actions A-E with the revealed card: build it, a water tower or a silo, the market,
    or restore a site."""
    r = s.rules
    p = task.seat
    f = s.farms[p]
    kind = s.picks[p]
    moves = move_tables(r)
    free = f.frontier
    # map() over the shared moves keeps these loops in C: this list is the hot path.
    out: list[Move] = list(map(moves.build[kind].__getitem__, build_sites(r, f, kind)))
    if s.tower_stack and f.coins >= r.tower_coins:
        out.extend(map(moves.tower.__getitem__, free))
    if s.silo_stack:
        out.extend(map(moves.silo.__getitem__, free))
    out.extend(moves.market[: min(r.market_grain, f.grain) + 1])
    if f.down and f.coins >= r.restore_coins:
        t = r.tables
        xy = xy_table(t.origin)
        out.extend(mv.restore(t.names[f.kind_at(c)], *xy[c]) for c in bits(f.down))
    return out


def deck_moves(s: State, task: st.ChooseDeck) -> tuple[Move, ...]:
    """The decks the next blind card may come from."""
    return move_tables(s.rules).draw[task.allowed]


def pick_moves(s: State, task: st.PickCard) -> tuple[Move, ...]:
    """The distinct cards of the hand."""
    # A hand is sorted, so dict.fromkeys() lists its distinct cards in order.
    pick = move_tables(s.rules).pick
    return tuple(map(pick.__getitem__, dict.fromkeys(s.hands[task.seat])))


def store_moves(s: State, task: st.StoreWaterTokens) -> tuple[Move, ...]:
    """The towers with room for the next water token."""
    xy = xy_table(s.rules.tables.origin)
    f = s.farms[task.seat]
    return tuple(mv.store_water(*xy[c]) for c, water, cap, _ in f.towers if water < cap)


def pay_moves(s: State, task: st.PayWaterDue) -> tuple[Move, ...]:
    """The towers in range that can pay the water due, with what each pays."""
    r = s.rules
    xy = xy_table(r.tables.origin)
    f = s.farms[task.seat]
    return tuple(
        mv.pay_water(*xy[f.towers[i][0]], amount)
        for i, amount in pay_options(r, f, task.cell, task.water)
    )


def tile_moves(s: State, task: st.ChooseTile) -> tuple[Move, ...]:
    """The kinds of tool tiles drawn, one to keep."""
    names = s.rules.tables.tool_names
    return tuple(mv.choose_tool(names[x]) for x in sorted(set(task.drawn)))


def place_tool_moves(s: State, task: st.PlaceTool) -> tuple[Move, ...]:
    """The sites the tool fits, then keeping it aside."""
    r = s.rules
    xy = xy_table(r.tables.origin)
    name = r.tables.tool_names[task.tool]
    f = s.farms[task.seat]
    return (
        *(mv.attach_tool(name, *xy[c]) for c in matching_sites(r, f, task.tool)),
        mv.keep_tool(name),
    )


def attach_moves(s: State, task: st.AttachKept) -> tuple[Move, ...]:
    """The tools kept aside that fit the new site, then done."""
    r = s.rules
    t = r.tables
    x, y = xy_table(t.origin)[task.cell]
    f = s.farms[task.seat]
    return (*(mv.attach_tool(t.tool_names[k], x, y) for k in kept_for(r, f, task.cell)), mv.DONE)


def supply_moves(s: State, task: st.ChooseSupply) -> tuple[Move, ...]:
    """Each green site left: supplied if it can be, else shut down."""
    moves = move_tables(s.rules)
    f = s.farms[task.seat]
    ready = task.ready
    cells, kinds = f.cells, f.kinds
    return tuple(
        (moves.supply if ready >> c & 1 else moves.shut_down)[kinds[cells.index(c)]][c]
        for c in bits(task.remaining)
    )


def convert_moves(s: State, task: st.ConvertAt) -> tuple[Move, ...]:
    """Convert once more at the site being harvested, or done."""
    t = s.rules.tables
    c = task.cell
    return (mv.convert(t.names[s.farms[task.seat].kind_at(c)], *xy_table(t.origin)[c]), mv.DONE)


# Only Fraction(1) is asked for; functools caches are safe under threads.
_share = cache(Fraction)


class _CellMoves(dict[int, Move]):
    """The one move of a kind for each cell index, made on first use."""

    def __init__(self, xy: tuple[tuple[int, int], ...], make: Callable[[int, int], Move]) -> None:
        super().__init__()
        self.xy = xy
        self.make = make

    def __missing__(self, c: int) -> Move:
        # One store of a finished move: a thread reading the dict sees no move or this
        # one; two threads missing the same cell at once store equal moves, one wins.
        move = self[c] = self.make(*self.xy[c])
        return move


@attrs.frozen
class MoveTables:
    """Shared moves by card id, tool id, cell index and (for draws) bitset of allowed decks."""

    deal: tuple[Move, ...]
    deal_tool: tuple[Move, ...]
    pick: tuple[Move, ...]
    draw: tuple[tuple[Move, ...], ...]
    build: tuple[_CellMoves, ...]
    tower: _CellMoves
    silo: _CellMoves
    market: tuple[Move, ...]
    supply: tuple[_CellMoves, ...]
    shut_down: tuple[_CellMoves, ...]


# Bounded: a program may make many Rules. lru_cache is safe under threads; two threads
# missing the same Rules at once may build two equal tables and keep one.
@lru_cache(maxsize=64)
def move_tables(rules: Rules) -> MoveTables:
    """The shared move objects of ``rules`` (built once; cell moves on first use)."""
    t = rules.tables
    xy = xy_table(t.origin)
    return MoveTables(
        deal=tuple(mv.deal(name) for name in t.names),
        deal_tool=tuple(mv.deal_tool(name) for name in t.tool_names),
        pick=tuple(mv.pick(name) for name in t.names),
        draw=tuple(
            tuple(mv.draw_from(DECKS[d]) for d in bits(allowed))
            for allowed in range(1 << len(DECKS))
        ),
        build=tuple(_CellMoves(xy, partial(mv.Build, name)) for name in t.names),
        tower=_CellMoves(xy, mv.BuildTower),
        silo=_CellMoves(xy, mv.BuildSilo),
        market=tuple(mv.market(n) for n in range(rules.market_grain + 1)),
        supply=tuple(_CellMoves(xy, partial(mv.Supply, name)) for name in t.names),
        shut_down=tuple(_CellMoves(xy, partial(mv.ShutDown, name)) for name in t.names),
    )


def _draws(deck: Deck[int], outcomes: tuple[Move, ...]) -> tuple[tuple[Move, Fraction], ...]:
    """``deck.draw_outcomes()`` as moves, each probability taken from a cache of Fractions.

    A deal is a quarter of all moves and building its Fractions was most of its cost:
    :func:`~acreage.core.chance.counted` takes them from one table per pile size and
    :func:`~acreage.core.chance.sample` draws with one ``randrange``.
    """
    top = deck.segments[0]
    if isinstance(top, Stack):
        return ((outcomes[top.order[0]], _share(1)),)
    return counted([(outcomes[k], n) for k, n in top.counts])


def deal_outcomes(s: State, task: st.DealCard) -> tuple[tuple[Move, Fraction], ...]:
    """The cards the deck dealt from may give, with their probabilities."""
    return _draws(s.decks[task.deck], move_tables(s.rules).deal)


def tool_outcomes(s: State, task: st.DealTools) -> tuple[tuple[Move, Fraction], ...]:
    """The tool tiles the pile may give next, with their probabilities."""
    return _draws(s.tool_pile, move_tables(s.rules).deal_tool)


def _can_draw(deck: Deck[int], card: int) -> bool:
    """``deck.can_draw(card)``, by bisection for the usual shuffled pile on top."""
    if not deck.segments:
        return False
    top = deck.segments[0]
    if isinstance(top, Pile):
        counts = top.counts
        i = bisect_left(counts, (card,))
        return i < len(counts) and counts[i][0] == card
    return deck.can_draw(card)


def possible_deal(s: State, task: st.DealCard, move: object) -> bool:
    """Whether ``move`` deals a card the deck dealt from can give next (the engine's cheap
    check of an outcome sampled from :func:`deal_outcomes`): a ``Deal`` itself, naming the
    card by its name exactly, so no look-alike passes."""
    if type(move) is not mv.Deal or type(move.card) is not str:
        return False
    k = card_ids(s.rules).get(move.card)
    return k is not None and _can_draw(s.decks[task.deck], k)


def possible_tool(s: State, task: st.DealTools, move: object) -> bool:
    """Whether ``move`` deals a tool tile the pile can give next (as :func:`possible_deal`)."""
    if type(move) is not mv.DealTool or type(move.tool) is not str:
        return False
    x = tool_ids(s.rules).get(move.tool)
    return x is not None and _can_draw(s.tool_pile, x)


def start_outcomes(s: State, task: st.DealStart) -> tuple[tuple[Move, Fraction], ...]:
    """Each seat as the start player, alike likely."""
    n = s.rules.players
    return tuple((StartPlayer(i), Fraction(1, n)) for i in range(n))

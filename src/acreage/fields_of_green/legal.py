"""The legal moves of a state, and the outcomes of chance with their exact probabilities."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache, partial

import attrs

from acreage.core.bitset import bits
from acreage.core.chance import Deck, Stack, counted
from acreage.fields_of_green import moves as mv
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import xy_table
from acreage.fields_of_green.moves import Move, StartPlayer
from acreage.fields_of_green.queries import build_sites, kept_for, matching_sites, pay_options
from acreage.fields_of_green.rules import Rules
from acreage.fields_of_green.state import (
    ACTION,
    ATTACH,
    DEAL,
    DRAW,
    END,
    PAY,
    PICK,
    START,
    STORE,
    SUPPLY,
    TOOL_CHOOSE,
    TOOL_DEAL,
    TOOL_PLACE,
    State,
)

__all__ = ["chance_outcomes", "legal_moves"]


def _action_moves(s: State) -> list[Move]:
    r = s.rules
    p = s.actor
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


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move allowed now, in a fixed order (the chance outcomes at a chance node)."""
    phase = state.phase
    if phase == ACTION:
        return tuple(_action_moves(state))
    if phase == DRAW:
        return move_tables(state.rules).draw[state.pending[2]]
    if phase == PICK:
        # A hand is sorted, so dict.fromkeys() lists its distinct cards in order.
        pick = move_tables(state.rules).pick
        return tuple(map(pick.__getitem__, dict.fromkeys(state.hands[state.actor])))
    if phase in (START, DEAL, TOOL_DEAL):
        return tuple(m for m, _ in chance_outcomes(state))
    if phase == END:
        return ()
    r = state.rules
    t = r.tables
    xy = xy_table(t.origin)
    p = state.actor
    f = state.farms[p]
    if phase == STORE:
        return tuple(mv.store_water(*xy[c]) for c, water, cap, _ in f.towers if water < cap)
    if phase == PAY:
        target, due = state.pending
        return tuple(
            mv.pay_water(*xy[f.towers[i][0]], amount)
            for i, amount in pay_options(r, f, target, due)
        )
    if phase == TOOL_CHOOSE:
        return tuple(mv.choose_tool(t.tool_names[x]) for x in sorted(set(state.pending)))
    if phase == TOOL_PLACE:
        tool = state.pending[0]
        name = t.tool_names[tool]
        return (
            *(mv.attach_tool(name, *xy[c]) for c in matching_sites(r, f, tool)),
            mv.keep_tool(name),
        )
    if phase == ATTACH:
        c = state.pending[0]
        x, y = xy[c]
        return (*(mv.attach_tool(t.tool_names[k], x, y) for k in kept_for(r, f, c)), mv.DONE)
    if phase == SUPPLY:
        remaining, ready = state.pending
        moves = move_tables(r)
        cells, kinds = f.cells, f.kinds
        return tuple(
            (moves.supply if ready >> c & 1 else moves.shut_down)[kinds[cells.index(c)]][c]
            for c in bits(remaining)
        )
    # CONVERTING
    c = state.pending[0]
    return (mv.convert(t.names[f.kind_at(c)], *xy[c]), mv.DONE)


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


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, each outcome with its exact probability; ``()`` elsewhere."""
    phase = state.phase
    if phase == DEAL:
        return _draws(state.decks[state.pending[2]], move_tables(state.rules).deal)
    if phase == TOOL_DEAL:
        return _draws(state.tool_pile, move_tables(state.rules).deal_tool)
    if phase == START:
        n = state.rules.players
        return tuple((StartPlayer(i), Fraction(1, n)) for i in range(n))
    return ()

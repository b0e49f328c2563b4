"""The legal moves of a state, and the outcomes of chance with their exact probabilities."""

from __future__ import annotations

from fractions import Fraction

from acreage.core.bitset import bits
from acreage.core.chance import Deck
from acreage.fields_of_green import moves as mv
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.geometry import coords, frontier
from acreage.fields_of_green.moves import (
    Move,
    StartPlayer,
)
from acreage.fields_of_green.queries import (
    build_cells,
    can_supply,
    kept_for,
    legal_decks,
    matching_sites,
    pay_options,
)
from acreage.fields_of_green.rules import (
    Rules,
)
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


def _xy(rules: Rules, c: int) -> tuple[int, int]:
    return coords(rules, c)


def _action_moves(s: State) -> list[Move]:
    r = s.rules
    t = r.tables
    p = s.actor
    f = s.farms[p]
    kind = s.picks[p]
    name = t.names[kind]
    out: list[Move] = [mv.build(name, *_xy(r, c)) for c in bits(build_cells(r, f, kind))]
    free = list(bits(frontier(f.occupied, t.width)))
    if s.tower_stack and f.coins >= r.tower_coins:
        out.extend(mv.build_tower(*_xy(r, c)) for c in free)
    if s.silo_stack:
        out.extend(mv.build_silo(*_xy(r, c)) for c in free)
    out.extend(mv.market(n) for n in range(min(r.market_grain, f.grain) + 1))
    if f.coins >= r.restore_coins:
        out.extend(mv.restore(t.names[f.kind_at(c)], *_xy(r, c)) for c in bits(f.down))
    return out


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move allowed now, in a fixed order (the chance outcomes at a chance node)."""
    phase = state.phase
    if phase == ACTION:
        return tuple(_action_moves(state))
    if phase in (START, DEAL, TOOL_DEAL):
        return tuple(m for m, _ in chance_outcomes(state))
    if phase == END:
        return ()
    r = state.rules
    t = r.tables
    p = state.actor
    f = state.farms[p]
    if phase == PICK:
        return tuple(mv.pick(t.names[k]) for k in sorted(set(state.hands[p])))
    if phase == DRAW:
        drawn, used = state.pending
        return tuple(
            mv.draw_from(DECKS[d]) for d in legal_decks(state.rules, state.decks, drawn, used)
        )
    if phase == STORE:
        return tuple(mv.store_water(*_xy(r, c)) for c, water, cap, _ in f.towers if water < cap)
    if phase == PAY:
        target, due = state.pending
        return tuple(
            mv.pay_water(*_xy(r, f.towers[i][0]), amount)
            for i, amount in pay_options(r, f, target, due)
        )
    if phase == TOOL_CHOOSE:
        return tuple(mv.choose_tool(t.tool_names[x]) for x in sorted(set(state.pending)))
    if phase == TOOL_PLACE:
        tool = state.pending[0]
        name = t.tool_names[tool]
        return (
            *(mv.attach_tool(name, *_xy(r, c)) for c in matching_sites(r, f, tool)),
            mv.keep_tool(name),
        )
    if phase == ATTACH:
        c = state.pending[0]
        x, y = _xy(r, c)
        return (*(mv.attach_tool(t.tool_names[k], x, y) for k in kept_for(r, f, c)), mv.DONE)
    if phase == SUPPLY:
        remaining = state.pending[0]
        return tuple(
            mv.supply(t.names[f.kind_at(c)], *_xy(r, c))
            for c in bits(remaining)
            if can_supply(r, f, c)
        )
    # CONVERTING
    c = state.pending[0]
    return (mv.convert(t.names[f.kind_at(c)], *_xy(r, c)), mv.DONE)


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """At a chance node, each outcome with its exact probability; ``()`` elsewhere."""
    phase = state.phase
    t = state.rules.tables
    if phase == DEAL:
        deck: Deck[int] = state.decks[state.pending[2]]
        return tuple((mv.deal(t.names[k]), p) for k, p in deck.draw_outcomes())
    if phase == TOOL_DEAL:
        return tuple((mv.deal_tool(t.tool_names[k]), p) for k, p in state.tool_pile.draw_outcomes())
    if phase == START:
        n = state.rules.players
        return tuple((StartPlayer(i), Fraction(1, n)) for i in range(n))
    return ()

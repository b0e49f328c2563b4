"""The engine: new games, legal moves, chance outcomes, and applying a move.

Fields of Green runs on :class:`acreage.core.agenda.Engine`: the state's agenda
is a stack of typed tasks (:mod:`acreage.fields_of_green.state`), the top one
what is being decided, and this module holds the tables, keyed by task class,
through which the engine lists, judges and applies the moves, and the entry
points. ``apply_move`` copies the state into a
:class:`~acreage.fields_of_green.work.Work` draft, lets the top task's handler
apply the move, runs the automatic steps that follow (and the decisions that
take themselves when they have only one outcome) until the next decision or
chance event, and freezes the result into one new :class:`State`.

The rules themselves are in the modules below it, each importing only those
after it in this list:

- :mod:`~acreage.fields_of_green.explain`: why an illegal move is refused;
- :mod:`~acreage.fields_of_green.apply`: the moves carried out;
- :mod:`~acreage.fields_of_green.legal`: the legal moves of each decision and
  the outcomes of each chance event;
- :mod:`~acreage.fields_of_green.steps`: the year in motion (the automatic
  steps, and the decisions that may take themselves);
- :mod:`~acreage.fields_of_green.work`: the draft and the steps of the rules
  that moves and automatic steps share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from acreage.core.agenda import Engine
from acreage.core.bitset import bits
from acreage.core.game import IllegalMoveError
from acreage.fields_of_green import apply as ap
from acreage.fields_of_green import legal as lg
from acreage.fields_of_green import state as st
from acreage.fields_of_green import steps as sp
from acreage.fields_of_green.explain import refusal
from acreage.fields_of_green.geometry import cell, frontier
from acreage.fields_of_green.moves import Move
from acreage.fields_of_green.rules import Rules
from acreage.fields_of_green.state import Farm, State
from acreage.fields_of_green.work import Work

__all__ = ["ENGINE", "apply_move", "chance_outcomes", "legal_moves", "new_game", "run"]


# -- new games -------------------------------------------------------------------------


def new_game(rules: Rules) -> State:
    """The table after setup: each farm a water tower (full) at 0,0 beside a silo at 1,0.

    "Jeder Landwirtanwärter bekommt einen Wasserturm und ein Silo ..., die er
    gleich aneinander und offen vor sich ablegt. Ebenso erhält jeder Spieler
    ein Startkapital in der Höhe von 15 Münzen. Die Wassertürme aller Spieler
    werden randvoll (3 Wassertoken) gefüllt und auch das Silo wird mit 1
    Getreidetoken beladen." If ``rules.start_player`` is ``None`` the first
    decision is chance's: who starts.
    """
    t = rules.tables
    tower, silo = cell(rules, 0, 0), cell(rules, 1, 0)
    farm = Farm(
        cells=(tower, silo),
        kinds=(t.tower, t.silo),
        occupied=(1 << tower) | (1 << silo),
        frontier=tuple(bits(frontier((1 << tower) | (1 << silo), t.width))),
        down=0,
        towers=((tower, rules.tower_capacity, rules.tower_capacity, rules.water_range),),
        grain=rules.start_grain,
        grain_capacity=rules.silo_capacity,
        coins=rules.start_coins,
        tokens=0,
    )
    n = rules.players
    state = State(
        rules,
        year=0,
        start=0,
        farms=(farm,) * n,
        hands=((),) * n,
        picks=(-1,) * n,
        passes=0,
        decks=t.decks,
        tool_pile=t.tool_pile,
        silo_stack=rules.silos - n,
        tower_stack=rules.water_towers - n,
        discard=(),
        agenda=(st.NewYear(), st.DealStart()),
    )
    if rules.start_player is None:
        return state
    w = Work.copy(state)
    w.agenda.pop()
    w.start = rules.start_player
    return ENGINE.start(w)


# -- the tables, by task ---------------------------------------------------------------


_DECISIONS: dict[type, Callable[[State, Any], Sequence[Move]]] = {
    st.Act: lg.action_moves,
    st.ChooseDeck: lg.deck_moves,
    st.PickCard: lg.pick_moves,
    st.StoreWaterTokens: lg.store_moves,
    st.PayWaterDue: lg.pay_moves,
    st.ChooseTile: lg.tile_moves,
    st.PlaceTool: lg.place_tool_moves,
    st.AttachKept: lg.attach_moves,
    st.ChooseSupply: lg.supply_moves,
    st.ConvertAt: lg.convert_moves,
}

_CHANCE: dict[type, Callable[[State, Any], tuple[tuple[Move, Fraction], ...]]] = {
    st.DealCard: lg.deal_outcomes,
    st.DealTools: lg.tool_outcomes,
    st.DealStart: lg.start_outcomes,
}

_APPLY: dict[type, Callable[[Work, Any, Any], None]] = {
    st.Act: ap.apply_action,
    st.ChooseDeck: ap.apply_draw,
    st.PickCard: ap.apply_pick,
    st.StoreWaterTokens: ap.apply_store,
    st.PayWaterDue: ap.apply_pay,
    st.ChooseTile: ap.apply_choose_tile,
    st.PlaceTool: ap.apply_place_tool,
    st.AttachKept: ap.apply_attach_kept,
    st.ChooseSupply: ap.apply_supply,
    st.ConvertAt: ap.apply_convert,
    st.DealCard: ap.apply_deal,
    st.DealTools: ap.apply_deal_tool,
    st.DealStart: ap.apply_start,
}

_AUTO: dict[type, Callable[[Work, Any], None]] = {
    st.NewYear: sp.step_year,
    st.Income: sp.step_income,
    st.DrawCards: sp.step_draw_cards,
    st.NewRound: sp.step_round,
    st.Reveal: sp.step_reveal,
    st.PlaceSite: sp.step_place,
    st.Gain: sp.step_gain,
    st.DrawTools: sp.step_draw_tools,
    st.Harvest: sp.step_harvest,
    st.SupplyNext: sp.step_supply_next,
    st.ProduceAt: sp.step_produce,
    st.YearEnd: sp.step_year_end,
}

# The decisions with, at times, one possible outcome, taken without asking.
_READY: dict[type, Callable[[Work, Any], bool]] = {
    st.PickCard: sp.ready_pick,
    st.StoreWaterTokens: sp.ready_store,
    st.PayWaterDue: sp.ready_pay,
    st.AttachKept: sp.ready_attach,
    st.ConvertAt: sp.ready_convert,
}


# Cheap checks that a move is one of a chance event's outcomes, without listing them all.
_POSSIBLE: dict[type, Callable[[State, Any, Any], bool]] = {
    st.DealCard: lg.possible_deal,
    st.DealTools: lg.possible_tool,
}


# -- the engine ------------------------------------------------------------------------


def _own(state: State, move: object) -> Move | None:
    """The game's own object for ``move``, or None.

    A move is legal only if its text parses back to it: one made by hand (or
    unpickled, or parsed) counts as the listed move it equals with the same
    text, so ``Market(True)`` or ``StartPlayer(1.0)``, equal to a listed move
    but written otherwise, is none, and no stray field value reaches a handler.
    """
    try:
        hash(move)
    except TypeError:  # an unhashable object is no move
        return None
    moves: tuple[Move, ...] = ENGINE.legal_moves(state)
    for m in moves:
        if m == move and str(m) == str(move):
            return m
    return None


def _refuse(state: State, move: object) -> IllegalMoveError:
    """The error saying which rule forbids ``move`` now."""
    return refusal(state, move)


ENGINE: Engine[State, Work] = Engine(
    draft=Work.copy,
    decisions=_DECISIONS,
    chance=_CHANCE,
    apply=_APPLY,
    auto=_AUTO,
    refuse=_refuse,
    ready=_READY,
    possible=_POSSIBLE,
    own=_own,
)
"""Fields of Green's tables on the shared engine: it lists, judges and applies the moves,
and remembers the last listing (see :class:`acreage.core.agenda.Engine`)."""


run = ENGINE.run
"""Carry out automatic steps on a draft until a decision or a chance event is next."""


# The contract's functions are the engine's own methods, as ``decode_move`` and its kin
# are GAME's: every move passes through them, and a wrapper would be one more call each.
legal_moves: Callable[[State], tuple[Move, ...]] = ENGINE.legal_moves
"""Every move allowed now, in a fixed order (the chance outcomes at a chance node)."""

chance_outcomes: Callable[[State], tuple[tuple[Move, Fraction], ...]] = ENGINE.chance_outcomes
"""At a chance node, each outcome with its exact probability; ``()`` elsewhere."""

apply_move: Callable[[State, Move], State] = ENGINE.apply_move
"""The state after ``move``; :class:`IllegalMoveError` (naming the rule) if it is not allowed.

``move`` is a move object (from :func:`legal_moves` or
:func:`~acreage.fields_of_green.parse_move`); anything else, text included, is refused
with an :class:`IllegalMoveError`."""

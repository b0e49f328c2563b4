"""The engine: new games, legal moves, chance outcomes, and applying a move.

``apply_move`` copies the state into a mutable :class:`~acreage.get_off_my_land.work.Work`,
lets the current task's handler apply the move, runs the automatic tasks that
follow (ends of turns and months, the rest of a card's action, claims after
fences) until the next decision or chance event, and freezes the result into
one new :class:`State`.

This module holds the entry points and the tables they dispatch through, by
task: the chance outcomes, the legal moves, the check of a chance outcome,
the handlers of moves, the automatic tasks and the tasks that may resolve
themselves. The rules themselves are in the modules below it, each importing
only those after it in this list:

- :mod:`~acreage.get_off_my_land.turn`: a player's turn (its actions listed
  and applied, its end);
- :mod:`~acreage.get_off_my_land.cards`: the fence cards' actions, buying and
  harvesting;
- :mod:`~acreage.get_off_my_land.fences`: placing fences, defending land,
  claiming it, breaking a fence;
- :mod:`~acreage.get_off_my_land.rounds`: setup and the months (the chance
  events, the farmhouse kept, the discard, the starts and ends of turns and
  months);
- :mod:`~acreage.get_off_my_land.work`: the draft
  (:class:`~acreage.get_off_my_land.work.Work`) and the tasks made on every turn.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from acreage.core.agenda import Engine
from acreage.core.game import IllegalMoveError
from acreage.core.regions import FenceNetwork, partition
from acreage.get_off_my_land import land
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.cards import (
    apply_clear_farmer,
    apply_combine,
    apply_destroy,
    apply_grow,
    apply_managers,
    apply_raid,
    apply_scrap,
    apply_set_farmer,
    apply_slash_break,
    apply_slash_choice,
    apply_slash_flip,
    clear_farmer_moves,
    combine_moves,
    destroy_moves,
    finish_card,
    finish_lumber,
    finish_slash,
    grow_moves,
    managers_moves,
    raid_moves,
    ready_combine,
    ready_countdown,
    ready_scrap,
    ready_slash_flip,
    scrap_moves,
    set_farmer_moves,
    slash_break_moves,
    slash_choice_moves,
    slash_flip_moves,
)
from acreage.get_off_my_land.fences import (
    apply_defend,
    apply_fences,
    breaking,
    defend_moves,
    fence_batch_moves,
    ready_fences,
    resolve_fences,
    start_batch,
)
from acreage.get_off_my_land.rounds import (
    apply_choose_farmhouse,
    apply_deal,
    apply_discard,
    apply_draw,
    apply_reveal,
    apply_uncover,
    choose_farmhouse_moves,
    deal_outcomes,
    discard_moves,
    draw_outcomes,
    end_turn,
    possible_deal,
    possible_draw,
    possible_reveal,
    possible_tile,
    ready_draw,
    ready_reveal,
    reveal_outcomes,
    start_month,
    tile_outcomes,
)
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import State, Task
from acreage.get_off_my_land.turn import apply_turn, ready_turn, turn_moves
from acreage.get_off_my_land.work import Work, draw_card, reveal_market, start_month_task

__all__ = ["apply_move", "chance_outcomes", "legal_moves", "new_game"]


# -- new games -------------------------------------------------------------------------------------


def new_game(rules: Rules) -> State:
    """The game before setup's chance events: farmhouse tiles are dealt first."""
    t = rules.tables
    n = rules.players
    todo: list[Task] = []
    for p in range(n):
        todo += [st.DealFarmhouse(p)] * rules.farmhouse_offers
    todo += [st.ChooseFarmhouse(p) for p in range(n)]
    for p in range(n):
        todo += [draw_card(p)] * rules.starting_cards
    todo += [reveal_market(), start_month_task()]
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


# -- chance ----------------------------------------------------------------------------------------


_OUTCOMES: dict[type, Callable[[State, Any], tuple[tuple[Any, Fraction], ...]]] = {
    st.DealFarmhouse: deal_outcomes,
    st.DrawCard: draw_outcomes,
    st.RevealMarket: reveal_outcomes,
    st.RevealTile: tile_outcomes,
}


# -- legal moves -----------------------------------------------------------------------------------


_MOVES: dict[type, Callable[[State, Any], list[Any]]] = {
    st.Turn: turn_moves,
    st.PlaceFences: fence_batch_moves,
    st.Defend: defend_moves,
    st.ChooseFarmhouse: choose_farmhouse_moves,
    st.DiscardDown: discard_moves,
    st.ClearFarmer: clear_farmer_moves,
    st.SetFarmer: set_farmer_moves,
    st.RaidTarget: raid_moves,
    st.SlashChoice: slash_choice_moves,
    st.SlashFlip: slash_flip_moves,
    st.SlashBreak: slash_break_moves,
    st.ManagersDeal: managers_moves,
    st.Destroy: destroy_moves,
    st.Grow: grow_moves,
    st.Combine: combine_moves,
    st.ScrapHarvested: scrap_moves,
}


_POSSIBLE: dict[type, Callable[[State, Any, Any], bool]] = {
    st.DealFarmhouse: possible_deal,
    st.DrawCard: possible_draw,
    st.RevealMarket: possible_reveal,
    st.RevealTile: possible_tile,
}


# -- applying moves --------------------------------------------------------------------------------


_APPLY: dict[type, Callable[[Work, Any, Any], None]] = {
    st.DealFarmhouse: apply_deal,
    st.DrawCard: apply_draw,
    st.RevealMarket: apply_reveal,
    st.RevealTile: apply_uncover,
    st.Turn: apply_turn,
    st.PlaceFences: apply_fences,
    st.Defend: apply_defend,
    st.ChooseFarmhouse: apply_choose_farmhouse,
    st.DiscardDown: apply_discard,
    st.ClearFarmer: apply_clear_farmer,
    st.SetFarmer: apply_set_farmer,
    st.RaidTarget: apply_raid,
    st.SlashChoice: apply_slash_choice,
    st.SlashFlip: apply_slash_flip,
    st.SlashBreak: apply_slash_break,
    st.ManagersDeal: apply_managers,
    st.Destroy: apply_destroy,
    st.Grow: apply_grow,
    st.Combine: apply_combine,
    st.ScrapHarvested: apply_scrap,
}


# -- automatic tasks -------------------------------------------------------------------------------


_AUTO: dict[type, Callable[[Work, Any], None]] = {
    st.StartMonth: start_month,
    st.EndTurn: end_turn,
    st.StartBatch: start_batch,
    st.ResolveFences: resolve_fences,
    st.Breaking: breaking,
    st.FinishCard: finish_card,
    st.FinishLumber: finish_lumber,
    st.FinishSlash: finish_slash,
}


# -- tasks that may resolve themselves -------------------------------------------------------------


_READY: dict[type, Callable[[Work, Any], bool]] = {
    st.Turn: ready_turn,
    st.PlaceFences: ready_fences,
    st.DrawCard: ready_draw,
    st.RevealMarket: ready_reveal,
    st.SlashFlip: ready_slash_flip,
    st.Destroy: ready_countdown,
    st.Grow: ready_countdown,
    st.Combine: ready_combine,
    st.ScrapHarvested: ready_scrap,
}


# -- the engine ------------------------------------------------------------------------------------


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


# The contract's functions are the engine's own (a wrapper would add a call to every move).
chance_outcomes = ENGINE.chance_outcomes
"""``chance_outcomes(state)``: the outcomes of the chance event now, with their exact
probabilities; ``()`` otherwise."""
legal_moves = ENGINE.legal_moves
"""``legal_moves(state)``: every legal move now, in a fixed order; at a chance event, its outcomes."""
apply_move = ENGINE.apply_move
"""``apply_move(state, move)``: the state after ``move``; :class:`~acreage.IllegalMoveError`
naming the rule if it is not legal. ``move`` is a move object (from ``legal_moves``,
``chance_outcomes`` or :func:`~acreage.get_off_my_land.parse_move`); anything else, a
move text included, raises :class:`~acreage.IllegalMoveError`."""

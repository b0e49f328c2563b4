"""A player's turn in Get Off My Land!: its actions listed and applied, and its end.

A turn is a number of actions (or ending it early): log a forest tile, play
a fence card for its fences or its action, buy a market card, Lumber, or
harvest. Each action hands on to its family: the fences to
:mod:`~acreage.get_off_my_land.fences`, the card actions, buying and
harvesting to :mod:`~acreage.get_off_my_land.cards`, and the end of the turn
to :mod:`~acreage.get_off_my_land.rounds`.
"""

from __future__ import annotations

from typing import Any

from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import options as op
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.cards import buy, harvest, start_card
from acreage.get_off_my_land.farm import harvestable
from acreage.get_off_my_land.fences import begin_batch
from acreage.get_off_my_land.rounds import finish_turn
from acreage.get_off_my_land.state import State
from acreage.get_off_my_land.work import (
    Work,
    finish_card_task,
    finish_lumber_task,
    reveal_tile,
    turn,
)

__all__ = ["apply_turn", "ready_turn", "turn_moves"]


def turn_moves(s: State, task: st.Turn) -> list[Any]:
    """End the turn, log, play a fence card (for its fences, once a turn, or its action), buy, Lumber or harvest."""
    t = s.rules.tables
    p = task.seat
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


def apply_turn(w: Work, task: st.Turn, move: Any) -> None:
    """End the turn, or take one action of it."""
    p = task.seat
    if isinstance(move, mv.EndTurn):
        finish_turn(w, p, None)
        return
    fenced = task.fenced or (isinstance(move, mv.PlayCard) and move.for_fences)
    w.agenda.append(turn(p, task.actions - 1, fenced))
    if isinstance(move, mv.Log):
        w.agenda.append(reveal_tile(move.cell, p, True))
    elif isinstance(move, mv.PlayCard):
        w.lose(p, move.card)
        card = w.t.fence[move.card]
        w.agenda.append(finish_card_task(move.card))
        if move.for_fences:
            begin_batch(w, p, card.fences)
        else:
            start_card(w, p, card.title)
    elif isinstance(move, mv.Buy):
        buy(w, p, move, w.rules.market_costs[move.slot])
    elif isinstance(move, mv.Lumber):
        w.pay(p, -w.rules.lumber_cost)
        w.agenda.append(finish_lumber_task(p, False))
        begin_batch(w, p, 1)
    else:
        harvest(w, p, move.cell)


def ready_turn(w: Work, task: st.Turn) -> bool:
    """Whether the turn has an action left; otherwise it ends."""
    if task.actions > 0:
        return True
    w.agenda.pop()
    finish_turn(w, task.seat, None)
    return False

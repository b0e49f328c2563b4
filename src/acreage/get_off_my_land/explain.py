"""Why a move is not legal: the message of :class:`~acreage.IllegalMoveError`.

Only called for a move that is not among the legal moves, so it may be slow;
it checks the rules a move of that kind must meet, in order, and names the
first one broken.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

import attrs

from acreage.core.game import MoveSyntaxError, shorten
from acreage.get_off_my_land import land
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import options as op
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.farm import controller, price, purchase_targets
from acreage.get_off_my_land.notation import parse_move

__all__ = ["own_move", "why_illegal"]

_MOVE_TYPES: tuple[type, ...] = typing.get_args(mv.Move)

_ACCEPTS: dict[type, tuple[type, ...]] = {
    st.Turn: (mv.EndTurn, mv.Log, mv.PlayCard, mv.Buy, mv.Lumber, mv.Harvest),
    st.PlaceFences: (mv.Fence, mv.Lift, mv.Done),
    st.Defend: (mv.Defend, mv.Yield),
    st.ChooseFarmhouse: (mv.Keep,),
    st.DiscardDown: (mv.Discard,),
    st.ClearFarmer: (mv.SendHome, mv.Done),
    st.SetFarmer: (mv.PlaceFarmer, mv.Done),
    st.RaidTarget: (mv.Raid,),
    st.SlashChoice: (mv.SlashOption,),
    st.SlashFlip: (mv.Flip,),
    st.SlashBreak: (mv.Break, mv.Done),
    st.ManagersDeal: (mv.Buy,),
    st.Destroy: (mv.RemoveCard, mv.Break, mv.SendHome, mv.Done),
    st.Grow: (mv.Buy, mv.Mature, mv.Done),
    st.Combine: (mv.Harvest, mv.Done),
    st.ScrapHarvested: (mv.Scrap,),
    st.DealFarmhouse: (mv.DealFarmhouse,),
    st.DrawCard: (mv.Draw,),
    st.RevealMarket: (mv.Reveal,),
    st.RevealTile: (mv.Uncover,),
}


def _same(value: object, own: object) -> bool:
    """Whether a field ``value`` is ``own``, a field of the game's own move, type and all
    (``own`` is an int, a bool, a str or a tuple of ints, so comparing is safe)."""
    if type(value) is not type(own):
        return False
    if isinstance(own, tuple):
        assert isinstance(value, tuple)
        return len(value) == len(own) and all(map(_same, value, own))
    return value == own


def own_move(state: st.State, move: object) -> mv.Move | None:
    """The game's own move object that ``move`` stands for, or None if it stands for none.

    A move object made by hand (or unpickled) stands for the move its text
    names (spacing aside) when its fields are that move's fields, of the
    same types: the engine then applies the game's own object, and a move
    whose text does not parse back to it is never legal.
    """
    if not isinstance(move, _MOVE_TYPES):
        return None
    text = getattr(move, "text", None)
    if not isinstance(text, str):
        return None
    try:
        own = parse_move(state, text)
    except MoveSyntaxError:
        return None
    if type(own) is not type(move):
        return None
    for field in attrs.fields(type(own)):
        if field.eq and not _same(getattr(move, field.name, None), getattr(own, field.name)):
            return None
    return own


def _fields(move: Any) -> str:
    """A hand-made move as its class and fields, each value cut short."""
    values = ", ".join(
        f"{f.name}={shorten(getattr(move, f.name, None), 40)}" for f in attrs.fields(type(move))
    )
    return f"{type(move).__name__}({values})"


def _not_a_move(state: st.State, move: object) -> str:
    if isinstance(move, str):
        return (
            f"apply_move expects a move object, not the text {shorten(move)}: "
            f"read it with parse_move(state, {shorten(move)}) first"
        )
    if not isinstance(move, _MOVE_TYPES):
        return (
            "apply_move expects a move object (from legal_moves, chance_outcomes or "
            f"parse_move), not {type(move).__name__} {shorten(move)}"
        )
    text = getattr(move, "text", None)
    try:
        named = parse_move(state, text)  # type: ignore[arg-type]
    except MoveSyntaxError:
        return f"{_fields(move)} is no move of this game: its text names no move"
    return (
        f"{_fields(move)} is no move of this game: it is not the move its text names, "
        f"{named!r} (take moves from legal_moves or parse_move)"
    )


def why_illegal(state: st.State, move: object) -> str:
    """A sentence naming the rule ``move`` breaks in ``state``.

    ``move`` may be anything: an object that is no move of this game (a
    text, a move made by hand with fields no move has) is named as such.
    """
    own = own_move(state, move)
    if own is None:
        return _not_a_move(state, move)
    move = own
    task = state.decision
    if task is None:
        return f"{move}: the game is over"
    if not isinstance(move, _ACCEPTS[type(task)]):
        return f"{move}: not a move now; it is {task.describe()}"
    if isinstance(task, st.DealFarmhouse | st.DrawCard | st.RevealMarket | st.RevealTile):
        return f"{move}: not a possible outcome of {task.describe()}"
    seat = task.actor
    assert isinstance(seat, int)
    reason = _reason(state, task, seat, move)
    return f"{move}: {reason}" if reason else f"{move}: not allowed now ({task.describe()})"


def _reason(state: st.State, task: st.Task, seat: int, move: object) -> str:
    fixed = _FIXED_REASONS.get(type(move))
    if fixed is not None:
        return fixed
    reason = _REASONS.get(type(move))
    return reason(state, task, seat, move) if reason is not None else ""


_FIXED_REASONS: dict[type, str] = {
    mv.Done: "place the fence you lifted first; it returns to the stash only if it fits nowhere",
    mv.Discard: "that card is not in your hand",
    mv.Keep: "you may keep only one of the farmhouse tiles dealt to you",
    mv.PlaceFarmer: "your farmer goes only on a tile you control with no farmer on it",
    mv.RemoveCard: "that card is not in that slot, or a card was removed already",
    mv.Mature: "mature only an immature card of the card's type on land you control",
    mv.Scrap: "discard one of the cards harvested with this card",
}
"""The reasons that depend only on the kind of move."""


def _play_reason(state: st.State, task: st.Task, seat: int, move: mv.PlayCard) -> str:
    if move.card not in state.hands[seat]:
        return "that card is not in your hand"
    if move.for_fences and isinstance(task, st.Turn) and task.fenced:
        return "a card may be played for fences only once per turn"
    return f"{state.rules.tables.fence[move.card].title} has nothing to do now"


def _log_reason(state: st.State, task: st.Task, seat: int, move: mv.Log | mv.Flip) -> str:
    t = state.rules.tables
    if not t.forest_mask >> move.cell & 1 or state.cleared >> move.cell & 1:
        return "only a forest tile still showing its forest side can be logged"
    return "you cannot log a land tile that is fully fenced by another player"


def _lumber_reason(state: st.State, task: st.Task, seat: int, move: mv.Lumber) -> str:
    return f"lumber costs ${state.rules.lumber_cost}; you have ${state.money[seat]}"


def _harvest_reason(state: st.State, task: st.Task, seat: int, move: mv.Harvest) -> str:
    if controller(state, move.cell) != seat:
        return "you may never harvest a market card you do not control"
    if isinstance(task, st.Combine) and move.cell in task.harvested:
        return "that card was harvested already"
    return "only a mature crop or livestock card, or an active equipment card, can be harvested"


def _lift_reason(state: st.State, task: st.Task, seat: int, move: mv.Lift) -> str:
    f = state.fences[seat]
    if not (f >> move.edge | f >> (state.rules.tables.edges + move.edge)) & 1:
        return "you have no fence there to move"
    return "place the fence you lifted first, or the card allows no more fences"


def _defend_reason(state: st.State, task: st.Task, seat: int, move: mv.Defend) -> str:
    rules = state.rules
    t = rules.tables
    holes = sum(t.fence[k].bullets for k in move.cards if 0 <= k < len(t.fence))
    if holes < rules.defence_bullets:
        return f"a defence needs {rules.defence_bullets} or more bullet holes, these have {holes}"
    return "discard only cards in your hand, each of them needed to reach the bullet holes"


def _send_home_reason(state: st.State, task: st.Task, seat: int, move: mv.SendHome) -> str:
    if isinstance(task, st.ClearFarmer):
        return "you may remove only an opponent's farmer standing on land you control"
    return "that farmer is home already, or a farmer was removed already"


def _raid_reason(state: st.State, task: st.Task, seat: int, move: mv.Raid) -> str:
    if controller(state, move.cell) == seat:
        return "Midnight Raid! targets an opponent's market card"
    return "a raid needs an opponent's market card with no farmer on its tile"


def _break_reason(state: st.State, task: st.Task, seat: int, move: mv.Break) -> str:
    if move.owner == seat:
        return "you may break only an opponent's fence"
    return "no such fence, or a farmer protects that land from attacks"


def _buy_reason(state: st.State, task: st.Task, seat: int, move: mv.Buy) -> str:
    rules = state.rules
    if not 0 <= move.slot < len(state.track) or state.track[move.slot] != move.card:
        return "that card is not in that slot of the market track"
    if isinstance(task, st.Grow) and task.bought:
        return "this card buys only one market card"
    if not purchase_targets(state, seat) >> move.cell & 1:
        if move.cell == rules.tables.farm_cell[seat]:
            return "you may never place a market card on your farmhouse tile"
        return "a market card goes on a fully fenced and logged land tile you control"
    cost = (
        rules.manager_price if isinstance(task, st.ManagersDeal) else rules.market_costs[move.slot]
    )
    return f"it costs ${price(state, seat, move.card, cost)}; you have ${state.money[seat]}"


def _fence_reason(state: st.State, task: st.Task, seat: int, move: mv.Fence) -> str:
    t = state.rules.tables
    if not isinstance(task, st.PlaceFences):
        return "not placing fences now"
    batch = task.batch
    if batch.carrying < 0 and op.stash(state, seat) <= 0:
        return "your stash is empty: move one of your fences instead"
    fences = state.fences
    e = move.edge
    blocked = state.partition.blocked >> e & 1
    if move.inside < 0 and blocked:
        return "that edge holds a fence already (place yours on its inside to steal land)"
    if move.inside >= 0:
        lone = blocked and not land.outer_slots(t, fences) >> e & 1
        if not lone or land.owner_at(fences, e) == seat:
            return "a fence goes on the inside only of an opponent's lone fence"
    farm = t.farm_cell[seat]
    if state.rules.anchored_fences:
        reach = land.anchored(t, fences[seat], farm)
        joined = "a fence piece of yours connected to it"
    else:
        reach = land.links(t, fences[seat], farm)
        joined = "a fence piece of yours in play"
    if not t.edge_vertices[e] & reach:
        return f"fence pieces must be placed connected to your farmhouse tile or {joined}"
    for q, c in enumerate(op.guarded(state)):
        if (
            q != seat
            and c >= 0
            and any(state.partition.region_of(cell).cells >> c & 1 for cell in t.edge_cells[e])
        ):
            return f"player {q}'s farmer protects that land from attacks"
    return (
        "fencing to control land needs it orthogonally next to your farmhouse "
        "or to land you control connected to it"
    )


_REASONS: dict[type, Callable[[st.State, st.Task, int, Any], str]] = {
    mv.PlayCard: _play_reason,
    mv.Log: _log_reason,
    mv.Flip: _log_reason,
    mv.Buy: _buy_reason,
    mv.Lumber: _lumber_reason,
    mv.Harvest: _harvest_reason,
    mv.Fence: _fence_reason,
    mv.Lift: _lift_reason,
    mv.Defend: _defend_reason,
    mv.SendHome: _send_home_reason,
    mv.Raid: _raid_reason,
    mv.Break: _break_reason,
}
"""The reasons that depend on the position, by kind of move."""

"""Fences in Get Off My Land!: placing a batch, defending land, claiming it, breaking a fence.

A batch of fences (from a fence card played for its fences, Lumber, or
Slash and Burn!'s break) is placed one at a time, a fence lifted and moved
on the way; then each player the batch would cost land may defend it, in
seat order after the placer, and the placer claims the land won, removing
opponents' fences inside it. A fence broken by a card is taken off unless a
victim defends it.
"""

from __future__ import annotations

from typing import Any

from acreage.core.bitset import bits
from acreage.get_off_my_land import land
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import options as op
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.state import Batch, State
from acreage.get_off_my_land.work import Work, batch, placing

__all__ = [
    "apply_defend",
    "apply_fences",
    "begin_batch",
    "breaking",
    "defend_moves",
    "fence_batch_moves",
    "ready_fences",
    "resolve_fences",
    "start_batch",
]


def fence_batch_moves(s: State, task: st.PlaceFences) -> list[Any]:
    """Placements, lifts and done; with a lifted fence, its placements (or done, when it
    has nowhere to go: it returns to the stash)."""
    t = s.rules.tables
    batch = task.batch
    out: list[Any] = op.fence_moves(s, batch)  # a new list
    if batch.carrying < 0:
        f = s.fences[batch.seat]
        out += t.lift_lists.of((f | f >> t.edges) & t.edge_mask)  # each fence on the board
        out.append(t.done)
    elif not out:
        out.append(t.done)
    return out


def defend_moves(s: State, task: st.Defend) -> list[Any]:
    """The defences the player can play against the attack, or yield."""
    return [*op.defences(s, task.seat), s.rules.tables.yield_]


def apply_fences(w: Work, task: st.PlaceFences, move: Any) -> None:
    """Place a fence of the batch, lift one, or end the batch (resolving it)."""
    b = task.batch
    p = b.seat
    if isinstance(move, mv.Done):
        if b.carrying >= 0:  # the lifted fence had nowhere to go: back to the stash
            w.settle()
            _next_fence(w, batch(p, b.left - 1, -1, b.placed, b.before))
            return
        _resolve(w, b, 1)
    elif isinstance(move, mv.Lift):
        w.take(p, move.edge)
        w.agenda.append(
            placing(batch(p, b.left, move.edge, b.placed & ~(1 << move.edge), b.before))
        )
    else:
        w.place(p, move)
        if b.carrying >= 0:
            w.settle()
        _next_fence(w, batch(p, b.left - 1, -1, b.placed | 1 << move.edge, b.before))


def _next_fence(w: Work, b: Batch) -> None:
    """Place the batch's next fence, or resolve the batch when none is left
    (what :func:`ready_fences` would do, without the passing PlaceFences task)."""
    if b.left > 0:
        w.agenda.append(placing(b))
    else:
        _resolve(w, b, 1)


def apply_defend(w: Work, task: st.Defend, move: Any) -> None:
    """Yield, or discard the defence cards: a break is cancelled, the fences of an attempt on the defender's land are taken off."""
    if isinstance(move, mv.Yield):
        return
    for k in move.cards:
        w.lose(task.seat, k)
        w.discard_fence_card(k)
    attack = task.attack
    if isinstance(attack, st.Breaking):
        w.agenda.pop()  # the break underneath is cancelled
        return
    w.refresh()
    lost = attack.before[task.seat] & ~w.control[task.seat]
    attempt = attack.placed & land.touching(w.t, lost)
    for e in bits(attempt):
        f = w.fences[attack.seat]
        if (f >> e | f >> (w.t.edges + e)) & 1:
            w.take(attack.seat, e)
    w.settle()


def start_batch(w: Work, task: st.StartBatch) -> None:
    """Begin the batch of fences the task names."""
    begin_batch(w, task.seat, task.count)


def begin_batch(w: Work, seat: int, count: int) -> None:
    """Begin placing ``count`` fences (the control snapshot is taken now)."""
    w.refresh()
    w.agenda.append(placing(batch(seat, count, -1, 0, w.control)))


def resolve_fences(w: Work, task: st.ResolveFences) -> None:
    """Go on resolving a batch from the seat the task names."""
    _resolve(w, task.batch, task.offset)


def _resolve(w: Work, b: Batch, offset: int) -> None:
    """Offer a defence to each player the batch would cost land (from seat
    ``offset`` after the placer on), then claim new land."""
    n = w.rules.players
    w.refresh()
    for i in range(offset, n):
        q = (b.seat + i) % n
        if b.before[q] & ~w.control[q]:
            w.agenda += [st.ResolveFences(b, i + 1), st.Defend(q, b)]
            return
    _claim(w, b.seat, b.before[b.seat])
    w.settle()


def _claim(w: Work, seat: int, before: int) -> None:
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
    mine = w.control[seat]
    # Land a player still controls was not attempted (or the attempt was
    # defended): only land nobody controls now can be won.
    taken = 0
    for mask in w.control:
        taken |= mask
    # Every region won with an opponent's fence still facing it, found before any is removed.
    doomed = []
    for region in w.partition.regions:
        if region.closed and not region.cells & taken:
            inside = land.claimable(t, region, fences, seat, mine, outer)
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
    new = w.control[seat] & ~before
    if not new:
        return
    f = fences[seat]
    for e in bits(outer & land.touching(t, new)):
        cells = t.edge_cells[e]
        if f >> e & 1:
            faces, far_slot, far = cells[0], t.edges + e, (cells[1] if len(cells) == 2 else -1)
        elif f >> (t.edges + e) & 1:
            faces, far_slot, far = cells[1], e, cells[0]
        else:
            continue
        if new >> faces & 1 and (far < 0 or w.control[seat] >> far & 1):
            owner = land.owner_at(fences, far_slot)
            fences[owner] &= ~(1 << far_slot)
            w.cut(owner, e)
    land.normalise(t, fences)
    w.fences = tuple(fences)


def breaking(w: Work, task: st.Breaking) -> None:
    """Offer the next victim a defence against the break; with none left, the fence is taken off."""
    if task.victims:
        rest = st.Breaking(task.attacker, task.edge, task.owner, task.victims[1:])
        w.agenda += [rest, st.Defend(task.victims[0], rest)]
        return
    w.take(task.owner, task.edge)
    w.settle()


def ready_fences(w: Work, task: st.PlaceFences) -> bool:
    """Whether the batch has a fence left to place; otherwise it is resolved."""
    b = task.batch
    if b.carrying >= 0 or b.left > 0:
        return True
    w.agenda[-1] = st.ResolveFences(b, 1)
    return False

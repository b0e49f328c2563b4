"""The tractor: the paths it may drive, the fence it pulls and cuts, and where a helicopter lands it.

"PULL fences behind your tractor!" A drive is one move along one path
(:func:`drive`). A powered tractor (on its main field, or pulling a fence)
lays a fence piece on every path it leaves its field by, takes the last one
back when it goes back the way it came, and closes a loop when it crosses its
own fence. It cuts an opponent's fence by touching it ("By touching an
opponent's fence, including the starting point, you cut it off"; in the Mad
Cow mode a partner's fence, :func:`acreage.crazy_farmers.madcow.touch`), and
annexes when its fence touches its main field again
(:func:`acreage.crazy_farmers.annexing.close`). The 2 fences behind another
tractor and the paths under hay bales are obstacles.

After a Helicopter card the player chooses where the tractor lands
(:func:`land`).
"""

from __future__ import annotations

import attrs

from acreage.core.bitset import bits
from acreage.core.frozen import builder, replaced
from acreage.crazy_farmers import board, madcow
from acreage.crazy_farmers.annexing import close
from acreage.crazy_farmers.board import EDGE_CELLS, ROUTES, STEPS, VERTEX_CELLS, component
from acreage.crazy_farmers.cards import landing_spots
from acreage.crazy_farmers.moves import DRIVES, LANDINGS, Drive, Land, Move
from acreage.crazy_farmers.pieces import cut, fence_marks
from acreage.crazy_farmers.state import Farmer, State, Work
from acreage.crazy_farmers.tasks import LandHelicopter, Turn, turn

__all__ = [
    "drive",
    "drive_moves",
    "drive_refusal",
    "headings",
    "land",
    "landing_moves",
    "landing_refusal",
]


def _blocked(state: State, seat: int) -> int:
    """The crossroads other tractors keep ``seat``'s tractor out of (bitset).

    "The 2 fences behind your tractor cannot be cut and are an OBSTACLE",
    and a tractor that flew by Helicopter "cannot cut any more fences until
    the end of the turn": it cannot enter them either.
    """
    out = 0
    for s, g in enumerate(state.farmers):
        if s != seat and g.tractor >= 0:
            out |= g.protected
            if state.flown:
                out |= g.fence_crossroads
    return out


def _lays_fence(f: Farmer, edge: int, to: int) -> bool:
    """Whether a powered tractor going along ``edge`` to ``to`` pulls a new fence piece."""
    fence = f.fence
    if fence:
        return to != fence[-2] and not f.fence_crossroads >> to & 1
    # "There is no need to place fences INSIDE your field."
    return not EDGE_CELLS[edge] & f.main


def headings(state: State) -> tuple[int, ...]:
    """The headings (indexes of :data:`~acreage.crazy_farmers.board.HEADINGS`) the tractor
    of the player to move can drive now, ``()`` once no move is left or possible."""
    if state.allowance <= state.moves_made:
        return ()
    seat = state.player
    f = state.farmers[seat]
    rules = state.rules
    powered = f.powered
    if not powered:
        limit = rules.powerless_move_limit
        if limit is not None and state.moves_made >= limit:
            return ()
    blocked = 1 << f.tractor
    if len(state.farmers) > 1:  # alone, no one else's tractor blocks
        blocked |= _blocked(state, seat)
    bales = state.bales
    no_piece = powered and f.fence_length >= rules.fences
    out = []
    for heading, edge, to in STEPS[f.tractor]:
        if bales >> edge & 1 or blocked >> to & 1:
            continue
        if no_piece and _lays_fence(f, edge, to):
            continue
        out.append(heading)
    return tuple(out)


_DRIVE_MOVES: dict[tuple[int, ...], tuple[Move, ...]] = {}
"""The drives along each tuple of headings (at most 64 of them), made once (one store each)."""


def drive_moves(state: State) -> tuple[Move, ...]:
    """The drives the player to move can make now, in the order of the headings."""
    out = headings(state)
    drives = _DRIVE_MOVES.get(out)
    if drives is None:
        drives = _DRIVE_MOVES[out] = tuple(DRIVES[h] for h in out)
    return drives


def drive_refusal(state: State, move: Drive) -> str:
    """The rule that keeps the tractor of the player to move from driving ``move.heading`` now."""
    seat = state.player
    f = state.farmers[seat]
    if state.allowance <= state.moves_made:
        return f"{move}: no move is left this turn"
    step = next((s for s in STEPS[f.tractor] if s[0] == move.heading), None)
    if step is None:
        return f"{move}: no path leads {board.HEADINGS[move.heading]} from {board.crossroad_name(f.tractor)}"
    _, edge, to = step
    if state.bales >> edge & 1:
        return f"{move}: a hay bale blocks the path"
    limit = state.rules.powerless_move_limit
    if not f.powered and limit is not None and state.moves_made >= limit:
        return f"{move}: a powerless tractor makes at most {limit} moves a turn"
    for s, g in enumerate(state.farmers):
        if s == seat or g.tractor < 0:
            continue
        if g.tractor == to:
            return f"{move}: player {s}'s tractor stands there"
        if g.protected >> to & 1:
            if g.fence_crossroads >> to & 1 and to not in g.fence[-3:]:
                return f"{move}: player {s}'s High Voltage protects the whole fence"
            return f"{move}: the 2 fences behind player {s}'s tractor are protected"
        if state.flown and g.fence_crossroads >> to & 1:
            return f"{move}: after a Helicopter flight your tractor cannot cut fences this turn"
    return f"{move}: all {state.rules.fences} of your fences are down"


_farmer = builder(Farmer)
"""``Farmer(...)`` with all 12 fields by position, filling the slots directly (a drive
builds one on every move)."""


def drive(w: Work, task: Turn, move: Drive) -> None:
    """``w`` after the player to move drives their tractor one path along ``move.heading``
    (a legal drive).

    "You must use all your moves whenever possible. You can however take a
    path from where you came in the opposite direction, removing the fence
    placed on it, or create a loop." A powerless tractor ("outside of your
    field and without fences") pulls no fence and cuts none until it is back
    on its field.
    """
    seat = w.player
    farmers = w.farmers
    f = farmers[seat]
    here = f.tractor
    route = ROUTES[here][move.heading]
    assert route is not None, "a listed heading has a path"
    edge, to = route
    fence = f.fence
    paths, crossroads, main = f.fence_paths, f.fence_crossroads, f.main
    contact = False
    powered = f.powered
    if not powered:
        # "You can no longer pull fences when moving your tractor nor cut your
        # opponents' fences [...] You will no longer be Powerless once connected
        # back to your field."
        if VERTEX_CELLS[to] & f.plots:
            main = component(f.plots, VERTEX_CELLS[to])
            powered = True
    elif fence:
        if to == fence[-2]:
            # "take a path from where you came in the opposite direction,
            # removing the fence placed on it"
            fence = fence[:-1] if len(fence) > 2 else ()
            paths &= ~(1 << edge)
            crossroads = crossroads & ~(1 << here) if fence else 0
        elif crossroads >> to & 1:
            # A loop: the fence goes back to where it first passed this crossroad.
            fence = fence[: fence.index(to) + 1]
            if len(fence) < 2:
                fence = ()
            paths, crossroads = fence_marks(fence)
        else:
            fence = (*fence, to)
            paths |= 1 << edge
            crossroads |= 1 << to
            contact = bool(VERTEX_CELLS[to] & main)
    elif not EDGE_CELLS[edge] & main:
        fence = (here, to)
        paths = 1 << edge
        crossroads = (1 << here) | (1 << to)
        contact = bool(VERTEX_CELLS[to] & main)
    # All 12 fields by position: attrs.evolve costs about 3 times as much, on the commonest move.
    moved = _farmer(
        to,
        fence,
        paths,
        crossroads,
        f.plots,
        main,
        f.hand,
        f.set_aside,
        f.in_play,
        f.slowdown,
        f.guards,
        False,
    )
    # The turn goes on, unless an annexation draws cards or ends the game (close, touch).
    w.agenda.append(task)
    w.farmers = replaced(farmers, seat, moved)
    w.moves_made += 1
    partner = -1
    if powered and len(w.farmers) > 1:
        # "By touching an opponent's fence, including the starting point, you cut it off."
        for s, g in enumerate(w.farmers):
            if s != seat and g.fence_crossroads >> to & 1:
                if w.cow is None:
                    w.farmers = replaced(w.farmers, s, cut(g))
                else:
                    partner = s
    if partner >= 0 and madcow.touch(w, seat, partner, to):
        return
    if contact:
        close(w)


def landing_moves(state: State, task: object = None) -> tuple[Move, ...]:
    """Where the helicopter of the player to move may land, as :class:`Land` moves."""
    return tuple(LANDINGS[v] for v in bits(landing_spots(state, state.player)))


def landing_refusal(state: State, move: Land) -> str:
    """Why the helicopter cannot land on ``move.crossroad``."""
    return (
        f"{move}: the helicopter lands on a crossroad of your field without a tractor "
        "or an opponent's fence"
    )


def land(w: Work, task: LandHelicopter, move: Land) -> None:
    """``w`` after the helicopter of the player to move lands on ``move.crossroad``.

    "Move your tractor from one crossroad to another in your field (main field
    of Fallow land) without an opponent's fence."
    """
    seat = w.player
    f = w.farmers[seat]
    # Flying leaves no fence (the card needs none) and lands on the field, which
    # becomes the main field: "Move to Fallow Land using a Helicopter bonus card
    # to change it into your Main Field."
    main = component(f.plots, VERTEX_CELLS[move.crossroad])
    w.then(turn(seat))
    w.farmers = replaced(w.farmers, seat, attrs.evolve(f, tractor=move.crossroad, main=main))
    w.flown = True

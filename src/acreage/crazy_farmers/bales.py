"""Hay bales: the paths they may go on, in a regular game and in Backlash mode.

"You cannot place a Hay Bale on a fence in progress, on the edge of the board
or with another Hay Bale. It is forbidden to lock in an opponent. If there
are no Hay Bales left, pick any one from the board." In the Mad Cow mode the
Cow is the opponent, and no bale may lock it in either (unless
``Rules.lock_in_cow``). A Backlash Hay Bale goes near a tractor: "Choose a tractor and place a first
Hay bale on one of the 3 paths around it. If 2 Hay Bales, place the second
one path further. If there is not enough space, try a path further away."

A Hay Bale card leaves the player placing its bales, one decision each
(:func:`bale_moves`, :func:`place_bale`, :func:`take_bale`).
"""

from __future__ import annotations

import functools
from collections import deque
from typing import Final

from acreage.core.bitset import bits
from acreage.crazy_farmers.board import GRID, INNER_PATHS, STEPS, path_name
from acreage.crazy_farmers.moves import PLACE_BALES, TAKE_BALES, Move, PlaceBale, TakeBale
from acreage.crazy_farmers.state import State, Work
from acreage.crazy_farmers.tasks import PlaceBales, turn

__all__ = [
    "PATH_NEIGHBOURS",
    "RINGS",
    "backlash_spots",
    "bale_moves",
    "bale_refusal",
    "bale_spots",
    "bales_to_take",
    "bridges",
    "pens",
    "place_bale",
    "placing_refusal",
    "take_bale",
    "take_refusal",
]


_INNER_SIDES: Final = tuple(
    (e, cells[0], cells[1]) for e, cells in enumerate(GRID.edge_cells) if len(cells) == 2
)
"""``(path, plot, plot)`` for every path between two plots."""


@functools.lru_cache(maxsize=8192)
def bridges(bales: int) -> int:
    """The paths whose blocking would cut the crossroads in two, when ``bales`` are blocked.

    A hay bale may not go there: "It is forbidden to lock in an opponent."
    The crossroads and paths are a plane graph whose faces are the plots and
    the outside of the board; a path is a bridge when the same face lies on
    both its sides. Taking a bale's path away merges the two plots along it
    into one face, so the bridges are the free paths between two plots of
    one merged face (bales lie between plots only, so the outside is never
    merged and no path on the board's edge is a bridge).
    """
    if not bales:
        return 0
    face = list(range(GRID.n_cells))

    def find(c: int) -> int:
        while face[c] != c:
            face[c] = face[face[c]]
            c = face[c]
        return c

    for e, a, b in _INNER_SIDES:
        if bales >> e & 1:
            face[find(a)] = find(b)
    found = 0
    for e, a, b in _INNER_SIDES:
        if not bales >> e & 1 and find(a) == find(b):
            found |= 1 << e
    return found


_RIM_CROSSROADS: Final = tuple(
    sorted(
        {
            v
            for e in range(GRID.n_edges)
            if GRID.border_edges >> e & 1
            for v in GRID.edge_vertices[e]
        }
    )
)
"""The crossroads on the board's edge: the Cow never crosses the edge, so to it they are one."""

_INNER_ENDS: Final = tuple(
    (e, GRID.edge_vertices[e][0], GRID.edge_vertices[e][1]) for e in bits(INNER_PATHS)
)
"""``(path, crossroad, crossroad)`` for every path between two plots."""


@functools.lru_cache(maxsize=8192)
def pens(bales: int) -> int:
    """The paths whose blocking would cut the plots in two for the Cow, when ``bales`` are blocked.

    The Cow crosses the paths between plots, never the board's edge. A set
    of bales parts the plots when its paths, with the board's edge, close a
    curve: a ring of bales, or a line of bales from edge to edge. So, the
    crossroads on the edge taken as one, a free path between two plots whose
    ends the bales join already would close one.
    """
    rim = _RIM_CROSSROADS[0]
    joined = list(range(GRID.n_vertices))
    for v in _RIM_CROSSROADS:
        joined[v] = rim

    def find(v: int) -> int:
        while joined[v] != v:
            joined[v] = joined[joined[v]]
            v = joined[v]
        return v

    for e, a, b in _INNER_ENDS:
        if bales >> e & 1:
            joined[find(a)] = find(b)
    found = 0
    for e, a, b in _INNER_ENDS:
        if not bales >> e & 1 and find(a) == find(b):
            found |= 1 << e
    return found


def bale_spots(state: State, bales: int | None = None) -> int:
    """The paths a hay bale may be placed on (bitset).

    "You cannot place a Hay Bale on a fence in progress, on the edge of the
    board or with another Hay Bale. It is forbidden to lock in an opponent."
    In the Mad Cow mode no bale may cut the plots in two for the Cow either
    (:func:`pens`), unless ``Rules.lock_in_cow``.
    """
    bales = state.bales if bales is None else bales
    fences = 0
    for g in state.farmers:
        fences |= g.fence_paths
    spots = INNER_PATHS & ~bales & ~fences & ~bridges(bales)
    if state.cow is not None and not state.rules.lock_in_cow:
        spots &= ~pens(bales)
    return spots


def bale_refusal(state: State, path: int) -> str:
    """The rule that keeps a hay bale off ``path`` now (one :func:`bale_spots` leaves out).

    With no bale left in the box, the player takes one from the board first.
    """
    if not state.hay_bales_left:
        taken = bales_to_take(state)
        if not taken:
            return "no hay bale is left in the box, and none on the board could go elsewhere"
        first = TAKE_BALES[next(bits(taken))]
        return f"no hay bale is left in the box: take one from the board first ('{first}')"
    bit = 1 << path
    if not INNER_PATHS & bit:
        return "'You cannot place a Hay Bale [...] on the edge of the board'"
    if state.bales & bit:
        return "'You cannot place a Hay Bale [...] with another Hay Bale': one lies there already"
    for s, g in enumerate(state.farmers):
        if g.fence_paths & bit:
            return f"'You cannot place a Hay Bale on a fence in progress': player {s}'s runs there"
    if bridges(state.bales) & bit:
        return "'It is forbidden to lock in an opponent': it would cut the crossroads in two"
    return "'It is forbidden to lock in an opponent': it would lock the Cow in"


def take_refusal(state: State, path: int) -> str:
    """The rule that keeps the hay bale on ``path`` from being taken now."""
    if state.hay_bales_left:
        return "a bale is taken from the board only when none is left in the box: place one"
    if not state.bales >> path & 1:
        return f"no hay bale lies on {path_name(path)}"
    return "that bale could not be placed anywhere else"


def bales_to_take(state: State, aim: int = -1, first: int = -1) -> int:
    """The bales that may be picked from the board (the box is empty) and placed again.

    ``aim`` and ``first`` as in :func:`backlash_spots` for a Backlash Hay Bale.
    """
    out = 0
    rest = state.bales
    while rest:
        low = rest & -rest
        rest ^= low
        left = state.bales & ~low
        again = backlash_spots(state, aim, first, left) if aim >= 0 else bale_spots(state, left)
        if again:
            out |= low
    return out


# -- placing the bales of a Hay Bale card -------------------------------------------


def bale_moves(state: State, task: object = None) -> tuple[Move, ...]:
    """The hay bales the player to move may place now, or with none left in the box, take."""
    if state.hay_bales_left:
        return tuple(PLACE_BALES[e] for e in bits(bale_spots(state)))
    return tuple(TAKE_BALES[e] for e in bits(bales_to_take(state)))


def take_bale(w: Work, task: PlaceBales, move: TakeBale) -> None:
    """``w`` after the player to move picks the bale on ``move.path`` to place it again."""
    w.agenda.append(task)
    w.bales &= ~(1 << move.path)


def place_bale(w: Work, task: PlaceBales, move: PlaceBale) -> None:
    """``w`` after the player to move places a hay bale on ``move.path``.

    The turn resumes after the card's last bale, or once no bale can be placed.
    """
    w.bales |= 1 << move.path
    left = task.left - 1
    if left:
        w.agenda.append(PlaceBales(task.seat, left))
        after = w.freeze()
        if bale_spots(after) if after.hay_bales_left else bales_to_take(after):
            return
    w.then(turn(w.player))


def placing_refusal(state: State, move: PlaceBale | TakeBale) -> str:
    """Why the player to move cannot place or take the bale of ``move`` now."""
    if isinstance(move, TakeBale):
        return f"{move}: {take_refusal(state, move.path)}"
    return f"{move}: {bale_refusal(state, move.path)}"


# -- Backlash Hay Bale ----------------------------------------------------------------


def _rings() -> tuple[tuple[int, ...], ...]:
    out = []
    for start in range(GRID.n_vertices):
        far = [-1] * GRID.n_vertices
        far[start] = 0
        queue = deque([start])
        while queue:
            v = queue.popleft()
            for _, _, w in STEPS[v]:
                if far[w] < 0:
                    far[w] = far[v] + 1
                    queue.append(w)
        rings = [0] * (max(far) + 1)
        for e, (a, b) in enumerate(GRID.edge_vertices):
            rings[min(far[a], far[b])] |= 1 << e
        out.append(tuple(rings))
    return tuple(out)


RINGS: Final = _rings()
"""``RINGS[v][k]``: the paths ``k`` paths away from crossroad ``v`` (bitset).

Ring 0 holds "the 3 paths around" a tractor on ``v``; a path's ring is the
distance from ``v`` to its nearer end.
"""

PATH_NEIGHBOURS: Final = tuple(
    sum(1 << f for v in ends for f in GRID.vertex_edges[v] if f != e)
    for e, ends in enumerate(GRID.edge_vertices)
)
"""``PATH_NEIGHBOURS[e]``: the paths sharing a crossroad with path ``e`` (bitset)."""


def backlash_spots(state: State, aim: int, first: int, bales: int | None = None) -> int:
    """Where the next bale of a Backlash Hay Bale may go (bitset), by the usual bale rules.

    The first bale goes on the nearest paths to the tractor on crossroad
    ``aim`` that can take one (ring 0, else further away); the second
    (``first`` is the first bale's path) on a path touching the first, one
    ring further out, else on the nearest ring beyond the first's that has room.
    """
    free = bale_spots(state, bales)
    rings = RINGS[aim]
    start = 0
    if first >= 0:
        start = next(k for k, ring in enumerate(rings) if ring >> first & 1) + 1
        if start < len(rings):
            beside = free & rings[start] & PATH_NEIGHBOURS[first]
            if beside:
                return beside
    for ring in rings[start:]:
        if free & ring:
            return free & ring
    return 0

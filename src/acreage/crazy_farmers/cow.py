"""The Mad Cow on the board: how it moves, what stops it, what it cuts and what it takes.

"Unlike tractors, the Cow stands in the middle of the plots and has a defined
direction towards one of the 6 adjacent plots." Its directions are the sides
of a plot, ``N NE SE S SW NW`` (:data:`~acreage.crazy_farmers.board.SIDES`),
numbered clockwise from 0; a card's motion is a ``step`` and a ``turn`` in
notches clockwise from the Cow's facing (:class:`~acreage.crazy_farmers.rules.MadCowCard`).

The Cow crosses the path between two plots. A hay bale, a protected fence
piece (the 2 behind a tractor; the whole fence with High Voltage), the edge
of the board and a plot guarded by a Watchdog stop it; an unprotected fence
piece on a path it crosses or is stopped by is cut. Stopped, it tries "the
opposite direction indicated on the card", then "one notch clockwise until
it finds a way out"; with none it "stays put and loses its move". "The Cow
annexes all plots it moves onto".
"""

from __future__ import annotations

from typing import Final

import attrs

from acreage.core.frozen import replaced
from acreage.crazy_farmers.board import (
    _EDGE_BETWEEN,
    CELL_EDGES,
    CELL_NEIGHBOURS,
    GRID,
    VERTEX_CELLS,
    component,
)
from acreage.crazy_farmers.pieces import cut, discarded, eliminated, settle
from acreage.crazy_farmers.state import HIGH_VOLTAGE, WATCHDOG, Cow, Farmer, State, Work

__all__ = [
    "DISTANCE_RINGS",
    "SIDE_PATHS",
    "TRIES",
    "blast",
    "farthest",
    "field",
    "fly",
    "lose_plots",
    "move",
    "protected_paths",
    "surrender_refusal",
]

SIDE_PATHS: Final = GRID.cell_edges
"""``SIDE_PATHS[plot][d]``: the path on side ``d`` of a plot, the one the Cow crosses going ``d``."""

TRIES: Final = tuple(tuple((k + i) % 6 for i in (0, 3, 4, 5, 1, 2)) for k in range(6))
"""``TRIES[k]``: the directions the Cow tries for a card pointing ``k``, in order.

"the Cow turns towards the opposite direction indicated on the card. If it
still can't move, the Cow turns one notch clockwise until it finds a way out."
"""


def field(farmers: tuple[Farmer, ...]) -> int:
    """The players' field (bitset): in the Mad Cow mode they share their plot tiles."""
    out = 0
    for f in farmers:
        out |= f.plots
    return out


def protected_paths(f: Farmer) -> int:
    """The fence pieces of ``f`` the Cow can neither cross nor cut (bitset).

    "the 2 fences behind your tractor cannot be cut and are an OBSTACLE";
    "High Voltage: The Cow is blocked by a fence, that is of course entirely protected."
    """
    if not f.fence:
        return 0
    if f.guards & HIGH_VOLTAGE:
        return f.fence_paths
    fence = f.fence
    out = 1 << _EDGE_BETWEEN[fence[-2], fence[-1]]
    if len(fence) > 2:
        out |= 1 << _EDGE_BETWEEN[fence[-3], fence[-2]]
    return out


def _guarded(farmers: tuple[Farmer, ...]) -> int:
    """'Watchdog: The Cow cannot go on the plot guarded by the watchdog, it is blocked.'"""
    out = 0
    for f in farmers:
        if f.guards & WATCHDOG:
            out |= f.plots
    return out


def lose_plots(
    farmers: tuple[Farmer, ...], discard: tuple[str, ...], lost: int
) -> tuple[tuple[Farmer, ...], tuple[str, ...]]:
    """The farmers after the players lose ``lost``, and the discard pile.

    Fields may split into fallow land, fences whose starting point no longer
    touches the field are lost, and a farmer left without plots is
    eliminated: "Remove your tractor and fences from the board."
    """
    for s, g in enumerate(farmers):
        if g.out or not g.plots & lost:
            continue
        left = g.plots & ~lost
        if left:
            farmers = replaced(farmers, s, settle(attrs.evolve(g, plots=left)))
        else:
            discard = discarded(discard, g.hand + g.in_play)
            farmers = replaced(farmers, s, eliminated(g))
    return farmers, discard


def move(
    bales: int,
    cow: Cow,
    farmers: tuple[Farmer, ...],
    discard: tuple[str, ...],
    step: int,
    turn: int,
) -> tuple[tuple[Farmer, ...], tuple[str, ...], int, int]:
    """Where one move takes ``cow``: the farmers and the discard pile after what it
    cut and annexed, the plot it moved onto (-1 when it stayed put) and its facing.

    The move points ``step`` notches clockwise from the Cow's facing, which
    turns ``turn`` notches; a redirected move faces the way it went.
    ``bales`` are the paths holding a hay bale.
    """
    here = cow.plot
    protected = fenced = guarded = 0
    for f in farmers:
        if f.fence:
            fenced |= f.fence_paths
            protected |= protected_paths(f)
        if f.guards & WATCHDOG:
            guarded |= f.plots
    sides = SIDE_PATHS[here]
    steps = GRID.step[here]
    for i, d in enumerate(TRIES[(cow.facing + step) % 6]):
        e = sides[d]
        if fenced >> e & 1 and not protected >> e & 1:
            # "The Cow can cut a fence by crossing it or simply being blocked by
            # [...] a path that contains a fence that is not protected."
            for s, f in enumerate(farmers):
                if f.fence_paths >> e & 1:
                    fenced &= ~f.fence_paths
                    protected &= ~protected_paths(f)
                    farmers = replaced(farmers, s, cut(f))
        there = steps[d]
        if there < 0 or bales >> e & 1 or protected >> e & 1 or guarded >> there & 1:
            continue
        facing = (cow.facing + turn) % 6 if i == 0 else d
        if not cow.plots >> there & 1:
            # "The Cow annexes all plots it moves onto"
            farmers, discard = lose_plots(farmers, discard, 1 << there)
        return farmers, discard, there, facing
    # "If there is no way out, the Cow stays put and loses its move."
    return farmers, discard, -1, cow.facing


def _distance_rings() -> tuple[tuple[int, ...], ...]:
    out = []
    for c in range(GRID.n_cells):
        rings = [0] * (2 * GRID.radius + 1)
        for d in range(GRID.n_cells):
            rings[GRID.distance(c, d)] |= 1 << d
        out.append(tuple(rings))
    return tuple(out)


DISTANCE_RINGS: Final = _distance_rings()
"""``DISTANCE_RINGS[plot][k]``: the plots ``k`` plots away from ``plot`` (bitset)."""


def farthest(cow: Cow) -> tuple[int, ...]:
    """The plots of the Cow's field farthest from where it stands (Backlash Helicopter)."""
    rings = reversed(DISTANCE_RINGS[cow.plot])
    far = next(ring & cow.plots for ring in rings if ring & cow.plots)  # ring 0 is its plot
    return tuple(c for c in range(GRID.n_cells) if far >> c & 1)


def fly(w: Work, plot: int) -> None:
    """'The Cow goes straight to the farthest plot of its field [...] without cutting the
    fences it may cross path with. Once there, the Cow reverses its direction.'"""
    cow = w.cow
    assert cow is not None
    w.cow = cow.but(plot=plot, facing=(cow.facing + 3) % 6)


def blast(w: Work) -> None:
    """'Dynamite: The Cow blasts everything on its plot and paths: fences (i.e. the
    fence is cut), Hay Bales and Barns.'"""
    cow = w.cow
    assert cow is not None
    paths = CELL_EDGES[cow.plot]
    for s, f in enumerate(w.farmers):
        if f.fence_paths & paths:
            w.farmers = replaced(w.farmers, s, cut(f))
    barns = w.rules.barn_plots & ~cow.blasted  # State.barns
    w.bales &= ~paths
    w.cow = cow.but(blasted=cow.blasted | (barns & (1 << cow.plot)))


def surrender_refusal(state: State, cell: int) -> str | None:
    """Why the players may not lose plot ``cell`` to a Backlash Bribe, or ``None``.

    "Bribe: Lose any one of your plots adjacent to the Cow." Like a player's
    Bribe it may not "create an immediate effect: Barn, cutting a fence,
    Fallow land, eliminating a player, immediate victory", and a Watchdog
    protects the plots "from bonus effects".
    """
    cow = state.cow
    assert cow is not None
    team = field(state.farmers)
    bit = 1 << cell
    if not team & bit or not CELL_NEIGHBOURS[cow.plot] & bit:
        return "a Backlash Bribe takes one of your plots next to the Cow"
    if state.barns & bit:
        return "a plot with a barn would give the Cow a bonus"
    if _guarded(state.farmers) & bit:
        return "a Watchdog protects the plot from bonus effects"
    if team == bit:
        return "it is your last plot"
    if cow.plots.bit_count() + 1 >= state.rules.cow_tiles:
        return "it would give the Cow its last plot and the game"
    rest = team & ~bit
    around = CELL_NEIGHBOURS[cell] & rest
    if around and component(rest, around & -around) & around != around:
        return "it would split your field into fallow land"
    for s, f in enumerate(state.farmers):
        if f.fence and not VERTEX_CELLS[f.fence[0]] & rest:
            return f"it would cut player {s}'s fence"
        seated = not f.fence and f.tractor >= 0 and VERTEX_CELLS[f.tractor] & f.main
        if seated and not VERTEX_CELLS[f.tractor] & rest:
            return f"player {s}'s tractor would lose its field"
    return None

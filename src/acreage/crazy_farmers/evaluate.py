"""How a seat stands, for agents and balance studies: :func:`evaluate` and :func:`end_reason`."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from acreage.core.game import check_seat
from acreage.core.heuristics import lead_share, share_of_win, squash
from acreage.core.memo import IdentityMemo
from acreage.crazy_farmers.board import CELL_VERTICES, GRID, STEPS
from acreage.crazy_farmers.scoring import fields, tiles_left, winners
from acreage.crazy_farmers.state import Farmer, State

__all__ = ["end_reason", "evaluate"]

FALLOW_WORTH: Final = 0.5
"""Plots a fallow plot is worth: it counts only in a tie, or once a helicopter makes it main."""
FENCE_WORTH: Final = 0.15
"""Plots a fence piece under way is worth (up to :data:`FENCE_COUNTED` of them): a fence
that comes home annexes what it goes round."""
FENCE_COUNTED: Final = 8
"""The longest fence counted: a longer one is more to lose than to gain."""
AWAY: Final = 0.1
"""Plots lost per path between a tractor pulling a fence and its main field."""
UNPOWERED: Final = 1.0
"""Plots a tractor away from its field without a fence loses: it must get back first."""
CARD_WORTH: Final = 0.25
"""Plots a bonus card in hand is worth."""
WRAP_WORTH: Final = 4.0
"""Mad Cow: plots a fence winding once round the Cow is worth (pro rata): it is
about to lock the Cow down."""
FAR: Final = 8
"""The farthest distance in paths :func:`_away` tells apart."""


def _balls() -> tuple[tuple[int, ...], ...]:
    """``BALLS[v][r]``: the crossroads at most ``r`` paths from crossroad ``v`` (bitset)."""
    out = []
    for v in range(GRID.n_vertices):
        rings = [1 << v]
        for _ in range(FAR):
            grown = rings[-1]
            for w in range(GRID.n_vertices):
                if rings[-1] >> w & 1:
                    for _, _, n in STEPS[w]:
                        grown |= 1 << n
            rings.append(grown)
        out.append(tuple(rings))
    return tuple(out)


BALLS: Final = _balls()
"""``BALLS[v][r]``: the crossroads at most ``r`` paths from crossroad ``v``, built once."""


def _angles() -> tuple[tuple[float, ...], ...]:
    """``ANGLES[c][v]``: the direction of crossroad ``v`` seen from the middle of plot ``c``."""
    out = []
    for c in range(GRID.n_cells):
        corners = [GRID.vertex_points[v] for v in GRID.cell_vertices[c]]
        cx = sum(x for x, _ in corners) / len(corners)
        cy = sum(y for _, y in corners) / len(corners)
        out.append(tuple(math.atan2(y - cy, x - cx) for x, y in GRID.vertex_points))
    return tuple(out)


ANGLES: Final = _angles()
"""``ANGLES[c][v]``: the direction of crossroad ``v`` from the middle of plot ``c``, built once."""


def _wrap(fence: tuple[int, ...], plot: int) -> float:
    """How far ``fence`` winds round ``plot``: 1 for a full turn (or more), 0 for none."""
    angles = ANGLES[plot]
    total = 0.0
    before = angles[fence[0]]
    for v in fence[1:]:
        now = angles[v]
        turn = now - before
        if turn > math.pi:
            turn -= 2 * math.pi
        elif turn < -math.pi:
            turn += 2 * math.pi
        total += turn
        before = now
    return min(1.0, abs(total) / (2 * math.pi))


def _corners(plots: int) -> int:
    """The crossroads at the corners of ``plots`` (bitset)."""
    out = 0
    while plots:
        low = plots & -plots
        out |= CELL_VERTICES[low.bit_length() - 1]
        plots ^= low
    return out


def _away(tractor: int, goal: int) -> int:
    """Paths from crossroad ``tractor`` to the nearest crossroad of ``goal`` (at most :data:`FAR`)."""
    for r, ball in enumerate(BALLS[tractor]):
        if ball & goal:
            return r
    return FAR


# A search rates thousands of positions that differ in one farmer at most: the others'
# fences keep their worth. Bounded, and lru_cache is safe under threads.
@lru_cache(maxsize=1 << 12)
def _fence(f: Farmer) -> float:
    """What a farmer's fence under way is worth, or its tractor's lack of power costs."""
    if f.fence:
        return FENCE_WORTH * min(f.fence_length, FENCE_COUNTED) - AWAY * _away(
            f.tractor, _corners(f.main)
        )
    return 0.0 if f.powered else -UNPOWERED


def _farmer(f: Farmer, main: int) -> float:
    """One farmer's standing in plots: its main field, fallow land, a fence under way,
    its tractor's power and its cards."""
    if f.out:
        return -10.0
    return main + FALLOW_WORTH * f.fallow.bit_count() + CARD_WORTH * len(f.hand) + _fence(f)


def _against_cow(state: State) -> float:
    """The players' standing against the Mad Cow, in plots: their main field less the
    Cow's plots, the Cow's nearness to its winning count, and how close the
    players' field lies to the Cow (it can only be locked down from there)."""
    cow = state.cow
    assert cow is not None
    rules = state.rules
    main = 0
    walls = 0
    extra = 0.0
    for f in state.farmers:
        main |= f.main
        walls |= f.fence_crossroads
        extra += -10.0 if f.out else _fence(f) + CARD_WORTH * len(f.hand)
        if f.fence:
            extra += WRAP_WORTH * _wrap(f.fence, cow.plot)
    corners = CELL_VERTICES[cow.plot]
    walls |= _corners(main)
    cow_plots = cow.plots.bit_count()
    danger = 6.0 * (cow_plots / rules.cow_tiles) ** 2
    surround = 3.0 * (corners & walls).bit_count() / corners.bit_count()
    return main.bit_count() - cow_plots - danger + surround + extra


def _standing(state: State) -> tuple[float, ...]:
    """Every farmer's standing in ``state`` (in the Mad Cow mode, the players' standing
    against the Cow, once)."""
    if state.cow is not None:
        return (_against_cow(state),)
    sizes = fields(state)
    return tuple(_farmer(f, main) for f, (main, _) in zip(state.farmers, sizes, strict=True))


_standings: Final = IdentityMemo(_standing)
"""Every seat's standing in the last state rated: an agent rates one state for every
seat in turn."""


def evaluate(state: State, seat: int) -> float:
    """How well ``seat`` stands, from 0 to 1: an estimate of its share of the win.

    Competitive game: a farmer's standing is its main field in plots, half
    a plot per fallow plot, a quarter per card in hand, and for a fence
    under way 0.15 per fence piece (up to 8) less 0.1 per path between the
    tractor and its main field: a fence that comes home annexes what it goes
    round. A tractor stranded off its field without a fence loses a plot; an
    eliminated farmer stands at -10. The seat's lead over the best other
    farmer is squashed by a logistic curve whose width shrinks as the plot
    tiles run out.

    Mad Cow mode: every seat stands together against the Cow: the players'
    main field less the Cow's plots, less a penalty growing with the square
    of the Cow's share of its winning count, plus up to 3 for the corners of
    the Cow's plot already walled by the players' fences or field and up to
    4 per fence by how far it winds round the Cow (once round, it is about
    to lock the Cow down), the fence terms above and the cards, squashed by
    a logistic curve.

    At the end: the seat's share of the win (a lost Mad Cow game is 0). It
    reads hands' sizes only, never their cards; tens of microseconds.
    """
    check_seat(seat, state.rules.players)
    if not state.agenda:
        return share_of_win(winners(state), seat)
    standing = _standings(state)
    if state.cow is not None:
        return squash(standing[0], width=4.0)
    return lead_share(standing, seat, width=1.5 + 0.1 * tiles_left(state, seat))


def end_reason(state: State) -> str:
    """Why the game ended: ``state.ended`` (``"tiles"``, ``"endgame"``, ``"elimination"``,
    ``"repetition"``; in the Mad Cow mode ``"lockdown"``, ``"cow"``, ``"elimination"``,
    ``"repetition"``)."""
    return state.ended

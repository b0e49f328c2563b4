"""Helpers for the Crazy Farmers tests: play move texts, list legal move texts, let the Cow play."""

from __future__ import annotations

import attrs

from acreage import crazy_farmers as cf
from acreage.crazy_farmers.board import GRID, HEADINGS, STEPS, field_boundary


def texts(state: cf.State) -> list[str]:
    """The text of every legal move."""
    return [str(m) for m in cf.legal_moves(state)]


def play(state: cf.State, *moves: str) -> cf.State:
    """Apply move texts one by one, checking each is listed as legal first."""
    for text in moves:
        move = cf.parse_move(state, text)
        legal = cf.legal_moves(state)
        assert move in legal, f"{text!r} is not legal here; legal: {[str(m) for m in legal]}"
        state = cf.apply_move(state, move)
    return state


def plots(*names: str) -> int:
    """The bitset of the plots named."""
    out = 0
    for name in names:
        out |= 1 << cf.plot(name)
    return out


SOLO = cf.Rules(players=1, mode="mad-cow")


def to_cow(state: cf.State) -> cf.State:
    """End the player's turn at once (its moves waived): the Cow's turn starts."""
    done = attrs.evolve(state, allowance=state.moves_made)
    return cf.apply_move(done, cf.parse_move(done, "end turn"))


def cow_plays(state: cf.State, *cards: str) -> cf.State:
    """The player's turn ends at once and the Cow draws ``cards`` (names and numbers)."""
    return play(to_cow(state), *(f"mad cow card {card}" for card in cards))


def fence_around(field: int, region: int) -> tuple[list[str], str]:
    """A fence from ``field`` around ``region`` (plots bitsets), and the move that closes it.

    The fence runs along every side of the region but those it shares with
    the field, and stops one path short: the returned ``move ...`` text
    brings the tractor back to the field.
    """
    walls = field_boundary(region) & ~field_boundary(field)
    ends = {}
    for e in range(GRID.n_edges):
        if walls >> e & 1:
            for v in GRID.edge_vertices[e]:
                ends.setdefault(v, []).append(e)
    start = next(v for v, es in sorted(ends.items()) if len(es) == 1)
    path, used = [start], 0
    while True:
        steps = [e for e in ends[path[-1]] if not used >> e & 1]
        if not steps:
            break
        (edge,) = steps
        used |= 1 << edge
        a, b = GRID.edge_vertices[edge]
        path.append(b if a == path[-1] else a)
    heading = next(h for h, _, w in STEPS[path[-2]] if w == path[-1])
    return [cf.crossroad_name(v) for v in path[:-1]], f"move {HEADINGS[heading]}"

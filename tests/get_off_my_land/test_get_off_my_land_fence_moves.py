"""The fast fence-placement generator (options.fence_moves) against a slow reference.

The reference reads the fence-placement rules straight off the rulebook and the
rulings (docs/rulings/get-off-my-land.md, F1-F5, P1), with plain geometry:
networkx for regions and for fences joined to the farmhouse, and every
candidate placement tried by building the fences it leaves. It shares no code
with the engine's land module, so the two can only agree by both being right.
"""

from __future__ import annotations

import random
from collections import Counter

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from acreage.get_off_my_land import Rules, State, apply_move, legal_moves, new_game
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land.build import build_position
from acreage.get_off_my_land.options import fence_moves
from acreage.get_off_my_land.state import Batch, PlaceFences

Fences = tuple[int, ...]


class _Board:
    """The geometry a placement is judged by, from the grid's own lists."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        grid = rules.tables.grid
        self.grid = grid
        self.slots = grid.n_edges  # slot e faces edge_cells[e][0], slot E + e the other side
        self.border = [grid.border_edges >> e & 1 for e in range(grid.n_edges)]
        for e, cells in enumerate(grid.edge_cells):
            assert cells[0] == grid.edge_sides[e][0]  # the first slot's tile
        self.farms = rules.tables.farm_cell

    # -- what stands on an edge

    def slot_owner(self, fences: Fences, slot: int) -> int:
        owners = [p for p, f in enumerate(fences) if f >> slot & 1]
        assert len(owners) <= 1
        return owners[0] if owners else -1

    def on_edge(self, fences: Fences, e: int) -> tuple[int, int]:
        """Owners of the edge's first and second slot (-1: empty)."""
        return self.slot_owner(fences, e), self.slot_owner(fences, self.slots + e)

    def facing(self, fences: Fences, e: int, cell: int) -> int:
        """The owner of the fence on ``e`` that faces ``cell`` (-1: none). A lone fence
        serves both sides (F2)."""
        first, second = self.on_edge(fences, e)
        if second < 0:
            return first
        return first if self.grid.edge_cells[e][0] == cell else second

    def far_cell(self, e: int, cell: int) -> int:
        cells = self.grid.edge_cells[e]
        return -1 if len(cells) == 1 else cells[1] if cells[0] == cell else cells[0]

    # -- regions (F3)

    def regions(self, fences: Fences) -> list[frozenset[int]]:
        g = nx.Graph()
        g.add_nodes_from(range(self.grid.n_cells))
        for e, cells in enumerate(self.grid.edge_cells):
            if len(cells) == 2 and self.on_edge(fences, e) == (-1, -1):
                g.add_edge(*cells)
        return [frozenset(c) for c in nx.connected_components(g)]

    def boundary(self, region: frozenset[int]) -> list[tuple[int, int]]:
        """(edge, the region's tile beside it) for each side of the region."""
        return [
            (e, c)
            for c in region
            for e in self.grid.cell_edges[c]
            if self.far_cell(e, c) not in region
        ]

    def closed(self, fences: Fences, region: frozenset[int]) -> bool:
        """Fully fenced: no unfenced side on the play area's edge (F1)."""
        return all(
            self.on_edge(fences, e)[0] >= 0 for e, _ in self.boundary(region) if self.border[e]
        )

    def holds_other_farm(self, region: frozenset[int], seat: int) -> bool:
        return any(c in region for q, c in enumerate(self.farms) if q != seat)

    def controls(self, fences: Fences, region: frozenset[int], seat: int) -> bool:
        return (
            self.closed(fences, region)
            and not self.holds_other_farm(region, seat)
            and all(self.facing(fences, e, c) == seat for e, c in self.boundary(region))
        )

    def control(self, fences: Fences) -> list[int]:
        out = [0] * len(fences)
        for region in self.regions(fences):
            for p in range(len(fences)):
                if self.controls(fences, region, p):
                    out[p] |= sum(1 << c for c in region)
        return out

    def claims(self, fences: Fences, region: frozenset[int], seat: int, mine: int) -> bool:
        """Whether ``seat`` would have ``region``: they control it, or each side
        faced by an opponent's fence has the player's fence facing away onto land
        they control, so that fence is inside their land and goes (S6, fig.9)."""
        if not self.closed(fences, region) or self.holds_other_farm(region, seat):
            return False
        for e, c in self.boundary(region):
            if self.facing(fences, e, c) == seat:
                continue
            far = self.far_cell(e, c)
            if far < 0 or self.facing(fences, e, far) != seat or not mine >> far & 1:
                return False
            if self.on_edge(fences, e)[1] < 0:
                return False  # a lone fence faces both sides
        return True

    # -- connection (F4) and expansion (F5)

    def anchors(self, fences: Fences, seat: int, anchored: bool) -> set[int]:
        """Vertices a new fence may touch: the farmhouse's corners and the ends of the
        player's fences (those joined to the farmhouse, if ``anchored``)."""
        g = nx.Graph()
        corners = set(self.grid.cell_vertices[self.farms[seat]])
        g.add_nodes_from(corners)
        f = fences[seat]
        for e in range(self.slots):
            if (f >> e | f >> (self.slots + e)) & 1:
                g.add_edge(*self.grid.edge_vertices[e])
        if not anchored:
            return set(g.nodes)
        return {v for part in nx.connected_components(g) if part & corners for v in part}

    def base(self, fences: Fences, seat: int, mine: int) -> int:
        """The farmhouse, and land the player controls whose fences join it."""
        joined = self.anchors(fences, seat, anchored=True)
        out = 1 << self.farms[seat]
        for region in self.regions(fences):
            if not all(mine >> c & 1 for c in region):
                continue
            if any(set(self.grid.edge_vertices[e]) & joined for e, _ in self.boundary(region)):
                out |= sum(1 << c for c in region)
        return out

    def next_to(self, region: frozenset[int], base: int) -> bool:
        """Whether ``region`` holds or is orthogonally next to a tile of ``base``."""
        for c in region:
            if base >> c & 1:
                return True
            for e in self.grid.cell_edges[c]:
                far = self.far_cell(e, c)
                if far >= 0 and base >> far & 1:
                    return True
        return False

    # -- candidate placements (F2)

    def placements(self, fences: Fences, seat: int) -> list[tuple[mv.Fence, Fences]]:
        """Every fence ``seat`` could put on the board, with the fences it leaves: on an
        empty edge, or inside an opponent's lone fence facing either side."""
        out = []
        t = self.rules.tables
        for e in range(self.slots):
            first, second = self.on_edge(fences, e)
            after = list(fences)
            if first < 0:
                after[seat] |= 1 << e
                out.append((t.fence_moves[e], tuple(after)))
            elif second < 0 and first != seat:
                for i, move in enumerate(t.inside_moves[e]):
                    after = list(fences)
                    if i == 0:  # the player's fence takes the slot facing the first tile
                        after[first] ^= 1 << e | 1 << (self.slots + e)
                        after[seat] |= 1 << e
                    else:
                        after[seat] |= 1 << (self.slots + e)
                    out.append((move, tuple(after)))
        return out


def judge_placements(s: State, batch: Batch) -> dict[mv.Fence, str]:
    """Each placement ``batch.seat`` could make with a fence: "" if the rules allow
    it, else the rule it breaks. Empty if the player has no fence to place."""
    rules = s.rules
    b = _Board(rules)
    seat = batch.seat
    fences = tuple(s.fences)
    f = fences[seat]
    on_board = sum(1 for e in range(b.slots) if (f >> e | f >> (b.slots + e)) & 1)
    if batch.carrying < 0 and on_board >= rules.fences_per_player:
        return {}  # nothing in the stash, nothing lifted
    control = b.control(fences)
    assert tuple(control) == tuple(s.control)  # the reference reads the state as the engine
    mine = control[seat]
    anchors = b.anchors(fences, seat, rules.anchored_fences)
    base = b.base(fences, seat, mine)
    # P1: tiles opponents' farmers protect (the farmhouse too, unless the rule says not).
    guarded = [
        (q, c)
        for q, c in enumerate(s.farmers)
        if q != seat and control[q] >> c & 1 and (rules.home_farmer_protects or c != b.farms[q])
    ]
    claimed_before = {
        region for region in b.regions(fences) if b.claims(fences, region, seat, mine)
    }
    out = {}
    for move, after in b.placements(fences, seat):
        if not set(b.grid.edge_vertices[move.edge]) & anchors:
            out[move] = "F4: not connected"
            continue
        later = b.control(after)
        if any(not later[q] >> c & 1 for q, c in guarded):
            out[move] = "P1: takes a protected tile"
            continue
        won = [
            region
            for region in b.regions(after)
            if region not in claimed_before
            and not all(mine >> c & 1 for c in region)
            and b.claims(after, region, seat, mine)
        ]
        out[move] = "" if all(b.next_to(region, base) for region in won) else "F5: land too far"
    return out


def reference_fence_moves(s: State, batch: Batch) -> list[mv.Fence]:
    """Where ``batch.seat`` may place a fence, in the engine's order: empty edges by
    edge, then insides by edge and facing tile (the edge's first tile first)."""
    cells = s.rules.tables.grid.edge_cells
    allowed = [move for move, why in judge_placements(s, batch).items() if not why]
    return sorted(
        allowed,
        key=lambda m: (m.inside >= 0, m.edge, m.inside >= 0 and cells[m.edge].index(m.inside)),
    )


def _rules(players: int, anchored: bool, home: bool) -> Rules:
    return Rules(players=players, anchored_fences=anchored, home_farmer_protects=home)


def _placing(state: State) -> PlaceFences | None:
    task = state.decision
    return task if isinstance(task, PlaceFences) else None


def _check(state: State) -> int:
    task = _placing(state)
    if task is None:
        return 0
    assert fence_moves(state, task.batch) == reference_fence_moves(state, task.batch)
    return 1


@settings(max_examples=24)
@given(
    players=st.sampled_from([2, 3, 4]),
    anchored=st.booleans(),
    home=st.booleans(),
    seed=st.integers(0, 2**32),
    every=st.integers(1, 6),
)
def test_fence_moves_match_the_rules_along_random_playouts(
    players: int, anchored: bool, home: bool, seed: int, every: int
) -> None:
    """Every ``every``-th fence decision of a random game: the same placements, in order."""
    rng = random.Random(seed)
    state = new_game(_rules(players, anchored, home))
    seen = 0
    while state.to_move is not None:
        if _placing(state) is not None:
            seen += 1
            if seen % every == 0:
                _check(state)
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])


@settings(max_examples=60)
@given(
    players=st.sampled_from([2, 3, 4]),
    anchored=st.booleans(),
    home=st.booleans(),
    data=st.data(),
)
def test_fence_moves_match_the_rules_on_built_positions(
    players: int, anchored: bool, home: bool, data: st.DataObject
) -> None:
    """Positions no playout may reach (fences anywhere, steals half done) for each seat."""
    rules = _rules(players, anchored, home)
    state = build_position(rules, lambda n: data.draw(st.integers(0, n - 1)) if n > 1 else 0)
    for seat in range(players):
        for carrying in (-1, 0):
            batch = Batch(seat, 1, carrying, 0, tuple(state.control))
            assert fence_moves(state, batch) == reference_fence_moves(state, batch)


def test_random_playouts_meet_every_rule() -> None:
    """The playouts above test something: random 3-player games soon meet placements
    of both kinds allowed and placements refused for each reason (a protected tile
    the rarest), and the generator agrees with the reference there too."""
    reasons = {"empty edge", "inside", "F4: not connected", "F5: land too far"}
    reasons.add("P1: takes a protected tile")
    seen: Counter[str] = Counter()
    for seed in range(8):
        rng = random.Random(seed)
        state = new_game(_rules(3, False, True))
        while state.to_move is not None:
            task = _placing(state)
            if task is not None:
                judged = judge_placements(state, task.batch)
                for move, why in judged.items():
                    seen[why or ("inside" if move.inside >= 0 else "empty edge")] += 1
                assert fence_moves(state, task.batch) == reference_fence_moves(state, task.batch)
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])
        if set(seen) == reasons:
            return
    raise AssertionError(f"only {seen} in eight games")

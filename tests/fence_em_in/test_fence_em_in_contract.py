"""The acreage contract for every player count, and invariants on random playouts."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import fence_em_in as fei
from acreage.testing import Playout, check_game, playouts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game(players: int) -> None:
    check_game(fei.GAME, fei.Rules(players=players), playouts=3, seed=players)


def test_check_game_variant() -> None:
    rules = fei.Rules(
        players=3,
        board_size=9,
        start_cells=((1, 1), (7, 1), (4, 7)),
        rounds=4,
        reserved_start_cells=False,
        fertilizer=fei.FertilizerRules(reroll=1, adjust=1, move=1, refresh=1),
    )
    check_game(fei.GAME, rules, playouts=4)


def test_registered() -> None:
    import acreage

    assert acreage.get_game("fence-em-in") is fei.GAME
    assert fei.GAME.resample is None  # nothing is hidden


# -- invariants --------------------------------------------------------------------

# The rulebook's placement table, written out again as an independent oracle.
POINTS = {
    "cow": [3, 3, 4, 5, 7],
    "sheep": [1, 2, 3],
    "chicken": [1, 1, 2, 2, 3],
    "grain": [2],
    "corn": [2, 2, 2, 3],
    "hay": [1],
    "barn": [2],
    "granary": [1],
}


def placement_points(kinds: list[str]) -> int:
    total = 0
    seen: Counter[str] = Counter()
    for kind in kinds:
        table = POINTS[kind]
        points = table[min(seen[kind], len(table) - 1)]
        if kind == "hay":
            points += min(seen["cow"] + seen["sheep"] + seen["chicken"], 3)
        if kind == "grain" and seen["granary"]:
            points += 1
        total += points
        seen[kind] += 1
    return total


def cells(e: fei.Enclosure) -> set[tuple[int, int]]:
    return {(x, y) for x in range(e.x, e.x + e.width) for y in range(e.y, e.y + e.height)}


def check_invariants(state: fei.State) -> None:
    rules = state.rules
    size = rules.board_size
    grid = rules.grid
    taken: set[tuple[int, int]] = set()
    for seat, farm in enumerate(state.farms):
        own: set[tuple[int, int]] = set()
        for i, e in enumerate(farm.enclosures):
            here = cells(e)
            assert all(0 <= x < size and 0 <= y < size for x, y in here), "inside the board"
            assert not here & taken, "enclosures never overlap"
            if i == 0:
                assert rules.start_cells[seat] in here, "the first covers the starting cell"
            else:
                beside = {
                    (x + dx, y + dy)
                    for x, y in own
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                }
                assert here & beside, "touches an earlier enclosure of its owner"
            own |= here
            taken |= here
        assert farm.land == sum(1 << grid.cell_id(cell) for cell in own)
        assert farm.fertilizer >= 0, "fertilizer never negative"
        kinds = [e.kind for e in farm.enclosures if e.kind is not None]
        assert farm.points == placement_points(kinds), "running score = recomputation"
        tally = Counter(kinds)
        assert farm.placed == tuple(tally[k] for k in fei.KINDS)
        for cat, row in zip(rules.farm_board, farm.rows, strict=True):
            assert len(row) <= len(cat.points)
    assert state.occupied == sum(1 << grid.cell_id(cell) for cell in taken)
    # Tokens are conserved: bag + assets board + farm boards + discards + the one in hand.
    count = Counter(dict(zip(fei.KINDS, state.bag, strict=True)))
    for column in state.columns:
        count.update(column)
    for farm in state.farms:
        for row in farm.rows:
            count.update(row)
        count.update(farm.discards)
    if state.token is not None:
        count[state.token] += 1
    assert +count == +Counter(dict(zip(fei.KINDS, rules.bag.counts(), strict=True)))
    assert fei.scores(state) == tuple(
        s.total if state.phase is fei.Phase.END else s.placement for s in fei.score_sheets(state)
    )


RULES = st.sampled_from([fei.Rules(players=n) for n in (2, 3, 4)])


# Even the simplest whole game is a few hundred moves long.
@settings(
    max_examples=24,
    suppress_health_check=[
        HealthCheck.large_base_example,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(playouts(fei.GAME, RULES))
def test_invariants_hold_on_every_state(playout: Playout) -> None:
    for state in playout.states:
        check_invariants(state)
    final = playout.final
    assert fei.is_terminal(final)
    assert final.round <= final.rules.rounds
    assert fei.winners(final)


def brute_force_places(state: fei.State) -> set[fei.Place]:
    """Every legal enclosure, found cell by cell from the rulebook's words."""
    rules = state.rules
    size = rules.board_size
    seat = state.order[state.turn]
    own = set().union(*(cells(e) for e in state.farms[seat].enclosures))
    taken = set().union(*(cells(e) for farm in state.farms for e in farm.enclosures))
    others = {c for p, c in enumerate(rules.start_cells) if p != seat}
    out = set()
    dice = list(state.dice)
    for i, w in enumerate(dice):
        for j, h in enumerate(dice):
            if i == j:
                continue
            third = next(d for k, d in enumerate(dice) if k not in (i, j))
            if not state.columns[third - 1]:
                continue
            for x in range(size - w + 1):
                for y in range(size - h + 1):
                    here = cells(fei.Enclosure(x, y, w, h))
                    if here & taken or here & others:
                        continue
                    edge = {
                        (a + dx, b + dy)
                        for a, b in here
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    }
                    if (own and edge & own) or (not own and rules.start_cells[seat] in here):
                        out.add(fei.Place(x, y, w, h))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bit_parallel_placement_matches_brute_force(players: int) -> None:
    import acreage

    checked = 0
    for seed in range(3):
        result = acreage.play(fei.GAME, fei.Rules(players=players), seed=f"places/{seed}")
        for state in acreage.replay(result.record):
            if state.phase is fei.Phase.PLACE:
                listed = [m for m in fei.legal_moves(state) if isinstance(m, fei.Place)]
                assert len(listed) == len(set(listed))
                assert set(listed) == brute_force_places(state)
                checked += 1
    assert checked > 20


def test_quick_builders_make_the_same_frozen_values() -> None:
    """The engine's positional builders fill every field, in order, and freeze."""
    from acreage.fence_em_in.state import make_enclosure, make_farm

    rules = fei.Rules(players=2)
    state = fei.new_game(rules)
    for cls, build, value in [
        (fei.Farm, make_farm, state.farms[0]),
        (fei.Enclosure, make_enclosure, fei.Enclosure(1, 2, 3, 4, "cow")),
    ]:
        fields = attrs.astuple(value, recurse=False)
        built = build(*fields)
        assert type(built) is cls
        assert built == value and hash(built) == hash(value)
        assert attrs.astuple(built, recurse=False) == fields
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            built.x = 0


def test_the_engines_draft_freezes_every_state_back_into_itself() -> None:
    """Work, the engine's draft, holds every field of State: a state copied and
    frozen untouched is that state again (equal, hashing alike, frozen), in every phase."""
    import acreage
    from acreage.fence_em_in.work import Work

    phases = set()
    result = acreage.play(fei.GAME, fei.Rules(players=3), seed="draft")
    for state in acreage.replay(result.record):
        again = Work.copy(state).freeze()
        assert type(again) is fei.State and again is not state
        assert attrs.astuple(again, recurse=False) == attrs.astuple(state, recurse=False)
        assert again == state and hash(again) == hash(state)
        phases.add(state.phase)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        again.turn = 0  # type: ignore[misc]
    assert phases >= {fei.Phase.CARDS, fei.Phase.ORDER, fei.Phase.ROLL, fei.Phase.PLACE}

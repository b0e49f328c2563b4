"""Scoring: the placement table and its notes, the farm board, missions, the end."""

from __future__ import annotations

import attrs
import pytest
from fence_em_in_helpers import play, start

from acreage import fence_em_in as fei
from acreage.fence_em_in.scoring import accepts, mission_points, placement_gain

RULES = fei.Rules(players=2)
TABLES = RULES.tables


def farm(
    placed: dict[str, int] | None = None, enclosures: tuple[fei.Enclosure, ...] = ()
) -> fei.Farm:
    counts = tuple((placed or {}).get(k, 0) for k in fei.KINDS)
    return fei.Farm(0, enclosures, counts, 0, 0, ((),) * 6, ())


def place_in_turn(
    kinds: list[str], start_with: dict[str, int] | None = None
) -> list[tuple[int, int]]:
    """(points, fertilizer) of each miniature of ``kinds`` placed one after another."""
    placed = dict(start_with or {})
    out = []
    for kind in kinds:
        out.append(placement_gain(TABLES, farm(placed), fei.KINDS.index(kind)))
        placed[kind] = placed.get(kind, 0) + 1
    return out


def test_cow() -> None:
    # "cow keeps scoring 7"
    assert place_in_turn(["cow"] * 7) == [(3, 0), (3, 0), (4, 0), (5, 0), (7, 0), (7, 0), (7, 0)]


def test_sheep_pairs() -> None:
    assert place_in_turn(["sheep"] * 6) == [(1, 0), (2, 1), (3, 0), (3, 1), (3, 0), (3, 1)]


def test_chicken() -> None:
    points = [p for p, _ in place_in_turn(["chicken"] * 7)]
    assert points == [1, 1, 2, 2, 3, 3, 3]
    assert {f for _, f in place_in_turn(["chicken"] * 7)} == {2}


def test_grain_and_corn() -> None:
    assert place_in_turn(["grain"] * 3) == [(2, 0)] * 3
    assert place_in_turn(["corn"] * 6) == [(2, 1), (2, 1), (2, 1), (3, 1), (3, 1), (3, 1)]


@pytest.mark.parametrize(("animals", "points"), [(0, 1), (1, 2), (2, 3), (3, 4), (7, 4)])
def test_hay_animal_bonus(animals: int, points: int) -> None:
    mix = {"cow": animals // 3 + (animals % 3 > 0), "sheep": animals // 3 + (animals % 3 > 1)}
    mix["chicken"] = animals - mix["cow"] - mix["sheep"]
    assert place_in_turn(["hay"], mix)[0] == (points, 0)


def test_hay_pairs() -> None:
    assert [f for _, f in place_in_turn(["hay"] * 4)] == [0, 1, 0, 1]


def test_barn_bonus_for_later_animals_only_first_barn() -> None:
    gains = place_in_turn(["cow", "barn", "cow", "sheep", "chicken", "barn", "sheep", "corn"])
    assert gains == [
        (3, 0),  # before the barn: no bonus
        (2, 2),  # the barn itself
        (3, 1),
        (1, 1),
        (1, 3),
        (2, 2),  # a second barn gives no second bonus
        (2, 2),  # 2nd sheep: pair 1 + barn 1
        (2, 1),  # crops get nothing from the barn
    ]


def test_granary_bonus_for_later_grain_only() -> None:
    gains = place_in_turn(["grain", "granary", "grain", "corn", "hay", "granary", "grain"])
    assert gains == [(2, 0), (1, 1), (3, 0), (2, 1), (1, 0), (1, 1), (3, 0)]


def test_granary_bonus_other_reading_is_an_option() -> None:
    wide = attrs.evolve(RULES, granary_bonus=fei.Bonus(points=1, kinds=("corn", "grain", "hay")))
    t = wide.tables
    placed = farm({"granary": 1})
    assert placement_gain(t, placed, fei.KINDS.index("corn")) == (3, 1)
    assert placement_gain(t, placed, fei.KINDS.index("hay")) == (2, 0)


# -- the farm board ------------------------------------------------------------------

SAME, DIFFERENT, ALTERNATING, LEFTOVERS, BARNS, GRANARIES = range(6)


def test_all_of_the_same_type() -> None:
    assert accepts(TABLES, SAME, (), "barn")
    assert accepts(TABLES, SAME, ("cow", "cow"), "cow")
    assert not accepts(TABLES, SAME, ("cow",), "sheep")
    assert not accepts(TABLES, SAME, ("cow",) * 4, "cow")  # four slots


def test_none_of_the_same_type() -> None:
    assert accepts(TABLES, DIFFERENT, ("cow", "barn", "corn"), "granary")
    assert not accepts(TABLES, DIFFERENT, ("cow", "barn"), "cow")


def test_alternating_animal_and_crop() -> None:
    # "You may start with either."
    assert accepts(TABLES, ALTERNATING, (), "corn") and accepts(TABLES, ALTERNATING, (), "cow")
    assert accepts(TABLES, ALTERNATING, ("cow",), "hay")
    assert accepts(TABLES, ALTERNATING, ("hay", "sheep"), "grain")
    assert not accepts(TABLES, ALTERNATING, ("cow",), "chicken")
    assert not accepts(TABLES, ALTERNATING, (), "barn")  # neither animal nor crop
    assert not accepts(TABLES, ALTERNATING, ("cow",), "granary")


def test_leftovers_and_buildings() -> None:
    assert accepts(TABLES, LEFTOVERS, ("cow", "cow", "barn"), "hay")
    assert not accepts(TABLES, LEFTOVERS, ("cow", "cow", "barn", "hay"), "hay")
    assert accepts(TABLES, BARNS, ("barn",), "barn")
    assert not accepts(TABLES, BARNS, (), "granary")
    assert accepts(TABLES, GRANARIES, ("granary", "granary"), "granary")
    assert not accepts(TABLES, GRANARIES, ("granary",) * 3, "granary")  # three slots


def test_category_scores_its_furthest_slot() -> None:
    """ "three chickens in All of the same type score 6 points, not 1 + 3 + 6"."""
    rows = (("chicken",) * 3, ("cow", "hay"), (), ("barn",) * 4, (), ("granary",))
    filled = attrs.evolve(farm(), rows=rows)
    assert fei.scoring.farm_board_points(RULES, filled) == 6 + 2 + 4 + 1


# -- missions and the end ------------------------------------------------------------


def test_enclosure_missions_against_the_threshold() -> None:
    enclosures = (
        fei.Enclosure(0, 0, 3, 3, "cow"),  # 9 cells: small with 2 players (below 10)
        fei.Enclosure(0, 3, 2, 5, "cow"),  # 10 cells: large
        fei.Enclosure(3, 0, 1, 1, "hay"),
    )
    f = farm(enclosures=enclosures)
    assert mission_points(RULES, ("small-enclosures",), f) == 2
    assert mission_points(RULES, ("large-enclosures",), f) == 1
    four = fei.Rules(players=4)  # threshold 5: the 9 and the 10 are large
    assert mission_points(four, ("small-enclosures",), f) == 1


def test_support_missions_need_more_than_the_number() -> None:
    twelve = (fei.Enclosure(0, 0, 3, 4, "cow"),)
    thirteen = (*twelve, fei.Enclosure(3, 0, 1, 1, "cow"))
    assert mission_points(RULES, ("cows",), farm(enclosures=twelve)) == 0
    assert mission_points(RULES, ("cows",), farm(enclosures=thirteen)) == 5
    corn = (fei.Enclosure(0, 0, 4, 4, "corn"), fei.Enclosure(4, 0, 1, 1, "corn"))
    assert mission_points(RULES, ("corn", "grain"), farm(enclosures=corn)) == 8


def _finished(players: int = 2) -> fei.State:
    state = start(rules=fei.Rules(players=players, rounds=1))
    state = play(state, "roll 2 3 4", "place 3,3 2x3", "take corn", "put corn in same")
    return play(state, "place 11,11 4x2", "take cow", "put cow in same")


def test_final_scores_add_every_part() -> None:
    state = _finished()
    assert state.phase is fei.Phase.END
    sheets = fei.score_sheets(state)
    # Cards: small-enclosures, cows, grain. Player 0: corn 2 points, 1 fertilizer,
    # a small 6-cell enclosure, corn in "same". Player 1: cow 3 points, an 8-cell
    # small enclosure, cow in "same".
    assert sheets[0] == fei.ScoreSheet(placement=2, farm_board=1, missions=1, fertilizer=0)
    assert sheets[1] == fei.ScoreSheet(placement=3, farm_board=1, missions=1, fertilizer=0)
    assert fei.scores(state) == (4, 5)
    assert fei.winners(state) == (1,)


def test_fertilizer_scores_one_point_per_three() -> None:
    state = _finished()
    farms = list(state.farms)
    farms[0] = attrs.evolve(farms[0], fertilizer=7)
    assert fei.score_sheets(attrs.evolve(state, farms=tuple(farms)))[0].fertilizer == 2


def test_ties_go_to_the_farm_board_then_are_shared() -> None:
    state = _finished()
    a, b = state.farms
    # Equal totals: 8 each; player 0 has more farm-board points.
    a = attrs.evolve(a, points=5, rows=((), ("corn",), ("corn", "cow"), (), (), ()))
    b = attrs.evolve(b, points=6, rows=(("cow",), ("cow",), (), (), (), ()))
    tied = attrs.evolve(state, farms=(a, b))
    assert fei.scores(tied) == (10, 9)
    b = attrs.evolve(b, points=7)
    tied = attrs.evolve(state, farms=(a, b))
    assert fei.scores(tied) == (10, 10)
    assert fei.winners(tied) == (0,)
    b = attrs.evolve(b, points=5, rows=((), ("cow",), ("cow", "corn"), (), (), ()))
    tied = attrs.evolve(state, farms=(a, b))
    assert fei.scores(tied) == (10, 10) and fei.winners(tied) == (0, 1)


def test_ties_by_the_score_track_are_an_option() -> None:
    """Ruling 21: "the most farm board points" are the categories' points; the
    farm board's score track (the placement points) is the other reading."""
    state = _finished()
    a, b = state.farms
    a = attrs.evolve(a, points=5, rows=((), ("corn",), ("corn", "cow"), (), (), ()))
    b = attrs.evolve(b, points=7, rows=(("cow",), ("cow",), (), (), (), ()))
    tied = attrs.evolve(state, farms=(a, b))
    assert fei.scores(tied) == (10, 10) and fei.winners(tied) == (0,)
    by_track = attrs.evolve(tied, rules=attrs.evolve(tied.rules, tie_break="score-track"))
    assert fei.score_sheets(by_track) == fei.score_sheets(tied)
    assert fei.winners(by_track) == (1,)  # 7 placement points to 5
    b = attrs.evolve(b, points=5, rows=((), ("cow",), ("cow", "corn"), (), (), ()))
    a = attrs.evolve(a, points=5)
    even = attrs.evolve(by_track, farms=(a, b))
    assert fei.scores(even) == (10, 10) and fei.winners(even) == (0, 1)


def test_running_score_is_the_score_track_until_the_end() -> None:
    state = start(2)
    state = play(state, "roll 2 3 4", "place 3,3 2x3", "take corn", "put corn in same")
    assert fei.scores(state) == (2, 0)
    assert fei.winners(state) == ()


def test_alternating_never_takes_buildings_even_when_listed() -> None:
    board = (fei.Category("alternating", "Alternating", "alternating", (1, 3), kinds=fei.KINDS),)
    t = fei.Rules(farm_board=board).tables
    assert not accepts(t, 0, (), "barn")
    assert not accepts(t, 0, ("cow",), "granary")
    assert accepts(t, 0, ("cow",), "corn")


def test_column_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from acreage.fence_em_in import tables

    t = fei.Rules(players=3, rounds=7).tables  # rules no other test uses: a fresh memo
    monkeypatch.setattr(tables, "_MEMO_LIMIT", 2)
    assert t.with_token(("cow",), "barn") == ("cow", "barn")
    assert t.with_token(("hay", "hay"), "sheep") == ("sheep", "hay", "hay")
    assert t.with_token((), "granary") == ("granary",)
    assert len(t._columns) <= 2

"""Tournaments, balance studies and their intervals."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import acreage
import dots_and_boxes as dab
from acreage.analysis import (
    BalanceStudy,
    GameResult,
    Tournament,
    mean_difference,
    rate_difference,
    seatings,
    wilson,
)

TOY = dab.Rules(width=2, height=2)


def test_wilson_interval() -> None:
    # Values from the closed form (Wilson 1927), as tabulated by Newcombe (1998).
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    low, high = wilson(2.5, 5)  # shared wins count in fractions
    assert low < 0.5 < high and high - low > wilson(5, 10)[1] - wilson(5, 10)[0]
    assert wilson(0, 0) == (0.0, 1.0)


def test_difference_intervals() -> None:
    # Newcombe (1998), method 10, example (a): 56/70 - 48/80 = 0.2, 95% interval 0.0524 to 0.3339.
    d = rate_difference("x", 48, 80, 56, 70)
    assert d.difference == pytest.approx(0.2)
    assert (d.low, d.high) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert d.significant
    m = mean_difference("y", [1, 2, 3, 4], [1, 2, 3, 4])
    assert m.difference == 0 and m.low < 0 < m.high and not m.significant


def test_seatings_put_every_agent_in_every_seat_equally() -> None:
    assert seatings(["a", "b"], 2) == (("a", "b"), ("b", "a"))
    for agents, players in [
        (["a", "b", "c"], 2),
        (["a", "b"], 4),
        (["a", "b", "c"], 3),
        (["a"], 3),
    ]:
        plan = seatings(agents, players)
        assert len(set(plan)) == len(plan)
        for seat in range(players):
            counts = Counter(s[seat] for s in plan)
            assert len(set(counts.values())) == 1 and set(counts) == set(agents)
    assert len(seatings(["a", "b", "c"], 2)) == 6
    assert len(seatings(["a", "b"], 4)) == 6  # the arrangements of A B A B
    assert seatings(["solo", "other"], 1) == (("solo",), ("other",))
    with pytest.raises(ValueError, match="at least one agent"):
        seatings([], 2)


def test_tournament_rotates_seats_and_splits_shared_wins() -> None:
    t = acreage.tournament(dab.GAME, {"first": "first", "random": "random"}, 7, rules=TOY, seed=3)
    assert t.games == 8  # rounded up to whole rounds of both seatings
    assert [r.seats for r in t.results[:2]] == [("first", "random"), ("random", "first")]
    assert [r.seed for r in t.results[:4]] == ["3/0", "3/0", "3/1", "3/1"]
    for standing in t.by_agent():
        assert standing.games == 8
    by_agent = {s.name: s for s in t.by_agent()}
    assert sum(s.wins for s in t.by_seat()) == pytest.approx(t.games)  # a tie is split, never lost
    assert by_agent["first"].wins + by_agent["random"].wins == pytest.approx(t.games)
    shared = GameResult(0, "s", ("a", "b"), (2, 2), (0, 1), 10, 12, "end")
    assert shared.share(0) == shared.share(1) == 0.5
    table = t.table()
    assert "agent" in table and "seat 1" in table and "95% interval" in table
    data = json.loads(t.to_json())
    assert data["by_agent"][0]["name"] == "first" and len(data["games"]) == 8


def test_tournament_results_do_not_depend_on_the_workers() -> None:
    agents = {"greedy": "greedy", "mcts": "mcts:iterations=8,rollout_depth=0", "random": "random"}
    game = acreage.get_game("fence-em-in")
    one = acreage.tournament(game, agents, 6, seed="w", workers=1)
    two = acreage.tournament(game, agents, 6, seed="w", workers=2)
    assert one == two
    assert one.to_json() == two.to_json()


def test_tournament_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="games"):
        acreage.tournament(dab.GAME, ["random"], 0, rules=TOY)
    with pytest.raises(ValueError, match="at least one agent"):
        acreage.tournament(dab.GAME, {}, 2, rules=TOY)
    with pytest.raises(acreage.agents.AgentSpecError):
        acreage.tournament(dab.GAME, ["chess-engine"], 2, rules=TOY)


def test_balance_compares_a_house_rule() -> None:
    game = acreage.get_game("fence-em-in")
    study = acreage.balance(
        game,
        "greedy",
        6,
        rules=game.rules(players=2),
        against=game.rules(players=2, rounds=6),
        seed=1,
    )
    assert isinstance(study, BalanceStudy) and study.other is not None
    names = [d.name for d in study.differences()]
    assert names[:2] == ["seat 0 win rate", "seat 1 win rate"]
    assert "game length" in names
    length = next(d for d in study.differences() if d.name == "game length")
    assert length.b < length.a and length.significant  # six rounds are shorter than ten
    assert study.base.seatings == (("greedy", "greedy"),)
    text = study.table()
    assert "rules B" in text and "B - A" in text
    data = json.loads(study.to_json())
    assert data["other"]["rules"]["rounds"] == 6
    alone = acreage.balance(game, "random", 4, seed=1)
    assert alone.other is None and alone.differences() == ()
    assert alone.base.end_reasons()


def test_dataframes() -> None:
    pd = pytest.importorskip("pandas")
    t = acreage.tournament(dab.GAME, ["first", "random"], 4, rules=TOY, seed=1)
    summary = t.summary_frame()
    assert isinstance(summary, pd.DataFrame)
    assert list(summary["group"]) == ["agent", "agent", "seat", "seat"]
    assert {"win_rate", "low", "high", "mean_score", "score_sd", "mean_length"} <= set(summary)
    games = t.games_frame()
    assert len(games) == 8 and games["win"].sum() == pytest.approx(4)


def test_tournament_is_plain_data() -> None:
    t = acreage.tournament(dab.GAME, ["random"], 2, rules=TOY, seed=1)
    assert isinstance(t, Tournament)
    again = acreage.tournament(dab.GAME, ["random"], 2, rules=TOY, seed=1)
    assert t == again and t.seconds >= 0

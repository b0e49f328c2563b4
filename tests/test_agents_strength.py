"""The agents play well: seeded matches against random play, with small budgets.

Each 2-player match rotates the seats (a tournament), so no seat's advantage
counts for either side. The seeds are fixed, so these are exact results, not
samples that may fail by chance; the margins leave room for the engines to
change a little.
"""

from __future__ import annotations

import pytest

import acreage

TWO_PLAYER = [
    pytest.param("fence-em-in", "mcts:iterations=30,rollout_depth=0", id="fei"),
    pytest.param("get-off-my-land", "mcts:iterations=30,rollout_depth=0", id="goml"),
    pytest.param("fields-of-green", "mcts:iterations=20,rollout_depth=0", id="fog"),
    pytest.param("crazy-farmers", "mcts:iterations=20,rollout_depth=0", id="cf"),
]


@pytest.mark.parametrize(("name", "mcts"), TWO_PLAYER)
def test_mcts_beats_random(name: str, mcts: str) -> None:
    game = acreage.get_game(name)
    result = acreage.tournament(
        game, {"mcts": mcts, "random": "random"}, 10, rules=game.rules(players=2), seed="strength"
    )
    agent = result.by_agent()[0]
    assert agent.games == 10
    assert agent.win_rate >= 0.8, result.table()


@pytest.mark.parametrize(
    "name", ["fence-em-in", "get-off-my-land", "fields-of-green", "crazy-farmers"]
)
def test_greedy_beats_random(name: str) -> None:
    game = acreage.get_game(name)
    result = acreage.tournament(
        game,
        {"greedy": "greedy", "random": "random"},
        10,
        rules=game.rules(players=2),
        seed="strength",
    )
    assert result.by_agent()[0].win_rate > 0.5, result.table()


def test_mcts_wins_against_the_mad_cow_more_often_than_random_play() -> None:
    game = acreage.get_game("crazy-farmers")
    result = acreage.tournament(
        game,
        {"mcts": "mcts:iterations=40,rollout_depth=0", "random": "random"},
        40,
        rules=game.rules(players=1, mode="mad-cow"),
        seed="strength",
    )
    mcts, random_play = result.by_agent()
    assert mcts.games == random_play.games == 20
    assert mcts.wins >= 3 and mcts.wins > random_play.wins, result.table()

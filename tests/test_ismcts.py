"""ISMCTS never reads what its seat cannot see.

Two states the seat to move cannot tell apart (equal under ``observe``,
different hidden cards) must get the same search, hence the same move, for
the same seed. ISMCTS touches the real state only through ``observe``,
``resample`` and public facts, so this holds exactly when ``resample`` deals
its world from the view alone: the first test checks that of each game,
the second the agent itself.

So every game's ``resample`` puts the unseen cards in an order that depends on
the view alone (sorted) before shuffling them: shuffling them in the order
they lie in the hidden hands would deal different worlds, with the same seed,
from states the seat cannot tell apart.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import acreage
import dots_and_boxes as dab
from acreage.agents import ISMCTSAgent
from acreage.core.chance import sample

SETUPS = [
    pytest.param("get-off-my-land", {"players": 2}, id="goml-2"),
    pytest.param("fields-of-green", {"players": 3}, id="fog-3"),
    pytest.param("crazy-farmers", {"players": 2}, id="cf-2"),
    pytest.param("crazy-farmers", {"players": 3}, id="cf-3"),
    pytest.param("dots-and-boxes", {"players": 3, "width": 3, "height": 2}, id="toy-3"),
]


def twins(name: str, data: dict[str, Any], count: int = 4) -> list[tuple[Any, Any, int]]:
    """Decision states of a seeded random game, each with a twin the seat to move cannot
    tell from it (hidden cards redealt) and the same legal moves."""
    game = acreage.get_game(name)
    rng = random.Random(f"twins:{name}")
    state = game.new_game(game.rules(data))
    found: list[tuple[Any, Any, int]] = []
    step = 0
    while state.to_move is not None and len(found) < count:
        who = state.to_move
        if who is acreage.CHANCE:
            state = game.apply_move(state, sample(game.chance_outcomes(state), rng))
            continue
        moves = game.legal_moves(state)
        step += 1
        if len(moves) > 1 and step % 7 == 0:
            for j in range(5):
                twin = game.resample(state, who, random.Random(j))
                if twin != state and game.legal_moves(twin) == moves:
                    assert game.observe(twin, who) == game.observe(state, who)
                    found.append((state, twin, who))
                    break
        state = game.apply_move(state, moves[rng.randrange(len(moves))])
    assert found, f"{name}: no state with hidden cards to redeal"
    return found


@pytest.mark.parametrize(("name", "data"), SETUPS)
def test_resample_deals_from_the_view(name: str, data: dict[str, Any]) -> None:
    game = acreage.get_game(name)
    pairs = twins(name, data)
    differ = [
        seat
        for state, twin, seat in pairs
        for k in range(3)
        if game.resample(state, seat, random.Random(k))
        != game.resample(twin, seat, random.Random(k))
    ]
    assert not differ


@pytest.mark.parametrize(("name", "data"), SETUPS)
def test_ismcts_does_not_peek(name: str, data: dict[str, Any]) -> None:
    game = acreage.get_game(name)
    evaluate = None if game.evaluate is not None else (lambda s, seat: 0.5)
    differ = []
    for state, twin, _ in twins(name, data, count=3):
        moves = game.legal_moves(state)
        agent = ISMCTSAgent(game, iterations=40, rollout_depth=3, evaluate=evaluate)
        a = agent.statistics(state, moves, random.Random(5))
        b = agent.statistics(twin, moves, random.Random(5))
        if a != b or agent(state, moves, random.Random(5)) != agent(twin, moves, random.Random(5)):
            differ.append(state)
    assert not differ


def test_ismcts_plays_and_beats_random_in_the_toy() -> None:
    result = acreage.tournament(
        dab.GAME,
        {"ismcts": ISMCTSAgent(iterations=40, rollout_depth=None), "random": acreage.RandomAgent()},
        8,
        rules=dab.Rules(width=3, height=2),
        seed="toy",
    )
    ismcts = result.by_agent()[0]
    assert ismcts.win_rate > 0.5

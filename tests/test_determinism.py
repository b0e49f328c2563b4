"""Same rules and seed give the same games under any PYTHONHASHSEED, for every game and mode.

Each game's setups (every player count and mode) are simulated in fresh
processes under several hash seeds; the JSON records, the final scores and
the stable :meth:`acreage.Game.digest` of every final state must be
byte-identical. ``hash(state)`` is per process (see docs/contract.md) and is
deliberately not compared.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import acreage

ROOT = Path(__file__).parents[1]

SCRIPT = """
import sys
sys.path[:0] = [{tests!r}, {tools!r}]
import acreage, dots_and_boxes
from setups import SETUPS
acreage.register(dots_and_boxes.GAME, replace=True)
game = acreage.get_game({name!r})
setups = SETUPS.get({name!r}, ({{}},))
for options in setups:
    sim = acreage.simulate(
        game, 3, rules=game.rules(**options), seed="det", progress=False, keep="records"
    )
    for record in sim.records:
        final = acreage.replay(record, game)[-1]
        print(record.to_json())
        print(game.digest(final), game.digest(game.new_game(game.rules(**options))))
"""


@pytest.mark.parametrize("name", sorted(acreage.games()))
def test_same_games_and_digests_under_any_hash_seed(name: str) -> None:
    script = SCRIPT.format(tests=str(ROOT / "tests"), tools=str(ROOT / "tools"), name=name)
    outputs = []
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True
        )
        outputs.append(done.stdout)
    assert outputs[0].count("\n") >= 6, "no game was played"
    assert outputs[0] == outputs[1] == outputs[2]


def test_digest_is_stable_text_and_tells_states_apart() -> None:
    game = acreage.get_game("fence-em-in")
    state = game.new_game(game.rules(players=2))
    after = game.apply_move(state, game.legal_moves(state)[0])
    assert len(game.digest(state)) == 32
    assert game.digest(state) == game.digest(game.new_game(game.rules(players=2)))
    assert game.digest(state) != game.digest(after)
    assert game.digest(state) != game.digest(game.new_game(game.rules(players=3)))

"""Same rules and seed give the same game on any PYTHONHASHSEED, for every game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import acreage

SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
import acreage, dots_and_boxes
acreage.register(dots_and_boxes.GAME, replace=True)
game = acreage.get_game({name!r})
for players in range(2, 5):
    try:
        rules = game.rules(players=players)
    except acreage.RulesError:
        continue
    print(acreage.play(game, rules, seed=5).record.to_json())
"""


@pytest.mark.parametrize("name", sorted(acreage.games()))
def test_same_game_under_any_hash_seed(name: str) -> None:
    tests = str(Path(__file__).parent)
    outputs = []
    for hash_seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT.format(tests=tests, name=name)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        outputs.append(done.stdout)
    assert outputs[0].strip(), "no game was played"
    assert outputs[0] == outputs[1] == outputs[2]

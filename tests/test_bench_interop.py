"""benchmarks/bench_interop.py runs and says what it measures (its figures are not asserted:
speed is measured in benchmarks, never in tests)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import acreage

sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
import bench_interop


def test_every_side_is_printed_and_the_verdict_matches_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = bench_interop.main(0.05, ["dots-and-boxes"])
    out = capsys.readouterr().out
    ratio = float(re.search(r"PettingZoo: .* ([0-9.]+)x raw", out).group(1))  # type: ignore[union-attr]
    left, without = map(
        float,
        re.search(r"leaves it ([0-9.]+) us \(a step without it: ([0-9.]+) us", out).groups(),  # type: ignore[union-attr]
    )
    raw = float(re.search(r"raw engine: +([0-9,]+) decisions/s", out).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert left == pytest.approx(1e6 / raw / bench_interop.TARGET - without, abs=0.11)
    for side in ("OpenSpiel random:", "OpenSpiel MCTSBot:"):
        assert side in out
    met = ratio >= bench_interop.TARGET
    assert code == (0 if met else 1)
    assert out.rstrip().endswith("met" if met else "NOT met")


@pytest.mark.parametrize("name", sorted(acreage.games()))
def test_the_free_observation_side_shows_each_seat_its_first_observation(name: str) -> None:
    game = acreage.get_game(name)
    side = bench_interop._PettingZoo(game, game.rules(), bench_interop.random.Random(0))
    e = side.env
    e.reset(seed=0)
    first = {agent: e.observe(agent)["observation"].copy() for agent in e.possible_agents}
    side.free_observation()
    e.reset(seed=1)
    for _ in range(12):
        agent = e.agent_selection
        seen = e.observe(agent)
        assert (seen["observation"] == first[agent]).all()
        # The mask is the real one: only the free side's packing is replaced.
        assert sorted(seen["action_mask"].nonzero()[0]) == sorted(e.legal_actions())
        e.step(e.legal_actions()[0])
    # The encoding shared by every other environment of these Rules is untouched.
    shared = game.encoding_of(game.rules())
    state = e.game_state
    assert shared.seat_observation_bytes(state, 0) == shared.observation_bytes(
        game.observe(state, 0)
    )
    assert shared.seat_observation_bytes(state, 0) != e.encoding.seat_observation_bytes(state, 0)
    # ... and so is every other environment of these Rules (an encoding may copy as itself).
    other = bench_interop._PettingZoo(game, game.rules(), bench_interop.random.Random(0)).env
    other.reset(seed=1)
    for _ in range(12):
        other.step(other.legal_actions()[0])
    assert other.observe(other.agent_selection)["observation"].tolist() == list(
        shared.observation(game.observe(other.game_state, other._seats[other.agent_selection]))
    )

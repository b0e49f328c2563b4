"""A short soak in every `make test`: a few hundred random playouts per game through
``acreage.testing.soak``'s invariants (``make soak`` runs 10,000 per setup)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import acreage
from acreage.testing import soak

sys.path.insert(0, str(Path(__file__).parents[1] / "tools"))
from setups import SETUPS, label

PER_GAME = 240
"""Playouts per game, shared out over its setups."""

CASES = [
    pytest.param(name, options, id=f"{name}-{label(options).replace(' ', '-')}")
    for name, setups in sorted(SETUPS.items())
    for options in setups
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_soak(name: str, options: dict[str, object]) -> None:
    game = acreage.get_game(name)
    playouts = max(20, PER_GAME // len(SETUPS[name]))
    report = soak(game, game.rules(**options), playouts=playouts, seed="make-test")
    assert report.failures == ()
    assert report.games == playouts
    assert report.decisions > 0


def test_soak_reports_a_broken_game_with_a_replayable_record() -> None:
    """A game whose winners break the contract is caught, and the record replays."""
    import attrs

    import dots_and_boxes

    broken = attrs.evolve(
        dots_and_boxes.GAME, winners=lambda s: (0,) if s.to_move is None else (1,)
    )
    report = soak(broken, playouts=3, seed=1)
    assert report.games == 0
    assert len(report.failures) == 3
    seed, message, record = report.failures[0]
    assert seed == "1/0"
    assert "winners (1,) before the end" in message
    replayed = acreage.replay(acreage.GameRecord.from_json(record), dots_and_boxes.GAME)
    assert len(replayed) == 1  # it failed at the first state


def test_the_soak_tool_runs_one_setup_and_refuses_unknown_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import soak as tool

    args = ["crazy-farmers", "--setup", "players=1 mode=mad-cow", "--playouts", "3"]
    assert tool.main([*args, "--workers", "1", "--out", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:3] for line in lines[1:]] == [
        ["crazy-farmers", "players=1", "mode=mad-cow"],
        ["total", "3", lines[-1].split()[2]],
    ]
    for bad, says in (
        (["--setup", "players=9"], "no setup labelled players=9"),
        (["no-such-game"], "unknown game(s): no-such-game"),
    ):
        with pytest.raises(SystemExit) as stop:
            tool.main(bad)
        assert stop.value.code == 2
        assert says in capsys.readouterr().err

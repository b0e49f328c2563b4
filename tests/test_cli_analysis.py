"""The tournament and balance commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from acreage.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_tournament(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    results = tmp_path / "t.json"
    code, out, err = run(
        capsys,
        "tournament",
        "dots-and-boxes",
        "--agents",
        "random,first,mcts:iterations=10,rollout_depth=null",
        "--games",
        "6",
        "--seed",
        "4",
        "--workers",
        "2",
        "--json",
        str(results),
    )
    assert code == 0, err
    assert "mcts:iterations=10,rollout_depth=null" in out and "95% interval" in out
    data = json.loads(results.read_text())
    assert len(data["games"]) == 6 and len(data["seatings"]) == 6
    assert [a["name"] for a in data["by_agent"]] == [
        "random",
        "first",
        "mcts:iterations=10,rollout_depth=null",
    ]


def test_balance_with_a_house_rule_and_a_chart(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "b.svg"
    code, out, err = run(
        capsys,
        "balance",
        "fence-em-in",
        "--agent",
        "random",
        "--games",
        "4",
        "--against-rule",
        "rounds=4",
        "--chart",
        str(chart),
    )
    assert code == 0, err
    assert "rules B" in out and "game length" in out and "ended by" in out
    assert "<svg" in chart.read_text()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["tournament", "fence-em-in", "--agents", "random,alphazero"],
            "no agent kind 'alphazero'",
        ),
        (["tournament", "fence-em-in", "--agents", ","], "--agents names no agent"),
        (["tournament", "fence-em-in", "--agents", "greedy,random,greedy"], "greedy twice"),
        (["tournament", "fence-em-in", "--agents", "mcts:iterations=0"], "iterations must be"),
        (["tournament", "fence-em-in", "--agents", "random", "--games", "0"], "not at least 1"),
        (["tournament", "nope", "--agents", "random"], "no game named 'nope'"),
        (["balance", "fence-em-in", "--agent", "mcts:depth=3"], "no option 'depth'"),
        (["balance", "fence-em-in", "--against-rule", "rounds=900"], "rounds: expected 1 to 50"),
        (["balance", "fence-em-in", "--chart", "out.pdf"], ".svg or .png"),
        (["balance", "fence-em-in", "--json", "/nonexistent/dir/x.json"], "cannot write"),
    ],
)
def test_usage_errors_are_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
    assert not out


def test_a_chart_without_matplotlib_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = run(
        capsys, "balance", "fence-em-in", "--games", "1", "--chart", str(tmp_path / "c.png")
    )
    assert code == 2 and "pip install acreage[plot]" in err and not out
    assert not list(tmp_path.iterdir())  # nothing played, nothing written

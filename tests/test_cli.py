from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from acreage.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_the_registered_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and "dots-and-boxes" in out


def test_play_show_and_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "game.json"
    code, out, _ = run(
        capsys,
        "play",
        "dots-and-boxes",
        "--players",
        "3",
        "--seed",
        "1",
        "--show",
        "--out",
        str(out_file),
    )
    assert code == 0
    assert ">>> player 0: draw" in out and ">>> chance: deal" in out and "+--+" in out
    assert "winners" in out
    record = json.loads(out_file.read_text())
    assert record["rules"] == {"players": 3}
    code, out, _ = run(capsys, "replay", str(out_file))
    assert code == 0 and "ended" in out


def test_rules_fields_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "game.json"
    code, _, _ = run(
        capsys,
        "play",
        "dots-and-boxes",
        "--rule",
        "width=3",
        "--rule",
        "secret_boxes=false",
        "--out",
        str(out_file),
    )
    assert code == 0
    assert json.loads(out_file.read_text())["rules"] == {
        "players": 2,
        "width": 3,
        "secret_boxes": False,
    }
    code, _, err = run(capsys, "play", "dots-and-boxes", "--rule", "width=wide")
    assert code == 2
    assert "width: expected an integer, got 'wide'" in err
    code, _, err = run(capsys, "play", "dots-and-boxes", "--rule", "width")
    assert code == 2
    assert "is not KEY=VALUE" in err


def test_simulate_writes_json_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "games.jsonl"
    code, out, _ = run(
        capsys, "simulate", "dots-and-boxes", "--games", "5", "--seed", "2", "--out", str(out_file)
    )
    assert code == 0
    assert "5 games" in out and "win %" in out and "mean decisions per game" in out
    lines = out_file.read_text().splitlines()
    assert len(lines) == 5
    code, out, _ = run(capsys, "replay", str(out_file))
    assert code == 0 and out.count("ended") == 5


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "required"),
        (["dance"], "invalid choice"),
        (["play", "go"], "no game named 'go'"),
        (["play", "dots-and-boxes", "--players", "0"], "is not at least 1"),
        (["play", "dots-and-boxes", "--players", "x"], "not a whole number"),
        (["play", "dots-and-boxes", "--players", "9"], "players: expected 2 to 4"),
        (["simulate", "dots-and-boxes"], "required: --games"),
        (["replay", "/no/such/file.json"], "cannot read"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_bad_record_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "dots-and-boxes", "moves": ["deal 9,9"]}')
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "move 1 'deal 9,9'" in err
    bad.write_text("{oops")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 2 and "not valid JSON" in err


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "acreage.cli", "play", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().startswith("acreage: no game named 'nope'")

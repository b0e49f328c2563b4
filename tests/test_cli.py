from __future__ import annotations

import concurrent.futures.process
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import acreage.cli
import acreage.core.record
from acreage import GameError
from acreage.cli import EXIT_STATUS, main
from bad_records import BAD_RECORDS, MESSAGES

DOCS = Path(__file__).resolve().parents[1] / "docs" / "cli.md"


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
        (["play", "dots-and-boxes", "--players", "9" * 5000], "is too large"),
        (["play", "dots-and-boxes", "--rule", "widht=3"], "did you mean 'width'"),
        (["play", "dots-and-boxes", "--rule", "width=" + "9" * 5000], "5000 digits is far too"),
        (["play", "dots-and-boxes", "--rule", "width=" + "[" * 5000], "nested too deeply"),
        (["simulate", "dots-and-boxes"], "required: --games"),
        (
            ["simulate", "dots-and-boxes", "--games", "1000000001"],
            "1000000001 is more than 1000000000",
        ),
        (["simulate", "dots-and-boxes", "--games", "2", "--workers", "0"], "0 is not at least 1"),
        (["simulate", "dots-and-boxes", "--games", "2", "--workers", "257"], "is more than 256"),
        (["simulate", "dots-and-boxes", "--games", "2", "--workers", "9" * 30], "too large"),
        (["simulate", "dots-and-boxes", "--games", "2", "--workers", "-" + "9" * 30], "too small"),
        (["play", "dots-and-boxes", "--out", "/no/such/dir/game.json"], "cannot write"),
        (["play", "dots-and-boxes", "--out", "/"], "cannot write /: Is a directory"),
        (["replay", "/no/such/file.json"], "cannot read /no/such/file.json: No such file"),
        (["replay", "/"], "cannot read /: Is a directory"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and len(err) < 600


RECORD = '{"game": "dots-and-boxes", "moves": ["deal 0,0"]}'


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_a_bad_record_file_exits_1_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(BAD_RECORDS[case])
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1
    assert err.startswith(f"acreage: {tmp_path}/{MESSAGES[case]}")
    assert len(err.splitlines()) == 1 and len(err) < 600


def test_a_record_line_longer_than_a_record_may_be(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(acreage.cli, "RECORD_TEXT_LIMIT", 100)
    monkeypatch.setattr(acreage.core.record, "RECORD_TEXT_LIMIT", 100)
    long = tmp_path / "long.jsonl"
    long.write_text(RECORD + "\n" + json.dumps({"game": "x", "moves": ["done"] * 50}) + "\n")
    code, out, err = run(capsys, "replay", str(long))
    assert code == 1 and out.count("ended") + out.count("unfinished") == 1
    assert "long.jsonl line 2: 101 characters are longer than a record may be" in err


def test_an_indented_record_and_json_lines_both_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = json.loads(RECORD)
    indented = tmp_path / "one.json"
    indented.write_text("\n" + json.dumps(record, indent=2) + "\n")
    code, out, _ = run(capsys, "replay", str(indented))
    assert code == 0 and out.startswith("game 1: dots-and-boxes, 1 moves, unfinished")
    indented.write_text(json.dumps(record, indent=2) + "\n{}")
    code, _, err = run(capsys, "replay", str(indented))
    assert code == 1 and "one.json: not valid JSON: Extra data at line 7 column 1" in err
    lines = tmp_path / "many.jsonl"
    lines.write_text(f"{RECORD}\n\n{RECORD}\n")
    code, out, _ = run(capsys, "replay", str(lines))
    assert code == 0 and out.count("unfinished") == 2


def test_exit_status_is_documented_in_one_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert acreage.cli.__doc__ is not None and EXIT_STATUS in acreage.cli.__doc__
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    assert EXIT_STATUS in capsys.readouterr().out
    assert EXIT_STATUS in DOCS.read_text(encoding="utf-8")


def _fail_with(error: BaseException) -> Any:
    def fail(*args: object, **kwargs: object) -> Any:
        raise error

    return fail


@pytest.mark.parametrize(
    ("error", "code", "message"),
    [
        (KeyboardInterrupt(), 130, "acreage: interrupted"),
        (GameError("fence-em-in: no end after 9 moves"), 1, "acreage: fence-em-in: no end after"),
        (MemoryError(), 1, "acreage: out of memory"),
        (RecursionError(), 1, "acreage: input nested too deeply"),
        (concurrent.futures.process.BrokenProcessPool(), 1, "acreage: a worker process ended"),
        (GameError("two\nlines"), 1, "acreage: two"),
    ],
)
def test_errors_during_a_run_leave_no_output(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    error: BaseException,
    code: int,
    message: str,
) -> None:
    monkeypatch.setattr(acreage.cli, "simulate", _fail_with(error))
    out_file = tmp_path / "games.jsonl"
    got, _, err = run(capsys, "simulate", "dots-and-boxes", "--games", "3", "--out", str(out_file))
    assert got == code
    assert err.startswith(message) and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # neither the file nor its temporary


def test_output_replaces_a_file_whole_or_not_at_all(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out_file = tmp_path / "games.jsonl"
    out_file.write_text("old\n")
    out_file.chmod(0o640)
    code, _, _ = run(capsys, "simulate", "dots-and-boxes", "--games", "3", "--out", str(out_file))
    assert code == 0 and len(out_file.read_text().splitlines()) == 3
    assert stat.S_IMODE(out_file.stat().st_mode) == 0o640
    monkeypatch.setattr(acreage.cli, "simulate", _fail_with(KeyboardInterrupt()))
    code, _, _ = run(capsys, "simulate", "dots-and-boxes", "--games", "3", "--out", str(out_file))
    assert code == 130 and len(out_file.read_text().splitlines()) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["games.jsonl"]


def test_a_new_output_file_gets_the_usual_permissions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    umask = os.umask(0o022)
    try:
        code, _, _ = run(capsys, "play", "dots-and-boxes", "--out", str(tmp_path / "g.json"))
    finally:
        os.umask(umask)
    assert code == 0 and stat.S_IMODE((tmp_path / "g.json").stat().st_mode) == 0o644
    assert (tmp_path / "g.json").read_text().startswith("{\n")


def test_output_to_a_device(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "simulate", "dots-and-boxes", "--games", "2", "--out", os.devnull)
    assert code == 0
    if Path("/dev/full").exists():
        code, out, err = run(
            capsys, "simulate", "dots-and-boxes", "--games", "2", "--out", "/dev/full"
        )
        assert code == 1 and out == ""
        assert err == "acreage: cannot write /dev/full: No space left on device\n"


def test_console_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "acreage.cli", "play", "nope"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().startswith("acreage: no game named 'nope'")

"""Starting games from positions: ``play(start=)``, ``play_human(start=)``,
``load_position``, ``acreage replay --position`` and ``acreage play --from``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from acreage import GameError, fence_em_in, get_game
from acreage.agents import FirstMoveAgent
from acreage.cli import main
from acreage.core.position import PositionError, load_position
from acreage.core.record import GameRecord, replay
from acreage.human import play_human
from acreage.play import play, start_state

FEI = fence_em_in.GAME
RULES = fence_em_in.Rules(players=2)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _midgame(moves: int = 25) -> fence_em_in.State:
    return replay(play(FEI, RULES, seed=11).record)[moves]


def test_play_from_a_state_and_from_its_position_data_alike() -> None:
    middle = _midgame()
    from_state = play(FEI, RULES, seed=5, start=middle)
    from_data = play(FEI, RULES, seed=5, start=FEI.to_position(middle))
    assert from_state.record == from_data.record
    assert from_state.record.start == FEI.to_position(middle)
    states = replay(GameRecord.from_json(from_state.record.to_json()))
    assert states[0] == middle and states[-1] == from_state.state
    # Played from the middle, not from the start: fewer moves than the whole game.
    assert from_state.moves < play(FEI, RULES, seed=5).moves


def test_a_start_that_cannot_exist_is_refused_before_play() -> None:
    data = dict(FEI.to_position(_midgame()), to_move=7)
    with pytest.raises(PositionError, match="to_move"):
        play(FEI, RULES, start=data)
    dots = get_game("dots-and-boxes")
    assert dots.from_position is None
    with pytest.raises(GameError, match="dots-and-boxes has no positions"):
        start_state(dots, dots.rules_type(), {"round": 1})


def test_load_position_reads_json_and_text_and_refuses_neither() -> None:
    middle = _midgame()
    assert load_position(FEI, RULES, json.dumps(FEI.to_position(middle))) == middle
    assert load_position(FEI, RULES, FEI.position_text(middle)) == middle
    assert load_position(FEI, RULES, b"\xef\xbb\xbf" + FEI.position_text(middle).encode()) == middle
    for text, message in [
        ('{"round": ', "not valid JSON"),
        ('{"round": NaN}', "not strict JSON"),
        ("[" * 100_000, "header"),
        (b"\xff\xfe", "not UTF-8"),
        ("x" * 200_000, "longer than any position"),
        ('{"game": "fence-em-in", "format": 1}', "missing"),
    ]:
        with pytest.raises(PositionError, match=message):
            load_position(FEI, RULES, text)
    with pytest.raises(PositionError, match="nested too deeply"):
        load_position(FEI, RULES, '{"a": ' * 5000 + "1" + "}" * 5000)


def test_a_person_plays_on_from_a_position(monkeypatch: pytest.MonkeyPatch) -> None:
    middle = _midgame()
    lines = iter(["1"] * 500)
    result = play_human(
        FEI,
        RULES,
        humans=[0],
        agents={1: FirstMoveAgent()},
        seed=2,
        read=lambda prompt: next(lines),
        write=lambda text: None,
        start=middle,
    )
    assert result.record.start == FEI.to_position(middle)
    assert replay(result.record)[-1] == result.state and FEI.is_terminal(result.state)


def test_replay_writes_the_position_and_play_starts_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    assert run(capsys, "play", "fence-em-in", "--seed", "11", "--out", str(game))[0] == 0
    record = GameRecord.from_json(game.read_text())
    data, text = tmp_path / "p.json", tmp_path / "p.txt"
    code, out, _ = run(capsys, "replay", str(game), "--to", "25", "--position", str(data))
    assert code == 0 and f"wrote the position to {data}" in out
    assert run(capsys, "replay", str(game), "--to", "25", "--position", str(text))[0] == 0
    middle = replay(record)[25]
    assert json.loads(data.read_text()) == FEI.to_position(middle)
    assert text.read_text() == FEI.position_text(middle) + "\n"
    for source in (data, text):
        out_file = tmp_path / f"from-{source.suffix[1:]}.json"
        code, out, _ = run(
            capsys,
            "play",
            "fence-em-in",
            "--from",
            str(source),
            "--seed",
            "5",
            "--out",
            str(out_file),
        )
        assert code == 0 and "winners" in out
        again = GameRecord.from_json(out_file.read_text())
        assert again.start == FEI.to_position(middle)
        assert again == play(FEI, RULES, seed=5, start=middle).record
    # Without --to: the end of the game, where nobody is to move.
    assert run(capsys, "replay", str(game), "--position", str(data))[0] == 0
    assert FEI.is_terminal(load_position(FEI, RULES, data.read_text()))


def test_play_on_from_the_end_of_a_record_under_its_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = tmp_path / "game.json"
    record = play(FEI, fence_em_in.Rules(players=3), seed=4).record
    cut = GameRecord(record.game, record.rules, record.moves[:40], record.metadata)
    game.write_text(cut.to_json())
    out_file = tmp_path / "on.json"
    code, out, _ = run(capsys, "play", "fence-em-in", "--from", str(game), "--out", str(out_file))
    assert code == 0 and "winners" in out
    on = GameRecord.from_json(out_file.read_text())
    assert on.rules == {**record.rules} and on.start == FEI.to_position(replay(cut)[-1])


def test_a_person_at_the_terminal_starts_from_a_position(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source = tmp_path / "p.txt"
    source.write_text(FEI.position_text(_midgame()))
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 500))
    out_file = tmp_path / "game.json"
    argv = ["play", "fence-em-in", "--from", str(source), "--human", "0", "--seed", "1"]
    code = main([*argv, "--out", str(out_file)])
    out = capsys.readouterr().out
    assert code == 0 and "game over" in out
    assert GameRecord.from_json(out_file.read_text()).start == FEI.to_position(_midgame())


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["play", "fence-em-in", "--from", "{tmp}/missing.json"], 2, "cannot read"),
        (["play", "dots-and-boxes", "--from", "{tmp}/p.json"], 2, "has no positions"),
        (["play", "fence-em-in", "--from", "{tmp}/p.json", "--players", "3"], 1, "3-player"),
        (["play", "fence-em-in", "--from", "{tmp}/bad.json"], 1, "bad.json: phase: missing"),
        (["play", "fence-em-in", "--from", "{tmp}/bad.txt"], 1, "line 1, column 1"),
        (["play", "fence-em-in", "--from", "{tmp}/game.json", "--players", "2"], 2, "own rules"),
        (["play", "fields-of-green", "--from", "{tmp}/game.json"], 2, "records fence-em-in"),
        (["replay", "{tmp}/two.jsonl", "--position", "{tmp}/out.json"], 2, "more than one"),
        (["replay", "{tmp}/dots.json", "--position", "{tmp}/out.json"], 2, "has no positions"),
    ],
)
def test_bad_starts_and_positions_say_what_is_wrong(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], code: int, message: str
) -> None:
    record = play(FEI, RULES, seed=1).record
    (tmp_path / "p.json").write_text(json.dumps(FEI.to_position(_midgame())))
    (tmp_path / "bad.json").write_text('{"round": 1}')
    (tmp_path / "bad.txt").write_text("a farm\n")
    (tmp_path / "game.json").write_text(record.to_json())
    (tmp_path / "two.jsonl").write_text(record.to_json() + "\n" + record.to_json() + "\n")
    (tmp_path / "dots.json").write_text(play("dots-and-boxes", seed=1).record.to_json())
    got, out, err = run(capsys, *(a.format(tmp=tmp_path) for a in argv))
    assert got == code, err
    assert message in err and len(err.splitlines()) == 1
    assert not (tmp_path / "out.json").exists()

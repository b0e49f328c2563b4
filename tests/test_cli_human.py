"""``acreage play GAME --human 0``: a person plays from the terminal, here from a script."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from acreage import CHANCE, Game, MoveSyntaxError, get_game
from acreage.agents import FirstMoveAgent, GreedyAgent, ISMCTSAgent, MCTSAgent, RandomAgent
from acreage.cli import main
from acreage.core.chance import sample
from acreage.core.record import GameRecord, replay
from acreage.fields_of_green.state import PickCard, question
from acreage.human import COMMANDS, LIST_LIMIT, hint_agent, play_human
from acreage.play import play

ROOT = Path(__file__).resolve().parents[1]
SHORT_FEI = ("fence-em-in", "--rule", "rounds=1")
"""A whole game of Fence Em In in a few dozen moves."""


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lines: list[str],
    *argv: str,
) -> tuple[int, str, str]:
    """``acreage ARGV`` in this process, reading ``lines`` as typed at the prompt."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def record_in(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text())


def human_moves(record: GameRecord, seat: int = 0) -> list[tuple[Any, str]]:
    """(state, move text) of each decision of ``seat`` in the recorded game."""
    states = replay(record)
    game = get_game(record.game)
    return [
        (state, text)
        for state, text in zip(states, record.moves, strict=False)
        if game.to_move(state) == seat
    ]


def dots_first_decision() -> tuple[Game[Any, Any, Any], Any]:
    """Dots and boxes (a test game with a secret box each) at seat 0's first decision."""
    game = get_game("dots-and-boxes")
    state = game.new_game(game.rules_type())
    while game.to_move(state) is CHANCE:
        state = game.apply_move(state, game.legal_moves(state)[0])
    return game, state


# -- whole games ---------------------------------------------------------------------


def test_a_scripted_person_plays_a_whole_game_in_a_subprocess(tmp_path: Path) -> None:
    out_file = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "acreage.cli",
            "play",
            *SHORT_FEI,
            "--human",
            "0",
            "--seed",
            "3",
            "--agents",
            "greedy",
            "--out",
            str(out_file),
        ],
        input="1\n" * 300,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert out.startswith("seed 3 ")
    assert "player 0: you, player 1: GreedyAgent" in out
    assert re.search(r"game over after \d+ moves: scores \d+ \d+; winners", out)
    # Each line typed is echoed after its prompt, so the output reads as a session.
    assert "player 0> 1\nplayer 0 (you): " in out
    record = record_in(out_file)
    game = get_game("fence-em-in")
    assert game.is_terminal(replay(record)[-1])
    assert record.metadata["seed"] == 3 and list(record.metadata["humans"]) == [0]
    # Typing 1 plays the first listed move at every decision of seat 0.
    decisions = human_moves(record)
    assert len(decisions) >= 4
    for state, text in decisions:
        assert text == str(game.legal_moves(state)[0])


def test_a_whole_game_in_process_with_undo_replays_exactly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    plain, undone = tmp_path / "plain.json", tmp_path / "undone.json"
    args = ("play", *SHORT_FEI, "--human", "0", "--seed", "11", "--agents", "greedy")
    code, out, _ = run(capsys, monkeypatch, ["1"] * 300, *args, "--out", str(plain))
    assert code == 0 and "game over after" in out
    # The same moves with two detours taken back: the same game, chance and agents
    # included (undo cannot re-roll the dice).
    script = ["2", "undo", "1", "2", "2", "undo", "undo"] + ["1"] * 300
    code, out, _ = run(capsys, monkeypatch, script, *args, "--out", str(undone))
    assert code == 0 and out.count("took back") == 3
    assert record_in(plain).moves == record_in(undone).moves


def test_the_same_seed_and_moves_give_the_same_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ("play", *SHORT_FEI, "--human", "1", "--seed", "x", "--agents", "mcts:iterations=20")
    first = run(capsys, monkeypatch, ["1"] * 300, *args)
    again = run(capsys, monkeypatch, ["1"] * 300, *args)
    assert first[0] == 0 and first == again
    other = run(capsys, monkeypatch, ["1"] * 300, *args[:-3], "y", *args[-2:])
    assert other[1] != first[1]


def test_without_a_seed_a_fresh_one_is_printed_and_replays_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seeds = set()
    for _ in range(2):
        code, out, _ = run(capsys, monkeypatch, ["1"] * 300, "play", *SHORT_FEI, "--human", "0")
        assert code == 0
        seeds.add(int(out.split()[1]))
    assert len(seeds) == 2
    seed = seeds.pop()
    first, again = tmp_path / "a.json", tmp_path / "b.json"
    for path, extra in ((first, ["--seed", str(seed)]), (again, ["--seed", str(seed)])):
        run(capsys, monkeypatch, ["1"] * 300, "play", *SHORT_FEI, "--human", "0", *extra,
            "--out", str(path))  # fmt: skip
    assert record_in(first).moves == record_in(again).moves
    assert record_in(first).metadata["seed"] == seed


def test_the_solo_mad_cow_game_needs_no_agent(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every seat is a person's: --agents has no seat to play.
    code, _, err = run(
        capsys, monkeypatch, [], "play", "crazy-farmers", "--players", "1",
        "--rule", "mode=mad-cow", "--human", "0", "--agents", "greedy",
    )  # fmt: skip
    assert code == 2 and "every seat is played by a person" in err


def test_two_people_take_turns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out_file = tmp_path / "game.json"
    code, out, _ = run(
        capsys, monkeypatch, ["1"] * 40, "play", "dots-and-boxes", "--human", "0,1",
        "--seed", "2", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0 and "game over after" in out
    assert "player 0: you, player 1: you" in out
    assert "player 0> 1" in out and "player 1> 1" in out
    record = record_in(out_file)
    for seat in (0, 1):
        for state, text in human_moves(record, seat):
            assert text == str(get_game("dots-and-boxes").legal_moves(state)[0])


# -- what a person types -------------------------------------------------------------


def first_decision(name: str, seed: int, **rules: Any) -> Any:
    """The state at seat 0's first decision of ``play --human 0 --seed SEED``."""

    def stop(prompt: str) -> str:
        raise EOFError

    game = get_game(name)
    return play_human(game, game.rules(**rules), (0,), {}, seed, read=stop, write=str).state


def test_a_unique_start_picks_the_move_and_an_ambiguous_one_lists_the_candidates(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = get_game("fence-em-in")
    state = first_decision("fence-em-in", 1, rounds=1)
    texts = [str(m) for m in game.legal_moves(state)]
    assert len(texts) > 3
    # A start that fits one move only, without being all of its text.
    unique = next(
        t[:k]
        for t in texts
        for k in range(6, len(t))
        if sum(u.startswith(t[:k]) for u in texts) == 1
    )
    chosen = next(t for t in texts if t.startswith(unique))
    out_file = tmp_path / "game.json"
    code, out, _ = run(
        capsys, monkeypatch, ["PLACE", unique.upper(), "quit"],
        "play", *SHORT_FEI, "--human", "0", "--seed", "1", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0
    listed = out.split("player 0> PLACE\n")[1].split("player 0> ")[0]
    places = [t for t in texts if t.startswith("place")]
    assert listed.startswith(f"{len(places)} moves start with 'PLACE':")
    for text in places[:LIST_LIMIT]:
        assert f"{texts.index(text) + 1} {text}" in listed
    assert f"player 0 (you): {chosen}\n" in out
    assert human_moves(record_in(out_file))[0][1] == chosen


def test_a_whole_text_in_any_case_picks_its_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game, state = dots_first_decision()
    texts = [str(m) for m in game.legal_moves(state)]
    out_file = tmp_path / "game.json"
    code, out, _ = run(
        capsys, monkeypatch, [f"  {texts[3].upper()} ", "quit"],
        "play", "dots-and-boxes", "--human", "0", "--seed", "1", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0 and f"player 0 (you): {texts[3]}\n" in out
    assert human_moves(record_in(out_file))[0][1] == texts[3]


def test_bad_entries_get_the_games_own_message_and_are_asked_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game, state = dots_first_decision()
    first = str(game.legal_moves(state)[0])
    with pytest.raises(MoveSyntaxError) as syntax:
        game.parse_move(state, "draw 9,9 N")
    out_file = tmp_path / "game.json"
    script = ["draw 9,9 N", "0", "13", "9" * 5000, "\u00b2", "x" * 1000, "xyzzy", "1", first]
    code, out, err = run(
        capsys, monkeypatch, script, "play", "dots-and-boxes", "--human", "0", "--seed", "4",
        "--agents", "first", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0 and err == ""
    assert f"player 0> draw 9,9 N\n{syntax.value}\n" in out
    assert "player 0> 0\nno move numbered 0: the moves are numbered 1 to 12\n" in out
    assert "player 0> 13\nno move numbered 13: the moves are numbered 1 to 12\n" in out
    assert "\nno move numbered 999999999...: the moves are numbered 1 to 12\n" in out
    assert "player 0> \u00b2\n'\u00b2' is not 'draw X,Y DIR' or 'deal X,Y'\n" in out
    assert "\na move text of 1000 characters is longer than any move" in out
    assert "player 0> xyzzy\n'xyzzy' is not 'draw X,Y DIR' or 'deal X,Y'\n" in out
    # The line drawn by the first move parses, but is drawn already: the rules say no.
    after_first = out.split(f"player 0 (you): {first}\n")[1]
    assert f"player 0> {first}\n{first}: that line is drawn already\n" in after_first
    # Nothing typed wrong was played.
    record = record_in(out_file)
    assert [t for _, t in human_moves(record)] == [first]


def test_hint_shows_a_move_without_playing_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game, state = dots_first_decision()
    first = str(game.legal_moves(state)[0])
    out_file = tmp_path / "game.json"
    code, out, _ = run(
        capsys, monkeypatch, ["hint", "quit"], "play", "dots-and-boxes", "--human", "0",
        "--hint", "first", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0
    assert f"player 0> hint\nhint from FirstMoveAgent(): 1 {first}\nplayer 0> quit\n" in out
    assert human_moves(record_in(out_file)) == []
    code, out, _ = run(
        capsys, monkeypatch, ["hint", "list", "quit"], "play", *SHORT_FEI, "--human", "0",
        "--hint", "mcts:iterations=30",
    )  # fmt: skip
    hinted = re.search(r"hint from MCTSAgent\(iterations=30\): (\d+) (.+)\n", out)
    assert code == 0 and hinted is not None
    # The hint is a legal move, numbered as the list numbers it.
    assert re.search(rf"(^|\s){hinted[1]} {hinted[2]}(\s|$)", out.split("player 0> list")[1])


def test_the_default_hint_never_searches_with_hidden_cards() -> None:
    assert isinstance(hint_agent(get_game("fence-em-in")), MCTSAgent)
    for name in ("fields-of-green", "get-off-my-land", "crazy-farmers", "dots-and-boxes"):
        assert isinstance(hint_agent(get_game(name)), ISMCTSAgent)


def test_undo_takes_back_the_last_decision_and_what_followed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out_file = tmp_path / "game.json"
    code, out, _ = run(
        capsys, monkeypatch, ["undo", "1", "undo", "2", "quit"], "play", "dots-and-boxes",
        "--human", "0", "--seed", "5", "--agents", "first", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0
    assert "player 0> undo\nnothing to undo: no move of yours has been made yet\n" in out
    # The person's move and the agent's reply (unless the box closed) are taken back.
    took = re.search(r"player 0> undo\ntook back (\d+) moves?\n", out)
    assert took is not None and int(took[1]) >= 1
    game, state = dots_first_decision()
    texts = [str(m) for m in game.legal_moves(state)]
    record = record_in(out_file)
    assert [t for _, t in human_moves(record)] == [texts[1]]
    # The position is shown again after the undo, with its list.
    after = out.split("took back")[1]
    assert "player 0, your move (12 legal):" in after


@pytest.mark.parametrize(
    ("lines", "ended"), [(["quit"], "quit"), (["exit"], "quit"), ([], "end of input")]
)
def test_quit_and_the_end_of_input_stop_cleanly_keeping_the_game_so_far(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    lines: list[str],
    ended: str,
) -> None:
    out_file = tmp_path / "game.json"
    code, out, err = run(
        capsys, monkeypatch, ["1", "1", *lines], "play", "dots-and-boxes", "--human", "0",
        "--seed", "6", "--out", str(out_file),
    )  # fmt: skip
    assert code == 0 and err == ""
    assert re.search(rf"stopped \({ended}\) after (\d+) moves: the game is unfinished\n$", out)
    record = record_in(out_file)
    assert len(human_moves(record)) == 2
    assert not get_game("dots-and-boxes").is_terminal(replay(record)[-1])
    code, out, _ = run(capsys, monkeypatch, [], "replay", str(out_file))
    assert code == 0 and "unfinished" in out


class _Interrupting(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_exits_130_and_leaves_no_record(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out_file = tmp_path / "game.json"
    monkeypatch.setattr(sys, "stdin", _Interrupting())
    code = main(["play", "dots-and-boxes", "--human", "0", "--out", str(out_file)])
    _, err = capsys.readouterr()
    assert code == 130 and err == "acreage: interrupted\n"
    assert not out_file.exists() and list(tmp_path.iterdir()) == []


def test_a_long_list_shows_the_first_moves_and_counts_the_rest(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, ["list", "quit"], "play", "dots-and-boxes", "--rule", "width=4",
        "--rule", "height=4", "--human", "0", "--seed", "1",
    )  # fmt: skip
    assert code == 0
    before, listed = out.split("player 0> list\n")
    assert "player 0, your move (40 legal):" in before
    assert f"  ... and {40 - LIST_LIMIT} more (draw {40 - LIST_LIMIT}): type the start" in before
    assert re.search(rf"\b{LIST_LIMIT} draw ", before) and not re.search(r"\b25 draw ", before)
    # 'list' shows every move, in columns no wider than the terminal's 80.
    for n in range(1, 41):
        assert re.search(rf"(^|\s){n} draw \d,\d [NESW]\b", listed), n
    assert max(len(line) for line in listed.splitlines()) <= 80


def test_help_names_every_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        capsys, monkeypatch, ["help", "board", "quit"], "play", "dots-and-boxes", "--human",
        "0", "--seed", "1",
    )  # fmt: skip
    assert code == 0
    shown = out.split("player 0> help\n")[1].split("player 0> board\n")[0]
    for command in COMMANDS:
        assert re.search(rf"^  {command} ", shown, re.MULTILINE), command
    assert "ISMCTSAgent(iterations=1000)" in shown
    # The examples are this decision's own moves.
    game, state = dots_first_decision()
    last = str(game.legal_moves(state)[-1])
    assert re.search(r"^  12 +the move numbered 12 in the list$", shown, re.MULTILINE)
    assert re.search(rf"^  {last} +the move itself", shown, re.MULTILINE)
    # 'board' draws the position again.
    board = out.split("player 0> board\n")[1]
    assert board.startswith("\n+  +  +\n")


@pytest.mark.parametrize(
    "name", ["fence-em-in", "crazy-farmers", "fields-of-green", "get-off-my-land"]
)
def test_no_move_is_spelt_like_a_command(name: str) -> None:
    game = get_game(name)
    rng = random.Random(1)
    state = game.new_game(game.rules_type())
    words = {*COMMANDS, "exit", "?"}
    while not game.is_terminal(state):
        moves = game.legal_moves(state)
        assert not words & {str(m).casefold() for m in moves}
        assert not any(str(m).isdigit() for m in moves)  # a number picks from the list
        outcomes = game.chance_outcomes(state)
        state = game.apply_move(state, sample(outcomes, rng) if outcomes else rng.choice(moves))


# -- what a person is shown -------------------------------------------------------------


def lines_then_eof(lines: list[str]) -> Any:
    """A ``read`` for :func:`play_human` that gives ``lines``, then ends the input."""
    left = iter(lines)

    def read(prompt: str) -> str:
        line = next(left, None)
        if line is None:
            raise EOFError
        return line

    return read


def test_a_person_sees_only_their_seats_view(capsys: pytest.CaptureFixture[str]) -> None:
    """The board is drawn from observe(state, 0) and an opponent's secret box is never named."""
    dots = get_game("dots-and-boxes")
    drawn: list[Any] = []

    def render(value: Any) -> str:
        drawn.append(value)
        return dots.render_text(value)

    spied = attrs.evolve(dots, render_text=render)
    read = lines_then_eof(["1"] * 30)
    result = play_human(spied, None, (0,), {1: RandomAgent()}, 8, read=read)
    out = capsys.readouterr().out
    assert result.ended == "over" and drawn
    assert all(type(v).__name__ == "View" and v.player == 0 for v in drawn)
    deals = [text for text in result.record.moves if text.startswith("deal")]
    assert f"chance: {deals[0]}\n" in out  # seat 0's own secret box
    assert f"chance: {deals[1]}" not in out  # seat 1's
    assert "chance: (hidden from you)\n" in out


def test_fields_of_green_names_no_card_the_person_cannot_see(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Cards drawn for another seat and a pick lying face down are told as hidden; a pick
    is named once every pick is revealed."""
    fog = get_game("fields-of-green")
    drawn: list[Any] = []

    def render(view: Any) -> str:
        drawn.append(view)
        return f"[the view of player {view.player}]"

    spied = attrs.evolve(fog, render_text=render)

    def odd_one_out(state: Any, moves: Any, rng: random.Random) -> Any:
        """Draws from any deck; picks the card whose back (its deck) no other card in the
        hand shows, when there is one: the pick a careless display would give away."""
        if not str(moves[0]).startswith("pick "):
            return rng.choice(moves)
        who = fog.to_move(state)
        backs = [fog.observe(fog.apply_move(state, m), 1).seats[who].pick_back for m in moves]
        return next((m for m, b in zip(moves, backs, strict=True) if backs.count(b) == 1), moves[0])

    agents = {0: odd_one_out, 2: odd_one_out}
    result = play_human(
        spied, fog.rules(players=3), (1,), agents, 3, read=lines_then_eof(["1"] * 40)
    )
    out = capsys.readouterr().out
    assert result.ended == "end of input"
    assert drawn and all(type(v).__name__ == "View" and v.player == 1 for v in drawn)
    face_down, turned_up = [], []  # (what was said, whether seat 1 knew the picker's hand)
    dealt = []  # what was said of each card dealt to another seat
    states = replay(result.record)
    lines = iter(out.splitlines())
    for i, text in enumerate(result.record.moves):
        who = fog.to_move(states[i])
        if who == 1:
            continue
        said = next(line for line in lines if re.match(r"(chance|player [02]): ", line))
        if text.startswith("pick"):
            # The last pick turns every pick up; until then they lie face down.
            known = fog.observe(states[i], 1).seats[who].hand is not None
            picking = isinstance(states[i + 1].agenda[-1], PickCard)
            (face_down if picking else turned_up).append((said, known))
            assert said in (f"player {who}: {text}", f"player {who}: (hidden from you)")
        elif text.startswith("deal card") and question(states[i]).actor != 1:
            dealt.append(said)
    # A face-down pick from a hand seat 1 never held is never named. (From a hand it passed
    # on, the card's back may tell which it is: then it is named.)
    assert any(not known for _, known in face_down)
    assert all(said.endswith("(hidden from you)") for said, known in face_down if not known)
    assert turned_up and all(": pick " in said for said, _ in turned_up)
    assert dealt and all(said == "chance: (hidden from you)" for said in dealt)


def test_plain_play_takes_agents_for_every_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, [], "play", "fence-em-in", "--agents", "greedy,first")
    game = get_game("fence-em-in")
    expected = play(game, game.rules_type(), [GreedyAgent(game), FirstMoveAgent()], seed="0")
    assert code == 0
    assert f"scores {' '.join(map(str, expected.scores))};" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--human", "2"], "--human: seat 2 is not at this 2-player table"),
        (["--human", "0,0"], "seat 0 is named twice"),
        (["--human", "x"], "'x' is not a whole number"),
        (["--human", "0", "--agents", "greedy,first"], "names 2 agents for 1 seats (1)"),
        (["--human", "0", "--agents", "tiger"], "--agents: no agent kind 'tiger'"),
        (["--human", "0", "--hint", "mcts:speed=9"], "--hint: mcts: no option"),
        (["--hint", "mcts"], "--hint answers a person: give --human too"),
        (["--agents", "random,random,random"], "names 3 agents for 2 seats (0, 1)"),
    ],
)
def test_bad_options_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    message: str,
) -> None:
    code, out, err = run(capsys, monkeypatch, [], "play", "dots-and-boxes", *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1

"""simulate at scale (issue 15): result rows, streamed files, resume, chunks, Dask, progress."""

from __future__ import annotations

import concurrent.futures
import gc
import html
import importlib
import io
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import acreage
import acreage.cli
import dots_and_boxes as dab
from acreage import GameRow, load_results, simulate
from acreage.core.digest import digest
from acreage.results import columns
from acreage.streaming import OutputError

COMMAND = (sys.executable, "-m", "acreage.cli")
PLAY = importlib.import_module("acreage.play")  # the module: acreage.play is the function


def _bytes_of(sim: acreage.Simulation) -> str:
    assert sim.records is not None
    return "".join(record.to_json() + "\n" for record in sim.records)


# -- rows and the summary ----------------------------------------------------------------


def test_rows_say_what_a_study_asks_of_each_game() -> None:
    sim = simulate(dab.GAME, 6, seed="r", agents=[acreage.RandomAgent(), "first"])
    assert sim.rows is not None and sim.records is None and len(sim.rows) == 6
    row = sim.rows[4]
    assert row.game == "dots-and-boxes" and row.rules_digest == digest(dab.Rules())
    assert (row.seed, row.index) == ("r/4", 4)
    assert row.agents == ("RandomAgent()", "first")
    assert row.end == "end" and row.decisions == 12 and row.moves > row.decisions
    assert row.seconds > 0
    again = acreage.play(
        dab.GAME, agents=[acreage.RandomAgent(), acreage.FirstMoveAgent()], seed="r/4"
    )
    assert (row.scores, row.winners, row.moves) == (again.scores, again.winners, again.moves)
    flat = row.to_dict()
    assert tuple(flat) == columns(2)
    assert GameRow.from_dict(flat) == row
    assert sum(flat[f"win_{s}"] for s in range(2)) == pytest.approx(1.0 if row.winners else 0.0)


def test_the_summary_and_its_table() -> None:
    sim = simulate(dab.GAME, 40, seed=1)
    rows = sim.rows or ()
    assert sim.games == 40 and sum(sim.wins()) == sum(1 for r in rows if r.winners)
    assert sim.mean_scores()[0] == pytest.approx(sum(r.scores[0] for r in rows) / 40)
    table = sim.table()
    assert table.splitlines()[0] == (
        "dots-and-boxes: 40 games, 2 players, seed 1, RandomAgent() in every seat"
    )
    assert "95% interval" in table and "mean decisions per game 12.0" in table
    seat = sim.by_seat()[0]
    assert seat.low < seat.win_rate < seat.high
    assert sim.end_reasons() == {"end": 40}


def test_a_simulation_in_a_notebook_shows_its_summary_not_its_games() -> None:
    sim = simulate("fence-em-in", 30, seed=2, keep="records")
    shown = sim._repr_html_()
    assert "<table>" in shown and "95% interval" in shown and "seat 1" in shown
    assert len(shown) < 2000
    assert all(html.escape(move) not in shown for move in (sim.records or ())[0].moves[:5])
    assert repr(sim) == "Simulation('fence-em-in', games=30, players=2, seed=2, kept records)"


def test_to_records_and_to_dataframe() -> None:
    sim = simulate(dab.GAME, 5, seed=3)
    records = sim.to_records()
    assert records == [row.to_dict() for row in sim.rows or ()]
    frame = sim.to_dataframe()
    assert list(frame.columns) == list(columns(2)) and len(frame) == 5
    assert frame["seed"].tolist() == [f"3/{i}" for i in range(5)]
    summary_only = simulate(dab.GAME, 5, seed=3, keep="summary")
    assert summary_only.rows is None and summary_only.summary == sim.summary
    with pytest.raises(ValueError, match="kept only its summary"):
        summary_only.to_dataframe()


def test_agent_names_are_the_same_in_every_process() -> None:
    def careful(state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        return moves[0]

    class Plain:
        def __call__(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
            return moves[0]

    assert PLAY.agent_name(careful).endswith("careful")
    assert PLAY.agent_name(Plain()).endswith("Plain")
    assert PLAY.agent_name("mcts:iterations=5") == "mcts:iterations=5"
    assert PLAY.agent_name(acreage.RandomAgent()) == "RandomAgent()"


# -- files -------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_files_load_back(tmp_path: Path, suffix: str) -> None:
    out, results = tmp_path / "games.jsonl", tmp_path / f"results{suffix}"
    sim = simulate(dab.GAME, 25, seed="f", out=out, results=results)
    assert sim.rows is None  # streaming keeps the summary only, unless asked
    kept = simulate(dab.GAME, 25, seed="f", keep="records")
    assert out.read_text() == _bytes_of(kept)
    for path in (results, out):
        loaded = load_results(path)
        assert loaded.rows == kept.rows and loaded.summary == kept.summary
        assert loaded.seed == "f" and loaded.agents == ("RandomAgent()",) * 2
    assert load_results(out, keep="records").records == kept.records
    assert load_results(results, keep="summary").rows is None
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["games.jsonl", results.name])


def test_results_files_by_suffix(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"ends in \.parquet or \.csv"):
        simulate(dab.GAME, 2, results=tmp_path / "r.xlsx")
    with pytest.raises(OutputError, match="No such file or directory"):
        simulate(dab.GAME, 2, out=tmp_path / "missing" / "g.jsonl")
    (tmp_path / "dir.csv").mkdir()
    with pytest.raises(OutputError, match="Is a directory"):
        simulate(dab.GAME, 2, results=tmp_path / "dir.csv")
    assert [p.name for p in tmp_path.iterdir()] == ["dir.csv"]


class StopAfter:
    """Plays at random; stops the run (as Ctrl-C would) at its ``calls``-th move, if given."""

    def __init__(self, calls: int | None) -> None:
        self.calls = calls
        self.made = 0

    def __call__(self, state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
        self.made += 1
        if self.made == self.calls:
            raise KeyboardInterrupt
        return moves[rng.randrange(len(moves))]


def test_a_stopped_run_keeps_whole_games_and_resumes_without_gap(tmp_path: Path) -> None:
    out, results = tmp_path / "g.jsonl", tmp_path / "r.parquet"
    with pytest.raises(KeyboardInterrupt):
        simulate(dab.GAME, 60, seed="k", agents=StopAfter(300), out=out, results=results)
    first = load_results(results)
    assert 0 < first.games < 60
    assert load_results(out).rows == first.rows
    assert not list(tmp_path.glob("*.part"))
    go_on = StopAfter(None)
    sim = simulate(dab.GAME, 60, seed="k", agents=go_on, out=out, results=results, resume=True)
    assert sim.games == 60 and sim.resumed == first.games
    whole = simulate(dab.GAME, 60, seed="k", agents=go_on, keep="records")
    assert out.read_text() == _bytes_of(whole)
    assert load_results(results).rows == whole.rows
    assert sim.summary == whole.summary
    # Resuming a finished run with more games extends it.
    more = simulate(dab.GAME, 70, seed="k", agents=go_on, out=out, results=results, resume=True)
    assert more.games == 70 and more.resumed == 60
    assert [r.index for r in load_results(out).rows or ()] == list(range(70))


def test_resume_refuses_files_of_another_run(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    simulate(dab.GAME, 5, seed="a", out=out)
    before = out.read_bytes()
    with pytest.raises(OutputError, match="game 0 \\(seed a/0\\) where game 0 of seed b belongs"):
        simulate(dab.GAME, 8, seed="b", out=out, resume=True)
    with pytest.raises(OutputError, match="under other rules"):
        simulate(dab.GAME, 8, seed="a", rules=dab.Rules(width=3), out=out, resume=True)
    with pytest.raises(OutputError, match="hold 5 games, more than 3"):
        simulate(dab.GAME, 3, seed="a", out=out, resume=True)
    assert out.read_bytes() == before
    with pytest.raises(OutputError, match="holds no game while the other file holds some"):
        simulate(dab.GAME, 8, seed="a", out=out, results=tmp_path / "r.csv", resume=True)
    with pytest.raises(ValueError, match="give out or results"):
        simulate(dab.GAME, 8, resume=True)


def test_a_seed_with_a_line_break_is_refused_before_any_file_is_made(tmp_path: Path) -> None:
    # A game's seed is a field of its line in the results: a line break in it would
    # split the line, and resuming or writing Parquet would misread the file.
    with pytest.raises(ValueError, match="a seed holds no line break"):
        simulate(dab.GAME, 3, seed="a\nb", out=tmp_path / "g.jsonl", results=tmp_path / "r.csv")
    assert list(tmp_path.iterdir()) == []
    assert simulate(dab.GAME, 3, seed="a b").games == 3


def test_a_fresh_run_never_writes_over_a_stopped_one(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    (tmp_path / "g.jsonl.part").write_text("")
    with pytest.raises(OutputError, match=r"g\.jsonl\.part is left from a run that was stopped"):
        simulate(dab.GAME, 3, out=out)
    simulate(dab.GAME, 3, out=out, resume=True)  # an empty .part: nothing to keep
    assert len(out.read_text().splitlines()) == 3


def test_resume_drops_a_line_cut_short_and_evens_the_files(tmp_path: Path) -> None:
    out, results = tmp_path / "g.jsonl", tmp_path / "r.csv"
    whole = simulate(dab.GAME, 12, seed="c", keep="records")
    lines = _bytes_of(whole).splitlines(keepends=True)
    # As a kill leaves them: the records file a game ahead, its last line cut short.
    (tmp_path / "g.jsonl.part").write_text("".join(lines[:7]) + lines[7][:40])
    rows = [",".join(columns(2)) + "\n"]
    rows += [
        ",".join(repr(v) if isinstance(v, float) else str(v) for v in r.to_dict().values()) + "\n"
        for r in (whole.rows or ())[:6]
    ]
    (tmp_path / "r.csv.part").write_text("".join(rows))
    sim = simulate(dab.GAME, 12, seed="c", out=out, results=results, resume=True)
    assert sim.resumed == 6 and sim.summary == whole.summary
    assert out.read_text() == _bytes_of(whole)
    assert load_results(results).rows == whole.rows


def test_a_device_is_written_directly() -> None:
    assert simulate(dab.GAME, 3, out=os.devnull).games == 3
    with pytest.raises(OutputError, match="not a regular file"):
        simulate(dab.GAME, 3, out=os.devnull, resume=True)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_failing_write_stops_the_workers_at_once() -> None:
    with pytest.raises(OSError, match="cannot write /dev/full: No space left on device"):
        simulate(dab.GAME, 400, workers=2, out="/dev/full")
    assert multiprocessing.active_children() == []


def _half_a_result(flag: str) -> None:
    """In a pool worker: start sending a result (its length, none of its bytes), then wait."""
    # The worker's result queue is the second argument of its process's target.
    results = multiprocessing.current_process()._args[1]  # type: ignore[attr-defined]
    with results._wlock:
        results._writer._send((1000).to_bytes(4, "big"))  # "1000 bytes follow"
    Path(flag).touch()
    time.sleep(120)


def test_stopping_a_pool_never_waits_for_a_result_cut_short(tmp_path: Path) -> None:
    # A worker ended while it sends a result leaves half a message in the pipe, and the
    # pool's manager thread then reads for ever (CI once hung here on a Ctrl-C). Before
    # the fix, _stop waited for that thread in ProcessPoolExecutor.shutdown.
    flag = tmp_path / "sending"
    pool = PLAY._pool(1)
    pool.submit(_half_a_result, str(flag))
    deadline = time.monotonic() + 30
    while not flag.exists():
        assert time.monotonic() < deadline, "the worker never started"
        time.sleep(0.02)
    time.sleep(0.3)  # the manager thread has read the length and waits for the bytes
    stopper = threading.Thread(target=PLAY._stop, args=(pool,), daemon=True)
    stopper.start()
    stopper.join(20)
    assert not stopper.is_alive(), "_stop hung on the half-sent result"
    assert multiprocessing.active_children() == []


# -- memory ------------------------------------------------------------------------------


def _peak(games: int, tmp_path: Path) -> int:
    """The most memory allocated at once while streaming ``games`` games to files."""
    # Python keeps up to 2,000 freed tuples of each small size for reuse; fill those
    # free lists first, so that tuples freed while tracing are freed, not kept there.
    junk = [tuple(range(size)) for size in range(1, 20) for _ in range(2000)]
    del junk
    tracemalloc.start()
    try:
        simulate(
            dab.GAME,
            games,
            seed=games,
            out=tmp_path / f"g{games}.jsonl",
            results=tmp_path / f"r{games}.csv",
        )
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_streaming_keeps_memory_flat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Small chunks and a small cache of chance tables (bounded at 4,096 otherwise),
    # so that what stays in memory is small beside the games of the run.
    monkeypatch.setattr(PLAY, "CHUNK_LIMIT", 20)
    monkeypatch.setattr(importlib.import_module("acreage.core.chance"), "_TABLES_MAX", 16)
    gc.disable()  # a full collection empties the free lists (the games make no cycles)
    try:
        _peak(50, tmp_path)  # the first run fills caches that stay
        small, large = _peak(100, tmp_path), _peak(600, tmp_path)
    finally:
        gc.enable()
    tracemalloc.start()
    try:
        rows = load_results(tmp_path / "r600.csv").rows or ()
        held = tracemalloc.get_traced_memory()[0] * 500 // len(rows)
    finally:
        tracemalloc.stop()
    # 500 more games cost next to nothing; holding their rows would cost far more.
    assert large - small < 16_000 < held / 4, (small, large, held)


def test_a_parquet_file_is_written_a_row_group_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # tracemalloc does not see pyarrow's memory; a pool of its own counts it.
    pa = pytest.importorskip("pyarrow")
    pq = importlib.import_module("pyarrow.parquet")
    streaming = importlib.import_module("acreage.streaming")
    # Row groups of some 20 games, so that a run of 600 spans 30 of them.
    monkeypatch.setattr(streaming, "_ROW_GROUP_BYTES", 2048)
    default = pa.default_memory_pool()
    pools: list[Any] = []  # alive to the end: what they allocated is freed through them

    def peak(games: int) -> int:
        pools.append(pa.proxy_memory_pool(default))
        pa.set_memory_pool(pools[-1])
        try:
            simulate(dab.GAME, games, seed=games, results=tmp_path / f"r{games}.parquet")
        finally:
            pa.set_memory_pool(default)
        return int(pools[-1].max_memory())

    small, large = peak(100), peak(600)
    whole = pq.read_table(tmp_path / "r600.parquet").nbytes
    # 500 more games cost next to nothing at once; reading them all in would cost the
    # size of their table.
    assert large - small < whole / 10, (small, large, whole)
    assert pq.ParquetFile(tmp_path / "r600.parquet").metadata.num_row_groups >= 20


# -- chunks, executors, Dask ---------------------------------------------------------------


class CountingExecutor(concurrent.futures.ThreadPoolExecutor):
    def __init__(self) -> None:
        super().__init__(2)
        self.tasks = 0

    def submit(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.tasks += 1
        return super().submit(*args, **kwargs)


def test_games_travel_in_chunks() -> None:
    with CountingExecutor() as pool:
        sim = simulate(dab.GAME, 400, seed="ch", executor=pool)
    assert sim.games == 400 and pool.tasks < 100
    assert sim == simulate(dab.GAME, 400, seed="ch")


def test_chunks_shrink_near_the_end_but_never_below_their_round_trip() -> None:
    sizer = PLAY._Sizer(2)
    assert sizer.size(1000) == 1  # nothing timed yet: one game
    sizer.measured(10, 0.01)  # 1 ms a game, played here: nothing sent
    assert sizer.size(1000) == 250 and sizer.size(40) == 10 and sizer.size(3) == 1
    far = PLAY._Sizer(2)  # a cluster: 10 ms from sending a chunk to having its rows
    far.measured(1, 0.001)  # the first game, sent while a worker started: not timed
    far.measured(9, 0.009, 0.019)
    far.measured(10, 0.01, 0.05)  # it waited behind another: the least round trip counts
    # Never shorter than the round trip: 10 games, give or take rounding.
    assert far.size(1000) == 250 and far.size(12) == far.size(3) in (10, 11)


def test_tournaments_run_in_chunks_too() -> None:
    with CountingExecutor() as pool:
        t = acreage.tournament(dab.GAME, ["random", "first"], 200, seed=1, executor=pool)
    assert t.games == 200 and pool.tasks < 100
    assert t == acreage.tournament(dab.GAME, ["random", "first"], 200, seed=1)


def test_same_bytes_on_one_process_two_processes_and_a_dask_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    outputs = {}

    def run(name: str, **how: Any) -> None:
        out, results = tmp_path / f"{name}.jsonl", tmp_path / f"{name}.parquet"
        sim = simulate("fence-em-in", 40, seed="same", out=out, results=results, **how)
        outputs[name] = (out.read_bytes(), load_results(results).rows, sim.summary)

    run("one")
    run("two", workers=2)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        run("dask", client=client)
        command = ["simulate", "fence-em-in", "--games", "40", "--seed", "same"]
        command += ["--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "cli.jsonl")]
        assert acreage.cli.main(command) == 0
    assert outputs["one"] == outputs["two"] == outputs["dask"]
    assert (tmp_path / "cli.jsonl").read_bytes() == outputs["one"][0]
    assert outputs["one"][1] is not None and len(outputs["one"][1]) == 40


# -- the command line ---------------------------------------------------------------------


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


@pytest.mark.skipif(sys.platform != "linux", reason="workers end with their parent on Linux")
@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_resume_after_a_kill_leaves_no_gap_and_no_duplicate(tmp_path: Path, suffix: str) -> None:
    results = f"r{suffix}"
    argv = [*COMMAND, "simulate", "fence-em-in", "--games", "400", "--seed", "kill"]
    argv += ["--workers", "2", "--out", "g.jsonl", "--results", results]
    process = subprocess.Popen(
        argv, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    deadline = time.monotonic() + 60
    while _lines(tmp_path / f"{results}.part") < 30:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no games were written"
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGKILL)
    process.communicate(timeout=10)
    assert (tmp_path / "g.jsonl.part").exists() and not (tmp_path / "g.jsonl").exists()
    again = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and "--resume" in again.stderr
    done = subprocess.run(
        [*argv, "--resume"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "fence-em-in: 400 games" in done.stdout and "found from before" in done.stdout
    whole = simulate("fence-em-in", 400, seed="kill", keep="records")
    assert (tmp_path / "g.jsonl").read_text() == _bytes_of(whole)
    assert load_results(tmp_path / results).rows == whole.rows
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", results]


def test_simulate_prints_intervals_and_writes_results(tmp_path: Path) -> None:
    done = subprocess.run(
        [*COMMAND, "simulate", "fence-em-in", "--games", "30", "--results", "r.csv"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""  # no bar when stderr is no terminal
    assert "95% interval" in done.stdout and "wrote r.csv: 30 games" in done.stdout
    assert load_results(tmp_path / "r.csv").games == 30


def test_progress_is_shown_when_asked(tmp_path: Path) -> None:
    argv = [*COMMAND, "simulate", "fence-em-in", "--games", "30"]
    shown = subprocess.run(
        [*argv, "--progress"], capture_output=True, text=True, timeout=60, check=False
    )
    assert shown.returncode == 0 and "30/30" in shown.stderr and "game/s" in shown.stderr
    quiet = subprocess.run(
        [*argv, "--no-progress"], capture_output=True, text=True, timeout=60, check=False
    )
    assert quiet.returncode == 0 and quiet.stderr == ""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--resume"], "--resume continues the files of a run: give --out or --results"),
        (["--results", "r.txt"], "--results: a results file ends in .parquet or .csv"),
        (["--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "the cluster's workers play"),
        (["--out", "/no/such/dir/g.jsonl"], "cannot write /no/such/dir/g.jsonl: No such file"),
    ],
)
def test_simulate_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code = acreage.cli.main(["simulate", "dots-and-boxes", "--games", "3", *argv])
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.splitlines()) == 1


def test_replay_to_a_move_and_the_summary_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "g.jsonl"
    simulate(dab.GAME, 2, seed=5, out=out)
    code = acreage.cli.main(["replay", str(out), "--to", "3"])
    text = capsys.readouterr().out
    record = load_results(out, keep="records").records[0]  # type: ignore[index]
    assert code == 0
    assert f"game 1: dots-and-boxes seed 5/0, after move 3 ({record.moves[2]}) of" in text
    assert "+--+" in text and "to move; scores now" in text
    moves = sum(len(r.moves) for r in load_results(out, keep="records").records or ())
    assert text.splitlines()[-1] == (
        f"replayed 2 games from {out}: {moves} moves, every one legal; 2 complete, 0 incomplete"
    )
    code = acreage.cli.main(["replay", str(out), "--to", "100000"])
    text = capsys.readouterr().out
    assert code == 0 and text.count(", ended;") == 2  # past the end: the end


@given(
    st.lists(st.binary(max_size=30).map(lambda b: b.replace(b"\n", b"") + b"\n"), max_size=12),
    st.binary(max_size=10).map(lambda b: b.replace(b"\n", b"")),
    st.integers(0, 14),
)
def test_scanning_lines_finds_whole_lines_only(lines: list[bytes], tail: bytes, limit: int) -> None:
    streaming = importlib.import_module("acreage.streaming")
    monkeypatched_block = 7  # blocks shorter than lines, so lines straddle them
    data = b"head\n" + b"".join(lines) + tail
    old = streaming._BLOCK
    streaming._BLOCK = monkeypatched_block
    try:
        count, end = streaming._scan(io.BytesIO(data), skip=1)
        assert (count, end) == (len(lines), len(data) - len(tail))
        if lines:
            assert streaming._last_line(io.BytesIO(data), end) == lines[-1]
        cut = min(limit, len(lines))
        assert streaming._scan(io.BytesIO(data), skip=1, limit=cut) == (
            cut,
            5 + sum(map(len, lines[:cut])),
        )
    finally:
        streaming._BLOCK = old

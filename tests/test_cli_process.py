"""The real ``acreage`` command in a subprocess: signals, worker processes, one-line errors."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from acreage import load_results
from bad_records import BAD_RECORDS, MESSAGES

pytestmark = pytest.mark.skipif(
    sys.platform != "linux", reason="reads the process table from /proc"
)

COMMAND = (sys.executable, "-m", "acreage.cli")
# Long enough never to finish during a test, small enough to start at once.
LONG_RUN = ("simulate", "fence-em-in", "--games", "1000000", "--workers", "2", "--seed", "4")


def _state(pid: int) -> tuple[int, str] | None:
    """(parent pid, state letter) of a live process; None once it is gone or a zombie."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = text.rsplit(")", 1)[1].split()[:2]
    return None if state in "ZX" else (int(parent), state)


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (info := _state(int(entry))) is not None and info[0] == pid:
            found.append(int(entry))
    return found


def _start(tmp_path: Path, *argv: str) -> tuple[subprocess.Popen[str], list[int]]:
    """Start the command in its own session (so a group signal reaches it all, as
    Ctrl-C does) and wait until both workers run."""
    process = subprocess.Popen(
        [*COMMAND, *argv],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 20
    while len(workers := _children(process.pid)) < 2:
        if time.monotonic() > deadline or process.poll() is not None:
            process.kill()
            pytest.fail(f"the workers did not start: {process.communicate()}")
        time.sleep(0.05)
    time.sleep(0.5)  # let them get into their games
    return process, workers


@pytest.fixture(autouse=True)
def _ctrl_c_not_ignored() -> Iterator[None]:
    """A runner started in the background (``make test &``) ignores SIGINT, and so would
    the commands started here: give them Python's own Ctrl-C handling, as at a terminal."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _gone(pids: list[int], within: float) -> bool:
    deadline = time.monotonic() + within
    while any(_state(pid) is not None for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize(
    ("send", "code", "message"),
    [
        (lambda p: os.killpg(p.pid, signal.SIGINT), 130, "acreage: interrupted\n"),
        (lambda p: p.send_signal(signal.SIGINT), 130, "acreage: interrupted\n"),
        (lambda p: p.send_signal(signal.SIGTERM), 143, "acreage: stopped by SIGTERM\n"),
    ],
    ids=["ctrl-c to the process group", "sigint", "sigterm"],
)
def test_a_signal_stops_simulate_and_its_workers_at_once(
    tmp_path: Path, send: object, code: int, message: str
) -> None:
    process, workers = _start(tmp_path, *LONG_RUN, "--out", "games.jsonl")
    stopped = time.monotonic()
    send(process)  # type: ignore[operator]
    try:
        out, err = process.communicate(timeout=10)
    finally:
        process.kill()
    assert time.monotonic() - stopped < 5
    assert process.returncode == code
    assert err == message  # one line: no traceback from the parent or from a worker
    assert _gone(workers, within=2)
    # --out holds the games finished before the stop, whole lines only, and no
    # .part is left (before issue 15 it was absent: written only at the end).
    assert [p.name for p in tmp_path.iterdir()] in ([], ["games.jsonl"])
    if (tmp_path / "games.jsonl").exists():
        sim = load_results(tmp_path / "games.jsonl")
        assert [row.index for row in sim.rows or ()] == list(range(sim.games))


def test_workers_end_when_the_command_is_killed(tmp_path: Path) -> None:
    process, workers = _start(tmp_path, *LONG_RUN)
    process.kill()
    process.communicate(timeout=10)
    assert _gone(workers, within=5)


def test_an_unwritable_out_fails_before_playing(tmp_path: Path) -> None:
    started = time.monotonic()
    done = subprocess.run(
        [*COMMAND, *LONG_RUN, "--out", str(tmp_path / "missing" / "games.jsonl")],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    assert time.monotonic() - started < 10  # a million games would take far longer
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"acreage: cannot write {tmp_path}/missing/games.jsonl: No such file or directory\n"
    )


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_replaying_a_bad_file_prints_one_line(tmp_path: Path, case: str) -> None:
    (tmp_path / "bad.json").write_bytes(BAD_RECORDS[case])
    done = subprocess.run(
        [*COMMAND, "replay", "bad.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    assert done.returncode == 1
    assert done.stderr.startswith(f"acreage: {MESSAGES[case]}")
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_refused_rules_are_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [*COMMAND, "play", "fence-em-in", "--rule", "board_size=1000000000"],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
        preexec_fn=_two_gigabytes,  # without the bound, fail fast rather than swap
    )
    assert done.returncode == 2
    assert done.stderr.startswith("acreage: ") and "board_size" in done.stderr
    assert len(done.stderr.splitlines()) == 1


def test_replaying_a_huge_board_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(
        '{"game": "fence-em-in", "rules": {"board_size": 1000000000}, "moves": []}'
    )
    done = subprocess.run(
        [*COMMAND, "replay", "bad.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
        preexec_fn=_two_gigabytes,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("acreage: bad.json line 1: rules: board_size: ")
    assert len(done.stderr.splitlines()) == 1


def _two_gigabytes() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31))

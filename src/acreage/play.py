"""Playing games: :func:`play` for one game, :func:`simulate` for many.

An agent is any callable ``agent(state, legal_moves, rng) -> move`` (the
:class:`~acreage.agents.Agent` protocol; the agents themselves live in
:mod:`acreage.agents`, and ``RandomAgent`` and ``FirstMoveAgent`` are
importable from here too). It sees the full state; an agent that must not
cheat looks at ``game.observe(state, state.to_move)`` only. Chance nodes are resolved by
:func:`play` itself with a seeded :class:`random.Random`, so a seed fixes
the whole game, and the game's record (rules + move texts) replays it
without any seed at all.

>>> from acreage.play import play
>>> result = play("fence-em-in", seed=3)            # doctest: +SKIP
>>> result.winners, result.scores                   # doctest: +SKIP
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import ctypes
import importlib
import itertools
import math
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, Final, TypeVar

import attrs

from acreage.agents.base import Agent, FirstMoveAgent, RandomAgent
from acreage.core.chance import sample
from acreage.core.digest import digest
from acreage.core.game import CHANCE, Game, GameError, get_game, shorten
from acreage.core.record import MOVES_LIMIT, GameRecord, record_of
from acreage.results import KEEP, GameRow, Simulation, Tally
from acreage.streaming import OutputError, Outputs, RunInfo

__all__ = [
    "CHUNK_LIMIT",
    "CHUNK_SECONDS",
    "WORKERS_LIMIT",
    "Agent",
    "FirstMoveAgent",
    "PlayResult",
    "RandomAgent",
    "Simulation",
    "agent_name",
    "play",
    "simulate",
    "start_state",
]


@attrs.frozen
class PlayResult:
    """The outcome of one game.

    Attributes:
        record: rules and every move's text; ``acreage.replay(record)`` gives the states.
        scores: final score per seat.
        winners: the winning seats after the rulebook's tie-breaks.
        decisions: the number of moves made by players (chance outcomes excluded).
        moves: the number of moves, chance outcomes included.
        state: the final state (``None`` in results of :func:`simulate`).
    """

    record: GameRecord
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    moves: int
    state: Any = attrs.field(default=None, eq=False, repr=False)


def _game(game: Game[Any, Any, Any] | str) -> Game[Any, Any, Any]:
    return get_game(game) if isinstance(game, str) else game


def _agents(agents: Agent | Sequence[Agent] | None, players: int) -> tuple[Agent, ...]:
    if agents is None:
        return (RandomAgent(),) * players
    if callable(agents):
        return (agents,) * players
    seats = tuple(agents)
    if len(seats) != players:
        raise ValueError(f"{len(seats)} agents for {players} players")
    return seats


def play(
    game: Game[Any, Any, Any] | str,
    rules: Any = None,
    agents: Agent | Sequence[Agent] | None = None,
    seed: int | str = 0,
    *,
    max_moves: int = MOVES_LIMIT,
    metadata: dict[str, Any] | None = None,
    start: Any = None,
) -> PlayResult:
    """Play one game to the end.

    Args:
        game: a :class:`~acreage.Game` or its registry name.
        rules: the game's ``Rules``; its defaults when ``None``.
        agents: one agent per seat, one agent for every seat, or ``None``
            for :class:`RandomAgent` everywhere.
        seed: fixes chance and the agents' random choices.
        max_moves: raise :class:`~acreage.GameError` if the game runs longer; by
            default :data:`~acreage.core.record.MOVES_LIMIT`, the most moves a
            record holds.
        metadata: extra data for the record (the seed is added).
        start: where the game starts when not at its beginning: a state, or
            position data (``game.to_position``'s, checked with
            ``game.from_position``; see :mod:`acreage.core.position`). The
            record starts there too, and replays from it.

    An agent with a ``restart()`` method (a searching agent that keeps its
    tree from move to move) has it called once before the first move, so
    nothing it remembers carries over from another game.
    """
    g = _game(game)
    rules = g.rules_type() if rules is None else rules
    seats = _agents(agents, g.players(rules))
    first = start_state(g, rules, start)
    state, moves, decisions = _playout(g, rules, seats, seed, max_moves, first)
    record = record_of(
        g, rules, moves, {"seed": seed, **(metadata or {})}, start=None if start is None else first
    )
    return PlayResult(record, g.scores(state), g.winners(state), decisions, len(moves), state)


def start_state(game: Game[Any, Any, Any], rules: Any, start: Any = None) -> Any:
    """The state a game starts from: ``game.new_game(rules)`` when ``start`` is
    ``None``, the state itself when it is one, and for position data (a mapping)
    ``game.from_position(rules, start)``, which refuses a position that cannot exist
    with a :class:`~acreage.core.position.PositionError`. A
    :class:`~acreage.GameError` for position data in a game without positions."""
    if start is None:
        return game.new_game(rules)
    if isinstance(start, Mapping):
        if game.from_position is None:
            raise GameError(
                f"{game.name} has no positions (from_position): start from its beginning"
            )
        return game.from_position(rules, start)
    return start


def _playout(
    g: Game[Any, Any, Any],
    rules: Any,
    seats: Sequence[Agent],
    seed: int | str,
    max_moves: int,
    state: Any = None,
) -> tuple[Any, list[Any], int]:
    """Play one game from ``state`` (the game's start when ``None``): the final
    state, every move, and the number of decisions."""
    _restart(seats)
    chance_rng = random.Random(f"acreage:{seed}:chance")
    agent_rng = random.Random(f"acreage:{seed}:agents")
    if state is None:
        state = g.new_game(rules)
    moves: list[Any] = []
    decisions = 0
    while True:
        who = g.to_move(state)
        if who is None:
            return state, moves, decisions
        if len(moves) >= max_moves:
            raise GameError(f"{g.name}: no end after {max_moves} moves")
        if who is CHANCE:
            move = sample(g.chance_outcomes(state), chance_rng)
        else:
            move = seats[who](state, g.legal_moves(state), agent_rng)
            decisions += 1
        state = g.apply_move(state, move)
        moves.append(move)


def _restart(seats: Sequence[Agent]) -> None:
    """Call ``restart()`` once on each agent that has one."""
    seen: set[int] = set()
    for agent in seats:
        restart = getattr(agent, "restart", None)
        if callable(restart) and id(agent) not in seen:
            seen.add(id(agent))
            restart()


# -- many games --------------------------------------------------------------------


J = TypeVar("J")
T = TypeVar("T")

WORKERS_LIMIT: Final = 256
"""The most worker processes :func:`simulate` starts."""

CHUNK_SECONDS: Final = 0.5
"""About how long one chunk of games takes: long enough that sending it costs
next to nothing (a few milliseconds to a Dask worker), short enough that the
bar moves and a stopped run loses little."""

CHUNK_LIMIT: Final = 1000
"""The most games in one chunk."""

_GameJob = tuple[Any, Any, tuple[Agent, ...], tuple[str, ...], str, str, int, bool]
"""One game for a worker: the game (or its name), rules, agents, their names, the
rules' digest, the seed, the game's number, and whether to make its record."""


def _play_row(job: _GameJob) -> tuple[GameRow, str | None]:
    """Play one game of :func:`simulate`: its row, and its record as JSON if asked."""
    ref, rules, seats, names, rules_digest, seed, index, with_record = job
    g = _game(ref)
    start = time.perf_counter()
    state, moves, decisions = _playout(g, rules, seats, seed, MOVES_LIMIT)
    seconds = time.perf_counter() - start
    row = GameRow(
        g.name,
        rules_digest,
        seed,
        index,
        names,
        g.scores(state),
        g.winners(state),
        g.end_reason(state) if g.end_reason is not None else "end",
        decisions,
        len(moves),
        seconds,
    )
    text = record_of(g, rules, moves, row.metadata()).to_json() if with_record else None
    return row, text


def agent_name(agent: Agent | str) -> str:
    """How results name an agent: its text, its repr (``MCTSAgent(iterations=200)``), or
    for a function or a class without a repr of its own, its qualified name.

    The name is the same in every process (no addresses), on one line.
    """
    if isinstance(agent, str):
        name = agent
    elif type(agent).__repr__ is object.__repr__ or isinstance(agent, types.FunctionType):
        name = getattr(agent, "__qualname__", None) or type(agent).__qualname__
    else:
        name = repr(agent)
    return name if name.isprintable() else shorten(name)


def simulate(
    game: Game[Any, Any, Any] | str,
    games: int = 100,
    *,
    rules: Any = None,
    agents: Agent | str | Sequence[Agent | str] | None = None,
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    client: Any = None,
    out: str | os.PathLike[str] | None = None,
    results: str | os.PathLike[str] | None = None,
    resume: bool = False,
    keep: str | None = None,
    progress: bool | None = None,
) -> Simulation:
    """Play ``games`` games and summarise them; stream their records and results to files.

    Args:
        game: a :class:`~acreage.Game` or its registry name.
        games: how many games; game ``i`` is played with seed ``f"{seed}/{i}"``,
            so the results do not depend on how the games are run.
        rules: the game's ``Rules``; its defaults when ``None``.
        agents: one agent per seat, one for every seat, or ``None`` for
            :class:`RandomAgent` everywhere; an agent may be given by its text
            (``"greedy"``, ``"mcts:iterations=200"``). Results name each agent
            by :func:`agent_name`.
        workers: ``> 1`` (at most :data:`WORKERS_LIMIT`) runs a process pool of
            its own; agents must then be picklable.
        executor: any :class:`concurrent.futures.Executor` instead.
        client: a ``dask.distributed.Client`` instead: its workers play the
            games (``pip install acreage[dask]``).
        out: write every game's record here, JSON Lines, as games finish; each
            record's metadata holds the game's row.
        results: write every game's :class:`~acreage.results.GameRow` here as
            games finish: ``.parquet`` (``pip install acreage[parquet]``) or ``.csv``.
        resume: continue the run that wrote ``out`` and ``results`` (stopped,
            killed, or finished with fewer games): the games they hold are kept
            and counted, and play goes on from the next seed.
        keep: what the returned :class:`~acreage.results.Simulation` holds:
            ``"summary"``, ``"rows"`` (every game's row) or ``"records"`` (rows
            and records). By default ``"summary"`` when writing to a file (the
            files hold the games; memory stays flat however many), else ``"rows"``.
        progress: a progress bar on stderr (tqdm's, with rate and time left, if
            ``pip install acreage[progress]``; in a notebook its notebook bar).
            By default only when stderr is a terminal or in a notebook.

    The games are sent to workers in chunks, each a run of consecutive games
    sized from the games' measured length (about :data:`CHUNK_SECONDS` each,
    at most :data:`CHUNK_LIMIT` games), and each worker returns only rows
    (and records when they are written or kept). The rows and records are
    the same, byte for byte but for each row's ``seconds``, on one process,
    many, or a Dask cluster. See :mod:`acreage.streaming` for the files.

    An exception stops the run at once, Ctrl-C (``KeyboardInterrupt``)
    included: chunks not started are cancelled, and the processes of the
    pool ``simulate`` started are terminated before the exception goes on
    (a given ``executor`` or ``client`` keeps running; only its pending
    chunks are cancelled, and a chunk running in one of its threads stops
    before its next game). Worker processes ignore Ctrl-C themselves, so the
    parent alone decides, and on Linux they end when their parent dies. The
    files keep every game finished before the stop.
    """
    g = _game(game)
    _check_running(games, workers, executor, client)
    keep = _check_outputs(out, results, resume, keep, seed)
    rules = g.rules_type() if rules is None else rules
    players = g.players(rules)
    seats = _agents(_made(agents, g), players)
    names = tuple(agent_name(a) for a in _named(agents, seats))
    rules_digest = digest(rules)
    run = RunInfo(g.name, rules_digest, seed, names)
    start = time.perf_counter()
    files = Outputs(run, out=out, results=results, resume=resume)
    try:
        if files.done > games:
            raise OutputError(
                f"cannot resume: the files hold {files.done} games, more than {games}"
            )
        kept = _Kept(players, keep)
        for row, record in files.earlier(keep):
            kept.take(row, record)
        with_record = out is not None or keep == "records"
        ref = portable_game(g)
        jobs = (
            (ref, rules, seats, names, rules_digest, f"{seed}/{i}", i, with_record)
            for i in range(files.done, games)
        )
        chunks = _iter_chunks(
            _play_row,
            jobs,
            games - files.done,
            workers=workers,
            executor=executor,
            client=client,
            bar=_bar(games, files.done, progress),
        )
        # Closed on any exception here too, so its workers stop now, not when the
        # traceback that holds it is freed.
        with contextlib.closing(chunks):
            for chunk in chunks:
                kept.write(files, chunk, records=out is not None)
    except BaseException:
        with contextlib.suppress(OSError):
            files.finish()  # the games finished so far stay, whole
        files.close()
        raise
    files.finish()
    return Simulation(
        g.name,
        players,
        rules_digest,
        seed,
        names,
        kept.tally.summary(),
        None if kept.rows is None else tuple(kept.rows),
        None if kept.records is None else tuple(kept.records),
        seconds=time.perf_counter() - start,
        resumed=files.done,
    )


def _check_running(
    games: int, workers: int, executor: concurrent.futures.Executor | None, client: Any
) -> None:
    """Refuse a number of games or a way to run them that :func:`simulate` cannot take."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, not {games!r}")
    if not 1 <= workers <= WORKERS_LIMIT:
        raise ValueError(f"workers must be 1 to {WORKERS_LIMIT}, not {workers}")
    if executor is not None and client is not None:
        raise ValueError("give an executor or a Dask client, not both")


def _check_outputs(
    out: str | os.PathLike[str] | None,
    results: str | os.PathLike[str] | None,
    resume: bool,
    keep: str | None,
    seed: int | str,
) -> str:
    """Refuse what :func:`simulate` cannot write or keep; what to keep, by default
    ``"summary"`` when writing files (they hold the games) and ``"rows"`` otherwise."""
    if keep is None:
        keep = "summary" if out is not None or results is not None else "rows"
    if keep not in KEEP:
        raise ValueError(f"keep is one of {', '.join(KEEP)}, not {keep!r}")
    if resume and out is None and results is None:
        raise ValueError("resume continues the files of a run: give out or results")
    if isinstance(seed, str) and ("\n" in seed or "\r" in seed):
        # Each game is one line of the files, its seed among the fields.
        raise ValueError(f"a seed holds no line break, not {shorten(seed)}")
    return keep


class _Kept:
    """What :func:`simulate` keeps of the games: their tally always, their rows
    unless ``keep`` is ``"summary"``, their records when it is ``"records"``."""

    def __init__(self, players: int, keep: str) -> None:
        self.tally = Tally(players)
        self.rows: list[GameRow] | None = None if keep == "summary" else []
        self.records: list[GameRecord] | None = [] if keep == "records" else None

    def take(self, row: GameRow, record: GameRecord | None) -> None:
        """Count one game, and keep its row and record as asked."""
        self.tally.add(row)
        if self.rows is not None:
            self.rows.append(row)
        if self.records is not None and record is not None:
            self.records.append(record)

    def write(
        self, files: Outputs, chunk: list[tuple[GameRow, str | None]], *, records: bool
    ) -> None:
        """Write a chunk of games (rows, and their records as JSON when ``records``) to
        ``files``, then take them."""
        texts = [text for _, text in chunk if text is not None]
        files.write([row for row, _ in chunk], texts if records else None)
        for row, text in chunk:
            record = GameRecord.from_json(text) if self.records is not None and text else None
            self.take(row, record)


def _made(
    agents: Agent | str | Sequence[Agent | str] | None, game: Game[Any, Any, Any]
) -> Agent | Sequence[Agent] | None:
    """Agents given by their texts made into agents."""
    from acreage.agents.spec import make_agent

    if isinstance(agents, str):
        return make_agent(agents, game)
    if agents is None or callable(agents):
        return agents
    return [make_agent(a, game) if isinstance(a, str) else a for a in agents]


def _named(
    agents: Agent | str | Sequence[Agent | str] | None, seats: tuple[Agent, ...]
) -> tuple[Agent | str, ...]:
    """What names each seat's agent: its text when it was given as one."""
    if isinstance(agents, str):
        return (agents,) * len(seats)
    if agents is None or callable(agents):
        return seats
    return tuple(agents)


def run_jobs(
    work: Callable[[J], T],
    jobs: Iterable[J],
    count: int,
    *,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    client: Any = None,
    progress: bool | None = None,
) -> list[T]:
    """``[work(job) for job in jobs]``, one game per job, in this process or in parallel.

    ``count`` is the number of jobs (``jobs`` may be a generator, read as
    chunks are sent). The engine of :func:`simulate` and :func:`acreage.tournament`: with
    ``workers > 1`` a process pool of its own (``work`` and the jobs must
    then be picklable), with ``executor`` any executor, with ``client`` a Dask
    cluster; jobs travel in chunks sized as :func:`simulate` says, and a
    progress bar shows on stderr when ``progress`` (by default, when stderr
    is a terminal or in a notebook). An exception or Ctrl-C stops the run as
    :func:`simulate` describes.
    """
    if not 1 <= workers <= WORKERS_LIMIT:
        raise ValueError(f"workers must be 1 to {WORKERS_LIMIT}, not {workers}")
    chunks = _iter_chunks(
        work,
        iter(jobs),
        count,
        workers=workers,
        executor=executor,
        client=client,
        bar=_bar(count, 0, progress),
    )
    with contextlib.closing(chunks):
        return [result for chunk in chunks for result in chunk]


def portable_game(game: Game[Any, Any, Any]) -> Game[Any, Any, Any] | str:
    """``game`` as a job sends it to a worker: a registered game by name, any other whole."""
    return game.name if _is_registered(game) else game


# -- chunks ---------------------------------------------------------------------------


class _Sizer:
    """Chunk sizes from the games' measured length and the executor's measured round
    trip: a single game until one is measured."""

    def __init__(self, parallelism: int) -> None:
        self.parallelism = parallelism
        self.games = 0
        self.seconds = 0.0
        self.round_trip: float | None = None

    def measured(self, games: int, seconds: float, elapsed: float | None = None) -> None:
        """A chunk of ``games`` took ``seconds`` to play, ``elapsed`` from sending it to
        having its results (``None``: not to be counted, or played here)."""
        if elapsed is not None:
            # The least time a chunk spent beyond its games: a chunk that waited behind
            # another at its worker spent more, one that found its worker idle did not.
            spare = max(0.0, elapsed - seconds)
            self.round_trip = spare if self.round_trip is None else min(self.round_trip, spare)
        self.games += games
        self.seconds += seconds

    def size(self, remaining: int) -> int:
        if not self.games:
            return 1
        per_game = self.seconds / self.games
        by_time = int(CHUNK_SECONDS / per_game) if per_game > 0 else CHUNK_LIMIT
        # Near the end, smaller chunks keep every worker busy to the last game. But a
        # worker plays one chunk while the next is sent: one shorter than the round trip
        # (under a millisecond to a pool, some 10 ms to a Dask worker, which also spends
        # a few ms of CPU on each) leaves its worker waiting.
        by_balance = -(-remaining // (2 * self.parallelism))
        by_trip = math.ceil((self.round_trip or 0.0) / per_game) if per_game > 0 else 1
        return max(1, min(max(by_balance, by_trip), by_time, CHUNK_LIMIT))


class _StopFlag:
    """Tells the chunks running in this process's threads to stop before their next game.

    A copy sent to another process is a flag of its own, never set: those
    chunks are stopped by ending their process, or not at all.
    """

    def __init__(self) -> None:
        self._event = threading.Event()

    def set(self) -> None:
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()

    def __reduce__(self) -> tuple[type[_StopFlag], tuple[()]]:
        return (_StopFlag, ())


def _run_chunk(
    work: Callable[[J], T], jobs: list[J], stop: _StopFlag | None
) -> tuple[list[T], float]:
    """Do a chunk of jobs in order: their results, and the seconds it took."""
    start = time.perf_counter()
    results = []
    for job in jobs:
        if stop is not None and stop.is_set():
            raise concurrent.futures.CancelledError
        results.append(work(job))
    return results, time.perf_counter() - start


def _iter_chunks(
    work: Callable[[J], T],
    jobs: Iterator[J],
    count: int,
    *,
    workers: int,
    executor: concurrent.futures.Executor | None,
    client: Any,
    bar: _Bar,
) -> Generator[list[T], None, None]:
    """The results of ``work`` over ``jobs``, a chunk at a time, in job order."""
    try:
        if client is not None:
            dask = client.get_executor(pure=False)
            parallelism = max(1, sum(client.nthreads().values()))
            yield from _parallel(dask, parallelism, work, jobs, count, bar, owned=False)
            dask.shutdown(wait=True)
        elif executor is not None:
            parallelism = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
            yield from _parallel(executor, parallelism, work, jobs, count, bar, owned=False)
        elif workers > 1 and count > 1:
            workers = min(workers, count)
            yield from _parallel(_pool(workers), workers, work, jobs, count, bar, owned=True)
        else:
            sizer = _Sizer(1)
            remaining = count
            while chunk := list(itertools.islice(jobs, sizer.size(remaining))):
                results, seconds = _run_chunk(work, chunk, None)
                sizer.measured(len(results), seconds)
                remaining -= len(results)
                bar.update(len(results))
                yield results
    finally:
        bar.close()


def _pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    context = multiprocessing.get_context()
    # A forkserver's children are the server's, not ours: they die with the server,
    # which ends when this process does.
    parent = None if context.get_start_method() == "forkserver" else os.getpid()
    return concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=context, initializer=_worker_started, initargs=(parent,)
    )


def _parallel(
    executor: concurrent.futures.Executor,
    parallelism: int,
    work: Callable[[J], T],
    jobs: Iterator[J],
    count: int,
    bar: _Bar,
    *,
    owned: bool,
) -> Iterator[list[T]]:
    """Chunks of jobs through ``executor``, a few per worker in flight, yielded in order.

    ``owned``: the executor is a process pool of our own, whose workers are
    forked with Ctrl-C held and terminated on a stop.
    """
    sizer = _Sizer(parallelism)
    stop = _StopFlag()
    # Each chunk running: its number, and when it was sent (None: not to be timed).
    running: dict[concurrent.futures.Future[tuple[list[T], float]], tuple[int, float | None]] = {}
    finished: dict[int, list[T]] = {}
    sent = 0  # chunks sent
    given = 0  # chunks yielded
    unsent = count  # jobs not yet sent

    def send() -> None:
        nonlocal sent, unsent
        # Two chunks a worker, so that each has the next at hand when it ends one; but
        # only one (of one game) each until a game is timed, not two too small.
        while unsent > 0 and len(running) < (2 if sizer.games else 1) * parallelism:
            chunk = list(itertools.islice(jobs, sizer.size(unsent)))
            if not chunk:
                unsent = 0
                return
            future = executor.submit(_run_chunk, work, chunk, stop)
            # The first chunks may wait for their worker to start (a spawned process, a
            # cold Dask worker importing acreage): their round trip is not the executor's.
            running[future] = (sent, time.perf_counter() if sizer.games else None)
            sent += 1
            unsent -= len(chunk)

    try:
        with _signals_held() if owned else contextlib.nullcontext():
            send()  # the workers forked here start with Ctrl-C held
        while running:
            done, _ = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED
            )
            now = time.perf_counter()
            for future in done:
                results, seconds = future.result()  # the first failure stops the run
                number, sent_at = running.pop(future)
                sizer.measured(len(results), seconds, None if sent_at is None else now - sent_at)
                bar.update(len(results))
                finished[number] = results
            with _signals_held() if owned else contextlib.nullcontext():
                send()
            while given in finished:
                yield finished.pop(given)
                given += 1
    except BaseException:
        stop.set()
        for future in running:
            future.cancel()
        if owned:
            assert isinstance(executor, concurrent.futures.ProcessPoolExecutor)
            with _signals_held():  # a second Ctrl-C must not cut the clean-up short
                _stop(executor)
        raise
    if owned:
        executor.shutdown()


# -- progress ---------------------------------------------------------------------------


class _Bar:
    """Games done out of ``total``: tqdm's bar when it is installed, else a plain one."""

    def __init__(self, total: int, initial: int, show: bool) -> None:
        self.total = total
        self.initial = self.done = initial
        self.start = time.perf_counter()
        self.stream: IO[str] | None = sys.stderr if show else None
        self.tqdm: Any = None
        if show:
            with contextlib.suppress(ImportError):
                self.tqdm = importlib.import_module("tqdm.auto").tqdm(
                    total=total, initial=initial, unit="game", dynamic_ncols=True
                )

    def update(self, games: int) -> None:
        self.done += games
        if self.tqdm is not None:
            self.tqdm.update(games)
            return
        if self.stream is None:
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        elapsed = time.perf_counter() - self.start
        rate = (self.done - self.initial) / max(1e-9, elapsed)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f" {rate:.1f} games/s, {elapsed:.0f} s"
        )
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar, so that what is printed next starts a line."""
        if self.tqdm is not None:
            self.tqdm.close()
        elif self.stream is not None and 0 < self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()


def _bar(total: int, initial: int, progress: bool | None) -> _Bar:
    show = (sys.stderr.isatty() or _in_notebook()) if progress is None else progress
    return _Bar(total, initial, show)


def _in_notebook() -> bool:
    """Whether this is a Jupyter kernel (whose stderr is no terminal, yet shows a bar)."""
    ipython = sys.modules.get("IPython")
    shell = getattr(ipython, "get_ipython", lambda: None)() if ipython else None
    return type(shell).__name__ == "ZMQInteractiveShell"


_HELD: Final = frozenset({signal.SIGINT, signal.SIGTERM})


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back from this thread (and from processes forked meanwhile)."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows has no signal masks
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


_MANAGER_GRACE: Final = 1.0
"""Seconds the pool's manager thread gets to end by itself once the workers are gone."""


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancel the pool's pending games and end its processes now, not after their games."""
    # ProcessPoolExecutor has no public way to end its workers before Python 3.14
    # (terminate_workers); its process table is the one place that lists them.
    processes = list((pool._processes or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(1.0)
        if process.is_alive():
            process.kill()
            process.join()
    # Taken before shutdown, which drops the pool's references to them.
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:
        manager.join(_MANAGER_GRACE)
        if manager.is_alive():
            # A worker ended while it was sending a result leaves half a message in
            # the result pipe, and the pool's manager thread waits for the rest of
            # it for ever: this process holds the pipe's other end too, so no end
            # of file comes. With the workers gone, closing that end gives the
            # reader its end of file; the thread then finds the pool broken and
            # ends. Only then: closed under a thread still at work, the pipe makes
            # it fail with a traceback on stderr.
            writer = getattr(results, "_writer", None)
            if writer is not None:
                writer.close()
            manager.join()


_PR_SET_PDEATHSIG: Final = 1  # from <linux/prctl.h>


def _worker_started(parent: int | None) -> None:
    """Set up one worker process of :func:`simulate`'s own pool."""
    # Ctrl-C reaches the whole process group; the parent alone decides what it means.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A forked worker inherits the parent's handlers (the command line's SIGTERM
    # handler among them); a worker told to end just ends.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform == "linux":
        # End with the parent, even when it is killed and cannot stop the pool. Best
        # effort: a libc without prctl leaves the worker as it would be elsewhere.
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if parent is not None and os.getppid() != parent:
            os._exit(1)  # the parent died before prctl could take effect
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def _is_registered(game: Game[Any, Any, Any]) -> bool:
    try:
        return get_game(game.name) is game
    except GameError:
        return False

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
import itertools
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import IO, Any, Final, TypeVar

import attrs

from acreage.agents.base import Agent, FirstMoveAgent, RandomAgent
from acreage.core.chance import sample
from acreage.core.game import CHANCE, Game, GameError, get_game
from acreage.core.record import MOVES_LIMIT, GameRecord, record_of

__all__ = [
    "WORKERS_LIMIT",
    "Agent",
    "FirstMoveAgent",
    "PlayResult",
    "RandomAgent",
    "Simulation",
    "play",
    "simulate",
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

    An agent with a ``restart()`` method (a searching agent that keeps its
    tree from move to move) has it called once before the first move, so
    nothing it remembers carries over from another game.
    """
    g = _game(game)
    rules = g.rules_type() if rules is None else rules
    seats = _agents(agents, g.players(rules))
    _restart(seats)
    chance_rng = random.Random(f"acreage:{seed}:chance")
    agent_rng = random.Random(f"acreage:{seed}:agents")
    state = g.new_game(rules)
    moves: list[Any] = []
    decisions = 0
    while True:
        who = g.to_move(state)
        if who is None:
            break
        if len(moves) >= max_moves:
            raise GameError(f"{g.name}: no end after {max_moves} moves")
        if who is CHANCE:
            move = sample(g.chance_outcomes(state), chance_rng)
        else:
            move = seats[who](state, g.legal_moves(state), agent_rng)
            decisions += 1
        state = g.apply_move(state, move)
        moves.append(move)
    record = record_of(g, rules, moves, {"seed": seed, **(metadata or {})})
    return PlayResult(record, g.scores(state), g.winners(state), decisions, len(moves), state)


def _restart(seats: Sequence[Agent]) -> None:
    """Call ``restart()`` once on each agent that has one."""
    seen: set[int] = set()
    for agent in seats:
        restart = getattr(agent, "restart", None)
        if callable(restart) and id(agent) not in seen:
            seen.add(id(agent))
            restart()


# -- many games --------------------------------------------------------------------


@attrs.frozen
class Simulation:
    """The results of :func:`simulate`, in game order, and their summary."""

    game: str
    players: int
    results: tuple[PlayResult, ...]
    seconds: float

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self) -> tuple[Fraction, ...]:
        """Wins per seat; a shared win counts 1/k for each of the k winners."""
        wins = [Fraction(0)] * self.players
        for r in self.results:
            for w in r.winners:
                wins[w] += Fraction(1, len(r.winners))
        return tuple(wins)

    def mean_scores(self) -> tuple[float, ...]:
        n = max(1, len(self.results))
        return tuple(sum(r.scores[i] for r in self.results) / n for i in range(self.players))

    def mean_decisions(self) -> float:
        return sum(r.decisions for r in self.results) / max(1, len(self.results))

    def games_per_second(self) -> float:
        return len(self.results) / self.seconds if self.seconds > 0 else float("inf")

    def table(self) -> str:
        """A plain-text summary: wins by seat, mean scores, decisions per game, speed."""
        wins = self.wins()
        means = self.mean_scores()
        lines = [
            f"{self.game}: {self.games} game{'' if self.games == 1 else 's'},"
            f" {self.players} player{'' if self.players == 1 else 's'}",
            f"{'seat':>6} {'wins':>8} {'win %':>7} {'mean score':>11}",
        ]
        for seat in range(self.players):
            pct = 100 * float(wins[seat]) / max(1, self.games)
            lines.append(f"{seat:>6} {float(wins[seat]):>8.2f} {pct:>6.1f}% {means[seat]:>11.2f}")
        lines.append(
            f"mean decisions per game {self.mean_decisions():.1f}; "
            f"{self.games_per_second():.1f} games/s"
        )
        return "\n".join(lines)


J = TypeVar("J")
T = TypeVar("T")

_Job = tuple[Any, Any, Any, str]
"""One game for a worker: the game (or its name), rules, agents and seed."""

WORKERS_LIMIT: Final = 256
"""The most worker processes :func:`simulate` starts."""


def _play_one(args: _Job) -> PlayResult:
    game, rules, agents, seed = args
    result = play(_game(game), rules, agents, seed)
    return attrs.evolve(result, state=None)


class _Progress:
    def __init__(self, total: int, stream: IO[str] | None) -> None:
        self.total = total
        self.stream = stream
        self.start = time.perf_counter()
        self.done = 0

    def step(self) -> None:
        self.done += 1
        if self.stream is None:
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        rate = self.done / max(1e-9, time.perf_counter() - self.start)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {rate:.1f} games/s"
        )
        if self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()

    def close(self) -> None:
        """End a bar that stopped part way, so what is printed next starts a line."""
        if self.stream is not None and 0 < self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()


def simulate(
    game: Game[Any, Any, Any] | str,
    games: int = 100,
    *,
    rules: Any = None,
    agents: Agent | Sequence[Agent] | None = None,
    seed: int | str = 0,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> Simulation:
    """Play ``games`` games and summarise them.

    Game ``i`` is played with seed ``f"{seed}/{i}"``, so the results do not
    depend on ``workers`` or on the executor. ``workers > 1`` (at most
    :data:`WORKERS_LIMIT`) runs a process pool of its own (agents must then
    be picklable); ``executor`` takes any :class:`concurrent.futures.Executor`
    instead, and every game is submitted to it at once. ``progress`` shows a
    bar on stderr; by default only when stderr is a terminal.

    An exception stops the run at once, Ctrl-C (``KeyboardInterrupt``)
    included: games not started are cancelled, and the processes of the
    pool ``simulate`` started are terminated before the exception goes on
    (a given ``executor`` is left running; only its pending games are
    cancelled). Worker processes ignore Ctrl-C themselves, so the parent
    alone decides, and on Linux they end when their parent dies.
    """
    g = _game(game)
    if games < 0:
        raise ValueError(f"games must be >= 0, not {games}")
    if not 1 <= workers <= WORKERS_LIMIT:
        raise ValueError(f"workers must be 1 to {WORKERS_LIMIT}, not {workers}")
    rules = g.rules_type() if rules is None else rules
    seats = _agents(agents, g.players(rules))
    # Registered games travel to worker processes by name.
    ref = portable_game(g)
    jobs = ((ref, rules, seats, f"{seed}/{i}") for i in range(games))
    start = time.perf_counter()
    results = run_jobs(
        _play_one, jobs, games, workers=workers, executor=executor, progress=progress
    )
    seconds = time.perf_counter() - start
    return Simulation(g.name, g.players(rules), tuple(results), seconds)


def run_jobs(
    work: Callable[[J], T],
    jobs: Iterable[J],
    count: int,
    *,
    workers: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> list[T]:
    """``[work(job) for job in jobs]``, one game per job, in this process or in parallel.

    ``count`` is the number of jobs (``jobs`` may be a generator, read as
    workers become free). The engine of :func:`simulate` and :func:`acreage.tournament`: with
    ``workers > 1`` a process pool of its own (``work`` and the jobs must
    then be picklable), with ``executor`` any executor, and a progress bar
    on stderr when ``progress`` (by default, when stderr is a terminal). An
    exception or Ctrl-C stops the run as :func:`simulate` describes.
    """
    if not 1 <= workers <= WORKERS_LIMIT:
        raise ValueError(f"workers must be 1 to {WORKERS_LIMIT}, not {workers}")
    show = sys.stderr.isatty() if progress is None else progress
    bar = _Progress(count, sys.stderr if show else None)
    try:
        if executor is not None:
            return _collect(executor, work, jobs, bar)
        if workers > 1 and count > 1:
            return _collect_in_pool(min(workers, count), work, jobs, bar)
        results = []
        for job in jobs:
            results.append(work(job))
            bar.step()
        return results
    finally:
        bar.close()


def portable_game(game: Game[Any, Any, Any]) -> Game[Any, Any, Any] | str:
    """``game`` as a job sends it to a worker: a registered game by name, any other whole."""
    return game.name if _is_registered(game) else game


def _collect(
    executor: concurrent.futures.Executor,
    work: Callable[[J], T],
    jobs: Iterable[J],
    bar: _Progress,
) -> list[T]:
    """Every job's result from a caller's executor, in job order."""
    futures = [executor.submit(work, job) for job in jobs]
    try:
        for future in concurrent.futures.as_completed(futures):
            future.result()  # the first failure stops the run
            bar.step()
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [future.result() for future in futures]


def _collect_in_pool(
    workers: int, work: Callable[[J], T], jobs: Iterable[J], bar: _Progress
) -> list[T]:
    """Every job's result from a process pool of our own, in job order.

    A few games per worker are in flight at a time, so a long run holds few
    futures and an interrupted one has little to cancel.
    """
    context = multiprocessing.get_context()
    # A forkserver's children are the server's, not ours: they die with the server,
    # which ends when this process does.
    parent = None if context.get_start_method() == "forkserver" else os.getpid()
    pool = concurrent.futures.ProcessPoolExecutor(
        workers, mp_context=context, initializer=_worker_started, initargs=(parent,)
    )
    running: dict[concurrent.futures.Future[T], int] = {}
    results: dict[int, T] = {}

    numbered = enumerate(jobs)

    def submit(count: int) -> None:
        for i, job in itertools.islice(numbered, count):
            running[pool.submit(work, job)] = i

    try:
        with _signals_held():  # the workers forked here start with Ctrl-C held
            submit(4 * workers)
        while running:
            done, _ = concurrent.futures.wait(
                running, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                results[running.pop(future)] = future.result()
                bar.step()
            submit(len(done))
    except BaseException:
        with _signals_held():  # a second Ctrl-C must not cut the clean-up short
            _stop(pool)
        raise
    pool.shutdown()
    return [results[i] for i in range(len(results))]


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


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancel the pool's pending games and end its processes now, not after their games."""
    # ProcessPoolExecutor has no public way to end its workers before Python 3.14
    # (terminate_workers); its process table is the one place that lists them.
    processes = list((pool._processes or {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(1.0)
        if process.is_alive():
            process.kill()
            process.join()


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

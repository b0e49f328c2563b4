"""The ``acreage`` command: list, play, simulate and replay games.

    acreage games
    acreage play fence-em-in --players 3 --seed 1 --show
    acreage play crazy-farmers --players 1 --rule mode=mad-cow
    acreage play fence-em-in --human 0 --agents mcts:iterations=400
    acreage simulate crazy-farmers --games 200 --workers 2 --out games.jsonl
    acreage simulate fence-em-in --games 1000000 --results results.parquet --resume
    acreage simulate fence-em-in --games 1000000 --scheduler tcp://10.0.0.5:8786 --results r.csv
    acreage replay games.jsonl
    acreage replay game.json --to 12 --show
    acreage tournament fence-em-in --agents random,greedy,mcts:iterations=200 --games 40
    acreage balance fence-em-in --agent greedy --games 200 --against-rule rounds=8 --chart b.svg

Every error is one line on stderr, never a traceback, and the exit status
says what happened:

exit status:
  0    success (with --human also when you quit or the input ends)
  1    the work failed: a record in the replayed file is not a valid record
       or does not replay, a game failed while being played, or the output
       could not be written
  2    usage error: a bad option or value, an unknown game, rules the game
       refuses, a file to replay that cannot be opened, an --out or
       --results file that cannot be created or resumed, a --scheduler
       that cannot be reached
  130  interrupted by Ctrl-C (SIGINT)
  143  stopped by SIGTERM

``play --out``, ``--json`` and ``--chart`` are created before the first game
and written whole at the end (through a temporary file beside it), so each is
complete or absent, never half-written. ``simulate --out`` and ``--results``
are written as games finish, through ``NAME.part`` beside each, and made whole
when the command ends, Ctrl-C and SIGTERM included: they then hold every game
finished, and ``--resume`` continues from there (see :mod:`acreage.streaming`).
Ctrl-C or SIGTERM during ``simulate --workers K`` stops the worker processes at once.
"""

from __future__ import annotations

import argparse
import concurrent.futures.process
import contextlib
import importlib
import json
import os
import re
import secrets
import signal
import stat
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import IO, Any, Final, NoReturn

from acreage.agents.spec import AgentSpecError, make_agent
from acreage.analysis import balance, tournament
from acreage.core.game import CHANCE, Game, GameError, check_seat, games, get_game, shorten
from acreage.core.position import POSITION_TEXT_LIMIT, load_position
from acreage.core.record import RECORD_TEXT_LIMIT, GameRecord, replay
from acreage.human import hint_agent, play_human
from acreage.play import WORKERS_LIMIT, play, simulate
from acreage.streaming import OutputError, results_format

__all__ = ["EXIT_STATUS", "main"]

OK: Final = 0
FAILED: Final = 1
USAGE: Final = 2
INTERRUPTED: Final = 128 + signal.SIGINT
TERMINATED: Final = 128 + signal.SIGTERM

EXIT_STATUS: Final = """\
exit status:
  0    success (with --human also when you quit or the input ends)
  1    the work failed: a record in the replayed file is not a valid record
       or does not replay, a game failed while being played, or the output
       could not be written
  2    usage error: a bad option or value, an unknown game, rules the game
       refuses, a file to replay that cannot be opened, an --out or
       --results file that cannot be created or resumed, a --scheduler
       that cannot be reached
  130  interrupted by Ctrl-C (SIGINT)
  143  stopped by SIGTERM
"""
"""The exit codes of ``acreage``, as ``acreage --help`` prints them."""

GAMES_LIMIT: Final = 1_000_000_000
"""The most games one ``simulate`` plays (a bound against typing mistakes: memory stays
flat however many games, the files hold them)."""

TOURNAMENT_GAMES_LIMIT: Final = 1_000_000
"""The most games one ``tournament`` or ``balance`` plays."""

FRESH_SEEDS: Final = 1_000_000
"""``play --human`` without ``--seed`` draws its seed below this: short enough to retype."""

_MESSAGE_LIMIT: Final = 500


class _UsageError(Exception):
    """The command cannot start as given (exit status 2)."""


class _Failed(Exception):
    """The command started and its work failed (exit status 1)."""


class _Stopped(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C so that clean-up runs the same way."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")


def _shown(path: str) -> str:
    """A path for a one-line message."""
    return path if path.isprintable() else shorten(path)


def _whole(low: int, high: int | None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        digits = text.strip()
        if not re.fullmatch(r"[+-]?[0-9]+", digits):
            raise argparse.ArgumentTypeError(f"{shorten(text)} is not a whole number")
        # Past 18 digits the number is out of every range here; Python would refuse
        # to convert one of thousands of digits anyway.
        if len(digits.lstrip("+-")) > 18:
            side = "small" if digits.startswith("-") else "large"
            raise argparse.ArgumentTypeError(f"{shorten(text)} is too {side}")
        value = int(digits)
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is not at least {low}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{value} is more than {high}")
        return value

    return parse


def _rule(text: str) -> tuple[str, Any]:
    """``key=value``; the value is read as JSON when it can be (3, true, [1, 2]), else as text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{shorten(text)} is not KEY=VALUE")

    def number(digits: str) -> int:
        # Python refuses to convert thousands of digits; no rule takes a number near that.
        if len(digits.lstrip("-")) > 100:
            raise argparse.ArgumentTypeError(
                f"{shorten(key)}: a number of {len(digits.lstrip('-'))} digits is far too large"
            )
        return int(digits)

    try:
        return key, json.loads(value, parse_int=number)
    except json.JSONDecodeError:
        return key, value
    except RecursionError:
        raise argparse.ArgumentTypeError(
            f"{shorten(key)}: the value is nested too deeply"
        ) from None


def _seat_list(text: str) -> list[int]:
    """An argparse type: seats separated by commas (``0`` or ``0,2``), each once."""
    seats = [_whole(0, None)(part) for part in text.split(",")]
    twice = sorted({s for s in seats if seats.count(s) > 1})
    if twice:
        raise argparse.ArgumentTypeError(f"seat {twice[0]} is named twice")
    return seats


def _seed(text: str) -> int | str:
    """A seed: a whole number when it is one of modest size, else the text itself.

    Both give the same games (the seed is used as text); the number is what
    the record's metadata holds.
    """
    return int(text) if re.fullmatch(r"-?[0-9]{1,60}", text) else text


def _add_rules_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=_whole(1, None))
    p.add_argument(
        "--rule",
        type=_rule,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a Rules field (repeatable), e.g. --rule mode=mad-cow",
    )


def _add_run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--workers",
        type=_whole(1, WORKERS_LIMIT),
        default=1,
        help=f"worker processes (1 to {WORKERS_LIMIT})",
    )
    p.add_argument("--seed", default="0")
    p.add_argument("--json", help="write the results (every game and the summaries) as JSON")
    p.add_argument(
        "--chart", help="draw the results to this file (.svg or .png; needs acreage[plot])"
    )


def _parser() -> _Parser:
    parser = _Parser(
        prog="acreage",
        description="Rules engines for farm-and-fence board games.",
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list the games")
    p = sub.add_parser(
        "play",
        help="play one game: agents in every seat, or you in some (--human)",
        description="Play one game. Agents play every seat, or with --human you play some"
        " seats at the terminal: type a move's number, its text or its start at each"
        " decision ('help' lists the commands: list, board, hint, undo, help, quit).",
    )
    p.add_argument("game")
    _add_rules_options(p)
    p.add_argument(
        "--seed",
        help="fixes chance and the agents (default 0; with --human a fresh seed, printed)",
    )
    p.add_argument("--show", action="store_true", help="print the board after every decision")
    p.add_argument("--out", help="write the game record (JSON) to this file")
    p.add_argument(
        "--from",
        dest="start",
        metavar="FILE",
        help="start from the position in FILE (JSON, as replay --position writes, or the"
        " game's position text) under the rules of --players/--rule; or from the end of"
        " the game recorded in FILE (a record: its own rules)",
    )
    p.add_argument(
        "--human",
        type=_seat_list,
        metavar="SEATS",
        help="play these seats yourself at the terminal, e.g. 0 or 0,2",
    )
    p.add_argument(
        "--agents",
        help="the agents of the seats no person plays, in seat order, or one for all of them"
        " (default random): random, first, greedy, mcts, ismcts, with options as for"
        " tournament (mcts:iterations=400)",
    )
    p.add_argument(
        "--hint",
        metavar="AGENT",
        help="with --human, the agent 'hint' asks (default: mcts, or ismcts in a game"
        " with hidden cards, 1000 iterations)",
    )
    s = sub.add_parser("simulate", help="play many games and summarise them")
    s.add_argument("game")
    s.add_argument("--games", type=_whole(1, GAMES_LIMIT), required=True)
    _add_rules_options(s)
    s.add_argument(
        "--workers",
        type=_whole(1, WORKERS_LIMIT),
        default=1,
        help=f"worker processes (1 to {WORKERS_LIMIT})",
    )
    s.add_argument("--seed", default="0")
    s.add_argument(
        "--out", help="write each game's record to this file as games finish (JSON lines)"
    )
    s.add_argument(
        "--results",
        help="write each game's result row to this file as games finish"
        " (.parquet, with acreage[parquet], or .csv)",
    )
    s.add_argument(
        "--resume",
        action="store_true",
        help="continue the run that wrote --out/--results: keep its games, play the rest",
    )
    s.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play on a Dask cluster, e.g. tcp://host:8786 (needs acreage[dask])",
    )
    s.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        help="show a progress bar (by default only when stderr is a terminal)",
    )
    t = sub.add_parser(
        "tournament",
        help="play agents against each other in every seating",
        description="Play the agents against each other, every agent in every seat equally"
        " often, and report wins with 95%% intervals, scores and game lengths by agent and"
        " by seat. AGENTS is a comma-separated list of agent texts: random, first, greedy,"
        " mcts, ismcts, each optionally with options (mcts:iterations=200,rollout_depth=0).",
    )
    t.add_argument("game")
    t.add_argument("--agents", required=True, help="e.g. random,greedy,mcts:iterations=200")
    t.add_argument(
        "--games",
        type=_whole(1, TOURNAMENT_GAMES_LIMIT),
        default=100,
        help="games in all, rounded up to a whole number of rounds of every seating",
    )
    _add_rules_options(t)
    _add_run_options(t)
    b = sub.add_parser(
        "balance",
        help="one agent in every seat: seat advantage, scores, lengths, end conditions",
        description="Play one agent in every seat and report each seat's wins with 95%%"
        " intervals, the score and game-length distributions and how often each end"
        " condition ends the game. With --against-rule, play a second ruleset (the same"
        " rules with those fields changed) on the same seeds and report each difference"
        " with its 95%% interval.",
    )
    b.add_argument("game")
    b.add_argument("--agent", default="mcts", help="the agent text (default mcts)")
    b.add_argument("--games", type=_whole(1, TOURNAMENT_GAMES_LIMIT), default=100)
    _add_rules_options(b)
    b.add_argument(
        "--against-rule",
        type=_rule,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a field of the second ruleset (repeatable), e.g. --against-rule rounds=8",
    )
    _add_run_options(b)
    r = sub.add_parser(
        "replay",
        help="replay records and check them",
        description="Replay every record in FILE and check every move. FILE holds JSON lines"
        " (one record per line, as simulate --out writes) or one indented record whose"
        " first line is a lone '{' (as play --out writes).",
    )
    r.add_argument("file")
    r.add_argument("--show", action="store_true", help="print the final board of each game")
    r.add_argument(
        "--to",
        type=_whole(0, None),
        metavar="N",
        help="print the board after move N of each game (0: the start; chance outcomes"
        " count as moves, as in the record)",
    )
    r.add_argument(
        "--position",
        metavar="OUT",
        help="write the position after move N (--to), or at the end, to OUT: JSON data, or"
        " the game's position text when OUT ends in .txt (play --from starts there); the"
        " file must hold one record",
    )
    return parser


# -- setting up: every problem here is a usage error --------------------------------


def _game(name: str) -> Game[Any, Any, Any]:
    try:
        return get_game(name)
    except GameError as e:
        raise _UsageError(f"acreage: {e}") from None


def _rules(
    game: Game[Any, Any, Any], args: argparse.Namespace, extra: Sequence[tuple[str, Any]] = ()
) -> Any:
    data: dict[str, Any] = dict(args.rule)
    data.update(extra)
    if args.players is not None:
        data["players"] = args.players
    try:
        return game.rules(data) if data else game.rules()
    except GameError as e:
        raise _UsageError(f"acreage: {e}") from None


class _Output:
    """A file that is written whole or not at all.

    The file is opened (created, for a new one) before any game is played,
    so a path that cannot be written fails at once. A regular file is written
    to a temporary file beside it and renamed over it by :meth:`commit`;
    anything else (``/dev/null``, a pipe) is written directly.
    """

    def __init__(self, path: str, binary: bool = False) -> None:
        self.path = path
        self.temporary: Path | None = None
        self.mode: int | None = None
        target = Path(path)
        try:
            info = target.stat() if target.exists() else None
            if info is not None and stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(21, "Is a directory")
            if info is not None and not stat.S_ISREG(info.st_mode):
                self.stream: IO[Any] = (
                    open(target, "wb")  # noqa: SIM115
                    if binary
                    else open(target, "w", encoding="utf-8")  # noqa: SIM115
                )
                return
            if info is not None and not os.access(target, os.W_OK):
                raise PermissionError(13, "Permission denied")
            self.mode = None if info is None else stat.S_IMODE(info.st_mode)
            self.temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.part")
            # 0o666 less the umask: the permissions a plain open() would give.
            fd = os.open(self.temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            self.stream = (
                open(fd, "wb")  # noqa: SIM115
                if binary
                else open(fd, "w", encoding="utf-8")  # noqa: SIM115
            )
        except (OSError, ValueError) as e:
            raise _UsageError(f"acreage: cannot write {_shown(path)}: {_reason(e)}") from None

    def write(self, text: str | bytes) -> None:
        try:
            self.stream.write(text)
        except OSError as e:
            raise _Failed(f"acreage: cannot write {_shown(self.path)}: {_reason(e)}") from None

    def commit(self) -> None:
        """Finish the file: it now holds everything written, or (on error) is as before."""
        try:
            self.stream.close()
            if self.temporary is not None:
                if self.mode is not None:
                    os.chmod(self.temporary, self.mode)
                os.replace(self.temporary, self.path)
                self.temporary = None
        except OSError as e:
            raise _Failed(f"acreage: cannot write {_shown(self.path)}: {_reason(e)}") from None

    def discard(self) -> None:
        """Leave the file as it was before the command."""
        with contextlib.suppress(OSError):
            self.stream.close()
        if self.temporary is not None:
            with contextlib.suppress(OSError):
                self.temporary.unlink()


@contextlib.contextmanager
def _output(path: str | None, binary: bool = False) -> Iterator[_Output | None]:
    """An :class:`_Output` for ``--out`` (or ``None``), committed when the block succeeds."""
    if path is None:
        yield None
        return
    out = _Output(path, binary)
    try:
        yield out
        out.commit()
    finally:
        out.discard()


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


# -- the commands -------------------------------------------------------------------


def _seats(winners: tuple[int, ...]) -> str:
    return " ".join(map(str, winners)) if winners else "none"


def _cmd_games() -> None:
    for name, game in games().items():
        print(f"{name:<18} {game.title}")


def _seat_agents(
    game: Game[Any, Any, Any], text: str | None, seats: Sequence[int]
) -> dict[int, Any]:
    """The agent of each of ``seats`` from ``--agents`` (one text for all, or one per seat);
    random agents without it."""
    if text is None:
        return {}
    if not seats:
        raise _UsageError("acreage: --agents: every seat is played by a person")
    texts = _agent_texts(text)
    if len(texts) == 1:
        texts *= len(seats)
    if len(texts) != len(seats):
        raise _UsageError(
            f"acreage: --agents names {len(texts)} agents for {len(seats)} seats"
            f" ({', '.join(map(str, seats))}): name one for each, or one for all"
        )
    try:
        # One agent per seat: a searching agent keeps its tree between its moves.
        return {seat: make_agent(t, game) for seat, t in zip(seats, texts, strict=True)}
    except AgentSpecError as e:
        raise _UsageError(f"acreage: --agents: {e}") from None


def _start(game: Game[Any, Any, Any], args: argparse.Namespace) -> tuple[Any, Any]:
    """The rules and the first state of ``play``: the game's start under the options'
    rules, or ``--from``: a position under them, or the end of a recorded game under its
    own rules."""
    if args.start is None:
        return _rules(game, args), None
    if game.from_position is None:
        raise _UsageError(f"acreage: --from: {game.name} has no positions")
    try:
        with open(args.start, "rb") as f:
            text = f.read(POSITION_TEXT_LIMIT * 4 + 1)
    except (OSError, ValueError) as e:
        raise _UsageError(f"acreage: cannot read {_shown(args.start)}: {_reason(e)}") from None
    where = _shown(args.start)
    if re.match(rb"(\xef\xbb\xbf)?\s*\{", text) and b'"moves"' in text:
        # A record, not a position: play on from where it ends, under its rules.
        record = _record(text, where)
        if record.game != game.name:
            raise _UsageError(f"acreage: --from: {where} records {record.game}, not {game.name}")
        if args.players is not None or args.rule:
            raise _UsageError(
                f"acreage: --from: {where} is a record, which holds its own rules:"
                " leave out --players and --rule"
            )
        try:
            states = replay(record, game)
        except GameError as e:
            raise _Failed(f"acreage: {where}: {e}") from None
        return game.rules(record.rules), states[-1]
    rules = _rules(game, args)
    try:
        return rules, load_position(game, rules, text)
    except GameError as e:
        raise _Failed(f"acreage: {where}: {e}") from None


def _cmd_play(args: argparse.Namespace) -> None:
    game = _game(args.game)
    rules, start = _start(game, args)
    if args.human is not None:
        _cmd_play_human(game, rules, args, start)
        return
    if args.hint is not None:
        raise _UsageError("acreage: --hint answers a person: give --human too")
    players = game.players(rules)
    chosen = _seat_agents(game, args.agents, range(players))
    agents = [chosen[s] for s in range(players)] if chosen else None
    with _output(args.out) as out:
        result = play(game, rules, agents=agents, seed=_seed(args.seed or "0"), start=start)
        if out is not None:
            out.write(result.record.to_json(indent=1) + "\n")
    if args.show:
        for state, text in zip(
            replay(result.record, game), (*result.record.moves, None), strict=True
        ):
            if game.to_move(state) is not CHANCE or text is None:
                print(game.render_text(state))
                print()
            if text is not None:
                who = game.to_move(state)
                print(f">>> {'chance' if who is CHANCE else f'player {who}'}: {text}")
    print(f"scores {' '.join(map(str, result.scores))}; winners {_seats(result.winners)}")
    print(f"{result.decisions} decisions, {result.moves} moves")


def _cmd_play_human(
    game: Game[Any, Any, Any], rules: Any, args: argparse.Namespace, start: Any
) -> None:
    """``play --human``: people play the seats named, agents the others."""
    players = game.players(rules)
    try:
        humans = [check_seat(seat, players) for seat in args.human]
    except GameError as e:
        raise _UsageError(f"acreage: --human: {e}") from None
    agents = _seat_agents(game, args.agents, [s for s in range(players) if s not in humans])
    try:
        hint = hint_agent(game) if args.hint is None else make_agent(args.hint, game)
    except AgentSpecError as e:
        raise _UsageError(f"acreage: --hint: {e}") from None
    seed = _seed(args.seed) if args.seed is not None else secrets.randbelow(FRESH_SEEDS)
    with _output(args.out) as out:
        print(f"seed {seed} (the same seed and the same moves play this game again)")
        result = play_human(
            game,
            rules,
            humans,
            agents,
            seed,
            hint=hint,
            read=_reader(),
            show=args.show,
            start=start,
        )
        if out is not None:
            out.write(result.record.to_json(indent=1) + "\n")


def _reader() -> Callable[[str], str]:
    """How a person's lines are read: ``input`` with line editing at a terminal; from a
    file or a pipe, each line is echoed after the prompt, so the output reads as a session."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            importlib.import_module("readline")  # line editing and history for input()
        return input

    def echoing(prompt: str) -> str:
        line = input(prompt)
        print(line)
        return line

    return echoing


def _cmd_simulate(args: argparse.Namespace) -> None:
    game = _game(args.game)
    rules = _rules(game, args)
    if args.resume and args.out is None and args.results is None:
        raise _UsageError("acreage: --resume continues the files of a run: give --out or --results")
    if args.scheduler is not None and args.workers > 1:
        raise _UsageError("acreage: --workers and --scheduler: the cluster's workers play")
    if args.results is not None:
        try:
            results_format(args.results)
        except (ValueError, ImportError) as e:
            raise _UsageError(f"acreage: --results: {e}") from None
    with _dask_client(args.scheduler) as client:
        try:
            sim = simulate(
                game,
                args.games,
                rules=rules,
                seed=_seed(args.seed),
                workers=args.workers,
                client=client,
                out=args.out,
                results=args.results,
                resume=args.resume,
                keep="summary",
                progress=args.progress,
            )
        except OutputError as e:
            raise _UsageError(f"acreage: {e}") from None
    print(sim.table())
    for path in (args.out, args.results):
        if path is not None:
            print(f"wrote {_shown(path)}: {sim.games} game{'' if sim.games == 1 else 's'}")


@contextlib.contextmanager
def _dask_client(address: str | None) -> Iterator[Any]:
    """A Dask client of the scheduler at ``address`` (``None`` for none), closed at the end."""
    if address is None:
        yield None
        return
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise _UsageError("acreage: --scheduler needs Dask: pip install acreage[dask]") from None
    try:
        client = distributed.Client(address, timeout="10s", set_as_default=False)
    except (OSError, ValueError, TypeError) as e:
        raise _UsageError(
            f"acreage: cannot reach the scheduler at {shorten(address)}: {_reason(e)}"
        ) from None
    try:
        yield client
    finally:
        with contextlib.suppress(Exception):
            client.close()


def _agent_texts(text: str) -> list[str]:
    """Agent texts from ``--agents``: split at commas, where a ``key=value`` piece with no
    ``:`` continues the options of the agent before it (``mcts:iterations=9,rollout_depth=0``)."""
    texts: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and texts:
            texts[-1] += f",{piece}"
        else:
            texts.append(piece)
    if not texts:
        raise _UsageError("acreage: --agents names no agent")
    return texts


def _chart_format(path: str | None) -> None:
    """Check ``--chart`` before any game is played: a known suffix, matplotlib installed."""
    if path is None:
        return
    from acreage.plots import format_of

    try:
        format_of(path)
        importlib.import_module("matplotlib")
    except ValueError as e:
        raise _UsageError(f"acreage: --chart: {e}") from None
    except ImportError:
        raise _UsageError("acreage: --chart needs matplotlib: pip install acreage[plot]") from None


def _write_results(args: argparse.Namespace, run: Callable[[], Any]) -> Any:
    """Open ``--json`` and ``--chart``, run the games, then write and commit both."""
    with _output(args.json) as out_json, _output(args.chart, binary=True) as out_chart:
        results = run()
        if out_json is not None:
            out_json.write(results.to_json() + "\n")
        if out_chart is not None:
            from acreage.plots import format_of

            out_chart.write(results.chart().to_bytes(format_of(args.chart)))
    return results


def _cmd_tournament(args: argparse.Namespace) -> None:
    game = _game(args.game)
    rules = _rules(game, args)
    _chart_format(args.chart)
    texts = _agent_texts(args.agents)
    twice = sorted({t for t in texts if texts.count(t) > 1})
    if twice:
        raise _UsageError(f"acreage: --agents names {', '.join(twice)} twice")
    try:
        agents = {text: make_agent(text, game) for text in texts}
    except AgentSpecError as e:
        raise _UsageError(f"acreage: --agents: {e}") from None
    results = _write_results(
        args,
        lambda: tournament(
            game, agents, args.games, rules=rules, seed=_seed(args.seed), workers=args.workers
        ),
    )
    print(results.table())


def _cmd_balance(args: argparse.Namespace) -> None:
    game = _game(args.game)
    rules = _rules(game, args)
    against = _rules(game, args, args.against_rule) if args.against_rule else None
    _chart_format(args.chart)
    try:
        agent = make_agent(args.agent, game)
    except AgentSpecError as e:
        raise _UsageError(f"acreage: --agent: {e}") from None
    results = _write_results(
        args,
        lambda: balance(
            game,
            agent,
            args.games,
            rules=rules,
            against=against,
            seed=_seed(args.seed),
            workers=args.workers,
            name=args.agent,
        ),
    )
    print(results.table())


_BOM: Final = b"\xef\xbb\xbf"


def _records(path: str) -> Iterator[tuple[str, GameRecord]]:
    """Each record in the file at ``path``, with where it is for messages.

    The file is JSON lines, or one indented record whose first line is a
    lone ``{``. It is read a line at a time, each line at most
    :data:`~acreage.core.record.RECORD_TEXT_LIMIT` long, so a huge file
    takes no more memory than its longest record.
    """
    try:
        f = open(path, "rb")  # noqa: SIM115
    except (OSError, ValueError) as e:
        raise _UsageError(f"acreage: cannot read {_shown(path)}: {_reason(e)}") from None
    with f:
        number = 0
        found = False
        while line := f.readline(RECORD_TEXT_LIMIT + 1):
            number += 1
            where = f"{_shown(path)} line {number}"
            if not line.strip():
                continue
            if not found and line.strip().removeprefix(_BOM) == b"{":
                # One indented record: the rest of the file (JSON errors give their own line).
                text = line + f.read(RECORD_TEXT_LIMIT + 1 - len(line))
                yield _shown(path), _record(text, _shown(path))
                return
            found = True
            yield where, _record(line, where)
    if not found:
        raise _Failed(f"acreage: {_shown(path)} holds no records")


def _record(text: bytes, where: str) -> GameRecord:
    try:
        return GameRecord.from_json(text)
    except GameError as e:
        raise _Failed(f"acreage: {where}: {e}") from None


def _cmd_replay(args: argparse.Namespace) -> None:
    if args.position is not None:
        # Created (and checked writable) before anything is replayed, written at the end.
        with _output(args.position) as out:
            chosen = _replay_records(args)
            assert out is not None
            assert chosen is not None  # a file without records is refused
            game, state = chosen
            if game.to_position is None or game.position_text is None:
                raise _UsageError(f"acreage: --position: {game.name} has no positions")
            if args.position.endswith(".txt"):
                out.write(game.position_text(state) + "\n")
            else:
                out.write(json.dumps(game.to_position(state), indent=1) + "\n")
        print(f"wrote the position to {_shown(args.position)}")
        return
    _replay_records(args)


def _replay_records(args: argparse.Namespace) -> tuple[Game[Any, Any, Any], Any] | None:
    """Replay and report every record of ``args.file``; with ``--position`` (one record
    only), its game and the state ``--to`` names or its last."""
    games = moves = ended = 0
    chosen: tuple[Game[Any, Any, Any], Any] | None = None
    for i, (where, record) in enumerate(_records(args.file)):
        if args.position is not None and i > 0:
            raise _UsageError(
                f"acreage: --position: {_shown(args.file)} holds more than one record:"
                " which game's position to write?"
            )
        try:
            states = replay(record)
        except GameError as e:
            raise _Failed(f"acreage: {where}: {e}") from None
        except MemoryError:
            raise _Failed(f"acreage: {where}: out of memory") from None
        game = get_game(record.game)
        final = states[-1]
        games += 1
        moves += len(record.moves)
        ended += game.is_terminal(final)
        seed = record.metadata.get("seed")
        about = f"{record.game}{'' if seed is None else f' seed {seed}'}"
        at = args.to if args.to is not None and args.to < len(record.moves) else len(record.moves)
        chosen = game, states[at]
        if at < len(record.moves):
            state = states[at]
            print(game.render_text(state))
            who = game.to_move(state)
            last = f" ({record.moves[args.to - 1]})" if args.to else ""
            print(
                f"game {i + 1}: {about}, after move {args.to}{last} of {len(record.moves)};"
                f" {'chance' if who is CHANCE else f'player {who}'} to move;"
                f" scores now {' '.join(map(str, game.scores(state)))}"
            )
            continue
        if args.show or args.to is not None:
            print(game.render_text(final))
        scores = " ".join(map(str, game.scores(final)))
        winners = _seats(game.winners(final))
        status = "ended" if game.is_terminal(final) else "unfinished"
        print(
            f"game {i + 1}: {about}, {len(record.moves)} moves, {status};"
            f" scores {scores}; winners {winners}"
        )
    print(
        f"replayed {games} game{'' if games == 1 else 's'} from {_shown(args.file)}:"
        f" {moves} moves, every one legal; {ended} complete, {games - ended} incomplete"
    )
    return chosen


# -- the entry point ----------------------------------------------------------------


def _say(message: str) -> None:
    """Print one line on stderr, however long or many-lined the message."""
    line = message.splitlines()[0] if message.strip() else "acreage: error"
    if len(line) > _MESSAGE_LIMIT:
        line = line[: _MESSAGE_LIMIT - 3] + "..."
    print(line, file=sys.stderr)


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise _Stopped


@contextlib.contextmanager
def _sigterm_like_ctrl_c() -> Iterator[None]:
    """While the command runs, SIGTERM raises like Ctrl-C, so its clean-up runs too."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set signal handlers
        return
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace) -> None:
    if args.command == "games":
        _cmd_games()
    elif args.command == "play":
        _cmd_play(args)
    elif args.command == "simulate":
        _cmd_simulate(args)
    elif args.command == "tournament":
        _cmd_tournament(args)
    elif args.command == "balance":
        _cmd_balance(args)
    else:
        _cmd_replay(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see :data:`EXIT_STATUS`)."""
    with _sigterm_like_ctrl_c():
        try:
            _run(_parser().parse_args(argv))
        except _Stopped:
            _say("acreage: stopped by SIGTERM")
            return TERMINATED
        except KeyboardInterrupt:
            _say("acreage: interrupted")
            return INTERRUPTED
        except _UsageError as e:
            _say(str(e))
            return USAGE
        except _Failed as e:
            _say(str(e))
            return FAILED
        except BrokenPipeError:
            _quiet_stdout()
            return OK
        except GameError as e:
            _say(f"acreage: {e}")
            return FAILED
        except concurrent.futures.process.BrokenProcessPool:
            _say("acreage: a worker process ended abruptly (out of memory?)")
            return FAILED
        except MemoryError:
            _say("acreage: out of memory")
            return FAILED
        except RecursionError:
            _say("acreage: input nested too deeply")
            return FAILED
        except (OSError, UnicodeError) as e:
            _say(f"acreage: {_reason(e)}")
            return FAILED
    return OK


def _quiet_stdout() -> None:
    """After the reader of stdout went away, stop Python's final flush from complaining."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())

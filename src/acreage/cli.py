"""The ``acreage`` command: list, play, simulate and replay games.

    acreage games
    acreage play fence-em-in --players 3 --seed 1 --show
    acreage play crazy-farmers --players 1 --rule mode=mad-cow
    acreage simulate crazy-farmers --games 200 --workers 2 --out games.jsonl
    acreage replay games.jsonl

Bad arguments print one line and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from acreage.core.game import CHANCE, Game, GameError, games, get_game
from acreage.core.record import GameRecord, replay
from acreage.play import play, simulate

__all__ = ["main"]


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def _rule(text: str) -> tuple[str, Any]:
    """``key=value``; the value is read as JSON when it can be (3, true, [1, 2]), else as text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not KEY=VALUE")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def _add_rules_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=_positive)
    p.add_argument(
        "--rule",
        type=_rule,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a Rules field (repeatable), e.g. --rule mode=mad-cow",
    )


def _parser() -> _Parser:
    parser = _Parser(prog="acreage", description="Rules engines for farm-and-fence board games.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list the games")
    p = sub.add_parser("play", help="play one game with random agents")
    p.add_argument("game")
    _add_rules_options(p)
    p.add_argument("--seed", default="0")
    p.add_argument("--show", action="store_true", help="print the board after every decision")
    p.add_argument("--out", help="write the game record (JSON) to this file")
    s = sub.add_parser("simulate", help="play many games and summarise them")
    s.add_argument("game")
    s.add_argument("--games", type=_positive, required=True)
    _add_rules_options(s)
    s.add_argument("--workers", type=_positive, default=1)
    s.add_argument("--seed", default="0")
    s.add_argument("--out", help="write one JSON record per line to this file")
    r = sub.add_parser("replay", help="replay records (a JSON file or JSON lines) and check them")
    r.add_argument("file")
    r.add_argument("--show", action="store_true", help="print the final board of each game")
    return parser


def _rules(game: Game[Any, Any, Any], args: argparse.Namespace) -> Any:
    data: dict[str, Any] = dict(args.rule)
    if args.players is not None:
        data["players"] = args.players
    return game.rules(data) if data else game.rules()


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _seats(winners: tuple[int, ...]) -> str:
    return " ".join(map(str, winners)) if winners else "none"


def _cmd_games() -> None:
    for name, game in games().items():
        print(f"{name:<18} {game.title}")


def _cmd_play(args: argparse.Namespace) -> None:
    game = get_game(args.game)
    rules = _rules(game, args)
    result = play(game, rules, seed=_seed(args.seed))
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
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(result.record.to_json(indent=1) + "\n")


def _cmd_simulate(args: argparse.Namespace) -> None:
    game = get_game(args.game)
    rules = _rules(game, args)
    sim = simulate(game, args.games, rules=rules, seed=_seed(args.seed), workers=args.workers)
    print(sim.table())
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            for result in sim.results:
                f.write(result.record.to_json() + "\n")


def _read_records(path: str) -> list[GameRecord]:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise _UsageError(f"acreage replay: cannot read {path}: {e.strerror}") from None
    stripped = text.strip()
    if stripped.startswith("{") and "\n{" not in stripped:
        return [GameRecord.from_json(stripped)]
    return [GameRecord.from_json(line) for line in stripped.splitlines() if line.strip()]


def _cmd_replay(args: argparse.Namespace) -> None:
    records = _read_records(args.file)
    for i, record in enumerate(records):
        game = get_game(record.game)
        final = replay(record, game)[-1]
        if args.show:
            print(game.render_text(final))
        scores = " ".join(map(str, game.scores(final)))
        winners = _seats(game.winners(final))
        status = "ended" if game.is_terminal(final) else "unfinished"
        print(
            f"game {i + 1}: {record.game}, {len(record.moves)} moves, {status}; scores {scores}; winners {winners}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args = _parser().parse_args(argv)
        if args.command == "games":
            _cmd_games()
        elif args.command == "play":
            _cmd_play(args)
        elif args.command == "simulate":
            _cmd_simulate(args)
        else:
            _cmd_replay(args)
    except _UsageError as e:
        print(str(e).splitlines()[0], file=sys.stderr)
        return 2
    except GameError as e:
        print(f"acreage: {str(e).splitlines()[0] if str(e) else type(e).__name__}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Shared by the benchmarks: random playouts of any game, and python-chess as the yardstick.

A "decision" is one player's move: ``legal_moves`` then ``apply_move``. The
time spent on chance nodes (sampling an outcome and applying it) counts
against the game, so decisions/s is the conservative figure. python-chess
random playouts are measured in the same run, on the same machine, in plies
per second (one ply: list the legal moves, push one, test for game over).

Both sides are timed in process CPU time and interleaved in short slices
(chess, then each configuration, again and again), so other work on the
machine weighs on every side alike.
"""

from __future__ import annotations

import random
import time
from typing import Any

from acreage.core.chance import sample
from acreage.core.game import CHANCE, Game

SLICE = 0.25
"""Seconds of CPU time per side in each round: short rounds spread a burst of
load on the machine over both sides (with 0.5 s rounds, a 4-player Get Off
My Land! ratio ranged 2.0x-2.5x between runs on a busy machine)."""


class _Tally:
    def __init__(self) -> None:
        self.games = self.decisions = self.moves = 0
        self.seconds = 0.0

    def rates(self) -> dict[str, float]:
        return {
            "games_per_s": self.games / self.seconds,
            "decisions_per_s": self.decisions / self.seconds,
            "moves_per_s": self.moves / self.seconds,
            "decisions_per_game": self.decisions / max(1, self.games),
            "games": self.games,
        }


def _playouts(
    game: Game[Any, Any, Any], rules: Any, seconds: float, rng: random.Random, tally: _Tally
) -> None:
    legal_moves, apply_move, chance_outcomes = (
        game.legal_moves,
        game.apply_move,
        game.chance_outcomes,
    )
    start = time.process_time()
    deadline = start + seconds
    played = 0
    while time.process_time() < deadline or played == 0:
        state = game.new_game(rules)
        while True:
            who = state.to_move
            if who is None:
                break
            if who is CHANCE:
                move = sample(chance_outcomes(state), rng)
            else:
                options = legal_moves(state)
                move = options[rng.randrange(len(options))]
                tally.decisions += 1
            state = apply_move(state, move)
            tally.moves += 1
        played += 1
    tally.games += played
    tally.seconds += time.process_time() - start


def random_playouts(
    game: Game[Any, Any, Any], rules: Any, seconds: float = 3.0, seed: int = 0
) -> dict[str, float]:
    """Play random games for about ``seconds`` of CPU time; return games, decisions and moves per second."""
    tally = _Tally()
    _playouts(game, rules, seconds, random.Random(seed), tally)
    return tally.rates()


def _chess(seconds: float, rng: random.Random) -> tuple[int, float]:
    import chess

    plies = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline or plies == 0:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies, time.process_time() - start


def chess_plies_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    """python-chess random playouts: plies per second of CPU time."""
    plies, spent = _chess(seconds, random.Random(seed))
    return plies / spent


def compare(
    title: str,
    game: Game[Any, Any, Any],
    configs: dict[str, Any],
    seconds: float = 3.0,
    target: float = 2.0,
) -> bool:
    """Interleave python-chess and each ``label -> rules`` configuration; print the report.

    Each side gets about ``seconds`` of CPU time in all. Returns whether every
    configuration reached ``target`` times python-chess.
    """
    slices = max(6, round(seconds / SLICE))
    step = seconds / slices
    chess_rng = random.Random(0)
    rngs = {label: random.Random(i + 1) for i, label in enumerate(configs)}
    tallies = {label: _Tally() for label in configs}
    plies, spent = 0, 0.0
    for _ in range(slices):
        p, s = _chess(step, chess_rng)
        plies, spent = plies + p, spent + s
        for label, rules in configs.items():
            _playouts(game, rules, step, rngs[label], tallies[label])
    return report(title, {label: t.rates() for label, t in tallies.items()}, plies / spent, target)


def report(
    title: str, results: dict[str, dict[str, float]], chess_rate: float, target: float = 2.0
) -> bool:
    """Print one line per configuration and the ratio to python-chess; return whether all meet ``target``."""
    print(f"{title}")
    print(f"  python-chess random playouts: {chess_rate:,.0f} plies/s")
    ok = True
    for name, r in results.items():
        ratio = r["decisions_per_s"] / chess_rate
        ok &= ratio >= target
        print(
            f"  {name}: {r['games_per_s']:,.1f} games/s, {r['decisions_per_s']:,.0f} decisions/s "
            f"({r['decisions_per_game']:.0f} per game), {r['moves_per_s']:,.0f} moves/s incl. chance; "
            f"{ratio:.2f}x python-chess (target {target:.0f}x) {'OK' if ratio >= target else 'BELOW TARGET'}"
        )
    return ok

"""Shared by the benchmarks: random playouts of any game, and python-chess as the yardstick.

A "decision" is one player's move: ``legal_moves`` then ``apply_move``. The
time spent on chance nodes (sampling an outcome and applying it) counts
against the game, so decisions/s is the conservative figure. python-chess
random playouts are measured in the same run, on the same machine, in plies
per second (one ply: list the legal moves, push one, test for game over).
"""

from __future__ import annotations

import random
import time
from typing import Any

from acreage.core.chance import sample
from acreage.core.game import CHANCE, Game


def random_playouts(
    game: Game[Any, Any, Any], rules: Any, seconds: float = 3.0, seed: int = 0
) -> dict[str, float]:
    """Play random games for about ``seconds``; return games, decisions and moves per second."""
    rng = random.Random(seed)
    legal_moves, apply_move, chance_outcomes = (
        game.legal_moves,
        game.apply_move,
        game.chance_outcomes,
    )
    games = decisions = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline or games == 0:
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
                decisions += 1
            state = apply_move(state, move)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "moves_per_s": moves / elapsed,
        "decisions_per_game": decisions / games,
        "games": games,
    }


def chess_plies_per_second(seconds: float = 3.0, seed: int = 0) -> float:
    """python-chess random playouts: plies per second."""
    import chess

    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline or plies == 0:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies / (time.perf_counter() - start)


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

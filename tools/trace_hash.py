"""Behaviour fingerprint: one hash per game setup over seeded random games.

Run before and after a change that must not change behaviour (a refactor, a
speed change, hardening that only adds error paths)::

    python tools/trace_hash.py            # every game, every setup, 60 games each
    python tools/trace_hash.py --games 200 crazy-farmers

For each setup it plays seeded random games and hashes, at every state: who
moves, the legal moves' texts in order, the chance outcomes with their exact
probabilities, the rendered text, and the scores. Equal hashes mean the same
games, move for move. It does not hash the state objects themselves, so
adding a Rules field or reshaping a state's fields does not change it.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from typing import Any

from setups import SETUPS, label

import acreage
from acreage.core.chance import sample


def trace_hash(game: Any, rules: Any, games: int) -> str:
    h = hashlib.blake2b(digest_size=12)
    for seed in range(games):
        rng = random.Random(f"trace:{seed}")
        state = game.new_game(rules)
        while True:
            who = game.to_move(state)
            h.update(repr(who).encode())
            h.update(game.render_text(state).encode())
            h.update(repr(game.scores(state)).encode())
            if who is None:
                h.update(repr(game.winners(state)).encode())
                break
            legal = game.legal_moves(state)
            h.update("|".join(map(str, legal)).encode())
            if who is acreage.CHANCE:
                outcomes = game.chance_outcomes(state)
                h.update("|".join(f"{m}={p}" for m, p in outcomes).encode())
                move = sample(outcomes, rng)
            else:
                move = legal[rng.randrange(len(legal))]
            state = game.apply_move(state, move)
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="*", help="games to trace (default: all)")
    p.add_argument("--games", type=int, default=60)
    args = p.parse_args(argv)
    for name in args.game or sorted(SETUPS):
        game = acreage.get_game(name)
        for options in SETUPS[name]:
            rules = game.rules(**options)
            print(
                f"{name:<16} {label(options):<38} {trace_hash(game, rules, args.games)}", flush=True
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

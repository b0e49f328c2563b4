"""Drive a game by hand through the public API: the loop every tool is built on.

Run it with any bundled game's name (default: the first one).
"""

from __future__ import annotations

import random
import sys

import acreage
from acreage.core.chance import sample


def main(name: str | None = None) -> None:
    games = acreage.games()
    game = games[name] if name else next(iter(games.values()))
    rng = random.Random(7)
    state = game.new_game(game.rules())
    moves = []
    while (who := game.to_move(state)) is not None:
        if who is acreage.CHANCE:
            move = sample(game.chance_outcomes(state), rng)  # exact probabilities
        else:
            legal = game.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        moves.append(move)
        state = game.apply_move(state, move)  # pure: the old state is untouched
    print(game.render_text(state))
    print("scores", game.scores(state), "winners", game.winners(state))
    record = acreage.record_of(game, state.rules, moves)
    assert acreage.replay(record)[-1] == state  # rules + move texts replay exactly
    print(f"{len(moves)} moves; the record is {len(record.to_json())} bytes of JSON")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)

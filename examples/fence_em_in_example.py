"""Fence Em In: a greedy farmer against two random ones.

Plays one seeded 3-player game, prints the final table and every score sheet,
then shows that the game record (rules + move texts) replays exactly.
"""

from __future__ import annotations

import random

import acreage
from acreage import fence_em_in as fei


def greedy(state: fei.State, legal: tuple[fei.Move, ...], rng: random.Random) -> fei.Move:
    """The move that leaves this player's would-be final score highest (ties: the biggest enclosure)."""
    me = state.to_move
    assert isinstance(me, int)

    def value(move: fei.Move) -> tuple[int, int]:
        after = fei.apply_move(state, move)
        size = move.width * move.height if isinstance(move, fei.Place) else 0
        return (fei.score_sheets(after)[me].total, size)

    return max(legal, key=value)


def main() -> None:
    rules = fei.Rules(players=3)
    result = acreage.play(
        fei.GAME, rules, agents=[greedy, acreage.RandomAgent(), acreage.RandomAgent()], seed=11
    )
    print(fei.render_text(result.state))
    print()
    for seat, sheet in enumerate(fei.score_sheets(result.state)):
        print(
            f"player {seat}: {sheet.total} = {sheet.placement} placement + "
            f"{sheet.farm_board} farm board + {sheet.missions} missions + "
            f"{sheet.fertilizer} fertilizer"
        )
    record = result.record
    print(f"\n{len(record.moves)} moves, e.g. {', '.join(record.moves[20:26])}")
    assert acreage.replay(record)[-1] == result.state
    print(f"the record replays exactly ({len(record.to_json())} bytes of JSON)")


if __name__ == "__main__":
    main()

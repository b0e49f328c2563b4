"""Crazy Farmers against the Mad Cow: locking the Cow down, then whole solo and co-op games.

Run: python examples/crazy_farmers_mad_cow.py
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import acreage
from acreage import crazy_farmers as cf

SOLO = cf.Rules(players=1, mode="mad-cow")

AROUND = ("0,-2 SE", "1,-2 SW", "1,-2 SE", "2,-2 SW", "1,-1 SE", "1,-1 SW")
AROUND += ("0,0 SE", "0,0 SW", "-1,0 SE", "0,-1 SW", "-1,-1 SE")
"""A fence from the field at the top, down around 0,-1, 0,0 and 1,-1 (tractor at the end)."""


def lesson() -> None:
    """Close a fence around the Cow's plot and two more: "You win if you lock the Cow down"."""
    state = cf.scenario(
        SOLO,
        fields={0: ["0,-2", "-1,-2", "1,-3"]},
        fences={0: [*AROUND]},
        cow="0,0",
        facing="N",
        cow_field=["0,-1", "2,0"],
    )
    print("The fence runs around 0,-1, 0,0 (the Cow, @N) and 1,-1; one move closes it:")
    print(cf.render_text(state))
    state = cf.apply_move(state, cf.parse_move(state, "move NE"))
    print("\nAfter 'move NE':")
    print("\n".join(cf.render_text(state).splitlines()[-4:]))


def keen(state: cf.State, moves: Sequence[cf.Move], rng: random.Random) -> cf.Move:
    """An agent taking the move that leaves the best score (the players' plots minus the Cow's)."""

    def after(move: cf.Move) -> int:
        return cf.scores(cf.apply_move(state, move))[0]

    best = max(after(m) for m in moves)
    return rng.choice([m for m in moves if after(m) == best])


def games() -> None:
    result = acreage.play(cf.GAME, SOLO, agents=[keen], seed=4)
    final = result.state
    print(f"\nA solo game, a keen farmer against the Cow ({result.moves} moves):")
    print(cf.render_text(final))
    score = result.scores[0]
    if result.winners:
        print(f"the farmer won: score {score}, {cf.scoreboard(score)}")
    else:
        print(f"the Cow won ({final.ended}); score {score}")
    print("first moves of the record:", ", ".join(result.record.moves[:10]), "...")
    assert acreage.replay(result.record)[-1] == final  # rules + move texts replay exactly

    rules = cf.Rules(players=3, mode="mad-cow")
    ends: dict[str, int] = {}
    for seed in range(20):
        played = acreage.play(cf.GAME, rules, agents=[keen, keen, keen], seed=seed)
        ends[played.state.ended] = ends.get(played.state.ended, 0) + 1
    print("\n20 co-op games of three keen farmers end by:", dict(sorted(ends.items())))


if __name__ == "__main__":
    lesson()
    games()

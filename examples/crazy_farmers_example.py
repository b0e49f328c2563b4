"""Crazy Farmers: a lesson from a constructed position, then a whole game with a record.

Run: python examples/crazy_farmers_example.py
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import acreage
from acreage import crazy_farmers as cf


def lesson() -> None:
    """Close plot 0,-1 off with a fence and annex it."""
    state = cf.scenario(
        cf.Rules(players=2),
        fields={0: ["0,-2"], 1: ["0,2"]},
        fences={0: ["0,-2 SE", "1,-2 SW", "0,-1 SE"]},  # from the field to the tractor
        tractors={1: "0,2 SE"},
    )
    print("Player 0 (A) has pulled 2 fences around plot 0,-1:")
    print(cf.render_text(state))
    print("legal:", ", ".join(str(m) for m in cf.legal_moves(state)))
    for text in ("move W", "move NW", "move NE"):
        state = cf.apply_move(state, cf.parse_move(state, text))
    print("\nAfter 'move W', 'move NW', 'move NE' the fence touches the field again:")
    print(cf.render_text(state))
    print("main field and whole field per seat:", cf.fields(state))


def greedy(state: cf.State, moves: Sequence[cf.Move], rng: random.Random) -> cf.Move:
    """An agent that takes the move growing its main field most (ties: at random)."""
    seat = state.to_move
    assert isinstance(seat, int)

    def gain(move: cf.Move) -> int:
        return cf.fields(cf.apply_move(state, move))[seat][0]

    best = max(gain(m) for m in moves)
    return rng.choice([m for m in moves if gain(m) == best])


def game() -> None:
    rules = cf.Rules(players=3, length="fast")
    agents = [greedy, acreage.RandomAgent(), acreage.RandomAgent()]
    result = acreage.play(cf.GAME, rules, agents=agents, seed=11)
    print(
        f"\nA fast 3-player game, a greedy seat 0 against two random seats ({result.moves} moves):"
    )
    print(cf.render_text(result.state))
    print("scores", result.scores, "winners", result.winners, "ended by", result.state.ended)
    record = result.record
    print("first moves of the record:", ", ".join(record.moves[:8]), "...")
    assert acreage.replay(record)[-1] == result.state  # rules + move texts replay exactly
    svg = cf.render_svg(result.state)  # what a notebook shows for a state (_repr_svg_)
    print(f"the final board as SVG: {len(svg)} characters")


if __name__ == "__main__":
    lesson()
    game()

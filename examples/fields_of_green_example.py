"""Fields of Green through the public API: a seeded game, one farm, one player's view, the record.

Run: python examples/fields_of_green_example.py
"""

from __future__ import annotations

import random

import acreage
from acreage import fields_of_green as fog
from acreage.core.chance import sample


def main() -> None:
    rules = fog.Rules(players=3, start_player=0)
    rng = random.Random(11)
    state = fog.new_game(rules)
    moves = []
    while not fog.is_terminal(state):
        if isinstance(state.to_move, int):
            legal = fog.legal_moves(state)
            # A simple farmer: build when possible, else go to the market.
            builds = [m for m in legal if isinstance(m, fog.Build)]
            markets = [m for m in legal if isinstance(m, fog.Market)]
            move = rng.choice(builds or markets[-1:] or list(legal))
        else:
            move = sample(fog.chance_outcomes(state), rng)  # exact probabilities
        moves.append(move)
        state = fog.apply_move(state, move)
        if state.year == 2 and state.agenda and state.agenda[-1] == fog.Act(0):
            print("Year 2, what player 0 sees before acting:\n")
            print(fog.render_text(state, player=0))
            print()
    print(fog.render_text(state))
    print()
    for seat in range(rules.players):
        sheet = fog.score_sheet(state, seat)
        print(f"player {seat}: {sheet.total} points ({sheet})")
    print("winners:", fog.winners(state))
    for site in fog.farm_sites(rules, state.farms[0])[:4]:
        print(site)
    record = acreage.record_of(fog.GAME, rules, moves)
    assert acreage.replay(record)[-1] == state  # rules + move texts replay exactly
    print(f"{len(moves)} moves; first ones: {list(record.moves[:4])}")


if __name__ == "__main__":
    main()

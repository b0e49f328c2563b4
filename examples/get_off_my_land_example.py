"""Get Off My Land!: play a seeded game, look at the board, replay its record.

Then set up the rulebook's fig.7 by hand (Orange holds a tile, Teal fences
its inside) and let Orange defend with bullet holes.
"""

from __future__ import annotations

import acreage
from acreage import get_off_my_land as goml


def seeded_game() -> None:
    rules = goml.Rules(players=3)
    result = acreage.play(goml.GAME, rules, seed=11)
    final = result.state
    print(goml.render_text(final))
    print("scores", result.scores, "winners", result.winners)
    for p, bonus in enumerate(goml.end_bonuses(final)):
        print(
            f"  player {p}: oil ${bonus.oil}, equipment ${bonus.equipment}, farmhouse ${bonus.farmhouse}"
        )
    print(f"{result.decisions} decisions; the record starts:", result.record.moves[:8])
    assert acreage.replay(result.record)[-1] == final  # rules + move texts replay exactly


def steal_and_defend() -> None:
    # A 2-player board after setup (first outcome of every chance event).
    state = goml.new_game(goml.Rules(players=2))
    while not isinstance(state.decision, goml.state.Turn):
        state = goml.apply_move(state, goml.legal_moves(state)[0])
    rules = state.rules
    t = rules.tables
    # Orange (player 0) fences c3; Teal (player 1) holds c4, d3 and d4 beside it.
    # An edge both players fence holds a fence of each, each facing the tile it is
    # named from; a position lists each player's fences by the sides they stand on.
    fences = [goml.sides_around(rules, ["c3"]), goml.sides_around(rules, ["c4", "d3", "d4"])]
    implements = next(c for c in t.fence if c.bullets >= 3)
    two = next(c for c in t.fence if c.fences == 2)
    # The hands dealt at setup go back to the fence deck; each player gets one card from it.
    data = goml.to_position(state)
    deck = data["fence_deck"][0] + [label for hand in data["hands"] for label in hand]
    deck.remove(implements.label)
    deck.remove(two.label)
    state = goml.arrange(
        state,
        fences=fences,
        hands=[[implements.label], [two.label]],
        fence_deck=[deck],
        agenda=[{"task": "turn", "player": 1, "actions": 2, "fenced": False}],
    )
    print(goml.render_text(state))
    for text in (f"play {two.label} for fences", "fence c3 N inside", "fence c3 W inside"):
        state = goml.apply_move(state, goml.parse_move(state, text))
        print(">>>", text)
    print(state.decision.describe(), [str(m) for m in goml.legal_moves(state)])
    defended = goml.apply_move(state, goml.legal_moves(state)[0])
    taken = goml.apply_move(state, goml.parse_move(state, "no defence"))
    c3 = goml.tile_id(rules, "c3")
    print("defended: c3 belongs to player", goml.controller(defended, c3))
    print("not defended: c3 belongs to player", goml.controller(taken, c3))
    print(goml.render_text(taken))


if __name__ == "__main__":
    seeded_game()
    steal_and_defend()

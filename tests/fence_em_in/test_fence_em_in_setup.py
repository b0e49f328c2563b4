"""Setup: mission cards, filling the assets board, the start order."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fence_em_in_helpers import ROWS, fill, play, texts

from acreage import CHANCE, IllegalMoveError
from acreage import fence_em_in as fei


def test_first_an_enclosure_card() -> None:
    state = fei.new_game(fei.Rules(players=2))
    assert state.to_move is CHANCE and state.phase is fei.Phase.CARDS
    assert [(str(m), p) for m, p in fei.chance_outcomes(state)] == [
        ("reveal small-enclosures", Fraction(1, 2)),
        ("reveal large-enclosures", Fraction(1, 2)),
    ]
    with pytest.raises(IllegalMoveError, match="the enclosure card is revealed first"):
        fei.apply_move(state, fei.parse_move(state, "reveal cows"))


def test_two_different_support_cards_never_hay_with_two_players() -> None:
    state = play(fei.new_game(fei.Rules(players=2)), "reveal large-enclosures")
    outcomes = fei.chance_outcomes(state)
    assert [str(m) for m, _ in outcomes] == [
        "reveal cows",
        "reveal sheep",
        "reveal chickens",
        "reveal corn",
        "reveal grain",
    ]
    assert {p for _, p in outcomes} == {Fraction(1, 5)}
    state = play(state, "reveal sheep")
    assert "reveal sheep" not in texts(state)
    assert {p for _, p in fei.chance_outcomes(state)} == {Fraction(1, 4)}
    with pytest.raises(IllegalMoveError, match="sheep is revealed already"):
        fei.apply_move(state, fei.parse_move(state, "reveal sheep"))
    with pytest.raises(IllegalMoveError, match="one enclosure card is revealed, and it is large-"):
        fei.apply_move(state, fei.parse_move(state, "reveal small-enclosures"))
    # "Do not use the planted hay Support card in a 2 player game."
    with pytest.raises(IllegalMoveError, match="hay card is used only with 3 or more players"):
        fei.apply_move(state, fei.parse_move(state, "reveal hay"))
    state = play(state, "reveal corn")
    assert state.cards == ("large-enclosures", "sheep", "corn")
    assert state.phase is fei.Phase.FILL


def test_hay_card_with_three_players() -> None:
    state = play(fei.new_game(fei.Rules(players=3)), "reveal small-enclosures")
    assert "reveal hay" in texts(state)
    assert {p for _, p in fei.chance_outcomes(state)} == {Fraction(1, 6)}


def test_assets_board_fills_left_to_right_top_to_bottom() -> None:
    state = play(
        fei.new_game(fei.Rules(players=2)), "reveal small-enclosures", "reveal cows", "reveal corn"
    )
    outcomes = {str(m): p for m, p in fei.chance_outcomes(state)}
    # The bag's counts weigh the draw: 9 of the 38 tokens are chickens.
    assert outcomes["draw chicken to column 1"] == Fraction(9, 38)
    assert outcomes["draw hay to column 1"] == Fraction(2, 38)
    assert len(outcomes) == 8
    state = fill(state, ["cow", "cow", "cow", "cow"])
    assert state.bag[fei.KINDS.index("cow")] == 0
    assert "draw cow to column 5" not in texts(state)
    with pytest.raises(IllegalMoveError, match="the bag holds no cow"):
        fei.apply_move(state, fei.Draw("cow", 5))
    with pytest.raises(IllegalMoveError, match="the next token goes to column 5"):
        fei.apply_move(state, fei.Draw("sheep", 1))
    state = fill(state, ["sheep"])
    # The first row is full: the next token starts the second row in column 1.
    assert texts(state)[0] == "draw sheep to column 1"
    state = fill(state, ["hay", "hay", "barn", "granary", "grain"])
    assert state.columns == (
        ("cow", "hay"),
        ("cow", "hay"),
        ("cow", "barn"),
        ("cow", "granary"),
        ("sheep", "grain"),
    )
    assert sum(state.bag) == 28
    assert state.phase is fei.Phase.ORDER


def _after_fill(players: int) -> fei.State:
    state = play(
        fei.new_game(fei.Rules(players=players)),
        "reveal small-enclosures",
        "reveal cows",
        "reveal corn",
    )
    return fill(state, [ROWS[i % 5] for i in range(5 * players)])


def test_start_order_lowest_roll_first() -> None:
    state = _after_fill(3)
    assert state.phase is fei.Phase.ORDER
    assert {p for _, p in fei.chance_outcomes(state)} == {Fraction(1, 6)}
    state = play(state, "roll 5", "roll 1", "roll 3")
    assert state.order == (1, 2, 0)
    assert state.round == 1 and state.phase is fei.Phase.ROLL


def test_start_order_ties_reroll_among_themselves() -> None:
    state = _after_fill(4)
    # Seats 0 and 2 tie on 4, seats 1 and 3 on 2: each pair re-rolls, low pair first.
    state = play(state, "roll 4", "roll 2", "roll 4", "roll 2")
    assert state.groups == ((1, 3), (0, 2))
    assert state.phase is fei.Phase.ORDER
    state = play(state, "roll 6", "roll 6")  # seats 1 and 3 tie again
    assert state.groups == ((1, 3), (0, 2))
    state = play(state, "roll 6", "roll 1")
    assert state.groups == ((3,), (1,), (0, 2))
    state = play(state, "roll 2", "roll 1")
    assert state.order == (3, 1, 2, 0)
    assert state.phase is fei.Phase.ROLL and state.groups == ()


def test_order_ties_after_the_reroll_limit_go_by_seat() -> None:
    """Ruling 22: tied players re-roll at most ``order_reroll_limit`` times in one
    settling of the order; a tie after that goes by seat, the lower seat first."""
    rules = fei.Rules(players=4, order_reroll_limit=2)
    state = play(fei.new_game(rules), "reveal small-enclosures", "reveal cows", "reveal corn")
    state = fill(state, [ROWS[i % 5] for i in range(20)])
    state = play(state, "roll 4", "roll 2", "roll 4", "roll 2")  # two ties: two re-rolls
    assert state.groups == ((1, 3), (0, 2)) and state.order_rerolls == 2
    state = play(state, "roll 5", "roll 5")  # tied again, and no re-roll is left
    assert state.groups == ((1,), (3,), (0, 2)) and state.phase is fei.Phase.ORDER
    state = play(state, "roll 3", "roll 3")
    assert state.order == (1, 3, 0, 2) and state.phase is fei.Phase.ROLL

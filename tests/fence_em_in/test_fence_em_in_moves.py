"""Move texts: every kind round-trips; junk is a MoveSyntaxError; forbidden moves say why."""

from __future__ import annotations

import pytest
from fence_em_in_scenes import start

from acreage import IllegalMoveError, MoveSyntaxError
from acreage import fence_em_in as fei

STATE = start(2)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("reveal cows", fei.Reveal("cows")),
        ("draw cow to column 3", fei.Draw("cow", 3)),
        ("roll 2 3 6", fei.Roll((2, 3, 6))),
        ("roll 4", fei.Roll((4,))),
        ("take fertilizer and reroll six", fei.RerollSix()),
        ("set six to 3", fei.SetSix(3)),
        ("reroll 3", fei.Reroll(3)),
        ("adjust 3 to 4", fei.Adjust(3, 4)),
        ("refresh assets", fei.Refresh()),
        ("move cow from 2 to 4", fei.MoveToken("cow", 2, 4)),
        ("done", fei.Done()),
        ("place 3,5 4x2", fei.Place(3, 5, 4, 2)),
        ("pass", fei.Pass()),
        ("take cow", fei.Take("cow")),
        ("put cow in alternating", fei.Put("cow", "alternating")),
        ("discard cow", fei.Discard("cow")),
    ],
)
def test_texts_round_trip(text: str, move: fei.Move) -> None:
    assert fei.parse_move(STATE, text) == move
    assert str(move) == text


def test_roll_dice_in_any_order_and_spacing() -> None:
    assert fei.parse_move(STATE, "roll 4 2  3") == fei.Roll((2, 3, 4))
    assert str(fei.parse_move(STATE, " roll 6 1 6 ")) == "roll 1 6 6"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place 3,5",
        "place 3;5 4x2",
        "place 3,5 4x2x1",
        "place 16,0 2x2",  # no column 16 on a 16 x 16 board
        "place 3,5 6x2",  # no die shows more than 5
        "place -1,5 2x2",
        "take pig",
        "put cow in barn",  # the category is "barns"
        "put cow into same",
        "roll 7",
        "roll 1 2",
        "roll 0 1 2",
        "draw cow to column 6",
        "reveal pigs",
        "set six to 6",
        "adjust 3 to 0",
        "move cow from 0 to 2",
        "reroll six",
        "Done",
        "\x00",
    ],
)
def test_junk_is_a_syntax_error(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match="no move of Fence Em In"):
        fei.parse_move(STATE, text)


def test_forbidden_moves_name_the_rule() -> None:
    with pytest.raises(IllegalMoveError, match=r"waiting to roll the dice \(chance\)"):
        fei.apply_move(STATE, fei.Place(3, 3, 2, 2))
    with pytest.raises(IllegalMoveError, match="the round's roll is three dice"):
        fei.apply_move(STATE, fei.Roll((4,)))
    with pytest.raises(
        IllegalMoveError, match=r"not the text 'roll 1 2 3': read a text with parse"
    ):
        fei.apply_move(STATE, "roll 1 2 3")  # type: ignore[arg-type]
    rolled = fei.apply_move(STATE, fei.Roll((2, 3, 4)))
    with pytest.raises(IllegalMoveError, match="it is player 0's turn to place an enclosure"):
        fei.apply_move(rolled, fei.Roll((1, 2, 3)))
    with pytest.raises(IllegalMoveError, match="it is player 0's turn"):
        fei.apply_move(rolled, fei.Done())

"""Move texts: every kind round-trips; junk is a MoveSyntaxError; forbidden moves say why."""

from __future__ import annotations

import pytest
from fence_em_in_helpers import start

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


FORMS = "whose moves read 'place <x>,<y> <width>x<height>', 'take <kind>'"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", FORMS),
        ("Done", r"did you mean 'done'\?"),
        ("plase 1,1 3x4", r"did you mean 'place <x>,<y> <width>x<height>'\?"),
        ("\x00", FORMS),
        ("place", "place reads 'place <x>,<y> <width>x<height>'"),
        ("place 3,5", "place reads"),
        ("place 3;5 4x2", "place reads"),
        ("place 3,5 4x2x1", "place reads"),
        ("place -1,5 2x2", "place reads"),
        ("place 16,0 2x2", "x must be a number from 0 to 15, not '16'"),  # a 16 x 16 board
        ("place 3,5 6x2", "width must be a number from 1 to 5, not '6'"),  # no die shows 6
        ("take pig", r"kind must be a token kind \(cow, sheep, .*\), not 'pig'"),
        ("put cow in barn", "category must be a farm-board category .*, not 'barn'"),  # barns
        ("put cow into same", "put reads 'put <kind> in <category>'"),
        ("roll 7", "values must be dice, each a number from 1 to 6, not '7'"),
        ("roll 1 2", "values must be 1 or 3 dice, not '1 2'"),
        ("roll 0 1 2", "values must be dice, each a number from 1 to 6, not '0 1 2'"),
        ("draw cow to column 6", "column must be a number from 1 to 5, not '6'"),
        ("reveal pigs", "card must be a mission card .*, not 'pigs'"),
        ("set six to 6", "value must be a number from 1 to 5, not '6'"),
        ("adjust 3 to 0", "to must be a number from 1 to 5, not '0'"),
        ("move cow from 0 to 2", "source must be a number from 1 to 5, not '0'"),
        ("reroll six", "reroll reads 'reroll <value>'"),
    ],
)
def test_junk_is_a_syntax_error_saying_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
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

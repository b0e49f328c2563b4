"""Pig, the toy game written on the engine skeleton (tests/pig.py), holds the game contract."""

from __future__ import annotations

from pathlib import Path

import pytest

import pig
from acreage import IllegalMoveError, MoveSyntaxError
from acreage.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pig_keeps_the_contract(players: int) -> None:
    check_game(pig.GAME, pig.Rules(players=players, goal=12), playouts=40)


def test_a_turn_rolls_banks_and_passes_on() -> None:
    game = pig.GAME
    s = game.new_game(pig.Rules(goal=8))
    assert game.legal_moves(s) == (pig.ROLL,)  # an empty pot cannot be held
    for text in ("roll", "die shows 5", "roll", "die shows 4", "hold"):
        s = game.apply_move(s, game.parse_move(s, text))
    assert game.scores(s) == (9, 0)
    assert game.is_terminal(s) and game.winners(s) == (0,)


def test_a_one_loses_the_pot() -> None:
    game = pig.GAME
    s = game.new_game(pig.Rules())
    for text in ("roll", "die shows 6", "roll", "die shows 1"):
        s = game.apply_move(s, game.parse_move(s, text))
    assert game.scores(s) == (0, 0)
    assert s.agenda == (pig.Turn(1),)


def test_refusals_say_what_is_decided() -> None:
    game = pig.GAME
    s = game.apply_move(game.new_game(pig.Rules()), pig.ROLL)
    with pytest.raises(IllegalMoveError, match="is not legal now: throw"):
        game.apply_move(s, pig.HOLD)
    with pytest.raises(MoveSyntaxError, match="pips must be a number from 1 to 6, not '7'"):
        game.parse_move(s, "die shows 7")


def test_the_worked_example_is_under_150_lines() -> None:
    # docs/architecture.md says so: a whole game on the skeleton is this short.
    assert len(Path(pig.__file__).read_text().splitlines()) < 150


def test_the_architecture_page_quotes_the_worked_example_as_it_is() -> None:
    # The page builds Pig block by block from the file's own lines, so it cannot
    # drift from the game that runs here.
    from markdown_examples import python_blocks

    page = Path(__file__).parents[1] / "docs" / "architecture.md"
    source = Path(pig.__file__).read_text()
    quoted = [
        code.split("\n", 1)[1]
        for _, code in python_blocks(page)
        if code.startswith("# from tests/pig.py\n")
    ]
    assert len(quoted) == 6
    for block in quoted:
        assert block.strip() in source, block[:80]

"""check_game and games that can end with every player losing (the Mad Cow mode of Crazy Farmers)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import dots_and_boxes as dab
from acreage.testing import ConformanceError, check_game


def _nobody_wins(state: Any) -> tuple[int, ...]:
    return ()


def test_no_winner_at_the_end_fails_unless_the_game_says_all_may_lose() -> None:
    rules = dab.Rules(players=2, width=3, height=2)
    lost = attrs.evolve(dab.GAME, winners=_nobody_wins)
    with pytest.raises(ConformanceError, match="no winners at the end"):
        check_game(lost, rules, playouts=2)
    check_game(attrs.evolve(lost, all_may_lose=True, encoding=None), rules, playouts=2)


def test_all_may_lose_still_checks_the_winners_are_seats() -> None:
    def stranger(state: Any) -> tuple[int, ...]:
        return (7,) if state.to_move is None else ()

    game = attrs.evolve(dab.GAME, winners=stranger, all_may_lose=True, encoding=None)
    with pytest.raises(ConformanceError, match="are not seats"):
        check_game(game, dab.Rules(players=2, width=3, height=2), playouts=2)


def test_games_always_have_a_winner_by_default() -> None:
    assert dab.GAME.all_may_lose is False

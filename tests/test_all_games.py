"""What every registered game must do, whichever it is: the contract, pictures, the CLI."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

import acreage
from acreage.cli import main
from acreage.testing import check_game

GAMES = sorted(acreage.games())


def _player_counts(game: acreage.Game[Any, Any, Any]) -> list[int]:
    counts = []
    for players in range(1, 7):
        try:
            game.rules(players=players)
        except acreage.RulesError:
            continue
        counts.append(players)
    return counts


@pytest.mark.parametrize("name", GAMES)
def test_supports_some_player_counts_and_rejects_others(name: str) -> None:
    game = acreage.get_game(name)
    counts = _player_counts(game)
    assert counts, f"{name} accepts no player count"
    with pytest.raises(acreage.RulesError, match="players"):
        game.rules(players=99)
    with pytest.raises(acreage.RulesError):
        game.rules({"players": "two"})


@pytest.mark.parametrize("name", GAMES)
def test_pictures_of_a_finished_game(name: str) -> None:
    game = acreage.get_game(name)
    result = acreage.play(game, seed=2)
    for state in (game.new_game(game.rules()), result.state):
        text = game.render_text(state)
        assert isinstance(text, str)
        assert text.strip()
        svg = game.render_svg(state)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        assert len(root) > 1


@pytest.mark.parametrize("name", GAMES)
def test_cli_plays_and_shows(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", name, "--seed", "1", "--show"]) == 0
    out = capsys.readouterr().out
    assert "winners" in out
    assert ">>> player 0:" in out


@pytest.mark.parametrize("name", GAMES)
def test_contract_smoke(name: str) -> None:
    """A short conformance run of every registered game, at its fewest players; each
    game's own contract tests run every player count, longer."""
    game = acreage.get_game(name)
    for players in _player_counts(game)[:1]:
        check_game(game, game.rules(players=players), playouts=1, moves_per_state=2)

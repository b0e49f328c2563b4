"""Rendering (text and SVG), views, and the command line."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
from fence_em_in_helpers import play, start

import acreage
from acreage import fence_em_in as fei
from acreage.cli import main


def test_text_shows_board_fences_miniatures_and_farms() -> None:
    state = play(start(2), "roll 2 3 4", "place 3,3 2x3", "take corn", "put corn in same")
    text = fei.render_text(state)
    assert text.splitlines()[0] == "Round 1 of 10: player 1 to place an enclosure"
    assert "Dice: 2 3 4   Turn order: 0 1" in text
    assert "Missions: small-enclosures (1 per enclosure under 10 cells)" in text
    lines = text.splitlines()
    row3 = next(line for line in lines if line.startswith("  3 "))
    assert row3 == "  3 | .   .   . |0Cn  0 | .   .   .   .   .   .   .   .   .   .   . |"
    row11 = next(line for line in lines if line.startswith(" 11 "))
    assert "[1]" in row11  # player 1's starting cell
    assert "Player 0: 2 points, 1 fertilizer, 1 enclosure (6)" in text
    assert "farm board: same corn; different -" in text
    assert "Bag: 28 tokens" in text
    state = play(state, "place 11,11 3x4", "take sheep")  # the 2 names column 2
    assert "Player 1 [to play]: 1 point, 0 fertilizer" in fei.render_text(state)


def test_text_at_the_end_shows_the_final_scores() -> None:
    result = acreage.play(fei.GAME, fei.Rules(players=3), seed=5)
    text = fei.render_text(result.state)
    assert text.startswith("Game over after round")
    assert text.count("  final ") == 3


def test_svg_is_well_formed() -> None:
    result = acreage.play(fei.GAME, fei.Rules(players=4), seed=2)
    svg = fei.render_svg(result.state)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg == result.state._repr_svg_()
    assert ">player 3<" in svg and "Assets board" in svg
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "starting cell of player 0" in titles


def test_observe_is_the_whole_table_without_the_state() -> None:
    state = play(start(3), "roll 2 3 4")
    view = fei.observe(state, 1)
    assert view.player == 1 and view.to_move == 0
    assert view.columns == state.columns and view.farms == state.farms
    assert not any(value is state for value in attrs.astuple(view, recurse=False))


def test_cli_play_show(capsys: object) -> None:
    assert main(["play", "fence-em-in", "--players", "3", "--seed", "1", "--show"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert ">>> player 0: place" in out or ">>> player 1: place" in out
    assert "Assets board (the third die names the column):" in out
    assert "Game over after round" in out
    assert out.rstrip().splitlines()[-2].startswith("scores ")


def test_text_names_the_order_roller_and_discards() -> None:
    state = play(start(3), "roll 2 3 4", "place 3,3 2x3", "take corn", "put corn in same")
    state = play(state, "place 13,2 2x3", "take corn", "put corn in same")
    state = play(state, "place 8,12 2x3", "take corn", "put corn in same")
    state = play(state, *(f"draw hay to column {c}" for c in (4, 4, 4)))
    assert state.phase is fei.Phase.ORDER
    assert fei.render_text(state).splitlines()[0] == (
        "Round 1 of 10: chance: player 0 rolls for the turn order"
    )
    farms = list(state.farms)
    farms[2] = attrs.evolve(farms[2], discards=("barn",))
    assert "  discarded: barn" in fei.render_text(attrs.evolve(state, farms=tuple(farms)))

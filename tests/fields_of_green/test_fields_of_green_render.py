"""Rendering: text and SVG show the farms, tokens, tools, water range, year track and hands."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fields_of_green_helpers import deal_hands, play, rules

from acreage import fields_of_green as fog


def words(svg: str) -> str:
    """The picture's text, lines joined by spaces (the SVG wraps long lines)."""
    return " ".join(
        t.text or "" for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")
    )


def example() -> fog.State:
    s = fog.new_game(rules(hand_size=2, min_decks=1, years=2))
    s = deal_hands(s, ("grain field", "pigs"), ("chapel", "well"))
    return play(s, "pick pigs")


def test_text_shows_the_year_track_the_farm_grid_and_the_hands() -> None:
    s = play(example(), "pick chapel", "build pigs at 0,1", "build water tower at 0,1")
    text = fog.render_text(s)
    assert "Year >1<  2  (hands pass left)" in text
    assert "water tower" in text and "3/3 water" in text and "pigs" in text
    assert "~" in text  # a free cell within the tower's range
    assert "hand of player 0: none; picked: well" in text


def test_text_for_a_player_hides_what_they_cannot_see() -> None:
    s = example()
    full = fog.render_text(s)
    assert "picked: pigs" in full
    mine = fog.render_text(s, player=0)
    theirs = fog.render_text(s, player=1)
    assert "hand of player 0: grain field; picked: pigs" in mine
    assert (
        "hand of player 0: 1 card face down (fields); picked: a livestock card, face down" in theirs
    )
    assert "hand of player 1: well, chapel" in theirs


def test_shut_down_sites_and_tools_show() -> None:
    s = fog.new_game(rules(hand_size=1, min_decks=1, years=1, start_grain=0))
    s = deal_hands(s, ("rice paddy",), ("cottage",))
    s = play(s, "build rice paddy at 0,1", "market")
    assert "[rice paddy]" in fog.render_text(s)


def test_svg_is_well_formed_and_states_show_in_notebooks() -> None:
    s = example()
    svg = fog.render_svg(s)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert "year 1 (tractor)" in svg and "grain field" in svg and "water tower" in svg
    assert s._repr_svg_() == svg
    assert "face down (fields)" in fog.render_svg(s, player=1)


def test_svg_shows_star_tokens_and_the_pick_as_the_viewer_sees_it() -> None:
    s = example()
    assert "0 star tokens" in words(fog.render_svg(s))
    assert "hand: grain field; picked: pigs" in words(fog.render_svg(s, player=0))
    theirs = words(fog.render_svg(s, player=1))
    assert "hand: 1 card face down (fields); picked: a livestock card, face down" in theirs

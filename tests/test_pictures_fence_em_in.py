"""Fence Em In's pictures: golden SVGs of fixed positions and one seat's view, and
what each picture must show (checked on the SVG's structure, so a picture that
clips a text or forgets a seat fails).

Regenerate the golden files with ``ACREAGE_UPDATE_GOLDEN=1``, convert them to
PNG (``rsvg-convert -w 800``) and look at them before committing the diff.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import pytest

import acreage
from acreage import fence_em_in as fei
from acreage.core.record import replay
from acreage.core.svg import seat_colour, text_width
from acreage.fence_em_in.render import CODES
from golden import check_golden
from pictures import canvas, check_picture, group_texts, overflowing_texts, parse

NS = "{http://www.w3.org/2000/svg}"
FOUR = fei.Rules(players=4)


@functools.cache
def four_player_game() -> tuple[fei.State, ...]:
    """Every state of a seeded random 4-player game."""
    return replay(acreage.play(fei.GAME, FOUR, seed=2).record)


def mid() -> fei.State:
    """Round 5: the first player to place an enclosure."""
    return next(s for s in four_player_game() if s.round == 5 and s.phase is fei.Phase.PLACE)


def positions() -> dict[str, tuple[fei.State | fei.View, int]]:
    return {
        "start": (fei.new_game(fei.Rules(players=3)), 3),
        "mid": (mid(), 4),
        "end": (four_player_game()[-1], 4),
        "view": (fei.observe(mid(), 1), 4),
    }


@pytest.mark.parametrize("name", list(positions()))
def test_golden_pictures(name: str) -> None:
    drawn, players = positions()[name]
    svg = fei.render_svg(drawn)
    check_picture(svg, players)
    assert drawn._repr_svg_() == svg
    check_golden(f"svg/fence-em-in-{name}.svg", svg + "\n")


def test_the_status_names_who_decides_what_and_the_scores() -> None:
    s = mid()
    who = s.to_move
    assert isinstance(who, int)
    status = group_texts(fei.render_svg(s), "status")
    assert status[0] == f"Round 5 of 10: player {who} to place an enclosure"
    points = ", ".join(f"player {p} {n}" for p, n in enumerate(fei.scores(s)))
    assert status[1] == f"Points on the score track: {points}"
    legend = group_texts(fei.render_svg(s), "legend")
    assert legend[legend.index(f"player {who}") + 1] == "to play"
    assert sum(t == "to play" for t in legend) == 1
    assert status[1] in fei.render_text(s)


def test_the_end_shows_the_final_scores_and_the_winners() -> None:
    end = four_player_game()[-1]
    won = fei.winners(end)
    assert len(won) == 1
    status = group_texts(fei.render_svg(end), "status")
    assert status[0] == f"Game over after round 10: player {won[0]} wins"
    finals = ", ".join(f"player {p} {n}" for p, n in enumerate(fei.scores(end)))
    assert status[1] == f"Final scores: {finals}; winner: player {won[0]}"
    legend = group_texts(fei.render_svg(end), "legend")
    assert f"winner, final {fei.scores(end)[won[0]]}" in legend
    assert sum(t.startswith("winner") for t in legend) == 1
    sheets = fei.score_sheets(end)
    assert any(t.startswith(f"final {sheets[won[0]].total} = ") for t in legend)
    assert status[1] in fei.render_text(end)


def test_the_smallest_board_fits_notebook_width_with_its_title() -> None:
    states = replay(acreage.play(fei.GAME, fei.Rules(players=2), seed=1).record)
    s = next(s for s in states if s.phase is fei.Phase.FARM)
    svg = fei.render_svg(s)
    assert overflowing_texts(svg) == []
    headline = f"Round 1 of 10: player {s.to_move} to place the token on the farm board"
    assert group_texts(svg, "status")[0] == headline
    assert 780 <= canvas(parse(svg))[0] <= 820  # shown at its size in a notebook


def test_the_board_shows_its_coordinates_and_every_miniature_fits_its_enclosure() -> None:
    end = four_player_game()[-1]
    root = parse(fei.render_svg(end))
    texts = [n.text for n in root.iter(f"{NS}text")]
    for i in range(end.rules.board_size):
        assert texts.count(str(i)) >= 2  # above the board and left of it
    children = list(root)
    titles = [n.findtext(f"{NS}title") for n in children]
    codes = 0
    for p, farm in enumerate(end.farms):
        for e in farm.enclosures:
            at = titles.index(f"player {p}: {e.width}x{e.height} at {e.x},{e.y}, {e.kind}")
            label = children[at + 2]  # after the fill and the border
            assert label.text in (e.kind, CODES[str(e.kind)])
            codes += label.text == CODES[str(e.kind)]
            wide = text_width(label.text or "", float(label.attrib["font-size"]), bold=True)
            assert wide <= e.width * 24 - 4
    assert codes  # some enclosures are too narrow for the miniature's name


def test_a_view_draws_the_whole_table_headed_by_whose_view_it_is() -> None:
    s = mid()
    view = fei.observe(s, 1)
    text = fei.render_text(view).splitlines()
    assert text[1] == "As player 1 sees it (Fence Em In hides nothing)"
    assert text[:1] + text[2:] == fei.render_text(s).splitlines()
    svg = fei.render_svg(view)
    assert "As player 1 sees it (Fence Em In hides nothing)" in group_texts(svg, "status")
    assert "player 1 (you)" in group_texts(svg, "legend")
    assert view._repr_svg_() == svg


def test_one_name_and_colour_per_seat() -> None:
    svg = fei.render_svg(mid())
    texts = [node.text or "" for node in parse(svg).iter(f"{NS}text")]
    seats = {m.lower() for t in texts for m in re.findall(r"\b[Pp]layer \d\b", t)}
    assert seats == {"player 0", "player 1", "player 2", "player 3"}
    order = [
        r.attrib["fill"]
        for r in parse(svg).iter(f"{NS}rect")
        if r.attrib.get("rx") == "3" and r.attrib["fill"] in map(seat_colour, range(4))
    ]
    assert order == [seat_colour(p) for p in mid().order]  # the turn order's chips


@pytest.mark.parametrize("render", [fei.render_svg, fei.render_text])
def test_anything_but_a_state_or_view_is_a_type_error(render: Callable[[Any], str]) -> None:
    with pytest.raises(TypeError, match="draws a fence_em_in State or View"):
        render(None)
    with pytest.raises(TypeError, match="not Rules"):
        render(FOUR)


def test_every_picture_of_a_game_fits_its_canvas() -> None:
    for s in four_player_game()[::40]:
        assert overflowing_texts(fei.render_svg(s)) == []

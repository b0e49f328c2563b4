"""Fields of Green's pictures: golden SVGs of fixed positions, and what every picture must show.

The golden files (tests/golden/svg/fields-of-green/) are a seeded 4-player
game at its start, in the middle (year 2, while the players pick face down),
at the end, and the middle and the end as one seat sees them. Regenerate
them with ACREAGE_UPDATE_GOLDEN=1, look at them as PNG (``rsvg-convert -w
800``) and review the diff.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

import acreage
from acreage import fields_of_green as fog
from acreage import get_off_my_land as goml
from acreage.core.svg import PLAYER_COLOURS
from golden import check_golden
from pictures import collisions, fills, overflowing_texts, texts, words

SEED = 1
MIDDLE = 156
"""The move after which the middle position stands: year 2, players 0 and 3 have picked
face down and player 1 is picking."""


@cache
def game() -> tuple[fog.State, ...]:
    """The seeded game: its start, its middle and its end."""
    rules = fog.Rules(players=4)
    record = acreage.play(fog.GAME, rules, seed=SEED).record
    start = state = fog.new_game(rules)
    for i, text in enumerate(record.moves):
        state = fog.apply_move(state, fog.parse_move(state, text))
        if i + 1 == MIDDLE:
            middle = state
    return start, middle, state


def pictures() -> dict[str, fog.State | fog.View]:
    start, middle, end = game()
    return {
        "4p-start": start,
        "4p-middle": middle,
        "4p-middle-seen-by-2": fog.observe(middle, 2),
        "4p-end": end,
        "4p-end-seen-by-0": fog.observe(end, 0),
    }


NAMES = sorted(pictures())


@pytest.mark.parametrize("name", NAMES)
def test_golden_svg(name: str) -> None:
    check_golden(f"svg/fields-of-green/{name}.svg", fog.render_svg(pictures()[name]) + "\n")


@pytest.mark.parametrize("name", NAMES)
def test_every_text_fits_the_canvas_and_none_overlaps_another(name: str) -> None:
    svg = fog.render_svg(pictures()[name])
    assert overflowing_texts(svg) == []
    assert collisions(svg) == []


@pytest.mark.parametrize("name", NAMES)
def test_readable_at_notebook_width(name: str) -> None:
    # 800 px wide, so a notebook shows it at its own size; text at 9 px or more, but for
    # a long card or tool name (or a line of one) squeezed into a narrow cell, never below 7.5.
    position = pictures()[name]
    svg = fog.render_svg(position)
    assert 'width="800"' in svg.split("\n", 1)[0]
    names = {*position.rules.tables.names, *position.rules.tables.tool_names, "shut down"}
    for t in texts(svg):
        squeezed = any(f" {t.text} " in f" {n} " for n in names)
        assert t.size >= (7.5 if squeezed else 9), t


def test_farms_share_rows_where_two_fit() -> None:
    # At the start every farm is a tower and a silo: two farms to a row, so the four
    # farms take two rows of boxes side by side.
    svg = fog.render_svg(game()[0])
    boxes = [r for r in fills(svg, "rect") if r.get("stroke-width") == "2.5"]
    assert len(boxes) == 4
    assert len({r["y"] for r in boxes}) == 2
    assert len({r["x"] for r in boxes}) == 2


@pytest.mark.parametrize("name", NAMES)
def test_each_farm_is_framed_and_named_in_its_seat_s_colour(name: str) -> None:
    position = pictures()[name]
    svg = fog.render_svg(position)
    shown = [t.text for t in texts(svg)]
    frames = {r.get("stroke") for r in fills(svg, "rect") if r.get("stroke-width") == "2.5"}
    swatches = {c.get("fill") for c in fills(svg, "circle")}
    for p in range(position.rules.players):
        assert f"player {p}" in shown
        assert PLAYER_COLOURS[p] in frames & swatches
    assert not re.search(r"\bP\d|Player \d|seat \d|\bp\d\b", words(svg))


@pytest.mark.parametrize("name", ["4p-middle", "4p-middle-seen-by-2"])
def test_the_picture_says_who_is_to_move_and_what_they_decide(name: str) -> None:
    middle = game()[1]
    said = words(fog.render_svg(pictures()[name]))
    assert "player 1 to move: pick a hand card to play (face down)" in said
    assert "player 1 (to move)" in said
    points = ", ".join(f"player {p} {n}" for p, n in enumerate(fog.scores(middle)))
    assert f"scores (points if the game ended now): {points}" in said
    assert "year 2 (tractor)" in said and "hands pass right" in said


@pytest.mark.parametrize("name", ["4p-end", "4p-end-seen-by-0"])
def test_the_end_shows_the_final_scores_and_the_winners(name: str) -> None:
    end = game()[2]
    said = words(fog.render_svg(pictures()[name]))
    final = ", ".join(f"player {p} {n}" for p, n in enumerate(fog.scores(end)))
    won = fog.winners(end)
    label = "winner" if len(won) == 1 else "winners"
    assert f"final scores: {final}; {label}: " + ", ".join(f"player {p}" for p in won) in said
    assert "to move" not in said
    for p in won:
        assert f"player {p} (winner)" in said


def test_a_view_draws_only_what_its_seat_sees() -> None:
    middle = game()[1]
    view = fog.observe(middle, 2)
    svg = fog.render_svg(view)
    # Worlds seat 2 cannot tell apart draw the same: nothing hidden reaches the picture.
    for i in range(4):
        other = fog.observe(fog.resample(middle, 2, random.Random(i)), 2)
        assert fog.render_svg(other) == svg
        assert fog.render_text(other) == fog.render_text(view)
    assert view._repr_svg_() == svg
    assert fog.render_svg(middle, player=2) == svg
    assert fog.render_text(middle, player=2) == fog.render_text(view)
    said = words(svg)
    assert "as seen by player 2" in said
    assert said.count("face down (") == 2  # players 0 and 3: hands they never held
    assert said.count("card, face down") == 2  # their picks


def test_the_text_names_the_turn_the_scores_and_the_winners() -> None:
    _, middle, end = game()
    text = fog.render_text(middle)
    assert "now: player 1 to move: pick a hand card to play (face down)" in text
    assert "scores (points if the game ended now): " in text
    final = fog.render_text(end)
    assert "now: game over" in final
    won = ", ".join(f"player {p}" for p in fog.winners(end))
    assert f"{'winner' if len(fog.winners(end)) == 1 else 'winners'}: {won}" in final


@pytest.mark.parametrize("render", [fog.render_svg, fog.render_text])
@pytest.mark.parametrize("what", [42, None, "state", goml.new_game(goml.Rules(players=2))])
def test_anything_but_a_state_or_a_view_is_a_type_error(render: object, what: object) -> None:
    with pytest.raises(TypeError, match="draws a Fields of Green State or View, not"):
        render(what)  # type: ignore[operator]


@pytest.mark.parametrize("render", [fog.render_svg, fog.render_text])
def test_a_view_with_a_player_is_a_type_error(render: object) -> None:
    view = fog.observe(game()[1], 2)
    with pytest.raises(TypeError, match="already player 2's sight; pass no player"):
        render(view, player=1)  # type: ignore[operator]

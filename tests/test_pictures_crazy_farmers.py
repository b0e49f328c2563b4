"""Crazy Farmers' pictures: golden SVGs of fixed positions and one seat's view, and
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

import attrs
import pytest

import acreage
from acreage import crazy_farmers as cf
from acreage.core.record import replay
from acreage.core.svg import seat_colour
from acreage.crazy_farmers.render import _powered
from golden import check_golden
from pictures import check_picture, group_texts, overflowing_texts, parse

NS = "{http://www.w3.org/2000/svg}"
FOUR = cf.Rules(players=4)
MID = 1257  # a turn of seed 27's game with fallow land, a powerless tractor, bales and hands
END = {"tiles": "the plot tiles ran out", "endgame": "the Endgame card was drawn"}


@functools.cache
def four_player_game() -> tuple[cf.State, ...]:
    """Every state of a seeded random 4-player game."""
    return replay(acreage.play(cf.GAME, FOUR, seed=27).record)


@functools.cache
def mad_cow_game() -> tuple[cf.State, ...]:
    return replay(acreage.play(cf.GAME, cf.Rules(players=2, mode="mad-cow"), seed=11).record)


def lockdown() -> cf.State:
    """The players lock the Cow down (the example of docs/games/crazy-farmers.md)."""
    s = cf.scenario(
        cf.Rules(players=1, mode="mad-cow"),
        fields={0: ["0,-2", "-1,-2", "1,-3"]},
        fences={
            0: [
                *("0,-2 SE", "1,-2 SW", "1,-2 SE", "2,-2 SW", "1,-1 SE", "1,-1 SW"),
                *("0,0 SE", "0,0 SW", "-1,0 SE", "0,-1 SW", "-1,-1 SE"),
            ]
        },
        cow="0,0",
        facing="N",
        cow_field=["0,-1"],
    )
    return cf.apply_move(s, cf.parse_move(s, "move NE"))


def positions() -> dict[str, tuple[cf.State | cf.View, int]]:
    states = four_player_game()
    cow = mad_cow_game()
    return {
        "start": (cf.new_game(cf.Rules(players=3)), 3),
        "mid": (states[MID], 4),
        "end": (states[-1], 4),
        "view": (cf.observe(states[MID], 2), 4),
        "mad-cow-mid": (cow[66], 2),
        "mad-cow-end": (lockdown(), 1),
    }


@pytest.mark.parametrize("name", list(positions()))
def test_golden_pictures(name: str) -> None:
    drawn, players = positions()[name]
    svg = cf.render_svg(drawn)
    check_picture(svg, players)
    assert drawn._repr_svg_() == svg
    check_golden(f"svg/crazy-farmers-{name}.svg", svg + "\n")


def test_the_fixed_positions_show_what_they_are_chosen_for() -> None:
    mid = four_player_game()[MID]
    assert mid.phase is cf.Phase.TURN and mid.bales and all(f.tractor >= 0 for f in mid.farmers)
    assert any(f.plots & ~f.main for f in mid.farmers)
    assert any(not f.powered for f in mid.farmers)
    assert sum(bool(f.hand) for f in mid.farmers) >= 2
    assert cf.is_terminal(four_player_game()[-1])
    assert mad_cow_game()[66].phase is cf.Phase.TURN and mad_cow_game()[66].cow is not None


def test_the_status_names_who_decides_what_and_the_scores() -> None:
    mid = four_player_game()[MID]
    status = group_texts(cf.render_svg(mid), "status")
    assert status[0] == "turn 285: player 0's turn: 2 of 3 moves made"
    assert status[1] == "scores (main field plots): player 0 4, player 1 0, player 2 1, player 3 4"
    assert cf.scores(mid) == (4, 0, 1, 4)
    legend = group_texts(cf.render_svg(mid), "legend")
    assert legend[:3] == ["player 0", "to move", "score 4"]
    text = cf.render_text(mid)
    assert "turn 285: player 0's turn: 2 of 3 moves made" in text
    assert "scores (main field plots): player 0 4, player 1 0, player 2 1, player 3 4" in text


def test_the_end_shows_the_final_scores_and_the_winners() -> None:
    end = four_player_game()[-1]
    won = cf.winners(end)
    assert len(won) == 1
    status = group_texts(cf.render_svg(end), "status")
    assert status[0] == f"game over: {END[end.ended]}"
    finals = ", ".join(f"player {s} {n}" for s, n in enumerate(cf.scores(end)))
    assert status[1] == f"final scores (main field plots): {finals}; winner: player {won[0]}"
    legend = group_texts(cf.render_svg(end), "legend")
    assert f"winner, final score {cf.scores(end)[won[0]]}" in legend
    assert sum(t.startswith("winner") for t in legend) == 1
    assert status[1] in cf.render_text(end)
    cow = group_texts(cf.render_svg(lockdown()), "status")
    assert cow == [
        "game over: the players locked the Cow down",
        "final score 6 (the players' main field 6 minus the Cow's 0 plots): the players win, "
        '"Not bad at all!"',
    ]


def test_a_tie_names_every_winner() -> None:
    # Two fields of 2 plots: the repetition rule ends the game in a tie.
    s = cf.scenario(cf.Rules(players=2), fields={0: ["0,-2", "-1,-2"], 1: ["0,2", "1,1"]})
    s = attrs.evolve(s, agenda=(), ended="repetition")  # a tie needs no long game
    line = group_texts(cf.render_svg(s), "status")[1]
    assert line == (
        "final scores (main field plots): player 0 2, player 1 2; winners: player 0 and player 1 "
        "(a tie)"
    )
    assert "winners: player 0 and player 1 (a tie)" in cf.render_text(s)


def test_one_name_per_seat_in_the_picture_and_the_text() -> None:
    mid = four_player_game()[MID]
    svg = cf.render_svg(mid)
    texts = [node.text or "" for node in parse(svg).iter(f"{NS}text")]
    seats = {m for t in texts for m in re.findall(r"\b[Pp]layer \d\b", t)}
    assert seats == {"player 0", "player 1", "player 2", "player 3"}
    assert not [t for t in texts if re.fullmatch(r"[A-D]|P\d|seat \d", t)]
    titles = [node.text or "" for node in parse(svg).iter(f"{NS}title")]
    assert "player 1's tractor (powerless)" in titles
    lines = cf.render_text(mid).splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("player")] == [
        "player 0 (red)",
        "player 1 (yellow)",
        "player 2 (blue)",
        "player 3 (purple)",
    ]
    assert not any(re.search(r"\b[A-D] player", line) for line in lines)


def test_fallow_land_is_striped_and_empty_plots_plain() -> None:
    s = cf.scenario(
        cf.Rules(players=2),
        fields={0: ["0,-2", "0,0"], 1: ["0,2"]},
        fences={0: ["1,-3 SW", "1,-3 SE", "2,-3 SW"]},  # from 0,-2: 0,0 is fallow
    )
    assert cf.fields(s)[0] == (1, 2)
    root = parse(cf.render_svg(s))
    fills = {
        (node.findtext(f"{NS}title") or ""): node.attrib["fill"]
        for node in root.iter(f"{NS}polygon")
    }
    assert fills["plot 0,-2, player 0's main field"] == seat_colour(0)
    assert fills["plot 0,0, player 0's fallow land"] == "url(#fallow-0)"
    assert fills["plot 0,1, empty"] not in {seat_colour(0), "url(#fallow-0)"}
    pattern = next(root.iter(f"{NS}pattern"))
    assert pattern.attrib["id"] == "fallow-0"
    assert {r.attrib["fill"] for r in pattern.iter(f"{NS}rect")} == {
        seat_colour(0),
        fills["plot 0,1, empty"],
    }
    text = cf.render_text(s)
    assert "(0)" in text and "main field 1, fallow 1" in text


def test_the_key_explains_the_powerless_tractor_and_the_symbols() -> None:
    key = " ".join(group_texts(cf.render_svg(four_player_game()[MID]), "key"))
    for words in (
        "empty plot",
        "fallow land",
        "barn",
        "hay bale",
        "protected fence",
        "powerless tractor:",
        "neither",
    ):
        assert words in key
    cow_key = " ".join(group_texts(cf.render_svg(lockdown()), "key"))
    assert "the Cow's field" in cow_key and "the Mad Cow" in cow_key
    assert "t0 a powerless one" in cf.render_text(four_player_game()[MID])


def test_plot_labels_sit_on_a_pale_plate_after_everything_else() -> None:
    root = parse(cf.render_svg(mad_cow_game()[66]))
    children = list(root)
    names = {cf.plot_name(c) for c in range(37)}
    labels = [
        i for i, node in enumerate(children) if node.tag == f"{NS}text" and node.text in names
    ]
    assert len(labels) == 37
    for i in labels:
        plate = children[i - 1]
        assert plate.tag == f"{NS}rect" and plate.attrib["fill"] == "#ffffff"
        assert children[i].attrib["fill"] == "#3d3525"  # dark on the pale plate
    cow = next(
        i
        for i, n in enumerate(children)
        if (n.findtext(f"{NS}title") or "").startswith("the Mad Cow")
    )
    assert cow < labels[0]  # the Cow never hides a plot's name


def test_a_view_draws_the_other_hands_face_down() -> None:
    s = cf.scenario(
        cf.Rules(players=3),
        fields={0: ["0,-2"], 1: ["0,2"], 2: ["-2,2"]},
        hands={0: ["Dynamite"], 1: ["Helicopter", "Nitro +1"], 2: ["Rut"]},
    )
    view = cf.observe(s, 0)
    svg, text = cf.render_svg(view), cf.render_text(view)
    for hidden in ("Helicopter", "Nitro +1", "Rut"):
        assert hidden not in svg and hidden not in text
        assert hidden in cf.render_svg(s) and hidden in cf.render_text(s)
    assert "Dynamite" in svg and "Dynamite" in text
    backs = [r for r in parse(svg).iter(f"{NS}rect") if r.attrib["fill"] == "#2f5d8a"]
    assert len(backs) == 3
    legend = group_texts(svg, "legend")
    assert (
        "player 0 (you)" in legend
        and "hand: 2 face down" in legend
        and "hand: 1 face down" in legend
    )
    assert "as player 0 sees it: the other hands are face down" in group_texts(svg, "status")
    assert "hand: 2 cards, face down" in text and "hand: 1 card, face down" in text
    assert view._repr_svg_() == svg
    check_picture(svg, 3)


def test_a_view_draws_the_same_table_as_its_state() -> None:
    mid = four_player_game()[MID]
    for seat in range(4):
        view = cf.observe(mid, seat)
        shared = [line for line in cf.render_text(view).splitlines() if "hand" not in line]
        whole = [line for line in cf.render_text(mid).splitlines() if "hand" not in line]
        assert [line for line in shared if not line.startswith("as player")] == whole


@pytest.mark.parametrize("render", [cf.render_svg, cf.render_text])
def test_anything_but_a_state_or_view_is_a_type_error(render: Callable[[Any], str]) -> None:
    with pytest.raises(TypeError, match="draws a crazy_farmers State or View"):
        render(42)
    with pytest.raises(TypeError, match="not Rules"):
        render(FOUR)


def test_the_pictures_powered_is_the_farmers() -> None:
    for s in four_player_game()[::50]:
        for seat, f in enumerate(s.farmers):
            assert _powered(f) == f.powered
            assert _powered(cf.observe(s, 0).farmers[seat]) == f.powered


def test_every_picture_of_a_game_fits_its_canvas() -> None:
    for s in four_player_game()[::200]:
        assert overflowing_texts(cf.render_svg(s)) == []
        assert overflowing_texts(cf.render_svg(cf.observe(s, 1))) == []

"""Get Off My Land!'s pictures: golden SVGs of fixed positions, and what every picture must show.

The golden files (tests/golden/svg/get-off-my-land/) are a seeded 4-player
game at its start, in the middle, at the end and as one seat sees the
middle, and an arranged 3-player position with every kind of thing on the
land (control, mature and immature crops and livestock, active and exhausted
equipment, a raiding farmer, two fences on one side). Regenerate them with
ACREAGE_UPDATE_GOLDEN=1, look at them as PNG (``rsvg-convert -w 800``) and
review the diff.
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
from acreage.get_off_my_land.state import Turn
from golden import check_golden
from pictures import collisions, fills, lines, overflowing_texts, texts, words

SEED = 145
"""A 4-player seeded random game in which players get to control land and place cards."""
MIDDLE = 223
"""The move after which the middle position stands: February, three tiles controlled,
cards on them, player 0 placing fences."""


@cache
def game() -> tuple[goml.State, ...]:
    """The seeded game: its start (after setup), its middle and its end."""
    rules = goml.Rules(players=4)
    record = acreage.play(goml.GAME, rules, seed=SEED).record
    state = goml.new_game(rules)
    start = None
    for i, text in enumerate(record.moves):
        state = goml.apply_move(state, goml.parse_move(state, text))
        if start is None and isinstance(state.decision, Turn):
            start = state
        if i + 1 == MIDDLE:
            middle = state
    assert start is not None
    return start, middle, state


def _tile(rules: goml.Rules, name: str) -> int:
    return goml.tile_id(rules, name)


@cache
def arranged() -> goml.State:
    """November in a 3-player game: each player controls land with cards on it, player 2's
    farmer raids player 1's Still, and players 1 and 2 fence the side between d3 and e3."""
    rules = goml.Rules(players=3)
    state = goml.new_game(rules)
    while not isinstance(state.decision, Turn):
        state = goml.apply_move(state, goml.legal_moves(state)[0])
    t = rules.tables
    land = {0: ["a1", "b1", "a2"], 1: ["e1", "d1", "e2", "e3"], 2: ["c4", "c3", "d3", "d4"]}
    logged = {"a2": "nothing", "c3": "oil strike", "d3": "fishing hole", "d4": "fertile land"}
    cards = {"b1": "Cows*", "a2": "Grain", "d1": "Still*", "e2": "Workhorse", "c3": "Orchard*"}
    cards["d4"] = "Pigs"
    hands = [["Fertilizer!", "Midnight Raid!"], ["Slash and Burn!", "Steroids!"]]
    hands.append(["Manager's Deal!", "Implements of Destruction!"])
    data = goml.to_position(state)
    # The cards put on the land come out of the market deck, or off the track (the
    # slot then shows the deck's next card); the fence cards dealt at setup go back
    # to the fence deck and the hands are dealt from it.
    market = data["market_deck"]
    on = {
        name: next(m.label for m in t.market if m.name == card.rstrip("*"))
        for name, card in cards.items()
    }
    for label in on.values():
        pile = next((pile for pile in market if label in pile), None)
        if pile is not None:
            pile.remove(label)
        else:
            slot = data["track"].index(label)
            data["track"][slot] = market[0].pop(0)
    fence = data["fence_deck"][0]
    fence += [label for hand in data["hands"] for label in hand]
    held = []
    for titles in hands:
        held.append([next(f for f in fence if f.startswith(title)) for title in titles])
        for label in held[-1]:
            fence.remove(label)
    return goml.arrange(
        state,
        hands=held,
        fence_deck=[fence],
        market_deck=[pile for pile in market if pile],
        track=data["track"],
        fences=[goml.sides_around(rules, land[p]) for p in range(3)],
        tiles=logged,
        cards=on,
        mature=[name for name, card in cards.items() if card.endswith("*")],
        month=6,
        money=[14, 9, 21],
        farmers=["a1", "e1", "d1"],
        agenda=[{"task": "turn", "player": 1, "actions": rules.actions_per_turn, "fenced": False}],
    )


def pictures() -> dict[str, goml.State | goml.View]:
    start, middle, end = game()
    return {
        "4p-start": start,
        "4p-middle": middle,
        "4p-middle-seen-by-1": goml.observe(middle, 1),
        "4p-end": end,
        "4p-end-seen-by-3": goml.observe(end, 3),
        "3p-arranged": arranged(),
        "3p-arranged-seen-by-2": goml.observe(arranged(), 2),
    }


NAMES = sorted(pictures())


@pytest.mark.parametrize("name", NAMES)
def test_golden_svg(name: str) -> None:
    check_golden(f"svg/get-off-my-land/{name}.svg", goml.render_svg(pictures()[name]) + "\n")


@pytest.mark.parametrize("name", NAMES)
def test_every_text_fits_the_canvas_and_none_overlaps_another(name: str) -> None:
    svg = goml.render_svg(pictures()[name])
    assert overflowing_texts(svg) == []
    assert collisions(svg) == []


@pytest.mark.parametrize("name", NAMES)
def test_pictures_are_800_px_wide_with_text_of_at_least_9_px(name: str) -> None:
    svg = goml.render_svg(pictures()[name])
    assert 'width="800"' in svg.split("\n", 1)[0]
    assert min(t.size for t in texts(svg)) >= 9


@pytest.mark.parametrize("name", NAMES)
def test_fences_never_cross_a_label(name: str) -> None:
    svg = goml.render_svg(pictures()[name])
    fences = list(lines(svg, 5))
    assert fences or name == "4p-start"
    for t in texts(svg):
        for fence in fences:
            x0, y0, x1, y1, title = fence
            crosses = t.box[0] < x1 and x0 < t.box[2] and t.box[1] < y1 and y0 < t.box[3]
            assert not crosses, f"{title} crosses {t.text!r}"


@pytest.mark.parametrize("name", NAMES)
def test_the_legend_names_every_seat_in_its_colour_and_no_other_name_is_used(name: str) -> None:
    position = pictures()[name]
    svg = goml.render_svg(position)
    shown = [t.text for t in texts(svg)]
    circles = {c.get("fill") for c in fills(svg, "circle")}
    for p in range(position.rules.players):
        assert f"player {p}" in shown
        assert PLAYER_COLOURS[p] in circles
    assert not re.search(r"\bP\d|Player \d|seat \d|\bp\d\b", words(svg))


@pytest.mark.parametrize("name", NAMES)
def test_the_picture_says_whose_turn_it_is_and_the_scores(name: str) -> None:
    position = pictures()[name]
    state = position if isinstance(position, goml.State) else None
    said = words(goml.render_svg(position))
    if state is not None and state.agenda:
        assert f"player {state.to_move} to move: " in said or "chance: " in said
        money = ", ".join(f"player {p} ${m}" for p, m in enumerate(goml.scores(state)))
        assert f"scores (money): {money}" in said
    if isinstance(position, goml.View):
        assert f"as seen by player {position.player}" in said


@pytest.mark.parametrize("name", ["4p-end", "4p-end-seen-by-3"])
def test_the_end_shows_the_final_scores_and_the_winners(name: str) -> None:
    end = game()[2]
    said = words(goml.render_svg(pictures()[name]))
    final = ", ".join(f"player {p} ${m}" for p, m in enumerate(goml.scores(end)))
    won = goml.winners(end)
    label = "winner" if len(won) == 1 else "winners"
    assert f"final scores: {final}; {label}: " + ", ".join(f"player {p}" for p in won) in said
    assert "game over" in said
    assert "to move" not in said


def test_control_is_washed_in_the_controller_s_colour_tile_by_tile() -> None:
    state = arranged()
    svg = goml.render_svg(state)
    washes = [r for r in fills(svg, "rect") if r.get("opacity") == "0.45"]
    for p, colour in enumerate(PLAYER_COLOURS[: state.rules.players]):
        assert sum(r["fill"] == colour for r in washes) == state.control[p].bit_count() > 0


def test_mature_and_immature_cards_are_told_apart_in_words_and_in_colour() -> None:
    svg = goml.render_svg(arranged())
    said = words(svg)
    for card in ("Cows mature", "Grain immature", "Still active", "Workhorse exhausted"):
        assert card in said
    cards = {
        r["title"].split(",")[0]: r for r in fills(svg, "rect") if "side up" in r.get("title", "")
    }
    assert cards["Grain (A)"]["fill"] == "#ffffff"
    assert cards["Cows (B)"]["fill"] != "#ffffff"


def test_the_month_track_the_market_the_stash_and_the_farmhouses_are_drawn() -> None:
    state = arranged()
    said = words(goml.render_svg(state))
    for month in state.rules.months:
        assert month.name[:3] in said
    for cost in state.rules.market_costs:
        assert f"${cost}" in said
    assert "crops mature" in said and "winter: crops are discarded" in said
    for p in range(3):
        house = state.rules.farmhouses[state.farmhouses[p]].name
        assert f"farmhouse: {house}" in said
        assert f"fence stash: {15 - _placed(state, p)} of 15" in said
        assert f"hand: {len(state.hands[p])} fence cards" in said


def _placed(state: goml.State, p: int) -> int:
    t = state.rules.tables
    f = state.fences[p]
    return ((f | f >> t.edges) & t.edge_mask).bit_count()


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_view_draws_only_what_its_seat_sees(seat: int) -> None:
    state = arranged()
    view = goml.observe(state, seat)
    # Worlds the seat cannot tell apart draw the same: nothing hidden reaches the picture.
    for i in range(4):
        other = goml.resample(state, seat, random.Random(i))
        assert goml.render_svg(goml.observe(other, seat)) == goml.render_svg(view)
        assert goml.render_text(goml.observe(other, seat)) == goml.render_text(view)
    svg = goml.render_svg(view)
    assert view._repr_svg_() == svg
    said = words(svg)
    for p in range(3):
        if p != seat:
            assert "hand: 2 fence cards (face down)" in said
    text = goml.render_text(view)
    assert f"as seen by player {seat}" in text
    assert text.count("hand: 2 cards face down") == 2


def test_the_text_names_the_turn_the_scores_and_the_winners() -> None:
    start, _, end = game()
    text = goml.render_text(start)
    assert "player 0 to move: take an action (2 left) or end the turn" in text
    assert "scores (money): player 0 $8, player 1 $8, player 2 $8, player 3 $8" in text
    final = goml.render_text(end)
    assert "game over" in final
    assert (
        "final scores: " + ", ".join(f"player {p} ${m}" for p, m in enumerate(goml.scores(end)))
        in final
    )


@pytest.mark.parametrize("render", [goml.render_svg, goml.render_text])
@pytest.mark.parametrize(
    "what", [42, None, "state", fog.observe(fog.new_game(fog.Rules(players=2, start_player=0)), 0)]
)
def test_anything_but_a_state_or_a_view_is_a_type_error(render: object, what: object) -> None:
    with pytest.raises(TypeError, match="draws a Get Off My Land! State or View, not"):
        render(what)  # type: ignore[operator]

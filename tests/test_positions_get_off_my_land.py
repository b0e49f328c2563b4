"""Get Off My Land! positions: round trips, every refusal, text, arrange, views, built positions."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from acreage import get_off_my_land as goml
from acreage.core.chance import sample
from acreage.core.position import PositionError, position_of_view
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.position import money_cap
from acreage.testing import SETTINGS, positions, states

RULES = [
    goml.Rules(players=2),
    goml.Rules(players=3),
    goml.Rules(players=4),
    goml.Rules(players=3, anchored_fences=True),
    goml.Rules(players=2, home_farmer_protects=False),
    goml.Rules(players=3, secret_farmhouses=True),  # hidden farmhouse tiles, resampled from views
]


def setup_id(rules: goml.Rules) -> str:
    """``3p-anchored_fences``: the player count and the options that differ from the defaults."""
    default = goml.Rules(players=rules.players)
    changed = [
        k
        for k in ("anchored_fences", "home_farmer_protects", "secret_farmhouses")
        if getattr(rules, k) != getattr(default, k)
    ]
    return "-".join([f"{rules.players}p", *changed])


SLOW = settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def started(players: int = 2) -> goml.State:
    """After setup (the first outcome of every chance event): player 0's first turn."""
    state = goml.new_game(goml.Rules(players=players))
    while not isinstance(state.decision, st.Turn):
        state = goml.apply_move(state, goml.legal_moves(state)[0])
    return state


BASE = started()
DATA = goml.to_position(BASE)
RULES_2 = BASE.rules


def refusal(**changes: Any) -> PositionError:
    data = {**copy.deepcopy(DATA), **changes}
    with pytest.raises(PositionError) as caught:
        goml.from_position(RULES_2, data)
    return caught.value


def round_trips(state: goml.State) -> None:
    data = goml.to_position(state)
    again = goml.from_position(state.rules, json.loads(json.dumps(data)))
    assert again == state and again.control == state.control
    assert goml.parse_position(state.rules, goml.position_text(state)) == state


# -- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES, ids=setup_id)
@SLOW
@given(data=hs.data())
def test_reachable_states_round_trip(rules: goml.Rules, data: hs.DataObject) -> None:
    round_trips(data.draw(states(goml.GAME, rules, max_moves=300)))


@pytest.mark.parametrize("rules", RULES, ids=setup_id)
@SLOW
@given(data=hs.data())
def test_built_positions_round_trip_and_play_on(rules: goml.Rules, data: hs.DataObject) -> None:
    state = data.draw(positions(goml.GAME, rules))
    round_trips(state)
    rng = random.Random(0)
    for _ in range(3000):
        if goml.is_terminal(state):
            break
        outcomes = goml.chance_outcomes(state)
        move = sample(outcomes, rng) if outcomes else rng.choice(goml.legal_moves(state))
        state = goml.apply_move(state, move)
    assert goml.is_terminal(state)


def test_every_decision_of_a_whole_game_round_trips() -> None:
    rng = random.Random(5)
    state = goml.new_game(goml.Rules(players=3))
    kinds = set()
    while not goml.is_terminal(state):
        round_trips(state)
        kinds.add(type(state.decision))
        outcomes = goml.chance_outcomes(state)
        move = sample(outcomes, rng) if outcomes else rng.choice(goml.legal_moves(state))
        state = goml.apply_move(state, move)
    round_trips(state)
    assert {st.Turn, st.PlaceFences, st.DrawCard, st.ChooseFarmhouse} <= kinds


def test_the_data_names_cards_tiles_and_sides() -> None:
    assert DATA["game"] == "get-off-my-land" and DATA["format"] == 1
    assert DATA["agenda"] == [{"task": "turn", "player": 0, "actions": 2, "fenced": False}]
    assert DATA["hands"][0] == ["Get Off My Land! (1 fence, 2 holes)"] * 2
    assert DATA["track"][0] == "Grain (A)" and DATA["farmers"] == ["a1", "d4"]
    state = goml.arrange(BASE, fences=[["b1 W"], []])
    assert goml.to_position(state)["fences"] == [["a1 E"], []]  # a lone fence by its edge's name


def test_two_fences_on_a_side_each_face_a_tile() -> None:
    state = goml.arrange(BASE, fences=[["b1 S", "a1 N"], ["b2 N", "a1 N out"]])
    fences = goml.to_position(state)["fences"]
    assert fences == [["a1 N", "b1 S"], ["a1 N out", "b2 N"]]
    assert goml.from_position(RULES_2, goml.to_position(state)) == state


# -- refusals ---------------------------------------------------------------------------


def test_more_fences_than_a_colour_has() -> None:
    sides = [goml.tile_name(RULES_2, c) + " N" for c in range(16)]  # 16 sides, 16 edges
    e = refusal(fences=[sides, []])
    assert e.path == "fences[0]"
    assert e.reason == "16 fences of player 0's colour on the board, but a colour has 15"


def test_more_fence_cards_of_a_kind_than_the_data_holds() -> None:
    hands = [DATA["hands"][0] + ["Get Off My Land! (1 fence, 2 holes)"], DATA["hands"][1]]
    e = refusal(hands=hands)
    assert e.path == "hands" and "3 Get Off My Land! (1 fence, 2 holes) cards" in e.reason
    assert "more than the 2 the card data holds" in e.reason


def test_fewer_fence_cards_than_the_data_holds() -> None:
    e = refusal(fence_deck=[])
    assert "fewer than" in e.reason


def test_more_market_cards_of_a_kind_than_the_data_holds() -> None:
    # Both Grain (A) cards are on the track: a third on the land (logged c1) is one too many.
    e = refusal(tiles={"c1": "nothing"}, cards={"c1": "Grain (A)"})
    assert e.path == "market_deck" and "3 Grain (A) cards" in e.reason


def test_a_side_off_the_board() -> None:
    e = refusal(fences=[["e1 N"], []])
    assert e.path == "fences[0][0]" and "'e1' is not a tile of this board" in e.reason
    assert "'up' is not a direction" in refusal(fences=[["a1 up"], []]).reason
    assert "is not a side" in refusal(fences=[["a1"], []]).reason


def test_three_fences_on_a_side_and_two_of_one_colour() -> None:
    rules = goml.Rules(players=3)
    data = goml.to_position(started(3))
    with pytest.raises(PositionError, match="a third fence on"):
        goml.from_position(rules, {**data, "fences": [["b1 N"], ["b1 N"], ["b1 N out"]]})
    e = refusal(fences=[["a1 E", "b1 W"], []])
    assert e.path == "fences[0][1]" and e.reason == "player 0 has two fences on a1 E"


def test_two_fences_facing_one_tile_and_a_lone_fence_facing_out() -> None:
    e = refusal(fences=[["a1 E"], ["a1 E"]])
    assert e.path == "fences[1][0]" and "both fences on a1 E face a1" in e.reason
    assert "a lone fence on a1 N faces both ways" in refusal(fences=[["a1 N out"], []]).reason
    assert "not on the play area's edge" in refusal(fences=[["a1 E out"], []]).reason


def test_a_market_card_on_forest_not_logged_or_on_a_farmhouse() -> None:
    market = [list(pile) for pile in DATA["market_deck"]]
    market[0].remove("Potatoes (A)")
    e = refusal(cards={"c1": "Potatoes (A)"}, market_deck=market)
    assert e.path == "cards.c1" and "forest not logged" in e.reason
    e = refusal(cards={"a1": "Potatoes (A)"}, market_deck=market)
    assert "a1 is a farmhouse tile" in e.reason


def test_logged_sides_only_on_forest_and_no_more_than_the_tiles() -> None:
    assert "b1 is a grass tile" in refusal(tiles={"b1": "nothing"}).reason
    e = refusal(tiles={"c1": "nothing", "d1": "nothing", "c2": "nothing"})
    assert e.path == "tiles.d1" and "2 logged sides 'nothing'" in e.reason
    assert "did you mean" in refusal(tiles={"c1": "nothin"}).reason


def test_a_mature_side_needs_a_card() -> None:
    e = refusal(mature=["b1"])
    assert e.path == "mature[0]" and "holds no market card" in e.reason


def test_money_that_cannot_be() -> None:
    assert refusal(money=[-1, 8]).path == "money[0]"
    cap = money_cap(RULES_2, 0)
    e = refusal(money=[8, cap + 1])
    assert e.path == "money[1]" and f"at most ${cap}" in e.reason
    assert goml.arrange(BASE, money=[8, cap]).money == (8, cap)


def test_a_month_beyond_the_track() -> None:
    e = refusal(month=13)
    assert e.path == "month" and "expected 0 to 12" in e.reason
    assert "past the track's last month" in refusal(month=12).reason
    assert "the game ends only after the last month" in refusal(agenda=[]).reason


def test_a_seat_to_move_that_does_not_exist() -> None:
    e = refusal(agenda=[{"task": "turn", "player": 2, "actions": 2, "fenced": False}])
    assert e.path == "agenda[0].player"
    assert e.reason == "seat 2 is not at this 2-player table (seats 0 to 1)"
    assert refusal(first=5).path == "first"


def test_an_agenda_the_game_never_makes() -> None:
    turn = {"task": "turn", "player": 0, "actions": 2, "fenced": False}
    assert "is not a task" in refusal(agenda=[{"task": "nap", "player": 0}]).reason
    e = refusal(agenda=[turn, {"task": "end-turn", "player": 0}])
    assert "one turn at a time" in e.reason
    played = {"task": "finish-card", "card": DATA["hands"][0][0]}
    e = refusal(agenda=[turn, played], hands=[DATA["hands"][0][1:], DATA["hands"][1]])
    assert "carried out at once" in e.reason
    e = refusal(agenda=[{**turn, "actions": 0}])
    assert "nothing can be decided here yet" in e.reason
    e = refusal(agenda=[turn, {"task": "deal-farmhouse", "player": 1}])
    assert "part of setup" in e.reason
    e = refusal(agenda=[turn, {"task": "slash-choice", "player": 1}])
    assert "slash-choice of player 1 during player 0's turn" in e.reason
    e = refusal(agenda=[{"task": "end-turn", "player": 0}, {"task": "discard-down", "player": 0}])
    assert "holds 2 cards (the hand limit is 6)" in e.reason


def test_a_card_to_draw_needs_a_deck() -> None:
    turn = {"task": "turn", "player": 0, "actions": 1, "fenced": False}
    deck = DATA["fence_deck"][0]
    e = refusal(
        agenda=[turn, {"task": "draw-card", "player": 0}], fence_deck=[], fence_discard=deck
    )
    assert e.path == "agenda[1]" and "nothing can be decided here yet" in e.reason


def test_farmhouse_tiles_that_cannot_be() -> None:
    kept = DATA["farmhouses"]
    e = refusal(farmhouses=[kept[0], kept[0]])
    assert e.path == "farmhouses[1]" and "is kept by player 0 already" in e.reason
    assert "kept no farmhouse tile" in refusal(farmhouses=[None, kept[1]]).reason
    setup = goml.to_position(goml.new_game(RULES_2))
    setup["offers"] = [["Petting Zoo"], []]
    with pytest.raises(PositionError, match=r"offers\[0\]: 1 tile dealt and 2 to deal"):
        goml.from_position(RULES_2, setup)


def test_a_track_with_a_gap() -> None:
    track = [None, *DATA["track"][1:]]
    e = refusal(track=track, market_discard=[DATA["track"][0]])
    assert e.path == "track[1]" and "the cards slide left" in e.reason
    track = [*DATA["track"][:-1], None]
    e = refusal(track=track, market_discard=[DATA["track"][-1]])
    assert e.path == "track" and "refilled at once" in e.reason


def test_a_hand_over_the_limit_belongs_to_the_player_whose_turn_it_is() -> None:
    hand = [label for pile in DATA["fence_deck"] for label in pile][:5] + DATA["hands"][1]
    deck = [label for pile in DATA["fence_deck"] for label in pile][5:]
    e = refusal(hands=[DATA["hands"][0], hand], fence_deck=[deck])
    assert e.path == "hands[1]" and "7 cards, over the hand limit of 6" in e.reason
    assert len(goml.arrange(BASE, hands=[hand, DATA["hands"][0]], fence_deck=[deck]).hands[0]) == 7


def test_derived_and_unknown_keys() -> None:
    e = refusal(control=[[], []])
    assert e.path == "control" and e.reason.startswith("derived, not given")
    assert "did you mean 'hands'" in refusal(hand=[]).reason
    with pytest.raises(PositionError, match="missing"):
        goml.from_position(RULES_2, {k: v for k, v in DATA.items() if k != "money"})


@given(hs.recursive(hs.none() | hs.integers() | hs.text(max_size=5), hs.lists, max_leaves=8))
@SETTINGS
def test_nothing_but_a_position_error_whatever_a_field_holds(value: Any) -> None:
    for key in ("money", "hands", "fences", "agenda", "cards", "track"):
        with contextlib.suppress(PositionError):
            goml.from_position(RULES_2, {**DATA, key: value})


# -- text -------------------------------------------------------------------------------


def test_the_text_form() -> None:
    text = goml.position_text(BASE)
    lines = text.splitlines()
    assert lines[0] == "get-off-my-land position 1"
    assert lines[1].split() == ["H0", "G", "L", "L"]
    assert "money: 8 8" in lines and "farmers: a1 d4" in lines
    assert 'task: {"task": "turn", "player": 0, "actions": 2, "fenced": false}' in lines
    assert goml.parse_position(RULES_2, text) == BASE


def test_malformed_text_names_its_line_and_column() -> None:
    text = goml.position_text(BASE)
    task = len(text.splitlines())  # the last line: the turn
    cases = [
        (text.replace("money: 8 8", "money: 8 x"), (8, 10), "expected a number"),
        (text.replace("H0 ", "G  ", 1), (2, 1), "a1 is H0 on this board"),
        (text.replace("first: 0", "first: 7"), (7, 8), "seat 7 is not at this 2-player table"),
        (text.replace("farmers: a1 d4", "farmers: a1 z9"), (9, 13), "'z9' is not a tile"),
        (text.replace('"actions": 2', '"actions": 2,'), (task, 7), "a task is written as JSON"),
        (text.replace("month: 0", "monht: 0"), (6, 1), "unknown field 'monht'"),
        ("chess position 1\n", (1, 1), "a position text starts with"),
    ]
    for bad, (line, column), reason in cases:
        with pytest.raises(PositionError) as caught:
            goml.parse_position(RULES_2, bad)
        e = caught.value
        assert (e.line, e.column) == (line, column), (reason, str(e))
        assert reason in e.reason, str(e)


def test_text_refusals_locate_the_field() -> None:
    text = goml.position_text(BASE)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("fences 1:"))
    bad = text.replace("fences 1: -", "fences 1: a1 E / b1 W / a1 E")
    with pytest.raises(PositionError) as caught:
        goml.parse_position(RULES_2, bad)
    assert caught.value.line == line and caught.value.path == "fences[1][1]"


# -- arrange, views ---------------------------------------------------------------------


def test_arrange_recomputes_what_is_derived() -> None:
    state = goml.arrange(BASE, fences=[goml.sides_around(RULES_2, ["b1"]), []])
    assert goml.controller(state, goml.tile_id(RULES_2, "b1")) == 0
    assert state.to_move == 0 and state.hands == BASE.hands
    with pytest.raises(PositionError, match="control: derived"):
        goml.arrange(BASE, control=[[], []])
    with pytest.raises(PositionError, match="a colour has 15"):
        goml.arrange(BASE, fences=[[goml.tile_name(RULES_2, c) + " N" for c in range(16)], []])


def test_arrange_sets_up_a_decision() -> None:
    card = DATA["hands"][0][0]
    batch = {"player": 0, "left": 1, "carrying": None, "placed": [], "before": [["a1"], ["d4"]]}
    agenda = [
        {"task": "turn", "player": 0, "actions": 1, "fenced": True},
        {"task": "finish-card", "card": card},
        {"task": "place-fences", "batch": batch},
    ]
    state = goml.arrange(BASE, agenda=agenda, hands=[[card], DATA["hands"][1]])
    assert isinstance(state.decision, st.PlaceFences)
    assert "fence b1 N" in [str(m) for m in goml.legal_moves(state)]


@pytest.mark.parametrize("rules", RULES, ids=setup_id)
def test_a_view_becomes_a_position_its_seat_cannot_tell_apart(rules: goml.Rules) -> None:
    rng = random.Random(rules.players)
    state = goml.new_game(rules)
    for i in range(400):
        if goml.is_terminal(state):
            break
        if i % 7 == 0:
            seat = i % rules.players
            view = goml.observe(state, seat)
            data = position_of_view(goml.GAME, view, rng)
            again = goml.from_position(rules, data)
            assert goml.observe(again, seat) == view
            assert again.hands[seat] == state.hands[seat]
        outcomes = goml.chance_outcomes(state)
        move = sample(outcomes, rng) if outcomes else rng.choice(goml.legal_moves(state))
        state = goml.apply_move(state, move)


def test_the_hidden_hands_are_dealt_at_random() -> None:
    view = goml.observe(BASE, 0)
    dealt = {goml.from_view(view, random.Random(seed)).hands[1] for seed in range(20)}
    assert len(dealt) > 1
    with pytest.raises(PositionError, match=r"expected a get_off_my_land\.View"):
        goml.from_view(BASE, random.Random(0))  # type: ignore[arg-type]


# -- rule tests on built positions ------------------------------------------------------


@SETTINGS
@given(
    positions(goml.GAME, goml.Rules(players=3), where=lambda s: isinstance(s.decision, st.DrawCard))
)
def test_a_fence_card_is_drawn_from_the_deck_as_it_stands(state: goml.State) -> None:
    # "Draw a fence card": each kind in the deck, as likely as its share of the deck.
    deck = Counter(state.fence_deck.cards())
    outcomes = {str(m).removeprefix("draw "): p for m, p in goml.chance_outcomes(state)}
    labels = {state.rules.tables.fence[k].label: n for k, n in deck.items()}
    assert outcomes == {label: Fraction(n, sum(deck.values())) for label, n in labels.items()}


@SETTINGS
@given(positions(goml.GAME, goml.Rules(players=2), where=lambda s: isinstance(s.decision, st.Turn)))
def test_one_card_a_turn_for_fences_and_lumber_for_those_who_can_pay(state: goml.State) -> None:
    task = state.decision
    assert isinstance(task, st.Turn)
    texts = [str(m) for m in goml.legal_moves(state)]
    assert "end turn" in texts
    for_fences = [t for t in texts if t.endswith("for fences")]
    assert bool(for_fences) == (not task.fenced and bool(state.hands[task.seat]))
    assert ("buy lumber" in texts) == (state.money[task.seat] >= state.rules.lumber_cost)


def test_a_refusal_of_a_whole_field_names_its_first_line() -> None:
    text = goml.position_text(BASE)
    lines = text.splitlines()
    hand = next(i for i, x in enumerate(lines, 1) if x.startswith("hand 0:"))
    bad = text.replace(
        "hand 0: Get Off My Land! (1 fence, 2 holes) x2",
        "hand 0: Get Off My Land! (1 fence, 2 holes) x3",
    )
    with pytest.raises(PositionError) as caught:
        goml.parse_position(RULES_2, bad)
    assert (caught.value.line, caught.value.path) == (hand, "hands")
    assert "3 Get Off My Land! (1 fence, 2 holes) cards" in caught.value.reason


def test_starting_hands_over_the_limit_wait_for_their_players_first_turn() -> None:
    # Dealt 8 with a limit of 6, player 1 holds 8 during player 0's first turn.
    rules = goml.Rules(players=2, starting_cards=8)
    state = goml.new_game(rules)
    while not isinstance(state.decision, st.Turn):
        state = goml.apply_move(state, goml.legal_moves(state)[0])
    assert len(state.hands[1]) == 8
    assert goml.from_position(rules, goml.to_position(state)) == state
    later = {**goml.to_position(state), "month": 1}
    with pytest.raises(PositionError, match="8 cards, over the hand limit of 6"):
        goml.from_position(rules, later)

"""Positions of Fields of Green: data and text round trips, every validation, arrange, views.

The base position is a year-3 action round of a seeded 2-player game: player 0
has revealed a greenhouse, player 1 a pair of cows; the farms hold several
towers and silos, a hose on a tower, a pig farm shut down, a wheelbarrow kept
aside, and the tool pile has tiles put back underneath in a known order. The
test checks it is the state that game reaches, then breaks it one way at a time.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import RecordError
from acreage import fields_of_green as fog
from acreage.core.chance import sample
from acreage.core.game import CHANCE
from acreage.core.position import PositionError, position_of_view
from acreage.core.record import GameRecord, record_of, replay
from acreage.fields_of_green.state import Act, PlaceSite
from acreage.testing import check_state, playouts, positions

RULES = fog.Rules(players=2, start_player=0)

BASE_TEXT = """
fields-of-green position 1
phase: action
year: 3
actor: 0
start: 0
passes: 1
farm 0 board: -1,-1
 .  .  6  .  .
10  1  2  4  7
 .  3  .  . 11
 8  5 12  .  .
 .  9  .  .  .
farm 0: water tower = 3 / silo / water tower = 3 / silo / water tower = 3 / silo / water tower = 3 / silo / well / water tower = 3 / grain field / water tower = 3
farm 0 purse: coins 10 grain 5 tokens 0
farm 0 hand: vegetable patch, rice paddy, greenhouse, barn, chapel
farm 0 pick: greenhouse
farm 1 board: -2,-2
 . 13  .  .  .
 .  9 12 11  .
14  6  1  2  7
 . 10  .  3  .
 .  8  5  4  .
farm 1: water tower = 3 / silo / chickens / workshop / tool shed / silo / silo / water tower = 3 / water tower = 3 + hose / silo / silo / pigs (down) / water tower = 3 / water tower = 3
farm 1 purse: coins 6 grain 1 tokens 0
farm 1 hand: beehive, horses, fence, granary, stable
farm 1 pick: cows
farm 1 kept: wheelbarrow
discard: grain field, orchard, vineyard, vineyard, goats, beehive, beehive, mill, pond, workshop, compost heap, fence, farmhouse, barn, barn, inn, cottage, cottage
tool-pile: pile hose * 2, watering can * 2, feeding trough * 2, milking stool * 1, pitchfork * 3, scarecrow * 2, wheelbarrow * 1, weather vane * 1 / stack feeding trough, weather vane / stack watering can, milking stool
agenda: act 1 / round
"""

BASE = fog.to_position(fog.parse_position(RULES, BASE_TEXT))


def played(rules: fog.Rules, seed: int, moves: int) -> fog.State:
    """The state a seeded random game reaches after ``moves`` moves."""
    rng = random.Random(seed)
    state = fog.new_game(rules)
    for _ in range(moves):
        if state.to_move is None:
            break
        if state.to_move is CHANCE:
            move = sample(fog.chance_outcomes(state), rng)
        else:
            move = rng.choice(fog.legal_moves(state))
        state = fog.apply_move(state, move)
    return state


def first(rules: fog.Rules, seed: int, holds: Any) -> fog.State:
    """The first state for which ``holds`` is true in seeded random games (seed ``seed``,
    then the next seeds, up to 20 games)."""
    rng = random.Random(seed)
    state = fog.new_game(rules)
    games = 1
    while not holds(state):
        if state.to_move is None:
            assert games < 20, "no game reached such a state"
            rng = random.Random(seed + games)
            state = fog.new_game(rules)
            games += 1
            continue
        if state.to_move is CHANCE:
            move = sample(fog.chance_outcomes(state), rng)
        else:
            move = rng.choice(fog.legal_moves(state))
        state = fog.apply_move(state, move)
    return state


def changed(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with the value at ``path`` (``farms.1.coins``) replaced,
    or removed when ``value`` is ``...``."""
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = out
    for step in parents:
        target = target[int(step)] if isinstance(target, list) else target[step]
    key: Any = int(last) if isinstance(target, list) else last
    if value is ...:
        del target[key]
    else:
        target[key] = value
    return out


def test_the_base_position_is_the_state_its_game_reaches() -> None:
    state = fog.from_position(RULES, BASE)
    assert state == played(RULES, seed=91, moves=131)
    # Derived, not given: the decks, the stacks, the capacities.
    assert state.silo_stack == 16 - 9 and state.tower_stack == 16 - 11
    assert state.farms[0].grain_capacity == 4 * 4
    assert state.farms[1].towers[2][2:] == (3, 2 + 1)  # the hose reaches one cell further
    assert sum(map(len, state.decks)) == sum(c.count for c in RULES.cards) - 2 * 6 * 3


# -- round trips ---------------------------------------------------------------------------

RULES_STRATEGY = st.sampled_from(
    [
        *(fog.Rules(players=n) for n in (2, 3, 4)),
        fog.Rules(players=3, start_player=1, split_payments=True, range_metric="path"),
        fog.Rules(players=2, years=2, hand_size=4, min_decks=2, harvest_water_in_range=True),
        fog.Rules(players=4, years=1, tool_draw=1, tools_per_site=1, range_metric="chebyshev"),
    ]
)
SLOW = settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def assert_round_trips(state: fog.State) -> None:
    rules = state.rules
    data = json.loads(json.dumps(fog.to_position(state)))
    again = fog.from_position(rules, data)
    assert again == state
    assert fog.GAME.digest(again) == fog.GAME.digest(state)
    assert fog.parse_position(rules, fog.position_text(state)) == state


@SLOW
@given(playouts(fog.GAME, RULES_STRATEGY))
def test_every_state_of_a_game_round_trips_as_data_and_as_text(playout: Any) -> None:
    for state in playout.states:
        assert_round_trips(state)


@SLOW
@given(positions(fog.GAME, RULES_STRATEGY))
def test_built_positions_are_valid_and_round_trip(state: fog.State) -> None:
    check_state(fog.GAME, state)
    assert_round_trips(state)
    assert fog.legal_moves(state) or fog.is_terminal(state)


def acts_before_another(state: fog.State) -> bool:
    """An action, and another player acts next in this round (nothing comes between)."""
    return fog.PHASES[fog.question(state).phase] == "action" and isinstance(state.rest[-1], Act)


@SLOW
@given(positions(fog.GAME, fog.Rules(players=3), where=acts_before_another))
def test_the_market_is_always_open(state: fog.State) -> None:
    # D) "Zum Markt fahren": whatever the card and the farm, it can be discarded for
    # 2 coins, and up to 2 grain sold for 2 coins each, as far as the silos hold them.
    p = fog.question(state).actor
    farm = state.farms[p]
    most = min(2, farm.grain)
    markets = [m for m in fog.legal_moves(state) if isinstance(m, fog.Market)]
    assert sorted(m.sell for m in markets) == list(range(most + 1))
    after = fog.apply_move(state, fog.Market(most))
    next_act = state.rest[-1]
    assert isinstance(next_act, Act)
    assert fog.question(after).actor == next_act.seat  # the next player acts: nothing came between
    assert after.farms[p].coins == farm.coins + 2 + 2 * most
    assert after.farms[p].grain == farm.grain - most
    assert after.discard.count(state.picks[p]) == state.discard.count(state.picks[p]) + 1


def test_build_position_with_only_zero_choices_is_the_simplest_position() -> None:
    state = fog.build_position(RULES, lambda n: 0)
    # The first year's start: the start player draws the first card, from full decks,
    # into farms of a tower and a silo (emptied: choices of 0 are empty purses too).
    assert (state.year, fog.PHASES[fog.question(state).phase], fog.question(state).actor) == (
        1,
        "draw",
        0,
    )
    assert state.decks == RULES.tables.decks and not state.discard
    assert all(f.cells == fog.new_game(RULES).farms[0].cells for f in state.farms)
    assert all((f.grain, f.coins, f.towers[0][1]) == (0, 0, 0) for f in state.farms)


def test_text_form_reads_back_with_comments_and_blank_lines() -> None:
    text = "# a note\n\n" + BASE_TEXT.replace("passes: 1", "passes: 1\n\n# another")
    assert fog.parse_position(RULES, text) == fog.from_position(RULES, BASE)


# -- refusals ------------------------------------------------------------------------------

INVALID: list[tuple[str, Any, str]] = [
    ("year", 9, r"^year: expected 1 to 4, got 9"),
    ("year", ..., r"^year: missing: in phase action a year 1 to 4 is under way"),
    ("actor", 2, r"^actor: seat 2 is not at this 2-player table"),
    ("actor", ..., r"^actor: missing: in phase action a seat decides or is dealt to"),
    ("start", 3, r"^start: seat 3 is not at this 2-player table"),
    ("passes", 6, r"^passes: expected 0 to 5, got 6"),
    ("phase", "harvst", r"^phase: 'harvst' is not a phase"),
    ("decks", [], r"^decks: derived, not given: the location decks hold"),
    ("silo_stack", 7, r"^silo_stack: derived, not given"),
    ("to_move", 0, r"^to_move: derived, not given"),
    ("yeer", 3, r"unknown key 'yeer' \(did you mean 'year'\?\)"),
    ("farms.0.grain_capacity", 16, r"^farms\[0\].grain_capacity: derived, not given"),
    ("farms.1.sites.8.capacity", 4, r"^farms\[1\].sites\[8\].capacity: derived, not given"),
    ("farms", [], r"^farms: expected 2 items, got 0"),
    (
        "farms.0.sites.1",
        {"x": 0, "y": 1, "site": "silo"},
        r"^farms\[0\].sites\[1\]: every farm starts with a water tower at 0,0 beside a silo at 1,0",
    ),
    (
        "farms.0.sites.3",
        {"x": 0, "y": 0, "site": "silo"},
        r"^farms\[0\].sites\[3\]: \(0, 0\) holds a card already",
    ),
    (
        "farms.0.sites.11",
        {"x": 5, "y": 5, "site": "water tower", "water": 3},
        r"^farms\[0\].sites\[11\]: \(5, 5\) is not orthogonally next to a site built before it",
    ),
    (
        "farms.0.sites.11",
        {"x": 9000, "y": 0, "site": "water tower", "water": 3},
        r"^farms\[0\].sites\[11\]: \(9000, 0\) lies further from the farm than any card",
    ),
    ("farms.0.sites.11.site", "water towr", r"'water towr' is not a site of these rules"),
    (
        "farms.0.sites.0.water",
        4,
        r"^farms\[0\].sites\[0\]\.water: 4 water in a water tower that holds 3",
    ),
    ("farms.0.sites.1.water", 1, r"only a water tower holds water, not the silo"),
    ("farms.0.grain", 17, r"^farms\[0\].grain: 17 grain, but the silos hold 16 together"),
    ("farms.1.coins", -1, r"^farms\[1\].coins: expected 0 to"),
    (
        "farms.1.sites.1.down",
        True,
        r"only a site supplied at harvest \(green\) is ever shut down, not the silo",
    ),
    ("farms.1.sites.8.tools", ["hose", "hose"], r"a site takes different tools"),
    (
        "farms.1.sites.8.tools",
        ["pitchfork"],
        r"^farms\[1\].sites\[8\].tools\[0\]: pitchfork fits only barn, stable, not the water tower",
    ),
    (
        "farms.1.sites.11.tools",
        ["feeding trough"],
        r"^farms\[1\].sites\[11\].tools: a shut-down site has lost its tools",
    ),
    ("farms.1.kept", ["spade"], r"'spade' is not a tool of these rules"),
    (
        "hands.1",
        ["beehive", "beehive", "fence", "granary", "stable"],
        r"^4 beehive cards in farms, hands, picks and the discard pile, but the livestock deck "
        r"has 3",
    ),
    (
        "hands.0",
        ["chapel", "chapel", "chapel", "chapel", "barn"],
        r"^4 chapel cards in farms, hands, picks and the discard pile, but the buildings deck "
        r"has 3",
    ),
    (
        "tool_pile.0.pile.hose",
        3,
        r"^4 hose tiles in the tool pile, on sites, kept aside and drawn, but the game has 3",
    ),
    ("tool_pile.1", {"pile": {}}, r"^tool_pile\[1\].pile: an empty segment is no segment"),
    (
        "tool_pile.1",
        {"stack": ["hose"], "pile": {"hose": 1}},
        r"a 'pile' \(order unknown\) or a 'stack'",
    ),
    ("discard", [], r"^discard: 16 silos and water towers built beyond the first ones"),
    (
        "discard.0",
        ...,
        r"^65 cards built, discarded, in hand and picked, but by now in year 3 the players "
        r"have drawn 36|cards built, discarded",
    ),
    ("hands.0.0", ..., r"^hands: after the picks every hand holds as many cards"),
    ("picks.1", None, r"^picks: player 1 acts after player 0: a card is picked"),
    ("agenda", [["act", 1]], r"^agenda: these steps are not what is left of a draw, a round"),
    ("agenda.0", ["act", 4], r"^agenda\[0\]\[1\]: seat 4 is not at this 2-player table"),
    ("agenda.0", ["harvst", 1], r"'harvst' is not a step of the engine \(did you mean 'harvest'"),
    ("agenda.0", ["act"], r"^agenda\[0\]: the step 'act' takes 1 arguments, got 0"),
    ("pending", {"water": 1}, r"^pending: nothing more is pending in phase action"),
]


@pytest.mark.parametrize(("path", "value", "message"), INVALID, ids=[i[2][:50] for i in INVALID])
def test_a_position_that_cannot_exist_is_refused_naming_what_is_wrong(
    path: str, value: Any, message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        fog.from_position(RULES, changed(BASE, path, value))


def test_the_count_of_cards_drawn_must_add_up() -> None:
    data = changed(BASE, "discard", [*BASE["discard"], "pigs"])
    with pytest.raises(PositionError, match=r"^37 cards built, discarded, in hand and picked"):
        fog.from_position(RULES, data)


def test_a_player_acts_with_the_card_they_picked() -> None:
    data = changed(BASE, "picks.0", None)
    data["discard"].append("greenhouse")
    with pytest.raises(PositionError, match=r"^picks: player 0 acts with the card they picked"):
        fog.from_position(RULES, data)


def test_more_silos_than_the_game_has_are_refused() -> None:
    rules = fog.Rules(players=2, start_player=0, silos=8)
    with pytest.raises(PositionError, match=r"^farms: 9 silos built, but the game has 8"):
        fog.from_position(rules, BASE)


def test_a_card_that_costs_water_stands_in_range_of_an_earlier_tower() -> None:
    # The grain field costs 1 water: it is built within 2 steps of a tower built
    # before it ("im Einzugsgebiet (Reichweite von max. 2)").
    sites = BASE["farms"][0]["sites"]
    assert sites[10] == {"x": 3, "y": 1, "site": "grain field"}
    far = [*sites[:2], {"x": 2, "y": 0, "site": "silo"}, {"x": 3, "y": 0, "site": "silo"}]
    far += [{"x": 4, "y": 0, "site": "grain field"}]
    data = changed(BASE, "farms.0.sites", far)
    with pytest.raises(
        PositionError,
        match=r"^farms\[0\].sites\[4\]: the grain field at \(4, 0\) needs water from a tower in "
        "range when it is built, and no water tower built before it reaches there",
    ):
        fog.from_position(RULES, data)


def test_steps_of_a_turn_sit_above_the_frame_and_belong_to_the_actor() -> None:
    gain = ["gain", 0, {"coins": 2}]
    with pytest.raises(PositionError, match="the action is chosen before any step of it is taken"):
        fog.from_position(RULES, changed(BASE, "agenda", [gain, ["act", 1], ["round"]]))
    with pytest.raises(PositionError, match="belongs to the year's frame, below the steps"):
        fog.from_position(RULES, changed(BASE, "agenda", [["act", 1], gain, ["round"]]))
    store = changed(BASE, "phase", "store")
    store["pending"] = {"water": 1}
    with pytest.raises(PositionError, match="the step 'gain' for player 1 is not part of player 0"):
        fog.from_position(RULES, changed(store, "agenda", [["gain", 1, {}], ["act", 1], ["round"]]))


def test_a_decision_the_engine_takes_itself_is_refused() -> None:
    # Every tower of player 0 is full: water finds no choice of tower to go to.
    store = {**BASE, "phase": "store", "pending": {"water": 1}}
    with pytest.raises(PositionError, match=r"^pending: 1 water goes where there is room"):
        fog.from_position(RULES, store)
    pay = {**BASE, "phase": "pay", "pending": {"site": [0, 1], "water": 5}}
    with pytest.raises(PositionError, match=r"^pending: no water tower in range holds the 5 water"):
        fog.from_position(RULES, pay)
    supply = first(RULES, 4, lambda s: fog.PHASES[fog.question(s).phase] == "supply")
    data = fog.to_position(supply)
    data["pending"]["sites"] = data["pending"]["sites"][:1]
    with pytest.raises(PositionError, match=r"^pending.sites: the owner chooses among two sites"):
        fog.from_position(RULES, data)


def test_a_blind_draw_keeps_to_the_decks_it_may_use() -> None:
    # With all four decks to draw from, the sixth card of a hand drawn from three
    # decks comes from the fourth: it is dealt from there without asking.
    rules = fog.Rules(players=2, start_player=0, min_decks=4)

    def three_decks_five_cards(s: fog.State) -> bool:
        hand = s.hands[fog.question(s).actor] if fog.question(s).actor >= 0 else ()
        decks = {rules.tables.deck[k] for k in hand}
        return fog.PHASES[fog.question(s).phase] == "deal" and len(hand) == 5 and len(decks) == 3

    state = first(rules, 0, three_decks_five_cards)
    used = sorted({rules.tables.deck[k] for k in state.hands[fog.question(state).actor]})
    data = fog.to_position(state)
    data["pending"]["deck"] = fog.components.DECKS[used[0]]
    with pytest.raises(PositionError, match=r"^pending.deck: the next card cannot come from"):
        fog.from_position(rules, data)
    data["phase"] = "draw"
    del data["pending"]
    with pytest.raises(PositionError, match=r"^phase: only one deck can be drawn from"):
        fog.from_position(rules, data)


def test_hands_fit_the_draw_and_the_harvest() -> None:
    # Player 1 draws after player 0, who holds a full hand; player 1 has drawn 2.
    drawing = first(
        RULES,
        0,
        lambda s: (
            fog.PHASES[fog.question(s).phase] == "draw"
            and fog.question(s).actor == 1
            and len(s.hands[1]) == 2
        ),
    )
    data = fog.to_position(drawing)
    assert len(data["hands"][0]) == 6
    with pytest.raises(PositionError, match=r"^hands: player 0 holds 5 cards while player 1 draws"):
        fog.from_position(RULES, changed(data, "hands.0.0", ...))
    with pytest.raises(PositionError, match=r"^passes: no hand has been passed before the draw"):
        fog.from_position(RULES, changed(data, "passes", 1))
    with pytest.raises(PositionError, match=r"^picks: cards are picked only in the action rounds"):
        fog.from_position(RULES, changed(data, "picks", ["pigs", None]))
    supply = fog.to_position(
        first(RULES, 4, lambda s: fog.PHASES[fog.question(s).phase] == "supply")
    )
    with pytest.raises(PositionError, match=r"^passes: hands are passed 5 times in a year, not 4"):
        fog.from_position(RULES, changed(supply, "passes", 4))
    with pytest.raises(PositionError, match=r"^hands: every card of the year is played before"):
        fog.from_position(RULES, changed(supply, "hands", [["pigs"], []]))


def test_a_card_is_built_only_by_the_player_who_picked_it() -> None:
    state = first(
        RULES,
        2,
        lambda s: fog.PHASES[fog.question(s).phase] == "pay" and isinstance(s.rest[-1], PlaceSite),
    )
    data = fog.to_position(state)
    place = data["agenda"][0]
    assert place[0] == "place" and place[3] == data["picks"][place[1]]
    other = next(c.name for c in RULES.cards if c.name != place[3])
    data["agenda"][0] = [*place[:3], other]
    with pytest.raises(PositionError, match=rf"builds the card they picked, not the {other}"):
        fog.from_position(RULES, data)


def test_setup_and_end_positions() -> None:
    rules = fog.Rules(players=3)
    setup = fog.to_position(fog.new_game(rules))
    assert setup["phase"] == "start" and fog.from_position(rules, setup) == fog.new_game(rules)
    assert fog.from_position(rules, {"phase": "start"}) == fog.new_game(rules)
    with pytest.raises(PositionError, match=r"^year: before the start player is chosen"):
        fog.from_position(rules, {**setup, "year": 1})
    with pytest.raises(PositionError, match=r"^phase: the start player is seat 0 by these rules"):
        fog.from_position(RULES, {"phase": "start"})
    end = fog.to_position(played(RULES, seed=3, moves=10_000))
    assert end["phase"] == "end" and "actor" not in end
    with pytest.raises(PositionError, match=r"^actor: the game is over: nobody acts"):
        fog.from_position(RULES, {**end, "actor": 0})
    with pytest.raises(PositionError, match=r"^agenda: the game is over: nothing is left to do"):
        fog.from_position(RULES, {**end, "agenda": [["year end"]]})


def test_garbage_is_refused_with_a_position_error() -> None:
    for data in (None, [], "action", 3, {"phase": None}, {"phase": ["x"]}, {1: 2}):
        with pytest.raises(PositionError):
            fog.from_position(RULES, data)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=r"rules: expected fields_of_green\.Rules"):
        fog.from_position(None, BASE)  # type: ignore[arg-type]


# -- every refusal of the draft, the steps and the decision pending ------------------------


@functools.cache
def reached(phase: str) -> dict[str, Any]:
    """The position of the first state in phase ``phase`` of seeded random games."""
    return fog.to_position(first(RULES, 0, lambda s: fog.PHASES[fog.question(s).phase] == phase))


def edited(phase: str, *edits: tuple[str, Any]) -> dict[str, Any]:
    """``reached(phase)`` (or BASE for ``base``) with the values at some paths replaced."""
    data = BASE if phase == "base" else reached(phase)
    for path, value in edits:
        data = changed(data, path, value)
    return data


REFUSED: list[tuple[str, tuple[tuple[str, Any], ...], str]] = [
    # The draft (hands, picks and passes against the stage of the year).
    (
        "store",  # year 4: player 1 collects income before anyone draws
        (("hands", [["pigs"], []]),),
        r"^hands: player 0 holds 1 cards while player 1 collects income; expected 0$",
    ),
    (
        "draw",  # year 1: player 0 draws first
        (("hands.0", ["vineyard", "sheep", "tool shed", "bakery", "stable", "pigs"]),),
        r"^hands: player 0 has drawn all 6 cards$",
    ),
    (
        "pick",
        (("hands.1.0", ...),),
        r"^hands: with 0 passes this year a hand holds 6 cards before its pick: player 1 "
        r"picks after player 0, and holds 5 without a pick$",
    ),
    (
        "pick",
        (("passes", 5), ("hands", [["vineyard"], ["grain field"]])),
        r"^hands: the last card of a hand is played without a pick to decide$",
    ),
    (
        "base",
        (("passes", 2),),
        r"^passes: 2 passes this year, but the hands hold 5 cards after the picks$",
    ),
    (
        "base",
        (("actor", 1), ("agenda", [["round"]])),
        r"^picks: player 0 has acted before player 1: no card is left picked$",
    ),
    # The steps of the agenda, each read with its arguments.
    ("base", (("agenda.0", []),), r"^agenda\[0\]: expected a step: its name, then its arguments$"),
    (
        "base",
        (("agenda.0", ["place", 1, [0, 0], "cows"]),),
        r"^agenda\[0\]\[2\]: a card is built on an empty cell next to a site, not \(0, 0\)$",
    ),
    (
        "base",
        (("agenda.0", ["pay water", 0, [5, 5], 1]),),
        r"^agenda\[0\]\[2\]: water is paid for a site or a card being built, not \(5, 5\)$",
    ),
    (
        "base",
        (("agenda.0", ["produce", 0, [0, 0]]),),
        r"^agenda\[0\]\[2\]: the water tower produces nothing at harvest$",
    ),
    (
        "base",
        (("agenda.0", ["convert", 0, [0, 0], 1]),),
        r"^agenda\[0\]\[2\]: the water tower converts nothing$",
    ),
    (
        "convert",
        (("agenda.0", ["convert", 1, [2, 0], 2]),),
        r"^agenda\[0\]\[3\]: the bakery converts at most 1 times a harvest$",
    ),
    (
        "base",
        (("agenda.0", ["supply next", 0, [[0, 0]]]),),
        r"^agenda\[0\]\[2\]\[0\]: only face-up green sites are supplied at harvest$",
    ),
    # The decision pending, which the engine would have taken itself or never asked.
    (
        "pay",
        (("farms.1.sites.0.water", 0),),
        r"^pending: only one way to pay: the engine pays without asking$",
    ),
    (
        "pay",
        (("agenda", [["round"]]),),
        r"^pending.site: water is paid for a card being built, which comes next$",
    ),
    (
        "tool deal",
        (("tool_pile", []),),
        r"^pending.left: 3 tiles to draw, but the pile holds 0$",
    ),
    (
        "tool place",  # a scarecrow fits grain and sunflower fields, and the farm has neither
        (
            ("pending.tool", "scarecrow"),
            ("tool_pile.0.pile.scarecrow", 1),
            ("tool_pile.0.pile.weather vane", 2),
        ),
        r"^pending.tool: no site can take the tool, so it is kept aside without asking$",
    ),
    (
        "attach",
        (("farms.1.kept", []),),
        r"^pending.site: no tool kept aside fits the new site: nothing to ask$",
    ),
    (
        "convert",
        (("pending.site", [0, 0]),),
        r"^pending.site: the water tower converts nothing$",
    ),
    (
        "convert",
        (("pending.uses", 2),),
        r"^pending.uses: the bakery converts at most 1 times$",
    ),
    (
        "convert",
        (("farms.1.grain", 0),),
        r"^pending.site: the conversion cannot be paid, so it is not offered$",
    ),
]


@pytest.mark.parametrize(("phase", "edits", "message"), REFUSED, ids=[r[2][1:50] for r in REFUSED])
def test_a_draft_step_or_decision_that_cannot_be_is_refused_naming_it(
    phase: str, edits: tuple[tuple[str, Any], ...], message: str
) -> None:
    assert fog.from_position(RULES, edited(phase)) is not None  # only the edits are wrong
    with pytest.raises(PositionError, match=message):
        fog.from_position(RULES, edited(phase, *edits))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
PATHS = [
    "year",
    "phase",
    "actor",
    "passes",
    "farms",
    "farms.0",
    "farms.1.sites",
    "farms.1.sites.4",
    "farms.1.sites.8.tools",
    "farms.0.sites.2.x",
    "farms.0.grain",
    "farms.1.kept",
    "hands",
    "hands.0",
    "picks",
    "picks.1",
    "discard",
    "tool_pile",
    "tool_pile.1",
    "agenda",
    "agenda.0",
    "pending",
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PATHS), JSON)
def test_any_value_anywhere_is_read_or_refused_with_a_position_error(path: str, value: Any) -> None:
    try:
        state = fog.from_position(RULES, changed(BASE, path, value))
    except PositionError:
        return
    check_state(fog.GAME, state)


# -- text ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.replace("fields-of-green position 1", "fields-of-green position 2"),
            "^line 2, column 26: position format '2'",
        ),
        (
            lambda t: t.replace("fields-of-green position 1", "chess 1"),
            "^line 2, column 1: expected the header",
        ),
        (lambda t: t.replace("year: 3", "yaer: 3"), r"^line 4, column 1: unknown field 'yaer'"),
        (
            lambda t: t.replace("year: 3", "year: x"),
            "^line 4, column 7: expected a number, got 'x'",
        ),
        (
            lambda t: t.replace("year: 3", "year: 3\nyear: 3"),
            "^line 5, column 1: year is given twice",
        ),
        (lambda t: t.replace("passes: 1", "passes 1"), "^line 7, column 1: expected a field"),
        (
            lambda t: t.replace("10  1  2  4  7", "10  1  2  4 17"),
            "^line 10, column 13: farm 0 lists 12 sites, so there is no site 17",
        ),
        (
            lambda t: t.replace("10  1  2  4  7", "10  1  2  4  1"),
            "^line 10, column 14: site 1 is on the board twice",
        ),
        (
            lambda t: t.replace(" .  3  .  . 11", " .  3  .  .  ."),
            "^line 8, column 1: site 11 of farm 0 is not on its board",
        ),
        (
            lambda t: t.replace("farm 1 pick: cows", "farm 3 pick: cows"),
            "^line 27, column 6: seat 3 is not at this 2-player table",
        ),
        (
            lambda t: t.replace("farm 0 board: -1,-1", "farm 0 board: -1"),
            "^line 8, column 1: expected a cell x,y, got '-1'",
        ),
        (
            lambda t: t.replace("agenda: act 1 / round", "agenda: act 1 / rund"),
            r"^line 31, column 9: 'rund' is not a step \(did you mean 'round'",
        ),
        (
            lambda t: t.replace("farm 1 pick: cows", "farm 1 pick: cow"),
            r"^line 27, column 14: picks\[1\]: 'cow' is not a location card of these rules",
        ),
        (
            lambda t: t.replace("coins 10 grain 5", "coins 10 grain 17"),
            r"^line 15, column 15: farms\[0\].grain: 17 grain, but the silos hold 16",
        ),
        (
            lambda t: t.replace("water tower = 3 + hose", "water tower = 4 + hose"),
            r"^line 24, column 100: farms\[1\].sites\[8\].water: 4 water in a water tower that "
            "holds 3",
        ),
        (lambda t: "", "an empty text"),
    ],
)
def test_malformed_text_names_its_line_and_column(edit: Any, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        fog.parse_position(RULES, edit(BASE_TEXT))


def test_text_that_is_not_text_is_refused() -> None:
    for text in (None, b"fields-of-green position 1", "x" * 200_000):
        with pytest.raises(PositionError):
            fog.parse_position(RULES, text)  # type: ignore[arg-type]


# -- arrange, views, records ---------------------------------------------------------------


def test_arrange_changes_fields_and_recomputes_what_is_derived() -> None:
    state = fog.from_position(RULES, BASE)
    grown = fog.arrange(state, farms=[BASE["farms"][0], {**BASE["farms"][1], "coins": 30}])
    assert grown.farms[1].coins == 30 and grown.to_move == 0
    assert grown.decks == state.decks and grown.agenda == state.agenda
    # Swap a hand card with one of the decks: the decks follow.
    hands = [["vegetable patch", "rice paddy", "greenhouse", "barn", "stable"], BASE["hands"][1]]
    hands[1] = ["beehive", "horses", "fence", "granary", "chapel"]
    swapped = fog.arrange(state, hands=hands)
    chapel = next(k for k, c in enumerate(RULES.cards) if c.name == "chapel")
    stable = next(k for k, c in enumerate(RULES.cards) if c.name == "stable")
    assert swapped.decks[3].count(chapel) == state.decks[3].count(chapel)
    assert swapped.decks[3].count(stable) == state.decks[3].count(stable)
    assert chapel in swapped.hands[1] and stable in swapped.hands[0]


def test_arrange_refuses_what_cannot_exist() -> None:
    state = fog.from_position(RULES, BASE)
    with pytest.raises(PositionError, match="seat 5 is not at this 2-player table"):
        fog.arrange(state, actor=5)
    with pytest.raises(PositionError, match="unknown key 'hand'"):
        fog.arrange(state, hand=[])
    with pytest.raises(PositionError, match=r"^pending: 1 water goes where there is room"):
        fog.arrange(state, phase="store", pending={"water": 1})


def test_a_view_becomes_a_state_the_seat_cannot_tell_apart() -> None:
    state = fog.from_position(RULES, BASE)
    view = fog.observe(state, 0)
    # Player 0 has held player 1's hand before (the hands were passed once this year),
    # so only the decks are redealt: their order is unknown to all.
    again = fog.from_view(view, random.Random(1))
    assert fog.observe(again, 0) == view
    assert again.hands == state.hands and again.picks == state.picks
    assert position_of_view(fog.GAME, view, random.Random(1)) == fog.to_position(again)
    with pytest.raises(PositionError, match=r"expected a fields_of_green\.View"):
        fog.from_view(state, random.Random(1))  # type: ignore[arg-type]


def test_a_view_with_hidden_hands_is_dealt_from_what_the_seat_has_not_seen() -> None:
    rules = fog.Rules(players=4, start_player=0)
    # The first pick of year 1: player 3 knows no hand but its own.
    state = first(
        rules,
        7,
        lambda s: fog.PHASES[fog.question(s).phase] == "pick" and fog.question(s).actor == 1,
    )
    view = fog.observe(state, 3)
    hands = set()
    for seed in range(6):
        again = fog.from_view(view, random.Random(seed))
        assert fog.observe(again, 3) == view
        assert again.hands[3] == state.hands[3]
        assert fog.from_position(rules, fog.to_position(again)) == again
        hands.add(again.hands[2])
    assert len(hands) > 1  # player 2's hand is dealt at random


def test_a_record_starts_from_a_position_and_replays_exactly() -> None:
    start = fog.from_position(RULES, BASE)
    moves = ["market selling 2 grain", "build cows at 1,-2"]
    record = record_of(fog.GAME, RULES, moves, start=start)
    assert record.start == fog.to_position(start)
    again = GameRecord.from_json(record.to_json())
    states = replay(again)
    assert states[0] == start
    assert states[-1].farms[0].coins == 10 + 2 + 4 and states[-1].farms[0].grain == 3
    assert again == record


def test_a_record_with_a_bad_start_names_start() -> None:
    record = record_of(fog.GAME, RULES, [], start=changed(BASE, "actor", 7))
    with pytest.raises(RecordError, match="start: actor: seat 7 is not at this 2-player table"):
        replay(record)

"""Fields of Green as numbers: fixed integer actions, chance numbering, observation tensors, facts."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from fields_of_green_helpers import deal_hands, play, rules
from hypothesis import given, settings

from acreage import CHANCE, IllegalMoveError
from acreage import fields_of_green as fog
from acreage.core.chance import sample
from acreage.fields_of_green.actions import Sites
from acreage.testing import Playout, check_game, playouts

# Each move class's family in the numberings, and the parts a test computes for it by
# itself (sites by brute force below), so encode is held to Numbering.index.
FAMILY = {
    fog.StoreWater: "store water",
    fog.DrawFrom: "draw",
    fog.Pick: "pick",
    fog.Build: "build",
    fog.BuildTower: "build water tower",
    fog.BuildSilo: "build silo",
    fog.Market: "market",
    fog.Restore: "restore",
    fog.PayWater: "pay water",
    fog.ChooseTool: "choose tool",
    fog.AttachTool: "attach tool",
    fog.KeepTool: "keep tool",
    fog.Supply: "supply",
    fog.ShutDown: "shut down",
    fog.Convert: "convert",
    fog.Done: "done",
    fog.Deal: "deal card",
    fog.DealTool: "deal tool",
    fog.StartPlayer: "start player",
}


@functools.cache
def site_list(reach: int) -> list[tuple[int, int]]:
    """Every cell within ``reach`` steps of 0,0 or 1,0, top row first, left to right."""
    cells = [
        (x, y)
        for y in range(-reach - 1, reach + 2)
        for x in range(-reach - 2, reach + 3)
        if min(abs(x) + abs(y), abs(x - 1) + abs(y)) <= reach
    ]
    return sorted(cells, key=lambda c: (c[1], c[0]))


@functools.cache
def site_numbers(reach: int) -> dict[tuple[int, int], int]:
    return {c: i for i, c in enumerate(site_list(reach))}


def expected_number(r: fog.Rules, move: Any) -> int:
    """The number of ``move`` by the documented numbering, computed independently."""
    enc = fog.encoding(r)
    t = r.tables
    sites = site_numbers(r.years * r.hand_size)
    family = FAMILY[type(move)]
    numbering = enc.chance if family in ("deal card", "deal tool", "start player") else enc.actions
    if family in ("keep tool", "convert", "done"):
        return numbering.index(family)
    if family == "draw":
        return numbering.index(
            family, ("fields", "livestock", "facilities", "buildings").index(move.deck)
        )
    if family in ("pick", "deal card"):
        return numbering.index(family, t.names.index(move.card))
    if family in ("choose tool", "deal tool"):
        return numbering.index(family, t.tool_names.index(move.tool))
    if family == "market":
        return numbering.index(family, move.sell)
    if family == "start player":
        return numbering.index(family, move.seat)
    if family == "attach tool":
        return numbering.index(family, t.tool_names.index(move.tool), sites[move.x, move.y])
    return numbering.index(family, sites[move.x, move.y])


def check_numbers(state: fog.State) -> None:
    """Every legal move of ``state`` against its number, the mask and decoding."""
    enc = fog.encoding(state.rules)
    legal = fog.legal_moves(state)
    numbering = enc.chance if state.to_move is CHANCE else enc.actions
    numbers = [fog.encode_move(state, m) for m in legal]
    assert all(type(n) is int and 0 <= n < numbering.size for n in numbers)
    assert len(set(numbers)) == len(numbers), "two legal moves share a number"
    for move, number in zip(legal, numbers, strict=True):
        assert number == expected_number(state.rules, move), move
        assert numbering.parts(number)[0] == FAMILY[type(move)]
        assert fog.decode_move(state, number) == move
    assert fog.legal_actions(state) == tuple(sorted(numbers))
    mask = fog.legal_action_mask(state)
    assert len(mask) == numbering.size
    assert [a for a, ok in enumerate(mask) if ok] == sorted(numbers)


def check_playout(playout: Playout) -> None:
    for state in playout.states[:-1]:
        check_numbers(state)
    assert fog.legal_actions(playout.final) == ()


@settings(max_examples=6, deadline=None)
@given(playouts(fog.GAME, fog.Rules(players=2)))
def test_every_legal_move_round_trips_2_players(playout: Playout) -> None:
    check_playout(playout)


@settings(max_examples=4, deadline=None)
@given(playouts(fog.GAME, fog.Rules(players=3, split_payments=True, start_player=1)))
def test_every_legal_move_round_trips_3_players(playout: Playout) -> None:
    check_playout(playout)


@settings(max_examples=3, deadline=None)
@given(playouts(fog.GAME, fog.Rules(players=4, range_metric="path", market_grain=4)))
def test_every_legal_move_round_trips_4_players(playout: Playout) -> None:
    check_playout(playout)


def random_states(r: fog.Rules, games: int, seed: int) -> list[fog.State]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = fog.new_game(r)
        while state.to_move is not None:
            out.append(state)
            if state.to_move is CHANCE:
                state = fog.apply_move(state, sample(fog.chance_outcomes(state), rng))
            else:
                state = fog.apply_move(state, rng.choice(fog.legal_moves(state)))
    return out


def test_a_move_has_one_number_in_every_position() -> None:
    """Across games and positions each move gets one number, and different moves of one
    family that are ever legal together get different numbers."""
    numbers: dict[Any, set[int]] = {}
    for players in (2, 3, 4):
        for state in random_states(fog.Rules(players=players), 2, players):
            for move in fog.legal_moves(state):
                numbers.setdefault(move, set()).add(fog.encode_move(state, move))
    assert {m: n for m, n in numbers.items() if len(n) > 1} == {}
    assert {FAMILY[type(m)] for m in numbers} >= {
        "store water", "draw", "pick", "build", "build water tower", "build silo", "market",
        "pay water", "choose tool", "attach tool", "keep tool", "supply", "convert", "done",
        "deal card", "deal tool", "start player",
    }  # fmt: skip


def test_the_same_silo_site_has_the_same_number_in_different_games() -> None:
    """``build silo at 2,0`` is the same number whoever builds it, in any year, after any cards."""
    r = fog.Rules(players=3)
    enc = fog.encoding(r)
    number = enc.actions.index("build silo", enc.sites.index(2, 0))
    seen = []
    for seed in range(6):
        for state in random_states(r, 1, seed):
            if fog.BuildSilo(2, 0) in fog.legal_moves(state):
                assert fog.encode_move(state, fog.BuildSilo(2, 0)) == number
                assert fog.decode_move(state, number) == fog.BuildSilo(2, 0)
                seen.append((seed, state.year, fog.question(state).actor))
    games, years, actors = (set(column) for column in zip(*seen, strict=True))
    assert len(games) == 6 and len(years) > 1 and len(actors) == 3


def _silo_state() -> fog.State:
    """The text's rules, seat 0 about to use a revealed pigs card."""
    s = deal_hands(
        fog.new_game(rules()),
        ("pigs", "well", "pigs", "barn", "grain field", "inn"),
        ("cows", "well", "barn", "meadow", "pond", "inn"),
    )
    return play(s, "pick pigs", "pick well")


def test_a_pick_is_numbered_by_its_card_and_a_build_by_its_site() -> None:
    """The pick names the card; a build builds the revealed card, so only the site is numbered."""
    s = _silo_state()
    enc = fog.encoding(s.rules)
    assert fog.PHASES[fog.question(s).phase] == "action"
    build = fog.encode_move(s, fog.Build("pigs", 1, 1))
    assert build == enc.actions.index("build", enc.sites.index(1, 1))
    assert enc.encode_action(s, fog.Build("cows", 1, 1)) == build  # the card is the state's
    assert enc.encode_action(s, fog.Pick("pigs")) == enc.actions.index("pick", 9)
    assert enc.actions.parts(build) == ("build", (enc.sites.index(1, 1),))
    with pytest.raises(IllegalMoveError, match="not legal here"):
        fog.decode_move(s, enc.actions.index("build", enc.sites.index(5, 5)))


def test_sites_are_the_cells_within_reach_of_the_first_two_cards() -> None:
    for reach in (0, 1, 2, 24):
        sites = Sites(reach)
        cells = site_list(reach)
        assert sites.size == len(cells) == 2 * (reach + 1) ** 2
        assert [sites.index(x, y) for x, y in cells] == list(range(sites.size))
        assert [sites.coords(i) for i in range(sites.size)] == cells
    sites = Sites(24)
    for x, y in ((26, 0), (-25, 0), (0, 25), (13, -13), (-13, 12)):
        with pytest.raises(IllegalMoveError, match="further than 24 steps"):
            sites.index(x, y)
    for x, y in ((True, 0), (1.0, 0), ("1", 0), (0, None)):
        with pytest.raises(IllegalMoveError, match="whole numbers"):
            sites.index(x, y)
    with pytest.raises(IndexError):
        sites.coords(sites.size)


def test_sizes_of_the_text_game() -> None:
    for players in (2, 3, 4):
        r = fog.Rules(players=players)
        enc = fog.encoding(r)
        assert fog.action_space_size(r) == enc.actions.size == 16 * 1250 + 4 + 36 + 3 + 8 + 3
        assert enc.chance.size == 36 + 8 + players
        assert fog.encoding(fog.Rules(players=players, start_player=0)).chance.size == 36 + 8
    assert fog.encoding(fog.Rules()) is fog.encoding(fog.Rules())  # cached per Rules


def test_rules_without_tools_and_one_card_a_deck() -> None:
    """No tool moves or deals; nothing hidden (every back tells its card), nothing simultaneous
    with one card a hand."""
    card = fog.Card("meadow", "fields", count=40)
    r = fog.Rules(players=2, tools=(), cards=(card, *(fog.Card(f"c{d}", d, count=40) for d in ("livestock", "facilities", "buildings"))), years=1, hand_size=3)  # fmt: skip
    enc = fog.encoding(r)
    names = [f.name for f in enc.actions.families]
    assert "attach tool" not in names and "choose tool" not in names and "keep tool" not in names
    assert [f.name for f in enc.chance.families] == ["deal card", "start player"]
    s = fog.new_game(r)
    for move in (fog.KeepTool("hose"), fog.ChooseTool("hose"), fog.AttachTool("hose", 0, 0)):
        with pytest.raises(IllegalMoveError, match="no tool named 'hose'"):
            enc.encode_action(s, move)
    with pytest.raises(IllegalMoveError, match="no tool named 'hose'"):
        enc.encode_chance(s, fog.DealTool("hose"))
    assert not enc.facts.hidden_information and enc.facts.simultaneous
    check_game(fog.GAME, r, playouts=2, seed=3)
    assert not fog.GAME.facts(attrs.evolve(r, hand_size=1, min_decks=1)).simultaneous


BAD_PLAYER_MOVES = [
    (fog.Build("pigs", 99, 0), "further than 24 steps"),
    (fog.Build("pigs", True, 0), "whole numbers"),
    (fog.Build("pigs", 1.0, 1), "whole numbers"),
    (fog.Build("unicorn", 1, 1), "no card named 'unicorn'"),
    (fog.Build("silo", 1, 1), "no card named 'silo'"),
    (fog.Build(["pigs"], 1, 1), "no card named"),  # type: ignore[arg-type]
    (fog.BuildSilo(0, -25), "further than 24 steps"),
    (fog.BuildTower("0", 1), "whole numbers"),  # type: ignore[arg-type]
    (fog.Restore("pigs", 30, 30), "further"),
    (fog.Market(3), "grain sold must be 0 to 2"),
    (fog.Market(-1), "grain sold must be 0 to 2"),
    (fog.Market(True), "grain sold must be 0 to 2"),
    (fog.PayWater(0, 0, 0), "amount must be 1 to"),
    (fog.PayWater(0, 0, 21), "amount must be 1 to"),
    (fog.PayWater(0, 0, "1"), "amount must be 1 to"),  # type: ignore[arg-type]
    (fog.StoreWater(0, 50), "further"),
    (fog.DrawFrom("orchard"), "no deck named 'orchard'"),
    (fog.DrawFrom(None), "no deck named None"),  # type: ignore[arg-type]
    (fog.Pick("silo"), "no card named 'silo'"),
    (fog.Pick({}), "no card named"),  # type: ignore[arg-type]
    (fog.ChooseTool("spade"), "no tool named 'spade'"),
    (fog.AttachTool("hose", 0, 99), "further"),
    (fog.AttachTool("spade", 0, 0), "no tool named"),
    (fog.KeepTool("spade"), "no tool named"),
    (fog.Supply("pigs", 0.5, 0), "whole numbers"),  # type: ignore[arg-type]
    (fog.ShutDown("nothing", 1, 1), "no card named"),
    (fog.Convert("mill", 0, 26), "further"),
    (fog.Deal("pigs"), "chance outcome"),
    (fog.StartPlayer(0), "chance outcome"),
    ("build pigs at 1,1", "no move"),
    (None, "no move"),
    (7, "no move"),
]


@pytest.mark.parametrize(("move", "message"), BAD_PLAYER_MOVES, ids=repr)
def test_hand_built_bad_moves_have_no_number(move: Any, message: str) -> None:
    s = _silo_state()
    with pytest.raises(IllegalMoveError, match=message):
        fog.encode_move(s, move)


BAD_CHANCE_OUTCOMES = [
    (fog.Deal("unicorn"), "no card named"),
    (fog.Deal("water tower"), "no card named"),
    (fog.DealTool("spade"), "no tool named"),
    (fog.StartPlayer(2), "no seat 2"),
    (fog.StartPlayer(-1), "no seat -1"),
    (fog.StartPlayer(True), "no seat True"),
    (fog.Pick("pigs"), "not a chance outcome"),
    (fog.Done(), "not a chance outcome"),
    ("deal card pigs", "not a chance outcome"),
]


@pytest.mark.parametrize(("move", "message"), BAD_CHANCE_OUTCOMES, ids=repr)
def test_hand_built_bad_chance_outcomes_have_no_number(move: Any, message: str) -> None:
    s = fog.new_game(fog.Rules(players=2))
    assert s.to_move is CHANCE
    with pytest.raises(IllegalMoveError, match=message):
        fog.encode_move(s, move)


def test_a_fixed_start_player_is_no_chance_outcome() -> None:
    s = fog.new_game(rules())
    with pytest.raises(IllegalMoveError, match="seat 0 by the rules"):
        fog.encoding(s.rules).encode_chance(s, fog.StartPlayer(0))


@pytest.mark.parametrize("action", [-1, 20054])
def test_numbers_off_the_space_do_not_decode(action: Any) -> None:
    with pytest.raises(IllegalMoveError, match="is not 0 to 20053"):
        fog.decode_move(_silo_state(), action)


@pytest.mark.parametrize("action", [True, 1.0, "0", None])
def test_what_is_no_int_does_not_decode(action: Any) -> None:
    with pytest.raises(IllegalMoveError, match="an action is an int"):
        fog.decode_move(_silo_state(), action)


# -- observations --------------------------------------------------------------------


def fields(r: fog.Rules, tensor: list[int]) -> dict[str, list[int]]:
    """The observation cut into its named fields."""
    planes = fog.encoding(r).planes
    out = {}
    for name, shape in planes.fields:
        at = planes.offset(name)
        size = 1
        for n in shape:
            size *= n
        out[name] = tensor[at : at + size]
    return out


def test_observation_is_the_same_for_states_a_seat_cannot_tell_apart() -> None:
    rng = random.Random(5)
    changed = 0
    for players in (2, 3, 4):
        for state in random_states(fog.Rules(players=players), 1, players)[::7]:
            for seat in range(players):
                other = fog.resample(state, seat, rng)
                changed += other != state
                tensor = fog.GAME.observation_tensor(state, seat)
                assert fog.GAME.observation_tensor(other, seat) == tensor
                assert fog.observation_tensor(fog.observe(other, seat)) == tensor
    assert changed > 100  # resample did hide something


def test_observation_shows_the_viewers_hand_and_only_the_backs_of_unknown_hands() -> None:
    s = deal_hands(
        fog.new_game(rules(players=3, hand_size=3, min_decks=2)),
        ("pigs", "well", "pigs"),
        ("cows", "well", "barn"),
        ("grain field", "pond", "inn"),
    )
    r = s.rules
    names = r.tables.names
    for seat in range(3):
        f = fields(r, fog.GAME.observation_tensor(s, seat))
        hand = f["hand"]
        k = len(names) - 2
        mine = Counter(names[c] for c in s.hands[seat])
        assert {names[i]: n for i, n in enumerate(hand[:k]) if n} == mine
        assert hand[k:] == [0] * (2 * k)  # the others' hands are not known at the year's start
        assert f["hand known"] == [1, 0, 0, 0, 0, 0]
        assert sum(f["hand backs"]) == 9 and all(
            sum(f["hand backs"][4 * i : 4 * i + 4]) == 3 for i in range(3)
        )
    # After the first round seat 1 holds the hand seat 0 held: seat 0 knows it (less the pick).
    s = play(s, "pick pigs", "pick well", "pick inn", "market", "market", "market")
    f = fields(r, fog.GAME.observation_tensor(s, 0))
    k = len(names) - 2
    assert {names[i]: n for i, n in enumerate(f["hand"][k : 2 * k]) if n} == {"pigs": 1, "well": 1}
    assert f["hand known"] == [1, 0, 1, 0, 0, 0]


def test_observation_of_farms_purses_and_scores() -> None:
    states = random_states(fog.Rules(players=3), 1, 11)[::50]
    farms = [f for s in states for f in s.farms]
    assert any(f.tools for f in farms) and any(f.down for f in farms)  # all rows are exercised
    for state in states:
        r = state.rules
        reach = r.years * r.hand_size
        slots, rows = 2 + reach, 7 + r.tools_per_site
        for seat in range(3):
            f = fields(r, fog.GAME.observation_tensor(state, seat))
            for row in range(3):
                owner = (seat + row) % 3
                farm = state.farms[owner]
                block = f["sites"][row * rows * slots : (row + 1) * rows * slots]
                site = [block[i * slots : (i + 1) * slots] for i in range(rows)]
                n = len(farm.cells)
                assert all(line[n:] == [0] * (slots - n) for line in site)
                towers = {(v.x, v.y): v for v in fog.farm_sites(r, farm) if v.name == "water tower"}
                for i, v in enumerate(fog.farm_sites(r, farm)):
                    assert site[0][i] == r.tables.names.index(v.name) + 1
                    assert (site[1][i] - reach, site[2][i] - reach) == (v.x, v.y)
                    assert site[3][i] == v.face_up
                    assert site[4][i] == v.water and site[5][i] == v.capacity
                    assert site[6][i] == (
                        next(t[3] for t in farm.towers if t[0] == farm.cells[i])
                        if (v.x, v.y) in towers
                        else 0
                    )
                    tools = [r.tables.tool_names[x - 1] for x in (site[7][i], site[8][i]) if x]
                    assert tools == sorted(v.tools, key=r.tables.tool_names.index)
                purse = f["purse"][row * 5 : row * 5 + 5]
                scores = fog.scores(state)
                assert purse == [
                    farm.coins,
                    farm.grain,
                    farm.grain_capacity,
                    farm.tokens,
                    scores[owner],
                ]
            assert f["to move"][3] == (state.to_move is CHANCE)


def test_observation_is_relative_to_the_viewer() -> None:
    s = _silo_state()  # seat 0 is to act
    assert fog.GAME.observation_tensor(s, 0) != fog.GAME.observation_tensor(s, 1)
    f0 = fields(s.rules, fog.GAME.observation_tensor(s, 0))
    f1 = fields(s.rules, fog.GAME.observation_tensor(s, 1))
    assert f0["to move"] == [1, 0, 0] and f1["to move"] == [0, 1, 0]
    assert f0["start player"] == [1, 0] and f1["start player"] == [0, 1]


def test_observation_holds_the_pending_decision() -> None:
    r = rules(hand_size=2, min_decks=2)
    s = fog.new_game(r)
    f = fields(r, fog.GAME.observation_tensor(s, 0))
    assert f["phase"][fog.PHASES.index("draw")] == 1
    assert f["decks allowed"] == [1, 1, 1, 1] and f["cards drawn"] == [0]
    s = play(s, "draw from livestock")
    f = fields(r, fog.GAME.observation_tensor(s, 1))
    assert f["deck dealing"] == [0, 1, 0, 0] and f["decks used"] == [0, 1, 0, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_has_a_fixed_length(players: int) -> None:
    r = fog.Rules(players=players)
    size = fog.encoding(r).planes.size
    for state in random_states(r, 1, players)[::13]:
        for seat in range(players):
            tensor = fog.observation_tensor(fog.observe(state, seat))
            assert len(tensor) == size and all(type(v) is int and v >= 0 for v in tensor)


# -- facts ---------------------------------------------------------------------------


def test_facts_of_the_text_game() -> None:
    facts = fog.GAME.facts(fog.Rules(players=4))
    assert (facts.min_players, facts.max_players, facts.players) == (2, 4, 4)
    assert facts.chance and facts.hidden_information and facts.simultaneous
    assert not facts.cooperative
    assert facts.min_score == 0
    assert facts.num_actions == fog.action_space_size(fog.Rules(players=4))
    # An action lists at most 3 * 52 free cells + 3 market moves + 23 restores.
    assert facts.max_legal_moves == 182
    assert facts.max_chance_outcomes == 9  # the most card kinds in one deck
    # 4 players draw 24 cards each; at most 20 tool tiles are kept, 3 dealt for each.
    assert facts.max_chance_nodes == 1 + 96 + 3 * 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_stay_within_the_facts(players: int) -> None:
    """Playouts stay within the facts (check_game holds them too, every move)."""
    r = fog.Rules(players=players)
    facts = fog.GAME.facts(r)
    for state in random_states(r, 3, 100 + players):
        assert len(fog.legal_moves(state)) <= facts.max_legal_moves
        assert all(0 <= v <= facts.max_score for v in fog.scores(state))

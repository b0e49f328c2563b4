"""Crazy Farmers' numbers: fixed integer actions, chance numbering, observation tensors, facts."""

from __future__ import annotations

import itertools
import pathlib
import random
from typing import Any

import attrs
import pytest
from crazy_farmers_helpers import play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import CHANCE, IllegalMoveError
from acreage import crazy_farmers as cf
from acreage.crazy_farmers import actions
from acreage.crazy_farmers.board import GRID, INNER_PATHS
from acreage.testing import Playout, check_game, playouts

DOCS = pathlib.Path(__file__).parents[2] / "docs" / "games" / "crazy-farmers.md"

SETUPS = [("competitive", n) for n in (2, 3, 4)] + [("mad-cow", n) for n in (1, 2, 3, 4)]
STANDARD = [cf.Rules(players=n, mode=mode) for mode, n in SETUPS]

VARIANTS = {
    "choose the start, no Endgame card": cf.Rules(
        players=3, start="choose", endgame_card=False, length="fast"
    ),
    "no hay bales, last 8": cf.Rules(players=2, hay_bales=0, endgame_window=8, length="fast"),
    "a small deck": cf.Rules(
        players=2,
        bonus_cards=(
            cf.BonusCard("Bribe", "bribe", 6),
            cf.BonusCard("Dynamite", "dynamite", 0),
            cf.BonusCard("Heavy Bales", "hay-bale", 4, amount=3),
        ),
        hand_limit=2,
        length="fast",
    ),
    "co-op, choose the start, no co-op backlash": cf.Rules(
        players=3, mode="mad-cow", start="choose", coop_backlash=False
    ),
    "solo, few Cow cards a turn": cf.Rules(players=1, mode="mad-cow", cow_card_limit=2),
}

RULES = st.sampled_from([*STANDARD, *VARIANTS.values()])
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


def numbers_of(state: cf.State) -> list[int]:
    return [cf.encode_move(state, m) for m in cf.legal_moves(state)]


def some_states(rules: cf.Rules, games: int, seed: int = 0) -> list[cf.State]:
    """The states of ``games`` random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = cf.new_game(rules)
        while state.to_move is not None:
            out.append(state)
            legal = cf.legal_moves(state)
            state = cf.apply_move(state, legal[rng.randrange(len(legal))])
        out.append(state)
    return out


# -- every legal move has its own number, and keeps it ---------------------------------


@settings(max_examples=14, deadline=None, suppress_health_check=SLOW)
@given(playouts(cf.GAME, RULES, max_moves=1500, complete=False))
def test_every_legal_move_round_trips_and_keeps_its_number(playout: Playout) -> None:
    enc = cf.encoding(playout.rules)
    number_of: dict[tuple[bool, cf.Move], int] = {}
    move_of: dict[tuple[bool, int], cf.Move] = {}
    for state in playout.states:
        if state.to_move is None:
            assert cf.legal_actions(state) == ()
            continue
        chance = state.to_move is CHANCE
        size = enc.chance.size if chance else enc.actions.size
        legal = cf.legal_moves(state)
        numbers = numbers_of(state)
        assert all(type(n) is int and 0 <= n < size for n in numbers)
        assert len(set(numbers)) == len(legal), "two legal moves share a number"
        for move, number in zip(legal, numbers, strict=True):
            assert cf.decode_move(state, number) == move
            # The same move has the same number in every position, and a number
            # means one move in every position (chance and player moves apart).
            assert number_of.setdefault((chance, move), number) == number
            assert move_of.setdefault((chance, number), move) == move
        assert cf.legal_actions(state) == tuple(sorted(numbers))
        mask = cf.legal_action_mask(state)
        assert len(mask) == size
        assert [a for a, ok in enumerate(mask) if ok] == sorted(numbers)


def test_the_same_move_has_the_same_number_in_other_positions_and_games() -> None:
    rules = cf.Rules(players=2)
    texts = ("move NE", "end turn", "play Nitro +1", "place hay bale 0,1 N", "discard Rut")
    seen: dict[str, set[int]] = {text: set() for text in texts}
    for state in some_states(rules, 2)[::37]:
        for text in texts:
            seen[text].add(
                cf.GAME.encoding_of(rules).encode_action(state, cf.parse_move(state, text))
            )
    assert all(len(numbers) == 1 for numbers in seen.values())
    # Another game with the same Rules, made afresh, numbers them alike.
    again = cf.encoding(cf.Rules.from_data(rules.to_data()))
    state = cf.new_game(rules)
    for text in texts:
        assert {again.encode_action(state, cf.parse_move(state, text))} == seen[text]


def test_numbers_are_the_documented_arithmetic() -> None:
    rules = cf.Rules(players=3)
    enc = cf.encoding(rules)
    state = cf.new_game(rules)
    a = enc.actions
    assert enc.encode_action(state, cf.EndTurn()) == 0
    assert [enc.encode_action(state, cf.Drive(h)) for h in range(6)] == [1, 2, 3, 4, 5, 6]
    cards = ("2 Hay Bales", "Bribe", "Dynamite", "Hay Bale", "Helicopter", "High Voltage")
    cards += ("Nitro +1", "Nitro +2", "Rut", "Watchdog")
    for i, card in enumerate(cards):
        assert enc.encode_action(state, cf.Keep(card)) == a.index("keep", i)
        assert enc.encode_action(state, cf.Discard(card)) == a.index("discard", i)
        assert enc.encode_chance(state, cf.Draw(card)) == i
    assert enc.encode_chance(state, cf.Draw("Endgame")) == 10
    path = cf.path("0,1 N")
    bale = actions.BALE_PATHS.index(path)
    dynamite = cf.parse_move(state, "play Dynamite on 0,1 N")
    assert enc.encode_action(state, dynamite) == a.index("play dynamite", 0, bale)
    assert enc.encode_action(state, cf.PlaceBale(path)) == a.index("place hay bale", bale)
    assert enc.encode_action(state, cf.TakeBale(path)) == a.index("take hay bale", bale)
    rut = cf.parse_move(state, "play Rut on player 2")
    assert enc.encode_action(state, rut) == a.index("play rut", 0, 2)
    nitro = cf.parse_move(state, "play Nitro +2")
    assert enc.encode_action(state, nitro) == a.index("play nitro", 1)
    bribe = cf.parse_move(state, "play Bribe on 1,-1")
    space = cf.HANDLERS["bribe"].target_space(rules)
    assert enc.encode_action(state, bribe) == a.index("play bribe", 0, space.index(cf.plot("1,-1")))
    assert enc.encode_action(state, cf.StartAt(17)) == a.index("start at", 17)
    assert enc.encode_action(state, cf.Land(95)) == a.index("land", 95)
    # Moves compare by what they do: a Play's text does not change its number.
    assert enc.encode_action(state, attrs.evolve(rut, aim="")) == enc.encode_action(state, rut)


def test_mad_cow_numbers() -> None:
    rules = cf.Rules(players=2, mode="mad-cow")
    enc = cf.encoding(rules)
    state = cf.new_game(rules)
    a, c = enc.actions, enc.chance
    assert "keep" not in {f.name for f in a.families}
    assert enc.encode_chance(state, cf.Face(4)) == c.index("the Cow faces", 4)
    for i, card in enumerate(rules.cow_cards):
        assert enc.encode_chance(state, cf.CowCard(card)) == c.index("mad cow card", i)
    rut = cf.parse_move(state, "play Rut on the Cow")
    assert enc.encode_action(state, rut) == a.index("play rut", 0, 0)
    assert enc.encode_action(state, cf.Aim(1)) == a.index("aim", 1)
    assert enc.encode_action(state, cf.Fly(3)) == a.index("fly", 3)
    assert enc.encode_action(state, cf.Surrender(30)) == a.index("give", 30)
    solo = cf.encoding(cf.Rules(players=1, mode="mad-cow"))
    assert "aim" not in {f.name for f in solo.actions.families}


@pytest.mark.parametrize(("mode", "players"), SETUPS)
def test_the_space_is_the_product_of_the_parts_it_numbers(mode: str, players: int) -> None:
    """Each play block holds the deck's cards of its kind times the targets its
    handler lists; the other blocks are the board's plots, crossroads and paths."""
    rules = cf.Rules(players=players, mode=mode)
    enc = cf.encoding(rules)
    sizes = {f.name: f.size for f in enc.actions.families}
    deck = [c for c in rules.card_names if rules.deck_counts().get(c)]
    for kind, handler in cf.HANDLERS.items():
        of_kind = [c for c in deck if rules.kind(c) == kind]
        assert sizes[f"play {kind}"] == len(of_kind) * len(handler.target_space(rules))
    assert sizes["play rut"] == (1 if mode == "mad-cow" else players)
    assert sizes["play dynamite"] == INNER_PATHS.bit_count() == 90
    assert sizes["play bribe"] == 37 - (0 if mode == "mad-cow" else len(rules.barns))
    assert sizes["start at"] == sizes["land"] == GRID.n_vertices
    assert sizes["place hay bale"] == sizes["take hay bale"] == 90
    rest = 1 + 6 + len(deck) * (1 if mode == "mad-cow" else 2) + 96 * 2 + 90 * 2
    if mode == "mad-cow":
        rest += (players if players > 1 else 0) + 37 + 37
    plays = sum(size for name, size in sizes.items() if name.startswith("play "))
    assert enc.actions.size == plays + rest
    drawn = len(deck) + (0 if mode == "mad-cow" else 1)
    cows = 6 + len(rules.cow_cards) if mode == "mad-cow" else 0
    assert enc.chance.size == drawn + cows


# -- moves built by hand ------------------------------------------------------------------

BAD_ACTIONS = [
    cf.Drive(6),
    cf.Drive(-1),
    cf.Drive(True),
    cf.Drive("E"),  # type: ignore[arg-type]
    cf.Play("Nitro +1", 3),  # played on nothing
    cf.Play("Rut", cf.THE_COW, "the Cow"),  # no Cow in the competitive game
    cf.Play("Rut", 3, "player 3"),  # a 2-player game
    cf.Play("Rut", True, "player 1"),  # type: ignore[arg-type]
    cf.Play("Dynamite", cf.path("0,-3 N")),  # no bale lies on the board's edge
    cf.Play("Bribe", cf.plot("0,0")),  # a barn
    cf.Play("Pitchfork"),
    cf.Play(None),  # type: ignore[arg-type]
    cf.Keep("Endgame"),
    cf.Keep("Pitchfork"),
    cf.Discard(3),  # type: ignore[arg-type]
    cf.StartAt(96),
    cf.StartAt(-1),
    cf.StartAt(True),
    cf.ChoosePlot(3),  # fixed start plots
    cf.Land(96),
    cf.Land("0,0 E"),  # type: ignore[arg-type]
    cf.PlaceBale(cf.path("0,-3 N")),
    cf.PlaceBale(132),
    cf.TakeBale(-1),
    cf.TakeBale(None),  # type: ignore[arg-type]
    cf.Aim(0),  # Mad Cow moves in the competitive game
    cf.Fly(3),
    cf.Surrender(3),
    cf.Draw("Nitro +1"),  # a chance outcome is no player move
    cf.Face(0),
    "move E",
    None,
]

BAD_OUTCOMES = [
    cf.Draw("Pitchfork"),
    cf.Draw(7),  # type: ignore[arg-type]
    cf.CowCard("Turn Left 6"),  # no Cow in the competitive game
    cf.Face(0),
    cf.Drive(0),
    "draw Rut",
]

BAD_MAD_COW = [
    cf.Keep("Rut"),  # no setup deal
    cf.Play("Rut", 0, "player 0"),  # a Rut is played on the Cow
    cf.Aim(2),
    cf.Fly(37),
    cf.Surrender(-1),
    cf.Surrender(True),
]

BAD_MAD_COW_OUTCOMES = [
    cf.Face(6),
    cf.Face(True),
    cf.CowCard("Turn Left 9"),
    cf.Draw("Endgame"),  # no Endgame card
]


@pytest.mark.parametrize("move", BAD_ACTIONS, ids=repr)
def test_a_player_move_with_a_part_off_its_range_has_no_number(move: Any) -> None:
    state = cf.new_game(cf.Rules(players=2))
    with pytest.raises(IllegalMoveError):
        cf.encoding(state.rules).encode_action(state, move)


@pytest.mark.parametrize("move", BAD_OUTCOMES, ids=repr)
def test_a_chance_outcome_off_its_range_has_no_number(move: Any) -> None:
    state = cf.new_game(cf.Rules(players=2))
    assert state.to_move is CHANCE
    with pytest.raises(IllegalMoveError):
        cf.encode_move(state, move)


@pytest.mark.parametrize("move", BAD_MAD_COW, ids=repr)
def test_a_mad_cow_move_off_its_range_has_no_number(move: Any) -> None:
    state = cf.scenario(cf.Rules(players=2, mode="mad-cow"), tractors={0: "0,-2 NW"})
    assert state.to_move == 0
    with pytest.raises(IllegalMoveError):
        cf.encode_move(state, move)


@pytest.mark.parametrize("move", BAD_MAD_COW_OUTCOMES, ids=repr)
def test_a_mad_cow_outcome_off_its_range_has_no_number(move: Any) -> None:
    state = cf.new_game(cf.Rules(players=1, mode="mad-cow"))
    with pytest.raises(IllegalMoveError):
        cf.encode_move(state, move)


def test_hay_bale_moves_have_no_number_without_hay_bales() -> None:
    rules = VARIANTS["no hay bales, last 8"]
    state = cf.new_game(rules)
    names = {f.name for f in cf.encoding(rules).actions.families}
    assert not names & {"place hay bale", "take hay bale"}
    with pytest.raises(IllegalMoveError):
        cf.encoding(rules).encode_action(state, cf.PlaceBale(cf.path("0,1 N")))


def test_a_number_that_is_no_legal_move_does_not_decode() -> None:
    rules = cf.Rules(players=2)
    state = cf.scenario(rules, tractors={0: "0,-2 E", 1: "0,2 SE"}, hands={0: ["Nitro +1"]})
    legal = set(cf.legal_actions(state))
    size = cf.action_space_size(rules)
    assert len(legal) == 4  # three drives and the Nitro
    for number in (0, 7, 130, size - 1):
        assert number not in legal
        with pytest.raises(IllegalMoveError, match="not legal here"):
            cf.decode_move(state, number)
    for number in (-1, size, "3"):
        with pytest.raises(IllegalMoveError):
            cf.decode_move(state, number)  # type: ignore[arg-type]


# -- observations -----------------------------------------------------------------------------


def _field(enc: actions.FarmersEncoding, tensor: list[int], name: str) -> list[int]:
    shape = dict(enc.planes.fields)[name]
    start = enc.planes.offset(name)
    size = 1
    for n in shape:
        size *= n
    return tensor[start : start + size]


def _bits(value: int, width: int) -> list[int]:
    return [value >> i & 1 for i in range(width)]


@settings(max_examples=20, deadline=None, suppress_health_check=SLOW)
@given(st.sampled_from(STANDARD), st.randoms(use_true_random=False))
def test_observation_is_the_view_field_by_field(rules: cf.Rules, rng: random.Random) -> None:
    enc = cf.encoding(rules)
    states = some_states(rules, 1, seed=rng.randrange(1000))
    for state in rng.sample(states, min(12, len(states))):
        for seat in range(rules.players):
            view = cf.observe(state, seat)
            assert view.rules == rules
            tensor = cf.observation_tensor(view)
            assert tensor == cf.GAME.observation_tensor(state, seat)
            assert len(tensor) == enc.planes.size and all(type(v) is int for v in tensor)
            binary = enc.binary_size
            assert binary == enc.planes.offset("hand")
            assert set(tensor[:binary]) <= {0, 1}
            bits, rest = enc.packed_observation(view)
            assert 0 <= bits < 1 << binary
            assert [bits >> i & 1 for i in range(binary)] + rest == tensor
            _check_fields(enc, state, seat, tensor)


def _check_fields(enc: actions.FarmersEncoding, state: cf.State, seat: int, t: list[int]) -> None:
    rules = state.rules
    n = rules.players
    field = lambda name: _field(enc, t, name)  # noqa: E731
    assert field("main") == [b for f in state.farmers for b in _bits(f.main, 37)]
    assert field("fallow") == [b for f in state.farmers for b in _bits(f.fallow, 37)]
    assert field("fences") == [b for f in state.farmers for b in _bits(f.fence_paths, 132)]
    assert field("tractors") == [
        b for f in state.farmers for b in _bits(1 << f.tractor if f.tractor >= 0 else 0, 96)
    ]
    assert field("bales") == _bits(state.bales, 132)
    assert field("barns") == _bits(state.barns, 37)
    assert field("powered") == [int(f.tractor >= 0 and f.powered) for f in state.farmers]
    assert field("out") == [int(f.out) for f in state.farmers]
    assert field("phase") == [int(p is state.phase) for p in cf.Phase]
    who = state.to_move
    assert field("to_move") == [int(s == who) for s in range(n)] + [int(who is CHANCE)]
    assert field("viewer") == [int(s == seat) for s in range(n)]
    assert field("turn") == [int(s == state.player) for s in range(n)]
    assert field("ended") == [int(e == state.ended) for e in actions.ENDS]
    cards = [c for c in rules.card_names if rules.deck_counts().get(c)]
    assert field("hand") == [state.farmers[seat].hand.count(c) for c in cards]
    assert field("hand_sizes") == [len(f.hand) for f in state.farmers]
    assert field("in_play") == [f.in_play.count(c) for f in state.farmers for c in cards]
    assert field("discard") == [state.discard.count(c) for c in cards]
    segments = [len(s) for s in state.deck.segments]
    assert field("draw_pile") == segments + [0] * (2 - len(segments))
    assert field("scores") == list(cf.scores(state))
    assert field("allowance") == [state.allowance]
    assert field("turn_number") == [state.turn_number]
    cow = state.cow
    if cow is None:
        assert field("set_aside") == [state.farmers[seat].set_aside.count(c) for c in cards]
        assert field("endgame_in_pile") == [int(state.endgame >= 0)]
        assert field("endgame_window") == [max(state.endgame, 0)]
        return
    assert field("cow") == _bits(1 << cow.plot, 37)
    assert field("cow_field") == _bits(cow.plots, 37)
    assert field("cow_facing") == [int(d == cow.facing) for d in range(6)]
    assert field("cow_deck") == [cow.deck.count(c) for c in rules.cow_cards]
    assert field("cow_discard") == [cow.discard.count(c) for c in rules.cow_cards]
    pile = [1 + rules.cow_cards.index(c) for c in cow.pile]
    assert field("cow_pile") == pile + [0] * (rules.cow_card_limit - len(pile))
    assert field("cow_ruts") == [cow.ruts.count(s) for s in range(n)]
    assert field("cow_draws") == [cow.draws]


@settings(max_examples=15, deadline=None, suppress_health_check=SLOW)
@given(
    playouts(cf.GAME, st.sampled_from(STANDARD[:3] + STANDARD[4:]), max_moves=600, complete=False),
    st.randoms(use_true_random=False),
)
def test_observation_cannot_tell_apart_what_the_seat_cannot(
    playout: Playout, rng: random.Random
) -> None:
    """A state the seat cannot tell from the real one (its hidden cards redealt)
    gives the seat the same observation, though the others' hands differ."""
    state = playout.final
    for seat in range(playout.rules.players):
        mine = cf.GAME.observation_tensor(state, seat)
        for _ in range(3):
            other = cf.resample(state, seat, rng)
            assert cf.GAME.observation_tensor(other, seat) == mine


def test_the_other_hands_are_hidden_and_ones_own_is_seen() -> None:
    rules = cf.Rules(players=2)
    state = cf.scenario(rules, tractors={0: "0,-2 E", 1: "0,2 SE"}, hands={1: ["Rut"]})
    swapped = attrs.evolve(
        state,
        farmers=(state.farmers[0], attrs.evolve(state.farmers[1], hand=("Bribe",))),
    )
    assert cf.GAME.observation_tensor(state, 0) == cf.GAME.observation_tensor(swapped, 0)
    assert cf.GAME.observation_tensor(state, 1) != cf.GAME.observation_tensor(swapped, 1)


def test_observation_does_not_change_what_it_returned_before() -> None:
    rules = cf.Rules(players=2)
    state = cf.new_game(rules)
    first = cf.GAME.observation_tensor(state, 0)
    kept = list(first)
    first[0] = 7
    later = play(state, "draw Rut", "draw Rut", "draw Bribe")
    cf.GAME.observation_tensor(later, 0)
    assert cf.GAME.observation_tensor(state, 0) == kept


# -- the contract checks, with the numbers -------------------------------------------------------


# Seeds whose co-op playouts put a card in a partner's hand, so that the check
# sees resample redeal it (random players lose to the Cow in ~100 decisions).
SEEDS = {"co-op, choose the start, no co-op backlash": (3, 6)}


# The contract tests check the other options' games (a chosen start, no Endgame card...).
@pytest.mark.parametrize("name", sorted(set(VARIANTS) - {"choose the start, no Endgame card"}))
def test_check_game_holds_the_numbers_and_facts_of_variants(name: str) -> None:
    games, seed = SEEDS.get(name, (1, 3))
    check_game(cf.GAME, VARIANTS[name], playouts=games, seed=seed)


def test_check_game_holds_a_tight_turn_limit() -> None:
    # The facts scale with the turn limit; a short game is checked against them.
    for rules in (
        cf.Rules(players=4, turn_limit=12),
        cf.Rules(players=1, mode="mad-cow", turn_limit=5, cow_card_limit=1),
    ):
        facts = cf.encoding(rules).facts
        assert facts.max_decisions == actions.max_decisions(rules)
        check_game(cf.GAME, rules, playouts=4, seed=1)
        ends = [s.ended for s in some_states(rules, 6) if cf.is_terminal(s)]
        assert "turns" in ends


# -- the facts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "players"), SETUPS)
def test_facts(mode: str, players: int) -> None:
    rules = cf.Rules(players=players, mode=mode)
    facts = cf.GAME.facts(rules)
    enc = cf.encoding(rules)
    assert facts.players == players
    assert (facts.min_players, facts.max_players) == ((1, 4) if mode == "mad-cow" else (2, 4))
    assert facts.chance and not facts.simultaneous
    assert facts.hidden_information == cf.hides_information(rules) == (players > 1)
    assert facts.cooperative is (mode == "mad-cow")
    assert cf.GAME.all_may_lose is True
    assert facts.num_actions == cf.action_space_size(rules) == enc.actions.size
    assert facts.observation_shape == (enc.planes.size,)
    assert facts.max_legal_moves <= facts.num_actions
    assert facts.max_chance_outcomes <= facts.num_chance_outcomes
    barns = len(rules.barns)
    per_turn = actions.turn_decisions(rules)
    assert per_turn == 2 + 5 + (6 + 2 * barns) * (1 + (5 if mode == "mad-cow" else 4)) + 1
    if mode == "competitive":
        assert (facts.min_score, facts.max_score) == (0, min(37, rules.plot_tiles))
        assert facts.max_decisions == players + 10_000 * per_turn
        assert facts.max_chance_nodes == 3 * players + 10_000 * 2 * barns
        assert facts.max_chance_outcomes == 11  # 10 cards and the Endgame card
    else:
        assert (facts.min_score, facts.max_score) == (-12, 37)
        cow_turns = 1 + 10_000 // rules.cow_cadence
        assert facts.max_decisions == 10_000 * per_turn + cow_turns * 30 * 5
        assert facts.max_chance_outcomes == 18  # the Mad Cow cards


def test_bounds_at_the_field_limits_fit_a_32_bit_int() -> None:
    """OpenSpiel's max_game_length is a C++ int: the largest Rules still fit."""
    deck = tuple(cf.BonusCard(f"Bales {i}", "hay-bale", 50, amount=10) for i in range(40))
    everywhere = tuple(GRID.cell_coords)
    for mode, players in (("competitive", 4), ("mad-cow", 1), ("mad-cow", 4)):
        rules = cf.Rules(
            players=players,
            mode=mode,
            hand_limit=100,
            turn_limit=100_000,
            cow_card_limit=100,
            barns=everywhere,
            bonus_cards=deck,
            hay_bales=90,
        )
        facts = cf.encoding(rules).facts
        assert facts.max_decisions + facts.max_chance_nodes < 2**31
        assert facts.max_legal_moves <= facts.num_actions


def _turns(states: list[cf.State]) -> list[list[cf.State]]:
    """The states of a game cut into its turns: each from a turn's start to the next's."""
    out: list[list[cf.State]] = [[]]
    for before, after in itertools.pairwise(states):
        out[-1].append(before)
        if after.turn_number != before.turn_number:
            out.append([])
    return out


@pytest.mark.parametrize("rules", [cf.Rules(players=2), cf.Rules(players=2, mode="mad-cow")])
def test_what_one_turn_holds_stays_within_the_proofs_parts(rules: cf.Rules) -> None:
    """The lemmas the bounds are built from, held to random games: the cards a
    player uses in a turn, the decisions of a turn (the Cow's turn after it
    included) and the Mad Cow cards of one turn of the Cow."""
    cards = actions.cards_per_turn(rules)
    per_turn = actions.turn_decisions(rules)
    per_cow_turn = rules.cow_card_limit * (
        1 + max(cf.HANDLERS[rules.kind(c)].follow_ups(rules, c) for c in rules.card_names)
    )
    states = some_states(rules, 6, seed=5)
    for turn in _turns(states):
        used = decisions = cow_cards = 0
        for state in turn:
            if state.to_move is None:
                continue
            if state.phase is cf.Phase.COW:
                cow_cards += 1
            if state.to_move is not CHANCE:
                decisions += 1
        for before, after in itertools.pairwise(turn):
            if before.phase is cf.Phase.TURN:  # a play or a discard leaves the hand
                hand = len(before.farmers[before.player].hand)
                used += max(0, hand - len(after.farmers[before.player].hand))
        assert used <= cards
        assert decisions <= per_turn + (per_cow_turn if rules.mad_cow else 0)
        assert cow_cards <= rules.cow_card_limit


# -- the docs ---------------------------------------------------------------------------------


def test_docs_print_the_generated_tables() -> None:
    text = DOCS.read_text("utf-8")
    two = cf.encoding(cf.Rules(players=2))
    solo = cf.encoding(cf.Rules(players=1, mode="mad-cow"))
    for enc in (two, solo):
        assert enc.actions.table() in text
        assert enc.chance.table() in text
        assert enc.planes.table() in text
    assert sizes_table() in text
    assert facts_table() in text


def sizes_table() -> str:
    lines = [
        "| mode | players | actions | chance outcomes | observation |",
        "|---|---|---|---|---|",
    ]
    for mode, n in SETUPS:
        f = cf.encoding(cf.Rules(players=n, mode=mode)).facts
        lines.append(
            f"| {mode} | {n} | {f.num_actions} | {f.num_chance_outcomes} "
            f"| {f.observation_shape[0]} |"
        )
    return "\n".join(lines)


def facts_table() -> str:
    lines = [
        "| mode | players | max decisions | max chance nodes | max legal moves "
        "| max chance outcomes | score |",
        "|---|---|---|---|---|---|---|",
    ]
    for mode, n in SETUPS:
        f = cf.encoding(cf.Rules(players=n, mode=mode)).facts
        lines.append(
            f"| {mode} | {n} | {f.max_decisions} | {f.max_chance_nodes} | {f.max_legal_moves} "
            f"| {f.max_chance_outcomes} | {f.min_score} to {f.max_score} |"
        )
    return "\n".join(lines)

"""Get Off My Land!'s fixed integer actions, observation tensors and facts."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from array import array
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from get_off_my_land_helpers import scene, started, tile
from hypothesis import given, settings
from hypothesis import strategies as hs

from acreage import CHANCE, GameError, IllegalMoveError
from acreage.core.chance import Pile
from acreage.get_off_my_land import (
    GAME,
    Buy,
    Defend,
    Done,
    Draw,
    EndTurn,
    Fence,
    FenceCard,
    Harvest,
    Keep,
    Log,
    PlayCard,
    Rules,
    State,
    action_space_size,
    apply_move,
    decode_move,
    encode_move,
    encoding,
    legal_action_mask,
    legal_actions,
    legal_moves,
    new_game,
    observation_tensor,
    observe,
    parse_move,
    scores,
)
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.actions import GetOffMyLandEncoding
from acreage.get_off_my_land.facts import DEFENCE_LIMIT, defence_sets
from acreage.testing import check_game, playouts

DOCS = Path(__file__).parents[2] / "docs" / "games" / "get-off-my-land.md"
RULES = [Rules(players=n) for n in (2, 3, 4)]


def _random_states(rules: Rules, games: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = new_game(rules)
        while state.to_move is not None:
            out.append(state)
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])
        out.append(state)
    return out


def _sizes_table() -> str:
    lines = [
        "| players | actions | of them defences | chance outcomes | observation "
        "| max decisions | max chance nodes | max legal moves | max chance outcomes | score |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for rules in RULES:
        enc = encoding(rules)
        f = enc.facts
        lines.append(
            f"| {rules.players} | {f.num_actions} | {len(enc.defences)} "
            f"| {f.num_chance_outcomes} | {f.observation_shape[0]} | {f.max_decisions} "
            f"| {f.max_chance_nodes} | {f.max_legal_moves} | {f.max_chance_outcomes} "
            f"| {f.min_score} to {f.max_score} |"
        )
    return "\n".join(lines)


def test_docs_show_the_generated_tables() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    enc = encoding(Rules(players=2))
    for table in (enc.actions.table(), enc.chance.table(), enc.planes.table(), _sizes_table()):
        assert table in docs


def test_sizes_and_facts_do_not_depend_on_the_options() -> None:
    for base in RULES:
        facts = encoding(base).facts
        for option in ("secret_farmhouses", "anchored_fences", "home_farmer_protects"):
            other = attrs.evolve(base, **{option: not getattr(base, option)})
            assert encoding(other).facts == facts
            assert encoding(other).actions.table() == encoding(base).actions.table()


def test_facts_declare_the_game() -> None:
    for rules in RULES:
        f = GAME.facts(rules)
        assert (f.players, f.min_players, f.max_players) == (rules.players, 2, 4)
        assert f.chance and f.hidden_information and f.simultaneous and not f.cooperative
        assert f.num_actions == action_space_size(rules) == encoding(rules).actions.size
        assert f.max_legal_moves <= f.num_actions
        assert f.max_chance_outcomes <= f.num_chance_outcomes


def _check_numbers(state: State) -> dict[str, int]:
    """Every legal move's number: in range, distinct, decoding back; the mask agrees."""
    enc = encoding(state.rules)
    size = enc.chance.size if state.to_move is CHANCE else enc.actions.size
    numbers: dict[str, int] = {}
    for move in legal_moves(state):
        number = encode_move(state, move)
        assert type(number) is int and 0 <= number < size
        assert number not in numbers.values(), f"{move} shares number {number}"
        assert decode_move(state, number) is move
        # A move read from its text, or built by hand, has the game's move's number.
        assert encode_move(state, parse_move(state, str(move))) == number
        assert encode_move(state, attrs.evolve(move)) == number
        numbers[str(move)] = number
    assert legal_actions(state) == tuple(sorted(numbers.values()))
    mask = legal_action_mask(state)
    assert len(mask) == size
    assert [a for a, ok in enumerate(mask) if ok] == sorted(numbers.values())
    return numbers


@settings(max_examples=12)
@given(playouts(GAME, hs.sampled_from(RULES)))
def test_every_legal_move_round_trips_on_random_playouts(playout: Any) -> None:
    for state in playout.states[:-1]:
        _check_numbers(state)


@settings(max_examples=4)
@given(playouts(GAME, hs.sampled_from(RULES)), hs.randoms(use_true_random=False))
def test_a_list_of_moves_is_numbered_as_each_move_alone(playout: Any, rng: random.Random) -> None:
    """encode_actions (table look-ups by identity) against encode_action move by move: the
    game's own moves, their copies read from text, and purchases, in any order."""
    for state in playout.states[:-1]:
        if state.to_move is CHANCE:
            continue
        enc = encoding(state.rules)
        moves = list(legal_moves(state))
        expected = [enc.encode_action(state, m) for m in moves]
        assert enc.encode_actions(state, moves) == expected
        assert enc.encode_actions(state, tuple(moves)) == expected
        mixed = [parse_move(state, str(m)) if rng.random() < 0.5 else m for m in moves]
        order = list(range(len(moves)))
        rng.shuffle(order)
        assert enc.encode_actions(state, [mixed[i] for i in order]) == [expected[i] for i in order]
    assert encoding(playout.states[0].rules).encode_actions(playout.states[0], []) == []


def test_the_same_move_has_the_same_number_in_every_position() -> None:
    for rules in RULES:
        seen: dict[tuple[bool, str], int] = {}
        positions: Counter[tuple[bool, str]] = Counter()
        for state in _random_states(rules, 4, seed=rules.players):
            if state.to_move is None:
                continue
            for text, number in _check_numbers(state).items():
                key = (state.to_move is CHANCE, text)
                assert seen.setdefault(key, number) == number, text
                positions[key] += 1
        # Many moves were seen in many positions (end turn in every turn, fences...).
        assert sum(k > 10 for k in positions.values()) > 20


def test_numbers_are_the_product_of_the_moves_parts() -> None:
    state = started(2)
    rules = state.rules
    enc = encoding(rules)
    a = enc.actions
    t = rules.tables
    assert enc.encode_action(state, t.end_turn) == a.index("end turn")
    b2 = tile(state, "b2")
    grid = t.grid
    north = grid.cell_edges[b2][grid.direction("N")]
    assert encode_move(state, t.fence_moves[north]) == a.index("fence", north)
    assert encode_move(state, parse_move(state, "fence b2 N inside")) == a.index(
        "fence inside", b2, 0
    )
    assert encode_move(state, parse_move(state, "fence b1 S inside")) == a.index(
        "fence inside", tile(state, "b1"), 2
    )
    assert enc.land_tiles == tuple(c for c in range(t.n) if t.farm_owner[c] < 0)
    assert a.parts(encode_move(state, t.harvest_moves[b2])) == (
        "harvest",
        (enc.land_tiles.index(b2),),
    )
    forest = [c for c in range(t.n) if t.forest_kind[c] >= 0]
    assert a.parts(encode_move(state, t.log_moves[forest[2]])) == ("log", (2,))
    assert a.parts(encode_move(state, t.play_moves[5][1])) == ("play", (5, 1))
    assert a.parts(encode_move(state, t.break_moves[north][1])) == ("break", (north, 1))


def test_a_purchase_is_numbered_by_slot_and_tile_and_must_name_the_slots_card() -> None:
    state = scene(started(2), land={0: ["a2"]}, turn=0, money=(50, 50))
    buys = [m for m in legal_moves(state) if isinstance(m, Buy)]
    assert buys
    a = encoding(state.rules).actions
    enc = encoding(state.rules)
    for move in buys:
        assert a.parts(encode_move(state, move)) == (
            "buy",
            (move.slot, enc.land_tiles.index(move.cell)),
        )
    move = buys[0]
    other = next(k for k in range(len(state.rules.tables.market)) if k != move.card)
    with pytest.raises(IllegalMoveError, match="slot holds"):
        encode_move(state, state.rules.tables.buy(move.slot, other, move.cell, 2))
    with pytest.raises(IllegalMoveError, match="slot holds"):
        encode_move(state, Buy(move.slot, other, move.cell, "buy"))


def test_defences_are_numbered_among_the_sets_that_can_defend() -> None:
    state = started(2)
    hand = ["Implements of Destruction! (1 fence, 3 holes)", "Fertilizer! (3 fences, 1 hole)"]
    hand += ["Get Off My Land! (1 fence, 2 holes)", "Midnight Raid! (1 fence, 1 hole)"]
    attack = st.Batch(0, 0, -1, 0, state.control)
    agenda = (st.Turn(0, 1, True), st.ResolveFences(attack, 2), st.Defend(1, attack))
    state = scene(state, hands={1: hand}, agenda=agenda)
    numbers = _check_numbers(state)
    enc = encoding(state.rules)
    defends = [m for m in legal_moves(state) if isinstance(m, Defend)]
    assert len(defends) == 3  # the 3 holes alone, 2 + either 1
    for move in defends:
        assert numbers[str(move)] == enc.actions.index("defend", enc.defences.index(move.cards))


def _reference_defences(rules: Rules) -> list[tuple[int, ...]]:
    """Every defence by brute force: each multiset of cards in play up to a hand's size."""
    t = rules.tables
    copies = dict(t.fence_deck.counts())
    kinds = [k for k in range(len(t.fence)) if t.fence[k].bullets > 0]
    most = max(rules.hand_limit, rules.starting_cards)
    out = []
    for size in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(kinds, size):
            if any(combo.count(k) > copies[k] for k in set(combo)):
                continue
            holes = [t.fence[k].bullets for k in combo]
            if sum(holes) >= rules.defence_bullets > sum(holes) - min(holes):
                out.append(combo)
    return sorted(out)


def test_defence_sets_agree_with_brute_force() -> None:
    rules = Rules(players=2)
    assert list(defence_sets(rules)) == _reference_defences(rules)
    fewer = attrs.evolve(rules, defence_bullets=2, hand_limit=2)
    assert list(defence_sets(fewer)) == _reference_defences(fewer)


def test_too_many_defences_to_number_is_an_error() -> None:
    titles = ["Fertilizer!", "Steroids!", "Midnight Raid!", "Slash and Burn!"]
    cards = tuple(FenceCard(title, fences, 1, 2, 12) for title in titles for fences in range(1, 21))
    rules = Rules(players=2, fence_cards=cards, defence_bullets=12, hand_limit=12)
    with pytest.raises(GameError, match=str(DEFENCE_LIMIT)):
        encoding(rules)


@pytest.mark.parametrize(
    "make",
    [
        lambda s: Fence(999, -1, "fence"),
        lambda s: Fence(True, -1, "fence"),
        lambda s: Fence(0, 7, "fence"),  # edge 0 (a1 N) faces no tile 7
        lambda s: Fence("0", -1, "fence"),
        lambda s: Log(tile(s, "b1"), "log b1"),  # grass
        lambda s: Harvest(0, "harvest a1"),  # a farmhouse
        lambda s: Harvest(-1, "harvest"),
        lambda s: Keep(99, "keep"),
        lambda s: PlayCard(0, 1, "play"),  # for_fences must be a bool
        lambda s: PlayCard(999, True, "play"),
        lambda s: Buy(99, 0, 5, "buy"),
        lambda s: Defend((0, 0, 0, 0, 0, 0, 0), "defend"),
        lambda s: Defend([0], "defend"),
        lambda s: Defend(([0],), "defend"),
        lambda s: Defend((True,), "defend"),
        lambda s: s.rules.tables.draw_moves[0],  # a chance outcome at a decision
        lambda s: "end turn",
        lambda s: None,
    ],
)
def test_hand_built_bad_moves_have_no_number(make: Any) -> None:
    state = started(2)
    with pytest.raises(IllegalMoveError):
        encode_move(state, make(state))
    # Numbered a whole list at once, beside the game's own moves, too.
    moves = [*legal_moves(state), make(state)]
    with pytest.raises(IllegalMoveError):
        encoding(state.rules).encode_actions(state, moves)


def test_bad_chance_outcomes_have_no_number() -> None:
    state = new_game(Rules(players=2))
    assert state.to_move is CHANCE
    for move in (Draw(999, "draw"), Draw(False, "draw"), EndTurn("end turn"), Done("done"), 3):
        with pytest.raises(IllegalMoveError):
            encode_move(state, move)
    with pytest.raises(IllegalMoveError):
        decode_move(state, encoding(state.rules).chance.size)


def test_check_game_holds_every_option_at_once_to_the_encoding() -> None:
    rules = Rules(
        players=4, secret_farmhouses=True, anchored_fences=True, home_farmer_protects=False
    )
    check_game(GAME, rules, playouts=1, seed=13)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p")
def test_random_games_stay_within_the_facts(rules: Rules) -> None:
    facts = GAME.facts(rules)
    rng = random.Random(rules.players)
    for _ in range(15):
        state = new_game(rules)
        decisions = chance = 0
        while state.to_move is not None:
            moves = legal_moves(state)
            if state.to_move is CHANCE:
                chance += 1
                assert len(moves) <= facts.max_chance_outcomes
            else:
                decisions += 1
                assert len(moves) <= facts.max_legal_moves
            state = apply_move(state, moves[rng.randrange(len(moves))])
        assert decisions <= facts.max_decisions and chance <= facts.max_chance_nodes
        assert all(facts.min_score <= v <= facts.max_score for v in scores(state))


# -- observations --------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [*RULES, Rules(players=3, secret_farmhouses=True)],
    ids=["2p", "3p", "4p", "secret"],
)
def test_observations_are_equal_for_states_a_seat_cannot_tell_apart(rules: Rules) -> None:
    rng = random.Random(7)
    changed = 0
    for state in _random_states(rules, 1, seed=rules.players)[::3]:
        for seat in range(rules.players):
            tensor = GAME.observation_tensor(state, seat)
            assert GAME.resample is not None
            for _ in range(2):
                other = GAME.resample(state, seat, rng)
                changed += other != state
                assert GAME.observation_tensor(other, seat) == tensor
    assert changed  # the redeals did change hidden cards


def _field(enc: Any, tensor: list[int], name: str) -> list[int]:
    shape = dict(enc.planes.fields)[name]
    start = enc.planes.offset(name)
    size = 1
    for d in shape:
        size *= d
    return tensor[start : start + size]


def test_observation_fields_read_the_view() -> None:
    rules = Rules(players=3)
    enc = encoding(rules)
    t = rules.tables
    n = t.n
    for state in _random_states(rules, 2, seed=3)[::2]:
        for seat in range(rules.players):
            view = observe(state, seat)
            tensor = observation_tensor(view)
            assert len(tensor) == enc.planes.size and all(type(v) is int for v in tensor)
            assert _field(enc, tensor, "money") == list(view.money)
            assert _field(enc, tensor, "hand size") == list(view.hand_sizes)
            counts = Counter(view.hand)
            assert _field(enc, tensor, "hand") == [counts[k] for k in range(len(t.fence))]
            card = _field(enc, tensor, "card")
            for c, k in enumerate(view.cards):
                assert [card[j * n + c] for j in range(len(t.market))] == [
                    int(j == k) for j in range(len(t.market))
                ]
            fence = _field(enc, tensor, "fence")
            width = 2 * t.edges
            for p, f in enumerate(view.fences):
                assert fence[p * width : (p + 1) * width] == [f >> i & 1 for i in range(width)]
            control = _field(enc, tensor, "control")
            for p, mask in enumerate(state.control):
                assert control[p * n : (p + 1) * n] == [mask >> c & 1 for c in range(n)]
            assert _field(enc, tensor, "seat") == [int(p == seat) for p in range(3)]
            to_move = _field(enc, tensor, "to move")
            who = state.to_move
            assert to_move == [
                int(who is not None and ((who is CHANCE and i == 3) or who == i)) for i in range(4)
            ]
            decision = _field(enc, tensor, "decision")
            assert sum(decision) == (state.to_move is not None)
            assert _field(enc, tensor, "month")[state.month] == 1


def test_observations_do_not_depend_on_the_order_they_are_made_in() -> None:
    """Blocks are reused from the observation before; any order gives the same tensors."""
    rules = Rules(players=2)
    views = [observe(s, p) for s in _random_states(rules, 1, seed=11) for p in (0, 1)]
    forward = [observation_tensor(v) for v in views]
    backward = [observation_tensor(v) for v in reversed(views)][::-1]
    shuffled_order = list(range(len(views)))
    random.Random(1).shuffle(shuffled_order)
    shuffled = {i: observation_tensor(views[i]) for i in shuffled_order}
    assert forward == backward == [shuffled[i] for i in range(len(views))]
    assert len({tuple(x) for x in forward}) > len(views) // 2


SECRET = Rules(players=3, secret_farmhouses=True)


@settings(max_examples=10)
@given(playouts(GAME, hs.sampled_from([*RULES, SECRET])), hs.randoms(use_true_random=False))
def test_packed_observations_are_the_observations(playout: Any, rng: random.Random) -> None:
    """observation_bytes (packed blocks kept from the views before) against observation,
    for every seat, in the order of play and shuffled, on a shared encoding and on a
    fresh one; and observe's kept deck counts against counting afresh."""
    rules = playout.states[0].rules
    shared, fresh = encoding(rules), GetOffMyLandEncoding(rules)
    views = [observe(state, seat) for state in playout.states for seat in range(rules.players)]
    expected = [array("h", fresh.observation(v)).tobytes() for v in views]
    assert [shared.observation_bytes(v) for v in views] == expected
    order = list(range(len(views)))
    rng.shuffle(order)
    assert [fresh.observation_bytes(views[i]) for i in order] == [expected[i] for i in order]
    assert [array("h", shared.observation(views[i])).tobytes() for i in order] == [
        expected[i] for i in order
    ]
    rng.shuffle(order)
    for i in order:
        state, seat = playout.states[i // rules.players], i % rules.players
        view = observe(state, seat)
        assert view == views[i]
        _check_view(view, state, seat)


_SEEN_AS_IS = {"rules", "to_move", "agenda", "month", "first", "money", "fence_discard", "track"}
_SEEN_AS_IS |= {"market_discard", "tiles", "cards", "mature", "fences", "farmers", "control"}


def _check_view(view: Any, state: State, seat: int) -> None:
    """Every field of ``view`` (made positionally) read by name: the state's field of that
    name, or what the seat is shown of it."""
    shown = {
        "player": seat,
        "hand": state.hands[seat],
        "hand_sizes": tuple(len(hand) for hand in state.hands),
        "offers": state.offers[seat],
        "fence_deck_size": len(state.fence_deck),
        "market_deck": tuple(
            Pile.of(segment.cards()).counts for segment in state.market_deck.segments
        ),
    }
    for field in attrs.fields(type(view)):
        value = getattr(view, field.name)
        if field.name in _SEEN_AS_IS:
            assert value == getattr(state, field.name), field.name
        elif field.name == "farmhouses":
            assert value[seat] == state.farmhouses[seat]
            assert all(f in (-1, state.farmhouses[p]) for p, f in enumerate(value))
        else:
            assert value == shown[field.name], field.name


def test_an_equal_rules_made_again_gets_the_same_numbers() -> None:
    """The encoding is shared by equal Rules; another Rules' own move objects are
    read by their fields and numbered alike."""
    first, again = Rules(players=2), Rules(players=2)
    assert first == again and first.tables is not again.tables
    assert encoding(first) is encoding(again)
    seen: dict[str, int] = {}
    for rules in (first, again):
        for state in _random_states(rules, 1, seed=5)[:-1]:
            for text, number in _check_numbers(state).items():
                assert seen.setdefault(f"{state.to_move is CHANCE} {text}", number) == number


def test_a_copied_or_unpickled_encoding_numbers_moves_alike() -> None:
    rules = Rules(players=2)
    enc = encoding(rules)
    assert copy.copy(enc) is enc and copy.deepcopy(enc) is enc
    again = pickle.loads(pickle.dumps(enc))
    assert again.facts == enc.facts and again.planes.fields == enc.planes.fields
    for state in _random_states(rules, 1, seed=2)[:-1:5]:
        encode = again.encode_chance if state.to_move is CHANCE else again.encode_action
        assert [encode(state, m) for m in legal_moves(state)] == [
            encode_move(state, m) for m in legal_moves(state)
        ]

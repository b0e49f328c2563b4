"""Fence Em In's numbers: fixed integer actions, chance numbering, observation tensors, facts."""

from __future__ import annotations

import array
import itertools
import pathlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import CHANCE, IllegalMoveError
from acreage import fence_em_in as fei
from acreage.testing import Playout, check_game, playouts

DOCS = pathlib.Path(__file__).parents[2] / "docs" / "games" / "fence-em-in.md"

VARIANTS = {
    "no-hay bag": fei.Rules(players=2, bag=fei.NO_HAY_BAG),
    "move to a full column": fei.Rules(
        players=3,
        fertilizer=fei.FertilizerRules(
            reroll=0, adjust=0, move=0, refresh=0, move_to_full_column=True
        ),
    ),
    "small board, open starts": fei.Rules(
        players=3,
        board_size=9,
        start_cells=((1, 1), (7, 1), (4, 7)),
        rounds=4,
        reserved_start_cells=False,
        fertilizer=fei.FertilizerRules(reroll=1, adjust=1, move=1, refresh=1),
    ),
    "order die of 2 faces, no support cards": fei.Rules(
        players=4, order_die_faces=2, support_cards_drawn=0, order_reroll_limit=3
    ),
}

RULES = st.sampled_from([*(fei.Rules(players=n) for n in (2, 3, 4)), *VARIANTS.values()])


def numbers_of(state: fei.State) -> list[int]:
    return [fei.encode_move(state, m) for m in fei.legal_moves(state)]


# -- every legal move has its own number, and keeps it ---------------------------------


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(playouts(fei.GAME, RULES))
def test_every_legal_move_round_trips_and_keeps_its_number(playout: Playout) -> None:
    enc = fei.encoding(playout.rules)
    number_of: dict[tuple[bool, fei.Move], int] = {}
    move_of: dict[tuple[bool, int], fei.Move] = {}
    for state in playout.states[:-1]:
        chance = state.to_move is CHANCE
        size = enc.chance.size if chance else enc.actions.size
        legal = fei.legal_moves(state)
        numbers = numbers_of(state)
        assert all(type(n) is int and 0 <= n < size for n in numbers)
        assert len(set(numbers)) == len(legal), "two legal moves share a number"
        for move, number in zip(legal, numbers, strict=True):
            assert fei.decode_move(state, number) == move
            # The same move has the same number in every position, and a number
            # means one move in every position (chance and player moves apart).
            assert number_of.setdefault((chance, move), number) == number
            assert move_of.setdefault((chance, number), move) == move
        assert fei.legal_actions(state) == tuple(sorted(numbers))
        mask = fei.legal_action_mask(state)
        assert len(mask) == size
        assert [a for a, ok in enumerate(mask) if ok] == sorted(numbers)


def test_the_same_move_has_the_same_number_in_other_positions_and_games() -> None:
    rules = fei.Rules(players=2)
    first: dict[str, int] = {}
    for seed in range(3):
        rng = random.Random(seed)
        state = fei.new_game(rules)
        while state.to_move is not None:
            for move, number in zip(fei.legal_moves(state), numbers_of(state), strict=True):
                key = f"{state.to_move is CHANCE} {move}"
                assert first.setdefault(key, number) == number
            legal = fei.legal_moves(state)
            state = fei.apply_move(state, legal[rng.randrange(len(legal))])
    assert sum(k.startswith("False place") for k in first) > 100


def test_numbers_are_the_documented_arithmetic() -> None:
    rules = fei.Rules(players=3)  # a 19 x 19 board
    enc = fei.encoding(rules)
    state = fei.new_game(rules)
    place = enc.actions.family("place 4x2")
    assert place.parts == (("y", 18), ("x", 16))
    assert enc.encode_action(state, fei.Place(3, 5, 4, 2)) == place.offset + 5 * 16 + 3
    assert enc.encode_action(state, fei.Place(15, 17, 4, 2)) == place.offset + place.size - 1
    adjust = enc.actions.family("adjust").offset
    assert [enc.encode_action(state, fei.Adjust(v, t)) - adjust for v, t in [(1, 2), (2, 1)]] == [
        0,
        1,
    ]
    assert enc.encode_action(state, fei.Adjust(5, 4)) - adjust == 7
    move = enc.actions.family("move").offset
    assert enc.encode_action(state, fei.MoveToken("cow", 1, 2)) == move
    assert enc.encode_action(state, fei.MoveToken("cow", 2, 1)) == move + 4
    assert enc.encode_action(state, fei.MoveToken("granary", 5, 4)) == move + 159
    # Puts: only the kinds a category can ever take.
    assert enc.actions.family("put in alternating").size == 6
    assert enc.actions.family("put in barns").size == 1
    assert enc.encode_action(state, fei.Put("barn", "barns")) == enc.actions.index(
        "put in barns", 0
    )
    # Chance: a one-die roll is the same number at a re-roll and an order roll.
    assert enc.encode_chance(state, fei.Roll((4,))) == enc.chance.index("roll die", 3)
    assert enc.encode_chance(state, fei.Roll((1, 1, 1))) == enc.chance.index("roll dice", 0)
    assert enc.encode_chance(state, fei.Roll((6, 6, 6))) == enc.chance.index("roll dice", 55)
    assert enc.encode_chance(state, fei.Draw("hay", 3)) == enc.chance.index("draw", 5, 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_space_is_no_larger_than_the_moves_it_numbers(players: int) -> None:
    """Every place block holds exactly the enclosures that lie on the board; every
    other block is the product of its parts' ranges."""
    rules = fei.Rules(players=players)
    enc = fei.encoding(rules)
    size = rules.board_size
    on_board = sum(
        1
        for w, h in itertools.product(range(1, 6), repeat=2)
        for x, y in itertools.product(range(size), repeat=2)
        if x + w <= size and y + h <= size
    )
    places = sum(f.size for f in enc.actions.families if f.name.startswith("place"))
    assert places == on_board
    puts = sum(f.size for f in enc.actions.families if f.name.startswith("put"))
    assert puts == 8 + 8 + 6 + 8 + 1 + 1
    assert enc.actions.size == 1 + 5 + 5 + 8 + 1 + 160 + 1 + places + 1 + 8 + puts + 8
    cards = 2 + (5 if players == 2 else 6)  # the hay card is not used with 2 players
    assert enc.chance.size == cards + 40 + 56 + 6


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(playouts(fei.GAME, RULES), st.randoms(use_true_random=False))
def test_encode_actions_numbers_lists_as_encode_action_does(
    playout: Playout, rng: random.Random
) -> None:
    """The quick path (numbers kept by the identity of the engine's shared move objects)
    and the move-by-move path agree on every legal list, and on lists holding equal
    moves built by hand (which the quick path does not know by identity)."""
    enc = fei.encoding(playout.rules)
    fresh = fei.FenceEncoding(playout.rules)
    for state in playout.states[:-1]:
        if state.to_move is CHANCE:
            continue
        legal = fei.legal_moves(state)
        numbers = [enc.encode_action(state, m) for m in legal]
        assert enc.encode_actions(state, legal) == numbers
        assert fresh.encode_actions(state, legal) == numbers
        if legal and type(legal[0]) is fei.Place:  # the places by the numbers they hold
            assert enc._place_numbers(legal) == numbers
        copies = [fei.parse_move(state, str(m)) for m in legal]
        mixed = [c if rng.random() < 0.5 else m for c, m in zip(copies, legal, strict=True)]
        assert enc.encode_actions(state, mixed) == numbers
        assert enc.encode_actions(state, tuple(copies)) == numbers


def test_encode_actions_refuses_a_list_holding_a_move_with_no_number() -> None:
    state = fei.new_game(fei.Rules(players=2))
    enc = fei.encoding(state.rules)
    shared = state.rules.tables.place_moves[2][3][5]  # place 5,0 2x3: the tables' own object
    assert shared == fei.Place(5, 0, 2, 3)
    pass_, place = enc.actions.index("pass"), enc.actions.index("place 2x3", 0, 5)
    assert enc.encode_actions(state, [fei.Pass(), shared]) == [pass_, place]
    assert enc.encode_actions(state, [shared, fei.Pass()]) == [place, pass_]
    assert enc.encode_actions(state, [shared, fei.Place(5, 0, 2, 3)]) == [place, place]
    assert enc.encode_actions(state, []) == []
    for bad in BAD_ACTIONS:
        for moves in ([fei.Pass(), bad], [shared, bad], [bad, shared]):
            with pytest.raises(IllegalMoveError):
                enc.encode_actions(state, moves)


@pytest.mark.parametrize("size", [5, 9, 16, 40])
def test_each_place_of_the_tables_holds_the_number_its_parts_give(size: int) -> None:
    """The tables number their place moves as they build them (``Place.action``): the
    number of the move's parts, for every place of every shape on the board."""
    rules = fei.Rules(players=2, board_size=size, start_cells=((0, 0), (size - 1, size - 1)))
    enc = fei.FenceEncoding(rules)
    state = fei.new_game(rules)
    places = [p for by_h in rules.tables.place_moves for by_c in by_h for p in by_c if p]
    assert len(places) == sum(f.size for f in enc.actions.families if f.name.startswith("place"))
    for place in places:
        assert place.action == enc.encode_action(
            state, fei.Place(place.x, place.y, place.width, place.height)
        )
    assert enc._place_numbers(places) == [p.action for p in places]


def test_a_place_number_is_no_part_of_the_move() -> None:
    """A move's ``action`` never makes it another move, and a number it holds that is
    not its tables' own (another board's, or made up) is not trusted."""
    rules = fei.Rules(players=2)
    state = fei.new_game(rules)
    enc = fei.encoding(rules)
    shared = rules.tables.place_moves[2][3][5]  # place 5,0 2x3
    number = enc.actions.index("place 2x3", 0, 5)
    forged = fei.Place(5, 0, 2, 3, action=enc.actions.index("pass"))
    assert forged == shared == fei.Place(5, 0, 2, 3)
    assert hash(forged) == hash(shared) and str(forged) == str(shared)
    small = fei.Rules(players=2, board_size=9, start_cells=((0, 0), (8, 8)))
    other = small.tables.place_moves[2][3][5]  # the same move, numbered for a 9 x 9 board
    assert other == shared and other.action != shared.action
    for moves in ([forged], [shared, forged], [other], [shared, other], [other, shared]):
        assert enc.encode_actions(state, moves) == [number] * len(moves)


# -- moves built by hand ------------------------------------------------------------------

BAD_ACTIONS = [
    fei.Place(16, 0, 1, 1),  # off the 16 x 16 board
    fei.Place(15, 0, 2, 1),  # hangs over the edge
    fei.Place(0, 12, 1, 5),
    fei.Place(-1, 0, 1, 1),
    fei.Place(0, 0, 0, 1),
    fei.Place(0, 0, 6, 1),
    fei.Place(True, 0, 1, 1),
    fei.Place(0, 0, 1.0, 1),  # type: ignore[arg-type]
    fei.Place("0", 0, 1, 1),  # type: ignore[arg-type]
    fei.SetSix(6),
    fei.SetSix(0),
    fei.Reroll(6),
    fei.Reroll(None),  # type: ignore[arg-type]
    fei.Adjust(1, 3),
    fei.Adjust(1, 0),
    fei.Adjust(5, 6),
    fei.Adjust(2, 2),
    fei.MoveToken("cow", 1, 1),
    fei.MoveToken("cow", 0, 2),
    fei.MoveToken("cow", 1, 6),
    fei.MoveToken("dragon", 1, 2),
    fei.Take("dragon"),
    fei.Take(None),  # type: ignore[arg-type]
    fei.Take(["cow"]),  # type: ignore[arg-type]
    fei.Put("cow", "nowhere"),
    fei.Put("barn", "alternating"),  # an alternating row never takes a building
    fei.Put("cow", "barns"),
    fei.Put(["cow"], "same"),  # type: ignore[arg-type]
    fei.Discard("Cow"),
    fei.Draw("cow", 1),  # a chance outcome is no player action
    "pass",
    None,
]

BAD_OUTCOMES = [
    fei.Draw("cow", 0),
    fei.Draw("cow", 6),
    fei.Draw("dragon", 1),
    fei.Draw("cow", True),
    fei.Roll((7,)),
    fei.Roll((3, 2, 1)),  # unsorted
    fei.Roll((1, 2)),
    fei.Roll((True,)),
    fei.Roll([1]),  # type: ignore[arg-type]
    fei.Reveal("hay"),  # not used with 2 players
    fei.Reveal("nothing"),
    fei.Pass(),
]


@pytest.mark.parametrize("move", BAD_ACTIONS, ids=repr)
def test_a_player_move_with_a_part_off_its_range_has_no_number(move: Any) -> None:
    state = fei.new_game(fei.Rules(players=2))
    with pytest.raises(IllegalMoveError):
        fei.encoding(state.rules).encode_action(state, move)


@pytest.mark.parametrize("move", BAD_OUTCOMES, ids=repr)
def test_a_chance_outcome_off_its_range_has_no_number(move: Any) -> None:
    state = fei.new_game(fei.Rules(players=2))
    with pytest.raises(IllegalMoveError):
        fei.encode_move(state, move)


def test_a_number_that_is_no_legal_move_does_not_decode() -> None:
    state = fei.new_game(fei.Rules(players=2))  # the first reveal: enclosure cards only
    enc = fei.encoding(state.rules)
    with pytest.raises(IllegalMoveError, match="not legal here"):
        fei.decode_move(state, enc.chance.index("reveal", 3))
    with pytest.raises(IllegalMoveError, match="is not 0 to"):
        fei.decode_move(state, enc.chance.size)


# -- observations ---------------------------------------------------------------------------


def reference_observation(view: fei.View) -> dict[str, list[int]]:
    """The observation's fields written out again, slowly, from the view's bitsets."""
    rules = view.rules
    size, players = rules.board_size, rules.players
    grid = rules.grid
    kinds = {k: i for i, k in enumerate(fei.KINDS)}
    owner = [0] * size * size
    miniature = [0] * size * size
    listed = [0] * players * rules.rounds * 5
    for seat, farm in enumerate(view.farms):
        for cell in range(size * size):
            if farm.land >> cell & 1:
                owner[cell] = 1 + seat
        for i, e in enumerate(farm.enclosures):
            code = 0 if e.kind is None else 1 + kinds[e.kind]
            for x, y in itertools.product(range(e.x, e.x + e.width), range(e.y, e.y + e.height)):
                miniature[grid.cell_id((x, y))] = code
            at = (seat * rules.rounds + i) * 5
            listed[at : at + 5] = [e.x, e.y, e.width, e.height, code]
    for cell in range(size * size):
        assert (view.occupied >> cell & 1) == (owner[cell] > 0)
    slots = max(len(c.points) for c in rules.farm_board)
    rows = []
    for farm in view.farms:
        for row in farm.rows:
            rows += [1 + kinds[k] for k in row] + [0] * (slots - len(row))
    cards = [c.name for c in rules.enclosure_cards]
    if rules.support_cards_drawn:
        cards += [c.name for c in rules.usable_support_cards]
    groups = [0] * players
    rolls = [0] * players
    for i, group in enumerate(view.groups):
        for seat in group:
            groups[seat] = 1 + i
    if view.groups:
        tied = next(g for g in view.groups if len(g) > 1)
        for seat, value in zip(tied, view.rolls, strict=False):
            rolls[seat] = value
    to_move = [0] * (players + 1)
    if view.to_move is CHANCE:
        to_move[players] = 1
    elif view.to_move is not None:
        to_move[view.to_move] = 1
    order = [0] * players * players
    for position, seat in enumerate(view.order):
        order[position * players + seat] = 1
    return {
        "owner": owner,
        "miniature": miniature,
        "enclosures": listed,
        "start": [v for cell in rules.start_cells for v in cell],
        "columns": [column.count(k) for column in view.columns for k in fei.KINDS],
        "bag": list(view.bag),
        "dice": [view.dice.count(v) for v in range(1, 7)],
        "token": [int(view.token == k) for k in fei.KINDS],
        "placed": [n for farm in view.farms for n in farm.placed],
        "points": [farm.points for farm in view.farms],
        "fertilizer": [farm.fertilizer for farm in view.farms],
        "rows": rows,
        "discards": [farm.discards.count(k) for farm in view.farms for k in fei.KINDS],
        "cards": [int(name in view.cards) for name in cards],
        "round": [view.round],
        "phase": [int(view.phase is p) for p in fei.Phase],
        "to_move": to_move,
        "viewer": [int(view.player == p) for p in range(players)],
        "order": order,
        "turn": [view.turn],
        "uses": [view.uses],
        "six_rerolls": [view.six_rerolls],
        "passed": [view.passed >> p & 1 for p in range(players)],
        "order_groups": groups,
        "order_rolls": rolls,
        "order_rerolls": [view.order_rerolls],
    }


def fields(enc: fei.FenceEncoding, tensor: list[int]) -> dict[str, list[int]]:
    """``tensor`` cut into the layout's fields."""
    names = [name for name, _ in enc.planes.fields]
    ends = [enc.planes.offset(name) for name in names[1:]] + [enc.planes.size]
    return {
        name: tensor[enc.planes.offset(name) : end] for name, end in zip(names, ends, strict=True)
    }


@settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(playouts(fei.GAME, RULES), st.randoms(use_true_random=False))
def test_observation_is_the_view_field_by_field(playout: Playout, rng: random.Random) -> None:
    """In game order (the board is redrawn from the last one), in random order
    (drawn afresh) and from a new encoding: always the reference, field by field."""
    enc = fei.encoding(playout.rules)
    states = list(playout.states)
    order = [*states, *rng.sample(states, min(len(states), 60))]
    for state in order:
        seat = (
            state.to_move if isinstance(state.to_move, int) else rng.randrange(state.rules.players)
        )
        view = fei.observe(state, seat)
        tensor = fei.observation_tensor(view)
        assert len(tensor) == enc.planes.size and all(type(v) is int for v in tensor)
        assert fields(enc, tensor) == reference_observation(view)
        assert tensor == fei.FenceEncoding(playout.rules).observation(view)
        assert tensor == fei.GAME.observation_tensor(state, seat)
        assert array.array("h", enc.observation_bytes(view)).tolist() == tensor


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(playouts(fei.GAME, RULES), playouts(fei.GAME, RULES), st.randoms(use_true_random=False))
def test_observation_bytes_is_the_observation_packed(
    a: Playout, b: Playout, rng: random.Random
) -> None:
    """The quick path (packed pieces kept from the last call, the board redrawn where a
    place or a take changed it) against the reference list, for every seat: in game
    order, with two games interleaved (each encoding's memos then see a position of
    the other game, or of other Rules, in between), and in random order."""
    states = [*a.states, *b.states]
    interleaved = [s for pair in itertools.zip_longest(a.states, b.states) for s in pair if s]
    shuffled = rng.sample(states, min(len(states), 80))
    for state in [*states, *interleaved, *shuffled]:
        enc = fei.encoding(state.rules)
        for seat in range(state.rules.players):
            view = fei.observe(state, seat)
            packed = enc.observation_bytes(view)
            assert type(packed) is bytes and len(packed) == 2 * enc.planes.size
            assert array.array("h", packed).tolist() == enc.observation(view)


def test_observation_does_not_change_what_it_returned_before() -> None:
    """The kept board is copied before it is drawn on: an earlier tensor stays as it was."""
    rules = fei.Rules(players=2)
    rng = random.Random(5)
    state = fei.new_game(rules)
    seen: list[tuple[list[int], list[int]]] = []
    while state.to_move is not None:
        tensor = fei.GAME.observation_tensor(state, 0)
        seen.append((tensor, list(tensor)))
        legal = fei.legal_moves(state)
        state = fei.apply_move(state, legal[rng.randrange(len(legal))])
    assert all(a == b for a, b in seen)


# -- facts ----------------------------------------------------------------------------------


# check_game holds every game with an encoding to its numbers and facts, so
# test_fence_em_in_contract.py's test_check_game covers 2, 3 and 4 players.


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_check_game_holds_the_numbers_and_facts_of_variants(name: str) -> None:
    check_game(fei.GAME, VARIANTS[name], playouts=2, seed=name)


def test_check_game_on_the_largest_board() -> None:
    rules = fei.Rules(
        players=4,
        board_size=40,
        start_cells=((5, 5), (34, 5), (5, 34), (34, 34)),
        rounds=3,
        column_slots=10,
        bag=fei.Bag(**dict.fromkeys(fei.KINDS, 100)),
    )
    check_game(fei.GAME, rules, playouts=1, seed=40)


def longest_game(rules: fei.Rules) -> tuple[int, int, int]:
    """A game played to be as long as it can: every choice face re-rolled and
    landing on the choice face again, every order die tied, every fertilizer
    use taken (re-rolls first: they land on the choice face, one more decision),
    never ``done``. Returns the decisions, chance nodes and the highest score seen."""
    state = fei.new_game(rules)
    decisions = chance = best = 0
    prefer = (fei.RerollSix, fei.Reroll, fei.Refresh, fei.Adjust, fei.MoveToken)
    while state.to_move is not None:
        legal = fei.legal_moves(state)
        if state.to_move is CHANCE:
            chance += 1
            wanted: Any = None
            if state.phase is fei.Phase.REROLL:
                wanted = fei.Roll((6,))
            elif state.phase is fei.Phase.ROLL:
                wanted = fei.Roll((6, 6, 6))
            elif state.phase is fei.Phase.ORDER:
                wanted = fei.Roll((state.rolls[0] if state.rolls else 1,))
            move = wanted if wanted in legal else legal[0]
        else:
            decisions += 1
            ranked = sorted(
                legal, key=lambda m: next((i for i, t in enumerate(prefer) if type(m) is t), 9)
            )
            move = ranked[0]
        state = fei.apply_move(state, move)
        best = max(best, *fei.scores(state))
    return decisions, chance, best


@pytest.mark.parametrize(
    "rules",
    [
        fei.Rules(
            players=players,
            rounds=3,
            order_reroll_limit=20,
            fertilizer=fei.FertilizerRules(
                uses_per_turn=uses, reroll=0, adjust=0, move=0, refresh=0, six_rerolls_per_turn=20
            ),
        )
        for players, uses in [(2, 10), (4, 3)]
    ],
    ids=["2 players, 10 uses", "4 players, 3 uses"],
)
def test_the_longest_game_stays_within_the_bounds(rules: fei.Rules) -> None:
    facts = fei.encoding(rules).facts
    decisions, chance, best = longest_game(rules)
    assert decisions <= facts.max_decisions
    assert chance <= facts.max_chance_nodes
    assert best <= facts.max_score
    # It misses one ``done`` a turn and nothing else: the bound is close.
    assert decisions == facts.max_decisions - rules.players * rules.rounds


def test_equal_rules_share_one_encoding() -> None:
    a, b = fei.Rules(players=3), fei.Rules(players=3, rounds=10)
    assert a is not b and a == b
    assert fei.encoding(a) is fei.encoding(b) is b.encoding
    assert fei.GAME.encoding_of(b) is fei.encoding(a)
    assert fei.encoding(fei.Rules(players=3, rounds=9)) is not fei.encoding(a)


def test_facts() -> None:
    facts = fei.encoding(fei.Rules(players=3)).facts
    assert (facts.min_players, facts.max_players, facts.players) == (2, 4, 3)
    assert facts.chance and not facts.hidden_information and not facts.simultaneous
    assert not facts.cooperative and facts.min_score == 0
    assert facts.max_chance_outcomes == 56  # the round's roll
    assert facts.max_legal_moves <= facts.num_actions
    assert fei.action_space_size(fei.Rules(players=3)) == facts.num_actions
    assert facts.max_game_length == facts.max_decisions + facts.max_chance_nodes


def test_bounds_at_the_field_limits_are_numbers() -> None:
    """The largest Rules the field bounds allow still has a finite, modest encoding."""
    rules = fei.Rules(
        players=4,
        board_size=40,
        start_cells=((0, 0), (39, 0), (0, 39), (39, 39)),
        rounds=50,
        column_slots=10,
        order_die_faces=100,
        order_reroll_limit=20,
        bag=fei.Bag(**dict.fromkeys(fei.KINDS, 100)),
        fertilizer=fei.FertilizerRules(
            uses_per_turn=10, six_rerolls_per_turn=20, six_reroll_gain=10
        ),
    )
    facts = fei.encoding(rules).facts
    assert facts.num_actions == (5 * 40 - 10) ** 2 + 1 + 5 + 5 + 8 + 1 + 160 + 1 + 1 + 8 + 32 + 8
    assert facts.num_chance_outcomes == 8 + 40 + 56 + 100
    assert facts.max_chance_outcomes == 100
    assert facts.max_decisions == 50 * (4 * (20 + 20 + 4) + 3)
    # Setup, then each round (roll, order, turns), then the refills of rounds 1-49.
    assert facts.max_chance_nodes == (1 + 2 + 50) + 50 * (1 + 4 * 21 + 4 * (20 + 500)) + 49 * 50
    assert facts.max_legal_moves == fei.actions.max_places(rules) < facts.num_actions


# -- the docs ---------------------------------------------------------------------------------


def test_docs_print_the_generated_tables() -> None:
    text = DOCS.read_text("utf-8")
    enc = fei.encoding(fei.Rules(players=2))
    assert enc.actions.table() in text
    assert enc.chance.table() in text
    assert enc.planes.table() in text
    assert sizes_table() in text
    assert facts_table() in text


def sizes_table() -> str:
    lines = [
        "| players | board | actions | chance outcomes | observation |",
        "|---|---|---|---|---|",
    ]
    for n in (2, 3, 4):
        rules = fei.Rules(players=n)
        f = fei.encoding(rules).facts
        lines.append(
            f"| {n} | {rules.board_size} x {rules.board_size} | {f.num_actions} "
            f"| {f.num_chance_outcomes} | {f.observation_shape[0]} |"
        )
    return "\n".join(lines)


def facts_table() -> str:
    lines = [
        "| players | max decisions | max chance nodes | max legal moves | max chance outcomes | score |",
        "|---|---|---|---|---|---|",
    ]
    for n in (2, 3, 4):
        f = fei.encoding(fei.Rules(players=n)).facts
        lines.append(
            f"| {n} | {f.max_decisions} | {f.max_chance_nodes} | {f.max_legal_moves} "
            f"| {f.max_chance_outcomes} | {f.min_score}-{f.max_score} |"
        )
    return "\n".join(lines)

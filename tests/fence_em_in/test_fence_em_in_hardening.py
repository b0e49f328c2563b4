"""Bad input of every kind gets a typed, helpful error (issue 12's examples, and their classes).

Rules are checked on one path however they are made (constructor,
``attrs.evolve``, ``from_data``, ``from_toml``); move texts and move objects
that are no move of the game are refused with ``MoveSyntaxError`` /
``IllegalMoveError``; a seat not at the table is a ``SeatError``; messages
never echo a huge input whole.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from fence_em_in_helpers import play, start

import acreage
from acreage import IllegalMoveError, MoveSyntaxError, RulesError, SeatError
from acreage import fence_em_in as fei
from acreage.core.chance import sample
from acreage.fence_em_in.placement import legal_places, place_ok
from acreage.fence_em_in.scoring import why_not_accepted

# -- Rules: one validation path -----------------------------------------------------


def _toml(value: Any) -> str:
    """``value`` as a TOML literal (the few kinds these tests write)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)


def _made(how: str, fields: dict[str, Any], tmp_path: Path) -> fei.Rules:
    """Rules made from ``fields`` the way ``how`` says."""
    if how == "constructor":
        return fei.Rules(**fields)
    if how == "evolve":
        return attrs.evolve(fei.Rules(players=2), **fields)
    if how == "from_data":
        return fei.Rules.from_data(fields)
    path = tmp_path / "rules.toml"
    path.write_text("".join(f"{k} = {_toml(v)}\n" for k, v in fields.items()), encoding="utf-8")
    return fei.Rules.from_toml(path)


HOW = ["constructor", "evolve", "from_data", "from_toml"]


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": "2"}, "players: expected an integer, got '2'"),
        ({"players": 2.0}, "players: expected an integer, got 2.0"),
        ({"players": True}, "players: expected an integer, got True"),
        ({"players": [2]}, r"players: expected an integer, got \[2\]"),
        ({"players": 7}, "players: expected 2 to 4, got 7"),
        ({"players": 2, "support_cards_drawn": 1.5}, "support_cards_drawn: expected an integer"),
        ({"players": 2, "column_slots": 1.5}, "column_slots: expected an integer, got 1.5"),
        ({"players": 2, "column_slots": 2.5}, "column_slots: expected an integer, got 2.5"),
        ({"reserved_start_cells": []}, r"reserved_start_cells: expected true or false, got \[\]"),
        ({"reserved_start_cells": "no"}, "reserved_start_cells: expected true or false, got 'no'"),
        ({"board_size": 16.0}, "board_size: expected an integer, got 16.0"),
        ({"board_size": 10**9}, "board_size: expected 5 to 40, got 1000000000"),
        ({"order_die_faces": 10**9}, "order_die_faces: expected 2 to 100, got 1000000000"),
        ({"bord_size": 12}, "unknown field 'bord_size'; did you mean 'board_size'"),
        ({"rounds": 10, "round": 3}, "unknown field 'round'; did you mean 'rounds'"),
    ],
)
def test_bad_rules_fields_on_every_path(
    how: str, fields: dict[str, Any], message: str, tmp_path: Path
) -> None:
    with pytest.raises(RulesError, match=message):
        _made(how, fields, tmp_path)


@pytest.mark.parametrize("how", ["constructor", "evolve", "from_data"])
def test_bag_must_be_a_bag(how: str, tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="bag: expected a Bag or a table of its fields, got 0"):
        _made(how, {"players": 2, "bag": 0}, tmp_path)


@pytest.mark.parametrize("how", HOW)
def test_start_cells_as_lists_are_stored_as_tuples(how: str, tmp_path: Path) -> None:
    rules = _made(how, {"players": 2, "start_cells": [[4, 4], [11, 11]]}, tmp_path)
    assert rules.start_cells == ((4, 4), (11, 11))
    assert type(rules.start_cells) is tuple and type(rules.start_cells[0]) is tuple
    assert rules == fei.Rules(players=2) and hash(rules) == hash(fei.Rules(players=2))
    state = fei.new_game(rules)
    assert acreage.play(fei.GAME, rules, seed=3).state.phase is fei.Phase.END
    assert fei.legal_moves(state)


def test_start_cells_of_pairs_given_as_a_list() -> None:
    rules = fei.Rules(players=2, start_cells=[(4, 4), (11, 11)])  # type: ignore[arg-type]
    assert rules.start_cells == ((4, 4), (11, 11))
    fei.new_game(rules)


def test_a_float_board_is_refused_in_a_fresh_process() -> None:
    """``board_size=16.0`` equals 16, so it once borrowed the cached tables of
    the int board in a warm process and crashed only in a fresh one."""
    code = (
        "from acreage import fence_em_in as fei, RulesError\n"
        "try:\n"
        "    fei.Rules(players=2, board_size=16.0)\n"
        "except RulesError as e:\n"
        "    print('RulesError', e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "RulesError board_size: expected an integer, got 16.0"


@pytest.mark.parametrize(
    "fields",
    [{"board_size": 10**9}, {"order_die_faces": 10**9}, {"rounds": 10**9}, {"column_slots": 10**9}],
)
def test_huge_values_are_refused_at_once(fields: dict[str, int]) -> None:
    began = time.perf_counter()
    with pytest.raises(RulesError, match=r"expected \d+ to \d+, got 1000000000"):
        fei.Rules(players=2, **fields)
    assert time.perf_counter() - began < 1.0


def test_huge_component_counts_are_refused() -> None:
    with pytest.raises(RulesError, match=r"^bag\.cow: expected 0 to 100, got 1000000000"):
        fei.Rules.from_data({"bag": {"cow": 10**9}})
    with pytest.raises(RulesError, match=r"Placement.points: expected at most 20 items"):
        fei.Placement(points=(1,) * 10**5)


def test_non_utf8_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes("title = 'Fl\u00e4che'\n".encode("latin-1"))
    with pytest.raises(RulesError, match="not UTF-8 text"):
        fei.Rules.from_toml(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[[farm_board]]\nname = 'x'\ntitle = 'X'\npoints = [1]\n",
            r"farm_board\[0\]: missing field 'rule'",
        ),
        (
            "[[support_cards]]\nname = 'pigs'\nkind = 'cow'\npoints = 3\n",
            r"support_cards\[0\]: missing field 'more_than'",
        ),
        ("[[enclosure_cards]]\nsize = 'small'\n", r"enclosure_cards\[0\]: missing field 'name'"),
        ("[placement]\ncow = { points = [1] }\n", "placement: missing field 'sheep'"),
        ("[fertilizer]\nmove_to_ful_column = true\n", "did you mean 'move_to_full_column'"),
    ],
)
def test_missing_and_misspelt_component_keys(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "parts.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError, match=message):
        fei.Rules.from_toml(path)


def test_names_that_would_not_fit_a_move_text_are_refused() -> None:
    long = "x" * 41
    with pytest.raises(RulesError, match="expected a single word of at most 40 characters"):
        fei.Rules.from_data({"enclosure_cards": [{"name": long, "size": "small"}]})
    with pytest.raises(RulesError, match=r"got 'x x'"):
        fei.Category("x x", "X", "any", (1,))


def test_the_largest_rules_stay_within_a_few_times_a_real_game() -> None:
    """Every bound at once: new_game and seeded playouts still finish, in a few
    thousand moves (a real 4-player game is about 300)."""
    big = fei.Rules(
        players=4,
        board_size=40,
        start_cells=((4, 4), (35, 4), (35, 35), (4, 35)),
        bag=fei.Bag(**dict.fromkeys(fei.KINDS, 100)),
        column_slots=10,
        rounds=50,
        order_die_faces=100,
        fertilizer=fei.FertilizerRules(uses_per_turn=10, reroll=0, adjust=0, move=0, refresh=0),
    )
    result = acreage.play(fei.GAME, big, seed=1)
    assert result.state.phase is fei.Phase.END
    assert len(result.record.moves) < 20_000


# -- move texts ----------------------------------------------------------------------

STATE = start(2)


@pytest.mark.parametrize(
    "text", [None, b"pass", 3, 2.5, ["pass"], "x" * 100_000, "place " + "1" * 300]
)
def test_parse_move_refuses_what_is_no_text(text: object) -> None:
    with pytest.raises(MoveSyntaxError) as info:
        fei.parse_move(STATE, text)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300


def test_syntax_errors_do_not_echo_long_text() -> None:
    junk = "place " + "9" * 190
    with pytest.raises(MoveSyntaxError, match="no move of Fence Em In") as info:
        fei.parse_move(STATE, junk)
    assert len(str(info.value)) < 200
    with pytest.raises(MoveSyntaxError):
        fei.parse_move(STATE, "roll \u0663")  # a digit, but not one the move prints


@pytest.mark.parametrize(
    ("move", "hint"),
    [
        ("roll 1 2 3", r"not the text 'roll 1 2 3': read a text with parse_move"),
        ("x" * 100_000, "read a text with parse_move"),
        (None, "expects a move object of Fence Em In .* not NoneType None"),
        (3, "not int 3"),
        (fei.GAME, "not Game"),
    ],
)
def test_apply_move_wants_a_move_object(move: object, hint: str) -> None:
    with pytest.raises(IllegalMoveError, match=hint) as info:
        fei.apply_move(STATE, move)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300


class Name(str):
    """A str subclass: equal to the name, but no move parse_move makes."""


def _twins(move: fei.Move) -> Iterator[fei.Move]:
    """Moves equal (or nearly) to ``move`` with a field of another type:
    ``True`` for 1, ``3.0`` for 3, a str subclass for a name, a list for a tuple."""
    for field in attrs.fields(type(move)):
        if not field.eq:  # no part of the move (a place's action number)
            continue
        value = getattr(move, field.name)
        if type(value) is int:
            yield attrs.evolve(move, **{field.name: float(value)})
            if value in (0, 1):
                yield attrs.evolve(move, **{field.name: bool(value)})
        elif type(value) is str:
            yield attrs.evolve(move, **{field.name: Name(value)})
        elif type(value) is tuple:
            yield attrs.evolve(move, **{field.name: list(value)})
            yield attrs.evolve(move, **{field.name: tuple(float(v) for v in value)})
            if 1 in value:
                yield attrs.evolve(move, **{field.name: tuple(v == 1 or v for v in value)})


GARBAGE: tuple[object, ...] = (None, [], {}, -1, 10**30, "x" * 100_000, 2.5, ("a", "b"))


def _states() -> Iterator[fei.State]:
    """Every state of two seeded games with cheap fertilizer, so every kind of move is met."""
    rules = fei.Rules(
        players=2, fertilizer=fei.FertilizerRules(reroll=1, adjust=1, move=1, refresh=1)
    )
    for seed in range(2):
        rng = random.Random(f"twins/{seed}")
        state = fei.new_game(rules)
        while True:
            yield state
            if fei.is_terminal(state):
                break
            if state.to_move is acreage.CHANCE:
                move = sample(fei.chance_outcomes(state), rng)
            else:
                legal = fei.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = fei.apply_move(state, move)


def _refused(state: fei.State, move: object) -> None:
    with pytest.raises(IllegalMoveError) as info:
        fei.apply_move(state, move)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300, str(info.value)[:300]


def test_moves_with_fields_of_another_type_are_never_legal() -> None:
    """A hand-built move equal to a legal one but for a field's type (``True == 1``)
    would print a text that does not parse back: refused, never applied."""
    kinds: set[type] = set()
    for state in _states():
        for move in fei.legal_moves(state):
            kinds.add(type(move))
            for twin in _twins(move):
                _refused(state, twin)
    assert len(kinds) == 15  # every kind of move was met


@pytest.mark.parametrize(
    "cls",
    [
        fei.Reveal,
        fei.Draw,
        fei.Roll,
        fei.SetSix,
        fei.Reroll,
        fei.Adjust,
        fei.MoveToken,
        fei.Place,
        fei.Take,
        fei.Put,
        fei.Discard,
    ],
)
def test_moves_with_garbage_fields_are_illegal(cls: Callable[..., fei.Move]) -> None:
    hints = typing.get_type_hints(cls)
    plain = {int: 1, str: "cow", tuple[int, ...]: (1, 2, 3)}
    # The move's parts (a place's action number is none: it is not a move's content).
    parts = [f for f in attrs.fields(cls) if f.eq]  # type: ignore[arg-type]
    good = [plain[hints[f.name]] for f in parts]
    samples = [s for i, s in enumerate(_states()) if i % 7 == 0]
    for junk in GARBAGE:
        for i in range(len(good)):
            move = cls(*good[:i], junk, *good[i + 1 :])
            for state in samples:
                _refused(state, move)


def test_unsorted_dice_built_by_hand_are_refused() -> None:
    """``Roll((4, 3, 2))`` prints ``roll 4 3 2``, which parses as ``Roll((2, 3, 4))``."""
    assert fei.parse_move(STATE, "roll 4 3 2") == fei.Roll((2, 3, 4))
    with pytest.raises(IllegalMoveError, match="three dice, each 1-6, in sorted order"):
        fei.apply_move(STATE, fei.Roll((4, 3, 2)))


def test_unknown_names_say_so() -> None:
    rolled = play(start(2), "roll 2 3 1", "place 3,3 2x3", "take chicken")
    with pytest.raises(IllegalMoveError, match=r"the farm board has no category 'x{10}"):
        fei.apply_move(rolled, fei.Put("chicken", "x" * 100_000))
    with pytest.raises(IllegalMoveError, match="the token in hand is a chicken"):
        fei.apply_move(rolled, fei.Put("pig", "same"))
    fresh = fei.new_game(fei.Rules(players=2))
    with pytest.raises(IllegalMoveError, match="these rules have no mission card 'pigs'"):
        fei.apply_move(fresh, fei.Reveal("pigs"))


# -- seats ---------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 7, None, True, "0", 1.0])
def test_observe_refuses_seats_not_at_the_table(seat: object) -> None:
    with pytest.raises(SeatError):
        fei.observe(STATE, seat)  # type: ignore[arg-type]
    assert fei.observe(STATE, 1).player == 1


@pytest.mark.parametrize("seat", [-1, 2, True])
def test_placement_helpers_refuse_seats_not_at_the_table(seat: object) -> None:
    tables = STATE.rules.tables
    with pytest.raises(SeatError):
        legal_places(tables, seat, 0, 0, (2, 3, 4), STATE.columns)  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        place_ok(tables, seat, 0, 0, fei.Place(3, 3, 2, 3))  # type: ignore[arg-type]


def test_game_bundle_checks_seats() -> None:
    with pytest.raises(SeatError, match="seat 2 is not at this 2-player table"):
        fei.GAME.check_seat(STATE, 2)


# -- messages that name the rule that applies ------------------------------------


def test_reveal_hay_in_a_two_player_game_names_the_player_count_rule() -> None:
    """ "Do not use the planted hay Support card in a 2 player game": the refusal
    says so, before or after the enclosure card is out."""
    state = fei.new_game(fei.Rules(players=2))
    move = fei.parse_move(state, "reveal hay")
    message = "the hay card is used only with 3 or more players, not in a 2-player game"
    with pytest.raises(IllegalMoveError, match=message):
        fei.apply_move(state, move)
    state = play(state, "reveal small-enclosures")
    with pytest.raises(IllegalMoveError, match=message):
        fei.apply_move(state, move)


def test_put_barn_in_alternating_names_the_animal_and_crop_rule() -> None:
    board = ("chicken", "sheep", "cow", "barn", "grain", "chicken", "sheep", "cow", "corn", "grain")
    state = play(start(2, board=board), "roll 2 3 4", "place 3,3 2x3", "take barn")
    with pytest.raises(
        IllegalMoveError,
        match=r"alternating \(Alternating animal and crop\) takes animals and crops only, "
        r"never a barn",
    ):
        fei.apply_move(state, fei.parse_move(state, "put barn in alternating"))
    with pytest.raises(IllegalMoveError, match=r"granaries \(Buildings: granaries\) never takes"):
        fei.apply_move(state, fei.parse_move(state, "put barn in granaries"))


def test_each_category_rule_is_named_when_it_refuses() -> None:
    rules = fei.Rules(players=2)
    at = [c.name for c in rules.farm_board].index
    assert why_not_accepted(rules, at("same"), ("corn",), "cow") == (
        "same (All of the same type) holds corn: every token in it is the same type"
    )
    assert why_not_accepted(rules, at("different"), ("corn", "cow"), "cow") == (
        "different (None of the same type) holds a cow already: no two tokens in it are "
        "the same type"
    )
    assert why_not_accepted(rules, at("alternating"), ("cow", "corn"), "grain") == (
        "alternating (Alternating animal and crop): an animal must follow the corn, "
        "and a grain is a crop"
    )
    assert why_not_accepted(rules, at("leftovers"), ("cow",) * 4, "cow") == (
        "leftovers (The leftovers) is full: its 4 slots hold cow cow cow cow"
    )
    assert why_not_accepted(rules, at("barns"), (), "cow") == (
        "barns (Buildings: barns) never takes a cow (it takes barn)"
    )

"""The rulebook's Appendix: Example of Play, replayed move by move.

Setup and the first three rounds of a 2-player game between Alice (seat 0)
and Bob (seat 1), with the appendix's dice, draws, choices and results. The
appendix leaves the mission cards, the board positions and the refill after
round 3 open; the test picks them. The farm-board category the appendix calls
"Buildings" is the barns row (see docs/rulings/fence-em-in.md).
"""

from __future__ import annotations

import pytest

from acreage import CHANCE, IllegalMoveError
from acreage import fence_em_in as fei

ALICE, BOB = 0, 1


def play(state: fei.State, text: str) -> fei.State:
    """Apply the move written ``text``, checking it is one of the legal moves."""
    move = fei.parse_move(state, text)
    assert move in fei.legal_moves(state), f"{text!r} is not legal in phase {state.phase}"
    return fei.apply_move(state, move)


def play_all(state: fei.State, *texts: str) -> fei.State:
    for text in texts:
        state = play(state, text)
    return state


def rows(state: fei.State, seat: int) -> dict[str, tuple[str, ...]]:
    return {
        cat.name: row
        for cat, row in zip(state.rules.farm_board, state.farms[seat].rows, strict=True)
        if row
    }


@pytest.fixture(scope="module")
def after_setup() -> fei.State:
    state = fei.new_game(fei.Rules(players=2))
    state = play_all(state, "reveal small-enclosures", "reveal cows", "reveal grain")
    # "filling from left to right and top to bottom": the first row, then the second.
    state = play_all(
        state,
        "draw chicken to column 1",
        "draw sheep to column 2",
        "draw cow to column 3",
        "draw chicken to column 4",
        "draw sheep to column 5",
        "draw corn to column 1",
        "draw grain to column 2",
        "draw corn to column 3",
        "draw barn to column 4",
        "draw granary to column 5",
    )
    assert state.columns == (
        ("chicken", "corn"),
        ("sheep", "grain"),
        ("cow", "corn"),
        ("chicken", "barn"),
        ("sheep", "granary"),
    )
    # "Alice rolls 2 and Bob rolls 4, so Alice goes first."
    return play_all(state, "roll 2", "roll 4")


@pytest.fixture(scope="module")
def after_round_1(after_setup: fei.State) -> fei.State:
    state = after_setup
    assert state.order == (ALICE, BOB)
    state = play(state, "roll 4 2 3")
    assert state.dice == (2, 3, 4)
    # Alice: a 4 x 2 enclosure covering her starting cell (4, 4); the 3 names column 3.
    assert state.to_move == ALICE and state.phase is fei.Phase.PLACE
    state = play_all(state, "place 3,4 4x2", "take cow")
    assert state.farms[ALICE].points == 3  # her first cow
    state = play(state, "put cow in alternating")
    # Bob: a 2 x 3 enclosure covering his starting cell (11, 11); the 4 names column 4.
    state = play_all(state, "place 11,10 2x3", "take barn")
    assert (state.farms[BOB].points, state.farms[BOB].fertilizer) == (2, 2)
    state = play(state, "put barn in barns")
    # "Only those two slots are refilled from the bag, with a grain in column 3
    # and a corn in column 4. The other tokens stay."
    assert state.to_move is CHANCE and state.phase is fei.Phase.REFILL
    return play_all(state, "draw grain to column 3", "draw corn to column 4")


@pytest.fixture(scope="module")
def after_round_2(after_round_1: fei.State) -> fei.State:
    state = after_round_1
    # "Score: Alice 3, Bob 2. Bob has the fewest points, so he goes first in round 2."
    assert fei.scores(state) == (3, 2)
    assert state.order == (BOB, ALICE) and state.round == 2
    state = play(state, "roll 3 1 5")
    # Bob holds 2 fertilizer, so he may use it first; he does not.
    assert state.to_move == BOB and state.phase is fei.Phase.FERTILIZE
    state = play_all(state, "done", "place 8,11 3x1", "take sheep")
    # His first sheep: 1 point, and the barn gives 1 fertilizer.
    assert (state.farms[BOB].points, state.farms[BOB].fertilizer) == (3, 3)
    state = play(state, "put sheep in different")
    # Alice: a 3 x 5 enclosure touching her first; the 1 names column 1.
    state = play_all(state, "place 3,6 3x5", "take corn")
    assert (state.farms[ALICE].points, state.farms[ALICE].fertilizer) == (5, 1)
    state = play(state, "put corn in alternating")
    # "a cow is drawn into column 5 and a sheep into column 1"
    return play_all(state, "draw sheep to column 1", "draw cow to column 5")


@pytest.fixture(scope="module")
def after_round_3(after_round_2: fei.State) -> fei.State:
    state = after_round_2
    assert fei.scores(state) == (5, 3)
    assert state.order == (BOB, ALICE) and state.round == 3
    state = play(state, "roll 4 3 3")
    # "He spends 2 fertilizer to re-roll one of the 3s and gets a 2."
    state = play(state, "reroll 3")
    assert state.to_move is CHANCE and state.farms[BOB].fertilizer == 1
    state = play(state, "roll 2")
    assert state.dice == (2, 3, 4)
    # 1 fertilizer buys nothing more, so Bob goes straight to his enclosure.
    assert state.to_move == BOB and state.phase is fei.Phase.PLACE
    state = play_all(state, "place 10,7 4x3", "take sheep")
    # Second sheep: 2 points; the pair gives 1 fertilizer and the barn 1 more.
    assert (state.farms[BOB].points, state.farms[BOB].fertilizer) == (5, 3)
    with pytest.raises(IllegalMoveError, match="different"):
        fei.apply_move(state, fei.parse_move(state, "put sheep in different"))
    state = play(state, "put sheep in alternating")
    # Alice uses the same dice as Bob left them: 3 x 2, and the 4 names column 4.
    assert state.to_move == ALICE and state.dice == (2, 3, 4)
    return play_all(state, "place 3,2 3x2", "take chicken", "put chicken in alternating")


def test_setup_order(after_setup: fei.State) -> None:
    assert after_setup.order == (ALICE, BOB)
    assert after_setup.round == 1 and after_setup.phase is fei.Phase.ROLL


def test_round_1_board(after_round_1: fei.State) -> None:
    assert after_round_1.columns == (
        ("chicken", "corn"),
        ("sheep", "grain"),
        ("corn", "grain"),
        ("chicken", "corn"),
        ("sheep", "granary"),
    )
    assert rows(after_round_1, ALICE) == {"alternating": ("cow",)}
    assert rows(after_round_1, BOB) == {"barns": ("barn",)}


def test_round_2_board(after_round_2: fei.State) -> None:
    alice, bob = after_round_2.farms
    assert [e.size for e in alice.enclosures] == [8, 15]
    assert [e.size for e in bob.enclosures] == [6, 3]
    assert after_round_2.columns[0] == ("sheep", "chicken")
    assert after_round_2.columns[4] == ("cow", "granary")


def test_round_3_scores_fertilizer_and_farm_boards(after_round_3: fei.State) -> None:
    state = after_round_3
    # "Alice has 6 points and Bob has 5 points, and both have 3 fertilizer."
    assert fei.scores(state) == (6, 5)
    assert (state.farms[ALICE].fertilizer, state.farms[BOB].fertilizer) == (3, 3)
    assert rows(state, ALICE) == {"alternating": ("cow", "corn", "chicken")}
    assert rows(state, BOB) == {
        "different": ("sheep",),
        "alternating": ("sheep",),
        "barns": ("barn",),
    }
    alice, bob = state.farms
    assert [(e.size, e.kind) for e in alice.enclosures] == [
        (8, "cow"),
        (15, "corn"),
        (6, "chicken"),
    ]
    assert [(e.size, e.kind) for e in bob.enclosures] == [(6, "barn"), (3, "sheep"), (12, "sheep")]


def test_bob_goes_first_in_round_4(after_round_3: fei.State) -> None:
    state = play_all(after_round_3, "draw hay to column 2", "draw grain to column 4")
    assert state.round == 4 and state.order == (BOB, ALICE)
    assert state.phase is fei.Phase.ROLL

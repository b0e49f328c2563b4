"""The round: dice and the choice face, fertilizer, enclosures, tokens, the end of a round."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from fence_em_in_helpers import play, start, texts

from acreage import CHANCE, IllegalMoveError
from acreage import fence_em_in as fei


def illegal(state: fei.State, text: str, reason: str) -> None:
    """``text`` parses but the rules forbid it, saying ``reason``."""
    move = fei.parse_move(state, text)
    assert move not in fei.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=reason):
        fei.apply_move(state, move)


def rich(state: fei.State, fertilizer: int, dice: tuple[int, int, int] = (2, 3, 4)) -> fei.State:
    """Roll three choice faces and re-roll sixes until the first player holds
    ``fertilizer``, then set the dice to ``dice``."""
    state = play(state, "roll 6 6 6")
    for _ in range(fertilizer):
        state = play(state, "take fertilizer and reroll six", "roll 6")
    return play(state, *(f"set six to {v}" for v in dice))


# -- the dice ------------------------------------------------------------------------


def test_round_roll_is_three_dice_with_a_choice_face() -> None:
    state = start(2)
    outcomes = fei.chance_outcomes(state)
    assert len(outcomes) == 56  # multisets of three six-sided dice
    probabilities = {str(m): p for m, p in outcomes}
    assert probabilities["roll 1 2 3"] == Fraction(6, 216)
    assert probabilities["roll 2 2 5"] == Fraction(3, 216)
    assert probabilities["roll 6 6 6"] == Fraction(1, 216)


def test_choice_face_reroll_takes_fertilizer_and_repeats_on_six() -> None:
    state = play(start(2), "roll 6 2 4")
    assert state.to_move == 0 and state.phase is fei.Phase.SIX
    assert texts(state) == ["take fertilizer and reroll six"] + [
        f"set six to {v}" for v in range(1, 6)
    ]
    state = play(state, "take fertilizer and reroll six")
    assert state.to_move is CHANCE and state.dice == (2, 4)
    assert state.farms[0].fertilizer == 1
    assert [(str(m), p) for m, p in fei.chance_outcomes(state)] == [
        (f"roll {v}", Fraction(1, 6)) for v in range(1, 7)
    ]
    # "If the player chooses the re-roll and it lands on a six again do the choice above again."
    state = play(state, "roll 6")
    assert state.phase is fei.Phase.SIX and state.to_move == 0
    state = play(state, "take fertilizer and reroll six", "roll 3")
    assert state.dice == (2, 3, 4) and state.farms[0].fertilizer == 2


def test_choice_face_set_and_two_sixes() -> None:
    state = play(start(2), "roll 6 6 1", "set six to 2")
    assert state.phase is fei.Phase.SIX and state.dice == (1, 2, 6)
    state = play(state, "set six to 5")
    assert state.dice == (1, 2, 5)
    assert state.to_move == 0 and state.phase is fei.Phase.PLACE
    illegal(state, "set six to 3", "not now")


# -- fertilizer ----------------------------------------------------------------------


def test_fertilizer_uses_offered_by_cost() -> None:
    state = rich(start(2), 2)
    assert state.phase is fei.Phase.FERTILIZE and state.farms[0].fertilizer == 2
    assert texts(state) == ["done", "reroll 2", "reroll 3", "reroll 4", "refresh assets"]
    illegal(state, "adjust 3 to 4", "costs 3 fertilizer and you have 2")
    illegal(state, "move cow from 3 to 1", "costs 3 fertilizer and you have 2")
    illegal(state, "reroll 5", "no die shows 5")


def test_reroll_costs_two_and_is_a_chance_node() -> None:
    state = play(rich(start(2), 2), "reroll 3")
    assert state.to_move is CHANCE and state.phase is fei.Phase.REROLL
    assert state.farms[0].fertilizer == 0 and state.dice == (2, 4)
    state = play(state, "roll 5")
    assert state.dice == (2, 4, 5) and state.uses == 1
    assert state.phase is fei.Phase.PLACE  # nothing left to pay with


def test_choice_face_from_a_fertilizer_reroll() -> None:
    """A bought re-roll showing the choice face is resolved by the roller, as the first player does."""
    state = play(rich(start(2), 2), "reroll 2", "roll 6")
    assert state.phase is fei.Phase.SIX and state.to_move == 0
    state = play(state, "take fertilizer and reroll six", "roll 1")
    assert state.dice == (1, 3, 4) and state.farms[0].fertilizer == 1


def test_choice_face_reroll_is_not_a_fertilizer_use() -> None:
    """Ruling 9: taking fertilizer and re-rolling a choice face spends no
    fertilizer, so it is not one of the two uses, at the round's roll or after a
    bought re-roll."""
    state = rich(start(2), 4)  # four choice-face re-rolls at the round's roll
    assert state.uses == 0 and state.phase is fei.Phase.FERTILIZE
    state = play(state, "reroll 2", "roll 6")
    assert state.uses == 1 and state.phase is fei.Phase.SIX
    state = play(state, "take fertilizer and reroll six", "roll 6")
    state = play(state, "take fertilizer and reroll six", "roll 1")
    assert state.uses == 1 and state.farms[0].fertilizer == 4
    assert state.phase is fei.Phase.FERTILIZE  # the second use is still to come
    state = play(state, "reroll 1", "roll 5")
    assert state.uses == 2 and state.phase is fei.Phase.PLACE


def test_choice_face_rerolls_stop_at_the_turns_limit() -> None:
    """Ruling 22: a choice face is re-rolled at most ``six_rerolls_per_turn``
    times a turn, after that it is set; the count starts again next turn."""
    rules = fei.Rules(players=2, fertilizer=fei.FertilizerRules(six_rerolls_per_turn=2))
    state = play(start(rules=rules), "roll 2 6 6", "take fertilizer and reroll six", "roll 6")
    state = play(state, "take fertilizer and reroll six", "roll 6")
    assert state.six_rerolls == 2 and state.phase is fei.Phase.SIX
    assert texts(state) == [f"set six to {v}" for v in range(1, 6)]
    illegal(state, "take fertilizer and reroll six", "at most 2 times a turn: set it to 1-5")
    state = play(state, "set six to 3", "set six to 4", "done")
    state = play(state, "place 3,3 2x3", "take corn", "put corn in same")
    assert state.to_move == 1 and state.six_rerolls == 0


def test_no_choice_face_rerolls_at_all() -> None:
    rules = fei.Rules(players=2, fertilizer=fei.FertilizerRules(six_rerolls_per_turn=0))
    state = play(start(rules=rules), "roll 1 2 6")
    assert texts(state) == [f"set six to {v}" for v in range(1, 6)]


def test_adjust_and_the_two_use_limit() -> None:
    state = rich(start(2), 9)
    state = play(state, "adjust 2 to 1")
    assert state.dice == (1, 3, 4) and state.farms[0].fertilizer == 6
    illegal(state, "adjust 3 to 5", "one up or down")
    assert state.phase is fei.Phase.FERTILIZE and state.uses == 1
    state = play(state, "adjust 4 to 5")
    assert state.dice == (1, 3, 5) and state.farms[0].fertilizer == 3
    # "They can use fertilizer up to two times per turn."
    assert state.phase is fei.Phase.PLACE and state.uses == 2


def test_a_token_moves_only_to_a_free_slot() -> None:
    """Ruling 6: a full column takes no moved token, so at the start of a round
    (the board just refilled) there is nothing to move a token to."""
    rules = fei.Rules(players=2, fertilizer=fei.FertilizerRules(move=0))
    state = play(start(rules=rules), "roll 2 3 4")
    # Moving is free, yet player 0 goes straight to building: every column is full.
    assert state.phase is fei.Phase.PLACE and state.uses == 0
    state = play(state, "place 3,3 2x3", "take corn", "put corn in same")
    # Player 0 took a corn from column 4: its slot is the only free one.
    assert state.to_move == 1 and state.phase is fei.Phase.FERTILIZE
    assert [t for t in texts(state) if t.startswith("move ")] == [
        "move chicken from 1 to 4",
        "move sheep from 2 to 4",
        "move cow from 3 to 4",
        "move grain from 5 to 4",
    ]
    illegal(state, "move cow from 3 to 1", r"column 1 is full \(2 of 2 slots\)")
    state = play(state, "move cow from 3 to 4")
    assert state.columns[2] == ("cow",) and state.columns[3] == ("cow", "corn")
    assert [t for t in texts(state) if t.startswith("move ")] == [
        "move chicken from 1 to 3",
        "move sheep from 2 to 3",
        "move cow from 4 to 3",
        "move corn from 4 to 3",
        "move grain from 5 to 3",
    ]


def test_a_moved_token_can_leave_a_column_above_its_slots_as_an_option() -> None:
    rules = fei.Rules(players=2, fertilizer=fei.FertilizerRules(move_to_full_column=True))
    state = rich(start(rules=rules), 9)
    state = play(state, "adjust 2 to 1", "move chicken from 1 to 3")
    assert state.columns[0] == ("chicken",)
    assert state.columns[2] == ("cow", "cow", "chicken")
    assert state.farms[0].fertilizer == 3 and state.phase is fei.Phase.PLACE
    state = play(rich(start(rules=rules), 9), "move chicken from 1 to 3", "done")
    state = play(state, "place 3,3 2x3", "take corn", "put corn in same")
    state = play(state, "place 11,11 2x3", "take corn", "put corn in same")
    # The refill tops up the columns below their slots, leftmost of the fewest first.
    assert [len(c) for c in state.columns] == [1, 2, 3, 0, 2]
    state = play(state, "draw hay to column 4", "draw barn to column 1", "draw hay to column 4")
    assert [len(c) for c in state.columns] == [2, 2, 3, 2, 2]
    assert state.phase is fei.Phase.ORDER  # the refill is over; 2 points each, so a roll-off


def test_dice_changes_stay_for_the_later_players() -> None:
    state = play(rich(start(2), 3), "adjust 4 to 5", "place 3,3 2x3", "take grain")
    state = play(state, "put grain in same")
    assert state.to_move == 1 and state.uses == 0
    assert state.dice == (2, 3, 5)


def test_refresh_returns_the_board_to_the_bag_and_refills() -> None:
    state = rich(start(2), 2)
    bag = sum(state.bag)
    state = play(state, "refresh assets")
    assert state.to_move is CHANCE and state.phase is fei.Phase.REFRESH
    assert state.columns == ((),) * 5 and sum(state.bag) == bag + 10
    assert fei.chance_outcomes(state)[0][1] == Fraction(4, 38)  # the cows are back in
    for kind in ["hay"] * 2 + ["sheep"] * 7 + ["barn"]:
        state = play(state, next(t for t in texts(state) if t.startswith(f"draw {kind} ")))
    assert state.columns[0] == ("sheep", "hay")
    assert state.to_move == 0 and state.phase is fei.Phase.PLACE and state.uses == 1


# -- enclosures ----------------------------------------------------------------------


def test_first_enclosure_covers_the_starting_cell() -> None:
    state = play(start(2), "roll 2 3 4")
    places = [m for m in fei.legal_moves(state) if isinstance(m, fei.Place)]
    # Every reading of the dice as width x height, at every spot covering (4, 4).
    assert len(places) == 2 * (2 * 3 + 2 * 4 + 3 * 4)
    assert all(m.x <= 4 < m.x + m.width and m.y <= 4 < m.y + m.height for m in places)
    illegal(state, "place 0,0 2x3", "your first enclosure must cover your starting cell")
    illegal(state, "place 2,2 5x5", "width and height must be two of the dice 2 3 4")
    illegal(state, "place 15,15 2x3", "must lie fully on the board")


def test_later_enclosures_share_an_edge_never_overlap() -> None:
    near = fei.Rules(players=2, start_cells=((3, 3), (8, 8)))  # close enough to meet
    state = play(start(rules=near), "roll 2 3 4", "place 3,3 4x2", "take cow", "put cow in same")
    state = play(state, "place 8,8 2x3", "take corn", "put corn in same")
    state = play(state, "draw hay to column 3", "draw barn to column 4")
    state = play(state, "roll 1 2 3")  # player 1 (2 points) before player 0 (3 points)
    assert state.to_move == 1
    state = play(state, "place 7,8 1x2", "take hay", "put hay in different")
    assert state.to_move == 0
    # Player 0's enclosure covers x 3-6, y 3-4.
    illegal(state, "place 7,5 1x2", "must share a cell edge")  # only a corner meets
    illegal(state, "place 6,4 2x1", "must not overlap")
    illegal(state, "place 7,7 1x2", "must not overlap")  # player 1's new enclosure
    assert fei.Place(7, 3, 1, 2) in fei.legal_moves(state)
    assert fei.Place(3, 5, 2, 1) in fei.legal_moves(state)
    assert all(
        m.x + m.width >= 3 and m.y + m.height >= 3 and m.x <= 7 and m.y <= 5
        for m in fei.legal_moves(state)
        if isinstance(m, fei.Place)
    )


def test_starting_cells_are_reserved() -> None:
    rules = fei.Rules(players=2, start_cells=((3, 3), (5, 3)))
    state = play(start(rules=rules), "roll 2 3 4")
    illegal(state, "place 3,3 3x2", "another player's starting cell")
    open_rules = attrs.evolve(rules, reserved_start_cells=False)
    state = play(start(rules=open_rules), "roll 2 3 4", "place 3,3 3x2")
    assert state.phase is fei.Phase.TAKE


def test_third_die_needs_a_token_in_its_column() -> None:
    rules = fei.Rules(players=2, column_slots=1, bag=fei.Bag(chicken=6, sheep=6, cow=4))
    state = start(rules=rules, board=["chicken", "sheep", "cow", "chicken", "sheep"])
    state = play(state, "roll 2 3 4", "place 3,3 3x4", "take sheep", "put sheep in same")
    assert state.columns[1] == ()
    # Player 1 cannot read the dice as 3 x 4 or 4 x 3: the 2 names an empty column.
    assert {(m.width, m.height) for m in fei.legal_moves(state)} == {(2, 3), (3, 2), (2, 4), (4, 2)}
    illegal(state, "place 11,11 3x4", "column 2 holds no token")


def test_pass_when_nothing_fits_and_everyone_passing_ends_the_game() -> None:
    rules = fei.Rules(players=2, board_size=5, start_cells=((0, 0), (4, 4)))
    state = start(rules=rules)
    state = play(state, "roll 5 5 5")
    assert texts(state) == ["pass"]
    state = play(state, "pass")
    assert state.to_move == 1 and state.passed == 0b01
    state = play(state, "pass")
    # "All players pass in the same round": the game ends, no refill.
    assert state.phase is fei.Phase.END and state.to_move is None
    assert fei.winners(state) == (0, 1)


def test_pass_is_illegal_while_an_enclosure_fits() -> None:
    state = play(start(2), "roll 2 3 4")
    illegal(state, "pass", "only when no dice give a legal enclosure and a token")


# -- tokens --------------------------------------------------------------------------


def test_take_from_the_third_die_column() -> None:
    state = play(start(2), "roll 2 3 4", "place 2,3 3x2")
    assert state.phase is fei.Phase.TAKE
    assert texts(state) == ["take corn"]  # the 4 names column 4
    illegal(state, "take cow", r"column 4 \(the third die\) holds no cow")
    state = play(state, "take corn")
    assert state.columns[3] == ("corn",)
    assert state.farms[0].enclosures[-1] == fei.Enclosure(2, 3, 3, 2, "corn")
    assert state.token == "corn" and state.phase is fei.Phase.FARM
    assert texts(state) == [
        "put corn in same",
        "put corn in different",
        "put corn in alternating",
        "put corn in leftovers",
    ]
    illegal(state, "put corn in barns", r"barns \(Buildings: barns\) never takes a corn")
    illegal(state, "put cow in same", "the token in hand is a corn")
    illegal(state, "discard corn", "discarded only when no category")


def test_discard_when_no_category_takes_the_token() -> None:
    board = (fei.Category("barns", "Buildings: barns", "any", (1, 2), kinds=("barn",)),)
    rules = fei.Rules(players=2, farm_board=board)
    state = play(start(rules=rules), "roll 2 3 1", "place 3,3 2x3", "take chicken")
    assert texts(state) == ["discard chicken"]
    state = play(state, "discard chicken")
    farm = state.farms[0]
    # The miniature stays and keeps its points.
    assert farm.discards == ("chicken",) and farm.points == 1 and farm.fertilizer == 2
    assert farm.enclosures[0].kind == "chicken"


# -- the end of a round --------------------------------------------------------------


def test_refill_only_the_picked_slots_then_fewest_points_first() -> None:
    state = play(start(2), "roll 2 3 4", "place 3,3 2x3", "take corn", "put corn in same")
    state = play(state, "place 11,11 3x4", "take sheep", "put sheep in same")
    assert state.phase is fei.Phase.REFILL
    assert str(fei.chance_outcomes(state)[0][0]) == "draw cow to column 2"
    state = play(state, "draw hay to column 2")
    assert texts(state)[0] == "draw cow to column 4"
    state = play(state, "draw grain to column 4")
    assert state.columns == (
        ("chicken", "chicken"),
        ("sheep", "hay"),
        ("cow", "cow"),
        ("corn", "grain"),
        ("grain", "grain"),
    )
    # Player 1 has 1 point, player 0 has 2.
    assert state.order == (1, 0) and state.round == 2 and state.phase is fei.Phase.ROLL


def test_tied_points_roll_for_the_order() -> None:
    state = play(start(2), "roll 2 3 4", "place 3,3 2x3", "take corn", "put corn in same")
    state = play(state, "place 11,11 2x3", "take corn", "put corn in same")
    state = play(state, "draw hay to column 4", "draw hay to column 4")
    assert state.phase is fei.Phase.ORDER and state.groups == ((0, 1),)
    state = play(state, "roll 5", "roll 2")
    assert state.order == (1, 0) and state.phase is fei.Phase.ROLL


def test_last_round_ends_without_a_refill() -> None:
    state = start(rules=fei.Rules(players=2, rounds=1))
    state = play(state, "roll 2 3 4", "place 3,3 2x3", "take corn", "put corn in same")
    state = play(state, "place 11,11 2x3", "take corn", "put corn in same")
    assert state.phase is fei.Phase.END and state.round == 1
    assert fei.legal_moves(state) == ()
    illegal(state, "roll 1 2 3", "the game is over")


def test_bag_running_out_ends_the_game() -> None:
    rules = fei.Rules(players=2, bag=fei.Bag(chicken=6, sheep=5))
    state = start(rules=rules, board=["chicken", "sheep"] * 5)
    state = play(state, "roll 2 3 4", "place 3,3 2x3", "take sheep", "put sheep in same")
    state = play(state, "place 11,11 2x3", "take chicken", "put chicken in same")
    assert sum(state.bag) == 1 and state.phase is fei.Phase.REFILL
    state = play(state, "draw chicken to column 4")
    assert state.phase is fei.Phase.END and sum(state.bag) == 0
    assert state.columns[3] == ("chicken",)


# -- moves the legal list never offers ----------------------------------------------


def test_moves_built_by_hand_are_checked_too() -> None:
    state = rich(start(2), 9)
    with pytest.raises(IllegalMoveError, match="one column 1-5 to another"):
        fei.apply_move(state, fei.MoveToken("cow", 3, 3))
    with pytest.raises(IllegalMoveError, match="column 2 holds no cow"):
        fei.apply_move(state, fei.MoveToken("cow", 2, 3))
    six = play(start(2), "roll 1 2 6")
    with pytest.raises(IllegalMoveError, match="set to a value from 1 to 5"):
        fei.apply_move(six, fei.SetSix(6))
    state = play(start(2), "roll 2 3 1", "place 3,3 2x3", "take chicken")
    with pytest.raises(IllegalMoveError, match="no category 'nowhere'"):
        fei.apply_move(state, fei.Put("chicken", "nowhere"))
    with pytest.raises(IllegalMoveError, match="the token in hand is a chicken"):
        fei.apply_move(state, fei.Discard("cow"))


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        (fei.Place(3, 3, 7, 2), "width and height must be two of the dice 2 3 4"),
        (fei.Place(3, 3, -2, 3), "width and height must be two of the dice 2 3 4"),
        (fei.Place(3, 3, 0, 3), "width and height must be two of the dice 2 3 4"),
        (fei.Place(3, -1, 2, 3), "must lie fully on the board"),
        (fei.Place(-1, 3, 2, 3), "must lie fully on the board"),
    ],
)
def test_enclosures_built_by_hand_are_checked(move: fei.Place, reason: str) -> None:
    state = play(start(2), "roll 2 3 4")
    with pytest.raises(IllegalMoveError, match=reason):
        fei.apply_move(state, move)


def test_draws_built_by_hand_are_checked() -> None:
    state = fei.new_game(fei.Rules(players=2))
    state = play(state, "reveal small-enclosures", "reveal cows", "reveal grain")
    with pytest.raises(IllegalMoveError, match="no token of Fence Em In is a pig"):
        fei.apply_move(state, fei.Draw("pig", 1))


def test_a_third_fertilizer_use_is_refused_by_name() -> None:
    state = play(rich(start(2), 9), "adjust 2 to 1", "adjust 1 to 2")
    assert state.phase is fei.Phase.PLACE and state.farms[0].fertilizer == 3
    illegal(state, "reroll 3", "at most 2 times per turn")


def test_refresh_needs_tokens_somewhere() -> None:
    state = rich(start(2), 2)
    emptied = attrs.evolve(state, columns=((),) * 5, bag=(0,) * 8)
    assert "refresh assets" not in texts(emptied)
    with pytest.raises(IllegalMoveError, match="the assets board and the bag are empty"):
        fei.apply_move(emptied, fei.Refresh())

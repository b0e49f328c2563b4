"""Rules: the rulebook's numbers as defaults, the reference data, validation, data files."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from acreage import RulesError
from acreage import fence_em_in as fei


@pytest.mark.parametrize(
    ("players", "tokens", "size", "slots", "threshold"),
    [(2, 38, 16, 2, 10), (3, 50, 19, 3, 7), (4, 62, 21, 4, 5)],
)
def test_defaults_per_player_count(
    players: int, tokens: int, size: int, slots: int, threshold: int
) -> None:
    rules = fei.Rules(players=players)
    assert sum(rules.bag.counts()) == tokens
    assert rules.board_size == size
    assert rules.column_slots == slots  # "2 each on 1-5", "3 each", "4 each"
    assert rules.enclosure_threshold == threshold
    assert len(rules.start_cells) == players
    assert rules.rounds == 10


def test_bags_match_the_rulebook() -> None:
    three = fei.Rules(players=3).bag
    assert three == fei.Bag(cow=4, sheep=8, chicken=10, corn=8, grain=8, hay=8, barn=2, granary=2)
    four = fei.Rules(players=4).bag
    assert four == fei.Bag(cow=5, sheep=10, chicken=13, corn=9, grain=10, hay=9, barn=3, granary=3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_reference_boards_leave_room_for_ten_rounds(players: int) -> None:
    """The bag holds tokens for ten rounds in which everyone places ("you place
    10 tokens"), so a reference board must not fill up long before: seeded random
    games nearly all play ten rounds, and passing stays rare. (On 12 x 12 / 14 x
    14 / 16 x 16 boards most random games ended early with everyone passing.)"""
    import acreage

    rules = fei.Rules(players=players)
    full = passes = turns = 0
    for seed in range(20):
        result = acreage.play(fei.GAME, rules, seed=f"room/{seed}")
        moves = result.record.moves
        full += result.state.round == rules.rounds
        passes += moves.count("pass")
        turns += sum(1 for m in moves if m.startswith("place ") or m == "pass")
    assert full >= 16
    assert passes < 0.08 * turns


def test_two_player_bag_ruling() -> None:
    """The printed 2-player list sums to 36, says 38, has no corn and 7 hay; the
    ruling reads its hay line as 7 corn and 2 hay (see the rulings doc)."""
    bag = fei.Rules(players=2).bag
    assert bag == fei.Bag(cow=4, sheep=7, chicken=9, corn=7, grain=7, hay=2, barn=1, granary=1)
    assert sum(bag.counts()) == 38


def test_two_player_bag_without_hay_is_an_option() -> None:
    """The strong other reading of the printed list: its hay line is corn and there
    is no hay at all (which alone explains the hay card's 2-player ban); it keeps
    every printed count but the total (36, not 38)."""
    # cow, sheep, chicken, corn, grain, hay, barn, granary
    assert fei.NO_HAY_BAG.counts() == (4, 7, 9, 7, 7, 0, 1, 1)
    assert sum(fei.NO_HAY_BAG.counts()) == 36
    rules = fei.Rules(players=2, bag=fei.NO_HAY_BAG)
    assert fei.Rules.from_data(rules.to_data()) == rules
    import acreage

    for seed in range(3):
        result = acreage.play(fei.GAME, rules, seed=seed)
        assert "hay" not in " ".join(result.record.moves)
        assert result.state.phase is fei.Phase.END


def test_placement_table_defaults() -> None:
    table = fei.Rules().placement
    assert table.cow.points == (3, 3, 4, 5, 7)
    assert table.sheep == fei.Placement(points=(1, 2, 3), pair_fertilizer=1)
    assert table.chicken == fei.Placement(points=(1, 1, 2, 2, 3), fertilizer=2)
    assert table.grain == fei.Placement(points=(2,))
    assert table.corn == fei.Placement(points=(2, 2, 2, 3), fertilizer=1)
    assert table.hay == fei.Placement(points=(1,), pair_fertilizer=1, animal_bonus=(1, 2, 3))
    assert table.barn == fei.Placement(points=(2,), fertilizer=2)
    assert table.granary == fei.Placement(points=(1,), fertilizer=1)


def test_farm_board_has_23_slots_in_six_rows() -> None:
    board = fei.Rules().farm_board
    assert [c.name for c in board] == [
        "same",
        "different",
        "alternating",
        "leftovers",
        "barns",
        "granaries",
    ]
    assert [c.points for c in board[:4]] == [(1, 3, 6, 8), (1, 2, 4, 7), (1, 3, 5, 7), (1, 2, 3, 4)]
    assert sum(len(c.points) for c in board) == 23
    assert all(len(c.points) <= 4 for c in board)


def test_mission_cards() -> None:
    rules = fei.Rules(players=2)
    assert [(c.name, c.size) for c in rules.enclosure_cards] == [
        ("small-enclosures", "small"),
        ("large-enclosures", "large"),
    ]
    support = {c.kind: (c.more_than, c.points) for c in rules.support_cards}
    assert support == {
        "cow": (12, 5),
        "sheep": (12, 5),
        "chicken": (12, 5),
        "corn": (16, 8),
        "grain": (16, 8),
        "hay": (16, 8),
    }
    # "do not use this card in a 2 player game"
    assert "hay" not in [c.name for c in rules.usable_support_cards]
    assert "hay" in [c.name for c in fei.Rules(players=3).usable_support_cards]


def test_fertilizer_defaults() -> None:
    fert = fei.Rules().fertilizer
    assert (fert.uses_per_turn, fert.reroll, fert.six_reroll_gain, fert.per_point) == (2, 2, 1, 3)
    assert (fert.adjust, fert.move, fert.refresh) == (3, 3, 2)


def test_granary_bonus_ruling() -> None:
    assert fei.Rules().granary_bonus == fei.Bonus(points=1, kinds=("grain",))
    assert fei.Rules().barn_bonus == fei.Bonus(fertilizer=1, kinds=("cow", "sheep", "chicken"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_to_data_round_trip(players: int) -> None:
    rules = fei.Rules(players=players)
    assert rules.to_data() == {"players": players}
    assert fei.Rules.from_data(rules.to_data()) == rules
    changed = attrs.evolve(rules, rounds=6, reserved_start_cells=False)
    assert changed.to_data() == {"players": players, "rounds": 6, "reserved_start_cells": False}
    assert fei.Rules.from_data(changed.to_data()) == changed
    assert hash(fei.Rules.from_data(changed.to_data())) == hash(changed)


def test_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "variant.toml"
    path.write_text(
        "players = 3\nboard_size = 18\n"
        "start_cells = [[2, 2], [15, 2], [8, 15]]\n"
        "[fertilizer]\nadjust = 1\n",
        encoding="utf-8",
    )
    rules = fei.Rules.from_toml(path)
    assert rules.board_size == 18 and rules.fertilizer.adjust == 1
    assert rules.fertilizer.reroll == 2  # a partial table keeps the field's own defaults
    assert rules.bag == fei.Rules(players=3).bag


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": 5}, "players: expected 2 to 4, got 5"),
        ({"players": 1}, "players: expected 2 to 4, got 1"),
        ({"board_size": 4}, "board_size: expected 5 to 40, got 4"),
        ({"start_cells": ((3, 3),)}, "start_cells: expected 2 cells"),
        ({"start_cells": ((3, 3), (3, 3))}, "start_cells: two players share"),
        ({"start_cells": ((3, 3), (16, 3))}, r"start_cells\[1\]: \(16, 3\) is not on"),
        ({"start_cells": ((3, 3), (-1, 3))}, r"start_cells: expected 0 to 39, got -1"),
        ({"column_slots": 0}, "column_slots: expected 1 to 10, got 0"),
        ({"rounds": 0}, "rounds: expected 1 to 50, got 0"),
        ({"enclosure_threshold": 0}, "enclosure_threshold: expected 1 to 100, got 0"),
        ({"farm_board": ()}, "farm_board: expected at least one category"),
        ({"support_cards_drawn": 6}, "support_cards: only 5 usable with 2 players"),
        ({"support_cards_drawn": -1}, "support_cards_drawn: expected 0 to 30, got -1"),
        ({"enclosure_cards": ()}, "enclosure_cards: expected at least one card"),
        ({"order_die_faces": 1}, "order_die_faces: expected 2 to 100, got 1"),
        ({"tie_break": "coins"}, "tie_break: expected one of 'categories', 'score-track'"),
    ],
)
def test_bad_rules_name_the_field(fields: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        fei.Rules(**fields)  # type: ignore[arg-type]


def test_bad_components_name_the_field() -> None:
    """A component is checked when it is made, so the message names its class."""
    with pytest.raises(RulesError, match=r"Bag\.cow: expected 0 to 100, got -1"):
        fei.Bag(cow=-1, chicken=20)
    with pytest.raises(RulesError, match="bag: holds 9 tokens, fewer than the 10"):
        fei.Rules(bag=fei.Bag(cow=9))
    with pytest.raises(RulesError, match=r"Bonus.kinds\[0\]: expected one of 'cow', "):
        fei.Bonus(points=1, kinds=("wheat",))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Bonus.kinds\[1\]: 'grain' is listed twice"):
        fei.Bonus(points=1, kinds=("grain", "grain"))
    with pytest.raises(RulesError, match=r"FertilizerRules\.per_point: expected 1 to 100, got 0"):
        fei.FertilizerRules(per_point=0)
    with pytest.raises(RulesError, match=r"FertilizerRules\.adjust: expected 0 to 100, got -1"):
        fei.FertilizerRules(adjust=-1)


def test_bad_placement_and_categories() -> None:
    with pytest.raises(RulesError, match=r"Placement.points: expected at least one number"):
        fei.Placement(points=())
    with pytest.raises(RulesError, match=r"Placement.animal_bonus: expected 0 to 100, got -1"):
        fei.Placement(points=(1,), animal_bonus=(-1,))
    board = fei.Rules().farm_board
    twice = (*board, board[0])
    with pytest.raises(RulesError, match=r"farm_board\[6\].name: 'same' names two categories"):
        fei.Rules(farm_board=twice)
    with pytest.raises(RulesError, match=r"Category.kinds\[0\]: expected one of 'cow', "):
        fei.Category("odd", "Odd", "any", (1,), kinds=("pig",))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Category.rule: expected one of 'same', "):
        fei.Category("odd", "Odd", "odd", (1,))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"Category.name: expected a single word of at most 40"):
        fei.Category("two words", "Odd", "any", (1,))
    with pytest.raises(RulesError, match=r"Category.points: expected at most 10 items, got 11"):
        fei.Category("long", "Long", "any", (1,) * 11)
    with pytest.raises(RulesError, match=r"EnclosureCard.size: expected one of 'small', 'large'"):
        fei.EnclosureCard("medium", "medium")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"EnclosureCard.name: expected a single word"):
        fei.EnclosureCard("x" * 41, "small")
    with pytest.raises(RulesError, match=r"SupportCard.more_than: expected 0 to 1600, got -1"):
        fei.SupportCard("cows", "cow", -1, 5)
    with pytest.raises(RulesError, match=r"SupportCard.kind: expected one of 'cow', "):
        fei.SupportCard("pigs", "pig", 3, 1)  # type: ignore[arg-type]
    cards = fei.Rules().support_cards
    with pytest.raises(RulesError, match=r"support_cards\[6\].name: 'cows' names two mission"):
        fei.Rules(support_cards=(*cards, cards[0]))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players = 'two'", "players: expected an integer, got 'two'"),
        ("players = 3\n[bag]\ncow = 'many'", "bag.cow: expected an integer"),
        ("board_size = 12\nshape = 'round'", "unknown field 'shape'"),
        ("[[farm_board]]\nname = 'x'\ntitle = 'X'\nrule = 'odd'\npoints = [1]", "farm_board"),
        ("[fertilizer]\nreroll = -2", "fertilizer.reroll: expected 0 to 100"),
        ("start_cells = [[1, 2, 3], [4, 5]]", r"start_cells\[0\]: expected a list of 2"),
        ("rounds = ", "not valid TOML"),
    ],
)
def test_broken_data_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError, match=message):
        fei.Rules.from_toml(path)


def test_missing_data_file(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read"):
        fei.Rules.from_toml(tmp_path / "nowhere.toml")


def test_reference_data_is_one_valid_rules_per_player_count() -> None:
    for players in (2, 3, 4):
        assert fei.Rules(players=players) == fei.Rules.from_data({"players": players})

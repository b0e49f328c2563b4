"""Positions of Fence Em In: data and text round trips, every validation, arrange.

The base position is the rulebook's appendix at the start of round 3: Bob
(seat 1) has rolled 4, 3 and 3 and may use his fertilizer; the test checks it
equals the state the appendix's moves reach, then breaks it one way at a time.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import RecordError
from acreage import fence_em_in as fei
from acreage.core.position import PositionError, position_of_view
from acreage.core.record import GameRecord, record_of, replay
from acreage.testing import check_state, playouts, positions

RULES = fei.Rules(players=2)

APPENDIX_MOVES = [
    "reveal small-enclosures",
    "reveal cows",
    "reveal grain",
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
    "roll 2",
    "roll 4",
    "roll 4 2 3",
    "place 3,4 4x2",
    "take cow",
    "put cow in alternating",
    "place 11,10 2x3",
    "take barn",
    "put barn in barns",
    "draw grain to column 3",
    "draw corn to column 4",
    "roll 3 1 5",
    "done",
    "place 8,11 3x1",
    "take sheep",
    "put sheep in different",
    "place 3,6 3x5",
    "take corn",
    "put corn in alternating",
    "draw sheep to column 1",
    "draw cow to column 5",
    "roll 4 3 3",
]

ROUND_3: dict[str, Any] = {
    "game": "fence-em-in",
    "format": 1,
    "round": 3,
    "phase": "fertilize",
    "to_move": 1,
    "order": [1, 0],
    "dice": [3, 3, 4],
    "cards": ["small-enclosures", "cows", "grain"],
    "columns": [
        ["sheep", "chicken"],
        ["sheep", "grain"],
        ["corn", "grain"],
        ["chicken", "corn"],
        ["cow", "granary"],
    ],
    "farms": [
        {
            "enclosures": [
                {"x": 3, "y": 4, "width": 4, "height": 2, "kind": "cow"},
                {"x": 3, "y": 6, "width": 3, "height": 5, "kind": "corn"},
            ],
            "fertilizer": 1,
            "rows": {"alternating": ["cow", "corn"]},
        },
        {
            "enclosures": [
                {"x": 11, "y": 10, "width": 2, "height": 3, "kind": "barn"},
                {"x": 8, "y": 11, "width": 3, "height": 1, "kind": "sheep"},
            ],
            "fertilizer": 3,
            "rows": {"different": ["sheep"], "barns": ["barn"]},
        },
    ],
}


def played(*texts: str, rules: fei.Rules = RULES) -> fei.State:
    state = fei.new_game(rules)
    for text in texts:
        state = fei.apply_move(state, fei.parse_move(state, text))
    return state


def changed(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with the value at ``path`` (``farms.1.fertilizer``) replaced,
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


def test_the_appendix_position_is_the_state_its_moves_reach() -> None:
    state = fei.from_position(RULES, ROUND_3)
    assert state == played(*APPENDIX_MOVES)
    # Derived, not given: the score track and the bag.
    assert fei.scores(state) == (5, 3)
    assert state.bag_size() == 38 - 10 - 4


def test_what_the_appendix_says_happens_next() -> None:
    # "He spends 2 fertilizer to re-roll one of the 3s and gets a 2."
    state = fei.from_position(RULES, ROUND_3)
    assert "reroll 3" in map(str, fei.legal_moves(state))
    for text in ("reroll 3", "roll 2", "place 10,7 4x3", "take sheep"):
        state = fei.apply_move(state, fei.parse_move(state, text))
    # "It is his second sheep, which scores 2 points ... 2 fertilizer in total."
    assert (state.farms[1].points, state.farms[1].fertilizer) == (5, 3)


# -- round trips ---------------------------------------------------------------------------

RULES_STRATEGY = st.sampled_from(
    [
        *(fei.Rules(players=n) for n in (2, 3, 4)),
        fei.Rules(players=2, bag=fei.NO_HAY_BAG),
        fei.Rules(
            players=3,
            fertilizer=fei.FertilizerRules(
                reroll=0, adjust=0, move=0, refresh=0, move_to_full_column=True
            ),
        ),
        fei.Rules(
            players=3,
            board_size=9,
            start_cells=((1, 1), (7, 1), (4, 7)),
            rounds=4,
            reserved_start_cells=False,
        ),
        fei.Rules(players=4, order_die_faces=2, support_cards_drawn=0, order_reroll_limit=3),
    ]
)
SLOW = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SLOW
@given(playouts(fei.GAME, RULES_STRATEGY))
def test_every_state_of_a_game_round_trips_as_data_and_as_text(playout: Any) -> None:
    rules = playout.rules
    for state in playout.states:
        data = json.loads(json.dumps(fei.to_position(state)))
        again = fei.from_position(rules, data)
        assert again == state
        assert fei.GAME.digest(again) == fei.GAME.digest(state)
        assert fei.parse_position(rules, fei.position_text(state)) == state


@SLOW
@given(positions(fei.GAME, RULES_STRATEGY))
def test_built_positions_are_valid_and_round_trip(state: fei.State) -> None:
    check_state(fei.GAME, state)
    assert fei.from_position(state.rules, fei.to_position(state)) == state
    assert fei.parse_position(state.rules, fei.position_text(state)) == state
    assert fei.legal_moves(state) or fei.is_terminal(state)


@SLOW
@given(positions(fei.GAME, fei.Rules(players=3), where=lambda s: s.phase is fei.Phase.TAKE))
def test_where_picks_positions_by_a_rule_precondition(state: fei.State) -> None:
    # In phase take the third die's column holds a token for the new enclosure.
    assert state.phase is fei.Phase.TAKE
    assert all(isinstance(m, fei.Take) for m in fei.legal_moves(state))


def test_build_position_with_only_zero_choices_is_the_simplest_position() -> None:
    state = fei.build_position(RULES, lambda n: 0)
    # Round 0, the first phase: no card revealed yet, exactly the new game.
    assert state == fei.new_game(RULES)


def test_text_form_reads_back_with_comments_and_blank_lines() -> None:
    state = fei.from_position(RULES, ROUND_3)
    text = fei.position_text(state)
    assert text.splitlines()[0] == "fence-em-in position 1"
    assert "farm 1 rows: different sheep / barns barn" in text
    noted = "# the appendix, round 3\n\n" + text.replace("round: 3", "round: 3\n# Bob first")
    assert fei.parse_position(RULES, noted) == state


def test_empty_starting_cells_are_marked_on_the_text_board() -> None:
    text = fei.position_text(fei.new_game(RULES))
    rows = text.splitlines()[1:17]
    assert rows[4].split()[4] == "*0" and rows[11].split()[11] == "*1"


# -- validation: each way a position cannot exist ------------------------------------------

INVALID = [
    # more tokens than the bag holds: the 2-player bag has 4 cows, 1 is in Alice's farm
    (
        "columns",
        [["cow", "cow"], ["cow", "cow"], [], [], []],
        r"columns: 5 cow tokens on the assets board \(4\) and in enclosures \(1\), but the "
        r"bag starts with 4",
    ),
    # an enclosure off the board
    ("farms.1.enclosures.1.x", 14, r"farms\[1\].enclosures\[1\]: a 3x1 enclosure at \(14, 11\)"),
    # overlapping enclosures
    (
        "farms.1.enclosures.1",
        {"x": 5, "y": 9, "width": 4, "height": 2, "kind": "sheep"},
        r"overlaps player 0's enclosure farms\[0\].enclosures\[1\] at \(5, 9\)",
    ),
    # a first enclosure away from the starting cell
    (
        "farms.0.enclosures.0",
        {"x": 0, "y": 0, "width": 2, "height": 2, "kind": "cow"},
        r"player 0's first enclosure must cover their starting cell \(4, 4\)",
    ),
    # an enclosure touching none of the farm's own
    (
        "farms.0.enclosures.1",
        {"x": 0, "y": 12, "width": 3, "height": 3, "kind": "corn"},
        "shares no cell edge with player 0's earlier enclosures",
    ),
    # a seat to move that does not exist
    ("to_move", 2, "to_move: seat 2 is not at this 2-player table"),
    ("order", [1, 2], r"order\[1\]: seat 2 is not at this 2-player table"),
    ("order", [1, 1], r"order\[1\]: seat 1 is listed twice"),
    ("order", [1], "order: player 0 is missing"),
    ("to_move", "chance", "a player decides in phase fertilize, not chance"),
    # a phase whose choice cannot be made
    ("phase", "six", "phase six decides for a die showing the choice face"),
    ({"phase": "reroll", "to_move": ..., "player": 1}, None, "dice: 3 dice, but two stay"),
    ({"phase": "reroll", "to_move": ..., "dice": [3, 4]}, None, "player: missing"),
    ({"phase": "refresh", "to_move": "chance", "player": 1}, None, "uses: phase refresh follows"),
    ("phase", "refresh", "to_move: 1, but in phase refresh chance moves next"),
    ("phase", "take", r"farms\[1\].enclosures\[1\].kind: a sheep, but in phase take"),
    ("phase", "farm", "token: missing: phase farm places the token in hand"),
    ("phase", "roll", "to_move: 1, but in phase roll chance moves next"),
    ("phase", "end", "to_move: 1, but in phase end the game is over"),
    ("dice", [3, 4, 6], "a die shows the choice face"),
    ("uses", 2, "uses: 2 of 2 fertilizer uses are spent"),
    ("token", "cow", "token: a token is in hand only in phase farm"),
    ("passed", [0], "passed: player 0 has not had their turn this round yet"),
    # scores inconsistent with what is derived: points are never given
    ("farms.1.points", 99, r"farms\[1\].points: derived, not given"),
    ("bag", [1, 2], "bag: derived, not given"),
    # fertilizer beyond what the farm can have taken
    ("farms.1.fertilizer", 99, "99 fertilizer, more than player 1 can have taken: 3 from"),
    # the farm board against the miniatures
    ("farms.1.rows.different", ["sheep", "cow"], "farm board.*hold 1 cow.*0 cow miniatures"),
    ("farms.1.rows.same", ["sheep"], "farm board.*hold 2 sheeps"),
    ("farms.0.rows.alternating", ["cow", "cow"], r"alternating\[1\]: .*a crop must follow"),
    ("farms.0.rows.samee", ["cow"], "did you mean 'same'"),
    # more enclosures than rounds played
    (
        {
            "farms.0.enclosures": [
                *ROUND_3["farms"][0]["enclosures"],
                {"x": 6, "y": 6, "width": 1, "height": 1, "kind": "cow"},
            ],
            "farms.0.rows.same": ["cow"],
        },
        None,
        "3 enclosures by round 3, and player 0 has not built in round 3 yet",
    ),
    # the mission cards
    ("cards", ["small-enclosures", "cows", "hay"], "hay card is used only with 3 or more"),
    ("cards", ["cows", "grain", "small-enclosures"], "the enclosure card is revealed first"),
    ("cards", ["small-enclosures", "cows", "cows"], "cows is revealed twice"),
    ("cards", ["small-enclosures", "cows"], "2 mission cards revealed, expected 3"),
    ("cards", ["small-enclosures", "cows", "grian"], "did you mean 'grain'"),
    # the round and the phase
    ("round", 0, "round 0 is setup; phase fertilize comes in a round"),
    ("round", 11, "round: expected 0 to 10, got 11"),
    ("round", 1, "2 enclosures by round 1"),
    # the order of play: the fewest points first
    (
        {"order": [0, 1], "phase": "roll", "to_move": ..., "dice": []},
        None,
        r"order: player 0 \(5 points\) plays before player 1 \(3 points\)",
    ),
    ({"to_move": 0, "order": [0, 1]}, None, "fertilizer: player 0 holds 1 fertilizer"),
    # malformed data: typed errors naming the path, never KeyError or TypeError
    ("round", "3", "round: expected an integer, got '3'"),
    ("round", True, "round: expected an integer, got True"),
    ("farms", {"0": {}}, "farms: expected a list"),
    ("farms.1.enclosures.0", ["x"], r"enclosures\[0\]: expected an object"),
    ("farms.1.enclosures.0.width", ..., r"enclosures\[0\].width: missing"),
    ("farms.1.ferilizer", 3, "did you mean 'fertilizer'"),
    ("phase", "plac", "did you mean 'place'"),
    ("columns", [[]] * 4, "columns: expected 5 items"),
    ("columns.0", ["cow", "cow", "cow"], r"columns\[0\]: 3 tokens, but a column has 2 slots"),
    ("game", "get-off-my-land", "game: 'get-off-my-land' is not this game"),
    ("format", 2, "format: position format 2 is not supported"),
    ("phase", ..., "phase: missing"),
]


@pytest.mark.parametrize(("path", "value", "message"), INVALID, ids=[i[2][:40] for i in INVALID])
def test_a_position_that_cannot_exist_is_refused_naming_what_is_wrong(
    path: str | dict[str, Any], value: Any, message: str
) -> None:
    edits = path if isinstance(path, dict) else {path: value}
    data = ROUND_3
    for where, new in edits.items():
        data = changed(data, where, new)
    with pytest.raises(PositionError, match=message):
        fei.from_position(RULES, data)


def test_an_enclosure_over_another_players_starting_cell_is_refused() -> None:
    rules = fei.Rules(players=2, board_size=8, start_cells=((2, 2), (4, 2)))
    data = {
        "phase": "place",
        "round": 2,
        "to_move": 1,
        "order": [0, 1],
        "dice": [1, 2, 3],
        "cards": ROUND_3["cards"],
        "columns": [["cow"], ["sheep"], ["corn"], ["grain"], ["hay"]],
        "farms": [
            {
                "enclosures": [{"x": 2, "y": 2, "width": 3, "height": 1, "kind": "cow"}],
                "rows": {"same": ["cow"]},
            },
            {},
        ],
    }
    with pytest.raises(
        PositionError,
        match=r"farms\[0\].enclosures\[0\]: covers player 1's starting cell \(4, 2\)",
    ):
        fei.from_position(rules, data)
    # Where starting cells are not reserved, it may.
    open_starts = fei.Rules(
        players=2, board_size=8, start_cells=((2, 2), (4, 2)), reserved_start_cells=False
    )
    assert fei.from_position(open_starts, data).farms[0].land


def test_the_error_carries_the_path() -> None:
    with pytest.raises(PositionError) as caught:
        fei.from_position(RULES, changed(ROUND_3, "farms.1.fertilizer", 99))
    assert caught.value.path == "farms[1].fertilizer"
    assert caught.value.reason.startswith("99 fertilizer")


def test_a_token_to_take_from_an_empty_column_is_refused() -> None:
    # Bob built 4 x 3 with the dice 2 3 4: the third die (2) names column 2, left empty.
    data = changed(ROUND_3, "dice", [2, 3, 4])
    data = changed(data, "phase", "take")
    data = changed(data, "columns.1", [])
    data = changed(
        data,
        "farms.1.enclosures",
        [*ROUND_3["farms"][1]["enclosures"], {"x": 10, "y": 7, "width": 4, "height": 3}],
    )
    with pytest.raises(PositionError, match=r"columns\[1\]: column 2, which the third die"):
        fei.from_position(RULES, data)
    state = fei.from_position(RULES, changed(data, "columns.1", ["sheep"]))
    assert [str(m) for m in fei.legal_moves(state)] == ["take sheep"]


def test_enclosures_the_dice_cannot_give_are_refused_in_take() -> None:
    data = changed(ROUND_3, "phase", "take")
    data = changed(
        data,
        "farms.1.enclosures",
        [*ROUND_3["farms"][1]["enclosures"], {"x": 10, "y": 7, "width": 5, "height": 3}],
    )
    with pytest.raises(PositionError, match="the dice 3 3 4 give no 5 and 3"):
        fei.from_position(RULES, data)


def test_fertilize_needs_fertilizer_that_buys_a_use() -> None:
    with pytest.raises(PositionError, match="holds 1 fertilizer, which buys no use now"):
        fei.from_position(RULES, changed(ROUND_3, "farms.1.fertilizer", 1))


def test_the_end_needs_a_reason() -> None:
    data = {**ROUND_3, "phase": "end", "to_move": None}
    with pytest.raises(PositionError, match="the game ends after round 10"):
        fei.from_position(RULES, data)
    over = fei.from_position(RULES, {**data, "round": 10})
    assert fei.is_terminal(over) and fei.winners(over)


def test_the_order_roll_needs_a_tie_in_points() -> None:
    data = {**ROUND_3, "phase": "order", "to_move": "chance", "round": 2}
    with pytest.raises(PositionError, match="player 0 is in no group"):
        fei.from_position(RULES, {**data, "groups": [[1]]})
    with pytest.raises(PositionError, match="no tie is left to roll for"):
        fei.from_position(RULES, {**data, "groups": [[1], [0]]})
    with pytest.raises(PositionError, match="are in one group, but a group is tied on points"):
        fei.from_position(RULES, {**data, "groups": [[0, 1]]})


def test_setup_positions() -> None:
    setup = {"phase": "fill", "cards": ROUND_3["cards"]}
    state = fei.from_position(RULES, {**setup, "columns": [["cow"], ["hay"], [], [], []]})
    assert fei.legal_moves(state)[0] == fei.Draw("cow", 3)
    with pytest.raises(PositionError, match="fills an empty board left to right"):
        fei.from_position(RULES, {**setup, "columns": [["cow"], [], ["hay"], [], []]})
    with pytest.raises(PositionError, match="no enclosure is built during setup"):
        fei.from_position(RULES, {**setup, "farms": ROUND_3["farms"]})
    with pytest.raises(PositionError, match="all 3 mission cards are revealed"):
        fei.from_position(RULES, {**setup, "phase": "cards"})


def test_garbage_is_refused_with_a_position_error() -> None:
    for data in (None, [], "fertilize", 3, {"phase": None}, {"phase": ["x"]}, {1: 2}):
        with pytest.raises(PositionError):
            fei.from_position(RULES, data)  # type: ignore[arg-type]
    with pytest.raises(PositionError, match=r"rules: expected fence_em_in\.Rules"):
        fei.from_position(None, ROUND_3)  # type: ignore[arg-type]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
PATHS = [
    "round",
    "phase",
    "to_move",
    "order",
    "dice",
    "columns",
    "columns.2",
    "cards",
    "farms",
    "farms.0",
    "farms.1.enclosures",
    "farms.1.enclosures.0",
    "farms.1.enclosures.1.kind",
    "farms.0.rows",
    "farms.0.rows.alternating",
    "farms.1.fertilizer",
    "groups",
    "passed",
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PATHS), JSON)
def test_any_value_anywhere_is_read_or_refused_with_a_position_error(path: str, value: Any) -> None:
    try:
        state = fei.from_position(RULES, changed(ROUND_3, path, value))
    except PositionError:
        return
    check_state(fei.GAME, state)


# -- text ------------------------------------------------------------------------------


def text_of(data: dict[str, Any]) -> str:
    return fei.position_text(fei.from_position(RULES, data))


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.replace("fence-em-in position 1", "fence-em-in position 2"),
            "line 1, column 22: position format '2'",
        ),
        (
            lambda t: t.replace("fence-em-in position 1", "chess 1"),
            "line 1, column 1: expected the header",
        ),
        (
            lambda t: t.replace(" 0a 0a 0a 0a ", " 0a 0a 0a ", 1),
            "line 6, column .*: a board row has 16 cells, this one 15",
        ),
        (
            lambda t: t.replace(" 1b 1b 1b", " 1c 1c 1c"),
            "line 13, column 25: player 1's enclosure c, but none is b",
        ),
        (
            lambda t: t.replace(" . 1a 1a", "1b 1a 1a", 1),
            "line 12, column 31: player 1's enclosure b is not a rectangle",
        ),
        (
            lambda t: t.replace(" 1b 1b 1b", " 1b 9b 1b"),
            "line 13, column 28: seat 9 is not at this 2-player table",
        ),
        (lambda t: t.replace(" 1b 1b 1b", " 1b ?? 1b"), "line 13, column 28: '\\?\\?' is no cell"),
        (
            lambda t: t.replace(" .  .  . 0b", "*1  .  . 0b", 1),
            "line 8, column 1: '\\*1': '\\*N' marks player N's empty starting cell, and \\(0, 6\\) is none",
        ),
        (
            lambda t: t.replace("dice: 3 3 4", "dice: 3 x 4"),
            "line 22, column 9: expected a number, got 'x'",
        ),
        (lambda t: t.replace("dice: 3 3 4", "dice: 3 3 / 4"), "line 22, column 11: unexpected '/'"),
        (
            lambda t: t.replace("round: 3", "round: 3 4"),
            "line 18, column 8: expected one word, got 2",
        ),
        (
            lambda t: t.replace("dice: 3 3 4", "dise: 3 3 4"),
            "line 22, column 1: unknown field 'dise' \\(did you mean 'dice'\\?\\)",
        ),
        (lambda t: t.replace("round: 3", "round 3"), "line 18, column 1: expected a field"),
        (
            lambda t: t.replace("round: 3", "round: 3\nround: 4"),
            "line 19, column 1: round is given twice",
        ),
        (
            lambda t: t.replace("farm 0: cow corn", "farm 0: cow"),
            "line 25, column 9: farm 0 lists 1 miniature, and the board shows 2 enclosures of player 0 \\(a, b\\)",
        ),
        (
            lambda t: "\n".join(t.splitlines()[:10]),
            "line 10, column 1: expected 16 board rows, found 9",
        ),
        (
            lambda t: t.replace("farm 1 fertilizer: 3", "farm 1 fertilizer: 99"),
            r"line 29, column 20: farms\[1\].fertilizer: 99 fertilizer",
        ),
        (
            lambda t: t.replace(
                "farm 0 rows: alternating cow corn", "farm 0 rows: alternating cow cow"
            ),
            r"line 27, column 14: farms\[0\].rows.alternating\[1\]: alternating .*a crop must follow the cow",
        ),
        (
            lambda t: t.replace("farm 0: cow corn", "farm 0: cow cron"),
            r"line 25, column 13: farms\[0\].enclosures\[1\].kind: 'cron' is not a kind of token \(did you mean 'corn'\?\)",
        ),
        (
            lambda t: t.replace("to-move: 1", "to-move: 4"),
            "line 20, column 10: to_move: seat 4 is not at this 2-player table",
        ),
        (lambda t: "", "an empty text"),
    ],
)
def test_malformed_text_names_its_line_and_column(edit: Any, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        fei.parse_position(RULES, edit(text_of(ROUND_3)))


def test_text_that_is_not_text_is_refused() -> None:
    for text in (None, b"fence-em-in position 1", "x" * 200_000):
        with pytest.raises(PositionError):
            fei.parse_position(RULES, text)  # type: ignore[arg-type]


# -- arrange, views, records -------------------------------------------------------------------


def test_arrange_changes_fields_and_recomputes_what_is_derived() -> None:
    state = fei.from_position(RULES, ROUND_3)
    # Give Bob's second enclosure a cow instead of a sheep: his points follow.
    farms = copy.deepcopy(ROUND_3["farms"])
    farms[1]["enclosures"][1]["kind"] = "cow"
    farms[1]["rows"] = {"different": ["cow"], "barns": ["barn"]}
    cow = fei.arrange(state, farms=farms, columns=[["sheep"], [], [], [], []])
    assert cow.farms[1].points == 2 + 3  # a barn, then a first cow
    assert cow.to_move == 1 and cow.phase is fei.Phase.FERTILIZE  # the turn carries over
    assert cow.bag[fei.KINDS.index("cow")] == 4 - 2
    # Whose turn it is carries over to another phase of the turn.
    placing = fei.arrange(state, phase="place")
    assert placing.to_move == 1 and fei.legal_moves(placing)


def test_arrange_refuses_what_cannot_exist() -> None:
    state = fei.from_position(RULES, ROUND_3)
    with pytest.raises(PositionError, match="seat 5 is not at this 2-player table"):
        fei.arrange(state, to_move=5)
    with pytest.raises(PositionError, match="unknown key 'dices'"):
        fei.arrange(state, dices=[1, 2, 3])


def test_a_view_gives_back_the_whole_state() -> None:
    state = fei.from_position(RULES, ROUND_3)
    view = fei.observe(state, 0)
    assert fei.from_view(view, random.Random(1)) == state
    assert position_of_view(fei.GAME, view, random.Random(1)) == fei.to_position(state)
    with pytest.raises(PositionError, match=r"expected a fence_em_in\.View"):
        fei.from_view(state, random.Random(1))  # type: ignore[arg-type]


def test_a_record_starts_from_a_position_and_replays_exactly() -> None:
    start = fei.from_position(RULES, ROUND_3)
    moves = ["reroll 3", "roll 2", "place 10,7 4x3", "take sheep", "put sheep in alternating"]
    record = record_of(fei.GAME, RULES, moves, start=start)
    assert record.start == fei.to_position(start)
    again = GameRecord.from_json(record.to_json())
    states = replay(again)
    assert states[0] == start
    assert states[-1].farms[1].points == 5
    assert again == record


def test_a_record_with_a_bad_start_names_start() -> None:
    record = record_of(fei.GAME, RULES, [], start=changed(ROUND_3, "to_move", 7))
    with pytest.raises(RecordError, match="start: to_move: seat 7 is not at this 2-player table"):
        replay(record)
    with pytest.raises(RecordError, match="start: expected a JSON object"):
        GameRecord("fence-em-in", {}, [], {}, ["not", "a", "position"])  # type: ignore[arg-type]

"""The framework-free part of the adapters: reward conventions, information states, import errors."""

from __future__ import annotations

import copy
import importlib
import itertools
import pickle
import random
import sys
from typing import Any

import attrs
import pytest

import acreage
import dots_and_boxes as dab
from acreage.core.encoding import Planes
from acreage.interop.common import (
    _NUMBERED_KEPT,
    Trail,
    action_numbers,
    check_reward,
    information_state_size,
    legal_table,
    observation_text,
    returns,
    settle,
    utility_bounds,
    utility_kind,
)
from interop_cases import CASES, SETUPS_BY_GAME, game_of, rules_of


def test_the_cases_cover_every_game() -> None:
    assert set(SETUPS_BY_GAME) == set(acreage.games())
    assert all(SETUPS_BY_GAME.values())
    assert len(CASES) == sum(len(s) for s in SETUPS_BY_GAME.values()) + 1  # and the solo toy


# -- rewards ---------------------------------------------------------------------


def _finished(players: int) -> Any:
    return acreage.play(dab.GAME, dab.Rules(players=players), seed=1).state


def _with(players: int, cooperative: bool, **outcome: Any) -> acreage.Game[Any, Any, Any]:
    """The toy game with a fixed end (``winners``, ``scores``) and its facts' ``cooperative`` set."""

    class Encoding(dab.DotsEncoding):
        def __init__(self, rules: Any) -> None:
            super().__init__(rules)
            self.facts = attrs.evolve(self.facts, cooperative=cooperative)

    changes: dict[str, Any] = {"encoding": Encoding, "all_may_lose": cooperative}
    for name, value in outcome.items():
        changes[name] = lambda state, value=value: value
    return attrs.evolve(dab.GAME, **changes)


RESULTS = [
    # players, cooperative, winners, returns
    (2, False, (0,), (1.0, -1.0)),
    (2, False, (1,), (-1.0, 1.0)),
    (2, False, (0, 1), (0.0, 0.0)),
    (2, False, (), (0.0, 0.0)),
    (3, False, (1,), (-1.0, 1.0, -1.0)),
    (3, False, (0, 2), (0.0, -1.0, 0.0)),
    (3, True, (0, 1, 2), (1.0, 1.0, 1.0)),
    (3, True, (), (-1.0, -1.0, -1.0)),
    (2, True, (0, 1), (1.0, 1.0)),
]


@pytest.mark.parametrize(("players", "cooperative", "winners", "expected"), RESULTS)
def test_result_rewards(
    players: int, cooperative: bool, winners: tuple[int, ...], expected: tuple[float, ...]
) -> None:
    game = _with(players, cooperative, winners=winners)
    assert returns(game, _finished(players)) == expected
    assert returns(game, _finished(players), "result") == expected


SCORES = [
    (3, False, (5, 3, 5), (0.0, -2.0, 0.0)),
    (3, False, (7, 3, 2), (4.0, -4.0, -5.0)),
    (2, False, (1, 4), (-3.0, 3.0)),
    (3, True, (7, 3, 2), (7.0, 3.0, 2.0)),
]


@pytest.mark.parametrize(("players", "cooperative", "scores", "expected"), SCORES)
def test_score_rewards(
    players: int, cooperative: bool, scores: tuple[int, ...], expected: tuple[float, ...]
) -> None:
    game = _with(players, cooperative, scores=scores)
    assert returns(game, _finished(players), "score") == expected


def test_no_reward_before_the_end() -> None:
    state = dab.new_game(dab.Rules(players=3))
    assert returns(dab.GAME, state) == (0.0, 0.0, 0.0)
    assert returns(dab.GAME, state, "score") == (0.0, 0.0, 0.0)


def test_real_ends_follow_the_winners() -> None:
    for seed in range(20):
        result = acreage.play(dab.GAME, dab.Rules(players=2), seed=seed)
        got = returns(dab.GAME, result.state)
        if len(result.winners) == 1:
            assert got[result.winners[0]] == 1.0 and sum(got) == 0.0
        else:
            assert got == (0.0, 0.0)
        a, b = result.scores
        assert returns(dab.GAME, result.state, "score") == (a - b, b - a)


def test_utility_bounds_and_kind() -> None:
    facts = dab.GAME.facts(dab.Rules(players=2))
    assert utility_bounds(facts) == (-1.0, 1.0)
    assert utility_bounds(facts, "score") == (-facts.max_score, facts.max_score)
    assert utility_kind(facts) == utility_kind(facts, "score") == "zero-sum"
    three = dab.GAME.facts(dab.Rules(players=3))
    assert utility_kind(three) == "general-sum"
    together = attrs.evolve(three, cooperative=True)
    assert utility_kind(together) == "identical"
    assert utility_kind(together, "score") == "general-sum"
    assert utility_bounds(together, "score") == (together.min_score, together.max_score)


def test_check_reward() -> None:
    assert check_reward("score") == "score"
    with pytest.raises(ValueError, match="'result' or 'score'"):
        check_reward("points")


# -- legal tables and chance -----------------------------------------------------


def test_legal_table_numbers_every_legal_move_once() -> None:
    rules = dab.Rules(players=2)
    enc = dab.GAME.encoding_of(rules)
    state = dab.new_game(rules)
    deals = legal_table(enc, state, dab.legal_moves(state), chance=True)
    assert sorted(deals) == list(dab.GAME.legal_actions(state))
    state, who = settle(dab.GAME, state, random.Random(4))
    assert who == state.to_move == 0
    draws = legal_table(enc, state, dab.legal_moves(state))
    assert all(dab.GAME.decode_move(state, a) == m for a, m in draws.items())


def test_action_numbers_are_one_a_move_in_order() -> None:
    rules = dab.Rules(players=2)
    enc = dab.GAME.encoding_of(rules)
    state, _ = settle(dab.GAME, dab.new_game(rules), random.Random(4))
    moves = dab.legal_moves(state)
    assert action_numbers(enc, state, moves) == [dab.GAME.encode_move(state, m) for m in moves]

    class Short:
        def encode_actions(self, state: Any, moves: Any) -> list[int]:
            return enc.encode_actions(state, moves)[1:]

    with pytest.raises(ValueError, match="numbers for"):
        action_numbers(Short(), state, moves)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="numbers for"):
        legal_table(Short(), state, moves)  # type: ignore[arg-type]


def test_settle_is_fixed_by_the_seed() -> None:
    start = dab.new_game(dab.Rules(players=3))
    ends = {settle(dab.GAME, start, random.Random(s))[0].secrets for s in range(10)}
    assert len(ends) > 1
    assert settle(dab.GAME, start, random.Random(5)) == settle(dab.GAME, start, random.Random(5))


# -- information states ----------------------------------------------------------


def test_observation_text_lists_entries_and_changes() -> None:
    planes = Planes([("board", (2, 2)), ("score", ())])
    assert observation_text(planes, [0, 1, 0, 0, 3]) == "board[0,1]=1 score=3"
    assert observation_text(planes, [0, 0, 0, 1, 3], [0, 1, 0, 0, 3]) == "board[0,1]=0 board[1,1]=1"
    assert observation_text(planes, [0] * 5) == ""


def _trail(rules: Any, deals: list[str], draws: int) -> Trail:
    trail = Trail.start(dab.GAME, rules)
    for text in deals:
        trail = trail.then(dab.parse_move(trail.state, text))
    for _ in range(draws):
        trail = trail.then(dab.legal_moves(trail.state)[0])
    return trail


def test_a_hidden_change_leaves_the_information_state_alone() -> None:
    """Seat 1's secret box differs; seat 0 cannot see it, so its information state is the same."""
    rules = dab.Rules(players=2, width=3, height=2)
    a = _trail(rules, ["deal 0,0", "deal 1,0"], 5)
    b = _trail(rules, ["deal 0,0", "deal 2,1"], 5)
    assert a.state != b.state
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.information_state_tensor(1) != b.information_state_tensor(1)


def test_information_state_is_the_seats_history() -> None:
    rules = dab.Rules(players=2, width=3, height=2)
    trail = _trail(rules, ["deal 0,0", "deal 1,0"], 3)
    text = trail.information_state_string(0)
    lines = text.splitlines()
    assert lines[0] == "saw to_move[2]=1"  # the deal is chance's
    assert "saw secret[0]=1" in lines
    did = [line for line in lines if line.startswith("did ")]
    mine = [
        f"did {node.move}"
        for node in _nodes(trail)
        if node.parent is not None and node.parent.state.to_move == 0
    ]
    assert did == mine and did
    assert not any(a == b for a, b in itertools.pairwise(lines) if a.startswith("saw"))
    enc = dab.GAME.encoding_of(rules)
    tensor = trail.information_state_tensor(0)
    assert len(tensor) == information_state_size(enc)
    assert tensor[: enc.planes.size] == dab.GAME.observation_tensor(trail.state, 0)
    assert sum(tensor[enc.planes.size :]) == len(did)


def _nodes(trail: Trail) -> list[Trail]:
    out = []
    node: Trail | None = trail
    while node is not None:
        out.append(node)
        node = node.parent
    return out[::-1]


def test_information_state_comes_from_observe_alone() -> None:
    """With an observe that shows nothing, the information state holds only the seat's own moves."""

    @attrs.frozen
    class Blind:
        rules: Any
        to_move: Any = None
        drawn: int = 0
        owners: tuple[int, ...] = ()
        my_secret: Any = None

    game = attrs.evolve(dab.GAME, observe=lambda state, seat: Blind(state.rules))
    rules = dab.Rules(players=2)
    texts = set()
    for seed in range(6):
        trail = Trail.start(game, rules)
        rng = random.Random(seed)
        while trail.state.to_move is not None:
            moves = game.legal_moves(trail.state)
            trail = trail.then(moves[rng.randrange(len(moves))])
        lines = trail.information_state_string(1).splitlines()
        assert lines[0] == "saw"  # the blind view: an observation with nothing in it
        assert all(line.startswith("did ") for line in lines[1:])
        texts.add(trail.information_state_string(0))
    assert len(texts) > 1  # the seat's own moves still tell games apart


def test_trails_share_their_past_and_answer_alike() -> None:
    rules = dab.Rules(players=3)
    trail = _trail(rules, ["deal 0,0", "deal 1,0", "deal 1,1"], 4)
    first = [trail.information_state_string(s) for s in range(3)]
    fresh = _trail(rules, ["deal 0,0", "deal 1,0", "deal 1,1"], 4)
    assert [fresh.information_state_string(s) for s in range(3)] == first
    assert trail.moves() == fresh.moves() and len(trail.moves()) == 7
    with pytest.raises(acreage.SeatError):
        trail.information_state_string(3)
    with pytest.raises(acreage.IllegalMoveError):
        trail.then(dab.parse_move(trail.state, "deal 0,1"))


def test_a_trail_pickles_as_its_moves() -> None:
    trail = _trail(dab.Rules(players=3), ["deal 0,0", "deal 1,0", "deal 1,1"], 4)
    trail.information_state_string(0)
    again = pickle.loads(pickle.dumps(trail))
    assert again is not trail
    assert again.state == trail.state and again.moves() == trail.moves()
    assert again.information_state_string(0) == trail.information_state_string(0)
    assert copy.deepcopy(trail) is trail  # immutable: a copy is the trail itself


@pytest.mark.parametrize(("name", "options"), CASES)
def test_a_trail_numbers_each_chance_outcome_once_for_both_questions(
    name: str, options: dict[str, Any]
) -> None:
    """chance_outcomes() and legal() of a chance node come from one numbering of the
    game's own outcomes: the same numbers, ascending, with the exact probabilities."""
    game, rules = game_of(name), rules_of(name, options)
    encoding = game.encoding_of(rules)
    trail, rng, chance_nodes = Trail.start(game, rules), random.Random(7), 0
    while trail.state.to_move is not None and chance_nodes < 12:
        state = trail.state
        if state.to_move is acreage.CHANCE:
            chance_nodes += 1
            outcomes = game.chance_outcomes(state)
            expected = sorted((encoding.encode_chance(state, m), float(p)) for m, p in outcomes)
            got = trail.chance_outcomes()
            assert got == expected
            got.clear()  # a list of the caller's own
            assert trail.chance_outcomes() == expected
            table = trail.legal()
            assert list(table) == [n for n, _ in expected]
            assert {table[encoding.encode_chance(state, m)] for m, _ in outcomes} == {
                m for m, _ in outcomes
            }
            move = outcomes[rng.randrange(len(outcomes))][0]
        else:
            assert trail.chance_outcomes() == []
            moves = game.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        trail = trail.then(move)


def test_outcomes_a_game_hands_out_again_are_numbered_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Fence Em In gives its dice rolls as one per-Rules table: the trails from one start
    (as OpenSpiel's states of one game are) number that table once; outcomes made
    afresh at a node are numbered there."""
    game = acreage.get_game("fence-em-in")
    rules = game.rules()
    encoding = game.encoding_of(rules)
    real, calls = encoding.encode_chance, [0]

    def counting(state: Any, move: Any) -> int:
        calls[0] += 1
        return real(state, move)

    monkeypatch.setattr(encoding, "encode_chance", counting)
    expected, fresh, shared, start = 0, 0, {}, Trail.start(game, rules)
    for seed in range(3):
        trail, rng = start, random.Random(seed)
        while trail.state.to_move is not None:
            state = trail.state
            if state.to_move is acreage.CHANCE:
                outcomes = game.chance_outcomes(state)
                if game.chance_outcomes(state) is outcomes:  # a table handed out again
                    expected += 0 if id(outcomes) in shared else len(outcomes)
                    shared[id(outcomes)] = outcomes  # held: its id stays its own
                else:
                    expected += len(outcomes)
                    fresh += 1
                assert [n for n, _ in trail.chance_outcomes()] == sorted(
                    real(state, m) for m, _ in outcomes
                )
                move = outcomes[rng.randrange(len(outcomes))][0]
            else:
                moves = game.legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            trail = trail.then(move)
    assert shared  # the case this test is about came up
    assert len(shared) + fresh <= _NUMBERED_KEPT  # so nothing was let go on the way
    assert calls[0] == expected


# -- the extras are optional ------------------------------------------------------

ADAPTERS = [
    ("acreage.interop.pettingzoo", "pettingzoo", "rl"),
    ("acreage.interop.pettingzoo", "numpy", "rl"),
    ("acreage.interop.gymnasium", "gymnasium", "rl"),
    ("acreage.interop.openspiel", "pyspiel", "openspiel"),
]


@pytest.mark.parametrize(("adapter", "framework", "extra"), ADAPTERS)
def test_a_missing_framework_is_one_line_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, adapter: str, framework: str, extra: str
) -> None:
    monkeypatch.setitem(sys.modules, framework, None)  # what an uninstalled package looks like
    for name in ("acreage.interop.spaces", adapter):
        monkeypatch.delitem(sys.modules, name, raising=False)
    with pytest.raises(ImportError) as caught:
        importlib.import_module(adapter)
    message = str(caught.value)
    assert f"pip install acreage[{extra}]" in message
    assert framework in message and "\n" not in message
    assert caught.value.__cause__ is None and caught.value.__suppress_context__


def test_the_core_imports_no_framework() -> None:
    import subprocess

    code = (
        "import sys, acreage, acreage.interop, acreage.interop.common; "
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"

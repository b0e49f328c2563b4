"""check_game passes a correct game and catches each kind of broken one."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

import dots_and_boxes as dab
from acreage import IllegalMoveError, MoveSyntaxError
from acreage.core.encoding import Encoding
from acreage.testing import ConformanceError, Playout, check_game, check_immutable, playouts, states


def test_check_game_passes_dots_and_boxes() -> None:
    for players in (2, 3, 4):
        check_game(dab.GAME, dab.Rules(players=players, width=3, height=2))
    check_game(dab.GAME, dab.Rules(secret_boxes=False), expect_hidden=False)


def _broken(**changes: Any) -> Any:
    return attrs.evolve(dab.GAME, **changes)


def _legal_drops_last(state: Any) -> tuple[Any, ...]:
    moves = dab.legal_moves(state)
    return moves[:-1] if len(moves) > 1 and state.to_move is not dab.CHANCE else moves


def _lenient_apply(state: Any, move: Any) -> Any:
    if isinstance(move, dab.Draw) and state.drawn >> move.edge & 1:
        return state  # accepts a drawn line instead of raising
    return dab.apply_move(state, move)


def _wrong_error_apply(state: Any, move: Any) -> Any:
    try:
        return dab.apply_move(state, move)
    except IllegalMoveError as e:
        raise RuntimeError(str(e)) from None


def _bad_probabilities(state: Any) -> tuple[tuple[Any, Fraction], ...]:
    outcomes = dab.chance_outcomes(state)
    return tuple((m, p * 2 if i == 0 else p) for i, (m, p) in enumerate(outcomes))


def _float_probabilities(state: Any) -> tuple[tuple[Any, Any], ...]:
    return tuple((m, float(p)) for m, p in dab.chance_outcomes(state))


def _lossy_text(state: Any, text: str) -> Any:
    move = dab.parse_move(state, text)
    if isinstance(move, dab.Draw) and text.endswith(" S"):
        return dab.Draw(move.edge + 1, text)
    return move


def _lenient_parse(state: Any, text: str) -> Any:
    try:
        return dab.parse_move(state, text)
    except MoveSyntaxError:
        return dab.legal_moves(state)[0]


def _leaky_observe(state: Any, player: int) -> Any:
    return (dab.observe(state, player), state.secrets)


def _linked_observe(state: Any, player: int) -> Any:
    return (player, state)


def _cheating_moves(state: Any) -> tuple[Any, ...]:
    moves = dab.legal_moves(state)
    if state.to_move not in (None, dab.CHANCE) and len(state.secrets) > 1 and state.secrets[1] == 0:
        return moves[1:] or moves
    return moves


def _mutable_apply(state: Any, move: Any) -> Any:
    new = dab.apply_move(state, move)
    return attrs.evolve(new, owners=list(new.owners))  # a list inside a frozen state


def _random_order(state: Any) -> tuple[Any, ...]:
    moves = list(dab.legal_moves(state))
    random.shuffle(moves)
    return tuple(moves)


def _never_ends(state: Any) -> bool:
    return False


def _winners_early(state: Any) -> tuple[int, ...]:
    return (0,)


def _no_resample(state: Any, player: int, rng: random.Random) -> Any:
    return state


BROKEN = {
    "legal move missing from legal_moves applies": dict(legal_moves=_legal_drops_last),
    "illegal move applies": dict(apply_move=_lenient_apply),
    "illegal move raises the wrong error": dict(apply_move=_wrong_error_apply),
    "probabilities do not sum to 1": dict(chance_outcomes=_bad_probabilities),
    "probabilities are floats": dict(chance_outcomes=_float_probabilities),
    "text does not round-trip": dict(parse_move=_lossy_text),
    "garbage text parses": dict(parse_move=_lenient_parse),
    "observe leaks a hidden card": dict(observe=_leaky_observe, encoding=None),
    "observe holds the state": dict(observe=_linked_observe, encoding=None),
    "legal moves depend on hidden cards": dict(legal_moves=_cheating_moves),
    "state holds a list": dict(apply_move=_mutable_apply),
    "legal moves in random order": dict(legal_moves=_random_order),
    "is_terminal disagrees with to_move": dict(is_terminal=_never_ends),
    "winners before the end": dict(winners=_winners_early),
    "resample never changes anything": dict(resample=_no_resample),
}


@pytest.mark.parametrize("defect", sorted(BROKEN))
def test_check_game_catches(defect: str) -> None:
    with pytest.raises(ConformanceError):
        check_game(_broken(**BROKEN[defect]), dab.Rules(players=3, width=3, height=2), playouts=6)


class _SharedNumbers(dab.DotsEncoding):
    def encode_action(self, state: Any, move: Any) -> int:
        return min(super().encode_action(state, move), 3)


class _ShortObservation(dab.DotsEncoding):
    def observation(self, view: Any) -> list[int]:
        return super().observation(view)[:-1]


class _HugeObservation(dab.DotsEncoding):
    # A value an int16 tensor (the packed bytes, numpy's int16 dtype) cannot hold.
    def observation(self, view: Any) -> list[int]:
        return [*super().observation(view)[:-1], 40_000]


class _TightFacts(dab.DotsEncoding):
    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.facts = attrs.evolve(self.facts, max_decisions=5)


class _HiddenFactsWrong(dab.DotsEncoding):
    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.facts = attrs.evolve(self.facts, hidden_information=False)


class _LeakySecrets(dab.DotsEncoding):
    # Packs from the state and shows every seat the first seat's secret box.
    def seat_observation_bytes(self, state: Any, seat: int) -> bytes:
        return super().seat_observation_bytes(state, 0)


class _OddNumbers(dab.DotsEncoding):
    # A numbering that changes encode_action must not keep a fast encode_actions
    # made for the old one (check_game holds the two equal): take the plain one.
    encode_actions = Encoding.encode_actions

    def encode_action(self, state: Any, move: Any) -> int:
        return (super().encode_action(state, move) + 1) % self.actions.size


ENCODING_DEFECTS = {
    "two moves share a number": (_SharedNumbers, "share number"),
    "observation of the wrong length": (_ShortObservation, "is not 27 ints"),
    "an observation value outside int16": (_HugeObservation, "has a value outside int16"),
    "a bound that does not hold": (_TightFacts, "more than max_decisions"),
    "hidden information denied": (_HiddenFactsWrong, "hidden_information is False"),
    "a quick observation that leaks": (_LeakySecrets, "seat_observation_bytes of seat 1"),
}


@pytest.mark.parametrize("defect", sorted(ENCODING_DEFECTS))
def test_check_game_holds_a_game_to_its_encoding(defect: str) -> None:
    encoding, message = ENCODING_DEFECTS[defect]
    with pytest.raises(ConformanceError, match=message):
        check_game(_broken(encoding=encoding), dab.Rules(players=2), playouts=3)


def test_decode_is_the_inverse_of_encode_whatever_encode_does() -> None:
    """Decoding goes through encode, so a shifted numbering still round-trips."""
    game = _broken(encoding=_OddNumbers)
    check_game(game, dab.Rules(players=2), playouts=2)
    state = game.new_game(dab.Rules(players=2, secret_boxes=False))
    assert game.legal_actions(state)[0] == 0
    assert game.decode_move(state, 1) == dab.legal_moves(state)[0]


def test_check_game_catches_a_game_that_never_ends() -> None:
    def loop_apply(state: Any, move: Any) -> Any:
        new = dab.apply_move(state, move)
        return state if new.to_move is None else new

    def loop_legal(state: Any) -> tuple[Any, ...]:
        return dab.legal_moves(state) or ()

    with pytest.raises((ConformanceError, IllegalMoveError)):
        check_game(_broken(apply_move=loop_apply, legal_moves=loop_legal), max_moves=50)


def test_check_immutable() -> None:
    @attrs.define(frozen=False)
    class Box:
        value: int

    with pytest.raises(ConformanceError, match="not a frozen attrs class"):
        check_immutable(Box(1))
    with pytest.raises(ConformanceError, match="dict is mutable"):
        check_immutable((1, {"a": 1}))
    check_immutable((1, frozenset({2}), "x", Fraction(1, 2), dab.new_game(dab.Rules())))


def test_check_game_catches_rules_that_do_not_round_trip() -> None:
    @attrs.frozen
    class ForgetfulRules(dab.Rules):
        def to_data(self) -> dict[str, Any]:
            return {"players": self.players}

    with pytest.raises(ConformanceError, match="rules differ"):
        check_game(dab.GAME, ForgetfulRules(width=3))


@settings(max_examples=30)
@given(playouts(dab.GAME, dab.Rules(players=3, width=3, height=2)))
def test_playouts_run_to_the_end(playout: Playout) -> None:
    assert dab.is_terminal(playout.final)
    assert len(playout.states) == len(playout.moves) + 1
    assert sum(dab.scores(playout.final)) >= 6
    for before, move, after in zip(playout.states, playout.moves, playout.states[1:], strict=False):
        assert dab.apply_move(before, move) == after


@settings(max_examples=30)
@given(states(dab.GAME, dab.Rules(), max_moves=6))
def test_states_are_reachable_prefixes(state: Any) -> None:
    assert bin(state.drawn).count("1") <= 6


def test_settings_for_whole_games_are_ready_and_registered() -> None:
    from hypothesis import HealthCheck

    from acreage.testing import SETTINGS

    assert SETTINGS.deadline is None
    assert {HealthCheck.large_base_example, HealthCheck.too_slow} <= set(
        SETTINGS.suppress_health_check
    )
    assert settings.get_profile("acreage") is SETTINGS


def test_importing_the_kit_needs_no_hypothesis() -> None:
    code = "import sys, acreage.testing; assert 'hypothesis' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)

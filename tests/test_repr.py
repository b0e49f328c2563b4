"""Short reprs: a state says where it is and who decides what, never its Rules; a move
shows its text (also as IPython displays it in a notebook)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from IPython.lib.pretty import pretty

from acreage.core.chance import sample
from acreage.core.digest import digest
from acreage.core.display import DIGEST_CHARS, TextMove
from acreage.core.game import CHANCE, Game, get_game

REPR_LIMIT = 160
"""The longest state repr allowed: one line in a terminal or a notebook cell."""

TABLES = [
    pytest.param("fence-em-in", {"players": 2}, id="fei-2"),
    pytest.param("fence-em-in", {"players": 4}, id="fei-4"),
    pytest.param("crazy-farmers", {"players": 2}, id="cf-2"),
    pytest.param("crazy-farmers", {"players": 4}, id="cf-4"),
    pytest.param("crazy-farmers", {"players": 1, "mode": "mad-cow"}, id="cf-mad-cow"),
    pytest.param("fields-of-green", {"players": 2}, id="fog-2"),
    pytest.param("fields-of-green", {"players": 4}, id="fog-4"),
    pytest.param("get-off-my-land", {"players": 2}, id="goml-2"),
    pytest.param("get-off-my-land", {"players": 4}, id="goml-4"),
]


def _playout(game: Game[Any, Any, Any], rules: Any, seed: int) -> list[Any]:
    """Every state of one random game."""
    rng = random.Random(seed)
    state = game.new_game(rules)
    states = [state]
    while not game.is_terminal(state):
        outcomes = game.chance_outcomes(state)
        move = sample(outcomes, rng) if outcomes else rng.choice(game.legal_moves(state))
        state = game.apply_move(state, move)
        states.append(state)
    return states


def _check_state_repr(game: Game[Any, Any, Any], state: Any) -> None:
    text = repr(state)
    assert len(text) <= REPR_LIMIT, text
    assert "\n" not in text
    assert "Rules" not in text
    assert text.startswith(f"<{game.name} State: ") and text.endswith(">"), text
    assert text.endswith(f"; digest {digest(state)[:DIGEST_CHARS]}>"), text
    assert f"; scores {' '.join(map(str, game.scores(state)))}" in text, text
    who = game.to_move(state)
    if who is None:
        winners = game.winners(state)
        assert ", game over; " in text, text
        assert (f"; winners {' '.join(map(str, winners))};" if winners else "; no winner;") in text
    else:
        # Who decides, then what, in words.
        actor = "chance" if who is CHANCE else f"player {who}"
        assert re.search(rf", {actor}: [a-z][^;]+; scores ", text), text


@pytest.mark.parametrize(("name", "rules"), TABLES)
def test_every_state_of_a_game_has_a_short_repr_saying_who_decides_what(
    name: str, rules: dict[str, Any]
) -> None:
    game = get_game(name)
    states = _playout(game, game.rules(rules), seed=len(rules) + 7)
    for state in states:
        _check_state_repr(game, state)
    # The attrs repr printed the Rules first: kilobytes for any state.
    assert all(len(repr(s)) <= REPR_LIMIT for s in states)


@pytest.mark.parametrize(
    "name", ["fence-em-in", "crazy-farmers", "fields-of-green", "get-off-my-land"]
)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32))
def test_states_of_any_game_have_short_reprs(name: str, seed: int) -> None:
    game = get_game(name)
    states = _playout(game, game.rules_type(), seed)
    rng = random.Random(seed)
    for state in rng.sample(states, min(40, len(states))):
        _check_state_repr(game, state)
    _check_state_repr(game, states[-1])


def test_two_states_with_the_same_summary_have_different_reprs() -> None:
    game = get_game("fence-em-in")
    state = game.new_game(game.rules_type())
    a, b = (game.apply_move(state, m) for m in game.legal_moves(state)[:2])
    assert repr(a).rpartition("; digest")[0] == repr(b).rpartition("; digest")[0]
    assert repr(a) != repr(b)


@pytest.mark.parametrize(("name", "rules"), TABLES)
def test_moves_show_their_text(name: str, rules: dict[str, Any]) -> None:
    game = get_game(name)
    seen: set[type] = set()
    for state in _playout(game, game.rules(rules), seed=3)[::3]:
        moves = game.legal_moves(state)
        for move in moves:
            assert isinstance(move, TextMove)
            assert repr(move) == f"<{type(move).__name__} {str(move)!r}>"
            assert game.parse_move(state, str(move)) == move
            seen.add(type(move))
        # A notebook shows a tuple of moves as the texts a player types.
        shown = pretty(moves[:3])
        for move in moves[:3]:
            assert repr(str(move)) in shown
    assert len(seen) >= 4  # the playout met many kinds of move, chance outcomes included


def test_move_repr_examples() -> None:
    from acreage import crazy_farmers as cf
    from acreage import fence_em_in as fei
    from acreage import fields_of_green as fog

    assert repr(fei.Place(3, 5, 4, 2)) == "<Place 'place 3,5 4x2'>"
    assert repr(fei.Done()) == "<Done 'done'>"
    assert repr(fog.Pick("rice paddy")) == "<Pick 'pick rice paddy'>"
    assert repr(cf.Keep("Nitro +1")) == "<Keep 'keep Nitro +1'>"
    goml = get_game("get-off-my-land")
    state = goml.new_game(goml.rules_type())
    while goml.to_move(state) is CHANCE:
        state = goml.apply_move(state, goml.legal_moves(state)[0])
    move = goml.legal_moves(state)[0]
    assert repr(move) == f"<{type(move).__name__} {str(move)!r}>"
    assert str(move).startswith("keep ")


def test_a_move_with_no_text_still_has_a_repr() -> None:
    """A hand-built move whose fields are of the wrong types cannot print its text; its repr
    shows the fields instead of raising (pytest ids, error messages and debuggers print it)."""
    from acreage import crazy_farmers as cf
    from acreage import fence_em_in as fei

    assert repr(fei.Roll(None)) == "<Roll with no text: values=None>"  # type: ignore[arg-type]
    assert repr(cf.Drive(99)) == "<Drive with no text: heading=99>"
    assert repr(fei.Roll((2, 3))) == "<Roll 'roll 2 3'>"


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_a_views_repr_is_one_short_line_for_its_seat(name: str, options: dict[str, Any]) -> None:
    game = get_game(name)
    rules = game.rules(**options)
    states = _playout(game, rules, 7)
    for state in [*states[:: max(1, len(states) // 25)], states[-1]]:
        for seat in range(game.players(rules)):
            view = game.observe(state, seat)
            text = repr(view)
            assert len(text) <= REPR_LIMIT and "\n" not in text, text
            assert "Rules" not in text, text
            assert text.startswith(f"<{name} View of player {seat}: "), text
            assert text.endswith(f"; digest {digest(view)[:DIGEST_CHARS]}>"), text
            who = game.to_move(state)
            if who is None:
                assert ", game over; " in text, text
            elif who is CHANCE:
                assert ", chance to move; " in text, text
            else:
                assert f", player {who} to move; " in text, text

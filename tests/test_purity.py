"""Purity: no public function changes the state it is given.

States are frozen attrs values, so a change would need ``object.__setattr__``
or a mutable part that slipped in; this test would catch either. Random
states of every game are snapshotted (pickled, and the Rules as plain data)
before every public function of the game is called on them, and compared
after: the game bundle's functions (moves applied, observed by every seat,
rendered, resampled, digested) and every function in the game module's
``__all__`` whose first parameter is the state.
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import acreage
from acreage.core.data import to_data
from acreage.testing import states

sys.path.insert(0, str(Path(__file__).parents[1] / "tools"))
from setups import SETUPS, label

MODULES = {
    "crazy-farmers": "acreage.crazy_farmers",
    "fence-em-in": "acreage.fence_em_in",
    "fields-of-green": "acreage.fields_of_green",
    "get-off-my-land": "acreage.get_off_my_land",
}

CASES = [
    pytest.param(name, options, id=f"{name}-{label(options).replace(' ', '-')}")
    for name, setups in sorted(SETUPS.items())
    for options in setups
    if "players" in options and len(options) <= 2
]


def _snapshot(state: Any) -> tuple[bytes, Any]:
    fields = [getattr(state, f.name) for f in attrs.fields(type(state)) if f.name != "rules"]
    return pickle.dumps(fields), to_data(state.rules, compact=False)


def _state_functions(module: Any) -> list[tuple[str, Callable[..., Any], int]]:
    """Public functions of ``module`` taking the state first: (name, function, arity)."""
    out = []
    for name in module.__all__:
        fn = getattr(module, name)
        if not inspect.isfunction(fn):
            continue
        params = [
            p
            for p in inspect.signature(fn).parameters.values()
            if p.default is inspect.Parameter.empty
            and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        if params and params[0].name == "state" and len(params) <= 2:
            out.append((name, fn, len(params)))
    return out


def _call_everything(game: acreage.Game[Any, Any, Any], module: Any, state: Any) -> None:
    rng = random.Random(0)
    players = game.players(state.rules)
    legal = game.legal_moves(state)
    game.chance_outcomes(state)
    for move in legal if len(legal) <= 12 else rng.sample(legal, 12):
        game.apply_move(state, move)
        game.parse_move(state, str(move))
    game.is_terminal(state), game.scores(state), game.winners(state), game.to_move(state)
    game.render_text(state), game.render_svg(state), game.digest(state), hash(state)
    for seat in range(players):
        game.observe(state, seat)
        if game.resample is not None:
            game.resample(state, seat, rng)
    for name, fn, arity in _state_functions(module):
        args = (state,) if arity == 1 else (state, 0)
        try:
            fn(*args)
        except acreage.GameError:
            pass  # a refusal is fine; a change is not
        except TypeError as e:
            pytest.fail(f"{module.__name__}.{name}{args[1:]} raised TypeError: {e}")


@pytest.mark.parametrize(("name", "options"), CASES)
@settings(max_examples=25)
@given(data=st.data())
def test_no_public_function_changes_its_state(
    name: str, options: dict[str, Any], data: st.DataObject
) -> None:
    game = acreage.get_game(name)
    module = importlib.import_module(MODULES[name])
    state = data.draw(states(game, game.rules(**options), max_moves=400))
    before = _snapshot(state)
    _call_everything(game, module, state)
    assert _snapshot(state) == before


def test_the_snapshot_sees_a_change() -> None:
    """The test above can fail: a state changed behind attrs' back changes its snapshot."""
    game = acreage.get_game("fence-em-in")
    state = game.new_game(game.rules(players=2))
    before = _snapshot(state)
    field = next(f.name for f in attrs.fields(type(state)) if f.name != "rules")
    object.__setattr__(state, field, "changed")
    assert _snapshot(state) != before

"""The quick paths of observing and numbering hold to their references on random playouts.

``observe`` keeps what it names or counts from a state's immutable parts (by
their identity) and shares each seat's view; ``observation_bytes`` joins
packed blocks kept by the identity of the view's parts; ``encode_actions``
looks numbers up by the identity of the move. Each must give what the plain
computation gives: ``observe`` on a copy of the state (new objects, so
nothing is found and everything is made afresh), ``observation`` packed,
``encode_action`` move by move.
"""

from __future__ import annotations

import array
import pickle
import random

import attrs
from hypothesis import given, settings

from acreage import CHANCE
from acreage import fields_of_green as fog
from acreage.core.chance import sample
from acreage.testing import Playout, playouts

NO_TOOLS = fog.Rules(
    players=2,
    tools=(),
    years=2,
    hand_size=3,
    cards=tuple(
        fog.Card(f"c{d}", d, count=20) for d in ("fields", "livestock", "facilities", "buildings")
    ),
)


def check_fast_paths(playout: Playout) -> None:
    enc = fog.encoding(playout.final.rules)
    players = playout.final.rules.players
    for state in playout.states:
        fresh = pickle.loads(pickle.dumps(state))  # equal, but no part of it is shared
        for seat in range(players):
            view = fog.observe(state, seat)
            again = fog.observe(fresh, seat)
            assert again == view
            packed = array.array("h", enc.observation(view)).tobytes()
            assert enc.observation_bytes(view) == packed
            assert enc.observation_bytes(again) == packed
            assert enc.observation_bytes(view) == packed  # now from what was kept
        if state.to_move is not None and state.to_move is not CHANCE:
            legal = fog.legal_moves(state)
            one_by_one = [enc.encode_action(state, m) for m in legal]
            assert enc.encode_actions(state, legal) == one_by_one
            assert enc.encode_actions(state, legal) == one_by_one  # now from what was kept
            assert enc.encode_actions(fresh, fog.legal_moves(fresh)) == one_by_one


@settings(max_examples=4, deadline=None)
@given(playouts(fog.GAME, fog.Rules(players=2)))
def test_2_players(playout: Playout) -> None:
    check_fast_paths(playout)


@settings(max_examples=3, deadline=None)
@given(playouts(fog.GAME, fog.Rules(players=3, split_payments=True, start_player=1)))
def test_3_players(playout: Playout) -> None:
    check_fast_paths(playout)


@settings(max_examples=2, deadline=None)
@given(playouts(fog.GAME, fog.Rules(players=4, range_metric="path", market_grain=4)))
def test_4_players(playout: Playout) -> None:
    check_fast_paths(playout)


@settings(max_examples=3, deadline=None)
@given(playouts(fog.GAME, NO_TOOLS))
def test_rules_without_tools(playout: Playout) -> None:
    check_fast_paths(playout)


def _built_up_state() -> fog.State:
    """A state of a random game where some farm holds a water tower and a shut-down card."""
    rng = random.Random(7)
    best = None
    for _ in range(20):
        s = fog.new_game(fog.Rules(players=2))
        while s.to_move is not None:
            if s.to_move is CHANCE:
                move = sample(fog.chance_outcomes(s), rng)
            else:
                move = rng.choice(fog.legal_moves(s))
            s = fog.apply_move(s, move)
            if any(f.towers and f.down and f.tools for f in s.farms):
                return s
            if any(f.towers for f in s.farms):
                best = s
    assert best is not None
    return best


def test_farms_sharing_their_sites_but_not_their_purse_pack_as_the_reference() -> None:
    # observation_bytes keeps a farm's sites (and the points they score) by the objects
    # they are read from: a farm that shares them with one packed before, with another
    # purse, other tower water or other shut-down sites, must still pack as it is.
    state = _built_up_state()
    enc = fog.encoding(state.rules)
    farm = next(f for f in state.farms if f.towers)
    c, water, capacity, reach = farm.towers[0]
    variants = [
        farm,
        attrs.evolve(farm, coins=farm.coins + 5, grain=farm.grain + 1, tokens=farm.tokens + 2),
        attrs.evolve(farm, down=farm.down ^ 1 << farm.cells[0]),
        attrs.evolve(farm, down=farm.down ^ 1 << farm.cells[0], coins=farm.coins + 3),
        attrs.evolve(farm, kept=(*farm.kept, 0)),
        attrs.evolve(farm, towers=((c, water + 1, capacity, reach), *farm.towers[1:])),
        farm,
    ]
    seat = state.farms.index(farm)
    for variant in variants:
        farms = (*state.farms[:seat], variant, *state.farms[seat + 1 :])
        view = fog.observe(attrs.evolve(state, farms=farms), 0)
        assert enc.observation_bytes(view) == array.array("h", enc.observation(view)).tobytes()
        assert view.farms[seat].cells is farm.cells  # the case under test: shared sites

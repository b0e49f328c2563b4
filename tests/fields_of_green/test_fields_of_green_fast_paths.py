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

from hypothesis import given, settings

from acreage import CHANCE
from acreage import fields_of_green as fog
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

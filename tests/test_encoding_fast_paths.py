"""The packing helper every encoding may use, and the toy game's fast paths, against the reference.

``spread_bits`` packs a field of 0s and 1s held as an int; the toy game
(dots and boxes) numbers a whole list of lines at once and packs its
all-0/1 observation from one int's bits. Each must give exactly what the
plain way gives: ``encode_action`` move by move, ``observation`` packed
with ``array``.
"""

from __future__ import annotations

from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

import dots_and_boxes as dab
from acreage import IllegalMoveError
from acreage.core.encoding import Encoding, spread_bits
from acreage.testing import playouts


@given(hs.integers(0, 300).flatmap(lambda w: hs.tuples(hs.just(w), hs.integers(0, 2**w - 1))))
def test_spread_bits_writes_out_every_place(case: tuple[int, int]) -> None:
    width, bits = case
    assert spread_bits(bits, width) == array("h", [bits >> i & 1 for i in range(width)]).tobytes()


@hs.composite
def _rules(draw: Any) -> dab.Rules:
    width, height = draw(hs.integers(2, 4)), draw(hs.integers(1, 3))
    players = draw(hs.integers(2, min(4, width * height)))  # a secret box each
    return dab.Rules(players, width, height, draw(hs.booleans()))


RULES = _rules()


@settings(max_examples=25)
@given(playouts(dab.GAME, RULES))
def test_dots_fast_paths_are_the_reference(playout: Any) -> None:
    rules = playout.states[0].rules
    enc = dab.encoding(rules)
    for state in playout.states:
        for seat in range(rules.players):
            view = dab.observe(state, seat)
            assert enc.observation_bytes(view) == array("h", enc.observation(view)).tobytes()
            assert enc.observation_bytes(view) == Encoding.observation_bytes(enc, view)
        if isinstance(state.to_move, int):
            legal = dab.legal_moves(state)
            assert enc.encode_actions(state, legal) == [enc.encode_action(state, m) for m in legal]
            assert enc.encode_actions(state, legal[::-1]) == [
                enc.encode_action(state, m) for m in legal[::-1]
            ]


@pytest.mark.parametrize(
    "stray",
    [
        dab.Draw(-1, "draw nowhere"),
        dab.Draw(99, "draw off the board"),
        dab.Draw(True, "draw a bool"),  # type: ignore[arg-type]
        dab.Deal(0, "deal 0,0"),
    ],
    ids=["negative", "too-large", "bool", "a-deal"],
)
def test_dots_encode_actions_refuses_what_encode_action_refuses(stray: Any) -> None:
    state = dab.new_game(dab.Rules(secret_boxes=False))
    enc = dab.encoding(state.rules)
    legal = list(dab.legal_moves(state))
    assert enc.encode_actions(state, []) == []
    for moves in ([stray], [*legal, stray], [stray, *legal]):
        with pytest.raises(IllegalMoveError):
            enc.encode_action(state, stray)
        with pytest.raises(IllegalMoveError):
            enc.encode_actions(state, moves)

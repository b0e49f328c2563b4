"""Get Off My Land!'s observation packed straight from the state (``seat_observation_bytes``).

It must be, byte for byte, the packed view of the seat (``observation_bytes(observe(state,
seat))``), whatever was packed before it through either path, and it must show a seat no
more than its view does: the other hands, the offers and the hidden farmhouse tiles stay
out of it.
"""

from __future__ import annotations

import itertools
import random
from array import array
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from acreage import SeatError
from acreage.get_off_my_land import GAME, Rules, State, encoding, observe, resample
from acreage.get_off_my_land.actions import GetOffMyLandEncoding, _patch_bits
from acreage.testing import Playout, playouts

SECRET = Rules(players=3, secret_farmhouses=True)
RULES = [*(Rules(players=n) for n in (2, 3, 4)), SECRET]
EVERY_OPTION = Rules(
    players=4, secret_farmhouses=True, anchored_fences=True, home_farmer_protects=False
)

SLOW = settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


_APART: dict[Rules, GetOffMyLandEncoding] = {}
"""An encoding per Rules apart from the shared one, whose memos only the reference uses."""


def _reference(state: State, seat: int) -> bytes:
    """The seat's observation as the list of an encoding of its own, packed int by int."""
    rules = state.rules
    if rules not in _APART:
        _APART[rules] = GetOffMyLandEncoding(rules)
    enc = _APART[rules]
    return array("h", enc.observation(observe(state, seat))).tobytes()


def _random_game(rules: Rules, rng: random.Random) -> list[State]:
    """Every state of a game of random moves (chance outcomes too) drawn with ``rng``."""
    state = GAME.new_game(rules)
    states = [state]
    while state.to_move is not None:
        moves = GAME.legal_moves(state)
        state = GAME.apply_move(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


@SLOW
@given(
    hs.sampled_from([*RULES, EVERY_OPTION]),
    hs.sampled_from(RULES),
    hs.integers(0, 2**32),
)
def test_seat_observation_is_the_packed_view(rules: Rules, other: Rules, seed: int) -> None:
    """For every seat of every state: in the order of play, interleaved with another
    game (the kept blocks then come from another game, or other Rules), and shuffled;
    each time the view path and the state path taken in a random order on the shared
    encoding, so each follows the other."""
    rng = random.Random(seed)  # plays whole games: hypothesis draws the seed only
    a, b = _random_game(rules, rng), _random_game(other, rng)
    interleaved = [s for pair in itertools.zip_longest(a, b) for s in pair if s]
    shuffled = rng.sample(interleaved, min(len(interleaved), 150))
    for state in [*a, *interleaved, *shuffled]:
        enc = encoding(state.rules)
        for seat in range(state.rules.players):
            if rng.random() < 0.5:
                quick = enc.seat_observation_bytes(state, seat)
                packed = enc.observation_bytes(observe(state, seat))
            else:
                packed = enc.observation_bytes(observe(state, seat))
                quick = enc.seat_observation_bytes(state, seat)
            assert type(quick) is bytes and len(quick) == 2 * enc.planes.size
            assert quick == packed
    for state in rng.sample(interleaved, min(len(interleaved), 40)):
        enc = encoding(state.rules)
        for seat in range(state.rules.players):
            assert enc.seat_observation_bytes(state, seat) == _reference(state, seat)


def test_a_fresh_encoding_packs_the_state_as_the_reference() -> None:
    """The first call of an encoding (every block made afresh) and each after it."""
    rng = random.Random(3)
    for rules in RULES:
        fresh = GetOffMyLandEncoding(rules)
        for state in _random_game(rules, rng):
            for seat in range(rules.players):
                assert fresh.seat_observation_bytes(state, seat) == _reference(state, seat)


@SLOW
@given(playouts(GAME, hs.sampled_from([*RULES, EVERY_OPTION])), hs.randoms(use_true_random=False))
def test_states_a_seat_cannot_tell_apart_give_it_the_same_bytes(
    playout: Playout, rng: random.Random
) -> None:
    """``resample`` redeals what a seat has not seen (the other hands and the fence deck,
    the others' offers, the farmhouse tiles hidden from it): the seat's bytes stay the
    same, while a seat that sees a redealt part (its owner) sees it change."""
    rules = playout.rules
    enc = encoding(rules)
    redealt = seen_by_owner = 0
    for state in playout.states[::4]:
        for seat in range(rules.players):
            other = resample(state, seat, rng)
            assert enc.seat_observation_bytes(other, seat) == enc.seat_observation_bytes(
                state, seat
            )
            if other != state:
                redealt += 1
                seen_by_owner += any(
                    enc.seat_observation_bytes(other, q) != enc.seat_observation_bytes(state, q)
                    for q in range(rules.players)
                    if q != seat
                )
    assert redealt and seen_by_owner  # hidden parts did change, and they are in the state


def test_a_hidden_farmhouse_tile_and_another_hand_are_not_shown() -> None:
    """Two states that differ only in another seat's hand (sizes kept) and, with
    ``secret_farmhouses``, in another seat's kept farmhouse tile: seat 0 gets the same
    bytes from both, seat 1 (whose hand and tile they are) does not."""
    rules = SECRET
    enc = encoding(rules)
    rng = random.Random(11)
    state = GAME.new_game(rules)
    while not (state.agenda and all(f >= 0 for f in state.farmhouses) and state.hands[1]):
        moves = GAME.legal_moves(state)
        state = GAME.apply_move(state, moves[rng.randrange(len(moves))])
    kinds = len(rules.tables.fence)
    hand = state.hands[1]
    changed_hand = tuple(sorted((hand[0] + 1) % kinds if i == 0 else k for i, k in enumerate(hand)))
    unused = next(f for f in range(len(rules.farmhouses)) if f not in state.farmhouses)
    for hands, farmhouses in [
        ((state.hands[0], changed_hand, *state.hands[2:]), state.farmhouses),
        (state.hands, (state.farmhouses[0], unused, *state.farmhouses[2:])),
    ]:
        other = attrs.evolve(state, hands=hands, farmhouses=farmhouses)
        assert other != state
        assert enc.seat_observation_bytes(other, 0) == enc.seat_observation_bytes(state, 0)
        assert enc.seat_observation_bytes(other, 1) != enc.seat_observation_bytes(state, 1)
        assert enc.seat_observation_bytes(other, 1) == _reference(other, 1)


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None, 1.0])
def test_a_seat_not_at_the_table_is_refused(seat: Any) -> None:
    state = GAME.new_game(Rules(players=3))
    with pytest.raises(SeatError):
        encoding(state.rules).seat_observation_bytes(state, seat)


def test_both_paths_from_threads_match_a_fresh_encoding() -> None:
    """Threads packing states and views of two games through one shared encoding (whose
    kept blocks each call may replace) get what a fresh encoding gives."""
    rules = Rules(players=3, secret_farmhouses=True)
    games = [_random_game(rules, random.Random(seed))[::3] for seed in range(2)]
    expected = {
        (g, i, seat): _reference(state, seat)
        for g, states in enumerate(games)
        for i, state in enumerate(states)
        for seat in range(rules.players)
    }
    shared = encoding(rules)

    def work(g: int) -> bool:
        ok = True
        for i, state in enumerate(games[g]):
            for seat in range(rules.players):
                ok &= shared.seat_observation_bytes(state, seat) == expected[g, i, seat]
                ok &= shared.observation_bytes(observe(state, seat)) == expected[g, i, seat]
        return ok

    with ThreadPoolExecutor(8) as pool:
        assert all(pool.map(work, [0, 1] * 8))


@given(hs.integers(0, 2**80 - 1), hs.integers(0, 2**80 - 1), hs.integers(0, 5))
def test_a_bitset_is_patched_from_the_one_shown_before(before: int, now: int, base: int) -> None:
    """The packer patches a bitset field (fences, control, mature) where its bits changed:
    from a field showing ``before``, set and cleared places leave it showing ``now``."""
    out = array("h", [7] * base + [before >> i & 1 for i in range(80)] + [7])
    _patch_bits(out, base, before, now)
    assert list(out) == [7] * base + [now >> i & 1 for i in range(80)] + [7]

"""Fence Em In's observation packed straight from the state (``seat_observation_bytes``).

It must be, byte for byte, the packed view of the seat (``observation_bytes(observe(state,
seat))``), whatever was packed before it through either path. Fence Em In hides nothing,
so what one seat is shown differs from another's only in the ``viewer`` field.
"""

from __future__ import annotations

import array
import itertools
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import SeatError
from acreage import fence_em_in as fei
from acreage.testing import Playout, playouts

VARIANTS = [
    fei.Rules(players=2, bag=fei.NO_HAY_BAG),
    fei.Rules(
        players=3,
        board_size=9,
        start_cells=((1, 1), (7, 1), (4, 7)),
        rounds=4,
        reserved_start_cells=False,
        fertilizer=fei.FertilizerRules(reroll=1, adjust=1, move=1, refresh=1),
    ),
    fei.Rules(players=4, order_die_faces=2, support_cards_drawn=0, order_reroll_limit=3),
]
RULES = st.sampled_from([*(fei.Rules(players=n) for n in (2, 3, 4)), *VARIANTS])

SLOW = settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


def _reference(state: fei.State, seat: int) -> bytes:
    """The seat's observation as the reference list, packed int by int."""
    return array.array("h", fei.GAME.observation_tensor(state, seat)).tobytes()


def _random_game(rules: fei.Rules, rng: random.Random) -> list[fei.State]:
    """Every state of a game of random moves (chance outcomes too) drawn with ``rng``."""
    state = fei.new_game(rules)
    states = [state]
    while state.to_move is not None:
        moves = fei.legal_moves(state)
        state = fei.apply_move(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


@SLOW
@given(RULES, RULES, st.integers(0, 2**32))
def test_seat_observation_is_the_packed_view(rules: fei.Rules, other: fei.Rules, seed: int) -> None:
    """For every seat of every state: in the order of play, interleaved with another
    game (the kept bytes then come from another game, or other Rules), and shuffled;
    each time the view path and the state path taken in a random order on the shared
    encoding, so each patches what the other packed."""
    rng = random.Random(seed)  # plays whole games: hypothesis draws the seed only
    a, b = _random_game(rules, rng), _random_game(other, rng)
    interleaved = [s for pair in itertools.zip_longest(a, b) for s in pair if s]
    shuffled = rng.sample(interleaved, min(len(interleaved), 150))
    for state in [*a, *interleaved, *shuffled]:
        enc = fei.encoding(state.rules)
        for seat in range(state.rules.players):
            if rng.random() < 0.5:
                quick = enc.seat_observation_bytes(state, seat)
                packed = enc.observation_bytes(fei.observe(state, seat))
            else:
                packed = enc.observation_bytes(fei.observe(state, seat))
                quick = enc.seat_observation_bytes(state, seat)
            assert type(quick) is bytes and len(quick) == 2 * enc.planes.size
            assert quick == packed
    for state in rng.sample(interleaved, min(len(interleaved), 40)):
        enc = fei.encoding(state.rules)
        for seat in range(state.rules.players):
            assert enc.seat_observation_bytes(state, seat) == _reference(state, seat)


def test_a_fresh_encoding_packs_the_state_as_the_reference() -> None:
    """The first call of an encoding (every field patched on a blank) and each after it,
    one seat after another (the ``viewer`` field changes at every call)."""
    rng = random.Random(3)
    for players in (2, 3, 4):
        rules = fei.Rules(players=players)
        fresh = fei.FenceEncoding(rules)
        for state in _random_game(rules, rng):
            for seat in range(players):
                assert fresh.seat_observation_bytes(state, seat) == _reference(state, seat)


@SLOW
@given(playouts(fei.GAME, RULES))
def test_seats_are_shown_the_same_but_for_the_viewer(playout: Playout) -> None:
    """Nothing is hidden: the seats' bytes agree everywhere but the ``viewer`` field,
    which is the seat one-hot."""
    enc = fei.encoding(playout.rules)
    players = playout.rules.players
    start = 2 * enc.planes.offset("viewer")
    end = start + 2 * players
    for state in playout.states[::3]:
        packed = [enc.seat_observation_bytes(state, seat) for seat in range(players)]
        assert len({p[:start] + p[end:] for p in packed}) == 1
        for seat, p in enumerate(packed):
            assert array.array("h", p[start:end]).tolist() == [
                int(q == seat) for q in range(players)
            ]


@pytest.mark.parametrize("seat", [-1, 3, True, "0", None, 1.0])
def test_a_seat_not_at_the_table_is_refused(seat: Any) -> None:
    state = fei.new_game(fei.Rules(players=3))
    with pytest.raises(SeatError):
        fei.encoding(state.rules).seat_observation_bytes(state, seat)


def test_both_paths_from_threads_match_the_reference() -> None:
    """Threads packing states and views of several games through one shared encoding
    (whose kept bytes each call replaces) get the reference bytes."""
    rules = fei.Rules(players=3)
    games = [_random_game(rules, random.Random(seed))[::2] for seed in range(3)]
    expected = {
        (g, i, seat): _reference(state, seat)
        for g, states in enumerate(games)
        for i, state in enumerate(states)
        for seat in range(rules.players)
    }
    shared = fei.encoding(rules)

    def work(g: int) -> bool:
        ok = True
        for i, state in enumerate(games[g]):
            for seat in range(rules.players):
                ok &= shared.seat_observation_bytes(state, seat) == expected[g, i, seat]
                ok &= shared.observation_bytes(fei.observe(state, seat)) == expected[g, i, seat]
        return ok

    with ThreadPoolExecutor(8) as pool:
        assert all(pool.map(work, [0, 1, 2] * 6))

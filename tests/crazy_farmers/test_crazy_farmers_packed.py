"""Crazy Farmers' quick paths for adapters, held to the plain ones they stand in for.

``observe`` hands out the very same seat view for a seat unchanged since its
last view, ``observation_bytes`` packs an observation from the blocks of the
last one it packed, and ``seat_observation_bytes`` packs it straight from the
state. Each must give exactly what the plain construction gives (a view built
afresh, ``array('h', observation(view))``), whatever order states and seats
are asked in, and from several threads at once.
"""

from __future__ import annotations

import array
import copy
import pickle
import random
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acreage import SeatError
from acreage import crazy_farmers as cf
from acreage.core.chance import Deck, Stack
from acreage.core.encoding import spread_bits
from acreage.crazy_farmers import actions
from acreage.testing import Playout, playouts

SETUPS = [("competitive", n) for n in (2, 3, 4)] + [("mad-cow", n) for n in (1, 2, 3, 4)]
RULES = [cf.Rules(players=n, mode=mode) for mode, n in SETUPS] + [
    cf.Rules(players=3, start="choose", endgame_card=False, length="fast"),
    cf.Rules(players=2, hay_bales=0, endgame_window=8, length="fast"),
    cf.Rules(players=1, mode="mad-cow", cow_card_limit=2),
]
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


def fresh_view(state: cf.State, seat: int) -> cf.View:
    """What ``observe`` gives, built field by field with nothing reused."""
    return cf.View(
        state.rules,
        seat,
        state.to_move,
        state.phase,
        state.player,
        tuple(
            cf.FarmerView(
                f.tractor,
                f.fence,
                f.fence_paths,
                f.fence_crossroads,
                f.plots,
                f.main,
                f.hand if s == seat else None,
                len(f.hand),
                f.set_aside if s == seat else None,
                f.in_play,
                f.slowdown,
                f.guards,
                f.out,
            )
            for s, f in enumerate(state.farmers)
        ),
        state.bales,
        tuple(len(segment) for segment in state.deck.segments),
        state.endgame,
        state.discard,
        state.allowance,
        state.moves_made,
        state.pending,
        state.flown,
        state.reshuffles,
        state.ended,
        state.cow,
        state.turn_number,
        state.agenda,
    )


def check_seat_views(state: cf.State, seat: int) -> None:
    """``observe``, ``observation_bytes`` and ``seat_observation_bytes`` against the plain
    construction."""
    view = cf.observe(state, seat)
    assert view == fresh_view(state, seat)
    enc = cf.encoding(state.rules)
    plain = array.array("h", enc.observation(view)).tobytes()
    assert enc.observation_bytes(view) == plain
    assert enc.seat_observation_bytes(state, seat) == plain


def random_states(rules: cf.Rules, games: int, seed: int) -> list[cf.State]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = cf.new_game(rules)
        while state.to_move is not None:
            out.append(state)
            legal = cf.legal_moves(state)
            state = cf.apply_move(state, legal[rng.randrange(len(legal))])
        out.append(state)
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=SLOW)
@given(
    playouts(cf.GAME, st.sampled_from(RULES), max_moves=800, complete=False),
    st.randoms(use_true_random=False),
)
def test_views_and_packed_observations_are_the_plain_ones_in_any_order(
    playout: Playout, rng: random.Random
) -> None:
    """In play order, for the seat to move (as an environment asks), then every seat of
    states in any order, again and again: what was kept of earlier views never shows."""
    players = playout.rules.players
    for state in playout.states:
        seat = state.to_move if type(state.to_move) is int else rng.randrange(players)
        check_seat_views(state, seat)
    asked = [(state, seat) for state in playout.states for seat in range(players)]
    for state, seat in rng.sample(asked, len(asked)) + rng.choices(asked, k=len(asked)):
        check_seat_views(state, seat)


def test_views_and_packed_observations_from_threads() -> None:
    """Threads observing and packing different games at once each get the plain answers."""
    jobs = [(rules, seed) for rules in RULES for seed in range(2)]

    def run(job: tuple[cf.Rules, int]) -> int:
        rules, seed = job
        states = random_states(rules, 1, seed)
        for state in states:
            for seat in range(rules.players):
                check_seat_views(state, seat)
        return len(states)

    with ThreadPoolExecutor(8) as pool:
        assert all(n > 0 for n in pool.map(run, jobs * 2))


def test_a_copied_or_unpickled_encoding_is_the_encoding_of_its_rules() -> None:
    rules = cf.Rules(players=3)
    enc = cf.encoding(rules)
    assert copy.copy(enc) is enc and copy.deepcopy(enc) is enc
    again = pickle.loads(pickle.dumps(enc))
    assert again is actions.encoding(rules)
    for state in random_states(rules, 1, seed=4)[:-1:7]:
        check_seat_views(state, state.player)


def hidden_redealt(state: cf.State, seat: int) -> cf.State:
    """``state`` with what ``seat`` cannot see made different: every other seat's hand
    and set-aside cards, and the cards (and their order) of each draw pile segment,
    each the same size as before, filled with one card the seat's own hand does not
    hold where there is one."""
    names = state.rules.card_names
    mine = set(state.farmers[seat].hand)
    card = next((c for c in names if c not in mine), names[0])
    farmers = tuple(
        f
        if s == seat
        else attrs.evolve(f, hand=(card,) * len(f.hand), set_aside=(card,) * len(f.set_aside))
        for s, f in enumerate(state.farmers)
    )
    deck = Deck(tuple(Stack((card,) * len(segment)) for segment in state.deck.segments))
    return attrs.evolve(state, farmers=farmers, deck=deck)


@settings(max_examples=20, deadline=None, suppress_health_check=SLOW)
@given(
    playouts(
        cf.GAME,
        st.sampled_from([rules for rules in RULES if rules.players > 1]),
        max_moves=600,
        complete=False,
    ),
    st.randoms(use_true_random=False),
)
def test_a_seat_gets_the_same_bytes_from_states_differing_only_in_what_it_cannot_see(
    playout: Playout, rng: random.Random
) -> None:
    """The other hands, the others' set-aside cards and the draw pile's cards never reach
    a seat's packed observation, redealt at random or rewritten by hand; its own hand
    does (so the comparison can fail)."""
    for state in [*playout.states[::25], playout.final]:
        enc = cf.encoding(state.rules)
        for seat in range(state.rules.players):
            mine = enc.seat_observation_bytes(state, seat)
            assert enc.seat_observation_bytes(cf.resample(state, seat, rng), seat) == mine
            other = hidden_redealt(state, seat)
            assert enc.seat_observation_bytes(other, seat) == mine
            assert enc.seat_observation_bytes(state, seat) == mine  # after the others' caches
            for s, f in enumerate(state.farmers):
                if s != seat and f.hand != other.farmers[s].hand:
                    assert enc.seat_observation_bytes(other, s) != enc.seat_observation_bytes(
                        state, s
                    )


def test_seat_observation_bytes_refuses_a_seat_not_at_the_table() -> None:
    """As ``observe`` does: a negative index would otherwise show another seat's hand."""
    state = random_states(cf.Rules(players=2), 1, seed=2)[5]
    enc = cf.encoding(state.rules)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(SeatError):
            enc.seat_observation_bytes(state, seat)  # type: ignore[arg-type]


@given(st.integers(1, 320), st.data())
def test_patch_bits_writes_the_places_that_differ_as_spread_bits_would(
    width: int, data: st.DataObject
) -> None:
    """A few places changed (written one by one) or many (spread again): the same bytes,
    and the places around the field untouched."""
    was = data.draw(st.integers(0, 2**width - 1))
    flips = data.draw(st.lists(st.integers(0, width - 1), max_size=20))
    bits = was
    for place in flips:
        bits ^= 1 << place
    around = array.array("h", [7, 7, 7])
    out = around + array.array("h", spread_bits(was, width)) + around
    actions._patch_bits(out, len(around), width, bits, was)
    assert out.tobytes() == (around.tobytes() + spread_bits(bits, width) + around.tobytes())


@settings(max_examples=10, deadline=None, suppress_health_check=SLOW)
@given(
    playouts(cf.GAME, st.sampled_from(RULES), max_moves=600, complete=False),
    st.randoms(use_true_random=False),
)
def test_the_observation_kept_for_a_seat_never_goes_stale(
    playout: Playout, rng: random.Random
) -> None:
    """A seat's packed observation is the last one packed for it, patched where the
    state's parts changed. Packed for one seat along a playout, then for older states
    out of order (from the state and from its view, one after the other), and after
    another game's states, it is every time the observation packed afresh."""
    rules = playout.rules
    enc = cf.encoding(rules)
    other = random_states(rules, 1, seed=rng.randrange(1000))

    def plain(state: cf.State, seat: int) -> bytes:
        return array.array("h", enc.observation(fresh_view(state, seat))).tobytes()

    states = playout.states
    for seat in range(rules.players):
        for state in states:
            assert enc.seat_observation_bytes(state, seat) == plain(state, seat)
        for state in rng.sample(states, min(len(states), 40)):
            expected = plain(state, seat)
            assert enc.seat_observation_bytes(state, seat) == expected
            assert enc.observation_bytes(cf.observe(state, seat)) == expected
        for state in [*other[:: max(1, len(other) // 20)], *rng.sample(states, 1)]:
            assert enc.seat_observation_bytes(state, seat) == plain(state, seat)

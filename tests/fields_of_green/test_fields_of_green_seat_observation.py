"""``seat_observation_bytes`` packs a seat's observation straight from the state.

It must give, byte for byte, what packing the seat's view gives
(``observation_bytes(observe(state, seat))``, itself held to ``observation``),
for every seat of every state, whatever order the states come in (it keeps
packed blocks by the state's parts), and it must not read what the seat
cannot see: two states the seat cannot tell apart give it the same bytes.
"""

from __future__ import annotations

import array
import pickle
import random
from concurrent.futures import ThreadPoolExecutor

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from acreage import CHANCE, SeatError
from acreage import fields_of_green as fog
from acreage.core.chance import Deck, sample
from acreage.fields_of_green.view import resample
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

RULES = [
    fog.Rules(players=2),
    fog.Rules(players=3, split_payments=True, start_player=1),
    fog.Rules(players=4, range_metric="path", market_grain=4),
    NO_TOOLS,
]


def reference(state: fog.State, seat: int) -> bytes:
    """The seat's observation by the plain route: its view's tensor, packed."""
    view = fog.observe(state, seat)
    packed = fog.encoding(state.rules).observation_bytes(view)
    assert packed == array.array("h", fog.encoding(state.rules).observation(view)).tobytes()
    return packed


def check_states(states: list[fog.State], order: random.Random) -> None:
    enc = fog.encoding(states[0].rules)
    players = states[0].rules.players
    expected = {i: [reference(s, seat) for seat in range(players)] for i, s in enumerate(states)}
    # In play order, then again (now from the blocks kept), then shuffled, then on
    # copies that share no part with anything packed before.
    visits = list(range(len(states))) * 2
    shuffled = list(range(len(states)))
    order.shuffle(shuffled)
    for i in [*visits, *shuffled]:
        for seat in range(players):
            assert enc.seat_observation_bytes(states[i], seat) == expected[i][seat]
    for i in shuffled:
        fresh = pickle.loads(pickle.dumps(states[i]))
        for seat in order.sample(range(players), players):
            assert enc.seat_observation_bytes(fresh, seat) == expected[i][seat]


@settings(max_examples=4, deadline=None)
@given(playouts(fog.GAME, fog.Rules(players=2)), st.randoms(use_true_random=False))
def test_2_players(playout: Playout, order: random.Random) -> None:
    check_states(playout.states, order)


@settings(max_examples=3, deadline=None)
@given(playouts(fog.GAME, RULES[1]), st.randoms(use_true_random=False))
def test_3_players(playout: Playout, order: random.Random) -> None:
    check_states(playout.states, order)


@settings(max_examples=2, deadline=None)
@given(playouts(fog.GAME, RULES[2]))
def test_4_players(playout: Playout) -> None:
    # A whole 4-player game is near hypothesis' limit on one example's size: the
    # order of the visits comes from the playout rather than from another draw.
    check_states(playout.states, random.Random(len(playout.states)))


@settings(max_examples=3, deadline=None)
@given(playouts(fog.GAME, NO_TOOLS), st.randoms(use_true_random=False))
def test_rules_without_tools(playout: Playout, order: random.Random) -> None:
    check_states(playout.states, order)


def test_the_other_options() -> None:
    r = fog.Rules(
        players=3,
        harvest_water_in_range=True,
        shut_down_sites_score=True,
        tie_break="shared",
        tools_per_site=2,
    )
    check_states(_playout_states(r, seed=3), random.Random(3))


def _playout_states(rules: fog.Rules, seed: int) -> list[fog.State]:
    rng = random.Random(seed)
    s = fog.new_game(rules)
    states = [s]
    while s.to_move is not None:
        if s.to_move is CHANCE:
            s = fog.apply_move(s, sample(fog.chance_outcomes(s), rng))
        else:
            s = fog.apply_move(s, rng.choice(fog.legal_moves(s)))
        states.append(s)
    return states


# Not NO_TOOLS: its decks hold one card each, so there is nothing to redeal.
@pytest.mark.parametrize("rules", RULES[:3], ids=lambda r: f"{r.players}p")
def test_what_a_seat_cannot_see_does_not_change_its_bytes(rules: fog.Rules) -> None:
    # resample redeals every card a seat cannot place (the decks, the hands it never
    # held, face-down picks, its own blind draws): the seat's bytes stay the same,
    # and the redeal did change hidden cards in many states, so the test can fail.
    rng = random.Random(rules.players)
    enc = fog.encoding(rules)
    changed = 0
    for state in _playout_states(rules, seed=rules.players)[::3]:
        for seat in range(rules.players):
            other = resample(state, seat, rng)
            assert fog.observe(other, seat) == fog.observe(state, seat)
            changed += other.hands != state.hands or other.picks != state.picks
            packed = enc.seat_observation_bytes(state, seat)
            assert enc.seat_observation_bytes(other, seat) == packed
            assert enc.seat_observation_bytes(pickle.loads(pickle.dumps(other)), seat) == packed
    assert changed > 10


def test_a_hand_is_seen_by_its_holder_and_not_by_the_others() -> None:
    # Two states that differ only in seat 1's hand (same decks, so the same backs):
    # seat 1 sees the difference, seat 0 (who never held that hand) does not.
    rules = fog.Rules(players=2, start_player=0)
    state = next(
        s
        for s in _playout_states(rules, seed=11)
        if fog.PHASES[fog.question(s).phase] == "pick"
        and s.passes == 0
        and s.year == 1
        and len(s.hands[1]) > 1
    )
    t = rules.tables
    hand = state.hands[1]
    swap = next(
        k
        for k in range(len(t.names) - 2)
        if k not in hand and t.deck[k] == t.deck[hand[0]] and t.names[k] != t.names[hand[0]]
    )
    other_hand = tuple(sorted((swap, *hand[1:])))
    other = attrs.evolve(state, hands=(state.hands[0], other_hand))
    enc = fog.encoding(rules)
    assert enc.seat_observation_bytes(other, 0) == enc.seat_observation_bytes(state, 0)
    assert enc.seat_observation_bytes(other, 1) != enc.seat_observation_bytes(state, 1)
    assert enc.seat_observation_bytes(other, 1) == reference(other, 1)


def test_the_order_of_the_decks_is_not_read() -> None:
    rules = fog.Rules(players=2)
    enc = fog.encoding(rules)
    state = _playout_states(rules, seed=5)[40]
    d = next(i for i, deck in enumerate(state.decks) if len(deck) > 1)
    cards = list(state.decks[d].cards())
    random.Random(1).shuffle(cards)
    decks = list(state.decks)
    decks[d] = Deck.of(reversed(cards))
    other = attrs.evolve(state, decks=tuple(decks))
    for seat in range(2):
        assert enc.seat_observation_bytes(other, seat) == enc.seat_observation_bytes(state, seat)


@pytest.mark.parametrize("seat", [-1, 2, 1.0, "0", None])
def test_a_seat_not_at_the_table_is_refused(seat: object) -> None:
    state = fog.new_game(fog.Rules(players=2))
    with pytest.raises(SeatError):
        fog.encoding(state.rules).seat_observation_bytes(state, seat)  # type: ignore[arg-type]


def _observations(rules: fog.Rules, seed: int, quick: bool) -> list[bytes]:
    states = _playout_states(rules, seed)
    enc = fog.encoding(rules)
    if quick:
        return [enc.seat_observation_bytes(s, p) for s in states for p in range(rules.players)]
    return [reference(s, p) for s in states for p in range(rules.players)]


def test_threads_get_the_reference_bytes() -> None:
    jobs = [(RULES[i % len(RULES)], i) for i in range(8)]
    expected = [_observations(r, seed, quick=False) for r, seed in jobs]
    for r in RULES:
        fog.encoding(r)._packed_seat_keys.clear()  # start cold: the threads fill it together
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda job: _observations(*job, quick=True), jobs))
    assert answers == expected

"""The game's shared caches under threads: every answer equals the single-threaded one.

Threads share a Rules (a parallel tree search does), and with it the
caches in ``rules.tables``, the grid's (land shapes' boundaries) and the
module-level ones (the engine's last legal moves, the shared tasks). Each test runs a few
thousand calls from several threads, with the interpreter switching threads
as often as it can, and compares every answer with one computed alone.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from acreage.core.bitset import mask
from acreage.core.chance import sample
from acreage.core.regions import boundary
from acreage.get_off_my_land import (
    Rules,
    apply_move,
    chance_outcomes,
    encoding,
    land,
    legal_moves,
    new_game,
    observe,
    parse_move,
    scores,
)
from acreage.get_off_my_land.actions import GetOffMyLandEncoding

THREADS = 8


@contextmanager
def _switching() -> Iterator[None]:
    """Switch threads every microsecond, so that races show up in a short test."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _hammer(work: Callable[[Any], Any], items: Sequence[Any], rounds: int) -> list[Any]:
    """``work(item)`` for every item, ``rounds`` times over, from several threads at once."""
    jobs = [item for _ in range(rounds) for item in items]
    random.Random(0).shuffle(jobs)
    with _switching(), ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(lambda item: (item, work(item)), jobs, chunksize=16))


def _card_tuples(rules: Rules, count: int) -> list[tuple[int, ...]]:
    t = rules.tables
    rng = random.Random(1)
    return [
        tuple(rng.choice((-1, -1, *range(len(t.market)))) for _ in range(t.n)) for _ in range(count)
    ]


def test_card_sets_never_answers_for_another_card_tuple() -> None:
    rules = Rules(players=4)
    t = rules.tables
    cards = _card_tuples(rules, 40)
    expected = {id(c): land._card_sets(t, c) for c in cards}
    for c, answer in _hammer(lambda c: land.card_sets(t, c), cards, 100):
        assert answer == expected[id(c)]


def test_boundaries_are_right_for_every_board_under_threads() -> None:
    # The core keeps boundaries per grid; the game's boards share them.
    grids = [Rules(players=n).tables.grid for n in (2, 3, 4)]
    rng = random.Random(2)
    items = [(g, rng.getrandbits(g.n_cells)) for g in grids for _ in range(60)]
    expected = {
        (id(g), cells): mask(
            e for e, cs in enumerate(g.edge_cells) if sum(cells >> c & 1 for c in cs) == 1
        )
        for g, cells in items
    }
    for (g, cells), answer in _hammer(lambda item: boundary(*item), items, 25):
        assert answer == expected[id(g), cells]


def _playout(rules: Rules, seed: int) -> list[object]:
    """A seeded random game: every legal move list, chance distribution and score on the way.

    Decisions go through the move texts too (``parse_move``), and chance
    outcomes are sampled without listing legal moves first, so the game's
    caches are used both ways.
    """
    rng = random.Random(seed)
    state = new_game(rules)
    trace: list[object] = []
    while state.to_move is not None:
        if rng.random() < 0.5:
            outcomes = chance_outcomes(state)
            trace.append(tuple((str(m), p) for m, p in outcomes))
        moves = legal_moves(state)
        trace.append(tuple(map(str, moves)))
        outcomes = chance_outcomes(state)
        if outcomes:
            move = sample(outcomes, rng)
        else:
            move = parse_move(state, str(moves[rng.randrange(len(moves))]))
        state = apply_move(state, move)
        trace.append(scores(state))
    return trace


def test_playouts_sharing_one_rules_match_playouts_alone() -> None:
    # Fresh Rules on each side: the threads fill the same empty caches at once.
    seeds = range(12)
    alone = Rules(players=4)
    expected = {seed: _playout(alone, seed) for seed in seeds}
    shared = Rules(players=4)
    for seed, trace in _hammer(lambda seed: _playout(shared, seed), list(seeds), 1):
        assert trace == expected[seed]


def test_observations_under_threads_match_observations_alone() -> None:
    """observe's kept deck counts and the encoding's kept packed blocks, shared by threads."""
    rules = Rules(players=3)
    rng = random.Random(4)
    states = []
    for _ in range(2):
        state = new_game(rules)
        while state.to_move is not None:
            states.append(state)
            outcomes = chance_outcomes(state)
            moves = legal_moves(state)
            state = apply_move(
                state, sample(outcomes, rng) if outcomes else moves[rng.randrange(len(moves))]
            )
    items = [(i, seat) for i in range(0, len(states), 3) for seat in range(rules.players)]
    alone = GetOffMyLandEncoding(rules)  # caches of its own
    expected = {
        (i, seat): (observe(states[i], seat), alone.observation_bytes(observe(states[i], seat)))
        for i, seat in items
    }
    shared = encoding(rules)

    def work(item: tuple[int, int]) -> tuple[Any, bytes]:
        view = observe(states[item[0]], item[1])
        return view, shared.observation_bytes(view)

    for item, got in _hammer(work, items, 2):
        assert got == expected[item]

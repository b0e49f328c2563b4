"""Every module-level cache of Fields of Green is safe under threads.

Each cache is emptied, then hammered from several threads with a few thousand
calls in random order while the interpreter switches threads as often as it
can; every answer must equal the one computed in a single thread. A parallel
tree search shares these caches, so a half-stored entry would play a wrong game.
"""

from __future__ import annotations

import array
import random
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from acreage import fields_of_green as fog
from acreage.core.chance import sample
from acreage.fields_of_green import geometry, legal, queries, steps
from acreage.fields_of_green import moves as mv
from acreage.fields_of_green import rules as rules_module

THREADS = 8
CALLS = 3000

# Several Rules, so that the per-Rules caches hold and evict more than one entry.
RULES = [
    fog.Rules(players=p, water_range=w, range_metric=m)
    for p in (2, 3, 4)
    for w in (1, 2, 3)
    for m in ("manhattan", "chebyshev", "path")
]


@pytest.fixture(autouse=True)
def switch_threads_often() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def hammer(cached: Callable[..., Any], args: Callable[[random.Random], tuple[Any, ...]]) -> None:
    """Empty ``cached``, call it a few thousand times with random ``args`` spread over
    several threads, and compare every answer with the uncached function's."""
    rng = random.Random(12)
    asked = [args(rng) for _ in range(CALLS)]
    expected = {a: cached.__wrapped__(*a) for a in set(asked)}  # type: ignore[attr-defined]
    cached.cache_clear()  # type: ignore[attr-defined]
    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(lambda a: cached(*a), asked))
    for a, answer in zip(asked, answers, strict=True):
        assert answer == expected[a], a


@pytest.mark.parametrize(
    "cached",
    [rules_module.card_ids, rules_module.tool_ids, queries.reach_offsets, legal.move_tables],
    ids=lambda f: f.__name__,
)
def test_per_rules_caches(cached: Any) -> None:
    hammer(cached, lambda rng: (rng.choice(RULES),))


def test_shared_cell_moves_are_stored_whole() -> None:
    legal.move_tables.cache_clear()
    r = RULES[0]
    t = r.tables
    xy = geometry.xy_table(t.origin)
    tables = legal.move_tables(r)

    def look(kc: tuple[int, int]) -> tuple[Any, ...]:
        k, c = kc
        return k, c, tables.build[k][c], tables.supply[k][c], tables.tower[c]

    rng = random.Random(12)
    asked = [(rng.randrange(len(t.names)), rng.randrange(len(xy) // 40)) for _ in range(CALLS)]
    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(look, asked))
    for k, c, build, supply, tower in answers:
        assert build == mv.Build(t.names[k], *xy[c])
        assert supply == mv.Supply(t.names[k], *xy[c])
        assert tower == mv.BuildTower(*xy[c])
        # Whichever thread stored the move first, everyone reads that one from now on.
        assert tables.build[k][c] is tables.build[k][c]


def test_cell_tables() -> None:
    # More windows than the cache keeps, so entries are evicted while others read them.
    hammer(geometry.xy_table, lambda rng: (rng.randrange(10, 22),))


def test_allowed_decks() -> None:
    hammer(
        queries._allowed_decks,
        lambda rng: (rng.randrange(1, 5), rng.randrange(12), rng.randrange(16), rng.randrange(16)),
    )


def test_round_steps() -> None:
    hammer(
        steps._round_steps, lambda rng: (rng.randrange(4), rng.randrange(2, 5), rng.random() < 0.5)
    )


SHARED_MOVES: list[tuple[Any, Callable[[random.Random], tuple[Any, ...]]]] = [
    (mv.store_water, lambda rng: (rng.randrange(-9, 9), rng.randrange(-9, 9))),
    (mv.pay_water, lambda rng: (rng.randrange(-9, 9), rng.randrange(-9, 9), rng.randrange(1, 4))),
    (mv.restore, lambda rng: (rng.choice(["pigs", "mill"]), rng.randrange(-9, 9), 0)),
    (mv.choose_tool, lambda rng: (rng.choice(["hose", "rake", "fork"]),)),
    (mv.attach_tool, lambda rng: (rng.choice(["hose", "rake"]), rng.randrange(-9, 9), 1)),
    (mv.keep_tool, lambda rng: (rng.choice(["hose", "rake", "fork"]),)),
    (mv.convert, lambda rng: (rng.choice(["mill", "bakery"]), 0, rng.randrange(-9, 9))),
    (mv.draw_from, lambda rng: (rng.choice(["fields", "livestock"]),)),
    (mv.deal, lambda rng: (rng.choice(["pigs", "mill"]),)),
    (mv.pick, lambda rng: (rng.choice(["pigs", "mill"]),)),
    (mv.market, lambda rng: (rng.randrange(3),)),
    (mv.deal_tool, lambda rng: (rng.choice(["hose", "rake"]),)),
]


@pytest.mark.parametrize(
    ("shared", "args"), SHARED_MOVES, ids=[s.__wrapped__.__name__ for s, _ in SHARED_MOVES]
)
def test_shared_moves(shared: Any, args: Callable[[random.Random], tuple[Any, ...]]) -> None:
    hammer(shared, args)


def _playout(rules: fog.Rules, seed: int) -> list[str]:
    rng = random.Random(seed)
    s = fog.new_game(rules)
    texts = []
    while not fog.is_terminal(s):
        outcomes = fog.chance_outcomes(s)
        move = sample(outcomes, rng) if outcomes else rng.choice(fog.legal_moves(s))
        texts.append(str(move))
        s = fog.apply_move(s, move)
    texts.append(repr(fog.scores(s)))
    return texts


def test_whole_games_in_threads_play_as_in_one() -> None:
    jobs = [(RULES[i % len(RULES)], i) for i in range(24)]
    expected = [_playout(r, seed) for r, seed in jobs]
    for cached in (legal.move_tables, queries.reach_offsets, rules_module.card_ids):
        cached.cache_clear()
    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(lambda job: _playout(*job), jobs))
    assert answers == expected


def _numbers(rules: fog.Rules, seed: int, quick: bool) -> list[tuple[Any, ...]]:
    """Every seat's packed observation and the legal moves' numbers along one playout:
    by the quick paths (kept blocks and numbers, shared by all threads), or by the
    reference ones."""
    rng = random.Random(seed)
    enc = fog.encoding(rules)
    s = fog.new_game(rules)
    out: list[tuple[Any, ...]] = []
    while not fog.is_terminal(s):
        views = [fog.observe(s, p) for p in range(rules.players)]
        if quick:
            out.append(tuple(map(enc.observation_bytes, views)))
        else:
            out.append(tuple(array.array("h", enc.observation(v)).tobytes() for v in views))
        outcomes = fog.chance_outcomes(s)
        if outcomes:
            move = sample(outcomes, rng)
        else:
            legal = fog.legal_moves(s)
            if quick:
                out.append(tuple(enc.encode_actions(s, legal)))
            else:
                out.append(tuple(enc.encode_action(s, m) for m in legal))
            move = rng.choice(legal)
        s = fog.apply_move(s, move)
    return out


def test_observations_and_numbers_in_threads_are_the_reference_ones() -> None:
    jobs = [(RULES[i % len(RULES)], i) for i in range(0, 27, 3)]
    expected = [_numbers(r, seed, quick=False) for r, seed in jobs]
    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(lambda job: _numbers(*job, quick=True), jobs))
    assert answers == expected

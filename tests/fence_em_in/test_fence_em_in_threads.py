"""Fence Em In's module-level and shared caches, hammered from several threads.

The caches: ``rules._reference`` (``functools.cache``), ``tables.tables_for``
(``lru_cache``), ``Rules.tables`` (a cached property), the two memos of a
:class:`~acreage.fence_em_in.tables.Tables` (``with_token``, emptied when
full, and ``card_outcomes``), and the memos of an encoding's observer. Each stores a complete answer with one
assignment, so every thread must get exactly the single-threaded answer.
"""

from __future__ import annotations

import array
import itertools
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

import acreage
from acreage import fence_em_in as fei
from acreage.fence_em_in import rules as rules_module
from acreage.fence_em_in import tables as tables_module
from acreage.fence_em_in.tables import KIND_INDEX, Tables

THREADS = 8


def test_reference_rules_and_tables_from_threads() -> None:
    """First calls race: every thread gets Rules and tables equal to the single-threaded ones."""
    expected = {
        (n, rounds): fei.Rules(players=n, rounds=rounds) for n in (2, 3, 4) for rounds in (3, 7)
    }
    expected_moves = {key: fei.legal_moves(fei.new_game(r)) for key, r in expected.items()}
    keys = list(expected) * 40
    random.Random(0).shuffle(keys)
    rules_module._reference.cache_clear()
    tables_module.tables_for.cache_clear()

    def make(key: tuple[int, int]) -> bool:
        n, rounds = key
        rules = fei.Rules(players=n, rounds=rounds)
        return (
            rules == expected[key]
            and rules.tables.size == rules.board_size
            and fei.legal_moves(fei.new_game(rules)) == expected_moves[key]
        )

    with ThreadPoolExecutor(THREADS) as pool:
        assert all(pool.map(make, keys))


def test_playouts_sharing_one_rules_from_threads() -> None:
    """Threads playing on one fresh Rules (its tables built by whichever comes first)
    play exactly the games one thread plays."""

    def game(rules: fei.Rules, seed: int) -> list[str]:
        return acreage.play(fei.GAME, rules, seed=seed).record.moves

    alone = [game(fei.Rules(players=3), seed) for seed in range(24)]
    shared = fei.Rules(players=3, rounds=10)  # equal to, but not, the Rules used above
    with ThreadPoolExecutor(THREADS) as pool:
        together = list(pool.map(lambda seed: game(shared, seed), range(24)))
    assert together == alone


def _with_token_expected(column: tuple[str, ...], kind: str) -> tuple[str, ...]:
    return tuple(sorted((*column, kind), key=KIND_INDEX.__getitem__))


def test_with_token_memo_emptied_while_threads_use_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tiny memo limit makes threads empty the memo under each other's feet."""
    monkeypatch.setattr(tables_module, "_MEMO_LIMIT", 8)
    tables = Tables(fei.Rules(players=4))
    columns = [
        tuple(sorted(c, key=KIND_INDEX.__getitem__))
        for n in range(4)
        for c in itertools.combinations_with_replacement(fei.KINDS, n)
    ]
    calls = [(c, k) for c in columns for k in fei.KINDS]
    random.Random(1).shuffle(calls)
    calls = calls[:4000]

    def add(call: tuple[tuple[str, ...], str]) -> bool:
        return tables.with_token(*call) == _with_token_expected(*call)

    with ThreadPoolExecutor(THREADS) as pool:
        assert all(pool.map(add, calls))
    assert len(tables._columns) <= 8


def test_card_outcomes_memo_from_threads() -> None:
    rules = fei.Rules(players=4)
    alone = Tables(rules)
    names = [c.name for c in rules.usable_support_cards]
    enclosure = rules.enclosure_cards[0].name
    keys = [()] + [
        (enclosure, *chosen) for n in (0, 1) for chosen in itertools.permutations(names, n)
    ]
    expected = {key: alone.card_outcomes(key) for key in keys}
    shared = Tables(rules)
    calls = keys * 100
    random.Random(2).shuffle(calls)
    with ThreadPoolExecutor(THREADS) as pool:
        assert all(pool.map(lambda key: shared.card_outcomes(key) == expected[key], calls))


def test_observations_and_numbers_from_threads() -> None:
    """Threads observing different games through one encoding (whose memos keep the
    last board, assets board, rows and cards, as lists and as packed bytes) get exactly
    what a fresh encoding gives, and number whole legal lists as it does move by move."""
    rules = fei.Rules(players=3)
    records = [acreage.play(fei.GAME, rules, seed=seed).record.moves for seed in range(6)]

    def check(moves: list[str]) -> bool:
        state = fei.new_game(rules)
        fresh = fei.FenceEncoding(rules)
        ok = True
        for text in moves:
            for seat in range(rules.players):
                view = fei.observe(state, seat)
                tensor = fresh.observation(view)
                ok &= fei.observation_tensor(view) == tensor
                packed = fei.encoding(rules).observation_bytes(view)
                ok &= array.array("h", packed).tolist() == tensor
            legal = fei.legal_moves(state)
            ok &= fei.legal_actions(state) == tuple(
                sorted(fei.encode_move(state, m) for m in legal)
            )
            if state.to_move is not acreage.CHANCE:
                numbers = [fresh.encode_action(state, m) for m in legal]
                ok &= fei.encoding(rules).encode_actions(state, legal) == numbers
            state = fei.apply_move(state, fei.parse_move(state, text))
        return ok

    with ThreadPoolExecutor(THREADS) as pool:
        assert all(pool.map(check, records * 2))

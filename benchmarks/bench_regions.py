"""Microseconds per partition: the fast bitset path against networkx, and an
update edge by edge against a fresh partition.

A 12x12 SquareGrid with 30% of its inner edges blocked and a HexGrid(3) with
30% blocked, in both border modes. Target: the fast path at least 40x faster.
Then random walls going up and coming down one at a time on those boards and
on a 5x5 one (Get Off My Land!'s four-player board): ``Partition.block`` and
``unblock`` against ``partition`` from scratch after each step (reported, no
target).
"""

from __future__ import annotations

import random
import sys
import time
import timeit

from acreage.core.grid import Grid, HexGrid, SquareGrid
from acreage.core.regions import Border, Partition, partition, partition_nx

TARGET = 40.0
ROUNDS = 25


def blocked_edges(grid: Grid, share: float, seed: int) -> int:
    rng = random.Random(seed)
    inner = [e for e in range(grid.n_edges) if not grid.is_border(e)]
    return sum(1 << e for e in rng.sample(inner, round(share * len(inner))))


def per_call_us(fn: object, boards: list[int], grid: Grid, border: Border, number: int) -> float:
    """CPU microseconds per call for one timing slice."""

    def run() -> None:
        for b in boards:
            fn(grid, b, border)  # type: ignore[operator]

    return timeit.Timer(run, timer=time.process_time).timeit(number) / (number * len(boards)) * 1e6


def best_of_interleaved(boards: list[int], grid: Grid, border: Border) -> tuple[float, float]:
    """The best slice of each side, the two sides taking turns so that load weighs on both."""
    fast = slow = float("inf")
    for _ in range(ROUNDS):
        fast = min(fast, per_call_us(partition, boards, grid, border, 50))
        slow = min(slow, per_call_us(partition_nx, boards, grid, border, 2))
    return fast, slow


def toggles(grid: Grid, seed: int, steps: int) -> list[int]:
    """Edges to toggle, drawn from a pool of a third of the inner edges."""
    rng = random.Random(seed)
    inner = [e for e in range(grid.n_edges) if not grid.is_border(e)]
    pool = rng.sample(inner, len(inner) // 3)
    return [rng.choice(pool) for _ in range(steps)]


def per_step_us(grid: Grid, steps: list[int], incremental: bool) -> float:
    """CPU microseconds per toggled edge, kept up to date or partitioned afresh."""
    part: Partition = partition(grid, 0)
    start = time.process_time()
    for e in steps:
        if incremental:
            part = part.unblock(e) if part.blocked >> e & 1 else part.block(e)
        else:
            part = partition(grid, part.blocked ^ 1 << e)
    return (time.process_time() - start) / len(steps) * 1e6


def incremental_table() -> None:
    print(f"\n{'board':<28} {'update us':>10} {'fresh us':>9} {'ratio':>7}")
    for grid in (SquareGrid(5, 5), SquareGrid(12, 12), HexGrid(3)):
        steps = toggles(grid, 1, 2000)
        kept = fresh = float("inf")
        for _ in range(ROUNDS // 5):
            kept = min(kept, per_step_us(grid, steps, True))
            fresh = min(fresh, per_step_us(grid, steps, False))
        print(f"{grid!r:<28} {kept:>10.1f} {fresh:>9.1f} {fresh / kept:>6.1f}x")


def main() -> int:
    ok = True
    print(f"{'board':<28} {'mode':<5} {'fast us':>9} {'networkx us':>12} {'ratio':>7}")
    for grid in (SquareGrid(12, 12), HexGrid(3)):
        boards = [blocked_edges(grid, 0.3, seed) for seed in range(20)]
        for border in Border:
            fast, slow = best_of_interleaved(boards, grid, border)
            ratio = slow / fast
            ok &= ratio >= TARGET
            label = f"{grid!r}, 30% blocked"
            print(f"{label:<28} {border.value:<5} {fast:>9.1f} {slow:>12.1f} {ratio:>6.1f}x")
    print(f"target: fast path >= {TARGET:.0f}x networkx: {'met' if ok else 'NOT MET'}")
    incremental_table()
    return 0


if __name__ == "__main__":
    sys.exit(main())

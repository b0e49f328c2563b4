"""Golden files: a recorded playthrough and a move-count table, diffed on every run."""

from __future__ import annotations

from acreage import fields_of_green as fog
from acreage.testing import golden_playthrough, move_counts
from golden import check_golden


def test_golden_playthrough_2_players_2_years() -> None:
    # Seed 129's two years show both passing directions, every action A-E, a tool
    # drawn and attached, water paid and stored, sites supplied and shut down; four
    # years would double the file without showing more (the move counts cover four).
    check_golden(
        "fields-of-green/playthrough-2p-2years-seed129.txt",
        golden_playthrough(fog.GAME, fog.Rules(players=2, years=2), seed=129),
    )


def test_golden_move_counts_4_players() -> None:
    check_golden(
        "fields-of-green/move-counts-4p-seed2.txt",
        move_counts(fog.GAME, fog.Rules(players=4), seed=2),
    )

"""Golden files: a seeded playthrough and its move counts for each player count.

Regenerate with ACREAGE_UPDATE_GOLDEN=1 and review the diff.
"""

from __future__ import annotations

import pytest

from acreage import fence_em_in as fei
from acreage.testing import golden_playthrough, move_counts
from golden import check_golden


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_playthrough(players: int) -> None:
    check_golden(
        f"fence-em-in/playthrough-{players}p-seed1.txt",
        golden_playthrough(fei.GAME, fei.Rules(players=players), seed=1),
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_golden_move_counts(players: int) -> None:
    check_golden(
        f"fence-em-in/move-counts-{players}p-seed1.txt",
        move_counts(fei.GAME, fei.Rules(players=players), seed=1),
    )

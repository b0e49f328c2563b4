"""The game setups the tools cover: every game, player count and mode, and the notable options.

Shared by ``trace_hash.py`` (behaviour fingerprints) and ``soak.py`` (long
random runs), so both walk the same setups.
"""

from __future__ import annotations

from typing import Any

SETUPS: dict[str, tuple[dict[str, Any], ...]] = {
    "crazy-farmers": (
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 1, "mode": "mad-cow"},
        {"players": 2, "mode": "mad-cow"},
        {"players": 3, "mode": "mad-cow"},
        {"players": 4, "mode": "mad-cow"},
    ),
    "fence-em-in": ({"players": 2}, {"players": 3}, {"players": 4}),
    "fields-of-green": ({"players": 2}, {"players": 3}, {"players": 4}),
    "get-off-my-land": (
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 3, "anchored_fences": True},
        {"players": 2, "home_farmer_protects": False},
    ),
}


def label(options: dict[str, Any]) -> str:
    """``players=2 mode=mad-cow``: a setup's options as text."""
    return " ".join(f"{k}={v}" for k, v in options.items())

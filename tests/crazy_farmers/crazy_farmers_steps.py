"""Helpers for the Crazy Farmers tests: play move texts, list legal move texts."""

from __future__ import annotations

from acreage import crazy_farmers as cf


def texts(state: cf.State) -> list[str]:
    """The text of every legal move."""
    return [str(m) for m in cf.legal_moves(state)]


def play(state: cf.State, *moves: str) -> cf.State:
    """Apply move texts one by one, checking each is listed as legal first."""
    for text in moves:
        move = cf.parse_move(state, text)
        legal = cf.legal_moves(state)
        assert move in legal, f"{text!r} is not legal here; legal: {[str(m) for m in legal]}"
        state = cf.apply_move(state, move)
    return state


def plots(*names: str) -> int:
    """The bitset of the plots named."""
    out = 0
    for name in names:
        out |= 1 << cf.plot(name)
    return out

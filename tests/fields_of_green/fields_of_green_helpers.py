"""Driving Fields of Green through its public API in tests: moves by their text, chance chosen."""

from __future__ import annotations

from typing import Any

from acreage import fields_of_green as fog


def rules(**fields: Any) -> fog.Rules:
    """Rules for a scenario: 2 players, seat 0 starts, unless ``fields`` say otherwise."""
    return fog.Rules(**{"players": 2, "start_player": 0, **fields})


def play(state: fog.State, *texts: str) -> fog.State:
    """Apply each move given by its text, in order."""
    for text in texts:
        state = fog.apply_move(state, fog.parse_move(state, text))
    return state


def phase(state: fog.State) -> str:
    return fog.PHASES[fog.question(state).phase]


def deal(state: fog.State, *names: str) -> fog.State:
    """The player drawing now takes the named cards blind, each from its own deck."""
    deck_of = {c.name: c.deck for c in state.rules.cards}
    for name in names:
        if phase(state) == "draw":
            state = play(state, f"draw from {deck_of[name]}")
        state = play(state, f"deal card {name}")
    return state


def deal_hands(state: fog.State, *hands: tuple[str, ...]) -> fog.State:
    """Each player in drawing order takes one of ``hands``."""
    for hand in hands:
        state = deal(state, *hand)
    return state


def texts(state: fog.State) -> list[str]:
    """The legal moves by their text."""
    return [str(m) for m in fog.legal_moves(state)]


def farm(state: fog.State, seat: int) -> fog.Farm:
    return state.farms[seat]


def site(state: fog.State, seat: int, x: int, y: int) -> fog.SiteView | None:
    """The card at ``(x, y)`` in ``seat``'s farm, or None."""
    views = fog.farm_sites(state.rules, state.farms[seat])
    return next((v for v in views if (v.x, v.y) == (x, y)), None)


def name_at(state: fog.State, seat: int, x: int, y: int) -> str:
    """The name of the card at ``(x, y)`` ('' if none), '[name]' when shut down."""
    v = site(state, seat, x, y)
    if v is None:
        return ""
    return v.name if v.face_up else f"[{v.name}]"


def water(state: fog.State, seat: int, x: int, y: int) -> int:
    """The water in the tower at ``(x, y)``."""
    v = site(state, seat, x, y)
    assert v is not None and v.name == "water tower"
    return v.water


def action_round(state: fog.State, picks: tuple[str, ...], actions: tuple[str, ...]) -> fog.State:
    """One action round: each pick (the last card of a hand is picked by itself), then each action."""
    for card in picks:
        if phase(state) == "pick":
            state = play(state, f"pick {card}")
    return play(state, *actions)

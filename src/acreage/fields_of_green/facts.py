"""Fields of Green's facts: the bounds a generic tool needs, proved from the Rules.

:func:`game_facts` gives the :class:`~acreage.core.encoding.Facts` of
:func:`~acreage.fields_of_green.encoding` (the longest game, the most legal
moves and chance outcomes at one node, the score range, what is hidden or
simultaneous). Each bound is computed by a function of its own below, whose
docstring holds the argument for it, and ``acreage.testing.check_game`` fails
a playout that exceeds one.

Notation: ``P`` players, ``Y`` years, ``H`` hand size, ``D = Y * H`` actions
per player, ``T`` tool kinds, ``tiles`` tool tiles in all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from acreage.core.encoding import Facts
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.rules import (
    CONVERT,
    FARM,
    GREEN,
    GREY,
    NEIGHBOUR,
    PRODUCE,
    TOOL,
    YELLOW,
    Compiled,
    Rules,
)

__all__ = ["game_facts"]

Gains = tuple[int, int, int, int]
"""Coins, water, grain and stars."""


def game_facts(
    rules: Rules, num_actions: int, num_chance_outcomes: int, observation_shape: tuple[int, ...]
) -> Facts:
    """The game's facts under ``rules`` (the sizes given by its encoding); every bound is
    proved from the rules, each by the function that computes it in this module: the
    events of a game (``_events``), what a player receives (``_received``), the scores
    (``_max_score``), the decisions (``_max_decisions``), the chance nodes
    (``_max_chance_nodes``), the legal moves (``_max_legal_moves``) and chance outcomes
    (``_max_chance_outcomes``) at one node, and what is hidden (``_deck_kinds``).
    """
    events = _events(rules)
    received = _received(rules, events)
    deck_kinds = _deck_kinds(rules)
    return Facts(
        players=rules.players,
        min_players=2,
        max_players=4,
        chance=True,
        hidden_information=deck_kinds > 1,
        simultaneous=rules.hand_size > 1,
        cooperative=False,
        min_score=0,
        max_score=_max_score(rules, events, received),
        max_decisions=_max_decisions(rules, events, water=received[1]),
        max_chance_nodes=_max_chance_nodes(rules, events),
        max_legal_moves=min(_max_legal_moves(rules, events), num_actions),
        max_chance_outcomes=_max_chance_outcomes(rules, events, deck_kinds),
        num_actions=num_actions,
        num_chance_outcomes=num_chance_outcomes,
        observation_shape=observation_shape,
    )


class _Events(NamedTuple):
    """The most of each event of one player's game (see :func:`_events`)."""

    actions: int
    """``D``: actions, each laying at most one site."""
    most_cards: int
    """``2 + D``: the cards a farm holds at most."""
    green: tuple[int, ...]
    """The green card kinds (supplied at harvest)."""
    tool_effects: int
    """The most ``tool`` effects on one card."""
    acquired: int
    """Tool tiles one player acquires at most."""
    acquired_all: int
    """Tool tiles all players acquire at most."""
    supplies: int
    """Sites one player supplies at most."""
    converts: int
    """Conversions one player makes at most."""


def _events(rules: Rules) -> _Events:
    """The most events of a player's game.

    Each year every player draws ``H`` cards and takes ``H`` actions (the cards
    suffice: ``Rules`` checks the decks hold ``P * H * Y``), so a player takes
    ``D`` actions, and each action lays at most one site (A, B and C lay one, D
    and E none). A farm thus holds at most ``2 + D`` cards, and at the harvest of
    year ``y`` at most ``y * H`` location cards, so a player supplies at most
    ``H * Y * (Y + 1) / 2`` sites in a game (``supplies``), and converts at most
    ``supplies * most convert times``. A tool tile is kept only after a ``tool``
    effect of a grey card being built (at most ``D * most tool effects on a
    card`` per player), and each one kept leaves the pile for good (the others go
    back under it), so the tools acquired are at most ``min(tiles, that)`` per
    player and ``min(tiles, P * that)`` in all. A farm holds at most as many
    copies of a card as the decks have.
    """
    t = rules.tables
    years, hand = rules.years, rules.hand_size
    actions = years * hand
    cards = range(len(t.names) - 2)
    tiles = len(t.tool_pile)
    tool_effects = max((sum(e[0] == TOOL for e in t.effects[k]) for k in cards), default=0)
    green = tuple(k for k in cards if t.ability[k] == GREEN)
    supplies = hand * years * (years + 1) // 2 if green else 0
    times = max((e[9] for k in green for e in t.effects[k] if e[0] == CONVERT), default=0)
    return _Events(
        actions=actions,
        most_cards=2 + actions,
        green=green,
        tool_effects=tool_effects,
        acquired=min(tiles, actions * tool_effects),
        acquired_all=min(tiles, rules.players * actions * tool_effects),
        supplies=supplies,
        converts=supplies * times,
    )


def _gains(effects: tuple[Compiled, ...], most_cards: int) -> Gains:
    """The most coins, water, grain and stars ``effects`` produce when they work once.

    A produce effect counts once, per neighbour (at most 4) or per card of the
    farm (at most ``most_cards``).
    """
    total = [0, 0, 0, 0]
    for e in effects:
        if e[0] != PRODUCE:
            continue
        times = most_cards if e[5] == FARM else 4 if e[5] == NEIGHBOUR else 1
        for i in range(4):
            total[i] += e[1 + i] * times
    return total[0], total[1], total[2], total[3]


def _most(rows: Sequence[tuple[int, ...]], width: int = 4) -> tuple[int, ...]:
    """The largest value of each column of ``rows`` (zeros when there are none)."""
    return tuple(max((r[i] for r in rows), default=0) for i in range(width))


def _tool_gains(rules: Rules, ability: int, most_cards: int) -> tuple[int, ...]:
    """The most one tool of ``ability`` gains when it works once."""
    t = rules.tables
    return _most(
        [
            _gains(t.tool_effects[x], most_cards)
            for x in range(len(t.tool_names))
            if t.tool_ability[x] == ability
        ]
    )


def _action_gains(rules: Rules, most_cards: int) -> tuple[int, ...]:
    """The most an action gains: a site's grey effects work when it is laid, and the
    market pays ``market_coins + market_grain * grain_price`` instead."""
    t = rules.tables
    build = _most(
        [_gains(t.effects[k], most_cards) for k in range(len(t.names) - 2) if t.ability[k] == GREY]
    )
    market = (rules.market_coins + rules.market_grain * rules.grain_price, 0, 0, 0)
    return tuple(max(a, b) for a, b in zip(build, market, strict=True))


def _supply_gains(rules: Rules, events: _Events) -> tuple[int, ...]:
    """The most a site supplied at harvest gains: its green effects and its converts
    (each gaining its amounts once per use, up to its times), and the green tools it
    holds (at most ``tools_per_site``)."""
    t = rules.tables
    site = _most(
        [
            tuple(
                g + sum(e[9] * e[1 + i] for e in t.effects[k] if e[0] == CONVERT)
                for i, g in enumerate(_gains(t.effects[k], events.most_cards))
            )
            for k in events.green
        ]
    )
    green_tool = _tool_gains(rules, GREEN, events.most_cards)
    return tuple(a + rules.tools_per_site * b for a, b in zip(site, green_tool, strict=True))


def _received(rules: Rules, events: _Events) -> list[int]:
    """The most coins, water, grain and star tokens a player receives in a game.

    Summing the most of each event (:func:`_action_gains` per action, a grey
    tool's gains per tool acquired, attached at once, :func:`_supply_gains` per
    supply, income in years 2 to ``Y``) over the most events bounds each.
    """
    action = _action_gains(rules, events.most_cards)
    attach = _tool_gains(rules, GREY, events.most_cards)
    supply = _supply_gains(rules, events)
    income = (rules.income_coins, rules.income_water, rules.income_grain, 0)
    return [
        (rules.years - 1) * income[i]
        + events.actions * action[i]
        + events.acquired * attach[i]
        + events.supplies * supply[i]
        for i in range(4)
    ]


def _towers(rules: Rules, actions: int) -> int:
    """The water towers a farm holds at most: the first, and one per action while the
    stack lasts."""
    return 1 + min(actions, rules.water_towers - rules.players)


def _max_score(rules: Rules, events: _Events, received: list[int]) -> int:
    """The highest score a player can reach.

    Scores are sums of non-negative lines (so at least 0): the printed stars and
    yellow abilities of at most ``D`` location cards (the best ``D`` of the
    decks, each kind at most as often as it has copies), the star tokens
    received, a point per tool acquired (kept aside) plus the yellow points of
    those attached, a point per 3 coins and per 2 grain at most received or held,
    and a point per water tower. Grain never exceeds the silos' capacity (at
    most ``1 + min(D, silos - P)`` silos plus the capacity tools acquired).
    """
    t, most_cards = rules.tables, events.most_cards
    card_points = sorted(
        (
            t.stars[k] + (_gains(t.effects[k], most_cards)[3] if t.ability[k] == YELLOW else 0)
            for k in range(len(t.names) - 2)
            for _ in range(rules.cards[k].count)
        ),
        reverse=True,
    )[: events.actions]
    tool_points = _tool_gains(rules, YELLOW, most_cards)[3]
    coins = rules.start_coins + received[0]
    silos = 1 + min(events.actions, rules.silos - rules.players)
    grain = silos * rules.silo_capacity + events.acquired * max(t.tool_capacity, default=0)
    return (
        sum(card_points)
        + received[3]
        + events.acquired * (1 + tool_points)
        + coins // 3
        + grain // 2
        + _towers(rules, events.actions)
    )


def _payments(rules: Rules, events: _Events) -> int:
    """The ``pay water`` decisions of a player: each build and supply pays at most once,
    and with ``split_payments`` one token per decision, so at most the largest water
    cost or need per payment."""
    t = rules.tables
    water_cost = max(t.cost[k][1] for k in range(len(t.names) - 2))
    water_need = max((t.needs[k][0] for k in events.green), default=0)
    if rules.split_payments:
        return events.actions * water_cost + events.supplies * water_need
    return events.actions * min(water_cost, 1) + events.supplies * min(water_need, 1)


def _max_decisions(rules: Rules, events: _Events, water: int) -> int:
    """The decisions of a game, ``water`` being the most water a player receives.

    Per player: a draw per card (``Y * H``), a pick per round except the last
    card of a hand (``Y * (H - 1)``), an action per round (``Y * H``), the
    payments (:func:`_payments`), a ``store water`` per token stored (at most
    the water received), a ``supply`` per site supplied, a ``convert``/``done``
    per use at most, and an ``attach``/``done`` per site laid plus one per tool
    attached; in all, at most three tool decisions (choose, place, attach later)
    per tool acquired.
    """
    years, hand, actions = rules.years, rules.hand_size, events.actions
    per_player = (
        years * hand  # draws
        + years * (hand - 1)  # picks
        + actions  # actions
        + _payments(rules, events)
        + water  # water stored
        + events.supplies
        + events.converts
        + actions  # done attaching kept tools, once per site laid
    )
    return rules.players * per_player + 3 * events.acquired_all


def _max_chance_nodes(rules: Rules, events: _Events) -> int:
    """The chance nodes of a game: the start player (when chance chooses), a deal per
    card drawn (``P * Y * H``), and at most ``tool_draw`` tile deals per tool acquired."""
    return (
        (1 if rules.start_player is None else 0)
        + rules.players * rules.years * rules.hand_size
        + rules.tool_draw * events.acquired_all
    )


def _max_legal_moves(rules: Rules, events: _Events) -> int:
    """The most legal moves of a decision.

    An action lists at most three moves per free cell next to the farm (build,
    tower, silo), a market move per grain that may be sold, and a restore per
    shut-down site. A connected set of ``c`` cells has at most ``2c + 2`` empty
    orthogonal neighbours (one cell has 4, and each cell added takes one of
    them and adds at most three), the farm holds at most ``D + 1`` cards before
    its last action, and at most ``D - 1`` of them (location cards) can be shut
    down. Storing and paying water list at most one move per tower; placing a
    tool one per site and keep; attaching kept tools one per tool kind and done;
    the harvest one per location card; a pick one per card kind in a hand of
    ``H``.
    """
    t, actions = rules.tables, events.actions
    n_cards, n_tools = len(t.names) - 2, len(t.tool_names)
    before_last = actions + 1
    return max(
        3 * (2 * before_last + 2) + (before_last - 2) + rules.market_grain + 1,  # an action
        _towers(rules, actions),  # store or pay water
        len(DECKS),
        min(rules.hand_size, n_cards),  # pick
        min(rules.tool_draw, n_tools),  # choose a tool
        events.most_cards + 1,  # place a tool, or keep it
        n_tools + 1,  # attach a kept tool, or done
        actions,  # supply or shut down
        2,  # convert or done
    )


def _deck_kinds(rules: Rules) -> int:
    """The most card kinds in one deck.

    A card's back shows its deck, so something is hidden exactly when a deck
    holds more than one kind of card (the hands drawn from it, the picks lying
    face down); the picks are simultaneous when a hand has more than one card
    to choose from. Every card drawn is a chance node, even from a deck of one
    kind.
    """
    t = rules.tables
    cards = range(len(t.names) - 2)
    return max(sum(t.deck[k] == d for k in cards) for d in range(len(DECKS)))


def _max_chance_outcomes(rules: Rules, events: _Events, deck_kinds: int) -> int:
    """The most outcomes of a chance node: the card kinds of one deck, the tool kinds
    (when a tile can be drawn at all), or the seats (when chance picks the start)."""
    return max(
        deck_kinds,
        len(rules.tables.tool_names) if events.tool_effects else 0,
        rules.players if rules.start_player is None else 0,
    )

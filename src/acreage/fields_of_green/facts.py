"""Fields of Green's facts: the bounds a generic tool needs, proved from the Rules.

:func:`game_facts` gives the :class:`~acreage.core.encoding.Facts` of
:func:`~acreage.fields_of_green.encoding` (the longest game, the most legal
moves and chance outcomes at one node, the score range, what is hidden or
simultaneous); its docstring holds the argument for each bound, and
``acreage.testing.check_game`` fails a playout that exceeds one.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def _gains(effects: tuple[Compiled, ...], most_cards: int) -> tuple[int, int, int, int]:
    """The most coins, water, grain and stars ``effects`` produce when they work once."""
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


def game_facts(
    rules: Rules, num_actions: int, num_chance_outcomes: int, observation_shape: tuple[int, ...]
) -> Facts:
    """The game's facts under ``rules`` (the sizes given by its encoding); every bound is
    proved here from the rules.

    Notation: ``P`` players, ``Y`` years, ``H`` hand size, ``D = Y * H`` actions
    per player, ``T`` tool kinds, ``tiles`` tool tiles in all.

    *Events.* Each year every player draws ``H`` cards and takes ``H``
    actions (the cards suffice: ``Rules`` checks the decks hold ``P * H * Y``),
    so a player takes ``D`` actions, and each action lays at most one site
    (A, B and C lay one, D and E none). A farm thus holds at most ``2 + D``
    cards, and at the harvest of year ``y`` at most ``y * H`` location cards,
    so a player supplies at most ``H * Y * (Y + 1) / 2`` sites in a game
    (``supplies``), and converts at most ``supplies * most convert times``.
    A tool tile is kept only after a ``tool`` effect of a grey card being
    built (at most ``D * most tool effects on a card`` per player), and each
    one kept leaves the pile for good (the others go back under it), so the
    tools acquired are at most ``min(tiles, that)`` per player and
    ``min(tiles, P * that)`` in all. A farm holds at most as many copies of
    a card as the decks have.

    *Gains.* A produce effect counts once, per neighbour (at most 4) or per
    card of the farm (at most ``2 + D``); a site's grey effects work when it is
    laid, a grey tool's when attached, green ones when the site is supplied (a
    site holds at most ``tools_per_site`` tools) together with its converts,
    each gaining its amounts once per use, the market pays ``market_coins + market_grain *
    grain_price`` instead of a build's grey gains, and income comes in years 2
    to ``Y``. Summing the most of each event over the most events bounds the
    coins, water and star tokens a player ever receives; grain never exceeds
    the silos' capacity (at most ``1 + min(D, silos - P)`` silos plus the
    capacity tools acquired).

    *Decisions* per player: a draw per card (``Y * H``), a pick per round
    except the last card of a hand (``Y * (H - 1)``), an action per round
    (``Y * H``), a ``pay water`` per payment (each build and supply pays at
    most once; with ``split_payments`` one token per decision, so at most the
    largest water cost or need per payment), a ``store water`` per token
    stored (at most the water received), a ``supply`` per site supplied, a
    ``convert``/``done`` per use at most, and an ``attach``/``done`` per site
    laid plus one per tool attached; in all, at most three tool decisions
    (choose, place, attach later) per tool acquired.

    *Chance nodes*: the start player (when chance chooses), a deal per card
    drawn (``P * Y * H``), and at most ``tool_draw`` tile deals per tool
    acquired.

    *Legal moves*: an action lists at most three moves per free cell next
    to the farm (build, tower, silo), a market move per grain that may be
    sold, and a restore per shut-down site. A connected set of ``c`` cells has
    at most ``2c + 2`` empty orthogonal neighbours (one cell has 4, and each
    cell added takes one of them and adds at most three), the farm holds at
    most ``D + 1`` cards before its last action, and at most ``D - 1`` of them
    (location cards) can be shut down. Storing and paying water list at most
    one move per tower (``1 + min(D, water_towers - P)``); placing a tool one
    per site and keep; attaching kept tools one per tool kind and done; the
    harvest one per location card; a pick one per card kind in a hand of
    ``H``. Chance lists at most the card kinds of one deck, the tool kinds, or
    the seats.

    *Information*: a card's back shows its deck, so something is hidden exactly
    when a deck holds more than one kind of card (the hands drawn from it, the
    picks lying face down); the picks are simultaneous when a hand has more
    than one card to choose from. Every card drawn is a chance node, even
    from a deck of one kind.

    *Scores* are sums of non-negative lines (so at least 0): the printed stars
    and yellow abilities of at most ``D`` location cards (the best ``D`` of
    the decks), the star tokens
    received, a point per tool acquired (kept aside) plus the yellow points of
    those attached, a point per 3 coins and per 2 grain at most received or
    held, and a point per water tower.
    """
    t = rules.tables
    players, years, hand = rules.players, rules.years, rules.hand_size
    actions = years * hand
    n_cards, n_tools = len(t.names) - 2, len(t.tool_names)
    most_cards = 2 + actions
    cards = range(n_cards)
    tiles = len(t.tool_pile)
    # Events per player.
    tool_effects = max((sum(e[0] == TOOL for e in t.effects[k]) for k in cards), default=0)
    acquired = min(tiles, actions * tool_effects)
    acquired_all = min(tiles, players * actions * tool_effects)
    green = [k for k in cards if t.ability[k] == GREEN]
    supplies = hand * years * (years + 1) // 2 if green else 0
    convert_effects = [e for k in green for e in t.effects[k] if e[0] == CONVERT]
    converts = supplies * max((e[9] for e in convert_effects), default=0)
    # The most each event gains: coins, water, grain, stars.
    tools = range(n_tools)
    build = _most([_gains(t.effects[k], most_cards) for k in cards if t.ability[k] == GREY])
    market = (rules.market_coins + rules.market_grain * rules.grain_price, 0, 0, 0)
    action = tuple(max(a, b) for a, b in zip(build, market, strict=True))
    attach = _most(
        [_gains(t.tool_effects[x], most_cards) for x in tools if t.tool_ability[x] == GREY]
    )
    green_tool = _most(
        [_gains(t.tool_effects[x], most_cards) for x in tools if t.tool_ability[x] == GREEN]
    )
    # A site supplied produces and converts (up to its times) once.
    site = _most(
        [
            tuple(
                g + sum(e[9] * e[1 + i] for e in t.effects[k] if e[0] == CONVERT)
                for i, g in enumerate(_gains(t.effects[k], most_cards))
            )
            for k in green
        ]
    )
    supply = tuple(a + rules.tools_per_site * b for a, b in zip(site, green_tool, strict=True))
    income = (rules.income_coins, rules.income_water, rules.income_grain, 0)
    received = [
        (years - 1) * income[i] + actions * action[i] + acquired * attach[i] + supplies * supply[i]
        for i in range(4)
    ]
    coins = rules.start_coins + received[0]
    water, stars = received[1], received[3]
    silos = 1 + min(actions, rules.silos - players)
    towers = 1 + min(actions, rules.water_towers - players)
    grain = silos * rules.silo_capacity + acquired * max(t.tool_capacity, default=0)
    # Scores.
    # The best D cards of the deck, each kind at most as often as it has copies.
    card_points = sorted(
        (
            t.stars[k] + (_gains(t.effects[k], most_cards)[3] if t.ability[k] == YELLOW else 0)
            for k in cards
            for _ in range(rules.cards[k].count)
        ),
        reverse=True,
    )[:actions]
    tool_points = max(
        (_gains(t.tool_effects[x], most_cards)[3] for x in tools if t.tool_ability[x] == YELLOW),
        default=0,
    )
    max_score = (
        sum(card_points) + stars + acquired * (1 + tool_points) + coins // 3 + grain // 2 + towers
    )
    # Decisions and chance nodes.
    split = rules.split_payments
    water_cost = max(t.cost[k][1] for k in cards)
    water_need = max((t.needs[k][0] for k in green), default=0)
    payments = actions * (water_cost if split else min(water_cost, 1)) + supplies * (
        water_need if split else min(water_need, 1)
    )
    per_player = (
        years * hand  # draws
        + years * (hand - 1)  # picks
        + actions  # actions
        + payments
        + water  # water stored
        + supplies
        + converts
        + actions  # done attaching kept tools, once per site laid
    )
    max_decisions = players * per_player + 3 * acquired_all
    max_chance_nodes = (
        (1 if rules.start_player is None else 0)
        + players * years * hand
        + rules.tool_draw * acquired_all
    )
    before_last = actions + 1
    max_legal_moves = max(
        3 * (2 * before_last + 2) + (before_last - 2) + rules.market_grain + 1,  # an action
        towers,  # store or pay water
        len(DECKS),
        min(hand, n_cards),  # pick
        min(rules.tool_draw, n_tools),  # choose a tool
        most_cards + 1,  # place a tool, or keep it
        n_tools + 1,  # attach a kept tool, or done
        actions,  # supply or shut down
        2,  # convert or done
    )
    deck_kinds = max(sum(t.deck[k] == d for k in cards) for d in range(len(DECKS)))
    max_chance_outcomes = max(
        deck_kinds, n_tools if tool_effects else 0, players if rules.start_player is None else 0
    )
    return Facts(
        players=players,
        min_players=2,
        max_players=4,
        chance=True,
        hidden_information=deck_kinds > 1,
        simultaneous=hand > 1,
        cooperative=False,
        min_score=0,
        max_score=max_score,
        max_decisions=max_decisions,
        max_chance_nodes=max_chance_nodes,
        max_legal_moves=min(max_legal_moves, num_actions),
        max_chance_outcomes=max_chance_outcomes,
        num_actions=num_actions,
        num_chance_outcomes=num_chance_outcomes,
        observation_shape=observation_shape,
    )

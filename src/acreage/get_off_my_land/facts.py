"""Get Off My Land!'s facts: the bounds a generic tool needs, proved from the Rules.

:func:`game_facts` gives the :class:`~acreage.core.encoding.Facts` of
:func:`~acreage.get_off_my_land.encoding` (the longest game, the most legal
moves and chance outcomes at one node, the score range, what is hidden or
simultaneous); its docstring holds the argument for each bound, and
``acreage.testing.check_game`` fails a playout that exceeds one.
:func:`defence_sets` lists the sets of fence cards that can ever defend.
"""

from __future__ import annotations

import functools
import math

from acreage.core.encoding import Facts
from acreage.core.game import GameError
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.tables import CROP, EQUIPMENT

__all__ = ["DEFENCE_LIMIT", "defence_sets", "game_facts"]

DEFENCE_LIMIT = 100_000
"""The most defences a Rules may have to number (the reference sets have a few
hundred; fence card data with very many kinds of 1-hole cards and a large
``defence_bullets`` could have astronomically many)."""


def defence_sets(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Every set of fence card kinds that can be a defence under ``rules``, sorted.

    A defence discards cards with at least ``defence_bullets`` bullet holes
    and no card to spare (without its smallest card it falls short), drawn
    from one hand: the defender's hand holds at most ``max(hand_limit,
    starting_cards)`` cards (a player draws only on their own turn and ends
    it within the hand limit, and a defence is never made on one's own
    turn), and no more copies of a kind than are in play. Each set is a
    sorted tuple of kinds, as :class:`~acreage.get_off_my_land.Defend` holds
    it. :class:`~acreage.GameError` if there are more than
    :data:`DEFENCE_LIMIT`.
    """
    return _defence_sets(rules)


@functools.lru_cache(maxsize=64)
def _defence_sets(rules: Rules) -> tuple[tuple[int, ...], ...]:
    t = rules.tables
    need = rules.defence_bullets
    most = max(rules.hand_limit, rules.starting_cards)
    copies = dict(t.fence_deck.counts())
    kinds = [(k, card.bullets) for k, card in enumerate(t.fence) if card.bullets > 0]
    found: list[tuple[int, ...]] = []

    def extend(start: int, combo: list[int], total: int, low: float) -> None:
        # Once a set has enough holes, every larger set has a card to spare.
        if total >= need:
            if total - low < need:
                found.append(tuple(combo))
                if len(found) > DEFENCE_LIMIT:
                    raise GameError(
                        f"these Rules have more than {DEFENCE_LIMIT} possible defences "
                        "(sets of fence cards): too many to number as actions"
                    )
            return
        if len(combo) == most:
            return
        for i in range(start, len(kinds)):
            k, holes = kinds[i]
            if combo.count(k) < copies[k]:
                combo.append(k)
                extend(i, combo, total + holes, min(low, holes))
                combo.pop()

    extend(0, [], 0, math.inf)
    return tuple(sorted(found))


def game_facts(
    rules: Rules,
    num_actions: int,
    num_chance_outcomes: int,
    observation_shape: tuple[int, ...],
    land: int,
    forest: int,
) -> Facts:
    """The facts of ``rules`` (the sizes given by the encoding, with its ``land`` and
    ``forest`` tile counts); every bound is proved here from the rules the engine keeps.

    Write ``P`` players, ``M`` months, ``A`` actions a turn, ``F`` the most
    fences on a fence card in play, ``S`` market slots, ``L`` lumber cards,
    ``D`` the equipment draw, ``H`` the hand limit, ``C`` the starting cards,
    ``O`` the farmhouse offers, ``n`` tiles, ``N`` land tiles, ``K`` fence card
    kinds.

    *Decisions.* There are exactly ``M * P`` turns (each month gives every
    seat one turn, from the first player round the table), and setup has
    ``P`` farmhouse choices. A turn takes at most ``A`` decisions of its own
    (each action is one; ending early replaces the rest). After an action
    come the decisions it opens: a card played for fences places ``F``
    fences at most, each taking at most two decisions (a lift is followed by
    a placement or a ``done`` that uses up the fence) and each opponent is
    offered one defence: ``2F + P - 1``, at most once a turn ("once per
    turn!"). Other actions open fewer: Slash and Burn! breaking a fence
    ``1 + 1 + (P - 1) + 2 + (P - 1)`` (choice, break, defences, one fence,
    defences), logging and drawing ``3``; lumber ``2 + P - 1``; Implements
    of Destruction! ``2 + P - 1``; Combine Harvester! ``3``; Get Off My Land!
    and Fertilizer!/Steroids! ``2``; Midnight Raid! and Manager's Deal!
    ``1``. A player draws fence cards only on their own turn and ends each
    turn within the hand limit, so discarding down at a turn's end takes at
    most the cards drawn in it (``A`` times the most one action draws: a
    logged side's card, ``L``, ``D``, ``2D`` with Combine Harvester!, or 3 with
    Slash and Burn!), plus ``C - H`` once per player if ``C > H``.
    No loop repeats within these: a batch of fences counts down with every
    fence placed or lost, a defence is offered once per player, Implements
    of Destruction!, Fertilizer! and Steroids! count down their options, and
    Combine Harvester! harvests twice at most.

    *Chance nodes.* Setup deals ``P * O`` farmhouse tiles and ``P * C`` fence
    cards and fills the ``S`` market slots. Each reveal fills one empty slot,
    and a slot empties only when an action takes its card (at most one per
    action), so reveals are at most ``S`` plus one per action. An action's
    other chance nodes: a logged side and its card (2), Slash and Burn!'s
    two logged sides and 3 cards (5), lumber's ``L`` cards, a harvest's
    ``D`` (``2D`` with Combine Harvester!).

    *Legal moves* at one decision: a turn lists ``end turn`` and lumber, two
    plays of each kind in hand (``2K``), logs of unlogged forest, purchases
    (``S`` per land tile the player controls, cleared and no farmhouse) and
    harvests (tiles among those): logs and purchase tiles are disjoint land
    tiles, so ``2 + 2K + (S + 1)N`` at most. Fences: each edge gives one
    move (a fence, or a lift of the player's own) or one per tile it
    borders (inside an opponent's lone fence), so ``4n + 1`` with ``done``.
    A defence is a set of the defender's at most ``max(H, C)`` cards in
    which every card is needed, so no defence contains another: by
    Sperner's theorem (the LYM inequality, with sizes up to the largest
    defence ``s``) at most ``C(max(H, C), min(s, max(H, C) // 2))`` of them,
    plus ``no defence``. The card actions list at most a purchase per slot
    and land tile, a maturing per land tile and ``done`` (Fertilizer!);
    a removal per slot, a break per opponent's fence and a farmer per
    player (Implements of Destruction!); tiles, players or the two cards
    harvested for the rest.

    *Money* (the score) only grows from income at the start of each month
    but the first, harvests, raids and buried treasure, and never falls
    below $0 (nothing is bought that cannot be paid for). A card pays at
    most its income, the fertile land bonus for a crop, and every bonus
    card naming it (each copy in play, at most ``N`` of them); a tile pays
    a card's income or a fishing hole's. Each action harvests at most twice
    (Combine Harvester!) or raids once. The end adds the oil strikes (the
    most per tile, times every tile but the others' farmhouses), the
    equipment bonus per land tile and the farmhouse bonus cap.
    """
    t = rules.tables
    n, players, months = t.n, rules.players, len(rules.months)
    actions, slots = rules.actions_per_turn, len(rules.market_costs)
    kinds = len(t.fence)
    titles = {card.title for card in t.fence}
    equipment = EQUIPMENT in t.market_type
    forest_counts = [sum(pool[i] for pool in t.forest_pool) for i in range(len(t.forest))]
    card_reward = any(k and t.forest[i].reward == "fence card" for i, k in enumerate(forest_counts))
    treasures = sum(
        k for i, k in enumerate(forest_counts) if t.forest[i].reward == "buried treasure"
    )

    # Decisions a card opens when played for its action (beyond the play itself).
    opened = {
        "Get Off My Land!": 2,
        "Midnight Raid!": 1,
        "Slash and Burn!": max(3, 2 * players + 1),
        "Manager's Deal!": 1,
        "Implements of Destruction!": players + 1,
        "Fertilizer!": 2,
        "Steroids!": 2,
        "Combine Harvester!": 3,
    }
    other = max([players + 1] + [opened[title] for title in titles])  # lumber: players + 1
    fences = 2 * max(card.fences for card in t.fence) + players - 1
    draw_counts = [rules.lumber_cards]
    if card_reward:
        draw_counts.append(1)
    if equipment:
        draw_counts.append(rules.equipment_draw)
        if "Combine Harvester!" in titles:
            draw_counts.append(2 * rules.equipment_draw)
    if "Slash and Burn!" in titles:
        draw_counts.append(3)
    draws = max(draw_counts)
    per_turn = actions + (actions - 1) * other + max(fences, other) + actions * draws
    excess = max(0, rules.starting_cards - rules.hand_limit)
    max_decisions = players + players * excess + months * players * per_turn

    chance_counts = [1, rules.lumber_cards + 1, 1 + card_reward]
    if equipment:
        chance_counts.append(rules.equipment_draw)
        if "Combine Harvester!" in titles:
            chance_counts.append(2 * rules.equipment_draw)
    if "Slash and Burn!" in titles:
        chance_counts.append(5)
    max_chance_nodes = (
        players * rules.farmhouse_offers
        + players * rules.starting_cards
        + slots
        + months * players * actions * max(chance_counts)
    )

    hand = max(rules.hand_limit, rules.starting_cards)
    defences_in_play = defence_sets(rules)
    largest = max((len(d) for d in defences_in_play), default=0)
    defences = min(len(defences_in_play), math.comb(hand, min(largest, hand // 2)))
    opponents_fences = min((players - 1) * rules.fences_per_player, 2 * t.edges)
    max_legal_moves = max(
        2 + 2 * kinds + (slots + 1) * land,  # a turn
        4 * n + 1,  # fences
        defences + 1,
        kinds,  # discard
        rules.farmhouse_offers,
        players,  # Get Off My Land!: send a farmer home, or done
        n + 1,  # farmer to a tile, or done
        land,  # raid, harvest, scrap
        forest,  # flip
        opponents_fences + 1,  # Slash and Burn!: break, or done
        (slots + 1) * land + 1,  # Fertilizer!, Steroids!
        slots + opponents_fences + players + 1,  # Implements of Destruction!
    )
    pools = [sum(1 for k in pool if k) for pool in t.forest_pool]
    max_chance_outcomes = max(len(rules.farmhouses), kinds, len(t.market), *pools)

    copies = dict(t.market_deck.counts())

    def best(value: str, fertile: int, extra: str) -> int:
        """The most a card pays: its ``value``, fertile land for a crop, and every
        bonus card in play naming it (each copy, at most one per land tile)."""
        return max(
            int(getattr(card, value))
            + (fertile if t.market_type[k] == CROP else 0)
            + sum(
                int(getattr(b, extra)) * min(copies[j], land)
                for j, b in enumerate(t.market)
                if card.name in b.bonus_for
            )
            for k, card in enumerate(t.market)
        )

    card_income = best("income", rules.fertile_income, "income_bonus")
    harvest = best("harvest", rules.fertile_harvest, "harvest_bonus")
    per_action = max(
        harvest * (2 if "Combine Harvester!" in titles else 1),
        card_income if "Midnight Raid!" in titles else 0,
    )
    max_score = (
        rules.starting_money
        + (months - 1) * land * max(card_income, rules.fishing_income)
        + months * actions * per_action
        + treasures * rules.treasure
        + max(rules.oil_strike) * (n - players + 1)
        + rules.equipment_bonus * land
        + rules.farmhouse_cap
    )
    return Facts(
        players=players,
        min_players=2,
        max_players=4,
        chance=True,
        hidden_information=True,
        simultaneous=True,
        cooperative=False,
        min_score=0,
        max_score=max_score,
        max_decisions=max_decisions,
        max_chance_nodes=max_chance_nodes,
        max_legal_moves=max_legal_moves,
        max_chance_outcomes=max_chance_outcomes,
        num_actions=num_actions,
        num_chance_outcomes=num_chance_outcomes,
        observation_shape=observation_shape,
    )

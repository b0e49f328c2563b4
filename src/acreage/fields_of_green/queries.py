"""What a farm can pay for and where: the checks shared by the engine, the legal moves and apply_move."""

from __future__ import annotations

from functools import cache, lru_cache

from acreage.core.bitset import bits
from acreage.core.chance import Deck
from acreage.fields_of_green.geometry import catchment
from acreage.fields_of_green.rules import CONVERT, Compiled, Rules
from acreage.fields_of_green.state import Farm

__all__ = [
    "build_sites",
    "can_convert",
    "convert_effect",
    "grain_payable",
    "kept_for",
    "legal_decks",
    "matching_sites",
    "pay_options",
    "ready_sites",
    "water_in_reach",
]


def legal_decks(rules: Rules, decks: tuple[Deck[int], ...], drawn: int, used: int) -> int:
    """The bitset of decks the next blind card may come from.

    "Dabei ist es egal, wie viele Karten von welchem Stapel gezogen werden,
    solange Karten von mindestens 3 verschiedenen Stapeln ausgewählt werden.
    Sollten einem Stapel die Karten ausgehen, können keine Karten dieses Typs
    gezogen werden." A deck is allowed if, after drawing from it, the draws
    left can still reach the required number of decks (``used`` is the bitset
    of decks drawn from so far); when fewer decks than that still hold cards,
    every deck still holding cards suffices.
    """
    nonempty = 0
    bit = 1
    for deck in decks:
        if deck.segments:
            nonempty |= bit
        bit <<= 1
    need = rules.min_decks
    if used.bit_count() >= need:  # the rule is met already: any deck holding cards
        return nonempty
    return _allowed_decks(need, rules.hand_size - drawn - 1, nonempty, used)


# Keys are small ints (decks needed, draws left, two 4-bit masks): at most
# 4 x 12 x 16 x 16 of them. functools caches are safe under threads.
@cache
def _allowed_decks(need: int, left: int, nonempty: int, used: int) -> int:
    """:func:`legal_decks` with ``left`` draws to come after this one (memoised: few cases)."""
    # Each later draw can open one more deck, and only decks holding cards (or
    # already used) count towards the rule, however few cards they hold.
    need = min(need, (used | nonempty).bit_count())
    allowed = 0
    for d in bits(nonempty):
        if need - (used | 1 << d).bit_count() <= left:
            allowed |= 1 << d
    return allowed


def grain_payable(rules: Rules, f: Farm, grain: int) -> bool:
    """Grain comes from any silo; unless payments split, all of it from one silo.

    Grain moves freely between silos, so one silo can hold any cost up to its capacity.
    """
    if grain > f.grain:
        return False
    if rules.split_payments or grain <= rules.silo_capacity:
        return True
    t = rules.tables
    return any(
        rules.silo_capacity + sum(t.tool_capacity[x] for x in f.tools_at(c)) >= grain
        for c, k in zip(f.cells, f.kinds, strict=True)
        if k == t.silo
    )


def water_in_reach(rules: Rules, f: Farm, target: int) -> tuple[int, int]:
    """(total, most in one tower) of the water in the towers whose range covers ``target``."""
    total = best = 0
    occupied = f.occupied
    for c, water, _, reach in f.towers:
        if water and catchment(rules, c, reach, occupied) >> target & 1:
            total += water
            best = max(best, water)
    return total, best


# Bounded: a program may make many Rules; lru_cache is safe under threads.
@lru_cache(maxsize=64)
def reach_offsets(rules: Rules) -> tuple[frozenset[int], ...] | None:
    """For each water-tower reach, the cell-index offsets from the tower that it covers
    (``catchment`` as a set of differences); ``None`` for the ``path`` metric, whose
    catchment depends on the cards built. Membership tests need no big-int shifts."""
    if rules.range_metric == "path":
        return None
    t = rules.tables
    centre = t.origin * t.width + t.origin
    return tuple(frozenset(b - centre for b in bits(pattern)) for pattern in t.patterns)


def pay_options(rules: Rules, f: Farm, target: int, due: int) -> list[tuple[int, int]]:
    """``(tower index, amount)`` of each way to pay the next water of ``due`` for ``target``."""
    occupied = f.occupied
    out = []
    split = rules.split_payments
    amount = 1 if split else due
    offsets = reach_offsets(rules)
    for i, (c, water, _, reach) in enumerate(f.towers):
        if water >= due or (split and water):
            if offsets is None:
                if catchment(rules, c, reach, occupied) >> target & 1:
                    out.append((i, amount))
            elif target - c in offsets[reach]:
                out.append((i, amount))
    return out


def build_sites(rules: Rules, f: Farm, kind: int) -> tuple[int, ...]:
    """The cells where card ``kind`` can be built now (action A), its costs paid, in order.

    "Um einen Standort errichten zu können, müssen die dafür erforderlichen Kosten ...
    gedeckt werden." Coins from the purse, grain from any silo, and water from a
    tower whose range covers the new card's cell.
    """
    t = rules.tables
    coins, water, grain = t.cost[kind]
    if f.coins < coins or not grain_payable(rules, f, grain):
        return ()
    ranged = rules.harvest_water_in_range and t.needs[kind][0]
    if not water and not ranged:
        return f.frontier
    occupied = f.occupied
    area = -1
    if ranged:
        area = 0
        for c, _, _, reach in f.towers:
            area |= catchment(rules, c, reach, occupied)
    if water and not rules.split_payments:
        paying = 0
        for c, w, _, reach in f.towers:
            if w >= water:
                paying |= catchment(rules, c, reach, occupied)
        area &= paying
    out = tuple(c for c in f.frontier if area >> c & 1)
    if water and rules.split_payments:
        out = tuple(c for c in out if water_in_reach(rules, f, c)[0] >= water)
    return out


def ready_sites(rules: Rules, f: Farm, remaining: int) -> int:
    """The bitset of the sites in ``remaining`` whose harvest needs can be met now.

    Grain comes from the silos; water from towers whose range covers the site
    ("Wassertürme [können] Standorte nur im Umfeld von 2 Feldern mit Wasser versorgen"),
    all from one tower unless payments split.
    """
    needs = rules.tables.needs
    split = rules.split_payments
    areas: list[tuple[int, int]] | None = None
    offsets = reach_offsets(rules)
    ready = 0
    for c, k in zip(f.cells, f.kinds, strict=True):
        if not remaining >> c & 1:
            continue
        water, grain = needs[k]
        if grain and not grain_payable(rules, f, grain):
            continue
        if water:
            if offsets is not None:
                # The towers with water whose range covers c, by offset from each tower.
                if split:
                    if (
                        sum(w for tc, w, _, reach in f.towers if w and c - tc in offsets[reach])
                        < water
                    ):
                        continue
                elif not any(
                    w >= water and c - tc in offsets[reach] for tc, w, _, reach in f.towers
                ):
                    continue
                ready |= 1 << c
                continue
            if areas is None:
                areas = [
                    (w, catchment(rules, tc, reach, f.occupied))
                    for tc, w, _, reach in f.towers
                    if w
                ]
            if split:
                if sum(w for w, area in areas if area >> c & 1) < water:
                    continue
            elif not any(w >= water and area >> c & 1 for w, area in areas):
                continue
        ready |= 1 << c
    return ready


def matching_sites(rules: Rules, f: Farm, tool: int, only: int = -1) -> list[int]:
    """Face-up sites (all, or just cell ``only``) the tool fits and may still be attached to.

    "Eine Betriebsstätte kann mit maximal 2 Arbeitsgeräten, die jedoch verschieden
    sein müssen, ausgestattet werden."
    """
    t = rules.tables
    fits = t.tool_fits[tool]
    out = []
    for c, k in zip(f.cells, f.kinds, strict=True):
        if only >= 0 and c != only:
            continue
        if not fits >> k & 1 or f.down >> c & 1:
            continue
        on = f.tools_at(c)
        if len(on) < rules.tools_per_site and tool not in on:
            out.append(c)
    return sorted(out)


def kept_for(rules: Rules, f: Farm, c: int) -> list[int]:
    """The distinct kept tools that may be attached to the site at ``c``."""
    return sorted({tool for tool in f.kept if matching_sites(rules, f, tool, c)})


def convert_effect(rules: Rules, kind: int) -> Compiled:
    """The ``convert`` effect of card kind ``kind`` (a kind that has one)."""
    return next(e for e in rules.tables.effects[kind] if e[0] == CONVERT)


def can_convert(rules: Rules, f: Farm, c: int) -> bool:
    """Whether farm ``f`` can pay the coins and grain of the conversion at cell ``c``."""
    e = convert_effect(rules, f.kind_at(c))
    return f.coins >= e[7] and grain_payable(rules, f, e[8])

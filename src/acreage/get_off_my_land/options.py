"""What a player may do: targets of each action and the legal moves of each decision.

These functions read a position (a :class:`State` or the engine's work copy)
and never change it. The engine lists moves with them, and applies only
moves they list.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from acreage.core.bitset import bits
from acreage.core.regions import Region
from acreage.get_off_my_land import land
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land.farm import bonus_cards, harvestable, purchase_targets
from acreage.get_off_my_land.state import Batch
from acreage.get_off_my_land.tables import CROP

if TYPE_CHECKING:
    from acreage.get_off_my_land.rules import Rules

__all__ = [
    "Position",
    "break_moves",
    "buy_moves",
    "defences",
    "farmer_targets",
    "fence_moves",
    "log_targets",
    "maturable",
    "playable",
    "raid_targets",
    "send_home_targets",
    "stash",
]


class Position(Protocol):
    """What these functions read of a position (a State or the engine's work copy)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def money(self) -> Sequence[int]: ...
    @property
    def hands(self) -> Sequence[Sequence[int]]: ...
    @property
    def track(self) -> Sequence[int]: ...
    @property
    def tiles(self) -> Sequence[int]: ...
    @property
    def cards(self) -> Sequence[int]: ...
    @property
    def mature(self) -> int: ...
    @property
    def fences(self) -> Sequence[int]: ...
    @property
    def farmers(self) -> Sequence[int]: ...
    @property
    def partition(self) -> land.Lands: ...
    @property
    def networks(self) -> Sequence[land.Links]: ...
    @property
    def control(self) -> Sequence[int]: ...
    @property
    def cleared(self) -> int: ...


def stash(s: Position, player: int, carrying: bool = False) -> int:
    """Fence pieces in ``player``'s personal stash."""
    t = s.rules.tables
    f = s.fences[player]
    on_board = ((f | f >> t.edges) & t.edge_mask).bit_count()
    return s.rules.fences_per_player - on_board - carrying


def others_control(s: Position, player: int) -> int:
    out = 0
    for q, mask in enumerate(s.control):
        if q != player:
            out |= mask
    return out


def log_targets(s: Position, player: int) -> int:
    """Forest tiles ``player`` may log: "You cannot log a land tile that is fully
    fenced by another player" (one they control)."""
    t = s.rules.tables
    return t.forest_mask & ~s.cleared & ~others_control(s, player)


def raid_targets(s: Position, player: int) -> int:
    """Opponents' market cards with no farmer on them (Midnight Raid!)."""
    occupied = 0
    for c in s.farmers:
        occupied |= 1 << c
    planted = land.card_sets(s.rules.tables, s.cards)[4]
    return planted & others_control(s, player) & ~occupied


def send_home_targets(s: Position, player: int) -> tuple[int, ...]:
    """Opponents whose farmer stands on land ``player`` controls (Get Off My Land!)."""
    return tuple(q for q, c in enumerate(s.farmers) if q != player and s.control[player] >> c & 1)


def farmer_targets(s: Position, player: int) -> int:
    """Tiles ``player`` controls where their farmer may go (no farmer there already)."""
    occupied = 0
    for c in s.farmers:
        occupied |= 1 << c
    return s.control[player] & ~occupied


def maturable(s: Position, player: int, livestock: bool) -> int:
    """Immature crops (or livestock) ``player`` controls."""
    crops, herds, _, _, _ = land.card_sets(s.rules.tables, s.cards)
    return s.control[player] & ~s.mature & (herds if livestock else crops)


def _offers(s: Position, player: int, deal: int | None) -> list[tuple[int, int, int]]:
    """(slot, card, printed cost) of each market card ``player`` can pay for now."""
    t = s.rules.tables
    costs = s.rules.market_costs
    discount = sum(t.market[b].crop_discount for b in bonus_cards(s, player))
    money = s.money[player]
    out = []
    for slot, k in enumerate(s.track):
        if k < 0:
            continue
        cost = costs[slot] if deal is None else deal
        if t.market_type[k] == CROP:
            cost = max(0, cost - discount)
        if cost <= money:
            out.append((slot, k, costs[slot]))
    return out


def buy_moves(s: Position, player: int, deal: int | None = None) -> list[mv.Buy]:
    """Every purchase ``player`` can make now: a card they can pay for, and a tile for it.

    ``deal`` is Manager's Deal!'s flat price; otherwise each slot's cost.
    """
    targets = purchase_targets(s, player)
    if not targets:
        return []
    offers = _offers(s, player, deal)
    if not offers:
        return []
    t = s.rules.tables
    key = (targets, *offers)
    moves = t.buy_lists.get(key)  # the same offers and tiles come back turn after turn
    if moves is None:
        if len(t.buy_lists) >= 4096:
            t.buy_lists.clear()
        cells = tuple(bits(targets))
        moves = t.buy_lists[key] = tuple(
            t.buy(slot, k, c, cost) for slot, k, cost in offers for c in cells
        )
    return list(moves)


def can_buy(s: Position, player: int, deal: int | None = None) -> bool:
    """Whether ``player`` can make any purchase now."""
    if not purchase_targets(s, player):
        return False
    money = s.money[player]
    costs = s.rules.market_costs
    for slot, k in enumerate(s.track):
        if k >= 0 and (costs[slot] if deal is None else deal) <= money:
            return True  # affordable before any discount
    return bool(_offers(s, player, deal))


def remove_card_moves(s: Position) -> list[mv.RemoveCard]:
    t = s.rules.tables
    costs = s.rules.market_costs
    return [t.remove_card(slot, k, costs[slot]) for slot, k in enumerate(s.track) if k >= 0]


def break_effect(
    s: Position, edge: int, owner: int
) -> tuple[list[int], land.Lands, tuple[int, ...], int]:
    """The fences, regions and control after ``owner``'s fence on ``edge`` breaks,
    and the crops that would then be eaten."""
    t = s.rules.tables
    fences = list(s.fences)
    slot = edge if fences[owner] >> edge & 1 else t.edges + edge
    fences[owner] &= ~(1 << slot)
    land.normalise(t, fences)
    lands = s.partition
    if not land.blocked_edges(t, fences) >> edge & 1:
        lands = lands.unblock(t, edge)
    controlled = land.control(t, lands, fences, s.control, t.edge_cell_mask[edge])
    _, eaten = land.hungry(t, lands, s.cards, s.mature)
    return fences, lands, controlled, eaten


def break_victims(s: Position, attacker: int, edge: int, owner: int) -> tuple[int, ...]:
    """Players a break would cost land or a crop, in turn order after the attacker."""
    _, _, after, eaten = break_effect(s, edge, owner)
    n = len(s.fences)
    out = []
    for i in range(1, n):
        q = (attacker + i) % n
        before = s.control[q]
        if before & ~after[q] or before & eaten:
            out.append(q)
    return tuple(out)


def guarded(s: Position) -> tuple[int, ...]:
    """Per player, the tile their farmer protects, or -1."""
    homes = () if s.rules.home_farmer_protects else s.rules.tables.farm_cell
    return land.protected_tiles(s.control, s.farmers, homes)


def _harms_protected(
    s: Position, attacker: int, edge: int, owner: int, guarded_tiles: Sequence[int]
) -> bool:
    """Whether breaking the fence would touch a farmer-protected tile (fence, card or land)."""
    t = s.rules.tables
    touched = 0
    for c in t.edge_cells[edge]:
        touched |= s.partition.region_of(c).cells
    relevant = [
        (q, c) for q, c in enumerate(guarded_tiles) if q != attacker and c >= 0 and touched >> c & 1
    ]
    if not relevant:
        return False
    _, _, after, eaten = break_effect(s, edge, owner)
    return any(not after[q] >> c & 1 or eaten >> c & 1 for q, c in relevant)


def break_moves(s: Position, player: int) -> list[mv.Break]:
    """Opponents' fences ``player`` may break: any, unless a farmer protects the land.

    "When your farmer is on a land tile you control, that tile (this includes
    any fences surrounding this tile, any market card on this tile, and the
    tile itself) cannot be targeted by any opponent's attacks."
    """
    t = s.rules.tables
    guarded_tiles = guarded(s)
    watched = any(c >= 0 for q, c in enumerate(guarded_tiles) if q != player)
    out = []
    for q, f in enumerate(s.fences):
        if q == player:
            continue
        edges = (f | f >> t.edges) & t.edge_mask
        if not watched:
            out += [t.break_moves[e][q] for e in bits(edges)]
            continue
        out += [
            t.break_moves[e][q]
            for e in bits(edges)
            if not _harms_protected(s, player, e, q, guarded_tiles)
        ]
    out.sort(key=lambda m: (m.edge, m.owner))
    return out


def _new_land_ok(
    s: Position,
    player: int,
    regions: Sequence[Region],
    fences: Sequence[int],
    outer: int,
    base: int,
) -> bool:
    """A placement may give ``player`` new land only next to the farmhouse or connected land."""
    t = s.rules.tables
    mine = s.control[player]
    for region in regions:
        if (
            region.closed
            and region.cells & ~mine
            and land.claimable(t, region, fences, player, mine, outer) >= 0
            and not land.grows_from(t, region.cells, base)
        ):
            return False
    return True


def fence_moves(s: Position, batch: Batch) -> list[mv.Fence]:
    """Where ``batch.player`` may place a fence now (the lifted one, or one from the stash).

    A fence goes on an empty edge, or on the inside of an opponent's lone
    fence; it must share a corner with the farmhouse or with one of the
    player's fences (see :func:`land.links`); it may not take land from a
    farmer-protected tile; and any land it completes must be orthogonally
    next to the player's farmhouse or connected land.
    """
    t = s.rules.tables
    player = batch.player
    fences = s.fences
    network = s.networks[player]
    own = network.edges
    if batch.carrying < 0 and s.rules.fences_per_player <= own.bit_count():
        return []  # the stash is empty
    farm = t.farm_cell[player]
    anchored_reach = -1  # edges at the fences joined to the farmhouse
    if s.rules.anchored_fences:
        near = anchored_reach = network.joined_reach(t.cell_corners[farm], t.cell_near[farm])
    else:
        near = t.cell_near[farm]
        for reach in network.reaches:  # = network.reach
            near |= reach
    partition = s.partition
    blocked = partition.blocked
    every = 0  # every player's fence slots (a slot holds one fence)
    for f in fences:
        every |= f
    outer = every >> t.edges  # = land.outer_slots(t, fences)
    base = -1
    out: list[mv.Fence] = []
    # Per opponent, the tile their farmer protects, or -1 (as guarded(s) says).
    control = s.control
    guards = [-1] * len(fences)
    guard = 0  # tiles opponents' farmers protect
    for q, c in enumerate(s.farmers):
        if q != player and control[q] >> c & 1:
            guards[q] = c
            guard |= 1 << c
    if guard and not s.rules.home_farmer_protects:
        for q, c in enumerate(guards):
            if c >= 0 and t.farm_mask >> c & 1:
                guards[q] = -1
        guard &= ~t.farm_mask

    guarded_cells = guard
    empty = near & ~blocked & t.edge_mask
    if empty:
        # Only a fence that splits a region (or shuts one off from the outside) can
        # take land from a farmer-protected tile: one inside the protected area.
        while guard:
            area = partition.region_of((guard & -guard).bit_length() - 1).cells
            guard &= ~area
            rest = empty & land.inner_edges(t, area)
            while rest:
                low = rest & -rest
                rest ^= low
                cells = t.edge_cells[low.bit_length() - 1]
                if not land.flood(t, cells[0], blocked | low, cells[1]) >> cells[1] & 1:
                    empty ^= low
        # Land all the player's is bounded by a cycle of their own fences through
        # the new one: a fence that closes no such cycle wins nothing.
        allowed = empty & ~network.closing
        closing = empty & network.closing
        mine = s.control[player]
        while closing:
            low = closing & -closing
            closing ^= low
            e = low.bit_length() - 1
            cells = t.edge_cells[e]
            old = partition.region_of(cells[0])
            walls = blocked | low
            # The regions the fence leaves where ``old`` was, with their boundaries.
            parts: tuple[tuple[int, int], ...] = ((old.cells, old.boundary),)
            if len(cells) == 2:
                c, d = cells
                side = land.flood(t, c, walls, d)
                if not side >> d & 1:
                    # A split: the rest's boundary is the old one's XOR the side's.
                    edges = land.boundary(t, side)
                    parts = ((side, edges), (old.cells & ~side, old.boundary ^ edges))
            ok = True
            for part, edges in parts:
                if not part & ~mine or edges & t.border_edges & ~walls or edges & ~(own | low):
                    continue  # no new land, open, or not all the player's fences
                # New land: it must be next to the farmhouse or connected land.
                if base < 0:
                    if anchored_reach < 0:
                        anchored_reach = network.joined_reach(
                            t.cell_corners[farm], t.cell_near[farm]
                        )
                    base = land.expansion_base(t, partition, mine, anchored_reach, farm)
                if land.grows_from(t, part, base):
                    continue
                if edges & outer:  # some fence faces away: is the land the player's at all?
                    placed = list(fences)
                    placed[player] |= low
                    region = Region(part, edges, True)
                    if land.claimable(t, region, placed, player, mine, outer) < 0:
                        continue
                elif part & t.farm_mask & ~(1 << farm):
                    continue  # another player's farmhouse is never the player's land
                ok = False
                break
            if ok:
                allowed |= low
        out += t.fence_lists.of(allowed)

    lone = near & blocked & ~outer & every & ~fences[player] & t.edge_mask
    if not lone:
        return out
    inside = 0  # bit 2e + i: inside the fence on edge e, facing its tile i
    regions = partition.regions
    # The tiles where a placement needs a closer look: regions holding a tile an
    # opponent's farmer protects, and closed regions all of whose boundary but at
    # most one edge is the player's fences. Elsewhere every inside placement stands.
    special = 0
    for region in regions:
        if region.cells & guarded_cells:
            special |= region.cells
        elif region.closed:
            rest = region.boundary & ~own
            if not rest & (rest - 1):
                special |= region.cells
    if not special or not lone & land.touching(t, special):
        out += t.both_insides.of(lone)  # every inside placement stands
        return out
    for owner, f in enumerate(fences):
        theirs = lone & f  # a lone fence stands in its edge's first slot
        if not theirs:
            continue
        target = guards[owner]
        while theirs:
            low = theirs & -theirs
            theirs ^= low
            e = low.bit_length() - 1
            for i, c in enumerate(t.edge_cells[e]):
                if not special >> c & 1:
                    inside |= 1 << (2 * e + i)
                    continue
                for region in regions:  # = partition.region_of(c)
                    if region.cells >> c & 1:
                        break
                if target >= 0 and region.cells >> target & 1 and control[owner] & region.cells:
                    continue
                # New land needs a fence of the player's on every side (one of the two
                # on an edge, at least): only then can this fence win it.
                if region.closed and not region.boundary & ~(own | low):
                    placed = list(fences)
                    if i == 0:
                        placed[owner] ^= low | (low << t.edges)
                        placed[player] |= low
                    else:
                        placed[player] |= low << t.edges
                    if base < 0:
                        if anchored_reach < 0:
                            anchored_reach = network.joined_reach(
                                t.cell_corners[farm], t.cell_near[farm]
                            )
                        base = land.expansion_base(
                            t, partition, control[player], anchored_reach, farm
                        )
                    if not _new_land_ok(s, player, (region,), placed, outer | low, base):
                        continue
                inside |= 1 << (2 * e + i)
    if inside:
        out += t.inside_lists.of(inside)
    return out


def defences(s: Position, player: int) -> list[mv.Defend]:
    """Each way to discard fence cards with enough bullet holes, no card to spare.

    "To defend, the defending player must discard fence cards to total 3 or
    more bullet holes." A defence lists only sets in which every card is
    needed; discarding more never helps.
    """
    t = s.rules.tables
    need = s.rules.defence_bullets
    hand = [k for k in s.hands[player] if t.fence[k].bullets > 0]
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(hand) + 1):
        for combo in itertools.combinations(hand, size):
            holes = [t.fence[k].bullets for k in combo]
            total = sum(holes)
            if total >= need and total - min(holes) < need:
                found.add(combo)
    return [
        mv.Defend(combo, "defend with " + " + ".join(t.fence[k].label for k in combo))
        for combo in sorted(found)
    ]


def playable(s: Position, player: int, title: str) -> bool:
    """Whether a card with ``title`` has something to do if played for its action."""
    if title == "Get Off My Land!":
        # An opponent's farmer to send home, or a free tile of the player's for theirs.
        mine = s.control[player]
        occupied = 0
        for q, c in enumerate(s.farmers):
            if q != player and mine >> c & 1:
                return True
            occupied |= 1 << c
        return bool(mine & ~occupied)
    if title == "Midnight Raid!":
        return bool(raid_targets(s, player))
    if title == "Manager's Deal!":
        return can_buy(s, player, s.rules.manager_price)
    if title == "Implements of Destruction!":
        t = s.rules.tables
        return (
            max(s.track) >= 0
            or any(c != t.farm_cell[q] for q, c in enumerate(s.farmers))
            or bool(break_moves(s, player))
        )
    if title in ("Fertilizer!", "Steroids!"):
        return bool(maturable(s, player, title == "Steroids!")) or can_buy(s, player)
    if title == "Combine Harvester!":
        return bool(harvestable(s, player))
    return True  # Slash and Burn! can always draw its cards or place a fence

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
from acreage.core.regions import FenceNetwork, Partition, Region, boundary
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
    def partition(self) -> Partition: ...
    @property
    def networks(self) -> Sequence[FenceNetwork]: ...
    @property
    def control(self) -> Sequence[int]: ...
    @property
    def cleared(self) -> int: ...


def stash(s: Position, seat: int, carrying: bool = False) -> int:
    """Fence pieces in ``seat``'s personal stash."""
    t = s.rules.tables
    f = s.fences[seat]
    on_board = ((f | f >> t.edges) & t.edge_mask).bit_count()
    return s.rules.fences_per_player - on_board - carrying


def others_control(s: Position, seat: int) -> int:
    out = 0
    for q, mask in enumerate(s.control):
        if q != seat:
            out |= mask
    return out


def log_targets(s: Position, seat: int) -> int:
    """Forest tiles ``seat`` may log: "You cannot log a land tile that is fully
    fenced by another player" (one they control)."""
    t = s.rules.tables
    return t.forest_mask & ~s.cleared & ~others_control(s, seat)


def raid_targets(s: Position, seat: int) -> int:
    """Opponents' market cards with no farmer on them (Midnight Raid!)."""
    occupied = 0
    for c in s.farmers:
        occupied |= 1 << c
    planted = land.card_sets(s.rules.tables, s.cards)[4]
    return planted & others_control(s, seat) & ~occupied


def send_home_targets(s: Position, seat: int) -> tuple[int, ...]:
    """Opponents whose farmer stands on land ``seat`` controls (Get Off My Land!)."""
    return tuple(q for q, c in enumerate(s.farmers) if q != seat and s.control[seat] >> c & 1)


def farmer_targets(s: Position, seat: int) -> int:
    """Tiles ``seat`` controls where their farmer may go (no farmer there already)."""
    occupied = 0
    for c in s.farmers:
        occupied |= 1 << c
    return s.control[seat] & ~occupied


def maturable(s: Position, seat: int, livestock: bool) -> int:
    """Immature crops (or livestock) ``seat`` controls."""
    crops, herds, _, _, _ = land.card_sets(s.rules.tables, s.cards)
    return s.control[seat] & ~s.mature & (herds if livestock else crops)


def _offers(s: Position, seat: int, deal: int | None) -> list[tuple[int, int, int]]:
    """(slot, card, printed cost) of each market card ``seat`` can pay for now."""
    t = s.rules.tables
    costs = s.rules.market_costs
    discount = sum(t.market[b].crop_discount for b in bonus_cards(s, seat))
    money = s.money[seat]
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


def buy_moves(s: Position, seat: int, deal: int | None = None) -> list[mv.Buy]:
    """Every purchase ``seat`` can make now: a card they can pay for, and a tile for it.

    ``deal`` is Manager's Deal!'s flat price; otherwise each slot's cost.
    """
    targets = purchase_targets(s, seat)
    if not targets:
        return []
    offers = _offers(s, seat, deal)
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


def can_buy(s: Position, seat: int, deal: int | None = None) -> bool:
    """Whether ``seat`` can make any purchase now."""
    if not purchase_targets(s, seat):
        return False
    money = s.money[seat]
    costs = s.rules.market_costs
    for slot, k in enumerate(s.track):
        if k >= 0 and (costs[slot] if deal is None else deal) <= money:
            return True  # affordable before any discount
    return bool(_offers(s, seat, deal))


def remove_card_moves(s: Position) -> list[mv.RemoveCard]:
    t = s.rules.tables
    costs = s.rules.market_costs
    return [t.remove_card(slot, k, costs[slot]) for slot, k in enumerate(s.track) if k >= 0]


def break_effect(
    s: Position, edge: int, owner: int
) -> tuple[list[int], Partition, tuple[int, ...], int]:
    """The fences, regions and control after ``owner``'s fence on ``edge`` breaks,
    and the crops that would then be eaten."""
    t = s.rules.tables
    fences = list(s.fences)
    slot = edge if fences[owner] >> edge & 1 else t.edges + edge
    fences[owner] &= ~(1 << slot)
    land.normalise(t, fences)
    lands = s.partition
    if not land.blocked_edges(t, fences) >> edge & 1:
        lands = lands.unblock(edge)
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


def break_moves(s: Position, seat: int) -> list[mv.Break]:
    """Opponents' fences ``seat`` may break: any, unless a farmer protects the land.

    "When your farmer is on a land tile you control, that tile (this includes
    any fences surrounding this tile, any market card on this tile, and the
    tile itself) cannot be targeted by any opponent's attacks."
    """
    t = s.rules.tables
    guarded_tiles = guarded(s)
    watched = any(c >= 0 for q, c in enumerate(guarded_tiles) if q != seat)
    out = []
    for q, f in enumerate(s.fences):
        if q == seat:
            continue
        edges = (f | f >> t.edges) & t.edge_mask
        if not watched:
            out += [t.break_moves[e][q] for e in bits(edges)]
            continue
        out += [
            t.break_moves[e][q]
            for e in bits(edges)
            if not _harms_protected(s, seat, e, q, guarded_tiles)
        ]
    out.sort(key=lambda m: (m.edge, m.owner))
    return out


def fence_moves(s: Position, batch: Batch) -> list[mv.Fence]:
    """Where ``batch.seat`` may place a fence now (the lifted one, or one from the stash).

    A fence goes on an empty edge, or on the inside of an opponent's lone
    fence; it must share a corner with the farmhouse or with one of the
    player's fences (see :func:`land.links`); it may not take land from a
    farmer-protected tile; and any land it completes must be orthogonally
    next to the player's farmhouse or connected land.
    """
    t = s.rules.tables
    seat = batch.seat
    network = s.networks[seat]
    if batch.carrying < 0 and s.rules.fences_per_player <= network.edges.bit_count():
        return []  # the stash is empty
    near = _near(s, seat)
    protected = _protected(s, seat)
    empty = near & ~s.partition.blocked & t.edge_mask
    if protected:
        empty &= ~_splits_protected(s, empty, protected)
    closing = empty & network.closing  # only a fence closing a cycle of theirs wins land
    base = -1  # the tiles they may win land next to, once needed
    if closing:
        base = _expansion_base(s, seat)  # (nearly every such fence wins land)
        empty &= ~closing | _closers_ok(s, seat, closing, base)
    out = t.fence_lists.of(empty)
    lone = near & _lone_fences(s, seat)
    if lone:
        out += _inside_moves(s, seat, lone, protected, base)
    return out


def _near(s: Position, seat: int) -> int:
    """Edges a new fence of ``seat``'s may take: those sharing a corner with their
    farmhouse tile or one of their fences (``Rules.anchored_fences``: one joined to
    the farmhouse through their fences)."""
    t = s.rules.tables
    farm = t.farm_cell[seat]
    network = s.networks[seat]
    if s.rules.anchored_fences:
        return network.joined_reach(t.cell_corners[farm], t.cell_near[farm])
    return t.cell_near[farm] | network.reach


def _lone_fences(s: Position, seat: int) -> int:
    """Edges holding an opponent's lone fence, where a fence may go on its inside."""
    t = s.rules.tables
    first = 0
    for f in s.fences:
        first |= f
    return first & ~(first >> t.edges) & ~s.fences[seat] & t.edge_mask


def _protected(s: Position, seat: int) -> int:
    """The tiles ``seat``'s opponents' farmers protect (what :func:`guarded` says)."""
    control = s.control
    out = 0
    for q, c in enumerate(s.farmers):
        if q != seat and control[q] >> c & 1:
            out |= 1 << c
    if not s.rules.home_farmer_protects:
        out &= ~s.rules.tables.farm_mask
    return out


def _splits_protected(s: Position, empty: int, protected: int) -> int:
    """Of the empty edges ``empty``, those where a fence would split an area holding a
    ``protected`` tile, taking it from its player.

    Only such a fence can take land on an empty edge: one splitting a region (or
    shutting one off from the outside) inside the protected area.
    """
    t = s.rules.tables
    blocked = s.partition.blocked
    out = 0
    while protected:
        area = s.partition.region_of((protected & -protected).bit_length() - 1).cells
        protected &= ~area
        for e in bits(empty & land.inner_edges(t, area)):
            c, d = t.edge_cells[e]
            if land.split_side(t, c, d, blocked | 1 << e):
                out |= 1 << e
    return out


def _expansion_base(s: Position, seat: int) -> int:
    """Tiles ``seat`` may win land next to: the farmhouse and controlled land joined to it."""
    t = s.rules.tables
    farm = t.farm_cell[seat]
    reach = s.networks[seat].joined_reach(t.cell_corners[farm], t.cell_near[farm])
    return land.expansion_base(t, s.partition, s.control[seat], reach, farm)


def _closers_ok(s: Position, seat: int, closing: int, base: int) -> int:
    """Of the empty edges ``closing`` (each closing a cycle of ``seat``'s fences), those
    where a fence wins no land away from ``base`` (see :func:`_expansion_base`)."""
    t = s.rules.tables
    mine = s.control[seat]
    own = s.networks[seat].edges
    blocked = s.partition.blocked
    outer = land.outer_slots(t, s.fences)
    out = 0
    for e in bits(closing):
        walls = blocked | 1 << e
        for cells, edges in _parts(s, e):
            if not cells & ~mine or edges & t.border_edges & ~walls or edges & ~(own | 1 << e):
                continue  # no new land, open, or not all the player's fences
            # Next to the base, it may be won; else only if it would not be theirs at all
            # (asked second: the quicker question settles most).
            if not land.grows_from(t, cells, base) and _theirs(s, seat, e, cells, edges, outer):
                break
        else:  # no new land, or all of it next to the base
            out |= 1 << e
    return out


def _theirs(s: Position, seat: int, e: int, cells: int, edges: int, outer: int) -> bool:
    """Whether ``seat`` would have the region ``cells`` (boundary ``edges``, all
    holding fences of theirs) once their fence stands on empty edge ``e``."""
    t = s.rules.tables
    if edges & outer:  # some fence of theirs faces away: is the land theirs at all? (S6)
        placed = list(s.fences)
        placed[seat] |= 1 << e
        region = Region(cells, edges, True)
        return land.claimable(t, region, placed, seat, s.control[seat], outer) >= 0
    return not cells & t.farm_mask & ~(1 << t.farm_cell[seat])  # another's farmhouse


def _parts(s: Position, e: int) -> tuple[tuple[int, int], ...]:
    """The regions (tiles, boundary) a fence on empty edge ``e`` leaves where the region
    it touches was: that region, or the two it splits into."""
    t = s.rules.tables
    cells = t.edge_cells[e]
    old = s.partition.region_of(cells[0])
    if len(cells) == 2:
        side = land.split_side(t, cells[0], cells[1], s.partition.blocked | 1 << e)
        if side:
            # A split: the rest's boundary is the old one's XOR the side's.
            edges = boundary(t.grid, side)
            return (side, edges), (old.cells & ~side, old.boundary ^ edges)
    return ((old.cells, old.boundary),)


def _inside_moves(s: Position, seat: int, lone: int, protected: int, base: int) -> list[mv.Fence]:
    """The placements inside opponents' lone fences on edges ``lone`` that stand: none
    facing land an opponent's farmer protects, none winning land away from the
    farmhouse and connected land (``base``, or -1 if not worked out yet)."""
    t = s.rules.tables
    special = _needs_a_look(s, seat, protected)
    if not special or not lone & land.touching(t, special):
        return t.both_insides.of(lone)  # every inside placement stands
    return t.inside_lists.of(_insides_ok(s, seat, lone, special, protected, base))


def _needs_a_look(s: Position, seat: int, protected: int) -> int:
    """The tiles where a placement inside a fence needs a closer look: regions holding a
    tile an opponent's farmer protects, and closed regions all of whose boundary but at
    most one edge is ``seat``'s fences. Elsewhere every inside placement stands."""
    own = s.networks[seat].edges
    out = 0
    for region in s.partition.regions:
        if region.cells & protected:
            out |= region.cells
        elif region.closed:
            rest = region.boundary & ~own
            if not rest & (rest - 1):
                out |= region.cells
    return out


def _insides_ok(s: Position, seat: int, lone: int, special: int, protected: int, base: int) -> int:
    """Of the placements inside the lone fences on ``lone``, those that stand, as bits
    2e + i (inside the fence on edge e, facing its tile i); only those facing a tile of
    ``special`` are looked at (``base`` as for :func:`_inside_moves`)."""
    t = s.rules.tables
    out = 0
    for e in bits(lone):
        for i, c in enumerate(t.edge_cells[e]):
            if special >> c & 1:
                region = s.partition.region_of(c)
                if region.cells & protected:
                    # Its protector controls it, so every fence facing it is theirs, this
                    # one too: a fence on its inside would take the land.
                    continue
                if _wins_inside(s, seat, e, i, region):
                    if base < 0:
                        base = _expansion_base(s, seat)
                    if not land.grows_from(t, region.cells, base):
                        continue
            out |= 1 << (2 * e + i)
    return out


def _wins_inside(s: Position, seat: int, e: int, i: int, region: Region) -> bool:
    """Whether ``seat``'s fence inside the lone fence on edge ``e``, facing its
    tile ``i`` (in ``region``), wins land: the region is fully fenced, all the player's
    (or claimable, ruling S6), and not all theirs now."""
    t = s.rules.tables
    mine = s.control[seat]
    if not region.closed or not region.cells & ~mine:
        return False
    if region.boundary & ~(s.networks[seat].edges | 1 << e):
        return False  # some side still has no fence of the player's
    placed = list(s.fences)
    if i == 0:  # the player's fence takes the slot facing the first tile
        owner = land.owner_at(placed, e)
        placed[owner] ^= 1 << e | 1 << (t.edges + e)
        placed[seat] |= 1 << e
    else:
        placed[seat] |= 1 << (t.edges + e)
    return land.claimable(t, region, placed, seat, mine, land.outer_slots(t, placed)) >= 0


def defences(s: Position, seat: int) -> list[mv.Defend]:
    """Each way to discard fence cards with enough bullet holes, no card to spare.

    "To defend, the defending player must discard fence cards to total 3 or
    more bullet holes." A defence lists only sets in which every card is
    needed; discarding more never helps.
    """
    t = s.rules.tables
    need = s.rules.defence_bullets
    hand = [k for k in s.hands[seat] if t.fence[k].bullets > 0]
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(hand) + 1):
        for combo in itertools.combinations(hand, size):
            holes = [t.fence[k].bullets for k in combo]
            total = sum(holes)
            if total >= need and total - min(holes) < need:
                found.add(combo)
    return [t.defend(combo) for combo in sorted(found)]


def playable(s: Position, seat: int, title: str) -> bool:
    """Whether a card with ``title`` has something to do if played for its action."""
    if title == "Get Off My Land!":
        # An opponent's farmer to send home, or a free tile of the player's for theirs.
        mine = s.control[seat]
        occupied = 0
        for q, c in enumerate(s.farmers):
            if q != seat and mine >> c & 1:
                return True
            occupied |= 1 << c
        return bool(mine & ~occupied)
    if title == "Midnight Raid!":
        return bool(raid_targets(s, seat))
    if title == "Manager's Deal!":
        return can_buy(s, seat, s.rules.manager_price)
    if title == "Implements of Destruction!":
        t = s.rules.tables
        return (
            max(s.track) >= 0
            or any(c != t.farm_cell[q] for q, c in enumerate(s.farmers))
            or bool(break_moves(s, seat))
        )
    if title in ("Fertilizer!", "Steroids!"):
        return bool(maturable(s, seat, title == "Steroids!")) or can_buy(s, seat)
    if title == "Combine Harvester!":
        return bool(harvestable(s, seat))
    return True  # Slash and Burn! can always draw its cards or place a fence

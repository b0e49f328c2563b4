"""Get Off My Land! as numbers: fixed integer actions, observation tensors, game facts.

``encoding(rules)`` is the game's :class:`~acreage.core.encoding.Encoding` for
those Rules (built once and cached); ``GAME`` carries it, so the generic
``GAME.encode_move``, ``GAME.decode_move``, ``GAME.legal_actions``,
``GAME.legal_action_mask`` and ``GAME.observation_tensor`` work for this
game, and the module-level functions here are shorthands for them.

Actions. One block per move family, each the product of the move's parts
(see ``docs/games/get-off-my-land.md`` for the table). Tiles are numbered in
three ways, each as small as the family allows: every tile (``farmer to``,
``fence inside``), the *land tiles* that can hold a market card (every tile
but the farmhouses: ``buy``, ``harvest``, ``raid``, ``mature``, ``discard
the card on``), and the *forest tiles* (``log``, ``flip``), each in tile id
order. A purchase is numbered by its slot and tile: the card is whatever
lies in that slot, so a purchase whose card is not the slot's has no
number. A defence is numbered among every set of fence cards that can ever
be a defence under these Rules (see :func:`defence_sets`).

Chance outcomes: the farmhouse tile dealt, the fence card drawn, the market
card revealed and the logged side uncovered, each by its kind.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from acreage.core.bitset import bits
from acreage.core.encoding import Encoding, Facts, Numbering, Planes
from acreage.core.game import CHANCE, GameError, IllegalMoveError
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import State
from acreage.get_off_my_land.tables import CROP, EQUIPMENT, Tables
from acreage.get_off_my_land.view import View

__all__ = [
    "DEFENCE_LIMIT",
    "GetOffMyLandEncoding",
    "action_space_size",
    "decode_move",
    "defence_sets",
    "encode_move",
    "encoding",
    "legal_action_mask",
    "legal_actions",
    "observation_tensor",
]

DEFENCE_LIMIT = 100_000
"""The most defences a Rules may have to number (the reference sets have a few
hundred; fence card data with very many kinds of 1-hole cards and a large
``defence_bullets`` could have astronomically many)."""

_DECISIONS: tuple[type, ...] = (
    st.Turn,
    st.PlaceFences,
    st.Defend,
    st.ChooseFarmhouse,
    st.DiscardDown,
    st.ClearFarmer,
    st.SetFarmer,
    st.RaidTarget,
    st.SlashChoice,
    st.SlashFlip,
    st.SlashBreak,
    st.ManagersDeal,
    st.Destroy,
    st.Grow,
    st.Combine,
    st.ScrapHarvested,
    st.DealFarmhouse,
    st.DrawCard,
    st.RevealMarket,
    st.RevealTile,
)
"""The tasks that can be decided (player decisions, then chance events), in the
order of the observation's ``decision`` field."""

_BONUSES = ("fishing hole", "fertile land", "oil strike")
_TERRAIN = ("farmhouse", "grass", "light forest", "dark forest")


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


def _tile_order(mask: int, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tiles of ``mask`` in id order, and each tile's place among them (-1 if none)."""
    members = tuple(bits(mask))
    place = [-1] * n
    for i, c in enumerate(members):
        place[c] = i
    return members, tuple(place)


class GetOffMyLandEncoding(Encoding):
    """Get Off My Land!'s facts, action numbering and observation layout for one Rules.

    :meth:`encode_action` and :meth:`encode_chance` look the game's own move
    objects up in a table (they are shared per Rules); any other object is
    read field by field and checked, so a hand-built move with a part off
    its range raises :class:`~acreage.IllegalMoveError`.

    Attributes:
        rules: the Rules encoded.
        land_tiles: the tiles a market card can lie on (all but the
            farmhouses), in id order: the ``land tile`` part of an action.
        forest_tiles: the forest tiles in id order: the ``forest tile`` part.
        defences: every set of fence card kinds that can defend
            (:func:`defence_sets`): the ``defence`` part.
    """

    def __init__(self, rules: Rules) -> None:
        t = rules.tables
        self.rules = rules
        self._tables = t
        n, edges, players = t.n, t.edges, rules.players
        slots = len(rules.market_costs)
        fence_kinds, market_kinds = len(t.fence), len(t.market)
        houses = len(rules.farmhouses)
        self.land_tiles, self._land = _tile_order(((1 << n) - 1) & ~t.farm_mask, n)
        self.forest_tiles, self._forest = _tile_order(t.forest_mask, n)
        self.defences = defence_sets(rules)
        self._defence = {cards: i for i, cards in enumerate(self.defences)}
        land, forest = len(self.land_tiles), len(self.forest_tiles)

        self.actions = Numbering(
            [
                ("keep", (("farmhouse", houses),)),
                ("end turn", ()),
                ("log", (("forest tile", forest),)),
                ("play", (("card", fence_kinds), ("for fences / its action", 2))),
                ("buy", (("slot", slots), ("land tile", land))),
                ("buy lumber", ()),
                ("harvest", (("land tile", land),)),
                ("fence", (("edge", edges),)),
                ("fence inside", (("tile", n), ("side N/E/S/W", 4))),
                ("move the fence", (("edge", edges),)),
                ("done", ()),
                # (fence cards without bullet holes cannot defend: one unused number)
                ("defend", (("defence", max(len(self.defences), 1)),)),
                ("no defence", ()),
                ("discard", (("card", fence_kinds),)),
                ("send home", (("player", players),)),
                ("farmer to", (("tile", n),)),
                ("raid", (("land tile", land),)),
                ("slash and burn", (("log and draw / break and fence", 2),)),
                ("flip", (("forest tile", forest),)),
                ("break", (("edge", edges), ("owner", players))),
                ("remove", (("slot", slots),)),
                ("mature", (("land tile", land),)),
                ("discard the card on", (("land tile", land),)),
            ]
        )
        self.chance = Numbering(
            [
                ("deal", (("farmhouse", houses),)),
                ("draw", (("fence card", fence_kinds),)),
                ("reveal", (("market card", market_kinds),)),
                ("logged side", (("forest tile kind", len(t.forest)),)),
            ]
        )
        self._build_action_tables(t)
        self._build_chance_tables(t)
        self._build_planes(rules)
        self.facts = _facts(self)

    # The move tables are keyed by the ids of this process's move objects: a copy
    # is this same encoding, and unpickling makes the encoding of the Rules anew.

    def __copy__(self) -> GetOffMyLandEncoding:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> GetOffMyLandEncoding:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return encoding, (self.rules,)

    # -- actions ---------------------------------------------------------------------

    def _build_action_tables(self, t: Tables) -> None:
        a = self.actions
        rules = self.rules
        grid = t.grid
        ids: dict[int, int] = {}
        alive: list[object] = []

        def put(move: object, number: int) -> None:
            ids[id(move)] = number
            alive.append(move)

        move: object
        for f, move in enumerate(t.keep_moves):
            put(move, a.index("keep", f))
        put(t.end_turn, a.index("end turn"))
        put(t.lumber, a.index("buy lumber"))
        put(t.done, a.index("done"))
        put(t.yield_, a.index("no defence"))
        put(t.slash_log, a.index("slash and burn", 0))
        put(t.slash_break, a.index("slash and burn", 1))
        for k, (fences, action) in enumerate(t.play_moves):
            put(fences, a.index("play", k, 0))
            put(action, a.index("play", k, 1))
        for k, move in enumerate(t.discard_moves):
            put(move, a.index("discard", k))
        for p, move in enumerate(t.send_home):
            put(move, a.index("send home", p))
        for c, i in enumerate(self._forest):
            if i >= 0:
                put(t.log_moves[c], a.index("log", i))
                put(t.flip_moves[c], a.index("flip", i))
        for c, i in enumerate(self._land):
            if i >= 0:
                put(t.harvest_moves[c], a.index("harvest", i))
                put(t.raid_moves[c], a.index("raid", i))
                put(t.mature_moves[c], a.index("mature", i))
                put(t.scrap_moves[c], a.index("discard the card on", i))
        for c, move in enumerate(t.farmer_moves):
            put(move, a.index("farmer to", c))
        # "fence b2 N inside" is the N side of tile b2: the inside of edge e facing
        # its i-th tile is a tile side, so the block is every tile times its four sides.
        self._inside = tuple(
            tuple(a.index("fence inside", c, grid.cell_edges[c].index(e)) for c in cells)
            for e, cells in enumerate(t.edge_cells)
        )
        for e in range(t.edges):
            put(t.fence_moves[e], a.index("fence", e))
            put(t.lift_moves[e], a.index("move the fence", e))
            for i, move in enumerate(t.inside_moves[e]):
                put(move, self._inside[e][i])
            for p, move in enumerate(t.break_moves[e]):
                put(move, a.index("break", e, p))
        self._ids = ids
        # Purchases and removals are numbered by slot: the card must be the slot's.
        slotted: dict[int, tuple[int, int, int]] = {}
        for slot, cost in enumerate(rules.market_costs):
            for k in range(len(t.market)):
                removal = t.remove_card(slot, k, cost)
                slotted[id(removal)] = (a.index("remove", slot), slot, k)
                alive.append(removal)
                for c, i in enumerate(self._land):
                    if i >= 0:
                        buy = t.buy(slot, k, c, cost)
                        slotted[id(buy)] = (a.index("buy", slot, i), slot, k)
                        alive.append(buy)
        self._slotted = slotted
        # The tables are keyed by id: holding every keyed move keeps its id from
        # being reused by another object while this encoding lives.
        self._alive = tuple(alive)
        self._by_type: dict[type, Callable[[State, Any], int]] = {
            mv.Keep: lambda s, m: a.index("keep", m.farmhouse),
            mv.EndTurn: lambda s, m: a.index("end turn"),
            mv.Lumber: lambda s, m: a.index("buy lumber"),
            mv.Done: lambda s, m: a.index("done"),
            mv.Yield: lambda s, m: a.index("no defence"),
            mv.Log: lambda s, m: a.index("log", self._forest_part(m.cell)),
            mv.Flip: lambda s, m: a.index("flip", self._forest_part(m.cell)),
            mv.Harvest: lambda s, m: a.index("harvest", self._land_part(m.cell)),
            mv.Raid: lambda s, m: a.index("raid", self._land_part(m.cell)),
            mv.Mature: lambda s, m: a.index("mature", self._land_part(m.cell)),
            mv.Scrap: lambda s, m: a.index("discard the card on", self._land_part(m.cell)),
            mv.PlaceFarmer: lambda s, m: a.index("farmer to", m.cell),
            mv.PlayCard: self._play_number,
            mv.Discard: lambda s, m: a.index("discard", m.card),
            mv.SendHome: lambda s, m: a.index("send home", m.player),
            mv.SlashOption: self._slash_number,
            mv.Fence: self._fence_number,
            mv.Lift: lambda s, m: a.index("move the fence", m.edge),
            mv.Break: lambda s, m: a.index("break", m.edge, m.owner),
            mv.Buy: self._buy_number,
            mv.RemoveCard: self._remove_number,
            mv.Defend: self._defend_number,
        }

    def encode_action(self, state: State, move: Any) -> int:
        """The fixed number of player move ``move`` in ``state``.

        :class:`~acreage.IllegalMoveError` if it has none: not a player move of
        this game, a part off its range (an edge, tile, card or slot that
        these Rules do not have, a log of a tile that is no forest), a
        purchase or removal of a card that is not in its slot, a set of cards
        that is no defence.
        """
        number = self._ids.get(id(move))
        if number is not None:
            return number
        hit = self._slotted.get(id(move))
        if hit is not None:
            number, slot, card = hit
            if state.track[slot] == card:
                return number
            return self._slot_card(state, slot, card)  # raises
        encode = self._by_type.get(type(move))
        if encode is None:
            raise IllegalMoveError(f"{move!r:.60} is not a player move of Get Off My Land!")
        return encode(state, move)

    def _forest_part(self, cell: object) -> int:
        if type(cell) is int and 0 <= cell < len(self._forest) and self._forest[cell] >= 0:
            return self._forest[cell]
        raise IllegalMoveError(f"tile {cell!r:.30} is not a forest tile of this board")

    def _land_part(self, cell: object) -> int:
        if type(cell) is int and 0 <= cell < len(self._land) and self._land[cell] >= 0:
            return self._land[cell]
        raise IllegalMoveError(f"tile {cell!r:.30} is no land tile (a farmhouse, or off the board)")

    def _play_number(self, state: State, move: mv.PlayCard) -> int:
        if type(move.for_fences) is not bool:
            raise IllegalMoveError(f"for_fences must be True or False, not {move.for_fences!r:.30}")
        return self.actions.index("play", move.card, 0 if move.for_fences else 1)

    def _slash_number(self, state: State, move: mv.SlashOption) -> int:
        if type(move.log) is not bool:
            raise IllegalMoveError(f"log must be True or False, not {move.log!r:.30}")
        return self.actions.index("slash and burn", 0 if move.log else 1)

    def _fence_number(self, state: State, move: mv.Fence) -> int:
        e, inside = move.edge, move.inside
        if type(e) is not int or not 0 <= e < len(self._inside):
            return self.actions.index("fence", e)  # raises, naming the edge
        if type(inside) is int:
            if inside == -1:
                return self.actions.index("fence", e)
            cells = self._tables.edge_cells[e]
            if inside in cells:
                return self._inside[e][cells.index(inside)]
        raise IllegalMoveError(f"edge {e} has no tile {inside!r:.30} to face")

    def _slot_card(self, state: State, slot: object, card: object) -> int:
        """Check that ``card`` is the card in ``slot``; IllegalMoveError if not."""
        track = state.track
        if type(slot) is not int or not 0 <= slot < len(track):
            raise IllegalMoveError(f"slot must be 0 to {len(track) - 1}, not {slot!r:.30}")
        if type(card) is not int or card != track[slot]:
            label = self._tables.market[track[slot]].label if track[slot] >= 0 else "no card"
            raise IllegalMoveError(
                f"the ${self.rules.market_costs[slot]} slot holds {label}, not card {card!r:.30}"
            )
        return slot

    def _buy_number(self, state: State, move: mv.Buy) -> int:
        slot = self._slot_card(state, move.slot, move.card)
        return self.actions.index("buy", slot, self._land_part(move.cell))

    def _remove_number(self, state: State, move: mv.RemoveCard) -> int:
        return self.actions.index("remove", self._slot_card(state, move.slot, move.card))

    def _defend_number(self, state: State, move: mv.Defend) -> int:
        cards = move.cards
        number = self._defence.get(cards) if type(cards) is tuple else None
        if number is None or not all(type(k) is int for k in cards):
            raise IllegalMoveError(f"{cards!r:.60} is no set of fence cards that can defend")
        return self.actions.index("defend", number)

    # -- chance ----------------------------------------------------------------------

    def _build_chance_tables(self, t: Tables) -> None:
        c = self.chance
        ids: dict[int, int] = {}
        alive: list[object] = []
        for name, moves in (
            ("deal", t.deal_moves),
            ("draw", t.draw_moves),
            ("reveal", t.reveal_moves),
            ("logged side", t.uncover_moves),
        ):
            for i, move in enumerate(moves):
                ids[id(move)] = c.index(name, i)
                alive.append(move)
        self._chance_ids = ids
        self._chance_alive = tuple(alive)
        self._chance_by_type: dict[type, Callable[[Any], int]] = {
            mv.DealFarmhouse: lambda m: c.index("deal", m.farmhouse),
            mv.Draw: lambda m: c.index("draw", m.card),
            mv.Reveal: lambda m: c.index("reveal", m.card),
            mv.Uncover: lambda m: c.index("logged side", m.tile),
        }

    def encode_chance(self, state: State, move: Any) -> int:
        """The fixed number of chance outcome ``move`` (the kind dealt, drawn, revealed
        or uncovered); :class:`~acreage.IllegalMoveError` for anything else."""
        number = self._chance_ids.get(id(move))
        if number is not None:
            return number
        encode = self._chance_by_type.get(type(move))
        if encode is None:
            raise IllegalMoveError(f"{move!r:.60} is not a chance outcome of Get Off My Land!")
        return encode(move)

    # -- observations ----------------------------------------------------------------

    def _build_planes(self, rules: Rules) -> None:
        t = rules.tables
        n, players = t.n, rules.players
        market = len(t.market)
        self.planes = Planes(
            [
                # the land: from the logged sides and the cards on it
                ("terrain", (len(_TERRAIN), n)),
                ("logged side", (len(t.forest), n)),
                ("bonus", (len(_BONUSES), n)),
                ("card", (market, n)),
                # the fences: from the fences (and the control they give)
                ("control", (players, n)),
                ("fence", (players, 2 * t.edges)),
                ("mature", (n,)),
                ("farmer", (players, n)),
                ("money", (players,)),
                ("hand size", (players,)),
                ("farmhouse", (players, len(rules.farmhouses))),
                ("seat", (players,)),
                ("first player", (players,)),
                ("to move", (players + 1,)),
                ("hand", (len(t.fence),)),
                ("offers", (len(rules.farmhouses),)),
                ("fence deck", (1,)),
                ("fence discard", (len(t.fence),)),
                # the market: from the track, the market deck and its discard pile
                ("track", (len(rules.market_costs), market)),
                ("market deck", (market,)),
                ("market pile", (market,)),
                ("market discard", (market,)),
                ("month", (len(rules.months) + 1,)),
                ("decision", (len(_DECISIONS),)),
                ("turn", (2,)),
                ("left", (1,)),
                ("flags", (6,)),
                ("attacker", (players,)),
                ("chance player", (players,)),
                ("carrying", (t.edges,)),
                ("placed", (t.edges,)),
                ("breaking", (t.edges,)),
                ("break owner", (players,)),
                ("cells", (n,)),
            ]
        )
        o = self.planes.offset
        at = self._at = {name: o(name) for name, _ in self.planes.fields}
        land = [0] * at["control"]
        for c in range(n):
            if t.farm_owner[c] >= 0:
                kind = 0
            elif t.grass_of[c] >= 0:
                kind = 1
            else:
                kind = 2 + t.forest_kind[c]
            land[kind * n + c] = 1
            if t.grass_bonus[c]:
                land[at["bonus"] + _BONUSES.index(t.grass_bonus[c]) * n + c] = 1
        self._land_template = land
        self._fences_size = at["mature"] - at["control"]
        self._players_zeros = [0] * (at["fence discard"] - at["mature"])
        self._market_size = at["month"] - at["track"]
        self._rest_zeros = [0] * (self.planes.size - at["month"])
        self._forest_bonus = tuple(
            _BONUSES.index(tile.bonus) if tile.bonus else -1 for tile in t.forest
        )
        self._decision = {kind: i for i, kind in enumerate(_DECISIONS)}
        houses = len(rules.farmhouses)
        to_move: dict[object, int] = {p: at["to move"] + p for p in range(players)}
        to_move[CHANCE] = at["to move"] + players
        # The offsets of the fields made anew every time, in the order observation() reads them.
        self._small: tuple[
            int,
            tuple[int, ...],
            int,
            tuple[int, ...],
            int,
            int,
            dict[object, int],
            int,
            int,
            int,
            int,
        ] = (
            at["mature"],
            tuple(at["farmer"] + p * n for p in range(players)),
            at["money"],  # "hand size" follows: both are filled at once
            tuple(at["farmhouse"] + p * houses for p in range(players)),
            at["seat"],
            at["first player"],
            to_move,
            at["hand"],
            at["offers"],
            at["fence deck"],
            at["month"],
        )
        # The last block made from each source, with the source it was made from. A
        # state passes most of its tuples on unchanged to the next, so consecutive
        # observations share most blocks. Each entry is one tuple, stored at once,
        # so threads sharing the encoding read an old block or a new one, never a mix.
        self._last: dict[str, tuple[Any, ...]] = {}

    def observation(self, view: View) -> list[int]:
        """Seat ``view.player``'s observation, flat (the layout is :attr:`planes`).

        Board fields are one plane of ``n`` tiles (in tile id order, ``y *
        width + x``) per channel; fence slots as in
        :mod:`acreage.get_off_my_land.tables`; counts are plain ints.
        """
        last = self._last
        hit = last.get("land")
        if hit is None or hit[0] is not view.tiles or hit[1] is not view.cards:
            hit = last["land"] = (view.tiles, view.cards, self._land_block(view))
        land: list[int] = hit[2]
        hit = last.get("fences")
        if hit is None or hit[0] is not view.fences or hit[1] is not view.control:
            hit = last["fences"] = (view.fences, view.control, self._fence_block(view))
        fences: list[int] = hit[2]
        hit = last.get("discard")
        if hit is None or hit[0] is not view.fence_discard:
            counts = [0] * len(self._tables.fence)
            _count(counts, 0, view.fence_discard)
            hit = last["discard"] = (view.fence_discard, counts)
        discard: list[int] = hit[1]
        hit = last.get("market")
        if (
            hit is None
            or hit[0] is not view.track
            or hit[1] != view.market_deck  # a new tuple of the piles' own counts
            or hit[2] is not view.market_discard
        ):
            hit = last["market"] = (
                view.track,
                view.market_deck,
                view.market_discard,
                self._market_block(view),
            )
        out = land.copy()  # extending one list is quicker than one built by unpacking
        out += fences
        out += self._players_zeros
        out += discard
        out += hit[3]
        out += self._rest_zeros

        mature, farmer, money, farmhouse, seat, first, to_move, hand, offers, deck, month = (
            self._small
        )
        bits_left = view.mature
        while bits_left:
            low = bits_left & -bits_left
            out[mature + low.bit_length() - 1] = 1
            bits_left ^= low
        for at, c in zip(farmer, view.farmers, strict=True):
            out[at + c] = 1
        out[money : money + 2 * len(farmer)] = view.money + view.hand_sizes
        for at, f in zip(farmhouse, view.farmhouses, strict=True):
            if f >= 0:
                out[at + f] = 1
        out[seat + view.player] = 1
        out[first + view.first] = 1
        who = view.to_move
        if who is not None:
            out[to_move[who]] = 1
        for k in view.hand:
            out[hand + k] += 1
        for f in view.offers:
            out[offers + f] = 1
        out[deck] = view.fence_deck_size
        out[month + view.month] = 1
        if view.agenda:
            self._decision_fields(out, view.agenda)
        return out

    def _land_block(self, view: View) -> list[int]:
        """The fields from ``terrain`` to ``card``."""
        at = self._at
        n = self._tables.n
        out = self._land_template.copy()
        base, bonus = at["logged side"], at["bonus"]
        forest_bonus = self._forest_bonus
        for c, tile in enumerate(view.tiles):
            if tile >= 0:
                out[base + tile * n + c] = 1
                b = forest_bonus[tile]
                if b >= 0:
                    out[bonus + b * n + c] = 1
        base = at["card"]
        for c, k in enumerate(view.cards):
            if k >= 0:
                out[base + k * n + c] = 1
        return out

    def _fence_block(self, view: View) -> list[int]:
        """The fields ``control`` and ``fence``."""
        t = self._tables
        out = [0] * self._fences_size
        for p, mask in enumerate(view.control):
            _set_bits(out, p * t.n, mask)
        base, width = len(view.control) * t.n, 2 * t.edges
        for p, f in enumerate(view.fences):
            _set_bits(out, base + p * width, f)
        return out

    def _market_block(self, view: View) -> list[int]:
        """The fields from ``track`` to ``market discard``."""
        at = self._at
        out = [0] * self._market_size
        kinds = len(self._tables.market)
        for slot, k in enumerate(view.track):
            if k >= 0:
                out[slot * kinds + k] = 1
        if view.market_deck:
            base = at["market deck"] - at["track"]
            for pile in view.market_deck:
                for k, count in pile:
                    out[base + k] += count
            base = at["market pile"] - at["track"]
            for k, count in view.market_deck[0]:
                out[base + k] = count
        _count(out, at["market discard"] - at["track"], view.market_discard)
        return out

    def _decision_fields(self, out: list[int], agenda: tuple[st.Task, ...]) -> None:
        """What is being decided: the task, its details, and the turn underneath."""
        at = self._at
        task = agenda[-1]
        out[at["decision"] + self._decision[type(task)]] = 1
        for below in reversed(agenda):
            if type(below) is st.Turn:
                out[at["turn"]] = below.actions
                out[at["turn"] + 1] = int(below.fenced)
                break
        kind = type(task)
        flags = at["flags"]
        if kind is st.PlaceFences:
            batch = task.batch  # type: ignore[attr-defined]
            out[at["left"]] = batch.left
            if batch.carrying >= 0:
                out[at["carrying"] + batch.carrying] = 1
            _set_bits(out, at["placed"], batch.placed)
        elif kind is st.Defend:
            attack = task.attack  # type: ignore[attr-defined]
            if isinstance(attack, st.Batch):
                out[at["attacker"] + attack.player] = 1
                _set_bits(out, at["placed"], attack.placed)
            else:
                out[at["attacker"] + attack.attacker] = 1
                out[at["breaking"] + attack.edge] = 1
                out[at["break owner"] + attack.owner] = 1
        elif kind is st.SlashFlip:
            out[at["left"]] = task.left  # type: ignore[attr-defined]
        elif kind is st.Destroy:
            out[at["left"]] = task.left  # type: ignore[attr-defined]
            used = task.used  # type: ignore[attr-defined]
            out[flags : flags + 3] = (used & 1, used >> 1 & 1, used >> 2 & 1)
        elif kind is st.Grow:
            out[at["left"]] = task.left  # type: ignore[attr-defined]
            out[flags + 3] = int(task.livestock)  # type: ignore[attr-defined]
            out[flags + 4] = int(task.bought)  # type: ignore[attr-defined]
        elif kind is st.Combine:
            for c in task.harvested:  # type: ignore[attr-defined]
                out[at["cells"] + c] = 1
        elif kind is st.ScrapHarvested:
            for c in task.cells:  # type: ignore[attr-defined]
                out[at["cells"] + c] = 1
        elif kind is st.RevealTile:
            out[at["cells"] + task.cell] = 1  # type: ignore[attr-defined]
            out[flags + 5] = int(task.rewards)  # type: ignore[attr-defined]
            out[at["chance player"] + task.player] = 1  # type: ignore[attr-defined]
        elif kind is st.DrawCard or kind is st.DealFarmhouse:
            out[at["chance player"] + task.player] = 1  # type: ignore[attr-defined]


def _set_bits(out: list[int], base: int, mask: int) -> None:
    """Set ``out[base + i]`` to 1 for each member ``i`` of bitset ``mask``."""
    while mask:
        low = mask & -mask
        out[base + low.bit_length() - 1] = 1
        mask ^= low


def _count(out: list[int], base: int, kinds: tuple[int, ...]) -> None:
    """Add 1 at ``out[base + k]`` for each ``k`` of ``kinds``."""
    for k in kinds:
        out[base + k] += 1


# -- facts ------------------------------------------------------------------------------


def _facts(enc: GetOffMyLandEncoding) -> Facts:
    """The facts of ``enc.rules``, every bound proved from the rules the engine keeps.

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
    rules = enc.rules
    t = rules.tables
    n, players, months = t.n, rules.players, len(rules.months)
    actions, slots = rules.actions_per_turn, len(rules.market_costs)
    land, forest = len(enc.land_tiles), len(enc.forest_tiles)
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
    largest = max((len(d) for d in enc.defences), default=0)
    defences = min(len(enc.defences), math.comb(hand, min(largest, hand // 2)))
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
        num_actions=enc.actions.size,
        num_chance_outcomes=enc.chance.size,
        observation_shape=enc.planes.shape,
    )


@functools.lru_cache(maxsize=64)
def encoding(rules: Rules) -> GetOffMyLandEncoding:
    """The encoding of ``rules`` (built once per Rules and cached)."""
    return GetOffMyLandEncoding(rules)


# -- shorthands for the generic Game methods -------------------------------------------------


def _game() -> Any:
    from acreage.get_off_my_land import GAME

    return GAME


def action_space_size(rules: Rules) -> int:
    """The number of player actions under ``rules`` (the fixed numbering's size)."""
    return encoding(rules).actions.size


def encode_move(state: State, move: mv.Move) -> int:
    """The fixed number of ``move`` in ``state`` (a chance outcome's number at CHANCE)."""
    number: int = _game().encode_move(state, move)
    return number


def decode_move(state: State, action: int) -> mv.Move:
    """The legal move of ``state`` numbered ``action``; IllegalMoveError if none is."""
    move: mv.Move = _game().decode_move(state, action)
    return move


def legal_actions(state: State) -> tuple[int, ...]:
    """The numbers of the legal moves of ``state``, ascending."""
    numbers: tuple[int, ...] = _game().legal_actions(state)
    return numbers


def legal_action_mask(state: State) -> tuple[bool, ...]:
    """One bool per action number (chance outcome number at CHANCE): legal in ``state``?"""
    mask: tuple[bool, ...] = _game().legal_action_mask(state)
    return mask


def observation_tensor(view: View) -> list[int]:
    """The observation tensor of ``view`` (from :func:`observe`), flat: ``planes.size`` ints."""
    return encoding(view.rules).observation(view)

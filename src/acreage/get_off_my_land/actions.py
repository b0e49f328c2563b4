"""Get Off My Land! as numbers: fixed integer actions, observation tensors, game facts.

``encoding(rules)`` is the game's :class:`~acreage.core.encoding.Encoding` for
those Rules (built once and cached); ``GAME`` carries it, so the generic
``GAME.encode_move``, ``GAME.decode_move``, ``GAME.legal_actions``,
``GAME.legal_action_mask`` and ``GAME.observation_tensor`` work for this
game (the package exports the first four as functions). The facts are
proved in :mod:`acreage.get_off_my_land.facts`.

Actions. One block per move family, each the product of the move's parts
(see ``docs/games/get-off-my-land.md`` for the table). Tiles are numbered in
three ways, each as small as the family allows: every tile (``farmer to``,
``fence inside``), the *land tiles* that can hold a market card (every tile
but the farmhouses: ``buy``, ``harvest``, ``raid``, ``mature``, ``discard
the card on``), and the *forest tiles* (``log``, ``flip``), each in tile id
order. A purchase is numbered by its slot and tile: the card is whatever
lies in that slot, so a purchase whose card is not the slot's has no
number. A defence is numbered among every set of fence cards that can ever
be a defence under these Rules (see
:func:`~acreage.get_off_my_land.facts.defence_sets`).

Chance outcomes: the farmhouse tile dealt, the fence card drawn, the market
card revealed and the logged side uncovered, each by its kind.
"""

from __future__ import annotations

import functools
import math
import types
from array import array
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from acreage.core.bitset import bits
from acreage.core.encoding import Encoding, Numbering, Planes
from acreage.core.game import CHANCE, IllegalMoveError, check_seat
from acreage.get_off_my_land import moves as mv
from acreage.get_off_my_land import state as st
from acreage.get_off_my_land.facts import defence_sets, game_facts
from acreage.get_off_my_land.rules import Rules
from acreage.get_off_my_land.state import State
from acreage.get_off_my_land.tables import Tables
from acreage.get_off_my_land.view import View, _seat_parts

__all__ = [
    "GetOffMyLandEncoding",
    "action_space_size",
    "encoding",
    "observation_tensor",
]

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
            (:func:`~acreage.get_off_my_land.facts.defence_sets`): the
            ``defence`` part.
    """

    def __init__(self, rules: Rules) -> None:
        t = rules.tables
        self.rules = rules
        self._tables = t
        self._players = rules.players
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
        self.facts = game_facts(
            rules,
            self.actions.size,
            self.chance.size,
            self.planes.shape,
            len(self.land_tiles),
            len(self.forest_tiles),
        )

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

    def encode_actions(self, state: State, moves: Sequence[Any]) -> list[int]:
        """The numbers of ``moves`` of ``state``, in order: the game's own move objects
        by one table look-up each, any other move (a purchase, or a move made by
        hand) as :meth:`encode_action` numbers it."""
        get = self._ids.get
        numbers = [get(id(move), -1) for move in moves]
        if -1 in numbers:
            encode = self.encode_action
            numbers = [
                encode(state, move) if number < 0 else number
                for number, move in zip(numbers, moves, strict=True)
            ]
        return numbers

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
        number = None
        if type(cards) is tuple and all(type(k) is int for k in cards):
            number = self._defence.get(cards)
        if number is None:
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
        self._build_packed(at, to_move)
        # The last block made from each source, with the source it was made from. A
        # state passes most of its tuples on unchanged to the next, so consecutive
        # observations share most blocks. Each entry is one tuple, stored at once,
        # so threads sharing the encoding read an old block or a new one, never a mix.
        self._last: dict[str, tuple[Any, ...]] = {}

    def _build_packed(self, at: dict[str, int], to_move: dict[object, int]) -> None:
        """What :meth:`_pack` patches with: the land template and the market block's
        zeros as int16s, each field's start and zeros, and the blank observation the
        first call patches."""
        t = self._tables
        players, n = self._players, t.n
        self._land_array = array("h", self._land_template)
        self._market_array = _zeros(self._market_size)
        self._to_move_at = to_move
        sizes = {name: math.prod(shape) for name, shape in self.planes.fields}
        # Where each field patched whole starts, and its zeros.
        self._fields = {
            name: (at[name], _zeros(sizes[name]))
            for name in (
                "farmer",
                "farmhouse",
                "seat",
                "first player",
                "to move",
                "hand",
                "offers",
                "fence discard",
                "month",
            )
        }
        # The decision fields, from "decision" to the end, are patched as one.
        self._fields["decision"] = (at["decision"], _zeros(self.planes.size - at["decision"]))
        self._bit_fields = (at["control"], n, at["fence"], 2 * t.edges, at["mature"])
        # A state or view whose every part is unlike any other's, but for the bitsets
        # (0, as in the zeros it was packed as), so the first call writes every field.
        unlike = object()
        unseen = types.SimpleNamespace(
            tiles=unlike,
            cards=unlike,
            fences=(0,) * players,
            control=(0,) * players,
            mature=0,
            farmers=unlike,
            money=unlike,
            first=unlike,
            fence_discard=unlike,
            track=unlike,
            market_discard=unlike,
            month=unlike,
            agenda=unlike,
        )
        # (the last state or view packed, its seat, the seat's own parts and who was to
        # move, its bytes)
        self._kept: tuple[Any, int, tuple[Any, ...], bytes] = (
            unseen,
            -1,
            (unlike,) * 7,
            _zeros(self.planes.size).tobytes(),
        )

    def observation(self, view: View) -> list[int]:
        """Seat ``view.player``'s observation, flat (the layout is :attr:`planes`).

        Board fields are one plane of ``n`` tiles (in tile id order, ``y *
        width + x``) per channel; fence slots as in
        :mod:`acreage.get_off_my_land.tables`; counts are plain ints.
        """
        last = self._last
        hit = last.get("land")
        if hit is None or hit[0] is not view.tiles or hit[1] is not view.cards:
            block = self._land_block(view, self._land_template.copy())
            hit = last["land"] = (view.tiles, view.cards, block)
        land: list[int] = hit[2]
        hit = last.get("fences")
        if hit is None or hit[0] is not view.fences or hit[1] is not view.control:
            block = self._fence_block(view, [0] * self._fences_size)
            hit = last["fences"] = (view.fences, view.control, block)
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
            block = self._market_block(
                view.track, view.market_deck, view.market_discard, [0] * self._market_size
            )
            hit = last["market"] = (view.track, view.market_deck, view.market_discard, block)
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

    def observation_bytes(self, view: View) -> bytes:
        """:meth:`observation` packed as native int16s (``check_game`` holds the two
        equal), made without the list (see :meth:`_pack`)."""
        return self._pack(
            view,
            view.player,
            view.hand,
            view.hand_sizes,
            view.offers,
            view.farmhouses,
            view.fence_deck_size,
            view.market_deck,
        )

    def seat_observation_bytes(self, state: State, seat: int) -> bytes:
        """:meth:`observation_bytes` of ``observe(state, seat)``, packed from the state
        without building the view: the public parts as the state holds them (a view
        holds the same objects under the same names), and what is the seat's own (its
        hand, its offers, the farmhouse tiles it may see, the decks' counts) made by the
        function :func:`~acreage.get_off_my_land.observe` takes them from.
        :class:`~acreage.SeatError` for a seat not at the table."""
        if type(seat) is not int or not 0 <= seat < self._players:
            check_seat(seat, self._players)  # raises, saying why
        return self._pack(state, seat, *_seat_parts(state, seat))

    def _pack(
        self,
        table: State | View,
        seat: int,
        hand: tuple[int, ...],
        hand_sizes: tuple[int, ...],
        offers: tuple[int, ...],
        farmhouses: tuple[int, ...],
        fence_deck_size: int,
        market_deck: tuple[tuple[tuple[int, int], ...], ...],
    ) -> bytes:
        """``seat``'s observation packed, from ``table`` (a state or a view: the
        public parts, read by the names both give them) and the seat's own parts.

        The bytes packed last are kept, with the state or view, the seat and the
        seat's parts they came from; this call patches them where a part is not
        the one packed last (compared with ``is``; ints and the seat's parts,
        which may be new tuples of the same values, with ``!=``). The engine
        passes every unchanged part of a state on as the same object, so a move
        re-packs what it changed: the decision fields, whose seat moves, a hand.
        A bitset (the fences, control, the mature cards) is patched where its
        bits changed. The kept tuple is stored in one assignment, so threads
        read a whole one, and each call writes on a copy of the kept bytes.
        """
        last, last_seat, was, packed = self._kept
        out = array("h", packed)
        fields = self._fields
        if table.tiles is not last.tiles or table.cards is not last.cards:
            out[: len(self._land_array)] = self._land_block(table, self._land_array[:])
        if table.fences is not last.fences or table.control is not last.control:
            self._patch_fences(out, table, last)
        if table.mature != last.mature:
            _patch_bits(out, self._bit_fields[4], last.mature, table.mature)
        if table.farmers is not last.farmers:
            at, zeros = fields["farmer"]
            out[at : at + len(zeros)] = zeros
            n = self._tables.n
            for p, c in enumerate(table.farmers):
                out[at + p * n + c] = 1
        if table.money is not last.money or hand_sizes != was[1]:
            at = self._at["money"]  # "hand size" follows: both are set at once
            out[at : at + 2 * len(hand_sizes)] = array("h", table.money + hand_sizes)
        if farmhouses != was[3]:
            at, zeros = fields["farmhouse"]
            out[at : at + len(zeros)] = zeros
            houses = len(self.rules.farmhouses)
            for p, f in enumerate(farmhouses):
                if f >= 0:
                    out[at + p * houses + f] = 1
        if seat != last_seat:
            at, zeros = fields["seat"]
            out[at : at + len(zeros)] = zeros
            out[at + seat] = 1
        if table.first != last.first:
            at, zeros = fields["first player"]
            out[at : at + len(zeros)] = zeros
            out[at + table.first] = 1
        who = table.to_move
        if who != was[6]:
            at, zeros = fields["to move"]
            out[at : at + len(zeros)] = zeros
            if who is not None:
                out[self._to_move_at[who]] = 1
        if hand is not was[0]:
            at, zeros = fields["hand"]
            out[at : at + len(zeros)] = zeros
            _count(out, at, hand)
        if offers != was[2]:
            at, zeros = fields["offers"]
            out[at : at + len(zeros)] = zeros
            for f in offers:
                out[at + f] = 1
        out[self._at["fence deck"]] = fence_deck_size
        if table.fence_discard is not last.fence_discard:
            at, zeros = fields["fence discard"]
            out[at : at + len(zeros)] = zeros
            _count(out, at, table.fence_discard)
        if (
            table.track is not last.track
            or market_deck != was[5]  # the piles' tuple, usually the one before
            or table.market_discard is not last.market_discard
        ):
            at = self._at["track"]
            out[at : at + self._market_size] = self._market_block(
                table.track, market_deck, table.market_discard, self._market_array[:]
            )
        if table.month != last.month:
            at, zeros = fields["month"]
            out[at : at + len(zeros)] = zeros
            out[at + table.month] = 1
        if table.agenda is not last.agenda:
            at, zeros = fields["decision"]
            out[at:] = zeros
            if table.agenda:
                self._decision_fields(out, table.agenda)
        packed = out.tobytes()
        self._kept = (
            table,
            seat,
            (hand, hand_sizes, offers, farmhouses, fence_deck_size, market_deck, who),
            packed,
        )
        return packed

    def _patch_fences(self, out: array[int], table: State | View, last: Any) -> None:
        """The fields ``control`` and ``fence``, where a seat's bits changed from ``last``'s."""
        control, n, fence, width, _ = self._bit_fields
        for p, (now, before) in enumerate(zip(table.control, last.control, strict=True)):
            if now != before:
                _patch_bits(out, control + p * n, before, now)
        for p, (now, before) in enumerate(zip(table.fences, last.fences, strict=True)):
            if now != before:
                _patch_bits(out, fence + p * width, before, now)

    def _land_block(self, table: State | View, out: _Ints) -> _Ints:
        """The fields from ``terrain`` to ``card`` of ``table`` (a state or a view), filled
        in ``out`` (a copy of the template)."""
        at = self._at
        n = self._tables.n
        base, bonus = at["logged side"], at["bonus"]
        forest_bonus = self._forest_bonus
        for c, tile in enumerate(table.tiles):
            if tile >= 0:
                out[base + tile * n + c] = 1
                b = forest_bonus[tile]
                if b >= 0:
                    out[bonus + b * n + c] = 1
        base = at["card"]
        for c, k in enumerate(table.cards):
            if k >= 0:
                out[base + k * n + c] = 1
        return out

    def _fence_block(self, table: State | View, out: _Ints) -> _Ints:
        """The fields ``control`` and ``fence`` of ``table`` (a state or a view), filled
        in ``out`` (zeros)."""
        t = self._tables
        for p, mask in enumerate(table.control):
            _set_bits(out, p * t.n, mask)
        base, width = len(table.control) * t.n, 2 * t.edges
        for p, f in enumerate(table.fences):
            _set_bits(out, base + p * width, f)
        return out

    def _market_block(
        self,
        track: tuple[int, ...],
        piles: tuple[tuple[tuple[int, int], ...], ...],
        discard: tuple[int, ...],
        out: _Ints,
    ) -> _Ints:
        """The fields from ``track`` to ``market discard`` (of the track, the market
        deck's piles as a view shows them and the discard pile), filled in ``out`` (zeros)."""
        at = self._at
        kinds = len(self._tables.market)
        for slot, k in enumerate(track):
            if k >= 0:
                out[slot * kinds + k] = 1
        if piles:
            base = at["market deck"] - at["track"]
            for pile in piles:
                for k, count in pile:
                    out[base + k] += count
            base = at["market pile"] - at["track"]
            for k, count in piles[0]:
                out[base + k] = count
        _count(out, at["market discard"] - at["track"], discard)
        return out

    def _decision_fields(self, out: _Ints, agenda: tuple[st.Task, ...]) -> None:
        """What is being decided: the task, its details, and the turn underneath."""
        at = self._at
        task = agenda[-1]
        kind = type(task)
        out[at["decision"] + self._decision[kind]] = 1
        for below in reversed(agenda):
            if type(below) is st.Turn:
                out[at["turn"]] = below.actions
                out[at["turn"] + 1] = int(below.fenced)
                break
        if kind is st.Turn:
            return  # the turn itself is being decided: it has no details but the above
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
                out[at["attacker"] + attack.seat] = 1
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
            out[flags] = used & 1
            out[flags + 1] = used >> 1 & 1
            out[flags + 2] = used >> 2 & 1
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
            out[at["chance player"] + task.seat] = 1  # type: ignore[attr-defined]
        elif kind is st.DrawCard or kind is st.DealFarmhouse:
            out[at["chance player"] + task.seat] = 1  # type: ignore[attr-defined]


_Ints = TypeVar("_Ints", list[int], "array[int]")
"""A block being filled: a list for :meth:`~GetOffMyLandEncoding.observation`, an int16
array for :meth:`~GetOffMyLandEncoding.observation_bytes`."""


def _zeros(size: int) -> array[int]:
    """``size`` int16 zeros."""
    return array("h", bytes(2 * size))


def _set_bits(out: _Ints, base: int, mask: int) -> None:
    """Set ``out[base + i]`` to 1 for each member ``i`` of bitset ``mask``."""
    while mask:
        low = mask & -mask
        out[base + low.bit_length() - 1] = 1
        mask ^= low


def _patch_bits(out: array[int], base: int, before: int, now: int) -> None:
    """Write ``out[base + i]`` (1 or 0) for each ``i`` in bitset ``now`` but not ``before``,
    or the other way round: ``out`` showed ``before`` there, and shows ``now``."""
    changed = before ^ now
    while changed:
        low = changed & -changed
        out[base + low.bit_length() - 1] = 1 if now & low else 0
        changed ^= low


def _count(out: _Ints, base: int, kinds: tuple[int, ...]) -> None:
    """Add 1 at ``out[base + k]`` for each ``k`` of ``kinds``."""
    for k in kinds:
        out[base + k] += 1


# Bounded: a program may make many Rules. lru_cache is safe under threads; two threads
# missing the same Rules at once may build two equal encodings (each keeping the moves
# its tables are keyed by) and keep one.
@functools.lru_cache(maxsize=64)
def encoding(rules: Rules) -> GetOffMyLandEncoding:
    """The encoding of ``rules`` (built once per Rules and cached)."""
    return GetOffMyLandEncoding(rules)


def action_space_size(rules: Rules) -> int:
    """The number of player actions under ``rules`` (the fixed numbering's size)."""
    return encoding(rules).actions.size


def observation_tensor(view: View) -> list[int]:
    """The observation tensor of ``view`` (from :func:`observe`), flat: ``planes.size`` ints."""
    return encoding(view.rules).observation(view)

"""Fields of Green as numbers: fixed integer actions, chance outcomes, observation tensors, facts.

``encoding(rules)`` is the game's :class:`~acreage.core.encoding.Encoding`
for those Rules (built once, cached). ``GAME.encode_move``,
``GAME.decode_move``, ``GAME.legal_actions``, ``GAME.legal_action_mask`` and
``GAME.observation_tensor`` work from it; the package exports them as
``fog.encode_move`` and friends.

**Sites.** Every move that names a cell names one a card can occupy: a farm
starts with two cards at ``0,0`` and ``1,0`` and gains at most one card per
action, always orthogonally next to a card, so after ``D = years *
hand_size`` actions (24 by the text) no card lies more than ``D`` orthogonal
steps from the first two. Those ``2 * (D + 1) ** 2`` cells (1,250 by the
text) are the *sites*, numbered row by row from ``y = -D`` down, each row
left to right; every one of them can hold a card in some game (a straight
chain of silos and water towers reaches it).

**Actions.** One block per move class, numbered by the parts the player
chooses, most significant first:

==================  ======================  ================================
family              parts                   move
==================  ======================  ================================
store water         site                    ``store water in X,Y``
draw                deck (4)                ``draw from DECK``
pick                card                    ``pick CARD``
build               site                    ``build CARD at X,Y`` (A)
build water tower   site                    ``build water tower at X,Y`` (B)
build silo          site                    ``build silo at X,Y`` (C)
market              grain sold              ``market selling N grain`` (D)
restore             site                    ``restore CARD at X,Y`` (E)
pay water           site                    ``pay N water from X,Y``
choose tool         tool                    ``choose TOOL``
attach tool         tool x site             ``attach TOOL to X,Y``
keep tool           -                       ``keep TOOL``
supply              site                    ``supply CARD at X,Y``
shut down           site                    ``shut down CARD at X,Y``
convert             -                       ``convert with CARD at X,Y``
done                -                       ``done``
==================  ======================  ================================

A part that the state fixes is checked but not numbered, so the space is no
larger than the choices: ``build`` builds the revealed card (the card is the
pick, not a choice); the card of ``restore``, ``supply``, ``shut down`` and
``convert`` is the one at that site; ``pay water`` pays the whole amount due
(one token at a time with ``split_payments``); ``keep`` keeps the tool being
placed, ``convert`` converts at the site being harvested. A hand-built move
whose card, tool, deck, amount or cell is not one these Rules can have is an
:class:`~acreage.IllegalMoveError`. Chance outcomes have their own numbering:
``deal card`` (card), ``deal tool`` (tool) and, when chance chooses the start
player, ``start player`` (seat), last so that it shifts no other number.

**Observation.** Built from :func:`~acreage.fields_of_green.observe`'s
:class:`~acreage.fields_of_green.View` only, so it cannot hold what the
viewer may not see; seats are in turn order from the viewer (row 0 is the
viewer, row 1 the seat to their left). See ``docs/games/fields-of-green.md``
for the table of fields.

**Facts** (bounds on the game's length, moves and scores) come from
:func:`acreage.fields_of_green.facts.game_facts`, which proves each one.
"""

from __future__ import annotations

import array
import functools
import struct
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from acreage.core.chance import Deck, Pile
from acreage.core.encoding import Encoding, Numbering, Planes
from acreage.core.game import CHANCE, Chance, IllegalMoveError, check_seat, shorten
from acreage.fields_of_green.components import DECKS
from acreage.fields_of_green.facts import game_facts
from acreage.fields_of_green.geometry import xy_table
from acreage.fields_of_green.moves import (
    AttachTool,
    Build,
    BuildSilo,
    BuildTower,
    ChooseTool,
    Convert,
    Deal,
    DealTool,
    Done,
    DrawFrom,
    KeepTool,
    Market,
    Move,
    PayWater,
    Pick,
    Restore,
    ShutDown,
    StartPlayer,
    StoreWater,
    Supply,
)
from acreage.fields_of_green.rules import Rules
from acreage.fields_of_green.scoring import farm_sheet, purse_points, site_points, tower_points
from acreage.fields_of_green.state import PHASES, Farm, PickCard, State, question
from acreage.fields_of_green.view import (
    SeatView,
    View,
    _drawing_blind,
    _knows_hand,
    _named_tools,
    _pick_hidden,
)

__all__ = [
    "FieldsOfGreenEncoding",
    "Sites",
    "action_space_size",
    "encoding",
    "observation_tensor",
]


class Sites:
    """The cells a card can ever occupy, numbered: within ``reach`` orthogonal steps of
    the first water tower (``0,0``) or silo (``1,0``).

    Row ``y`` (from ``-reach`` to ``reach``) holds ``x`` from ``-r`` to ``1 + r``
    with ``r = reach - |y|``; rows are numbered top down, cells left to right.

    >>> s = Sites(1)
    >>> s.size, s.index(0, -1), s.index(-1, 0), s.coords(s.index(2, 0))
    (8, 0, 2, (2, 0))
    """

    __slots__ = ("reach", "row_start", "size")

    def __init__(self, reach: int) -> None:
        self.reach = reach
        starts = []
        at = 0
        for y in range(-reach, reach + 1):
            starts.append(at)
            at += 2 * (reach - abs(y)) + 2
        self.row_start: tuple[int, ...] = tuple(starts)
        self.size: int = at

    def index(self, x: object, y: object) -> int:
        """The number of site ``x,y``; :class:`~acreage.IllegalMoveError` if no card can be there."""
        if type(x) is not int or type(y) is not int:
            raise IllegalMoveError(f"a cell is x,y in whole numbers, not {shorten(x)},{shorten(y)}")
        reach = self.reach
        r = reach - abs(y)
        if r < 0 or not -r <= x <= r + 1:
            raise IllegalMoveError(
                f"{x},{y} lies further than {reach} steps from the first tower and silo: "
                "no card can ever be built there"
            )
        return self.row_start[y + reach] + x + r

    def coords(self, index: int) -> tuple[int, int]:
        """The ``x, y`` of site number ``index``."""
        if not 0 <= index < self.size:
            raise IndexError(f"site {index} is not 0 to {self.size - 1}")
        row = next(i for i in range(len(self.row_start) - 1, -1, -1) if self.row_start[i] <= index)
        y = row - self.reach
        return index - self.row_start[row] - (self.reach - abs(y)), y


class FieldsOfGreenEncoding(Encoding):
    """Fields of Green's numbers for one Rules (see the module docstring for the numbering).

    Attributes (besides :class:`~acreage.core.encoding.Encoding`'s):
        rules: the Rules numbered.
        sites: the :class:`Sites` of these Rules.
    """

    def __init__(self, rules: Rules) -> None:
        t = rules.tables
        players = rules.players
        n_cards, n_tools = len(t.names) - 2, len(t.tool_names)
        self.rules = rules
        self.sites = sites = Sites(rules.years * rules.hand_size)
        site = (("site", sites.size),)
        # A card set without tools has no tool moves and no tool deals.
        tool = (("tool", n_tools),)
        tool_moves = [("choose tool", tool), ("attach tool", (*tool, *site)), ("keep tool", ())]
        self.actions = Numbering(
            [
                ("store water", site),
                ("draw", (("deck", len(DECKS)),)),
                ("pick", (("card", n_cards),)),
                ("build", site),
                ("build water tower", site),
                ("build silo", site),
                ("market", (("grain sold", rules.market_grain + 1),)),
                ("restore", site),
                ("pay water", site),
                *(tool_moves if n_tools else []),
                ("supply", site),
                ("shut down", site),
                ("convert", ()),
                ("done", ()),
            ]
        )
        self.chance = Numbering(
            [
                ("deal card", (("card", n_cards),)),
                *([("deal tool", tool)] if n_tools else []),
                *([("start player", (("seat", players),))] if rules.start_player is None else []),
            ]
        )
        self._cards = {name: k for k, name in enumerate(t.names[:-2])}
        self._tools = {name: x for x, name in enumerate(t.tool_names)}
        self._decks = {name: d for d, name in enumerate(DECKS)}
        self._most_water = max(1, *(max(c[1], n[0]) for c, n in zip(t.cost, t.needs, strict=True)))
        self._encoders = self._action_encoders()
        self._numbers: dict[int, tuple[Move, int]] = {}  # by id(move), see encode_actions
        self._chance_encoders = self._chance_encoders_of()
        self._init_planes(rules)
        self.facts = game_facts(rules, self.actions.size, self.chance.size, self.planes.shape)

    # -- actions -------------------------------------------------------------------

    @staticmethod
    def _offset(numbering: Numbering, name: str) -> int:
        """Where family ``name`` starts; -1 for a family these Rules leave out (every move
        of it names a tool, and these Rules have none, so it never gets this far)."""
        return next((f.offset for f in numbering.families if f.name == name), -1)

    def _action_encoders(self) -> dict[type, Callable[[Any], int]]:
        at = functools.partial(self._offset, self.actions)
        site = self.sites.index
        n_sites = self.sites.size
        card, tool = self._card, self._tool
        store, draw, pick = at("store water"), at("draw"), at("pick")
        build, tower, silo = at("build"), at("build water tower"), at("build silo")
        market, restore, pay = at("market"), at("restore"), at("pay water")
        choose, attach, keep = at("choose tool"), at("attach tool"), at("keep tool")
        supply, shut_down, convert, done = at("supply"), at("shut down"), at("convert"), at("done")
        grain = self.rules.market_grain
        decks = self._decks
        most_water = self._most_water

        def draw_from(m: DrawFrom) -> int:
            d = decks.get(m.deck) if type(m.deck) is str else None
            if d is None:
                raise IllegalMoveError(f"there is no deck named {shorten(m.deck)}")
            return draw + d

        def sell(m: Market) -> int:
            if type(m.sell) is not int or not 0 <= m.sell <= grain:
                raise IllegalMoveError(
                    f"market: grain sold must be 0 to {grain}, not {shorten(m.sell)}"
                )
            return market + m.sell

        def pay_water(m: PayWater) -> int:
            if type(m.amount) is not int or not 1 <= m.amount <= most_water:
                raise IllegalMoveError(
                    f"pay water: the amount must be 1 to {most_water}, not {shorten(m.amount)}"
                )
            return pay + site(m.x, m.y)

        def build_card(m: Build) -> int:
            card(m.card)
            return build + site(m.x, m.y)

        def restore_card(m: Restore) -> int:
            card(m.card)
            return restore + site(m.x, m.y)

        def supply_card(m: Supply) -> int:
            card(m.card)
            return supply + site(m.x, m.y)

        def shut_down_card(m: ShutDown) -> int:
            card(m.card)
            return shut_down + site(m.x, m.y)

        def convert_card(m: Convert) -> int:
            card(m.card)
            site(m.x, m.y)
            return convert

        def keep_tool(m: KeepTool) -> int:
            tool(m.tool)
            return keep

        def attach_tool(m: AttachTool) -> int:
            return attach + tool(m.tool) * n_sites + site(m.x, m.y)

        return {
            StoreWater: lambda m: store + site(m.x, m.y),
            DrawFrom: draw_from,
            Pick: lambda m: pick + card(m.card),
            Build: build_card,
            BuildTower: lambda m: tower + site(m.x, m.y),
            BuildSilo: lambda m: silo + site(m.x, m.y),
            Market: sell,
            Restore: restore_card,
            PayWater: pay_water,
            ChooseTool: lambda m: choose + tool(m.tool),
            AttachTool: attach_tool,
            KeepTool: keep_tool,
            Supply: supply_card,
            ShutDown: shut_down_card,
            Convert: convert_card,
            Done: lambda m: done,
        }

    def _chance_encoders_of(self) -> dict[type, Callable[[Any], int]]:
        at = functools.partial(self._offset, self.chance)
        deal, deal_tool, start = at("deal card"), at("deal tool"), at("start player")
        players = self.rules.players

        def start_player(m: StartPlayer) -> int:
            if start < 0:
                raise IllegalMoveError(
                    f"the start player is seat {self.rules.start_player} by the rules, not chance's"
                )
            if type(m.seat) is not int or not 0 <= m.seat < players:
                raise IllegalMoveError(f"start player: no seat {shorten(m.seat)}")
            return start + m.seat

        return {
            Deal: lambda m: deal + self._card(m.card),
            DealTool: lambda m: deal_tool + self._tool(m.tool),
            StartPlayer: start_player,
        }

    def _card(self, name: object) -> int:
        k = self._cards.get(name) if type(name) is str else None
        if k is None:
            raise IllegalMoveError(f"there is no card named {shorten(name)} in these rules")
        return k

    def _tool(self, name: object) -> int:
        x = self._tools.get(name) if type(name) is str else None
        if x is None:
            raise IllegalMoveError(f"there is no tool named {shorten(name)} in these rules")
        return x

    def encode_action(self, state: State, move: Move) -> int:
        """The fixed number of player move ``move`` (see the module docstring)."""
        encode = self._encoders.get(type(move))
        if encode is None:
            what = "a chance outcome" if type(move) in self._chance_encoders else "no move"
            raise IllegalMoveError(f"{shorten(move)} is {what}, not a player's move to number")
        return encode(move)

    def encode_actions(self, state: State, moves: Sequence[Move]) -> list[int]:
        """The numbers of ``moves``, in order: :meth:`encode_action` move by move, looked
        up by the identity of the move once it has been numbered.

        The legal moves are nearly all the game's shared move objects (one per card,
        cell and kind), so a few thousand of them make up every list. An entry holds
        its move, so while it stands no other object can have that id: finding
        ``id(move)`` is finding ``move``. One dict store of one tuple per move; a list
        with a move not found (never numbered, or emptied by another thread) is looked
        up again move by move, numbering the moves not found: thread-safe.
        """
        known = self._numbers
        try:
            return [known[id(move)][1] for move in moves]
        except KeyError:
            pass
        numbers = []
        for move in moves:
            hit = known.get(id(move))
            if hit is None:
                hit = (move, self.encode_action(state, move))
                if len(known) >= _NUMBERS_KEPT:
                    known.clear()
                known[id(move)] = hit
            numbers.append(hit[1])
        return numbers

    def encode_chance(self, state: State, move: Move) -> int:
        """The fixed number of chance outcome ``move``: a card dealt, a tool tile, a start player."""
        encode = self._chance_encoders.get(type(move))
        if encode is None:
            raise IllegalMoveError(f"{shorten(move)} is not a chance outcome of Fields of Green")
        return encode(move)

    # -- observations --------------------------------------------------------------

    def _init_planes(self, rules: Rules) -> None:
        t = rules.tables
        players, years = rules.players, rules.years
        n_cards, n_tools = len(t.names) - 2, len(t.tool_names)
        slots = 2 + rules.years * rules.hand_size
        self._site_rows = 7 + rules.tools_per_site
        self.planes = Planes(
            [
                ("year", (years,)),
                ("phase", (len(PHASES),)),
                ("to move", (players + 1,)),
                ("actor", (players,)),
                ("start player", (players,)),
                ("sites", (players, self._site_rows, slots)),
                ("purse", (players, 5)),
                ("kept tools", (players, n_tools)),
                ("hand backs", (players, len(DECKS))),
                ("hand", (players, n_cards)),
                ("hand known", (players, 2)),
                ("pick back", (players, len(DECKS))),
                ("pick", (players, n_cards)),
                ("decks", (len(DECKS),)),
                ("stacks", (2,)),
                ("tool pile", (2, n_tools)),
                ("discard", (n_cards,)),
                ("water to store", (1,)),
                ("cards drawn", (1,)),
                ("decks used", (len(DECKS),)),
                ("decks allowed", (len(DECKS),)),
                ("deck dealing", (len(DECKS),)),
                ("water due", (1,)),
                ("target", (3,)),
                ("tiles to draw", (1,)),
                ("tiles drawn", (n_tools,)),
                ("tool to place", (n_tools,)),
                ("harvest", (2, slots)),
                ("converts left", (1,)),
            ]
        )
        self._phase = {name: i for i, name in enumerate(PHASES)}
        self._deck_of_name = {name: d for d, name in enumerate(DECKS)}
        self._xy = xy_table(t.origin)
        self._slots = slots
        self._n_cards, self._n_tools = n_cards, n_tools
        self._offsets = tuple(self.planes.offset(name) for name, _ in self.planes.fields)
        # Per cell of the farm window: x and y counted from -reach (so never negative).
        self._x = tuple(x + self.sites.reach for x, _ in self._xy)
        self._y = tuple(y + self.sites.reach for _, y in self._xy)
        self._kind = tuple(range(1, len(t.names) + 1))
        # The farm blocks of recent farms by identity (see _farm_block).
        self._farm_cache: dict[int, tuple[Farm, tuple[tuple[int, ...], ...]]] = {}
        self._init_packed()

    def _farm_block(self, farm: Farm) -> tuple[tuple[int, ...], ...]:
        """``(sites, purse, kept tools)`` of one farm, each flat.

        A farm is an immutable value that most moves pass on unchanged (a move
        changes one farm at most), so the blocks of recent farms are kept by
        identity: one dict store of one tuple (thread-safe), holding the farm
        itself so its id cannot be reused while the entry lives.
        """
        hit = self._farm_cache.get(id(farm))
        if hit is not None and hit[0] is farm:
            return hit[1]
        rows, purse, kept = self._farm_parts(farm)
        pad = (0,) * (self._slots - len(farm.cells))
        sites: list[int] = []
        for row in rows:
            sites += row
            sites += pad
        block = (tuple(sites), purse, kept)
        if len(self._farm_cache) >= _FARM_CACHE_SIZE:
            self._farm_cache.clear()
        self._farm_cache[id(farm)] = (farm, block)
        return block

    def _farm_parts(
        self, farm: Farm
    ) -> tuple[tuple[Sequence[int], ...], tuple[int, ...], tuple[int, ...]]:
        """One farm's rows of the ``sites`` field, one int per card (not yet padded to
        the slots), its ``purse`` and its ``kept tools``."""
        score = farm_sheet(self.rules, farm).total
        purse = (farm.coins, farm.grain, farm.grain_capacity, farm.tokens, score)
        return self._farm_rows(farm), purse, self._kept(farm)

    def _farm_rows(self, farm: Farm) -> tuple[Sequence[int], ...]:
        """One farm's rows of the ``sites`` field, one int per card (not yet padded to
        the slots): they read its cards, towers, tools and shut-down sites, not its purse."""
        cells, down = farm.cells, farm.down
        n = len(cells)
        face_up = (1,) * n if not down else tuple(0 if down >> c & 1 else 1 for c in cells)
        water, capacity, reach = [0] * n, [0] * n, [0] * n
        for c, tower_water, tower_capacity, tower_reach in farm.towers:
            i = cells.index(c)
            water[i], capacity[i], reach[i] = tower_water, tower_capacity, tower_reach
        tools = [[0] * n for _ in range(self.rules.tools_per_site)]
        for c, x in farm.tools:  # sorted, so a site's tools in the order of their ids
            i = cells.index(c)
            next(row for row in tools if not row[i])[i] = x + 1
        return (
            tuple(map(self._kind.__getitem__, farm.kinds)),
            tuple(map(self._x.__getitem__, cells)),
            tuple(map(self._y.__getitem__, cells)),
            face_up,
            water,
            capacity,
            reach,
            *tools,
        )

    def _kept(self, farm: Farm) -> tuple[int, ...]:
        """The ``kept tools`` field of one farm: how many of each tool it keeps aside."""
        kept = [0] * self._n_tools
        for x in farm.kept:
            kept[x] += 1
        return tuple(kept)

    def observation(self, view: View) -> list[int]:
        """The observation tensor of ``view``, flat (the fields of ``planes``, in order)."""
        (
            year_at,
            phase_at,
            to_move_at,
            actor_at,
            start_at,
            sites_at,
            purse_at,
            kept_at,
            backs_at,
            hand_at,
            known_at,
            pick_back_at,
            pick_at,
            decks_at,
            stacks_at,
            tool_pile_at,
            discard_at,
        ) = self._offsets[:17]
        out = [0] * self.planes.size
        players, n_cards, n_tools = self.rules.players, self._n_cards, self._n_tools
        me = view.player
        if view.year:
            out[year_at + view.year - 1] = 1
        out[phase_at + self._phase[view.phase]] = 1
        who = view.to_move
        if who is CHANCE:
            out[to_move_at + players] = 1
        elif who is not None:
            out[to_move_at + (who - me) % players] = 1
        if view.actor >= 0:
            out[actor_at + (view.actor - me) % players] = 1
        out[start_at + (view.start - me) % players] = 1
        # The farms, in turn order from the viewer.
        per_farm = self._slots * self._site_rows
        for seat, farm in enumerate(view.farms):
            row = (seat - me) % players
            sites, purse, kept = self._farm_block(farm)
            b = sites_at + row * per_farm
            out[b : b + per_farm] = sites
            b = purse_at + row * 5
            out[b : b + 5] = purse
            b = kept_at + row * n_tools
            out[b : b + n_tools] = kept
        # The hands and picks.
        cards, decks = self._cards, self._decks
        for seat, sv in enumerate(view.seats):
            row = (seat - me) % players
            b = backs_at + row * 4
            for deck in sv.backs:
                out[b + decks[deck]] += 1
            known = sv.hand if sv.hand is not None else sv.among
            if known is not None:
                b = hand_at + row * n_cards
                for name in known:
                    out[b + cards[name]] += 1
                out[known_at + row * 2] = 1
                if sv.hand is None:
                    out[known_at + row * 2 + 1] = 1
            if sv.pick_back is not None:
                out[pick_back_at + row * 4 + decks[sv.pick_back]] = 1
                if sv.pick is not None:
                    out[pick_at + row * n_cards + cards[sv.pick]] = 1
        # The table.
        out[decks_at : decks_at + 4] = view.deck_sizes
        out[stacks_at] = view.silo_stack
        out[stacks_at + 1] = view.tower_stack
        tools = self._tools
        for segment in view.tool_pile.segments:
            if isinstance(segment, Pile):
                for name, n in segment.counts:
                    out[tool_pile_at + tools[name]] += n
            else:
                for name in segment.order:
                    out[tool_pile_at + n_tools + tools[name]] += 1
        for name in view.discard:
            out[discard_at + cards[name]] += 1
        if view.pending:
            self._pending(view.phase, view.pending, view.farms[view.actor], out)
        return out

    def _pending(self, phase: str, pending: tuple[int, ...], actor: Farm, out: list[int]) -> None:
        """The details of the decision being taken (``pending``, all public), in phase
        ``phase`` (its name), with ``actor`` the farm of the seat deciding."""
        (
            store_at,
            drawn_at,
            used_at,
            allowed_at,
            dealing_at,
            due_at,
            target_at,
            to_draw_at,
            tiles_at,
            place_at,
            harvest_at,
            converts_at,
        ) = self._offsets[17:]
        if phase == "store":
            out[store_at] = pending[0]
        elif phase == "draw" or phase == "deal":
            drawn, used, last = pending
            out[drawn_at] = drawn
            for d in range(4):
                out[used_at + d] = used >> d & 1
            if phase == "draw":
                for d in range(4):
                    out[allowed_at + d] = last >> d & 1
            else:
                out[dealing_at + last] = 1
        elif phase == "tool deal":
            out[to_draw_at] = pending[0]
            for x in pending[1:]:
                out[tiles_at + x] += 1
        elif phase == "tool choose":
            for x in pending:
                out[tiles_at + x] += 1
        elif phase == "tool place":
            out[place_at + pending[0]] = 1
        elif phase == "supply":
            remaining, ready = pending
            slots = self._slots
            for i, c in enumerate(actor.cells):
                out[harvest_at + i] = remaining >> c & 1
                out[harvest_at + slots + i] = ready >> c & 1
        else:  # pay, attach, convert: a site (or, paying for a build, the cell it goes to)
            x, y = self._xy[pending[0]]
            reach = self.sites.reach
            out[target_at : target_at + 3] = (1, x + reach, y + reach)
            if phase == "pay":
                out[due_at] = pending[1]
            elif phase == "convert":
                out[converts_at] = pending[1]

    # -- observations, packed ------------------------------------------------------

    def _init_packed(self) -> None:
        """The tables of :meth:`observation_bytes`: one-hot rows packed, and its caches."""
        players, years = self.rules.players, self.rules.years
        t = self.rules.tables
        # _unit_rows(n)[i] is a field of n ints with a 1 at i; row n is all zeros.
        years_rows = _unit_rows(years)
        self._year_rows = (years_rows[years], *years_rows[:years])  # by view.year, 0 first
        self._phase_rows = dict(zip(PHASES, _unit_rows(len(PHASES)), strict=False))
        self._turn_rows = _unit_rows(players + 1)  # a relative seat, chance, then none
        self._seat_rows = _unit_rows(players)  # a relative seat, then none
        self._table_head = struct.Struct(f"{len(DECKS) + 2}h")  # deck sizes, silo and tower stacks
        self._purse = struct.Struct("5h")
        # The zeros after a farm's n cards in each row of its sites, by n.
        self._pads = tuple(bytes(2 * (self._slots - n)) for n in range(self._slots + 1))
        # The codes of the sites rows packed, by card kind and by cell (see _farm_rows),
        # and the face up row of n cards none of which is shut down.
        self._kind_packed = tuple(map(_INT16.pack, self._kind))
        self._x_packed = tuple(map(_INT16.pack, self._x))
        self._y_packed = tuple(map(_INT16.pack, self._y))
        self._all_up = tuple(_INT16.pack(1) * n for n in range(self._slots + 1))
        self._pending_at = self.planes.offset("water to store")
        # Packed blocks by the identity of the immutable View part they show, or by
        # value (see _keep). One dict store of one complete value each: thread-safe.
        self._packed_farms: dict[int, tuple[Farm, tuple[bytes, bytes, bytes]]] = {}
        self._packed_layouts: dict[int, tuple[Any, ...]] = {}  # by the cards' cells
        self._packed_cards: dict[tuple[int, ...], tuple[Any, ...]] = {}  # by the cells' value
        self._packed_towers: dict[int, tuple[Any, ...]] = {}  # by the towers
        self._packed_tool_rows: dict[int, tuple[Any, ...]] = {}  # by the tools
        self._card_scores: dict[int, tuple[Any, ...]] = {}  # by the cards' cells
        self._packed_kept: dict[tuple[int, ...], bytes] = {}  # by value
        self._no_tool_rows = bytes(2 * self._slots * self.rules.tools_per_site)
        self._packed_seats: dict[int, tuple[SeatView, tuple[bytes, ...]]] = {}
        self._packed_backs: dict[tuple[str, ...] | None, bytes] = {}  # by value
        self._packed_hands: dict[tuple[str, ...] | None, bytes] = {}  # by value
        unit_decks, unit_cards = _unit_rows(len(DECKS)), _unit_rows(self._n_cards)
        # A seat's pick back and pick fields by name, all zeros for None.
        self._pick_back_rows: dict[str | None, bytes] = dict(zip(DECKS, unit_decks, strict=False))
        self._pick_back_rows[None] = unit_decks[-1]
        self._pick_rows: dict[str | None, bytes] = dict(zip(self._cards, unit_cards, strict=False))
        self._pick_rows[None] = unit_cards[-1]
        # The same rows by deck and card number (a card's number is its kind), for
        # seat_observation_bytes, which reads the state's numbers: -1 for none.
        self._pick_back_by_card = (*(unit_decks[d] for d in t.deck[:-2]), unit_decks[-1])
        self._pick_by_card = unit_cards
        self._deck_of = t.deck
        self._known_rows = {
            (known, whole): array.array("h", (int(known), int(known and whole))).tobytes()
            for known in (False, True)
            for whole in (False, True)
        }
        self._packed_tools: dict[int, tuple[Deck[str], bytes]] = {}
        self._packed_discards: dict[int, tuple[tuple[str, ...], bytes]] = {}
        self._packed_pending: dict[tuple[Any, ...], bytes] = {}
        # What seat_observation_bytes reads from a state, kept by the state's parts.
        self._packed_seat_keys: dict[tuple[Any, ...], tuple[bytes, ...]] = {}  # by value
        self._deck_tuples: dict[int, tuple[tuple[Deck[int], ...], tuple[int, ...]]] = {}
        self._deck_lens: dict[int, tuple[Deck[int], int]] = {}
        self._packed_backs_of: dict[tuple[int, ...], bytes] = {}  # by value
        self._packed_faces_of: dict[tuple[int, ...], bytes] = {}  # by value
        self._no_cards = unit_cards[-1]
        self._packed_state_tools: dict[int, tuple[Deck[int], bytes]] = {}
        self._packed_state_discards: dict[int, tuple[tuple[int, ...], bytes]] = {}
        self._known_hands: dict[tuple[int, int, int, bool], tuple[bool, ...]] = {}
        self._phase_rows_by_number = tuple(self._phase_rows[name] for name in PHASES)
        self._players = players
        # Each viewer's turn order: the seats from the viewer on.
        self._orders = tuple(
            tuple((me + i) % players for i in range(players)) for me in range(players)
        )

    def observation_bytes(self, view: View) -> bytes:
        """:meth:`observation` packed as int16, joined from packed blocks: the one-hot
        fields from tables, the farms, seats, tool pile, discard pile and pending
        decision from caches (most of them are the same as one step before)."""
        order = self._orders[view.player]
        farms, seats = view.farms, view.seats
        return self._pack(
            view.player,
            view.year,
            self._phase_rows[view.phase],
            view.to_move,
            view.actor,
            view.start,
            [self._farm_bytes(farms[q]) for q in order],
            [self._seat_bytes(seats[q]) for q in order],
            self._table_head.pack(*view.deck_sizes, view.silo_stack, view.tower_stack),
            self._tool_pile_bytes(view.tool_pile),
            self._discard_bytes(view.discard),
            self._pending_bytes(view.phase, view.pending, view.farms[view.actor]),
        )

    def seat_observation_bytes(self, state: State, seat: int) -> bytes:
        """:meth:`observation_bytes` of ``observe(state, seat)``, packed from the state.

        It reads what the view holds and reduces the hidden parts as ``observe``
        does: whether the seat knows each hand and sees each pick is decided by the
        view's own rules (``view._knows_hand``, ``view._pick_hidden``), and a hand
        it does not know shows only its backs; of the decks only their sizes are
        read. Seats are kept packed by that value (a hand's cards and pick and what
        the seat may see of them), the decks and piles by identity, the farms as
        :meth:`observation_bytes` keeps them, so a step packs only what it changed.
        :class:`~acreage.SeatError` if ``seat`` is not at the table.
        """
        players = self._players
        if type(seat) is not int or not 0 <= seat < players:
            check_seat(seat, players)  # raises, saying why
        phase, actor, pending = question(state)
        farms = state.farms
        order = self._orders[seat]
        farm_bytes = self._farm_bytes
        return self._pack(
            seat,
            state.year,
            self._phase_rows_by_number[phase],
            state.to_move,
            actor,
            state.start,
            [farm_bytes(farms[q]) for q in order],
            self._seen_seats(state, seat, order),
            self._table_head.pack(
                *self._deck_sizes(state.decks), state.silo_stack, state.tower_stack
            ),
            self._state_pile_bytes(state.rules, state.tool_pile),
            self._state_discard_bytes(state.discard),
            self._pending_bytes(PHASES[phase], pending, farms[actor]),
        )

    def _seen_seats(
        self, state: State, seat: int, order: tuple[int, ...]
    ) -> list[tuple[bytes, ...]]:
        """Each seat's rows of the hand fields as ``seat`` sees them (as :meth:`_seat_bytes`
        gives them), in turn order from ``seat`` (``order``).

        Whether ``seat`` knows each hand is ``view._knows_hand``'s answer, kept by
        what that reads of the state: the seat, the passes, their direction and
        whether the seat is drawing blind (a few dozen keys in a game); whether a
        pick is hidden is ``view._pick_hidden``'s, which is never so outside the
        pick phase."""
        key = (seat, state.passes, state.pass_direction, _drawing_blind(state, seat))
        known = self._known_hands.get(key)
        if known is None:
            known = tuple(_knows_hand(state, seat, q) for q in range(self._players))
            self._known_hands[key] = known  # a few dozen keys: never emptied
        hands, picks = state.hands, state.picks
        seat_bytes = self._seat_bytes_of
        agenda = state.agenda
        if agenda and type(agenda[-1]) is PickCard:
            return [
                seat_bytes(hands[q], picks[q], known[q], _pick_hidden(state, seat, q))
                for q in order
            ]
        return [seat_bytes(hands[q], picks[q], known[q], False) for q in order]

    def _pack(
        self,
        me: int,
        year: int,
        phase_row: bytes,
        who: int | Chance | None,
        actor: int,
        start: int,
        farms: list[tuple[bytes, bytes, bytes]],
        seats: list[tuple[bytes, ...]],
        table_head: bytes,
        tool_pile: bytes,
        discard: bytes,
        pending: bytes,
    ) -> bytes:
        """The observation of seat ``me`` joined from its parts: the one-hot fields from
        tables, then each farm's and seat's packed rows in turn order from ``me``
        (``farms`` as :meth:`_farm_bytes` and ``seats`` as :meth:`_seat_bytes` give
        them), the decks and stacks (``table_head``) and the packed piles and
        pending decision. :meth:`observation_bytes` and
        :meth:`seat_observation_bytes` both end here, so the two cannot lay the
        fields out differently."""
        players = self._players
        turn = players + 1 if who is None else players if who is CHANCE else (who - me) % players
        seat_rows = self._seat_rows
        parts = [
            self._year_rows[year],
            phase_row,
            self._turn_rows[turn],
            seat_rows[(actor - me) % players if actor >= 0 else players],
            seat_rows[(start - me) % players],
        ]
        # Each field holds a row per seat.
        for rows in zip(*farms, strict=True):
            parts += rows
        for rows in zip(*seats, strict=True):
            parts += rows
        parts += (table_head, tool_pile, discard, pending)
        return b"".join(parts)

    def _farm_bytes(self, farm: Farm) -> tuple[bytes, bytes, bytes]:
        """:meth:`_farm_block` packed: ``(sites, purse, kept tools)``, kept by the farm's
        identity (a move changes one farm at most)."""
        hit = self._packed_farms.get(id(farm))
        if hit is not None:
            return hit[1]
        sites, points = self._layout_bytes(farm)
        kept = self._packed_kept.get(farm.kept)
        if kept is None:
            kept = array.array("h", self._kept(farm)).tobytes()
            if len(self._packed_kept) >= _PACKED_KEPT:
                self._packed_kept.clear()
            self._packed_kept[farm.kept] = kept
        packed = (
            sites,
            self._purse.pack(
                farm.coins,
                farm.grain,
                farm.grain_capacity,
                farm.tokens,
                points + purse_points(farm),
            ),
            kept,
        )
        _keep(self._packed_farms, farm, (farm, packed))
        return packed

    def _layout_bytes(self, farm: Farm) -> tuple[bytes, int]:
        """A farm's packed ``sites`` field and the points of its score lines that do not
        read the purse (:func:`~acreage.fields_of_green.scoring.purse_points`).

        Both read only the cards, towers, tools and shut-down sites, which a move
        that pays, earns or stores (a fifth of those that change a farm in random
        games) passes on as the same objects: they are kept by those objects (the
        cards' cells first). A layout not kept is put together from parts kept
        the same way, each by what it reads: the rows of the cards (their cells,
        kinds and shut-down sites), of the towers and of the tools, and the points
        of the cards (:meth:`_card_points`); a build or a water token makes the
        rows it changed and no others.
        """
        cells, kinds, towers, tools, down = (
            farm.cells,
            farm.kinds,
            farm.towers,
            farm.tools,
            farm.down,
        )
        hit = self._packed_layouts.get(id(cells))
        if (
            hit is not None
            and hit[1] is kinds
            and hit[2] is towers
            and hit[3] is tools
            and hit[4] == down
        ):
            return hit[5]  # type: ignore[no-any-return]
        layout = (
            b"".join(
                (
                    self._card_rows(cells, kinds, down),
                    self._tower_rows(cells, towers),
                    self._tool_rows(cells, tools) if tools else self._no_tool_rows,
                )
            ),
            self._card_points(farm) + tower_points(farm),
        )
        _keep(self._packed_layouts, cells, (cells, kinds, towers, tools, down, layout))
        return layout

    def _card_rows(self, cells: tuple[int, ...], kinds: tuple[int, ...], down: int) -> bytes:
        """The rows kind, x, y and face up of :meth:`_farm_rows`, packed and each padded
        to the slots; kept by the cells' value with the kinds and shut-down sites.

        A build appends one card to the cells and kinds, so the rows of a farm one
        card short are looked up first and the new card written into a copy of
        them (packing a whole farm's cards int by int costs five times as much).
        A farm with no such predecessor is packed whole: each row joined from
        per-Rules tables of packed ints (by kind, by cell).
        """
        kept = self._packed_cards
        hit = kept.get(cells)
        if hit is not None and hit[0] == kinds and hit[1] == down:
            return hit[2]  # type: ignore[no-any-return]
        n = len(cells)
        before = kept.get(cells[:-1]) if n > 1 else None
        if before is not None and before[1] == down and before[0] == kinds[:-1]:
            c, width = cells[-1], 2 * self._slots
            at = 2 * (n - 1)
            grown = bytearray(before[2])
            pack = _INT16.pack_into
            pack(grown, at, self._kind[kinds[-1]])
            pack(grown, at + width, self._x[c])
            pack(grown, at + 2 * width, self._y[c])
            pack(grown, at + 3 * width, 0 if down >> c & 1 else 1)
            rows = bytes(grown)
        else:
            pad = self._pads[n]
            kind_packed, x_packed, y_packed = self._kind_packed, self._x_packed, self._y_packed
            if down:
                up = b"".join([_SHUT if down >> c & 1 else _UP for c in cells])
            else:
                up = self._all_up[n]
            rows = b"".join(
                (
                    b"".join([kind_packed[k] for k in kinds]),
                    pad,
                    b"".join([x_packed[c] for c in cells]),
                    pad,
                    b"".join([y_packed[c] for c in cells]),
                    pad,
                    up,
                    pad,
                )
            )
        if len(kept) >= _PACKED_KEPT:
            kept.clear()
        kept[cells] = (kinds, down, rows)
        return rows

    def _tower_rows(
        self, cells: tuple[int, ...], towers: tuple[tuple[int, int, int, int], ...]
    ) -> bytes:
        """The rows water, capacity and reach of :meth:`_farm_rows`, packed and padded;
        kept by the towers' identity (every move that stores or pays water makes new
        ones) with the cells they were packed for, which a build leaves in place."""
        hit = self._packed_towers.get(id(towers))
        if hit is not None and _same_places(hit[1], cells):
            return hit[2]  # type: ignore[no-any-return]
        width = 2 * self._slots
        rows = bytearray(3 * width)
        pack = _INT16.pack_into
        for c, water, capacity, reach in towers:
            at = 2 * cells.index(c)
            pack(rows, at, water)
            pack(rows, at + width, capacity)
            pack(rows, at + 2 * width, reach)
        packed = bytes(rows)
        _keep(self._packed_towers, towers, (towers, cells, packed))
        return packed

    def _tool_rows(self, cells: tuple[int, ...], tools: tuple[tuple[int, int], ...]) -> bytes:
        """The tool rows of :meth:`_farm_rows` (one per tool a site can hold), packed
        and padded; kept by the tools' identity with the cells they were packed for."""
        hit = self._packed_tool_rows.get(id(tools))
        if hit is not None and _same_places(hit[1], cells):
            return hit[2]  # type: ignore[no-any-return]
        width = 2 * self._slots
        rows = bytearray(width * self.rules.tools_per_site)
        for c, x in tools:  # sorted, so a site's tools in the order of their ids
            at = 2 * cells.index(c)
            while rows[at] or rows[at + 1]:  # the first of the site's rows still free
                at += width
            _INT16.pack_into(rows, at, x + 1)
        packed = bytes(rows)
        _keep(self._packed_tool_rows, tools, (tools, cells, packed))
        return packed

    def _card_points(self, farm: Farm) -> int:
        """The points of ``farm``'s score lines that read its cards, their tools and its
        shut-down sites (:func:`~acreage.fields_of_green.scoring.site_points`), kept by
        those (the cells first): only a move that changes the cards scores them again."""
        cells, kinds, tools, down = farm.cells, farm.kinds, farm.tools, farm.down
        hit = self._card_scores.get(id(cells))
        if hit is not None and hit[1] is kinds and hit[2] is tools and hit[3] == down:
            return hit[4]  # type: ignore[no-any-return]
        points = site_points(self.rules, farm)
        _keep(self._card_scores, cells, (cells, kinds, tools, down, points))
        return points

    def _seat_bytes(self, sv: SeatView) -> tuple[bytes, ...]:
        """One seat's row of each hand field, packed: backs, hand, known, pick back, pick.

        Kept by the SeatView's identity (``observe`` shares them); a new one is put
        together from rows kept by value: the backs, the cards known, and tables
        of the rest."""
        hit = self._packed_seats.get(id(sv))
        if hit is not None:
            return hit[1]
        faces = sv.hand if sv.hand is not None else sv.among
        rows = (
            self._counted(self._packed_backs, sv.backs, self._decks, len(DECKS)),
            self._counted(self._packed_hands, faces, self._cards, self._n_cards),
            self._known_rows[faces is not None, sv.hand is None],
            self._pick_back_rows[sv.pick_back],
            self._pick_rows[sv.pick],
        )
        _keep(self._packed_seats, sv, (sv, rows))
        return rows

    def _seat_bytes_of(
        self, hand: tuple[int, ...], pick: int, known: bool, hidden_pick: bool
    ) -> tuple[bytes, ...]:
        """:meth:`_seat_bytes` of the view of a seat holding ``hand`` (card numbers) with
        ``pick`` chosen (-1: none), for a viewer who knows the hand or not and from whom
        the pick is hidden or not (as the view's ``_seat_view`` shows such a seat: the
        hand's cards when known, with the pick among them while it is hidden; the pick
        once it is shown; the backs always).

        Kept by that value: hands change at draws, picks and passes only. A new
        seat's rows come from the same row builders as :meth:`_seat_bytes`', by card
        and deck number rather than by name."""
        key = (hand, pick, known, hidden_pick)
        rows = self._packed_seat_keys.get(key)
        if rows is None:
            if not known:
                shown = self._no_cards
            elif hidden_pick:
                shown = _count_row((*hand, pick), self._n_cards)
            else:
                shown = self._faces_bytes(hand)
            rows = (
                self._backs_bytes(hand),
                shown,
                self._known_rows[known, not known or hidden_pick],
                self._pick_back_by_card[pick],
                self._pick_by_card[-1 if hidden_pick else pick],
            )
            if len(self._packed_seat_keys) >= _PACKED_KEPT:
                self._packed_seat_keys.clear()
            self._packed_seat_keys[key] = rows
        return rows

    def _backs_bytes(self, hand: tuple[int, ...]) -> bytes:
        """A hand's ``hand backs`` row, packed; kept by the hand's value (every viewer of
        the seat shares it)."""
        row = self._packed_backs_of.get(hand)
        if row is None:
            row = _count_row(map(self._deck_of.__getitem__, hand), len(DECKS))
            if len(self._packed_backs_of) >= _PACKED_KEPT:
                self._packed_backs_of.clear()
            self._packed_backs_of[hand] = row
        return row

    def _faces_bytes(self, hand: tuple[int, ...]) -> bytes:
        """A hand's ``hand`` row (its cards), packed; kept by the hand's value, and made
        only for a viewer who knows the hand (a blind draw, or another's hand not
        yet held, shows only the backs)."""
        row = self._packed_faces_of.get(hand)
        if row is None:
            row = _count_row(hand, self._n_cards)
            if len(self._packed_faces_of) >= _PACKED_KEPT:
                self._packed_faces_of.clear()
            self._packed_faces_of[hand] = row
        return row

    @staticmethod
    def _counted(
        cache: dict[tuple[str, ...] | None, bytes],
        names: tuple[str, ...] | None,
        index: dict[str, int],
        n: int,
    ) -> bytes:
        """A row of ``n`` counts, packed: how often each name of ``index`` is in ``names``
        (all zeros for ``None``). Kept by value in ``cache``, for hands and backs recur."""
        packed = cache.get(names)
        if packed is None:
            packed = _count_row(map(index.__getitem__, names or ()), n)
            if len(cache) >= _PACKED_KEPT:
                cache.clear()
            cache[names] = packed
        return packed

    def _tool_pile_bytes(self, pile: Deck[str]) -> bytes:
        """The tool pile field, packed: tiles in unknown order by tool, then those in known order."""
        hit = self._packed_tools.get(id(pile))
        if hit is not None:
            return hit[1]
        tools, n_tools = self._tools, self._n_tools
        out = [0] * (2 * n_tools)
        for segment in pile.segments:
            if isinstance(segment, Pile):
                for name, n in segment.counts:
                    out[tools[name]] += n
            else:
                for name in segment.order:
                    out[n_tools + tools[name]] += 1
        packed = array.array("h", out).tobytes()
        _keep(self._packed_tools, pile, (pile, packed))
        return packed

    def _deck_sizes(self, decks: tuple[Deck[int], ...]) -> tuple[int, ...]:
        """The cards left in each deck (what the view shows of them), kept by the
        identity of the decks and of each deck: a deal draws from one deck, and
        ``len`` of a deck adds up its piles, so the other three are not counted again."""
        hit = self._deck_tuples.get(id(decks))
        if hit is not None:
            return hit[1]
        kept = self._deck_lens
        sizes = []
        for deck in decks:
            one = kept.get(id(deck))
            if one is None:
                one = (deck, len(deck))
                _keep(kept, deck, one)
            sizes.append(one[1])
        entry = (decks, tuple(sizes))
        _keep(self._deck_tuples, decks, entry)
        return entry[1]

    def _state_pile_bytes(self, rules: Rules, pile: Deck[int]) -> bytes:
        """:meth:`_tool_pile_bytes` of a state's tool pile named as ``observe`` names it,
        kept by the identity of the state's pile (most moves pass it on unchanged)."""
        hit = self._packed_state_tools.get(id(pile))
        if hit is not None:
            return hit[1]
        packed = self._tool_pile_bytes(_named_tools(rules, pile))
        _keep(self._packed_state_tools, pile, (pile, packed))
        return packed

    def _state_discard_bytes(self, discard: tuple[int, ...]) -> bytes:
        """:meth:`_discard_bytes` of a state's discard pile (card numbers, which ``observe``
        names), kept by the identity of the state's pile."""
        hit = self._packed_state_discards.get(id(discard))
        if hit is not None:
            return hit[1]
        packed = _count_row(discard, self._n_cards)
        _keep(self._packed_state_discards, discard, (discard, packed))
        return packed

    def _discard_bytes(self, discard: tuple[str, ...]) -> bytes:
        """The discard field, packed: cards by name."""
        hit = self._packed_discards.get(id(discard))
        if hit is not None:
            return hit[1]
        packed = _count_row(map(self._cards.__getitem__, discard), self._n_cards)
        _keep(self._packed_discards, discard, (discard, packed))
        return packed

    def _pending_bytes(self, phase: str, pending: tuple[int, ...], actor: Farm) -> bytes:
        """The fields of the decision being taken (from ``water to store`` on), packed.

        :meth:`_pending` reads the phase and ``pending`` only, and while supplying,
        the harvesting (``actor``'s) farm's cells: the key holds all of that.
        """
        key = (phase, pending, actor.cells if phase == "supply" else None)
        packed = self._packed_pending.get(key)
        if packed is None:
            out = [0] * self.planes.size
            if pending:
                self._pending(phase, pending, actor, out)
            packed = array.array("h", out[self._pending_at :]).tobytes()
            if len(self._packed_pending) >= _PACKED_KEPT:
                self._packed_pending.clear()
            self._packed_pending[key] = packed
        return packed


_INT16: Final = struct.Struct("=h")
"""One native int16, as ``array("h")`` packs it."""

_UP: Final = _INT16.pack(1)
_SHUT: Final = _INT16.pack(0)
"""A card's place in the face up row: face up, or shut down."""


def _count_row(numbers: Iterable[int], n: int) -> bytes:
    """A field of ``n`` int16 counts, packed: how often each of ``0`` to ``n - 1`` is in ``numbers``."""
    out = [0] * n
    for i in numbers:
        out[i] += 1
    return _int16s(n).pack(*out)


@functools.cache
def _int16s(n: int) -> struct.Struct:
    """The packing of ``n`` native int16s (as ``array("h")`` packs them): one call for a
    whole field, under half the cost of making an array of it. A field has one of a
    few lengths (decks, cards, tools), so few are made; functools.cache is safe under threads."""
    return struct.Struct(f"={n}h")


def _unit_rows(n: int) -> tuple[bytes, ...]:
    """Field of ``n`` int16s packed with a single 1 at each index, then all zeros (index ``n``)."""
    rows = []
    for i in range(n + 1):
        row = [0] * n
        if i < n:
            row[i] = 1
        rows.append(array.array("h", row).tobytes())
    return tuple(rows)


def _same_places(packed_for: tuple[int, ...], cells: tuple[int, ...]) -> bool:
    """Whether rows packed for cards at ``packed_for`` hold for cards at ``cells``: the same
    cells, or more of them built after (a row's place is the card's place in the cells)."""
    return packed_for is cells or cells[: len(packed_for)] == packed_for


def _keep(cache: dict[int, Any], part: object, entry: tuple[Any, ...]) -> None:
    """Store ``entry`` (``part`` first) under ``id(part)`` in ``cache``, emptied when full.

    The entry holds ``part``, so no other object can have its id while the entry
    stands: finding ``id(x)`` in the cache is finding ``x``. One dict store of one
    tuple: a thread sees the entry whole or not at all.
    """
    if len(cache) >= _PACKED_KEPT:
        cache.clear()
    cache[id(part)] = entry


_FARM_CACHE_SIZE = 256
"""Farm blocks kept per encoding: many times the farms of the states a playout or a
search touches in a row, few enough that 64 cached encodings hold little memory."""

_PACKED_KEPT = 256
"""Packed blocks kept per cache of :meth:`FieldsOfGreenEncoding.observation_bytes`: the
farms, seats and piles of many more states than a playout or a search step touches in
a row, few enough that 64 cached encodings hold little memory."""

_NUMBERS_KEPT = 8192
"""Move numbers kept per encoding: the shared moves a whole game lists, and more."""


# Bounded: a program may make many Rules. lru_cache is safe under threads; two threads
# missing the same Rules at once may build two equal encodings and keep one.
@functools.lru_cache(maxsize=64)
def encoding(rules: Rules) -> FieldsOfGreenEncoding:
    """The :class:`FieldsOfGreenEncoding` of ``rules`` (built once per Rules, then cached)."""
    return FieldsOfGreenEncoding(rules)


def action_space_size(rules: Rules) -> int:
    """How many action numbers the player moves of ``rules`` have (``0`` to size - 1)."""
    return encoding(rules).actions.size


def observation_tensor(view: View) -> list[int]:
    """The observation tensor of ``view`` (from ``observe(state, seat)``): a flat list of
    ints, the same length for every view of the same Rules."""
    return encoding(view.rules).observation(view)

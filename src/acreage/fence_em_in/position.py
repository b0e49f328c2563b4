"""Positions of Fence Em In: the state as plain data and as text, checked; arrange.

:func:`to_position` writes a state as JSON data and :func:`from_position`
reads it back under given rules, refusing with a
:class:`~acreage.core.position.PositionError` any position that cannot
occur: more tokens of a kind than the bag holds, enclosures off the board,
overlapping, over another player's starting cell or not touching their
farm, a seat that is not at the table, a phase whose choice cannot be made
(a token to take from an empty column, a choice face that no die shows)...
What the rest determines is never written and always recomputed: the
placement points (from the miniatures in the order they were placed), the
bag (the rules' bag less the tokens on the assets board and in enclosures),
the land and occupied cells.

:func:`position_text` and :func:`parse_position` do the same with a compact
text: the enclosure board as rows of cells, then one named field a line.
:func:`arrange` changes some fields of a state's position, with the same
checks. :func:`build_position` builds a valid position from a source of
choices, for property tests (:func:`acreage.testing.positions`). The format
is documented field by field in
https://acreage.readthedocs.io/en/latest/games/fence-em-in/#positions.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from acreage.core.bitset import bits
from acreage.core.game import Chance
from acreage.core.position import (
    POSITION_FORMAT,
    Fields,
    Node,
    PositionError,
    PositionText,
    close_names,
    position_fields,
)
from acreage.fence_em_in.legal import can_fertilize
from acreage.fence_em_in.placement import beside
from acreage.fence_em_in.rules import (
    CHOICE,
    COLUMNS,
    DIE_FACES,
    KINDS,
    EnclosureCard,
    Rules,
    SupportCard,
)
from acreage.fence_em_in.scoring import accepts, placement_gain, why_not_accepted
from acreage.fence_em_in.state import (
    Enclosure,
    Farm,
    Phase,
    State,
    agenda_for,
    make_enclosure,
    make_farm,
)
from acreage.fence_em_in.tables import KIND_INDEX, Tables
from acreage.fence_em_in.view import View, state_of_view

__all__ = [
    "arrange",
    "from_position",
    "from_view",
    "parse_position",
    "position_text",
    "to_position",
]

GAME_NAME = "fence-em-in"

PHASES: dict[str, Phase] = {phase.name.lower(): phase for phase in Phase}
"""The phases by their name in a position (``"place"``, ``"refill"``...)."""

_SETUP = frozenset((Phase.CARDS, Phase.FILL, Phase.ORDER))
_DECISIONS = frozenset((Phase.SIX, Phase.FERTILIZE, Phase.PLACE, Phase.TAKE, Phase.FARM))
_TURN_CHANCE = frozenset((Phase.REROLL, Phase.REFRESH))
_TURN = _DECISIONS | _TURN_CHANCE
_DRAWS = frozenset((Phase.FILL, Phase.REFRESH, Phase.REFILL))
_MAX_SIDE = DIE_FACES - 1

_KEYS = (
    "round",
    "to_move",
    "player",
    "order",
    "dice",
    "uses",
    "six_rerolls",
    "token",
    "cards",
    "columns",
    "passed",
    "groups",
    "rolls",
    "order_rerolls",
    "farms",
)
_DERIVED = {
    "bag": "derived, not given: the bag holds the rules' tokens less those on the assets "
    "board and in enclosures",
    "turn": "derived, not given: whose turn it is is to_move (or player, during a re-roll "
    "or a refresh)",
    "occupied": "derived, not given: the cells of the farms' enclosures",
    "scores": "derived, not given: placement points are recomputed from the enclosures",
}
_FARM_KEYS = ("enclosures", "fertilizer", "rows", "discards")
_FARM_DERIVED = {
    "points": "derived, not given: placement points are recomputed from the miniatures "
    "in the enclosures, in the order they were placed",
    "land": "derived, not given: the cells of the farm's enclosures",
    "placed": "derived, not given: the miniatures in the farm's enclosures",
}
_LIST_LIMIT = 1000  # far above any list of a real position; bounds what is read at all


# -- to data -------------------------------------------------------------------------


def _to_move_data(to_move: int | Chance | None) -> int | str | None:
    return "chance" if isinstance(to_move, Chance) else to_move


def to_position(state: State) -> dict[str, Any]:
    """``state`` as plain JSON data; :func:`from_position` reads it back to an equal state.

    Every field is written, with the farms' enclosures in the order they
    were built; ``player`` (whose turn it is) only in the phases where
    chance moves within a turn (``reroll``, ``refresh``), since elsewhere
    ``to_move`` says it. What is derived (points, the bag) is left out.
    """
    rules = state.rules
    data: dict[str, Any] = {
        "game": GAME_NAME,
        "format": POSITION_FORMAT,
        "round": state.round,
        "phase": state.phase.name.lower(),
        "to_move": _to_move_data(state.to_move),
    }
    if state.phase in _TURN_CHANCE:
        data["player"] = state.player
    data.update(
        {
            "order": list(state.order),
            "dice": list(state.dice),
            "uses": state.uses,
            "six_rerolls": state.six_rerolls,
            "token": state.token,
            "cards": list(state.cards),
            "columns": [list(column) for column in state.columns],
            "passed": [seat for seat in range(rules.players) if state.passed >> seat & 1],
            "groups": [list(group) for group in state.groups],
            "rolls": list(state.rolls),
            "order_rerolls": state.order_rerolls,
            "farms": [_farm_data(rules, farm) for farm in state.farms],
        }
    )
    return data


def _farm_data(rules: Rules, farm: Farm) -> dict[str, Any]:
    return {
        "enclosures": [
            {"x": e.x, "y": e.y, "width": e.width, "height": e.height, "kind": e.kind}
            for e in farm.enclosures
        ],
        "fertilizer": farm.fertilizer,
        "rows": {
            cat.name: list(row) for cat, row in zip(rules.farm_board, farm.rows, strict=True) if row
        },
        "discards": list(farm.discards),
    }


# -- from data -----------------------------------------------------------------------


def from_position(rules: Rules, data: Mapping[str, Any]) -> State:
    """The state the position ``data`` describes under ``rules``.

    ``data`` is what :func:`to_position` writes; only ``phase`` is required,
    every other key defaults to empty (no order, no dice, no cards, empty
    farms...). :class:`~acreage.core.position.PositionError` names the first
    thing that cannot be (``farms[1].enclosures[2]: overlaps player 0's
    enclosure at (5, 4)``); nothing else is raised, whatever ``data`` holds.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected fence_em_in.Rules, got {type(rules).__name__}")
    fields = position_fields(data, GAME_NAME, required=("phase",), optional=_KEYS, derived=_DERIVED)
    return _Reader(rules, fields).state()


class _FarmDraft:
    """One farm as read, before the phase says what it may hold."""

    def __init__(self, node: Node, categories: int) -> None:
        self.node = node
        self.enclosures: list[Enclosure] = []
        self.enclosure_nodes: list[Node] = []
        self.land = 0
        self.fertilizer = 0
        self.fertilizer_node = node.key("fertilizer")
        self.rows: list[tuple[str, ...]] = [()] * categories
        self.rows_node = node.key("rows")
        self.discards: tuple[str, ...] = ()


class _Reader:
    """Reads one position: the fields, then how they fit together, then the state."""

    def __init__(self, rules: Rules, fields: Fields) -> None:
        self.rules = rules
        self.t: Tables = rules.tables
        self.f = fields
        self.players = rules.players

    # -- small readers --

    def seat(self, node: Node) -> int:
        seat = node.integer()
        if not 0 <= seat < self.players:
            node.fail(
                f"seat {seat} is not at this {self.players}-player table "
                f"(seats 0 to {self.players - 1})"
            )
        return seat

    def kind(self, node: Node) -> str:
        return node.text(KINDS, "a kind of token")

    def seats(self, node: Node, *, where: str) -> list[int]:
        seats: list[int] = []
        for item in node.items(_LIST_LIMIT):
            seat = self.seat(item)
            if seat in seats:
                item.fail(f"seat {seat} is listed twice in {where}")
            seats.append(seat)
        return seats

    # -- the state --

    def state(self) -> State:
        f, rules = self.f, self.rules
        phase = PHASES[f.text("phase", PHASES, "a phase")]
        round_ = f.integer("round", 0, rules.rounds)
        self.phase, self.round = phase, round_
        name = phase.name.lower()
        if round_ == 0 and phase not in _SETUP:
            f.at("round").fail(
                f"round 0 is setup; phase {name} comes in a round (1 to {rules.rounds})"
            )
        if round_ and phase in (Phase.CARDS, Phase.FILL):
            f.at("phase").fail(f"phase {name} is part of setup (round 0), not of round {round_}")
        cards = self.cards()
        farms = self.farms()
        columns = self.columns()
        order = self.order()
        player = self.player(order)
        turn = self.turn(order, player)
        dice = self.dice()
        uses, six_rerolls = self.turn_counts()
        passed = self.passed(order, turn)
        groups, rolls, order_rerolls = self.order_settling()
        token = self.token()
        points, gained = self.kinds_and_points(farms, player, dice, columns, token)
        bag = self.bag(farms, columns)
        self.check_farms(farms, player, order, turn, gained)
        self.check_columns(columns, bag)
        self.check_phase(farms, player, dice, uses, columns, bag, passed)
        self.check_points_order(farms, points, order, turn, groups)
        built = tuple(
            make_farm(
                draft.land,
                tuple(draft.enclosures),
                placed,
                score,
                draft.fertilizer,
                tuple(draft.rows),
                draft.discards,
            )
            for draft, (score, placed) in zip(farms, points, strict=True)
        )
        occupied = 0
        for draft in farms:
            occupied |= draft.land
        passed_bits = sum(1 << seat for seat in passed)
        return State(
            rules=rules,
            agenda=agenda_for(phase, player, token, groups, rolls, order_rerolls),
            round=round_,
            order=tuple(order),
            turn=turn,
            dice=dice,
            uses=uses,
            farms=built,
            occupied=occupied,
            columns=columns,
            bag=bag,
            cards=cards,
            passed=passed_bits,
            six_rerolls=six_rerolls,
        )

    def cards(self) -> tuple[str, ...]:
        rules, t = self.rules, self.t
        need = t.cards_to_reveal
        nodes = self.f.items("cards", _LIST_LIMIT)
        names = [c.name for c in rules.all_cards]
        cards: list[str] = []
        for i, node in enumerate(nodes):
            name = node.text(names, "a mission card of these rules")
            card = next(c for c in rules.all_cards if c.name == name)
            if name in cards:
                node.fail(f"{name} is revealed twice (the support cards are different ones)")
            if i == 0 and not isinstance(card, EnclosureCard):
                node.fail(f"the enclosure card is revealed first, and {name} is a support card")
            if i and isinstance(card, EnclosureCard):
                node.fail(
                    f"{name} is an enclosure card: one is revealed, then {need - 1} support cards"
                )
            if isinstance(card, SupportCard) and name not in t.support_names:
                node.fail(
                    f"the {name} card is used only with {card.min_players} or more "
                    f"players, not in a {rules.players}-player game"
                )
            cards.append(name)
        if len(cards) > need:
            self.f.at("cards").fail(
                f"{len(cards)} mission cards, but {need} are revealed "
                f"(one enclosure card, {need - 1} support cards)"
            )
        if self.phase is Phase.CARDS:
            if len(cards) == need:
                self.f.at("cards").fail(
                    f"all {need} mission cards are revealed, so setup goes on (phase fill)"
                )
        elif len(cards) < need:
            self.f.at("cards").fail(
                f"{len(cards)} mission cards revealed, expected {need} (one enclosure card, "
                f"{need - 1} support cards; phase cards reveals them)"
            )
        return tuple(cards)

    def farms(self) -> list[_FarmDraft]:
        players = self.players
        node = self.f.get("farms")
        if node is None:
            categories = len(self.rules.farm_board)
            return [_FarmDraft(Node(None, f"farms[{seat}]"), categories) for seat in range(players)]
        nodes = node.items(_LIST_LIMIT)
        if len(nodes) != players:
            node.fail(f"{len(nodes)} farms for a {players}-player game")
        drafts: list[_FarmDraft] = []
        for seat, item in enumerate(nodes):
            drafts.append(self.farm(seat, item, drafts))
        return drafts

    def farm(self, seat: int, node: Node, before: list[_FarmDraft]) -> _FarmDraft:
        rules = self.rules
        fields = node.fields(optional=_FARM_KEYS, derived=_FARM_DERIVED)
        draft = _FarmDraft(node, len(rules.farm_board))
        nodes = fields.items("enclosures", _LIST_LIMIT)
        if len(nodes) > rules.rounds:
            fields.at("enclosures").fail(
                f"{len(nodes)} enclosures, but a farm builds at most one a round "
                f"({rules.rounds} rounds)"
            )
        for item in nodes:
            enclosure = self.enclosure(item)
            cells = self.place(seat, enclosure, item, [*before, draft])
            draft.land |= cells
            draft.enclosures.append(enclosure)
            draft.enclosure_nodes.append(item)
        draft.fertilizer = fields.integer("fertilizer", 0)
        draft.fertilizer_node = fields.at("fertilizer")
        draft.rows_node = fields.at("rows")
        rows = draft.rows
        rows_node = fields.get("rows")
        if rows_node is not None:
            names = [cat.name for cat in rules.farm_board]
            given = rows_node.fields(optional=names)
            for ci, cat in enumerate(rules.farm_board):
                row_node = given.get(cat.name)
                if row_node is not None:
                    rows[ci] = self.row(ci, row_node)
        draft.discards = tuple(self.kind(item) for item in fields.items("discards", rules.rounds))
        return draft

    def enclosure(self, node: Node) -> Enclosure:
        size = self.t.size
        fields = node.fields(required=("x", "y", "width", "height"), optional=("kind",))
        width = fields.integer("width", 1, _MAX_SIDE)
        height = fields.integer("height", 1, _MAX_SIDE)
        x = fields.integer("x", 0, size - 1)
        y = fields.integer("y", 0, size - 1)
        if x + width > size or y + height > size:
            node.fail(
                f"a {width}x{height} enclosure at ({x}, {y}) does not lie fully on the "
                f"{size}x{size} board"
            )
        kind_node = fields.get("kind")
        kind = None if kind_node is None or kind_node.is_null() else self.kind(kind_node)
        return make_enclosure(x, y, width, height, kind)

    def place(self, seat: int, e: Enclosure, node: Node, farms: list[_FarmDraft]) -> int:
        """The cells of enclosure ``e`` of ``seat``, checked against the placement rule
        and the enclosures of ``farms`` read so far (this seat's own last)."""
        t, rules = self.t, self.rules
        size = t.size
        cells = t.rect[e.width][e.height] << (e.y * size + e.x)
        land = farms[-1].land
        for other, draft in enumerate(farms):
            if not draft.land & cells:
                continue
            for j, old in enumerate(draft.enclosures):
                common = cells & t.rect[old.width][old.height] << (old.y * size + old.x)
                if common:
                    cell = next(bits(common))
                    whose = "their own" if other == seat else f"player {other}'s"
                    node.fail(
                        f"overlaps {whose} enclosure farms[{other}].enclosures[{j}] at "
                        f"({cell % size}, {cell // size}): enclosures never overlap"
                    )
        reserved = cells & t.reserved[seat]
        if reserved:
            other = next(p for p, bit in enumerate(t.start_bits) if bit & reserved)
            x, y = rules.start_cells[other]
            node.fail(
                f"covers player {other}'s starting cell ({x}, {y}), which is closed to the "
                "other players (Rules.reserved_start_cells)"
            )
        if not land:
            if not cells & t.start_bits[seat]:
                x, y = rules.start_cells[seat]
                node.fail(
                    f"player {seat}'s first enclosure must cover their starting cell ({x}, {y})"
                )
        elif not cells & beside(t, land):
            node.fail(
                f"shares no cell edge with player {seat}'s earlier enclosures: each one "
                "touches one of your own"
            )
        return cells

    def row(self, category: int, node: Node) -> tuple[str, ...]:
        rules, t = self.rules, self.t
        cat = rules.farm_board[category]
        items = node.items(_LIST_LIMIT)
        if len(items) > len(cat.points):
            node.fail(
                f"{len(items)} tokens, but {cat.name} ({cat.title}) has {len(cat.points)} slots"
            )
        row: tuple[str, ...] = ()
        for item in items:
            kind = self.kind(item)
            if not accepts(t, category, row, kind):
                item.fail(why_not_accepted(rules, category, row, kind))
            row = (*row, kind)
        return row

    def columns(self) -> tuple[tuple[str, ...], ...]:
        rules = self.rules
        node = self.f.get("columns")
        if node is None:
            return ((),) * COLUMNS
        slots = rules.column_slots
        columns = []
        for item in node.items(COLUMNS, length=COLUMNS):
            kinds = [self.kind(k) for k in item.items(_LIST_LIMIT)]
            # With move_to_full_column a column can hold more than its slots (ruling 6).
            if len(kinds) > slots and not rules.fertilizer.move_to_full_column:
                item.fail(
                    f"{len(kinds)} tokens, but a column has {slots} slots (Rules.column_slots)"
                )
            columns.append(tuple(sorted(kinds, key=KIND_INDEX.__getitem__)))
        return tuple(columns)

    def order(self) -> list[int]:
        node = self.f.get("order")
        order = [] if node is None else self.seats(node, where="the turn order")
        if self.round == 0:
            if order:
                self.f.at("order").fail("the turn order is settled at the end of setup (round 0)")
        elif len(order) != self.players:
            missing = next(p for p in range(self.players) if p not in order)
            self.f.at("order").fail(
                f"player {missing} is missing: every seat takes a turn each round"
            )
        return order

    def player(self, order: list[int]) -> int | None:
        """The seat whose turn it is (``None`` outside the turns), from ``to_move`` and ``player``."""
        f, phase = self.f, self.phase
        name = phase.name.lower()
        to_move_node, player_node = f.get("to_move"), f.get("player")
        given: int | None = None
        if player_node is not None and not player_node.is_null():
            if phase not in _TURN:
                player_node.fail(f"it is no one's turn in phase {name}")
            given = self.seat(player_node)
        to_move = None if to_move_node is None else to_move_node.value
        if phase in _DECISIONS:
            if to_move is None or to_move_node is None:
                if given is None:
                    f.at("to_move").fail(f"missing: a player decides in phase {name}")
                return given
            if to_move == "chance":
                to_move_node.fail(f"a player decides in phase {name}, not chance")
            seat = self.seat(to_move_node)
            if given is not None and given != seat:
                to_move_node.fail(f"player {seat}, but player says it is player {given}'s turn")
            return seat
        expected = None if phase is Phase.END else "chance"
        if to_move_node is not None and to_move != expected:
            if isinstance(to_move, int) and not isinstance(to_move, bool):
                self.seat(to_move_node)
            what = "the game is over" if expected is None else "chance moves next"
            to_move_node.fail(
                f"{_shown(to_move)}, but in phase {name} {what} "
                f"(to_move is {'null' if expected is None else repr(expected)})"
            )
        if phase in _TURN_CHANCE and given is None:
            f.at("player").fail(
                f"missing: chance moves in phase {name}, in the turn of the seat given as player"
            )
        return given

    def turn(self, order: list[int], player: int | None) -> int:
        if player is not None:
            return order.index(player)
        # Between the turns: 0 until the first turn of a round, the last turn after it.
        if self.round == 0 or self.phase is Phase.ROLL:
            return 0
        return self.players - 1

    def dice(self) -> tuple[int, ...]:
        phase, f = self.phase, self.f
        name = phase.name.lower()
        node = f.at("dice")
        dice = tuple(sorted(n.integer(1, DIE_FACES) for n in f.items("dice", 3)))
        if self.round == 0 or phase is Phase.ROLL:
            if dice:
                node.fail(f"no dice are rolled yet in phase {name}")
            return dice
        if phase is Phase.REROLL:
            if len(dice) != 2:
                node.fail(f"{len(dice)} dice, but two stay on the table while one is re-rolled")
            return dice
        if phase in (Phase.REFILL, Phase.ORDER, Phase.END) and not dice:
            return dice
        if len(dice) != 3:
            node.fail(f"{len(dice)} dice, but the round is played with three")
        if phase is Phase.SIX:
            if CHOICE not in dice:
                node.fail("phase six decides for a die showing the choice face (6), and none does")
        elif CHOICE in dice:
            node.fail(
                f"a die shows the choice face (6): it is decided first (phase six), "
                f"before phase {name}"
            )
        return dice

    def turn_counts(self) -> tuple[int, int]:
        f, rules, phase = self.f, self.rules, self.phase
        fertilizer = rules.fertilizer
        uses = f.integer("uses", 0, fertilizer.uses_per_turn)
        six = f.integer("six_rerolls", 0, fertilizer.six_rerolls_per_turn)
        name = phase.name.lower()
        if phase not in _TURN:
            if uses:
                f.at("uses").fail(
                    f"fertilizer is used in a turn, and phase {name} is no one's turn"
                )
            if six:
                f.at("six_rerolls").fail(
                    f"choice faces are re-rolled in a turn, and phase {name} is no one's turn"
                )
        if phase is Phase.FERTILIZE and uses >= fertilizer.uses_per_turn:
            f.at("uses").fail(
                f"{uses} of {fertilizer.uses_per_turn} fertilizer uses are spent, so the "
                "turn goes on to phase place"
            )
        if phase is Phase.REROLL and not uses + six:
            f.at("uses").fail(
                "phase reroll follows a re-roll bought with fertilizer (uses) or a choice "
                "face re-rolled (six_rerolls), and neither happened this turn"
            )
        if phase is Phase.REFRESH and not uses:
            f.at("uses").fail("phase refresh follows a refresh bought with fertilizer, a use")
        return uses, six

    def passed(self, order: list[int], turn: int) -> list[int]:
        f, phase = self.f, self.phase
        node = f.get("passed")
        passed = [] if node is None else self.seats(node, where="passed")
        if not passed:
            return passed
        node = f.at("passed")
        if self.round == 0 or phase is Phase.ROLL:
            node.fail(f"no one has had a turn yet this round (phase {phase.name.lower()})")
        if phase in _TURN:
            for seat in passed:
                if seat not in order[:turn]:
                    node.fail(f"player {seat} has not had their turn this round yet")
        elif len(passed) == self.players and phase is not Phase.END:
            node.fail("every player passed this round, so the game is over (phase end)")
        return sorted(passed)

    def order_settling(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
        f, rules, phase = self.f, self.rules, self.phase
        groups_node = f.get("groups")
        groups: list[tuple[int, ...]] = []
        if groups_node is not None:
            for item in groups_node.items(self.players):
                group = self.seats(item, where="a group")
                if not group:
                    item.fail("a group holds at least one seat")
                if group != sorted(group):
                    item.fail("a group lists its seats in seat order")
                groups.append(tuple(group))
        rolls = tuple(n.integer(1, rules.order_die_faces) for n in f.items("rolls", self.players))
        rerolls = f.integer("order_rerolls", 0, rules.order_reroll_limit)
        if phase is not Phase.ORDER:
            for key, value in (("groups", groups), ("rolls", rolls), ("order_rerolls", rerolls)):
                if value:
                    f.at(key).fail(
                        f"the turn order is rolled for in phase order, not {phase.name.lower()}"
                    )
            return (), (), 0
        node = f.at("groups")
        seen = [seat for group in groups for seat in group]
        for seat in range(self.players):
            if seat not in seen:
                node.fail(f"player {seat} is in no group: the groups hold every seat")
        if len(seen) != len(set(seen)):
            twice = next(seat for seat in seen if seen.count(seat) > 1)
            node.fail(f"player {twice} is in two groups")
        tied = next((g for g in groups if len(g) > 1), None)
        if tied is None:
            node.fail("no tie is left to roll for, so the turn order is settled (phase roll)")
        if len(rolls) >= len(tied):
            f.at("rolls").fail(
                f"{len(rolls)} rolls for the tied group {' '.join(map(str, tied))}: once "
                "every seat of it has rolled, it splits"
            )
        return tuple(groups), rolls, rerolls

    def token(self) -> str | None:
        node = self.f.get("token")
        if node is None or node.is_null():
            if self.phase is Phase.FARM:
                self.f.at("token").fail("missing: phase farm places the token in hand")
            return None
        kind = self.kind(node)
        if self.phase is not Phase.FARM:
            node.fail(f"a token is in hand only in phase farm, not {self.phase.name.lower()}")
        return kind

    def kinds_and_points(
        self,
        farms: list[_FarmDraft],
        player: int | None,
        dice: tuple[int, ...],
        columns: tuple[tuple[str, ...], ...],
        token: str | None,
    ) -> tuple[list[tuple[int, tuple[int, ...]]], list[int]]:
        """Each farm's placement points and miniatures placed, and the fertilizer its
        miniatures gave; every enclosure's miniature checked against the phase."""
        t, phase = self.t, self.phase
        out: list[tuple[int, tuple[int, ...]]] = []
        gained_all: list[int] = []
        for seat, draft in enumerate(farms):
            placed = [0] * len(KINDS)
            points = gained = 0
            taking = phase is Phase.TAKE and seat == player
            last = len(draft.enclosures) - 1
            for i, (e, node) in enumerate(
                zip(draft.enclosures, draft.enclosure_nodes, strict=True)
            ):
                if e.kind is None:
                    if taking and i == last:
                        continue
                    node.key("kind").fail(
                        "missing: every enclosure holds a miniature, except the one built "
                        "this turn while its token is taken (phase take)"
                    )
                if taking and i == last:
                    node.key("kind").fail(
                        f"a {e.kind}, but in phase take the token for the enclosure built "
                        "this turn is still to be taken (kind null)"
                    )
                k = KIND_INDEX[e.kind]
                gain_points, gain_fertilizer = placement_gain(
                    t, make_farm(0, (), tuple(placed), 0, 0, (), ()), k
                )
                points += gain_points
                gained += gain_fertilizer
                placed[k] += 1
            if (phase is Phase.TAKE or phase is Phase.FARM) and seat == player:
                self.check_current(draft, dice, columns, token)
            hand = token if phase is Phase.FARM and seat == player else None
            self.check_tokens(seat, draft, hand)
            out.append((points, tuple(placed)))
            gained_all.append(gained)
        return out, gained_all

    def check_current(
        self,
        draft: _FarmDraft,
        dice: tuple[int, ...],
        columns: tuple[tuple[str, ...], ...],
        token: str | None,
    ) -> None:
        """Phases take and farm: the player has just built the enclosure the dice allow."""
        name = self.phase.name.lower()
        if not draft.enclosures:
            draft.node.key("enclosures").fail(
                f"phase {name} follows building an enclosure, and this farm has none"
            )
        e, node = draft.enclosures[-1], draft.enclosure_nodes[-1]
        third = self.t.third_die[dice][e.width][e.height]
        if not third:
            node.fail(
                f"a {e.width}x{e.height} enclosure built this turn, but the dice "
                f"{' '.join(map(str, dice))} give no {e.width} and {e.height}"
            )
        if self.phase is Phase.TAKE and not columns[third - 1]:
            Node(None, f"columns[{third - 1}]").fail(
                f"column {third}, which the third die names, is empty: there is no token to take"
            )
        if self.phase is Phase.FARM and e.kind != token:
            self.f.at("token").fail(
                f"a {token} in hand, but the enclosure built this turn holds a {e.kind}"
            )

    def check_tokens(self, seat: int, draft: _FarmDraft, hand: str | None) -> None:
        """Every miniature placed came with a token: on the farm board, discarded or in hand."""
        miniatures = Counter(e.kind for e in draft.enclosures if e.kind is not None)
        tokens = Counter([kind for row in draft.rows for kind in row])
        tokens.update(draft.discards)
        if hand is not None:
            tokens[hand] += 1
        for kind in KINDS:
            if tokens[kind] != miniatures[kind]:
                draft.rows_node.fail(
                    f"player {seat}'s farm board{', discards' if draft.discards else ''}"
                    f"{' and hand' if hand else ''} hold {_count(tokens[kind], kind)}, and "
                    f"their enclosures {_count(miniatures[kind], kind + ' miniature')}: every "
                    "token taken is on the farm board, discarded or in hand"
                )

    def bag(self, farms: list[_FarmDraft], columns: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
        """What is left in the bag: the rules' bag less the board and the enclosures."""
        start = self.rules.bag.counts()
        board = Counter(kind for column in columns for kind in column)
        placed = Counter(e.kind for draft in farms for e in draft.enclosures if e.kind)
        bag = []
        for k, kind in enumerate(KINDS):
            left = start[k] - board[kind] - placed[kind]
            if left < 0:
                self.f.at("columns" if board[kind] else "farms").fail(
                    f"{_count(board[kind] + placed[kind], kind + ' token')} on the assets "
                    f"board ({board[kind]}) and in enclosures ({placed[kind]}), but the bag "
                    f"starts with {start[k]} (Rules.bag)"
                )
            bag.append(left)
        return tuple(bag)

    def check_farms(
        self,
        farms: list[_FarmDraft],
        player: int | None,
        order: list[int],
        turn: int,
        gained: list[int],
    ) -> None:
        rules, phase, round_ = self.rules, self.phase, self.round
        fertilizer = rules.fertilizer
        for seat, draft in enumerate(farms):
            if round_ == 0:
                if draft.enclosures:
                    draft.node.key("enclosures").fail(
                        "no enclosure is built during setup (round 0)"
                    )
                if draft.fertilizer:
                    draft.fertilizer_node.fail("no fertilizer is taken during setup (round 0)")
                continue
            if phase is Phase.ROLL:
                played = False
            elif phase in _TURN:
                played = seat in order[:turn] or (
                    seat == player and phase in (Phase.TAKE, Phase.FARM)
                )
            else:
                played = True
            most = round_ if played else round_ - 1
            if len(draft.enclosures) > most:
                when = "" if played else f", and player {seat} has not built in round {round_} yet"
                draft.node.key("enclosures").fail(
                    f"{len(draft.enclosures)} enclosures by round {round_}{when}: a farm "
                    "builds at most one enclosure a round"
                )
            # Choice faces give fertilizer in the turns had so far, this one included.
            turns = round_ if played or seat == player else round_ - 1
            sixes = turns * fertilizer.six_rerolls_per_turn * fertilizer.six_reroll_gain
            if draft.fertilizer > gained[seat] + sixes:
                draft.fertilizer_node.fail(
                    f"{draft.fertilizer} fertilizer, more than player {seat} can have taken: "
                    f"{gained[seat]} from their miniatures and at most {sixes} for choice faces "
                    f"in {_count(turns, 'turn')}"
                )

    def check_columns(self, columns: tuple[tuple[str, ...], ...], bag: tuple[int, ...]) -> None:
        phase, rules = self.phase, self.rules
        slots = rules.column_slots
        sizes = [len(c) for c in columns]
        node = self.f.at("columns")
        free = min(sizes) < slots
        if phase is Phase.CARDS:
            if any(sizes):
                node.fail("the assets board is filled after the mission cards are revealed")
            return
        if phase in (Phase.FILL, Phase.REFRESH) or (phase is Phase.ORDER and self.round == 0):
            # Filled from an empty board, left to right and top to bottom.
            if max(sizes) - min(sizes) > 1 or sizes != sorted(sizes, reverse=True):
                node.fail(
                    f"columns of {' '.join(map(str, sizes))} tokens, but phase "
                    f"{phase.name.lower()} fills an empty board left to right, top to bottom"
                )
            if phase is Phase.ORDER and free:
                node.fail("setup fills the whole assets board before the order is rolled")
        if phase in _DRAWS:
            if not free:
                node.fail(
                    f"every column is full, so phase {phase.name.lower()} has no slot to fill"
                )
            if not any(bag):
                node.fail(
                    f"the bag is empty, so phase {phase.name.lower()} has nothing to draw "
                    "(the tokens of the rules' bag are all on the board or in enclosures)"
                )
        if phase is Phase.ROLL:
            if free:
                node.fail("a column has a free slot: the board is filled before a round's roll")
            if self.round > 1 and not any(bag):
                node.fail("the bag ran out when the board was refilled, so the game is over")
        if phase is Phase.ORDER and self.round:
            if free:
                node.fail(
                    "a column has a free slot: the board is refilled before the order is rolled"
                )
            if not any(bag):
                node.fail("the bag ran out when the board was refilled, so the game is over")

    def check_phase(
        self,
        farms: list[_FarmDraft],
        player: int | None,
        dice: tuple[int, ...],
        uses: int,
        columns: tuple[tuple[str, ...], ...],
        bag: tuple[int, ...],
        passed: list[int],
    ) -> None:
        rules, phase, round_ = self.rules, self.phase, self.round
        f = self.f
        if phase is Phase.FERTILIZE:
            assert player is not None
            have = farms[player].fertilizer
            if have < self.t.min_cost or not can_fertilize(rules, have, columns, bag):
                farms[player].fertilizer_node.fail(
                    f"player {player} holds {have} fertilizer, which buys no use now, so "
                    "their turn goes on to phase place"
                )
        if phase in (Phase.REFILL, Phase.ORDER) and round_ >= rules.rounds:
            f.at("round").fail(
                f"round {round_} is the last, so the game ends without phase {phase.name.lower()}"
            )
        if phase is Phase.END:
            over = round_ >= rules.rounds or len(passed) == self.players or not any(bag)
            if not over:
                f.at("phase").fail(
                    f"the game ends after round {rules.rounds}, after a round every player "
                    "passed, or when the bag runs out, and none of that happened"
                )

    def check_points_order(
        self,
        farms: list[_FarmDraft],
        points: list[tuple[int, tuple[int, ...]]],
        order: list[int],
        turn: int,
        groups: tuple[tuple[int, ...], ...],
    ) -> None:
        """From round 2 on, the fewest points go first: among the seats still to score
        in this round, and in the groups that roll for the next order."""
        phase, round_ = self.phase, self.round
        score = [p for p, _ in points]
        if phase is Phase.ORDER and round_:
            node = self.f.at("groups")
            flat = [(seat, i) for i, group in enumerate(groups) for seat in group]
            for (a, i), (b, j) in itertools.pairwise(flat):
                if i == j and score[a] != score[b]:
                    node.fail(
                        f"player {a} ({score[a]} points) and player {b} ({score[b]} points) "
                        "are in one group, but a group is tied on points"
                    )
                if score[a] > score[b]:
                    node.fail(
                        f"player {a} ({score[a]} points) goes before player {b} "
                        f"({score[b]} points), but the fewest points go first"
                    )
            return
        if round_ < 2 or phase not in _TURN | {Phase.ROLL}:
            return
        waiting = order[turn + 1 :] if phase is Phase.FARM else order[turn:]
        for a, b in itertools.pairwise(waiting):
            if score[a] > score[b]:
                self.f.at("order").fail(
                    f"player {a} ({score[a]} points) plays before player {b} ({score[b]} "
                    "points), but the fewest points go first"
                )


def _shown(value: object) -> str:
    """A value quoted in a message: JSON spelling for ``None``."""
    return "null" if value is None else repr(value)[:40]


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


# -- arrange, views ------------------------------------------------------------------


def arrange(state: State, **changes: Any) -> State:
    """``state`` with some position fields replaced: a puzzle, a lesson, a test scenario.

    The keys are those of :func:`to_position` (``phase``, ``dice``,
    ``columns``, ``farms``...), with plain data as values; the result is
    checked as :func:`from_position` checks any position, and what is derived
    (points, the bag, the land) is recomputed. Whose turn it is carries over
    unless ``to_move`` or ``player`` is given.

    >>> from acreage import fence_em_in as fei
    >>> s = fei.arrange(fei.new_game(fei.Rules()), cards=["small-enclosures", "cows"])
    >>> s.cards
    ('small-enclosures', 'cows')
    """
    data = to_position(state)
    if "to_move" not in changes and "player" not in changes:
        del data["to_move"]
        data.pop("player", None)
        if state.player is not None:
            data["player"] = state.player
            phase = changes.get("phase", data["phase"])
            if not isinstance(phase, str) or PHASES.get(phase) not in _TURN:
                del data["player"]
    data.update(changes)
    return from_position(state.rules, data)


def from_view(view: View, rng: random.Random) -> State:
    """The state ``view`` (what :func:`~acreage.fence_em_in.observe` gave) was observed
    from: Fence Em In hides nothing, so it is the whole state; ``rng`` is not used."""
    if not isinstance(view, View):
        raise PositionError(f"expected a fence_em_in.View, got {type(view).__name__}")
    return state_of_view(view)


# -- text ------------------------------------------------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""An enclosure's letter on the text board: the 1st, 2nd... one a farm built."""

_TEXT_KEYS = (
    "round",
    "phase",
    "to-move",
    "player",
    "order",
    "dice",
    "uses",
    "six-rerolls",
    "token",
    "cards",
    "columns",
    "passed",
    "groups",
    "rolls",
    "order-rerolls",
)
_START_MARKS = frozenset("0123456789")


def _column(line: str, index: int) -> int:
    """The 1-based column of word ``index`` of ``line`` (just past its end when there is none)."""
    words = list(re.finditer(r"\S+", line))
    return words[index].start() + 1 if index < len(words) else len(line) + 1


_Where = tuple[int, int] | tuple[int, str, int]


def _at(where: _Where) -> tuple[int, int]:
    """The line and column of ``where``."""
    if len(where) == 3:
        number, line, index = where
        return number, _column(line, index)
    return where


def _groups(line: str, start: int) -> list[list[tuple[str, int]]]:
    """The words of ``line`` from index ``start`` on, each with its 1-based column,
    in the groups ``/`` separates."""
    groups: list[list[tuple[str, int]]] = [[]]
    for match in re.finditer(r"/|[^\s/]+", line[start:]):
        if match.group() == "/":
            groups.append([])
        else:
            groups[-1].append((match.group(), start + match.start() + 1))
    return groups


_FARM_LINE = re.compile(r"farm (\d+)(?: (fertilizer|rows|discards))?")


def _words(values: Any) -> str:
    return " ".join(map(str, values)) if values else "-"


def position_text(state: State) -> str:
    """``state`` as text: the header, the enclosure board, then one field a line.

    ``parse_position(state.rules, position_text(state)) == state``. Fields
    that hold nothing (no token, no uses...) are left out.
    """
    data = to_position(state)
    lines = [f"{GAME_NAME} position {POSITION_FORMAT}", *_board_lines(state)]
    lines += _field_lines(data)
    for seat, farm in enumerate(data["farms"]):
        lines += _farm_lines(seat, farm)
    return "\n".join(lines) + "\n"


def _board_lines(state: State) -> list[str]:
    """The enclosure board, one line a row: ``*s`` on seat ``s``'s starting cell,
    ``sL`` on the cells of the seat's enclosure lettered ``L`` (``a`` built first),
    ``.`` elsewhere."""
    size = state.rules.board_size
    cells = [["."] * size for _ in range(size)]
    for seat, (x, y) in enumerate(state.rules.start_cells):
        cells[y][x] = f"*{seat}"
    for seat, farm in enumerate(state.farms):
        for i, e in enumerate(farm.enclosures):
            for y in range(e.y, e.y + e.height):
                for x in range(e.x, e.x + e.width):
                    cells[y][x] = f"{seat}{_LETTERS[i]}"
    return [" ".join(f"{c:>2}" for c in row) for row in cells]


def _field_lines(data: dict[str, Any]) -> list[str]:
    """The fields of position ``data`` other than the farms, leaving out those that
    hold nothing (see :data:`_FIELD_TEXTS`)."""
    to_move = data["to_move"]
    lines = [
        f"round: {data['round']}",
        f"phase: {data['phase']}",
        f"to-move: {'none' if to_move is None else to_move}",
    ]
    if "player" in data:
        lines.append(f"player: {data['player']}")
    for name, text in _FIELD_TEXTS:
        value = text(data[name])
        if value is not None:
            lines.append(f"{name.replace('_', '-')}: {value}")
    return lines


def _listed(values: list[Any]) -> str | None:
    return _words(values) if values else None


def _number(value: int) -> str | None:
    return str(value) if value else None


def _given(value: str | None) -> str | None:
    return value


def _slashed(groups: list[list[Any]]) -> str:
    return " / ".join(_words(g) for g in groups)


_FIELD_TEXTS: tuple[tuple[str, Callable[[Any], str | None]], ...] = (
    ("order", _listed),
    ("dice", _listed),
    ("uses", _number),
    ("six_rerolls", _number),
    ("token", _given),
    ("cards", _listed),
    ("columns", lambda columns: _slashed(columns) if any(columns) else None),
    ("passed", _listed),
    ("groups", lambda groups: _slashed(groups) if groups else None),
    ("rolls", _listed),
    ("order_rerolls", _number),
)
"""The fields after ``to-move`` and ``player``, in text order, each with its value's
text: ``None`` when the field holds nothing and is left out (an empty list, a 0,
no token, five empty columns)."""


def _farm_lines(seat: int, farm: dict[str, Any]) -> list[str]:
    """The ``farm N`` fields of ``seat``'s farm data that hold something: the kinds on
    its enclosures (``?`` for one not yet stocked), fertilizer, farm-board rows, discards."""
    lines = []
    if farm["enclosures"]:
        kinds = ["?" if e["kind"] is None else e["kind"] for e in farm["enclosures"]]
        lines.append(f"farm {seat}: {' '.join(kinds)}")
    if farm["fertilizer"]:
        lines.append(f"farm {seat} fertilizer: {farm['fertilizer']}")
    if farm["rows"]:
        rows = " / ".join(f"{name} {' '.join(row)}" for name, row in farm["rows"].items())
        lines.append(f"farm {seat} rows: {rows}")
    if farm["discards"]:
        lines.append(f"farm {seat} discards: {_words(farm['discards'])}")
    return lines


class _Text(PositionText[_Where]):
    """Reads a position text into position data, remembering where each part came from."""

    def __init__(self, rules: Rules, text: object) -> None:
        super().__init__(GAME_NAME, text)
        self.rules = rules
        # self.where: position-data paths -> where in the text they were read from:
        # (line, column), or for a board cell (line, its text, the cell's index), whose
        # column is worked out only if an error needs it (point).

    def data(self) -> dict[str, Any]:
        self.header()
        size = self.rules.board_size
        board = self.lines[1 : 1 + size]
        for i, (number, line) in enumerate(board):
            if ":" in line:
                self.fail(
                    number,
                    line.index(":") + 1,
                    f"expected {size} board rows, found {i} before this field",
                )
        if len(board) < size:
            last = self.lines[-1][0]
            self.fail(last, 1, f"expected {size} board rows, found {len(board)}")
        data: dict[str, Any] = {"game": GAME_NAME, "format": POSITION_FORMAT}
        farms: list[dict[str, Any]] = [{} for _ in range(self.rules.players)]
        enclosures = self.board(board)
        self.fields(self.lines[1 + size :], data, farms)
        for seat, found in enumerate(enclosures):
            farm = farms[seat]
            kinds = farm.pop("kinds", None)
            if found or kinds is not None:
                where = self.where.get(
                    f"farms[{seat}]",
                    self.where.get(f"farms[{seat}].enclosures[0]", (self.lines[0][0], 1)),
                )
                count = len(kinds or ())
                if count != len(found):
                    self.fail(
                        *_at(where),
                        f"farm {seat} lists {_count(count, 'miniature')}, and the board shows "
                        f"{_count(len(found), 'enclosure')} of player {seat}"
                        + (f" ({', '.join(_LETTERS[: len(found)])})" if found else ""),
                    )
                assert kinds is not None
                farm["enclosures"] = [
                    {**e, "kind": None if kind == "?" else kind}
                    for e, kind in zip(found, kinds, strict=True)
                ]
        if any(farms):
            data["farms"] = farms
        return data

    def board(self, rows: list[tuple[int, str]]) -> list[list[dict[str, int]]]:
        """Each seat's enclosures from the board rows, in the order built (by letter)."""
        rules = self.rules
        size = rules.board_size
        # The cells of each token ("0a", "*1"): (x, y, line number, line).
        cells: dict[str, list[tuple[int, int, int, str]]] = {}
        for y, (number, line) in enumerate(rows):
            tokens = line.split()
            if len(tokens) != size:
                x = min(len(tokens), size)
                self.fail(
                    number,
                    _column(line, x),
                    f"a board row has {size} cells, this one {len(tokens)}",
                )
            for x, token in enumerate(tokens):
                if token != ".":
                    cells.setdefault(token, []).append((x, y, number, line))
        found: list[list[dict[str, int]]] = [[] for _ in range(rules.players)]
        enclosures: dict[tuple[int, int], list[tuple[int, int, int, str]]] = {}
        for token, spots in cells.items():
            x, y, number, line = spots[0]
            where = (number, line, x)
            if token[0] == "*":
                for x, y, number, line in spots:
                    if token[1:] not in _START_MARKS or rules.start_cells[int(token[1:])] != (x, y):
                        self.fail(
                            number,
                            _column(line, x),
                            f"{token[:10]!r}: '*N' marks player N's empty starting cell, "
                            f"and ({x}, {y}) is none",
                        )
                continue
            if len(token) != 2 or token[0] not in _START_MARKS or token[1] not in _LETTERS:
                self.fail(
                    *_at(where),
                    f"{token[:10]!r} is no cell: expected '.', '*N' (player N's starting "
                    "cell) or a seat and a letter ('0a': player 0's first enclosure)",
                )
            seat = int(token[0])
            if seat >= rules.players:
                self.fail(*_at(where), f"seat {seat} is not at this {rules.players}-player table")
            enclosures[(seat, _LETTERS.index(token[1]))] = spots
        for seat in range(rules.players):
            indexes = sorted(i for s, i in enclosures if s == seat)
            for want, index in enumerate(indexes):
                spots = enclosures[(seat, index)]
                x, y, number, line = spots[0]
                where = (number, line, x)
                if index != want:
                    self.fail(
                        *_at(where),
                        f"player {seat}'s enclosure {_LETTERS[index]}, but none is "
                        f"{_LETTERS[want]}: the letters go a, b, c... in the order built",
                    )
                xs = [spot[0] for spot in spots]
                ys = [spot[1] for spot in spots]
                width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
                if width * height != len(spots):
                    self.fail(
                        *_at(where),
                        f"player {seat}'s enclosure {_LETTERS[index]} is not a rectangle",
                    )
                found[seat].append({"x": min(xs), "y": min(ys), "width": width, "height": height})
                self.where[f"farms[{seat}].enclosures[{want}]"] = where
        return found

    def fields(
        self, lines: list[tuple[int, str]], data: dict[str, Any], farms: list[dict[str, Any]]
    ) -> None:
        seen: set[str] = set()
        for number, line in lines:
            key, colon, _ = line.partition(":")
            key = " ".join(key.split())
            if not colon:
                self.fail(number, 1, f"expected a field 'name: value', got {line.strip()[:40]!r}")
            if key in seen:
                self.fail(number, 1, f"{key[:40]} is given twice")
            seen.add(key)
            groups = _groups(line, line.index(":") + 1)
            where = (number, groups[0][0][1] if groups[0] else len(line) + 1)
            farm = _FARM_LINE.fullmatch(key)
            if farm:
                self.farm_field(number, line, farm, groups, where, farms)
                continue
            if key not in _TEXT_KEYS:
                names = (
                    *_TEXT_KEYS,
                    "farm N",
                    "farm N fertilizer",
                    "farm N rows",
                    "farm N discards",
                )
                self.fail(number, 1, f"unknown field {key[:40]!r}{close_names(key, names)}")
            name = key.replace("-", "_")
            self.where[name] = where
            data[name] = self.value(number, name, groups, where)

    def value(
        self, number: int, name: str, groups: list[list[tuple[str, int]]], where: tuple[int, int]
    ) -> Any:
        """The value of field ``name`` as position data, from its words (in ``/`` groups)."""
        if name in ("columns", "groups"):
            return [self.words(number, group, numbers=name == "groups") for group in groups]
        if len(groups) > 1:
            self.fail(number, groups[1][0][1] - 2 if groups[1] else where[1], "unexpected '/'")
        words = groups[0]
        if name in ("order", "dice", "passed", "rolls"):
            return self.words(number, words, numbers=True)
        if name == "cards":
            return self.words(number, words)
        if len(words) != 1:
            self.fail(*where, f"expected one word, got {len(words)}")
        word, column = words[0]
        if name == "to_move" and word in ("chance", "none"):
            return "chance" if word == "chance" else None
        if name in ("round", "uses", "six_rerolls", "order_rerolls", "player", "to_move"):
            return self.number(number, column, word)
        if name == "token":
            return None if word == "-" else word
        return word  # the phase

    def words(
        self, number: int, words: list[tuple[str, int]], *, numbers: bool = False
    ) -> list[Any]:
        """A list of words (``-`` for none), or of numbers."""
        if [w for w, _ in words] == ["-"]:
            return []
        if numbers:
            return [self.number(number, column, word) for word, column in words]
        return [word for word, _ in words]

    def number(self, line: int, column: int, word: str) -> int:
        if not (word.isascii() and word.isdigit()) or len(word) > 6:
            self.fail(line, column, f"expected a number, got {word[:20]!r}")
        return int(word)

    def farm_field(
        self,
        number: int,
        line: str,
        match: re.Match[str],
        groups: list[list[tuple[str, int]]],
        where: tuple[int, int],
        farms: list[dict[str, Any]],
    ) -> None:
        digits = match.group(1)
        seat = self.number(number, line.index(digits) + 1, digits)
        if seat >= len(farms):
            self.fail(
                number,
                line.index(digits) + 1,
                f"seat {seat} is not at this {len(farms)}-player table",
            )
        farm = farms[seat]
        what = match.group(2)
        path = f"farms[{seat}]" + (f".{what}" if what else "")
        self.where[path] = where
        if what == "rows":
            rows: dict[str, list[str]] = {}
            for group in groups:
                if not group:
                    self.fail(*where, "expected a category name and its tokens between the '/'")
                (name, column), *kinds = group
                if name in rows:
                    self.fail(number, column, f"category {name[:40]!r} is given twice")
                rows[name] = [kind for kind, _ in kinds]
            farm["rows"] = rows
            return
        if len(groups) > 1:
            self.fail(*where, "unexpected '/'")
        if what is None:
            farm["kinds"] = self.words(number, groups[0])
            for i, (_, column) in enumerate(groups[0]):
                self.where[f"farms[{seat}].enclosures[{i}].kind"] = (number, column)
        elif what == "fertilizer":
            if len(groups[0]) != 1:
                self.fail(*where, f"expected one number, got {len(groups[0])} words")
            farm["fertilizer"] = self.number(number, groups[0][0][1], groups[0][0][0])
        else:
            farm["discards"] = self.words(number, groups[0])

    def point(self, where: _Where) -> tuple[int, int]:
        """The line and column of a ``where`` entry, a board cell's worked out now."""
        return _at(where)


def parse_position(rules: Rules, text: str) -> State:
    """The state a :func:`position_text` describes, checked as :func:`from_position` checks data.

    Blank lines and lines starting with ``#`` are ignored. Text that is not
    a position raises :class:`~acreage.core.position.PositionError` naming
    the line and column; a position that cannot exist names the line of the
    field that is wrong, and its path in the position data.
    """
    if not isinstance(rules, Rules):
        raise PositionError(f"rules: expected fence_em_in.Rules, got {type(rules).__name__}")
    return _Text(rules, text).state(rules, from_position)

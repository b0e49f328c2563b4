"""Fence Em In positions built from a source of choices, for property tests.

:func:`build_position` makes a valid position directly, not by playing moves:
each part of it (the mission cards, the round, every enclosure by the
placement rule, miniatures, tokens and fertilizer, the assets board, what is
being decided now) is one choice, then the whole is read by
:func:`~acreage.fence_em_in.position.from_position`, so it is checked like
any position. :func:`acreage.testing.positions` draws the choices with
hypothesis.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from acreage.fence_em_in.legal import can_fertilize
from acreage.fence_em_in.placement import legal_places
from acreage.fence_em_in.position import from_position
from acreage.fence_em_in.rules import CHOICE, COLUMNS, DIE_FACES, KINDS, Rules
from acreage.fence_em_in.scoring import accepts, placement_gain
from acreage.fence_em_in.state import State, make_farm
from acreage.fence_em_in.tables import KIND_INDEX

__all__ = ["build_position"]

_MAX_SIDE = DIE_FACES - 1


def build_position(rules: Rules, choose: Callable[[int], int]) -> State:
    """A valid position built from the choices ``choose(n)`` makes (each in ``range(n)``).

    The position is made directly, not by playing: the mission cards, the
    round, each farm's enclosures (placed by the placement rule), their
    miniatures and tokens, fertilizer, the assets board and what is being
    decided now, each picked by a choice, then read by :func:`from_position`.
    Choices of 0 give the simpler positions (early rounds, fewer enclosures,
    no fertilizer), so a hypothesis strategy over the choices
    (:func:`acreage.testing.positions`) shrinks towards simple positions, and
    every shrunk position is valid too.
    """
    return from_position(rules, _Builder(rules, choose).data())


class _Builder:
    def __init__(self, rules: Rules, choose: Callable[[int], int]) -> None:
        self.rules = rules
        self.t = rules.tables
        self.choose = choose
        self.bag = list(rules.bag.counts())
        self.players = rules.players
        self.farms: list[dict[str, Any]] = [
            {
                "enclosures": [],
                "land": 0,
                "placed": [0] * len(KINDS),
                "points": 0,
                "gained": 0,
                "rows": [()] * len(rules.farm_board),
                "discards": [],
            }
            for _ in range(self.players)
        ]
        self.occupied = 0

    def pick(self, options: list[Any]) -> Any:
        return options[self.choose(len(options))]

    def kind(self) -> str | None:
        kinds = [kind for k, kind in enumerate(KINDS) if self.bag[k]]
        if not kinds:
            return None
        kind: str = self.pick(kinds)
        self.bag[KIND_INDEX[kind]] -= 1
        return kind

    def data(self) -> dict[str, Any]:
        rules, t = self.rules, self.t
        support = list(t.support_names)
        cards = [self.pick(list(t.enclosure_names))]
        cards += [support.pop(self.choose(len(support))) for _ in range(rules.support_cards_drawn)]
        round_ = self.choose(rules.rounds + 1)
        if round_ == 0:
            return self.setup(cards)
        for _ in range(1, round_):
            for seat in range(self.players):
                self.turn(seat)
        for farm in self.farms:
            farm["fertilizer"] = 0
        data: dict[str, Any] = {"round": round_, "cards": cards}
        points = [farm["points"] for farm in self.farms]
        if round_ == 1:
            order = self.permutation(list(range(self.players)))
        else:
            order = self.by_points(points)
        data["order"] = order
        stage = self.choose(self.players + 2)
        if stage == 0:
            # The board was filled up at the end of the last round (or setup).
            self.fertilize([round_ - 1] * self.players)
            data["columns"] = self.fill([[] for _ in range(COLUMNS)], COLUMNS * rules.column_slots)
            if round_ > 1 and not any(self.bag):
                data.update(phase="end", dice=self.dice())  # the bag ran out at that refill
            else:
                data["phase"] = "roll"
        elif stage <= self.players:
            self.in_turn(data, order, stage - 1, round_)
        else:
            self.after_round(data, order, round_)
        data["farms"] = [
            {
                "enclosures": farm["enclosures"],
                "fertilizer": farm["fertilizer"],
                "rows": {
                    cat.name: list(row)
                    for cat, row in zip(rules.farm_board, farm["rows"], strict=True)
                    if row
                },
                "discards": farm["discards"],
            }
            for farm in self.farms
        ]
        return data

    def setup(self, cards: list[str]) -> dict[str, Any]:
        rules = self.rules
        need = self.t.cards_to_reveal
        phase = self.choose(3)
        if phase == 0:
            return {"phase": "cards", "cards": cards[: self.choose(need)]}
        slots = COLUMNS * rules.column_slots
        drawn = self.choose(slots) if phase == 1 else slots
        columns = self.fill([[] for _ in range(COLUMNS)], drawn)
        data = {"phase": "fill" if phase == 1 else "order", "cards": cards, "columns": columns}
        if phase == 2:
            data.update(self.groups(list(range(self.players)), [0] * self.players))
        return data

    def fill(self, columns: list[list[str]], count: int) -> list[list[str]]:
        """``count`` tokens drawn onto ``columns`` as the board fills: leftmost of the fewest."""
        for _ in range(count):
            kind = self.kind()
            if kind is None:
                break
            sizes = [len(c) for c in columns]
            columns[sizes.index(min(sizes))].append(kind)
        return columns

    def permutation(self, seats: list[int]) -> list[int]:
        out = []
        while seats:
            out.append(seats.pop(self.choose(len(seats))))
        return out

    def by_points(self, points: list[int]) -> list[int]:
        """The seats by fewest points, ties in an order picked."""
        out: list[int] = []
        for value in sorted(set(points)):
            out += self.permutation([p for p in range(self.players) if points[p] == value])
        return out

    def groups(self, seats: list[int], points: list[int]) -> dict[str, Any]:
        """Seats grouped by points for rolling the order, with rolls so far; ``{}``
        when no tie is left (the order is settled)."""
        rules = self.rules
        groups = [
            [p for p in seats if points[p] == value] for value in sorted({points[p] for p in seats})
        ]
        tied = next((g for g in groups if len(g) > 1), None)
        if tied is None:
            return {}
        rolls = [self.choose(rules.order_die_faces) + 1 for _ in range(self.choose(len(tied)))]
        return {
            "groups": groups,
            "rolls": rolls,
            "order_rerolls": self.choose(rules.order_reroll_limit + 1),
        }

    def dice(self, count: int = 3, faces: int = _MAX_SIDE) -> list[int]:
        return sorted(self.choose(faces) + 1 for _ in range(count))

    def turn(self, seat: int, *, columns: list[list[str]] | None = None) -> bool:
        """One turn of ``seat`` on the board: an enclosure and its token, or nothing
        (a pass, or a choice not to build); whether it built."""
        if not any(self.bag) or not self.choose(2):
            return False
        enclosure = self.build(seat, tuple(self.dice()), columns)
        if enclosure is None:
            return False
        kind = self.kind()
        assert kind is not None, "the bag holds a token"
        self.take(seat, enclosure, kind)
        self.put(seat, kind)
        return True

    def build(
        self, seat: int, dice: tuple[int, ...], columns: list[list[str]] | None
    ) -> dict[str, Any] | None:
        farm = self.farms[seat]
        board = tuple(map(tuple, columns)) if columns is not None else (("cow",),) * COLUMNS
        places = legal_places(self.t, seat, farm["land"], self.occupied, dice, board)
        if not places:
            return None
        place = self.pick(places)
        cells = self.t.rect[place.width][place.height] << (place.y * self.t.size + place.x)
        farm["land"] |= cells
        self.occupied |= cells
        enclosure = {
            "x": place.x,
            "y": place.y,
            "width": place.width,
            "height": place.height,
            "kind": None,
        }
        farm["enclosures"].append(enclosure)
        return enclosure

    def take(self, seat: int, enclosure: dict[str, Any], kind: str) -> None:
        farm = self.farms[seat]
        k = KIND_INDEX[kind]
        points, fertilizer = placement_gain(
            self.t, make_farm(0, (), tuple(farm["placed"]), 0, 0, (), ()), k
        )
        farm["points"] += points
        farm["gained"] += fertilizer
        farm["placed"][k] += 1
        enclosure["kind"] = kind

    def put(self, seat: int, kind: str) -> None:
        farm = self.farms[seat]
        rows = farm["rows"]
        fits = [i for i in range(len(rows)) if accepts(self.t, i, rows[i], kind)]
        if fits:
            i = self.pick(fits)
            rows[i] = (*rows[i], kind)
        else:
            farm["discards"].append(kind)

    def fertilize(self, turns: list[int]) -> None:
        """Each farm's fertilizer: at most what its miniatures gave, and the choice
        faces in the ``turns`` it has had (or is having)."""
        fertilizer = self.rules.fertilizer
        per_turn = fertilizer.six_rerolls_per_turn * fertilizer.six_reroll_gain
        for farm, had in zip(self.farms, turns, strict=True):
            farm["fertilizer"] = self.choose(farm["gained"] + had * per_turn + 1)

    def board(self) -> list[list[str]]:
        """An assets board during a round: each column some tokens from the bag."""
        columns = []
        for _ in range(COLUMNS):
            column = []
            for _ in range(self.choose(self.rules.column_slots + 1)):
                kind = self.kind()
                if kind is not None:
                    column.append(kind)
            columns.append(column)
        return columns

    def in_turn(self, data: dict[str, Any], order: list[int], turn: int, round_: int) -> None:
        rules = self.rules
        fertilizer = rules.fertilizer
        passed = [seat for seat in order[:turn] if not self.turn(seat)]
        seat = order[turn]
        columns = self.board()
        self.fertilize(
            [round_ if seat in order[: turn + 1] else round_ - 1 for seat in range(self.players)]
        )
        data.update(to_move=seat, passed=passed, columns=columns)
        uses = self.choose(fertilizer.uses_per_turn + 1)
        six = self.choose(fertilizer.six_rerolls_per_turn + 1)
        data.update(uses=uses, six_rerolls=six)
        phase = self.pick(["place", "six", "reroll", "fertilize", "refresh", "take", "farm"])
        if phase == "six":
            sixes = self.choose(3) + 1
            dice = sorted([*self.dice(3 - sixes), *[CHOICE] * sixes])
            data.update(phase="six", dice=dice)
            return
        if phase == "reroll" and uses + six:
            del data["to_move"]
            data.update(phase="reroll", player=seat, dice=self.dice(2, DIE_FACES))
            return
        dice = self.dice()
        data.update(phase="place", dice=dice)
        farm = self.farms[seat]
        if phase == "fertilize" and uses < fertilizer.uses_per_turn:
            bag = tuple(self.bag)
            board = tuple(map(tuple, columns))
            have = farm["fertilizer"]
            if have >= self.t.min_cost and can_fertilize(rules, have, board, bag):
                data["phase"] = "fertilize"
        elif phase == "refresh" and uses:
            for column in columns:
                for kind in column:
                    self.bag[KIND_INDEX[kind]] += 1
            slots = COLUMNS * rules.column_slots
            drawn = min(self.choose(slots), sum(self.bag) - 1)
            if drawn >= 0:
                del data["to_move"]
                data.update(
                    phase="refresh",
                    player=seat,
                    columns=self.fill([[] for _ in range(COLUMNS)], drawn),
                )
            else:
                data["columns"] = [[] for _ in range(COLUMNS)]
        elif phase in ("take", "farm"):
            enclosure = self.build(seat, tuple(dice), columns)
            if enclosure is None:
                return
            data["phase"] = "take"
            if phase == "farm":
                w, h = enclosure["width"], enclosure["height"]
                third = self.t.third_die[tuple(dice)][w][h]
                kind = self.pick(sorted(set(columns[third - 1])))
                columns[third - 1].remove(kind)
                self.take(seat, enclosure, kind)
                data.update(phase="farm", token=kind)

    def after_round(self, data: dict[str, Any], order: list[int], round_: int) -> None:
        rules = self.rules
        passed = [seat for seat in order if not self.turn(seat)]
        self.fertilize([round_] * self.players)
        columns = self.board()
        data.update(passed=sorted(passed), columns=columns, dice=self.dice())
        if round_ >= rules.rounds or len(passed) == self.players:
            data["phase"] = "end"
            return
        slots = rules.column_slots
        if self.choose(2):
            # The refill is done: every column full, then the order rolled for.
            for column in columns:
                while len(column) < slots:
                    kind = self.kind()
                    if kind is None:
                        break
                    column.append(kind)
            if any(len(c) < slots for c in columns) or not any(self.bag):
                data["phase"] = "end"
                return
            points = [farm["points"] for farm in self.farms]
            settling = self.groups(list(range(self.players)), points)
            if settling:
                data.update(phase="order", **settling)
                return
        if not any(self.bag):
            data["phase"] = "end"
            return
        if all(len(c) >= slots for c in columns):
            column = columns[self.choose(COLUMNS)]
            kind = column.pop()
            self.bag[KIND_INDEX[kind]] += 1
        data["phase"] = "refill"

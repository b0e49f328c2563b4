"""Dots and boxes with secret boxes: a small game that keeps the whole acreage contract.

It exercises the foundation before (and beside) the real games: a chance
node deals each player a secret box, which only that player sees; players
then draw lines (edges of a SquareGrid, the border included); completing a
box scores it and gives another turn. At the end, owning your secret box
scores 1 more. Most points wins; ties are shared.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from fractions import Fraction

import attrs

from acreage import CHANCE, Game, IllegalMoveError, MoveSyntaxError, RulesError
from acreage.core.data import DataClass, limits
from acreage.core.encoding import Encoding, Facts, Numbering, Planes, spread_bits
from acreage.core.game import Chance, check_seat, move_text
from acreage.core.grid import SquareGrid


@attrs.frozen
class Rules(DataClass):
    players: int = attrs.field(default=2, metadata=limits(2, 4, primary=True))
    width: int = attrs.field(default=2, metadata=limits(1, 8))
    height: int = attrs.field(default=2, metadata=limits(1, 8))
    secret_boxes: bool = True

    def _validate(self) -> None:
        if self.secret_boxes and self.players > self.width * self.height:
            raise RulesError("secret_boxes: more players than boxes")

    @property
    def grid(self) -> SquareGrid:
        return SquareGrid(self.width, self.height)


@attrs.frozen
class Draw:
    edge: int
    text: str = attrs.field(eq=False, repr=False)

    def __str__(self) -> str:
        return self.text


@attrs.frozen
class Deal:
    cell: int
    text: str = attrs.field(eq=False, repr=False)

    def __str__(self) -> str:
        return self.text


Move = Draw | Deal


@attrs.frozen
class State:
    rules: Rules
    drawn: int = 0
    owners: tuple[int, ...] = ()
    secrets: tuple[int, ...] = ()
    player: int = 0

    @property
    def to_move(self) -> int | Chance | None:
        if self.rules.secret_boxes and len(self.secrets) < self.rules.players:
            return CHANCE
        if all(o >= 0 for o in self.owners):
            return None
        return self.player


@attrs.frozen
class View:
    rules: Rules
    player: int
    drawn: int
    owners: tuple[int, ...]
    my_secret: int | None
    to_move: int | Chance | None


def _cell_text(grid: SquareGrid, cell: int) -> str:
    x, y = grid.cell_coords[cell]
    return f"{x},{y}"


def _edge_text(grid: SquareGrid, edge: int) -> str:
    cell, d = grid.edge_sides[edge]
    return f"{_cell_text(grid, cell)} {grid.directions[d]}"


def new_game(rules: Rules) -> State:
    return State(rules, owners=(-1,) * rules.grid.n_cells)


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    if state.to_move is not CHANCE:
        return ()
    grid = state.rules.grid
    free = [c for c in range(grid.n_cells) if c not in state.secrets]
    p = Fraction(1, len(free))
    return tuple((Deal(c, f"deal {_cell_text(grid, c)}"), p) for c in free)


def legal_moves(state: State) -> tuple[Move, ...]:
    who = state.to_move
    if who is None:
        return ()
    if who is CHANCE:
        return tuple(m for m, _ in chance_outcomes(state))
    grid = state.rules.grid
    return tuple(
        Draw(e, f"draw {_edge_text(grid, e)}")
        for e in range(grid.n_edges)
        if not state.drawn >> e & 1
    )


def apply_move(state: State, move: Move) -> State:
    grid = state.rules.grid
    if isinstance(move, Deal):
        if (
            state.to_move is not CHANCE
            or move.cell in state.secrets
            or not 0 <= move.cell < grid.n_cells
        ):
            raise IllegalMoveError(f"{move}: no secret box can be dealt there now")
        return attrs.evolve(state, secrets=(*state.secrets, move.cell))
    if not isinstance(move, Draw):
        raise IllegalMoveError(f"{move!r} is not a move of dots and boxes")
    if not isinstance(state.to_move, int):
        raise IllegalMoveError(f"{move}: it is not a player's turn")
    if not 0 <= move.edge < grid.n_edges or state.drawn >> move.edge & 1:
        raise IllegalMoveError(f"{move}: that line is drawn already")
    drawn = state.drawn | 1 << move.edge
    owners = list(state.owners)
    scored = False
    for cell in grid.edge_cells[move.edge]:
        if all(drawn >> e & 1 for e in grid.cell_edges[cell]):
            owners[cell] = state.player
            scored = True
    player = state.player if scored else (state.player + 1) % state.rules.players
    return State(state.rules, drawn, tuple(owners), state.secrets, player)


def parse_move(state: State, text: str) -> Move:
    grid = state.rules.grid
    words = move_text(text).split()
    try:
        if len(words) == 2 and words[0] == "deal":
            x, y = (int(v) for v in words[1].split(","))
            cell = grid.cell_id((x, y))
            return Deal(cell, f"deal {_cell_text(grid, cell)}")
        if len(words) == 3 and words[0] == "draw":
            x, y = (int(v) for v in words[1].split(","))
            edge = grid.cell_edges[grid.cell_id((x, y))][grid.direction(words[2])]
            return Draw(edge, f"draw {_edge_text(grid, edge)}")
    except (ValueError, KeyError):
        pass
    raise MoveSyntaxError(f"{text!r} is not 'draw X,Y DIR' or 'deal X,Y'")


def scores(state: State) -> tuple[int, ...]:
    out = [0] * state.rules.players
    for owner in state.owners:
        if owner >= 0:
            out[owner] += 1
    if state.to_move is None:
        for player, secret in enumerate(state.secrets):
            if state.owners[secret] == player:
                out[player] += 1
    return tuple(out)


def is_terminal(state: State) -> bool:
    return state.to_move is None


def winners(state: State) -> tuple[int, ...]:
    if state.to_move is not None:
        return ()
    s = scores(state)
    return tuple(p for p, v in enumerate(s) if v == max(s))


def observe(state: State, player: int) -> View:
    check_seat(player, state.rules.players)
    mine = state.secrets[player] if player < len(state.secrets) else None
    return View(state.rules, player, state.drawn, state.owners, mine, state.to_move)


def resample(state: State, player: int, rng: random.Random) -> State:
    """Redeal the other players' secret boxes (only their own box is known to ``player``)."""
    if len(state.secrets) <= 1:
        return state
    n = state.rules.grid.n_cells
    free = [c for c in range(n) if player >= len(state.secrets) or c != state.secrets[player]]
    others = rng.sample(free, len(state.secrets) - (1 if player < len(state.secrets) else 0))
    secrets = []
    for p in range(len(state.secrets)):
        secrets.append(state.secrets[p] if p == player else others.pop())
    return attrs.evolve(state, secrets=tuple(secrets))


def render_text(state: State) -> str:
    grid = state.rules.grid
    rows = []
    for y in range(grid.height):
        top = "+"
        mid = ""
        for x in range(grid.width):
            c = grid.cell_id((x, y))
            n, _, _, w = grid.cell_edges[c]
            top += ("--" if state.drawn >> n & 1 else "  ") + "+"
            mid += ("|" if state.drawn >> w & 1 else " ") + (
                f"{state.owners[c]} " if state.owners[c] >= 0 else "  "
            )
        last = grid.cell_edges[grid.cell_id((grid.width - 1, y))][1]
        mid += "|" if state.drawn >> last & 1 else " "
        rows += [top, mid]
    bottom = "+"
    for x in range(grid.width):
        s = grid.cell_edges[grid.cell_id((x, grid.height - 1))][2]
        bottom += ("--" if state.drawn >> s & 1 else "  ") + "+"
    rows.append(bottom)
    return "\n".join(rows)


def render_svg(state: State) -> str:
    from acreage.core.svg import PLAYER_COLOURS, Svg

    grid = state.rules.grid
    unit = 40
    svg = Svg(grid.width * unit + 20, grid.height * unit + 20)
    for c in range(grid.n_cells):
        if state.owners[c] >= 0:
            x, y = grid.cell_coords[c]
            svg.rect(10 + x * unit, 10 + y * unit, unit, unit, fill=PLAYER_COLOURS[state.owners[c]])
    for e in range(grid.n_edges):
        if state.drawn >> e & 1:
            a, b = (grid.vertex_xy(v) for v in grid.edge_vertices[e])
            svg.line(
                (10 + a[0] * unit, 10 + a[1] * unit),
                (10 + b[0] * unit, 10 + b[1] * unit),
                stroke_width=3,
            )
    for v in range(grid.n_vertices):
        x, y = grid.vertex_xy(v)
        svg.circle((10 + x * unit, 10 + y * unit), 3, fill="#000000")
    return str(svg)


class DotsEncoding(Encoding):
    """Actions: draw edge e (one block over the grid's edges). Chance: deal cell c.

    Observation: the drawn edges, each box's owner one-hot, the viewer's
    secret box one-hot, and whose turn it is one-hot (seats, then chance).
    """

    def __init__(self, rules: Rules) -> None:
        grid = rules.grid
        n, players = grid.n_cells, rules.players
        # One block, numbered from 0: a line's number is its edge (encode_actions relies on it).
        self.actions = Numbering([("draw", (("edge", grid.n_edges),))])
        self.chance = Numbering([("deal", (("cell", n),))])
        self.planes = Planes(
            [
                ("drawn", (grid.n_edges,)),
                ("owner", (players, n)),
                ("secret", (n,)),
                ("to_move", (players + 1,)),
            ]
        )
        deals = players if rules.secret_boxes else 0
        self.facts = Facts(
            players=players,
            min_players=2,
            max_players=4,
            chance=rules.secret_boxes,
            hidden_information=rules.secret_boxes,
            simultaneous=False,
            cooperative=False,
            min_score=0,
            max_score=n + 1,
            max_decisions=grid.n_edges,
            max_chance_nodes=deals,
            max_legal_moves=grid.n_edges,
            max_chance_outcomes=n if deals else 0,
            num_actions=self.actions.size,
            num_chance_outcomes=self.chance.size,
            observation_shape=self.planes.shape,
        )
        # observation_bytes: every place is 0 or 1, so the observation is one int's bits.
        self._owner_at = self.planes.offset("owner")
        self._secret_at = self.planes.offset("secret")
        self._to_move_at = self.planes.offset("to_move")

    def encode_action(self, state: State, move: Move) -> int:
        if not isinstance(move, Draw):
            raise IllegalMoveError(f"{move!r:.40} is not a line to draw")
        return self.actions.index("draw", move.edge)

    def encode_actions(self, state: State, moves: Sequence[Move]) -> list[int]:
        """A line's number is its edge: one pass over the list, checked as
        :meth:`encode_action` checks a move (any other move takes that way, and fails there)."""
        n = self.actions.size
        numbers = [
            m.edge if m.__class__ is Draw and m.edge.__class__ is int and 0 <= m.edge < n else -1
            for m in moves
        ]
        if -1 in numbers:
            return super().encode_actions(state, moves)
        return numbers

    def encode_chance(self, state: State, move: Move) -> int:
        if not isinstance(move, Deal):
            raise IllegalMoveError(f"{move!r:.40} is not a deal")
        return self.chance.index("deal", move.cell)

    def observation(self, view: View) -> list[int]:
        grid = view.rules.grid
        out = [0] * self.planes.size
        drawn = self.planes.offset("drawn")
        for e in range(grid.n_edges):
            out[drawn + e] = view.drawn >> e & 1
        owner = self.planes.offset("owner")
        for cell, who in enumerate(view.owners):
            if who >= 0:
                out[owner + who * grid.n_cells + cell] = 1
        if view.my_secret is not None:
            out[self.planes.offset("secret") + view.my_secret] = 1
        who = view.to_move
        if who is not None:
            slot = view.rules.players if who is CHANCE else who
            out[self.planes.offset("to_move") + slot] = 1
        return out

    def observation_bytes(self, view: View) -> bytes:
        """:meth:`observation` packed: its places are all 0 or 1, set as the bits of one
        int (the drawn edges are ``view.drawn`` itself, at place 0) and spread at once."""
        return self._pack(view.rules, view.drawn, view.owners, view.my_secret, view.to_move)

    def seat_observation_bytes(self, state: State, seat: int) -> bytes:
        """:meth:`observation_bytes` of ``observe(state, seat)``, from the state: the view
        holds the state's lines, owners and turn, and of the secrets only the seat's own."""
        mine = state.secrets[seat] if seat < len(state.secrets) else None
        return self._pack(state.rules, state.drawn, state.owners, mine, state.to_move)

    def _pack(
        self,
        rules: Rules,
        drawn: int,
        owners: tuple[int, ...],
        my_secret: int | None,
        to_move: int | Chance | None,
    ) -> bytes:
        bits = drawn
        n = len(owners)
        owner = self._owner_at
        for cell, who in enumerate(owners):
            if who >= 0:
                bits |= 1 << owner + who * n + cell
        if my_secret is not None:
            bits |= 1 << self._secret_at + my_secret
        if to_move is not None:
            bits |= 1 << self._to_move_at + (rules.players if to_move is CHANCE else to_move)
        return spread_bits(bits, self.planes.size)


@functools.lru_cache(maxsize=64)
def encoding(rules: Rules) -> DotsEncoding:
    """The encoding of ``rules`` (cached: one per Rules, built once)."""
    return DotsEncoding(rules)


GAME: Game[State, Move, Rules] = Game(
    name="dots-and-boxes",
    title="Dots and Boxes (with secret boxes)",
    rules_type=Rules,
    new_game=new_game,
    legal_moves=legal_moves,
    chance_outcomes=chance_outcomes,
    apply_move=apply_move,
    is_terminal=is_terminal,
    scores=scores,
    winners=winners,
    observe=observe,
    parse_move=parse_move,
    render_text=render_text,
    render_svg=render_svg,
    resample=resample,
    encoding=encoding,
)

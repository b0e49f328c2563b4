"""Pig on the engine skeleton (tasks, drafts, notation): docs/architecture.md's example.

Roll as often as you like, adding the pips to a pot; a one loses the pot and ends
the turn, ``hold`` banks it. The first to reach the goal wins."""

from __future__ import annotations

from fractions import Fraction

import attrs

from acreage import Game, IllegalMoveError
from acreage.core.agenda import AutoTask, ChanceTask, Engine, PlayerTask, Task
from acreage.core.data import DataClass, limits
from acreage.core.draft import Draft
from acreage.core.game import check_seat
from acreage.core.notation import Described, Notation, Number


@attrs.frozen
class Rules(DataClass):
    players: int = attrs.field(default=2, metadata=limits(2, 4, primary=True))
    goal: int = attrs.field(default=20, metadata=limits(2, 100))
    faces: int = attrs.field(default=6, metadata=limits(2, 20))


@attrs.frozen
class Turn(PlayerTask):
    pot: int = 0


@attrs.frozen
class Throw(ChanceTask):
    seat: int
    pot: int


@attrs.frozen
class Pass(AutoTask):
    seat: int


@attrs.frozen(repr=False)
class Roll(Described):
    TEXT = ("roll",)


@attrs.frozen(repr=False)
class Hold(Described):
    TEXT = ("hold",)


@attrs.frozen(repr=False)
class Die(Described):
    TEXT = ("die shows {pips:pips}",)
    pips: int


Move = Roll | Hold | Die
ROLL, HOLD = Roll(), Hold()
NOTATION = Notation("Pig", (Roll, Hold, Die), words={"pips": Number(1, lambda s: s.rules.faces)})


@attrs.frozen
class State:
    rules: Rules
    agenda: tuple[Task, ...]
    scores: tuple[int, ...]

    @property
    def to_move(self) -> object:
        return self.agenda[-1].actor if self.agenda else None


class Work(Draft[State], of=State, lists=("agenda", "scores")):
    agenda: list[Task]
    scores: list[int]


def turn_moves(s: State, task: Turn) -> tuple[Move, ...]:
    return (ROLL, HOLD) if task.pot else (ROLL,)


def throw_outcomes(s: State, task: Throw) -> tuple[tuple[Move, Fraction], ...]:
    return tuple((Die(p), Fraction(1, s.rules.faces)) for p in range(1, s.rules.faces + 1))


def apply_turn(w: Work, task: Turn, move: Move) -> None:
    if isinstance(move, Roll):
        w.agenda.append(Throw(task.seat, task.pot))
    else:
        w.scores[task.seat] += task.pot
        w.agenda.append(Pass(task.seat))


def apply_throw(w: Work, task: Throw, move: Die) -> None:
    pot = 0 if move.pips == 1 else task.pot + move.pips
    w.agenda.append(Turn(task.seat, pot) if pot else Pass(task.seat))


def pass_turn(w: Work, task: Pass) -> None:
    if max(w.scores) < w.rules.goal:
        w.agenda.append(Turn((task.seat + 1) % w.rules.players))


def refuse(s: State, move: object) -> IllegalMoveError:
    now = s.agenda[-1].describe() if s.agenda else "the game is over"
    return IllegalMoveError(f"{move!r:.60} is not legal now: {now}")


ENGINE: Engine[State, Work] = Engine(
    draft=Work.copy,
    decisions={Turn: turn_moves},
    chance={Throw: throw_outcomes},
    apply={Turn: apply_turn, Throw: apply_throw},
    auto={Pass: pass_turn},
    refuse=refuse,
)


def new_game(rules: Rules) -> State:
    return State(rules, (Turn(0),), (0,) * rules.players)


def winners(s: State) -> tuple[int, ...]:
    return () if s.agenda else tuple(i for i, v in enumerate(s.scores) if v >= s.rules.goal)


def observe(s: State, seat: int) -> tuple[tuple[Task, ...], tuple[int, ...]]:
    check_seat(seat, s.rules.players)
    return s.agenda, s.scores  # nothing is hidden


GAME: Game[State, Move, Rules] = Game(
    name="pig",
    title="Pig",
    rules_type=Rules,
    new_game=new_game,
    legal_moves=ENGINE.legal_moves,
    chance_outcomes=ENGINE.chance_outcomes,
    apply_move=ENGINE.apply_move,
    is_terminal=lambda s: not s.agenda,
    scores=lambda s: s.scores,
    winners=winners,
    observe=observe,
    parse_move=NOTATION.parse,
    render_text=lambda s: f"scores {s.scores}; {s.agenda[-1].describe() if s.agenda else 'over'}",
    render_svg=lambda s: f"<svg xmlns='http://www.w3.org/2000/svg'>{GAME.render_text(s)}</svg>",
)

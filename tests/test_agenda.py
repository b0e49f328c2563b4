"""The agenda skeleton, on a small dice game written with it (Pig to 10, dice of 1-3)."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage.core.agenda import AUTO, AutoTask, ChanceTask, Engine, PlayerTask, Task
from acreage.core.draft import Draft
from acreage.core.game import CHANCE, IllegalMoveError

GOAL = 10


@attrs.frozen
class Turn(PlayerTask):
    pot: int = 0


@attrs.frozen
class Roll(ChanceTask):
    seat: int
    pot: int


@attrs.frozen
class EndTurn(AutoTask):
    seat: int


@attrs.frozen
class Die:
    pips: int

    def __str__(self) -> str:
        return str(self.pips)


@attrs.frozen
class Choice:
    word: str

    def __str__(self) -> str:
        return self.word


ROLL, HOLD = Choice("roll"), Choice("hold")
FACES = tuple(Die(n) for n in (1, 2, 3))


@attrs.frozen
class State:
    agenda: tuple[Task, ...]
    scores: tuple[int, int] = (0, 0)

    @property
    def to_move(self) -> Any:
        return self.agenda[-1].actor if self.agenda else None


class Work(Draft[State], of=State, lists=("agenda",)):
    agenda: list[Task]
    scores: tuple[int, int]


def _turn_moves(s: State, task: Turn) -> tuple[Choice, ...]:
    return (ROLL, HOLD) if task.pot else (ROLL,)


def _roll_outcomes(s: State, task: Roll) -> tuple[tuple[Die, Fraction], ...]:
    return tuple((f, Fraction(1, 3)) for f in FACES)


def _apply_turn(w: Work, task: Turn, move: Choice) -> None:
    if move is ROLL:
        w.agenda.append(Roll(task.seat, task.pot))
    else:
        scores = list(w.scores)
        scores[task.seat] += task.pot
        w.scores = (scores[0], scores[1])
        w.agenda.append(EndTurn(task.seat))


def _apply_roll(w: Work, task: Roll, move: Die) -> None:
    if move.pips == 1:  # a one loses the pot, as in Pig
        w.agenda.append(EndTurn(task.seat))
    else:
        w.agenda.append(Turn(task.seat, task.pot + move.pips))


def _end_turn(w: Work, task: EndTurn) -> None:
    if max(w.scores) < GOAL:
        w.agenda.append(Turn(1 - task.seat))


def _refuse(s: State, move: object) -> IllegalMoveError:
    return IllegalMoveError(f"{move} is not legal now: {s.agenda[-1].describe()}")


ENGINE: Engine[State, Work] = Engine(
    draft=Work.copy,
    decisions={Turn: _turn_moves},
    chance={Roll: _roll_outcomes},
    apply={Turn: _apply_turn, Roll: _apply_roll},
    auto={EndTurn: _end_turn},
    refuse=_refuse,
)


def new_game() -> State:
    return State((Turn(0),))


def playout(seed: int) -> list[State]:
    rng = random.Random(seed)
    states = [new_game()]
    while states[-1].agenda:
        moves = ENGINE.legal_moves(states[-1])
        states.append(ENGINE.apply_move(states[-1], moves[rng.randrange(len(moves))]))
    return states


def test_tasks_say_who_acts_and_what_they_are() -> None:
    assert Turn(1).actor == 1
    assert Roll(0, 3).actor is CHANCE
    assert EndTurn(0).actor is AUTO
    assert Turn(1).describe() == "player 1: turn"
    assert EndTurn(0).describe() == "end turn"
    with pytest.raises(NotImplementedError, match="names no actor"):
        _ = Task().actor


def test_a_turn_rolls_and_holds_through_chance_and_automatic_steps() -> None:
    s = new_game()
    assert ENGINE.legal_moves(s) == (ROLL,)
    s = ENGINE.apply_move(s, ROLL)
    assert s.to_move is CHANCE
    assert ENGINE.chance_outcomes(s) == tuple((f, Fraction(1, 3)) for f in FACES)
    s = ENGINE.apply_move(s, FACES[2])
    assert s.agenda == (Turn(0, 3),)
    assert ENGINE.legal_moves(s) == (ROLL, HOLD)
    s = ENGINE.apply_move(s, HOLD)  # EndTurn ran by itself
    assert s == State((Turn(1),), (3, 0))
    assert ENGINE.chance_outcomes(s) == ()


def test_a_move_takes_only_the_top_task_off_the_agenda() -> None:
    # One task (the usual agenda, which the engine clears) and two (it pops the top one).
    alone = State((Turn(0, 2),))
    assert ENGINE.apply_move(alone, ROLL).agenda == (Roll(0, 2),)
    beneath = State((Turn(1, 3), Turn(0, 2)))
    after = ENGINE.apply_move(beneath, ROLL)
    assert after.agenda == (Turn(1, 3), Roll(0, 2))
    assert beneath.agenda == (Turn(1, 3), Turn(0, 2))  # the state moved from is unchanged
    assert ENGINE.apply_move(after, FACES[2]).agenda == (Turn(1, 3), Turn(0, 5))


def test_a_move_equal_to_a_listed_one_is_legal_and_others_are_refused() -> None:
    s = ENGINE.apply_move(new_game(), ROLL)
    assert ENGINE.apply_move(s, Die(2)) == ENGINE.apply_move(s, FACES[1])  # made by hand
    for bad in (Die(4), HOLD, "2", None, [1]):
        with pytest.raises(IllegalMoveError, match="not legal now: roll"):
            ENGINE.apply_move(s, bad)
    assert not ENGINE.is_legal(State(()), ROLL)  # the game is over
    assert ENGINE.legal_moves(State(())) == ()


@given(st.integers(0, 10_000))
def test_every_playout_ends_with_a_winner_and_never_changes_a_state(seed: int) -> None:
    states = playout(seed)
    assert max(states[-1].scores) >= GOAL
    again = playout(seed)
    assert again == states  # deterministic, and no state was changed in place
    for s in states:
        assert s.to_move is None or s.to_move is CHANCE or s.to_move in (0, 1)


def test_the_listed_moves_memo_is_shared_safely_between_threads() -> None:
    states = [s for seed in range(20) for s in playout(seed)]
    expected = [(ENGINE.legal_moves(s), ENGINE.chance_outcomes(s)) for s in states]
    start = threading.Barrier(4)

    def check(k: int) -> bool:
        start.wait()
        ok = True
        for i in range(k, k + 3 * len(states)):
            s = states[i % len(states)]
            moves = ENGINE.legal_moves(s)
            ok &= moves == expected[i % len(states)][0]
            if moves:
                ok &= ENGINE.apply_move(s, moves[0]) is not s
        return ok

    with ThreadPoolExecutor(4) as pool:
        assert all(pool.map(check, range(4)))


def test_mistakes_in_the_tables_are_refused_when_the_engine_is_made() -> None:
    base: dict[str, Any] = dict(
        draft=Work.copy,
        decisions={Turn: _turn_moves},
        chance={Roll: _roll_outcomes},
        apply={Turn: _apply_turn, Roll: _apply_roll},
        auto={EndTurn: _end_turn},
        refuse=_refuse,
    )
    with pytest.raises(TypeError, match="more than one of decisions, chance, auto"):
        Engine(**{**base, "auto": {EndTurn: _end_turn, Turn: _end_turn}})
    with pytest.raises(TypeError, match="no apply entry: \\['Roll'\\]"):
        Engine(**{**base, "apply": {Turn: _apply_turn}})
    with pytest.raises(TypeError, match="apply entries for tasks that take no move"):
        Engine(**{**base, "apply": {**base["apply"], EndTurn: _apply_turn}})
    with pytest.raises(TypeError, match="possible entries for tasks that are no chance event"):
        Engine(**{**base, "possible": {Turn: lambda s, t, m: True}})
    engine = Engine(**{**base, "auto": {}})
    with pytest.raises(TypeError, match="no table of this engine knows the task"):
        engine.apply_move(State((Turn(0, 2),)), HOLD)


def test_possible_checks_a_chance_move_without_listing_the_outcomes() -> None:
    listed: list[int] = []

    def outcomes(s: State, task: Roll) -> tuple[tuple[Die, Fraction], ...]:
        listed.append(1)
        return _roll_outcomes(s, task)

    engine = Engine(
        draft=Work.copy,
        decisions={Turn: _turn_moves},
        chance={Roll: outcomes},
        apply={Turn: _apply_turn, Roll: _apply_roll},
        auto={EndTurn: _end_turn},
        refuse=_refuse,
        possible={Roll: lambda s, t, m: isinstance(m, Die) and 1 <= m.pips <= 3},
    )
    s = engine.apply_move(new_game(), ROLL)
    assert engine.apply_move(s, Die(3)) == State((Turn(0, 3),))
    assert listed == []
    with pytest.raises(IllegalMoveError):
        engine.apply_move(s, Die(7))


def test_an_outcome_just_given_is_applied_without_asking_possible_again() -> None:
    asked: list[object] = []

    def possible(s: State, task: Roll, move: object) -> bool:
        asked.append(move)
        return isinstance(move, Die) and 1 <= move.pips <= 3

    engine = Engine(
        draft=Work.copy,
        decisions={Turn: _turn_moves},
        chance={Roll: _roll_outcomes},
        apply={Turn: _apply_turn, Roll: _apply_roll},
        auto={EndTurn: _end_turn},
        refuse=_refuse,
        possible={Roll: possible},
    )
    s = engine.apply_move(new_game(), ROLL)
    drawn = engine.chance_outcomes(s)[1][0]
    assert engine.apply_move(s, drawn) == State((Turn(0, 2),))
    assert asked == []  # the very object just given: no check
    assert engine.apply_move(s, Die(2)) == State((Turn(0, 2),))  # an equal one is checked
    assert asked == [Die(2)]
    other = engine.apply_move(new_game(), ROLL)  # equal to s, but not the state just drawn for
    assert engine.apply_move(other, drawn) == State((Turn(0, 2),))
    assert asked == [Die(2), drawn]
    with pytest.raises(IllegalMoveError):
        engine.apply_move(s, Die(7))


def test_ready_lets_a_task_resolve_itself_before_anyone_is_asked() -> None:
    def must_hold(w: Work, task: Turn) -> bool:
        """A house rule: a pot of 5 or more is banked at once."""
        if task.pot < 5:
            return True
        w.agenda.pop()
        _apply_turn(w, task, HOLD)
        return False

    engine = Engine(
        draft=Work.copy,
        decisions={Turn: _turn_moves},
        chance={Roll: _roll_outcomes},
        apply={Turn: _apply_turn, Roll: _apply_roll},
        auto={EndTurn: _end_turn},
        refuse=_refuse,
        ready={Turn: must_hold},
    )
    s = engine.apply_move(State((Roll(0, 3),)), Die(2))
    assert s == State((Turn(1),), (5, 0))  # banked and the turn passed, no decision asked
    s = engine.apply_move(State((Roll(0, 1),)), Die(2))
    assert s == State((Turn(0, 3),))


def test_own_gives_the_game_s_own_object_for_a_look_alike_move() -> None:
    # _apply_turn tells the moves apart by identity, as a game on its hot path
    # may: a hand-made Choice("roll") is equal to ROLL but is not it.
    asked: list[object] = []

    def own(s: State, move: object) -> object:
        asked.append(move)
        if isinstance(move, Choice):
            return {"roll": ROLL, "hold": HOLD}.get(move.word)
        return move  # a die face is its own move

    engine = Engine(
        draft=Work.copy,
        decisions={Turn: _turn_moves},
        chance={Roll: _roll_outcomes},
        apply={Turn: _apply_turn, Roll: _apply_roll},
        auto={EndTurn: _end_turn},
        refuse=_refuse,
        own=own,
    )
    s = State((Turn(0, 4),))
    rolled = engine.apply_move(s, Choice("roll"))
    assert rolled == State((Roll(0, 4),)) and asked == [Choice("roll")]
    # without own, the look-alike is judged by equality and applied as it is: a hold
    assert ENGINE.apply_move(s, Choice("roll")) == State((Turn(1),), (4, 0))
    moves = engine.legal_moves(s)
    asked.clear()
    assert engine.apply_move(s, moves[0]) == rolled and asked == []  # listed: not asked
    with pytest.raises(IllegalMoveError, match="is not legal now"):
        engine.apply_move(s, Choice("pass"))  # own names no move
    with pytest.raises(IllegalMoveError, match="is not legal now"):
        engine.apply_move(State((Turn(0),)), Choice("hold"))  # its own move is not legal here
    assert engine.apply_move(State((Roll(0, 4),)), Die(2)) == State((Turn(0, 6),))


def test_run_is_skipped_only_when_the_task_on_top_waits_as_it_is() -> None:
    """A move that leaves a decision or chance event without a ready check on top
    needs no run through the tables; one that leaves an automatic task or a task
    with a ready check runs them as before."""
    runs: list[str] = []

    class Counting(Engine[State, Work]):
        __slots__ = ()

        def run(self, w: Work) -> None:
            runs.append(type(w.agenda[-1]).__name__)
            super().run(w)

    tables: dict[str, Any] = dict(
        draft=Work.copy,
        decisions={Turn: _turn_moves},
        chance={Roll: _roll_outcomes},
        apply={Turn: _apply_turn, Roll: _apply_roll},
        auto={EndTurn: _end_turn},
        refuse=_refuse,
    )
    engine = Counting(**tables)
    s = engine.apply_move(new_game(), ROLL)  # a Roll on top: it waits
    assert runs == []
    engine.apply_move(s, Die(1))  # a one: the turn ends, an automatic EndTurn on top
    assert runs == ["EndTurn"]
    runs.clear()
    ready = Counting(**tables, ready={Roll: lambda w, t: True})
    ready.apply_move(new_game(), ROLL)  # a Roll with a ready check: it is asked
    assert runs == ["Roll"]

"""Drafts generated from a state's fields: copy in, change, freeze out."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage.core.draft import Draft, draft_type


@attrs.frozen
class Seat:
    money: int
    cards: tuple[str, ...] = ()


@attrs.frozen
class State:
    turn: int
    seats: tuple[Seat, ...]
    agenda: tuple[str, ...] = ()
    log: tuple[str, ...] = ()


@attrs.frozen(cache_hash=True)
class Hashed:
    a: int
    b: tuple[int, ...]


@attrs.frozen
class Converted:
    items: tuple[int, ...] = attrs.field(converter=tuple)


@attrs.frozen
class Checked:
    """A state whose constructor does more than store: it runs a post-init check."""

    count: int

    def __attrs_post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("count below 0")


@attrs.frozen
class Derived:
    a: int
    b: int = attrs.field(init=False, default=0)


class Work(Draft[State], of=State, lists=("agenda", "seats")):
    """A draft with scratch slots and methods, as an engine writes one."""

    __slots__ = ("changed",)
    agenda: list[str]
    seats: list[Seat]

    @classmethod
    def copy(cls, state: State) -> Work:
        w: Work = super().copy(state)
        w.changed = 0
        return w

    def pay(self, seat: int, amount: int) -> None:
        old = self.seats[seat]
        self.seats[seat] = attrs.evolve(old, money=old.money + amount)
        self.changed |= 1 << seat


START = State(0, (Seat(3), Seat(5, ("a",))), ("turn",))


def test_a_draft_has_exactly_the_states_fields_and_its_own_slots() -> None:
    fields = {f.name for f in attrs.fields(State)}
    w = Work.copy(START)
    assert {n for n in fields if hasattr(w, n)} == fields
    assert w.changed == 0
    with pytest.raises(AttributeError):
        w.colour = "red"  # no such field: slots refuse it
    plain = draft_type(State)
    with pytest.raises(AttributeError):
        plain.copy(START).changed = 1


def test_freeze_gives_back_an_equal_state_and_changes_only_what_was_set() -> None:
    w = Work.copy(START)
    assert w.freeze() == START
    w.turn = 1
    w.pay(0, 2)
    w.agenda.append("score")
    after = w.freeze()
    assert after == State(1, (Seat(5), Seat(5, ("a",))), ("turn", "score"))
    assert State(0, (Seat(3), Seat(5, ("a",))), ("turn",)) == START  # untouched
    assert type(after.agenda) is tuple and type(after.seats) is tuple
    assert after.seats[1] is START.seats[1]  # unchanged values are shared, not copied
    assert after.log is START.log


def test_a_frozen_draft_is_a_real_state() -> None:
    after = Work.copy(START).freeze()
    assert type(after) is State
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        after.turn = 3  # type: ignore[misc]
    assert hash(after) == hash(START)
    assert pickle.loads(pickle.dumps(after)) == START


def test_a_state_with_a_cached_hash_hashes_alike_after_a_freeze() -> None:
    s = Hashed(1, (2, 3))
    hash(s)  # the cache filled on the original
    draft = draft_type(Hashed, lists=("b",)).copy(s)
    draft.b.append(4)
    after = draft.freeze()
    assert after == Hashed(1, (2, 3, 4))
    assert hash(after) == hash(Hashed(1, (2, 3, 4)))


def test_freezing_fills_a_twin_of_the_states_layout_that_becomes_the_state() -> None:
    # The fast path: plain stores into a settable twin, then its class becomes State.
    freeze = vars(type(Work.copy(START)).__mro__[1])["freeze"]
    assert "twin" in freeze.__globals__ and "build" not in freeze.__globals__
    twin = freeze.__globals__["twin"]
    assert issubclass(twin, State) and twin.__slots__ == ()
    after = Work.copy(START).freeze()
    assert type(after) is State and not isinstance(after, twin)
    assert attrs.asdict(after, recurse=False) == attrs.asdict(START, recurse=False)


def test_a_state_whose_constructor_checks_is_built_through_it() -> None:
    draft = draft_type(Checked).copy(Checked(1))
    assert "build" in vars(type(draft).__mro__[1])["freeze"].__globals__
    draft.count = -1
    with pytest.raises(ValueError, match="count below 0"):
        draft.freeze()  # the check ran: no twin skipped it
    draft.count = 2
    assert draft.freeze() == Checked(2)


def test_a_state_whose_constructor_converts_is_built_through_it() -> None:
    draft = draft_type(Converted).copy(Converted([1, 2]))
    draft.items = [3]
    assert draft.freeze() == Converted((3,))
    assert type(draft.freeze().items) is tuple


@given(
    st.integers(-5, 5),
    st.lists(st.tuples(st.integers(0, 9), st.lists(st.sampled_from("abc"), max_size=3))),
    st.lists(st.sampled_from(["turn", "score", "end"]), max_size=5),
)
def test_copy_then_freeze_is_the_identity(turn: int, seats: Any, agenda: list[str]) -> None:
    state = State(turn, tuple(Seat(m, tuple(c)) for m, c in seats), tuple(agenda))
    assert Work.copy(state).freeze() == state
    assert draft_type(State).copy(state).freeze() == state


def test_mistakes_in_a_draft_class_are_refused_where_it_is_written() -> None:
    with pytest.raises(TypeError, match="lists names no field of State: agendas"):
        draft_type(State, lists=("agendas",))
    with pytest.raises(TypeError, match="not 'agenda'"):
        draft_type(State, lists="agenda")
    with pytest.raises(TypeError, match="not an attrs class"):
        draft_type(dict)
    with pytest.raises(TypeError, match="constructor does not take: b"):
        draft_type(Derived)
    with pytest.raises(TypeError, match="repeats fields of State"):

        class Twice(Draft[State], of=State):
            __slots__ = ("turn",)

    with pytest.raises(TypeError, match="annotations name no field of State"):

        class Drifted(Draft[State], of=State):
            score: int

    with pytest.raises(TypeError, match=r"turn: str \(the state's reads int\)"):

        class Mistyped(Draft[State], of=State):
            turn: str

    with pytest.raises(TypeError, match=r"agenda: list\[int\] \(the state's reads list\[str\]\)"):

        class ListMistyped(Draft[State], of=State, lists=("agenda",)):
            agenda: list[int]

    with pytest.raises(TypeError, match="say which state it drafts"):

        class Nothing(Draft[State]):
            pass


def test_a_subclass_of_a_draft_keeps_its_fields() -> None:
    class More(Work):
        __slots__ = ("note",)

    w = More.copy(START)
    w.note = "x"
    w.turn = 4
    assert w.freeze() == attrs.evolve(START, turn=4)


def test_the_base_refuses_to_copy_without_a_state() -> None:
    with pytest.raises(TypeError, match="drafts no state"):
        Draft.copy(START)


class Kept(
    Draft[State],
    of=State,
    lists=("agenda",),
    scratch={"moved": 0, "notes": ()},
    lookup={"first": "seats", "money": "turn.real"},
    flush={"moved": "settle"},
):
    """A draft whose scratch slots the generated copy and freeze look after."""

    __slots__ = ("settled",)
    agenda: list[str]
    moved: int
    first: tuple[Seat, ...]

    def settle(self) -> None:
        self.agenda.append(f"settled {self.moved}")
        self.moved = 0
        self.settled = True


def test_scratch_and_lookup_slots_start_every_copy_alike() -> None:
    w = Kept.copy(START)
    assert (w.moved, w.notes, w.first, w.money) == (0, (), START.seats, 0)
    w.moved, w.notes = 3, ("x",)
    again = Kept.copy(attrs.evolve(START, turn=7))
    assert (again.moved, again.notes, again.money) == (0, (), 7)
    assert set(Kept.__mro__[1].__slots__) == {
        *attrs.fields_dict(State),
        "moved",
        "notes",
        "first",
        "money",
    }


def test_freeze_calls_the_flush_method_only_when_its_slot_is_set() -> None:
    w = Kept.copy(START)
    assert w.freeze() == START
    assert not hasattr(w, "settled")
    w.moved = 2
    state = w.freeze()
    assert state.agenda == (*START.agenda, "settled 2")
    assert (w.moved, w.settled) == (0, True)
    assert type(state) is State


def test_flush_runs_before_a_checking_constructor_too() -> None:
    class Count(Draft[Checked], of=Checked, scratch={"owed": 0}, flush={"owed": "pay"}):
        def pay(self) -> None:
            self.count -= self.owed
            self.owed = 0

    w = Count.copy(Checked(5))
    w.owed = 2
    assert w.freeze() == Checked(3)
    w.owed = 9
    with pytest.raises(ValueError, match="count below 0"):
        w.freeze()


def test_mistakes_in_scratch_slots_are_refused_where_they_are_written() -> None:
    with pytest.raises(TypeError, match="repeat fields of State or each other: turn"):

        class Field(Draft[State], of=State, scratch={"turn": 0}):
            pass

    with pytest.raises(TypeError, match="repeat fields of State or each other: x"):

        class Twice(Draft[State], of=State, scratch={"x": 0}, lookup={"x": "turn"}):
            pass

    with pytest.raises(TypeError, match=r"flush methods must be Python names, not 'a b'$"):

        class Spaced(Draft[State], of=State, scratch={"a b": 0}):
            pass

    with pytest.raises(TypeError, match=r"flush methods must be Python names, not 'class'$"):

        class Keyword(Draft[State], of=State, scratch={"x": 0}, flush={"x": "class"}):
            pass

    with pytest.raises(TypeError, match=r"'rules\.tables' is no attribute path from a field"):

        class Nowhere(Draft[State], of=State, lookup={"t": "rules.tables"}):
            pass

    with pytest.raises(TypeError, match=r"'turn\.\.real' is no attribute path"):

        class Broken(Draft[State], of=State, lookup={"t": "turn..real"}):
            pass

    with pytest.raises(TypeError, match="flush keys no scratch slot: turn"):

        class Unflagged(Draft[State], of=State, flush={"turn": "settle"}):
            pass

    with pytest.raises(TypeError, match="flush names no method of Unmade: settle"):

        class Unmade(Draft[State], of=State, scratch={"x": 0}, flush={"x": "settle"}):
            pass

    with pytest.raises(TypeError, match="repeats fields of State or scratch slots"):

        class Again(Draft[State], of=State, scratch={"x": 0}):
            __slots__ = ("x",)

"""core.notation: one template per move class gives both its text and its parsing."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from acreage import MoveSyntaxError
from acreage.core.notation import Choice, Described, Index, Notation, Number, Repeated, Word

HEADINGS = ("N", "E", "S", "W")
CARDS = ("Hay Bale", "Nitro +1", "Rut")


@attrs.frozen(repr=False)
class Go(Described):
    TEXT = ("go {heading:heading} {steps:steps}",)
    heading: int
    steps: int


@attrs.frozen(repr=False)
class Play(Described):
    # Two forms: without a target, and with one (whose seat follows from the words).
    TEXT = (("play {card:card}", {"seat": -1}), "play {card:card} on player {seat:seat}")
    card: str
    seat: int = -1


@attrs.frozen(repr=False)
class Roll(Described):
    TEXT = ("roll {dice:dice}",)
    dice: tuple[int, ...]


@attrs.frozen(repr=False)
class Tile(Described):
    # Starts with a placeholder: found whatever the first word is.
    TEXT = ("{x:x}{y:y} is mine",)
    x: int
    y: int


@attrs.frozen(repr=False)
class Shared(Described):
    # Its build returns a prebuilt move, and refuses words with a reason.
    TEXT = ("pick {n:steps}",)
    n: int


def _pick(state: Any, n: int) -> Shared:
    if n % 2:
        raise ValueError("only even numbers are picked")
    return PICKS[n]


@attrs.frozen(repr=False)
class Pass(Described):
    TEXT = ("pass",)


PICKS = {n: Shared(n) for n in range(0, 10, 2)}

NOTATION = Notation(
    "Toy",
    (Go, Play, Roll, Tile, Shared, Pass),
    words={
        "heading": Index(HEADINGS, "a heading"),
        # The state of this toy is the largest number of steps.
        "steps": Number(0, lambda state: state),
        "card": Choice(CARDS, "a card", spaces=True),
        "seat": Number(0, 3),
        "dice": Repeated(Number(1, 6), counts=(1, 3), what="dice", ordered=False),
        "x": Index(tuple("abcdefgh"), "a column"),
        "y": Number(1, 8),
    },
    build={Shared: _pick},
)

MOVES = st.one_of(
    st.builds(Go, st.integers(0, 3), st.integers(0, 9)),
    st.builds(Play, st.sampled_from(CARDS), st.integers(-1, 3)),
    st.builds(Roll, st.lists(st.integers(1, 6), min_size=3, max_size=3).map(sorted).map(tuple)),
    st.builds(Tile, st.integers(0, 7), st.integers(1, 8)),
    st.sampled_from(sorted(PICKS.values(), key=str)),
    st.just(Pass()),
)


@given(MOVES)
def test_every_move_parses_back_from_its_text(move: Described) -> None:
    assert NOTATION.parse(9, str(move)) == move


def test_texts() -> None:
    assert str(Go(1, 3)) == "go E 3"
    assert str(Play("Hay Bale")) == "play Hay Bale"
    assert str(Play("Hay Bale", 2)) == "play Hay Bale on player 2"
    assert str(Roll((2, 5, 6))) == "roll 2 5 6"
    assert str(Tile(2, 7)) == "c7 is mine"
    assert repr(Pass()) == "<Pass 'pass'>"


def test_parsing_normalises_spaces_and_unordered_values() -> None:
    assert NOTATION.parse(9, "  roll 6   2 5 ") == Roll((2, 5, 6))
    assert NOTATION.parse(9, "play Nitro +1 on player 0") == Play("Nitro +1", 0)
    assert NOTATION.parse(9, "pick 4") is PICKS[4]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("go E 12", "'go E 12': steps must be a number from 0 to 9, not '12'"),
        ("go NE 1", r"heading must be a heading \(N, E, S, W\), not 'NE'"),
        ("play Hay on player 1", "card must be a card .*, not 'Hay'"),
        ("play Rut on player 7", "seat must be a number from 0 to 3, not '7'"),
        ("roll 1 2", "dice must be 1 or 3 dice, not '1 2'"),
        ("roll 1 9 2", "dice must be dice, each a number from 1 to 6, not '1 9 2'"),
        ("go", "go reads 'go <heading> <steps>'"),
        ("pick 3", "'pick 3': only even numbers are picked"),
        ("plya Rut", r"did you mean 'play <card>' or 'play <card> on player <seat>'\?"),
        ("j9 is mine", r"x must be a column \(a, b, .*\), not 'j'"),
        (
            "fly away",
            "'fly away' is no move of Toy, whose moves read 'go <heading> <steps>', "
            "'play <card>', 'play <card> on player <seat>', 'roll <dice>', '<x><y> is mine', "
            "'pick <n>', 'pass'",
        ),
        (None, "a move is given as text"),
        ("x" * 5000, "longer than any move"),
    ],
)
def test_text_that_is_no_move_says_why(text: Any, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
        NOTATION.parse(9, text)


def test_the_forms_read_as_a_person_reads_them() -> None:
    assert NOTATION.forms[:3] == (
        "go <heading> <steps>",
        "play <card>",
        "play <card> on player <seat>",
    )


def test_field_problem_names_a_hand_built_field_of_the_wrong_type() -> None:
    assert NOTATION.field_problem(Go(1, 3)) == ""
    assert "steps must be of the type parse_move gives it, not bool" in NOTATION.field_problem(
        Go(1, True)
    )
    assert "heading" in NOTATION.field_problem(Go(7, 1))  # no heading 7
    assert "dice" in NOTATION.field_problem(Roll((1, "2")))  # type: ignore[arg-type]
    assert NOTATION.field_problem(Play("Rut")) == ""
    assert "card" in NOTATION.field_problem(Play(None))  # type: ignore[arg-type]


def test_a_class_without_a_notation_has_no_text() -> None:
    @attrs.frozen(repr=False)
    class Lost(Described):
        TEXT = ("lost",)

    with pytest.raises(TypeError, match="described by no Notation"):
        str(Lost())


def _notation(cls: type[Described], **words: Any) -> Notation:
    return Notation("Bad", (cls,), words=words or {"n": Number(0, 9)})


def test_bad_descriptions_are_refused_when_the_notation_is_built() -> None:
    @attrs.frozen
    class NoText(Described):
        pass

    @attrs.frozen
    class UnknownWord(Described):
        TEXT = ("go {n:far}",)
        n: int

    @attrs.frozen
    class Twice(Described):
        TEXT = ("go {n:n} {n:n}",)
        n: int

    @attrs.frozen
    class NoField(Described):
        TEXT = ("go {m:n}",)
        n: int

    @attrs.frozen
    class Unreachable(Described):
        TEXT = ("go {n:n}", "walk {n:n}")
        n: int

    @attrs.frozen
    class Both(Described):
        TEXT = (("go {n:n}", {"n": 1}), "walk {n:n}")
        n: int

    @attrs.frozen
    class Spaced(Described):
        TEXT = ("go  {n:n}",)
        n: int

    cases = [
        (NoText, "has no TEXT"),
        (UnknownWord, "no word kind 'far'"),
        (Twice, "field 'n' appears twice"),
        (NoField, r"names no field, or a field it also stands for: \['m'\]"),
        (Unreachable, "the others would never be written"),
        (Both, r"a field it also stands for: \['n'\]"),
        (Spaced, "single spaces"),
    ]
    for cls, message in cases:
        with pytest.raises(ValueError, match=message):
            _notation(cls)


class _Label(Word[int]):
    # A card named by its index in the rules' card list: written with the rules.
    pattern = r".+"

    def show(self, value: int, rules: Any = None) -> str:
        return str(rules[value])

    def read(self, text: str, state: Any) -> int:
        if text not in state:
            raise ValueError("a card of these rules")
        return list(state).index(text)


@attrs.frozen(repr=False)
class Buy(Described):
    # The text is written once per rules and kept, as games with data-named cards do.
    TEXT = ("buy {card:label}",)
    card: int
    text: str = attrs.field(eq=False)

    def __str__(self) -> str:
        return self.text


def _buy(state: Any, card: int) -> Buy:
    return Buy(card, LABELLED.text(Buy, state, card=card))


LABELLED = Notation("Shop", (Buy,), words={"label": _Label()}, build={Buy: _buy})


def test_text_written_for_rules_parses_back() -> None:
    rules = ("Cows (B)", "Hay Bale")
    move = Buy(1, LABELLED.text(Buy, rules, card=1))
    assert str(move) == "buy Hay Bale"
    assert LABELLED.parse(rules, "buy Hay Bale") == move
    # and a class with several forms writes the one its fields call for
    assert NOTATION.text(Play, None, card="Rut", seat=-1) == "play Rut"
    assert NOTATION.text(Play, None, card="Rut", seat=2) == "play Rut on player 2"


def test_a_class_is_described_by_one_notation() -> None:
    with pytest.raises(ValueError, match="Pass is described by another Notation already"):
        Notation("Again", (Pass,), words={})
    with pytest.raises(
        ValueError, match=r"build for classes the notation does not describe: \['Go'\]"
    ):
        Notation("Stray", (), words={}, build={Go: Go})

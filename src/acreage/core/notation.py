"""Move texts: one description per move class, from which both its text and its parsing derive.

A game's move is a small frozen value with a text in the game's words
(``place 3,5 4x2``). Writing ``__str__`` and a parser by hand keeps the two
in step only by tests; here a move class says its text once, as a template
over its fields, and the game's :class:`Notation` both writes and reads it,
so ``parse(state, str(move)) == move`` holds by construction:

>>> import attrs
>>> from acreage.core.display import TextMove
>>> @attrs.frozen(repr=False)
... class Place(Described):
...     TEXT = ("place {x:coord},{y:coord} {width:side}x{height:side}",)
...     x: int
...     y: int
...     width: int
...     height: int
>>> @attrs.frozen(repr=False)
... class Pass(Described):
...     TEXT = ("pass",)
>>> NOTATION = Notation(
...     "Boxes",
...     (Place, Pass),
...     words={"coord": Number(0, lambda size: size - 1), "side": Number(1, 5)},
... )
>>> str(Place(3, 5, 4, 2))
'place 3,5 4x2'
>>> NOTATION.parse(8, "place  3,5 4x2")   # 8: what the word kinds read, here a board size
<Place 'place 3,5 4x2'>
>>> NOTATION.parse(8, "place 9,5 4x2")
Traceback (most recent call last):
  ...
acreage.core.game.MoveSyntaxError: 'place 9,5 4x2': x must be a number from 0 to 7, not '9'

**Templates.** Literal words and ``{field:word}`` placeholders; a space in
a template matches one space of the text, whose runs of white space are
made single spaces first. ``word`` names one of the notation's
:class:`Word` kinds, which says what text a value has (its ``pattern``), how
a value is written (``show``) and read back (``read``, which may depend on
the state: a board's size, a game's card names).

**Several forms.** A class may give several templates, each but the last with
the values of the fields it stands for::

    TEXT = (("market", {"sell": 0}), "market selling {sell:count} grain")

A move is written in the first form whose values it holds (``Market(0)`` is
``market``), and reading a form gives its fields those values. Parsing tries
the forms in order.

**Moves that are more than their words.** A placeholder may name a property
as well as a field. The fields a text gives make the move (``cls(**fields)``)
unless the notation has a ``build`` for the class: a function of the state and
the fields, which works out the fields no form names (a target from the card's
kind), may return a shared, prebuilt move instead of a new one, or refuses the
words with a :class:`ValueError` saying why. The classes stay plain data; what
reading needs to know of the game lives with the notation.

**Errors.** Text that matches no template is a
:class:`~acreage.core.game.MoveSyntaxError` listing the forms of the game's
moves; text that matches a template whose word is wrong says which word and
why (``x must be a number from 0 to 7, not '9'``).
"""

from __future__ import annotations

import abc
import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, TypeVar, cast

import attrs

from acreage.core.display import TextMove
from acreage.core.game import MoveSyntaxError, move_text, shorten

__all__ = [
    "Choice",
    "Described",
    "Index",
    "Notation",
    "Number",
    "Phrase",
    "Repeated",
    "Template",
    "Word",
]

T = TypeVar("T")

Bound = int | Callable[[Any], int]
"""A bound of a :class:`Number`: an int, or a function of the state being parsed for."""

Names = Sequence[str] | Callable[[Any], Sequence[str]]
"""The names of a :class:`Choice`: fixed, or a function of the state being parsed for."""


class Word(abc.ABC, Generic[T]):
    """One kind of placeholder: the text of a value, how it is written and read back.

    ``pattern`` is a regular expression (no capturing groups) that the text of
    every value matches; by default one word without spaces. Subclasses say
    how a value is written (:meth:`show`) and read (:meth:`read`); ``read``
    raises :class:`ValueError` with a reason (``"a number from 0 to 7"``) for
    text that is no value of this kind.
    """

    pattern: str = r"\S+"

    def show(self, value: T, rules: Any = None) -> str:
        """The text of ``value``; ``rules`` are given when a text is written for a set of
        rules (:meth:`Notation.text`), and ``None`` by ``str(move)``."""
        return str(value)

    @abc.abstractmethod
    def read(self, text: str, state: Any) -> T:
        """The value whose text is ``text``, for ``state`` (what the game's parser
        passes: its state); :class:`ValueError` saying what was expected if there is none."""

    def accepts(self, value: object) -> bool:
        """Whether ``value`` is of the type :meth:`read` gives (a hand-built move's field)."""
        return True


def _range(low: int | None, high: int | None) -> str:
    if low is None:
        return "a whole number" if high is None else f"a number up to {high}"
    return f"a number from {low}" + ("" if high is None else f" to {high}")


def _bound(bound: Bound, state: Any) -> int:
    return bound(state) if callable(bound) else bound


@attrs.frozen
class Number(Word[int]):
    """A whole number from ``low`` to ``high`` (each an int, a function of the state, or
    ``None`` for no bound), written in ASCII digits, with a minus sign when ``low`` is
    below 0 or not given."""

    low: Bound | None
    high: Bound | None

    @property
    def pattern(self) -> str:  # type: ignore[override]
        """ASCII digits, signed when the range reaches below 0."""
        signed = self.low is None or (isinstance(self.low, int) and self.low < 0)
        return r"-?[0-9]+" if signed else r"[0-9]+"

    def read(self, text: str, state: Any) -> int:
        """The number, if it is in range."""
        low = None if self.low is None else _bound(self.low, state)
        high = None if self.high is None else _bound(self.high, state)
        # ASCII digits only: int() reads other scripts' digits too, whose move
        # would then not print back as the text it came from.
        if re.fullmatch(r"-?[0-9]+", text) is None:
            raise ValueError(_range(low, high))
        value = int(text)
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(_range(low, high))
        return value

    def accepts(self, value: object) -> bool:
        """An int (not a bool)."""
        return type(value) is int


def _names(names: Names, state: Any) -> Sequence[str]:
    return names(state) if callable(names) else names


def _one_of(names: Sequence[str], what: str) -> str:
    shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
    return f"{what} ({shown})" if names else what


@attrs.frozen
class Choice(Word[str]):
    """One of ``names`` (fixed, or a function of the state): the value is the name itself.

    ``what`` says in the error what the name should be (``"a token kind"``);
    ``spaces`` lets names hold spaces (``"Hay Bale"``), matched lazily up to
    the template's next literal.
    """

    names: Names
    what: str
    spaces: bool = False

    @property
    def pattern(self) -> str:  # type: ignore[override]
        """One word, or any text when names may hold spaces."""
        return r".+?" if self.spaces else r"\S+"

    def read(self, text: str, state: Any) -> str:
        """``text`` if it is one of the names."""
        names = _names(self.names, state)
        if text not in names:
            raise ValueError(_one_of(list(names), self.what))
        return text

    def accepts(self, value: object) -> bool:
        """A str."""
        return type(value) is str


@attrs.frozen
class Index(Word[int]):
    """One of ``names``, the value being its index.

    ``str(move)`` has no state to ask, so the names are fixed here (headings,
    sides); see :class:`Choice` for ``what`` and ``spaces``.
    """

    names: Sequence[str]
    what: str
    spaces: bool = False

    @property
    def pattern(self) -> str:  # type: ignore[override]
        """One word, or any text when names may hold spaces."""
        return r".+?" if self.spaces else r"\S+"

    def show(self, value: int, rules: Any = None) -> str:
        """The name at index ``value``."""
        return self.names[value]

    def read(self, text: str, state: Any) -> int:
        """The index of name ``text``."""
        try:
            return list(self.names).index(text)
        except ValueError:
            raise ValueError(_one_of(list(self.names), self.what)) from None

    def accepts(self, value: object) -> bool:
        """An int indexing the names."""
        return type(value) is int and 0 <= value < len(self.names)


@attrs.frozen
class Repeated(Word[tuple[Any, ...]]):
    """Values of ``word``, as many as one of ``counts`` says, separated by single spaces,
    as a tuple (sorted when ``ordered`` is false: the move does not depend on the order).
    ``what`` names them in the error (``"dice"``)."""

    word: Word[Any]
    counts: tuple[int, ...]
    what: str
    ordered: bool = True

    @property
    def pattern(self) -> str:  # type: ignore[override]
        """The word's pattern, repeated with spaces between."""
        one = f"(?:{self.word.pattern})"
        return f"{one}(?: {one})*"

    def show(self, value: tuple[Any, ...], rules: Any = None) -> str:
        """The values' texts, space-separated."""
        return " ".join(self.word.show(v, rules) for v in value)

    def read(self, text: str, state: Any) -> tuple[Any, ...]:
        """The values, if there are as many as one of ``counts``."""
        parts = text.split(" ")
        if len(parts) not in self.counts:
            counts = [str(c) for c in self.counts]
            shown = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
            raise ValueError(f"{shown} {self.what}")
        try:
            values = tuple(self.word.read(p, state) for p in parts)
        except ValueError as e:
            raise ValueError(f"{self.what}, each {e}") from None
        return values if self.ordered else tuple(sorted(values))

    def accepts(self, value: object) -> bool:
        """A tuple of values the word accepts."""
        return type(value) is tuple and all(self.word.accepts(v) for v in value)


@attrs.frozen
class Phrase(Word[str]):
    """Any text, up to the template's next literal, judged by the notation's ``build``
    (a card's target, whose kind depends on the card); the value is the text."""

    pattern: str = r".+?"

    def read(self, text: str, state: Any) -> str:
        """``text`` itself."""
        return text

    def accepts(self, value: object) -> bool:
        """A str."""
        return type(value) is str


_PLACEHOLDER: Final = re.compile(r"\{(\w+):(\w+)\}")


class Template:
    """One compiled text form of a move class: literals and ``{field:word}`` placeholders."""

    __slots__ = ("_parts", "fields", "form", "head", "regex", "source")

    def __init__(self, source: str, words: Mapping[str, Word[Any]]) -> None:
        if source != " ".join(source.split()):
            raise ValueError(f"template {source!r}: words are separated by single spaces")
        self.source = source
        parts: list[str | tuple[str, Word[Any]]] = []
        regex: list[str] = []
        form: list[str] = []
        end = 0
        for m in _PLACEHOLDER.finditer(source):
            literal = source[end : m.start()]
            field, kind = m.groups()
            if kind not in words:
                raise ValueError(f"template {source!r}: no word kind {kind!r} in the notation")
            if any(isinstance(p, tuple) and p[0] == field for p in parts):
                raise ValueError(f"template {source!r}: field {field!r} appears twice")
            if literal:
                parts.append(literal)
            parts.append((field, words[kind]))
            regex.append(re.escape(literal) + f"(?P<{field}>{words[kind].pattern})")
            form.append(literal + f"<{field}>")
            end = m.end()
        if source[end:]:
            parts.append(source[end:])
        regex.append(re.escape(source[end:]))
        form.append(source[end:])
        self._parts = tuple(parts)
        self.regex = re.compile("".join(regex))
        self.form = "".join(form)
        """How the template reads to a person: ``place <x>,<y> <width>x<height>``."""
        self.fields = tuple(p[0] for p in parts if isinstance(p, tuple))
        first = parts[0] if parts else ""
        self.head = ""
        """The template's first word when it is a literal one, else ``""``."""
        if isinstance(first, str) and (" " in first or len(parts) == 1):
            self.head = first.split(" ")[0]

    def show(self, move: object, rules: Any = None) -> str:
        """``move``'s text in this form; ``move`` may be a mapping of its fields."""
        get = move.__getitem__ if isinstance(move, Mapping) else move.__getattribute__
        return "".join(
            p if isinstance(p, str) else p[1].show(get(p[0]), rules) for p in self._parts
        )

    def read(self, text: str, state: Any) -> dict[str, Any] | None:
        """The fields ``text`` gives in this form, ``None`` when it is not of this form;
        :class:`ValueError` naming the field when its words are no value of its kind."""
        m = self.regex.fullmatch(text)
        if m is None:
            return None
        values: dict[str, Any] = {}
        for part in self._parts:
            if isinstance(part, tuple):
                field, word = part
                given = m.group(field)
                try:
                    values[field] = word.read(given, state)
                except ValueError as e:
                    raise ValueError(f"{field} must be {e}, not {shorten(given, 40)}") from None
        return values

    def __repr__(self) -> str:
        return f"Template({self.source!r})"


class Described(TextMove):
    """The base of move classes described by a :class:`Notation`: ``str(move)`` is the
    text of its first fitting template (``TEXT``), parsed back by the notation.

    A subclass sets ``TEXT``, a tuple of templates.
    """

    __slots__ = ()

    TEXT: ClassVar[tuple[str | tuple[str, Mapping[str, Any]], ...]] = ()
    """The class's templates, each but the last maybe with the field values it stands
    for (see :mod:`acreage.core.notation`)."""

    _templates: ClassVar[tuple[tuple[Template, tuple[tuple[str, Any], ...]], ...]] = ()
    """Set by the class's :class:`Notation`: each template, with the field values it
    stands for (none for the last)."""

    def __str__(self) -> str:
        for template, when in type(self)._templates:
            if all(getattr(self, name) == value for name, value in when):
                return template.show(self)
        raise TypeError(f"{type(self).__name__} is described by no Notation")


class Notation:
    """The texts of one game's moves: writes them (through each class's ``__str__``) and
    reads them (:meth:`parse`).

    ``moves``: the game's :class:`Described` move classes, in the order texts
    are tried; ``words``: the word kinds their templates name; ``build``: for
    the classes whose moves are more than their words, ``build[cls](state,
    **fields)`` makes the move (see the module's docstring). Building the
    notation compiles every template and gives each class its writer, so a
    move class is described by one notation.
    """

    def __init__(
        self,
        game: str,
        moves: Iterable[type[Described]],
        *,
        words: Mapping[str, Word[Any]],
        build: Mapping[type, Callable[..., Any]] | None = None,
    ) -> None:
        self.game = game
        self.moves = tuple(moves)
        self.words = dict(words)
        self._build = dict(build or {})
        stray = [c.__name__ for c in self._build if c not in self.moves]
        if stray:
            raise ValueError(f"build for classes the notation does not describe: {stray}")
        self._by_head: dict[str, list[tuple[type[Described], Template]]] = {}
        self._when: dict[Template, dict[str, Any]] = {}
        forms: list[str] = []
        for cls in self.moves:
            if not cls.TEXT:
                raise ValueError(f"{cls.__name__} has no TEXT templates")
            if "_templates" in cls.__dict__:
                raise ValueError(f"{cls.__name__} is described by another Notation already")
            writers = self._forms(cls)
            for t, when in writers:
                self._by_head.setdefault(t.head, []).append((cls, t))
                self._when[t] = dict(when)
                forms.append(t.form)
            cls._templates = writers
        self.forms = tuple(dict.fromkeys(forms))
        """Every form of move text, as a person reads it: ``place <x>,<y> <width>x<height>``."""

    def _forms(
        self, cls: type[Described]
    ) -> tuple[tuple[Template, tuple[tuple[str, Any], ...]], ...]:
        """``cls``'s templates compiled, each with the field values it stands for."""
        fields = {a.name for a in attrs.fields(cast("type[attrs.AttrsInstance]", cls))}
        out = []
        for i, entry in enumerate(cls.TEXT):
            source, when = (entry, {}) if isinstance(entry, str) else entry
            t = Template(source, self.words)
            stray = [f for f in t.fields if f not in fields and not hasattr(cls, f)]
            stray += [f for f in when if f not in fields or f in t.fields]
            if stray:
                raise ValueError(
                    f"{cls.__name__}: template {source!r} names no field, or a field it also"
                    f" stands for: {stray}"
                )
            if not when and i < len(cls.TEXT) - 1:
                raise ValueError(
                    f"{cls.__name__}: template {source!r} comes before others but says"
                    " which field values it stands for: the others would never be written"
                )
            out.append((t, tuple(when.items())))
        return tuple(out)

    def parse(self, state: Any, text: object) -> Any:
        """The move whose text is ``text``, read for ``state`` (the word kinds' bounds
        and names may depend on it).

        :class:`~acreage.core.game.MoveSyntaxError` for text that is not a
        ``str``, longer than any move, of no move's form (listing the forms),
        or of a form whose words are wrong (saying which, and why). Whether the
        move is legal now is for the game's ``apply_move`` to say.
        """
        words = " ".join(move_text(text).split())
        head = words.split(" ", 1)[0]
        # Of the forms the text has but whose words are wrong, the one that read it
        # closest (the most placeholders: "play <card> on player <seat>" over
        # "play <card>") says what is wrong.
        problem, closest = "", -1
        for cls, template in (*self._by_head.get(head, ()), *self._by_head.get("", ())):
            try:
                fields = template.read(words, state)
                if fields is None:
                    continue
                fields.update(self._when[template])
                build = self._build.get(cls)
                return cls(**fields) if build is None else build(state, **fields)
            except ValueError as e:
                if len(template.fields) > closest:
                    problem, closest = str(e), len(template.fields)
        if problem:
            raise MoveSyntaxError(f"{shorten(words)}: {problem}")
        near = [t.form for _, t in self._by_head.get(head, ())]
        if near:
            raise MoveSyntaxError(
                f"{shorten(words)} is no move of {self.game}: {head} reads "
                + " or ".join(f"'{f}'" for f in dict.fromkeys(near))
            )
        typo = difflib.get_close_matches(head, [h for h in self._by_head if h], n=1, cutoff=0.75)
        if typo:
            forms = dict.fromkeys(t.form for _, t in self._by_head[typo[0]])
            raise MoveSyntaxError(
                f"{shorten(words)} is no move of {self.game}; did you mean "
                + " or ".join(f"'{f}'" for f in forms)
                + "?"
            )
        raise MoveSyntaxError(
            f"{shorten(text)} is no move of {self.game}, whose moves read "
            + ", ".join(f"'{f}'" for f in self.forms)
        )

    def text(self, cls: type[Described], rules: Any, **fields: Any) -> str:
        """The text of the move of class ``cls`` with ``fields`` (every field its forms
        name or stand for), written for ``rules``.

        For games whose word kinds need the rules to write a value (a card's label
        from its index): such a game builds its moves once per Rules, each holding
        the text written here, and its ``__str__`` returns it.
        """
        for template, when in cls._templates:
            if all(fields.get(name) == value for name, value in when):
                return template.show(fields, rules)
        raise TypeError(f"{cls.__name__} is described by no Notation")

    def field_problem(self, move: object) -> str:
        """What is wrong with a hand-built ``move`` whose fields are not of the types
        :meth:`parse` gives them (``Place(True, 5, 4, 2)``); ``""`` when none is.

        A game refuses such a move even when it compares equal to a legal one
        (``True == 1``): its text would not parse back to it.
        """
        cls = type(move)
        for template, _ in getattr(cls, "_templates", ()):
            for part in template._parts:
                if isinstance(part, tuple) and not part[1].accepts(getattr(move, part[0])):
                    value = getattr(move, part[0])
                    return (
                        f"{part[0]} must be of the type parse_move gives it, not"
                        f" {type(value).__name__} {shorten(value, 30)}"
                    )
        return ""

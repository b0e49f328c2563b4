"""The modules of Fields of Green import one another in one direction.

The engine holds the tables and dispatches to the handlers, grouped by family
(``steps``: the automatic steps of the year and the decisions that take
themselves; ``legal``: the moves of each decision and the outcomes of each
chance event; ``apply``: the moves carried out; ``explain``: why a move is
refused), which build on the draft (``work``), which builds on the state, the
rules, the queries and the moves. The families do not reach one another,
except that the explainer judges a deal with the handlers' own draw from a deck.

Read from the source (``ast``), not by importing: an import inside a function
or under ``TYPE_CHECKING`` hides a cycle from the interpreter but not from a
reader, so each kind of import is held to its own short list.
"""

from __future__ import annotations

import pytest

import acreage.fields_of_green
from import_graph import imports as read_imports
from import_graph import modules, reaches
from import_graph import order as import_order

MODULES = modules(acreage.fields_of_green)

HANDLERS = ("steps", "legal", "apply", "explain")
"""The modules of the engine's tables, one family each."""

# Geometry names Rules for the type checker only.
TYPE_ONLY = {("geometry", "rules")}

# State's notebook and convenience hooks reach up to the package's GAME or to the
# renderer when called, and so does the view.
DEFERRED = {("state", "__init__"), ("state", "render"), ("view", "render")}


def imports() -> dict[str, dict[str, set[str]]]:
    """Each module's imports of its siblings, by kind (see :mod:`import_graph`)."""
    return read_imports(acreage.fields_of_green)


def test_the_modules_import_in_one_direction() -> None:
    edges = {name: kinds["runtime"] for name, kinds in imports().items()}
    order = import_order(edges)
    assert order.index("engine") < order.index("__init__")
    for handlers in HANDLERS:
        assert order.index(handlers) < order.index("engine")
    for drafting in ("steps", "apply"):
        assert order.index("work") < order.index(drafting)


def test_the_engine_sits_above_its_handlers() -> None:
    """Only the engine reaches the handlers (and the explainer the handlers' draw from a
    deck); the handlers and the draft reach no engine, and listing moves needs no draft."""
    edges = {name: kinds["runtime"] for name, kinds in imports().items()}
    for family in ("steps", "legal", "explain"):
        assert {m for m in MODULES if family in edges[m]} == {"engine"}, family
    assert {m for m in MODULES if "apply" in edges[m]} == {"engine", "explain"}
    assert {m for m in MODULES if "work" in edges[m]} == {"steps", "apply", "engine", "build"}
    for below in (*HANDLERS, "work"):
        assert "engine" not in reaches(edges, below), below
    assert not reaches(edges, "work") & {"engine", *HANDLERS}
    assert not reaches(edges, "legal") & {"work", *HANDLERS}
    assert not reaches(edges, "steps") & {"engine", *HANDLERS}
    assert not reaches(edges, "apply") & {"engine", *HANDLERS}


def test_imports_that_hide_from_the_interpreter_are_the_known_few() -> None:
    found = imports()
    assert {(m, t) for m, k in found.items() for t in k["type"]} == TYPE_ONLY
    assert {(m, t) for m, k in found.items() for t in k["deferred"]} == DEFERRED


def test_the_check_sees_a_cycle() -> None:
    edges = {"work": {"state"}, "state": set(), "steps": {"work"}}
    assert import_order(edges) == ["state", "work", "steps"]
    edges["work"] = {"state", "steps"}
    with pytest.raises(AssertionError, match="steps -> work -> steps"):
        import_order(edges)

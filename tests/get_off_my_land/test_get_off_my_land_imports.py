"""The modules of Get Off My Land! import one another in one direction.

The engine dispatches to the handlers, grouped by family (``turn``: a
player's turn and its actions; ``cards``: the fence cards' actions, buying
and harvesting; ``fences``: placing, defending, claiming, breaking;
``rounds``: setup, the chance events and the steps between turns and
months), which build on the draft (``work``), which builds on the state, the
tables, the land and the moves. ``turn`` hands its actions to the other
three families; they do not reach one another.

Read from the source (``ast``), not by importing: an import inside a function
or under ``TYPE_CHECKING`` hides a cycle from the interpreter but not from a
reader, so each kind of import is held to its own short list.
"""

from __future__ import annotations

import pytest

import acreage.get_off_my_land
from import_graph import imports as read_imports
from import_graph import modules, reaches
from import_graph import order as import_order

MODULES = modules(acreage.get_off_my_land)

HANDLERS = ("rounds", "fences", "cards", "turn")
"""The modules of task handlers, one family each."""

FAMILIES = ("rounds", "fences", "cards")
"""The families a turn hands its actions to; none of them imports another."""

# Rules, the tables, the farm, the options and the scoring name Rules (and
# the notation and scoring the State) for the type checker only.
TYPE_ONLY = {
    ("farm", "rules"),
    ("notation", "state"),
    ("options", "rules"),
    ("scoring", "rules"),
    ("scoring", "state"),
    ("state", "rules"),
    ("tables", "rules"),
}

# The engine asks the explainer why a move is refused (and for the game's own
# move object) only when one is; State's notebook and convenience hooks reach
# up to the package's GAME or to the renderer when called, and so does the view.
DEFERRED = {
    ("engine", "explain"),
    ("state", "__init__"),
    ("state", "render"),
    ("view", "render"),
}


def imports() -> dict[str, dict[str, set[str]]]:
    """Each module's imports of its siblings, by kind (see :mod:`import_graph`)."""
    return read_imports(acreage.get_off_my_land)


def test_the_modules_import_in_one_direction() -> None:
    found = imports()
    edges = {name: kinds["runtime"] for name, kinds in found.items()}
    order = import_order(edges)
    assert order.index("engine") < order.index("__init__")
    for handlers in HANDLERS:
        assert order.index("work") < order.index(handlers) < order.index("engine")
    for family in FAMILIES:
        assert order.index(family) < order.index("turn")


def test_the_engine_sits_above_its_handlers() -> None:
    """Only the engine reaches the handlers (and ``turn`` the families it hands its
    actions to); the handlers and the draft reach no engine or handler above them."""
    edges = {name: kinds["runtime"] for name, kinds in imports().items()}
    assert {m for m in MODULES if "turn" in edges[m]} == {"engine"}
    for family in FAMILIES:
        assert {m for m in MODULES if family in edges[m]} == {"engine", "turn"}, family
    assert {m for m in MODULES if "work" in edges[m]} == {*HANDLERS, "engine", "position"}
    for below in (*HANDLERS, "work"):
        assert "engine" not in reaches(edges, below), below
    for family in FAMILIES:
        assert not reaches(edges, family) & {"engine", *HANDLERS} - {family}, family
    assert not reaches(edges, "work") & {"engine", *HANDLERS}


def test_imports_that_hide_from_the_interpreter_are_the_known_few() -> None:
    found = imports()
    assert {(m, t) for m, k in found.items() for t in k["type"]} == TYPE_ONLY
    assert {(m, t) for m, k in found.items() for t in k["deferred"]} == DEFERRED


def test_the_check_sees_a_cycle() -> None:
    edges = {"work": {"state"}, "state": set(), "turn": {"work"}}
    assert import_order(edges) == ["state", "work", "turn"]
    edges["work"] = {"state", "turn"}
    with pytest.raises(AssertionError, match="turn -> work -> turn"):
        import_order(edges)

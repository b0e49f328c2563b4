"""The modules of Crazy Farmers import one another in one direction.

Read from the source (``ast``), not by importing: an import inside a function
or under ``TYPE_CHECKING`` hides a cycle from the interpreter but not from a
reader, so each kind of import is held to its own short list.
"""

from __future__ import annotations

import pytest

import acreage.crazy_farmers
from import_graph import imports as read_imports
from import_graph import modules
from import_graph import order as import_order

MODULES = modules(acreage.crazy_farmers)

# The one type-only import: a handler maps states, which hold the Rules that hold it.
TYPE_ONLY = {("handler", "rules"), ("handler", "state")}

# The notebook and convenience hooks that reach up to the package's GAME or to the
# renderer when called (every game's State and View do it); nothing else may.
DEFERRED = {
    ("state", "__init__"),
    ("state", "render"),
    ("view", "render"),
}


def imports() -> dict[str, dict[str, set[str]]]:
    """Each module's imports of its siblings, by kind (see :mod:`import_graph`)."""
    return read_imports(acreage.crazy_farmers)


def test_the_modules_import_in_one_direction() -> None:
    found = imports()
    edges = {name: kinds["runtime"] for name, kinds in found.items()}
    order = import_order(edges)
    assert order[-1] == "__init__"
    assert order.index("handler") < order.index("rules") < order.index("cards")
    assert order.index("annexing") < order.index("cards") < order.index("engine")
    # The engine's families of steps: each below the engine, above what it plays
    # (the cards, annexing, the Mad Cow's steps, the start and end of turns).
    assert order.index("madcow") < order.index("tractor")
    assert order.index("madcow") < order.index("hand")
    assert order.index("turns") < order.index("setup") < order.index("engine")
    assert order.index("hand") < order.index("setup")
    assert order.index("bales") < order.index("madcow")
    # The families split off: the Bribe card below the table of handlers, the
    # Mad Cow mode's draws below the Cow's turns and above the state they draw from.
    assert order.index("annexing") < order.index("bribe") < order.index("cards")
    assert order.index("state") < order.index("cowdraws") < order.index("madcow")


def test_imports_that_hide_from_the_interpreter_are_the_known_few() -> None:
    found = imports()
    assert {(m, t) for m, k in found.items() for t in k["type"]} == TYPE_ONLY
    assert {(m, t) for m, k in found.items() for t in k["deferred"]} == DEFERRED


def test_the_check_sees_a_cycle() -> None:
    edges = {"rules": {"board"}, "board": set(), "cards": {"rules"}}
    assert import_order(edges) == ["board", "rules", "cards"]
    edges["rules"] = {"board", "cards"}
    with pytest.raises(AssertionError, match="cards -> rules -> cards"):
        import_order(edges)

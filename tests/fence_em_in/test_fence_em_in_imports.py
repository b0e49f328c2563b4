"""The modules of Fence Em In import one another in one direction.

The engine dispatches to the handlers, grouped by family (``rounds``: setup,
the chance nodes and the steps between turns; ``turn``: a player's turn up
to the enclosure; ``tokens``: the token taken and put on the farm board),
which build on the legal-move generators (``legal``) and the draft with the
refusals (``work``), which build on the state, the moves and the tables.

Read from the source (``ast``), not by importing: an import inside a function
or under ``TYPE_CHECKING`` hides a cycle from the interpreter but not from a
reader, so each kind of import is held to its own short list.
"""

from __future__ import annotations

import pytest

import acreage.fence_em_in
from import_graph import imports as read_imports
from import_graph import modules, reaches
from import_graph import order as import_order

MODULES = modules(acreage.fence_em_in)

HANDLERS = ("rounds", "turn", "tokens")
"""The modules of move handlers, one family each."""

# Rules names its cached tables and encoding for the type checker only.
TYPE_ONLY = {("rules", "actions"), ("rules", "tables")}

# Rules builds its tables and encoding when first asked; State's and View's notebook
# and convenience hooks reach up to the package's GAME or to the renderer when called.
DEFERRED = {
    ("rules", "actions"),
    ("rules", "tables"),
    ("state", "__init__"),
    ("state", "render"),
    ("view", "render"),
}


def imports() -> dict[str, dict[str, set[str]]]:
    """Each module's imports of its siblings, by kind (see :mod:`import_graph`)."""
    return read_imports(acreage.fence_em_in)


def test_the_modules_import_in_one_direction() -> None:
    found = imports()
    edges = {name: kinds["runtime"] for name, kinds in found.items()}
    order = import_order(edges)
    assert order[-1] == "__init__"
    for handlers in HANDLERS:
        assert order.index("work") < order.index(handlers) < order.index("engine")
        assert order.index("legal") < order.index(handlers)
    assert order.index("rounds") < order.index("turn")
    assert order.index("rounds") < order.index("tokens")


def test_the_engine_sits_above_its_handlers() -> None:
    """Only the engine reaches the handlers; the handlers, the generators and the draft
    reach no engine or handler of another family above them."""
    edges = {name: kinds["runtime"] for name, kinds in imports().items()}
    assert {m for m in MODULES if edges[m] & {"tokens", "turn"}} == {"engine"}
    assert {m for m in MODULES if "rounds" in edges[m]} == {"engine", "tokens", "turn"}
    for below in (*HANDLERS, "legal", "work"):
        assert "engine" not in reaches(edges, below), below
    assert not reaches(edges, "legal") & {"work", *HANDLERS}
    assert not reaches(edges, "work") & {"legal", *HANDLERS}


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

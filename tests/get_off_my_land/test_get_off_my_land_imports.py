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

import ast
from pathlib import Path

import pytest

import acreage.get_off_my_land

PACKAGE = "acreage.get_off_my_land"
SOURCE = Path(acreage.get_off_my_land.__file__).parent
MODULES = sorted(p.stem for p in SOURCE.glob("*.py"))

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


def _targets(node: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
        return {n.split(".")[2] for n in names if n.startswith(PACKAGE + ".")}
    module = node.module or ""
    if module == PACKAGE:
        return {a.name if a.name in MODULES else "__init__" for a in node.names}
    if module.startswith(PACKAGE + "."):
        return {module.split(".")[2]}
    return set()


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in {
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
    }


def imports() -> dict[str, dict[str, set[str]]]:
    """Each module's imports of its siblings, by kind: ``runtime``, ``type``, ``deferred``."""
    out: dict[str, dict[str, set[str]]] = {}
    for name in MODULES:
        tree = ast.parse((SOURCE / f"{name}.py").read_text())
        kinds: dict[str, set[str]] = {"runtime": set(), "type": set(), "deferred": set()}
        for statement in tree.body:
            if isinstance(statement, ast.Import | ast.ImportFrom):
                kinds["runtime"] |= _targets(statement)
            elif _is_type_checking(statement):
                for node in ast.walk(statement):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        kinds["type"] |= _targets(node)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        kinds["deferred"] |= _targets(inner)
        out[name] = {k: v - {name} for k, v in kinds.items()}
    return out


def _order(edges: dict[str, set[str]]) -> list[str]:
    """The modules, each after everything it imports; AssertionError naming a cycle."""
    done: list[str] = []
    path: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        assert name not in path, f"import cycle: {' -> '.join([*path[path.index(name) :], name])}"
        path.append(name)
        for target in sorted(edges[name]):
            visit(target)
        path.pop()
        done.append(name)

    for name in sorted(edges):
        visit(name)
    return done


def _reaches(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen


def test_the_modules_import_in_one_direction() -> None:
    found = imports()
    edges = {name: kinds["runtime"] for name, kinds in found.items()}
    order = _order(edges)
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
        assert "engine" not in _reaches(edges, below), below
    for family in FAMILIES:
        assert not _reaches(edges, family) & {"engine", *HANDLERS} - {family}, family
    assert not _reaches(edges, "work") & {"engine", *HANDLERS}


def test_imports_that_hide_from_the_interpreter_are_the_known_few() -> None:
    found = imports()
    assert {(m, t) for m, k in found.items() for t in k["type"]} == TYPE_ONLY
    assert {(m, t) for m, k in found.items() for t in k["deferred"]} == DEFERRED


def test_the_check_sees_a_cycle() -> None:
    edges = {"work": {"state"}, "state": set(), "turn": {"work"}}
    assert _order(edges) == ["state", "work", "turn"]
    edges["work"] = {"state", "turn"}
    with pytest.raises(AssertionError, match="turn -> work -> turn"):
        _order(edges)

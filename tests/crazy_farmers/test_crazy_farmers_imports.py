"""The modules of Crazy Farmers import one another in one direction.

Read from the source (``ast``), not by importing: an import inside a function
or under ``TYPE_CHECKING`` hides a cycle from the interpreter but not from a
reader, so each kind of import is held to its own short list.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import acreage.crazy_farmers

PACKAGE = "acreage.crazy_farmers"
SOURCE = Path(acreage.crazy_farmers.__file__).parent
MODULES = sorted(p.stem for p in SOURCE.glob("*.py"))

# The one type-only import: a handler maps states, which hold the Rules that hold it.
TYPE_ONLY = {("handler", "rules"), ("handler", "state")}

# The notebook and convenience hooks that reach up to the package's GAME or to the
# renderer when called (every game's State and View do it); nothing else may.
DEFERRED = {
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


def test_the_modules_import_in_one_direction() -> None:
    found = imports()
    edges = {name: kinds["runtime"] for name, kinds in found.items()}
    order = _order(edges)
    assert order[-1] == "__init__"
    assert order.index("handler") < order.index("rules") < order.index("cards")
    assert order.index("annexing") < order.index("cards") < order.index("engine")
    # The engine's families of steps: each below the engine, above what it plays
    # (the cards, annexing, the Mad Cow's steps, the start and end of turns).
    assert order.index("madcow") < order.index("tractor") < order.index("hand")
    assert order.index("turns") < order.index("setup") < order.index("engine")
    assert order.index("hand") < order.index("setup")
    assert order.index("bales") < order.index("madcow")


def test_imports_that_hide_from_the_interpreter_are_the_known_few() -> None:
    found = imports()
    assert {(m, t) for m, k in found.items() for t in k["type"]} == TYPE_ONLY
    assert {(m, t) for m, k in found.items() for t in k["deferred"]} == DEFERRED


def test_the_check_sees_a_cycle() -> None:
    edges = {"rules": {"board"}, "board": set(), "cards": {"rules"}}
    assert _order(edges) == ["board", "rules", "cards"]
    edges["rules"] = {"board", "cards"}
    with pytest.raises(AssertionError, match="cards -> rules -> cards"):
        _order(edges)

"""How a game package's modules import one another, read from the source with ``ast``.

Shared by each game's ``test_<game>_imports.py``, which holds its own package to
one direction of imports. Reading the source, not importing it, matters: an
import inside a function or under ``TYPE_CHECKING`` hides a cycle from the
interpreter but not from a reader, so each kind of import is reported apart.
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType


def modules(package: ModuleType) -> list[str]:
    """The package's module names (``__init__`` included), sorted."""
    return sorted(p.stem for p in Path(package.__file__ or "").parent.glob("*.py"))


def _targets(package: str, names: list[str], node: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(node, ast.Import):
        return {a.name.split(".")[2] for a in node.names if a.name.startswith(package + ".")}
    module = node.module or ""
    if module == package:
        return {a.name if a.name in names else "__init__" for a in node.names}
    if module.startswith(package + "."):
        return {module.split(".")[2]}
    return set()


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in {
        "TYPE_CHECKING",
        "typing.TYPE_CHECKING",
    }


def imports(package: ModuleType) -> dict[str, dict[str, set[str]]]:
    """Each module's imports of its siblings, by kind: ``runtime``, ``type``, ``deferred``."""
    name_of, source = package.__name__, Path(package.__file__ or "").parent
    names = modules(package)
    out: dict[str, dict[str, set[str]]] = {}
    for name in names:
        tree = ast.parse((source / f"{name}.py").read_text())
        kinds: dict[str, set[str]] = {"runtime": set(), "type": set(), "deferred": set()}
        for statement in tree.body:
            if isinstance(statement, ast.Import | ast.ImportFrom):
                kinds["runtime"] |= _targets(name_of, names, statement)
            elif _is_type_checking(statement):
                for node in ast.walk(statement):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        kinds["type"] |= _targets(name_of, names, node)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        kinds["deferred"] |= _targets(name_of, names, inner)
        out[name] = {k: v - {name} for k, v in kinds.items()}
    return out


def order(edges: dict[str, set[str]]) -> list[str]:
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


def reaches(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in edges[todo.pop()] - seen:
            seen.add(target)
            todo.append(target)
    return seen

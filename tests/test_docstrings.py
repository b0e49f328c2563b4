"""Every public name has a docstring, as the API reference shows it.

The names are read the way the docs site reads them (griffe, statically):
every public module (no part of its name starts with ``_``) has a module
docstring and a docstring for each name in its ``__all__``; a constant's
docstring is the string right after its assignment. On the modules the API
reference renders (the ``::: module`` lines of docs/api/), every public method
and property of an exported class has one too: the reference leaves out what
has none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

griffe = pytest.importorskip("griffe", reason="the docs extra (pip install -e .[docs])")

ROOT = Path(__file__).parent.parent

# Public names allowed to lack a docstring for a while (none today): each
# entry is to be documented and removed (the test fails on a stale entry).
KNOWN_MISSING: frozenset[str] = frozenset()


@pytest.fixture(scope="module")
def package() -> griffe.Module:
    return griffe.load("acreage", search_paths=[str(ROOT / "src")], resolve_aliases=True)


def _public_modules(module: griffe.Module) -> Iterator[griffe.Module]:
    yield module
    for sub in module.modules.values():
        # Skip `import x as y` (an alias of a module), and private modules.
        if not sub.is_alias and not sub.name.startswith("_"):
            yield from _public_modules(sub)


def _exports(module: griffe.Module) -> Iterator[tuple[str, griffe.Object | None]]:
    for name in module.exports or ():
        member = module.members.get(str(name))
        if member is None:
            yield f"{module.path}.{name}", None
        else:
            yield f"{module.path}.{name}", member.final_target if member.is_alias else member


def _api_modules() -> list[str]:
    pages = (ROOT / "docs" / "api").glob("*.md")
    return sorted({m for page in pages for m in re.findall(r"^::: (\S+)", page.read_text(), re.M)})


def _undocumented(package: griffe.Module) -> set[str]:
    missing: set[str] = set()
    for module in _public_modules(package):
        if module.exports is None:
            if module.is_init_module and not module.docstring:
                missing.add(module.path)
            continue
        if not module.docstring:
            missing.add(module.path)
        for path, obj in _exports(module):
            # None: griffe cannot see the name (say, `A, B = 1, 2`), so neither can the site.
            if obj is None:
                missing.add(path)
            elif not obj.docstring:
                missing.add(obj.path)  # where it is defined, once for every re-export
    for module_path in _api_modules():
        module = package[module_path.removeprefix("acreage.")] if "." in module_path else package
        for _, obj in _exports(module):
            if obj is None or not obj.is_class:
                continue
            for name, member in obj.members.items():
                if name.startswith("_") or member.is_alias or member.docstring:
                    continue
                if member.is_function or "property" in member.labels:
                    missing.add(member.path)
    return missing


def test_every_public_name_has_a_docstring(package: griffe.Module) -> None:
    missing = _undocumented(package)
    new = sorted(missing - KNOWN_MISSING)
    assert not new, "no docstring (the API reference shows nothing for them):\n" + "\n".join(new)


def test_the_known_missing_list_is_not_stale(package: griffe.Module) -> None:
    stale = sorted(KNOWN_MISSING - _undocumented(package))
    assert not stale, "documented now; remove from KNOWN_MISSING:\n" + "\n".join(stale)


def test_the_api_reference_covers_every_public_module() -> None:
    # Every top-level module and package; each module of core and interop (the
    # packages of the games and agents show their rooms' public names at once).
    src = ROOT / "src" / "acreage"
    wanted = {"acreage"}
    for path in src.iterdir():
        if not path.name.startswith(("_", ".")) and (path.suffix == ".py" or path.is_dir()):
            if path.is_dir() and not (path / "__init__.py").exists():
                continue
            wanted.add(f"acreage.{path.stem}")
    for package in ("core", "interop"):
        wanted |= {f"acreage.{package}.{p.stem}" for p in (src / package).glob("[!_]*.py")}
    wanted.discard("acreage.core")  # a namespace with no names of its own
    missing = sorted(wanted - set(_api_modules()))
    assert not missing, f"add a docs/api/ page (and a nav entry in mkdocs.yml) for {missing}"


def test_help_and_the_package_metadata_point_to_the_docs_site() -> None:
    import importlib.metadata

    import acreage

    site = re.search(r"^site_url: (\S+)$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert site is not None
    assert site[1] in (acreage.__doc__ or "")
    urls = dict(
        entry.split(", ", 1)
        for entry in importlib.metadata.metadata("acreage").get_all("Project-URL") or []
    )
    assert urls["Documentation"] == site[1]
    assert {"Homepage", "Source", "Issues"} <= set(urls)

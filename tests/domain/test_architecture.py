"""Dependencies point one way (service -> projections -> domain) and the pure layers do no I/O."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {
    "domain": {"service", "projections", "asyncpg", "litestar", "os", "random", "datetime", "time", "logging", "asyncio"},
    "projections": {"service", "asyncpg", "litestar", "os", "random", "datetime", "time", "logging", "asyncio"},
}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_pure_layers_import_nothing_forbidden(layer: str) -> None:
    files = sorted((ROOT / layer).rglob("*.py"))
    assert files
    offenders = {str(f.relative_to(ROOT)): sorted(imports(f) & FORBIDDEN[layer]) for f in files}
    assert {f: bad for f, bad in offenders.items() if bad} == {}


# The standard library's modules that do no I/O (no files, sockets, clocks, randomness, environment or
# processes), and msgspec: the only imports outside the repository's own packages `domain/` may have. An
# allow-list rather than a deny-list: a new import is refused until someone says it does no I/O.
PURE_MODULES = {
    "__future__", "abc", "bisect", "collections", "copy", "dataclasses", "decimal", "enum", "fractions",
    "functools", "hashlib", "heapq", "itertools", "math", "msgspec", "operator", "re", "string", "types",
    "typing", "unicodedata",
    # The catalogs (domain/catalog/) read their compiled sentences, shipped inside the package like code, on
    # first use: gettext parses them, importlib.resources finds them, io wraps their bytes.
    "gettext", "importlib", "io",
}


def full_imports(path: Path) -> set[str]:
    """Every module a file imports, by its full dotted name, relative imports resolved; `from a import b`
    counts as both `a` and `a.b` (b may be a module)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def ruleset_packages() -> set[str]:
    """The rules engines' packages, from the registry: the package of each engine's module."""
    from domain.rulesets import engines

    packages = {".".join(type(engine).__module__.split(".")[:2]) for engine in engines()}
    assert all(p.startswith("domain.") and p != "domain.engine" for p in packages), packages
    return packages


def offenders(layer: str, refused: Callable[[str], bool]) -> dict[str, list[str]]:
    files = sorted((ROOT / layer).rglob("*.py"))
    assert files
    found = {str(f.relative_to(ROOT)): sorted(m for m in full_imports(f) if refused(m)) for f in files}
    return {f: bad for f, bad in found.items() if bad}


def _inside(module: str, packages: set[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_ruleset_packages_are_the_registrys_engines() -> None:
    assert ruleset_packages() == {"domain.d100", "domain.wrath_and_glory"}


@pytest.mark.parametrize("layer", ["service", "projections"])
def test_service_and_projections_import_no_ruleset_package(layer: str) -> None:
    # They reach an engine only through the registry (domain/rulesets.py) and the Engine interface.
    packages = ruleset_packages()
    assert offenders(layer, lambda m: _inside(m, packages)) == {}


def test_missions_import_no_engine() -> None:
    # The missions work the same in every ruleset: no engine package, nor the registry that names them.
    packages = ruleset_packages() | {"domain.rulesets"}
    assert offenders("domain/missions", lambda m: _inside(m, packages)) == {}


def test_domain_imports_no_io() -> None:
    assert offenders("domain", lambda m: m.split(".")[0] not in {"domain", *PURE_MODULES}) == {}

"""Dependencies point one way (service -> projections -> domain) and the pure layers do no I/O."""

from __future__ import annotations

import ast
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

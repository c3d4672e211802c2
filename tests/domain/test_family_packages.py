"""Each family package in domain/ owns its commands, events, state, decision and fold (docs/architecture.md)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from domain.rulesets import engines

ROOT = Path(__file__).resolve().parents[2]
FAMILY_MODULES = ("commands", "events", "state", "decide", "evolve")
FAMILIES = sorted({"domain.campaign", "domain.missions",
                   *(".".join(type(engine).__module__.split(".")[:2]) for engine in engines())})


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_package_holds_its_five_modules_and_its_fold(family: str) -> None:
    for name in FAMILY_MODULES:
        assert importlib.import_module(f"{family}.{name}")
    assert callable(importlib.import_module(f"{family}.evolve").evolve)


def test_projections_define_no_fold_of_a_family_only_the_composite() -> None:
    # The one `evolve` left in projections/ is the composite that hands an event to each family's fold.
    defined = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "projections").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef) and node.name == "evolve"
    }
    assert defined == {"projections/campaign.py"}

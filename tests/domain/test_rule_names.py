"""Rule names sent to clients are snake_case identifiers, and every one is listed in docs/errors.md."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Rule names passed in a variable rather than written at the raise (resources.spend's `rule`, a settled
# test's kind, a character's state), as the code can set them.
DYNAMIC = {"glory", "wrath", "ruin", "personal_ruin", "dead", "unconscious", "corruption", "fear", "movement"}


def raised_rules() -> dict[str, str]:
    """Every rule name a RuleViolation is raised with, and where."""
    found: dict[str, str] = {}
    for path in sorted((*ROOT.glob("domain/**/*.py"), *ROOT.glob("service/**/*.py"))):
        tree = ast.parse(path.read_text())
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleViolation" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    found[str(first.value)] = f"{path.relative_to(ROOT)}:{node.lineno}"
                elif isinstance(first, ast.Name) and first.id in constants:
                    found[str(constants[first.id])] = f"{path.relative_to(ROOT)}:{node.lineno}"
    return found


def test_rule_names_are_snake_case_identifiers() -> None:
    bad = {name: where for name, where in raised_rules().items() if not re.fullmatch(r"[a-z][a-z0-9_]*", name)}
    assert bad == {}


def test_every_rule_name_is_listed_in_the_errors_doc() -> None:
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", (ROOT / "docs" / "errors.md").read_text(), re.MULTILINE))
    assert set(raised_rules()) | DYNAMIC <= listed
    assert listed - set(raised_rules()) - DYNAMIC == set()


def test_every_rule_name_has_a_spanish_refusal() -> None:
    from projections.rendering.refusals import SPANISH

    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", (ROOT / "docs" / "errors.md").read_text(), re.MULTILINE))
    assert listed - set(SPANISH) == set()
    assert all(sentence and sentence == sentence.strip() for sentence in SPANISH.values())

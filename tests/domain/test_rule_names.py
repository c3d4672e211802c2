"""Rule names sent to clients are snake_case identifiers, and every one is listed in docs/errors.md."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Rule names passed in a variable rather than written at the raise (resources.spend's `rule`, a settled
# test's kind, a character's state), as the code can set them.
DYNAMIC = {"glory", "wrath", "ruin", "personal_ruin", "dead", "unconscious", "corruption", "fear", "movement"}


def raised_rules() -> dict[str, str]:
    """Every rule name a RuleViolation is raised with, and where."""
    found: dict[str, str] = {}
    for path in sorted((*ROOT.glob("domain/**/*.py"), *ROOT.glob("projections/**/*.py"), *ROOT.glob("service/**/*.py"))):
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
    """In the catalog: a message `rule.<name>` or `rule.<name>.<case>`."""
    from domain.catalog import catalog

    in_catalog = {key if isinstance(key, str) else key[0] for key in catalog("es")}
    told = {message_id.split(".")[1] for message_id in in_catalog if message_id.startswith("rule.")}
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", (ROOT / "docs" / "errors.md").read_text(), re.MULTILINE))
    assert listed - told == set()


# Rules no test triggers yet (issue 20): each needs a test that makes the code raise it. The list may only
# shrink: a new rule must come with its test. (Not checked the other way: some service tests roll real dice,
# so a rule here may be raised by chance in one run and not the next.)
UNTRIGGERED: set[str] = {
    "action", "called_shot", "called_shot_location", "command", "comrade", "corruption", "critical_table",
    "dice_epoch", "disengage", "extended_needs_id", "fate_degree_on_failure", "fate_degree_too_late",
    "fate_needs_test", "feat_metres", "free_attack", "ganging_up_horde", "grapple_attack",
    "heroic_sacrifice_declared", "heroic_sacrifice_fate", "heroic_sacrifice_turn_start", "initiative_fixed",
    "interaction", "internal_command", "kill_zone", "kind", "leader_roll", "mount_taken", "mounted",
    "no_delayed_action", "no_fatigue", "no_overwatch", "no_single_shot", "no_such_fire_mode",
    "no_such_weapon", "nobody_left", "not_grappling", "not_in_encounter", "not_pinned", "not_prone",
    "not_stunned", "nothing_to_reload", "overwatch_attack", "owner", "parry_needs_weapon", "personal_ruin",
    "pinned_half_actions_only", "prepare", "reaction_in_own_turn", "reaction_pending", "rearing_strike_target",
    "reroll_failed_dice", "troop", "troop_attack", "unaware_no_reaction",
}


# Raised today only by tests whose service dice are random (the fuzz of test_no_server_errors, the refusals walk
# of test_refusals_keep_dice, the W&G session played post by post): whether they are raised can depend on how the
# dice fell, so the check would pass or fail by chance. Each leaves this set when a fixed-dice test raises it.
RAISED_BY_CHANCE: set[str] = {
    "character_id", "delayed_half_only", "heroic_sacrifice_last_fate", "initiative", "no_encounter",
    "no_fate_to_burn", "not_jammed", "one_turn_per_round", "ruin", "test_needs_subject", "tier",
}


def test_every_rule_name_is_triggered_by_a_test() -> None:
    """Every rule the code can raise was raised by the code under some test of this session (recorded by
    tests/support/rules_raised.py). Runs last, and only when the whole suite ran: a partial run saw only some."""
    from tests.support.rules_raised import SESSION

    if not SESSION.whole:
        pytest.skip("needs the whole suite: only a full run has given every rule its chance to be raised")
    rules = set(raised_rules()) | DYNAMIC
    untriggered = sorted(rules - set(SESSION.raised) - UNTRIGGERED - RAISED_BY_CHANCE)
    assert untriggered == [], f"no test makes the code raise: {untriggered}"
    assert UNTRIGGERED <= rules and RAISED_BY_CHANCE <= rules

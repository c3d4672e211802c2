"""Deciding plain tests: target building (skill base, fatigue, named modifiers), opposed tests, unjamming."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from ..dice import Dice, Die
from ..errors import RuleViolation, UnknownEntity
from ..events import Event
from ..message import Message, message
from .characteristics import Characteristic
from .checks import (
    CheckResult,
    ExtendedProgress,
    advance_extended,
    assistance_extra_degrees,
    assistance_modifiers,
    resolve_opposed,
    resolve_test,
    skill_base,
)
from .commands import OpposedSide, RollOpposedTest, RollTest, Unjam
from .context import D100Context
from .events import FateSpent, OpposedRoll, OpposedTestRolled, TestRolled, UnjamAttempted
from .hordes import below_half_magnitude
from .injury import fatigue_modifier
from .modifiers import Modifier, ModifierSum, difficulty_modifier, sum_modifiers
from .percentile import roll_d100
from .sheet import SKILL_CATALOGUE
from .state import CharacterState, D100State
from .turn_budget import use_action

FATE_BONUS = Modifier("fate", 10)


class Target(msgspec.Struct, frozen=True, kw_only=True):
    """What a test is rolled against: label, characteristic, base value, modifiers and the final target."""

    label: str
    characteristic: Characteristic
    base: int
    untrained: bool
    modifiers: ModifierSum
    target: int


def character(state: D100State, character_id: str) -> CharacterState:
    """The character of that id, or UnknownEntity."""
    found = state.characters.get(character_id)
    if found is None:
        raise UnknownEntity(case="character", character=character_id)
    return found


def require_able(char: CharacterState, doing: str) -> None:
    """A stunned, unconscious, helpless or dead character takes no actions or reactions."""
    if char.incapacitated:
        names = [c.name for c in char.conditions if c.name in ("stunned", "unconscious", "dead", "helpless")]
        raise RuleViolation("incapacitated", character=char.name, conditions=_listed(names),
                            doing=message(f"term.d100.doing.{doing.replace(' ', '_')}"))


def _listed(conditions: Sequence[str]) -> Message:
    """The conditions' names, each a word of the catalog, joined as a list ("stunned, helpless")."""
    said = message(f"term.d100.condition.{conditions[-1]}")
    for name in reversed(conditions[:-1]):
        said = message("term.d100.listed", first=message(f"term.d100.condition.{name}"), rest=said)
    return said


def require_new_id(state: D100State, an_id: str, what: str) -> None:
    """Test, attack and contest ids are used once in a campaign."""
    if an_id in state.used_ids:
        raise RuleViolation("id_reused", case=what, id=an_id)


def build_target(
    char: CharacterState,
    characteristic: Characteristic | None,
    skill: str | None,
    modifiers: Iterable[Modifier],
) -> Target:
    """Skill or characteristic base (halved untrained basic, refused untrained advanced) + clamped modifiers."""
    if skill is not None:
        entry = char.sheet.skills.get(skill) or SKILL_CATALOGUE.get(skill)
        if entry is None:
            raise UnknownEntity(case="d100.skill", skill=skill, character=char.name)
        used = characteristic or entry.characteristic
        base = skill_base(char.sheet.value(used), entry.kind, entry.training, skill)
        label, untrained = skill, entry.training == "untrained"
    elif characteristic is not None:
        used, base, label, untrained = characteristic, char.sheet.value(characteristic), characteristic, False
    else:
        raise RuleViolation("test_needs_subject")
    fatigue = fatigue_modifier(char.fatigue)
    # A horde below half its starting magnitude is −10 to every WP test (RULES A9): Pinning, Fear, breaking.
    shaken = (below_half_magnitude(char.magnitude or 0, char.magnitude_start or char.sheet.magnitude or 0,
                                   char.sheet.has_trait("fearless"))
              if used == "WP" and char.is_horde else None)
    mods = sum_modifiers([*modifiers, *([shaken] if shaken else []), *([fatigue] if fatigue else [])])
    return Target(
        label=label, characteristic=used, base=base, untrained=untrained, modifiers=mods,
        target=base + mods.total,
    )


def decide_test(state: D100State, command: RollTest, dice: Dice, context: D100Context) -> list[Event]:
    """A test, after the Fate point its +10 spends."""
    rolled = test_rolled(state, command, dice)
    if command.fate_bonus:
        bonus = FateSpent(character_id=command.character_id, use="bonus",
                          fate_after=state.characters[command.character_id].fate - 1)
        return [bonus, rolled]
    return [rolled]


def decide_opposed_test(state: D100State, command: RollOpposedTest, dice: Dice, context: D100Context) -> list[Event]:
    return [opposed_rolled(state, command, dice)]


def decide_unjam(state: D100State, command: Unjam, dice: Dice, context: D100Context) -> list[Event]:
    """A full action, then the test."""
    char = character(state, command.character_id)
    require_able(char, "unjam a weapon")
    spent = use_action(state, char.id, "full", "unjam")
    return [*spent, unjam_rolled(state, command, dice)]


def test_rolled(state: D100State, command: RollTest, dice: Dice) -> TestRolled:
    """Roll a test; helpers must be trained in the skill; extended tests count their successes."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    for helper_id in command.helpers:
        helper = character(state, helper_id)
        if command.skill is not None:
            entry = helper.sheet.skills.get(command.skill)
            if entry is None or entry.training == "untrained":
                raise RuleViolation("assistant_untrained", helper=helper.name, skill=command.skill)
    mods: list[Modifier] = [difficulty_modifier(command.difficulty), *command.modifiers]
    mods.extend(assistance_modifiers(command.helpers, command.kind, command.resisting))
    if command.fate_bonus:
        if char.fate < 1:
            raise RuleViolation("no_fate", case="spend", character=char.name)
        mods.append(FATE_BONUS)
    target = build_target(char, command.characteristic, command.skill, mods)
    die = roll_d100(dice)
    unnatural = char.unnatural(target.characteristic)
    assist = assistance_extra_degrees(command.helpers)
    result = resolve_test(target.target, die.value, rule=state.options.degrees_rule, unnatural=unnatural,
                          extra_degrees=assist)
    extended: ExtendedProgress | None = None
    if command.extended_id is not None:
        progress = state.extended.get(command.extended_id)
        if progress is None:
            if command.extended_needed is None or command.extended_needed < 1:
                raise RuleViolation("extended_needs_count", case="test")
            progress = ExtendedProgress(needed=command.extended_needed)
        extended = advance_extended(progress, result.success)
    return TestRolled(
        test_id=command.test_id, character_id=char.id, label=target.label, characteristic=target.characteristic,
        base=target.base, untrained=target.untrained, modifiers=target.modifiers, target=target.target,
        dice=(die,), roll=die.value, success=result.success, degrees=result.degrees,
        unnatural_degrees=(unnatural // 2) if result.success else 0,
        assistance_degrees=assist if result.success else 0,
        extended_id=command.extended_id, extended=extended,
    )


def reroll_test(state: D100State, test_id: str, dice: Dice) -> TestRolled:
    """Fate: roll a failed test again with the same target; the reroll stands."""
    previous = state.tests.get(test_id)
    if previous is None:
        raise UnknownEntity(case="d100.test_to_reroll", test=test_id)
    if previous.success:
        raise RuleViolation("fate_reroll_success", case="test")
    if previous.rerolled:
        raise RuleViolation("fate_reroll_twice")
    char = character(state, previous.character_id)
    die = roll_d100(dice)
    unnatural = char.unnatural(previous.characteristic)  # the reroll is the same test: Unnatural degrees too
    assist = 1 if previous.assisted else 0  # … and its helpers' extra degree on a success (RULES A2, A3)
    result = resolve_test(previous.target, die.value, rule=state.options.degrees_rule, unnatural=unnatural,
                          extra_degrees=assist)
    return TestRolled(
        test_id=test_id, character_id=char.id, label=previous.label, characteristic=previous.characteristic,
        base=previous.target,
        untrained=False, modifiers=sum_modifiers([]), target=previous.target, dice=(die,), roll=die.value,
        success=result.success, degrees=result.degrees, unnatural_degrees=(unnatural // 2) if result.success else 0,
        assistance_degrees=assist if result.success else 0, reroll_of=test_id, extended_id=previous.extended_id,
    )


def _opposed_side(state: D100State, side: OpposedSide, dice: Dice) -> tuple[OpposedRoll, CheckResult, Die]:
    char = character(state, side.character_id)
    target = build_target(char, side.characteristic, side.skill, side.modifiers)
    die = roll_d100(dice)
    unnatural = char.unnatural(target.characteristic)
    result = resolve_test(target.target, die.value, rule=state.options.degrees_rule, unnatural=unnatural)
    bonus = char.bonus(target.characteristic)
    return OpposedRoll(
        character_id=char.id, label=target.label, base=target.base, modifiers=target.modifiers,
        target=target.target, roll=die.value, success=result.success, degrees=result.degrees, bonus=bonus,
    ), result, die


def opposed_rolled(state: D100State, command: RollOpposedTest, dice: Dice) -> OpposedTestRolled:
    """Both roll; success beats failure, then degrees, then bonus, then the lower roll (seed 002)."""
    require_new_id(state, command.contest_id, "contest")
    first, first_result, first_die = _opposed_side(state, command.first, dice)
    second, second_result, second_die = _opposed_side(state, command.second, dice)
    outcome = resolve_opposed(first_result, first.bonus, second_result, second.bonus)
    return OpposedTestRolled(
        contest_id=command.contest_id, first=first, second=second, result=outcome,
        dice=(first_die, second_die),
    )


def unjam_rolled(state: D100State, command: Unjam, dice: Dice) -> UnjamAttempted:
    """Unjamming: a full action and a BS test (WS by the 000 variant); the clip is lost either way."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    require_able(char, "unjam a weapon")
    if command.weapon_id not in char.jammed:
        raise RuleViolation("not_jammed")
    used = state.options.unjam_characteristic
    target = build_target(char, used, None, ())
    die = roll_d100(dice)
    result = resolve_test(target.target, die.value, rule=state.options.degrees_rule, unnatural=char.unnatural(used))
    return UnjamAttempted(
        character_id=char.id, weapon_id=command.weapon_id, test_id=command.test_id, characteristic=used,
        modifiers=target.modifiers, target=target.target, dice=(die,), roll=die.value,
        success=result.success, degrees=result.degrees,
    )

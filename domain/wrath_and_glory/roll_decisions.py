"""Deciding tests: rolling a pool, Wrath rerolls, Glory dice, shifts and the Wrath die's complication."""

from __future__ import annotations

from collections.abc import Sequence

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.access import require_control, require_gm
from domain.wrath_and_glory.commands import AddGloryDice, RerollFailedDice, ResolveComplication, RollTest, ShiftIcons
from domain.wrath_and_glory.events import (
    ComplicationResolved,
    DiceRerolled,
    GloryDiceAdded,
    GloryGainCause,
    GloryGained,
    GlorySpent,
    IconsShifted,
    Reroll,
    RuinGained,
    TestRolled,
    WrathSpent,
)
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.outcome import WrathOutcome, judge, wrath_outcome
from domain.wrath_and_glory.pool import build_pool, difficulty
from domain.wrath_and_glory.resources import gain, spend
from domain.wrath_and_glory.rolls import PoolDie, faces, rerollable_positions, roll_d6s, roll_pool, wrath_face
from domain.wrath_and_glory.ruin_payment import check_reroll_payment, pay_ruin
from domain.wrath_and_glory.sheet import LINKED_ATTRIBUTE, Attribute, Skill
from domain.wrath_and_glory.state import CharacterState, OpenTest, TestPurpose, WngState
from domain.wrath_and_glory.turn_budget import KIND_COST, take_action


def require_in_play(character: CharacterState) -> None:
    """The dead act no more, nor a troop whose members joined another."""
    if character.has("dead"):
        raise RuleViolation("dead", character=character.sheet.name)
    if character.regrouped_into is not None:
        raise RuleViolation("regrouped", case="acts_no_more", troop=character.sheet.name,
                            into=character.regrouped_into)


def require_able(character: CharacterState) -> None:
    """The dead, the unconscious and the exhausted cannot act (the exhausted only move or Disengage)."""
    require_in_play(character)
    if character.has("unconscious"):
        raise RuleViolation("unconscious", character=character.sheet.name)
    if character.has("exhausted"):
        raise RuleViolation("exhausted", case="act", character=character.sheet.name)


def roll_test(
    state: WngState,
    character: CharacterState,
    dice: Dice,
    *,
    purpose: TestPurpose,
    skill: Skill,
    attribute: Attribute | None,
    bonus: Sequence[Modifier],
    glory_dice: int,
    dn_base: int,
    dn_penalties: Sequence[Modifier],
    trivial: bool = False,
    shooting: bool = False,
) -> list[Event]:
    """Spend any Glory dice, roll the pool with its Wrath die, read it, and bank a Wrath 6's Glory."""
    attr = attribute or LINKED_ATTRIBUTE[skill]
    pool = build_pool(character.sheet.skill(skill), character.sheet.attribute(attr), bonus, state.tier)
    if glory_dice < 0:
        raise RuleViolation("glory", case="negative")
    room = pool.bonus_cap - pool.bonus_applied
    if glory_dice > room:
        raise RuleViolation("bonus_dice_cap", count=room, cap=pool.bonus_cap)
    events: list[Event] = []
    test_id = state.next_test_id()
    glory = state.glory
    if glory_dice:
        change = spend(glory, glory_dice, rule="glory")
        events.append(
            GlorySpent(amount=glory_dice, cause="bonus_dice", before=change.before, after=change.after, test_id=test_id)
        )
        glory = change.after
    rolled = roll_pool(dice, pool.total)
    rolled += [PoolDie(die=d, role="glory") for d in roll_d6s(dice, glory_dice)]
    # The next test uses up every pending next-action penalty; a reload's weighs only on a shot (RULES B3:
    # "shooting right after it +2 DN") and otherwise lapses with it.
    penalties = tuple(dn_penalties) + character.next_action_dn + (character.next_shot_dn if shooting else ())
    dn = difficulty(dn_base, penalties)
    outcome = judge(faces(rolled), dn)
    wrath = _wrath(rolled)
    events.append(
        TestRolled(
            test_id=test_id,
            character_id=character.id,
            purpose=purpose,
            skill=skill,
            attribute=attr,
            pool=pool,
            dn_base=dn_base,
            dn_penalties=penalties,
            dn=dn,
            dice=tuple(rolled),
            icons=outcome.icons,
            exalted=outcome.exalted,
            success=outcome.success,
            shifts_possible=outcome.shifts_possible,
            wrath=wrath,
            trivial=trivial,
            next_action_penalties_used=bool(character.next_action_dn or character.next_shot_dn),
        )
    )
    if wrath == "glory" and not trivial:
        events.append(glory_gain(glory, 1, state.glory_cap, "wrath_six", test_id))
    return events


def _wrath(pool: Sequence[PoolDie]) -> WrathOutcome:
    face = wrath_face(pool)
    return "none" if face is None else wrath_outcome(face)


def glory_gain(current: int, amount: int, cap: int, cause: GloryGainCause, test_id: str | None) -> GloryGained:
    change = gain(current, amount, cap)
    return GloryGained(
        amount=amount, cause=cause, before=change.before, after=change.after, lost=change.lost, test_id=test_id
    )


def decide_roll_test(state: WngState, command: RollTest, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    require_able(character)
    if command.action == "ruin":
        raise RuleViolation("action")
    events = take_action(state, character, KIND_COST[command.action], f"{command.skill} test")
    return events + roll_test(
        state,
        character,
        dice,
        purpose="skill",
        skill=command.skill,
        attribute=command.attribute,
        bonus=command.bonus_dice,
        glory_dice=command.glory_dice,
        dn_base=command.dn,
        dn_penalties=command.dn_penalties,
        trivial=command.trivial,
    )


def open_test(state: WngState, test_id: str) -> OpenTest:
    """The open test, refusing special rolls by the rule that protects them."""
    kind = state.special_rolls.get(test_id)
    if kind == "death_test":
        raise RuleViolation("death_test", case="reroll")
    if kind == "initiative":
        raise RuleViolation("initiative")
    if kind == "soak":
        raise RuleViolation("soak", case="reroll", command="wng_soak")
    test = state.test(test_id)
    if test.settled == "total_defence":
        raise RuleViolation("total_defence")
    if test.settled is not None:
        # The rule is the test's kind (movement, corruption, fear): `rule.<kind>.settled` says each.
        raise RuleViolation(test.settled, case="settled")
    if test.attack is not None and test.attack.resolved:
        raise RuleViolation("attack_resolved", test=test_id)
    return test


def decide_reroll(state: WngState, command: RerollFailedDice, dice: Dice, actor: Actor) -> list[Event]:
    test = open_test(state, command.test_id)
    character = state.character(test.character_id)
    require_control(actor, character)
    if test.rerolled:
        raise RuleViolation("reroll_once")
    outcome = judge(faces(test.dice), test.dn)
    if outcome.success:
        raise RuleViolation("reroll_failed_test")
    positions = rerollable_positions(test.dice)
    if not positions:
        raise RuleViolation("reroll_failed_dice")
    check_reroll_payment(character, command.pay_with)
    events: list[Event] = []
    if command.pay_with == "wrath":
        change = spend(character.wrath, 1, rule="wrath")
        events.append(
            WrathSpent(
                character_id=character.id, amount=1, cause="reroll", before=change.before, after=change.after,
                test_id=test.id,
            )
        )
    else:
        events.append(pay_ruin(state, actor, character, "reroll", personal=command.pay_with == "personal_ruin",
                               test_id=test.id))
    rerolls = tuple(Reroll(position=p, before_face=test.dice[p].die.value, after=dice.roll(6)) for p in positions)
    after = list(test.dice)
    for r in rerolls:
        after[r.position] = PoolDie(die=r.after, role=test.dice[r.position].role)
    new = judge(faces(after), test.dn)
    wrath_rerolled = any(test.dice[r.position].role == "wrath" for r in rerolls)
    wrath = _wrath(after)
    events.append(
        DiceRerolled(
            test_id=test.id,
            paid_with="wrath" if command.pay_with == "wrath" else "ruin",
            rerolls=rerolls,
            icons=new.icons,
            exalted=new.exalted,
            success=new.success,
            shifts_possible=new.shifts_possible,
            wrath=wrath,
            wrath_rerolled=wrath_rerolled,
        )
    )
    if wrath_rerolled and wrath == "glory" and not test.trivial:
        events.append(glory_gain(state.glory, 1, state.glory_cap, "wrath_six", test.id))
    return events


def decide_glory_dice(state: WngState, command: AddGloryDice, dice: Dice, actor: Actor) -> list[Event]:
    test = open_test(state, command.test_id)
    require_control(actor, state.character(test.character_id))
    if command.count < 1:
        raise RuleViolation("glory", case="add")
    room = test.bonus_cap - test.bonus_applied
    if command.count > room:
        raise RuleViolation("bonus_dice_cap", count=room, cap=test.bonus_cap)
    change = spend(state.glory, command.count, rule="glory")
    rolled = tuple(roll_d6s(dice, command.count))
    after = [*test.dice, *(PoolDie(die=d, role="glory") for d in rolled)]
    new = judge(faces(after), test.dn)
    return [
        GlorySpent(amount=command.count, cause="bonus_dice", before=change.before, after=change.after, test_id=test.id),
        GloryDiceAdded(
            test_id=test.id,
            dice=rolled,
            bonus_applied=test.bonus_applied + command.count,
            icons=new.icons,
            exalted=new.exalted,
            success=new.success,
            shifts_possible=new.shifts_possible,
        ),
    ]


def shifts_left(test: OpenTest) -> int:
    """Exalted icons of this test still free to shift."""
    return judge(faces(test.dice), test.dn).shifts_possible - test.shifted


def decide_shift(state: WngState, command: ShiftIcons, dice: Dice, actor: Actor) -> list[Event]:
    test = open_test(state, command.test_id)
    require_control(actor, state.character(test.character_id))
    if test.purpose != "skill":
        raise RuleViolation("shifts", case="attack_resolve")
    if not command.uses:
        raise RuleViolation("shifts", case="uses")
    if "damage" in command.uses or "effect" in command.uses:
        raise RuleViolation("shifts", case="attack_uses")
    if "glory" in command.uses and state.glory >= state.glory_cap:
        raise RuleViolation("glory_cap", case="shift", cap=state.glory_cap)
    left = shifts_left(test)
    if len(command.uses) > left:
        raise RuleViolation("shifts", case="skill", count=left, dn=test.dn)
    shifted = IconsShifted(test_id=test.id, uses=command.uses, shifted_total=test.shifted + len(command.uses))
    events: list[Event] = [shifted]
    glory = command.uses.count("glory")
    if glory:
        events.append(glory_gain(state.glory, glory, state.glory_cap, "shift", test.id))
    return events


def decide_complication(state: WngState, command: ResolveComplication, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.resolve_complication"))
    test = state.test(command.test_id)
    if not test.complication_pending:
        raise RuleViolation("complication", test=test.id)
    events: list[Event] = [ComplicationResolved(test_id=test.id, choice=command.choice, note=command.note)]
    if command.choice == "ruin":
        change = gain(state.ruin, 1, state.ruin_cap)
        events.append(
            RuinGained(
                amount=1, cause="wrath_one", before=change.before, after=change.after, lost=change.lost,
                test_id=test.id,
            )
        )
    return events

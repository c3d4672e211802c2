"""Deciding GM rulings with rules of their own: overrides, and corruption and fear tests (failed → Ruin)."""

from __future__ import annotations

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.access import require_control, require_gm
from domain.wrath_and_glory.encounter_commands import Override, RollResistanceTest
from domain.wrath_and_glory.events import GlorySpent, RuinGainCause, RuinGained, WrathSpent
from domain.wrath_and_glory.outcome import judge, wrath_outcome
from domain.wrath_and_glory.pool import build_pool, difficulty
from domain.wrath_and_glory.resources import gain, spend
from domain.wrath_and_glory.roll_decisions import glory_gain
from domain.wrath_and_glory.rolls import PoolDie, faces, rerollable_positions, roll_pool, wrath_face
from domain.wrath_and_glory.ruin_payment import check_reroll_payment, pay_ruin
from domain.wrath_and_glory.ruling_events import GmOverridden, ResistanceTestRolled
from domain.wrath_and_glory.state import WngState


def decide_override(state: WngState, command: Override, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.override"))
    character = state.character(command.character_id)
    sheet = character.sheet
    wounds = character.wounds if command.wounds is None else command.wounds
    shock = character.shock if command.shock is None else command.shock
    failures = character.death_failures if command.death_failures is None else command.death_failures
    members = character.members_left if command.members_left is None else command.members_left
    if not 0 <= wounds <= sheet.wounds or not 0 <= shock <= sheet.shock:
        raise RuleViolation("override", case="wounds", wounds=sheet.wounds, shock=sheet.shock)
    most = max(sheet.members, character.members_left)  # a regrouped troop may outnumber its sheet
    if not 0 <= failures <= 3 or not 0 <= members <= most:
        raise RuleViolation("override", case="failures", members=most)
    if set(command.add_conditions) & set(command.remove_conditions):
        raise RuleViolation("override", case="condition")
    added = tuple(c for c in command.add_conditions if not character.has(c))
    removed = tuple(c for c in command.remove_conditions if character.has(c))
    return [
        GmOverridden(
            character_id=character.id, by=actor.participant_id, reason=command.reason,
            wounds_before=character.wounds, wounds_after=wounds, shock_before=character.shock, shock_after=shock,
            death_failures_after=failures, members_left_after=members, conditions_added=added,
            conditions_removed=removed,
        )
    ]


def decide_resistance_test(state: WngState, command: RollResistanceTest, dice: Dice, actor: Actor) -> list[Event]:
    """Corruption (Conviction, else Willpower) or fear (Resolve, else Willpower); settled when rolled."""
    character = state.character(command.character_id)
    require_control(actor, character)
    if character.has("dead"):
        raise RuleViolation("dead", character=character.sheet.name)
    check_reroll_payment(character, command.reroll)
    sheet = character.sheet
    trait = sheet.conviction if command.kind == "corruption" else sheet.resolve
    pool = build_pool(0, trait or sheet.attribute("willpower"), command.bonus_dice, state.tier)
    room = pool.bonus_cap - pool.bonus_applied
    if not 0 <= command.glory_dice <= room:
        raise RuleViolation("bonus_dice_cap", count=room, cap=pool.bonus_cap)
    test_id = state.next_test_id()
    events: list[Event] = []
    glory = state.glory
    if command.glory_dice:
        change = spend(glory, command.glory_dice, rule="glory")
        glory = change.after
        events.append(GlorySpent(amount=command.glory_dice, cause="bonus_dice", before=change.before,
                                 after=change.after, test_id=test_id))
    rolled = roll_pool(dice, pool.total)
    rolled += [PoolDie(die=dice.roll(6), role="glory") for _ in range(command.glory_dice)]
    dn = difficulty(command.dn, command.dn_penalties)
    outcome = judge(faces(rolled), dn)
    after = list(rolled)
    ruin = state.ruin
    positions = rerollable_positions(rolled)
    if command.reroll is not None and not outcome.success and positions:
        if command.reroll == "wrath":
            change = spend(character.wrath, 1, rule="wrath")
            events.append(WrathSpent(character_id=character.id, amount=1, cause="reroll", before=change.before,
                                     after=change.after, test_id=test_id))
        else:
            paid = pay_ruin(state, actor, character, "reroll", personal=command.reroll == "personal_ruin",
                            test_id=test_id)
            events.append(paid)
            ruin = ruin if paid.personal_of else paid.after
        for p in positions:
            after[p] = PoolDie(die=dice.roll(6), role=rolled[p].role)
        outcome = judge(faces(after), dn)
    face = wrath_face(after)
    wrath = "none" if face is None else wrath_outcome(face)
    events.append(
        ResistanceTestRolled(
            test_id=test_id, character_id=character.id, kind=command.kind, pool=pool, dn=dn, dice=tuple(rolled),
            rerolled=tuple(after) if after != rolled else (), icons=outcome.icons, success=outcome.success,
            wrath=wrath,
        )
    )
    if wrath == "glory":
        gained = glory_gain(glory, 1, state.glory_cap, "wrath_six", test_id)
        events.append(gained)
    if not outcome.success:
        change = gain(ruin, 1, state.ruin_cap)
        cause: RuinGainCause = "corruption_test_failed" if command.kind == "corruption" else "fear_test_failed"
        events.append(RuinGained(amount=1, cause=cause, before=change.before, after=change.after, lost=change.lost,
                                 test_id=test_id))
    return events

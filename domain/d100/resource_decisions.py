"""Deciding Fate: spend a point for one of its uses, or burn one to survive (RULES A3)."""

from __future__ import annotations

from msgspec.structs import replace

from ..dice import Dice
from ..errors import RuleViolation, UnknownEntity
from ..events import Event
from .combat_decisions import plan_of, roll_attack
from .commands import BurnFate, SpendFate
from .context import D100Context
from .events import AttackRolled, FateBurned, FateSpent
from .firing import burst_hits
from .roll_decisions import character, reroll_test
from .state import ConditionName, D100State


def decide_spend_fate(state: D100State, command: SpendFate, dice: Dice, context: D100Context) -> list[Event]:
    """One point, one use: reroll a failed test, +1 degree after rolling, remove 1d10 damage, and the rest."""
    char = character(state, command.character_id)
    if char.fate < 1:
        raise RuleViolation("no_fate", case="spend", character=char.name)
    after = char.fate - 1
    use = command.use
    if use == "reroll":
        if command.test_id is None:
            raise RuleViolation("fate_needs_test", case="reroll")
        if command.test_id in state.attacks:
            rerolled = reroll_attack(state, command.test_id, dice)
            return [FateSpent(character_id=char.id, use=use, fate_after=after, test_id=command.test_id), rerolled]
        reroll = reroll_test(state, command.test_id, dice)
        return [FateSpent(character_id=char.id, use=use, fate_after=after, test_id=command.test_id), reroll]
    if use == "add_degree":
        if command.test_id is None:
            raise RuleViolation("fate_needs_test", case="degree")
        test = state.tests.get(command.test_id)
        if test is not None:
            if not test.success:
                raise RuleViolation("fate_degree_on_failure")
            return [FateSpent(character_id=char.id, use=use, fate_after=after, test_id=test.id,
                              degrees_after=test.degrees + 1)]
        attack = state.attacks.get(command.test_id)
        if attack is None or attack.stage == "missed":
            raise UnknownEntity(case="d100.test_or_attack", id=command.test_id)
        if attack.stage != "awaiting_reaction":
            raise RuleViolation("fate_degree_too_late")
        if attack.zone or attack.assigned_from is not None:
            raise RuleViolation("fate_degree_assigned")
        hits = attack.hits
        if not attack.melee:
            weapon = state.characters[attack.attacker_id].sheet.weapon(attack.weapon_id)
            rof = (weapon.semi if attack.mode == "semi" else weapon.full) if weapon and attack.mode != "single" else 1
            hits = burst_hits(attack.mode, attack.degrees + 1, rof)
        return [FateSpent(character_id=char.id, use=use, fate_after=after, test_id=attack.id,
                          degrees_after=attack.degrees + 1, hits_after=hits)]
    if use == "remove_damage":
        die = dice.roll(10)
        removed = min(die.value, char.damage)
        return [FateSpent(character_id=char.id, use=use, fate_after=after, dice=(die,), damage_removed=removed,
                          damage_after=char.damage - removed)]
    if use == "recover_stun":
        if not char.has("stunned"):
            raise RuleViolation("not_stunned", character=char.name)
        return [FateSpent(character_id=char.id, use=use, fate_after=after, conditions_removed=("stunned",))]
    if use == "remove_fatigue":
        if char.fatigue < 1:
            raise RuleViolation("no_fatigue", character=char.name)
        return [FateSpent(character_id=char.id, use=use, fate_after=after, fatigue_after=char.fatigue - 1)]
    if use in ("squad_mode", "solo_rank") and state.ruleset != "deathwatch":
        raise RuleViolation("deathwatch_only", case="fate_modes")
    if use == "initiative_ten" and state.encounter is not None:
        encounter = state.encounter
        if char.id not in encounter.participants:
            raise RuleViolation("not_in_encounter", case="character", character=char.name)
        if encounter.order:
            raise RuleViolation("initiative_fixed")
        bonus = char.bonus("Ag")
        return [FateSpent(character_id=char.id, use=use, fate_after=after, initiative_after=10 + bonus)]
    # initiative_ten outside an encounter, squad_mode, solo_rank: recorded; their effect is read off the event.
    return [FateSpent(character_id=char.id, use=use, fate_after=after)]


def reroll_attack(state: D100State, attack_id: str, dice: Dice) -> AttackRolled:
    """Fate: roll a missed attack again with the same target number; the reroll stands, the original stays logged."""
    attack = state.attacks[attack_id]
    if attack.stage != "missed":
        raise RuleViolation("fate_reroll_success", case="attack_hit")
    if attack.rerolled:
        raise RuleViolation("fate_reroll_twice")
    if attack.jammed:
        raise RuleViolation("fate_reroll_jam")
    attacker = character(state, attack.attacker_id)
    target = character(state, attack.target_id)
    weapon = attacker.sheet.weapon(attack.weapon_id)
    if weapon is None:
        raise RuleViolation("no_such_weapon", case="no_longer", character=attacker.name, weapon=attack.weapon_id)
    rof = 1 if attack.mode == "single" else (weapon.semi if attack.mode == "semi" else weapon.full)
    rolled = roll_attack(state, attacker, target, weapon, plan_of(attack, rof), dice)
    return replace(rolled, reroll_of=attack_id)


def decide_burn_fate(state: D100State, command: BurnFate, dice: Dice, context: D100Context) -> list[Event]:
    return [_burned(state, command)]


def _burned(state: D100State, command: BurnFate) -> FateBurned:
    """Burn one point (−1 maximum): the character survives; other effects stay."""
    char = character(state, command.character_id)
    if char.sacrifice_turns is not None:
        raise RuleViolation("heroic_sacrifice_fate")
    if char.fate_max < 1:
        raise RuleViolation("no_fate_to_burn", character=char.name)
    removed: tuple[ConditionName, ...] = ("dead",) if char.has("dead") else ()
    return FateBurned(
        character_id=char.id, reason=command.reason, fate_max_after=char.fate_max - 1,
        fate_after=min(char.fate, char.fate_max - 1), conditions_removed=removed,
    )

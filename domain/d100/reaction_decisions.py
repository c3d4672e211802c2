"""Deciding reactions to a pending attack (RULES A5): Dodge, Parry, or none; and a rider's Sidestep (001).

One reaction a round (two in Defensive Stance), never in one's own turn, unaware, after an All Out Attack or in
a grapple. A mount makes no reactions of its own: its rider may Sidestep for both of them (Survival −40 + the
mount's Agility, one hit avoided per degree, at least one); failing by more degrees than his AgB throws him.
"""

from __future__ import annotations

from ..dice import Dice
from ..errors import RuleViolation
from ..events import Event
from ..turn_words import listed
from .characteristics import Characteristic
from .checks import resolve_test
from .commands import React
from .context import D100Context
from .encounter_state import action_said
from .events import ReactionRolled
from .firing import hits_negated_by_dodge
from .modifiers import Modifier
from .mounted_decisions import ride_modifiers, survival_skill, thrown
from .percentile import roll_d100
from .roll_decisions import build_target, character, require_able
from .state import CharacterState, D100State, PendingAttack

SIDESTEP = Modifier("sidestep", -40)


def decide_react(state: D100State, command: React, dice: Dice, context: D100Context) -> list[Event]:
    attack = state.attacks.get(command.attack_id)
    if attack is None or attack.stage != "awaiting_reaction":
        raise RuleViolation("no_reaction_pending")
    if command.reaction == "sidestep":
        return _sidestep(state, command, attack, dice)
    return [reaction_rolled(state, command, attack, dice)]


def _may_react(state: D100State, defender: CharacterState) -> None:
    require_able(defender, "react")
    if state.encounter is not None and state.encounter.acting == defender.id:
        raise RuleViolation("reaction_in_own_turn")
    if defender.has("unaware"):
        raise RuleViolation("unaware_no_reaction", defender=defender.name)
    if defender.reactions_used >= defender.reactions_allowed:
        earlier = listed([action_said(kind) for kind in defender.reactions or ("reaction",)])
        if defender.reactions_allowed > 1:
            raise RuleViolation("reaction_used", case="third", character=defender.name, actions=earlier)
        raise RuleViolation("reaction_used", case="second", character=defender.name, action=earlier)
    if defender.has("all_out_attack"):
        raise RuleViolation("all_out_no_reaction")
    if defender.has("grappled"):
        raise RuleViolation("grappled_no_reaction")


def reaction_rolled(state: D100State, command: React, attack: PendingAttack, dice: Dice) -> ReactionRolled:
    """One reaction per round: Dodge (negates; extra degrees negate burst hits) or Parry (melee only)."""
    defender = character(state, attack.target_id)
    if command.reaction == "none":
        return ReactionRolled(
            attack_id=attack.id, character_id=defender.id, reaction="none", modifiers=None, target=None,
            dice=(), roll=None, success=False, degrees=0, hits_negated=0, hits_after=attack.hits,
        )
    if state.rider_of(defender.id) is not None:
        raise RuleViolation("mount_no_reaction", defender=defender.name)
    _may_react(state, defender)
    mods: list[Modifier] = list(command.modifiers)
    if defender.has("guarded_attack"):
        mods.append(Modifier("guarded attack", 10))
    if command.reaction == "parry":
        if not attack.melee:
            raise RuleViolation("parry_ranged")
        if attack.action == "crushing_charge":
            raise RuleViolation("parry_crushing_charge")
        if not any(w.melee for w in defender.sheet.weapons):
            raise RuleViolation("parry_needs_weapon", defender=defender.name)
        built = build_target(defender, "WS", None, mods)
        characteristic: Characteristic = "WS"
    else:
        if defender.has("prone"):
            mods.append(Modifier("prone (dodging)", -20))
        built = build_target(defender, None, "Dodge", mods)
        characteristic = built.characteristic
    die = roll_d100(dice)
    unnatural = defender.unnatural(characteristic)
    result = resolve_test(built.target, die.value, rule=state.options.degrees_rule, unnatural=unnatural)
    negated = hits_negated_by_dodge(attack.mode, attack.hits, result.degrees) if result.success else 0
    if command.reaction == "parry" and result.success:
        negated = attack.hits
    return ReactionRolled(
        attack_id=attack.id, character_id=defender.id, reaction=command.reaction, modifiers=built.modifiers,
        target=built.target, dice=(die,), roll=die.value, success=result.success, degrees=result.degrees,
        hits_negated=negated, hits_after=attack.hits - negated,
    )


def _sidestep(state: D100State, command: React, attack: PendingAttack, dice: Dice) -> list[Event]:
    """The rider pulls his mount aside: Survival −40 + the mount's Agility; one hit avoided per degree."""
    target = character(state, attack.target_id)
    rider_id = target.id if target.mounted_on is not None else state.rider_of(target.id)
    if rider_id is None:
        raise RuleViolation("not_mounted", case="no_sidestep", target=target.name)
    rider = character(state, rider_id)
    mount = character(state, rider.mounted_on or "")
    _may_react(state, rider)
    mods = [SIDESTEP, Modifier("the mount's Agility", mount.sheet.value("Ag")), *ride_modifiers(mount),
            *command.modifiers]
    built = build_target(rider, None, survival_skill(rider), mods)
    die = roll_d100(dice)
    result = resolve_test(built.target, die.value, rule=state.options.degrees_rule,
                          unnatural=rider.unnatural(built.characteristic))
    negated = min(attack.hits, max(1, result.degrees)) if result.success else 0
    rolled = ReactionRolled(
        attack_id=attack.id, character_id=rider.id, reaction="sidestep", modifiers=built.modifiers,
        target=built.target, dice=(die,), roll=die.value, success=result.success, degrees=result.degrees,
        hits_negated=negated, hits_after=attack.hits - negated,
    )
    if not result.success and result.degrees > rider.bonus("Ag"):
        return [rolled, thrown(state, rider, mount, dice, failed_by=result.degrees)]
    return [rolled]

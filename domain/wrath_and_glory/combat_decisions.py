"""Deciding combat: attacks, interaction attacks, damage, soak, death tests, shock recovery, initiative."""

from __future__ import annotations

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation, UnknownEntity
from domain.events import Event
from domain.wrath_and_glory.access import require_control
from domain.wrath_and_glory.attacks import interaction_dn, plan_attack, troop_attack_bonus, troop_members_hit
from domain.wrath_and_glory.commands import Attack, InteractionAttack, Reload, ResolveAttack, RollInitiative
from domain.wrath_and_glory.damage import DamageTotal, ed_icons, effective_resilience, wounds_from
from domain.wrath_and_glory.events import (
    AttackDeclared,
    DamageDealt,
    DefenceEffectAdded,
    GlorySpent,
    InteractionEffectApplied,
    NextActionPenaltyAdded,
    ReloadsSpent,
    SpecialRolled,
    WoundsPending,
)
from domain.wrath_and_glory.icons import count_icons
from domain.wrath_and_glory.injury_decisions import apply_damage, troop_damage
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.outcome import judge
from domain.wrath_and_glory.resources import spend
from domain.wrath_and_glory.roll_decisions import require_able, roll_test
from domain.wrath_and_glory.rolls import faces, roll_d6s
from domain.wrath_and_glory.state import CharacterState, WngState
from domain.wrath_and_glory.turn_budget import NORMAL, ActionCost, take_action

AFTER_RELOAD_DN = Modifier("after reload", 2)
INTERACTION_DN = Modifier("interaction attack", 1)
INTERACTION_DEFENCE = Modifier("interaction attack", -1)
EXTRA_EFFECT_SHIFTS = 3
INTERACTION_COST = ActionCost(kind="normal", normal=True, attack=True)


def _targets(state: WngState, attacker: CharacterState, target_ids: tuple[str, ...]) -> list[CharacterState]:
    if not target_ids:
        raise RuleViolation("target", case="wng_none")
    if len(set(target_ids)) != len(target_ids):
        raise RuleViolation("target", case="wng_named_twice")
    targets = [state.character(t) for t in target_ids]
    for target in targets:
        if target.id == attacker.id:
            raise RuleViolation("target", case="wng_itself")
        if target.has("dead"):
            raise RuleViolation("target", case="wng_dead", character=target.sheet.name)
        if target.regrouped_into is not None:
            raise RuleViolation("target", case="wng_regrouped", troop=target.sheet.name,
                                    into=target.regrouped_into)
    return targets


def attack_cost(attacker: CharacterState, command: Attack) -> ActionCost:
    """An attack is the normal action (Aim and Charge take the move too; All-Out the whole turn), one per turn;
    a troop's members may split over several targets in one turn."""
    options = command.options
    members = (command.troop_members or attacker.members_left) if attacker.is_troop else 0
    if options.all_out:
        return ActionCost(kind="full_turn", full_turn=True, attack=True, troop_members=members)
    return ActionCost(kind="normal", normal=True, move=options.aim or options.charge, attack=True,
                      troop_members=members)


def decide_attack(state: WngState, command: Attack, dice: Dice, actor: Actor) -> list[Event]:
    attacker = state.character(command.attacker_id)
    require_control(actor, attacker)
    require_able(attacker)
    targets = _targets(state, attacker, command.targets)
    weapon = attacker.sheet.weapon(command.weapon)
    if weapon is None:
        raise UnknownEntity(case="wng_weapon", character=attacker.sheet.name, weapon=command.weapon)
    plan = plan_attack(weapon, command.options, len(targets) - 1)
    bonus = list(plan.bonus_dice) + list(command.bonus_dice)
    if command.troop_members is not None:
        if not attacker.is_troop:
            raise RuleViolation("troop_attack", case="not_troop")
        if not 1 <= command.troop_members <= attacker.members_left:
            raise RuleViolation("troop_attack", case="members", count=attacker.members_left)
    if attacker.is_troop:
        members = command.troop_members or attacker.members_left
        bonus.append(Modifier(f"troop of {members}", troop_attack_bonus(members)))
    test_id = state.next_test_id()
    events = take_action(state, attacker, attack_cost(attacker, command), "attack")
    if plan.reloads and attacker.is_hero:
        change = spend(attacker.reloads, plan.reloads, rule="reloads")
        events.append(
            ReloadsSpent(
                character_id=attacker.id,
                amount=plan.reloads,
                cause="salvo" if command.options.salvo else "multiple_targets",
                before=change.before,
                after=change.after,
                test_id=test_id,
            )
        )
    events += roll_test(
        state,
        attacker,
        dice,
        purpose="attack",
        skill=plan.skill,
        attribute=None,
        bonus=bonus,
        glory_dice=command.glory_dice,
        dn_base=max(t.defence for t in targets),
        dn_penalties=plan.dn_penalties + command.dn_penalties,
        shooting=weapon.kind == "ranged",
    )
    events.append(
        AttackDeclared(
            test_id=test_id,
            attacker_id=attacker.id,
            targets=command.targets,
            weapon=weapon,
            add_strength=plan.add_strength,
            bonus_ed=plan.bonus_ed,
        )
    )
    if plan.defence_penalty:
        events.append(
            DefenceEffectAdded(character_id=attacker.id, effect=Modifier("all-out attack", plan.defence_penalty))
        )
    return events


def decide_interaction(state: WngState, command: InteractionAttack, dice: Dice, actor: Actor) -> list[Event]:
    attacker = state.character(command.attacker_id)
    require_control(actor, attacker)
    require_able(attacker)
    (target,) = _targets(state, attacker, (command.target_id,))
    opposed = target.sheet.skill(command.opposed_skill or command.skill)
    test_id = state.next_test_id()
    events = take_action(state, attacker, INTERACTION_COST, "interaction attack")
    events += roll_test(
        state,
        attacker,
        dice,
        purpose="interaction",
        skill=command.skill,
        attribute=command.attribute,
        bonus=command.bonus_dice,
        glory_dice=command.glory_dice,
        dn_base=interaction_dn(opposed, target.sheet.resolve),
        dn_penalties=command.dn_penalties,
    )
    events.append(
        AttackDeclared(
            test_id=test_id,
            attacker_id=attacker.id,
            targets=(target.id,),
            weapon=None,
            add_strength=False,
            bonus_ed=0,
            interaction_skill=command.skill,
        )
    )
    return events


def decide_resolve(state: WngState, command: ResolveAttack, dice: Dice, actor: Actor) -> list[Event]:
    test = state.test(command.test_id)
    attack = test.attack
    if attack is None:
        raise RuleViolation("resolve", case="not_attack", test=test.id)
    attacker = state.character(test.character_id)
    require_control(actor, attacker)
    if command.target_id not in attack.targets:
        raise RuleViolation("resolve", case="not_target", target=command.target_id, test=test.id)
    if command.target_id in attack.resolved:
        raise RuleViolation("resolve", case="already", test=test.id, target=command.target_id)
    outcome = judge(faces(test.dice), test.dn)
    if not outcome.success:
        raise RuleViolation("missed", count=outcome.icons, dn=test.dn)
    if not 0 <= command.shifts <= outcome.shifts_possible:
        raise RuleViolation("shifts", case="attack", count=outcome.shifts_possible)
    target = state.character(command.target_id)
    if attack.weapon is None:
        return _resolve_interaction(test.id, target, command)
    events: list[Event] = []
    if command.glory_damage:
        change = spend(state.glory, command.glory_damage, rule="glory")
        events.append(
            GlorySpent(amount=command.glory_damage, cause="damage", before=change.before, after=change.after,
                       test_id=test.id)
        )
    weapon = attack.weapon
    ed_dice = tuple(roll_d6s(dice, weapon.ed + attack.bonus_ed))
    damage = DamageTotal(
        weapon=weapon.damage,
        strength=attacker.sheet.attribute("strength") if attack.add_strength else 0,
        ed_icons=ed_icons([d.value for d in ed_dice]),
        shifts=command.shifts,
        glory=command.glory_damage,
    )
    resilience = effective_resilience(target.sheet.resilience, target.sheet.armour, weapon.ap)
    wounds = wounds_from(damage.total, resilience)
    hits = 1
    if target.is_troop:
        hits = troop_members_hit(outcome.icons - 2 * command.shifts, target.defence, target.members_left)
    events.append(
        DamageDealt(
            test_id=test.id, target_id=target.id, damage=damage, total=damage.total, ed_dice=ed_dice,
            resilience=resilience, members_hit=hits, wounds=wounds,
        )
    )
    if target.is_troop:
        events.append(troop_damage(target, hits, wounds, dice, test.id))
    elif wounds:
        events.append(WoundsPending(character_id=target.id, test_id=test.id, wounds=wounds))
    else:
        shock_die = dice.roll(3)
        events.append(apply_damage(target, "attack", shock_dice=(shock_die,), shock=shock_die.value, wounds=0,
                                   test_id=test.id))
    return events


def _resolve_interaction(test_id: str, target: CharacterState, command: ResolveAttack) -> list[Event]:
    if command.effect is None:
        raise RuleViolation("interaction", case="effect")
    if command.glory_damage:
        raise RuleViolation("interaction", case="glory")
    effect: Event
    if command.effect == "dn":
        effect = NextActionPenaltyAdded(character_id=target.id, penalty=INTERACTION_DN)
    else:
        effect = DefenceEffectAdded(character_id=target.id, effect=INTERACTION_DEFENCE)
    return [
        InteractionEffectApplied(
            test_id=test_id, target_id=target.id, effect=command.effect, shifts=command.shifts,
            extra_effect=command.shifts >= EXTRA_EFFECT_SHIFTS,
        ),
        effect,
    ]


def decide_reload(state: WngState, command: Reload, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    require_able(character)
    events = take_action(state, character, NORMAL, "reload")
    if character.is_hero:
        change = spend(character.reloads, 1, rule="reloads")
        events.append(ReloadsSpent(character_id=character.id, amount=1, cause="reload", before=change.before,
                                   after=change.after))
    events.append(NextActionPenaltyAdded(character_id=character.id, penalty=AFTER_RELOAD_DN, shooting_only=True))
    return events


def decide_initiative(state: WngState, command: RollInitiative, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    rolled = tuple(roll_d6s(dice, character.sheet.attribute("initiative")))
    return [SpecialRolled(roll_id=state.next_test_id(), character_id=character.id, kind="initiative", dice=rolled,
                          icons=count_icons(d.value for d in rolled))]


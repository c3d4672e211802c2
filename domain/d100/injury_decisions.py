"""Deciding damage: each hit's dice, degrees, Righteous Fury, cover, armour, wounds, criticals, magnitude."""

from __future__ import annotations

from ..dice import Dice, Die, d5
from ..errors import RuleViolation
from ..events import Event
from .commands import OpposedSide, RollDamage, RollOpposedTest
from .comrades import comrade_after_hit, take_cover_shrugs_off
from .context import D100Context
from .criticals import CriticalEffect
from .damage import (
    FuryChain,
    apply_degrees_minimum,
    damage_total,
    effective_armour,
    face,
    natural_tens,
    parse_damage,
    roll_damage_dice,
    roll_fury_chain,
    rolls_total,
    take_damage,
    through_cover,
    wounding_damage,
)
from .encounter_events import CharacterChange, HordeBroke, ManoeuvreResolved
from .events import DamageApplied, HitResolved
from .harm import aftermath, critical_effects, effect_conditions
from .hordes import horde_extra_damage_dice, horde_morale, magnitude_after
from .manoeuvre_decisions import resolve_grapple_start, resolve_stun
from .recording_dice import RecordingDice
from .roll_decisions import character, opposed_rolled
from .state import Condition, CriticalRecord, D100State, PendingAttack


def decide_damage(state: D100State, command: RollDamage, source: Dice, context: D100Context) -> list[Event]:
    """Roll each remaining hit's damage and apply it (or the Stun roll, or the grapple the attack begins)."""
    attack = state.attacks.get(command.attack_id)
    if attack is None:
        raise RuleViolation("no_pending_attack")
    if attack.stage == "missed":
        # Said apart from "no such attack": the player must learn why. In the attack's own post this refusal
        # becomes a skipped line (domain/skipping.py); it stands for an attack of an earlier post.
        raise RuleViolation("attack_missed", attack=attack.id)
    if attack.stage != "awaiting_damage":
        raise RuleViolation("reaction_pending")
    if attack.action == "stun":
        return [resolve_stun(state, attack, source)]
    if attack.grapple:
        return [resolve_grapple_start(state, attack)]
    damage = _damage(state, command, source, context)
    if attack.action == "crushing_charge":
        return [*damage, *_trample(state, attack, damage[0], source)]
    return damage


def _trample(state: D100State, attack: PendingAttack, landed: Event, dice: Dice) -> list[Event]:
    """A crushing charge that landed (001): the target tests S against the mount's, or is knocked down."""
    attacker, target = character(state, attack.attacker_id), character(state, attack.target_id)
    down = isinstance(landed, DamageApplied) and any(
        c.name in ("dead", "unconscious") for c in landed.conditions_added)
    if attacker.mounted_on is None or target.is_horde or target.incapacitated or down:
        return []
    mount = character(state, attacker.mounted_on)
    contest = opposed_rolled(state, RollOpposedTest(
        contest_id=f"{attack.id}:trample", first=OpposedSide(character_id=target.id, characteristic="S"),
        second=OpposedSide(character_id=mount.id, characteristic="S")), dice)
    stood = contest.result.winner == "first"  # our reading: he must win it to keep his feet
    changes = () if stood else (CharacterChange(character_id=target.id, conditions_added=(
        Condition(name="prone", note=f"ridden down by {attacker.name}"),)),)
    return [contest, ManoeuvreResolved(
        contest_id=contest.contest_id, manoeuvre="trample", actor_id=mount.id, opponent_id=target.id,
        outcome="stood_firm" if stood else "target_prone", changes=changes,
    )]


def _damage(state: D100State, command: RollDamage, source: Dice, context: D100Context) -> list[Event]:
    attack = state.attacks[command.attack_id]
    attacker = character(state, attack.attacker_id)
    target = character(state, attack.target_id)
    weapon = attack.power or attacker.sheet.weapon(attack.weapon_id)
    if weapon is None:
        raise RuleViolation("no_such_weapon", case="no_longer", character=attacker.name, weapon=attack.weapon_id)

    dice = RecordingDice(source)
    expr = parse_damage(weapon.damage)
    sb, tb = attacker.bonus("S"), target.bonus("T")
    if attack.to_comrade:
        health = target.comrade or "unharmed"
        hits: tuple[HitResolved, ...] = ()
        after = comrade_after_hit(health)
        if "take_cover" in target.comrade_orders:
            # Take Cover (001): the hit's damage is rolled; unless it beats the comrade's armour by 3, no wound.
            rolled = roll_damage_dice(expr, dice)
            faces = tuple(face(d, expr.sides) for d in rolled)
            total = damage_total(faces, expr, sb, attack.melee)
            armour = target.sheet.comrade_armour
            shrugged = take_cover_shrugs_off(total, armour)
            after = health if shrugged else after
            hits = (HitResolved(location=None, dice=rolled, faces=faces, degrees_die=None, total=total, armour=armour,
                                toughness_bonus=0, wounding=0 if shrugged else total - armour),)
        return [DamageApplied(
            attack_id=attack.id, attacker_id=attacker.id, target_id=target.id, hits=hits, dice=tuple(dice.rolled),
            damage_after=target.damage, critical_after=target.critical, fatigue_after=target.fatigue,
            comrade_after=after, to_comrade=True, magnitude_after=target.magnitude,
        )]
    primitive = "primitive" in weapon.qualities
    confirm_fury = state.options.righteous_fury == "confirm" or attacker.sheet.has_trait("space_marine")
    horde_dice_count = horde_extra_damage_dice(attacker.magnitude or 0) if attacker.is_horde else 0
    cover_ap = command.cover.ap if command.cover else 0

    damage, critical, fatigue = target.damage, target.critical, target.fatigue
    magnitude = target.magnitude
    lost = 0
    resolved: list[HitResolved] = []
    criticals: list[CriticalRecord] = []
    effects: list[CriticalEffect] = []
    table_conditions: list[Condition] = []
    for index in range(attack.hits):
        location = attack.locations[index] if index < len(attack.locations) else None
        times = 2 if attack.helpless_target else 1  # helpless: the whole damage roll twice, added (RULES A6)
        rolled = roll_damage_dice(expr, dice, times=times)
        faces = tuple(face(d, expr.sides) for d in rolled)
        degrees_die: int | None = None
        if index == 0:  # the degrees are the minimum of one die of the attack (000 step 4)
            faces, degrees_die = apply_degrees_minimum(faces, attack.degrees)
        horde_dice = tuple(dice.roll(10) for _ in range(horde_dice_count))
        total = rolls_total(faces, expr, sb, attack.melee, times) + sum(d.value for d in horde_dice)
        tens_rolled = natural_tens(rolled)
        fury: FuryChain | None = None
        fury_die: Die | None = None
        if tens_rolled and attack.power is None:  # a power has no attack roll to confirm a Fury with (our reading)
            if confirm_fury:
                automatic = attack.helpless_target and tens_rolled >= 2
                fury = roll_fury_chain(
                    dice, attack.target_number, expr.sides, confirm=not automatic, jam_from=attack.jam_from,
                    reroll_failed=attack.melee and attacker.id in context.melee_fury_reroll,
                )
                total += fury.extra_damage
            else:
                fury_die = dice.roll(10)
        remaining, cover_used, cover_damaged = total, 0, False
        if command.cover and cover_ap > 0 and (location is None or location in command.cover.locations):
            outcome = through_cover(total, cover_ap, weapon.penetration)
            remaining, cover_used, cover_damaged = outcome.remaining, cover_ap, outcome.cover_damaged
            cover_ap -= 1 if cover_damaged else 0
        ap = target.sheet.armour.body if location is None else target.sheet.armour.at(location)
        armour = effective_armour(ap, weapon.penetration, primitive)
        wounding = wounding_damage(remaining, tb, armour)
        critical_added = 0
        if magnitude is not None:
            hit_loss = (1 if wounding > 0 else 0) + (1 if fury_die is not None and wounding > 0 else 0)
            lost += min(hit_loss, magnitude - lost) if magnitude - lost > 0 else 0
        else:
            taken = take_damage(damage, critical, target.sheet.wounds, wounding)
            damage, critical, critical_added = taken.damage, taken.critical, taken.critical_added
            if fury_die is not None and wounding > 0:
                critical += d5(fury_die)
                critical_added += d5(fury_die)
            if critical_added:
                record = CriticalRecord(location=location, damage_type=weapon.damage_type,
                                        amount=critical_added, total=critical)
                criticals.append(record)
                found = critical_effects(state, target, record)
                effects.extend(found)
                added, extra_fatigue = effect_conditions(found, location)
                table_conditions.extend(added)
                fatigue += extra_fatigue
        if weapon.id == "unarmed" and total >= tb:
            fatigue += 1
        resolved.append(HitResolved(
            location=location, dice=rolled, faces=faces, degrees_die=degrees_die, horde_dice=horde_dice,
            fury=fury, fury_critical_die=fury_die, total=total, cover_ap=cover_used, cover_damaged=cover_damaged,
            armour=armour, toughness_bonus=tb, wounding=wounding, critical_added=critical_added,
        ))

    conditions: list[Condition] = []
    magnitude_after_hits: int | None = None
    follow: list[Event] = []
    break_due = False
    if magnitude is not None:
        magnitude_after_hits = magnitude_after(magnitude, lost)
        start = target.magnitude_start or magnitude
        turn_start = target.magnitude_at_turn_start or magnitude
        morale = horde_morale(start, turn_start, magnitude_after_hits, target.sheet.has_trait("fearless"))
        if magnitude_after_hits == 0 and not target.has("dead"):
            conditions.append(Condition(name="dead", note="magnitude 0: the horde is destroyed"))
        elif morale.broken and not target.has("broken"):
            follow.append(HordeBroke(character_id=target.id, reason="magnitude", magnitude=magnitude_after_hits,
                                     starting=start))
        elif morale.must_test and not target.has("broken"):
            break_due = True
    else:
        conditions.extend(aftermath(state, target, critical, fatigue, table_conditions).conditions)

    return [DamageApplied(
        attack_id=attack.id, attacker_id=attacker.id, target_id=target.id, hits=tuple(resolved),
        dice=tuple(dice.rolled), damage_after=damage, critical_after=critical, criticals=tuple(criticals),
        fatigue_after=fatigue, magnitude_after=magnitude_after_hits, magnitude_lost=lost,
        conditions_added=tuple(conditions), critical_effects=tuple(effects), break_test_due=break_due,
    ), *follow]

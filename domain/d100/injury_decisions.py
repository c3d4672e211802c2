"""Deciding damage: each hit's dice, degrees, Righteous Fury, cover, armour, wounds, criticals, magnitude."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..dice import Dice, Die, d5
from ..errors import RuleViolation
from ..events import Event
from .commands import OpposedSide, RollDamage, RollOpposedTest
from .comrades import comrade_after_hit, take_cover_shrugs_off
from .context import D100Context
from .criticals import CriticalEffect
from .damage import (
    DamageExpr,
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
from .hit_location import Location
from .hordes import horde_extra_damage_dice, horde_morale, magnitude_after
from .manoeuvre_decisions import resolve_grapple_start, resolve_stun
from .recording_dice import RecordingDice
from .roll_decisions import character, opposed_rolled
from .sheet import Weapon
from .state import CharacterState, Condition, CriticalRecord, D100State, PendingAttack


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
    """Each hit of the attack in turn (RULES A7): its damage roll, cover, armour and Toughness, then the wounds
    or magnitude it takes; then what the hits leave the target (horde morale, or criticals and conditions)."""
    attack = state.attacks[command.attack_id]
    attacker = character(state, attack.attacker_id)
    target = character(state, attack.target_id)
    weapon = attack.power or attacker.sheet.weapon(attack.weapon_id)
    if weapon is None:
        raise RuleViolation("no_such_weapon", case="no_longer", character=attacker.name, weapon=attack.weapon_id)

    dice = RecordingDice(source)
    expr = parse_damage(weapon.damage)
    if attack.to_comrade:
        return [_comrade_hit(attack, attacker, target, expr, dice)]
    tb = target.bonus("T")
    tally = _Tally(damage=target.damage, critical=target.critical, fatigue=target.fatigue,
                   magnitude=target.magnitude, cover_ap=command.cover.ap if command.cover else 0)
    resolved: list[HitResolved] = []
    for index in range(attack.hits):
        location = attack.locations[index] if index < len(attack.locations) else None
        hit = _roll_hit(state, attack, attacker, expr, dice, index, context)
        remaining, cover_used, cover_damaged = _through_cover(command, tally, hit.total, location, weapon)
        ap = target.sheet.armour.body if location is None else target.sheet.armour.at(location)
        armour = effective_armour(ap, weapon.penetration, "primitive" in weapon.qualities)
        wounding = wounding_damage(remaining, tb, armour)
        critical_added = _wound(state, target, weapon, tally, location, wounding, hit.fury_die)
        if weapon.id == "unarmed" and hit.total >= tb:
            tally.fatigue += 1
        resolved.append(HitResolved(
            location=location, dice=hit.rolled, faces=hit.faces, degrees_die=hit.degrees_die,
            horde_dice=hit.horde_dice, fury=hit.fury, fury_critical_die=hit.fury_die, total=hit.total,
            cover_ap=cover_used, cover_damaged=cover_damaged, armour=armour, toughness_bonus=tb, wounding=wounding,
            critical_added=critical_added,
        ))
    return _hits_applied(state, attack, attacker, target, tally, tuple(resolved), dice)


@dataclass
class _Tally:
    """What the attack's hits have done to the target so far, hit after hit."""

    damage: int
    critical: int
    fatigue: int
    magnitude: int | None  # a horde's magnitude before the hits; None: the target takes wounds
    cover_ap: int  # the cover's AP left: a hit that beats it costs it 1 AP (RULES A6)
    lost: int = 0  # magnitude lost
    criticals: list[CriticalRecord] = field(default_factory=list)
    effects: list[CriticalEffect] = field(default_factory=list)
    table_conditions: list[Condition] = field(default_factory=list)


@dataclass(frozen=True)
class _HitRoll:
    """One hit's damage roll: the dice, the degrees' minimum, a horde's extra dice and a Righteous Fury."""

    rolled: tuple[Die, ...]
    faces: tuple[int, ...]
    degrees_die: int | None
    horde_dice: tuple[Die, ...]
    total: int
    fury: FuryChain | None
    fury_die: Die | None


def _comrade_hit(
    attack: PendingAttack, attacker: CharacterState, target: CharacterState, expr: DamageExpr, dice: RecordingDice
) -> DamageApplied:
    """A hit on a comrade (Only War) takes it one step down, unless Take Cover shrugs the damage off."""
    health = target.comrade or "unharmed"
    hits: tuple[HitResolved, ...] = ()
    after = comrade_after_hit(health)
    if "take_cover" in target.comrade_orders:
        # Take Cover (001): the hit's damage is rolled; unless it beats the comrade's armour by 3, no wound.
        rolled = roll_damage_dice(expr, dice)
        faces = tuple(face(d, expr.sides) for d in rolled)
        total = damage_total(faces, expr, attacker.bonus("S"), attack.melee)
        armour = target.sheet.comrade_armour
        shrugged = take_cover_shrugs_off(total, armour)
        after = health if shrugged else after
        hits = (HitResolved(location=None, dice=rolled, faces=faces, degrees_die=None, total=total, armour=armour,
                            toughness_bonus=0, wounding=0 if shrugged else total - armour),)
    return DamageApplied(
        attack_id=attack.id, attacker_id=attacker.id, target_id=target.id, hits=hits, dice=tuple(dice.rolled),
        damage_after=target.damage, critical_after=target.critical, fatigue_after=target.fatigue,
        comrade_after=after, to_comrade=True, magnitude_after=target.magnitude,
    )


def _roll_hit(
    state: D100State, attack: PendingAttack, attacker: CharacterState, expr: DamageExpr, dice: Dice, index: int,
    context: D100Context,
) -> _HitRoll:
    """The damage dice (twice against a helpless target, RULES A6), the first hit's degrees as a minimum die,
    a horde attacker's extra dice, and a natural 10's Righteous Fury: confirmed (Deathwatch, a Space Marine)
    or a d5 of critical damage (A7)."""
    times = 2 if attack.helpless_target else 1  # helpless: the whole damage roll twice, added (RULES A6)
    rolled = roll_damage_dice(expr, dice, times=times)
    faces = tuple(face(d, expr.sides) for d in rolled)
    degrees_die: int | None = None
    if index == 0:  # the degrees are the minimum of one die of the attack (000 step 4)
        faces, degrees_die = apply_degrees_minimum(faces, attack.degrees)
    horde_dice_count = horde_extra_damage_dice(attacker.magnitude or 0) if attacker.is_horde else 0
    horde_dice = tuple(dice.roll(10) for _ in range(horde_dice_count))
    total = rolls_total(faces, expr, attacker.bonus("S"), attack.melee, times) + sum(d.value for d in horde_dice)
    tens_rolled = natural_tens(rolled)
    fury: FuryChain | None = None
    fury_die: Die | None = None
    if tens_rolled and attack.power is None:  # a power has no attack roll to confirm a Fury with (our reading)
        if state.options.righteous_fury == "confirm" or attacker.sheet.has_trait("space_marine"):
            automatic = attack.helpless_target and tens_rolled >= 2
            fury = roll_fury_chain(
                dice, attack.target_number, expr.sides, confirm=not automatic, jam_from=attack.jam_from,
                reroll_failed=attack.melee and attacker.id in context.melee_fury_reroll,
            )
            total += fury.extra_damage
        else:
            fury_die = dice.roll(10)
    return _HitRoll(rolled=rolled, faces=faces, degrees_die=degrees_die, horde_dice=horde_dice, total=total,
                    fury=fury, fury_die=fury_die)


def _through_cover(
    command: RollDamage, tally: _Tally, total: int, location: Location | None, weapon: Weapon
) -> tuple[int, int, bool]:
    """Cover over the hit's location stops damage first (RULES A6): the damage left, the cover's AP used, and
    whether the hit cost the cover 1 AP."""
    if command.cover and tally.cover_ap > 0 and (location is None or location in command.cover.locations):
        used = tally.cover_ap
        outcome = through_cover(total, used, weapon.penetration)
        tally.cover_ap -= 1 if outcome.cover_damaged else 0
        return outcome.remaining, used, outcome.cover_damaged
    return total, 0, False


def _wound(
    state: D100State, target: CharacterState, weapon: Weapon, tally: _Tally, location: Location | None,
    wounding: int, fury_die: Die | None,
) -> int:
    """The wounding damage taken: a horde loses magnitude (one more for a Fury); anyone else takes wounds, then
    critical damage with its table's effects (a Fury's d5 too). The critical damage this hit added."""
    if tally.magnitude is not None:
        hit_loss = (1 if wounding > 0 else 0) + (1 if fury_die is not None and wounding > 0 else 0)
        tally.lost += min(hit_loss, tally.magnitude - tally.lost) if tally.magnitude - tally.lost > 0 else 0
        return 0
    taken = take_damage(tally.damage, tally.critical, target.sheet.wounds, wounding)
    tally.damage, tally.critical, critical_added = taken.damage, taken.critical, taken.critical_added
    if fury_die is not None and wounding > 0:
        tally.critical += d5(fury_die)
        critical_added += d5(fury_die)
    if critical_added:
        record = CriticalRecord(location=location, damage_type=weapon.damage_type,
                                amount=critical_added, total=tally.critical)
        tally.criticals.append(record)
        found = critical_effects(state, target, record)
        tally.effects.extend(found)
        added, extra_fatigue = effect_conditions(found, location)
        tally.table_conditions.extend(added)
        tally.fatigue += extra_fatigue
    return critical_added


def _hits_applied(
    state: D100State, attack: PendingAttack, attacker: CharacterState, target: CharacterState, tally: _Tally,
    resolved: tuple[HitResolved, ...], dice: RecordingDice,
) -> list[Event]:
    """The damage applied, with what the hits leave: a horde destroyed at magnitude 0, broken, or due a morale
    test (RULES A10); anyone else the conditions of its critical damage and fatigue."""
    conditions: list[Condition] = []
    magnitude_after_hits: int | None = None
    follow: list[Event] = []
    break_due = False
    if tally.magnitude is not None:
        magnitude = tally.magnitude
        magnitude_after_hits = magnitude_after(magnitude, tally.lost)
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
        conditions.extend(aftermath(state, target, tally.critical, tally.fatigue, tally.table_conditions).conditions)

    return [DamageApplied(
        attack_id=attack.id, attacker_id=attacker.id, target_id=target.id, hits=resolved,
        dice=tuple(dice.rolled), damage_after=tally.damage, critical_after=tally.critical,
        criticals=tuple(tally.criticals), fatigue_after=tally.fatigue, magnitude_after=magnitude_after_hits,
        magnitude_lost=tally.lost, conditions_added=tuple(conditions), critical_effects=tuple(tally.effects),
        break_test_due=break_due,
    ), *follow]

"""Attack rules: which skill, which bonus dice, which DN penalties, Reloads, troops and interactions."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.errors import RuleViolation
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.sheet import Skill, Weapon

RangeBand = Literal["short", "medium", "long"]
InteractionSkill = Literal["athletics", "deception", "intimidation", "persuasion", "tech"]
INTERACTION_SKILLS: tuple[InteractionSkill, ...] = ("athletics", "deception", "intimidation", "persuasion", "tech")

CHARGE_DICE = 1
ALL_OUT_DICE = 2
ALL_OUT_DEFENCE = -2
AIM_DICE = 1
SHORT_RANGE_DICE = 1
LONG_RANGE_DN = 2
EXTRA_TARGET_DN = 2
RELOAD_TARGET_DN = -2
AFTER_RELOAD_DN = 2


class CalledShot(msgspec.Struct, frozen=True, kw_only=True):
    """A shot at a body part; its DN penalty and bonus ED by size are the GM's ruling, recorded."""

    location: str
    dn: int
    ed: int


class AttackOptions(msgspec.Struct, frozen=True, kw_only=True):
    """What the attacker declares before rolling."""

    charge: bool = False
    all_out: bool = False
    engaged: bool = False
    aim: bool = False
    distance: float | None = None
    called_shot: CalledShot | None = None
    salvo: bool = False
    reloads_for_targets: int = 0


class AttackPlan(msgspec.Struct, frozen=True, kw_only=True):
    """The attack before the dice: skill, bonus dice, DN penalties, damage bonuses, Reloads, self-effects."""

    skill: Skill
    bonus_dice: tuple[Modifier, ...]
    dn_penalties: tuple[Modifier, ...]
    add_strength: bool
    bonus_ed: int
    reloads: int
    defence_penalty: int
    range_band: RangeBand | None


def range_band(distance: float, weapon_range: int) -> RangeBand:
    """≤ ½ range is short, up to range medium, up to 2 × range long; beyond that no shot is possible."""
    if distance < 0:
        raise RuleViolation("range", case="negative")
    if distance > 2 * weapon_range:
        raise RuleViolation("range", case="too_far", distance=distance, range=weapon_range)
    if distance * 2 <= weapon_range:
        return "short"
    if distance <= weapon_range:
        return "medium"
    return "long"


def plan_attack(weapon: Weapon, options: AttackOptions, extra_targets: int) -> AttackPlan:
    """Turn a weapon and declared options into bonus dice and DN penalties, refusing what the rules forbid."""
    if weapon.kind == "melee":
        return _plan_melee(weapon, options, extra_targets)
    return _plan_ranged(weapon, options, extra_targets)


def _plan_melee(weapon: Weapon, options: AttackOptions, extra_targets: int) -> AttackPlan:
    if options.aim:
        raise RuleViolation("aim")
    if options.salvo or options.reloads_for_targets or extra_targets:
        raise RuleViolation("salvo", case="melee")
    if options.distance is not None and options.distance > weapon.range:
        raise RuleViolation("reach", reach=weapon.range, weapon=weapon.name)
    if options.charge and options.all_out:
        raise RuleViolation("all_out_attack", case="charge")
    dice: list[Modifier] = []
    if options.charge:
        dice.append(Modifier("charge", CHARGE_DICE))
    if options.all_out:
        dice.append(Modifier("all-out attack", ALL_OUT_DICE))
    dn, ed = _called_shot(options)
    return AttackPlan(
        skill="weapon_skill",
        bonus_dice=tuple(dice),
        dn_penalties=dn,
        add_strength=True,
        bonus_ed=ed,
        reloads=0,
        defence_penalty=ALL_OUT_DEFENCE if options.all_out else 0,
        range_band=None,
    )


def _plan_ranged(weapon: Weapon, options: AttackOptions, extra_targets: int) -> AttackPlan:
    if options.charge:
        raise RuleViolation("charge")
    if options.all_out:
        raise RuleViolation("all_out_attack", case="ranged")
    dice: list[Modifier] = []
    penalties: list[Modifier] = []
    band: RangeBand | None = None
    if options.engaged:
        if not weapon.is_pistol:
            raise RuleViolation("engaged", case="pistol", weapon=weapon.name)
        if options.aim:
            raise RuleViolation("engaged", case="aim")
    else:
        if options.distance is not None:
            band = range_band(options.distance, weapon.range)
            if band == "short":
                dice.append(Modifier("short range", SHORT_RANGE_DICE))
            elif band == "long":
                penalties.append(Modifier("long range", LONG_RANGE_DN))
        if options.aim:
            dice.append(Modifier("aim", AIM_DICE))
    reloads = _reloads(weapon, options, extra_targets, dice, penalties)
    dn, ed = _called_shot(options)
    return AttackPlan(
        skill="weapon_skill" if options.engaged else "ballistic_skill",
        bonus_dice=tuple(dice),
        dn_penalties=tuple(penalties) + dn,
        add_strength=False,
        bonus_ed=ed,
        reloads=reloads,
        defence_penalty=0,
        range_band=band,
    )


def _reloads(
    weapon: Weapon, options: AttackOptions, extra_targets: int, dice: list[Modifier], penalties: list[Modifier]
) -> int:
    if extra_targets < 0 or options.reloads_for_targets < 0:
        raise ValueError("counts cannot be negative")
    if options.salvo:
        if weapon.salvo < 1:
            raise RuleViolation("salvo", case="none", weapon=weapon.name)
        if extra_targets:
            raise RuleViolation("salvo", case="multiple_targets")
        dice.append(Modifier("salvo", weapon.salvo))
    if extra_targets:
        if extra_targets > weapon.salvo:
            raise RuleViolation("multiple_targets", weapon=weapon.name, count=weapon.salvo)
        penalties.append(Modifier(f"{extra_targets} extra targets", EXTRA_TARGET_DN * extra_targets))
    if options.reloads_for_targets:
        if options.reloads_for_targets > extra_targets:
            raise RuleViolation("reloads", case="targets")
        penalties.append(Modifier("Reloads spent on targets", RELOAD_TARGET_DN * options.reloads_for_targets))
    reloads = (1 if options.salvo else 0) + options.reloads_for_targets
    if reloads > weapon.salvo:
        raise RuleViolation("reloads", case="salvo", count=weapon.salvo)
    return reloads


def _called_shot(options: AttackOptions) -> tuple[tuple[Modifier, ...], int]:
    shot = options.called_shot
    if shot is None:
        return (), 0
    if shot.dn < 0 or shot.ed < 0:
        raise RuleViolation("called_shot")
    return (Modifier(f"called shot: {shot.location}", shot.dn),), shot.ed


def troop_members_hit(icons: int, defence: int, members_left: int) -> int:
    """A hit on a troop strikes 1 member + 1 per 2 icons above its Defence, at most the members left."""
    if icons < defence:
        return 0
    return min(members_left, 1 + (icons - defence) // 2)


def troop_attack_bonus(members: int) -> int:
    """A troop's combined attack gets +1 die per member up to half its members, rounded up."""
    if members < 1:
        raise ValueError("an attack needs at least one member")
    return (members + 1) // 2


def interaction_dn(opposed_skill: int, resolve: int) -> int:
    """An interaction attack's DN is the higher of the target's opposed skill and its Resolve."""
    return max(opposed_skill, resolve)

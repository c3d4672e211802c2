"""Mounted combat (seed 001, RULES A12): mounting, the rider's special actions, thrown riders.

The rider tests Survival (a sheet's "Survival (Wrangling)" if it has one); a blinded mount makes every riding
test −30; a crippled mount (a useless or lost limb, or out of the fight) cannot move or be mounted. Failing a
riding test by more degrees than the rider's AgB throws him: he falls that many metres (1d5 m when no test).
"""

from __future__ import annotations

import math

from msgspec.structs import replace

from ..dice import Dice, Die, d5
from ..errors import RuleViolation
from ..events import Event
from .characteristics import Characteristic
from .context import D100Context
from .encounter_events import CharacterChange
from .encounter_state import ActionCost
from .harm import fall, toughness_bonus, wound
from .hit_location import hit_location
from .modifiers import Modifier
from .mounted_commands import Mount, Ride
from .mounted_events import BurningMountTested, MountChanged, RideRolled
from .movement import movement
from .roll_decisions import character, require_able, require_new_id
from .state import CharacterState, D100State
from .tested_decisions import check
from .tested_events import TestResult
from .turn_budget import use_action

CALM_THE_MOUNT = Modifier("calming the mount", 20)  # mounting or dismounting in combat: Survival +20
BLINDED_MOUNT = Modifier("blinded mount", -30)
GALLOP_M_PER_DEGREE = 5
_RIDE_MODIFIERS: dict[str, int] = {"gallop": -10, "evasive": -20, "leap": -20, "rearing_strike": -20}


def survival_skill(rider: CharacterState) -> str:
    """Riding tests Survival (Wrangling) (001): that sheet entry if the rider has it, else Survival."""
    return "Survival (Wrangling)" if "Survival (Wrangling)" in rider.sheet.skills else "Survival"


def crippled(mount: CharacterState) -> bool:
    """A crippled mount (our reading: a useless or lost limb) or one out of the fight cannot move or carry."""
    return mount.incapacitated or mount.has("limb_useless") or mount.has("limb_lost")


def ride_modifiers(mount: CharacterState) -> list[Modifier]:
    return [BLINDED_MOUNT] if mount.has("blinded") else []


def mounted_pair(state: D100State, rider_id: str) -> tuple[CharacterState, CharacterState]:
    rider = character(state, rider_id)
    if rider.mounted_on is None:
        raise RuleViolation("not_mounted", case="not_riding", rider=rider.name)
    return rider, character(state, rider.mounted_on)


def thrown(
    state: D100State, rider: CharacterState, mount: CharacterState, dice: Dice, failed_by: int | None = None,
    test_id: str | None = None,
) -> MountChanged:
    """Thrown from the saddle: a fall of the test's degrees of failure in metres (1d5 m without one), then prone."""
    rolled: list[Die] = []
    if failed_by is None:
        metres_die = dice.roll(10)
        rolled.append(metres_die)
        metres = float(d5(metres_die))
    else:
        metres = float(failed_by)
    fall_die = dice.roll(10)
    rolled.append(fall_die)
    return MountChanged(rider_id=rider.id, mount_id=mount.id, mounted=False, test_id=test_id, dice=tuple(rolled),
                        thrown=True, fall_m=metres, change=fall(state, rider, metres, fall_die))


def _throws(test: TestResult, rider: CharacterState) -> bool:
    return not test.success and test.degrees > rider.bonus("Ag")


def decide_mount(state: D100State, command: Mount, dice: Dice, context: D100Context) -> list[Event]:
    """A Full Action; in an encounter Survival +20, failing by more than AgB degrees throws him."""
    require_new_id(state, command.test_id, "test")
    rider, mount = character(state, command.rider_id), character(state, command.mount_id)
    require_able(rider, "mount or dismount")
    if command.dismount:
        if rider.mounted_on != mount.id:
            raise RuleViolation("not_mounted", case="not_riding_mount", rider=rider.name, mount=mount.name)
    else:
        if rider.mounted_on is not None:
            raise RuleViolation("mounted", rider=rider.name, mount=state.characters[rider.mounted_on].name)
        if mount.id == rider.id or state.rider_of(mount.id) is not None:
            raise RuleViolation("mount_taken", mount=mount.name)
        if crippled(mount):
            raise RuleViolation("mount_crippled", case="cannot_carry", mount=mount.name)
    spent = use_action(state, rider.id, "full", "mount", command.use)
    if state.encounter is None:  # "normally no test is needed" out of combat
        return [*spent, MountChanged(rider_id=rider.id, mount_id=mount.id, mounted=not command.dismount,
                                     test_id=command.test_id)]
    test, die = check(state, rider, None, survival_skill(rider),
                      (CALM_THE_MOUNT, *ride_modifiers(mount), *command.modifiers), dice)
    if _throws(test, rider):
        fell = thrown(state, rider, mount, dice, failed_by=test.degrees, test_id=command.test_id)
        return [*spent, MountChanged(rider_id=rider.id, mount_id=mount.id, mounted=False, test_id=command.test_id,
                                     test=test, dice=(die, *fell.dice), thrown=True, fall_m=fell.fall_m,
                                     change=fell.change)]
    mounted = (not command.dismount) if test.success else command.dismount
    return [*spent, MountChanged(rider_id=rider.id, mount_id=mount.id, mounted=mounted, test_id=command.test_id,
                                 test=test, dice=(die,))]


def _cost(command: Ride) -> ActionCost:
    if command.manoeuvre == "half_gallop":
        return "full" if command.full else "half"
    return "half" if command.manoeuvre == "rearing_strike" else "full"


def decide_ride(state: D100State, command: Ride, dice: Dice, context: D100Context) -> list[Event]:
    """The mounted special actions of seed 001, their Survival tests and what the mount does."""
    require_new_id(state, command.test_id, "test")
    rider, mount = mounted_pair(state, command.rider_id)
    require_able(rider, "ride")
    if crippled(mount):
        raise RuleViolation("mount_crippled", case="cannot_move", mount=mount.name)
    manoeuvre = command.manoeuvre
    target = character(state, command.target_id) if command.target_id is not None else None
    weapon = None
    if manoeuvre == "rearing_strike":
        if target is None:
            raise RuleViolation("rearing_strike_target")
        weapon = (mount.sheet.weapon(command.weapon_id) if command.weapon_id is not None
                  else next(iter(mount.sheet.weapons), None))
        if weapon is None:
            raise RuleViolation("no_such_weapon", case="mount", mount=mount.name)
    spent = use_action(state, rider.id, _cost(command), manoeuvre, command.use)
    moves = movement(mount.bonus("Ag"))
    base = RideRolled(test_id=command.test_id, rider_id=rider.id, mount_id=mount.id, manoeuvre=manoeuvre)
    if manoeuvre == "half_gallop":
        return [*spent, _with(base, move_m=float(moves.full if command.full else moves.half))]
    mods: list[Modifier] = [Modifier(manoeuvre.replace("_", " "), _RIDE_MODIFIERS[manoeuvre])]
    if manoeuvre in ("evasive", "leap"):
        mods.append(Modifier("the mount's Agility", mount.sheet.value("Ag")))
    elif weapon is not None:
        key: Characteristic = "WS" if weapon.melee else "BS"
        mods.append(Modifier("the mount's WS" if weapon.melee else "the mount's BS", mount.sheet.value(key)))
    test, die = check(state, rider, None, survival_skill(rider), (*mods, *ride_modifiers(mount), *command.modifiers),
                      dice)
    ok, degrees = test.success, test.degrees
    throws = _throws(test, rider) and manoeuvre in ("gallop", "evasive")
    rolled = RideRolled(test_id=command.test_id, rider_id=rider.id, mount_id=mount.id, manoeuvre=manoeuvre, test=test,
                        dice=(die,), thrown=throws)
    if manoeuvre == "gallop":  # a run, +5 m per degree; failing badly the mount still runs, without him
        rolled = _with(rolled, move_m=float(moves.run + GALLOP_M_PER_DEGREE * degrees) if ok else
                       (float(moves.run) if throws else None))
    elif manoeuvre == "evasive":  # a full move; −5 per degree to ranged attacks at them and to his own shots
        rolled = _with(rolled, move_m=float(moves.full), evasive=5 * degrees if ok else 0)
    elif manoeuvre == "leap":  # 2 × the mount's SB + 1 m per degree, a quarter as high, rounded up
        if ok:
            length = 2 * mount.bonus("S") + degrees
            rolled = _with(rolled, move_m=float(moves.run), distance_m=float(length),
                           height_m=float(math.ceil(length / 4)))
        else:
            rolled = _with(rolled, refused=True)
    elif ok and target is not None and weapon is not None:  # rearing strike: the mount lands one hit
        locations = () if target.is_horde else (hit_location(test.roll),)
        unavoidable = target.is_horde or target.incapacitated or target.has("unaware")
        rolled = _with(rolled, target_id=target.id, weapon_id=weapon.id, melee=weapon.melee, hits=1,
                       locations=locations, stage="awaiting_damage" if unavoidable else "awaiting_reaction")
    elif target is not None and weapon is not None:
        rolled = _with(rolled, target_id=target.id, weapon_id=weapon.id, melee=weapon.melee)
    follow = [thrown(state, rider, mount, dice, failed_by=degrees, test_id=command.test_id)] if throws else []
    return [*spent, rolled, *follow]


def _with(event: RideRolled, **changes: object) -> RideRolled:
    return replace(event, **changes)


def burning_mount(state: D100State, rider: CharacterState, mount: CharacterState, dice: Dice) -> BurningMountTested:
    """The mount burns; Ag +0 or the rider catches fire; Survival −30 or the mount bolts (001)."""
    die = dice.roll(10)
    wounding = max(0, die.value - toughness_bonus(mount))
    hurt = wound(state, mount, wounding, "body", "energy", extra_fatigue=1)
    change = CharacterChange(
        character_id=mount.id, damage_after=hurt.damage, critical_after=hurt.critical, fatigue_after=hurt.fatigue,
        criticals=hurt.criticals, critical_effects=hurt.effects, conditions_added=hurt.conditions,
    )
    agility, ag_die = check(state, rider, "Ag", None, (), dice)
    rolled = [die, ag_die]
    survival: TestResult | None = None
    skill = survival_skill(rider)
    entry = rider.sheet.skills.get(skill)
    if entry is not None and entry.training != "untrained":
        survival, control_die = check(state, rider, None, skill,
                                      (Modifier("controlling a burning mount", -30), *ride_modifiers(mount)), dice)
        rolled.append(control_die)
    bolted = survival is None or not survival.success
    return BurningMountTested(
        rider_id=rider.id, mount_id=mount.id, dice=tuple(rolled), damage_roll=die.value, wounding=wounding,
        mount_change=change, agility=agility, caught_fire=not agility.success and not rider.has("on_fire"),
        survival=survival, bolted=bolted, bolt_m=movement(mount.bonus("Ag")).full if bolted else None,
    )

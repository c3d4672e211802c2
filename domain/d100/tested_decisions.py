"""Deciding a test and its consequence: putting out a fire, stopping Blood Loss, Fear, physical feats and
Focus Power (RULES A5, A8, A9, A12; seeds 000–002)."""

from __future__ import annotations

from collections.abc import Iterable

from ..dice import Dice, Die
from ..errors import RuleViolation
from ..events import Event
from .characteristics import Characteristic
from .checks import resolve_test
from .context import D100Context
from .damage import parse_damage
from .encounter_events import CharacterChange
from .encounter_state import ActionCost
from .feats import (
    GRAVITY_JUMP,
    GRAVITY_LIMIT,
    GRAVITY_THROW_SB,
    RUN_UP_M,
    climb_distance,
    gravity_agility_bonus,
    leap_height,
    leap_length,
    run_up_bonus,
    running_jump_height,
    swim_distance,
    throw_distance,
    weight_limit,
)
from .harm import fall
from .hordes import psychic_hits_on_horde
from .modifiers import Modifier
from .percentile import roll_d100
from .roll_decisions import build_target, character, require_able, require_new_id
from .state import CharacterState, Condition, D100State
from .tested_commands import Extinguish, FearTest, Feat, FocusPower, StopBloodLoss
from .tested_events import (
    BloodLossTreated,
    ExtinguishAttempted,
    FearTested,
    FeatRolled,
    PowerFocused,
    TestResult,
)
from .turn_budget import use_action

EXTINGUISH = Modifier("putting out the fire", -20)  # 000: a Hard (−20) Agility test, a Full Action
STAUNCH = Modifier("stopping blood loss", -10)  # 000: Medicae −10 …
STAUNCH_UNDER_STRESS = Modifier("stopping blood loss under stress", -30)  # … −30 under stress
# Fear (1)–(4): 001 names a table of modifiers it does not print; these are the core books' values (our reading).
FEAR_MODIFIERS = {1: 0, 2: -10, 3: -20, 4: -30}
FEAR_IMMUNE_TRAITS = ("from_beyond", "fearless")  # 001 "Del más allá"; a fearless horde (000)
SHOCK_PER_DEGREE = 10
MAX_METRES = 1000


def check(
    state: D100State, char: CharacterState, characteristic: Characteristic | None, skill: str | None,
    modifiers: Iterable[Modifier], dice: Dice,
) -> tuple[TestResult, Die]:
    """One test as every d100 test is rolled: base, modifiers with fatigue, clamp, die, degrees with Unnatural."""
    built = build_target(char, characteristic, skill, modifiers)
    die = roll_d100(dice)
    unnatural = char.unnatural(built.characteristic)
    result = resolve_test(built.target, die.value, rule=state.options.degrees_rule, unnatural=unnatural)
    return TestResult(
        label=built.label, characteristic=built.characteristic, base=built.base, modifiers=built.modifiers,
        target=built.target, roll=die.value, success=result.success, degrees=result.degrees,
        unnatural_degrees=unnatural // 2 if result.success else 0,
    ), die


def decide_extinguish(state: D100State, command: Extinguish, dice: Dice, context: D100Context) -> list[Event]:
    """A Full Action: down on the ground (prone) and Ag −20; a success puts the fire out."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    require_able(char, "put out the fire")
    if not char.has("on_fire"):
        raise RuleViolation("not_on_fire", character=char.name)
    spent = use_action(state, char.id, "full", "extinguish", command.use)
    test, die = check(state, char, "Ag", None, (EXTINGUISH, *command.modifiers), dice)
    change = CharacterChange(
        character_id=char.id,
        conditions_added=(Condition(name="prone", note="thrown himself down to put out the fire"),),
        conditions_removed=("on_fire",) if test.success else (),
    )
    return [*spent, ExtinguishAttempted(test_id=command.test_id, character_id=char.id, test=test, dice=(die,),
                                        extinguished=test.success, change=change)]


def decide_stop_blood_loss(state: D100State, command: StopBloodLoss, dice: Dice, context: D100Context) -> list[Event]:
    """A Full Action (our reading): Medicae −10, −30 under stress (in an encounter unless said otherwise)."""
    require_new_id(state, command.test_id, "test")
    medic = character(state, command.character_id)
    patient = character(state, command.patient_id or command.character_id)
    require_able(medic, "stop the bleeding")
    if not patient.has("blood_loss"):
        raise RuleViolation("not_bleeding", patient=patient.name)
    stress = command.under_stress if command.under_stress is not None else state.encounter is not None
    spent = use_action(state, medic.id, "full", "stop_blood_loss", command.use)
    test, die = check(state, medic, None, "Medicae", (STAUNCH_UNDER_STRESS if stress else STAUNCH, *command.modifiers),
                      dice)
    return [*spent, BloodLossTreated(test_id=command.test_id, character_id=medic.id, patient_id=patient.id,
                                     under_stress=stress, test=test, dice=(die,), stopped=test.success)]


def decide_fear_test(state: D100State, command: FearTest, dice: Dice, context: D100Context) -> list[Event]:
    """WP with the Fear rating's modifier (a horde + its magnitude); failing: Shock d100 + 10 per degree."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    if any(char.sheet.has_trait(t) for t in FEAR_IMMUNE_TRAITS):
        return [FearTested(test_id=command.test_id, character_id=char.id, fear=command.fear, source=command.source,
                           immune=True)]
    mods = [Modifier(f"fear ({command.fear})", FEAR_MODIFIERS[command.fear])]
    if char.is_horde and char.magnitude:
        mods.append(Modifier("horde magnitude", char.magnitude))
    test, die = check(state, char, "WP", None, (*mods, *command.modifiers), dice)
    rolled = [die]
    shock_roll = shock_total = None
    if not test.success and not char.is_horde:
        shock = roll_d100(dice)
        rolled.append(shock)
        shock_roll, shock_total = shock.value, shock.value + SHOCK_PER_DEGREE * test.degrees
    return [FearTested(
        test_id=command.test_id, character_id=char.id, fear=command.fear, source=command.source, test=test,
        dice=tuple(rolled), shock_roll=shock_roll, shock_total=shock_total,
        broken=char.is_horde and not test.success and not char.has("broken"),
    )]


# What each feat tests, and the action it takes in an encounter (seed 002; a throw is a half action: our reading).
_FEAT_COSTS: dict[str, ActionCost] = {
    "drop": "full", "running_jump": "full", "standing_leap": "full", "running_leap": "full", "throw": "half",
    "carry": "free", "lift": "full", "push": "full", "climb": "full", "swim": "full",
}
_JUMPS = frozenset({"drop", "running_jump", "standing_leap", "running_leap"})


def decide_feat(state: D100State, command: Feat, dice: Dice, context: D100Context) -> list[Event]:
    """The feat's test (none to carry) and what it reaches: metres, a height, or the SB + TB weight row."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    require_able(char, "do that")
    feat, gravity = command.feat, command.gravity
    if not (0 <= command.run_up_m <= MAX_METRES and 0 <= command.height_m <= MAX_METRES):
        raise RuleViolation("feat_metres", metres=MAX_METRES)
    if feat in ("running_jump", "running_leap") and command.run_up_m < RUN_UP_M:
        raise RuleViolation("run_up", case=feat.split("_")[1], metres=RUN_UP_M)
    kind = "jump" if feat in _JUMPS else feat
    spent = use_action(state, char.id, _FEAT_COSTS[feat], kind, command.use) if feat != "carry" else []
    sb, tb, agb = char.bonus("S"), char.bonus("T"), gravity_agility_bonus(char.bonus("Ag"), gravity)
    jump = GRAVITY_JUMP[gravity]
    if feat == "carry":
        return [FeatRolled(test_id=command.test_id, character_id=char.id, feat=feat, gravity=gravity,
                           limit=weight_limit(sb + GRAVITY_LIMIT[gravity], tb))]
    mods = [*_feat_modifiers(command), *command.modifiers]
    characteristic, skill = _tested(char, feat)
    test, die = check(state, char, characteristic, skill, mods, dice)
    rolled: list[Die] = [die]
    ok, degrees = test.success, test.degrees
    distance = height = fall_m = None
    limit = None
    turn_lost = fell = False
    fatigue = 0
    if feat == "running_jump":
        height, turn_lost = (running_jump_height(sb, degrees) * jump, False) if ok else (None, True)
    elif feat in ("standing_leap", "running_leap"):
        distance = leap_length(sb, ok, degrees) * jump
        height = leap_height(distance)
    elif feat == "throw":
        distance = throw_distance(sb + GRAVITY_THROW_SB[gravity], ok, degrees)
    elif feat in ("lift", "push"):
        limit = weight_limit(sb + GRAVITY_LIMIT[gravity], tb, degrees if ok else 0)
        fatigue = 1 if not ok and degrees >= 2 else 0  # failing by two degrees or more: a level of Fatigue
    elif feat == "climb":
        distance = climb_distance(agb, degrees) if ok else None
        fell = not ok
        fall_m = command.height_m if fell and command.height_m > 0 else None
    elif feat == "swim":
        distance = swim_distance(sb) if ok else 0.0
        fatigue = 1 if not ok and command.heavy else 0  # in armour a failure costs a level of Fatigue
    else:  # drop: safe down to AgB metres; beyond (or failed), falling damage and prone
        beyond = command.height_m - agb if ok else command.height_m
        fall_m = beyond if beyond > 0 else None
    change: CharacterChange | None = None
    if fall_m is not None:
        fall_die = dice.roll(10)
        rolled.append(fall_die)
        change = fall(state, char, fall_m, fall_die)
    elif fatigue:
        change = CharacterChange(character_id=char.id, fatigue_after=char.fatigue + fatigue)
    return [*spent, FeatRolled(
        test_id=command.test_id, character_id=char.id, feat=feat, gravity=gravity, test=test, dice=tuple(rolled),
        distance_m=distance, height_m=height, limit=limit, turn_lost=turn_lost, fell=fell, fall_m=fall_m,
        change=change,
    )]


def _tested(char: CharacterState, feat: str) -> tuple[Characteristic | None, str | None]:
    """Jumps and leaps test Ag; throwing, lifting and pushing S; climbing Climb if trained (else S); swimming Swim."""
    if feat in _JUMPS:
        return "Ag", None
    if feat == "climb":
        entry = char.sheet.skills.get("Climb")
        return (None, "Climb") if entry is not None and entry.training != "untrained" else ("S", None)
    if feat == "swim":
        return None, "Swim"
    return "S", None


def _feat_modifiers(command: Feat) -> list[Modifier]:
    if command.feat == "standing_leap":
        return [Modifier("standing leap", -10)]  # "Difícil (-10)": the number wins (RULES A2)
    if command.feat in ("running_jump", "running_leap"):
        bonus = run_up_bonus(command.run_up_m)
        return [Modifier("run-up", bonus)] if bonus else []
    if command.feat == "throw" and command.heavy:
        return [Modifier("heavier than he can throw", -20)]
    if command.feat == "swim" and command.heavy:
        return [Modifier("swimming in armour", -30)]
    return []


def decide_focus_power(state: D100State, command: FocusPower, dice: Dice, context: D100Context) -> list[Event]:
    """The power's d10s + psy rating ≥ threshold manifests it; a damaging power hits a horde psy rating times."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    require_able(char, "focus a power")
    rating = char.sheet.psy_rating
    if rating < 1:
        raise RuleViolation("not_a_psyker", character=char.name)
    target = character(state, command.target_id) if command.target_id is not None else None
    if command.damage is not None:
        try:
            parse_damage(command.damage)
        except ValueError as error:
            raise RuleViolation("power_damage", case="expression", error=str(error)) from error
        if target is None or not target.is_horde:
            raise RuleViolation("power_damage", case="horde_only")
    spent = use_action(state, char.id, command.action, "focus_power", command.use)
    rolled = tuple(dice.roll(10) for _ in range(command.dice))
    total = sum(d.value for d in rolled) + rating
    success = total >= command.threshold
    area_die: Die | None = None
    hits = 0
    if success and target is not None and target.is_horde and command.damage is not None:
        area_die = dice.roll(10) if command.area else None
        hits = psychic_hits_on_horde(rating, area_die.value if area_die else None)
    return [*spent, PowerFocused(
        test_id=command.test_id, character_id=char.id, power=command.power, dice=rolled, psy_rating=rating,
        total=total, threshold=command.threshold, success=success, target_id=command.target_id, area=command.area,
        area_die=area_die, hits=hits, damage=command.damage, damage_type=command.damage_type,
        penetration=command.penetration,
    )]

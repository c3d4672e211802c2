"""Deciding attacks and reactions: modifiers, the roll, jams, ammunition, hits, locations (RULES A5–A7, A9, A10)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from ..dice import Dice, Die, d5
from ..errors import RuleViolation
from ..events import Event
from .action_decisions import pinning_test
from .characteristics import Characteristic
from .checks import resolve_test
from .combat_modifiers import (
    AIM_BONUS,
    AttackStyle,
    Circumstance,
    action_modifier,
    aim_modifier,
    circumstance_modifier,
    off_hand_modifier,
    range_band,
    range_modifier,
    two_weapon_penalties,
    unarmed_modifier,
)
from .commands import Attack
from .comrades import hit_goes_to_comrade
from .context import NO_CONTEXT, D100Context
from .encounter_events import ActionUsed
from .encounter_state import ActionCost
from .events import AssignedHits, AttackRolled, AttackStageAfter
from .firing import FireMode, Reliability, burst_hits, jam_threshold
from .hit_location import Location, hit_location, multiple_hit_locations, reverse_digits
from .hordes import (
    blast_hits_on_horde,
    comrade_bonus_hits,
    explosive_bonus_hit,
    flame_fixed_hits,
    horde_ranged_shots,
    melee_hits_on_horde,
)
from .modifiers import Modifier, ModifierSum
from .movement import MIN_CHARGE_DISTANCE_M, movement
from .percentile import roll_d100
from .roll_decisions import FATE_BONUS, build_target, character, require_able, require_new_id
from .sheet import Weapon
from .state import CharacterState, ConditionName, D100State, PendingAttack
from .turn_budget import ATTACK_COSTS, attack_kind, use_action

_MODES: dict[str, FireMode] = {"semi_auto": "semi", "full_auto": "full", "suppressing": "suppressing"}
MOUNT_STRUCK_UP_TO = 70  # 001: the reversed attack roll 01–70 strikes the mount, 71+ the rider


def _reliability(weapon: Weapon) -> Reliability:
    qualities: tuple[Reliability, ...] = ("never_jams", "reliable", "unreliable")
    for quality in qualities:
        if quality in weapon.qualities:
            return quality
    return "normal"


def _rof(weapon: Weapon, mode: FireMode) -> int:
    if mode == "single":
        if not weapon.single and not weapon.melee:
            raise RuleViolation("no_single_shot", weapon=weapon.name)
        return 1
    rof = weapon.semi if mode == "semi" else weapon.full
    if rof <= 0:
        raise RuleViolation("no_such_fire_mode", case="semi" if mode == "semi" else "full", weapon=weapon.name)
    return rof


def _state_modifiers(
    state: D100State, attacker: CharacterState, target: CharacterState, melee: bool
) -> list[Modifier]:
    """Circumstances the state already knows: fatigue, the target's and attacker's conditions, grapples."""
    style: AttackStyle = "melee" if melee else "ranged"
    found: list[Modifier] = []  # fatigue is not here: build_target adds it to every test, once (RULES A8)
    checks: tuple[tuple[CharacterState, ConditionName, Circumstance], ...] = (
        (target, "stunned", "stunned_target"),
        (target, "prone", "prone_target"),
        (target, "unaware", "unaware_target"),
        (target, "running", "running_target"),
        (attacker, "pinned", "pinned_attacker"),
        (attacker, "prone", "prone_attacker"),
        # A8's Blinded condition is RULES A6's blind attacker: WS −30, and a BS test that fails (refused).
        (attacker, "blinded", "blinded_attacker"),
    )
    for who, condition, name in checks:
        mod = circumstance_modifier(name, style) if who.has(condition) else None
        if mod:
            found.append(mod)
    if not melee and target.evasive:  # an evasive trot (001): −5 per degree at the rider and his mount …
        found.append(Modifier("evasive riding", -target.evasive))
    if not melee and attacker.evasive:  # … and to the rider's own shots
        found.append(Modifier("shooting from an evasive trot", -attacker.evasive))
    grapple = state.grapple_of(target.id)
    if melee and grapple is not None and attacker.id not in grapple:
        found.append(Modifier("target in a grapple", 20))
    if melee and target.has("defensive_stance"):
        found.append(Modifier("defensive stance", -20))
    return found


def _comrade_modifiers(
    attacker: CharacterState, target: CharacterState, command: Attack, melee: bool, known: set[str]
) -> list[Modifier]:
    """Only War orders given this turn: Volley +5 BS; Close Ranks, ganging up (2 to 1) in melee, not on a horde."""
    found: list[Modifier] = []
    if not melee and "volley" in attacker.comrade_orders:
        volley = circumstance_modifier("volley", "ranged")
        if volley is not None and volley.name not in known:
            found.append(volley)
    ganging = any(c.startswith("ganging_up") for c in command.circumstances)
    if melee and "close_ranks" in attacker.comrade_orders and not target.is_horde and not ganging:
        close = circumstance_modifier("ganging_up_2_to_1", "melee")
        if close is not None:
            found.append(close)
    return found


def decide_attack(state: D100State, command: Attack, dice: Dice, context: D100Context) -> list[Event]:
    """The attack action paid from the turn's budget, the attack, and the Pinning tests of its kill zone."""
    kind = attack_kind(command.action)
    cost: ActionCost = "half" if command.use == "delayed" else ATTACK_COSTS[command.action]
    if command.use == "delayed" and command.action != "standard":
        raise RuleViolation("delayed_half_only", case="standard_only")
    if command.use == "free" and command.action != "standard":
        raise RuleViolation("free_attack")
    attacker = character(state, command.attacker_id)
    require_able(attacker, "attack")
    spent = _horde_shot(state, attacker, command)
    if spent is None:
        spent = use_action(state, attacker.id, cost, kind, command.use)
    rolled = attack_rolled(state, command, dice, context)
    pins = []
    for cid in dict.fromkeys(command.zone):
        in_zone = character(state, cid)
        if not in_zone.has("dead"):
            pins.append(pinning_test(state, f"{command.attack_id}:pinning:{cid}", in_zone,
                                     "overwatch" if command.use == "overwatch" else "suppressing", dice,
                                     source_attack=command.attack_id, context=context))
    return [*spent, rolled, *pins]


def _horde_shot(state: D100State, attacker: CharacterState, command: Attack) -> list[Event] | None:
    """A horde's further ranged shots in its turn ride on its first attack action, the tens of its magnitude in all.

    None when the attack pays its own action (not a horde, not ranged, not its turn, or its first shot).
    """
    encounter = state.encounter
    weapon = attacker.sheet.weapon(command.weapon_id)
    if (encounter is None or not attacker.is_horde or weapon is None or weapon.melee or command.use != "turn"
            or encounter.acting != attacker.id or encounter.budget.shots == 0):
        return None
    budget = encounter.budget
    allowed = horde_ranged_shots(attacker.magnitude or 0)
    if budget.shots >= allowed:
        raise RuleViolation("horde_shots", case="per_turn", magnitude=attacker.magnitude or 0, count=allowed)
    if command.action != budget.shot_action:
        first = (budget.shot_action or "standard").replace("_", " ")
        raise RuleViolation("horde_shots", case="first_action", action=first)
    return [ActionUsed(character_id=attacker.id, action="horde_shot", cost="free", use="turn")]


def attack_rolled(
    state: D100State, command: Attack, dice: Dice, context: D100Context = NO_CONTEXT
) -> AttackRolled:
    """Validate the attack, sum and clamp its modifiers, roll, and count hits and locations."""
    require_new_id(state, command.attack_id, "attack")
    attacker = character(state, command.attacker_id)
    target = character(state, command.target_id)
    require_able(attacker, "attack")
    weapon = _weapon_ready(attacker, target, command)
    melee = weapon.melee
    mode: FireMode = _MODES.get(command.action, "single")
    rof = _rof(weapon, mode)
    characteristic: Characteristic = "WS" if melee else "BS"
    _require_kill_zone(state, command, target, mode)
    _require_action_allowed(state, command, attacker, target, weapon)
    mods, aim_used = _attack_modifiers(state, command, attacker, target, weapon)
    fate_after = _fate_left(command, attacker)
    if fate_after is not None:
        mods.append(FATE_BONUS)
    ammo_after = _ammunition_after(attacker, weapon, rof)
    built = build_target(attacker, characteristic, None, mods)
    plan = AttackPlan(
        attack_id=command.attack_id, action=command.action, mode=mode, rof=rof, melee=melee,
        modifiers=built.modifiers, target_number=built.target,
        # Under an Oath of the Weapon the character's own weapons never jam (missions, RULES A11).
        jam_from=None if melee or attacker.id in context.never_jam else jam_threshold(mode, _reliability(weapon)),
        called_location=command.called_location if command.action == "called_shot" else None,
        comrades_volley=command.comrades_volley or (not melee and "volley" in attacker.comrade_orders),
        comrade_in_cohesion=command.comrade_in_cohesion,
        grapple=command.grapple, zone=tuple(dict.fromkeys(command.zone)) if mode == "suppressing" else (),
    )
    rolled = roll_attack(state, attacker, target, weapon, plan, dice)
    return replace(rolled, aim_used=aim_used, ammo_after=ammo_after, fate_spent=command.fate_bonus,
                   fate_after=fate_after)


def _weapon_ready(attacker: CharacterState, target: CharacterState, command: Attack) -> Weapon:
    """A living target, and a weapon the attacker carries that is not jammed (RULES A7)."""
    if target.has("dead"):
        raise RuleViolation("target_dead", case="already", target=target.name)
    weapon = attacker.sheet.weapon(command.weapon_id)
    if weapon is None:
        raise RuleViolation("no_such_weapon", case="carries_none", character=attacker.name, weapon=command.weapon_id)
    if weapon.id in attacker.jammed:
        raise RuleViolation("weapon_jammed", case="full_action", weapon=weapon.name)
    return weapon


def _require_kill_zone(state: D100State, command: Attack, target: CharacterState, mode: FireMode) -> None:
    """Only Suppressing Fire and Overwatch cover a kill zone, of known characters, the target among them (A5)."""
    if command.zone and command.action != "suppressing" and command.use != "overwatch":
        raise RuleViolation("kill_zone")
    if mode == "suppressing" and command.zone and target.id not in command.zone:
        raise RuleViolation("kill_zone_target")
    for cid in command.zone:
        character(state, cid)


def _require_action_allowed(
    state: D100State, command: Attack, attacker: CharacterState, target: CharacterState, weapon: Weapon
) -> None:
    """What the attack action itself requires (RULES A5): a Called Shot's location, a Charge's distance, a
    saddle for the mounted attacks, an unarmed start for a grapple, and no ganging up on a horde."""
    if command.action == "called_shot" and command.called_location is None:
        raise RuleViolation("called_shot_location")
    if command.action == "charge":
        distance, reach = _charge_distance(command, attacker)
        if distance > reach:
            raise RuleViolation("charge_distance", case="too_far", reach=reach)
    if command.action in ("crushing_charge", "hit_and_run"):
        if attacker.mounted_on is None:
            raise RuleViolation("not_mounted", case="from_the_saddle", action=command.action.replace("_", " "))
        mount = character(state, attacker.mounted_on)
        if command.action == "crushing_charge":  # 001: at least 4 m away and within the mount's charge (3 × AgB)
            distance, reach = _charge_distance(command, mount)
            if distance > reach:
                raise RuleViolation("charge_distance", case="mount_too_far", reach=reach)
    if command.grapple and (weapon.id != "unarmed" or command.action not in ("standard", "charge")):
        raise RuleViolation("grapple_attack")
    if target.is_horde and any(c.startswith("ganging_up") for c in command.circumstances):
        raise RuleViolation("ganging_up_horde")


def _charge_distance(command: Attack, charger: CharacterState) -> tuple[float, int]:
    """The charge's distance, at least 4 m, and how far the charger reaches (its Charge move, 3 × AgB; A4, A5)."""
    reach = movement(charger.bonus("Ag")).charge
    if command.distance_m is None or command.distance_m < MIN_CHARGE_DISTANCE_M:
        raise RuleViolation("charge_distance", case="too_close", metres=MIN_CHARGE_DISTANCE_M)
    return command.distance_m, reach


def _attack_modifiers(
    state: D100State, command: Attack, attacker: CharacterState, target: CharacterState, weapon: Weapon
) -> tuple[list[Modifier], int]:
    """Every modifier of the attack test (RULES A5, A6), and the aim bonus it used."""
    melee = weapon.melee
    style: AttackStyle = "melee" if melee else "ranged"
    mods: list[Modifier] = []
    action_mod = action_modifier(command.action, style, charge_bonus=state.options.charge_bonus, moved=command.moved)
    if action_mod:
        mods.append(action_mod)
    aim_used = attacker.aim
    if aim_used:
        mods.append(aim_modifier("half" if aim_used == AIM_BONUS["half"] else "full") or Modifier("aim", aim_used))
    band = (range_band(command.distance_m, weapon.range_m)
            if not melee and command.distance_m is not None and weapon.range_m > 0 else None)
    # A prone target is BS −10 "unless point blank" (RULES A6): at point blank the prone target costs nothing.
    waived: set[str] = {"prone target"} if band == "point_blank" else set()
    # Shooting into melee −20 is "ignored if a participant is stunned, helpless or unaware" (RULES A6): the target
    # is one of the melee's participants (the others are the GM's to weigh).
    if any(target.has(c) for c in ("stunned", "helpless", "unconscious", "unaware")):
        waived.add("shooting into melee")
    for circumstance in dict.fromkeys(command.circumstances):
        mod = circumstance_modifier(circumstance, style)
        if mod and mod.name not in waived:
            mods.append(mod)
    known = {m.name for m in mods} | waived
    mods.extend(m for m in _state_modifiers(state, attacker, target, melee) if m.name not in known)
    unbraced = circumstance_modifier("unbraced_heavy_weapon", style)
    if (weapon.weapon_class == "heavy" and not attacker.braced and not attacker.sheet.has_trait("auto_stabilised")
            and unbraced is not None and unbraced.name not in known):
        # A heavy weapon fired without the Brace action since its holder last moved: BS −30 (RULES A5); a creature
        # with Auto-stabilised (001) always counts as braced.
        mods.append(unbraced)
    mods.extend(_comrade_modifiers(attacker, target, command, melee, {m.name for m in mods}))
    if band is not None:
        mod = range_modifier(band, hidden="hidden_target" in command.circumstances)
        if mod:
            mods.append(mod)
    if weapon.id == "unarmed":
        # "Armed" means holding any weapon ready, ranged included (RULES A5 ruling); natural weapons count.
        opponent_armed = bool(target.sheet.weapons) or target.sheet.has_trait("natural_weapons")
        mod = unarmed_modifier(opponent_armed)
        if mod:
            mods.append(mod)
    mods.extend(_hand_modifiers(command, attacker, melee))
    mods.extend(command.modifiers)
    return mods, aim_used


def _hand_modifiers(command: Attack, attacker: CharacterState, melee: bool) -> list[Modifier]:
    """Two weapons at once, or the off hand alone (RULES A6), as the attacker's talents lessen them."""
    if command.dual_wielding:
        # 001: with both talents, Blade Dancer (melee weapons) or Gunslinger (pistols) takes the penalty to 0; our
        # reading: the talent of the attacking weapon's kind.
        primary, off = two_weapon_penalties(
            attacker.sheet.has_talent("two_weapon_wielder"), attacker.sheet.has_talent("ambidextrous"),
            attacker.sheet.has_talent("blade_dancer" if melee else "gunslinger"),
        )
        value = primary if command.hand == "primary" else off
        return [Modifier(f"two weapons ({command.hand} hand)", value)] if value else []
    if command.hand == "off":
        mod = off_hand_modifier(attacker.sheet.has_talent("ambidextrous"))
        return [mod] if mod else []
    return []


def _fate_left(command: Attack, attacker: CharacterState) -> int | None:
    """A Fate point spent before the roll (its bonus joins the test, RULES A9): the Fate left; None: none spent."""
    if not command.fate_bonus:
        return None
    if attacker.fate < 1:
        raise RuleViolation("no_fate", case="spend", character=attacker.name)
    return attacker.fate - 1


def _ammunition_after(attacker: CharacterState, weapon: Weapon, rof: int) -> int | None:
    """A ranged weapon with a clip needs a round, and spends one per shot of its rate of fire; None: not counted."""
    if weapon.melee or weapon.clip <= 0:
        return None
    ammo = attacker.ammo.get(weapon.id, weapon.clip)
    if ammo < 1:
        raise RuleViolation("out_of_ammunition", weapon=weapon.name)
    return max(0, ammo - rof)


class AttackPlan(msgspec.Struct, frozen=True, kw_only=True):
    """Everything fixed before the die is rolled, so a Fate reroll can roll the same attack again."""

    attack_id: str
    action: str
    mode: FireMode
    rof: int
    melee: bool
    modifiers: ModifierSum
    target_number: int
    jam_from: int | None
    called_location: Location | None = None
    comrades_volley: bool = False
    comrade_in_cohesion: bool = False
    grapple: bool = False
    zone: tuple[str, ...] = ()  # Suppressing Fire: its hits are assigned at random among these characters


def plan_of(attack: PendingAttack, rof: int) -> AttackPlan:
    """The plan of an attack already rolled (for its Fate reroll)."""
    return AttackPlan(
        attack_id=attack.id, action=attack.action, mode=attack.mode, rof=rof, melee=attack.melee,
        modifiers=attack.modifiers, target_number=attack.target_number, jam_from=attack.jam_from,
        called_location=attack.called_location, comrades_volley=attack.comrades_volley,
        comrade_in_cohesion=attack.comrade_in_cohesion, grapple=attack.grapple, zone=attack.zone,
    )


def roll_attack(
    state: D100State, attacker: CharacterState, target: CharacterState, weapon: Weapon, plan: AttackPlan, dice: Dice
) -> AttackRolled:
    """Roll the d100: jam, success and degrees, then hits and locations, and whether a reaction may follow."""
    melee = plan.melee
    characteristic: Characteristic = "WS" if melee else "BS"
    die = roll_d100(dice)
    rolled: list[Die] = [die]
    jammed = plan.jam_from is not None and die.value >= plan.jam_from
    helpless = melee and (target.has("unconscious") or target.has("helpless"))
    unnatural = attacker.unnatural(characteristic)
    result = resolve_test(plan.target_number, die.value, rule=state.options.degrees_rule, unnatural=unnatural,
                          auto_fail=jammed)
    success = result.success or helpless
    degrees = result.degrees if result.success else 0

    hits = 0
    locations: tuple[Location, ...] = ()
    assigned: tuple[AssignedHits, ...] = ()
    if success and plan.mode == "suppressing" and plan.zone:
        shares = _assign_in_zone(state, plan, burst_hits(plan.mode, degrees, plan.rof), dice, rolled)
        assigned = tuple(
            _share(state.characters[cid], weapon, plan, die.value, count)
            for cid, count in shares.items() if cid != target.id and count > 0
        )
        hits = shares.get(target.id, 0)
        if hits and target.is_horde:
            hits += explosive_bonus_hit(weapon.damage_type)
        elif hits:
            locations = multiple_hit_locations(hit_location(die.value), hits)
    elif success:
        if target.is_horde:
            if melee:
                hits = melee_hits_on_horde(degrees, "power_field" in weapon.qualities)
            elif weapon.blast > 0:
                hits = blast_hits_on_horde(weapon.blast)
            elif "flame" in weapon.qualities:
                flame_die = dice.roll(10)
                rolled.append(flame_die)
                hits = flame_fixed_hits(weapon.range_m) + d5(flame_die)
            else:
                hits = burst_hits(plan.mode, degrees, plan.rof)
            hits += explosive_bonus_hit(weapon.damage_type)
            if plan.comrades_volley:
                hits += comrade_bonus_hits(hits)
        else:
            hits = 1 if melee else burst_hits(plan.mode, degrees, plan.rof)
            locations = multiple_hit_locations(plan.called_location or hit_location(die.value), hits)
    if success and hits > 0 and not target.is_horde and not plan.zone and plan.action != "called_shot":
        hits, locations, assigned = _mounted_split(state, target, weapon, plan, die.value, hits, locations, assigned)
    to_comrade = (
        hits > 0 and not target.is_horde and target.comrade in ("unharmed", "wounded")
        and hit_goes_to_comrade(die.value, True, plan.comrade_in_cohesion)
    )
    feinted = melee and plan.action == "standard" and attacker.feint_against == target.id
    unavoidable = (helpless or target.is_horde or target.incapacitated or (attacker.is_horde and melee) or feinted
                   or target.has("unaware"))
    stage: AttackStageAfter = "missed" if hits == 0 else ("awaiting_damage" if unavoidable else "awaiting_reaction")
    return AttackRolled(
        attack_id=plan.attack_id, attacker_id=attacker.id, target_id=target.id, weapon_id=weapon.id,
        action=plan.action, mode=plan.mode, melee=melee, modifiers=plan.modifiers, target=plan.target_number,
        dice=tuple(rolled), roll=die.value, success=success, degrees=degrees, jammed=jammed, aim_used=0,
        ammo_after=None, hits=hits, locations=locations, stage=stage, helpless_target=helpless,
        to_comrade=to_comrade, jam_from=plan.jam_from, called_location=plan.called_location,
        comrades_volley=plan.comrades_volley, comrade_in_cohesion=plan.comrade_in_cohesion, grapple=plan.grapple,
        feinted=feinted and success, zone=plan.zone, assigned=assigned,
    )


def _mounted_split(
    state: D100State, target: CharacterState, weapon: Weapon, plan: AttackPlan, roll: int, hits: int,
    locations: tuple[Location, ...], assigned: tuple[AssignedHits, ...],
) -> tuple[int, tuple[Location, ...], tuple[AssignedHits, ...]]:
    """Seed 001: a hit on a mounted pair strikes the mount on a reversed 01–70, the rider on 71+ (always his
    body); explosive weapons strike both. A Called Shot names rider or mount, so it is not split."""
    if target.mounted_on is not None:
        rider, mount_id = target, target.mounted_on
    else:
        rider_id = state.rider_of(target.id)
        if rider_id is None:
            return hits, locations, assigned
        rider, mount_id = state.characters[rider_id], target.id
    mount = state.characters[mount_id]
    struck = [mount if reverse_digits(roll) <= MOUNT_STRUCK_UP_TO else rider]
    if weapon.damage_type == "explosive":
        struck = [mount, rider]
    own = (hits, _pair_locations(rider, mount, target, roll, hits)) if target in struck else (0, ())
    shares = tuple(
        AssignedHits(attack_id=f"{plan.attack_id}:{who.id}", target_id=who.id, hits=hits,
                     locations=_pair_locations(rider, mount, who, roll, hits),
                     stage="awaiting_damage" if who.incapacitated or who.has("unaware") else "awaiting_reaction")
        for who in struck if who.id != target.id
    )
    return own[0], own[1], (*assigned, *shares)


def _pair_locations(
    rider: CharacterState, mount: CharacterState, who: CharacterState, roll: int, hits: int
) -> tuple[Location, ...]:
    if who.id == rider.id:
        body: Location = "body"  # "always assumed to strike the body" (001)
        return (body,) * hits
    return multiple_hit_locations(hit_location(roll), hits)


def _assign_in_zone(
    state: D100State, plan: AttackPlan, hits: int, dice: Dice, rolled: list[Die]
) -> dict[str, int]:
    """Each hit of the burst falls on a character of the kill zone chosen by 1dN (N living characters in it)."""
    pool = [cid for cid in plan.zone if cid in state.characters and not state.characters[cid].has("dead")]
    shares = dict.fromkeys(pool, 0)
    for _ in range(hits):
        if len(pool) == 1:  # nobody else to choose: no die
            shares[pool[0]] += 1
            continue
        die = dice.roll(len(pool))
        rolled.append(die)
        shares[pool[die.value - 1]] += 1
    return shares


def _share(target: CharacterState, weapon: Weapon, plan: AttackPlan, roll: int, count: int) -> AssignedHits:
    """The hits of a suppressing burst on one more character of the zone: locations by the Multiple Hits table."""
    attack_id = f"{plan.attack_id}:{target.id}"
    if target.is_horde:
        return AssignedHits(attack_id=attack_id, target_id=target.id,
                            hits=count + explosive_bonus_hit(weapon.damage_type), stage="awaiting_damage")
    unavoidable = target.incapacitated or target.has("unaware")
    return AssignedHits(
        attack_id=attack_id, target_id=target.id, hits=count,
        locations=multiple_hit_locations(hit_location(roll), count),
        stage="awaiting_damage" if unavoidable else "awaiting_reaction",
        to_comrade=(target.comrade in ("unharmed", "wounded")
                    and hit_goes_to_comrade(roll, True, plan.comrade_in_cohesion)),
    )

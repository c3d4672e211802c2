"""Attack action and circumstance modifiers by name (RULES A5, A6); range bands; two-weapon penalties."""

from __future__ import annotations

from typing import Literal

from ..errors import RuleViolation
from .modifiers import Modifier

AttackStyle = Literal["melee", "ranged"]

AttackAction = Literal[
    "standard", "all_out", "called_shot", "charge", "guarded", "semi_auto", "full_auto", "suppressing", "stun",
    "crushing_charge", "hit_and_run",  # mounted (001): a rider's Carga aplastante and Golpear y desaparecer
]
Aim = Literal["none", "half", "full"]

AIM_BONUS: dict[Aim, int] = {"none": 0, "half": 10, "full": 20}

_MELEE_ONLY: frozenset[AttackAction] = frozenset(
    {"all_out", "charge", "guarded", "stun", "crushing_charge", "hit_and_run"}
)
_RANGED_ONLY: frozenset[AttackAction] = frozenset({"semi_auto", "full_auto", "suppressing"})
# Attacks that carry the attacker across the ground (a braced heavy weapon loses its bracing).
CHARGING_ATTACKS: frozenset[str] = frozenset({"charge", "crushing_charge", "hit_and_run"})


def action_modifier(
    action: AttackAction, style: AttackStyle, *, charge_bonus: int = 10, moved: bool = False
) -> Modifier | None:
    """The modifier an attack action gives its WS/BS test; refuses an action the attack's style cannot take."""
    if action in _MELEE_ONLY and style != "melee":
        raise RuleViolation("action_needs_melee", action=action.replace("_", " "))
    if action in _RANGED_ONLY and style != "ranged":
        raise RuleViolation("action_needs_ranged", action=action.replace("_", " "))
    values: dict[AttackAction, int] = {
        "standard": 0,
        "all_out": 20,
        "called_shot": -20,
        "charge": charge_bonus,
        "guarded": -10,
        "semi_auto": 10,
        "full_auto": 20,
        "suppressing": -20,
        "stun": -20,
        "crushing_charge": 20,
        "hit_and_run": -10,
    }
    if action == "full_auto" and moved:
        # A pistol or basic weapon fired on full auto after moving AgB metres: −10 and no +20.
        return Modifier("full auto burst on the move", -10)
    value = values[action]
    return Modifier(action.replace("_", " "), value) if value else None


def aim_modifier(aim: Aim) -> Modifier | None:
    """Aim: a half action +10, a full action +20 to the next attack."""
    return Modifier(f"aim ({aim})", AIM_BONUS[aim]) if aim != "none" else None


def unarmed_modifier(opponent_armed: bool) -> Modifier | None:
    """An unarmed attack is WS +0, or −20 against an armed opponent."""
    return Modifier("unarmed against an armed opponent", -20) if opponent_armed else None


Hand = Literal["primary", "off"]


def two_weapon_penalties(
    two_weapon_fighting: bool, ambidextrous: bool, blade_dance: bool = False
) -> tuple[int, int]:
    """(primary, off-hand) penalties attacking with both weapons, by the 001 list."""
    if two_weapon_fighting and ambidextrous:
        return (0, 0) if blade_dance else (-10, -10)
    if two_weapon_fighting:
        return (-20, -20)
    if ambidextrous:
        return (-10, -30)
    return (-20, -40)


# Two weapons may strike two different targets only this close to each other (000).
TWO_WEAPON_TARGETS_APART_M = 10


def multiple_attacks_allowed(swift_attack: bool, lightning_attack: bool) -> int:
    """Melee attacks in one Multiple Attacks action with one weapon: Lightning Attack 3, Swift Attack 2, else 1."""
    if lightning_attack:
        return 3
    return 2 if swift_attack else 1


def off_hand_modifier(ambidextrous: bool) -> Modifier | None:
    """A single attack with the off hand is −20, unless the character is Ambidextrous."""
    return None if ambidextrous else Modifier("off hand", -20)


Circumstance = Literal[
    "darkness",
    "fog_mist_shadow",
    "difficult_terrain",
    "arduous_terrain",
    "shooting_into_melee",
    "ganging_up_2_to_1",
    "ganging_up_3_to_1",
    "higher_ground",
    "prone_target",
    "prone_attacker",
    "stunned_target",
    "unaware_target",
    "bad_weather",
    "running_target",
    "blinded_attacker",
    "hidden_target",
    "pinned_attacker",
    "unbraced_heavy_weapon",
    "volley",
]

# (melee, ranged) value of each circumstance; None where it does not apply to that style.
_CIRCUMSTANCES: dict[Circumstance, tuple[int | None, int | None]] = {
    "darkness": (-20, -30),
    "fog_mist_shadow": (None, -20),
    "difficult_terrain": (-10, None),
    "arduous_terrain": (-30, None),
    "shooting_into_melee": (None, -20),
    "ganging_up_2_to_1": (10, None),
    "ganging_up_3_to_1": (20, None),
    "higher_ground": (10, None),
    "prone_target": (10, -10),
    "prone_attacker": (-10, None),
    "stunned_target": (20, 20),
    "unaware_target": (30, 30),
    "bad_weather": (-20, -20),
    "running_target": (20, -20),
    "blinded_attacker": (-30, None),
    "hidden_target": (None, -30),
    "pinned_attacker": (None, -20),
    "unbraced_heavy_weapon": (None, -30),
    "volley": (None, 5),
}


def circumstance_modifier(circumstance: Circumstance, style: AttackStyle) -> Modifier | None:
    """The named circumstance's modifier to a melee or ranged attack; None where it does not apply."""
    if circumstance == "blinded_attacker" and style == "ranged":
        raise RuleViolation("blinded_ranged_attack")
    melee, ranged = _CIRCUMSTANCES[circumstance]
    value = melee if style == "melee" else ranged
    if value is None or value == 0:
        return None
    return Modifier(circumstance.replace("_", " "), value)


RangeBand = Literal["point_blank", "short", "normal", "long", "extreme"]

_RANGE_VALUES: dict[RangeBand, int] = {"point_blank": 30, "short": 10, "normal": 0, "long": -10, "extreme": -30}


def range_band(distance_m: float, weapon_range_m: int) -> RangeBand:
    """≤ 2 m point blank; < ½ range short; > 2× long; > 3× extreme; beyond 4× the shot is impossible."""
    if distance_m > 4 * weapon_range_m:
        raise RuleViolation("beyond_range", metres=4 * weapon_range_m)
    if distance_m <= 2:
        return "point_blank"
    if distance_m < weapon_range_m / 2:
        return "short"
    if distance_m > 3 * weapon_range_m:
        return "extreme"
    if distance_m > 2 * weapon_range_m:
        return "long"
    return "normal"


def range_modifier(band: RangeBand, *, engaged_with_target: bool = False, hidden: bool = False) -> Modifier | None:
    """The range band's modifier; no point-blank bonus against an engaged target, no range bonus if hidden."""
    value = _RANGE_VALUES[band]
    if band == "point_blank" and engaged_with_target:
        return None
    if hidden and value > 0:
        return None
    return Modifier(f"range: {band.replace('_', ' ')}", value) if value else None

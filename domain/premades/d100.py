"""The d100 premades: a Deathwatch kill team, a Dark Heresy acolyte band, an Only War squad with a comrade, a
cultist horde and an elite enemy, each sheet as `create_character` takes it (docs/rules-d100.md "Shapes").

The d100 handouts (seeds 000–002) carry rules, not stat blocks: the numbers they do give are used as given
(specialities and oath prerequisites, 002; Xanthia's movement 4/8/12/24, the horde of fifteen orks at
magnitude 30, the 20 m range example, 001); every other value is chosen within the rules and the source note
says so. Characteristics are 2-digit values whose bonus is the tens digit (002, "Reglamento Básico").
"""

from __future__ import annotations

from domain.events import JsonObject
from domain.premades.premade import Premade, Source

DEATHWATCH = ("deathwatch",)
DARK_HERESY = ("dark_heresy",)
ONLY_WAR = ("only_war",)
D100 = ("deathwatch", "dark_heresy", "only_war")


def _stats(ws: int, bs: int, s: int, t: int, ag: int, int_: int, per: int, wp: int, fel: int) -> dict[str, int]:
    return {"WS": ws, "BS": bs, "S": s, "T": t, "Ag": ag, "Int": int_, "Per": per, "WP": wp, "Fel": fel}


def _armour(head: int, body: int, limbs: int) -> dict[str, int]:
    return {"head": head, "right_arm": limbs, "left_arm": limbs, "body": body, "right_leg": limbs, "left_leg": limbs}


# Astartes wargear (chosen: the seeds name no profile; these are the profiles docs/rules-d100.md plays).
_POWER_ARMOUR = _armour(8, 10, 8)
_BOLTER: JsonObject = {"id": "bolter", "name": "Bolter", "weapon_class": "basic", "damage": "1d10+9",
                       "damage_type": "explosive", "penetration": 4, "semi": 3, "range_m": 100, "clip": 28}
_BOLT_PISTOL: JsonObject = {"id": "bolt_pistol", "name": "Bolt pistol", "weapon_class": "pistol",
                            "damage": "1d10+9", "damage_type": "explosive", "penetration": 4, "semi": 2,
                            "range_m": 30, "clip": 14}
_HEAVY_BOLTER: JsonObject = {"id": "heavy_bolter", "name": "Heavy bolter", "weapon_class": "heavy",
                             "damage": "1d10+12", "damage_type": "explosive", "penetration": 5, "single": False,
                             "full": 10, "range_m": 150, "clip": 60, "reload": "full"}
_CHAINSWORD: JsonObject = {"id": "chainsword", "name": "Chainsword", "weapon_class": "melee", "damage": "1d10+3",
                           "damage_type": "rending", "penetration": 3, "qualities": ["balanced"]}
_COMBAT_KNIFE: JsonObject = {"id": "combat_knife", "name": "Combat knife", "weapon_class": "melee",
                             "damage": "1d5+3", "damage_type": "rending", "penetration": 2}
_FORCE_STAFF: JsonObject = {"id": "force_staff", "name": "Force staff", "weapon_class": "melee",
                            "damage": "1d10+1", "damage_type": "impact", "qualities": ["defensive"]}
_POWER_AXE: JsonObject = {"id": "power_axe", "name": "Power axe", "weapon_class": "melee", "damage": "1d10+7",
                          "damage_type": "energy", "penetration": 6, "qualities": ["power_field"]}

# Human wargear (chosen, with the 001 ranges where the handout gives one).
_FLAK = _armour(0, 4, 2)
_LASGUN: JsonObject = {"id": "lasgun", "name": "Lasgun", "weapon_class": "basic", "damage": "1d10+3",
                       "damage_type": "energy", "semi": 3, "range_m": 100, "clip": 60, "qualities": ["reliable"]}
_LASPISTOL: JsonObject = {"id": "laspistol", "name": "Laspistol", "weapon_class": "pistol", "damage": "1d10+2",
                          "damage_type": "energy", "range_m": 30, "clip": 30, "qualities": ["reliable"]}
_HEAVY_STUBBER: JsonObject = {"id": "heavy_stubber", "name": "Heavy stubber", "weapon_class": "heavy",
                              "damage": "1d10+4", "penetration": 3, "single": False, "full": 8, "range_m": 120,
                              "clip": 80, "reload": "full"}
_SHOTGUN: JsonObject = {"id": "shotgun", "name": "Shotgun", "weapon_class": "basic", "damage": "1d10+4",
                        "range_m": 20, "clip": 8, "reload": "full"}
_SWORD: JsonObject = {"id": "sword", "name": "Sword", "weapon_class": "melee", "damage": "1d10",
                      "damage_type": "rending", "qualities": ["balanced"]}
_KNIFE: JsonObject = {"id": "knife", "name": "Knife", "weapon_class": "melee", "damage": "1d5",
                      "damage_type": "rending"}
_SHOCK_MAUL: JsonObject = {"id": "shock_maul", "name": "Shock maul", "weapon_class": "melee", "damage": "1d10+2"}
_STUB_GUN: JsonObject = {"id": "stub_gun", "name": "Stub gun", "weapon_class": "pistol", "damage": "1d10+3",
                         "semi": 3, "range_m": 20, "clip": 6, "reload": "full"}
_CLUB: JsonObject = {"id": "club", "name": "Club", "weapon_class": "melee", "damage": "1d10",
                     "qualities": ["primitive"]}
_AUTOGUN: JsonObject = {"id": "autogun", "name": "Autogun", "weapon_class": "basic", "damage": "1d10+3",
                        "semi": 3, "full": 10, "range_m": 90, "clip": 30}

_OATHS = Source(seed=2, section="Oath-Taking (Toma de Juramentos)", lines="231-263")


def _marine(speciality: str, stats: dict[str, int], wounds: int, weapons: list[JsonObject],
            skills: JsonObject | None = None, talents: list[str] | None = None, psy_rating: int = 0) -> JsonObject:
    """A Battle-Brother: Unnatural Strength and Toughness (+4 to each bonus), power armour, 3 Fate (chosen)."""
    sheet: JsonObject = {
        "characteristics": stats, "unnatural": {"S": 4, "T": 4},
        "skills": {"Dodge": {"characteristic": "Ag", "kind": "basic"}, **(skills or {})},
        "talents": talents or [], "traits": ["space_marine"], "wounds": wounds, "fate": 3,
        "armour": _POWER_ARMOUR, "weapons": weapons, "speciality": speciality,
    }
    if psy_rating:
        sheet["psy_rating"] = psy_rating
    return sheet


KILL_TEAM: tuple[Premade, ...] = (
    Premade(id="tactical", rulesets=DEATHWATCH, kind="pc", source=_OATHS, sheet=_marine(
        "Tactical Marine", _stats(42, 45, 40, 42, 40, 38, 40, 40, 35), 20, [_BOLTER, _COMBAT_KNIFE],
        talents=["swift_attack"])),
    Premade(id="assault", rulesets=DEATHWATCH, kind="pc", source=_OATHS, sheet=_marine(
        "Assault Marine", _stats(46, 40, 42, 42, 44, 35, 40, 40, 33), 20, [_CHAINSWORD, _BOLT_PISTOL],
        talents=["swift_attack"])),
    Premade(id="devastator", rulesets=DEATHWATCH, kind="pc", source=_OATHS, sheet=_marine(
        "Devastator Marine", _stats(40, 48, 44, 44, 38, 36, 42, 40, 32), 21, [_HEAVY_BOLTER, _COMBAT_KNIFE])),
    Premade(id="librarian", rulesets=DEATHWATCH, kind="pc", source=_OATHS, sheet=_marine(
        "Librarian", _stats(40, 40, 40, 41, 40, 44, 42, 48, 38), 18, [_FORCE_STAFF, _BOLT_PISTOL],
        skills={"Psyniscience": {"characteristic": "Per", "kind": "advanced"}}, psy_rating=3)),
    Premade(id="apothecary", rulesets=DEATHWATCH, kind="pc", source=_OATHS, sheet=_marine(
        "Apothecary", _stats(42, 42, 40, 42, 40, 45, 40, 40, 35), 19, [_BOLTER, _CHAINSWORD],
        skills={"Medicae": {"characteristic": "Int", "kind": "advanced", "training": "plus10"}})),
    Premade(id="techmarine", rulesets=DEATHWATCH, kind="pc", source=_OATHS, sheet=_marine(
        "Techmarine", _stats(40, 43, 42, 42, 38, 46, 40, 40, 30), 20, [_BOLTER, _POWER_AXE],
        skills={"Tech-Use": {"characteristic": "Int", "kind": "advanced", "training": "plus10"}})),
)

_MOVEMENT = Source(seed=1, section="MOVIMIENTO (Ejemplo)", lines="99-117")
_DICE = Source(seed=1, section="LOS DADOS (EJEMPLO)", lines="22-27")

ACOLYTES: tuple[Premade, ...] = (
    # 001 gives Xanthia's movement as 4/8/12/24: Agility Bonus 4 (A4: half = AgB m), so Agility 40–49.
    Premade(id="xanthia", rulesets=DARK_HERESY, kind="pc", source=_MOVEMENT, sheet={
        "characteristics": _stats(38, 35, 30, 31, 44, 32, 38, 33, 30),
        "skills": {"Dodge": {"characteristic": "Ag", "kind": "basic"},
                   "Acrobatics": {"characteristic": "Ag", "kind": "advanced"}},
        "talents": ["ambidextrous"], "wounds": 11, "fate": 2, "armour": _armour(0, 3, 0),
        "weapons": [_SWORD, _LASPISTOL]}),
    # 001 names Owen in its dice example (his blue tens die); every number of his sheet is chosen.
    Premade(id="owen", rulesets=DARK_HERESY, kind="pc", source=_DICE, sheet={
        "characteristics": _stats(35, 30, 38, 40, 32, 30, 34, 36, 31),
        "skills": {"Intimidate": {"characteristic": "S", "kind": "basic"}},
        "wounds": 13, "fate": 2, "armour": _FLAK, "weapons": [_SHOCK_MAUL, _SHOTGUN]}),
    Premade(id="adept", rulesets=DARK_HERESY, kind="pc", source=_DICE, sheet={
        "characteristics": _stats(28, 30, 28, 30, 33, 44, 40, 38, 35),
        "skills": {"Logic": {"characteristic": "Int", "kind": "basic"},
                   "Medicae": {"characteristic": "Int", "kind": "advanced"}},
        "wounds": 10, "fate": 3, "armour": _armour(0, 2, 0), "weapons": [_LASPISTOL, _KNIFE]}),
    Premade(id="psyker", rulesets=DARK_HERESY, kind="pc", source=_DICE, sheet={
        "characteristics": _stats(30, 32, 29, 31, 33, 38, 37, 44, 30),
        "skills": {"Psyniscience": {"characteristic": "Per", "kind": "advanced"}},
        "wounds": 10, "fate": 2, "psy_rating": 2, "armour": _armour(0, 2, 0), "weapons": [_LASPISTOL, _KNIFE]}),
)

_COMRADES = Source(seed=1, section="Camaradas/pardillos en combate", lines="248-292")

SQUAD: tuple[Premade, ...] = (
    # comrade_armour: the armour of the character's comrade, which ¡A cubierto! compares damage to (001).
    Premade(id="guardsman", rulesets=ONLY_WAR, kind="pc", source=_COMRADES, sheet={
        "characteristics": _stats(34, 38, 33, 35, 32, 30, 34, 31, 30),
        "skills": {"Dodge": {"characteristic": "Ag", "kind": "basic"}},
        "wounds": 12, "fate": 2, "armour": _FLAK, "comrade_armour": 4, "weapons": [_LASGUN, _KNIFE]}),
    Premade(id="heavy_gunner", rulesets=ONLY_WAR, kind="pc", source=_COMRADES, sheet={
        "characteristics": _stats(32, 40, 38, 38, 30, 28, 33, 33, 28),
        "wounds": 13, "fate": 2, "armour": _FLAK, "comrade_armour": 4, "weapons": [_HEAVY_STUBBER, _KNIFE]}),
    Premade(id="medic", rulesets=ONLY_WAR, kind="pc", source=_COMRADES, sheet={
        "characteristics": _stats(30, 34, 30, 33, 34, 38, 36, 33, 35),
        "skills": {"Medicae": {"characteristic": "Int", "kind": "advanced", "training": "plus10"}},
        "wounds": 11, "fate": 2, "armour": _FLAK, "comrade_armour": 4, "weapons": [_LASGUN, _KNIFE]}),
    # The shotgun's 20 m is 001's range example (short 10 m, long 40 m, extreme 60–79 m).
    Premade(id="comrade", rulesets=ONLY_WAR, kind="comrade", comrade=True, source=_COMRADES, sheet={
        "characteristics": _stats(30, 32, 30, 30, 30, 25, 30, 28, 25),
        "wounds": 8, "armour": _FLAK, "weapons": [_LASGUN, _SHOTGUN]}),
)

_HORDES = Source(seed=1, section="Hordas y combatir contra hordas", lines="407-454")
_ELITE = Source(seed=0, section="Hordes (Hordas)", lines="428-454")

ENEMIES: tuple[Premade, ...] = (
    # 001's example horde: fifteen at magnitude 30; its shots per turn are the tens digit (3), its hits
    # +1d10 per 10 magnitude (at most +2d10). The stub guns carry 001's 20 m range example.
    Premade(id="cultist_horde", rulesets=D100, kind="horde", source=_HORDES, sheet={
        "characteristics": _stats(30, 28, 30, 30, 30, 22, 28, 28, 18),
        "wounds": 0, "magnitude": 30, "armour": {"body": 2}, "weapons": [_CLUB, _STUB_GUN]}),
    # An elite enemy leading the horde: chosen numbers; 000's hordes section sets what it leads.
    Premade(id="cult_champion", rulesets=D100, kind="elite", source=_ELITE, sheet={
        "characteristics": _stats(45, 40, 42, 43, 38, 32, 38, 45, 30),
        "skills": {"Dodge": {"characteristic": "Ag", "kind": "basic"}},
        "talents": ["swift_attack"], "wounds": 18, "armour": _armour(3, 5, 3), "weapons": [_CHAINSWORD, _AUTOGUN]}),
)

PREMADES: tuple[Premade, ...] = KILL_TEAM + ACOLYTES + SQUAD + ENEMIES

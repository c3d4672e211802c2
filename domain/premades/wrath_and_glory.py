"""The Wrath & Glory premades: a party of four heroes, an ork troop and an adversary, each sheet as
`create_character` takes it (docs/rules-wrath-and-glory.md "Shapes").

The four heroes are the four the handout's examples name, with the numbers it gives them (seed 003): Elena's
Persuasion 3 and Fellowship 4 (seven dice), Daniel's Athletics 3 and Agility 4 (seven dice), James's
Intellect 5 and Tech 4 (nine dice), Sigma 19's Agility 6 and Ballistic Skill 6 (twelve dice); the orks are
the troop of ten at Defence 3 the handout shoots at and surrounds the heroes with. Every other value is chosen
within the rules and the source note says so. The handout's adventure is tier 3 (003, "Dados de
bonificación"); the heroes are built as tier-1 characters (issue 21), whose seed numbers fit tier 1's limits
except Sigma 19's two sixes, which the handout gives as they are.
"""

from __future__ import annotations

from domain.events import JsonObject
from domain.premades.premade import Premade, Source

WRATH_AND_GLORY = ("wrath_and_glory",)

_BOLTGUN: JsonObject = {"name": "boltgun", "kind": "ranged", "damage": 10, "ed": 1, "range": 24, "salvo": 2}
_CHAINSWORD: JsonObject = {"name": "chainsword", "kind": "melee", "damage": 5, "ed": 1}
# 003 "Dados extra de daño": "una pistola láser tiene un valor de daño de 7 + 1 ED".
_LASPISTOL: JsonObject = {"name": "laspistol", "kind": "ranged", "damage": 7, "ed": 1, "range": 12, "salvo": 1,
                          "traits": ["pistol"]}
_LASGUN: JsonObject = {"name": "lasgun", "kind": "ranged", "damage": 7, "ed": 1, "range": 24, "salvo": 2,
                       "traits": ["rapid_fire"]}
_KNIFE: JsonObject = {"name": "knife", "kind": "melee", "damage": 2, "ed": 1}
_OMNISSIAN_AXE: JsonObject = {"name": "omnissian axe", "kind": "melee", "damage": 6, "ed": 2, "ap": 2}
_CHOPPA: JsonObject = {"name": "choppa", "kind": "melee", "damage": 6, "ed": 1}
_SLUGGA: JsonObject = {"name": "slugga", "kind": "ranged", "damage": 10, "ed": 1, "range": 12, "salvo": 1,
                       "traits": ["pistol"]}
_BIG_CHOPPA: JsonObject = {"name": "big choppa", "kind": "melee", "damage": 8, "ed": 2, "ap": 1, "traits": ["brutal"]}

PARTY: tuple[Premade, ...] = (
    Premade(id="elena", rulesets=WRATH_AND_GLORY, kind="pc",
            source=Source(seed=3, section="Ejemplo (la prueba de persuasión de Elena)", lines="16"), sheet={
                "name": "Elena", "kind": "hero",
                "attributes": {"strength": 2, "toughness": 3, "agility": 3, "initiative": 3, "willpower": 3,
                               "intellect": 3, "fellowship": 4},
                "skills": {"persuasion": 3, "insight": 2, "ballistic_skill": 2, "deception": 1},
                "defence": 2, "resilience": 5, "wounds": 4, "shock": 4, "soak": 2, "resolve": 2, "conviction": 2,
                "weapons": [_LASPISTOL]}),
    Premade(id="daniel", rulesets=WRATH_AND_GLORY, kind="pc",
            source=Source(seed=3, section="Ejemplo (el salto de Daniel)", lines="54"), sheet={
                "name": "Daniel", "kind": "hero",
                "attributes": {"strength": 3, "toughness": 3, "agility": 4, "initiative": 3, "willpower": 2,
                               "intellect": 2, "fellowship": 2},
                "skills": {"athletics": 3, "ballistic_skill": 2, "weapon_skill": 2, "stealth": 2},
                "defence": 2, "resilience": 5, "armour": 1, "wounds": 5, "shock": 4, "soak": 3, "resolve": 1,
                "conviction": 2, "weapons": [_LASGUN, _KNIFE]}),
    Premade(id="james", rulesets=WRATH_AND_GLORY, kind="pc",
            source=Source(seed=3, section="Ejemplo (James y la bóveda de datos)", lines="64"), sheet={
                "name": "James", "kind": "hero",
                "attributes": {"strength": 2, "toughness": 3, "agility": 2, "initiative": 2, "willpower": 3,
                               "intellect": 5, "fellowship": 2},
                "skills": {"tech": 4, "scholar": 2, "weapon_skill": 2, "ballistic_skill": 1},
                "defence": 1, "resilience": 6, "armour": 2, "wounds": 4, "shock": 5, "soak": 3, "resolve": 2,
                "conviction": 2, "weapons": [_OMNISSIAN_AXE, _LASPISTOL]}),
    Premade(id="sigma_19", rulesets=WRATH_AND_GLORY, kind="pc",
            source=Source(seed=3, section="Tropas (ejemplo de Sigma 19)", lines="185-187"), sheet={
                "name": "Sigma 19", "kind": "hero",
                "attributes": {"strength": 4, "toughness": 4, "agility": 6, "initiative": 4, "willpower": 3,
                               "intellect": 5, "fellowship": 2},
                "skills": {"ballistic_skill": 6, "weapon_skill": 3, "athletics": 3, "tech": 4},
                "defence": 3, "resilience": 8, "armour": 4, "wounds": 6, "shock": 6, "soak": 4, "resolve": 3,
                "conviction": 3, "weapons": [_BOLTGUN, _CHAINSWORD]}),
)

ENEMIES: tuple[Premade, ...] = (
    # 003: "una tropa de orkos" at "la defensa de la tropa de 3" (185) and "una tropa furiosa de diez orkos" (199).
    Premade(id="ork_boyz", rulesets=WRATH_AND_GLORY, kind="troop",
            source=Source(seed=3, section="Tropas (ejemplos de los orkos)", lines="169-199"), sheet={
                "name": "ork boyz", "kind": "troop",
                "attributes": {"strength": 5, "toughness": 4, "agility": 3, "initiative": 3, "willpower": 2},
                "skills": {"weapon_skill": 3, "ballistic_skill": 2},
                "defence": 3, "resilience": 7, "wounds": 1, "shock": 2, "members": 10,
                "weapons": [_CHOPPA, _SLUGGA]}),
    # 003 "Ruina personal": an NPC may hold Ruin of its own; the Ruin spends on adversaries (rerolls, soak).
    Premade(id="ork_warboss", rulesets=WRATH_AND_GLORY, kind="adversary",
            source=Source(seed=3, section="Ruina personal", lines="128-139"), sheet={
                "name": "ork warboss", "kind": "adversary",
                "attributes": {"strength": 6, "toughness": 6, "agility": 3, "initiative": 4, "willpower": 4},
                "skills": {"weapon_skill": 5, "intimidation": 4, "ballistic_skill": 2},
                "defence": 3, "resilience": 10, "armour": 2, "wounds": 8, "shock": 6, "resolve": 4, "soak": 6,
                "personal_ruin": 1, "weapons": [_BIG_CHOPPA, _SLUGGA]}),
)

PREMADES: tuple[Premade, ...] = PARTY + ENEMIES

"""What a sworn mission oath changes in a d100 decision: the glue between the missions and the d100 rules.

The missions rules say which oath binds whom (domain.missions.effects); this module turns that into what
the d100 rules understand: named modifiers added to a test or an attack, and the decision's D100Context.
"""

from __future__ import annotations

import msgspec

from .. import missions
from ..commands import Command
from ..missions.effects import active_oath
from ..missions.oaths import (
    EMPEROR_WILLPOWER,
    KNOWLEDGE_WS_BS,
    LOYALTY_LEADER_RESIST_COHESION_DAMAGE,
    OATHS,
    OathName,
)
from ..missions.state import MissionsState
from .characteristics import Characteristic
from .commands import Attack, FearTest, MultipleAttacks, OpposedSide, RollOpposedTest, RollTest
from .context import D100Context
from .modifiers import Modifier
from .sheet import SKILL_CATALOGUE
from .state import D100State


def with_oaths(oaths: MissionsState, rules: D100State, command: Command) -> tuple[Command, D100Context]:
    """The command with the mission oath's named modifiers added, and the oath's other effects."""
    match command:
        case RollTest(character_id=cid) if cid in rules.characters:
            extra = oath_modifiers(oaths, cid, _tested(rules, command.characteristic, command.skill, cid))
            command = msgspec.structs.replace(command, modifiers=(*command.modifiers, *extra))
        case FearTest(character_id=cid) if cid in rules.characters:  # a WP test: the Oath of the Emperor's +10
            extra = oath_modifiers(oaths, cid, "WP")
            command = msgspec.structs.replace(command, modifiers=(*command.modifiers, *extra))
        case Attack(attacker_id=cid, target_id=target, weapon_id=weapon_id) if cid in rules.characters:
            command = msgspec.structs.replace(
                command, modifiers=(*command.modifiers, *_attack_modifiers(oaths, rules, cid, target, weapon_id)))
        case MultipleAttacks(attacker_id=cid) if cid in rules.characters:
            # Each attack of the action is a WS or BS test of its own (Oath of Knowledge against its target).
            specs = tuple(
                msgspec.structs.replace(spec, modifiers=(
                    *spec.modifiers, *_attack_modifiers(oaths, rules, cid, spec.target_id, spec.weapon_id)))
                for spec in command.attacks
            )
            command = msgspec.structs.replace(command, attacks=specs)
        case RollOpposedTest(first=first, second=second):
            # Both sides are tests: a WP side takes the Oath to the Emperor, a WS/BS side the Oath of Knowledge
            # against the other side's enemy type.
            command = msgspec.structs.replace(command, first=_opposed_side(oaths, rules, first, second),
                                              second=_opposed_side(oaths, rules, second, first))
    context = D100Context(
        never_jam=frozenset(cid for cid in rules.characters if missions.ignores_personal_jams(oaths, cid)),
        melee_fury_reroll=frozenset(
            cid for cid in rules.characters if missions.rerolls_melee_fury_confirmation(oaths, cid)
        ),
        willpower={cid: found for cid in rules.characters if (found := oath_modifiers(oaths, cid, "WP"))},
        enemy_modifiers={cid: sworn for cid in rules.characters if (sworn := _knowledge(oaths, cid)) is not None},
    )
    return command, context


def _attack_modifiers(
    oaths: MissionsState, rules: D100State, cid: str, target: str, weapon_id: str
) -> tuple[Modifier, ...]:
    """The oath's modifiers to one attack: its WS (melee) or BS test against the target's enemy type."""
    weapon = rules.characters[cid].sheet.weapon(weapon_id)
    if weapon is None:
        return ()
    enemy = rules.characters[target].sheet.enemy_type if target in rules.characters else None
    tested: Characteristic = "WS" if weapon.melee else "BS"
    return oath_modifiers(oaths, cid, tested, enemy)


def _opposed_side(oaths: MissionsState, rules: D100State, side: OpposedSide, other: OpposedSide) -> OpposedSide:
    if side.character_id not in rules.characters:
        return side
    tested = _tested(rules, side.characteristic, side.skill, side.character_id)
    enemy = rules.characters[other.character_id].sheet.enemy_type if other.character_id in rules.characters else None
    extra = oath_modifiers(oaths, side.character_id, tested, enemy)
    return msgspec.structs.replace(side, modifiers=(*side.modifiers, *extra)) if extra else side


def _knowledge(oaths: MissionsState, cid: str) -> tuple[str, tuple[Modifier, ...]] | None:
    """The Oath of Knowledge's enemy type and +10 for a character it binds (None otherwise)."""
    oath = active_oath(oaths, cid)
    if oath is None or oath.oath != "knowledge" or oath.enemy_type is None:
        return None
    found = oath_modifiers(oaths, cid, "WS", oath.enemy_type)
    return (oath.enemy_type, found) if found else None


def _tested(rules: D100State, characteristic: Characteristic | None, skill: str | None, cid: str) -> Characteristic:
    """The characteristic a test rolls against: given, or the skill's (the sheet's entry, else the catalogue)."""
    if characteristic is not None:
        return characteristic
    entry = rules.characters[cid].sheet.skills.get(skill or "") or SKILL_CATALOGUE.get(skill or "")
    return entry.characteristic if entry is not None else "WS"


def _same_enemy(chosen: str | None, fought: str | None) -> bool:
    return chosen is not None and fought is not None and chosen.strip().casefold() == fought.strip().casefold()


def _named(oath: OathName, value: int) -> Modifier:
    return Modifier(OATHS[oath].name_en, value)


def oath_modifiers(
    state: MissionsState, character_id: str, characteristic: Characteristic, enemy_type: str | None = None
) -> tuple[Modifier, ...]:
    """The named modifiers the oath adds to this character's test of `characteristic` (against `enemy_type`)."""
    oath = active_oath(state, character_id)
    if oath is None:
        return ()
    if oath.oath == "emperor" and characteristic == "WP":
        return (_named("emperor", EMPEROR_WILLPOWER),)
    if (
        oath.oath == "knowledge"
        and characteristic in ("WS", "BS")
        and character_id not in oath.warp_studies
        and _same_enemy(oath.enemy_type, enemy_type)
    ):
        return (_named("knowledge", KNOWLEDGE_WS_BS),)
    return ()


def cohesion_damage_resistance_modifiers(state: MissionsState, character_id: str) -> tuple[Modifier, ...]:
    """The Oath of Loyalty's +10 to the leader's tests to resist Cohesion damage."""
    oath = active_oath(state, character_id)
    if oath is None or oath.oath != "loyalty" or oath.leader_id != character_id:
        return ()
    return (_named("loyalty", LOYALTY_LEADER_RESIST_COHESION_DAMAGE),)

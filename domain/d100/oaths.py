"""What a sworn mission oath changes in a d100 decision: the glue between the missions and the d100 rules.

The missions rules say which oath binds whom (domain.missions.effects); this module turns that into what
the d100 rules understand: named modifiers added to a test or an attack, and the decision's D100Context.
"""

from __future__ import annotations

import msgspec

from .. import missions
from ..commands import Command
from ..missions.state import MissionsState
from .characteristics import Characteristic
from .commands import Attack, RollTest
from .context import D100Context
from .sheet import SKILL_CATALOGUE
from .state import D100State


def with_oaths(oaths: MissionsState, rules: D100State, command: Command) -> tuple[Command, D100Context]:
    """The command with the mission oath's named modifiers added, and the oath's other effects."""
    match command:
        case RollTest(character_id=cid) if cid in rules.characters:
            extra = missions.oath_modifiers(oaths, cid, _tested(rules, command.characteristic, command.skill, cid))
            command = msgspec.structs.replace(command, modifiers=(*command.modifiers, *extra))
        case Attack(attacker_id=cid, target_id=target, weapon_id=weapon_id) if cid in rules.characters:
            weapon = rules.characters[cid].sheet.weapon(weapon_id)
            enemy = rules.characters[target].sheet.enemy_type if target in rules.characters else None
            if weapon is not None:
                tested: Characteristic = "WS" if weapon.melee else "BS"
                extra = missions.oath_modifiers(oaths, cid, tested, enemy)
                command = msgspec.structs.replace(command, modifiers=(*command.modifiers, *extra))
    context = D100Context(
        never_jam=frozenset(cid for cid in rules.characters if missions.ignores_personal_jams(oaths, cid)),
        melee_fury_reroll=frozenset(
            cid for cid in rules.characters if missions.rerolls_melee_fury_confirmation(oaths, cid)
        ),
    )
    return command, context


def _tested(rules: D100State, characteristic: Characteristic | None, skill: str | None, cid: str) -> Characteristic:
    """The characteristic a test rolls against: given, or the skill's (the sheet's entry, else the catalogue)."""
    if characteristic is not None:
        return characteristic
    entry = rules.characters[cid].sheet.skills.get(skill or "") or SKILL_CATALOGUE.get(skill or "")
    return entry.characteristic if entry is not None else "WS"

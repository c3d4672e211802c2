"""The Multiple Attacks action (RULES A5): Swift Attack (2 melee attacks), Lightning Attack (3), two weapons."""

from __future__ import annotations

from msgspec.structs import replace

from ..dice import Dice
from ..errors import RuleViolation
from ..events import Event
from ..message import Message, message
from .combat_decisions import attack_rolled
from .combat_modifiers import TWO_WEAPON_TARGETS_APART_M, multiple_attacks_allowed
from .commands import Attack
from .context import D100Context
from .encounter_commands import AttackSpec, MultipleAttacks
from .roll_decisions import character, require_able, require_new_id
from .sheet import Weapon
from .state import CharacterState, D100State
from .turn_budget import use_action


def decide_multiple_attacks(
    state: D100State, command: MultipleAttacks, dice: Dice, context: D100Context
) -> list[Event]:
    """One Full Action, then each attack rolled in order as its own pending attack (reaction, then damage)."""
    attacker = character(state, command.attacker_id)
    require_able(attacker, "attack")
    ids = [spec.attack_id for spec in command.attacks]
    if len(set(ids)) != len(ids):
        raise RuleViolation("id_reused", case="multiple_attacks")
    for attack_id in ids:
        require_new_id(state, attack_id, "attack")
    weapons = [_weapon(attacker, spec) for spec in command.attacks]
    two_weapons = len({w.id for w in weapons}) > 1
    if two_weapons:
        _check_two_weapons(attacker, command, weapons)
    else:
        _check_talent(attacker, command, weapons[0])
    spent = use_action(state, attacker.id, "full", "multiple_attacks")
    # A Feint favours only a Standard Attack: the Multiple Attacks action uses it up without benefit.
    interim = _with(state, replace(attacker, feint_against=None))
    rolled: list[Event] = []
    for spec in command.attacks:
        attack = Attack(
            attack_id=spec.attack_id, attacker_id=attacker.id, target_id=spec.target_id, weapon_id=spec.weapon_id,
            action=spec.fire, circumstances=spec.circumstances, modifiers=spec.modifiers, distance_m=spec.distance_m,
            hand=spec.hand, dual_wielding=two_weapons, comrade_in_cohesion=spec.comrade_in_cohesion,
        )
        event = attack_rolled(interim, attack, dice, context)
        rolled.append(replace(event, part_of=ids[0]))
        # What the fold will do to the attacker before the next attack is rolled: aim goes to the first attack;
        # the two weapons are different, so ammunition and jams of one never touch the other.
        now = interim.characters[attacker.id]
        interim = replace(_with(interim, replace(now, aim=0)), used_ids=interim.used_ids | {spec.attack_id})
    return [*spent, *rolled]


def _with(state: D100State, char: CharacterState) -> D100State:
    return replace(state, characters={**state.characters, char.id: char})


def _weapon(attacker: CharacterState, spec: AttackSpec) -> Weapon:
    weapon = attacker.sheet.weapon(spec.weapon_id)
    if weapon is None:
        raise RuleViolation("no_such_weapon", case="carries_none", character=attacker.name, weapon=spec.weapon_id)
    return weapon


def _talent(attacker: CharacterState) -> tuple[int, Message]:
    allowed = multiple_attacks_allowed(
        attacker.sheet.has_talent("swift_attack"), attacker.sheet.has_talent("lightning_attack")
    )
    return allowed, message("term.d100.talent.lightning_attack" if allowed == 3 else "term.d100.talent.swift_attack")


def _check_talent(attacker: CharacterState, command: MultipleAttacks, weapon: Weapon) -> None:
    """One weapon: Swift Attack gives two melee attacks, Lightning Attack three."""
    allowed, talent = _talent(attacker)
    if allowed < 2:
        raise RuleViolation("multiple_attacks")
    if not weapon.melee:
        raise RuleViolation("multiple_attacks_melee")
    if len(command.attacks) > allowed:
        raise RuleViolation("multiple_attacks_count", case="one_weapon", talent=talent, count=allowed)


def _check_two_weapons(attacker: CharacterState, command: MultipleAttacks, weapons: list[Weapon]) -> None:
    """A weapon in each hand: one attack with each (or, with Swift or Lightning Attack, the talent's attacks with
    the primary weapon and one with the off-hand one: our reading); one-handed weapons; targets ≤ 10 m apart."""
    if "unarmed" in {w.id for w in weapons}:
        raise RuleViolation("multiple_attacks")
    hands = [spec.hand for spec in command.attacks]
    if set(hands) != {"primary", "off"}:
        raise RuleViolation("two_weapon_hands", case="one_each")
    by_hand = {hand: {w.id for w, spec in zip(weapons, command.attacks, strict=True) if spec.hand == hand}
               for hand in ("primary", "off")}
    if len(by_hand["primary"]) != 1 or len(by_hand["off"]) != 1 or by_hand["primary"] == by_hand["off"]:
        raise RuleViolation("two_weapon_hands", case="own_weapon")
    if len(command.attacks) > 2:
        allowed, talent = _talent(attacker)
        if allowed < 2:
            raise RuleViolation("two_weapon_attacks")
        if not all(w.melee for w in weapons):
            raise RuleViolation("multiple_attacks_melee")
        if hands.count("off") != 1 or hands.count("primary") > allowed:
            raise RuleViolation("multiple_attacks_count", case="two_weapons", talent=talent, count=allowed)
    heavy = next((w for w in weapons if w.weapon_class == "heavy"), None)
    if heavy is not None:
        raise RuleViolation("two_weapon_heavy", weapon=heavy.name)
    if len({w.melee for w in weapons}) == 2 and not attacker.sheet.has_talent("two_weapon_wielder"):
        raise RuleViolation("two_weapon_mixed")
    targets = {spec.target_id for spec in command.attacks}
    apart = command.targets_apart_m
    if len(targets) > 1 and apart is None:
        raise RuleViolation("two_weapon_targets", case="say_apart", metres=TWO_WEAPON_TARGETS_APART_M)
    if len(targets) > 1 and apart is not None and apart > TWO_WEAPON_TARGETS_APART_M:
        raise RuleViolation("two_weapon_targets", case="too_far", metres=TWO_WEAPON_TARGETS_APART_M)

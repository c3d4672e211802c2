"""`decide(state, command, dice, actor)`: who may do what, then the events the rules produce."""

from __future__ import annotations

from ..commands import Actor, Command
from ..dice import Dice
from ..errors import Forbidden, RuleViolation
from ..events import Event
from .attacks import decide_attack, decide_react
from .combat_modifiers import AIM_BONUS
from .commands import (
    Attack,
    BurnFate,
    GmRuling,
    React,
    RegisterCharacter,
    Reload,
    RollDamage,
    RollOpposedTest,
    RollTest,
    SpendFate,
    StartRound,
    TakeAim,
    Unjam,
)
from .damage_resolution import decide_damage
from .events import (
    AimTaken,
    CharacterRegistered,
    FateSpent,
    GmRulingRecorded,
    RoundStarted,
    WeaponReloaded,
)
from .fate import decide_burn_fate, decide_spend_fate
from .rolling import character, decide_opposed, decide_test, decide_unjam, require_able
from .state import Condition, D100State


def _acting_character(state: D100State, command: Command) -> str | None:
    """The character on whose behalf the command acts; None for GM-only commands."""
    match command:
        case RollTest() | TakeAim() | SpendFate() | BurnFate() | Unjam() | Reload():
            return command.character_id
        case RollOpposedTest():
            return command.first.character_id
        case Attack():
            return command.attacker_id
        case React():
            attack = state.attacks.get(command.attack_id)
            return attack.target_id if attack else None
        case RollDamage():
            attack = state.attacks.get(command.attack_id)
            return attack.attacker_id if attack else None
        case _:
            return None


def authorize(state: D100State, command: Command, actor: Actor) -> None:
    """The GM may do everything; a player only acts for characters it owns; observers only read."""
    if actor.is_gm:
        return
    if actor.role != "player":
        raise Forbidden("an observer cannot send commands")
    if isinstance(command, (RegisterCharacter, StartRound, GmRuling)):
        raise Forbidden("only the GM may do that")
    acting = _acting_character(state, command)
    if acting is None:
        raise Forbidden("only the GM may do that")
    owner = state.characters[acting].owner if acting in state.characters else None
    if owner != actor.participant_id:
        raise Forbidden(f"{actor.participant_id} does not own the character {acting!r}")


def decide(state: D100State, command: Command, dice: Dice, actor: Actor) -> list[Event]:
    """Check the actor may send the command, then return the events it produces (or raise a DomainError)."""
    authorize(state, command, actor)
    match command:
        case RegisterCharacter():
            if command.character_id in state.characters:
                raise RuleViolation("character_exists", f"a character {command.character_id!r} already exists")
            return [CharacterRegistered(character_id=command.character_id, owner=command.owner, name=command.name,
                                        sheet=command.sheet, comrade=command.comrade)]
        case RollTest():
            rolled = decide_test(state, command, dice)
            if command.fate_bonus:
                spent = FateSpent(character_id=command.character_id, use="bonus",
                                  fate_after=state.characters[command.character_id].fate - 1)
                return [spent, rolled]
            return [rolled]
        case RollOpposedTest():
            return [decide_opposed(state, command, dice)]
        case TakeAim():
            char = character(state, command.character_id)
            require_able(char, "aim")
            return [AimTaken(character_id=char.id, bonus=AIM_BONUS[command.aim])]
        case Attack():
            return [decide_attack(state, command, dice)]
        case React():
            return [decide_react(state, command, dice)]
        case RollDamage():
            return [decide_damage(state, command, dice)]
        case SpendFate():
            return decide_spend_fate(state, command, dice)
        case BurnFate():
            return [decide_burn_fate(state, command)]
        case Unjam():
            return [decide_unjam(state, command, dice)]
        case Reload():
            char = character(state, command.character_id)
            weapon = char.sheet.weapon(command.weapon_id)
            if weapon is None or weapon.clip <= 0:
                raise RuleViolation("nothing_to_reload", "that weapon takes no reload")
            if weapon.id in char.jammed:
                raise RuleViolation("weapon_jammed", f"the {weapon.name} is jammed: unjam it first")
            return [WeaponReloaded(character_id=char.id, weapon_id=weapon.id, ammo=weapon.clip)]
        case StartRound():
            return [RoundStarted(round=state.round + 1)]
        case GmRuling():
            char = character(state, command.character_id)
            return [GmRulingRecorded(
                character_id=char.id, reason=command.reason, set_damage=command.set_damage,
                set_critical=command.set_critical, set_fatigue=command.set_fatigue, set_fate=command.set_fate,
                set_magnitude=command.set_magnitude,
                add_conditions=tuple(Condition(name=n, rounds=command.condition_rounds) for n in command.add_conditions),
                remove_conditions=command.remove_conditions,
            )]
        case _:
            raise RuleViolation("unknown_command", f"the d100 rules do not know a {type(command).__name__}")

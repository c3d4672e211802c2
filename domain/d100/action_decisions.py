"""Non-attack actions with effects (Defensive Stance, Run, Overwatch, Delay, Stand, extended actions),
Pinning tests and the Heroic Sacrifice (RULES A3, A5, 000 Pinning)."""

from __future__ import annotations

from collections.abc import Callable

from ..dice import Dice
from ..errors import RuleViolation
from ..events import Event
from .checks import resolve_test
from .combat_modifiers import AIM_BONUS
from .commands import Reload, TakeAim
from .context import NO_CONTEXT, D100Context
from .encounter_commands import ACTION_COSTS, HeroicSacrifice, PinningTest, TakeAction
from .encounter_events import ActionTaken, HeroicSacrificeDeclared, PinningReason, PinningTested
from .encounter_state import ActionCost
from .events import AimTaken, WeaponReloaded
from .harm import toughness_bonus
from .modifiers import Modifier
from .movement import Movement, movement
from .percentile import roll_d100
from .roll_decisions import build_target, character, require_able, require_new_id
from .state import CharacterState, Condition, ConditionName, D100State, ExtendedAction
from .turn_budget import use_action

# Marks an action leaves until the start of the character's next turn (outside an encounter: one round).
_MARKS: dict[str, ConditionName] = {"defensive_stance": "defensive_stance", "run": "running", "overwatch": "overwatch"}

# How far each movement action goes (RULES A4, A5): Disengage is a half move, Tactical Advance a full move.
_MOVES: dict[str, Callable[[Movement], int]] = {
    "move": lambda m: m.half, "full_move": lambda m: m.full, "run": lambda m: m.run,
    "disengage": lambda m: m.half, "tactical_advance": lambda m: m.full,
}


def decide_action(state: D100State, command: TakeAction, dice: Dice, context: D100Context) -> list[Event]:
    """Spend the action from the turn's budget, then record its marks, Delay, standing up or extended progress."""
    char = character(state, command.character_id)
    require_able(char, "act")
    cost = ACTION_COSTS[command.action]
    use_action(state, char.id, cost, command.action, command.use)  # validates; ActionTaken itself spends
    in_encounter = state.encounter is not None
    added: tuple[Condition, ...] = ()
    removed: tuple[ConditionName, ...] = ()
    if command.action in _MARKS:
        added = (Condition(name=_MARKS[command.action], rounds=None if in_encounter else 1, note=command.note),)
    if command.action == "stand":
        if not char.has("prone"):
            raise RuleViolation("not_prone", character=char.name)
        removed = ("prone",)
    extended, complete = _extended(char, command)
    metres = _MOVES[command.action](movement(char.bonus("Ag"))) if command.action in _MOVES else None
    taken = ActionTaken(
        character_id=char.id, action=command.action, cost=cost, use=command.use, note=command.note,
        conditions_added=added, conditions_removed=removed, extended=extended, extended_complete=complete,
        delayed=command.action == "delay", in_encounter=in_encounter, move_m=metres,
    )
    return [taken]


def decide_take_aim(state: D100State, command: TakeAim, dice: Dice, context: D100Context) -> list[Event]:
    """Aim: a half action for +10, a full one for +20, kept for the next attack."""
    char = character(state, command.character_id)
    require_able(char, "aim")
    cost: ActionCost = "half" if command.aim == "half" else "full"
    spent = use_action(state, char.id, cost, "aim", command.use)
    return [*spent, AimTaken(character_id=char.id, bonus=AIM_BONUS[command.aim])]


def decide_reload(state: D100State, command: Reload, dice: Dice, context: D100Context) -> list[Event]:
    """A full clip, by the weapon's reload action (several turns: an extended action)."""
    char = character(state, command.character_id)
    weapon = char.sheet.weapon(command.weapon_id)
    if weapon is None or weapon.clip <= 0:
        raise RuleViolation("nothing_to_reload")
    if weapon.id in char.jammed:
        raise RuleViolation("weapon_jammed", case="unjam_first", weapon=weapon.name)
    spent = use_action(state, char.id, weapon.reload_action, "reload", command.use)
    if weapon.reload_turns > 1:
        return [*decide_action(state, TakeAction(
            character_id=char.id, action="extended", use=command.use, extended_id=f"reload:{weapon.id}",
            turns_needed=weapon.reload_turns, note=f"reload {weapon.name}",
        ), dice, context), *_reloaded_if_complete(state, char.id, weapon.id, weapon.clip, weapon.reload_turns)]
    return [*spent, WeaponReloaded(character_id=char.id, weapon_id=weapon.id, ammo=weapon.clip)]


def _reloaded_if_complete(state: D100State, cid: str, weapon_id: str, clip: int, turns: int) -> list[Event]:
    current = state.characters[cid].extended_action
    done = (current.done if current is not None and current.id == f"reload:{weapon_id}" else 0) + 1
    return [WeaponReloaded(character_id=cid, weapon_id=weapon_id, ammo=clip)] if done >= turns else []


def _extended(char: CharacterState, command: TakeAction) -> tuple[ExtendedAction | None, bool]:
    if command.action != "extended":
        return None, False
    if command.extended_id is None:
        raise RuleViolation("extended_needs_id")
    current = char.extended_action
    if current is not None and current.id == command.extended_id:
        progress = ExtendedAction(id=current.id, action=current.action, needed=current.needed, done=current.done + 1)
    else:
        if command.turns_needed is None:
            raise RuleViolation("extended_needs_count", case="action")
        progress = ExtendedAction(id=command.extended_id, action=command.note or "extended action",
                                  needed=command.turns_needed, done=1)
    return progress, progress.done >= progress.needed


def pinning_test(
    state: D100State, test_id: str, char: CharacterState, reason: PinningReason, dice: Dice, *, under_fire: bool = True,
    source_attack: str | None = None, context: D100Context = NO_CONTEXT,
) -> PinningTested:
    """WP −20 under fire (a horde adds its magnitude); escaping: +0 still under fire, +30 otherwise."""
    mods: list[Modifier] = list(context.willpower_of(char.id))  # a WP test: the Oath to the Emperor's +10
    if reason == "escape":
        if not under_fire:
            mods.append(Modifier("no longer under fire", 30))
    else:
        mods.append(Modifier("pinning", -20))
        if char.is_horde and char.magnitude:
            mods.append(Modifier("horde magnitude", char.magnitude))
    built = build_target(char, "WP", None, mods)
    die = roll_d100(dice)
    result = resolve_test(built.target, die.value, rule=state.options.degrees_rule, unnatural=char.unnatural("WP"))
    pinned = reason != "escape" and not result.success and not char.has("pinned")
    return PinningTested(
        test_id=test_id, character_id=char.id, reason=reason,
        modifiers=built.modifiers, target=built.target, dice=(die,), roll=die.value, success=result.success,
        degrees=result.degrees, pinned=pinned, unpinned=reason == "escape" and result.success,
        source_attack=source_attack,
    )


def decide_pinning_test(state: D100State, command: PinningTest, dice: Dice, context: D100Context) -> list[Event]:
    return [_pinning(state, command, dice, context)]


def _pinning(state: D100State, command: PinningTest, dice: Dice, context: D100Context) -> PinningTested:
    """A recorded Pinning test (Overwatch's kill zone, or escaping at the end of one's turn)."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    if command.reason == "escape" and not char.has("pinned"):
        raise RuleViolation("not_pinned", character=char.name)
    return pinning_test(state, command.test_id, char, command.reason, dice, under_fire=command.under_fire,
                        context=context)


def decide_heroic_sacrifice(
    state: D100State, command: HeroicSacrifice, dice: Dice, context: D100Context
) -> list[Event]:
    return [_sacrifice(state, command)]


def _sacrifice(state: D100State, command: HeroicSacrifice) -> HeroicSacrificeDeclared:
    """Deathwatch: instead of burning the last Fate point, spend it: TB turns ignoring criticals, then death."""
    if state.ruleset != "deathwatch":
        raise RuleViolation("deathwatch_only", case="heroic_sacrifice")
    char = character(state, command.character_id)
    if char.fate_max != 1 or char.fate < 1:
        raise RuleViolation("heroic_sacrifice_last_fate")
    if char.sacrifice_turns is not None:
        raise RuleViolation("heroic_sacrifice_declared", character=char.name)
    encounter = state.encounter
    if encounter is not None and (encounter.acting != char.id or encounter.budget.used):
        raise RuleViolation("heroic_sacrifice_turn_start")
    return HeroicSacrificeDeclared(
        character_id=char.id, turns=max(1, toughness_bonus(char)), fate_max_after=0, fate_after=1,
        conditions_removed=("dead",) if char.has("dead") else (),
    )

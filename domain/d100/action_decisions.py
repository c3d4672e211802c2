"""Non-attack actions with effects (Defensive Stance, Run, Overwatch, Delay, Stand, extended actions),
Pinning tests and the Heroic Sacrifice (RULES A3, A5, 000 Pinning)."""

from __future__ import annotations

from ..dice import Dice
from ..errors import RuleViolation
from ..events import Event
from .checks import resolve_test
from .encounter_commands import ACTION_COSTS, HeroicSacrifice, PinningTest, TakeAction
from .encounter_events import ActionTaken, HeroicSacrificeDeclared, PinningReason, PinningTested
from .harm import toughness_bonus
from .modifiers import Modifier
from .percentile import roll_d100
from .roll_decisions import build_target, character, require_able, require_new_id
from .state import CharacterState, Condition, ConditionName, D100State, ExtendedAction
from .turn_budget import use_action

# Marks an action leaves until the start of the character's next turn (outside an encounter: one round).
_MARKS: dict[str, ConditionName] = {"defensive_stance": "defensive_stance", "run": "running", "overwatch": "overwatch"}


def decide_action(state: D100State, command: TakeAction) -> list[Event]:
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
            raise RuleViolation("not_prone", f"{char.name} is already standing")
        removed = ("prone",)
    extended, complete = _extended(char, command)
    taken = ActionTaken(
        character_id=char.id, action=command.action, cost=cost, use=command.use, note=command.note,
        conditions_added=added, conditions_removed=removed, extended=extended, extended_complete=complete,
        delayed=command.action == "delay", in_encounter=in_encounter,
    )
    return [taken]


def _extended(char: CharacterState, command: TakeAction) -> tuple[ExtendedAction | None, bool]:
    if command.action != "extended":
        return None, False
    if command.extended_id is None:
        raise RuleViolation("extended_needs_id", "an extended action names itself (extended_id)")
    current = char.extended_action
    if current is not None and current.id == command.extended_id:
        progress = ExtendedAction(id=current.id, action=current.action, needed=current.needed, done=current.done + 1)
    else:
        if command.turns_needed is None:
            raise RuleViolation("extended_needs_count", "a new extended action says how many Full Actions it takes")
        progress = ExtendedAction(id=command.extended_id, action=command.note or "extended action",
                                  needed=command.turns_needed, done=1)
    return progress, progress.done >= progress.needed


def pinning_test(
    state: D100State, test_id: str, char: CharacterState, reason: PinningReason, dice: Dice, *, under_fire: bool = True,
    source_attack: str | None = None,
) -> PinningTested:
    """WP −20 under fire (a horde adds its magnitude); escaping: +0 still under fire, +30 otherwise."""
    mods: list[Modifier] = []
    if reason == "escape":
        if not under_fire:
            mods.append(Modifier("no longer under fire", 30))
    else:
        mods.append(Modifier("pinning", -20))
        if char.is_horde and char.magnitude:
            mods.append(Modifier("horde magnitude", char.magnitude))
    built = build_target(char, "WP", None, mods)
    die = roll_d100(dice)
    result = resolve_test(built.target, die.value, rule=state.options.degrees_rule)
    pinned = reason != "escape" and not result.success and not char.has("pinned")
    return PinningTested(
        test_id=test_id, character_id=char.id, reason=reason,
        modifiers=built.modifiers, target=built.target, dice=(die,), roll=die.value, success=result.success,
        degrees=result.degrees, pinned=pinned, unpinned=reason == "escape" and result.success,
        source_attack=source_attack,
    )


def decide_pinning_test(state: D100State, command: PinningTest, dice: Dice) -> PinningTested:
    """A recorded Pinning test (Overwatch's kill zone, or escaping at the end of one's turn)."""
    require_new_id(state, command.test_id, "test")
    char = character(state, command.character_id)
    if command.reason == "escape" and not char.has("pinned"):
        raise RuleViolation("not_pinned", f"{char.name} is not pinned")
    return pinning_test(state, command.test_id, char, command.reason, dice, under_fire=command.under_fire)


def decide_heroic_sacrifice(state: D100State, command: HeroicSacrifice) -> HeroicSacrificeDeclared:
    """Deathwatch: instead of burning the last Fate point, spend it: TB turns ignoring criticals, then death."""
    if state.ruleset != "deathwatch":
        raise RuleViolation("deathwatch_only", "the Heroic Sacrifice is a Deathwatch rule")
    char = character(state, command.character_id)
    if char.fate_max != 1 or char.fate < 1:
        raise RuleViolation("heroic_sacrifice_last_fate", "a Heroic Sacrifice spends the character's last Fate point")
    if char.sacrifice_turns is not None:
        raise RuleViolation("heroic_sacrifice_declared", f"{char.name} already made his sacrifice")
    encounter = state.encounter
    if encounter is not None and (encounter.acting != char.id or encounter.budget.used):
        raise RuleViolation("heroic_sacrifice_turn_start", "a Heroic Sacrifice is declared at the start of one's turn")
    return HeroicSacrificeDeclared(
        character_id=char.id, turns=max(1, toughness_bonus(char)), fate_max_after=0, fate_after=1,
        conditions_removed=("dead",) if char.has("dead") else (),
    )

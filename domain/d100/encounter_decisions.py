"""Encounters: initiative, the fixed order, rounds and turns, and what each boundary does (RULES A4, A8, A9).

Boundaries, in the order one command crosses them:
- end of a turn (`TurnEnded`): the acting character's timed conditions count down (stunned N rounds = N of his
  turns), aim lapses unless taken this turn, an unfed extended action is lost, a Heroic Sacrifice counts down
  (and ends in death); a grapple goes on (it ends only when broken, slipped or released);
- start of a round (`RoundStarted`, turn 0): reactions return; Blood Loss rolls (1–10 on a d100 kills);
  the surprised stop being unaware when round 2 begins;
- start of a turn (`TurnStarted`): All Out Attack, Guarded Attack, Defensive Stance, Run and Overwatch marks
  and an unused delayed half action end; then On Fire (1d10 energy to the body ignoring armour, TB counts,
  +1 fatigue, WP test unless sealed armour) and a due horde breaking test, each an event with its dice.
Dead participants are passed over, and so are the surprised in round 1.
"""

from __future__ import annotations

from ..dice import Dice, Die
from ..errors import RuleViolation, UnknownEntity
from ..events import Event
from .checks import resolve_test
from .commands import StartRound
from .context import NO_CONTEXT, D100Context
from .encounter_commands import EndEncounter, EndTurn, NextTurn, StartEncounter
from .encounter_events import (
    BloodLossRolled,
    CharacterChange,
    EncounterEnded,
    EncounterStarted,
    HordeBreakTested,
    InitiativeOrderFixed,
    InitiativeRoll,
    InitiativeRolled,
    OnFireBurned,
    RemovedCondition,
    RollOff,
    TurnEnded,
    TurnStarted,
)
from .encounter_state import Encounter
from .events import RoundStarted
from .harm import DEMO_UNCONSCIOUS, toughness_bonus, wound
from .mounted_decisions import burning_mount
from .percentile import roll_d100
from .roll_decisions import build_target, character
from .state import UNTIL_NEXT_TURN, CharacterState, Condition, ConditionName, D100State

BLOOD_LOSS_DEATH = 10  # a d100 of 10 or less: the 10 % chance to die each round
ROLL_OFF_LIMIT = 20


def _agility_bonus(char: CharacterState) -> int:
    return char.bonus("Ag")


def running(state: D100State) -> Encounter:
    if state.encounter is None:
        raise RuleViolation("no_encounter")
    return state.encounter


def decide_start_encounter(state: D100State, command: StartEncounter, dice: Dice, context: D100Context) -> list[Event]:
    """Participants roll 1d10 + AgB; round 1 begins at its turn 0 (Fate may still make an initiative 10)."""
    if state.encounter is not None:
        raise RuleViolation("encounter_running", encounter=state.encounter.id)
    if f"encounter:{command.encounter_id}" in state.used_ids:
        raise RuleViolation("id_reused", case="encounter", id=command.encounter_id)
    if len(set(command.participants)) != len(command.participants):
        raise RuleViolation("participants", case="once")
    for cid in (*command.participants, *command.surprised):
        if cid not in state.characters:
            raise UnknownEntity(case="character", character=cid)
    if not set(command.surprised) <= set(command.participants):
        raise RuleViolation("participants", case="surprised")
    rolls = []
    for cid in command.participants:
        die = dice.roll(10)
        bonus = _agility_bonus(state.characters[cid])
        rolls.append(InitiativeRoll(character_id=cid, die=die, agility_bonus=bonus, total=die.value + bonus))
    started = EncounterStarted(encounter_id=command.encounter_id, participants=command.participants,
                               surprised=command.surprised)
    initiative = InitiativeRolled(encounter_id=command.encounter_id, rolls=tuple(rolls),
                                  dice=tuple(r.die for r in rolls))
    first = RoundStarted(round=1, encounter_id=command.encounter_id)
    return [started, initiative, first, *_round_effects(state, command.participants, dice)]


def fix_order(state: D100State, encounter: Encounter, dice: Dice) -> InitiativeOrderFixed:
    """Highest total first; ties by higher Agility, then 1d10 roll-offs (higher first, again while tied)."""
    agility = {cid: state.characters[cid].sheet.value("Ag") for cid in encounter.participants}
    rolloffs: list[RollOff] = []
    groups: dict[tuple[int, int], list[str]] = {}
    for cid in encounter.participants:
        groups.setdefault((encounter.initiative[cid], agility[cid]), []).append(cid)
    order: list[str] = []
    for key in sorted(groups, reverse=True):
        order.extend(_roll_off(groups[key], dice, rolloffs))
    return InitiativeOrderFixed(encounter_id=encounter.id, order=tuple(order), rolloffs=tuple(rolloffs),
                                dice=tuple(r.die for r in rolloffs))


def _roll_off(tied: list[str], dice: Dice, record: list[RollOff]) -> list[str]:
    if len(tied) == 1:
        return tied
    for _ in range(ROLL_OFF_LIMIT):
        rolled = {cid: dice.roll(10) for cid in tied}
        record.extend(RollOff(character_id=cid, die=die) for cid, die in rolled.items())
        faces = sorted({d.value for d in rolled.values()}, reverse=True)
        if len(faces) > 1:
            result: list[str] = []
            for face in faces:
                result.extend(_roll_off([c for c in tied if rolled[c].value == face], dice, record))
            return result
    return sorted(tied)  # twenty identical roll-offs: by id, so the order is still fixed


def _round_effects(state: D100State, participants: tuple[str, ...], dice: Dice) -> list[Event]:
    """Blood Loss: each bleeding participant rolls d100; 10 or less, he dies."""
    events: list[Event] = []
    for cid in participants:
        char = state.characters[cid]
        if char.has("blood_loss") and not char.has("dead"):
            die = roll_d100(dice)
            events.append(BloodLossRolled(character_id=cid, dice=(die,), roll=die.value,
                                          died=die.value <= BLOOD_LOSS_DEATH))
    return events


def end_turn(state: D100State, encounter: Encounter) -> TurnEnded:
    """The acting character's timed conditions count down; aim, extended action and sacrifice lapse (not a grapple)."""
    cid = encounter.acting
    assert cid is not None
    char = state.characters[cid]
    kept: list[Condition] = []
    expired: list[ConditionName] = []
    for condition in char.conditions:
        if condition.rounds is None or condition.rounds > 1:
            rounds = None if condition.rounds is None else condition.rounds - 1
            kept.append(Condition(name=condition.name, rounds=rounds, note=condition.note, location=condition.location))
        else:
            expired.append(condition.name)
    sacrifice = None if char.sacrifice_turns is None else char.sacrifice_turns - 1
    if sacrifice == 0 and not char.has("dead"):
        kept.append(Condition(name="dead", note="the Heroic Sacrifice is complete"))
    used = encounter.budget.used
    return TurnEnded(
        encounter_id=encounter.id, round=encounter.round, turn=encounter.turn, character_id=cid,
        conditions_after=tuple(kept), expired=tuple(expired), aim_lost=char.aim > 0 and "aim" not in used,
        extended_lost=char.extended_action is not None and not char.extended_action.progressed_this_turn,
        sacrifice_turns_after=sacrifice,
    )


def advance(state: D100State, dice: Dice, context: D100Context = NO_CONTEXT) -> list[Event]:
    """End the current turn (if still open) and begin the next living participant's, across a round if needed."""
    encounter = running(state)
    events: list[Event] = []
    if encounter.acting is not None:
        events.append(end_turn(state, encounter))
    order = encounter.order
    if not order:
        fixed = fix_order(state, encounter, dice)
        events.append(fixed)
        order = fixed.order
    dead = {cid for cid in order if state.characters[cid].has("dead")}
    round_, turn = encounter.round, encounter.turn + 1
    for _ in range(2):
        while turn <= len(order) and (
            order[turn - 1] in dead or (round_ == 1 and order[turn - 1] in encounter.surprised)
        ):
            turn += 1
        if turn <= len(order):
            cid = order[turn - 1]
            return events + start_turn(state, encounter, round_, turn, cid, dice, context)
        round_, turn = round_ + 1, 1
        order = encounter.next_order or order  # a reinforcement waiting for the new round is in its order
        dead |= {cid for cid in order if state.characters[cid].has("dead")}
        effects = _round_effects(state, encounter.participants, dice)
        events += [RoundStarted(round=round_, encounter_id=encounter.id), *effects]
        dead |= {e.character_id for e in effects if isinstance(e, BloodLossRolled) and e.died}
    raise RuleViolation("nobody_left")


def start_round(state: D100State, dice: Dice) -> list[Event]:
    """GM: end the open turn and skip the rest of the round; the new round waits at its turn 0."""
    encounter = running(state)
    events: list[Event] = [end_turn(state, encounter)] if encounter.acting is not None else []
    if not encounter.order:
        events.append(fix_order(state, encounter, dice))
    return [*events, RoundStarted(round=encounter.round + 1, encounter_id=encounter.id),
            *_round_effects(state, encounter.participants, dice)]


def start_turn(
    state: D100State, encounter: Encounter, round_: int, turn: int, cid: str, dice: Dice,
    context: D100Context = NO_CONTEXT,
) -> list[Event]:
    """The turn's start: marks end, then On Fire and a due horde breaking test roll their dice."""
    char = state.characters[cid]
    started = TurnStarted(
        encounter_id=encounter.id, round=round_, turn=turn, character_id=cid,
        expired=tuple(c.name for c in char.conditions if c.name in UNTIL_NEXT_TURN), delayed_lost=char.delayed,
        fate_after=1 if char.sacrifice_turns is not None else None,
    )
    events: list[Event] = [started]
    if char.has("on_fire") and not char.is_horde and not char.has("dead"):
        events.append(_burn(state, char, dice, context))
    mount = state.characters.get(char.mounted_on or "")
    if mount is not None and mount.has("on_fire") and not mount.has("dead") and not char.has("dead"):
        events.append(burning_mount(state, char, mount, dice))  # a mount acts, and burns, with its rider (001)
    if char.is_horde and char.break_test_due and not char.has("broken") and not char.has("dead"):
        events.append(_break_test(char, state, dice))
    return events


def _burn(state: D100State, char: CharacterState, dice: Dice, context: D100Context) -> OnFireBurned:
    die = dice.roll(10)
    tb = toughness_bonus(char)
    wounding = max(0, die.value - tb)
    hurt = wound(state, char, wounding, "body", "energy", extra_fatigue=1)
    change = CharacterChange(
        character_id=char.id, damage_after=hurt.damage, critical_after=hurt.critical, fatigue_after=hurt.fatigue,
        criticals=hurt.criticals, critical_effects=hurt.effects, conditions_added=hurt.conditions,
    )
    rolled: list[Die] = [die]
    sealed = char.sheet.has_trait("sealed_armour") or char.sheet.has_trait("space_marine")
    wp_target = wp_roll = None
    panicking = False
    if not sealed:
        wp_target = build_target(char, "WP", None, context.willpower_of(char.id)).target  # Oath to the Emperor
        wp = roll_d100(dice)
        rolled.append(wp)
        wp_roll, panicking = wp.value, wp.value > wp_target
    return OnFireBurned(
        character_id=char.id, dice=tuple(rolled), damage_roll=die.value, toughness_bonus=tb, wounding=wounding,
        change=change, sealed=sealed, wp_target=wp_target, wp_roll=wp_roll, panicking=panicking,
    )


def _break_test(char: CharacterState, state: D100State, dice: Dice) -> HordeBreakTested:
    built = build_target(char, "WP", None, ())  # below half magnitude: −10, as on every WP test of a horde
    die = roll_d100(dice)
    result = resolve_test(built.target, die.value, rule=state.options.degrees_rule, unnatural=char.unnatural("WP"))
    return HordeBreakTested(
        character_id=char.id, modifiers=built.modifiers, target=built.target, dice=(die,), roll=die.value,
        success=result.success, degrees=result.degrees, broken=not result.success,
    )


# Conditions that last only while the combat does (the demo rule's unconsciousness among them).
_COMBAT_ONLY: frozenset[ConditionName] = UNTIL_NEXT_TURN | {"unaware", "pinned", "grappled"}


def decide_next_turn(state: D100State, command: NextTurn, dice: Dice, context: D100Context) -> list[Event]:
    return advance(state, dice, context)


def decide_end_turn(state: D100State, command: EndTurn, dice: Dice, context: D100Context) -> list[Event]:
    """The acting character ends its turn; the next begins."""
    encounter = running(state)
    if encounter.acting != command.character_id:
        raise RuleViolation("not_your_turn", case="plain", character=character(state, command.character_id).name)
    return advance(state, dice, context)


def decide_end_encounter(state: D100State, command: EndEncounter, dice: Dice, context: D100Context) -> list[Event]:
    return [end_encounter(state)]


def decide_start_round(state: D100State, command: StartRound, dice: Dice, context: D100Context) -> list[Event]:
    """In an encounter the current turn ends and the rest of the round is skipped; outside, the round count moves."""
    if state.encounter is not None:
        return start_round(state, dice)
    return [RoundStarted(round=state.round + 1)]


def end_encounter(state: D100State) -> EncounterEnded:
    """Marks, pins, grapples and the demo rule's "unconscious until the end of the combat" end with it."""
    encounter = running(state)
    removed: list[RemovedCondition] = []
    for cid, char in state.characters.items():
        for condition in char.conditions:
            demo = condition.name == "unconscious" and condition.note == DEMO_UNCONSCIOUS.note
            if condition.name in _COMBAT_ONLY or demo:
                removed.append(RemovedCondition(cid, condition.name))
    return EncounterEnded(encounter_id=encounter.id, rounds=encounter.round, removed=tuple(removed))

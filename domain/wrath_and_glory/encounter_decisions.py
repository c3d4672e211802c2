"""Deciding encounters: start and end, picking who acts, seizing, interrupting, ambush awareness, contests."""

from __future__ import annotations

import msgspec

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.access import require_control, require_gm
from domain.wrath_and_glory.activation import (
    check_no_death_test_due,
    check_pick,
    for_next_turn,
    may_pick,
    pickable,
    round_over,
    running,
    side_of,
    side_to_pick,
)
from domain.wrath_and_glory.encounter_commands import (
    ContestInitiative,
    EndEncounter,
    Interrupt,
    JoinEncounter,
    MakeAware,
    SeizeInitiative,
    StartEncounter,
)
from domain.wrath_and_glory.encounter_events import (
    EncounterEnded,
    EncounterJoined,
    EncounterStarted,
    ExpiryCause,
    InitiativeContested,
    InitiativeTaken,
    MadeAware,
    RoundStarted,
    TurnEffectsExpired,
)
from domain.wrath_and_glory.encounter_state import EncounterState, other_side
from domain.wrath_and_glory.events import GlorySpent, TurnStarted
from domain.wrath_and_glory.icons import count_icons
from domain.wrath_and_glory.injury_decisions import roll_death_test
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.resources import spend
from domain.wrath_and_glory.roll_decisions import require_able, require_in_play
from domain.wrath_and_glory.rolls import roll_d6s
from domain.wrath_and_glory.ruin_payment import pay_ruin
from domain.wrath_and_glory.state import CharacterState, WngState


def decide_start_encounter(state: WngState, command: StartEncounter, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.start_encounter"))
    if state.encounter is not None:
        raise RuleViolation("encounter", case="running", encounter=state.encounter.id)
    if command.encounter_id in state.encounters_held:
        raise RuleViolation("encounter", case="played", encounter=command.encounter_id)
    if not command.participants:
        raise RuleViolation("encounter", case="no_participants")
    if len(set(command.participants)) != len(command.participants):
        raise RuleViolation("encounter", case="named_twice")
    for cid in command.participants:
        require_in_play(state.character(cid))
    return [EncounterStarted(encounter_id=command.encounter_id, participants=command.participants,
                             ambush=command.ambush)]


def decide_join(state: WngState, command: JoinEncounter, dice: Dice, actor: Actor) -> list[Event]:
    """A reinforcement joins the running encounter, acting from this round (it has not acted in it: its side
    may pick it when its pick comes) or, with `next_round`, from the next one."""
    require_gm(actor, message("term.wng.gm_may.reinforce"))
    encounter = running(state)
    character = state.character(command.character_id)
    require_in_play(character)
    if character.id in encounter.participants:
        raise RuleViolation("reinforcement", case="already_in", character=character.sheet.name,
                            encounter=encounter.id)
    # Arriving once everyone has acted is arriving between rounds: it acts from the next one, with everyone.
    later = command.next_round or round_over(state, encounter)
    return [EncounterJoined(encounter_id=encounter.id, character_id=character.id, round=encounter.round,
                            acts_from_round=encounter.round + 1 if later else encounter.round)]


def decide_end_encounter(state: WngState, command: EndEncounter, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.end_encounter"))
    encounter = running(state)
    events: list[Event] = [EncounterEnded(encounter_id=encounter.id, rounds=encounter.round)]
    for cid in encounter.participants:
        events += expire(state.characters[cid], encounter, "encounter_ended")
    return events


def expire(character: CharacterState, encounter: EncounterState, cause: ExpiryCause) -> list[Event]:
    """Effects lasting until the character's next turn end now (Defence changes, an unused Prepare)."""
    prepared = character.id in encounter.prepared
    if not character.defence_effects and not prepared:
        return []
    defence = tuple(Modifier(e.source, e.value) for e in character.defence_effects)
    return [TurnEffectsExpired(character_id=character.id, defence=defence, prepared=prepared, cause=cause)]


def begin_turn(
    state: WngState,
    encounter: EncounterState,
    new_round: bool,
    character: CharacterState,
    dice: Dice,
    *,
    bought: list[Event] | None = None,
    spend_wrath: bool = False,
) -> list[Event]:
    """A turn begins: the round if it is new, the turn, what bought it, effects expiring, a due death test."""
    check_no_death_test_due(state, encounter, except_for=character.id)
    events: list[Event] = []
    if new_round:
        events.append(RoundStarted(encounter_id=encounter.id, round=encounter.round))
    events.append(TurnStarted(character_id=character.id, encounter_id=encounter.id, round=encounter.round,
                              turn=encounter.turn + 1, side=side_of(character)))
    events += bought or []
    events += expire(character, encounter, "turn_started")
    if character.has("dying"):
        events += roll_death_test(state, character, dice, spend_wrath=spend_wrath)
    elif spend_wrath:
        raise RuleViolation("death_test", case="no_wrath_to_spend", character=character.sheet.name)
    return events


def decide_pick(state: WngState, character: CharacterState, dice: Dice, spend_wrath: bool) -> list[Event]:
    """`wng_start_turn` inside an encounter: the next pick of alternating activation."""
    encounter, new_round = for_next_turn(state)
    check_pick(state, encounter, character)
    return begin_turn(state, encounter, new_round, character, dice, spend_wrath=spend_wrath)


def decide_seize(state: WngState, command: SeizeInitiative, dice: Dice, actor: Actor) -> list[Event]:
    encounter = running(state)
    character = state.character(command.character_id)
    require_control(actor, character)
    side = side_of(character)
    # Each side has its own sentences ("the players have", "the GM has"), its case named after the side.
    if encounter.turn == 0 or encounter.last_side != side:
        raise RuleViolation("seize_the_initiative", case=f"{side}_not_after")
    if side == "gm" and encounter.interrupted:
        raise RuleViolation("seize_the_initiative", case="interrupted")
    if side in encounter.seized:
        raise RuleViolation("seize_the_initiative", case=f"{side}_already")
    _check_turn_left(state, encounter, character)
    if not pickable(state, encounter, other_side(side)):
        raise RuleViolation("seize_the_initiative", case=f"{side}_nobody_left")
    bought: list[Event]
    if side == "players":
        change = spend(state.glory, 1, rule="glory")
        bought = [GlorySpent(amount=1, cause="seize_initiative", before=change.before, after=change.after)]
    else:
        bought = [pay_ruin(state, actor, character, "seize_initiative")]
    bought.append(InitiativeTaken(encounter_id=encounter.id, side=side, how="seize", character_id=character.id))
    return begin_turn(state, encounter, False, character, dice, bought=bought)


def decide_interrupt(state: WngState, command: Interrupt, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.interrupt"))
    character = state.character(command.character_id)
    if character.is_hero:
        raise RuleViolation("interrupt", case="hero")
    encounter, new_round = for_next_turn(state)
    if encounter.turn != 0:
        raise RuleViolation("interrupt", case="round_begun")
    if encounter.round == 1 and encounter.ambush == "players":
        raise RuleViolation("interrupt", case="ambush")
    if side_to_pick(state, encounter) == "gm":
        raise RuleViolation("interrupt", case="npc_first")
    _check_turn_left(state, encounter, character)
    bought: list[Event] = [
        pay_ruin(state, actor, character, "interrupt"),
        InitiativeTaken(encounter_id=encounter.id, side="gm", how="interrupt", character_id=character.id),
    ]
    return begin_turn(state, encounter, new_round, character, dice, bought=bought)


def decide_make_aware(state: WngState, command: MakeAware, dice: Dice, actor: Actor) -> list[Event]:
    encounter = running(state)
    character = state.character(command.character_id)
    require_control(actor, character)
    name = character.sheet.name
    if not encounter.surprised(side_of(character)):
        raise RuleViolation("ambush", case="not_surprised", character=name)
    if character.id in encounter.aware:
        raise RuleViolation("ambush", case="aware", character=name)
    _check_turn_left(state, encounter, character, surprised_ok=True)
    cost: Event
    if character.is_hero:
        change = spend(state.glory, 1, rule="glory")
        cost = GlorySpent(amount=1, cause="ambush_awareness", before=change.before, after=change.after)
    else:
        cost = pay_ruin(state, actor, character, "ambush_awareness")
    return [cost, MadeAware(encounter_id=encounter.id, character_id=character.id)]


def decide_contest(state: WngState, command: ContestInitiative, dice: Dice, actor: Actor) -> list[Event]:
    hero = state.character(command.character_id)
    npc = state.character(command.npc_id)
    require_control(actor, hero)
    encounter, new_round = for_next_turn(state)
    if not hero.is_hero or npc.is_hero:
        raise RuleViolation("prepare", case="contest")
    if hero.id not in encounter.prepared:
        raise RuleViolation("prepare", case="not_prepared", character=hero.sheet.name)
    require_able(hero)
    _check_turn_left(state, encounter, hero)
    _check_turn_left(state, encounter, npc)
    if side_to_pick(state, encounter) != "gm":
        raise RuleViolation("prepare", case="players_pick")
    hero_dice = tuple(roll_d6s(dice, hero.sheet.attribute("initiative")))
    npc_dice = tuple(roll_d6s(dice, npc.sheet.attribute("initiative")))
    hero_icons = count_icons(d.value for d in hero_dice)
    npc_icons = count_icons(d.value for d in npc_dice)
    # More icons acts first; the seed is silent on ties: the NPC keeps the turn it was about to take.
    winner = hero if hero_icons > npc_icons else npc
    contest = InitiativeContested(
        encounter_id=encounter.id, character_id=hero.id, npc_id=npc.id, character_dice=hero_dice, npc_dice=npc_dice,
        character_icons=hero_icons, npc_icons=npc_icons, winner=winner.id,
    )
    # The contest uses up the Prepare, so it does not also lapse when the winner's turn starts.
    encounter = msgspec.structs.replace(encounter, prepared=encounter.prepared - {hero.id})
    return begin_turn(state, encounter, new_round, winner, dice, bought=[contest])


def _check_turn_left(
    state: WngState, encounter: EncounterState, character: CharacterState, *, surprised_ok: bool = False
) -> None:
    """The character takes part, lives, has not acted this round and (unless `surprised_ok`) may act now."""
    name = character.sheet.name
    if character.id not in encounter.participants:
        raise RuleViolation("encounter", case="not_in", character=name, encounter=encounter.id)
    require_in_play(character)
    if character.id in encounter.acted:
        raise RuleViolation("one_turn_per_round", character=name, round=encounter.round)
    if not surprised_ok and not may_pick(state, encounter, character):
        raise RuleViolation("ambush", case="surprised", character=name)

"""Alternating activation: whose pick it is, who may still act this round, and when a round is over."""

from __future__ import annotations

from domain.errors import RuleViolation
from domain.wrath_and_glory.encounter_state import EncounterState, Side, other_side
from domain.wrath_and_glory.state import CharacterState, WngState


def side_of(character: CharacterState) -> Side:
    """Heroes are the players' side; every NPC and troop is the GM's."""
    return "players" if character.is_hero else "gm"


def running(state: WngState) -> EncounterState:
    """The encounter in progress, or the rule that there is none."""
    if state.encounter is None:
        raise RuleViolation("encounter", case="none", command="wng_start_encounter")
    return state.encounter


def yet_to_act(state: WngState, encounter: EncounterState) -> list[CharacterState]:
    """Participants still to take a turn this round: everyone not dead who has not acted."""
    found = (state.characters[c] for c in encounter.participants if c in state.characters)
    return [
        c for c in found
        if not c.has("dead") and c.regrouped_into is None and c.id not in encounter.acted | encounter.waiting
    ]


def round_over(state: WngState, encounter: EncounterState) -> bool:
    return not yet_to_act(state, encounter)


def may_pick(state: WngState, encounter: EncounterState, character: CharacterState) -> bool:
    """Whether a character can be picked now; in round 1 of an ambush the unaware surprised wait."""
    side = side_of(character)
    if character not in yet_to_act(state, encounter):
        return False
    if not encounter.surprised(side) or character.id in encounter.aware:
        return True
    assert encounter.ambush is not None
    return not any(side_of(c) == encounter.ambush for c in yet_to_act(state, encounter))


def pickable(state: WngState, encounter: EncounterState, side: Side) -> list[CharacterState]:
    return [c for c in yet_to_act(state, encounter) if side_of(c) == side and may_pick(state, encounter, c)]


def side_to_pick(state: WngState, encounter: EncounterState) -> Side | None:
    """The side whose character acts next: alternate, starting with the players (the ambushers in round 1,
    the GM after an interrupt); when one side has nobody left, the other finishes the round."""
    if encounter.turn == 0:
        first: Side = encounter.ambush if encounter.round == 1 and encounter.ambush else "players"
    else:
        assert encounter.last_side is not None
        first = other_side(encounter.last_side)
    for side in (first, other_side(first)):
        if pickable(state, encounter, side):
            return side
    return None


def for_next_turn(state: WngState) -> tuple[EncounterState, bool]:
    """The encounter as the next turn sees it, and whether that turn opens a new round."""
    encounter = running(state)
    if round_over(state, encounter):
        return encounter.next_round(), True
    return encounter, False


def check_pick(state: WngState, encounter: EncounterState, character: CharacterState) -> None:
    """Refuse picking a character that cannot act now, naming the rule."""
    name = character.sheet.name
    if character.id not in encounter.participants:
        raise RuleViolation("encounter", case="not_in", character=name, encounter=encounter.id)
    if character.has("dead"):
        raise RuleViolation("dead", case="no_turns", character=name)
    if character.regrouped_into is not None:
        raise RuleViolation("regrouped", case="no_turns", troop=name, into=character.regrouped_into)
    if character.id in encounter.waiting:
        raise RuleViolation("reinforcement", case="next_round", character=name, encounter=encounter.id,
                            round=encounter.round + 1)
    if character.id in encounter.acted:
        raise RuleViolation("one_turn_per_round", character=name, round=encounter.round)
    if not may_pick(state, encounter, character):
        raise RuleViolation("ambush", case="surprised_pick", character=name)
    expected = side_to_pick(state, encounter)
    if expected is not None and side_of(character) != expected:
        raise RuleViolation("alternating_activation", case=expected, character=name)


def check_no_death_test_due(state: WngState, encounter: EncounterState, except_for: str | None = None) -> None:
    """A death test owed on falling unconscious or being wounded again is rolled before play goes on."""
    for cid in encounter.participants:
        character = state.characters.get(cid)
        if character is not None and character.death_test_due and cid != except_for:
            raise RuleViolation("death_test", case="due", character=character.sheet.name,
                                command="wng_roll_death_test")

"""Deciding campaign set-up and resources: tier, characters, sessions, turns, Wrath, Glory and Ruin."""

from __future__ import annotations

import msgspec

from domain.commands import Actor
from domain.dice import Dice
from domain.engine import NewCharacter
from domain.errors import RuleViolation
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.access import require_control, require_gm
from domain.wrath_and_glory.commands import (
    AwardWrath,
    GainGlory,
    GainRuin,
    SetTier,
    SpendGlory,
    SpendRuin,
    SpendWrath,
    StartSession,
    StartTurn,
)
from domain.wrath_and_glory.encounter_decisions import decide_pick
from domain.wrath_and_glory.events import (
    GloryGained,
    GlorySpent,
    HeroSessionReset,
    Recruit,
    RuinGained,
    RuinSpent,
    SessionStarted,
    TierSet,
    TurnStarted,
    WrathGained,
    WrathSpent,
)
from domain.wrath_and_glory.modifiers import Modifier
from domain.wrath_and_glory.resources import SESSION_GLORY, SESSION_RELOADS, SESSION_WRATH, gain, spend
from domain.wrath_and_glory.sheet import Sheet
from domain.wrath_and_glory.state import WngState


def decide_set_tier(state: WngState, command: SetTier, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.set_tier"))
    if command.tier < 1:
        raise RuleViolation("tier")
    return [TierSet(tier=command.tier)]


def recruit(new: NewCharacter) -> Recruit:
    """The Wrath & Glory part of a new character, or the rule its sheet or owner breaks."""
    if new.sheet is None:
        raise RuleViolation("sheet", case="wng_missing")
    if new.comrade:
        raise RuleViolation("comrade")
    try:
        sheet = msgspec.convert(new.sheet, Sheet)
    except msgspec.ValidationError as error:
        raise RuleViolation("sheet", case="wng_invalid", error=str(error)) from error
    hero = sheet.kind == "hero"
    if hero and new.owner_role == "gm":
        raise RuleViolation("owner")
    if hero != (new.kind == "pc"):
        raise RuleViolation("kind")
    if sheet.wounds < 1 or sheet.shock < 0:
        raise RuleViolation("sheet", case="wng_wounds")
    if sheet.kind == "troop" and sheet.members < 2:
        raise RuleViolation("troop", case="few")
    if sheet.kind != "troop" and sheet.members != 1:
        raise RuleViolation("troop", case="not_troop")
    return Recruit(sheet=sheet, wrath=SESSION_WRATH if hero else 0, reloads=SESSION_RELOADS if hero else 0)


def decide_start_session(state: WngState, command: StartSession, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.start_session"))
    heroes = tuple(
        HeroSessionReset(character_id=c.id, wrath=SESSION_WRATH, reloads=SESSION_RELOADS)
        for c in state.characters.values()
        if c.is_hero
    )
    return [
        SessionStarted(
            session=state.session + 1,
            heroes=heroes,
            glory=SESSION_GLORY,
            glory_cap=state.glory_cap,
            ruin=state.ruin_cap,
            ruin_cap=state.ruin_cap,
        )
    ]


def decide_start_turn(state: WngState, command: StartTurn, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    if state.encounter is not None and character.id in state.encounter.participants:
        return decide_pick(state, character, dice, command.spend_wrath_on_death_test)
    if command.spend_wrath_on_death_test:
        raise RuleViolation("death_test", case="outside", command="wng_roll_death_test")
    return [TurnStarted(character_id=character.id, expired_defence=tuple(
        _as_modifier(e.source, e.value) for e in character.defence_effects
    ))]


def _as_modifier(source: str, value: int) -> Modifier:
    return Modifier(source, value)


def decide_award_wrath(state: WngState, command: AwardWrath, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.award_wrath"))
    character = state.character(command.character_id)
    if not character.is_hero:
        raise RuleViolation("wrath", case="heroes")
    return [WrathGained(character_id=character.id, amount=1, cause=command.cause, before=character.wrath,
                        after=character.wrath + 1, reason=command.reason)]


def decide_spend_wrath(state: WngState, command: SpendWrath, dice: Dice, actor: Actor) -> list[Event]:
    character = state.character(command.character_id)
    require_control(actor, character)
    change = spend(character.wrath, 1, rule="wrath")
    return [WrathSpent(character_id=character.id, amount=1, cause="narrative", before=change.before,
                       after=change.after, reason=command.reason)]


def decide_gain_glory(state: WngState, command: GainGlory, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.award_glory"))
    if command.amount < 1:
        raise RuleViolation("glory", case="gain")
    if command.cause == "gm_award" and state.glory >= state.glory_cap:
        raise RuleViolation("glory_cap", cap=state.glory_cap)
    change = gain(state.glory, command.amount, state.glory_cap)
    return [GloryGained(amount=command.amount, cause=command.cause, before=change.before, after=change.after,
                        lost=change.lost, reason=command.reason)]


def decide_spend_glory(state: WngState, command: SpendGlory, dice: Dice, actor: Actor) -> list[Event]:
    if command.amount < 1:
        raise RuleViolation("glory", case="spend")
    change = spend(state.glory, command.amount, rule="glory")
    return [GlorySpent(amount=command.amount, cause=command.cause, before=change.before, after=change.after,
                       reason=command.reason)]


def decide_gain_ruin(state: WngState, command: GainRuin, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.gain_ruin"))
    if command.amount < 1:
        raise RuleViolation("ruin", case="gain")
    if command.cause == "gm_award" and state.ruin >= state.ruin_cap:
        raise RuleViolation("ruin_cap", cap=state.ruin_cap)
    change = gain(state.ruin, command.amount, state.ruin_cap)
    return [RuinGained(amount=command.amount, cause=command.cause, before=change.before, after=change.after,
                       lost=change.lost, reason=command.reason)]


def decide_spend_ruin(state: WngState, command: SpendRuin, dice: Dice, actor: Actor) -> list[Event]:
    require_gm(actor, message("term.wng.gm_may.spend_ruin"))
    if command.amount < 1:
        raise RuleViolation("ruin", case="spend")
    if command.personal_of is None:
        change = spend(state.ruin, command.amount, rule="ruin")
    else:
        npc = state.character(command.personal_of)
        change = spend(npc.personal_ruin, command.amount, rule="personal_ruin", npc=npc.sheet.name)
    return [RuinSpent(amount=command.amount, cause=command.cause, before=change.before, after=change.after,
                      personal_of=command.personal_of, reason=command.reason)]

"""Which rules engine serves which campaign, and the one `decide` the service calls for every command.

Campaign commands (sessions, rolls, notes …) are ruleset-neutral; d100 commands need a Deathwatch,
Dark Heresy or Only War campaign; Wrath & Glory commands a Wrath & Glory campaign. Starting a session
also resets the ruleset's per-session resources, in the same command.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain import d100, missions
from domain import wrath_and_glory as wng
from domain.campaign.commands import CAMPAIGN_COMMANDS, InviteParticipant, StartSession
from domain.campaign.decide import CommandContext, decide_campaign
from domain.campaign.events import Ruleset, StatValue
from domain.campaign.permissions import authorize
from domain.campaign.state import CampaignState, RulesState
from domain.commands import Actor, Command, command_tag
from domain.d100.characteristics import Characteristic
from domain.d100.context import D100Context
from domain.d100.sheet import SKILL_CATALOGUE
from domain.dice import Dice
from domain.errors import Forbidden, RuleViolation
from domain.events import Event
from domain.wrath_and_glory.commands import StartSession as WngStartSession

D100_RULESETS: frozenset[str] = frozenset({"deathwatch", "dark_heresy", "only_war"})
# Commands the service never takes from outside: the engine's own session reset runs inside start_session.
INTERNAL_COMMANDS: tuple[type[Command], ...] = (WngStartSession,)
# Options every campaign understands, whatever its ruleset.
CAMPAIGN_OPTIONS: dict[str, type] = {"players_may_undo_own_turn": bool}


def initial_rules(ruleset: Ruleset, options: dict[str, StatValue | bool]) -> RulesState:
    """The empty rules state of a new campaign, with its variant options; bad options are refused."""
    try:
        if ruleset == "wrath_and_glory":
            tier = options.get("tier", 3)
            if not isinstance(tier, int) or isinstance(tier, bool) or not 1 <= tier <= 5:
                raise RuleViolation("campaign options", "tier must be a whole number from 1 to 5")
            return wng.initial_state(tier=tier)
        defaults = msgspec.to_builtins(d100.options_for(ruleset))
        merged: dict[str, Any] = {**defaults, **{k: v for k, v in options.items() if k in defaults}}
        return d100.initial_state(ruleset, msgspec.convert(merged, d100.D100Options))
    except msgspec.ValidationError as error:
        raise RuleViolation("campaign options", f"the campaign options are not valid for {ruleset}: {error}") from error


def check_options(ruleset: Ruleset, options: dict[str, StatValue | bool]) -> None:
    """Refuse unknown or ill-typed options when a campaign is created."""
    known = {"tier"} if ruleset == "wrath_and_glory" else set(msgspec.to_builtins(d100.options_for(ruleset)))
    known |= set(CAMPAIGN_OPTIONS)
    unknown = sorted(set(options) - known)
    if unknown:
        raise RuleViolation(
            "campaign options",
            f"unknown option(s) {', '.join(unknown)} for {ruleset}; known: {', '.join(sorted(known))}",
        )
    for name, kind in CAMPAIGN_OPTIONS.items():
        if name in options and not isinstance(options[name], kind):
            raise RuleViolation("campaign options", f"option {name} must be a {kind.__name__}")
    initial_rules(ruleset, options)


def decide(state: CampaignState, command: Command, dice: Dice, actor: Actor, context: CommandContext) -> list[Event]:
    """The events any command appends, or the DomainError that refuses it."""
    if actor.role == "observer":
        raise Forbidden(f"observers may read the campaign but not send commands ({command_tag(command)})")
    if isinstance(command, (*CAMPAIGN_COMMANDS, InviteParticipant)):
        authorize(state, actor, command)
        events = decide_campaign(state, command, dice, actor, context)
        if isinstance(command, StartSession) and isinstance(state.rules, wng.WngState):
            events += wng.decide(state.rules, WngStartSession(), dice, actor)
        return events
    if isinstance(command, INTERNAL_COMMANDS):
        raise RuleViolation("command", f"{command_tag(command)} is part of start_session; send start_session instead")
    if isinstance(command, d100.COMMANDS):
        if not isinstance(state.rules, d100.D100State):
            raise RuleViolation(
                "ruleset", f"{command_tag(command)} is a d100 command; this campaign plays {state.ruleset}"
            )
        _check_new_character(state, command)
        sworn, oath_effects = with_oaths(state, state.rules, command)
        return d100.decide(state.rules, sworn, dice, actor, oath_effects)
    if isinstance(command, wng.COMMANDS):
        if not isinstance(state.rules, wng.WngState):
            raise RuleViolation(
                "ruleset", f"{command_tag(command)} is a Wrath & Glory command; this campaign plays {state.ruleset}"
            )
        _check_new_character(state, command)
        return wng.decide(state.rules, command, dice, actor)  # type: ignore[arg-type]  # narrowed by COMMANDS
    if isinstance(command, missions.COMMANDS):
        return missions.decide(state.missions, command, dice, actor, mission_characters(state))
    raise RuleViolation("command", f"{command_tag(command)} is not a command this service knows")


def with_oaths(state: CampaignState, rules: d100.D100State, command: Command) -> tuple[Command, D100Context]:
    """The command with the mission oath's named modifiers added, and the oath's other effects."""
    oaths = state.missions
    match command:
        case d100.commands.RollTest(character_id=cid) if cid in rules.characters:
            extra = missions.oath_modifiers(oaths, cid, _tested(rules, command.characteristic, command.skill, cid))
            command = msgspec.structs.replace(command, modifiers=(*command.modifiers, *extra))
        case d100.commands.Attack(attacker_id=cid, target_id=target, weapon_id=weapon_id) if cid in rules.characters:
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


def _tested(
    rules: d100.D100State, characteristic: Characteristic | None, skill: str | None, cid: str
) -> Characteristic:
    """The characteristic a test rolls against: given, or the skill's (the sheet's entry, else the catalogue)."""
    if characteristic is not None:
        return characteristic
    entry = rules.characters[cid].sheet.skills.get(skill or "") or SKILL_CATALOGUE.get(skill or "")
    return entry.characteristic if entry is not None else "WS"


def mission_characters(state: CampaignState) -> dict[str, missions.CharacterInfo]:
    """What the missions rules know of each character: name, owner and Deathwatch speciality if given."""
    return {
        cid: missions.CharacterInfo(
            id=cid, name=character.name, owner=character.owner, speciality=_speciality(state, cid)
        )
        for cid, character in state.characters.items()
    }


def _speciality(state: CampaignState, character_id: str) -> missions.Speciality | None:
    # A generic sheet may name it in its stats ("speciality": "Apothecary" or "apotecario"); a d100
    # sheet in its own field.
    sheet_value: object = None
    if isinstance(state.rules, d100.D100State) and character_id in state.rules.characters:
        sheet_value = getattr(state.rules.characters[character_id].sheet, "speciality", None)
    generic = state.characters.get(character_id)
    raw = sheet_value or (generic.stats.get("speciality") if generic is not None else None)
    if not isinstance(raw, str):
        return None
    key = raw.strip().casefold()
    english = key.replace(" ", "_")
    if english in missions.characters.SPECIALITIES:
        return english
    return missions.characters.SPANISH_SPECIALITIES.get(key)


def _check_new_character(state: CampaignState, command: Command) -> None:
    """Character ids are one namespace per campaign, whichever command created them."""
    match command:
        case d100.commands.RegisterCharacter(character_id=new_id) | wng.commands.AddCharacter(character_id=new_id):
            if new_id in state.characters:
                raise RuleViolation("unique character id", f"a character with id {new_id!r} already exists")

"""Deciding troop regrouping: members of several troops join one (RULES B3 troops; seed 003: "los miembros
de diferentes tropas pueden reagruparse, como acción gratuita, en una nueva tropa")."""

from __future__ import annotations

import msgspec

from domain.commands import Actor
from domain.dice import Dice
from domain.errors import RuleViolation
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.access import require_gm
from domain.wrath_and_glory.commands import RegroupTroops
from domain.wrath_and_glory.sheet import Sheet
from domain.wrath_and_glory.state import CharacterState, WngState
from domain.wrath_and_glory.troop_events import RegroupedPart, TroopsRegrouped


def _profile(sheet: Sheet) -> Sheet:
    """What members must share to fight as one troop: everything on the sheet but its name and size."""
    return msgspec.structs.replace(sheet, name="", members=0)


def carried(troop: CharacterState) -> tuple[int, int]:
    """The shock and wounds a troop has lost short of one more member's worth (its damaged members)."""
    shock = troop.troop_shock_lost % troop.sheet.shock if troop.sheet.shock > 0 else 0
    wounds = troop.troop_wounds_lost % troop.sheet.wounds if troop.sheet.wounds > 0 else 0
    return shock, wounds


def _check_troop(troop: CharacterState) -> None:
    name = troop.sheet.name
    if not troop.is_troop:
        raise RuleViolation("regroup", case="not_troop", troop=name)
    if troop.regrouped_into is not None:
        raise RuleViolation("regrouped", case="already", troop=name, into=troop.regrouped_into)
    if troop.has("dead") or troop.members_left < 1:
        raise RuleViolation("regroup", case="empty", troop=name)


def decide_regroup(state: WngState, command: RegroupTroops, dice: Dice, actor: Actor) -> list[Event]:
    """The joining troops' members join `troop_id` (at least two members in all, the same profile), a free
    action; in an encounter all of them take part, none of the joining ones is acting, and the troop counts
    as having acted this round if any part of it has."""
    require_gm(actor, message("term.wng.gm_may.regroup"))
    troop = state.character(command.troop_id)
    if not command.joining:
        raise RuleViolation("regroup", case="none")
    if len(set(command.joining)) != len(command.joining) or troop.id in command.joining:
        raise RuleViolation("regroup", case="named_twice")
    parts = [state.character(cid) for cid in command.joining]
    everyone = [troop, *parts]
    for each in everyone:
        _check_troop(each)
    for part in parts:
        if _profile(part.sheet) != _profile(troop.sheet):
            raise RuleViolation("regroup", case="profile", part=part.sheet.name, troop=troop.sheet.name)
    acted = False
    encounter = state.encounter
    if encounter is not None:
        inside = [state.takes_part(each.id) for each in everyone]
        if any(inside) and not all(inside):
            outside = ", ".join(each.sheet.name for each, taking in zip(everyone, inside, strict=True) if not taking)
            raise RuleViolation("regroup", case="outside", troops=outside, encounter=encounter.id,
                                command="wng_join_encounter")
        if all(inside):
            for part in parts:
                if encounter.acting == part.id:
                    raise RuleViolation("regroup", case="acting", troop=part.sheet.name)
            acted = any(each.id in encounter.acted for each in everyone)
    joined = []
    for part in parts:
        shock, wounds = carried(part)
        joined.append(RegroupedPart(character_id=part.id, members=part.members_left, shock_carried=shock,
                                    wounds_carried=wounds))
    own_shock, own_wounds = carried(troop)
    shock_total = own_shock + sum(p.shock_carried for p in joined)
    wounds_total = own_wounds + sum(p.wounds_carried for p in joined)
    return [
        TroopsRegrouped(
            troop_id=troop.id, joined=tuple(joined), members_before=troop.members_left,
            members_after=troop.members_left + sum(p.members for p in joined), shock_carried=shock_total,
            wounds_carried=wounds_total, troop_shock_lost=shock_total, troop_wounds_lost=wounds_total, acted=acted,
        )
    ]

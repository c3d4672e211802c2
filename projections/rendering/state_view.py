"""The state page's fragments: the campaign at one point as a reader follows it, and what changed between two.

What a reader follows about a character (its standing: wounds left, shock, Fate, Wrath, fatigue, magnitude,
troop members, conditions, ammunition) is read from the engine's typed state through the registry's
accessors, never from a ruleset package; the pools come from the engine (`pools`), the encounter from its
accessors (`encounters`, `position`). Field names are the rendering vocabulary's, the same as transcripts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.campaign.state import CampaignState
from domain.rulesets import engine_of_state
from projections.rendering.page_words import LABELS, label
from projections.rendering.vocabulary import Lang, field

StandingValue = int | tuple[str, ...]

# What a reader follows, in the order a sheet shows it; numbers the engine leaves unset are not shown.
_NUMBERS = ("shock", "fate", "wrath", "fatigue", "critical", "magnitude", "members_left", "reloads")


class CharacterView(msgspec.Struct, frozen=True, kw_only=True):
    character_id: str
    name: str
    kind: str
    standing: dict[str, StandingValue]
    maxima: dict[str, int]


class EncounterView(msgspec.Struct, frozen=True, kw_only=True):
    encounter_id: str
    round: int | None
    turn: int | None
    acting: str | None
    order: tuple[str, ...]
    initiative: dict[str, int]


class MissionView(msgspec.Struct, frozen=True, kw_only=True):
    mission_id: str
    title: str
    phase: str
    objectives: tuple[tuple[str, str], ...]


class StateView(msgspec.Struct, frozen=True, kw_only=True):
    version: int
    characters: tuple[CharacterView, ...]
    encounters: tuple[EncounterView, ...]
    pools: dict[str, int]
    missions: tuple[MissionView, ...]


def _plain(value: msgspec.Struct) -> dict[str, Any]:
    data = msgspec.to_builtins(value)
    assert isinstance(data, dict)
    return data


def standing(rules_character: Mapping[str, Any]) -> tuple[dict[str, StandingValue], dict[str, int]]:
    """A character's standing and the maxima beside it, from the engine's state of that character."""
    sheet = rules_character.get("sheet") or {}
    found: dict[str, StandingValue] = {}
    maxima: dict[str, int] = {}
    horde = rules_character.get("magnitude") is not None
    if not horde and isinstance(rules_character.get("damage"), int) and isinstance(sheet.get("wounds"), int):
        found["wounds"] = sheet["wounds"] - rules_character["damage"]  # wounds left, as a reader counts them
        maxima["wounds"] = sheet["wounds"]
    elif not horde and isinstance(rules_character.get("wounds"), int):
        found["wounds"] = rules_character["wounds"]
        if isinstance(sheet.get("wounds"), int):
            maxima["wounds"] = sheet["wounds"]
    for key in _NUMBERS:
        value = rules_character.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            if key == "members_left" and sheet.get("kind") != "troop":
                continue
            if key in ("critical", "reloads") and value == 0:
                continue
            if key == "fate" and value == 0 and not rules_character.get("fate_max"):
                continue  # no Fate to spend and none to regain: an NPC's, not worth a line
            found[key] = value
    if isinstance(sheet.get("shock"), int) and "shock" in found:
        maxima["shock"] = sheet["shock"]
    if isinstance(rules_character.get("fate_max"), int) and "fate" in found:
        maxima["fate"] = rules_character["fate_max"]
    if isinstance(rules_character.get("magnitude_start"), int) and horde:
        maxima["magnitude"] = rules_character["magnitude_start"]
    if isinstance(sheet.get("members"), int) and "members_left" in found:
        maxima["members_left"] = sheet["members"]
    conditions = rules_character.get("conditions") or ()
    found["conditions"] = tuple(sorted(c["name"] if isinstance(c, dict) else str(c) for c in conditions))
    ammo = rules_character.get("ammo") or {}
    if ammo:
        found["ammo"] = tuple(f"{weapon} {count}" for weapon, count in sorted(ammo.items()))
    jammed = rules_character.get("jammed") or ()
    if jammed:
        found["jammed"] = tuple(sorted(jammed))
    return found, maxima


def state_view(state: CampaignState) -> StateView:
    """The campaign at one point: characters with their standing, encounters, pools, missions."""
    engine = engine_of_state(state.rules) if state.rules is not None else None
    rules_characters = engine.characters(state.rules) if engine and state.rules else {}
    characters = []
    for character_id, character in state.characters.items():
        found = rules_characters.get(character_id)
        shown, maxima = standing(_plain(found)) if found is not None else ({}, {})
        characters.append(CharacterView(character_id=character_id, name=character.name, kind=character.kind,
                                        standing=shown, maxima=maxima))
    encounters = []
    position = engine.position(state.rules) if engine and state.rules else None
    for encounter_id, running in (engine.encounters(state.rules) if engine and state.rules else {}).items():
        data = _plain(running)
        here = position if position is not None and position.encounter == encounter_id else None
        order = tuple(data.get("order") or data.get("participants") or ())
        encounters.append(EncounterView(
            encounter_id=encounter_id, round=data.get("round"), turn=data.get("turn"),
            acting=here.character_id if here is not None else data.get("acting"), order=order,
            initiative={k: v for k, v in (data.get("initiative") or {}).items() if isinstance(v, int)},
        ))
    pools = engine.pools(state.rules) if engine and state.rules else {}
    missions = tuple(
        MissionView(mission_id=mid, title=mission.title or mid, phase=mission.phase,
                    objectives=tuple((o.text, o.status) for o in mission.objectives.values()))
        for mid, mission in state.missions.missions.items()
    )
    return StateView(version=state.version, characters=tuple(characters), encounters=tuple(encounters),
                     pools=dict(pools), missions=missions)


def name_of(key: str, lang: Lang) -> str:
    """A standing key as a reader calls it: the vocabulary's field name, or the page's own."""
    return label(f"standing_{key}", lang) if f"standing_{key}" in LABELS else field(key, lang)


def _shown(value: StandingValue | None, lang: Lang) -> str:
    if value is None:
        return "—"
    if isinstance(value, tuple):
        return ", ".join(field(v, lang) for v in value) if value else "—"
    return str(value)


def compare(before: StateView, after: StateView, lang: Lang) -> list[str]:
    """What a reader follows that changed, one line each: "Kai: wounds 12 → 4", "Glory 2 → 3"."""
    lines: list[str] = []
    old = {c.character_id: c for c in before.characters}
    for character in after.characters:
        was = old.get(character.character_id)
        if was is None:
            continue
        parts = [
            f"{name_of(key, lang)} {_shown(was.standing.get(key), lang)} → {_shown(value, lang)}"
            for key, value in character.standing.items()
            if was.standing.get(key) != value
        ]
        if parts:
            lines.append(f"{character.name}: {', '.join(parts)}")
    for key, value in after.pools.items():
        if before.pools.get(key) != value and not key.endswith("_cap"):
            lines.append(f"{field(key, lang)} {before.pools.get(key, 0)} → {value}")
    return lines

"""The state page's fragments: the campaign at one point as a reader follows it, and what changed between two.

What a reader follows about a character is its engine's standing (`phrases.standing`: wounds left, shock,
Fate, Wrath, fatigue, magnitude, troop members, conditions …), the same the forum replies and transcripts
compare; the page adds what a sheet shows beside it (maxima, ammunition, jammed weapons), read from the
engine's state through the registry's accessors, never from a ruleset package. The pools come from the
engine (`pools`), the encounter from its accessors (`encounters`, `position`). Compare lines are the
replies' own phrases (projections/rendering/standing.py): "Brother Kai: 12 → 4 wounds".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.campaign.state import CampaignState
from domain.rulesets import reads_of, surface_of
from projections.rendering.names import namer
from projections.rendering.standing import StandingChange, change_text, standing_changes
from projections.rendering.vocabulary import Lang, term, title

StandingValue = int | tuple[str, ...]


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
    ruleset: str
    characters: tuple[CharacterView, ...]
    encounters: tuple[EncounterView, ...]
    pools: dict[str, int]
    missions: tuple[MissionView, ...]


def _plain(value: msgspec.Struct) -> dict[str, Any]:
    data = msgspec.to_builtins(value)
    assert isinstance(data, dict)
    return data


def sheet_extras(rules_character: Mapping[str, Any]) -> tuple[dict[str, StandingValue], dict[str, int]]:
    """What a sheet shows beside the standing: ammunition and jammed weapons, and the maxima of the numbers."""
    sheet = rules_character.get("sheet") or {}
    extras: dict[str, StandingValue] = {}
    # Ammunition and jams are kept by weapon id ("bolter"); a reader knows the weapon by its sheet's name.
    named = {w.get("id"): w.get("name") for w in sheet.get("weapons") or () if isinstance(w, dict)}
    ammo = rules_character.get("ammo") or {}
    if ammo:
        extras["ammo"] = tuple(f"{named.get(weapon) or weapon} {count}" for weapon, count in sorted(ammo.items()))
    jammed = rules_character.get("jammed") or ()
    if jammed:
        extras["jammed"] = tuple(sorted(named.get(weapon) or weapon for weapon in jammed))
    maxima: dict[str, int] = {}
    for key, found in (("wounds", sheet.get("wounds")), ("shock", sheet.get("shock")),
                       ("fate", rules_character.get("fate_max")), ("magnitude", rules_character.get("magnitude_start")),
                       ("members", sheet.get("members"))):
        if isinstance(found, int) and not isinstance(found, bool) and found > 0:
            maxima[key] = found
    return extras, maxima


def state_view(state: CampaignState) -> StateView:
    """The campaign at one point: characters with their standing, encounters, pools, missions."""
    engine = reads_of(state.rules) if state.rules is not None else None
    rules_characters = engine.characters(state.rules) if engine and state.rules else {}
    characters = []
    for character_id, character in state.characters.items():
        found = rules_characters.get(character_id)
        shown: dict[str, StandingValue] = {}
        maxima: dict[str, int] = {}
        if engine is not None and state.rules is not None and found is not None:
            shown = dict(surface_of(state.rules).phrases.standing(state.rules, character_id))
            extras, maxima = sheet_extras(_plain(found))
            shown.update({k: v for k, v in extras.items() if k not in shown})
            maxima = {k: v for k, v in maxima.items() if k in shown}
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
    return StateView(version=state.version, ruleset=state.ruleset, characters=tuple(characters),
                     encounters=tuple(encounters), pools=dict(pools), missions=missions)


def name_of(key: str, lang: Lang, ruleset: str) -> str:
    """A standing key, pool or condition as the replies say it (the engine's terms, else the vocabulary's)."""
    return term(key, lang, ruleset)


def compare(before: CampaignState, after: CampaignState, lang: Lang) -> list[str]:
    """What a reader follows that changed between two points, in the replies' words: "Kai: 12 → 4 wounds".

    A character created in between is named with its standing ("the cultists (character created): magnitude
    30"): one event's changes leave it out, its creation's line says who it is, but between two posts far
    apart nothing else would, and the page said nothing changed.
    """
    name = namer(after)
    lines = [_created(after, character_id, lang, name(character_id)) for character_id in after.characters
             if character_id not in before.characters]
    changes = standing_changes(before, after, name)
    return [line for line in lines if line] + [change_text(change, lang, after.ruleset) for change in changes]


def _created(after: CampaignState, character_id: str, lang: Lang, name: str) -> str | None:
    if after.rules is None:
        return None
    standing = surface_of(after.rules).phrases.standing(after.rules, character_id)
    shown = {k: list(v) if isinstance(v, tuple) else v for k, v in standing.items()}
    change = StandingChange(character_id=character_id, name=f"{name} ({title('character_created', lang)})",
                            before={}, after=shown)
    return change_text(change, lang, after.ruleset)

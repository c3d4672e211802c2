"""The command language's directory, read off today's CampaignState.

The only module that knows both the state's layout and the directory's: when the state is restructured,
this is what changes (the parser and the vocabularies only see the Directory).
"""

from __future__ import annotations

from domain.campaign.state import CampaignState
from domain.d100.state import D100State
from domain.language import (
    CharacterEntry,
    Directory,
    EncounterEntry,
    MissionEntry,
    ObjectiveEntry,
    ParticipantEntry,
    PendingEntry,
    WeaponEntry,
)
from domain.rulesets import reads_of
from domain.wrath_and_glory.state import WngState


def build_directory(state: CampaignState) -> Directory:
    """Every name a post to this campaign may use: characters with weapons and skills, participants,
    encounters, missions with objectives, and what waits for a reaction, damage, a reroll or a choice."""
    return Directory(
        characters=tuple(_character(state, cid) for cid in state.characters),
        participants=tuple(ParticipantEntry(id=p.participant_id, name=p.name) for p in state.participants.values()),
        encounters=_encounters(state),
        missions=tuple(
            MissionEntry(id=m.id, title=m.title, open=m.phase != "closed",
                         objectives=tuple(ObjectiveEntry(id=o.id, text=o.text) for o in m.objectives.values()))
            for m in state.missions.missions.values()
        ),
        pending=_pending(state),
    )


def _character(state: CampaignState, character_id: str) -> CharacterEntry:
    generic = state.characters[character_id]
    # The GM's characters and every npc have no owner here: `me` is a player's character, never an NPC
    # (create_character records the kind; a GM's own character is an npc unless it says otherwise).
    owner = None if generic.owner in state.gm_ids() or generic.kind == "npc" else generic.owner
    skills: tuple[str, ...] = ()
    rules = state.rules
    if isinstance(rules, D100State) and character_id in rules.characters:
        skills = tuple(rules.characters[character_id].sheet.skills)
    return CharacterEntry(id=character_id, name=generic.name, owner=owner, weapons=weapons_of(state, character_id),
                          skills=skills)


def weapons_of(state: CampaignState, character_id: str) -> tuple[WeaponEntry, ...]:
    """A character's weapons as a post names them (and a reader is told them), without the whole directory."""
    rules = state.rules
    if isinstance(rules, D100State) and character_id in rules.characters:
        return tuple(WeaponEntry(w.id, w.name) for w in rules.characters[character_id].sheet.weapons)
    if isinstance(rules, WngState) and character_id in rules.characters:
        return tuple(WeaponEntry(w.name, w.name) for w in rules.characters[character_id].sheet.weapons)
    return ()


def _encounters(state: CampaignState) -> tuple[EncounterEntry, ...]:
    rules = state.rules
    # The running encounter as its engine tells it; the ones held before are in the campaign's undo logs.
    running = next(iter(reads_of(rules).encounters(rules)), None) if rules is not None else None
    known = [*state.encounters, *([running] if running and running not in state.encounters else [])]
    return tuple(EncounterEntry(id=eid, active=eid == running) for eid in known)


def _pending(state: CampaignState) -> tuple[PendingEntry, ...]:
    rules = state.rules
    if isinstance(rules, D100State):
        # A missed attack stays listed, tagged so (Fate rerolls it; nothing else means it); the latest rolls come
        # last, so "your last test" is the last one rolled, attack or test.
        attacks = [PendingEntry(kind="attack", id=a.id, actor=a.attacker_id, targets=(a.target_id,), tags=(a.stage,))
                   for a in rules.attacks.values()]
        tests = [PendingEntry(kind="test", id=t.id, actor=t.character_id) for t in rules.tests.values()]
        order = {roll_id: index for index, roll_id in enumerate(rules.recent_rolls)}
        return tuple(sorted(attacks + tests, key=lambda p: order.get(p.id, -1)))
    if isinstance(rules, WngState):
        entries: list[PendingEntry] = []
        for test in rules.tests.values():
            tags: list[str] = [test.purpose]
            unresolved: tuple[str, ...] = ()
            if test.attack is not None:
                unresolved = tuple(t for t in test.attack.targets if t not in test.attack.resolved)
                if unresolved:
                    tags.append("resolvable")
            if test.complication_pending:
                tags.append("complication")
            entries.append(PendingEntry(kind="test", id=test.id, actor=test.character_id, targets=unresolved,
                                        tags=tuple(tags)))
        return tuple(entries)
    return ()

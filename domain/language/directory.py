"""What the parser may name: a small value the caller builds from the campaign, independent of its state.

Names resolve by id, by name, by one word of the name, then by unique prefix, ignoring case and accents.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from .folding import fold


class WeaponEntry(msgspec.Struct, frozen=True):
    """A weapon a character carries: the id commands use (W&G: its name) and the name a player writes."""

    id: str
    name: str


class CharacterEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A character: id, name, owning participant (None: the GM's), weapons and the skills on its sheet."""

    id: str
    name: str
    owner: str | None = None
    weapons: tuple[WeaponEntry, ...] = ()
    skills: tuple[str, ...] = ()


class ParticipantEntry(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str


class EncounterEntry(msgspec.Struct, frozen=True, kw_only=True):
    """An encounter of the campaign; `active` while it runs."""

    id: str
    active: bool = True


class ObjectiveEntry(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    text: str = ""


class MissionEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A mission with its objectives; `open` until it is closed."""

    id: str
    title: str | None = None
    objectives: tuple[ObjectiveEntry, ...] = ()
    open: bool = True


class PendingEntry(msgspec.Struct, frozen=True, kw_only=True):
    """Something a later command refers to: an attack awaiting its reaction or damage, an open test …

    `kind` and `tags` are the ruleset's words (e.g. kind "attack", tags ("awaiting_reaction",)); `actor`
    is who rolled it, `targets` who it is aimed at. Entries are listed oldest first.
    """

    kind: str
    id: str
    actor: str | None = None
    targets: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()


class Directory(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a post may name, oldest first."""

    characters: tuple[CharacterEntry, ...] = ()
    participants: tuple[ParticipantEntry, ...] = ()
    encounters: tuple[EncounterEntry, ...] = ()
    missions: tuple[MissionEntry, ...] = ()
    pending: tuple[PendingEntry, ...] = ()

    def character(self, character_id: str) -> CharacterEntry | None:
        return next((c for c in self.characters if c.id == character_id), None)

    def mission(self, mission_id: str) -> MissionEntry | None:
        return next((m for m in self.missions if m.id == mission_id), None)

    def owned_by(self, participant_id: str | None) -> tuple[CharacterEntry, ...]:
        if participant_id is None:
            return ()
        return tuple(c for c in self.characters if c.owner == participant_id)

    def with_character(self, entry: CharacterEntry) -> Directory:
        kept = tuple(c for c in self.characters if c.id != entry.id)
        return msgspec.structs.replace(self, characters=(*kept, entry))

    def with_encounter(self, entry: EncounterEntry) -> Directory:
        others = tuple(e for e in self.encounters if e.id != entry.id)
        kept = tuple(msgspec.structs.replace(e, active=False) for e in others) if entry.active else others
        return msgspec.structs.replace(self, encounters=(*kept, entry))

    def with_mission(self, entry: MissionEntry) -> Directory:
        kept = tuple(m for m in self.missions if m.id != entry.id)
        return msgspec.structs.replace(self, missions=(*kept, entry))

    def with_objective(self, mission_id: str, entry: ObjectiveEntry) -> Directory:
        mission = self.mission(mission_id) or MissionEntry(id=mission_id)
        objectives = (*(o for o in mission.objectives if o.id != entry.id), entry)
        return self.with_mission(msgspec.structs.replace(mission, objectives=objectives))

    def with_pending(self, entry: PendingEntry) -> Directory:
        return msgspec.structs.replace(self, pending=(*self.pending, entry))


class Candidate(msgspec.Struct, frozen=True, kw_only=True):
    """One thing a word may name: its id, the label shown to players, and other words for it (aliases)."""

    id: str
    label: str
    aliases: tuple[str, ...] = ()

    def shown(self) -> str:
        return self.label if fold(self.label) == fold(self.id) else f"{self.label} ({self.id})"


class Resolved(msgspec.Struct, frozen=True):
    id: str
    exact: bool


class Ambiguous(msgspec.Struct, frozen=True):
    candidates: tuple[Candidate, ...]


class Unknown(msgspec.Struct, frozen=True):
    pass


Resolution = Resolved | Ambiguous | Unknown


def resolve(word: str, candidates: Sequence[Candidate], *, prefix: bool = True) -> Resolution:
    """The candidate a word names: exact id, exact name or alias, one word of the name, then unique prefix."""
    key = fold(word)
    if not key:
        return Unknown()
    stages = (
        [c for c in candidates if fold(c.id) == key],
        [c for c in candidates if fold(c.label) == key or key in (fold(a) for a in c.aliases)],
        [c for c in candidates if key in fold(c.label).split("-")],
    )
    for found in stages:
        unique = _distinct(found)
        if len(unique) == 1:
            return Resolved(unique[0].id, exact=True)
        if unique:
            return Ambiguous(tuple(unique))
    if prefix:
        starts = _distinct([c for c in candidates if any(_starts(k, key) for k in _keys(c))])
        if len(starts) == 1:
            return Resolved(starts[0].id, exact=False)
        if starts:
            return Ambiguous(tuple(starts))
    return Unknown()


def _keys(candidate: Candidate) -> tuple[str, ...]:
    label = fold(candidate.label)
    return (fold(candidate.id), label, *label.split("-"), *(fold(a) for a in candidate.aliases))


def _starts(key: str, prefix: str) -> bool:
    return key.startswith(prefix) and key != prefix


def _distinct(found: list[Candidate]) -> list[Candidate]:
    seen: dict[str, Candidate] = {}
    for candidate in found:
        seen.setdefault(candidate.id, candidate)
    return list(seen.values())

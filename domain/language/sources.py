"""Where names are looked up in the directory: characters, participants, encounters, missions, objectives,
a character's weapons, or a fixed list."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .directory import Candidate
from .messages import Failure
from .slots import Scope


@dataclass(frozen=True)
class Characters:
    kind: str = "character"

    def candidates(self, scope: Scope) -> Sequence[Candidate]:
        return [Candidate(id=c.id, label=c.name) for c in scope.env.directory.characters]

    def current(self, scope: Scope) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Participants:
    kind: str = "participant"

    def candidates(self, scope: Scope) -> Sequence[Candidate]:
        return [Candidate(id=p.id, label=p.name) for p in scope.env.directory.participants]

    def current(self, scope: Scope) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Encounters:
    """Encounters; the current one is the only one running."""

    kind: str = "encounter"

    def candidates(self, scope: Scope) -> Sequence[Candidate]:
        return [Candidate(id=e.id, label=e.id) for e in scope.env.directory.encounters]

    def current(self, scope: Scope) -> tuple[str, ...]:
        return tuple(e.id for e in scope.env.directory.encounters if e.active)


@dataclass(frozen=True)
class Missions:
    """Missions by id or title; the current one is the only one not closed."""

    kind: str = "mission"

    def candidates(self, scope: Scope) -> Sequence[Candidate]:
        return [Candidate(id=m.id, label=m.title or m.id) for m in scope.env.directory.missions]

    def current(self, scope: Scope) -> tuple[str, ...]:
        return tuple(m.id for m in scope.env.directory.missions if m.open)


@dataclass(frozen=True)
class Objectives:
    """The objectives of the mission in field `mission`, by id or by a word of their text."""

    mission: str
    kind: str = "objective"

    def candidates(self, scope: Scope) -> Sequence[Candidate]:
        try:
            mission_id = scope.value_of(self.mission)
        except Failure:
            mission_id = None
        missions = scope.env.directory.missions
        chosen = [m for m in missions if m.id == mission_id] if mission_id is not None else list(missions)
        return [Candidate(id=o.id, label=o.text or o.id, aliases=(o.id,)) for m in chosen for o in m.objectives]

    def current(self, scope: Scope) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Weapons:
    """The weapons of the character in field `owner` (every character's while that is not known yet)."""

    owner: str
    extra: tuple[Candidate, ...] = ()
    kind: str = "weapon"

    def candidates(self, scope: Scope) -> Sequence[Candidate]:
        try:
            owner = scope.value_of(self.owner)
        except Failure:
            owner = None
        directory = scope.env.directory
        carriers = [c for c in directory.characters if c.id == owner] if owner is not None else directory.characters
        own = [Candidate(id=w.id, label=w.name) for c in carriers for w in c.weapons]
        return [*own, *self.extra]

    def current(self, scope: Scope) -> tuple[str, ...]:
        return ()

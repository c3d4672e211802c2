"""Slots every vocabulary declares the same way: characters, participants, encounters, missions, texts,
counts, distances and modifiers, with their words in messages."""

from __future__ import annotations

import re

from .codecs import FLOAT, JSON
from .directory import Candidate
from .name_slots import Id, IdDefault, Ref, RefDefault
from .slots import REQUIRED
from .sources import Characters, Encounters, Missions, Objectives, Participants, Weapons
from .value_slots import Choice, Dice, Mods, Number, Option, Text
from .words import Words, w

CHARACTERS = Characters()
PARTICIPANTS = Participants()
ENCOUNTERS = Encounters()
MISSIONS = Missions()

THE_CHARACTER = w("the character", "el personaje")
THE_TARGET = w("the target (after ->)", "el objetivo (tras ->)")
THE_REASON = w("the reason", "el motivo")
DISTANCE_SHAPE = re.compile(r"(\d+(?:\.\d+)?)m", re.IGNORECASE)


def me(name: str, what: Words = THE_CHARACTER) -> Ref:
    """A character, the author's own (`me`/`yo`) when the line does not name one."""
    return Ref(field=name, what=what, source=CHARACTERS, default="me")


def character(name: str, what: Words = THE_CHARACTER, *, default: RefDefault = "required",
              key: Words | None = None, positional: bool = True) -> Ref:
    return Ref(field=name, what=what, source=CHARACTERS, default=default, key=key, positional=positional)


def characters(name: str, what: Words, *, key: Words | None = None, positional: bool = True,
               minimum: int = 0) -> Ref:
    """Several characters: names one after another, `a,b`, or `key=a,b`."""
    return Ref(field=name, what=what, source=CHARACTERS, key=key, positional=positional, many=True,
               minimum=minimum, default="none")


def participant(name: str, key: Words) -> Ref:
    return Ref(field=name, what=w("a participant", "un participante"), source=PARTICIPANTS, default="none", key=key,
               positional=False)


def encounter(name: str) -> Ref:
    """An encounter; the running one when the line names none."""
    return Ref(field=name, what=w("the encounter", "el combate"), source=ENCOUNTERS, default="active")


def mission(name: str = "mission_id") -> Ref:
    """A mission; the only open one when the line names none."""
    return Ref(field=name, what=w("the mission", "la misión"), source=MISSIONS, default="active")


def objective(name: str = "objective_id", mission_field: str = "mission_id") -> Ref:
    return Ref(field=name, what=w("the objective", "el objetivo"), source=Objectives(mission_field))


def weapon(name: str, owner: str, extra: tuple[Candidate, ...] = (), what: Words | None = None) -> Ref:
    return Ref(field=name, what=what or w("a weapon of the character", "un arma del personaje"),
               source=Weapons(owner, extra))


def text(name: str, what: Words, *, rest: bool = False, default: object = REQUIRED, key: Words | None = None,
         positional: bool = True, default_from: str | None = None) -> Text:
    return Text(field=name, what=what, rest=rest, default=default, key=key, positional=positional,
                default_from=default_from)


def reason(name: str = "reason", *, default: object = REQUIRED) -> Text:
    """The rest of the line, as free text."""
    return Text(field=name, what=THE_REASON, rest=True, default=default)


def keyed_text(name: str, what: Words, key: Words, default: object = None) -> Text:
    return Text(field=name, what=what, key=key, positional=False, default=default)


def new_id(name: str, what: Words, default: IdDefault = "generated", *, positional: bool = False) -> Id:
    return Id(field=name, what=what, default=default, positional=positional)


def count(name: str, what: Words, key: Words, *, default: object = REQUIRED, positional: bool = True,
          many: bool = False) -> Number:
    return Number(field=name, what=what, key=key, default=default, positional=positional, many=many)


def number_option(name: str, what: Words, key: Words, *, real: bool = False) -> Number:
    return Number(field=name, what=what, key=key, default=None, positional=False, real=real)


def distance(name: str, key: Words) -> Option:
    """Metres: `12m` or `key=12.5`."""
    return Option(field=name, what=w("a distance in metres", "una distancia en metros"), key=key, codec=FLOAT,
                  shape=DISTANCE_SHAPE)


def payload(name: str, what: Words, key: Words) -> Option:
    """A JSON value, e.g. a whole sheet."""
    return Option(field=name, what=what, key=key, codec=JSON)


def modifiers(name: str = "modifiers", *, label: str = "name", unit: Words | None = None,
              what: Words | None = None) -> Mods:
    return Mods(field=name, what=what or w("a modifier like +10", "un modificador como +10"), name=label, unit=unit)


def choice(name: str, options: dict[object, Words], what: Words, *, default: object = None,
           key: Words | None = None, bare: bool = True, many: bool = False) -> Choice:
    """One meaning of several (`default` when the line gives none; None: the command's own default)."""
    if default is None:
        return Choice(field=name, what=what, options=tuple(options.items()), key=key, bare=bare, many=many)
    return Choice(field=name, what=what, options=tuple(options.items()), key=key, bare=bare, many=many,
                  default=default)


_DICE_KEY = w("dice", "dados")


def dice(name: str, key: Words = _DICE_KEY) -> Dice:
    return Dice(field=name, what=w("a dice expression like 2d10+3", "una expresión de dados como 2d10+3"), key=key)

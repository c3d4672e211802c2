"""What a premade is: a sheet ready for `create_character`, its rulesets, and where its numbers come from."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.events import JsonObject

# What a premade plays as: a player's character (pc), an Only War comrade, or the GM's horde, elite enemy,
# troop or adversary.
PremadeKind = Literal["pc", "comrade", "horde", "elite", "troop", "adversary"]


class Source(msgspec.Struct, frozen=True, kw_only=True):
    """Where the numbers come from: a seed handout (0–3, /work/shared/seeds/NNN_…), its section as the handout
    titles it, and the lines; what the seed does not give is chosen within the rules, and the source note
    (the catalog's `premade.<id>.source`) says which."""

    seed: int
    section: str
    lines: str


class Premade(msgspec.Struct, frozen=True, kw_only=True):
    """One premade: its id (English; the Spanish one is the catalog's `premade.<id>.id`), rulesets, kind, and
    the typed sheet exactly as `create_character` takes it (docs/rules-d100.md, docs/rules-wrath-and-glory.md).

    Its name, summary and source note are words a person reads: they live in the catalog (premades.po) as
    `premade.<id>.name`, `premade.<id>.summary` and `premade.<id>.source`.
    """

    id: str
    rulesets: tuple[str, ...]
    kind: PremadeKind
    sheet: JsonObject
    source: Source
    comrade: bool = False

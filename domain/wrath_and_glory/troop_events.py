"""Troop events beyond damage: troops regrouping into one (RULES B3 troops, seed 003 "reagruparse")."""

from __future__ import annotations

import msgspec

from domain.events import Event


class RegroupedPart(msgspec.Struct, frozen=True, kw_only=True):
    """One troop that joined another: the members it brought and the damage they still carry (the shock and
    wounds lost short of one more member's worth)."""

    character_id: str
    members: int
    shock_carried: int
    wounds_carried: int


class TroopsRegrouped(Event, tag="wng_troops_regrouped", frozen=True, kw_only=True):
    """Members of other troops joined `troop_id` as one troop (a free action of the GM's); each joining troop
    is left with no members. The troop's running shock and wounds lost restart from the damage carried."""

    troop_id: str
    joined: tuple[RegroupedPart, ...]
    members_before: int
    members_after: int
    shock_carried: int
    wounds_carried: int
    troop_shock_lost: int
    troop_wounds_lost: int
    # In a running encounter: whether the regrouped troop has acted this round (any part of it had).
    acted: bool = False

"""GM overrides, corruption and fear tests, and soak rerolls: facts with every die and every number."""

from __future__ import annotations

from typing import ClassVar, Literal

from domain.dice import Die
from domain.events import Event
from domain.wrath_and_glory.outcome import WrathOutcome
from domain.wrath_and_glory.pool import PoolSize
from domain.wrath_and_glory.rolls import PoolDie

ResistanceKind = Literal["corruption", "fear"]
OverridableCondition = Literal["exhausted", "unconscious", "dying", "dead", "dissolved"]


class GmOverridden(Event, tag="wng_gm_overridden", frozen=True, kw_only=True):
    """The GM set a character's numbers or conditions by hand; who did it and why are part of the fact."""

    character_id: str
    by: str
    reason: str
    wounds_before: int
    wounds_after: int
    shock_before: int
    shock_after: int
    death_failures_after: int
    members_left_after: int
    conditions_added: tuple[OverridableCondition, ...] = ()
    conditions_removed: tuple[OverridableCondition, ...] = ()


class ResistanceTestRolled(Event, tag="wng_resistance_test_rolled", frozen=True, kw_only=True):
    """A corruption or fear test, settled when rolled: its dice, any declared reroll, and the result."""

    test_id: str
    character_id: str
    kind: ResistanceKind
    pool: PoolSize
    dn: int
    dice: tuple[PoolDie, ...]
    rerolled: tuple[PoolDie, ...]
    icons: int
    success: bool
    wrath: WrathOutcome


class SoakRerolled(Event, tag="wng_soak_rerolled", frozen=True, kw_only=True):
    """The failed dice of a soak roll rolled again (Wrath, or Ruin for an adversary).

    The replaced dice stay recorded in the soak roll's event; only their faces are repeated here.
    """

    schema_version: ClassVar[int] = 2  # v1 copied the replaced dice as `before` (see domain.upcasting)

    roll_id: str
    character_id: str
    paid_with: Literal["wrath", "ruin"]
    before_faces: tuple[int, ...]
    after: tuple[Die, ...]
    icons: int
    ignored: int
    remaining: int
    shock_cost: int


"""A campaign run entirely in the pure layers: decide, stamp, fold — what the service does, minus I/O.

Commands go through `domain.rulesets.decide` with fixed (or seeded) dice; events are stamped with their
session and encounter turn exactly as the service stamps them, and folded by `projections.replay`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from domain.campaign.decide import CommandContext, CreateCampaign, decide_creation
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command
from domain.dice import Die, FixedDice
from domain.dispatch import decide
from domain.events import Event, RestoringEvent, VoidingEvent
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state
from projections.stamping import stamp

GM = Actor("gm", "gm")


class SeededDice:
    """Random but repeatable dice, numbered like the service's."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self.used = 0

    def roll(self, sides: int) -> Die:
        die = Die(k=self.used, sides=sides, value=self._random.randint(1, sides))
        self.used += 1
        return die


class CampaignTable:
    def __init__(self, ruleset: str = "deathwatch", **options: object) -> None:
        created = decide_creation(
            "c-test", CreateCampaign(name="Table", ruleset=ruleset, options=options), "gm", "00" * 32  # type: ignore[arg-type]
        )
        self.records: list[Recorded] = []
        self.state = CampaignState()
        self._append(created, EventMeta(actor="gm", role="gm"))

    def _append(self, events: Iterable[Event], base: EventMeta) -> list[Event]:
        events = list(events)
        metas, state = stamp(self.state, events, len(self.records) + 1, base)
        first = len(self.records) + 1
        self.records.extend(
            Recorded(first + i, event, meta) for i, (event, meta) in enumerate(zip(events, metas, strict=True))
        )
        if any(isinstance(e, (VoidingEvent, RestoringEvent)) for e in events):
            state = campaign_state(self.records)
        self.state = state
        return events

    def run(self, command: Command, faces: Iterable[int] | SeededDice = (), actor: Actor = GM) -> list[Event]:
        """Decide and fold one command; fixed faces must all be used, as the rules rolled exactly those."""
        listed = None if isinstance(faces, SeededDice) else list(faces)
        dice = faces if isinstance(faces, SeededDice) else FixedDice(listed or [])
        context = CommandContext(
            next_seq=len(self.records) + 1, fresh_id=f"x{len(self.records)}", fresh_commitment="11" * 32,
            active_seed="22" * 32,
        )
        events = decide(self.state, command, dice, actor, context)
        if listed is not None:
            assert dice.used == len(listed), f"{len(listed) - dice.used} fixed faces left unused"
        return self._append(events, EventMeta(actor=actor.participant_id, role=actor.role))

    def state_at(self, seq: int) -> CampaignState:
        return campaign_state(self.records[:seq])

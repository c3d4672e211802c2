"""A campaign run entirely in the pure layers: the service's own write step (`projections.step.step`:
decide, stamp, fold), minus I/O.

Commands go through the same `step` as every service write, with fixed (or seeded) dice; a step that voids
or restores earlier events is settled by folding the table's log again, as the service folds its own.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from domain.campaign.decide import CommandContext, CreateCampaign, decide_creation
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command
from domain.dice import Die, FixedDice
from domain.events import Event
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state
from projections.stamping import stamp
from projections.step import settled, step

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
        """The campaign's creation (decided outside `step`, as the service decides it), stamped and folded."""
        events = list(events)
        metas, state = stamp(self.state, events, len(self.records) + 1, base)
        first = len(self.records) + 1
        self.records.extend(
            Recorded(first + i, event, meta) for i, (event, meta) in enumerate(zip(events, metas, strict=True))
        )
        self.state = state
        return events

    def run(self, command: Command, faces: Iterable[int] | SeededDice = (), actor: Actor = GM) -> list[Event]:
        """Decide and fold one command; fixed faces must all be used, as the rules rolled exactly those."""
        listed = None if isinstance(faces, SeededDice) else list(faces)
        dice = faces if isinstance(faces, SeededDice) else FixedDice(listed or [])
        first = len(self.records) + 1
        context = CommandContext(
            next_seq=first, fresh_id=f"x{len(self.records)}", fresh_commitment="11" * 32, active_seed="22" * 32,
        )
        done = step(self.state, command, dice, actor, context, EventMeta(actor=actor.participant_id, role=actor.role))
        if listed is not None:
            assert dice.used == len(listed), f"{len(listed) - dice.used} fixed faces left unused"
        self.records.extend(done.records(first))
        self.state = settled(done, self.records)
        return done.events

    def state_at(self, seq: int) -> CampaignState:
        return campaign_state(self.records[:seq])

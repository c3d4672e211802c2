"""One command's write step, pure: decide, stamp, fold — what every writer of the log does around its I/O.

The service runs it for a command sent alone (optimistically or under the head lock) and for each line of
a forum post; the tests' table (tests/support/campaign_table.py) runs it with fixed dice. Everything around
it is I/O and stays in the service: locks, idempotency lookups, the seed and the named events' types it
reads, the append, the cache and snapshots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from domain.campaign.decide import CommandContext, CreateCampaign
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command, command_tag
from domain.dice import Dice, Die
from domain.dispatch import decide
from domain.errors import RuleViolation
from domain.events import Event, RestoringEvent, VoidingEvent
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state
from projections.stamping import stamp


class Step(msgspec.Struct, frozen=True, gc=False):
    """A command decided at a state: its events, each event's envelope, and the state after them.

    `after` is the incremental fold; when `changes_live` (the events void or restore earlier ones) the
    state after them is the fold of the whole log again (`settled`), which the caller holds, not the step.
    """

    events: list[Event]
    metas: list[EventMeta]
    after: CampaignState

    @property
    def changes_live(self) -> bool:
        """Whether which earlier events are live changed: then fold the log again for the state after."""
        for event in self.events:  # a loop: a command's events are one or a few, a generator costs more than them
            if isinstance(event, (VoidingEvent, RestoringEvent)):
                return True
        return False

    def records(self, first_seq: int) -> list[Recorded]:
        """The step's events as the log will hold them, from `first_seq` on."""
        events, metas = self.events, self.metas
        if len(events) == 1 and len(metas) == 1:  # a roll's one event, after every command: no loop to set up
            return [Recorded(first_seq, events[0], metas[0])]
        return [Recorded(first_seq + i, e, m) for i, (e, m) in enumerate(zip(events, metas, strict=True))]


class _Tally:
    """The caller's dice, counting what the rules drew (a meta names the dice's provenance only if any)."""

    __slots__ = ("_dice", "rolled")  # one per command: no attribute dictionary

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self.rolled: list[Die] = []

    def roll(self, sides: int) -> Die:
        die = self._dice.roll(sides)
        self.rolled.append(die)
        return die


def recorded_command(command: Command | CreateCampaign) -> dict[str, Any]:
    """The command's body as its first event's `meta.command` keeps it: without `post` and
    `expected_version`, which the envelope and the seq already say."""
    body = msgspec.to_builtins(command)
    assert isinstance(body, dict)
    body.pop("post", None)
    body.pop("expected_version", None)
    return body


def step(
    state: CampaignState, command: Command, dice: Dice, actor: Actor, context: CommandContext, base: EventMeta,
) -> Step:
    """Decide `command` at `state` (dice nonce and first seq: `context.next_seq`), stamp each event's meta
    from `base` (who, from which post; the dice's provenance, kept only if the rules drew a die), and fold.

    A command that decides no event is refused (`no_change`): nothing would be recorded, and saying so is
    clearer than an empty answer. A refusal raises the rules' DomainError; the dice drawn before it are the
    caller's to keep (service/attempts.py).
    """
    tally = _Tally(dice)
    events = decide(state, command, tally, actor, context)
    if not events:
        raise RuleViolation("no_change", command=command_tag(command))
    if not tally.rolled and base.dice is not None:
        base = msgspec.structs.replace(base, dice=None)
    metas, after = stamp(state, events, context.next_seq, base)
    metas[0] = msgspec.structs.replace(metas[0], command=recorded_command(command))
    return Step(events, metas, after)


def settled(done: Step, log: Sequence[Recorded]) -> CampaignState:
    """The state after a step, given the log up to and including its events (read only when the step
    changed which events are live)."""
    return campaign_state(log) if done.changes_live else done.after

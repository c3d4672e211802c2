"""Secret rules tests: a GM's test decided now with its sealed roll's dice, its outcome bound by a commitment.

A sealed test (docs/fairness.md, "Secret rules tests") is decided at once against the campaign as it is, with
dice drawn from the sealed roll's key, and nothing of that decision but its shape and a commitment enters the
log. Its reveal decides the same command again against the campaign as it was then (the `basis`) with the
same dice: the outcome cannot follow what the GM changed in between (a sheet, a characteristic).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import msgspec

from domain.campaign.events import SecretRollSealed
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command, command_tag
from domain.dice import Dice, Die
from domain.errors import Forbidden, RuleViolation
from domain.events import Event, JsonObject, event_type

# The rules tests a GM may seal, and the one event each must record: a test that also spends a resource, uses
# an action or changes anything else would change the campaign at its reveal, long after it was rolled.
SEALABLE: dict[str, str] = {"d100_test": "d100_test_rolled", "wng_roll_test": "wng_test_rolled"}
# Fields that spend something (Fate, Glory) or involve others (helpers, an extended test): refused up front,
# before any die is drawn, so no refusal of a sealed test ever depends on its faces.
# What a sealed test may record after its result, because the dice decide it (so refusing it would tell the
# faces): a Wrath & Glory Wrath 6 gains the group 1 Glory. Its fold adds the amount to the Glory held at the
# reveal (domain/wrath_and_glory/evolve.py), so being decided at the basis leaves nothing stale.
CONSEQUENCES: frozenset[str] = frozenset({"wng_glory_gained"})
_SPENDING: dict[str, tuple[str, ...]] = {
    "d100_test": ("fate_bonus", "helpers", "extended_id"),
    "wng_roll_test": ("glory_dice",),
}

Decide = Callable[..., list[Event]]


class _Recording:
    """The dice a decision draws, kept in order: the sealed shape and, at the reveal, the faces."""

    def __init__(self, inner: Dice) -> None:
        self.inner = inner
        self.rolled: list[Die] = []

    def roll(self, sides: int) -> Die:
        die = self.inner.roll(sides)
        self.rolled.append(die)
        return die


def is_sealed_test(command: Command) -> bool:
    """A rules test the GM sent with `"secret": true`."""
    return command_tag(command) in SEALABLE and getattr(command, "secret", False) is True


def opened(command: Command) -> Command:
    """The same test in the open: what the rules decide, sealed or not."""
    return msgspec.structs.replace(command, secret=False)


def outcome_bytes(events: Sequence[Event]) -> bytes:
    """The canonical bytes of an outcome: `[{"type", "data"}, …]` as the chain's canonical JSON writes it."""
    listed = []
    for event in events:
        data = msgspec.to_builtins(event)
        assert isinstance(data, dict)
        data.pop("type", None)
        listed.append({"type": event_type(event), "data": data})
    # msgspec writes exactly what Python's json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # writes (tests/domain/test_sealed_tests.py compares them); the domain imports no json module.
    return msgspec.json.encode(listed, order="sorted")


def outcome_commitment(key: str, events: Sequence[Event]) -> str:
    """sha256(key || outcome bytes): the key (secret until the reveal) keeps the few possible outcomes of a
    test from being tried one by one against the commitment."""
    return hashlib.sha256(bytes.fromhex(key) + outcome_bytes(events)).hexdigest()


def _what_for(body: JsonObject) -> str:
    for field in ("skill", "characteristic", "attribute"):
        value = body.get(field)
        if isinstance(value, str) and value:
            return value
    return ""


def decide_outcome(
    state: CampaignState, command: Command, dice: Dice, actor: Actor, context: object, decide: Decide
) -> tuple[list[Event], tuple[Die, ...]]:
    """The test decided in the open against `state`, with its dice; refused unless it records its result only."""
    recording = _Recording(dice)
    events = decide(state, opened(command), recording, actor, context)
    wanted = SEALABLE[command_tag(command)]
    others = [event_type(e) for e in events[1:] if event_type(e) not in CONSEQUENCES]
    if not events or event_type(events[0]) != wanted or others:
        if others:
            raise RuleViolation("secret_test", case="records_more", command=command_tag(command),
                                others=", ".join(others))
        raise RuleViolation("secret_test", case="records_other_first", command=command_tag(command))
    return events, tuple(recording.rolled)


def sealed_body(command: Command) -> JsonObject:
    """The command as its seal keeps it: as `meta.command` keeps a command (no `post`, no `expected_version`)."""
    body = msgspec.to_builtins(command)
    assert isinstance(body, dict)
    body.pop("post", None)
    body.pop("expected_version", None)
    return body


def seal_test(
    state: CampaignState, command: Command, dice: Dice, actor: Actor, context: object, decide: Decide, key: str,
    commitment: str,
) -> SecretRollSealed:
    """The seal of a GM's secret test: its command, basis, shape and the commitments to its key and outcome."""
    tag = command_tag(command)
    body = sealed_body(command)
    if actor.role != "gm":
        raise Forbidden(case="secret_test", command=tag)
    spent = [field for field in _SPENDING[tag] if getattr(command, field, None)]
    if spent:
        raise RuleViolation("secret_test", case="spends", command=tag, fields=", ".join(spent))
    epoch = state.epoch
    if epoch is None or epoch.revealed or not key or not commitment:
        raise RuleViolation("secret_roll", case="no_epoch")
    events, rolled = decide_outcome(state, command, dice, actor, context, decide)
    character = body.get("character_id")
    return SecretRollSealed(
        expression="", reason=_what_for(body), terms=(), epoch=epoch.epoch, commitment=commitment,
        entropy=epoch.entropy if epoch.algorithm >= 2 else None,
        character_id=character if isinstance(character, str) else None,
        command=body, basis=state.version, shape=tuple(die.sides for die in rolled),
        outcome=outcome_commitment(key, events), gm=actor.participant_id,
    )

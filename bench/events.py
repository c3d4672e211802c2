"""Realistic event payloads, built with the domain's own code so their shapes are exactly the service's."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

import msgspec

from domain.campaign.commands import Roll
from domain.campaign.events import DiceRolled, GmNoted
from domain.dice_expression import evaluate, parse
from projections.recorded import DiceProvenance, EventMeta
from service import codec, dice_source
from service.commanding import recorded_command, request_digest

ROLL_BODY = {"type": "roll", "expression": "2d10+3", "reason": "bench"}
ROLL_COMMAND = msgspec.convert(ROLL_BODY, Roll)
ROLL_DIGEST = request_digest(ROLL_COMMAND)
_TERMS = parse(ROLL_COMMAND.expression)


def dice_rolled(seed: bytes, campaign_id: str, nonce: int, entropy: str | None = None) -> DiceRolled:
    """The event the service writes for ROLL_BODY, with the real verifiable dice (`entropy`: the epoch's
    contribution digest, which dice algorithm 2 mixes in, docs/fairness.md)."""
    rolled = evaluate(_TERMS, dice_source.SeededDice(seed, campaign_id, nonce, entropy))
    return DiceRolled(
        expression=ROLL_COMMAND.expression, reason=ROLL_COMMAND.reason, terms=rolled.terms,
        dice=rolled.dice, total=rolled.total,
    )


def gm_noted(index: int) -> GmNoted:
    return GmNoted(text=f"The hive stirs (note {index}): the Kill Team hears servitors in the vents.")


def roll_meta(
    actor: str, role: str, session: int | None, epoch: int, nonce: int, entropy: str | None = None
) -> EventMeta:
    return EventMeta(
        actor=actor, role=role,  # type: ignore[arg-type]
        command_id=str(uuid.uuid4()), command_type="roll", request_digest=ROLL_DIGEST,
        session=session, dice=DiceProvenance(epoch=epoch, nonce=nonce, entropy=entropy),
        command=recorded_command(ROLL_COMMAND),  # as the service keeps it (docs/audit-format.md)
    )


def note_meta(session: int | None, text: str) -> EventMeta:
    digest = hashlib.sha256(msgspec.json.encode({"text": text, "type": "gm_note"}, order="sorted")).hexdigest()
    return EventMeta(
        actor="gm", role="gm", command_id=str(uuid.uuid4()), command_type="gm_note", request_digest=digest,
        session=session, command={"type": "gm_note", "text": text},
    )


def roll_payloads(count: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """`count` distinct (data, meta) dicts of dice_rolled events as stored, for the raw appends."""
    seed = dice_source.new_seed()
    campaign_id = str(uuid.uuid4())
    return [
        (codec.payload(dice_rolled(seed, campaign_id, n)), codec.meta_payload(roll_meta("gm", "gm", 1, 1, n)))
        for n in range(1, count + 1)
    ]

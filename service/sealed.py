"""Sealed rolls drawn again by the service: the reveal's keys, dice and (for a sealed test) outcome, and what
the GM's own answer shows of a sealed roll (docs/fairness.md, "Secret rolls", "Secret rules tests")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from domain.campaign.decide import SecretDraw
from domain.campaign.events import SecretRollSealed
from domain.campaign.sealed_reveal import decide_again
from domain.campaign.sealed_tests import outcome_commitment
from domain.campaign.state import CampaignState, SealedRoll
from domain.dice_expression import Evaluated, evaluate, parse, render
from domain.errors import RuleViolation
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state, is_voiding
from service import dice_source
from service.store import Writer


def _sealed_of(event: SecretRollSealed) -> SealedRoll:
    return SealedRoll(epoch=event.epoch, expression=event.expression, entropy=event.entropy, command=event.command,
                      basis=event.basis, outcome=event.outcome, gm=event.gm)


def secret_draw(
    active: bytes, campaign_id: str, roll: int, sealed: SealedRoll, basis: CampaignState | None
) -> SecretDraw:
    """The key and dice of the sealed roll at seq `roll` (its command's nonce), from its epoch's seed; for a
    sealed test, its outcome decided again against `basis`, checked against the seal's commitment."""
    key = dice_source.roll_key(active, campaign_id, roll)
    dice = dice_source.SeededDice(key, campaign_id, roll, sealed.entropy)
    if sealed.command is None:
        return SecretDraw(key=key.hex(), dice=evaluate(parse(sealed.expression), dice).dice)
    if basis is None:
        raise RuntimeError(f"the basis of sealed test {roll} was not read ({sealed.basis})")
    events, rolled = decide_again(basis, campaign_id, roll, sealed, dice)
    if outcome_commitment(key.hex(), events) != sealed.outcome:
        # The rules or the fold changed between the seal and its reveal: the outcome cannot be shown as sealed,
        # and a different one must never be. Refused, clearly (docs/fairness.md, "Secret rules tests").
        raise RuleViolation("secret_test", case="not_reproducible", seq=roll)
    return SecretDraw(key=key.hex(), dice=rolled, events=tuple(events))


def secret_draws(
    active: bytes, campaign_id: str, state: CampaignState, bases: Mapping[int, CampaignState]
) -> dict[int, SecretDraw]:
    """What a command that may reveal sealed rolls needs: each sealed roll of the active epoch, drawn again."""
    number = state.epoch.epoch if state.epoch is not None else None
    return {roll: secret_draw(active, campaign_id, roll, sealed, bases.get(roll))
            for roll, sealed in state.sealed.items() if sealed.epoch == number}


async def bases(writer: Writer, state: CampaignState) -> dict[int, CampaignState]:
    """The campaign at the basis of each sealed test of the active epoch, folded in the writer's transaction
    (the events up to a basis never change; reading them on another connection could wait on this lock)."""
    number = state.epoch.epoch if state.epoch is not None else None
    wanted = sorted({sealed.basis for sealed in state.sealed.values()
                     if sealed.epoch == number and sealed.command is not None and sealed.basis is not None})
    if not wanted:
        return {}
    records = await writer.records_upto(wanted[-1])
    folded: dict[int, CampaignState] = {}
    at, done = CampaignState(), 0
    for basis in wanted:
        # One fold along the log, basis after basis; from the start again only where a chunk voids or restores
        # earlier events (which events are live changes: service/commanding.py folds again the same way).
        chunk = [r for r in records if done < r.seq <= basis]
        if done == 0 or any(is_voiding(r) for r in chunk):
            at = campaign_state([r for r in records if r.seq <= basis])
        else:
            at = campaign_state(chunk, initial=at)
        folded[basis], done = at, basis
    return {roll: folded[sealed.basis] for roll, sealed in state.sealed.items()
            if sealed.basis is not None and sealed.basis in folded}


Told = Callable[[str, Sequence[Recorded], CampaignState, CampaignState], dict[str, Any]]


def sealed_faces(
    campaign_id: str, seed: bytes, roll: int, event: SecretRollSealed, basis: CampaignState | None = None,
    told: Told | None = None,
) -> dict[str, Any]:
    """A sealed roll's faces as only the GM's own answer shows them (never an event, a read or the stream); a
    sealed test's with its outcome's events, decided against `basis` (the state before its seal)."""
    draw = secret_draw(seed, campaign_id, roll, _sealed_of(event), basis)
    shown: dict[str, Any] = {"seq": roll, "expression": event.expression, "reason": event.reason,
                             "dice": [msgspec.to_builtins(die) for die in draw.dice]}
    if event.command is not None:
        shown["command"] = event.command
        shown["events"] = [msgspec.to_builtins(e) for e in draw.events]
        if told is not None and basis is not None:
            # How the outcome will read once revealed, told as the open test would be, in both languages.
            records = [Recorded(roll, e, EventMeta(actor=event.gm, role="gm")) for e in draw.events]
            shown["rendered"] = told(campaign_id, records, basis, campaign_state(records, initial=basis))["rendered"]
        return shown
    terms = parse(event.expression)
    rolled = evaluate(terms, dice_source.SeededDice(bytes.fromhex(draw.key), campaign_id, roll, event.entropy))
    shown["total"] = rolled.total
    shown["roll"] = f"{event.expression}: {render(Evaluated(terms=terms, dice=rolled.dice, total=rolled.total))}"
    return shown

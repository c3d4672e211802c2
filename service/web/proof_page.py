"""`GET /ui/campaigns/{id}/rolls/{seq}`: a roll's proof as a page, and the data a browser verifies it from.

The page shows what the JSON proof shows (`GET /campaigns/{id}/rolls/{seq}`: the commitment, the seed
once revealed, the contributions mixed in, every die and the server's own recomputation) and embeds the
stored records the browser needs to check it without trusting the server: every event of the command,
the epoch's commitment and reveal, and the contributions before the roll, each with its hashes
(service/web/static/verify.js recomputes them from docs/fairness.md and docs/audit-format.md), and
docs/fairness.md's table of the older event fields a verifier skips, as the engines declare it.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, get
from litestar.params import FromPath
from litestar.response import Template

from domain.message import message
from domain.rulesets import legacy_die_copies
from projections.corrections import voided_by
from projections.rendering.page_words import labels
from projections.rendering.timeline import row
from service import proofs, sealed_proofs
from service.api.problems import ApiError
from service.api.services import Injected
from service.api.sharing import links_for
from service.store import MAX_SEQ, EventStore, StoredEvent
from service.web.common import WebServices, page
from service.web.frames_walk import walk
from service.web.state_pages import _json


def _record(stored: StoredEvent) -> dict[str, Any]:
    record = msgspec.to_builtins(stored)
    assert isinstance(record, dict)
    return record


@get("/campaigns/{campaign_id:str}/rolls/{seq:int}", summary="Web: a roll's proof, verifiable in the browser",
     include_in_schema=False)
async def proof_page(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    seq: FromPath[int],
    web: Injected[WebServices],
) -> Template:
    found = await page(request, campaign_id, web)
    store, reader = web.store, found.reader
    stored = await store.stored_one(campaign_id, seq) if 1 <= seq <= MAX_SEQ else None
    if stored is None:
        raise ApiError(404, "not-found", message("edge.not_found.event", seq=seq))
    proof = await proofs.roll_proof(store, campaign_id, stored)
    if proof is None:
        sealed = await sealed_proofs.proof_of(store, campaign_id, stored)
        if sealed is not None:
            return await _sealed_page(found, web, campaign_id, seq, sealed)
    if proof is None:
        raise ApiError(404, "not-found", message("edge.not_found.no_dice", seq=seq, type=stored.type))
    command = await store.command_of(campaign_id, seq)
    epoch = int(proof["epoch"])
    facts = await store.epoch_events(campaign_id)
    epoch_seqs = {(event["type"], int(event["data"]["epoch"])): int(event["seq"]) for event in facts}
    committed = await _stored(store, campaign_id, epoch_seqs.get(("dice_seed_committed", epoch)))
    revealed = await _stored(store, campaign_id, epoch_seqs.get(("dice_seed_revealed", epoch)))
    entropy = proof.get("entropy") or {}
    contributions = [c for c in entropy.get("contributions", [])]
    # The listed contributions' records (the proof's bounded view, at most proofs.LISTED); Verify reads the
    # earlier ones, if any, from the list the proof links to.
    contribution_records = (await store.latest_contributions(campaign_id, epoch, int(proof["nonce"]), proofs.LISTED)
                            if contributions else [])
    undone = voided_by(await store.corrections(campaign_id))
    links = await links_for(store, web.settings, campaign_id)
    walked = await walk(store, web.snapshots, campaign_id, command, reader.lang, links, undone)
    people = {pid: p.name for pid, p in found.state.participants.items()}
    data = {
        "campaign_id": campaign_id,
        "seq": seq,
        "epoch": epoch,
        "events": [_record(e) for e in command],
        "committed": _record(committed) if committed else None,
        "revealed": _record(revealed) if revealed else None,
        "contributions": [_record(r) for r in contribution_records],
        "contributions_count": int(entropy.get("count", 0)),
        "contributions_url": reader.href(str(entropy["contributions_url"])) if entropy else None,
        # docs/fairness.md's table of older fields that copied dice, as the engines declare it.
        "legacy_copies": [[kind, version, field] for (kind, version), field in legacy_die_copies().items()],
    }
    context = {
        **found.context,
        "page": "proof",
        "seq": seq,
        "proof": proof,
        # As the timeline's rows: a voided roll says who undid or retracted it, at which event and when.
        "rows": [row(f, reader.lang, undone_at=undone[f.seq].recorded_at if f.seq in undone else None)
                 for f in walked.frames],
        "command": command,
        "contributions": [{**c, "name": people.get(c.get("actor") or "", c.get("actor"))} for c in contributions],
        "contributions_href": reader.href(str(entropy["contributions_url"])) if entropy else None,
        "verify_json": _json(data),
        "words_json": _json({k: v for k, v in labels(reader.lang).items() if k.startswith("v_")}),
        "timeline_href": reader.href(reader.ui, before=command[-1].seq + 1 if command else seq + 1),
        "state_href": reader.href(f"{reader.ui}/state", at_seq=command[-1].seq if command else seq),
        "json_href": reader.href(f"/campaigns/{campaign_id}/rolls/{seq}"),
        "live": False,
    }
    return Template(template_name="proof.html", context=context)


async def _sealed_page(found: Any, web: WebServices, campaign_id: str, seq: int, proof: dict[str, Any]) -> Template:
    """A sealed roll's proof page: the seal, and once revealed the key, the dice and the outcome, with the
    records the browser checks them from (service/web/static/verify.js, "sealed")."""
    store, reader = web.store, found.reader
    seal = await store.stored_one(campaign_id, int(proof["sealed_seq"]))
    reveal_command = (await store.command_of(campaign_id, int(proof["reveal_seq"]))) if proof["revealed"] else []
    facts = await store.epoch_events(campaign_id)
    epoch = int(proof["epoch"])
    epoch_seqs = {(event["type"], int(event["data"]["epoch"])): int(event["seq"]) for event in facts}
    committed = await _stored(store, campaign_id, epoch_seqs.get(("dice_seed_committed", epoch)))
    revealed = await _stored(store, campaign_id, epoch_seqs.get(("dice_seed_revealed", epoch)))
    shown = [seal, *(e for e in reveal_command if e.seq == proof["reveal_seq"] or e.seq in proof["outcome_events"])]
    undone = voided_by(await store.corrections(campaign_id))
    links = await links_for(store, web.settings, campaign_id)
    walked = await walk(store, web.snapshots, campaign_id, [e for e in shown if e is not None], reader.lang,
                        links, undone)
    data = {
        "sealed": True, "campaign_id": campaign_id, "seq": seq, "epoch": epoch, "nonce": proof["sealed_seq"],
        "seal": _record(seal) if seal else None,
        "reveal": next((_record(e) for e in reveal_command if e.seq == proof["reveal_seq"]), None),
        "outcome": [_record(e) for e in reveal_command if e.seq in proof["outcome_events"]],
        "committed": _record(committed) if committed else None,
        "revealed": _record(revealed) if revealed else None,
    }
    last = proof["outcome_events"][-1] if proof["outcome_events"] else (proof["reveal_seq"] or proof["sealed_seq"])
    context = {
        **found.context,
        "page": "proof",
        "seq": seq,
        "proof": proof,
        "rows": [row(f, reader.lang, undone_at=undone[f.seq].recorded_at if f.seq in undone else None)
                 for f in walked.frames],
        "command": [e for e in shown if e is not None],
        "verify_json": _json(data),
        "words_json": _json({k: v for k, v in labels(reader.lang).items() if k.startswith("v_")}),
        "timeline_href": reader.href(reader.ui, before=last + 1),
        "state_href": reader.href(f"{reader.ui}/state", at_seq=last),
        "json_href": reader.href(f"/campaigns/{campaign_id}/rolls/{seq}"),
        "live": False,
    }
    return Template(template_name="sealed_proof.html", context=context)


async def _stored(store: EventStore, campaign_id: str, seq: int | None) -> StoredEvent | None:
    return await store.stored_one(campaign_id, seq) if seq is not None else None

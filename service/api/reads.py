"""Reading a campaign: summary, log, state at any seq, characters, proofs, verification, export."""

from __future__ import annotations

from typing import Annotated, Any

import asyncpg
import msgspec
from litestar import Request, Response, get
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath, QueryParameter
from litestar.response import Stream

from domain.campaign.state import CampaignState
from domain.message import message
from domain.rulesets import reads_of
from service import proofs, sealed_proofs
from service.api import negotiation
from service.api.answers import health as health_answers
from service.api.answers import reading
from service.api.auth import campaign_reader
from service.api.limits import INT32_MAX
from service.api.problems import RETRY_AFTER, ApiError
from service.api.services import Injected, Services
from service.exporting import export_lines, verify_stored
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import MAX_SEQ, EventStore
from service.verification_said import in_lang

AtSeq = Annotated[
    int | None, QueryParameter(name="at_seq", ge=1, le=MAX_SEQ, description="state right after this event")
]
AtPost = Annotated[
    str | None,
    QueryParameter(name="at_post", max_length=200, description="state after the last event of this forum post"),
]
AtTurn = Annotated[
    str | None,
    QueryParameter(
        name="at_turn", max_length=120, description="state at the end of an encounter turn: <encounter>/<round>/<turn>"
    ),
]


async def _point(
    store: EventStore, campaign_id: str, at_seq: int | None, at_post: str | None, at_turn: str | None
) -> int | None:
    """The seq a time-travel read asks for (None: the head)."""
    if sum(x is not None for x in (at_seq, at_post, at_turn)) > 1:
        raise ApiError(400, "invalid-request", message("edge.at_one_of"))
    if at_post is not None:
        seq = await store.last_seq_of_post(campaign_id, at_post)
        if seq is None:
            raise ApiError(404, "not-found", message("edge.not_found.post_events", post=repr(at_post)))
        return seq
    if at_turn is not None:
        parts = at_turn.split("/")
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            raise ApiError(400, "invalid-request", message("edge.at_turn_form", at_turn=repr(at_turn)))
        round_, turn = int(parts[1]), int(parts[2])
        # Rounds and turns are int columns: a larger number names no turn of any encounter.
        found_seq = round_ <= INT32_MAX and turn <= INT32_MAX
        seq = await store.last_seq_of_turn(campaign_id, parts[0], round_, turn) if found_seq else None
        if seq is None:
            raise ApiError(404, "not-found", message("edge.not_found.turn_events", turn=at_turn))
        return seq
    return at_seq


async def _state(
    store: EventStore, cache: StateCache, snapshots: Snapshots, campaign_id: str, at_seq: int | None,
    at_post: str | None = None, at_turn: str | None = None,
) -> CampaignState:
    seq = await _point(store, campaign_id, at_seq, at_post, at_turn)
    if seq is None:
        return await cache.at_head(campaign_id)
    head = await store.head(campaign_id)
    if seq > head.version:
        raise ApiError(404, "not-found", message("edge.not_found.at_seq", version=head.version))
    return await snapshots.state_at(campaign_id, seq)


async def state_at_point(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    services: Injected[Services],
    at_seq: AtSeq = None,
    at_post: AtPost = None,
    at_turn: AtTurn = None,
) -> CampaignState:
    """The campaign state a read asks for: now, or at one point of history (a Litestar dependency)."""
    await campaign_reader(request, services.store, campaign_id)
    return await _state(services.store, services.cache, services.snapshots, campaign_id, at_seq, at_post, at_turn)


AT_POINT = {"at_point": Provide(state_at_point)}


@get(
    "/campaigns/{campaign_id:str}",
    summary="Campaign summary: ruleset, version, participants, sessions, dice epoch",
    responses=reading(""),
)
async def campaign_summary(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services],
) -> dict[str, Any]:
    await campaign_reader(request, services.store, campaign_id)
    state = await services.cache.at_head(campaign_id)
    head = await services.store.head(campaign_id)
    return {
        "campaign_id": campaign_id,
        "name": state.name,
        "ruleset": state.ruleset,
        "options": state.options,
        "version": head.version,
        "head_hash": head.head_hash,
        "participants": [msgspec.to_builtins(p) for p in state.participants.values()],
        "session": {"current": state.session, "held": state.sessions_held},
        "dice_epoch": msgspec.to_builtins(state.epoch),
        "characters": len(state.characters),
        "rolls": state.rolls,
        "pools": _pools(state),
        "missions": {mid: mission.phase for mid, mission in state.missions.missions.items()},
    }


def _pools(state: CampaignState) -> dict[str, int]:
    """The shared pools a table watches, as the rules engine names them (Glory and Ruin with their caps)."""
    return reads_of(state.rules).pools(state.rules) if state.rules is not None else {}


@get(
    "/campaigns/{campaign_id:str}/events",
    summary="The campaign's log as stored, with hashes",
    responses=reading("/events"),
)
async def campaign_events(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    services: Injected[Services],
    after_seq: Annotated[int, QueryParameter(ge=0, le=MAX_SEQ)] = 0,
    limit: Annotated[int, QueryParameter(ge=1, le=1000)] = 100,
) -> dict[str, Any]:
    await campaign_reader(request, services.store, campaign_id)
    head = await services.store.head(campaign_id)
    events = await services.store.stored(campaign_id, after_seq, head.version, limit)
    return {"version": head.version, "events": events, "next_after_seq": events[-1].seq if events else after_seq}


@get(
    "/campaigns/{campaign_id:str}/state",
    summary="The full projected state, now or at ?at_seq=, ?at_post= or ?at_turn=",
    dependencies=AT_POINT,
    responses=reading("/state"),
)
async def campaign_state_read(campaign_id: FromPath[str], at_point: NamedDependency[CampaignState]) -> CampaignState:
    return at_point


@get(
    "/campaigns/{campaign_id:str}/characters/{character_id:str}",
    summary="One character, now or at a point of history",
    dependencies=AT_POINT,
    responses=reading("/characters/kai"),
)
async def character_read(
    campaign_id: FromPath[str], character_id: FromPath[str], at_point: NamedDependency[CampaignState]
) -> dict[str, Any]:
    state = at_point
    character = state.characters.get(character_id)
    if character is None:
        raise ApiError(404, "not-found", message("edge.not_found.character_at_seq", character=repr(character_id),
                                                 version=state.version))
    rules = reads_of(state.rules).characters(state.rules).get(character_id) if state.rules else None
    return {
        "version": state.version,
        "character": msgspec.to_builtins(character),
        "rules": msgspec.to_builtins(rules) if rules is not None else None,
    }


@get(
    "/campaigns/{campaign_id:str}/encounters/{encounter_id:str}",
    summary="One encounter, now or at a point of history",
    dependencies=AT_POINT,
    responses=reading("/encounters/hive-gate"),
)
async def encounter_read(
    campaign_id: FromPath[str], encounter_id: FromPath[str], at_point: NamedDependency[CampaignState]
) -> dict[str, Any]:
    state = at_point
    log = state.encounters.get(encounter_id)
    engine = reads_of(state.rules) if state.rules is not None else None
    rules = engine.encounters(state.rules).get(encounter_id) if engine and state.rules else None
    if log is None and rules is None:
        raise ApiError(404, "not-found", message("edge.not_found.encounter_at_point", encounter=repr(encounter_id)))
    position = engine.position(state.rules) if engine and state.rules else None
    return {
        "version": state.version,
        "encounter": encounter_id,
        "position": msgspec.to_builtins(position)
        if position is not None and position.encounter == encounter_id
        else None,
        "turns": msgspec.to_builtins(log.turns) if log else [],
        "redo": msgspec.to_builtins(log.redo) if log else [],
        "encounter_version": log.version if log else None,
        "rules": msgspec.to_builtins(rules) if rules is not None else None,
    }


@get(
    "/campaigns/{campaign_id:str}/verify",
    summary="Recompute the hash chain and every revealed die",
    responses=reading("/verify"),
)
async def verify(request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services],
                 rules: Annotated[bool, QueryParameter(description="also decide every command again with its "
                                                       "recorded dice (docs/audit-format.md)")] = False,
                 ) -> Response[dict[str, Any]]:
    await campaign_reader(request, services.store, campaign_id)
    head = await services.store.head(campaign_id)
    report = await verify_stored(services.store, head, rules)
    answer = msgspec.to_builtins(report)
    # Witnessed heads are what `lexmechanic verify --expect` checks offline; online there are none to count.
    del answer["heads_witnessed"], answer["heads_unconfirmed"]
    # The problems are sentences for a person: in the language asked for, chosen as for problem documents.
    lang, _ = negotiation.language(request)
    answer["problems"] = in_lang(report.problems, lang)
    body = {**answer, "ok": report.ok, "version": head.version,
            "head": {"version": head.version, "head_hash": head.head_hash}}
    return Response(body, headers={"Content-Language": lang, "Vary": "Accept-Language"})


@get(
    "/campaigns/{campaign_id:str}/rolls/{seq:int}",
    summary="A roll's proof: commitment, seed once revealed, dice",
    responses=reading("/rolls/12"),
)
async def roll_proof(
    request: Request[Any, Any, Any], campaign_id: FromPath[str], seq: FromPath[int], services: Injected[Services]
) -> dict[str, Any]:
    await campaign_reader(request, services.store, campaign_id)
    stored = await services.store.stored_one(campaign_id, seq) if 1 <= seq <= MAX_SEQ else None
    if stored is None:
        raise ApiError(404, "not-found", message("edge.not_found.event", seq=seq))
    proof = (await proofs.roll_proof(services.store, campaign_id, stored)
             or await sealed_proofs.proof_of(services.store, campaign_id, stored))
    if proof is None:
        raise ApiError(404, "not-found", message("edge.not_found.no_dice", seq=seq, type=stored.type))
    return proof


@get(
    "/campaigns/{campaign_id:str}/export",
    summary="The whole log as JSON Lines, then its head (docs/audit-format.md)",
    responses=reading("/export"),
)
async def export(request: Request[Any, Any, Any], campaign_id: FromPath[str], services: Injected[Services]) -> Stream:
    await campaign_reader(request, services.store, campaign_id)
    head = await services.store.head(campaign_id)
    return Stream(
        export_lines(services.store, head),
        media_type="application/jsonl",
        headers={"Content-Disposition": f'attachment; filename="{campaign_id}.jsonl"'},
    )


@get("/health", summary="Liveness and database reachability", responses=health_answers())
async def health(services: Injected[Services]) -> Response[dict[str, Any]]:
    try:
        await services.store.ping()
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        # Not a problem document (docs/errors.md says why), but the same advice when to look again.
        return Response({"status": "unavailable", "database": str(error)}, status_code=503,
                        headers={"Retry-After": str(RETRY_AFTER)})
    return Response({"status": "ok", "database": "ok"})

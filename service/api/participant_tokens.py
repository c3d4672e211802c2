"""A GM revokes or rotates a participant's token (docs/api.md, "Participants' tokens").

Both are commands decided by the rules (GM only; the last GM's token is rotated, never revoked) and
recorded as events that name the participant and nothing secret. Their side records commit with the event
(service/commanding.py): the participant's tokens are marked revoked and its web sessions deleted, and a
rotation stores its new token, which this answer shows once. Every process reads tokens per request, or checks
a token it remembers in the command's own append (service/store.py, `append_if_head_and_token`), so the old
token is refused everywhere from the next request on.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, delete, post
from litestar.openapi.spec import Example
from litestar.params import FromPath, HeaderParameter

from domain.campaign.commands import RevokeParticipantToken, RotateParticipantToken
from domain.catalog import text
from domain.message import message
from service.api.answers import CAMPAIGN, gm_writing, problems
from service.api.auth import campaign_actor
from service.api.notes import note
from service.api.services import Injected, Services
from service.commanding import request_digest

# The OpenAPI examples quote the live refusal's English (domain/catalog/en/core.po).
GM_ONLY = text(message("forbidden.gm_only", command="revoke_participant_token"), "en")
IdempotencyKey = Annotated[
    str | None, HeaderParameter(name="Idempotency-Key", min_length=1, max_length=200,
                                description="the same key again answers the original (a rotation: without its token)"),
]
ParticipantId = Annotated[str, msgspec.Meta(min_length=1, max_length=200)]


class TokenRevokedResponse(msgspec.Struct, frozen=True):
    participant_id: str
    version: int
    head_hash: str
    events: list[Any]
    replayed: bool


class TokenRotatedResponse(msgspec.Struct, frozen=True):
    participant_id: str
    token: str | None
    version: int
    head_hash: str
    events: list[Any]
    note: str
    """For the person reading the answer, in the language asked for (service/api/notes.py)."""


def _responses(path: str) -> dict[int, Any]:
    found = gm_writing(path, GM_ONLY, conflicts=True)
    detail = ("Game Master is the last GM whose token works: revoking it would leave nobody to run the campaign; "
              "rotate it instead, or invite another GM first")
    value = {"type": "urn:lexmechanic:problem:rule-violation", "title": "Rule violation", "status": 422,
             "detail": detail, "instance": f"/campaigns/{CAMPAIGN}{path}", "rule": "last_gm_token"}
    found[422] = problems(422, "The rules refuse it: the token is already revoked, or it is the last GM's.",
                          Example(id="rule-violation", summary=detail, value=value))
    return found


@delete(
    "/campaigns/{campaign_id:str}/participants/{participant_id:str}/token",
    status_code=200,
    summary="GM revokes a participant's token (and its web sessions), at once, on every process",
    responses=_responses("/participants/p-1a2b3c4d/token"),
)
async def revoke_participant_token(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    participant_id: FromPath[ParticipantId],
    services: Injected[Services],
    idempotency_key: IdempotencyKey = None,
) -> Response[TokenRevokedResponse]:
    actor = await campaign_actor(request, services.store, campaign_id)
    command = RevokeParticipantToken(participant_id=participant_id)
    outcome = await services.commander.execute(campaign_id, actor, command, idempotency_key, request_digest(command))
    answer = TokenRevokedResponse(participant_id=participant_id, version=outcome.version, head_hash=outcome.head_hash,
                                  events=list(outcome.events), replayed=outcome.replayed)
    return Response(answer, status_code=200)


@post(
    "/campaigns/{campaign_id:str}/participants/{participant_id:str}/token",
    status_code=201,
    summary="GM gives a participant a new token (shown once); the old one and its web sessions stop working",
    responses=_responses("/participants/p-1a2b3c4d/token"),
)
async def rotate_participant_token(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    participant_id: FromPath[ParticipantId],
    services: Injected[Services],
    idempotency_key: IdempotencyKey = None,
) -> TokenRotatedResponse:
    actor = await campaign_actor(request, services.store, campaign_id)
    command = RotateParticipantToken(participant_id=participant_id)
    outcome = await services.commander.execute(campaign_id, actor, command, idempotency_key, request_digest(command))
    return TokenRotatedResponse(
        participant_id=participant_id, token=outcome.token, version=outcome.version,
        head_hash=outcome.head_hash, events=list(outcome.events),
        note=note(request, "rotated_token" if outcome.token else "rotated_token_not_kept"),
    )


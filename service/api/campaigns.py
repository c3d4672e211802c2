"""Creating campaigns, inviting people, and every command."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, post
from litestar.params import FromPath, HeaderParameter, JSONBody

from domain.campaign.commands import InviteParticipant
from domain.campaign.decide import CreateCampaign
from domain.campaign.events import DiceRolled, SecretRollSealed
from domain.commands import Actor, PostRef
from domain.events import Event
from domain.message import message
from projections.permalinks import proof_link
from projections.recorded import DiceProvenance
from projections.results import told_result
from service.api.answers import CommandOperation, commanding, creating, gm_writing
from service.api.auth import campaign_actor, campaign_actor_and_share_key, remembered_actor, require_admin
from service.api.command_fast_path import REMEMBERED_TRIED, CommandFastPath
from service.api.limits import (
    CAMPAIGN_BODY_BYTES,
    COMMAND_BODY_BYTES,
    INT_MAX,
    SMALL_BODY_BYTES,
    check_body,
    plain_and_bounded,
)
from service.api.notes import note
from service.api.plain_text import check_plain_text
from service.api.problems import ApiError
from service.api.schemas import (
    CampaignCreatedResponse,
    CommandAnswer,
    CommandBody,
    CreateCampaignBody,
    InviteBody,
    InvitedResponse,
)
from service.api.services import Injected, Services
from service.api.sharing import base_of, links_with
from service.commanding import CommandOutcome, CompactOutcome, TokenUnchecked, request_digest

IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(name="Idempotency-Key", min_length=1, max_length=200, description="defaults to post.id"),
]


@post("/campaigns", status_code=201, summary="Create a campaign; answers the GM token once", responses=creating(),
      request_max_body_size=CAMPAIGN_BODY_BYTES)
async def create_campaign(
    request: Request[Any, Any, Any],
    data: JSONBody[CreateCampaignBody],
    services: Injected[Services],
) -> CampaignCreatedResponse:
    require_admin(request, services.settings.admin_token, "create_campaign")
    check_body(msgspec.to_builtins(data))
    check_plain_text(msgspec.to_builtins(data))
    command = CreateCampaign(name=data.name, ruleset=data.ruleset, options=data.options, gm_name=data.gm_name)
    campaign_id, outcome = await services.commander.create_campaign(command)
    assert outcome.token is not None
    return CampaignCreatedResponse(
        campaign_id=campaign_id,
        gm_token=outcome.token,
        version=outcome.version,
        head_hash=outcome.head_hash,
        events=list(outcome.events),
        note=note(request, "gm_token"),
    )


@post(
    "/campaigns/{campaign_id:str}/participants",
    status_code=201,
    summary="GM invites a player or observer",
    responses=gm_writing("/participants", "only the GM may send invite_participant", conflicts=True),
    request_max_body_size=SMALL_BODY_BYTES,
)
async def invite_participant(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    data: JSONBody[InviteBody],
    services: Injected[Services],
    idempotency_key: IdempotencyKey = None,
) -> InvitedResponse:
    actor = await campaign_actor(request, services.store, campaign_id)
    check_body(msgspec.to_builtins(data))
    check_plain_text(msgspec.to_builtins(data))
    command = InviteParticipant(name=data.name, role=data.role)
    outcome = await services.commander.execute(campaign_id, actor, command, idempotency_key, request_digest(command))
    return InvitedResponse(
        participant_id=str(outcome.result["participant_id"]),
        role=data.role,
        token=outcome.token,
        version=outcome.version,
        head_hash=outcome.head_hash,
        events=list(outcome.events),
        note=note(request, "token" if outcome.token else "token_not_kept"),
    )


def prefers_minimal(header: str | None) -> bool:
    """Whether a `Prefer` header (RFC 7240) asks for `return=minimal`: preferences are comma-separated, each
    a token, maybe `=value` (quoted or not) and `;` parameters; names are case-insensitive."""
    if header is None:
        return False
    for preference in header.split(","):
        name, _, value = preference.split(";", 1)[0].partition("=")
        if name.strip().lower() == "return" and value.strip().strip('"').lower() == "minimal":
            return True
    return False


def _expected_version(header: str | None, body_version: int | None) -> int | None:
    if header is None:
        return body_version
    text = header.strip().strip('"').removeprefix("W/").strip('"')
    if not text.isdigit():
        raise ApiError(400, "invalid-request", message("edge.if_match_form", value=repr(header)))
    version = int(text)
    if version > INT_MAX:
        # The body's expected_version has the same bound (check_body): both are 400, never a 409.
        raise ApiError(400, "invalid-request", message("edge.if_match_too_large", version=str(version)))
    if body_version is not None and body_version != version:
        raise ApiError(400, "invalid-request", message("edge.if_match_disagrees"))
    return version


@post(
    "/campaigns/{campaign_id:str}/commands",
    status_code=201,
    summary="Send a command (tagged by type); answers {version, head_hash, events, result}, "
    "or {version, head_hash, result} with Prefer: return=minimal",
    responses=commanding(CommandAnswer),
    operation_class=CommandOperation,
    request_max_body_size=COMMAND_BODY_BYTES,
    middleware=[CommandFastPath],
)
async def send_command(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    data: JSONBody[CommandBody],
    services: Injected[Services],
    idempotency_key: IdempotencyKey = None,
    if_match: Annotated[str | None, HeaderParameter(name="If-Match", max_length=40)] = None,
    prefer: Annotated[
        str | None,
        HeaderParameter(name="Prefer", max_length=200, description="return=minimal: the compact answer"),
    ] = None,
) -> Response[CommandAnswer | CompactOutcome]:
    # Not tried twice: the fast path (service/api/command_fast_path.py) tried it, and nothing was written.
    tried = request.scope["state"].get(REMEMBERED_TRIED, False)
    remembered = None if tried else remembered_actor(request, services.known_tokens, campaign_id)
    if remembered is not None:
        # One round trip: the token is not read first, the append checks it (service/known_tokens.py).
        actor, hashed = remembered
        try:
            command, key, digest = _checked(data, if_match, idempotency_key)
        except ApiError:
            # The token is read before the body is checked (below): one that no longer works is a 401 first.
            await campaign_actor_and_share_key(request, services.store, campaign_id)
            raise
        done = await remembered_outcome(services, campaign_id, actor, command, key, digest, hashed)
        if done is not None:
            return await _told(request, services, campaign_id, *done, prefer)
        # Nothing was written: the command goes on as any other, its token read first (a 401 if it no longer
        # works).
    # The newest share key (for the answer's links) comes with the token: one round trip before the append.
    actor, share_key = await campaign_actor_and_share_key(request, services.store, campaign_id,
                                                          services.known_tokens)
    command, key, digest = _checked(data, if_match, idempotency_key)
    outcome = await services.commander.execute(campaign_id, actor, command, key, digest)
    return await _told(request, services, campaign_id, outcome, share_key, prefer)


async def remembered_outcome(
    services: Services, campaign_id: str, actor: Actor, command: CommandBody, key: str | None, digest: str,
    hashed: str,
) -> tuple[CommandOutcome, str | None] | None:
    """The command on the one-statement path with a remembered token, and the newest share key; None when nothing
    was written (the token no longer works, and is forgotten; or the command left that path): the token is then
    read first, as for any request."""
    try:
        return await services.commander.execute_remembered(campaign_id, actor, command, key, digest, hashed)
    except TokenUnchecked as unchecked:
        if unchecked.refused:
            services.known_tokens.forget(campaign_id, hashed)
        return None


def _checked(
    data: CommandBody, if_match: str | None, idempotency_key: str | None
) -> tuple[CommandBody, str | None, str]:
    """The command after the edge's checks (ApiError otherwise), with its idempotency key and request digest."""
    as_builtins = msgspec.to_builtins(data)
    if not plain_and_bounded(as_builtins):  # a plain roll's fields: nothing either walk could refuse
        check_body(as_builtins)
        check_plain_text(as_builtins)
    expected = _expected_version(if_match, data.expected_version)
    if expected != data.expected_version:
        data = msgspec.structs.replace(data, expected_version=expected)
    post_ref: PostRef | None = data.post
    key = idempotency_key or (post_ref.id if post_ref is not None else None)
    # The digest ignores expected_version: a retry after a lost answer may carry a stale one.
    digest = request_digest(msgspec.structs.replace(data, expected_version=None))
    return data, key, digest


async def _told(
    request: Request[Any, Any, Any], services: Services, campaign_id: str, outcome: CommandOutcome,
    share_key: str | None, prefer: str | None,
) -> Response[CommandAnswer | CompactOutcome]:
    if prefers_minimal(prefer):
        compact, status = await told_answer(request, services, campaign_id, outcome, share_key, minimal=True)
        return Response(compact, status_code=status, headers={"Preference-Applied": "return=minimal"})
    answer, status = await told_answer(request, services, campaign_id, outcome, share_key, minimal=False)
    return Response(answer, status_code=status)


async def told_answer(
    request: Request[Any, Any, Any], services: Services, campaign_id: str, outcome: CommandOutcome,
    share_key: str | None, *, minimal: bool,
) -> tuple[CommandAnswer | CompactOutcome, int]:
    """The command's answer and its status: the compact one if `minimal` (Prefer: return=minimal)."""
    # Told here, after the command's transaction: its words in both languages, the numbers, the proofs.
    # The request's own address only when LEXMECHANIC_PUBLIC_URL does not say (links_with prefers it).
    settings = services.settings
    links = links_with(settings, share_key, None if settings.public_url else base_of(request))
    told = told_result(outcome.records, outcome.before, outcome.after, links, campaign_id)
    result = {**outcome.result, **told}
    # One pass over the records (a loop: a command has one or a few) for the sealed rolls and the first dice.
    # The records are the events' typed envelopes, one for one (their metas as written, or as read back for a
    # replay): reading the nonce there spares decoding each stored meta again.
    sealed: list[tuple[int, Event]] | None = None  # made only for a sealed roll: no list for every command
    dice: DiceProvenance | None = None
    for r in outcome.records:
        if dice is None:
            dice = r.meta.dice
        # A roll (nearly every command) is told apart by its type alone: `isinstance` against a msgspec Struct
        # goes through its metaclass.
        if type(r.event) is not DiceRolled and isinstance(r.event, SecretRollSealed):
            if sealed is None:
                sealed = []
            sealed.append((r.seq, r.event))
    # `secret_told` shows only sealed rolls' faces: a command that sealed none (a roll, nearly every command) is
    # spared its coroutine. Its keys land where the merge above would put them (update keeps the order).
    if sealed:
        result.update(await services.commander.secret_told(campaign_id, sealed, links))
    status = 200 if outcome.replayed else 201
    if minimal:
        return CompactOutcome(version=outcome.version, head_hash=outcome.head_hash, result=result), status
    proof: str | None = None
    if dice is not None:
        # A roll's told proof is `proof_link` of its seq, the same link when its dice's nonce is that seq.
        rolls = told.get("rolls")
        first = rolls[0] if type(rolls) is list and len(rolls) == 1 else None
        proof = first["proof"] if type(first) is dict and first.get("seq") == dice.nonce \
            else proof_link(links, campaign_id, dice.nonce)
    answer = CommandAnswer(
        version=outcome.version, head_hash=outcome.head_hash, events=outcome.events, result=result,
        proof=proof, replayed=outcome.replayed,
    )
    return answer, status

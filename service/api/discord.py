"""POST /integrations/discord/interactions: Discord's interactions over plain HTTP (docs/discord.md).

In order, before anything reads the payload: the body's size (Litestar, `request_max_body_size`), the
Ed25519 signature over the timestamp header and the raw body (401), the timestamp within the window (401:
a captured request cannot be sent again later), then the interaction's id not seen before (409: nor sent
again sooner). A PING is answered PONG; a command is answered within Discord's 3 seconds: at once when its
work is done by then, else acknowledged (deferred) and finished by a follow-up message.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from typing import Any

import msgspec
from litestar import Request, Response, post
from litestar.openapi.spec import Example

from domain import catalog
from domain.engine import Lang
from domain.message import message
from service.api.answers import problems
from service.api.problems import ApiError
from service.api.services import Injected, Services
from service.api.sharing import base_of
from service.discord.commands import (
    PRIVATE,
    Answer,
    Context,
    Deferred,
    Reply,
    command_of,
    decide,
    first_time,
    lang_of,
    say,
)
from service.discord.followups import EPHEMERAL, Followups
from service.discord.followups import message as discord_message
from service.discord.payloads import APPLICATION_COMMAND, DECODER, PING, Interaction
from service.discord.signature import signature_valid
from service.store import CampaignNotFound

_log = logging.getLogger("lexmechanic.discord")
_SNOWFLAKE = re.compile(r"[0-9]{1,20}")
_TOKEN = re.compile(r"[A-Za-z0-9._-]{0,500}")

# An interaction's payload: a message command carries the message (4,000 characters at most, its embeds and
# attachments' metadata), far below this.
DISCORD_BODY_BYTES = 131_072
# Discord's answer types: PONG, a message now, a message later ("thinking…").
PONG, CHANNEL_MESSAGE, DEFERRED_MESSAGE = 1, 4, 5


def _checked(request: Request[Any, Any, Any], services: Services, body: bytes) -> None:
    settings = services.settings.discord
    if settings.public_key is None:
        raise ApiError(404, "not-found", message("discord.error.not_configured"))
    signature = request.headers.get("x-signature-ed25519", "")
    timestamp = request.headers.get("x-signature-timestamp", "")
    if not signature_valid(settings.public_key, signature, timestamp, body):
        raise ApiError(401, "unauthenticated", message("discord.error.signature"))
    try:
        age = abs(time.time() - int(timestamp))
    except ValueError:
        age = float("inf")
    if age > settings.max_age_seconds:
        raise ApiError(401, "unauthenticated", message("discord.error.stale", seconds=int(settings.max_age_seconds)))


_WHERE = "/integrations/discord/interactions"


def _refused(status: int, title: str, slug: str, detail: str) -> Example:
    value = {"type": f"urn:lexmechanic:problem:{slug}", "title": title, "status": status, "detail": detail,
             "instance": _WHERE}
    return Example(id=slug, summary=detail, value=value)


_ANSWERS = {
    400: problems(400, "The body is not an interaction.", _refused(
        400, "Bad request", "bad-request", "the interaction cannot be read: Object missing required field `id`")),
    401: problems(401, "No valid Discord signature, or one older than the window.", _refused(
        401, "Not authenticated", "unauthenticated", "the request does not carry a valid Discord signature "
        "(X-Signature-Ed25519 over X-Signature-Timestamp and the body)"), _refused(
        401, "Not authenticated", "unauthenticated",
        "the Discord signature's timestamp is more than 300 seconds from now")),
    404: problems(404, "The service has no Discord application key.", _refused(
        404, "Not found", "not-found", "This service has no Discord app: its operator sets "
        "LEXMECHANIC_DISCORD_PUBLIC_KEY to the application's public key")),
    409: problems(409, "The interaction was already answered (a replay).", _refused(
        409, "Conflict", "replayed", "interaction 1500000000000000001 was already answered")),
    503: problems(503, "The database cannot be reached right now: retry after the Retry-After seconds.", _refused(
        503, "Service unavailable", "service-unavailable",
        "the campaign log's database cannot be reached right now; retry in 5 seconds")),
}


@post(
    _WHERE,
    summary="Discord's interactions endpoint: signed PINGs and commands of the Discord app (docs/discord.md)",
    request_max_body_size=DISCORD_BODY_BYTES,
    status_code=200,
    responses=_ANSWERS,
)
async def discord_interactions(request: Request[Any, Any, Any], services: Injected[Services]) -> Response[Any]:
    body = await request.body()
    _checked(request, services, body)
    try:
        interaction = DECODER.decode(body)
    except msgspec.DecodeError as unreadable:
        raise ApiError(400, "bad-request", message("discord.error.unreadable", why=str(unreadable)[:200])) from None
    # Signed by Discord, yet checked: the ids and the token become a follow-up url's path.
    if not _SNOWFLAKE.fullmatch(interaction.id) or not _SNOWFLAKE.fullmatch(interaction.application_id):
        raise ApiError(400, "bad-request", message("discord.error.unreadable", why="id, application_id"))
    if not _TOKEN.fullmatch(interaction.token):
        raise ApiError(400, "bad-request", message("discord.error.unreadable", why="token"))
    if not await first_time(services, interaction.id):
        raise ApiError(409, "replayed", message("discord.error.replayed", interaction=interaction.id))
    if interaction.type == PING:
        return Response({"type": PONG})
    lang = lang_of(interaction)
    if interaction.type != APPLICATION_COMMAND:
        return Response(_now(Reply(say(lang, "discord.unknown_command"), ephemeral=True)))
    name, options = command_of(interaction)
    base = None if services.settings.public_url else base_of(request)
    context = Context(services=services, interaction=interaction, lang=lang, base=base)
    followups = services.followups
    task = asyncio.get_running_loop().create_task(_answer(context, name, options))
    done, _ = await asyncio.wait({task}, timeout=services.settings.discord.defer_after_seconds)
    if not done:
        # Slower than Discord waits: acknowledged now, the rest as follow-ups once the work is done.
        private = name in PRIVATE
        followups.spawn(_finish(followups, interaction, task, private))
        return Response(_deferred(private))
    answer = task.result()
    if isinstance(answer, Deferred):
        followups.spawn(_finish_deferred(followups, interaction, answer, lang))
        return Response(_deferred(answer.ephemeral))
    messages = _messages(answer.markdown, lang)
    if len(messages) > 1:
        followups.spawn(followups.deliver(interaction.application_id, interaction.token, messages[1:],
                                          answer.ephemeral, deferred=False))
    return Response(_now(Reply(messages[0], answer.ephemeral)))


def _now(reply: Reply) -> dict[str, Any]:
    return {"type": CHANNEL_MESSAGE, "data": discord_message(reply.markdown, reply.ephemeral)}


def _deferred(private: bool) -> dict[str, Any]:
    return {"type": DEFERRED_MESSAGE, "data": {"flags": EPHEMERAL} if private else {}}


def _messages(markdown: str, lang: Lang) -> list[str]:
    from projections.rendering.discord_messages import DISCORD_LIMIT, MAX_MESSAGES, split_messages

    found = split_messages(markdown, DISCORD_LIMIT)
    if len(found) <= MAX_MESSAGES:
        return found
    # A reply longer than a few messages floods the channel: the rest is on the campaign's pages.
    cut = catalog.text(message("discord.reply.cut", count=len(found) - MAX_MESSAGES + 1), lang)
    return [*found[:MAX_MESSAGES - 1], cut]


async def _answer(context: Context, name: str, options: dict[str, Any]) -> Answer:
    """The command's answer; a refusal at the edge is the answer's text, only for the one who asked."""
    try:
        return await decide(context, name, options)
    except ApiError as refused:
        return Reply(refused.told(context.lang), ephemeral=True)
    except CampaignNotFound:
        return Reply(say(context.lang, "discord.unbound"), ephemeral=True)


async def _finish(followups: Followups, interaction: Interaction, task: asyncio.Task[Answer], private: bool) -> None:
    answer = await task
    lang = lang_of(interaction)
    if isinstance(answer, Deferred):
        answer = await _work(answer, lang)
    await followups.deliver(interaction.application_id, interaction.token, _messages(answer.markdown, lang),
                            private, deferred=True)


async def _finish_deferred(followups: Followups, interaction: Interaction, deferred: Deferred, lang: Lang) -> None:
    reply = await _work(deferred, lang)
    await followups.deliver(interaction.application_id, interaction.token, _messages(reply.markdown, lang),
                            deferred.ephemeral, deferred=True)


async def _work(deferred: Deferred, lang: Lang) -> Reply:
    try:
        return await deferred.work()
    except Exception:
        # After the acknowledgement nobody else tells the person: without an answer Discord shows
        # "thinking…" until the interaction expires. The error is logged as the app's handler would.
        _log.exception("a deferred Discord command failed")
        return Reply(catalog.text(message("discord.error.failed"), lang))

"""What each Discord command does and answers (docs/discord.md, "Commands"): `/lx bind`, `/lx link`,
`/lx post`, `/lx roll`, `/lx turn`, `/lx state` and the message command "Record in Lexmechanic".

A post from Discord runs through service.api.posts.run_post, the code of `POST /campaigns/{id}/posts`, as
the participant the Discord user is linked to. Every answer is Markdown in which nothing a person typed is
live: their text goes through the one Markdown escaper (projections/rendering/markup.py), the forum reply
is already written with it, and a refusal's words are escaped whole.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from domain import catalog
from domain.commands import Actor, Role
from domain.engine import Lang
from domain.errors import DomainError
from domain.message import Message, Param, message
from projections.rendering.markup import WRITERS
from projections.whose_turn import turn_sentence, whose_turn
from service.api.posts import ForumPost, PostBody, run_post
from service.api.problems import ApiError
from service.api.services import Services
from service.client.boards import character_board
from service.discord import queries
from service.discord.payloads import Interaction, may_manage_channel, subcommand
from service.store import CampaignNotFound, campaign_uuid
from service.tokens import token_hash

_md = WRITERS["markdown"]


class Reply(msgspec.Struct, frozen=True):
    """An answer's Markdown (escaped), and whether only the person who asked sees it."""

    markdown: str
    ephemeral: bool = False


class Deferred(msgspec.Struct, frozen=True):
    """Work that may take longer than Discord waits: acknowledged at once, its reply sent as a follow-up."""

    work: Callable[[], Awaitable[Reply]]
    ephemeral: bool = False


Answer = Reply | Deferred


def lang_of(interaction: Interaction) -> Lang:
    """The person's Discord language: any Spanish (es-ES, es-419) is es, everything else en."""
    return "es" if (interaction.locale or "").lower().startswith("es") else "en"


def say(lang: Lang, message_id: str, **params: Param) -> str:
    """A catalog sentence whose parameters are escaped for Markdown (they may hold a person's text)."""
    escaped = {k: _md.text(v) if isinstance(v, str) else v for k, v in params.items()}
    return catalog.text(message(message_id, **escaped), lang)


def _private(lang: Lang, message_id: str, **params: Param) -> Reply:
    return Reply(say(lang, message_id, **params), ephemeral=True)


class Context(msgspec.Struct, frozen=True):
    services: Services
    interaction: Interaction
    lang: Lang
    # Where permalinks point when LEXMECHANIC_PUBLIC_URL does not say: the address Discord reached.
    base: str | None


async def first_time(services: Services, interaction_id: str) -> bool:
    """Whether this interaction id is new: a replayed one (409) is remembered for twice the signature window."""
    window = services.settings.discord.max_age_seconds * 2
    fresh = await services.store.pool.fetchval(queries.REMEMBER_INTERACTION, interaction_id, window)
    return fresh is not None


async def _channel_campaign(ctx: Context) -> str | None:
    channel = ctx.interaction.channel_id
    if channel is None:
        return None
    found: str | None = await ctx.services.store.pool.fetchval(queries.CHANNEL_CAMPAIGN, channel)
    return found


async def _linked(ctx: Context, campaign_id: str, user_id: str) -> Actor | None:
    row = await ctx.services.store.pool.fetchrow(queries.LINKED_PARTICIPANT, campaign_uuid(campaign_id), user_id)
    if row is None:
        return None
    role: Role = "gm" if row["role"] == "gm" else "player" if row["role"] == "player" else "observer"
    return Actor(participant_id=row["participant_id"], role=role)


async def _participant_name(ctx: Context, campaign_id: str, actor: Actor) -> tuple[str, str]:
    state = await ctx.services.cache.at_head(campaign_id)
    known = state.participants.get(actor.participant_id)
    return (known.name if known is not None else actor.participant_id), state.name


def _option_text(options: dict[str, Any], name: str) -> str:
    value = options.get(name)
    return value.strip() if isinstance(value, str) else ""


async def bind(ctx: Context, options: dict[str, Any]) -> Answer:
    """The GM binds this channel to a campaign with its GM token; the token is not kept, and the GM's Discord
    user is linked as the campaign's GM."""
    lang, interaction = ctx.lang, ctx.interaction
    user = interaction.invoker
    if interaction.channel_id is None or user is None:
        return _private(lang, "discord.bind.no_channel")
    if not may_manage_channel(interaction):
        return _private(lang, "discord.bind.no_permission")
    campaign_id, token = _option_text(options, "campaign"), _option_text(options, "token")
    hashed = token_hash(token)
    try:
        found = await ctx.services.store.token(campaign_id, hashed) if token else None
    except CampaignNotFound:
        found = None
    if found is None or found[1] != "gm":
        return _private(lang, "discord.bind.not_gm")
    async with ctx.services.store.pool.acquire() as connection, connection.transaction():
        await connection.execute(queries.BIND_CHANNEL, interaction.channel_id, campaign_uuid(campaign_id),
                                 interaction.guild_id, user.id)
        await connection.execute(queries.LINK_USER, campaign_uuid(campaign_id), user.id, hashed)
    state = await ctx.services.cache.at_head(campaign_id)
    return _private(lang, "discord.bind.done", campaign=state.name)


async def link(ctx: Context, options: dict[str, Any]) -> Answer:
    """A person links their Discord user to the participant whose token they hold, in this channel's campaign."""
    lang, user = ctx.lang, ctx.interaction.invoker
    campaign_id = await _channel_campaign(ctx)
    if campaign_id is None or user is None:
        return _private(lang, "discord.unbound")
    token = _option_text(options, "token")
    hashed = token_hash(token)
    found = await ctx.services.store.token(campaign_id, hashed) if token else None
    if found is None:
        return _private(lang, "discord.link.bad_token")
    await ctx.services.store.pool.execute(queries.LINK_USER, campaign_uuid(campaign_id), user.id, hashed)
    participant_id, role = found
    name, campaign = await _participant_name(ctx, campaign_id, Actor(participant_id=participant_id, role="player"))
    return _private(lang, "discord.link.done", name=name, role=catalog.text(message(f"discord.role.{role}"), lang),
                    campaign=campaign)


def _refusal_text(error: ApiError | DomainError, lang: Lang) -> str:
    told = error.told(lang) if isinstance(error, ApiError) else (
        catalog.text(error.said, lang) if error.said is not None else error.message)
    return _md.lines(told)


async def _as_post(ctx: Context, campaign_id: str, actor: Actor, post: ForumPost, text: str,
                   told_in_locale: bool = True) -> Reply:
    """The text recorded as the participant's forum post: the forum reply, or the refusal, in Markdown.

    A command's text is answered in the caller's language; a recorded message in its own words' language, as
    a forum post is (its language is part of the post's idempotency digest: the same message recorded again,
    by whoever, is the same post)."""
    try:
        # Converted, not constructed: the bounds POST /posts decodes with hold here too (20,000 characters).
        body = msgspec.convert({"post": msgspec.to_builtins(post), "text": text,
                                "lang": ctx.lang if told_in_locale else None}, PostBody)
        answer = await run_post(ctx.services, campaign_id, actor, body, ctx.lang, ctx.base)
    except (ApiError, DomainError) as refused:
        return Reply(_refusal_text(refused, ctx.lang))
    except msgspec.ValidationError:
        return Reply(say(ctx.lang, "discord.post.too_long"))
    return Reply(answer.reply.markdown)


async def _poster(ctx: Context) -> tuple[str, Actor] | Reply:
    """The channel's campaign and the caller's participant, or the private explanation of what is missing."""
    user = ctx.interaction.invoker
    campaign_id = await _channel_campaign(ctx)
    if campaign_id is None or user is None:
        return _private(ctx.lang, "discord.unbound")
    actor = await _linked(ctx, campaign_id, user.id)
    if actor is None:
        return _private(ctx.lang, "discord.unlinked")
    return campaign_id, actor


async def post(ctx: Context, options: dict[str, Any]) -> Answer:
    text = _option_text(options, "text")
    return await _post_text(ctx, text)


async def roll(ctx: Context, options: dict[str, Any]) -> Answer:
    """`/lx roll dice:2d10+3 bolter` is the post `!roll 2d10+3 bolter` (`!tirada …` in Spanish)."""
    dice = _option_text(options, "dice")
    verb = "tirada" if ctx.lang == "es" else "roll"
    return await _post_text(ctx, f"!{verb} {dice}" if dice else "")


async def _post_text(ctx: Context, text: str) -> Answer:
    found = await _poster(ctx)
    if isinstance(found, Reply):
        return found
    if not text:
        return _private(ctx.lang, "discord.post.empty")
    campaign_id, actor = found
    # The interaction's id is the post's id: Discord gives each command its own, so a post is recorded once.
    forum_post = ForumPost(id=ctx.interaction.id)

    async def work() -> Reply:
        return await _as_post(ctx, campaign_id, actor, forum_post, text)

    return Deferred(work)


async def record(ctx: Context, _: dict[str, Any]) -> Answer:
    """The message command: an existing message of the channel recorded as its author's post (its id the
    post's id, its text the post). Its author, or the GM, records it; its author must be linked."""
    lang, interaction, data = ctx.lang, ctx.interaction, ctx.interaction.data
    found = await _poster(ctx)
    if isinstance(found, Reply):
        return found
    campaign_id, caller = found
    target = data.resolved.messages.get(data.target_id or "") if data is not None and data.resolved else None
    if target is None or target.author is None:
        return _private(lang, "discord.record.no_message")
    invoker = interaction.invoker
    if invoker is not None and target.author.id != invoker.id and caller.role != "gm":
        return _private(lang, "discord.record.not_yours")
    author = await _linked(ctx, campaign_id, target.author.id)
    if author is None:
        return _private(lang, "discord.record.author_unlinked")
    if not target.content.strip():
        return _private(lang, "discord.post.empty")
    where = interaction.guild_id or "@me"
    url = f"https://discord.com/channels/{where}/{target.channel_id or interaction.channel_id}/{target.id}"
    forum_post = ForumPost(id=target.id, url=url)

    async def work() -> Reply:
        return await _as_post(ctx, campaign_id, author, forum_post, target.content, told_in_locale=False)

    return Deferred(work)


def _turn_line(ctx: Context, state: Any) -> str:
    turn = whose_turn(state, ctx.lang)
    if turn is None:
        return say(ctx.lang, "notify.no_encounter")
    seat = turn.acting
    sentence: Message = turn_sentence(
        turn, _md.text(seat.name) if seat is not None else None,
        _md.text(seat.player) if seat is not None and seat.player is not None else None)
    return catalog.text(sentence, ctx.lang)


async def turn(ctx: Context, _: dict[str, Any]) -> Answer:
    """Whose turn it is in the channel's campaign, for everyone in the channel."""
    campaign_id = await _channel_campaign(ctx)
    if campaign_id is None:
        return _private(ctx.lang, "discord.unbound")
    state = await ctx.services.cache.at_head(campaign_id)
    return Reply(_turn_line(ctx, state))


async def state(ctx: Context, _: dict[str, Any]) -> Answer:
    """The campaign at its head: name, session, whose turn, and every character's standing."""
    lang = ctx.lang
    campaign_id = await _channel_campaign(ctx)
    if campaign_id is None:
        return _private(lang, "discord.unbound")
    now = await ctx.services.cache.at_head(campaign_id)
    found = msgspec.to_builtins(now)
    lines = [_md.bold(say(lang, "client.state.at", name=now.name, ruleset=str(found.get("ruleset")),
                          version=str(now.version)))]
    session = found.get("session")
    lines.append(say(lang, "client.state.session_open", session=str(session)) if session
                 else say(lang, "client.state.no_session"))
    lines.append(_turn_line(ctx, now))
    board = character_board(found, lang)
    rows = []
    for row in board.rows:
        cells = [f"{_md.text(str(h))}: {_md.text(str(c))}" for h, c in zip(board.headers[1:], row[1:], strict=False)
                 if c not in (None, "")]
        rows.append(f"{_md.bold(_md.text(str(row[0])))} — {' · '.join(cells)}" if cells else _md.text(str(row[0])))
    lines.append("")
    lines.append(_md.items(rows) if rows else say(lang, "client.state.no_characters"))
    return Reply("\n".join(lines))


SUBCOMMANDS: dict[str, Callable[[Context, dict[str, Any]], Awaitable[Answer]]] = {
    "bind": bind, "link": link, "post": post, "roll": roll, "turn": turn, "state": state,
}
# Whose answer only the caller sees, even when it has to be deferred.
PRIVATE = frozenset({"bind", "link"})


def command_of(interaction: Interaction) -> tuple[str, dict[str, Any]]:
    """The command asked: a sub-command of /lx, or "record" for the message command."""
    data = interaction.data
    if data is None:
        return "", {}
    if data.type == 3:
        return "record", {}
    if data.name != "lx":
        return "", {}
    return subcommand(data)


async def decide(ctx: Context, name: str, options: dict[str, Any]) -> Answer:
    if name == "record":
        return await record(ctx, options)
    handler = SUBCOMMANDS.get(name)
    if handler is None:
        return _private(ctx.lang, "discord.unknown_command")
    return await handler(ctx, options)

"""POST /campaigns/{id}/posts: a forum post's command lines run as one unit, answered with a reply to paste.

The post's size is checked first (service.api.post_limits: its command lines and their length, a 413
before a line is parsed). It is then parsed against the campaign's grammar and the names at the head,
outside the head lock and any transaction (the author is the participant whose token was sent, `id_prefix`
the post id); under the lock the names are checked to be the ones it was read with, then every line is
decided and recorded in order inside one transaction, or none is (service.commanding.Commander.execute_unit).
The post id is the idempotency key: the same post again answers what it recorded, an edited one is a 409.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec
from litestar import Request, Response, post
from litestar.params import FromPath, JSONBody

from domain import catalog
from domain.campaign.state import CampaignState
from domain.commands import Actor, PostAuthor, PostRef, ShortText, WebUrl
from domain.directory_from_state import build_directory
from domain.engine import Lang
from domain.errors import Forbidden, RuleViolation, UnknownEntity
from domain.grammars import grammar_for, grammars
from domain.language import Directory, Grammar, LineError, ParseContext, extract_lines
from domain.language.post_language import post_language, words_language
from domain.message import message
from domain.rulesets import command_prefixes
from projections.permalinks import Links
from projections.rendering.attempts import answer_text
from projections.rendering.attempts import reply as attempt_reply
from projections.rendering.names import participant_name
from projections.rendering.post_answer import ForumReply, LineResult, RecordedLine, SkippedAt, post_told
from projections.rendering.refusals import refusal, said_as_lines
from projections.rendering.reply import Head
from service import attempts
from service.api.answers import posting
from service.api.auth import campaign_actor
from service.api.limits import POST_BODY_BYTES, check_body
from service.api.negotiation import language
from service.api.plain_text import check_plain_text
from service.api.post_limits import check_post_size, too_large
from service.api.problems import ApiError
from service.api.services import Injected, Services
from service.api.sharing import base_of, links_for
from service.attempts import AttemptKept
from service.commanding import (
    LineRefused,
    PostEdited,
    UnitLine,
    UnitOutcome,
    UnitReading,
    UnitTooLarge,
    request_digest,
)
from service.store import recorded_from_stored


class ForumPost(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The forum post: its id (the idempotency key) is required; its url links the reply back to it."""

    id: ShortText
    url: WebUrl | None = None
    author: PostAuthor | None = None


class PostBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A forum post's text; `lang` (en, es) forces the language of the answer, else its verbs tell it."""

    post: ForumPost
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=20_000)]
    lang: Lang | None = None


class IdHolder(msgspec.Struct, frozen=True):
    participant_id: str
    name: str | None


class SharedPostId(msgspec.Struct, frozen=True):
    """Other participants recorded posts under this post's id: theirs stay theirs, this one is its author's."""

    participants: list[IdHolder]
    # Says so in the post's language; it names participants by id only (a name is a participant's text).
    note: str


class PostAnswer(msgspec.Struct, frozen=True):
    """What a post recorded: the head after it (`version`, `head_hash`), each line's result, and the reply."""

    version: int
    head_hash: str
    replayed: bool
    lang: Lang
    results: list[LineResult]
    reply: ForumReply
    events: list[Any]
    # Null unless another participant recorded a post under the same id (post ids are per author).
    post_id_shared: SharedPostId | None = None


def _shared_id(post_id: str, holders: list[str], state: CampaignState, lang: Lang) -> SharedPostId | None:
    if not holders:
        return None
    named = [IdHolder(h, state.participants[h].name if h in state.participants else None) for h in holders]
    note = catalog.text(message("reply.post_id_shared", post_id=post_id, holders=", ".join(holders)), lang)
    return SharedPostId(participants=named, note=note)


def _line_problem(error: LineError, lang: Lang, errors: list[LineError]) -> ApiError:
    why = catalog.text(message("reply.line_failed", line=error.line, why=error.message), lang)
    return ApiError(
        422, "unreadable-line", f"{why}; {_nothing(lang)}", lang, line=error.line, source=error.source, code=error.code,
        word=error.word, suggestions=list(error.suggestions), lang=lang,
        errors=[msgspec.to_builtins(e) for e in errors],
    )


def line_field(number: int) -> str:
    """The field a problem names for a post's line (docs/api.md: "400 naming `text, line N`"), as `body.name`
    names a body's: the API's own path to it, the same in every language."""
    return f"text, line {number}"


def _plain_text_refusal(lines: tuple[UnitLine, ...]) -> ApiError | None:
    """A line whose command holds a character the edge refuses, though its text did not (a JSON value's
    `\\u202e` escape in a sheet): refused as /commands refuses it."""
    for line in lines:
        try:
            check_plain_text(msgspec.to_builtins(line.command), line_field(line.line))
        except ApiError as refused:
            return refused
    return None


def _nothing(lang: Lang) -> str:
    return catalog.text(message("reply.nothing_recorded"), lang)


# The rules' messages name commands by their API type (`wng_start_turn`), as /commands speaks: an engine's
# command prefix (domain.engine.Engine.command_prefix), then the command's name.
_COMMAND_TYPE = re.compile(rf"\b(?:{'|'.join(map(re.escape, command_prefixes()))})_[a-z_]+\b")


def _as_lines(message: str, grammar: Grammar, lang: Lang) -> str:
    """A rules' message for a forum post: each command type it names becomes the line a player writes."""
    def verb(found: re.Match[str]) -> str:
        written = grammar.verb_of(found.group(0), lang)
        return f"`!{written}`" if written is not None else found.group(0)
    return _COMMAND_TYPE.sub(verb, message)


def _refused(refused: LineRefused, lang: Lang, grammar: Grammar) -> ApiError:
    error = refused.error
    kind = ("forbidden" if isinstance(error, Forbidden) else "not-found" if isinstance(error, UnknownEntity)
            else "rule-violation")
    rule = error.rule if isinstance(error, RuleViolation) else None
    told = _as_lines(refusal(kind, rule, error.message, lang, said_as_lines(error.said, grammar, lang)), grammar, lang)
    why = catalog.text(message("reply.line_failed", line=refused.line, why=told), lang)
    extensions: dict[str, Any] = {"line": refused.line, "source": refused.source, "kind": kind, "lang": lang,
                                  "reason": error.message}
    if rule is not None:
        extensions["rule"] = rule
    return ApiError(422, "line-refused", f"{why} (`{refused.source}`); {_nothing(lang)}", language=lang, **extensions)


def _kept(kept: AttemptKept, lang: Lang, grammar: Grammar, post_id: str) -> ApiError:
    """A post refused after it drew dice: the refusal, and the attempt that keeps them (docs/fairness.md)."""
    event, first, last = kept.event, kept.stored[0], kept.stored[-1]
    refused = event.refusal
    said = said_as_lines(refused.said, grammar, lang)
    told = _as_lines(refusal(refused.kind, refused.rule, refused.reason, lang, said), grammar, lang)
    extensions: dict[str, Any] = {
        "line": refused.line, "source": refused.source, "kind": refused.kind, "lang": lang, "reason": refused.reason,
        "attempt": attempts.told(first), "replayed": kept.replayed, "version": last.seq, "head_hash": last.hash,
    }
    if refused.rule is not None:
        extensions["rule"] = refused.rule
    detail = answer_text(event, first.seq, post_id, lang, told)
    extensions["reply"] = {markup: attempt_reply(detail, lang, markup) for markup in ("bbcode", "markdown")}
    return ApiError(422, "line-refused", detail, **extensions)


def _answer(outcome: UnitOutcome, sources: dict[int, str], lang: Lang, links: Links, campaign_id: str,
            post_ref: PostRef, author: str) -> PostAnswer:
    """The post's answer, told after its transaction (projections/rendering/post_answer.py)."""
    assert outcome.after is not None
    recorded = [RecordedLine(done.line, done.source, done.command_type, [recorded_from_stored(s) for s in done.stored],
                             done.before, done.token) for done in outcome.commands]
    told = post_told(recorded, [SkippedAt(skip.skipped, skip.position) for skip in outcome.skipped], outcome.after,
                     sources, lang, links, campaign_id, Head(outcome.version, outcome.head_hash), post_ref, author)
    return PostAnswer(
        version=outcome.version, head_hash=outcome.head_hash, replayed=outcome.replayed, lang=lang,
        results=told.results, reply=told.reply,
        events=[e for done in outcome.commands for e in done.stored],
        post_id_shared=_shared_id(post_ref.id or "", outcome.id_also_held_by, outcome.after, lang),
    )


async def _post_lang(services: Services, campaign_id: str, actor: Actor, text: str, lines: list[str],
                     grammar: Grammar) -> Lang:
    """The post's words decide (domain/language/post_language.py), then the author's preferred language,
    then the campaign's `reply_language`: read from the remembered state without the lock (a preference
    changed meanwhile only moves the answer's language), and only when the words leave it open."""
    told = words_language(text, lines, grammar, grammars())
    if told is not None:
        return told
    remembered = services.cache.head_state(campaign_id)
    state = remembered[0] if remembered is not None else await services.cache.at_head(campaign_id)
    author = state.participants.get(actor.participant_id)
    option = state.options.get("reply_language")
    campaign: Lang | None = "en" if option == "en" else "es" if option == "es" else None
    return post_language(text, lines, grammar, grammars(), (author.lang if author is not None else None, campaign))


@post(
    "/campaigns/{campaign_id:str}/posts",
    status_code=201,
    summary="Run a forum post's command lines as one unit; answers each line's result and a reply to paste",
    responses=posting(PostAnswer),
    request_max_body_size=POST_BODY_BYTES,
)
async def send_post(
    request: Request[Any, Any, Any],
    campaign_id: FromPath[str],
    data: JSONBody[PostBody],
    services: Injected[Services],
) -> Response[PostAnswer]:
    actor: Actor = await campaign_actor(request, services.store, campaign_id)
    answer = await run_post(services, campaign_id, actor, data, language(request)[0], base_of(request))
    return Response(answer, status_code=200 if answer.replayed else 201)


async def run_post(services: Services, campaign_id: str, actor: Actor, data: PostBody, asked: Lang,
                   base: str | None) -> PostAnswer:
    """The post run as `actor`'s, every path alike (this endpoint, the Discord app's `/lx post`): checked,
    read, recorded as one unit and told; a refusal is an ApiError. `asked` is the language the request
    asked for (said when no verb tells the post's), `base` where its permalinks point without a public url."""
    check_body(msgspec.to_builtins(data))
    ruleset = (await services.store.head(campaign_id)).ruleset
    grammar = grammar_for(ruleset)
    extracted = extract_lines(data.text)
    # Extraction and telling the language are linear in the text (domain/language/extraction.py, and only a
    # post's first few mistyped verbs are compared with every verb): the size is refused before any parsing.
    lang: Lang = data.lang or await _post_lang(
        services, campaign_id, actor, data.text, [line.text for line in extracted], grammar)
    check_post_size(extracted, lang)
    sources = {line.number: line.text.strip() for line in extracted}
    # A command line's words become names, reasons and titles: the same characters are refused as in /commands.
    check_plain_text(msgspec.to_builtins(data.post), "post")
    for line in extracted:
        check_plain_text(line.text, line_field(line.number), tabs=True)
    post_ref = PostRef(id=data.post.id, url=data.post.url, author=data.post.author)
    # The digest covers what the post says and who sent it, not where it is shown: the same post
    # forwarded twice (even through another url) records once; an edited text is another request.
    digest = request_digest({"text": data.text, "lang": data.lang})

    def read(state: CampaignState) -> UnitReading:
        # The reading depends on the text, the author, the language and the directory of names only, so the
        # directory is what the commander checks under the lock (its `basis`).
        directory = build_directory(state)
        parsed = grammar.parse_post(data.text, directory,
                                    ParseContext(author=actor.participant_id, lang=lang, id_prefix=data.post.id))
        lines = tuple(UnitLine(c.line, c.source, c.command) for c in parsed.commands)
        refusal = _line_problem(parsed.errors[0], lang, list(parsed.errors)) if parsed.errors else None
        return UnitReading(lines, directory, refusal or _plain_text_refusal(lines))

    def names(state: CampaignState) -> Directory:
        return build_directory(state)

    def replan(state: CampaignState) -> list[UnitLine] | None:
        # A retried post read again for the lines it skipped: one that no longer reads is still answered.
        reading = read(state)
        return list(reading.lines) if reading.refusal is None else None

    if not extracted:
        # No verb tells the post's language: the one the request asked for does (docs/api.md).
        lang = data.lang or asked
        head = await services.store.head(campaign_id)
        raise ApiError(422, "no-commands", message("edge.post.no_commands"), language=lang, version=head.version,
                       head_hash=head.head_hash)
    try:
        outcome = await services.commander.execute_unit(campaign_id, actor, post_ref, digest, read, names, replan)
    except UnitTooLarge as large:
        raise too_large(lang, "events", large.events, large.limit,
                        message("edge.post_too_large.events", events=large.events, max=large.limit)) from large
    except AttemptKept as kept:
        raise _kept(kept, lang, grammar, data.post.id) from kept
    except LineRefused as refused:
        raise _refused(refused, lang, grammar) from refused
    except PostEdited as edited:
        raise ApiError(409, "idempotency-conflict", message("edge.post.edited", post=repr(data.post.id)), language=lang,
                       idempotency_key=data.post.id) from edited
    state = outcome.after
    assert state is not None
    participant = state.participants.get(actor.participant_id)
    # The reply names who sent the post (the token's participant), as every reader is shown a participant (an
    # unnamed GM is "DJ" to a Spanish reader); `post.author` is only what the client says.
    author = participant_name(participant.name, participant.role, lang) if participant is not None \
        else actor.participant_id
    links = await links_for(services.store, services.settings, campaign_id, base)
    answer = _answer(outcome, sources, lang, links, campaign_id, post_ref, author)
    # A GM's sealed roll: its faces go to that line's result (never to the reply to paste, nor any event).
    shown = await services.commander.secret_told(
        campaign_id, [(s.seq, e) for done in outcome.commands for s, e in zip(done.stored, done.events, strict=True)],
        links)
    for told in answer.results:
        mine = [roll for roll in shown.get("secret_rolls", []) if roll["seq"] in told.result.get("seqs", [])]
        if mine:
            told.result["secret_rolls"] = mine
    return answer

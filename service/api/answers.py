"""The answers each endpoint really gives, for the OpenAPI schema: successes and problem documents, with examples.

Every error leaves as an RFC 9457 problem document (service/api/problems.py, docs/errors.md); these are the
ones each kind of endpoint can answer, each with an example of its real wording. The command endpoint's
request body also gets one named example per command and a discriminator on `type`, so Swagger UI offers a
list of commands to pick from instead of one anonymous object after another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Discriminator, Example, Operation, RequestBody, Schema

from service.api.examples import example_of, tag_of

PROBLEM_MEDIA = "application/problem+json"
CAMPAIGN = "2adaa6eb-3c1e-4f6a-9d55-0c7a3b1e9f10"
COMMANDS_PATH = f"/campaigns/{CAMPAIGN}/commands"
Responses = dict[int, ResponseSpec]


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """An RFC 9457 problem document: `detail` is for a person and says what to do; `type` and the extra members
    are for programs (docs/errors.md)."""

    type: str
    title: str
    status: int
    detail: str
    instance: str
    rule: str | None = None
    """422 rule-violation: the rule's stable name."""
    errors: list[dict[str, Any]] | None = None
    """400 invalid-request: each field's complaint, as {message, key, source}."""
    expected_version: int | None = None
    """409 version-conflict: the version the client expected."""
    current_version: int | None = None
    """409 version-conflict: the campaign's version now."""
    expected_encounter_version: int | None = None
    """409 version-conflict of undo_turn: the encounter version the client expected."""
    current_encounter_version: int | None = None
    """409 version-conflict of undo_turn: the encounter's version now."""
    idempotency_key: str | None = None
    """409 idempotency-conflict: the key that was used for another command."""
    line: int | None = None
    """POST /posts, 422: the post's line that was not run (nothing of the post was recorded)."""
    source: str | None = None
    """POST /posts, 422: that line's text."""
    kind: str | None = None
    """POST /posts, 422 line-refused: what refused it (rule-violation, forbidden, not-found)."""
    reason: str | None = None
    """POST /posts, 422 line-refused: the refusal's own words."""
    code: str | None = None
    """POST /posts, 422 unreadable-line: what the language could not read (unknown_command, …)."""
    word: str | None = None
    """POST /posts, 422 unreadable-line: the word it could not read."""
    suggestions: list[str] | None = None
    """POST /posts, 422 unreadable-line: the nearest valid words."""
    lang: str | None = None
    """POST /posts, 422: the language of `detail` (en, es)."""
    version: int | None = None
    """POST /posts, 422 no-commands: the campaign's head, unchanged."""
    head_hash: str | None = None
    """POST /posts, 422 no-commands: the head's hash."""


def _problem(status: int, title: str, slug: str, detail: str, instance: str, **extra: Any) -> Example:
    value = {"type": f"urn:lexmechanic:problem:{slug}", "title": title, "status": status, "detail": detail,
             "instance": instance, **extra}
    return Example(id=slug, summary=detail, value=value)


def problems(status: int, description: str, *examples: Example) -> ResponseSpec:
    return ResponseSpec(data_container=Problem, description=description, media_type=PROBLEM_MEDIA,
                        examples=list(examples), generate_examples=False)


def _invalid(instance: str, message: str, key: str) -> Example:
    return _problem(400, "Bad request", "invalid-request", f"the request is not valid: {message}", instance,
                    errors=[{"message": message, "key": key, "source": "body"}])


def _unauthenticated(instance: str) -> Example:
    return _problem(401, "Not authenticated", "unauthenticated",
                    "this token does not open this campaign: it was revoked or replaced by the GM, or it belongs to "
                    "another campaign", instance)


def _no_campaign(instance: str) -> Example:
    return _problem(404, "Not found", "campaign-not-found", f"there is no campaign '{CAMPAIGN}'", instance)


def _unavailable(instance: str) -> ResponseSpec:
    return problems(503, "The database cannot be reached right now: retry after the Retry-After seconds.", _problem(
        503, "Service unavailable", "service-unavailable",
        "the campaign log's database cannot be reached right now; retry in 5 seconds", instance))


def reading(path: str = "/state") -> Responses:
    """What a read of a campaign (GET /campaigns/{id}`path`) answers besides its 200."""
    path = f"/campaigns/{CAMPAIGN}{path}"
    return {
        400: problems(400, "A query parameter is not valid.", _problem(
            400, "Bad request", "invalid-request", "give at most one of at_seq, at_post and at_turn", path)),
        401: problems(401, "No token (nor share key), or one of another campaign.", _unauthenticated(path)),
        404: problems(404, "No such campaign, or nothing at that point of history.", _no_campaign(path), _problem(
            404, "Not found", "not-found", "the campaign has 12 events; at_seq must be between 1 and 12", path)),
        503: _unavailable(path),
    }


def creating() -> Responses:
    """What POST /campaigns answers besides its 201."""
    path = "/campaigns"
    return {
        400: problems(400, "The body is not valid: a missing name, an unknown ruleset.",
                      _invalid(path, "Expected `str` of length >= 1", "$.name")),
        401: problems(401, "The instance has an admin token (LEXMECHANIC_ADMIN_TOKEN) and it was not sent.",
                      _problem(401, "Not authenticated", "unauthenticated",
                               "creating a campaign needs the instance admin token (LEXMECHANIC_ADMIN_TOKEN)", path)),
        422: problems(422, "Unknown or ill-typed options for the ruleset.", _problem(
            422, "Rule violation", "rule-violation", "unknown option(s) colour for deathwatch; known: charge_bonus, …",
            path, rule="campaign_options")),
        503: _unavailable(path),
    }


def gm_writing(path: str, action: str, conflicts: bool = False, quota: tuple[str, str] | None = None) -> Responses:
    """What a GM-only write under /campaigns/{id}`path` answers besides its success (`quota`: its rule, detail)."""
    path = f"/campaigns/{CAMPAIGN}{path}"
    found: Responses = {
        400: problems(400, "The body is not valid.", _invalid(path, "Object contains unknown field `bogus`", "data")),
        401: problems(401, "No token, or a token of another campaign.", _unauthenticated(path)),
        403: problems(403, "Only the GM may do this.", _problem(403, "Not allowed", "forbidden", action, path)),
        404: problems(404, "No such campaign (or link).", _no_campaign(path)),
        503: _unavailable(path),
    }
    if quota is not None:
        found[422] = problems(422, "A quota of the campaign is full.", _problem(
            422, "Rule violation", "rule-violation", quota[1], path, rule=quota[0]))
    if conflicts:
        found[409] = problems(409, "The idempotency key was used for another request.", _problem(
            409, "Conflict", "idempotency-conflict", "idempotency key 'invite-ana' was already used for a different "
            "command; use a new key (post id) for a new command", path, idempotency_key="invite-ana"))
    return found


def admin_reading(path: str) -> Responses:
    """What an instance-wide read answers besides its 200."""
    return {
        400: problems(400, "A query parameter is not valid.", _problem(
            400, "Bad request", "invalid-request",
            "after must be a cursor '<transaction id>.<global position>' as given in 'next', not 'x'", path)),
        401: problems(401, "The instance has an admin token and it was not sent.", _problem(
            401, "Not authenticated", "unauthenticated",
            "reading the global feed needs the instance admin token (LEXMECHANIC_ADMIN_TOKEN)", path)),
        403: problems(403, "The instance has no admin token (LEXMECHANIC_ADMIN_TOKEN unset): the feed is closed to "
                      "everyone.", _problem(
            403, "Not allowed", "forbidden",
            "reading the global feed is not allowed on this instance: it needs the instance admin token, and none "
            "is set. Start the service with LEXMECHANIC_ADMIN_TOKEN=<a long random secret> and send "
            "'Authorization: Bearer <it>'", path)),
        503: _unavailable(path),
    }


class Health(msgspec.Struct, frozen=True):
    """GET /health: `ok`, or why the database cannot be reached."""

    status: str
    database: str


def health() -> Responses:
    return {
        200: ResponseSpec(data_container=Health, generate_examples=False, description="The service and its "
                          "database answer.", examples=[Example(id="ok", value={"status": "ok", "database": "ok"})]),
        503: ResponseSpec(data_container=Health, generate_examples=False, description="The database cannot be "
                          "reached.", examples=[Example(id="unavailable", value={
                              "status": "unavailable", "database": "connection refused"})]),
    }


# Every proof permalink points at the roll's proof page (docs/api.md, "Share links and permalinks").
PROOF = f"/ui/campaigns/{CAMPAIGN}/rolls/12"
_RENDERED = {"en": f"Roll 2d10+3 (bolter damage): [7, 6] + 3 = 16\nproof: {PROOF}",
             "es": f"Tirada 2d10+3 (bolter damage): [7, 6] + 3 = 16\ncomprobación: {PROOF}"}
# The same line as the reply writes it: what a bot quotes into a post (docs/api.md).
_RENDERED_MARKDOWN = {"en": f"Roll 2d10+3 (bolter damage): \\[7, 6\\] + 3 = 16 · [proof #12]({PROOF})",
                      "es": f"Tirada 2d10+3 (bolter damage): \\[7, 6\\] + 3 = 16 · [comprobación #12]({PROOF})"}
_RENDERED_BBCODE = {"en": f"Roll 2d10+3 (bolter damage): [7, 6] + 3 = 16 · [url={PROOF}]proof #12[/url]",
                    "es": f"Tirada 2d10+3 (bolter damage): [7, 6] + 3 = 16 · [url={PROOF}]comprobación #12[/url]"}
_ROLLED = {
    "version": 12,
    "events": [{
        "campaign_id": CAMPAIGN, "seq": 12, "global_position": 4711, "type": "dice_rolled", "schema_version": 2,
        "data": {"expression": "2d10+3", "reason": "bolter damage", "character_id": None, "total": 16,
                 "terms": [{"sign": 1, "count": 2, "sides": 10, "constant": 0},
                           {"sign": 1, "count": 0, "sides": 0, "constant": 3}],
                 "dice": [{"k": 0, "sides": 10, "value": 7}, {"k": 1, "sides": 10, "value": 6}]},
        "meta": {"actor": "p-ana", "role": "player", "post": {"id": "1042", "url": None, "author": "Ana"},
                 "command_id": "5b0c3f5e-41c6-4c3c-9f43-2f0a9d1b7c11", "command_type": "roll",
                 "request_digest": "e0e7adeb368b6f43f952be3f8d34758e00111e6c16472842be9e09a4f90f6839", "session": 1,
                 "dice": {"epoch": 2, "nonce": 12, "entropy": "00" * 32}},
        "idempotency_key": "1042", "recorded_at": "2026-03-14T20:15:09.102934Z",
        "prev_hash": "8d57f853ec426b822fc304e39b7a1b9ab6b35595345c10e458eda489c18f2a4c",
        "hash": "7d3dcbe912cd8d99ad78cde37100016c415af9afb0390fdd039818865f6a0f80",
    }],
    "head_hash": "7d3dcbe912cd8d99ad78cde37100016c415af9afb0390fdd039818865f6a0f80",
    "result": {"expression": "2d10+3", "total": 16, "roll": "2d10+3: [7, 6] + 3 = 16",
               "rendered": _RENDERED, "rendered_markdown": _RENDERED_MARKDOWN, "rendered_bbcode": _RENDERED_BBCODE,
               "changed": [], "rolls": [{"seq": 12, "proof": PROOF}]},
    "proof": PROOF,
    "replayed": False,
}


def commanding(outcome: type[msgspec.Struct]) -> Responses:
    """What POST /campaigns/{id}/commands answers: 201, 200 for a replay, and every refusal."""
    path = COMMANDS_PATH
    rolled = msgspec.to_builtins(msgspec.convert(_ROLLED, outcome))  # the answer's own type fills its defaults
    return {
        201: ResponseSpec(data_container=outcome, generate_examples=False, examples=[
            Example(id="rolled", summary="a roll, recorded", value=rolled)],
            description="Recorded: the campaign's head after the command (`version`, `head_hash`: a witness "
                        "`verify --expect` checks), the events written, their result and, for a roll, its proof."),
        200: ResponseSpec(data_container=outcome, generate_examples=False, examples=[
            Example(id="replayed", summary="the same post sent again", value={**rolled, "replayed": True})],
            description="A retried command (same idempotency key or post.id, same body): the original answer, "
                        "`replayed: true`; nothing new is written."),
        400: problems(400, "The body is not a command: an unknown `type` or field, a missing or ill-typed one.",
                      _invalid(path, "Object contains unknown field `bogus`", "data")),
        401: problems(401, "No token, or a token of another campaign.", _unauthenticated(path)),
        403: problems(403, "The token's role may not send this command.", _problem(
            403, "Not allowed", "forbidden",
            "observers may read missions, encounters and the whole campaign but not send commands (roll)", path)),
        404: problems(404, "No such campaign, or the command names a character or event it does not have.",
                      _no_campaign(path),
                      _problem(404, "Not found", "not-found", "no encounter 'hive-gate' in this campaign", path)),
        409: problems(409, "The campaign moved on since `expected_version`, or the idempotency key was used for "
                           "another command.",
                      _problem(409, "Conflict", "version-conflict",
                               "the campaign is at version 12, not 11: reload it and decide again",
                               path, expected_version=11, current_version=12),
                      _problem(409, "Conflict", "idempotency-conflict",
                               "idempotency key '1042' was already used for a different command; use a new key "
                               "(post id) for a new command", path, idempotency_key="1042")),
        422: problems(422, "Well formed, but the rules refuse it now; `rule` names the rule (docs/errors.md).",
                      _problem(422, "Rule violation", "rule-violation", "session 1 is still open; end it first",
                               path, rule="one_session_at_a_time")),
        503: _unavailable(path),
    }


@dataclass
class CommandOperation(Operation):
    """POST /commands in the schema: one named example per command, and the union told apart by `type`."""

    def __post_init__(self) -> None:
        from service.api.schemas import ACCEPTED_COMMANDS

        body = self.request_body
        media = body.content.get("application/json") if isinstance(body, RequestBody) else None
        if media is None or not isinstance(media.schema, Schema):
            return
        tags = [tag_of(kind) for kind in ACCEPTED_COMMANDS]
        media.schema.discriminator = Discriminator(
            property_name="type", mapping={tag: f"#/components/schemas/{tag}" for tag in tags}
        )
        media.examples = {
            tag_of(kind): Example(summary=_summary(kind), value=example_of(kind)) for kind in ACCEPTED_COMMANDS
        }


def _summary(kind: type[msgspec.Struct]) -> str:
    """`tag: the docstring's first line`, short enough for a drop-down list."""
    line = (kind.__doc__ or "").strip().split("\n")[0].rstrip(".")
    text = f"{tag_of(kind)}: {line}" if line else tag_of(kind)
    return text if len(text) <= 90 else text[:89] + "…"


POSTS_PATH = f"/campaigns/{CAMPAIGN}/posts"
_REPLY = {
    "markdown": f"**Ana** · post 1042\n\n- Roll 2d10+3 (bolter damage): \\[7, 6\\] + 3 = 16 · "
                f"[proof #12]({PROOF})\n\n*chain head: v12 {_ROLLED['head_hash']}*\n",
    "bbcode": f"[b]Ana[/b] · post 1042\n\n[list]\n[*]Roll 2d10+3 (bolter damage): [7, 6] + 3 = 16 · "
              f"[url={PROOF}]proof #12[/url]\n[/list]\n\n[size=85][color=gray]chain head: v12 "
              f"{_ROLLED['head_hash']}[/color][/size]\n",
}
_POSTED = {
    "version": 12, "head_hash": _ROLLED["head_hash"], "replayed": False, "lang": "en",
    "results": [{
        "line": 1, "source": "roll 2d10+3 bolter damage", "type": "roll",
        "result": {"expression": "2d10+3", "total": 16, "roll": "2d10+3: [7, 6] + 3 = 16", "changed": [],
                   "rolls": [{"seq": 12, "proof": PROOF}], "seqs": [12]},
        "rendered": _RENDERED, "rendered_markdown": _RENDERED_MARKDOWN, "rendered_bbcode": _RENDERED_BBCODE,
    }],
    "reply": _REPLY,
    "events": _ROLLED["events"],
}


def posting(answer: type[msgspec.Struct]) -> Responses:
    """What POST /campaigns/{id}/posts answers: 201, 200 for the same post again, and every refusal."""
    path = POSTS_PATH
    posted = msgspec.to_builtins(msgspec.convert(_POSTED, answer))  # the answer's own type checks the example
    nothing = "nothing of the post was recorded"
    return {
        201: ResponseSpec(data_container=answer, generate_examples=False, examples=[
            Example(id="posted", summary="a post of one line, recorded", value=posted)],
            description="Every line recorded, in order, in one transaction: the head after them, each line's "
                        "result and how it is told, and the reply to paste (BBCode and Markdown)."),
        200: ResponseSpec(data_container=answer, generate_examples=False, examples=[
            Example(id="replayed", summary="the same post forwarded again", value={**posted, "replayed": True})],
            description="The same post again (same post.id, same text): what it recorded, `replayed: true`; "
                        "nothing new is written."),
        400: problems(400, "The body is not a post: no post.id, no text, an unknown field.",
                      _invalid(path, "Object missing required field `id`", "$.post")),
        401: problems(401, "No token, or a token of another campaign.", _unauthenticated(path)),
        404: problems(404, "No such campaign.", _no_campaign(path)),
        409: problems(409, "The post id was recorded with other text: an edited post is not run again.", _problem(
            409, "Conflict", "idempotency-conflict", "post '1042' was already recorded with other text: an edited "
            "post is not run again. Write the correction as a new post (undo, retract or a GM ruling)", path,
            idempotency_key="1042")),
        422: problems(422, "A line could not be read, or the rules (or the author's role) refused it: `line` says "
                           f"which, and {nothing}; or the post has no command lines.",
                      _problem(422, "Rule violation", "unreadable-line", "line 1 was not run: `atack` is not a "
                               f"command; did you mean `attack`?; {nothing}", path, line=1, source="atack kai",
                               code="unknown_command", word="atack", suggestions=["attack"], lang="en"),
                      _problem(422, "Rule violation", "line-refused", "line 2 was not run: Brother Vael already used "
                               f"this round's reaction on `dodge` (`dodge`); {nothing}", path, line=2, source="dodge",
                               kind="rule-violation", lang="en", rule="reaction_used",
                               reason="Brother Vael already used this round's reaction on `dodge`"),
                      _problem(422, "Rule violation", "no-commands", "the post has no command lines: write each "
                               "command on a line that starts with `!` or inside [lx]…[/lx]", path, version=12,
                               head_hash=_ROLLED["head_hash"])),
        503: _unavailable(path),
    }

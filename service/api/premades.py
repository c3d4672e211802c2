"""`GET /rulesets/{ruleset}/premades` and `GET /rulesets/{ruleset}/premades/{id}`: the shipped premade sheets.

Public (no token: the sheets are the service's, not a campaign's), answered from memory, in the request's
language (`?lang=`, Accept-Language): names, summaries and source notes come from the catalog (premades.po).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get
from litestar.openapi.datastructures import ResponseSpec
from litestar.openapi.spec import Example
from litestar.params import FromPath, QueryParameter

from domain.catalog import text
from domain.errors import UnknownEntity
from domain.events import JsonObject
from domain.message import Lang, message
from domain.premades import Premade, PremadeKind, find, for_ruleset, local_id
from domain.rulesets import ENGINES
from service.api.answers import problems
from service.api.negotiation import language


class PremadeSource(msgspec.Struct, frozen=True, kw_only=True):
    seed: int
    section: str
    lines: str
    note: str


class PremadeRead(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One premade: `id` names it in any language; `ids` as each language's reader types it."""

    id: str
    ids: dict[str, str]
    name: str
    kind: PremadeKind
    rulesets: list[str]
    summary: str
    source: PremadeSource
    comrade: bool
    sheet: JsonObject | None = None  # only with ?full=true and on one premade's read (omitted, not null)


class PremadeList(msgspec.Struct, frozen=True, kw_only=True):
    ruleset: str
    lang: str
    premades: list[PremadeRead]


def _read(premade: Premade, lang: Lang, full: bool) -> PremadeRead:
    def said(part: str) -> str:
        return text(message(f"premade.{premade.id}.{part}"), lang)

    return PremadeRead(
        id=premade.id, ids={"en": local_id(premade, "en"), "es": local_id(premade, "es")}, name=said("name"),
        kind=premade.kind, rulesets=list(premade.rulesets), summary=said("summary"),
        source=PremadeSource(seed=premade.source.seed, section=premade.source.section, lines=premade.source.lines,
                             note=said("source")),
        comrade=premade.comrade, sheet=premade.sheet if full else None,
    )


def _known_ruleset(ruleset: str) -> str:
    if ruleset not in ENGINES:
        raise UnknownEntity(case="ruleset", ruleset=ruleset[:64], known=", ".join(ENGINES))
    return ruleset


def _answer(body: msgspec.Struct, lang: Lang) -> Response[bytes]:
    return Response(msgspec.json.encode(body), media_type="application/json",
                    headers={"Content-Language": lang, "Vary": "Accept-Language"})


def _problem(path: str, detail: str) -> Example:
    value = {"type": "urn:lexmechanic:problem:not-found", "title": "Not found", "status": 404, "detail": detail,
             "instance": path}
    return Example(id="not-found", summary=detail, value=value)


def _answers(path: str) -> dict[int, ResponseSpec]:
    # Answered from memory: no database, so no 503; a bad `full` is the usual invalid-request.
    bad = Example(id="invalid-request", summary="the request is not valid", value={
        "type": "urn:lexmechanic:problem:invalid-request", "title": "Bad request", "status": 400,
        "detail": "the request is not valid: Expected `bool`", "instance": path,
        "errors": [{"message": "Expected `bool`", "key": "full", "source": "query"}]})
    return {
        400: problems(400, "A query parameter is not valid.", bad),
        404: problems(404, "No such ruleset, or no such premade in it (the ids that exist are named).", _problem(
            path, "no premade `tactica`: tactical, assault, devastator, librarian, apothecary, techmarine, "
                  "cultist_horde, cult_champion")),
    }


@get("/rulesets/{ruleset:str}/premades", summary="The premade sheets of a ruleset, ready for create_character",
     responses=_answers("/rulesets/deathwatch/premades"), media_type="application/json")
async def list_premades(
    request: Request[Any, Any, Any], ruleset: FromPath[str],
    full: Annotated[bool, QueryParameter(description="include each premade's whole sheet")] = False,
) -> Response[bytes]:
    """Every premade of the ruleset: id, names in the request's language, kind, summary, source in the seeds;
    with `full=true`, each one's sheet as create_character takes it."""
    lang, _ = language(request)
    premades = [_read(premade, lang, full) for premade in for_ruleset(_known_ruleset(ruleset))]
    return _answer(PremadeList(ruleset=ruleset, lang=lang, premades=premades), lang)


@get("/rulesets/{ruleset:str}/premades/{premade_id:str}", summary="One premade sheet, whole",
     responses=_answers("/rulesets/deathwatch/premades/tactica"), media_type="application/json")
async def read_premade(
    request: Request[Any, Any, Any], ruleset: FromPath[str], premade_id: FromPath[str],
) -> Response[bytes]:
    """One premade, its sheet included; named by its English or Spanish id."""
    lang, _ = language(request)
    return _answer(_read(find(_known_ruleset(ruleset), premade_id[:64]), lang, True), lang)

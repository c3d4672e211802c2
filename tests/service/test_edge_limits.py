"""What the edge refuses before authentication, and how little that costs (docs/api.md, "Limits"; issue 18).

Each test performs the attack as a client would: no token, a body or a header as large as the old limits let
through. Timing bounds are generous (a loaded 2-core machine); the unguarded edge took 6-7 s for the 10 MB body
and 3.7 s for the 8 MB header.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import httpx
import msgspec

from service.api import limits
from service.api.posts import PostBody
from service.api.schemas import ACCEPTED_COMMANDS, CreateCampaignBody, InviteBody
from service.api.sharing import ShareLinkBody
from tests.service.test_contract_from_docs import problem_of

from .conftest import Campaign

TEN_MB = 10_000_000
FAST = 2.0  # seconds; what the guarded edge takes is a few milliseconds


async def _timed_post(client: Any, path: str, body: bytes, **headers: str) -> tuple[httpx.Response, float]:
    started = time.perf_counter()
    response = await client.post(path, content=body, headers={"Content-Type": "application/json", **headers})
    return response, time.perf_counter() - started


async def test_ten_megabytes_of_brackets_before_authentication_are_a_fast_413(campaign: Campaign) -> None:
    for path in (f"/campaigns/{campaign.id}/commands", f"/campaigns/{campaign.id}/posts", "/campaigns",
                 f"/campaigns/{campaign.id}/participants", f"/campaigns/{campaign.id}/share-links"):
        response, took = await _timed_post(campaign.client, path, b"[" * TEN_MB)
        problem = problem_of(response, 413, "too-large")
        assert took < FAST, (path, took)
        assert "bytes" in problem["detail"], problem


async def test_a_413_names_the_routes_own_limit_in_the_readers_language(campaign: Campaign) -> None:
    path = f"/campaigns/{campaign.id}/participants"
    english, _ = await _timed_post(campaign.client, path, b" " * 100_000)
    spanish, _ = await _timed_post(campaign.client, path, b" " * 100_000, **{"Accept-Language": "es"})
    assert "4,096 bytes" in problem_of(english, 413, "too-large")["detail"]
    assert "4096 bytes" in problem_of(spanish, 413, "too-large")["detail"]
    assert spanish.headers["content-language"] == "es"


async def test_a_body_of_brackets_under_the_limit_is_refused_at_once(campaign: Campaign) -> None:
    """Six million `[` fit under the commands route's limit: they are counted in C, never walked one by one."""
    response, took = await _timed_post(campaign.client, f"/campaigns/{campaign.id}/commands", b"[" * 6_000_000)
    problem_of(response, 400, "bad-request")
    assert took < FAST, took


async def test_escaped_quotes_cannot_make_the_depth_check_quadratic(campaign: Campaign) -> None:
    """A string that never ends, full of escaped quotes, then brackets: each quote must not restart a scan."""
    body = b'"' + b'\\"' * 100_000 + b"[" * 40
    response, took = await _timed_post(campaign.client, f"/campaigns/{campaign.id}/commands", body)
    assert response.status_code == 400, response.text
    assert took < FAST, took


async def test_a_body_of_millions_of_values_is_refused_before_it_is_decoded(campaign: Campaign) -> None:
    """Two million `[]` in a list nest two levels, but decoding them (before authentication) took seconds."""
    body = b"[" + b"[]," * 2_000_000 + b"[]]"
    response, took = await _timed_post(campaign.client, f"/campaigns/{campaign.id}/commands", body)
    assert "more than 100,000 arrays, objects and items" in problem_of(response, 400, "bad-request")["detail"]
    assert took < FAST, took


async def test_a_small_body_nested_too_deep_is_still_a_400(campaign: Campaign) -> None:
    for nested in ("[" * 33 + "]" * 33, '{"a":' * 40 + "1" + "}" * 40):
        body = '{"type": "gm_note", "text": "x", "post": ' + nested + "}"
        response, _ = await _timed_post(campaign.client, f"/campaigns/{campaign.id}/commands", body.encode(),
                                        **campaign.auth())
        assert "deeper than 32 levels" in problem_of(response, 400, "bad-request")["detail"]
    at_the_limit = '{"type": "gm_note", "text": "x", "post": ' + '{"a":' * 30 + "1" + "}" * 30 + "}"
    response, _ = await _timed_post(campaign.client, f"/campaigns/{campaign.id}/commands", at_the_limit.encode(),
                                    **campaign.auth())
    assert "deeper" not in response.text  # 32 levels are read (and then refused for the unknown key)


async def test_the_largest_post_the_schema_holds_is_not_too_large(campaign: Campaign) -> None:
    """docs/api.md: a post of 20,000 characters, each escaped as `\\uXXXX`, with the longest id, url and author."""
    body = json.dumps({"post": {"id": "é" * 200, "url": "https://forum.example/" + "é" * 1978, "author": "é" * 200},
                       "text": "é" * 20_000, "lang": "en"}, ensure_ascii=True).encode()
    assert len(body) > 130_000
    response, _ = await _timed_post(campaign.client, f"/campaigns/{campaign.id}/posts", body, **campaign.auth())
    assert response.status_code != 413, response.text


async def test_an_eight_megabyte_accept_language_costs_nothing(campaign: Campaign) -> None:
    """Only a bounded prefix of the header is read: what follows it is ignored, and fast."""
    for header, expected in ((("xx;q=0.1," * 900_000), "en"), ("es;q=0.9," + "xx;q=0.1," * 900_000 + "en", "es")):
        started = time.perf_counter()
        response = await campaign.client.get(f"/campaigns/{campaign.id}/nowhere", headers={"Accept-Language": header})
        took = time.perf_counter() - started
        problem_of(response, 404, "not-found")
        assert response.headers["content-language"] == expected
        assert took < FAST, took


API_HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


def _has_security_headers(response: httpx.Response, csp_must_say: str) -> None:
    for name, value in API_HEADERS.items():
        assert response.headers.get(name) == value, (str(response.url), name, response.headers)
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and csp_must_say in policy, policy


async def test_the_json_api_and_its_errors_carry_the_security_headers(campaign: Campaign) -> None:
    client = campaign.client
    answers = [
        await client.get("/health"),
        await campaign.get("/state"),
        await client.get("/schema/openapi.json"),
        await client.get(f"/campaigns/{campaign.id}/nowhere"),  # 404, no route at all
        await client.post(f"/campaigns/{campaign.id}/commands", json={"type": "gm_note", "text": "x"}),  # 401
        (await _timed_post(client, f"/campaigns/{campaign.id}/participants", b" " * 10_000))[0],  # 413
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 401, 413]
    for answer in answers:
        _has_security_headers(answer, "default-src 'none'")


async def test_the_swagger_page_has_a_policy_that_loads_only_its_own_files(client: Any) -> None:
    page = await client.get("/schema/swagger")
    assert page.status_code == 200
    _has_security_headers(page, "script-src 'self'")
    policy = page.headers["content-security-policy"]
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "default-src 'none'" in policy


# --- The limits come from the schemas (service/api/limits.py) ----------------------------------------------------

ESCAPED = 6  # bytes of one character escaped as \uXXXX


def largest_json(kind: Any) -> float:
    """The most bytes of compact JSON a value of `kind` can take (unbounded collections: infinite)."""
    info = msgspec.inspect.type_info(kind) if not isinstance(kind, msgspec.inspect.Type) else kind
    match info:
        case msgspec.inspect.StrType(max_length=None) | msgspec.inspect.DictType(max_length=None):
            return math.inf
        case msgspec.inspect.StrType(max_length=length):
            return 2 + ESCAPED * length
        case msgspec.inspect.IntType():
            return 20  # -9223372036854775808
        case msgspec.inspect.FloatType():
            return 24
        case msgspec.inspect.BoolType() | msgspec.inspect.NoneType():
            return 5
        case msgspec.inspect.LiteralType(values=values):
            return max(len(json.dumps(value)) for value in values)
        case msgspec.inspect.UnionType(types=types):
            return max(largest_json(member) for member in types)
        case msgspec.inspect.VarTupleType(max_length=None) | msgspec.inspect.ListType(max_length=None):
            return math.inf
        case msgspec.inspect.VarTupleType(item_type=item, max_length=length) | msgspec.inspect.ListType(
                item_type=item, max_length=length):
            return 2 + length * (largest_json(item) + 1)
        case msgspec.inspect.StructType(fields=fields, tag_field=tag_field, tag=tag):
            tagged = len(json.dumps({tag_field: tag})) if tag_field else 2
            return tagged + sum(len(f.encode_name) + 4 + largest_json(f.type) for f in fields)
    raise AssertionError(f"no bound for {info}")


def test_each_routes_body_limit_holds_the_largest_body_its_schema_accepts() -> None:
    post = largest_json(PostBody)
    assert 130_000 < post <= limits.POST_BODY_BYTES < post * 1.05
    for small in (InviteBody, ShareLinkBody):
        assert largest_json(small) <= limits.SMALL_BODY_BYTES
    bounded = [largest_json(kind) for kind in ACCEPTED_COMMANDS]
    assert max(size for size in bounded if size != math.inf) <= limits.COMMAND_BODY_BYTES
    # The largest command a GM sends: a critical table of 2,000 rows (the most it holds), each with 500
    # characters of text (the most), escaped, and three effects.
    row = {"area": "head", "damage_type": "explosive", "total": 100, "text": "é" * 500,
           "effects": [{"key": "limb_useless", "amount": 100}] * 3}
    table = {"type": "d100_load_critical_table", "table": {"name": "é" * 200, "rows": [row] * 2000},
             "post": {"id": "é" * 200}}
    assert 6_000_000 < len(json.dumps(table, separators=(",", ":"))) <= limits.COMMAND_BODY_BYTES
    # What the schemas leave unbounded (a sheet's lists, a campaign's options) is bounded by the route's limit.
    assert largest_json(CreateCampaignBody) == math.inf

"""Nothing a client sends produces a 500: every command type, with plausible but random bodies.

Bodies are generated from the OpenAPI/JSON schema of the command union with a fixed seed, with ids
drawn from a small pool so that many commands meet real characters, attacks and encounters.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from service.api.limits import CAMPAIGN_BODY_BYTES
from service.api.schemas import CommandBody

(_TOP,), _COMPONENTS = msgspec.json.schema_components([CommandBody])
_BY_TAG = {tag: ref.split("/")[-1] for tag, ref in _TOP["discriminator"]["mapping"].items()}
# Integers no column can hold: past int64 both ways, past uint64, and far past.
HUGE = [2**63, -(2**63) - 1, 2**64, 10**30]
_WORDS = ["kai", "ork", "h1", "orks", "a1", "t1", "gate", "m", "o", "x", "head", "bolter", "WS", "BS"]


def body_for(schema: dict[str, Any], chooser: random.Random, depth: int = 0) -> Any:
    if "$ref" in schema:
        return body_for(_COMPONENTS[schema["$ref"].split("/")[-1]], chooser, depth + 1)
    if "anyOf" in schema:
        return body_for(chooser.choice(schema["anyOf"]), chooser, depth)
    if "enum" in schema:
        return chooser.choice(schema["enum"])
    kind = schema.get("type")
    if kind == "object":
        if depth > 5:
            return {}
        properties = schema.get("properties", {})
        required = set(schema.get("required", []))
        built = {k: body_for(v, chooser, depth + 1) for k, v in properties.items() if k in required or chooser.random() < 0.5}
        extra = schema.get("additionalProperties")
        if not properties and isinstance(extra, dict):
            built = {chooser.choice(_WORDS): body_for(extra, chooser, depth + 1)}
        return built
    if kind == "array":
        if "prefixItems" in schema:
            return [body_for(item, chooser, depth + 1) for item in schema["prefixItems"]]
        return [body_for(schema.get("items", {}), chooser, depth + 1) for _ in range(chooser.randint(0, 3))]
    return {
        "string": lambda: chooser.choice(_WORDS),
        "integer": lambda: chooser.choice([0, 1, 2, 5, 10, 50, 100, -1, 10**6, *HUGE]),
        "number": lambda: chooser.choice([0, 1.5, 10.0]),
        "boolean": lambda: chooser.random() < 0.5,
        "null": lambda: None,
    }.get(kind or "null", lambda: None)()


@pytest.mark.parametrize("ruleset", ["deathwatch", "only_war", "wrath_and_glory"])
async def test_random_commands_never_fail_the_server(new_campaign: Any, ruleset: str) -> None:
    campaign = await new_campaign(ruleset)
    chooser = random.Random(ruleset)
    failures: dict[str, Any] = {}
    statuses: set[int] = set()
    for _ in range(700):
        tag = chooser.choice(sorted(_BY_TAG))
        body = body_for(_COMPONENTS[_BY_TAG[tag]], chooser)
        body["type"] = tag
        body.pop("expected_version", None)  # a stale version would only ever answer 409
        response = await campaign.command(body)
        statuses.add(response.status_code)
        if response.status_code >= 500:
            failures.setdefault(tag, body)
    assert failures == {}
    assert {201, 404, 422} <= statuses  # the bodies reach the rules, not only the validator


NASTY_GETS = [
    "/events?after_seq=9223372036854775808",
    "/events?after_seq=99999999999999999999999",
    "/events?after_seq=-1",
    "/events?limit=100000000000000000000",
    "/rolls/9223372036854775808",
    "/rolls/99999999999999999999999999",
    "/rolls/0",
    "/rolls/-5",
    "/state?at_seq=9223372036854775808",
    "/state?at_seq=9223372036854775807",
    "/state?at_turn=a/99999999999999999999/1",
    "/state?at_turn=a/2147483648/2147483648",
    "/state?at_turn=a/-1/1",
    "/state?at_post=" + "x" * 500,
    "/characters/kai?at_seq=18446744073709551616",
    "/encounters/e1?at_seq=10000000000000000000000",
    "/missions/m?at_seq=9223372036854775808",
    "/transcript?from_seq=9223372036854775808",
    "/transcript?from_seq=1&to_seq=99999999999999999999",
    "/transcript?session=9223372036854775808",
    "/transcript?session=2147483648",
    "/transcript?encounter=" + "e" * 100,
]
NASTY_FEEDS = [
    "?after=18446744073709551616.1",
    "?after=1.9223372036854775808",
    "?after=99999999999999999999.99999999999999999999",
    "?after=18446744073709551615.9223372036854775807",
    "?after=-1.-1",
    "?after=1.2.3",
    "?after=" + "9" * 49,
    "?limit=0",
]


async def test_nasty_query_and_path_integers_are_client_errors(campaign: Any, admin_client: Any) -> None:
    await campaign.ok({"type": "roll", "expression": "d100", "reason": "x"})
    for path in NASTY_GETS:
        response = await campaign.get(path)
        assert response.status_code < 500, (path, response.text)
        assert response.status_code in (400, 404), (path, response.status_code)
        assert response.headers["content-type"].startswith("application/problem+json"), path
    for query in NASTY_FEEDS:
        response = await admin_client.get(f"/events{query}")
        assert response.status_code < 500 and response.status_code != 403, (query, response.text)
    valid = await admin_client.get("/events?after=18446744073709551615.9223372036854775807")
    assert valid.status_code == 200 and valid.json()["events"] == []


@pytest.mark.parametrize("huge", HUGE)
async def test_integers_beyond_64_bits_in_a_body_are_refused(campaign: Any, huge: int) -> None:
    for body in (
        {"type": "retract", "seqs": [huge], "reason": "x"},
        {"type": "reinstate", "seqs": [4, huge], "reason": "x"},
        {"type": "gm_note", "text": "x", "expected_version": huge},
        {"type": "create_character", "name": "Big", "stats": {"WS": huge}},
        {"type": "undo_turn", "encounter": "e1", "expected_encounter_version": huge},
    ):
        response = await campaign.command(body)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["type"] == "urn:lexmechanic:problem:invalid-request"
    assert (await campaign.command({"type": "retract", "seqs": [2**63 - 1], "reason": "x"})).status_code == 404


@pytest.mark.parametrize("depth", [33, 1000, 50_000])
async def test_deeply_nested_json_is_a_400(campaign: Any, depth: int) -> None:
    for nested in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        body = '{"type": "gm_note", "text": "x", "post": ' + nested + "}"
        response = await campaign.client.post(
            f"/campaigns/{campaign.id}/commands", content=body,
            headers={**campaign.auth(), "Content-Type": "application/json"},
        )
        assert response.status_code == 400, response.text
        assert "deeper than 32 levels" in response.json()["detail"]
    created = await campaign.client.post("/campaigns", content="[" * depth + "]" * depth,
                                         headers={"Content-Type": "application/json"})
    assert created.status_code == (400 if 2 * depth <= CAMPAIGN_BODY_BYTES else 413)  # over the route's limit


async def test_brackets_inside_strings_are_not_nesting(campaign: Any) -> None:
    text = "[[[{{{" * 40 + '\\" ]]]' + "{" * 40
    answer = await campaign.ok({"type": "gm_note", "text": text})
    assert answer["events"][0]["data"]["text"] == text

"""Nothing a client sends produces a 500: every command type, with plausible but random bodies.

Bodies are generated from the OpenAPI/JSON schema of the command union with a fixed seed, with ids
drawn from a small pool so that many commands meet real characters, attacks and encounters.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from service.api.schemas import CommandBody

(_TOP,), _COMPONENTS = msgspec.json.schema_components([CommandBody])
_BY_TAG = {tag: ref.split("/")[-1] for tag, ref in _TOP["discriminator"]["mapping"].items()}
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
        "integer": lambda: chooser.choice([0, 1, 2, 5, 10, 50, 100, -1, 10**6]),
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

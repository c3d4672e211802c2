"""The unions, the registry and the OpenAPI schema agree, for every ruleset.

Each engine's command and event unions are the only lists: its tuples, the codec and the fold read them
through the registry, no event or command class escapes them (the drift that once left d100_sheet_edited
outside the d100 union), and the schema of POST /campaigns/{id}/commands lists exactly what the
dispatch accepts.
"""

from __future__ import annotations

from typing import Any

import pytest

import domain.dispatch  # noqa: F401  (imports every module that defines commands)
from domain.campaign.commands import CAMPAIGN_COMMANDS, PARTICIPANT_COMMANDS
from domain.campaign.events import EVENTS as CAMPAIGN_EVENTS
from domain.commands import Command
from domain.d100.commands import D100Command
from domain.d100.events import D100Event
from domain.events import Event, all_event_classes, members
from domain.missions.commands import COMMANDS as MISSION_COMMANDS
from domain.missions.events import EVENTS as MISSION_EVENTS
from domain.rulesets import ENGINES, accepted_commands, engine_for, engines
from domain.wrath_and_glory.commands import WngCommand
from domain.wrath_and_glory.events import WngEvent
from service.api.schemas import ACCEPTED_COMMANDS
from service.codec import event_classes

UNIONS = {"d100": (D100Command, D100Event), "wrath_and_glory": (WngCommand, WngEvent)}


def _tag(cls: type) -> str:
    tag = cls.__struct_config__.tag  # type: ignore[attr-defined]
    assert isinstance(tag, str)
    return tag


def _all_command_classes() -> set[type[Command]]:
    found: set[type[Command]] = set()
    stack: list[type[Command]] = list(Command.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.__module__.startswith("domain."):
            found.add(cls)
    return found


@pytest.mark.parametrize("ruleset", sorted(ENGINES))
def test_each_rulesets_engine_lists_exactly_its_unions(ruleset: str) -> None:
    engine = engine_for(ruleset)
    assert engine.commands == members(engine.command_union, Command)
    assert engine.events == members(engine.event_union, Event)
    assert set(engine.internal_commands) <= set(engine.commands)
    assert not set(engine.aliases) & set(engine.commands)
    # One prefix per engine for every tag it owns (d100_, wng_), and none shared with another engine.
    tags = [_tag(c) for c in (*engine.commands, *engine.aliases, *engine.events)]
    assert len({t.split("_")[0] for t in tags}) == 1
    assert engine.name == engine.state_type.__struct_config__.tag
    assert engine.state_type is type(engine.initial_state(ruleset, {}))


def test_the_known_unions_are_the_engines() -> None:
    for engine in engines():
        if engine.name not in UNIONS:  # a ruleset added since: the test above covers it
            continue
        commands, events = UNIONS[engine.name]
        assert (engine.command_union, engine.event_union) == (commands, events)


def test_no_event_or_command_class_escapes_the_unions() -> None:
    events = set(CAMPAIGN_EVENTS) | set(MISSION_EVENTS) | {e for engine in engines() for e in engine.events}
    assert set(all_event_classes().values()) == events
    commands = (
        {*CAMPAIGN_COMMANDS, *PARTICIPANT_COMMANDS, *MISSION_COMMANDS}
        | {c for engine in engines() for c in (*engine.commands, *engine.aliases)}
    )
    from domain.campaign.decide import CreateCampaign  # noqa: F401  (not a Command: created by POST /campaigns)

    assert _all_command_classes() == commands


def test_the_codec_reads_every_event_of_every_union_and_nothing_else() -> None:
    tags = {_tag(e) for e in (*CAMPAIGN_EVENTS, *MISSION_EVENTS, *(e for en in engines() for e in en.events))}
    assert set(event_classes()) == tags


def test_the_http_body_accepts_what_the_dispatch_decides() -> None:
    internal = {c for engine in engines() for c in engine.internal_commands}
    assert set(ACCEPTED_COMMANDS) == ({*CAMPAIGN_COMMANDS, *MISSION_COMMANDS, *accepted_commands()})
    assert not internal & set(ACCEPTED_COMMANDS)
    assert len({_tag(c) for c in ACCEPTED_COMMANDS}) == len(ACCEPTED_COMMANDS)


async def test_the_openapi_schema_lists_every_accepted_command_of_every_ruleset(client: Any) -> None:
    schema = (await client.get("/schema/openapi.json")).json()
    body = schema["paths"]["/campaigns/{campaign_id}/commands"]["post"]["requestBody"]["content"]["application/json"]
    components = schema["components"]["schemas"]
    tags = {components[o["$ref"].split("/")[-1]]["properties"]["type"]["const"] for o in body["schema"]["oneOf"]}
    assert tags == {_tag(c) for c in ACCEPTED_COMMANDS}
    for engine in engines():
        own = {_tag(c) for c in (*engine.commands, *engine.aliases)} - {_tag(c) for c in engine.internal_commands}
        assert own <= tags
    create = schema["paths"]["/campaigns"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    ruleset = components[create["$ref"].split("/")[-1]]["properties"]["ruleset"]
    assert set(ruleset["enum"]) == set(ENGINES)

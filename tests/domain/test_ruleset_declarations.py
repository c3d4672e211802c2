"""Each engine declares its games, its command prefix and its older copied dice once; the rest derives from it."""

from __future__ import annotations

from typing import get_args

import pytest

from domain.campaign.events import CampaignCreated
from domain.d100 import D100Ruleset
from domain.d100.engine import RULESETS as D100_RULESETS
from domain.engine import Engine, EngineReads, EngineRules, EngineSurface
from domain.rulesets import ENGINES, command_prefixes, engines, legacy_die_copies, plays_oaths, ruleset_title
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state


def _tag(kind: type) -> str:
    tag = kind.__struct_config__.tag  # type: ignore[attr-defined]
    assert isinstance(tag, str)
    return tag


def test_registry_names_are_the_games_the_engines_declare() -> None:
    assert dict((name, engine.name) for name, engine in ENGINES.items()) == {
        "deathwatch": "d100", "dark_heresy": "d100", "only_war": "d100", "wrath_and_glory": "wrath_and_glory",
    }
    assert [ruleset_title(name) for name in ENGINES] == ["Deathwatch", "Dark Heresy", "Only War", "Wrath & Glory"]


def test_d100_rulesets_are_the_variants_its_options_know() -> None:
    assert [r.name for r in D100_RULESETS] == list(get_args(D100Ruleset))


def test_only_deathwatch_plays_the_squad_leader_and_oaths() -> None:
    assert [name for name in ENGINES if plays_oaths(name)] == ["deathwatch"]
    assert not plays_oaths("no_such_game")


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_every_command_and_event_tag_of_an_engine_starts_with_its_prefix(engine: Engine) -> None:
    tags = [_tag(kind) for kind in (*engine.commands, *engine.aliases, *engine.internal_commands, *engine.events)]
    assert tags and all(tag.startswith(engine.command_prefix + "_") for tag in tags)
    assert len(set(command_prefixes())) == len(engines())


def test_legacy_copies_name_events_of_their_engine() -> None:
    assert legacy_die_copies() == {("wng_dice_rerolled", 1): "rerolls[].before", ("wng_soak_rerolled", 1): "before"}
    for engine in engines():
        own = {_tag(kind) for kind in engine.events}
        assert {kind for kind, _ in engine.legacy_die_copies} <= own


@pytest.mark.parametrize(("ruleset", "oaths"), [("deathwatch", True), ("dark_heresy", False), ("only_war", False),
                                                ("wrath_and_glory", False)])
def test_a_campaigns_missions_play_oaths_as_its_ruleset_declares(ruleset: str, oaths: bool) -> None:
    created = CampaignCreated(campaign_id="c", name="C", ruleset=ruleset)
    state = campaign_state([Recorded(1, created, EventMeta())])
    assert (state.missions.ruleset, state.missions.oaths) == (ruleset, oaths)


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.name)
def test_every_engine_implements_the_three_parts_of_the_interface(engine: Engine) -> None:
    assert {EngineRules, EngineReads, EngineSurface} <= set(type(engine).__mro__)


def test_an_engine_without_pools_or_session_resets_takes_the_parts_defaults() -> None:
    d100 = ENGINES["deathwatch"]
    assert type(d100).pools is EngineReads.pools and type(d100).session_started is EngineRules.session_started
    state = d100.initial_state("deathwatch", {})
    assert d100.pools(state) == {} and d100.result([]) == {} and d100.internal_commands == ()

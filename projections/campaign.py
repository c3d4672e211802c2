"""The composite campaign fold: each event to the campaign's own fold, the missions' and its rules engine's.

Each family package in `domain/` owns its fold (`domain/campaign/evolve.py`, `domain/missions/evolve.py`,
`domain/<ruleset>/evolve.py`); this module hands an event to every fold that reads it. Dispatch is on the
exact event type through sets and dictionaries: `isinstance` against msgspec Struct classes costs far more,
and this fold runs once per event of a 100k-event campaign. Which events go to the rules engine's own fold
comes from the registry (domain.rulesets): its own events, and character_created.
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.campaign.events import CharacterCreated
from domain.campaign.evolve import evolve as evolve_campaign
from domain.campaign.evolve import in_its_turn
from domain.campaign.state import CampaignState
from domain.engine import EngineRules, RulesState
from domain.events import Event
from domain.missions.events import EVENTS as MISSION_EVENTS
from domain.missions.evolve import evolve as evolve_missions
from domain.recorded import Recorded
from domain.rulesets import engines

# For each engine's state type: the engine, and the event types its fold reads.
_ENGINES: dict[type[RulesState], tuple[EngineRules, frozenset[type[Event]]]] = {
    engine.state_type: (engine, frozenset((*engine.events, CharacterCreated))) for engine in engines()
}
_MISSION_TYPES = frozenset(MISSION_EVENTS)


def evolve(state: CampaignState, recorded: Recorded) -> CampaignState:
    """The state after one more live event; events no fold knows only move the version."""
    event = recorded.event
    kind = type(event)
    state = in_its_turn(state, recorded)
    rules = state.rules
    if rules is not None:
        engine, reads = _ENGINES[type(rules)]
        if kind in reads:
            state = replace(state, rules=engine.evolve(rules, event))
    if kind in _MISSION_TYPES:
        state = replace(state, missions=evolve_missions(state.missions, event))
    return evolve_campaign(state, recorded)

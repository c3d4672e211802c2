"""The GM does everything, a player only proposes objectives, an observer nothing; tags and wire shapes."""

from __future__ import annotations

import msgspec
import pytest

from domain.campaign.decide import CommandContext
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command
from domain.dice import Die, FixedDice
from domain.dispatch import decide as dispatch
from domain.errors import Forbidden
from domain.events import Event, all_event_classes, event_type
from domain.missions import COMMANDS, EVENTS, CharacterInfo, MissionCommand, MissionEvent, decide, initial_state
from domain.missions.commands import (
    AddObjective,
    AdvanceMission,
    ChangeObjective,
    ChooseLeader,
    CompleteObjective,
    CreateMission,
    FailObjective,
    GrantReward,
    ProposeObjective,
    RecordComplication,
    ReviewObjective,
    TakeOath,
)
from domain.missions.events import LeaderRoll, MissionCreated, MissionLeaderChosen
from domain.missions.evolve import evolve

CHARACTERS = {"kyros": CharacterInfo(id="kyros", name="Brother Kyros", owner="anna", speciality="tactical_marine")}
STATE = evolve(initial_state(), MissionCreated(mission_id="relay", briefing="b"))
GM_ONLY: list[Command] = [
    CreateMission(mission_id="hive", briefing="b"),
    AddObjective(mission_id="relay", objective_id="o", kind="primary", text="t"),
    ReviewObjective(mission_id="relay", objective_id="o", accept=True),
    ChangeObjective(mission_id="relay", objective_id="o", text="t"),
    CompleteObjective(mission_id="relay", objective_id="o", involved=("kyros",)),
    FailObjective(mission_id="relay", objective_id="o"),
    RecordComplication(mission_id="relay", text="t", cause="c"),
    ChooseLeader(mission_id="relay", method="agreement", character_id="kyros"),
    TakeOath(mission_id="relay", oath="glory"),
    AdvanceMission(mission_id="relay", to="execution"),
    GrantReward(mission_id="relay", character_id="kyros", xp=1),
]
PROPOSAL = ProposeObjective(mission_id="relay", objective_id="p", kind="secondary", text="t")


@pytest.mark.parametrize("command", GM_ONLY, ids=lambda c: type(c).__struct_config__.tag)
def test_players_may_not_send_gm_commands(command: Command) -> None:
    with pytest.raises(Forbidden, match="only the GM may send"):
        decide(STATE, command, FixedDice([]), Actor("anna", "player"), CHARACTERS)


@pytest.mark.parametrize("command", [*GM_ONLY, PROPOSAL], ids=lambda c: type(c).__struct_config__.tag)
def test_observers_may_send_nothing(command: Command) -> None:
    # The one gate for observers is the campaign's dispatch, before the missions rules are asked.
    campaign = CampaignState(missions=STATE)
    context = CommandContext(next_seq=1, fresh_id="x", fresh_commitment="00" * 32)
    with pytest.raises(Forbidden, match="observers may read missions"):
        dispatch(campaign, command, FixedDice([]), Actor("olga", "observer"), context)


def test_players_may_propose_objectives() -> None:
    events = decide(STATE, PROPOSAL, FixedDice([]), Actor("anna", "player"), CHARACTERS)
    assert len(events) == 1


def test_every_mission_command_is_listed_and_tagged_mission() -> None:
    tags = [type.__struct_config__.tag for type in COMMANDS]
    assert len(set(tags)) == len(COMMANDS) == 12
    assert all(isinstance(t, str) and t.startswith("mission_") for t in tags)


def test_every_mission_event_is_listed_tagged_mission_and_unique_campaign_wide() -> None:
    tags = [cls.__struct_config__.tag for cls in EVENTS]
    assert all(isinstance(t, str) and t.startswith("mission_") for t in tags)
    known = all_event_classes()
    assert all(known[str(t)] is cls for t, cls in zip(tags, EVENTS, strict=True))


def test_commands_decode_from_the_wire() -> None:
    body = b'{"type": "mission_choose_leader", "mission_id": "relay", "method": "roll", "candidates": ["a", "b"]}'
    command = msgspec.json.decode(body, type=MissionCommand)
    assert command == ChooseLeader(mission_id="relay", method="roll", candidates=("a", "b"))


def test_commands_refuse_unknown_fields_and_bad_slugs() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"type": "mission_create", "mission_id": "relay", "briefing": "b", "x": 1}',
                            type=MissionCommand)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"type": "mission_create", "mission_id": "Bad Id", "briefing": "b"}',
                            type=MissionCommand)


def test_events_round_trip_with_every_die() -> None:
    event: Event = MissionLeaderChosen(mission_id="relay", character_id="a", method="roll", rolls=(
        LeaderRoll(round=1, character_id="a", die=Die(0, 10, 9)), LeaderRoll(round=1, character_id="b", die=Die(1, 10, 2)),
    ))
    assert event_type(event) == "mission_leader_chosen"
    assert msgspec.json.decode(msgspec.json.encode(event), type=MissionEvent) == event

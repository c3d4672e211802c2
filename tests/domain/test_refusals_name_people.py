"""Names, never ids (issue 21 §6): no refusal of either engine shows a reader a participant's id.

Every example line of docs/commands.md is played in order by its author, and each is also sent by Lucía, a
player who owns nothing, on both engines; every refusal the rules give is told in English and in Spanish and
scanned for the participants' ids (`p-` and 8 hex digits, as the service mints them).
"""

from __future__ import annotations

import re

import msgspec
import pytest

from domain.campaign.decide import CommandContext
from domain.campaign.events import ParticipantJoined
from domain.catalog import LANGS, text
from domain.commands import Actor, Command
from domain.d100.commands import RegisterCharacter
from domain.dispatch import decide
from domain.errors import DomainError
from domain.grammars import grammar_for
from domain.wrath_and_glory.commands import AddCharacter
from projections.recorded import EventMeta
from tests.d100.encounter_fixtures import cultist, horde, marine
from tests.language import table
from tests.language.test_language_docs import _examples
from tests.support.campaign_table import GM, CampaignTable, SeededDice
from tests.wrath_and_glory.scenario import hero, ork_boss, ork_troop

ANA = Actor("p-92efb5c9", "player")
LUCIA = Actor("p-1234abcd", "player")
# The docs' table names participants by short ids; the campaign holds them under the service's ids.
IDS = {"ana": ANA.participant_id, "boris": "p-0b0b1515", "carla": "p-ca41a000"}
PARTICIPANT_ID = re.compile(r"p-[0-9a-f]{8}")


def _campaign(ruleset: str) -> CampaignTable:
    campaign = CampaignTable(ruleset)
    joined = [ParticipantJoined(participant_id=pid, name=name, role="player")
              for pid, name in ((ANA.participant_id, "Ana"), (LUCIA.participant_id, "Lucía"),
                                (IDS["boris"], "Boris"), (IDS["carla"], "Carla"))]
    campaign._append(joined, EventMeta(actor="gm", role="gm"))
    if ruleset == "deathwatch":
        for cid, owner, name, sheet in (("kai", ANA.participant_id, "Brother Kai", marine()),
                                        ("ister", IDS["boris"], "Brother Ister", marine()),
                                        ("cultists", "gm", "Cultist horde", horde()),
                                        ("magus", "gm", "Cult Magus", cultist())):
            campaign.run(RegisterCharacter(character_id=cid, owner=owner, name=name, sheet=sheet))
    else:
        for cid, owner, sheet in (("sigma", ANA.participant_id, hero("Sigma 19")),
                                  ("orks", None, ork_troop()), ("boss", None, ork_boss())):
            campaign.run(AddCharacter(character_id=cid, owner=owner, sheet=sheet))
    return campaign


def _with_ids(command: Command) -> Command:
    """The command as the service would have it: the docs' short participant ids as the campaign's."""
    raw = msgspec.to_builtins(command)
    for key, value in raw.items():
        if isinstance(value, str) and value in IDS:
            raw[key] = IDS[value]
    return msgspec.convert(raw, type(command))


def _refusals(ruleset: str, grammar_name: str) -> list[DomainError]:
    campaign = _campaign(ruleset)
    grammar, directory = grammar_for(ruleset), (table.D100 if grammar_name == "d100" else table.WNG)
    refused: list[DomainError] = []
    dice = SeededDice(21)
    for block_grammar, author, body in _examples():
        if block_grammar != grammar_name:
            continue
        context = table.ANA if author == "ana" else table.GM
        actor = ANA if author == "ana" else GM
        for line in grammar.parse_post(body, directory, context).commands:
            command = _with_ids(line.command)
            for who in (LUCIA, actor):
                try:
                    if who is LUCIA:  # decided only: Lucía's lines never change the table
                        decide(campaign.state, command, dice, who, CommandContext(
                            next_seq=len(campaign.records) + 1, fresh_id="p-ffffffff", fresh_commitment="11" * 32,
                            active_seed="22" * 32))
                    else:
                        campaign.run(command, dice, who)
                except DomainError as error:
                    refused.append(error)
    return refused


@pytest.mark.parametrize(("ruleset", "grammar_name"), [("deathwatch", "d100"), ("wrath_and_glory", "wng")])
def test_refusals_name_people_never_by_id(ruleset: str, grammar_name: str) -> None:
    refused = _refusals(ruleset, grammar_name)
    # The scan saw refusals of Lucía's, who owns nothing, and of the rules.
    assert len(refused) >= 20, len(refused)
    shown = [(text(error.said, lang) if error.said is not None else error.message, lang)
             for error in refused for lang in LANGS]
    leaking = [(said, lang) for said, lang in shown if PARTICIPANT_ID.search(said)]
    assert not leaking, leaking[:5]
    # And the people are named: Lucía is told it is her, by name, that may not act for Ana's character.
    assert any("Lucía" in said for said, _ in shown)

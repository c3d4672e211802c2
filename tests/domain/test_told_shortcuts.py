"""The told answer's shortcuts for its common case (issue 23) tell exactly what the general path tells: a free
roll said once for every language (`summarize_in`) is `summarize` in each language, for every form of its
sentence (with or without a character, with a reason, none, or the expression itself as the reason)."""

from __future__ import annotations

from domain.campaign.commands import InviteParticipant, Roll, StartSession
from domain.campaign.events import DiceRolled
from domain.d100.commands import RegisterCharacter
from domain.message import LANGS
from projections.rendering.names import namer
from projections.rendering.summaries import summarize, summarize_in
from tests.d100.encounter_fixtures import marine
from tests.support.campaign_table import CampaignTable


def test_a_free_roll_said_once_is_summarize_in_each_language() -> None:
    table = CampaignTable("deathwatch")
    table.run(StartSession())
    table.run(InviteParticipant(name="Anna", role="player"))
    anna = next(p for p in table.state.participants if p != "gm")
    table.run(RegisterCharacter(character_id="brother", owner=anna, name="Brother Kai", sheet=marine()))
    rolls = [Roll(expression="2d10+3", reason="damage"), Roll(expression="d100", reason=""),
             Roll(expression="d100", reason="d100"),
             Roll(expression="d10", reason="[b]x[/b] @here", character_id="brother"),
             Roll(expression="d10", reason="d10", character_id="brother")]
    told: list[list[str]] = []
    for roll in rolls:
        before, first = table.state, len(table.records)
        table.run(roll, [7, 6] if roll.expression.startswith("2") else [7])
        event = table.records[first].event
        assert type(event) is DiceRolled
        name = namer(table.state)
        for brief in (True, False):
            found = summarize_in(event, before, LANGS, name, brief=brief)
            assert found == [summarize(event, before, lang, name, brief=brief) for lang in LANGS]
        told.append(summarize_in(event, before, LANGS, name, brief=True))
    # From the catalog's sentences (campaign.po): the reason only when it says more than the expression.
    assert told[0] == ["Roll 2d10+3 (damage): [7, 6] + 3 = 16", "Tirada 2d10+3 (damage): [7, 6] + 3 = 16"]
    assert told[1][0] == told[2][0] == "Roll d100: [7] = 7"
    assert told[3][0] == "Brother Kai rolls d10 ([b]x[/b] @here): [7] = 7"
    assert told[4][0] == "Brother Kai rolls d10: [7] = 7"

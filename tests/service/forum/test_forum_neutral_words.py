"""Issue 21 item 7, the smaller wordings: a person is never "it" nor given a gender the words cannot know
("moribundo", "(jugador)"), and a Spanish reader is never shown the English default "Game Master"."""

from __future__ import annotations

import re
from typing import Any

import msgspec

from domain.campaign.state import CampaignState, Character
from domain.wrath_and_glory.events import DamageApplied
from projections.rendering.summaries import summarize
from service.client.boards import encounter_board

from .test_forum_spanish import _instances
from .thread import Thread


def _d100_turn_over() -> dict[str, object]:
    running = {"id": "hive", "round": 1, "turn": 1, "order": ["vael", "magus"], "participants": ["vael", "magus"],
               "turn_over": True}
    return {"version": 9, "characters": {"vael": {"name": "Brother Vael"}, "magus": {"name": "Cult Magus"}},
            "rules": {"engine": "d100", "encounter": running, "characters": {
                "vael": {"sheet": {"wounds": 18}, "damage": 0}, "magus": {"sheet": {"wounds": 12}, "damage": 0}}}}


def test_forum_neutral_words_a_finished_turn_is_nobody_s_its() -> None:
    english = encounter_board(_d100_turn_over(), {"encounter": "hive"}, "en").heading[0]
    spanish = encounter_board(_d100_turn_over(), {"encounter": "hive"}, "es").heading[0]
    assert english == "Encounter hive — round 1, turn 1 of 2: Brother Vael ends the turn"
    assert spanish == "Combate hive — asalto 1, turno 1 de 2: Brother Vael termina su turno"


def test_forum_neutral_words_a_dying_hero_is_agonizante() -> None:
    state = CampaignState(ruleset="wrath_and_glory",  # type: ignore[arg-type]
                          characters={"zed": Character("zed", "Elena", "p1", "pc", {}, 1)})
    made = _instances(DamageApplied)[0]
    dying = msgspec.structs.replace(made, character_id="zed", members_lost=0, troop_wounds_lost=0, dead=False,
                                    dying=True, unconscious=False, exhausted=False, dissolved=False)
    assert summarize(dying, state, "es").endswith(": agonizante")
    assert summarize(dying, state, "en").endswith(": dying")


async def test_forum_neutral_words_spanish_readers_see_dj_and_people_without_gender(client: Any) -> None:
    thread = await Thread.open(client, "Presagios", "deathwatch", ("Ana",))
    await thread.post("Ana", "!tirada d100 suerte", lang="es")
    spanish = (await thread.get("/transcript?format=markdown&lang=es")).text
    english = (await thread.get("/transcript?format=markdown&lang=en")).text
    assert "Game Master" not in spanish and "DJ se une como DJ" in spanish, spanish
    assert "Ana se une como persona jugadora" in spanish and not re.search(r"\bjugador\b", spanish), spanish
    assert "Game Master joins as GM" in english and "Ana joins as player" in english
    page = await client.get(f"/ui/campaigns/{thread.id}?lang=es",
                            headers={"Authorization": f"Bearer {thread.tokens['Ana']}"})
    assert "has entrado como Ana (persona jugadora)" in page.text
    gm_page = await client.get(f"/ui/campaigns/{thread.id}?lang=es",
                               headers={"Authorization": f"Bearer {thread.tokens['GM']}"})
    assert "Game Master" not in gm_page.text and "has entrado como" not in gm_page.text

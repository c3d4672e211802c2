"""Every event type has words in both languages, and an event a reply leaves out reads as a sentence on a page."""

from __future__ import annotations

import domain.missions  # noqa: F401  (registers the mission events)
import domain.rulesets  # noqa: F401  (registers every engine's events)
from domain.campaign.state import CampaignState, Character
from domain.d100.events import ActionUsed
from domain.events import all_event_classes
from projections.rendering.summaries import summarize
from projections.rendering.vocabulary import ALL_TITLES as TITLES


def test_every_event_type_has_an_english_and_a_spanish_title() -> None:
    missing = sorted(set(all_event_classes()) - set(TITLES))
    assert missing == []
    assert all(english and spanish for english, spanish in TITLES.values())


def test_an_engine_event_a_reply_leaves_out_is_a_sentence_with_names_on_a_page() -> None:
    # Once "action used: character Brother Kai, action aim, cost half, use turn" (issue 21 item 7).
    state = CampaignState(characters={"kai": Character("kai", "Brother Kai", "p1", "pc", {}, 4)})
    event = ActionUsed(character_id="kai", action="aim", cost="half", use="turn")
    assert summarize(event, state, "en") == "Brother Kai spends a half action: aiming"
    assert summarize(event, state, "es") == "Brother Kai gasta media acción: apuntar"
    assert summarize(event, state, "en", brief=True) == ""  # a reply tells the aim itself


def test_attack_and_damage_read_like_the_forum_thread() -> None:
    from domain.d100.events import AttackRolled
    from domain.d100.modifiers import sum_modifiers
    from domain.dice import Die

    state = CampaignState(characters={
        "aurelius": Character("aurelius", "Brother Aurelius", "p1", "pc", {}, 4),
        "boyz": Character("boyz", "Ork Boyz", "gm", "npc", {}, 5),
    })
    attack = AttackRolled(
        attack_id="a1", attacker_id="aurelius", target_id="boyz", weapon_id="bolter", action="full_auto",
        mode="full", melee=False, modifiers=sum_modifiers(()), target=55, dice=(Die(0, 100, 47),), roll=47,
        success=True, degrees=0, jammed=False, aim_used=0, ammo_after=20, hits=3, locations=(), stage="awaiting_damage",
    )
    assert summarize(attack, state, "en") == (
        "Brother Aurelius fires a full-auto burst at Ork Boyz (bolter): 47 vs 55 (BS 55), success by 0 degrees, 3 hits"
    )
    assert summarize(attack, state, "es") == (
        "Brother Aurelius dispara una ráfaga automática a Ork Boyz (bolter): 47 vs 55 (HP 55), 0 grados de éxito, "
        "3 impactos"
    )

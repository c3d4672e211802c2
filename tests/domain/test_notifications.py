"""What a webhook delivery says (projections/notifications.py), checked against docs/api.md ("Webhooks") by hand:
the kinds of an event, who is down, and the Discord and Slack messages' escaping and 2,000-character bound."""

from __future__ import annotations

from domain.campaign.state import CampaignState
from domain.commands import PostRef
from domain.dice import Die
from projections.notifications import (
    Notification,
    discord_payload,
    downed,
    kinds_of,
    notification,
    slack_payload,
)
from projections.permalinks import Links
from projections.rendering.frames import Frame
from projections.rendering.standing import StandingChange

CAMPAIGN = "2adaa6eb-3c1e-4f6a-9d55-0c7a3b1e9f10"


def said(*lines: str) -> Notification:
    return Notification(seq=7, type="dice_rolled", kinds=("rolls",), recorded_at=None, lines=lines,
                        url=f"https://dice.example.org/ui/campaigns/{CAMPAIGN}?after=6#e7", proof_url=None,
                        actor=None, actor_name=None, post_id=None, undone=False, turn=None)


def change(name: str, before: dict[str, int | list[str]], after: dict[str, int | list[str]]) -> StandingChange:
    return StandingChange(character_id=name.lower(), name=name, before=before, after=after)


def test_notification_kinds_follow_the_documented_table() -> None:
    assert kinds_of(Frame(seq=1, type="d100_turn_started", summary="")) == ("turns",)
    assert kinds_of(Frame(seq=1, type="session_ended", summary="")) == ("sessions",)
    rolled = Frame(seq=1, type="dice_rolled", summary="", dice=(Die(k=0, sides=10, value=7),),
                   post=PostRef(id="1042"))
    assert kinds_of(rolled) == ("rolls", "posts")
    assert kinds_of(Frame(seq=1, type="gm_noted", summary="")) == ()


def test_notification_down_when_wounds_reach_zero_or_a_down_condition_begins() -> None:
    frame = Frame(seq=1, type="d100_damage_applied", summary="", standing=(
        change("Kai", {"wounds": 3}, {"wounds": 0}),
        change("Horde", {"magnitude": 5}, {"magnitude": 2}),
        change("Magus", {"conditions": ["stunned"]}, {"conditions": ["stunned", "unconscious"]}),
        change("Ork", {"fate": 1}, {"fate": 0}),  # Fate spent is not down
    ))
    assert downed(frame) == ["Kai", "Magus"]
    assert "down" in kinds_of(frame)


def test_notification_of_a_roll_tells_the_actor_and_the_effects_and_links_the_row() -> None:
    frame = Frame(seq=12, type="dice_rolled", summary="1d10 = 7", actor="p1", actor_name="Ana",
                  effects=("Kai: 3 → 0 wounds",), standing=(change("Kai", {"wounds": 3}, {"wounds": 0}),))
    told = notification(frame, CampaignState(), "es", CAMPAIGN, Links(base="https://dice.example.org", share="k"))
    assert told.lines == ("Ana: 1d10 = 7", "Kai: 3 → 0 wounds", "Kai queda fuera de combate")
    assert told.url == f"https://dice.example.org/ui/campaigns/{CAMPAIGN}?after=11&share=k#e12"


def test_discord_message_escapes_the_players_text_and_never_passes_2000_characters() -> None:
    payload = discord_payload(said("**Kai** @everyone [x](https://evil.example)", "*" * 3000), "en")
    content: str = payload["content"]
    assert payload["allowed_mentions"] == {"parse": []}
    assert len(content) <= 2000
    first, second, link = content.split("\n")
    assert first == "\\*\\*Kai\\*\\* @\u200beveryone \\[x\\](https:\u200b//evil.example)"
    assert second.endswith("…") and set(second[:-1]) == {"\\", "*"} and not second[:-1].endswith("\\")
    assert link == f"[Open in Lexmechanic](https://dice.example.org/ui/campaigns/{CAMPAIGN}?after=6#e7)"


def test_slack_message_uses_slacks_escapes_and_keeps_the_link_last() -> None:
    text: str = slack_payload(said("<!here> & <@U123> <https://evil.example|click>"), "es")["text"]
    first, link = text.split("\n")
    assert first == "&lt;!here&gt; &amp; &lt;@\u200bU123&gt; &lt;https:\u200b//evil.example|click&gt;"
    assert "<" not in first and ">" not in first
    assert link == f"<https://dice.example.org/ui/campaigns/{CAMPAIGN}?after=6#e7|Abrir en Lexmechanic>"

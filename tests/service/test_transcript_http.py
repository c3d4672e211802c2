"""Transcripts of a session: frames with post, actor, summary, dice with proof, changes; four renderings."""

from __future__ import annotations

from typing import Any


async def test_session_transcript_frames_match_the_events(campaign: Any) -> None:
    ana = await campaign.invite("Ana", "player")
    await campaign.ok({"type": "start_session", "title": "The hive"})
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "id": "kai"}, ana)
    rolled = await campaign.ok({"type": "roll", "expression": "2d10+3", "reason": "bolter damage", "character_id": "kai",
                                "post": {"id": "p-77", "url": "https://forum.example/t/1#p77", "author": "Ana"}}, ana)
    mistake = await campaign.ok({"type": "roll", "expression": "d100", "reason": "wrong skill"}, ana)
    await campaign.ok({"type": "retract", "seqs": [mistake["version"]], "reason": "rolled the wrong skill"})
    await campaign.ok({"type": "end_session"})

    body = (await campaign.get("/transcript?session=1")).json()
    frames = {f["seq"]: f for f in body["frames"]}
    roll_event = rolled["events"][0]
    frame = frames[roll_event["seq"]]
    dice = roll_event["data"]["dice"]
    total = roll_event["data"]["total"]
    assert frame["summary"] == (
        f"Brother Kai rolls 2d10+3 (bolter damage): [{dice[0]['value']}, {dice[1]['value']}] + 3 = {total}"
    )
    assert frame["post"] == {"id": "p-77", "url": "https://forum.example/t/1#p77", "author": "Ana"}
    assert frame["actor_name"] == "Ana"
    assert [d["value"] for d in frame["dice"]] == [d["value"] for d in dice]
    assert frame["proof"] == f"/ui/campaigns/{campaign.id}/rolls/{roll_event['seq']}"
    undone = frames[mistake["version"]]
    assert undone["undone"] is True and undone["undone_by"] == mistake["version"] + 1
    assert undone["undone_by_actor"] == "gm" and undone["undone_by_retraction"] is True
    assert frames[min(frames)]["type"] == "session_started"

    markdown = (await campaign.get("/transcript?session=1&format=markdown")).text
    assert markdown.startswith("**Transcript — Kill Team Aurelius — session 1**\n\n- **#")
    # A GM's retraction, not an undo of a turn: the mark says so (docs/history.md).
    assert f"- *retracted by Game Master (event {mistake['version'] + 1}):* **#{mistake['version']}**" in markdown
    assert f"= {total}" in markdown and "~~" not in markdown
    assert "[post p-77](https://forum.example/t/1#p77)" in markdown
    bbcode = (await campaign.get("/transcript?session=1&format=bbcode&lang=es")).text
    assert "Transcripción" in bbcode and "[s]" not in bbcode and "[list]\n[*]" in bbcode
    assert f"[*][color=gray][i]anulado por Game Master (evento {mistake['version'] + 1}):[/i] [b]#{mistake['version']}" in bbcode
    assert "tira 2d10+3 (bolter damage)" in bbcode


async def test_transcript_shows_state_changes(campaign: Any) -> None:
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "create_character", "name": "Kai", "id": "kai", "stats": {"WS": 45}})
    body = (await campaign.get("/transcript?from_seq=4")).json()
    created = next(f for f in body["frames"] if f["type"] == "character_created")
    paths = {c["path"] for c in created["changes"]}
    assert "characters.kai" in paths
    assert body["head"]["version"] == created["seq"]


async def test_transcript_span_errors(campaign: Any) -> None:
    assert (await campaign.get("/transcript?session=9")).status_code == 404
    assert (await campaign.get("/transcript?from_seq=3&to_seq=2")).status_code == 400
    assert (await campaign.get("/transcript?session=1&encounter=x")).status_code == 400
    assert (await campaign.get("/transcript?format=pdf")).status_code == 400


async def test_transcript_from_the_first_event_shows_no_id_or_code(new_campaign: Any) -> None:
    # docs/history.md: names, not ids. The campaign's first event is written by its GM before the GM's
    # participant_joined (same command): the role stands in, and the ruleset is the game's title.
    wng = await new_campaign("wrath_and_glory")
    first = (await wng.get("/transcript?from_seq=1&to_seq=2")).json()["frames"]
    assert (first[0]["actor"], first[0]["actor_name"]) == ("gm", "GM")
    assert first[0]["summary"] == "Campaign “Campaign” created (Wrath & Glory)"
    markdown = (await wng.get("/transcript?from_seq=1&to_seq=2&format=markdown&lang=es")).text
    assert "- **#1** · DJ: Campaña «Campaign» creada (Wrath & Glory)\n" in markdown
    bbcode = (await wng.get("/transcript?from_seq=1&to_seq=2&format=bbcode")).text
    assert "[*][b]#1[/b] · GM: Campaign “Campaign” created (Wrath & Glory)\n" in bbcode
    assert "gm:" not in markdown + bbcode and "wrath_and_glory" not in markdown + bbcode

"""Transcripts of a session: frames with post, actor, summary, dice with proof, changes; four renderings."""

from __future__ import annotations

from typing import Any

from tests.service.forum.markup_check import same_html


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
    assert frame["proof"] == f"http://testserver.local/ui/campaigns/{campaign.id}/rolls/{roll_event['seq']}"
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
    assert f"[*][color=gray][i]anulado por DJ (evento {mistake['version'] + 1}):[/i] [b]#{mistake['version']}" in bbcode
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
    assert "- **#1** · DJ: Campaña «Campaign» creada (Wrath &amp; Glory)\n" in markdown
    bbcode = (await wng.get("/transcript?from_seq=1&to_seq=2&format=bbcode")).text
    assert "[*][b]#1[/b] · GM: Campaign “Campaign” created (Wrath & Glory)\n" in bbcode
    assert "gm:" not in markdown + bbcode and "wrath_and_glory" not in markdown + bbcode


async def test_transcript_split_at_the_smallest_limit_loses_no_short_frame(campaign: Any) -> None:
    # docs/history.md: split=N (200 ≤ N) cuts on frame boundaries, the first message with the title, the last
    # with the head witness. At 200 a short first frame used to become a bare "…" (the witness's room was
    # kept in every message); only a frame longer than a message on its own may be shortened.
    await campaign.ok({"type": "start_session", "title": "Gate"})
    await campaign.ok({"type": "roll", "expression": "2d10", "reason": "a very long reason " * 10})
    short = await campaign.ok({"type": "roll", "expression": "d10", "reason": "short"})
    head = (await campaign.get("/transcript?session=1")).json()["head"]
    for fmt, lang, marker in (("markdown", "en", "- **#"), ("bbcode", "es", "[*][b]#")):
        messages = (await campaign.get(f"/transcript?session=1&format={fmt}&lang={lang}&split=200")).json()["messages"]
        assert all(len(m) <= 200 for m in messages)
        assert messages[0].startswith(("**Transcript", "[b][size=150]Transcripción"))
        assert messages[-1].rstrip().endswith((f"{head['head_hash']}*", f"{head['head_hash']}[/color][/size]"))
        items = [line for m in messages for line in m.splitlines() if line.startswith(marker)]
        assert [i.split("#")[1].split("*")[0].split("[")[0] for i in items] == [
            str(s) for s in range(short["version"] - 2, short["version"] + 1)]
        session_line = next(i for i in items if "Gate" in i)
        assert session_line.endswith(("Session 1 begins: Gate", "Empieza la sesión 1: Gate"))
        whole = next(i for i in items if "short" in i)
        assert f"rolls/{short['version']}" in whole and "…" not in whole
        if fmt == "bbcode":
            assert all(m.count("[list]") == m.count("[/list]") for m in messages)
        else:
            for m in messages:
                same_html(m)

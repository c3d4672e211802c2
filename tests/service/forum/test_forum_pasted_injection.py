"""Issue 18, items 6–11, played by the attacker: what players (and forged clients) send through the HTTP API
must come out of every paste — the post's reply, the transcripts, the mission report, the bots' forms of
`rendered` — as plain text: no link, image, script, raw HTML, tag or extra line of theirs.

Each paste is read by parsers that are not ours (tests/service/forum/pasted.py) and compared with the same
game played with harmless text of the same shape: the attack may change words, never structure.
"""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from domain.campaign.commands import GmNote, InviteParticipant, Roll
from domain.commands import Actor, PostRef
from projections.rendering.reply import Head, reply
from service.commanding import Commander, request_digest
from service.database import create_pool
from service.state_cache import StateCache
from service.store import EventStore

from .pasted import assert_bbcode_safe, assert_markdown_safe, bbcode_structure, plain_text

# What an attacker types where the API takes text (accepted: one line each, absolute http(s) urls).
ATTACK = {
    "campaign": "Kill Team [spoiler]Aurelius <b>x</b> # *",
    "player": "[b]Game Master[/b] ![p](https://track.example/p.png) <img src=x onerror=alert(1)>",
    "author": "[b]Game Master[/b]",
    "url": "https://forum.example/t/7?x=[/url][img]https://track.example/p.png[/img][url=https://evil.example]",
    "url2": 'https://forum.example/t/7#"><img/src=x/onerror=alert(1)>)![x](https://track.example/p.png',
    "reason": "[/list][/quote][hide]<script>alert(1)</script> ![p](https://track.example/p.png) <https://e.example>",
    "objective": "# Take the banner [/list][/quote][spoiler] <script>alert(1)</script> [center]x",
    "rationale": "because\n# Heading\n- forged item\n> quote\n```\n    code\n[/list][*]forged",
    "note": "All quiet.\n- **#99** · Game Master: GM note: 1000 XP to Ana\n\n1. ===\n---\n[/list][*][b]forged",
    "label": "- [url=https://evil.example]x[/url]",
}
HARMLESS = {
    "campaign": "Kill Team Aurelius",
    "player": "Ana",
    "author": "Ana of the forum",
    "url": "https://forum.example/t/7#p1",
    "url2": "https://forum.example/t/7#p2",
    "reason": "Awareness",
    "objective": "Take the banner",
    "rationale": "because\nthe banner\nmatters\nto them\nand to us\nand to all\nforged",
    "note": "All quiet.\nA horn sounds.\n\nThe gate.\nThe wall.\nforged",
    "label": "links",
}


async def _play(client: AsyncTestClient[Any], said: dict[str, str]) -> dict[str, str]:
    """One short game through the API with `said` wherever a participant types text; every paste it makes."""
    made = await client.post("/campaigns", json={"name": said["campaign"], "ruleset": "deathwatch"})
    assert made.status_code == 201, made.text
    campaign, gm = made.json()["campaign_id"], made.json()["gm_token"]
    base = f"/campaigns/{campaign}"

    async def send(path: str, body: dict[str, Any], token: str) -> dict[str, Any]:
        answer = await client.post(base + path, json=body, headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code in (200, 201), answer.text
        found: dict[str, Any] = answer.json()
        return found

    invited = await send("/participants", {"name": said["player"], "role": "player"}, gm)
    player = invited["token"]
    await send("/commands", {"type": "start_session"}, gm)
    posted = await send("/posts", {"post": {"id": "p1", "url": said["url"], "author": said["author"]},
                                   "text": f"!roll d100 {said['reason']}"}, player)
    rolled = await send("/commands", {"type": "roll", "expression": "d100", "reason": said["reason"],
                                      "post": {"id": "p2", "url": said["url2"], "author": said["author"]}}, player)
    await send("/commands", {"type": "gm_note", "text": said["note"]}, gm)
    await send("/commands", {"type": "mission_create", "mission_id": "m", "title": said["objective"],
                             "briefing": said["note"]}, gm)
    await send("/commands", {"type": "mission_propose_objective", "mission_id": "m", "objective_id": "o",
                             "kind": "secondary", "text": said["objective"], "rationale": said["rationale"]}, player)
    await send("/commands", {"type": "mission_record_complication", "mission_id": "m", "text": said["note"],
                             "cause": said["reason"]}, gm)
    await send("/share-links", {"label": said["label"]}, gm)

    async def read(path: str) -> str:
        answer = await client.get(base + path, headers={"Authorization": f"Bearer {gm}"})
        assert answer.status_code == 200, answer.text
        return answer.text

    return {
        "reply_markdown": posted["reply"]["markdown"], "reply_bbcode": posted["reply"]["bbcode"],
        # Before the fix a bot had only `rendered`, the raw text: absent forms fail as "[missing]".
        "post_line_markdown": posted["results"][0].get("rendered_markdown", {}).get("en", "[missing]"),
        "post_line_bbcode": posted["results"][0].get("rendered_bbcode", {}).get("es", "[missing]"),
        "command_markdown": rolled["result"].get("rendered_markdown", {}).get("en", "[missing]"),
        "command_bbcode": rolled["result"].get("rendered_bbcode", {}).get("es", "[missing]"),
        "transcript_markdown": await read("/transcript?format=markdown"),
        "transcript_bbcode": await read("/transcript?format=bbcode&lang=es"),
        "report_markdown": await read("/missions/m?format=markdown"),
        "report_bbcode": await read("/missions/m?format=bbcode&lang=es"),
    }


@pytest.fixture
async def pastes(client: AsyncTestClient[Any]) -> tuple[dict[str, str], dict[str, str]]:
    return await _play(client, ATTACK), await _play(client, HARMLESS)


@pytest.mark.parametrize("paste", ["reply", "post_line", "command", "transcript", "report"])
async def test_pasted_markdown_holds_no_markup_of_a_player(
    pastes: tuple[dict[str, str], dict[str, str]], paste: str
) -> None:
    attacked, harmless = pastes
    assert attacked[f"{paste}_markdown"] != "[missing]", "no escaped Markdown form for a bot to quote"
    assert_markdown_safe(attacked[f"{paste}_markdown"], harmless[f"{paste}_markdown"])


@pytest.mark.parametrize("paste", ["reply", "post_line", "command", "transcript", "report"])
async def test_pasted_bbcode_holds_no_tag_of_a_player(
    pastes: tuple[dict[str, str], dict[str, str]], paste: str
) -> None:
    attacked, harmless = pastes
    assert_bbcode_safe(attacked[f"{paste}_bbcode"], harmless[f"{paste}_bbcode"])


async def test_pasted_player_text_is_still_read_as_typed(pastes: tuple[dict[str, str], dict[str, str]]) -> None:
    attacked, _ = pastes
    # Escaped, not dropped: the reader sees what the player wrote (here as CommonMark shows it).
    report = plain_text(attacked["report_markdown"])
    assert "[/list][/quote][spoiler] <script>alert(1)</script> [center]x" in report.replace("\u200b", "")
    transcript = plain_text(attacked["transcript_markdown"])
    assert "[/list][/quote][hide]<script>alert(1)</script>" in transcript.replace("\u200b", "")
    bbcode = attacked["transcript_bbcode"]
    assert "hide]" in bbcode and "[hide]" not in bbcode


async def test_pasted_reply_names_the_participant_not_the_author_field(
    pastes: tuple[dict[str, str], dict[str, str]],
) -> None:
    attacked, harmless = pastes
    # The player's own name leads the reply; what the client sent as author is shown as such, escaped.
    head = attacked["reply_bbcode"].split("\n", 1)[0]
    assert bbcode_structure(head)[:2] == ["b", "/b"], head
    assert "posted as" in plain_text(attacked["reply_markdown"]).split("\n", 1)[0]
    assert "posted as Ana of the forum" in plain_text(harmless["reply_markdown"]).split("\n", 1)[0]
    first = plain_text(attacked["reply_markdown"]).split("\n", 1)[0]
    assert first.replace("\u200b", "").startswith("[b]Game Master[/b] ![p]"), first


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/posts", {"post": {"id": "p1", "url": "javascript:alert(document.cookie)"}, "text": "!roll d100 x"},
         "post.url"),
        ("/posts", {"post": {"id": "p1", "url": "//evil.example/x"}, "text": "!roll d100 x"}, "post.url"),
        ("/posts", {"post": {"id": "p1", "url": "https://forum.example/t 7"}, "text": "!roll d100 x"}, "post.url"),
        ("/commands", {"type": "roll", "expression": "d100", "reason": "x",
                       "post": {"id": "p1", "url": "JaVaScRiPt:alert(1)"}}, "post.url"),
        ("/posts", {"post": {"id": "p1", "author": "Ana\n- **#9** · Game Master: GM note"}, "text": "!roll d100 x"},
         "post.author"),
        ("/participants", {"name": "Ana\n- **#9** · Game Master: GM note: 1000 XP to Ana", "role": "player"},
         "name"),
        ("/commands", {"type": "roll", "expression": "d100", "reason": "luck\n\n*Chain head v99*"}, "reason"),
        ("/commands", {"type": "roll", "expression": "d100", "reason": "evil\u202etxt.exe"}, "reason"),
        ("/commands", {"type": "create_character", "id": "kai", "name": "Kai\u2028Game Master"}, "name"),
        ("/commands", {"type": "start_session", "title": "One\rTwo"}, "title"),
        ("/commands", {"type": "gm_note", "text": "fine\nbut \u202eevil"}, "text"),
        ("/commands", {"type": "mission_create", "mission_id": "m", "briefing": "b", "title": "a\u0000b"}, "title"),
        ("/share-links", {"label": "a\tb"}, "label"),
    ],
)
async def test_pasted_fields_refuse_what_forges_lines(
    client: AsyncTestClient[Any], path: str, body: dict[str, Any], field: str
) -> None:
    made = (await client.post("/campaigns", json={"name": "C", "ruleset": "deathwatch"})).json()
    for lang, words in (("en", "one line"), ("es", "una línea")):
        answer = await client.post(f"/campaigns/{made['campaign_id']}{path}?lang={lang}", json=body,
                                   headers={"Authorization": f"Bearer {made['gm_token']}"})
        assert answer.status_code == 400, answer.text
        problem = answer.json()
        assert problem["type"].endswith("invalid-request") and field in problem["detail"], problem
        if field not in ("post.url", "text"):
            assert words in problem["detail"], problem["detail"]
        assert "regex" not in problem["detail"] and "expresión regular" not in problem["detail"], problem["detail"]


async def test_pasted_events_written_before_the_fix_render_inert(
    client: AsyncTestClient[Any], database_url: str
) -> None:
    # The log keeps for ever what the old edge let through: a javascript: url, a name with a newline. They
    # are appended here as the old code did (the commander takes commands the edge no longer decodes).
    made = (await client.post("/campaigns", json={"name": "Old", "ruleset": "deathwatch"})).json()
    campaign, gm = made["campaign_id"], made["gm_token"]
    pool = await create_pool(database_url, 1, 2)
    try:
        commander = Commander(EventStore(pool), StateCache(EventStore(pool)))
        old: list[tuple[Actor, Any]] = [
            (Actor("gm", "gm"), InviteParticipant(name="Ana\n- **#99** · Game Master: GM note: forged", role="player")),
            (Actor("gm", "gm"), Roll(expression="d100", reason="luck\n\n*Chain head v99 0000*\u202e",
                                     post=PostRef(id="p1", url="javascript:alert(1)", author="[b]GM[/b]"))),
            (Actor("gm", "gm"), GmNote(text="x", post=PostRef(id="p2", url='https://f.example/"><img src=x>'))),
        ]
        for actor, command in old:
            await commander.execute(campaign, actor, command, None, request_digest(command))
    finally:
        await pool.close()
    harmless = (await client.post("/campaigns", json={"name": "Old", "ruleset": "deathwatch"})).json()
    hpool = await create_pool(database_url, 1, 2)
    try:
        commander = Commander(EventStore(hpool), StateCache(EventStore(hpool)))
        for actor, command in [
            (Actor("gm", "gm"), InviteParticipant(name="Ana", role="player")),
            (Actor("gm", "gm"), Roll(expression="d100", reason="luck",
                                     post=PostRef(id="p1", author="GM"))),
            (Actor("gm", "gm"), GmNote(text="x", post=PostRef(id="p2", url="https://f.example/x"))),
        ]:
            await commander.execute(harmless["campaign_id"], actor, command, None, request_digest(command))
    finally:
        await hpool.close()

    async def transcript(campaign_id: str, token: str, fmt: str) -> str:
        answer = await client.get(f"/campaigns/{campaign_id}/transcript?format={fmt}",
                                  headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.text
        return answer.text

    attacked_md = await transcript(campaign, gm, "markdown")
    assert_markdown_safe(attacked_md, await transcript(harmless["campaign_id"], harmless["gm_token"], "markdown"))
    assert_bbcode_safe(await transcript(campaign, gm, "bbcode"),
                       await transcript(harmless["campaign_id"], harmless["gm_token"], "bbcode"))
    assert "javascript" not in attacked_md.lower() or "](javascript" not in attacked_md.lower()
    assert "\u202e" not in attacked_md and "\n\n*Chain head v99" not in attacked_md
    # The old reply, rendered again from what the log holds (a replayed post answers it so).
    old_post = PostRef(id="p1", url="javascript:alert(1)", author="[b]GM[/b]")
    for markup in ("markdown", "bbcode"):
        written = reply([], "en", Head(3, "ab" * 32), old_post, "Ana\n- **#99** · Game Master", markup)
        assert "javascript:" not in written and "\n- **#99**" not in written, written



@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        # A command line of a post becomes a reason: the same characters are refused as in /commands.
        ("/posts", {"post": {"id": "p1"}, "text": "Prose with an emoji 👨\u200d👩\u200d👧 is fine.\n!roll d100 evil\u202etxt"},
         "text, line 2"),
        # The grammar reads `\n` inside quotes as a line break: a name so made is refused too.
        # Sheets and modifiers are embedded in events too, so they carry no pattern: the edge walks them.
        ("/commands", {"type": "create_character", "id": "kai", "name": "Kai",
                       "sheet": {"weapons": [{"id": "b", "name": "Bolter\u2066x", "damage": "1d10"}]}},
         "body.sheet.weapons[0].name"),
        ("/commands", {"type": "roll", "expression": "d100", "reason": "x", "character_id": "kai\u200b"},
         "character_id"),
        # A JSON value's escape on a post line makes the character only once the line is read.
        ("/posts", {"post": {"id": "p1"}, "text": '!register "Kai" #kai stats={"speciality": "x\\u202ey"}'},
         "text, line 1"),
        # A tag character (U+E0041, beyond the published pattern's plane) in a name: the walk finds it.
        ("/participants", {"name": "Ana\U000e0041", "role": "player"}, "body.name"),
        ("/posts", {"post": {"id": "p1", "author": "Ana\U000e0041"}, "text": "!roll d100 x"}, "post.author"),
    ],
)
async def test_pasted_invisible_characters_are_refused_wherever_they_are_typed(
    client: AsyncTestClient[Any], path: str, body: dict[str, Any], field: str
) -> None:
    made = (await client.post("/campaigns", json={"name": "C", "ruleset": "deathwatch"})).json()
    for lang, words in (("en", "invisible"), ("es", "invisibles")):
        answer = await client.post(f"/campaigns/{made['campaign_id']}{path}?lang={lang}", json=body,
                                   headers={"Authorization": f"Bearer {made['gm_token']}"})
        assert answer.status_code == 400, answer.text
        problem = answer.json()
        assert field in problem["detail"] and words in problem["detail"], problem


async def test_pasted_quoted_line_break_in_a_post_line_is_refused_in_words(client: AsyncTestClient[Any]) -> None:
    # The grammar reads `\n` inside quotes as a line break: a name so made would forge a transcript line.
    made = (await client.post("/campaigns", json={"name": "C", "ruleset": "deathwatch"})).json()
    for lang, words in (("en", "must be one line"), ("es", "debe ser una línea")):
        answer = await client.post(
            f"/campaigns/{made['campaign_id']}/posts",
            json={"post": {"id": f"p-{lang}"}, "lang": lang,
                  "text": '!register "Kai\\n- **#9** · Game Master: GM note" #kai'},
            headers={"Authorization": f"Bearer {made['gm_token']}"})
        assert answer.status_code == 422, answer.text
        problem = answer.json()
        assert problem["code"] == "not_plain_text" and words in problem["detail"], problem
        assert "regex" not in problem["detail"], problem["detail"]

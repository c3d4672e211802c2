"""A sealed roll's faces reach nobody but the GM who rolled it, until the reveal (issue 19, item 2).

The attack: a player, an observer or a forum reader with a share link reads everything the service serves —
every read endpoint, the web pages and the live stream of the real server — right after the GM's secret
roll, looking for its faces. The roll is 100d1000: its 100 faces, in order, cannot appear by chance among
the numbers of an answer. After the reveal the same search finds them (the search is not blind).
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import httpx

from tests.web.conftest import Campaign, Served

NUMBER = re.compile(rb"\d+")
OUTCOME_EVENT = re.compile(r'"type"\s*:\s*"d100_test_rolled"')


def shows(body: bytes, faces: list[int]) -> bool:
    """Whether every face appears, in order, among the whole numbers of `body` (in any format: JSON die
    objects, a rendered `[812, 33, …]`, a table): an ordered match of 100 values of 1..1000 by chance is
    out of reach."""
    wanted = iter(faces)
    current = next(wanted)
    for match in NUMBER.finditer(body):
        if int(match.group()) == current:
            found = next(wanted, None)
            if found is None:
                return True
            current = found
    return False


def reads(campaign: Campaign, roll: int) -> list[str]:
    """Every read a participant or a share link has (docs/api.md, docs/web.md), each language and format."""
    paths = ["", "/events?after_seq=0&limit=1000", "/state", f"/state?at_seq={roll}", "/verify", "/verify?rules=true",
             "/export", f"/rolls/{roll}", f"/rolls/{roll}/contributions", f"/rolls/{roll + 1}"]
    for lang in ("en", "es"):
        for form in ("json", "markdown", "bbcode"):
            paths.append(f"/transcript?format={form}&lang={lang}")
        paths.append(f"/verify?lang={lang}")
    api = [f"/campaigns/{campaign.id}{path}" for path in paths]
    ui = [f"/ui/campaigns/{campaign.id}{path}" for path in (
        "", "?lang=es", "/state", f"/state?at_seq={roll}", f"/rows?after={roll - 1}", f"/rolls/{roll}", "/badge",
        f"/compare?from_seq=1&to_seq={roll}")]
    return api + ui


def shared(url: str, who: dict[str, Any]) -> str:
    """The url with the reader's share key, if it reads with one (httpx's `params` would replace the query)."""
    if "share" not in who:
        return url
    return f"{url}{'&' if '?' in url else '?'}share={who['share']}"


async def read_all(served: Served, campaign: Campaign, roll: int, who: dict[str, Any]) -> list[tuple[str, bytes]]:
    got = []
    for url in reads(campaign, roll):
        response = await served.client.get(shared(url, who), headers=who.get("headers", {}))
        assert response.status_code in (200, 404), (url, response.status_code, response.text[:300])
        got.append((url, response.content))
    return got


async def stream_until(served: Served, campaign: Campaign, who: dict[str, Any], last: int,
                       frames: list[bytes], opened: asyncio.Event) -> None:
    """The live stream as a reader receives it, every frame's bytes, until event `last` arrived."""
    async with served.client.stream("GET", shared(f"/campaigns/{campaign.id}/stream", who),
                                    headers=who.get("headers", {})) as response:
        assert response.status_code == 200
        opened.set()
        async for line in response.aiter_lines():
            frames.append(line.encode())
            if line.startswith("id: ") and int(line[4:]) >= last:
                return


async def test_no_reader_sees_a_sealed_face_before_the_reveal(served: Served) -> None:
    campaign = await served.create("deathwatch")
    await campaign.invite("Ana", "player")
    await campaign.invite("Watcher", "observer")
    key = await campaign.share()
    await campaign.ok({"type": "start_session", "title": "The hulk"})
    readers: dict[str, dict[str, Any]] = {
        "player": {"headers": campaign.auth("Ana")},
        "observer": {"headers": campaign.auth("Watcher")},
        "share link": {"share": key},
        "the GM's reads": {"headers": campaign.auth()},
    }
    head = (await campaign.get(""))["version"]
    streamed: dict[str, list[bytes]] = {name: [] for name in readers}
    opened = {name: asyncio.Event() for name in readers}
    streams = [asyncio.create_task(stream_until(served, campaign, who, head + 2, streamed[name], opened[name]))
               for name, who in readers.items()]
    try:
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in opened.values())), 20)
        answer = await campaign.ok({"type": "roll", "expression": "100d1000", "reason": "Awareness", "secret": True})
        roll = answer["version"]
        faces = [die["value"] for die in answer["result"]["secret_rolls"][0]["dice"]]
        assert len(faces) == 100 and shows(json.dumps(answer).encode(), faces)  # the GM's own answer has them
        await campaign.ok({"type": "gm_note", "text": "the servitor turns its head"})
        await asyncio.wait_for(asyncio.gather(*streams), 30)
    finally:
        for stream in streams:
            stream.cancel()

    for name, who in readers.items():
        stream = b"\n".join(streamed[name])
        assert b"secret_roll_sealed" in stream, name  # the stream tells that a sealed roll was made ...
        assert not shows(stream, faces), f"{name}: the stream shows the sealed faces"  # ... never its faces
        for url, body in await read_all(served, campaign, roll, who):
            assert not shows(body, faces), f"{name}: {url} shows the sealed faces"
    timeline = await served.client.get(f"/ui/campaigns/{campaign.id}?share={key}")
    assert "Sealed roll 100d1000 (Awareness) by the GM" in timeline.text
    spanish = await served.client.get(f"/campaigns/{campaign.id}/transcript?format=markdown&lang=es&share={key}")
    assert "Tirada secreta 100d1000 (Awareness) del DJ" in spanish.text

    # Once revealed, the same search finds them where a reader looks: the search is not blind.
    await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    events = await served.client.get(f"/campaigns/{campaign.id}/events?after_seq=0&limit=1000&share={key}")
    assert shows(events.content, faces)
    transcript = await served.client.get(f"/campaigns/{campaign.id}/transcript?format=markdown&lang=en&share={key}")
    assert shows(transcript.content, faces) and f"Sealed roll {roll} revealed" in transcript.text


async def test_the_search_for_faces_finds_them_in_any_format() -> None:
    faces = [812, 33, 1000, 7]
    assert shows(b'[{"k":0,"sides":1000,"value":812},{"k":1,"sides":1000,"value":33},'
                 b'{"k":2,"sides":1000,"value":1000},{"k":3,"sides":1000,"value":7}]', faces)
    assert shows(b"100d1000: [812, 33, 1000, 7] = 1852", faces)
    assert not shows(b"[812, 33, 7, 1000]", faces)
    assert not shows(httpx.Response(200, text="seq 812 of 33").content, faces)


MAGUS = {"characteristics": {"WS": 35, "BS": 30, "S": 35, "T": 35, "Ag": 30, "Int": 30, "Per": 38, "WP": 40,
                             "Fel": 30},
         "skills": {"Awareness": {"characteristic": "Per", "kind": "basic", "training": "trained"}}, "wounds": 12}


def tells_outcome(body: bytes, told: dict[str, str]) -> bool:
    """Whether a read tells a sealed test's outcome: an event of its type (JSON), or its sentence in either
    language (the sentence holds the die, the target and the degrees; a d100 face alone appears anywhere by
    chance, and the type's name alone in the timeline's filter of event types)."""
    text = body.decode("utf-8", "replace").replace("\\[", "[").replace("\\]", "]")
    return bool(OUTCOME_EVENT.search(text)) or any(sentence in text for sentence in told.values())


async def test_no_reader_sees_a_sealed_tests_outcome_before_the_reveal(served: Served) -> None:
    campaign = await served.create("deathwatch")
    await campaign.invite("Ana", "player")
    await campaign.invite("Watcher", "observer")
    key = await campaign.share()
    await campaign.ok({"type": "create_character", "character_id": "magus", "name": "Cult Magus", "kind": "npc",
                       "sheet": MAGUS})
    await campaign.ok({"type": "start_session", "title": "The hulk"})
    readers: dict[str, dict[str, Any]] = {
        "player": {"headers": campaign.auth("Ana")},
        "observer": {"headers": campaign.auth("Watcher")},
        "share link": {"share": key},
        "the GM's reads": {"headers": campaign.auth()},
    }
    head = (await campaign.get(""))["version"]
    streamed: dict[str, list[bytes]] = {name: [] for name in readers}
    opened = {name: asyncio.Event() for name in readers}
    streams = [asyncio.create_task(stream_until(served, campaign, who, head + 2, streamed[name], opened[name]))
               for name, who in readers.items()]
    try:
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in opened.values())), 20)
        answer = await campaign.ok({"type": "d100_test", "test_id": "magus-listens", "character_id": "magus",
                                    "skill": "Awareness", "difficulty": "difficult", "secret": True})
        roll = answer["version"]
        [shown] = answer["result"]["secret_rolls"]
        # The sentence of the outcome, without its proof link: what a transcript or a page would say of it.
        told = {lang: text.split("\n")[0] for lang, text in shown["rendered"].items()}
        assert "test of Awareness" in told["en"] and "prueba de Perspicacia" in told["es"]
        assert tells_outcome(json.dumps(answer, ensure_ascii=False).encode(), told)  # the GM's answer tells it
        await campaign.ok({"type": "gm_note", "text": "the Magus tilts its head"})
        await asyncio.wait_for(asyncio.gather(*streams), 30)
    finally:
        for stream in streams:
            stream.cancel()

    for name, who in readers.items():
        stream = b"\n".join(streamed[name])
        assert b"secret_roll_sealed" in stream, name
        assert not tells_outcome(stream, told), f"{name}: the stream tells the sealed outcome"
        for url, body in await read_all(served, campaign, roll, who):
            assert not tells_outcome(body, told), f"{name}: {url} tells the sealed outcome"
    timeline = await served.client.get(f"/ui/campaigns/{campaign.id}?share={key}")
    assert "Sealed test (Awareness) for Cult Magus by the GM" in timeline.text
    spanish = await served.client.get(f"/campaigns/{campaign.id}/transcript?format=markdown&lang=es&share={key}")
    assert "Prueba secreta (Awareness) de Cult Magus del DJ" in spanish.text

    # Once revealed, the same search finds the outcome where a reader looks: the search is not blind.
    revealed = await campaign.ok({"type": "reveal_secret_roll", "seq": roll})
    events = await served.client.get(f"/campaigns/{campaign.id}/events?after_seq=0&limit=1000&share={key}")
    assert tells_outcome(events.content, told)
    outcome = revealed["version"]  # every read, the proofs of the reveal and of its outcome included, answers
    assert any(tells_outcome(body, told) for _, body in await read_all(served, campaign, outcome, readers["player"]))
    for lang in ("en", "es"):
        transcript = await served.client.get(
            f"/campaigns/{campaign.id}/transcript?format=markdown&lang={lang}&share={key}")
        assert told[lang] in transcript.text.replace("\\[", "[").replace("\\]", "]")

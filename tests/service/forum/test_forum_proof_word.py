"""Issue 21 item 8: in the handouts (seed 003) "prueba" is a test (`!prueba`), so a Spanish reader never sees a
dice proof called "prueba": the reply's links, the transcripts, the proof page and the permalinks say
"comprobación"."""

from __future__ import annotations

import json
import re
from typing import Any

from .thread import Thread, events

# "prueba" as a word (not "comprobación"): what a Spanish reader would take for a test of a skill.
PRUEBA = re.compile(r"\bpruebas?\b", re.IGNORECASE)


async def test_forum_proof_word_no_spanish_reply_transcript_or_page_calls_a_proof_prueba(client: Any) -> None:
    thread = await Thread.open(client, "Presagios", "deathwatch", ("Ana",))
    rolled = await thread.post("Ana", "!tirada 2d10+3 suerte", lang="es")
    seq = [e["seq"] for e in rolled["events"] if e["type"] == "dice_rolled"][0]
    assert events(rolled, "dice_rolled")
    # The whole answer: the reply in each markup and every rendering of the line (its Spanish and English).
    answered = json.dumps(rolled, ensure_ascii=False)
    assert not PRUEBA.search(answered), [m.group(0) for m in PRUEBA.finditer(answered)]
    assert f"[comprobación #{seq}](" in rolled["reply"]["markdown"], rolled["reply"]["markdown"]
    assert f"]comprobación #{seq}[/url]" in rolled["reply"]["bbcode"], rolled["reply"]["bbcode"]
    for fmt in ("markdown", "bbcode", "json"):
        transcript = (await thread.get(f"/transcript?format={fmt}&lang=es")).text
        assert fmt == "json" or "comprobación" in transcript, (fmt, transcript)
        assert not PRUEBA.search(transcript), (fmt, transcript)
    page = await client.get(f"/ui/campaigns/{thread.id}/rolls/{seq}?lang=es",
                            headers={"Authorization": f"Bearer {thread.tokens['GM']}"})
    assert page.status_code == 200, page.text
    assert f"Comprobación de la tirada #{seq}" in page.text
    assert not PRUEBA.search(page.text), PRUEBA.findall(page.text)
    timeline = await client.get(f"/ui/campaigns/{thread.id}?lang=es",
                                headers={"Authorization": f"Bearer {thread.tokens['GM']}"})
    assert "comprobación de los dados" in timeline.text
    assert not PRUEBA.search(timeline.text), [m.group(0) for m in PRUEBA.finditer(timeline.text)]
    # The English says "proof", as before.
    english = await thread.post("Ana", "!roll d100 luck")
    assert "[proof #" in english["reply"]["markdown"]

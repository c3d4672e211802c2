"""What a forum GM and player read, checked line by line where an audit found it wrong: each reply line as
docs/commands.md, docs/history.md and RULES.md say it, in English and in Spanish."""

from __future__ import annotations

from typing import Any

from .thread import Thread, events


async def test_forum_audit_a_roll_without_a_reason_names_its_expression_once(client: Any) -> None:
    thread = await Thread.open(client, "Omens", "deathwatch", ("Ana",))
    rolled = await thread.post("Ana", "!roll d100")
    (die,) = events(rolled, "dice_rolled")[0]["dice"]
    assert f"- Roll d100: \\[{die['value']}\\] = {die['value']} · [proof #" in rolled["reply"]["markdown"]
    tirada = await thread.post("Ana", "!tirada 2d10+3")
    faces = [d["value"] for d in events(tirada, "dice_rolled")[0]["dice"]]
    total = sum(faces) + 3
    assert (f"- Tirada 2d10+3: \\[{faces[0]}, {faces[1]}\\] + 3 = {total} · [prueba #"
            in tirada["reply"]["markdown"])
    # With a reason, it is told in brackets as docs/cli.md shows.
    luck = await thread.post("Ana", "!roll d100 luck")
    assert "- Roll d100 (luck): \\[" in luck["reply"]["markdown"]

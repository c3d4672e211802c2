"""POST /posts keeps the store's guarantees for a unit of several commands: one transaction (nothing of a
refused post is left, not even the dice epoch its first line opened), gap-free seqs, one NOTIFY, and who
may post what."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg

from service.live import register

from .thread import Thread


async def test_forum_posts_a_post_of_three_lines_sends_one_notify(client: Any, app_database_url: str) -> None:
    thread = await Thread.open(client, "Quiet", "deathwatch", ("Ana",))
    heard: list[str] = []
    listener = await asyncpg.connect(app_database_url)
    try:
        await listener.add_listener("lexmechanic_events", lambda *args: heard.append(str(args[-1])))
        await register(listener, [thread.id])  # appends notify registered listeners only (migrations/0009)
        answer = await thread.post("GM", "!note the hive trembles\n!note a horn sounds\n!note the gate opens")
        await asyncio.sleep(0.3)
    finally:
        await listener.close()
    assert heard == [thread.id]
    seqs = [e["seq"] for e in answer["events"]]
    assert seqs == list(range(seqs[0], seqs[0] + 3)) and answer["version"] == seqs[-1]
    assert len({e["meta"]["command_id"] for e in answer["events"]}) == 3
    assert [e["meta"]["line"] for e in answer["events"]] == [1, 2, 3]
    assert [e["idempotency_key"] for e in answer["events"]] == [answer["events"][0]["meta"]["post"]["id"], None, None]


async def test_forum_posts_a_refused_post_leaves_nothing_not_even_its_new_dice_epoch(client: Any) -> None:
    thread = await Thread.open(client, "Epochs", "deathwatch", ("Ana",))
    before = await thread.state()
    refused = await thread.send("GM", "!start-session\n!roll d100 omens\n!retract 9999 no such event")
    problem = refused.json()
    assert refused.status_code == 422 and problem["line"] == 3 and problem["kind"] == "not-found"
    # Only its roll stays (docs/fairness.md, "Refused attempts"): drawn from the seed of the epoch the post
    # opened and threw away, it is shown, never recomputable; no session, no epoch, no die record.
    omens = problem["attempt"]["lines"][1]
    assert (omens["dice"], len(omens["unverifiable"]), omens["epoch"]) == ([], 1, before["epoch"]["epoch"] + 1)
    assert f"d100 {omens['unverifiable'][0]['face']} (from a seed thrown away with the post)" in problem["detail"]
    after = await thread.state()
    assert (after["epoch"], after["session"]) == (before["epoch"], before["session"])
    assert after["version"] == omens["nonce"]  # the attempt holds every seq up to its last line's nonce
    # The epoch the refused post opened was rolled back with it: the next session draws its own seed, and
    # its dice verify once revealed.
    await thread.post("GM", "!start-session\n!roll d100 omens\n!roll 2d10 more omens")
    await thread.post("GM", "!end-session")
    verified = (await thread.get("/verify")).json()
    assert verified["ok"] is True and verified["dice_verified"] == 3, verified


async def test_forum_posts_who_may_post_what(client: Any) -> None:
    thread = await Thread.open(client, "Roles", "deathwatch", ("Ana", "Boris"))
    watcher = await client.post(f"/campaigns/{thread.id}/participants", json={"name": "Olga", "role": "observer"},
                                headers={"Authorization": f"Bearer {thread.tokens['GM']}"})
    thread.tokens["Olga"] = watcher.json()["token"]
    await thread.post("Ana", '!register "Brother Kai" #kai stats={"BS": 40}')
    observed = await thread.send("Olga", "!note I was here")
    assert observed.status_code == 422 and observed.json()["kind"] == "forbidden"
    stolen = await thread.send("Boris", "!roll kai d100 not mine")
    assert stolen.status_code == 422 and (stolen.json()["line"], stolen.json()["kind"]) == (1, "forbidden")
    quiet = await thread.send("Ana", "Just roleplay, no commands.")
    assert quiet.status_code == 422 and quiet.json()["type"].endswith("no-commands")
    # A post id is the key of one author's post: another author re-using it records that author's own post,
    # and the answer names who else holds the id (issue 18: a guessed id must not block its real author).
    first = await thread.post("Ana", "!roll d100 luck", post_id="p-shared")
    again = await thread.send("Boris", "!roll d100 luck", post_id="p-shared")
    assert again.status_code == 201 and again.json()["events"] != first["events"]
    assert [p["name"] for p in again.json()["post_id_shared"]["participants"]] == ["Ana"]
    missing = await client.post(f"/campaigns/{thread.id}/posts", json={"post": {}, "text": "!roll d100"},
                                headers={"Authorization": f"Bearer {thread.tokens['Ana']}"})
    assert missing.status_code == 400


async def test_forum_posts_later_lines_name_what_earlier_lines_made(client: Any) -> None:
    thread = await Thread.open(client, "Muster", "only_war", ("Ana",))
    answer = await thread.post("GM", '!register "Sergeant Rook" #rook npc stats={"BS": 40, "WS": 35}\n'
                                     "!roll rook d100 morale\n!nota el sargento duda", lang="es")
    assert [r["type"] for r in answer["results"]] == ["create_character", "roll", "gm_note"]
    assert answer["lang"] == "es" and "Sergeant Rook tira d100 (morale)" in answer["reply"]["markdown"]
    rolled = answer["results"][1]["result"]
    assert rolled["rolls"][0]["proof"].endswith(f"/ui/campaigns/{thread.id}/rolls/{rolled['seqs'][0]}")


async def test_forum_posts_with_a_public_url_the_reply_links_open_through_the_share_link(
    app_database_url: str,
) -> None:
    from litestar.testing import AsyncTestClient

    from service.app import create_app
    from service.settings import Settings

    public = "https://dice.example.org"
    settings = Settings(database_url=app_database_url, pool_min=1, pool_max=4, public_url=public)
    async with AsyncTestClient(app=create_app(settings)) as client:
        thread = await Thread.open(client, "Public", "deathwatch", ("Ana",))
        link = (await client.post(f"/campaigns/{thread.id}/share-links", json={"label": "thread 7"},
                                  headers={"Authorization": f"Bearer {thread.tokens['GM']}"})).json()
        answer = await thread.post("GM", "!roll d100 omens")
        seq = answer["results"][0]["result"]["seqs"][0]
        proof = f"{public}/ui/campaigns/{thread.id}/rolls/{seq}?share={link['key']}"
        assert answer["results"][0]["result"]["rolls"] == [{"seq": seq, "proof": proof}]
        assert f"[proof #{seq}]({proof})" in answer["reply"]["markdown"]
        assert f"[url={proof}]proof #{seq}[/url]" in answer["reply"]["bbcode"]
        opened = await client.get(proof.removeprefix(public))  # a forum reader: no token
        assert opened.status_code == 200

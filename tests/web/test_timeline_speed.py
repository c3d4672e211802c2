"""A long campaign's pages open fast: a page costs its own rows, one snapshot and short folds, never the log.

2,000 events by default; the full measurement is `LEXMECHANIC_WEB_EVENTS=20000 .venv/bin/pytest -s
tests/web/test_timeline_speed.py` (docs/web.md has the figures). Timings are printed; the bounds asserted
are loose (CI machines are shared) but far below what folding the whole log would take.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from domain.campaign.commands import EndSession, GmNote, Retract, Roll, StartSession
from domain.commands import Actor, PostRef
from service.commanding import Commander
from service.database import APP_ROLE, create_pool, with_user
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import EventStore
from tests.web.conftest import Served

TOTAL = int(os.environ.get("LEXMECHANIC_WEB_EVENTS", "2000"))
GM = Actor("gm", "gm")


async def long_campaign(database_url: str, campaign_id: str, total: int) -> None:
    """Rolls and notes from forum posts, a session every 500 events, a retraction now and then."""
    pool = await create_pool(with_user(database_url, APP_ROLE), 1, 2)
    store = EventStore(pool)
    commander = Commander(store, StateCache(store), Snapshots(store))
    chooser = random.Random(13)
    version = (await store.head(campaign_id)).version
    rolls: list[int] = []
    n, open_session, next_switch = 0, False, version
    try:
        while version < total:
            n += 1
            post = PostRef(id=f"post-{n}", author=chooser.choice(["Ana", "Ben", "Cy"]),
                           url=f"https://forum.example.org/t/1?p={n}")
            if version >= next_switch:
                command: Any = EndSession() if open_session else StartSession(title=f"part {n}")
                open_session, next_switch = not open_session, version + 500
            elif rolls and chooser.random() < 0.03:
                command = Retract(seqs=(rolls.pop(chooser.randrange(len(rolls))),), reason="wrong roll", post=post)
            elif chooser.random() < 0.6:
                command = Roll(expression="2d10+3", reason="bolter", post=post)
            else:
                command = GmNote(text=f"the hive groans ({n})", post=post)
            outcome = await commander.execute(campaign_id, GM, command, None, f"d{n}")
            if isinstance(command, Roll):
                rolls.append(outcome.version)
            version = outcome.version
    finally:
        await pool.close()


async def timed(served: Served, url: str, headers: dict[str, str]) -> tuple[float, str]:
    started = time.perf_counter()
    response = await served.client.get(url, headers=headers)
    elapsed = time.perf_counter() - started
    assert response.status_code == 200, response.text[:500]
    return elapsed, response.text


async def test_a_long_campaign_opens_fast(served: Served, database_url: str) -> None:
    campaign = await served.create("dark_heresy", "The Long War")
    started = time.perf_counter()
    await long_campaign(database_url, campaign.id, TOTAL)
    built = time.perf_counter() - started
    head = (await campaign.get(""))["version"]
    auth = campaign.auth()
    ui = f"/ui/campaigns/{campaign.id}"
    timings: dict[str, float] = {}
    # The first read of a process: no state cached, the badge's verification not yet run.
    timings["newest page, cold"], html = await timed(served, ui, auth)
    assert f'id="e{head}"' in html
    timings["newest page, warm"], _ = await timed(served, ui, auth)
    timings["first page"], html = await timed(served, f"{ui}?after=0", auth)
    assert 'id="e1"' in html
    timings["middle page"], html = await timed(served, f"{ui}?before={head // 2}", auth)
    assert f'id="e{head // 2 - 1}"' in html
    timings["filtered: retractions"], _ = await timed(served, f"{ui}?type=events_retracted", auth)
    timings["filtered: a session"], _ = await timed(served, f"{ui}?session=2", auth)
    timings["state at the middle"], _ = await timed(served, f"{ui}/state?at_seq={head // 2}", auth)
    timings["state at a post"], _ = await timed(served, f"{ui}/state?at_post=post-{TOTAL // 3}", auth)
    timings["compare two posts"], _ = await timed(
        served, f"{ui}/compare?from_post=post-{TOTAL // 4}&to_post=post-{TOTAL // 3}", auth)
    proof_seq = next(
        e["seq"] for e in (await campaign.get(f"/events?after_seq={head // 2}&limit=50"))["events"]
        if e["type"] == "dice_rolled")
    timings["proof page"], _ = await timed(served, f"{ui}/rolls/{proof_seq}", auth)
    print(f"\n{head} events (built in {built:.0f} s):")
    for name, seconds in timings.items():
        print(f"  {name:<24} {seconds * 1000:8.0f} ms")
    warm = [v for k, v in timings.items() if k != "newest page, cold"]
    assert max(warm) < 3.0, timings

"""`.venv/bin/python -m bench.scale [--events N] [--post-lines L] [--posts P]`: a whole-session transcript, its cost
per event and memory; and a long forum post, its cost per line.

A campaign of one session of N events (20 000 by default) is built like scenario 7's (`bench.fold.seed_campaign`
with one session), then `GET /campaigns/{id}/transcript?session=1` is measured as scenario 7 measures its reads
(`bench.memory.measure`): a fresh service process, warmed up on a small campaign of its own, its peak RSS above
idle while it answers the whole transcript, which the bench reads and throws away. Printed:
the time and the service's CPU, both per event too (the CPU holds on a busy machine), the bytes answered
and the peak RSS above idle.

Then P posts of L command lines each (30 by default: a GM's post resolving a whole round; the edge allows 100)
are sent to a fresh service process, one after another, each line a roll with its reason
(`!roll 1d100 "line k"`), as `POST /campaigns/{id}/posts` answers them: recorded in one transaction, replied
in the post's language. Printed: the median time of a post and the service's CPU, per post and per line, and
the peak RSS above idle while they ran.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

import msgspec

from bench.cpu import _process_seconds
from bench.database import on_fresh_database
from bench.fold import Seeded, seed_campaign
from bench.memory import MemoryFigure, _request, _status_kb, _warm_up, measure
from bench.serve import Served
from service.database import create_pool
from service.store import EventStore


async def run_scale(database_url: str, *, events: int) -> tuple[Seeded, MemoryFigure]:
    pool = await create_pool(database_url, 1, 4)
    try:
        seeded = await seed_campaign(EventStore(pool), events, session_events=events + 1)
    finally:
        await pool.close()
    return seeded, await measure(database_url, seeded, "transcript (whole session)", "/transcript?session=1")


@dataclass
class PostFigure:
    lines: int
    posts: int
    median_ms: float
    cpu_ms_per_post: float
    above_idle_mb: float

    @property
    def cpu_us_per_line(self) -> float:
        return self.cpu_ms_per_post * 1000 / self.lines


def post_text(lines: int, number: int) -> str:
    rolls = "\n".join(f'!roll 1d100 "post {number}, line {k}"' for k in range(1, lines + 1))
    return f"The GM resolves the round.\n{rolls}"


async def run_posts(database_url: str, *, lines: int, posts: int) -> PostFigure:
    async with Served("service", database_url) as served:
        await _warm_up(served.port)
        _, answer = await _request(served.port, "POST", "/campaigns", msgspec.json.encode(
            {"name": "Long posts", "ruleset": "deathwatch"}))
        found = msgspec.json.decode(answer)
        auth = {"Authorization": f"Bearer {found['gm_token']}"}
        base = f"/campaigns/{found['campaign_id']}"
        await _request(served.port, "POST", base + "/commands",
                       msgspec.json.encode({"type": "start_session", "title": "Long posts"}), auth)
        # One post first, so that what a first post pays once is not in the figure.
        body = {"post": {"id": "warm-up"}, "text": post_text(lines, 0)}
        await _request(served.port, "POST", base + "/posts", msgspec.json.encode(body), auth)
        idle = _status_kb(served.pid, "VmRSS")
        peak = idle
        times: list[float] = []
        cpu_before = _process_seconds(served.pid)
        for number in range(1, posts + 1):
            body = {"post": {"id": f"p-{number}"}, "text": post_text(lines, number)}
            began = time.perf_counter()
            await _request(served.port, "POST", base + "/posts", msgspec.json.encode(body), auth)
            times.append(time.perf_counter() - began)
            peak = max(peak, _status_kb(served.pid, "VmRSS"))
        cpu = _process_seconds(served.pid) - cpu_before
    return PostFigure(lines, posts, statistics.median(times) * 1000, cpu * 1000 / posts, (peak - idle) / 1024)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=20_000, help="events in the one session (20000)")
    parser.add_argument("--post-lines", type=int, default=30, help="command lines in each long post (30)")
    parser.add_argument("--posts", type=int, default=20, help="long posts sent (20)")
    args = parser.parse_args(argv)
    async def run(url: str) -> tuple[Seeded, MemoryFigure, PostFigure]:
        seeded, figure = await run_scale(url, events=args.events)
        return seeded, figure, await run_posts(url, lines=args.post_lines, posts=args.posts)

    seeded, figure, posted = on_fresh_database(run)
    assert figure.status == 200, figure.status
    print(f"campaign: {seeded.version} events in one session (built in {seeded.seconds:.1f} s)")
    print(f"transcript of the whole session: {figure.seconds * 1000:.0f} ms, "
          f"{figure.seconds * 1e6 / seeded.version:.1f} µs per event (server CPU {figure.cpu_seconds * 1000:.0f} ms, "
          f"{figure.cpu_seconds * 1e6 / seeded.version:.1f} µs per event), "
          f"{figure.answered_bytes / 1e6:.1f} MB answered "
          f"({figure.answered_bytes / seeded.version:.0f} B per event), peak RSS +{figure.above_idle_mb:.1f} MB above "
          f"idle ({figure.idle_mb:.1f} → {figure.peak_mb:.1f} MB)")
    print(f"{posted.posts} posts of {posted.lines} command lines: median {posted.median_ms:.1f} ms a post, server CPU "
          f"{posted.cpu_ms_per_post:.1f} ms a post ({posted.cpu_us_per_line:.0f} µs a line), peak RSS "
          f"+{posted.above_idle_mb:.1f} MB above idle")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

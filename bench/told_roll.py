"""What telling a free roll costs, in process and without a database: `python -m bench.told_roll [--rolls N]`.

N rolls (`2d10+3`, `d100`, `3d6`, `d10`, a reason, every other one a character's) go through the service's write
step on a Deathwatch campaign (tests/support/campaign_table.py); each is then told as the edge tells it
(`told_result`: en + es × plain, Markdown, BBCode, its proof link), and, as the service does first, its
`result_of`. The caches a new roll misses in the service (its dice's text, its proof url's safe form) are
emptied before each pass, so each pass pays what the service pays for new rolls. Prints the best and the
median pass, µs a roll. A micro-benchmark: hot caches, so a third to a half of what `bench.command_cpu`
measures of `told_result` inside a request.
"""

from __future__ import annotations

import argparse
import statistics
import time

from domain.campaign.commands import InviteParticipant, Roll, StartSession
from domain.d100.commands import RegisterCharacter
from projections.permalinks import Links
from projections.rendering import markup, summaries
from projections.results import result_of, told_result
from tests.d100.encounter_fixtures import marine
from tests.support.campaign_table import CampaignTable, SeededDice


def _clear() -> None:
    markup.safe_url.cache_clear()
    rolled = getattr(summaries, "_rolled_dice", None) or summaries.rolled_dice
    rolled.cache_clear()  # type: ignore[union-attr]  # the lru_cache of the version measured
    if hasattr(summaries, "_last_rolled"):
        summaries._last_rolled = (None, None, 0, "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.told_roll", description=__doc__)
    parser.add_argument("--rolls", type=int, default=400)
    parser.add_argument("--passes", type=int, default=30)
    args = parser.parse_args(argv)
    table = CampaignTable("deathwatch")
    table.run(StartSession())
    table.run(InviteParticipant(name="Anna", role="player"))
    anna = next(p for p in table.state.participants if p != "gm")
    table.run(RegisterCharacter(character_id="kai", owner=anna, name="Brother Kai", sheet=marine()))
    links, dice, told = Links("https://lex.example"), SeededDice(7), []
    for index in range(args.rolls):
        expression = ("2d10+3", "d100", "3d6", "d10")[index % 4]
        before, first = table.state, len(table.records)
        table.run(Roll(expression=expression, reason="bench", character_id="kai" if index % 2 else None), dice)
        told.append((table.records[first:], before, table.state))
    campaign = "ca884a1e-5ce8-4975-a82a-95a74246131f"
    alone, both = [], []
    for _ in range(args.passes):
        _clear()
        began = time.perf_counter()
        for records, before, after in told:
            told_result(records, before, after, links, campaign)
        alone.append((time.perf_counter() - began) / len(told) * 1e6)
        _clear()
        began = time.perf_counter()
        for records, before, after in told:
            result_of([r.event for r in records])
            told_result(records, before, after, links, campaign)
        both.append((time.perf_counter() - began) / len(told) * 1e6)
    print(f"== µs a roll, {len(told)} rolls, {args.passes} passes (best / median) ==")
    print(f"  told_result                {min(alone):6.2f} / {statistics.median(alone):6.2f}")
    print(f"  result_of + told_result    {min(both):6.2f} / {statistics.median(both):6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

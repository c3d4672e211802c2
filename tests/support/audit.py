"""The audit every database test ends with: every campaign it built is exported and verified three ways.

`/verify` through the HTTP API (as an observer would), `lexmechanic verify FILE` on the export, and
the small verifier of tests/support/docs_verifier.py written from the documents alone. An honest
campaign must pass all three, with the same counts of verified and pending dice; a campaign a test
broke on purpose (marker `tampered`) must fail all three.
"""

from __future__ import annotations

import re
import secrets
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.audit_file import verify_file
from service.database import create_pool
from service.exporting import export_lines
from service.settings import Settings
from service.store import EventStore
from service.tokens import token_hash
from tests.support import docs_verifier


class AuditFailure(AssertionError):
    """A campaign the test suite built does not verify (or a broken one does)."""


async def _campaigns(owner_url: str) -> list[str]:
    connection = await asyncpg.connect(owner_url)
    try:
        return [row[0] for row in await connection.fetch("SELECT campaign_id::text FROM campaigns ORDER BY created_at")]
    finally:
        await connection.close()


async def _token(owner_url: str, campaign_id: str, role: str) -> str:
    """A token for the auditor, written beside the log (tokens are not events)."""
    token = secrets.token_urlsafe(24)
    connection = await asyncpg.connect(owner_url)
    try:
        await connection.execute(
            "INSERT INTO access_tokens (token_hash, campaign_id, participant_id, role) VALUES ($1, $2, $3, $4)",
            token_hash(token), campaign_id, f"auditor-{role}", role,
        )
    finally:
        await connection.close()
    return token


class AuditStats:
    """What the audits of a whole test session covered, printed at its end."""

    campaigns = 0
    events = 0
    dice_verified = 0
    dice_pending = 0
    types: set[str] = set()


async def _export(app_url: str, campaign_id: str, path: Path) -> None:
    pool = await create_pool(app_url, 1, 1)
    try:
        store = EventStore(pool)
        head = await store.head(campaign_id)
        with path.open("wb") as file:
            async for chunk in export_lines(store, head):
                file.write(chunk)
    finally:
        await pool.close()


def _types_with_dice(path: Path) -> set[str]:
    import json

    found = set()
    for line in path.read_text(encoding="utf-8").split("\n"):  # lines end with \n only (docs/audit-format.md)
        if not line:
            continue
        record = json.loads(line)
        if "type" in record and docs_verifier.dice_of(record):
            found.add(f"{record['type']} v{record['schema_version']}")
    return found


_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


async def _dice_told_problems(client: AsyncTestClient[Any], campaign_id: str, token: str) -> list[str]:
    """Each die a frame records is shown where it is told (docs/history.md "Each die once"): every face of
    the frame's dice appears, as often as it was rolled, among the numbers of its summary, in both languages."""
    problems: list[str] = []
    for lang in ("en", "es"):
        response = await client.get(f"/campaigns/{campaign_id}/transcript?from_seq=1&format=json&lang={lang}",
                                    headers={"Authorization": f"Bearer {token}"})
        if response.status_code != 200:
            return [f"{campaign_id}: the transcript answered {response.status_code}: {response.text}"]
        for frame in response.json()["frames"]:
            if not frame["dice"]:
                continue
            shown = Counter(_NUMBER.findall(frame["summary"]))
            rolled = Counter(str(die["value"]) for die in frame["dice"])
            missing = rolled - shown
            if missing:
                problems.append(f"{campaign_id} #{frame['seq']} {frame['type']} ({lang}): faces "
                                f"{sorted(missing.elements())} not shown in {frame['summary']!r}")
    return problems


async def audit_database(owner_url: str, app_url: str, tampered: bool) -> int:
    """Verify every campaign of the database three ways; answer how many were audited.

    An honest campaign's secret epoch is first revealed through the API, as a GM does at the end of a
    session, so that every die the test rolled is recomputed, not merely counted as pending.
    """
    campaigns = await _campaigns(owner_url)
    if not campaigns:
        return 0
    failures: list[str] = []
    with tempfile.TemporaryDirectory(prefix="lexmechanic-audit-") as directory:
        async with AsyncTestClient(app=create_app(Settings(database_url=app_url, pool_min=1, pool_max=2))) as client:
            for campaign_id in campaigns:
                path = Path(directory) / f"{campaign_id}.jsonl"
                if not tampered:
                    gm = await _token(owner_url, campaign_id, "gm")
                    revealed = await client.post(
                        f"/campaigns/{campaign_id}/commands", json={"type": "reveal_dice_seed"},
                        headers={"Authorization": f"Bearer {gm}"},
                    )
                    if revealed.status_code != 201:
                        failures.append(
                            f"{campaign_id}: reveal_dice_seed answered {revealed.status_code}: {revealed.text}"
                        )
                        continue
                await _export(app_url, campaign_id, path)
                token = await _token(owner_url, campaign_id, "observer")
                # Honest campaigns replay their rules too (docs/audit-format.md, "Replaying the rules").
                rules = "" if tampered else "?rules=true"
                response = await client.get(
                    f"/campaigns/{campaign_id}/verify{rules}", headers={"Authorization": f"Bearer {token}"}
                )
                if response.status_code != 200:
                    failures.append(f"{campaign_id}: /verify answered {response.status_code}: {response.text}")
                    continue
                online: dict[str, Any] = response.json()
                (offline,) = verify_file(path, rules=not tampered)
                try:
                    documented = docs_verifier.verify_export(path.read_text(encoding="utf-8"))[campaign_id]
                    doc_ok, doc_counts = documented.ok, (documented.dice_verified, documented.dice_pending)
                    doc_problems = documented.problems
                except (KeyError, TypeError, ValueError, AttributeError) as error:
                    doc_ok, doc_counts, doc_problems = False, None, [f"the docs verifier could not read it: {error!r}"]
                verdicts = {"online": online["ok"], "offline": offline.ok, "docs": doc_ok}
                if tampered:
                    if any(verdicts.values()):
                        failures.append(f"{campaign_id}: a tampered campaign passed {verdicts}")
                    continue
                if not all(verdicts.values()):
                    failures.append(
                        f"{campaign_id}: {verdicts}; online {online['problems']}; offline {offline.problems}; "
                        f"docs {doc_problems}"
                    )
                    continue
                counts = {
                    "online": (online["dice_verified"], online["dice_unrevealed"]),
                    "offline": (offline.dice_verified, offline.dice_unrevealed),
                    "docs": doc_counts,
                }
                if len(set(counts.values())) != 1:
                    failures.append(f"{campaign_id}: the verifiers disagree on the dice: {counts}")
                failures.extend(await _dice_told_problems(client, campaign_id, gm))
                AuditStats.campaigns += 1
                AuditStats.events += offline.events
                AuditStats.dice_verified += offline.dice_verified
                AuditStats.dice_pending += offline.dice_unrevealed
                AuditStats.types |= _types_with_dice(path)
    if failures:
        raise AuditFailure("campaigns built by this test do not audit:\n" + "\n".join(failures))
    return len(campaigns)

"""An append of one event (the warm roll) builds its record and statement columns without the loop of many
(service/store.py `_statement`): the same record, columns and hash as the loop builds, the hash as
docs/audit-format.md computes it, and the stored event as the general mapping of seqs gives it."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import types

import pytest

from domain.campaign.events import DiceRolled, SessionStarted
from domain.dice import Die
from domain.dice_expression import parse
from domain.events import Event
from projections.recorded import DiceProvenance, EventMeta
from service import queries, store

MOMENT = dt.datetime(2026, 12, 4, 19, 20, 7, 1234, tzinfo=dt.UTC)
HEAD = store.Head("0b9e3a8e-62a3-4a5b-8c4f-0d5a9e1f2b3c", "deathwatch", 41, "ab" * 32)
ROLL = DiceRolled(expression="2d10+3", reason="Ränge «ñ»", terms=parse("2d10+3"),
                  dice=(Die(0, 10, 7), Die(0, 10, 1)), total=11)
META = EventMeta(actor="gm", role="gm", command_id="c" * 26, command_type="roll", request_digest="e" * 64,
                 dice=DiceProvenance(epoch=1, nonce=42, entropy=None))


@pytest.fixture(autouse=True)
def _fixed_now(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = types.SimpleNamespace(now=lambda tz: MOMENT.astimezone(tz))
    monkeypatch.setattr(store, "dt", types.SimpleNamespace(datetime=clock, UTC=dt.UTC))


@pytest.mark.parametrize("event", [ROLL, SessionStarted(session=3)])
@pytest.mark.parametrize("key", ["post-1", None])
def test_one_event_is_recorded_as_the_loop_records_it(event: Event, key: str | None) -> None:
    statement, records, columns = store._statement(queries.APPEND_IF_HEAD, queries.APPEND_EVENTS_IF_HEAD, HEAD,
                                                   [event], [META], key)
    looped, texts, moment = store._chained(HEAD, [event], [META], key)
    assert statement == queries.APPEND_IF_HEAD
    assert records == looped
    assert columns == (42, looped[0]["type"], looped[0]["schema_version"], *texts[0], key, MOMENT, "ab" * 32,
                       looped[0]["hash"])
    assert moment == MOMENT
    # docs/audit-format.md: sha256(prev hash's bytes || canonical JSON of the hashed fields).
    record = records[0]
    hashed = {name: record[name] for name in ("campaign_id", "seq", "type", "schema_version", "data", "meta",
                                              "idempotency_key", "recorded_at")}
    canonical = json.dumps(hashed, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    assert record["hash"] == hashlib.sha256(bytes.fromhex("ab" * 32) + canonical).hexdigest()
    assert record["recorded_at"] == "2026-12-04T19:20:07.001234Z"
    assert record["seq"] == 42 and record["prev_hash"] == "ab" * 32 and record["idempotency_key"] == key


def test_one_stored_event_takes_its_rows_position() -> None:
    _, records, _ = store._statement(queries.APPEND_IF_HEAD, queries.APPEND_EVENTS_IF_HEAD, HEAD, [ROLL], [META],
                                     "k")
    [stored] = store._stored(records, [{"seq": 42, "global_position": 9001}])
    assert stored == store.StoredEvent(global_position=9001, **records[0])
    with pytest.raises(KeyError):
        store._stored(records, [{"seq": 43, "global_position": 9001}])

"""The state page's whole path, run at start on a campaign that lives only in memory.

A fresh process pays every stage of its first page about twice (docs/performance.md, "Where the time goes"):
CPython 3.11 specialises a function's bytecode only after it has run a few times, and caches fill on first use
(Litestar's routing, parameter parsing and responses, asyncpg's pool, the store's row decoding, the fold, the
page's context and template). `warm_pages` asks the app itself for the state page of a small campaign built
here with the real rules (`synthetic_log`) a few times, in the pages' lifespan: uvicorn takes no request
before the lifespan has started, so no reader ever meets that campaign. The page reads through the real
`EventStore` and `Snapshots`, whose pool is `StandInPool`: the campaign's rows as the database would answer
the page's statements, kept in this process and answering nothing else. Nothing is written anywhere (the
stand-in refuses every write), and the app's own pages' objects are put back before any reader comes: no
answer changes. Beside it, the page's statements go through the real pool a few times for a campaign nobody
has (reads that find nothing).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any, cast

import asyncpg
import msgspec
from litestar import Litestar

from domain.campaign.commands import InviteParticipant
from domain.campaign.decide import CreateCampaign, decide_creation
from domain.campaign.state import CampaignState
from domain.commands import Actor, Command
from domain.errors import DomainError
from domain.events import Event
from projections.recorded import EventMeta, Recorded
from projections.replay import campaign_state
from projections.stamping import stamp
from service import codec, dice_source, queries
from service.commanding import Commander
from service.snapshots import Snapshots
from service.state_cache import StateCache
from service.store import CampaignNotFound, EventStore, Head
from service.tokens import new_token, token_hash
from service.web.badge import INLINE_EVENTS, Badge, BadgeCache
from service.web.common import WebServices

_log = logging.getLogger("lexmechanic")

# Enough runs for the interpreter to specialise every function of the path (CPython 3.11 does after 8 calls
# or so) and a few more; each costs what a warm page costs in the app (≈ 0.6 ms).
RUNS = 12

SEQ_OFFSET = INLINE_EVENTS
_STATS = {"WS": 40, "BS": 45, "S": 42, "T": 44, "Ag": 41, "Int": 40, "Per": 40, "WP": 45, "Fel": 35}
_BOLTER = {"id": "bolter", "name": "Bolter", "weapon_class": "basic", "damage": "1d10+9",
           "damage_type": "explosive", "penetration": 4, "semi": 3, "range_m": 100, "clip": 28}
# What a campaign's log mostly holds: its people, characters, a session, rolls and notes, an encounter's turns.
_COMMANDS: tuple[dict[str, Any], ...] = (
    {"type": "create_character", "character_id": "kai", "owner": "", "name": "Kai", "kind": "pc",
     "sheet": {"characteristics": _STATS, "unnatural": {"S": 4, "T": 4}, "traits": ["space_marine"],
               "wounds": 20, "fate": 3, "armour": {"body": 10, "head": 8}, "weapons": [_BOLTER]}},
    {"type": "create_character", "character_id": "cultists", "name": "Cultists", "kind": "npc",
     "sheet": {"characteristics": {**_STATS, "WS": 30, "BS": 25}, "wounds": 0, "magnitude": 30,
               "armour": {"body": 2}, "weapons": []}},
    {"type": "start_session", "title": "Hive"},
    {"type": "roll", "expression": "2d10+3", "reason": "damage", "character_id": "kai"},
    {"type": "gm_note", "text": "Warboss"},
    {"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai", "cultists"]},
    {"type": "d100_next_turn"},
    {"type": "roll", "expression": "d100", "reason": "awareness"},
    {"type": "d100_next_turn"},
    {"type": "gm_note", "text": "Smoke"},
    {"type": "d100_next_turn"},
    {"type": "d100_end_encounter"},
    {"type": "end_session"},
)


class SyntheticLog(msgspec.Struct, frozen=True, kw_only=True):
    campaign_id: str
    ruleset: str
    records: list[tuple[int, Event, EventMeta]]
    version: int
    # The last event before the encounter ends: the campaign there shows its running encounter.
    encounter_seq: int


def synthetic_log() -> SyntheticLog:
    """A short Deathwatch campaign decided by the real rules (`Commander._decide`, pure), never stored."""
    from service.api.schemas import CommandBody  # the edge's own decoding of a command's body

    campaign_id, ruleset = str(uuid.uuid4()), "deathwatch"
    seed = dice_source.new_seed()
    events = decide_creation(campaign_id, CreateCampaign(name="Warm-up", ruleset=ruleset), "gm",
                             dice_source.commitment(seed))
    base = EventMeta(actor="gm", role="gm", command_id=str(uuid.uuid4()), command_type="create_campaign")
    metas, state = stamp(CampaignState(), events, 1, base)
    records = [(seq, event, meta) for seq, (event, meta) in enumerate(zip(events, metas, strict=True), 1)]
    gm = Actor(participant_id="gm", role="gm")
    player = ""
    encounter_seq = 0
    bodies: Sequence[dict[str, Any] | None] = (None, *_COMMANDS)
    for body in bodies:
        command: Command = (InviteParticipant(name="Ana", role="player") if body is None
                            else msgspec.convert({**body, "owner": player} if "owner" in body else body, CommandBody))
        base = EventMeta(actor="gm", role="gm", command_id=str(uuid.uuid4()), command_type=type(command).__name__)
        decided, fresh = Commander._decide(campaign_id, state.version, state, gm, command, seed, base)
        seed = fresh if fresh is not None else seed
        stamped = zip(decided.events, decided.metas, strict=True)
        records += [(state.version + i, event, meta) for i, (event, meta) in enumerate(stamped, 1)]
        state = decided.after
        if body is None:
            player = getattr(decided.events[0], "participant_id", "")
        if body is not None and body["type"] == "d100_end_encounter":
            encounter_seq = records[-len(decided.events) - 1][0]
    # Numbered as the tail of a long log (`SEQ_OFFSET`): its page defers the verify badge, as the first page
    # of any campaign longer than INLINE_EVENTS does.
    shifted = [(seq + SEQ_OFFSET, event, meta) for seq, event, meta in records]
    return SyntheticLog(campaign_id=campaign_id, ruleset=ruleset, records=shifted,
                        version=shifted[-1][0], encounter_seq=encounter_seq + SEQ_OFFSET)


class _Row:
    """A row as asyncpg gives it: by column name or by position."""

    def __init__(self, names: Sequence[str], values: Sequence[object]) -> None:
        self._names = {name: i for i, name in enumerate(names)}
        self._values = tuple(values)

    def __getitem__(self, key: int | str) -> object:
        return self._values[key if isinstance(key, int) else self._names[key]]


_FOLD_COLUMNS = ("seq", "type", "schema_version", "data", "meta", "state")


class StandInPool:
    """The rows the database would give the state page's statements for one campaign held in memory; nothing
    for any other statement, and no writes at all."""

    def __init__(self, log: SyntheticLog, snapshot_at: int, token_hash: str, projection: str) -> None:
        self._log = log
        self._token_hash = token_hash
        self._projection = projection
        self._uuid = uuid.UUID(log.campaign_id)
        self.head_hash = "0" * 64
        before = [Recorded(seq, event, meta) for seq, event, meta in log.records if seq <= snapshot_at]
        self._snapshot = msgspec.json.encode(campaign_state(before))
        self._snapshot_at = snapshot_at
        self._rows = [
            _Row(_FOLD_COLUMNS, (seq, codec.type_of(event), event.schema_version,
                                 msgspec.json.encode(codec.payload(event)).decode(),
                                 msgspec.json.encode(codec.meta_payload(meta)).decode(), None))
            for seq, event, meta in log.records
        ]

    def _ours(self, campaign: object) -> bool:
        return campaign == self._uuid

    async def fetchrow(self, query: str, *args: object) -> _Row | None:
        if query == queries.SELECT_TOKEN and args == (self._token_hash, self._uuid):
            return _Row(("participant_id", "role"), ("gm", "gm"))
        if query == queries.SELECT_HEAD and self._ours(args[0]):
            return _Row(("ruleset", "version", "head_hash"), (self._log.ruleset, self._log.version,
                                                               self.head_hash))
        return None

    async def fetch(self, query: str, *args: object) -> list[_Row]:
        if query == queries.SELECT_SNAPSHOT_AND_TAIL and args[:2] == (self._uuid, self._projection):
            upto = cast(int, args[2])
            if upto < self._snapshot_at:
                return [row for row in self._rows if cast(int, row[0]) <= upto]
            snapshot = _Row(_FOLD_COLUMNS, (self._snapshot_at, None, None, None, None, self._snapshot))
            return [snapshot, *(row for row in self._rows if self._snapshot_at < cast(int, row[0]) <= upto)]
        return []

    async def fetchval(self, query: str, *args: object) -> object:
        return None

    async def execute(self, query: str, *args: object) -> str:
        raise RuntimeError("the warm-up's campaign lives in memory: nothing is written")


class _Unverified(BadgeCache):
    """The badges of the campaign in memory, whose rows hold no hash chain to check: a page finds its badge
    pending and starts its verification once answered, as for any long log, and that verification finds it
    pending still."""

    def start(self, head: Head) -> asyncio.Task[Badge]:
        return asyncio.create_task(self._pending(head))

    @staticmethod
    async def _pending(head: Head) -> Badge:
        return Badge(version=head.version, head_hash=head.head_hash, pending=True)


async def _get(app: Litestar, path: str, token: str, query: str = "") -> int:
    """One GET through the whole app, as uvicorn hands it a request (status only; the page is dropped)."""
    scope: dict[str, Any] = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
        "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query.encode(),
        "root_path": "", "client": ("127.0.0.1", 0), "server": ("127.0.0.1", 80), "state": {}, "extensions": {},
        "headers": [(b"host", b"127.0.0.1"), (b"accept", b"text/html"),
                    (b"authorization", f"Bearer {token}".encode())],
    }
    sent = False
    status = 0

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(cast(Any, scope), cast(Any, receive), cast(Any, send))
    return status


class Warmed(msgspec.Struct, frozen=True):
    """What the warm-up did: pages answered (200), reads sent to the database, and how long it took."""

    pages: int
    reads: int
    seconds: float


# A campaign id no campaign has (a UUID v4 never has all zeros): the real pool's reads of it find no row.
NOBODY = "00000000-0000-0000-0000-000000000000"


async def _warm_reads(web: WebServices, runs: int) -> int:
    """The page's own statements through the real pool (acquire, run, release: asyncpg's pool is Python), for
    a campaign no one has: reads that find nothing, bounded by `runs`. Answers how many were sent."""
    for _ in range(runs):
        await web.store.token(NOBODY, "")
        with contextlib.suppress(CampaignNotFound):
            await web.store.head(NOBODY)
        await web.snapshots.nearest_with_tail(NOBODY, 1)
    return 3 * runs


async def warm_pages(
    app: Litestar, web: WebServices, install: Callable[[WebServices], None], runs: int = RUNS
) -> Warmed:
    """Ask the app for the state page of a campaign held in memory `runs` times, then give it `web` back.

    `install` puts a pages' services object where the app's pages find theirs (the pages' lifespan owns that
    place): the stand-in's during the warm-up, `web` again after it.

    Only a head start: a page that does not answer 200 stops it (logged), and the server starts all the same."""
    began = time.perf_counter()
    try:
        log = synthetic_log()
    except (DomainError, msgspec.ValidationError) as error:
        # The rules refused the campaign's script (tests/web/test_page_warm_up.py says so first): no head start.
        _log.warning("the state page's warm-up has no campaign to read: %s", error)
        return Warmed(pages=0, reads=0, seconds=time.perf_counter() - began)
    token = new_token()
    pool = StandInPool(log, snapshot_at=SEQ_OFFSET + len(log.records) // 2, token_hash=token_hash(token),
                       projection=web.snapshots.version)
    store = EventStore(cast(asyncpg.Pool, pool))
    stand_in = WebServices(settings=web.settings, store=store, cache=StateCache(store),
                           snapshots=Snapshots(store, version=web.snapshots.version), badges=_Unverified(store),
                           hub=web.hub)
    try:
        reads = await _warm_reads(web, runs)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
        # The database went away while the server started: its first real request meets that as a 503.
        _log.warning("the state page's warm-up read nothing: %s", error)
        reads = 0
    path = f"/ui/campaigns/{log.campaign_id}/state"
    answered = 0
    install(stand_in)
    try:
        for run in range(runs):
            # The head (an ended session), and in turn a point in the running encounter (time travel).
            status = await _get(app, path, token, f"at_seq={log.encounter_seq}" if run % 2 else "")
            if status != 200:
                _log.info("the state page's warm-up stopped: HTTP %s", status)
                break
            answered += 1
    finally:
        install(web)
    return Warmed(pages=answered, reads=reads, seconds=time.perf_counter() - began)


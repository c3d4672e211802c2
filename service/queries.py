"""Every SQL statement the service runs, as named constants with $n parameters."""

INSERT_CAMPAIGN = "INSERT INTO campaigns (campaign_id, ruleset, version, head_hash) VALUES ($1, $2, 0, $3)"
LOCK_HEAD = "SELECT ruleset, version, head_hash FROM campaigns WHERE campaign_id = $1 FOR UPDATE"
SELECT_HEAD = "SELECT ruleset, version, head_hash FROM campaigns WHERE campaign_id = $1"
PING = "SELECT 1"

# One round trip per append: insert the command's events, move the head to the last of them, and
# wake the campaign's live listeners: `notify_live_listeners` (migrations/0009) sends one NOTIFY (a wake-up hint,
# delivered at commit) only if some listening connection registered this campaign or every campaign
# (service/live.py), so an append nobody watches takes no part in PostgreSQL's NOTIFY commit lock.
#
# Every append calls it in the RETURNING of the head's UPDATE: once, only if the head moved, and right after that
# row was written, so the transaction holds its id when the function takes its fresh snapshot (what 0009's
# guarantee needs). There a roll's statement costs PostgreSQL 30–37 µs less (of 330–370; one appender, or eight at
# once, the two forms taking turns) than with the call in a CTE read after the events' insert, as it was.
_INSERT_COLUMNS = """
WITH inserted AS (
    INSERT INTO events (campaign_id, seq, type, schema_version, data, meta, idempotency_key,
                        recorded_at, prev_hash, hash)
"""
_MOVED_AND_WOKEN = """    RETURNING seq, global_position
), moved AS (
    UPDATE campaigns SET version = $11, head_hash = $12 WHERE campaign_id = $1
    RETURNING version, notify_live_listeners($1)
)
SELECT i.seq, i.global_position
  FROM inserted i
 CROSS JOIN (SELECT count(*) FROM moved) AS m
"""
APPEND_EVENTS = _INSERT_COLUMNS + """\
    SELECT $1, e.seq, e.type, e.schema_version, e.data::jsonb, e.meta::jsonb, e.idempotency_key,
           e.recorded_at, e.prev_hash, e.hash
      FROM unnest($2::bigint[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[],
                  $8::timestamptz[], $9::text[], $10::text[])
           AS e(seq, type, schema_version, data, meta, idempotency_key, recorded_at, prev_hash, hash)
""" + _MOVED_AND_WOKEN

# APPEND_EVENTS of one event, its columns $2..$10 as single values (as _INSERTED_ONE_IF_MOVED below says why): a
# forum post's line, a locked command of one event.
APPEND_EVENT = _INSERT_COLUMNS + """\
    SELECT $1, $2::bigint, $3::text, $4::int, $5::text::jsonb, $6::text::jsonb, $7::text, $8::timestamptz,
           $9::text, $10::text
""" + _MOVED_AND_WOKEN

# The optimistic appends' insert: the events ($2..$10 as parallel arrays) only if the head moved (`moved`).
_INSERTED_IF_MOVED = """), inserted AS (
    INSERT INTO events (campaign_id, seq, type, schema_version, data, meta, idempotency_key,
                        recorded_at, prev_hash, hash)
    SELECT moved.campaign_id, e.seq, e.type, e.schema_version, e.data::jsonb, e.meta::jsonb, e.idempotency_key,
           e.recorded_at, e.prev_hash, e.hash
      FROM moved,
           unnest($2::bigint[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[],
                  $8::timestamptz[], $9::text[], $10::text[])
           AS e(seq, type, schema_version, data, meta, idempotency_key, recorded_at, prev_hash, hash)
    RETURNING seq, global_position
"""

# The same insert of one event, its columns $2..$10 as single values: what nearly every optimistic append
# writes (a roll: one event). The same rows as the arrays' unnest of one element (the same casts: the JSON is
# parsed from text into jsonb, which keeps no key order or spacing of the text), without the nine one-element
# arrays the driver would encode and the server unpack: ≈ 15 µs of the service's CPU a command.
_INSERTED_ONE_IF_MOVED = """), inserted AS (
    INSERT INTO events (campaign_id, seq, type, schema_version, data, meta, idempotency_key,
                        recorded_at, prev_hash, hash)
    SELECT moved.campaign_id, $2::bigint, $3::text, $4::int, $5::text::jsonb, $6::text::jsonb, $7::text,
           $8::timestamptz, $9::text, $10::text
      FROM moved
    RETURNING seq, global_position
"""

# The optimistic append (service/store.py says why it is safe): move the head only from the version and
# hash the command was decided against, insert the events only if it moved, and wake listeners only then. In
# autocommit this is one transaction and one round trip; a lost race returns no row and writes nothing.
def _append_if_head(inserted: str) -> str:
    return """
WITH moved AS (
    UPDATE campaigns SET version = $11, head_hash = $12
     WHERE campaign_id = $1 AND version = $13 AND head_hash = $14
    RETURNING campaign_id, notify_live_listeners($1)
""" + inserted + """)
SELECT i.seq, i.global_position
  FROM inserted i
"""


# The optimistic append of a command whose token the process remembers (service/known_tokens.py) instead of
# reading it first: _append_if_head, and the head moves only if the token ($15) still works (SELECT_TOKEN's
# condition) in this statement's snapshot. The token's check is a CTE read once, beside the head's check in
# the UPDATE's WHERE (service/store.py, `append_if_head_and_token`, says why a revocation then stops the
# command as the separate lookup did). It answers at least one row, so that nothing written is told apart:
# whether the token works, the campaign's newest valid share key (SELECT_NEWEST_SHARE_KEY's order) for the
# answer's links, and each inserted event's seq and global position (NULL when nothing was written: the token
# no longer works, or the head moved).
def _append_if_head_and_token(inserted: str) -> str:
    return """
WITH token AS (
    SELECT EXISTS (SELECT FROM access_tokens
                    WHERE token_hash = $15 AND campaign_id = $1 AND revoked_at IS NULL) AS works
), moved AS (
    UPDATE campaigns SET version = $11, head_hash = $12
      FROM token
     WHERE campaign_id = $1 AND version = $13 AND head_hash = $14 AND token.works
    RETURNING campaign_id, notify_live_listeners($1)
""" + inserted + """)
SELECT t.works,
       (SELECT s.key FROM share_links s WHERE s.campaign_id = $1 AND s.revoked_at IS NULL
         ORDER BY s.created_at DESC, s.link_id LIMIT 1) AS share_key,
       i.seq, i.global_position
  FROM token t
  LEFT JOIN inserted i ON true
"""


APPEND_EVENTS_IF_HEAD = _append_if_head(_INSERTED_IF_MOVED)
APPEND_EVENTS_IF_HEAD_AND_TOKEN = _append_if_head_and_token(_INSERTED_IF_MOVED)
# Of one event (_INSERTED_ONE_IF_MOVED): the warm roll's statements.
APPEND_IF_HEAD = _append_if_head(_INSERTED_ONE_IF_MOVED)
APPEND_IF_HEAD_AND_TOKEN = _append_if_head_and_token(_INSERTED_ONE_IF_MOVED)

# After a lost race: the head and the events after a seq up to it, in one statement (one snapshot, so the
# tail is exactly the events the head names). One row with a null seq when there is no tail.
SELECT_HEAD_AND_TAIL = """
SELECT c.ruleset, c.version, c.head_hash, e.seq, e.type, e.schema_version, e.data::text, e.meta::text
  FROM campaigns c
  LEFT JOIN events e ON e.campaign_id = c.campaign_id AND e.seq > $2 AND e.seq <= c.version
 WHERE c.campaign_id = $1
 ORDER BY e.seq
"""

_STORED_COLUMNS = """campaign_id::text AS campaign_id, seq, global_position, type, schema_version,
       data::text AS data, meta::text AS meta, idempotency_key, recorded_at, prev_hash, hash"""

# A key is its sender's (migrations/0005): the command one participant sent under it.
SELECT_COMMAND_BY_KEY = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1
   AND meta ->> 'command_id' = (SELECT meta ->> 'command_id' FROM events
                                 WHERE campaign_id = $1 AND idempotency_key = $2 AND meta ->> 'actor' = $3)
 ORDER BY seq
"""
# The other participants who sent something under a key, first sender first.
SELECT_OTHER_KEY_HOLDERS = """
SELECT meta ->> 'actor' AS actor FROM events
 WHERE campaign_id = $1 AND idempotency_key = $2 AND meta ->> 'actor' <> $3
 ORDER BY seq
"""
# Every event a forum post wrote through POST /posts (one unit of several commands), by its id and author.
SELECT_UNIT_OF_POST = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND meta -> 'post' ->> 'id' = $2 AND meta ->> 'actor' = $3 AND meta ? 'line'
 ORDER BY seq
"""
SELECT_STORED_RANGE = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND seq > $2 AND seq <= $3
 ORDER BY seq
 LIMIT $4
"""
SELECT_ONE_STORED = f"SELECT {_STORED_COLUMNS} FROM events WHERE campaign_id = $1 AND seq = $2"
SELECT_COMMAND_OF_SEQ = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1
   AND meta ->> 'command_id' = (SELECT meta ->> 'command_id' FROM events WHERE campaign_id = $1 AND seq = $2)
 ORDER BY seq
"""
SELECT_FOLD_ROWS = """
SELECT seq, type, schema_version, data::text, meta::text FROM events
 WHERE campaign_id = $1 AND seq > $2 AND seq <= $3
 ORDER BY seq
"""
# A transcript's page: the fold's columns and the time each event was recorded (the exact hashed text).
SELECT_FOLD_ROWS_WITH_TIMES = """
SELECT seq, type, schema_version, data::text, meta::text, recorded_at FROM events
 WHERE campaign_id = $1 AND seq > $2 AND seq <= $3
 ORDER BY seq
 LIMIT $4
"""
# The corrections (undo, redo, retract, reinstate) from a seq on, with the time each was recorded: few, and
# what marks events voided (which events of a span were undone later; every undone mark of a page).
SELECT_CORRECTIONS_FROM = """
SELECT seq, type, schema_version, data::text, meta::text, recorded_at FROM events
 WHERE campaign_id = $1 AND seq >= $2 AND type = ANY($3::text[])
 ORDER BY seq
"""
SELECT_TYPES = "SELECT seq, type FROM events WHERE campaign_id = $1 AND seq = ANY($2::bigint[])"

# The timeline pages (service/web/timeline_page.py), with a keyset on seq (the primary key's second column): a
# page costs its own rows however long the campaign is, never an OFFSET over everything before it. Each filter
# is optional (NULL: any); the character filter matches events that name the character anywhere in their
# data, or that happened in that character's turn; the encounter filter, the events of its turns and the
# undoing and redoing of its turns (structural events, never stamped with a turn, yet what explains its struck
# rows).
_TIMELINE_FILTERS = """
   AND ($4::text IS NULL OR meta ->> 'session' = $4)
   AND ($5::text IS NULL OR meta ->> 'encounter' = $5
        OR (type = ANY($8::text[]) AND data ->> 'encounter' = $5))
   AND ($6::text IS NULL OR type = $6)
   AND ($7::text IS NULL OR meta ->> 'turn_character' = $7
        OR jsonb_path_exists(data, '$.** ? (@ == $c)', jsonb_build_object('c', $7::text)))
"""
# Matching events after seq $2 and before seq $3, oldest first, at most $9 ($8: the types of the corrections of
# an encounter's turns, which the encounter filter matches by their data).
TIMELINE_FORWARD = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND seq > $2 AND seq < $3 {_TIMELINE_FILTERS}
 ORDER BY seq
 LIMIT $9
"""
# The same, newest first (the page before a seq; the store puts it back in order).
TIMELINE_BACKWARD = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND seq > $2 AND seq < $3 {_TIMELINE_FILTERS}
 ORDER BY seq DESC
 LIMIT $9
"""
# Whether any matching event lies beyond a page's edge (for its "older" and "newer" links).
TIMELINE_ANY = f"""
SELECT EXISTS (SELECT 1 FROM events WHERE campaign_id = $1 AND seq > $2 AND seq < $3 {_TIMELINE_FILTERS})
"""
# The forum posts of a campaign with their last seq, newest first (the compare page's choices).
SELECT_POSTS = """
SELECT meta -> 'post' ->> 'id' AS post_id, max(seq) AS last_seq FROM events
 WHERE campaign_id = $1 AND meta -> 'post' ->> 'id' IS NOT NULL
 GROUP BY 1 ORDER BY 2 DESC
 LIMIT $2
"""

# The global feed in commit-safe order: only rows of transactions older than every transaction still
# running are handed out, so a row committed late can never land behind a reader's cursor. Rows are
# ordered and compared on the xid8 column itself: its text (the cursor's spelling) sorts "1000" before
# "999", which would hand out rows out of order at every power of ten and skip them after.
SELECT_FEED = f"""
SELECT events.xact_id::text AS xact_text, {_STORED_COLUMNS} FROM events
 WHERE (events.xact_id, events.global_position) > ($1::text::xid8, $2::bigint)
   AND events.xact_id < pg_snapshot_xmin(pg_current_snapshot())
 ORDER BY events.xact_id, events.global_position
 LIMIT $3
"""

INSERT_SEED = "INSERT INTO dice_epochs (campaign_id, epoch, seed, commitment) VALUES ($1, $2, $3, $4)"
SELECT_SEED = "SELECT seed FROM dice_epochs WHERE campaign_id = $1 AND epoch = $2"

INSERT_TOKEN = """
INSERT INTO access_tokens (token_hash, campaign_id, participant_id, role) VALUES ($1, $2, $3, $4)
"""
# A revoked token is never accepted again. Read on every request but a command's on the optimistic path with a
# token its process remembers, whose append checks the same condition itself (APPEND_IF_HEAD_AND_TOKEN), so a
# revocation committed by any process is seen by the next request of every other one.
SELECT_TOKEN = """
SELECT participant_id, role FROM access_tokens WHERE token_hash = $1 AND campaign_id = $2 AND revoked_at IS NULL
"""
# The command path's one read before its append: the token's participant and role, and the campaign's newest
# valid share key for the answer's links (SELECT_NEWEST_SHARE_KEY's order), in one round trip, not two.
SELECT_TOKEN_AND_SHARE_KEY = """
SELECT t.participant_id, t.role,
       (SELECT s.key FROM share_links s WHERE s.campaign_id = $2 AND s.revoked_at IS NULL
         ORDER BY s.created_at DESC, s.link_id LIMIT 1) AS share_key
  FROM access_tokens t WHERE t.token_hash = $1 AND t.campaign_id = $2 AND t.revoked_at IS NULL
"""
# Every token of the participant still valid stops working (a revocation, or a rotation before its new token).
REVOKE_TOKENS_OF = """
UPDATE access_tokens SET revoked_at = now() WHERE campaign_id = $1 AND participant_id = $2 AND revoked_at IS NULL
"""

# Web sessions (docs/web.md, "Signing in"): the cookie's session id, kept only as its sha256.
INSERT_WEB_SESSION = """
INSERT INTO web_sessions (campaign_id, session_hash, participant_id, role, expires_at)
VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
"""
# A session opens reads while it has not expired and its participant still holds a token that works (a
# revocation deletes the participant's sessions too, in its own transaction; this is the second lock).
SELECT_WEB_SESSION = """
SELECT s.participant_id, s.role FROM web_sessions s
 WHERE s.campaign_id = $1 AND s.session_hash = $2 AND s.expires_at > now()
   AND EXISTS (SELECT FROM access_tokens t WHERE t.campaign_id = s.campaign_id
                  AND t.participant_id = s.participant_id AND t.revoked_at IS NULL)
"""
DELETE_WEB_SESSION = "DELETE FROM web_sessions WHERE campaign_id = $1 AND session_hash = $2"
DELETE_WEB_SESSIONS_OF = "DELETE FROM web_sessions WHERE campaign_id = $1 AND participant_id = $2"
# Before a sign-in: the participant's ended sessions go, and its oldest live ones beyond the newest $3 - 1,
# so a participant holds at most $3 sessions whatever it sends.
PRUNE_WEB_SESSIONS = """
DELETE FROM web_sessions WHERE campaign_id = $1 AND participant_id = $2
   AND (expires_at <= now() OR session_hash NOT IN (
        SELECT session_hash FROM web_sessions WHERE campaign_id = $1 AND participant_id = $2 AND expires_at > now()
         ORDER BY created_at DESC, session_hash LIMIT $3 - 1))
"""

SELECT_EPOCH_FACT = """
SELECT data::text FROM events
 WHERE campaign_id = $1 AND type = $2 AND (data ->> 'epoch')::int = $3
 ORDER BY seq LIMIT 1
"""

SELECT_SNAPSHOT_AT_OR_BEFORE = """
SELECT seq, state FROM snapshots
 WHERE campaign_id = $1 AND projection = $2 AND seq <= $3
 ORDER BY seq DESC LIMIT 1
"""
# Time travel in one round trip: the latest snapshot at or before $3 (if any; its row first, with the state)
# and the events after it up to $3, in the fold's columns (`service/snapshots.py`, `Snapshots.state_at`). The
# snapshot's seq is below every event's of the tail, so ordering by seq puts its row first.
SELECT_SNAPSHOT_AND_TAIL = """
WITH snap AS (
    SELECT seq, state FROM snapshots
     WHERE campaign_id = $1 AND projection = $2 AND seq <= $3
     ORDER BY seq DESC LIMIT 1
)
SELECT seq, NULL::text AS type, NULL::int AS schema_version, NULL::text AS data, NULL::text AS meta, state
  FROM snap
UNION ALL
SELECT seq, type, schema_version, data::text, meta::text, NULL::bytea FROM events
 WHERE campaign_id = $1 AND seq > COALESCE((SELECT seq FROM snap), 0) AND seq <= $3
 ORDER BY seq
"""
INSERT_SNAPSHOT = """
INSERT INTO snapshots (campaign_id, projection, seq, state) VALUES ($1, $2, $3, $4)
ON CONFLICT DO NOTHING
"""
DELETE_STALE_SNAPSHOTS = "DELETE FROM snapshots WHERE campaign_id = $1 AND projection <> $2"
SELECT_CAMPAIGNS = "SELECT campaign_id::text, version FROM campaigns ORDER BY created_at"

SELECT_LAST_SEQ_OF_POST = "SELECT max(seq) FROM events WHERE campaign_id = $1 AND meta -> 'post' ->> 'id' = $2"
SELECT_LAST_SEQ_OF_TURN = """
SELECT max(seq) FROM events
 WHERE campaign_id = $1 AND meta ->> 'encounter' = $2
   AND (meta ->> 'round')::int = $3 AND (meta ->> 'turn')::int = $4
"""
SELECT_SEQ_RANGE_OF_ENCOUNTER = """
SELECT min(seq), max(seq) FROM events WHERE campaign_id = $1 AND meta ->> 'encounter' = $2
"""
SELECT_SEQ_RANGE_OF_SESSION = """
SELECT min(seq), max(seq) FROM events WHERE campaign_id = $1 AND meta ->> 'session' = $2
"""

# The epochs' commitments and reveals, for the first pass of a verification (a partial index keeps
# this to a handful of rows however long the campaign is).
# The reveal of a sealed roll (docs/fairness.md, "Secret rolls"), for its proof: the event of that type naming it.
SELECT_SECRET_REVEAL = """
SELECT seq FROM events
 WHERE campaign_id = $1 AND type = 'secret_roll_revealed' AND seq > $2 AND data ->> 'roll' = $2::text
 ORDER BY seq
 LIMIT 1
"""
SELECT_EPOCH_EVENTS = """
SELECT seq, type, data::text AS data FROM events
 WHERE campaign_id = $1 AND type IN ('dice_seed_committed', 'dice_seed_revealed')
 ORDER BY seq
"""
# The contributions to an epoch recorded before a seq (dice algorithm 2), for a roll's proof: the latest few
# (newest first, read backwards along the events_entropy index from the roll, so an epoch's size does not
# matter), how many there are, and all of them a page at a time.
SELECT_LATEST_CONTRIBUTIONS_BEFORE = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND type = 'entropy_contributed' AND (data ->> 'epoch')::int = $2 AND seq < $3
 ORDER BY seq DESC
 LIMIT $4
"""
COUNT_CONTRIBUTIONS_BEFORE = """
SELECT count(*) FROM events
 WHERE campaign_id = $1 AND type = 'entropy_contributed' AND (data ->> 'epoch')::int = $2 AND seq < $3
"""
SELECT_CONTRIBUTIONS_PAGE = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND type = 'entropy_contributed' AND (data ->> 'epoch')::int = $2 AND seq < $3
   AND seq > $4
 ORDER BY seq
 LIMIT $5
"""

# Share links are created one at a time per campaign (a transaction-scoped advisory lock of its own, not the
# head lock: creating a link is not an event), so the count of valid links the quota reads stays true until
# the insert commits.
LOCK_SHARE_LINKS = "SELECT pg_advisory_xact_lock(hashtextextended('lexmechanic share links ' || $1::text, 0))"
COUNT_VALID_SHARE_LINKS = "SELECT count(*) FROM share_links WHERE campaign_id = $1 AND revoked_at IS NULL"
INSERT_SHARE_LINK = """
INSERT INTO share_links (campaign_id, link_id, key, label, created_by) VALUES ($1, $2, $3, $4, $5)
RETURNING created_at
"""
SELECT_SHARE_LINKS = """
SELECT link_id, key, label, created_by, created_at, revoked_at FROM share_links
 WHERE campaign_id = $1 ORDER BY created_at, link_id
"""
# A revocation wakes the campaign's live streams (the events' channel, if any stream is registered) at commit:
# each asks again whether its reader may still read (service/web/reader_pass.py) and one on the revoked link
# ends at once.
REVOKE_SHARE_LINK = """
WITH revoked AS (
    UPDATE share_links SET revoked_at = now() WHERE campaign_id = $1 AND link_id = $2 AND revoked_at IS NULL
    RETURNING revoked_at
)
SELECT revoked.revoked_at FROM revoked CROSS JOIN (SELECT notify_live_listeners($1) FROM revoked) AS n
"""
SELECT_SHARE_KEY = """
SELECT link_id FROM share_links WHERE campaign_id = $1 AND key = $2 AND revoked_at IS NULL
"""
# The link permalinks carry: the newest one still valid.
SELECT_NEWEST_SHARE_KEY = """
SELECT key FROM share_links WHERE campaign_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, link_id LIMIT 1
"""

# The events of one mission that rolled dice (its leader's selection, …), for the report's proofs.
SELECT_MISSION_ROLLS = """
SELECT seq FROM events
 WHERE campaign_id = $1 AND data ->> 'mission_id' = $2 AND meta ? 'dice' AND seq <= $3
 ORDER BY seq
"""

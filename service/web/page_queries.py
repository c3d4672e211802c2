"""The SQL of the web pages, as named constants with $n parameters.

The timeline pages with a keyset on seq (the primary key's second column): a page costs its own rows
however long the campaign is, never an OFFSET over everything before it. Each filter is optional
(NULL: any); the character filter matches events that name the character anywhere in their data, or
that happened in that character's turn; the encounter filter, the events of its turns and the undoing and
redoing of its turns (structural events, never stamped with a turn, yet what explains its struck rows).
"""

from __future__ import annotations

_STORED_COLUMNS = """campaign_id::text AS campaign_id, seq, global_position, type, schema_version,
       data::text AS data, meta::text AS meta, idempotency_key, recorded_at, prev_hash, hash"""

_FILTERS = """
   AND ($4::text IS NULL OR meta ->> 'session' = $4)
   AND ($5::text IS NULL OR meta ->> 'encounter' = $5
        OR (type IN ('turn_undone', 'turn_redone') AND data ->> 'encounter' = $5))
   AND ($6::text IS NULL OR type = $6)
   AND ($7::text IS NULL OR meta ->> 'turn_character' = $7
        OR jsonb_path_exists(data, '$.** ? (@ == $c)', jsonb_build_object('c', $7::text)))
"""

# Events after seq $2 and before seq $3, oldest first, at most $8.
TIMELINE_FORWARD = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND seq > $2 AND seq < $3 {_FILTERS}
 ORDER BY seq
 LIMIT $8
"""
# The same, newest first (the page before a seq; the caller puts it back in order).
TIMELINE_BACKWARD = f"""
SELECT {_STORED_COLUMNS} FROM events
 WHERE campaign_id = $1 AND seq > $2 AND seq < $3 {_FILTERS}
 ORDER BY seq DESC
 LIMIT $8
"""
# Whether any matching event lies beyond a page's edge (for its "older" and "newer" links).
TIMELINE_ANY = f"""
SELECT EXISTS (SELECT 1 FROM events WHERE campaign_id = $1 AND seq > $2 AND seq < $3 {_FILTERS}
               AND $8::int IS NOT NULL)
"""

# Every correction of the campaign (undo, redo, retract, reinstate): few, and what marks events undone.
# The list is the store's voiding and restoring event types (tests/web checks it against the codec).
CORRECTION_TYPES = ("events_retracted", "events_reinstated", "turn_undone", "turn_redone")
SELECT_CORRECTIONS = """
SELECT seq, type, schema_version, data::text, meta::text, recorded_at FROM events
 WHERE campaign_id = $1 AND type = ANY($2::text[])
 ORDER BY seq
"""

# The forum posts of a campaign with their last seq, newest first (the compare form's choices).
SELECT_POSTS = """
SELECT meta -> 'post' ->> 'id' AS post_id, max(seq) AS last_seq FROM events
 WHERE campaign_id = $1 AND meta -> 'post' ->> 'id' IS NOT NULL
 GROUP BY 1 ORDER BY 2 DESC
 LIMIT $2
"""

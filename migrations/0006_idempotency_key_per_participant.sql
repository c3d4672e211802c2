-- An idempotency key (a forum post's id, or an Idempotency-Key header) is its sender's, not the whole
-- campaign's. Forum post ids are predictable (the next is the last plus one): with one key per campaign a
-- player could record a post under the id of the GM's next post, and the GM's real post was then refused
-- as "already recorded" (issue 18). A retry is the same participant sending the same key again, so the key
-- is unique per (campaign, key, participant); another participant's post with the same id is their own.
-- The participant is the envelope's `meta ->> 'actor'`, which every event carries. Keys stay as they were
-- stored (they are hashed into the chain): every stored event satisfies the new index, since it is looser.
-- campaign_id stays first (migrations/0004: every unique index includes it), then the key, so the lookup
-- of a key across participants (to name who else holds it) uses the same index.
CREATE UNIQUE INDEX events_idempotency_key_per_actor ON events (campaign_id, idempotency_key, (meta ->> 'actor'))
    WHERE idempotency_key IS NOT NULL;
DROP INDEX events_idempotency_key;

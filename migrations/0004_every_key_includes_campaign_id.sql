-- Every primary key and every unique index includes campaign_id, so that the schema can be distributed
-- by campaign on Citus (docs/scaling.md): each shard enforces a unique index on its own rows only, so
-- a uniqueness that does not include the distribution column cannot be enforced there.
-- tests/service/test_schema_rules.py checks the rule on the migrated database.

-- A token belongs to one campaign and is only ever looked up together with it (the campaign in the
-- request's path), so its key is (campaign_id, token_hash). That key also serves the lookups of a
-- campaign's tokens, so the separate index on campaign_id goes.
ALTER TABLE access_tokens DROP CONSTRAINT access_tokens_pkey;
ALTER TABLE access_tokens ADD CONSTRAINT access_tokens_pkey PRIMARY KEY (campaign_id, token_hash);
DROP INDEX access_tokens_campaign;

-- global_position is a GENERATED ALWAYS identity: unique by construction (on Citus, a bigint identity of
-- a distributed table draws from a distinct range on each node). Nothing looks an event up by it alone
-- (the feed reads through events_feed_order), so its unique index only cost every append an index entry.
DROP INDEX events_global_position;

-- Least privilege for the service, share links for forum readers, and indexes for verification.
-- See docs/event-store.md ("Roles") and docs/api.md ("Share links").

-- Read-only capability URLs a GM hands to forum readers: `?share=<key>` lets anyone read what an
-- observer reads, nothing more, until the GM revokes the link. The key is kept as it was issued (not
-- hashed, unlike bearer tokens): it grants only reads of this campaign, which anyone who can read this
-- table can already do, and the service must put it into the permalinks it writes.
CREATE TABLE share_links (
    campaign_id  uuid NOT NULL REFERENCES campaigns (campaign_id),
    link_id      text NOT NULL,
    key          text NOT NULL CHECK (length(key) >= 32),
    label        text,
    created_by   text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    revoked_at   timestamptz,
    PRIMARY KEY (campaign_id, link_id)
);
CREATE UNIQUE INDEX share_links_key ON share_links (campaign_id, key);

-- The first pass of a verification reads the epochs' commitments and reveals, and a roll's proof the
-- entropy contributed before it: a handful of rows in any campaign, found without reading the rest.
CREATE INDEX events_dice_epochs ON events (campaign_id, seq)
    WHERE type IN ('dice_seed_committed', 'dice_seed_revealed');
CREATE INDEX events_entropy ON events (campaign_id, seq) WHERE type = 'entropy_contributed';

-- The role the service connects as. It may read and append events but never change or remove them:
-- without UPDATE, DELETE or TRUNCATE on `events`, and owning nothing, it can neither disable the
-- triggers nor (not being a superuser) set session_replication_role to skip them. Roles belong to the
-- whole server, so a second database on the same server reuses it. A managed server whose migration
-- user may not create roles runs the same statements by hand first (docs/event-store.md).
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'lexmechanic_app') THEN
        IF NOT (SELECT rolcreaterole OR rolsuper FROM pg_roles WHERE rolname = current_user) THEN
            RAISE EXCEPTION 'role lexmechanic_app does not exist and % may not create it', current_user
                USING HINT = 'run CREATE ROLE lexmechanic_app LOGIN PASSWORD ''...'' as an administrator '
                             '(docs/event-store.md, "Roles"), then migrate again';
        END IF;
        CREATE ROLE lexmechanic_app LOGIN;
    END IF;
END
$$;

-- Exactly what the service's statements need (service/queries.py); every later migration that adds a
-- table grants on it here too.
GRANT SELECT, INSERT ON events TO lexmechanic_app;
GRANT SELECT, INSERT, UPDATE (version, head_hash) ON campaigns TO lexmechanic_app;
GRANT SELECT, INSERT ON dice_epochs TO lexmechanic_app;
GRANT SELECT, INSERT ON access_tokens TO lexmechanic_app;
GRANT SELECT, INSERT, DELETE ON snapshots TO lexmechanic_app;
GRANT SELECT, INSERT, UPDATE (revoked_at) ON share_links TO lexmechanic_app;
GRANT SELECT ON schema_migrations TO lexmechanic_app;

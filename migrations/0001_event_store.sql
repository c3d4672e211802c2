-- The campaign event store: one gap-free stream per campaign, append-only, hash-chained.
-- See docs/event-store.md for why each piece is here.

-- The head row of each campaign's stream. Appends lock it (SELECT ... FOR UPDATE), which serialises
-- the writers of one campaign so that seqs are gap-free and the hash chain is linear, while writers
-- of different campaigns never wait for each other.
CREATE TABLE campaigns (
    campaign_id  uuid PRIMARY KEY,
    ruleset      text NOT NULL,
    version      bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
    head_hash    text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
    campaign_id      uuid NOT NULL REFERENCES campaigns (campaign_id),
    seq              bigint NOT NULL CHECK (seq >= 1),
    global_position  bigint GENERATED ALWAYS AS IDENTITY,
    type             text NOT NULL,
    schema_version   integer NOT NULL CHECK (schema_version >= 1),
    data             jsonb NOT NULL,
    meta             jsonb NOT NULL,
    idempotency_key  text,
    recorded_at      timestamptz NOT NULL,
    prev_hash        text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
    hash             text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
    -- The writing transaction: the global feed only hands out rows of transactions older than every
    -- transaction still running, so a slow commit can never be skipped by a reader.
    xact_id          xid8 NOT NULL DEFAULT pg_current_xact_id(),
    PRIMARY KEY (campaign_id, seq)
);

CREATE UNIQUE INDEX events_idempotency_key ON events (campaign_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE UNIQUE INDEX events_global_position ON events (global_position);
CREATE INDEX events_feed_order ON events (xact_id, global_position);
CREATE INDEX events_command ON events (campaign_id, (meta ->> 'command_id'));

-- Nothing is ever rewritten or lost: the database itself refuses to change history.
CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only: % is not allowed on the events table', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER events_no_update_or_delete
    BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_immutable();

-- Row triggers do not fire on TRUNCATE; a statement trigger does.
CREATE TRIGGER events_no_truncate
    BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable();

-- Secret dice seeds, one per epoch, kept outside the event log until revealed by an event.
CREATE TABLE dice_epochs (
    campaign_id  uuid NOT NULL REFERENCES campaigns (campaign_id),
    epoch        integer NOT NULL CHECK (epoch >= 1),
    seed         bytea NOT NULL CHECK (length(seed) = 32),
    commitment   text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, epoch)
);

-- Bearer tokens, stored only as sha256 hashes; the plain token is shown once.
CREATE TABLE access_tokens (
    token_hash      text PRIMARY KEY,
    campaign_id     uuid NOT NULL REFERENCES campaigns (campaign_id),
    participant_id  text NOT NULL,
    role            text NOT NULL CHECK (role IN ('gm', 'player', 'observer')),
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX access_tokens_campaign ON access_tokens (campaign_id);

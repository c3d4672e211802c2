-- Webhook subscriptions: notifications out (docs/api.md, "Webhooks"; docs/architecture.md says why the
-- event log itself is the outbox).
--
-- No delivery table: every event is already committed in order, in the same transaction as the command
-- that caused it, so the log is the outbox. A subscription keeps a cursor, the seq of the campaign's last
-- event it has dealt with (delivered, or skipped as not wanted); the worker of any process advances it only
-- after the receiver answered 2xx. A lease (`leased_until`, `lease_owner`) says which process delivers a
-- subscription now: claimed by an UPDATE over a SELECT ... FOR UPDATE SKIP LOCKED, held in no transaction
-- during the HTTP call, and taken over by any process once it has run out (a process killed mid-delivery).
CREATE TABLE webhooks (
    campaign_id        uuid NOT NULL REFERENCES campaigns (campaign_id),
    webhook_id         text NOT NULL,
    url                text NOT NULL,
    kinds              text[] NOT NULL,
    format             text NOT NULL CHECK (format IN ('json', 'discord', 'slack')),
    lang               text NOT NULL CHECK (lang IN ('en', 'es')),
    -- The key the service signs each delivery with (generic JSON): kept as issued, since the service must
    -- use it; shown to the GM once, when the subscription is created.
    secret             text NOT NULL,
    created_by         text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    delivered_seq      bigint NOT NULL CHECK (delivered_seq >= 0),
    failures           integer NOT NULL DEFAULT 0,
    next_attempt_at    timestamptz NOT NULL DEFAULT now(),
    last_attempt_at    timestamptz,
    last_delivered_at  timestamptz,
    last_error         text,
    paused_at          timestamptz,
    paused_reason      text,
    leased_until       timestamptz,
    lease_owner        text,
    PRIMARY KEY (campaign_id, webhook_id)
);
-- The worker's question, "which live subscriptions are due": a few rows per campaign, read by time.
CREATE INDEX webhooks_due ON webhooks (next_attempt_at) WHERE paused_at IS NULL;

GRANT SELECT, INSERT, DELETE ON webhooks TO lexmechanic_app;
GRANT UPDATE (delivered_seq, failures, next_attempt_at, last_attempt_at, last_delivered_at, last_error,
              paused_at, paused_reason, leased_until, lease_owner) ON webhooks TO lexmechanic_app;

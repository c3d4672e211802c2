-- Who listens for the live wake-ups (service/live.py), so that an append sends its NOTIFY only when some
-- listening connection wants it. PostgreSQL serialises every committing transaction that sent a NOTIFY on one
-- database-wide lock held until its commit record is flushed (docs/performance.md), so an append nobody
-- watches should not send one.
--
-- One row per listening connection and campaign it wakes readers of; `campaign_id` NULL is "every campaign"
-- (a listener of everything; the webhook worker registers only the campaigns it has subscriptions of). A
-- connection is named by its backend pid and that backend's start time (pg_stat_activity), so a pid the
-- server hands to a new backend after a crash or a kill does not keep a dead listener's rows alive: each hub
-- deletes the rows whose backend no longer exists when it connects.
--
-- Not campaign data in migration 0004's sense (docs/scaling.md, "Exceptions"): a row names a backend of the
-- server the listeners connect to (on Citus, the coordinator), and the NULL row belongs to no campaign, so the
-- table has no primary key and stays a small local table of the coordinator, with no foreign key to the
-- distributed `campaigns`. Its keys: one row per connection and campaign, and one "every campaign" row per
-- connection (NULLs are distinct in a unique index, hence the partial index for that row).
CREATE TABLE live_listeners (
    campaign_id    uuid,
    backend_pid    integer NOT NULL,
    backend_start  timestamptz NOT NULL,
    registered_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX live_listeners_key ON live_listeners (campaign_id, backend_pid, backend_start);
CREATE UNIQUE INDEX live_listeners_every ON live_listeners (backend_pid, backend_start) WHERE campaign_id IS NULL;

-- The append's wake-up (service/queries.py): NOTIFY only if a listener wants this campaign. A VOLATILE PL/pgSQL
-- function, so its query takes a fresh snapshot when it runs, after the append's statement has written (and so
-- holds a transaction id), rather than the snapshot the statement started with: a registration committed
-- before that moment is always seen, and an append that did not see one was still running when it committed,
-- which is what the hub waits out after registering (service/live.py) before its readers read.
CREATE FUNCTION notify_live_listeners(campaign uuid) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF EXISTS (SELECT FROM live_listeners WHERE campaign_id = campaign)
       OR EXISTS (SELECT FROM live_listeners WHERE campaign_id IS NULL) THEN
        PERFORM pg_notify('lexmechanic_events', campaign::text);
    END IF;
END
$$;

REVOKE EXECUTE ON FUNCTION notify_live_listeners(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION notify_live_listeners(uuid) TO lexmechanic_app;
-- The hubs insert and delete their own rows, and delete the rows of backends that no longer exist.
GRANT SELECT, INSERT, DELETE ON live_listeners TO lexmechanic_app;

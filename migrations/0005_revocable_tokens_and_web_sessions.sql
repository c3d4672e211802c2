-- Revocable participant tokens, and the web sessions a browser's sign-in cookie names.
-- See docs/api.md ("Participants' tokens") and docs/web.md ("Signing in").

-- A GM revokes or rotates a participant's token: the row stays (who held which token, and until when),
-- marked revoked; a revoked token is never accepted again. The service only ever sets the mark, once.
ALTER TABLE access_tokens ADD COLUMN revoked_at timestamptz;

-- A browser's sign-in: the cookie carries a random session id, never a token; only its sha256 is kept.
-- A session opens reads only (the pages and the live stream of its campaign, as its participant), until
-- it expires, its reader signs out, or the participant's token is revoked or rotated (the same
-- transaction as the event that says so deletes the participant's sessions). Sessions are not history:
-- the service deletes them when they end, and deletes a participant's expired ones when it signs in again.
CREATE TABLE web_sessions (
    campaign_id     uuid NOT NULL REFERENCES campaigns (campaign_id),
    session_hash    text NOT NULL CHECK (session_hash ~ '^[0-9a-f]{64}$'),
    participant_id  text NOT NULL,
    role            text NOT NULL CHECK (role IN ('gm', 'player', 'observer')),
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    PRIMARY KEY (campaign_id, session_hash)
);
CREATE INDEX web_sessions_participant ON web_sessions (campaign_id, participant_id);

GRANT UPDATE (revoked_at) ON access_tokens TO lexmechanic_app;
GRANT SELECT, INSERT, DELETE ON web_sessions TO lexmechanic_app;

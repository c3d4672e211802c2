-- Snapshots of folded state, so reading any point of a long campaign costs a snapshot plus a short
-- tail. They are a cache keyed by the projection version: a new version ignores the old ones and
-- `lexmechanic rebuild` replaces them. Deleting snapshots never loses anything: events are the truth.
CREATE TABLE snapshots (
    campaign_id  uuid NOT NULL REFERENCES campaigns (campaign_id),
    projection   text NOT NULL,
    seq          bigint NOT NULL CHECK (seq >= 1),
    state        bytea NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, projection, seq)
);

-- Time travel by forum post and by encounter turn.
CREATE INDEX events_post_id ON events (campaign_id, (meta -> 'post' ->> 'id'));
CREATE INDEX events_encounter_turn ON events (campaign_id, (meta ->> 'encounter'), seq);
CREATE INDEX events_session ON events (campaign_id, (meta ->> 'session'), seq);

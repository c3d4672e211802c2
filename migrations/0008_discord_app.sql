-- The Discord app (docs/discord.md): which campaign a channel is bound to, which participant a Discord user
-- is in a campaign, and the interaction ids already answered (replays refused).

-- A channel is bound to one campaign by its GM (`/lx bind`), so the key is the channel alone: a binding is
-- looked up from an interaction before any campaign is known. Not campaign data in migration 0004's sense:
-- a few rows, read on every interaction, it is a Citus reference table (docs/scaling.md, "Exceptions"),
-- hence no foreign key to the distributed campaigns table; the service writes campaign ids it has read.
CREATE TABLE discord_channels (
    channel_id   text PRIMARY KEY CHECK (channel_id ~ '^[0-9]{1,20}$'),
    campaign_id  uuid NOT NULL,
    guild_id     text CHECK (guild_id ~ '^[0-9]{1,20}$'),
    bound_by     text NOT NULL,
    bound_at     timestamptz NOT NULL DEFAULT now()
);

-- A Discord user linked to a participant of one campaign (`/lx link token:…`): the token is never kept, only
-- which token row it matched (its sha256, as access_tokens keys it), so a GM's revoking or rotating that token
-- ends the link too (a leaked token's links die with it). A user may be linked in several campaigns.
CREATE TABLE discord_links (
    campaign_id      uuid NOT NULL REFERENCES campaigns (campaign_id),
    discord_user_id  text NOT NULL CHECK (discord_user_id ~ '^[0-9]{1,20}$'),
    token_hash       text NOT NULL,
    linked_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, discord_user_id),
    FOREIGN KEY (campaign_id, token_hash) REFERENCES access_tokens (campaign_id, token_hash)
);

-- Interaction ids answered in the last minutes: Discord signs an interaction once, so the same id again is a
-- replay (refused); a signature is only accepted within 5 minutes of its timestamp, so older rows are
-- deleted as new ones arrive. Not campaign data (a PING has no campaign): a local table of the coordinator.
CREATE TABLE discord_interactions (
    interaction_id  text PRIMARY KEY CHECK (interaction_id ~ '^[0-9]{1,20}$'),
    received_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX discord_interactions_received ON discord_interactions (received_at);

GRANT SELECT, INSERT, UPDATE (campaign_id, guild_id, bound_by, bound_at) ON discord_channels TO lexmechanic_app;
GRANT SELECT, INSERT, UPDATE (token_hash, linked_at) ON discord_links TO lexmechanic_app;
GRANT SELECT, INSERT, DELETE ON discord_interactions TO lexmechanic_app;

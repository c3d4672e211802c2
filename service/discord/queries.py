"""Every SQL statement of the Discord app, as named constants with $n parameters (migrations/0008)."""

# A replay is the same interaction id twice; rows older than the signature window go as new ones arrive
# (an id that old is refused by its timestamp already). Answers whether this id is new.
REMEMBER_INTERACTION = """
WITH expired AS (
    DELETE FROM discord_interactions WHERE received_at < now() - make_interval(secs => $2)
)
INSERT INTO discord_interactions (interaction_id) VALUES ($1) ON CONFLICT (interaction_id) DO NOTHING
RETURNING interaction_id
"""
CHANNEL_CAMPAIGN = "SELECT campaign_id::text FROM discord_channels WHERE channel_id = $1"
BIND_CHANNEL = """
INSERT INTO discord_channels (channel_id, campaign_id, guild_id, bound_by) VALUES ($1, $2, $3, $4)
ON CONFLICT (channel_id) DO UPDATE
   SET campaign_id = EXCLUDED.campaign_id, guild_id = EXCLUDED.guild_id, bound_by = EXCLUDED.bound_by,
       bound_at = now()
"""
LINK_USER = """
INSERT INTO discord_links (campaign_id, discord_user_id, token_hash) VALUES ($1, $2, $3)
ON CONFLICT (campaign_id, discord_user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, linked_at = now()
"""
# The link holds only while the token it was made with does: revoked or rotated, the user is unlinked.
LINKED_PARTICIPANT = """
SELECT t.participant_id, t.role FROM discord_links l
  JOIN access_tokens t ON t.campaign_id = l.campaign_id AND t.token_hash = l.token_hash
 WHERE l.campaign_id = $1 AND l.discord_user_id = $2 AND t.revoked_at IS NULL
"""

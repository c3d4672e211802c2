"""Every SQL statement of the webhooks, as named constants with $n parameters (migrations/0007)."""

_VIEW = """campaign_id::text AS campaign_id, webhook_id, url, kinds, format, lang, created_by, created_at,
       delivered_seq, failures, next_attempt_at, last_attempt_at, last_delivered_at, last_error, paused_at,
       paused_reason"""

# A new subscription starts at the head: it is told what happens from now on, not the campaign's past.
INSERT_WEBHOOK = f"""
INSERT INTO webhooks (campaign_id, webhook_id, url, kinds, format, lang, secret, created_by, delivered_seq)
SELECT $1, $2, $3, $4, $5, $6, $7, $8, c.version FROM campaigns c WHERE c.campaign_id = $1
RETURNING {_VIEW}
"""
COUNT_WEBHOOKS = "SELECT count(*) FROM webhooks WHERE campaign_id = $1"
SELECT_WEBHOOKS = f"SELECT {_VIEW} FROM webhooks WHERE campaign_id = $1 ORDER BY created_at, webhook_id"
DELETE_WEBHOOK = "DELETE FROM webhooks WHERE campaign_id = $1 AND webhook_id = $2 RETURNING webhook_id"
RESUME_WEBHOOK = f"""
UPDATE webhooks SET paused_at = NULL, paused_reason = NULL, failures = 0, next_attempt_at = now()
 WHERE campaign_id = $1 AND webhook_id = $2
RETURNING {_VIEW}
"""
# The campaigns whose appends the worker wants to hear of: those with a subscription that is not paused.
WATCHED_CAMPAIGNS = "SELECT DISTINCT campaign_id::text FROM webhooks WHERE paused_at IS NULL"

# The worker's claim: live subscriptions that are due, behind their campaign's head and held by no live
# lease. FOR UPDATE SKIP LOCKED makes two processes claiming at the same moment take different rows (a
# row one of them has just leased is evaluated again on its newest version, and no longer qualifies);
# the lease then keeps it theirs after this short transaction, without a connection held during HTTP.
CLAIM_DUE = """
WITH due AS (
    SELECT w.campaign_id, w.webhook_id
      FROM webhooks w JOIN campaigns c ON c.campaign_id = w.campaign_id
     WHERE w.paused_at IS NULL AND w.next_attempt_at <= now()
       AND (w.leased_until IS NULL OR w.leased_until < now())
       AND w.delivered_seq < c.version
     ORDER BY w.next_attempt_at
     LIMIT $3
       FOR UPDATE OF w SKIP LOCKED
)
UPDATE webhooks w SET leased_until = now() + make_interval(secs => $2), lease_owner = $1
  FROM due
 WHERE w.campaign_id = due.campaign_id AND w.webhook_id = due.webhook_id
RETURNING w.campaign_id::text AS campaign_id, w.webhook_id, w.url, w.kinds, w.format, w.lang, w.secret,
          w.delivered_seq, w.failures
"""
# Before each request: the lease is still ours (not run out and taken, the subscription not deleted).
RENEW_LEASE = """
UPDATE webhooks SET leased_until = now() + make_interval(secs => $4)
 WHERE campaign_id = $1 AND webhook_id = $2 AND lease_owner = $3 AND leased_until > now()
RETURNING webhook_id
"""
# After a 2xx (or past events no kind of it wants): the cursor moves forward only, and only under our lease.
ADVANCE = """
UPDATE webhooks SET delivered_seq = $4, failures = 0, last_error = NULL,
       last_delivered_at = CASE WHEN $5 THEN now() ELSE last_delivered_at END,
       last_attempt_at = CASE WHEN $5 THEN now() ELSE last_attempt_at END
 WHERE campaign_id = $1 AND webhook_id = $2 AND lease_owner = $3 AND delivered_seq < $4
RETURNING webhook_id
"""
FAILED = """
UPDATE webhooks SET failures = $4, last_error = $5, last_attempt_at = now(),
       next_attempt_at = now() + make_interval(secs => $6), paused_at = CASE WHEN $7 THEN now() END,
       paused_reason = $8, leased_until = NULL, lease_owner = NULL
 WHERE campaign_id = $1 AND webhook_id = $2 AND lease_owner = $3
"""
RELEASE = """
UPDATE webhooks SET leased_until = NULL, lease_owner = NULL
 WHERE campaign_id = $1 AND webhook_id = $2 AND lease_owner = $3
"""

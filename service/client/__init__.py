"""The `lexmechanic` client: login, post, log, state, encounter and transcript against a running service."""

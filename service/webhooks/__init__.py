"""Notifications out: webhook subscriptions, their signed deliveries and the worker that sends them in order.

docs/api.md ("Webhooks") is the contract; docs/architecture.md ("Notifications out") says why the event log is
the outbox and why no job library sits between.
"""

"""Lexmechanic's benchmark suite: `.venv/bin/python -m bench` from the repository root.

One run, one PostgreSQL, four scenarios measured side by side (docs/performance.md):

1. `appends`  raw asyncpg appends: the minimal correct append (lock head, insert, move head), no HTTP.
2. `floor`    a minimal Litestar app (msgspec body, one INSERT) under uvicorn: the floor of the stack.
3. `service`  the real command path (`roll` through `service.app.create_app`) under the same uvicorn.
4. `fold`     a 100k-event campaign: `store.records` + `campaign_state` against a raw fetch + decode.

Modules: `machine` (what it ran on), `database` (the PostgreSQL and the fresh database), `events`
(realistic payloads built with the domain's code), `appends`, `floor_app`, `serve` (the uvicorn
subprocess), `load` (the keep-alive HTTP load client), `http_scenarios`, `fold`, `cpu` (where the cores
went), `report`.
"""

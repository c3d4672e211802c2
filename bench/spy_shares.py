"""Shares of a py-spy profile of the service under load, by stage of the command path.

    python -m bench --only service --seconds 30 &      # then, while the load runs:
    py-spy record --pid "$(pgrep -f 'bench.serve service')" --duration 15 --rate 250 --nonblocking \
        --format raw -o service.raw
    python -m bench.spy_shares service.raw 530        # 530: the server's µs of CPU per request (bench output)

Each sample's stack is put in the first category whose rule matches (the order matters: the service's
stages first, then the framework, the HTTP server and the driver); the table gives each category's share
of the samples and, from the server CPU per request the bench measured, its µs per request.
"""

from __future__ import annotations

import collections
import sys

RULES = [
    ("auth (token hash, cached lookup)", lambda s: "campaign_actor (" in s),
    ("decide: dice parse + HMAC rolls + domain decide", lambda s: "Commander._decide (" in s),
    ("stamping (one fold per event)", lambda s: "stamp (projections/stamping" in s),
    ("append: chain.link (canonical JSON + sha256)", lambda s: "link (service/chain.py" in s),
    ("append: format_time (strftime)", lambda s: "format_time (" in s and "_chained" in s),
    ("append: records, JSON text of data and meta", lambda s: "chained_records (" in s or "_chained (" in s),
    ("append: the one statement (asyncpg: pool, encode, send)", lambda s: "append_if_head (" in s),
    ("lost race: catch up", lambda s: "EventStore.catch_up (" in s),
    ("locked path (lock, statements, commit)", lambda s: "_execute_locked (" in s),
    ("answer: told (rendered en + es, changed, rolls)", lambda s: "told_result (" in s),
    ("answer: result_of + CommandOutcome", lambda s: "_outcome (" in s),
    ("after the commit: cache, snapshot, rest", lambda s: "Commander._committed (" in s),
    ("execute: rest (state cache, EventMeta, uuid4, seed)", lambda s: "Commander.execute (" in s),
    ("handler: check_body, request_digest, Prefer, rest", lambda s: "send_command (" in s),
    ("answer: render (msgspec encode)",
     lambda s: ("Response.render" in s or "encode_json" in s) and "decode" not in s),
    ("answer: write to the socket (uvicorn send)", lambda s: "RequestResponseCycle.send" in s),
    ("request: body read + decode into the command union",
     lambda s: any(part in s for part in ("_kwargs", "connection/request.py", "decode_json", "_signature"))),
    # The fast path (service/api/command_fast_path.py) in place of the handler: its checks and the rest.
    ("fast path: check_body, request_digest, rest", lambda s: "_answered (service/api/command_fast_path" in s),
    ("asyncpg: receiving answers (protocol, outside the stages)", lambda s: "asyncpg" in s),
    ("litestar: routing, middleware, response object", lambda s: "litestar/" in s),
    ("uvicorn + httptools: parse, protocol", lambda s: "uvicorn/" in s or "httptools" in s),
    ("event loop, other", lambda s: True),
]


def main(argv: list[str]) -> int:
    path, per_op_us = argv[0], float(argv[1])
    totals: collections.Counter[str] = collections.Counter()
    samples = 0
    with open(path, errors="replace") as lines:
        for line in lines:
            stack, _, count = line.rstrip().rpartition(" ")
            samples += int(count)
            name = next(name for name, rule in RULES if rule(stack))
            totals[name] += int(count)
    print("| where | share of the server's CPU | µs per request |")
    print("|---|---:|---:|")
    for name, _ in RULES:
        if totals[name]:
            share = totals[name] / samples
            print(f"| {name} | {share * 100:.1f} % | {share * per_op_us:.0f} |")
    print(f"\n{samples} samples")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""`.venv/bin/python -m bench [--quick] [--seconds N]`: every scenario against one PostgreSQL, in one go."""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import math
import os
import sys
import time
import warnings
from typing import Any

from bench import machine
from bench.report import heading, line, rate, verdict

SERVICE_TARGET = 0.60  # (3) >= 60 % of (2)
PEER_TARGET = 2.0  # (3) >= 2x the eventsourcing peer (6)
FOLD_TARGET = 0.70  # fold >= 70 % of raw fetch + decode
TIME_TRAVEL_P99_MS = 20.0  # a state read at a random seq, with snapshots
TIME_TRAVEL_SPEEDUP = 20.0  # ... at least 20x faster than a full fold
MEMORY_GOAL_MB = 50.0  # (7) peak RSS of the service above idle, per read of a long campaign
# In the order they run; the numbers are the scenarios' numbers in docs/performance.md.
SCENARIOS = ("appends", "appends_notify", "statement", "floor", "service", "compact", "peer", "fold", "time_travel",
             "memory", "cli_start")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short run: 3 s per load, 20k-event fold, 3 repeats")
    parser.add_argument("--seconds", type=float, help="measured seconds per load scenario (default 15, quick 3)")
    parser.add_argument("--warmup", type=float, help="unmeasured seconds before each load (default 3, quick 1)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients/connections, one campaign each")
    parser.add_argument("--fold-events", type=int, help="events in the folded campaign (default 100000, quick 20000)")
    parser.add_argument("--memory-events", type=int, help="events of the one-session campaign read in (7) "
                        "(default: as --fold-events)")
    parser.add_argument(
        "--repeats", type=int, help="timed folds and raw fetches each, best counts (default 5, quick 3)"
    )
    parser.add_argument("--only", nargs="+", choices=SCENARIOS, help="run only these scenarios")
    parser.add_argument("--profile", metavar="DIR", help="run both app servers under cProfile (slower!), "
                        "stats to DIR/floor.prof and DIR/service.prof")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--what-if-no-notify", action="store_true",
                        help="also run (3x): the service with its NOTIFY patched out of the append, an experiment "
                        "that measures what the NOTIFY costs (never a configuration: SSE streams need it)")
    args = parser.parse_args(argv)
    args.seconds = args.seconds or (3.0 if args.quick else 15.0)
    args.warmup = args.warmup if args.warmup is not None else (1.0 if args.quick else 3.0)
    args.fold_events = args.fold_events or (20_000 if args.quick else 100_000)
    args.memory_events = args.memory_events or args.fold_events
    args.repeats = args.repeats or (3 if args.quick else 5)
    args.max_requests = int(20_000 * args.seconds)  # far above this stack's rate: a safety bound only
    return args


async def run(args: argparse.Namespace, server_url: str, server_kind: str) -> dict[str, Any]:
    from bench.appends import run_appends, run_statement, verify_chains
    from bench.database import (
        fresh_database,
        postgres_version,
        postmaster_pid,
        settings_summary,
    )
    from bench.fold import run_fold
    from bench.http_scenarios import run_floor, run_service
    from bench.memory import run_memory
    from bench.peer import available, run_peer
    from bench.serve import describe_stack
    from bench.time_travel import run_time_travel

    wanted = set(args.only or SCENARIOS)
    figures: dict[str, Any] = {"date": dt.datetime.now().astimezone().isoformat(timespec="seconds")}
    pg_version = await postgres_version(server_url)
    heading("Machine")
    for label, value in machine.describe(pg_version):
        line(label, value)
    figures["machine"] = dict(machine.describe(pg_version))
    from bench import cpu

    cpu.set_postmaster(await postmaster_pid(server_url))
    line("load average before the run", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    settings = await settings_summary(server_url)
    line("PostgreSQL server", f"{server_kind}; " + ", ".join(f"{k}={v}" for k, v in settings.items()))
    line("run", f"{args.clients} clients, {args.warmup:g} s warm-up + {args.seconds:g} s measured per load; "
         f"fold of {args.fold_events:,} events x {args.repeats}")
    stack = describe_stack()
    line("app server stack (floor and service)", f"{stack} (service.serving.uvicorn_config, as lexmechanic serve)")
    if os.environ.get("BENCH_WHAT_IF"):
        line("EXPERIMENT (not the service)", f"BENCH_WHAT_IF={os.environ['BENCH_WHAT_IF']} patched into the service")
    figures["settings"] = settings
    figures["stack"] = stack
    load_args = {"warmup": args.warmup, "duration": args.seconds}

    async with fresh_database(server_url) as url:
        if "appends" in wanted:
            heading("1. Raw asyncpg appends (lock head, insert chained event, move head; 1 event/transaction)")
            appends = await run_appends(url, connections=args.clients, max_events=args.max_requests, **load_args)
            _print_appends(appends)
            line("hash chain re-verified", f"{await verify_chains(url):,} events")
            figures["appends"] = _append_figures(appends)
        if "appends_notify" in wanted:
            heading("1n. The same raw appends, each also sending a NOTIFY (in the insert statement; what the "
                    "service's append sends when a live listener is registered)")
            notified = await run_appends(url, connections=args.clients, max_events=args.max_requests, notify=True,
                                         **load_args)
            _print_appends(notified)
            figures["appends_notify"] = _append_figures(notified)
        if "statement" in wanted:
            heading("1s. The service's one-statement append (EventStore.append_if_head), no HTTP, no decision; "
                    "no live listener registered, so no NOTIFY")
            statement = await run_statement(url, connections=args.clients, max_events=args.max_requests,
                                            **load_args)
            _print_appends(statement)
            figures["statement"] = _append_figures(statement)
        if "floor" in wanted:
            heading("2. Floor: minimal Litestar app, msgspec body, one INSERT (uvicorn subprocess)")
            floor = await run_floor(url, clients=args.clients, max_requests=args.max_requests,
                                    profile=_profile_path(args, "floor"), **load_args)
            _print_http(floor)
            figures["floor"] = _http_figures(floor)
        if "service" in wanted:
            heading("3. Service: POST /campaigns/{id}/commands {type: roll} (real app, uvicorn subprocess; nobody "
                    "watches live, so the appends send no NOTIFY)")
            service = await run_service(url, clients=args.clients, max_requests=args.max_requests,
                                        profile=_profile_path(args, "service"), **load_args)
            _print_http(service)
            figures["service"] = _http_figures(service)
        if "compact" in wanted:
            heading("3c. Service, compact answers: the same rolls with Prefer: return=minimal (docs/api.md)")
            compact = await run_service(url, clients=args.clients, max_requests=args.max_requests, compact=True,
                                        **load_args)
            _print_http(compact)
            figures["compact"] = _http_figures(compact)
        if args.what_if_no_notify and "service" in wanted:
            heading("3x. What if: the same rolls, the append without its NOTIFY nor the look for a listener (an "
                    "experiment patched into the bench's server; not a configuration)")
            silent = await run_service(url, clients=args.clients, max_requests=args.max_requests, no_notify=True,
                                       **load_args)
            _print_http(silent)
            figures["what_if_no_notify"] = _http_figures(silent)
        if "peer" in wanted:
            heading(f"6. Peer: eventsourcing, one event per save, {args.clients} threads x {args.clients} aggregates "
                    "(one each; its PostgreSQL recorder, library defaults)")
            missing = available()
            if missing:
                line("skipped", missing)
            else:
                peer = await run_peer(url, await server_port(url), threads=args.clients, warmup=args.warmup,
                                      duration=args.seconds, max_events=args.max_requests)
                p = peer.figures
                line("library", p["library"])
                line("events", f"{p['events']:,} in {p['seconds']:.1f} s (+{p['warmup_events']:,} warm-up)"
                     + (f", errors: {p['errors'][:2]}" if p["errors"] else ""))
                line("throughput", rate(p["per_second"]))
                line("latency p50 / p99 / max", f"{p['p50_ms']:.2f} / {p['p99_ms']:.2f} / {p['max_ms']:.2f} ms")
                line("CPU (whole load)", peer.cpu.describe().replace("server", "peer process"))
                line("aggregate versions read back", f"{p['stored_versions']:,} "
                     f"(= {args.clients} created + {p['events'] + p['warmup_events']:,} saved)")
                figures["peer"] = {"events_per_s": p["per_second"], "events": p["events"], "p50_ms": p["p50_ms"],
                                   "p99_ms": p["p99_ms"], "library": p["library"], "errors": p["errors"],
                                   "cpu": _cpu_figures(peer.cpu)}
        if "fold" in wanted:
            heading(f"4. Fold of a {args.fold_events:,}-event campaign vs raw fetch + msgspec decode")
            fold = await run_fold(url, events=args.fold_events, repeats=args.repeats)
            s = fold.seeded
            line("campaign built", f"{s.version:,} events ({s.rolls:,} dice_rolled, {s.notes:,} gm_noted, "
                 f"rest sessions/epochs) in {s.seconds:.1f} s")
            line("fold: records + campaign_state", f"{rate(fold.fold_per_second)} best, "
                 f"{rate(fold.fold_median_per_second)} median "
                 f"(runs: {', '.join(f'{t * 1000:.0f}' for t in fold.fold_seconds)} ms)")
            line("raw: fetch + msgspec decode", f"{rate(fold.raw_per_second)} best, "
                 f"{rate(fold.raw_median_per_second)} median "
                 f"(runs: {', '.join(f'{t * 1000:.0f}' for t in fold.raw_seconds)} ms)")
            for part, seconds in fold.breakdown.items():
                line(f"  breakdown: {part}", f"{seconds * 1000:.0f} ms")
            figures["fold"] = {"events": s.version, "fold_events_per_s": fold.fold_per_second,
                               "raw_events_per_s": fold.raw_per_second,
                               "fold_median_events_per_s": fold.fold_median_per_second,
                               "raw_median_events_per_s": fold.raw_median_per_second, "fold_ms": fold.fold_seconds,
                               "raw_ms": fold.raw_seconds, "breakdown_ms": fold.breakdown, "seed_s": s.seconds}
        if "time_travel" in wanted:
            heading(f"5. State at a random seq of a {args.fold_events:,}-event campaign: snapshots vs full fold")
            travel = await run_time_travel(url, events=args.fold_events, reads=300 if not args.quick else 100,
                                           full_folds=12 if not args.quick else 5)
            fast, slow = travel.with_snapshots, travel.without_snapshots
            line("snapshots built by the first read", f"{travel.snapshots_built_seconds:.1f} s")
            line("with snapshots p50 / p99 / max", f"{fast.p50_ms:.2f} / {fast.p99_ms:.2f} / {fast.max_ms:.2f} ms "
                 f"({len(fast)} reads)")
            line("full fold p50 / p99", f"{slow.p50_ms:.0f} / {slow.p99_ms:.0f} ms ({len(slow)} reads)")
            figures["time_travel"] = {"events": travel.events, "p50_ms": fast.p50_ms, "p99_ms": fast.p99_ms,
                                      "full_fold_p50_ms": slow.p50_ms, "full_fold_p99_ms": slow.p99_ms,
                                      "speedup": travel.speedup}
        if "memory" in wanted:
            heading(f"7. Peak RSS of the service process above idle: reads of a {args.memory_events:,}-event, "
                    "one-session campaign")
            memory = await run_memory(url, events=args.memory_events)
            line("campaign built", f"{memory.seeded.version:,} events in {memory.seeded.sessions} session(s), "
                 f"{memory.seeded.seconds:.1f} s")
            figures["memory"] = {"events": memory.seeded.version, "reads": {}}
            for m in memory.figures:
                verdict_text = "" if m.verified is None else (
                    "; the report: ok" if m.verified else "; the report: NOT ok (the bench's campaign must verify)")
                line(m.name, f"+{m.above_idle_mb:.1f} MB (idle {m.idle_mb:.1f} MB, peak {m.peak_mb:.1f} MB); "
                     f"HTTP {m.status}, {m.answered_bytes / 1e6:.1f} MB answered in {m.seconds:.2f} s{verdict_text}")
                figures["memory"]["reads"][m.name] = {"above_idle_mb": m.above_idle_mb, "idle_mb": m.idle_mb,
                                                      "peak_mb": m.peak_mb, "bytes": m.answered_bytes,
                                                      "seconds": m.seconds, "status": m.status,
                                                      "verified": m.verified}

    if "cli_start" in wanted:
        from bench.cli_start import TARGET, run_cli_start

        heading("8. Start of the command line: lexmechanic against a bare python3 -c pass, same run")
        figures["cli_start"] = {}
        for start in run_cli_start(runs=5 if args.quick else 15):
            line(start.name, f"{start.median_ms:.0f} ms vs {start.baseline_ms:.0f} ms: {start.ratio:.1f}x  "
                 f"target <= {TARGET:g}x: {'met' if start.ratio <= TARGET else 'NOT met'}")
            figures["cli_start"][start.name] = {"median_ms": start.median_ms, "baseline_ms": start.baseline_ms,
                                                "ratio": start.ratio}

    line("load average after the run", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    heading("Summary")
    line("app server stack", stack)
    for key, label in (("appends", "(1) raw appends"), ("appends_notify", "(1n) raw appends + NOTIFY"),
                       ("statement", "(1s) the service's append statement")):
        if key in figures:
            line(label, f"{rate(figures[key]['events_per_s'])}  p50 {figures[key]['p50_ms']:.2f} ms")
    for key, label in (("floor", "(2) floor"), ("service", "(3) service roll"),
                       ("compact", "(3c) service roll, compact answer"),
                       ("what_if_no_notify", "(3x) what if: no NOTIFY")):
        if key in figures:
            f = figures[key]
            line(label, f"{rate(f['events_per_s'])}  p50 {f['p50_ms']:.2f} ms  p99 {f['p99_ms']:.2f} ms")
    if "fold" in figures:
        line("(4) fold / raw", f"{rate(figures['fold']['fold_events_per_s'])} / "
             f"{rate(figures['fold']['raw_events_per_s'])}")
    if "floor" in figures and "service" in figures:
        ratio = figures["service"]["events_per_s"] / figures["floor"]["events_per_s"]
        figures["service_over_floor"] = ratio
        line("(3)/(2)", f"{ratio:.1%}  target >= {SERVICE_TARGET:.0%}: {verdict(ratio, SERVICE_TARGET)}")
        cost = {key: sum(figures[key]["cpu"][f"{name}_ms_per_op"] for name in ("client", "server", "postgres"))
                for key in ("floor", "service")}
        if all(math.isfinite(value) and value > 0 for value in cost.values()):
            figures["service_over_floor_by_cpu"] = cost["floor"] / cost["service"]
            line("(3)/(2) by CPU cost per request", f"{cost['floor'] / cost['service']:.1%}  ({cost['floor']:.2f} vs "
                 f"{cost['service']:.2f} ms of CPU per request; holds on a busy machine)")
    if "floor" in figures and "compact" in figures:
        ratio = figures["compact"]["events_per_s"] / figures["floor"]["events_per_s"]
        figures["compact_over_floor"] = ratio
        line("(3c)/(2)", f"{ratio:.1%}  (the target is judged on (3), the default full answer)")
    if "floor" in figures and "what_if_no_notify" in figures:
        ratio = figures["what_if_no_notify"]["events_per_s"] / figures["floor"]["events_per_s"]
        figures["what_if_no_notify_over_floor"] = ratio
        line("(3x)/(2)", f"{ratio:.1%}  (an experiment: what the NOTIFY costs; not a target)")
    if "peer" in figures and "what_if_no_notify" in figures:
        ratio = figures["what_if_no_notify"]["events_per_s"] / figures["peer"]["events_per_s"]
        line("(3x)/(6)", f"{ratio:.2f}x  (an experiment: what the NOTIFY costs; not a target)")
    if "appends" in figures and "service" in figures:
        line("(3)/(1)", f"{figures['service']['events_per_s'] / figures['appends']['events_per_s']:.1%}  (no target)")
    if "peer" in figures:
        line("(6) peer", f"{rate(figures['peer']['events_per_s'])}  p50 {figures['peer']['p50_ms']:.2f} ms  "
             f"p99 {figures['peer']['p99_ms']:.2f} ms")
    if "peer" in figures and "service" in figures:
        ratio = figures["service"]["events_per_s"] / figures["peer"]["events_per_s"]
        figures["service_over_peer"] = ratio
        line("(3)/(6)", f"{ratio:.2f}x  target >= {PEER_TARGET:.0f}x: {verdict(ratio, PEER_TARGET)}")
        service_cost = sum(figures["service"]["cpu"][f"{name}_ms_per_op"] for name in ("client", "server", "postgres"))
        peer_cost = sum(figures["peer"]["cpu"][f"{name}_ms_per_op"] for name in ("server", "postgres"))
        if math.isfinite(service_cost) and math.isfinite(peer_cost) and service_cost > 0:
            figures["service_over_peer_by_cpu"] = peer_cost / service_cost
            line("(3)/(6) by CPU cost per event", f"{peer_cost / service_cost:.2f}x  ({peer_cost:.2f} ms for the peer "
                 f"(its process + PostgreSQL) vs {service_cost:.2f} ms for the service (client + server + PostgreSQL))")
    if "fold" in figures:
        ratio = figures["fold"]["fold_events_per_s"] / figures["fold"]["raw_events_per_s"]
        figures["fold_over_raw"] = ratio
        median = figures["fold"]["fold_median_events_per_s"] / figures["fold"]["raw_median_events_per_s"]
        line("fold/raw", f"{ratio:.1%} (medians: {median:.1%})  target >= {FOLD_TARGET:.0%}: "
             f"{verdict(ratio, FOLD_TARGET)}")
    if "time_travel" in figures:
        travel = figures["time_travel"]
        p99_ok = "MET" if travel["p99_ms"] <= TIME_TRAVEL_P99_MS else "NOT MET"
        line("(5) state at a random seq, p99", f"{travel['p99_ms']:.2f} ms  target <= {TIME_TRAVEL_P99_MS:.0f} ms: "
             f"{p99_ok}")
        line("(5) speed-up over a full fold", f"{travel['speedup']:.0f}x  target >= {TIME_TRAVEL_SPEEDUP:.0f}x: "
             f"{verdict(travel['speedup'], TIME_TRAVEL_SPEEDUP)}")
    if "memory" in figures:
        for name, m in figures["memory"]["reads"].items():
            ok = ("MET" if m["above_idle_mb"] < MEMORY_GOAL_MB and m["status"] == 200 and m["verified"] is not False
                  else "NOT MET")
            line(f"(7) {name}", f"+{m['above_idle_mb']:.1f} MB above idle  goal < {MEMORY_GOAL_MB:.0f} MB: {ok}")
    return figures


async def server_port(url: str) -> int:
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        return int(await connection.fetchval("SHOW port"))
    finally:
        await connection.close()


def _profile_path(args: argparse.Namespace, kind: str) -> str | None:
    if not args.profile:
        return None
    os.makedirs(args.profile, exist_ok=True)
    return os.path.abspath(os.path.join(args.profile, f"{kind}.prof"))


def _print_appends(appends: Any) -> None:
    line("events", f"{appends.events:,} in {appends.seconds:.1f} s (+{appends.warmup_events:,} warm-up)")
    line("throughput", rate(appends.per_second))
    line("latency p50 / p99", f"{appends.latencies.p50_ms:.2f} / {appends.latencies.p99_ms:.2f} ms")
    assert appends.cpu is not None
    line("CPU (whole load)", appends.cpu.describe())


def _append_figures(appends: Any) -> dict[str, Any]:
    return {"events_per_s": appends.per_second, "events": appends.events, "p50_ms": appends.latencies.p50_ms,
            "p99_ms": appends.latencies.p99_ms, "cpu": _cpu_figures(appends.cpu)}


def _print_http(run: Any) -> None:
    load = run.load
    line("requests", f"{load.requests:,} in {load.seconds:.1f} s (+{load.warmup_requests:,} warm-up), "
         f"{load.errors} failed")
    line("throughput", rate(load.per_second))
    line("latency p50 / p99 / max", f"{load.latencies.p50_ms:.2f} / {load.latencies.p99_ms:.2f} / "
         f"{load.latencies.max_ms:.2f} ms")
    line("CPU (whole load)", run.cpu.describe())
    line("rows written (checked in the database)", f"{run.checked_rows:,}")
    if load.first_error:
        line("first failure", load.first_error)


def _http_figures(run: Any) -> dict[str, Any]:
    load = run.load
    return {"events_per_s": load.per_second, "requests": load.requests, "errors": load.errors,
            "p50_ms": load.latencies.p50_ms, "p99_ms": load.latencies.p99_ms, "max_ms": load.latencies.max_ms,
            "cpu": _cpu_figures(run.cpu)}


def _cpu_figures(cpu: Any) -> dict[str, float]:
    return {f"{name}_cores": getattr(cpu, name) / cpu.wall for name in ("client", "server", "postgres", "others")} | {
        f"{name}_ms_per_op": cpu.per_op_ms(getattr(cpu, name)) for name in ("client", "server", "postgres")}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    from bench.database import Server

    began = time.perf_counter()
    server = Server()
    try:
        print("Starting PostgreSQL ...", flush=True)
        url = server.start()
        figures = asyncio.run(run(args, url, server.kind))
    finally:
        server.stop()
    figures["wall_seconds"] = time.perf_counter() - began
    print(f"\nWhole run: {figures['wall_seconds']:.0f} s", flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(figures, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())

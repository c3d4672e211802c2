"""The `lexmechanic` command line: serve, migrate, export, verify, rebuild, and the client (service/client/)."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from service.client.commands import add_client_commands
from service.client.terminal import Terminal

T = TypeVar("T")

if TYPE_CHECKING:  # the verifier is imported when `verify` runs, as every command imports its own
    from projections.rendering.vocabulary import Lang
    from service.verification import CampaignReport


def _run(work: Coroutine[Any, Any, T]) -> T:
    """Run the command's async work; asyncio is imported only by the commands that have some, so `--help`
    and the client's commands start without it."""
    import asyncio

    return asyncio.run(work)


def _database_urls(announce: bool) -> tuple[str, str]:
    """The owner's URL (migrations) and the service's (everything else).

    With DATABASE_URL the service connects as given, and migrations use LEXMECHANIC_MIGRATION_URL when
    set (the tables' owner), else the same URL. The embedded server migrates as its superuser and
    serves as the least-privileged role that the migrations create (docs/event-store.md, "Roles").
    """
    url = os.environ.get("DATABASE_URL")
    if url:
        return os.environ.get("LEXMECHANIC_MIGRATION_URL") or url, url
    from service.database import APP_ROLE, start_embedded, with_user
    from service.settings import data_dir_from_env

    data_dir = data_dir_from_env() / "postgres"
    if announce:
        print(f"No DATABASE_URL: using the embedded PostgreSQL with its data in {data_dir}", flush=True)
    owner = start_embedded(data_dir)
    return owner, with_user(owner, APP_ROLE)


def _database_url(announce: bool) -> str:
    return _database_urls(announce)[1]


def _serve(args: argparse.Namespace) -> int:
    from service import serving
    from service.database import migrate_url, privilege_warning

    if args.workers < 1:
        print("--workers must be at least 1", file=sys.stderr)
        return 2
    owner, url = _database_urls(announce=True)
    applied = _run(migrate_url(owner))
    if applied:
        print(f"Applied migrations: {', '.join(applied)}", flush=True)
    warning = _run(privilege_warning(url))
    if warning:
        print(warning, flush=True)
    # Every worker builds its app from the environment (service.settings.settings_from_env); the
    # embedded PostgreSQL, if any, is started once, here, and the service role's URL handed down.
    os.environ["DATABASE_URL"] = url
    from service.settings import admin_token_from_env

    if admin_token_from_env() is None:
        print("LEXMECHANIC_ADMIN_TOKEN is not set: anyone who reaches this port may create campaigns "
              "(the global feed GET /events stays closed until it is set).", flush=True)
    config = serving.uvicorn_config(
        serving.APP_FACTORY, factory=True, host=args.host, port=args.port, workers=args.workers,
        access_log=not args.no_access_log,
    )
    base = f"http://{args.host}:{args.port}"
    print(f"Lexmechanic serves on {base} ({serving.describe(config)}) — interactive API docs: {base}/schema/swagger",
          flush=True)
    # uvicorn re-raises SIGTERM after its graceful shutdown; turning it into SystemExit lets the
    # embedded PostgreSQL's exit hook stop the database instead of leaving it running. (With workers,
    # uvicorn's supervisor handles SIGTERM itself, stops the workers and returns.)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    serving.run(config)
    return 0


def _migrate(_: argparse.Namespace) -> int:
    from service.database import migrate_url
    from service.migrations import MigrationError, discover

    try:
        known = discover()
        applied = _run(migrate_url(_database_urls(announce=True)[0]))
    except MigrationError as error:
        print(f"Not migrated: {error}", file=sys.stderr)
        return 2
    if applied:
        print(f"Applied: {', '.join(applied)}")
    else:
        print(f"The schema is up to date: all {len(known)} migrations ({known[-1].name} the last) are applied.")
    return 0


def _export(args: argparse.Namespace) -> int:
    from service.database import create_pool
    from service.exporting import export_lines
    from service.store import CampaignNotFound, EventStore

    async def run() -> int:
        pool = await create_pool(_database_url(announce=False), 1, 2)
        try:
            store = EventStore(pool)
            head = await store.head(args.campaign)
            out = open(args.output, "wb") if args.output else sys.stdout.buffer
            async for chunk in export_lines(store, head):
                out.write(chunk)
            out.flush()
            if args.output:
                out.close()
                print(f"Exported {head.version} events to {args.output}", file=sys.stderr)
            return 0
        except CampaignNotFound as error:
            print(str(error), file=sys.stderr)
            return 2
        finally:
            await pool.close()

    return _run(run())


def _progress(done: int, total: int, label: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label[:40]:<40}")
    sys.stderr.flush()


def _rebuild(_: argparse.Namespace) -> int:
    from service.database import create_pool
    from service.snapshots import Snapshots
    from service.store import EventStore

    async def run() -> int:
        pool = await create_pool(_database_url(announce=False), 1, 2)
        try:
            snapshots = Snapshots(EventStore(pool))
            campaigns = await snapshots.campaigns()
            written = 0
            for index, (campaign_id, version) in enumerate(campaigns):
                _progress(index, len(campaigns), campaign_id)
                written += await snapshots.rebuild(campaign_id, version)
            _progress(len(campaigns), len(campaigns), "done")
            print(
                f"\nRebuilt {written} snapshots of {len(campaigns)} campaigns for projection {snapshots.version}",
                file=sys.stderr,
            )
            return 0
        finally:
            await pool.close()

    return _run(run())


def _verify(args: argparse.Namespace) -> int:
    from domain.catalog import sentence
    from service.audit_file import Unreadable, parse_expectation, verify_file

    path, lang = Path(args.file), args.lang

    def say(message_id: str, **values: object) -> str:
        return sentence(message_id, lang).format(**values)

    try:
        expectations = [parse_expectation(text) for text in args.expect or []]
        reports = verify_file(path, expectations, rules=args.rules)
    except (OSError, ValueError) as error:
        # The operating system's words (no such file …) are quoted as it says them.
        detail = error.said.in_lang(args.lang) if isinstance(error, Unreadable) else str(error)
        print(say("verify.cli.cannot", path=path, detail=detail), file=sys.stderr)
        return 2
    if not reports:
        print(say("verify.cli.no_events", path=path), file=sys.stderr)
        return 2
    for report in reports:
        print(_verdict(report, args.lang))
        if report.rules is not None:
            replayed, older = report.rules.commands_replayed, report.rules.not_replayable
            print("  " + say("verify.cli.rules", replayed=replayed, older=older))
        if report.sealed_rolls:
            # Sealed rolls whose epoch is still secret are named, not counted as problems (docs/fairness.md).
            waiting = ", ".join(str(seq) for seq in report.sealed_unrevealed) or say("verify.cli.sealed.none")
            print("  " + say("verify.cli.sealed", sealed=report.sealed_rolls, waiting=waiting))
        for problem in report.problems:
            print(f"  - {problem.in_lang(args.lang)}")
    return 0 if all(r.ok for r in reports) else 1


def _verdict(report: CampaignReport, lang: Lang) -> str:
    """The report's first line: OK or FAILED, and what was counted, in the reader's language (verify.po)."""
    from domain.catalog import sentence

    r = report
    unconfirmed = sentence("verify.cli.unconfirmed", lang).format(unconfirmed=r.heads_unconfirmed) \
        if r.heads_unconfirmed else ""
    return sentence("verify.cli.verdict", lang).format(
        verdict=sentence("verify.cli.verdict.ok" if r.ok else "verify.cli.verdict.failed", lang),
        campaign_id=r.campaign_id, events=r.events, head=r.head_hash[:16],
        chain=sentence("verify.cli.chain.intact" if r.chain_intact else "verify.cli.chain.broken", lang),
        verified=r.dice_verified, unrevealed=r.dice_unrevealed, revealed=r.epochs_revealed,
        committed=r.epochs_committed, contributions=r.contributions, witnessed=r.heads_witnessed,
        unconfirmed=unconfirmed)


def _discord_register(args: argparse.Namespace) -> int:
    from service.discord.register import register

    return register(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="lexmechanic", description="Event-sourced campaign log for play-by-post 40k games"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the HTTP service (embedded PostgreSQL without DATABASE_URL)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1, help="worker processes (uvicorn workers), default 1")
    serve.add_argument("--no-access-log", action="store_true", help="do not log every request")
    serve.set_defaults(run=_serve)
    commands.add_parser("migrate", help="apply the database migrations").set_defaults(run=_migrate)
    exporting = commands.add_parser("export", help="write a campaign's log as JSON Lines")
    exporting.add_argument("campaign")
    exporting.add_argument("-o", "--output", help="file to write (default: standard output)")
    exporting.set_defaults(run=_export)
    commands.add_parser(
        "rebuild", help="replace every snapshot with ones of the current projection version"
    ).set_defaults(run=_rebuild)
    verifying = commands.add_parser("verify", help="check an export offline: hash chain and every revealed die")
    verifying.add_argument("file")
    verifying.add_argument(
        "--expect",
        action="append",
        metavar="[CAMPAIGN:]SEQ:HASH",
        help="a head witnessed outside the file (e.g. in a forum post): event SEQ must have this hash; repeatable",
    )
    verifying.add_argument("--lang", choices=("en", "es"), default="en", help="the report's language (default en)")
    verifying.add_argument(
        "--rules", action="store_true",
        help="also decide every command again with its recorded dice and require exactly the recorded events",
    )
    verifying.set_defaults(run=_verify)
    discord = commands.add_parser("discord", help="the Discord app: register its commands (docs/discord.md)")
    discord_actions = discord.add_subparsers(dest="discord_command", required=True)
    registering = discord_actions.add_parser(
        "register", help="print the command definitions; --send puts them to Discord with the bot token in "
        "$LEXMECHANIC_DISCORD_BOT_TOKEN")
    registering.add_argument("--send", action="store_true", help="send them to Discord (else print them as JSON)")
    registering.add_argument("--application-id", help="the application's id (Developer Portal, General Information)")
    registering.add_argument("--guild", help="register in this server only (shown at once; global ones take longer)")
    registering.set_defaults(run=_discord_register)
    add_client_commands(commands)
    args = parser.parse_args(argv)
    if args.command in OPERATOR_COMMANDS:
        result: int = args.run(args)
        return result
    # Every other command prints what players wrote (through the service) or what a file handed over holds:
    # all it writes is shown, never obeyed, by the terminal (service/client/terminal.py).
    with (contextlib.redirect_stdout(Terminal(sys.stdout)),
          contextlib.redirect_stderr(Terminal(sys.stderr))):
        result = args.run(args)
    return result


# The operator's own commands on their own database: a progress line that returns the cursor (rebuild), the
# export's bytes as recorded (export), the server's log (serve); the Discord app's command definitions, the
# service's own words as JSON (discord).
OPERATOR_COMMANDS = ("serve", "migrate", "export", "rebuild", "discord")


if __name__ == "__main__":
    raise SystemExit(main())

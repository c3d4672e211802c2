"""The client's subcommands of `lexmechanic`, their options, and how a failure becomes an exit code."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any

from service.client.exits import TIMEOUT

Runner = Callable[[argparse.Namespace], int]
EXIT_CODES = """exit codes: 0 ok · 1 refused by the rules (422) · 2 usage, invalid request (400) or no profile ·
3 not authenticated or not allowed (401, 403) · 4 not found (404) · 5 conflict (409) ·
6 service unreachable or failing (5xx, 503)"""


def _guarded(where: str) -> Runner:
    """Run a client command named `module:function` (of service/client/), imported only when it runs, so that
    `lexmechanic --help` and each command load only what they need; a ClientError prints its problem's detail
    (or its document with --json)."""

    def run(args: argparse.Namespace) -> int:
        from service.client.exits import ClientError
        from service.client.session import emit_json

        module, function = where.split(":")
        runner: Runner = getattr(importlib.import_module(f"service.client.{module}"), function)
        try:
            return runner(args)
        except ClientError as error:
            if getattr(args, "json", False) and error.problem:
                emit_json(error.problem)
            print(f"lexmechanic {args.command}: {error.message}", file=sys.stderr)
            return error.code

    return run


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def _common(json: bool = True) -> argparse.ArgumentParser:
    shared = argparse.ArgumentParser(add_help=False)
    shared.add_argument("--profile", help="the profile to use (default: $LEXMECHANIC_PROFILE, else the default one)")
    shared.add_argument("--timeout", type=float, default=TIMEOUT, help=f"seconds to wait for the service ({TIMEOUT:g})")
    if json:
        shared.add_argument("--json", action="store_true", help="print the service's answer as JSON, for scripts")
    return shared


def _lang(parser: argparse.ArgumentParser, help: str, default: str | None = "en") -> None:
    parser.add_argument("--lang", choices=("en", "es"), default=default, help=help)


def add_client_commands(commands: Any) -> None:
    """Add login, profiles, post, log, state, encounter, transcript and share to the `lexmechanic` parser."""
    common = _common()

    def add(name: str, runner: str, help: str, description: str) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = commands.add_parser(
            name, parents=[common], help=help, description=description, epilog=EXIT_CODES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        parser.set_defaults(run=_guarded(runner))
        return parser

    login = add("login", "writing:login", "check a token against a service and keep it as a profile",
                "Check a token against the service (which campaign, participant and role) and store a profile.\n"
                "The token is read from --token-file FILE, else $LEXMECHANIC_TOKEN, else a hidden prompt, else\n"
                "standard input; never from the command line (the shell's history and `ps` would show it).")
    login.add_argument("url", metavar="URL",
                       help="any URL of the campaign (its API, a web page, a proof link) or the service's")
    login.add_argument("token", metavar="-", nargs="?",
                       help="'-': read the token from standard input (a token itself is refused here)")
    login.add_argument("--token-file", metavar="FILE",
                       help="read the token from FILE's first line ('-': standard input)")
    login.add_argument("--campaign", help="the campaign id, when URL is the service's base URL")
    login.add_argument("--default", action="store_true", help="make this profile the default")

    _lang(login, "language of what is printed")
    listing = add("profiles", "writing:list_profiles", "list the stored profiles", "List the profiles (tokens hidden).")
    listing.add_argument("--use", metavar="NAME", help="make NAME the default profile")
    _lang(listing, "language of what is printed")

    posting = add("post", "writing:post", "send a forum post's text; print the reply to paste",
                  "Send the text of a forum post (its command lines run as one unit) and print the reply.")
    posting.add_argument("text", nargs="?", help="the post's text (default: --file, or standard input)")
    posting.add_argument("--file", help="read the text from FILE ('-': standard input)")
    posting.add_argument("--post-id", help="the forum post's id: the idempotency key (default: a new random id)")
    posting.add_argument("--url", help="the forum post's URL, linked from the reply and the transcript")
    posting.add_argument("--author", help="the post's author as the forum shows it (default: the profile's name)")
    _lang(posting, "language of the reply (default: the post's own)", default=None)
    posting.add_argument("--bbcode", action="store_true", help="print the reply as BBCode instead of Markdown")

    logging = add("log", "reads:log", "the campaign's events: seq, when, who, type and what",
                  "The latest events (or a span of seqs), one line each.")
    logging.add_argument("-n", "--limit", type=_positive, default=20, help="how many of the latest events (20)")
    logging.add_argument("--from", dest="start", type=_positive, metavar="SEQ", help="first seq to show")
    logging.add_argument("--to", type=_positive, metavar="SEQ", help="last seq to show (default: the head)")
    _lang(logging, "language of the summaries")

    stating = add("state", "reads:state", "the campaign's state now or at a point of history",
                  "Characters and their health, session, encounter and missions, now or at one point.")
    point = stating.add_mutually_exclusive_group()
    point.add_argument("--at-seq", type=_positive, metavar="N", help="right after event N")
    point.add_argument("--at-post", metavar="ID", help="after the last event of forum post ID")
    point.add_argument("--at-turn", metavar="E/R/T", help="at the end of turn T of round R of encounter E")
    _lang(stating, "language of the table")

    fighting = add("encounter", "reads:encounter", "whose turn, initiative order, wounds as a table",
                   "The running encounter (or encounter ID): round, turn, order and everyone's health.")
    fighting.add_argument("encounter", nargs="?", metavar="ID", help="the encounter (default: the running one)")
    fighting.add_argument("--at-seq", type=_positive, metavar="N", help="as it stood right after event N")
    _lang(fighting, "language of the table")

    turning = add("turn", "turn:turn", "whose turn it is: round, turn, who acts and the order",
                  "Whose turn it is in the running encounter: round, turn, the acting character and its player.")
    _lang(turning, "language of the sentence")

    telling = add("transcript", "reads:transcript", "a session's, encounter's or span's transcript",
                  "The transcript, ready to paste into a forum post.")
    span = telling.add_mutually_exclusive_group()
    span.add_argument("--session", type=_positive, metavar="N", help="session N")
    span.add_argument("--encounter", metavar="ID", help="encounter ID")
    span.add_argument("--from", dest="start", type=_positive, metavar="SEQ", help="from this seq (with --to)")
    telling.add_argument("--to", type=_positive, metavar="SEQ", help="to this seq")
    telling.add_argument("--format", choices=("markdown", "bbcode"), default="markdown", help="markdown (default)")
    telling.add_argument("--split", type=_positive, metavar="N",
                         help="cut it into messages of at most N characters (Discord: 2000), between scissors lines")
    _lang(telling, "language of the transcript")

    creating = commands.add_parser(
        "campaign", parents=[_common()], help="GM: create a campaign; its GM token is kept as a profile",
        description="Create a campaign (POST /campaigns) and keep the GM's token as a profile ('gm' unless\n"
                    "--profile), so that invite, session and revoke need nothing typed. Prints what to keep and\n"
                    "what comes next.",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    creating.set_defaults(run=_guarded("table_setup:campaign_new"))
    creating.add_argument("new", choices=("new",), help="new: create one")
    creating.add_argument("name", help="the campaign's name")
    creating.add_argument("--ruleset", required=True,
                          help="the rules it plays: deathwatch, dark_heresy, only_war, wrath_and_glory")
    creating.add_argument("--url", default="http://127.0.0.1:8000", help="the service (default http://127.0.0.1:8000)")
    creating.add_argument("--gm-name", help="the GM's name as the table reads it (default: Game Master)")
    creating.add_argument("--default", action="store_true", help="make the new profile the default")
    _lang(creating, "language of what is printed")

    inviting = add("invite", "table_setup:invite", "GM: invite a participant; prints the token to hand them",
                   "Invite a player (or an observer, or another GM) and print their token, shown once, with the\n"
                   "command they run to log in.")
    inviting.add_argument("name", help="the participant's name")
    inviting.add_argument("--role", choices=("player", "observer", "gm"), default="player", help="player (default)")
    _lang(inviting, "language of what is printed")

    revoking = add("revoke", "table_setup:revoke", "GM: revoke a participant's token (or --rotate it)",
                   "Revoke a participant's token at once (its web sessions end too); --rotate gives a new one.")
    revoking.add_argument("participant", help="the participant's name or id")
    revoking.add_argument("--rotate", action="store_true", help="issue a new token in its place (shown once)")
    _lang(revoking, "language of what is printed")

    sessions = add("session", "table_setup:session_command", "GM: start or end a session",
                   "Start a session (a new dice epoch is committed) or end it (its seed is revealed).")
    sessions.add_argument("what", choices=("start", "end"))
    sessions.add_argument("--title", help="the session's title")
    _lang(sessions, "language of what is printed")

    sharing_ = add("share", "sharing:share", "GM: a read-only share link for the thread's readers; list or revoke",
                   "Create a share link (prints its web timeline and transcript URLs), list them, or revoke one.")
    what = sharing_.add_mutually_exclusive_group()
    what.add_argument("--label", help="a label to tell the link apart (e.g. the forum thread)")
    what.add_argument("--list", action="store_true", help="list the campaign's share links")
    what.add_argument("--revoke", metavar="LINK_ID", help="revoke a share link: its key stops working at once")
    _lang(sharing_, "language of the answer")

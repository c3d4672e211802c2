"""Logging in (a profile per campaign and token), listing profiles, and sending a forum post's text."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from service.client import profiles
from service.client.exits import OK, USAGE, ClientError
from service.client.session import Session, emit_json, emit_lines, terminal_width
from service.client.tables import Cell, table
from service.client.transport import Api, segment
from service.client.words import say

# The service's base, then `/campaigns/ID` or a web page's `/ui/campaigns/ID`, then anything under it.
_CAMPAIGN_PATH = re.compile(r"^(?P<base>.*?)(?:/ui)?/campaigns/(?P<id>[^/]+)(?:/.*)?$")


def split_campaign_url(url: str, campaign: str | None, lang: object = None) -> tuple[str, str]:
    """(the service's base URL, the campaign id) from any URL of the campaign a player copies — its API URL, a
    web page's (`/ui/campaigns/ID/state?share=…`), a proof link — or a base URL and --campaign."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ClientError(USAGE, say("client.error.campaign_url", lang, url=repr(url)))
    path = parts.path.rstrip("/")
    found = _CAMPAIGN_PATH.match(path)
    if found is not None:
        tail = found["id"]
        if campaign is not None and campaign != tail:
            raise ClientError(USAGE, say("client.error.two_campaigns", lang, tail=tail, campaign=campaign))
        path, campaign = found["base"], tail
    if campaign is None:
        raise ClientError(USAGE, say("client.error.which_campaign", lang))
    return urlunsplit((parts.scheme, parts.netloc, path, "", "")), campaign


TOKEN_ENV = "LEXMECHANIC_TOKEN"
# A bearer token is printable ASCII without spaces (the service's are `lxm_` and URL-safe base64); anything
# else cannot go into an Authorization header, and is not a token someone meant to give.
_TOKEN = re.compile(r"[\x21-\x7e]{1,512}")


def _first_line(source: str, lang: object = None) -> str:
    """The first line of FILE, or of standard input for '-', read no further than a token could be long."""
    if source == "-":
        return sys.stdin.readline(4096)
    try:
        with open(source, encoding="utf-8") as file:
            return file.readline(4096)
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else say("client.login.not_utf8", lang)
        raise ClientError(USAGE, say("client.error.token_unreadable", lang, source=source, reason=str(reason))) \
            from error


def _token(args: argparse.Namespace) -> str:
    """The token from --token-file (or '-'), else $LEXMECHANIC_TOKEN, else a hidden prompt on a terminal, else
    standard input: never from the command line, where the shell's history and `ps` would show it."""
    lang = getattr(args, "lang", None)
    if args.token == "-" and args.token_file not in (None, "-"):
        raise ClientError(USAGE, say("client.error.token_two_ways", lang))
    source = args.token_file or args.token
    if source is not None:
        token = _first_line(source, lang)
    elif os.environ.get(TOKEN_ENV):
        token = os.environ[TOKEN_ENV]
    elif sys.stdin.isatty():
        try:
            import getpass  # only a login without --token prompts (getpass brings termios)

            token = getpass.getpass(say("client.login.prompt", lang))
        except EOFError:
            token = ""
    else:
        token = _first_line("-", lang)
    token = token.strip()
    if not token:
        raise ClientError(USAGE, say("client.error.token_empty", lang))
    if not _TOKEN.fullmatch(token):
        raise ClientError(USAGE, say("client.error.not_a_token", lang))
    return token


def login(args: argparse.Namespace) -> int:
    if args.token not in (None, "-"):  # before anything else: nothing is sent, nothing is saved
        raise ClientError(USAGE, say("client.login.token_on_command_line", args.lang, env=TOKEN_ENV))
    base, campaign_id = split_campaign_url(args.url, args.campaign, args.lang)
    token = _token(args)
    name = profiles.check_name(args.profile or profiles.DEFAULT_NAME, args.lang)
    with Api(base, token, timeout=args.timeout, lang=args.lang) as api:
        me: dict[str, Any] = api.get(f"/campaigns/{segment(campaign_id)}/me")
    profile = profiles.Profile(
        url=base, token=token, campaign_id=str(me["campaign_id"]), campaign_name=str(me["campaign_name"]),
        ruleset=str(me["ruleset"]), participant_id=str(me["participant_id"]), name=str(me["name"]),
        role=str(me["role"]),
    )
    path = profiles.config_path()
    known = profiles.load(path, args.lang)
    default = name if args.default or known.default is None or known.default not in known.profiles else known.default
    profiles.save(path, profiles.Profiles(default=default, profiles={**known.profiles, name: profile}), args.lang)
    if args.json:
        emit_json({**me, "profile": name, "default": default == name, "config": str(path)})
        return OK
    print(say("client.login.logged_in", args.lang, campaign=profile.campaign_name, ruleset=profile.ruleset,
              name=profile.name, role=profile.role))
    saved = say("client.login.saved_default", args.lang, profile=repr(name), path=str(path)) if default == name \
        else say("client.login.saved", args.lang, profile=repr(name), default=repr(default), name=name, path=str(path))
    print(saved)
    return OK


# The ruleset and the role stay as the service names them (the values `--ruleset` and `--role` take).
_PROFILE_COLUMNS = ("profile", "campaign", "ruleset", "as", "role", "service")


def list_profiles(args: argparse.Namespace) -> int:
    path = profiles.config_path()
    known = profiles.load(path, args.lang)
    if args.use is not None:
        if args.use not in known.profiles:
            listed = ", ".join(sorted(known.profiles))
            raise ClientError(USAGE, say("client.error.unknown_profile_use", args.lang, profile=repr(args.use),
                                         known=listed) if listed else
                              say("client.error.unknown_profile_none", args.lang, profile=repr(args.use)))
        known = known._replace(default=args.use)
        profiles.save(path, known, args.lang)
    if args.json:
        emit_json({"config": str(path), "default": known.default,
                   "profiles": {n: {**p._asdict(), "token": None} for n, p in known.profiles.items()}})
        return OK
    rows: list[list[Cell]] = [
        ["*" if n == known.default else "", n, p.campaign_name, p.ruleset, p.name, p.role, p.url]
        for n, p in sorted(known.profiles.items())
    ]
    print(f"{path}:")
    columns = [say(f"client.column.{c}", args.lang) if c else "" for c in ("", *_PROFILE_COLUMNS)]
    emit_lines(table(columns, rows, terminal_width()) if rows else say("client.profiles.none", args.lang))
    return OK


def _text(args: argparse.Namespace) -> str:
    lang = args.lang
    if args.text is not None and args.file is not None:
        raise ClientError(USAGE, say("client.error.text_twice", lang))
    if args.file == "-" or (args.text is None and args.file is None and not sys.stdin.isatty()):
        text = sys.stdin.read()
    elif args.file is not None:
        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            said = say("client.error.cannot_read", lang, path=args.file, reason=str(error))
            raise ClientError(USAGE, said) from error
    elif args.text is not None:
        text = args.text
    else:
        raise ClientError(USAGE, say("client.error.no_text", lang))
    if not text.strip():
        raise ClientError(USAGE, say("client.error.post_empty", lang))
    return text


def post(args: argparse.Namespace) -> int:
    text = _text(args)
    with Session(args) as session:
        post_id = args.post_id or f"cli-{os.urandom(8).hex()}"
        body: dict[str, Any] = {
            "post": {"id": post_id, "url": args.url, "author": args.author or session.profile.name or None},
            "text": text,
        }
        if args.lang is not None:
            body["lang"] = args.lang
        _, answer = session.api.post(session.campaign("/posts"), body)
    if args.json:
        emit_json(answer)
        return OK
    reply = answer.get("reply") or {}
    emit_lines(reply.get("bbcode" if args.bbcode else "markdown") or "", end="")
    # The note speaks the reply's language (the answer's `lang`), as the reply above it does.
    lang = answer.get("lang")
    note = (say("client.post.replayed", lang) if answer.get("replayed")
            else say("client.post.recorded", lang, version=str(answer.get("version"))))
    print(file=sys.stderr)
    print(say("client.post.note", lang, note=note, post_id=post_id), file=sys.stderr)
    return OK

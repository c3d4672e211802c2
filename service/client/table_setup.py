"""The GM's setup of a table from the command line: a new campaign (kept as the GM's profile), invitations
that print what to hand each player, revoking a participant's token, and opening or closing a session."""

from __future__ import annotations

import argparse
import os
from typing import Any

from service.client import profiles
from service.client.exits import OK, USAGE, ClientError
from service.client.session import Session, emit_json
from service.client.transport import Api, segment
from service.client.words import say


def _lines(said: str) -> None:
    """A sentence of several lines, printed line by line (the terminal filter shows a line break inside one
    write as `\\n`, so that no text can move the cursor: service/client/terminal.py)."""
    for line in said.split("\n"):
        print(line)


def _save(name: str, profile: profiles.Profile, make_default: bool, lang: object = None) -> str:
    path = profiles.config_path()
    known = profiles.load(path, lang)
    default = name if make_default or known.default is None or known.default not in known.profiles else known.default
    profiles.save(path, profiles.Profiles(default=default, profiles={**known.profiles, name: profile}), lang)
    return str(path)


def campaign_new(args: argparse.Namespace) -> int:
    """POST /campaigns, then the GM's token kept as a profile: the GM's next commands need nothing typed."""
    lang, base = args.lang, args.url.rstrip("/")
    body: dict[str, Any] = {"name": args.name, "ruleset": args.ruleset}
    if args.gm_name:
        body["gm_name"] = args.gm_name
    # Where LEXMECHANIC_ADMIN_TOKEN guards the creation of campaigns, the operator's token opens it.
    with Api(base, os.environ.get("LEXMECHANIC_ADMIN_TOKEN") or None, timeout=args.timeout, lang=lang) as api:
        _, created = api.post("/campaigns", body, {"lang": lang})
    campaign_id, token = str(created["campaign_id"]), str(created["gm_token"])
    with Api(base, token, timeout=args.timeout, lang=lang) as api:
        me: dict[str, Any] = api.get(f"/campaigns/{segment(campaign_id)}/me")
    name = profiles.check_name(args.profile or "gm", lang)
    profile = profiles.Profile(url=base, token=token, campaign_id=campaign_id, campaign_name=str(me["campaign_name"]),
                               ruleset=str(me["ruleset"]), participant_id=str(me["participant_id"]),
                               name=str(me["name"]), role=str(me["role"]))
    path = _save(name, profile, args.default, lang)
    if args.json:
        emit_json({"campaign_id": campaign_id, "gm_token": token, "profile": name, "config": path})
        return OK
    print(say("client.setup.created", lang, name=profile.campaign_name, ruleset=profile.ruleset,
              url=f"{base}/campaigns/{campaign_id}"))
    _lines(say("client.setup.gm_token", lang, token=token, profile=name, config=path))
    print(say("client.setup.next", lang, profile=name))
    return OK


def invite(args: argparse.Namespace) -> int:
    """POST /campaigns/{id}/participants: the new participant's token, shown once, and what to hand them."""
    lang = args.lang
    with Session(args) as session:
        _, invited = session.api.post(session.campaign("/participants"), {"name": args.name, "role": args.role},
                                      {"lang": lang})
        url = f"{session.api.base_url}{session.campaign()}"
    if args.json:
        emit_json(invited)
        return OK
    print(say("client.setup.invited", lang, name=args.name, role=say(f"reply.word.{args.role}", lang),
              participant=invited["participant_id"]))
    _lines(say("client.setup.hand_over", lang, name=args.name, url=url, token=invited["token"]))
    return OK


def _participant(session: Session, who: str, lang: str) -> str:
    """A participant named by id or by name (exactly, then ignoring case)."""
    participants: dict[str, Any] = session.api.get(session.campaign("/state"))["participants"]
    if who in participants:
        return who
    named = [pid for pid, p in participants.items() if p.get("name") == who] or \
            [pid for pid, p in participants.items() if str(p.get("name", "")).casefold() == who.casefold()]
    if len(named) != 1:
        known = ", ".join(f"{p.get('name')} ({pid})" for pid, p in participants.items())
        raise ClientError(USAGE, say("client.setup.who", lang, who=who, known=known))
    return named[0]


def revoke(args: argparse.Namespace) -> int:
    """The participant's token stops working at once (DELETE …/participants/{id}/token); `--rotate` issues a
    new one in its place (POST), shown once."""
    lang = args.lang
    answer: dict[str, Any] = {}
    with Session(args) as session:
        pid = _participant(session, args.participant, lang)
        path = session.campaign(f"/participants/{segment(pid)}/token")
        if args.rotate:
            _, answer = session.api.post(path, None, {"lang": lang})
        else:
            session.api.delete(path, {"lang": lang})
            answer = {"participant_id": pid, "revoked": True}
    if args.json:
        emit_json(answer)
        return OK
    print(say("client.setup.rotated" if args.rotate else "client.setup.revoked", lang, participant=pid,
              token=str(answer.get("token") or "")))
    return OK


def session_command(args: argparse.Namespace) -> int:
    """start_session / end_session: the answer told as the service tells it, to paste into the thread."""
    lang = args.lang
    body: dict[str, Any] = {"type": "start_session" if args.what == "start" else "end_session"}
    if args.what == "start" and args.title:
        body["title"] = args.title
    with Session(args) as session:
        _, answer = session.api.post(session.campaign("/commands"), body, {"lang": lang})
    if args.json:
        emit_json(answer)
        return OK
    rendered = (answer.get("result") or {}).get("rendered") or {}
    print(rendered.get(lang) or rendered.get("en") or "")
    return OK

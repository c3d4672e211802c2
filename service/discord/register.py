"""`lexmechanic discord register`: the app's command definitions, as Discord's bulk-overwrite endpoint takes
them (`PUT /applications/{application}/commands`), printed, or sent with the bot's token.

Names stay English (a slash command's name is what people type, the same in every server); descriptions
and the message command's name are in both languages from the catalog (Discord shows `es-ES` and `es-419`
people the Spanish ones).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from domain import catalog
from domain.message import message

SUB_COMMAND, STRING = 1, 3
CHAT_INPUT, MESSAGE = 1, 3
SPANISH_LOCALES = ("es-ES", "es-419")
BOT_TOKEN_ENV = "LEXMECHANIC_DISCORD_BOT_TOKEN"
API_URL = "https://discord.com/api/v10"


def _words(message_id: str) -> tuple[str, dict[str, str]]:
    spanish = catalog.text(message(message_id), "es")
    return catalog.text(message(message_id), "en"), {locale: spanish for locale in SPANISH_LOCALES}


def _described(message_id: str, **fields: Any) -> dict[str, Any]:
    english, spanish = _words(message_id)
    return {**fields, "description": english, "description_localizations": spanish}


def _text_option(name: str, message_id: str, max_length: int) -> dict[str, Any]:
    return _described(message_id, name=name, type=STRING, required=True, max_length=max_length)


def definitions() -> list[dict[str, Any]]:
    """The /lx slash command with its sub-commands, and the message command "Record in Lexmechanic"."""
    subcommands = [
        _described("discord.command.bind", name="bind", type=SUB_COMMAND, options=[
            _text_option("campaign", "discord.command.bind.campaign", 36),
            _text_option("token", "discord.command.bind.token", 200)]),
        _described("discord.command.link", name="link", type=SUB_COMMAND, options=[
            _text_option("token", "discord.command.link.token", 200)]),
        _described("discord.command.post", name="post", type=SUB_COMMAND, options=[
            _text_option("text", "discord.command.post.text", 6000)]),
        _described("discord.command.roll", name="roll", type=SUB_COMMAND, options=[
            _text_option("dice", "discord.command.roll.dice", 500)]),
        _described("discord.command.turn", name="turn", type=SUB_COMMAND),
        _described("discord.command.state", name="state", type=SUB_COMMAND),
    ]
    record, record_es = _words("discord.command.record")
    return [
        _described("discord.command.lx", name="lx", type=CHAT_INPUT, options=subcommands),
        {"name": record, "name_localizations": record_es, "type": MESSAGE},
    ]


def register(args: argparse.Namespace) -> int:
    """Print the definitions; with --send, overwrite the application's commands (a server's with --guild)."""
    commands = definitions()
    if not args.send:
        print(json.dumps(commands, ensure_ascii=False, indent=2))
        return 0
    token = os.environ.get(BOT_TOKEN_ENV, "").strip()
    if not args.application_id or not token:
        print(f"lexmechanic discord register --send needs --application-id and the bot token in ${BOT_TOKEN_ENV}",
              file=sys.stderr)
        return 2
    import httpx

    where = f"/applications/{args.application_id}" + (f"/guilds/{args.guild}" if args.guild else "") + "/commands"
    base = os.environ.get("LEXMECHANIC_DISCORD_API_URL", "").strip().rstrip("/") or API_URL
    try:
        answer = httpx.put(base + where, json=commands, headers={"Authorization": f"Bot {token}"}, timeout=30,
                           trust_env=False)
    except httpx.HTTPError as error:
        print(f"lexmechanic discord register: Discord could not be reached ({type(error).__name__})", file=sys.stderr)
        return 6
    if not answer.is_success:
        print(f"lexmechanic discord register: Discord answered HTTP {answer.status_code}: {answer.text[:500]}",
              file=sys.stderr)
        return 1
    names = ", ".join(str(c.get("name")) for c in answer.json())
    print(f"registered {len(commands)} commands ({names}) for application {args.application_id}"
          + (f" in server {args.guild}" if args.guild else " (global: Discord may take up to an hour to show them)"))
    return 0


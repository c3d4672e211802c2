"""What every client command shares: the chosen profile, its connection, and how answers are printed."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, TextIO

from service.client import profiles
from service.client.tables import table
from service.client.terminal import json_text
from service.client.transport import Api, segment
from service.client.words import say

if TYPE_CHECKING:  # the boards (and the words they print) load only for the commands that print one
    from service.client.boards import Board


class Session:
    """The profile a command runs as, and the service it talks to."""

    def __init__(self, args: argparse.Namespace) -> None:
        lang = getattr(args, "lang", None)
        known = profiles.load(profiles.config_path(), lang)
        self.profile_name, self.profile = known.chosen(args.profile, lang)
        self.api = Api(self.profile.url, self.profile.token, timeout=args.timeout, lang=lang)

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *_: object) -> None:
        self.api.__exit__()

    def campaign(self, path: str = "") -> str:
        """The path of this profile's campaign (plus `path`)."""
        return f"/campaigns/{segment(self.profile.campaign_id)}{path}"


def emit_json(value: Any) -> None:
    """`value` as JSON for scripts: every control character escaped (service/client/terminal.py)."""
    emit_lines(json_text(value))


def emit_lines(text: str, end: str = "\n", file: TextIO | None = None) -> None:
    """A document of many lines (a table, a transcript, a reply, JSON): its own line breaks are printed as
    the command's, so that the terminal keeps them; anything else in it is shown visibly."""
    print(*text.split("\n"), sep="\n", end=end, file=file)


def terminal_width() -> int | None:
    """The terminal's width when writing to one (a pipe or file gets whole lines)."""
    if not sys.stdout.isatty():
        return None
    import shutil  # only a terminal asks (shutil brings its archive modules: a start pays for them)

    return shutil.get_terminal_size().columns


def emit_board(board: Board, lang: object = None) -> None:
    for line in board.heading:
        print(line)
    if board.heading:
        print()
    if board.rows:
        emit_lines(table(board.headers, board.rows, terminal_width()))
    else:
        print(say("client.none", lang))

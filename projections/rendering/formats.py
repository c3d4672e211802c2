"""The forms every rendering comes in: JSON for programs, Markdown and BBCode for forum posts."""

from __future__ import annotations

from typing import Literal

Format = Literal["json", "markdown", "bbcode"]

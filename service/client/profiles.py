"""Profiles: which service, campaign and token each `--profile` means, kept in one file only its owner reads.

The file is TOML, `$LEXMECHANIC_CONFIG` or `$XDG_CONFIG_HOME/lexmechanic/profiles.toml` (default
`~/.config/lexmechanic/profiles.toml`), written with mode 0600 in a directory of mode 0700, replaced
atomically so a crash never leaves half a file. It holds bearer tokens: nothing else should read it.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any, NamedTuple

from service.client.exits import USAGE, ClientError
from service.client.terminal import json_text
from service.client.words import say

DEFAULT_NAME = "default"
NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


# Plain named tuples, not msgspec structs: every `lexmechanic` command reads this file, and msgspec (with
# the typing machinery it loads) was the largest import of a start (docs/cli.md "Start time").
class Profile(NamedTuple):
    url: str
    token: str
    campaign_id: str
    campaign_name: str = ""
    ruleset: str = ""
    participant_id: str = ""
    name: str = ""
    role: str = ""


class Profiles(NamedTuple):
    default: str | None = None
    profiles: dict[str, Profile] = {}  # noqa: RUF012  # never mutated: a change builds new Profiles

    def chosen(self, name: str | None, lang: object = None) -> tuple[str, Profile]:
        """The profile `name` (None: $LEXMECHANIC_PROFILE, else the default), or a ClientError saying what to do
        (in `lang`)."""
        wanted = name or os.environ.get("LEXMECHANIC_PROFILE") or self.default
        if not self.profiles:
            raise ClientError(USAGE, say("client.error.no_profile_yet", lang))
        if wanted is None:
            listed = ", ".join(sorted(self.profiles))
            raise ClientError(USAGE, say("client.error.no_default_profile", lang, known=listed))
        found = self.profiles.get(wanted)
        if found is None:
            known = ", ".join(sorted(self.profiles))
            raise ClientError(USAGE, say("client.error.unknown_profile", lang, profile=repr(wanted), known=known))
        return wanted, found


def config_path() -> Path:
    """Where the profiles live: $LEXMECHANIC_CONFIG, else under $XDG_CONFIG_HOME (or ~/.config)."""
    given = os.environ.get("LEXMECHANIC_CONFIG")
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base).expanduser() / "lexmechanic" / "profiles.toml"


def check_name(name: str, lang: object = None) -> str:
    if not NAME.fullmatch(name):
        raise ClientError(USAGE, say("client.error.profile_name", lang, name=repr(name)))
    return name


def load(path: Path, lang: object = None) -> Profiles:
    """The profiles in `path` (none if it does not exist); warns when others may read it (in `lang`)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Profiles()
    except OSError as error:
        raise ClientError(USAGE, say("client.error.cannot_read", lang, path=str(path), reason=str(error.strerror))) \
            from error
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        print(say("client.profiles.readable", lang, path=str(path), mode=f"{mode:o}"), file=sys.stderr)
    try:
        return _profiles(tomllib.loads(raw.decode("utf-8")))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError) as error:
        raise ClientError(USAGE, say("client.error.not_profiles", lang, path=str(path), reason=str(error))) from error


def _profiles(table: dict[str, Any]) -> Profiles:
    """The file's tables as Profiles: every field a string, the three a profile needs present (other keys,
    from a newer client, are left alone)."""
    default = table.get("default")
    if default is not None and not isinstance(default, str):
        raise ValueError(f"Expected `str | null`, got `{type(default).__name__}` - at `$.default`")
    found: dict[str, Profile] = {}
    listed = table.get("profiles", {})
    if not isinstance(listed, dict):
        raise ValueError(f"Expected `object`, got `{type(listed).__name__}` - at `$.profiles`")
    for name, fields in listed.items():
        if not isinstance(fields, dict):
            raise ValueError(f"Expected `object`, got `{type(fields).__name__}` - at `$.profiles[{name!r}]`")
        for field in Profile._fields:
            where = f"$.profiles[{name!r}].{field}"
            if field not in fields:
                if field not in Profile._field_defaults:
                    raise ValueError(f"Object missing required field `{field}` - at `$.profiles[{name!r}]`")
            elif not isinstance(fields[field], str):
                raise ValueError(f"Expected `str`, got `{type(fields[field]).__name__}` - at `{where}`")
        found[name] = Profile(**{k: v for k, v in fields.items() if k in Profile._fields})
    return Profiles(default=default, profiles=found)


def _toml(profiles: Profiles, lang: object = None) -> str:
    # A JSON string is a valid TOML basic string (the same escapes), and names are bare keys (NAME). TOML
    # allows no raw control character (DEL included) and no surrogate, even escaped: a campaign's name
    # holds what its GM typed, so controls are escaped (json_text) and a lone surrogate replaced.
    lines = [say("client.profiles.header", lang), ""]
    if profiles.default is not None:
        lines += [f"default = {json_text(profiles.default)}", ""]
    for name, profile in sorted(profiles.profiles.items()):
        lines.append(f"[profiles.{check_name(name, lang)}]")
        for field in Profile._fields:
            value = str(getattr(profile, field)).encode("utf-8", "replace").decode("utf-8")
            lines.append(f"{field} = {json_text(value)}")
        lines.append("")
    return "\n".join(lines)


def save(path: Path, profiles: Profiles, lang: object = None) -> None:
    """Write the profiles to `path` atomically, mode 0600 (its directory 0700 when created here)."""
    import tempfile  # only a command that saves a profile pays for it

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".profiles-", suffix=".toml", dir=path.parent)
        try:
            os.fchmod(descriptor, 0o600)  # mkstemp creates it 0600 already; say so explicitly
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                out.write(_toml(profiles, lang))
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise ClientError(USAGE, say("client.error.cannot_write", lang, path=str(path), reason=str(error.strerror))) \
            from error

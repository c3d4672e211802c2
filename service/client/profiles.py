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
import tempfile
import tomllib
from pathlib import Path

import msgspec

from service.client.exits import USAGE, ClientError
from service.client.terminal import json_text

DEFAULT_NAME = "default"
NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


class Profile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=False):
    url: str
    token: str
    campaign_id: str
    campaign_name: str = ""
    ruleset: str = ""
    participant_id: str = ""
    name: str = ""
    role: str = ""


class Profiles(msgspec.Struct, frozen=True, kw_only=True):
    default: str | None = None
    profiles: dict[str, Profile] = {}

    def chosen(self, name: str | None) -> tuple[str, Profile]:
        """The profile `name` (None: $LEXMECHANIC_PROFILE, else the default), or a ClientError saying what to do."""
        wanted = name or os.environ.get("LEXMECHANIC_PROFILE") or self.default
        if not self.profiles:
            raise ClientError(USAGE, "no profile yet: run `lexmechanic login URL` first")
        if wanted is None:
            raise ClientError(USAGE, f"no default profile: pass --profile ({', '.join(sorted(self.profiles))})")
        found = self.profiles.get(wanted)
        if found is None:
            known = ", ".join(sorted(self.profiles))
            raise ClientError(USAGE, f"no profile {wanted!r}; known: {known} (`lexmechanic login` adds one)")
        return wanted, found


def config_path() -> Path:
    """Where the profiles live: $LEXMECHANIC_CONFIG, else under $XDG_CONFIG_HOME (or ~/.config)."""
    given = os.environ.get("LEXMECHANIC_CONFIG")
    if given:
        return Path(given).expanduser()
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base).expanduser() / "lexmechanic" / "profiles.toml"


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise ClientError(USAGE, f"a profile name is 1-64 letters, digits, '-' or '_', not {name!r}")
    return name


def load(path: Path) -> Profiles:
    """The profiles in `path` (none if it does not exist); warns when others may read it."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Profiles()
    except OSError as error:
        raise ClientError(USAGE, f"cannot read {path}: {error.strerror}") from error
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        print(f"warning: {path} holds tokens and is readable by others (mode {mode:o}); chmod 600 it",
              file=sys.stderr)
    try:
        return msgspec.convert(tomllib.loads(raw.decode("utf-8")), Profiles)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, msgspec.ValidationError) as error:
        raise ClientError(USAGE, f"{path} is not a profiles file: {error}") from error


def _toml(profiles: Profiles) -> str:
    # A JSON string is a valid TOML basic string (the same escapes), and names are bare keys (NAME). TOML
    # allows no raw control character (DEL included) and no surrogate, even escaped: a campaign's name
    # holds what its GM typed, so controls are escaped (json_text) and a lone surrogate replaced.
    lines = ["# Lexmechanic client profiles (lexmechanic login). Holds bearer tokens: keep it mode 600.", ""]
    if profiles.default is not None:
        lines += [f"default = {json_text(profiles.default)}", ""]
    for name, profile in sorted(profiles.profiles.items()):
        lines.append(f"[profiles.{check_name(name)}]")
        for field in msgspec.structs.fields(Profile):
            value = str(getattr(profile, field.name)).encode("utf-8", "replace").decode("utf-8")
            lines.append(f"{field.name} = {json_text(value)}")
        lines.append("")
    return "\n".join(lines)


def save(path: Path, profiles: Profiles) -> None:
    """Write the profiles to `path` atomically, mode 0600 (its directory 0700 when created here)."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".profiles-", suffix=".toml", dir=path.parent)
        try:
            os.fchmod(descriptor, 0o600)  # mkstemp creates it 0600 already; say so explicitly
            with os.fdopen(descriptor, "w", encoding="utf-8") as out:
                out.write(_toml(profiles))
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise ClientError(USAGE, f"cannot write {path}: {error.strerror}") from error

"""What an event changed: the difference between the folded state before and after it, path by path."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign.state import CampaignState

# Bookkeeping that changes with every event and says nothing to a reader of the game.
_IGNORED_TOP = frozenset({"version", "encounters", "rolls", "notes", "retracted", "epoch"})
_IGNORED_ANYWHERE = frozenset({"used_ids", "tests", "tests_rolled", "special_rolls", "attacks", "extended"})


class Change(msgspec.Struct, frozen=True):
    """One value that changed: `path` like "rules.characters.kai.damage", with its values before and after."""

    path: str
    before: Any
    after: Any


def plain(state: CampaignState) -> dict[str, Any]:
    data = msgspec.to_builtins(state)
    assert isinstance(data, dict)
    return {k: v for k, v in data.items() if k not in _IGNORED_TOP}


def diff(before: Any, after: Any, path: str = "") -> list[Change]:
    """Every leaf that differs; lists compare as whole values (a condition list is one change)."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes: list[Change] = []
        for key in sorted(set(before) | set(after), key=str):
            if key in _IGNORED_ANYWHERE:
                continue
            sub = f"{path}.{key}" if path else str(key)
            if key not in before:
                changes.append(Change(sub, None, after[key]))
            elif key not in after:
                changes.append(Change(sub, before[key], None))
            else:
                changes.extend(diff(before[key], after[key], sub))
        return changes
    return [] if before == after else [Change(path, before, after)]

"""What an event or a command changed for the people at the table, as a reader says it:
"Brother Kai: 12 → 7 wounds, now stunned", "Glory 2 → 3"; and the same as data for bots.

The rules engine says what a reader follows about each character (its phrases' `standing`: wounds left,
shock, Fate, magnitude, conditions …) and its shared pools; this module compares them before and after.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from domain.campaign.state import CampaignState
from domain.engine import Lang, Standing
from domain.rulesets import reads_of, surface_of
from projections.rendering.names import Namer
from projections.rendering.vocabulary import term, word


class StandingChange(msgspec.Struct, frozen=True, kw_only=True):
    """One character's (or, with `character_id` None, the table's pools') standing before and after."""

    character_id: str | None
    name: str
    before: dict[str, int | list[str]]
    after: dict[str, int | list[str]]


def _standing(state: CampaignState, character_id: str) -> Standing:
    if state.rules is None:
        return {}
    return surface_of(state.rules).phrases.standing(state.rules, character_id)


def _plain(standing: Standing) -> dict[str, int | list[str]]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in standing.items()}


def standing_changes(before: CampaignState, after: CampaignState, name: Namer) -> list[StandingChange]:
    """Every character whose standing differs (in the order the campaign knows them), then the pools."""
    if before.rules is after.rules:
        # A standing and the pools are read off the rules' state alone (the engine's `standing` and `pools`), and
        # an event that leaves them alone (a roll, a note) folds to the very same object: nothing changed.
        return []
    found: list[StandingChange] = []
    # Characters whose record the command left as it was (the very same object) are not compared.
    unchanged: set[str] = set()
    rules_before, rules_after = before.rules, after.rules
    if rules_before is not None and rules_after is not None and type(rules_before) is type(rules_after):
        source = surface_of(rules_after).phrases.standing_source
        unchanged = {cid for cid in after.characters if source(rules_before, cid) is source(rules_after, cid)}
    for character_id in after.characters:
        if character_id in unchanged:
            continue
        old, new = _standing(before, character_id), _standing(after, character_id)
        if old != new and new:
            keys = [k for k in new if old.get(k) != new[k]] if old else list(new)
            if not old:
                continue  # a new character: its creation says who it is
            found.append(StandingChange(character_id=character_id, name=name(character_id),
                                        before={k: _plain(old)[k] for k in keys if k in old},
                                        after={k: _plain(new)[k] for k in keys}))
    if before.rules is not None and after.rules is not None:
        old_pools = reads_of(before.rules).pools(before.rules)
        new_pools = reads_of(after.rules).pools(after.rules)
        keys = [k for k in new_pools if old_pools.get(k) != new_pools[k]]
        if keys:
            found.append(StandingChange(character_id=None, name="", before={k: old_pools.get(k, 0) for k in keys},
                                        after={k: new_pools[k] for k in keys}))
    return found


def _parts(change: StandingChange, lang: Lang, ruleset: str) -> Iterator[str]:
    for key, new in change.after.items():
        old = change.before.get(key)
        if isinstance(new, list) and key != "conditions":
            # Other lists (a W&G hero's tests whose Wrath die 1 awaits the GM): how many wait, and each as the
            # `#id` a line names it by (`!complication #t4 ruin`, docs/commands.md), not a bare "t4".
            named = f" ({', '.join(f'#{v}' for v in new)})" if new else ""
            yield f"{term(key, lang, ruleset)}: {len(new)}{named}"
        elif isinstance(new, list):
            gained = [c for c in new if c not in (old if isinstance(old, list) else [])]
            lost = [c for c in (old if isinstance(old, list) else []) if c not in new]
            if gained:
                yield word("now", lang, what=", ".join(term(c, lang, ruleset) for c in gained))
            if lost:
                yield word("no_longer", lang, what=", ".join(term(c, lang, ruleset) for c in lost))
        elif old is None:
            yield f"{term(key, lang, ruleset)} {new}"
        else:
            yield f"{old} → {new} {term(key, lang, ruleset)}"


def change_text(change: StandingChange, lang: Lang, ruleset: str) -> str:
    """`Brother Kai: 12 → 7 wounds, now stunned`; the pools as `Glory 2 → 3`."""
    if change.character_id is None:
        return ", ".join(f"{term(k, lang, ruleset)} {change.before.get(k)} → {v}" for k, v in change.after.items())
    return f"{change.name}: {', '.join(_parts(change, lang, ruleset))}"

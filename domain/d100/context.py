"""What the rest of the campaign tells the d100 rules for one decision (today: the mission's oath)."""

from __future__ import annotations

import msgspec


class D100Context(msgspec.Struct, frozen=True, kw_only=True):
    """Effects from outside the d100 state: who is under an Oath of the Weapon, for instance."""

    # Characters whose personal weapons never jam (Oath of the Weapon).
    never_jam: frozenset[str] = frozenset()
    # Characters who may reroll a failed Righteous Fury confirmation in melee (Oath of the Weapon).
    melee_fury_reroll: frozenset[str] = frozenset()


NO_CONTEXT = D100Context()

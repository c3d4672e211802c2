"""What the rest of the campaign tells the d100 rules for one decision (today: the mission's oath)."""

from __future__ import annotations

import msgspec

from .modifiers import Modifier


class D100Context(msgspec.Struct, frozen=True, kw_only=True):
    """Effects from outside the d100 state: who is under an Oath of the Weapon, for instance."""

    # Characters whose personal weapons never jam (Oath of the Weapon).
    never_jam: frozenset[str] = frozenset()
    # Characters who may reroll a failed Righteous Fury confirmation in melee (Oath of the Weapon).
    melee_fury_reroll: frozenset[str] = frozenset()
    # Named modifiers every WP test of a character takes (Oath to the Emperor, +10): the tests a command has no
    # modifiers for (Pinning in a kill zone, On Fire's WP test) read them here.
    willpower: dict[str, tuple[Modifier, ...]] = {}
    # Oath of Knowledge: a character's chosen enemy type and what its WS/BS tests against that enemy take.
    enemy_modifiers: dict[str, tuple[str, tuple[Modifier, ...]]] = {}

    def willpower_of(self, character_id: str) -> tuple[Modifier, ...]:
        """The oath's modifiers to this character's WP tests (none without an oath)."""
        return self.willpower.get(character_id, ())

    def against(self, character_id: str, enemy_type: str | None) -> tuple[Modifier, ...]:
        """The oath's modifiers to this character's WS/BS tests against a foe of `enemy_type`."""
        found = self.enemy_modifiers.get(character_id)
        if found is None or enemy_type is None or found[0].strip().casefold() != enemy_type.strip().casefold():
            return ()
        return found[1]


NO_CONTEXT = D100Context()

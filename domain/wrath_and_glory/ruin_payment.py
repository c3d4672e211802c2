"""Paying Ruin for an NPC: from the GM's pool, or from the NPC's own personal Ruin."""

from __future__ import annotations

from domain.commands import Actor
from domain.errors import RuleViolation
from domain.message import message
from domain.wrath_and_glory.access import require_gm
from domain.wrath_and_glory.events import RuinSpendCause, RuinSpent
from domain.wrath_and_glory.resources import spend
from domain.wrath_and_glory.state import CharacterState, WngState


def pay_ruin(
    state: WngState,
    actor: Actor,
    npc: CharacterState,
    cause: RuinSpendCause,
    *,
    personal: bool = False,
    test_id: str | None = None,
    reason: str = "",
) -> RuinSpent:
    """1 Ruin spent for `npc`; personal Ruin serves only the NPC that owns it."""
    require_gm(actor, message("term.wng.gm_may.spend_ruin"))
    if npc.is_hero:
        raise RuleViolation("ruin", case="hero", character=npc.sheet.name)
    if personal:
        change = spend(npc.personal_ruin, 1, rule="personal_ruin", npc=npc.sheet.name)
        return RuinSpent(amount=1, cause=cause, before=change.before, after=change.after, personal_of=npc.id,
                         character_id=npc.id, test_id=test_id, reason=reason)
    change = spend(state.ruin, 1, rule="ruin")
    return RuinSpent(amount=1, cause=cause, before=change.before, after=change.after, character_id=npc.id,
                     test_id=test_id, reason=reason)


def check_reroll_payment(character: CharacterState, payment: str | None) -> None:
    """Wrath rerolls a hero's dice; Ruin (the GM's or its own) an adversary's or a monster's, never a troop's."""
    if payment is None:
        return
    if payment == "wrath" and not character.is_hero:
        raise RuleViolation("wrath", case="npc", character=character.sheet.name)
    if payment != "wrath" and character.sheet.kind not in ("adversary", "monster"):
        raise RuleViolation("ruin_reroll")

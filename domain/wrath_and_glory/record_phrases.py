"""Sentences for the Wrath & Glory events the pages once told as a title and a list of fields (the tier, an
interaction attack's effect, an ambush noticed, effects ending with a turn), and the sentences of the events a
reply leaves to the events around them (the part of a turn an attack or a test spent, Total Defence's bonus,
the Glory a Wrath die 6 brought), which a page that lists every event shows.

The words are the catalog's (`wng.told.*`, domain/catalog/*/wng_told.po)."""

from __future__ import annotations

from collections.abc import Callable

from domain.catalog import has, text
from domain.engine import Lang
from domain.events import Event
from domain.message import message
from domain.wrath_and_glory.encounter_events import ActionTaken, MadeAware, TurnEffectsExpired
from domain.wrath_and_glory.events import InteractionEffectApplied, TierSet
from domain.wrath_and_glory.phrase_terms import term

Name = Callable[[str], str]


def action_name(action: str, lang: Lang) -> str:
    """An action's name as the reader says it: the engine's term, else the catalog's `wng.told.action.*`."""
    own = f"wng.told.action.{action.replace(' ', '_')}"
    return text(message(own), lang) if has(own, lang) else term(action, lang)


def _expired(event: TurnEffectsExpired, name: Name, lang: Lang) -> str:
    effects = [text(message("wng.told.effect.defence", value=f"{m.value:+d}", source=term(m.source, lang)), lang)
               for m in event.defence]
    if event.prepared:
        effects.append(text(message("wng.told.effect.prepared"), lang))
    listed = ", ".join(effects) or text(message("wng.told.effects_expired.none"), lang)
    return text(message(f"wng.told.effects_expired.{event.cause}", who=name(event.character_id),
                        effects=listed), lang)


def record_sentence(event: Event, name: Name, lang: Lang) -> str | None:
    """The sentence of one of these events, or None for another event."""
    match event:
        case TierSet(tier=tier):
            return text(message("wng.told.tier_set", tier=tier), lang)
        case InteractionEffectApplied():
            said = text(message(f"wng.told.interaction.{event.effect}", whom=name(event.target_id)), lang)
            if event.extra_effect:
                said += text(message("wng.told.interaction.extra", count=event.shifts), lang)
            return said
        case MadeAware():
            return text(message("wng.told.made_aware", who=name(event.character_id)), lang)
        case TurnEffectsExpired():
            return _expired(event, name, lang)
    return None


def action_paid(event: ActionTaken, name: Name, lang: Lang) -> str:
    """The part of the turn an attack, a test, a move or a reload spent."""
    said = text(message(f"wng.told.action_paid.{event.kind}", who=name(event.character_id),
                        action=action_name(event.name, lang)), lang)
    if event.troop_members:
        said += text(message("wng.told.action_paid.troop", count=event.troop_members), lang)
    return said

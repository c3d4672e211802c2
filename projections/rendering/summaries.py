"""One line per event, for a person reading the forum thread, in English or Spanish.

The campaign's own events have sentences of their own; any other event is told by its title and its
plain facts (who, and the numbers it carries), and the state changes beside it say what it did.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign.events import (
    CampaignCreated,
    CharacterCreated,
    DiceRolled,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EntropyContributed,
    EventsReinstated,
    EventsRetracted,
    GmNoted,
    ParticipantJoined,
    SessionEnded,
    SessionStarted,
    TurnRedone,
    TurnUndone,
)
from domain.campaign.state import CampaignState
from domain.dice_expression import Evaluated, render
from domain.events import Event, event_type
from domain.rulesets import engine_for
from projections.rendering.vocabulary import Lang, field, title


def _name(state: CampaignState, character_id: str | None) -> str:
    if character_id is None:
        return ""
    character = state.characters.get(character_id)
    return character.name if character is not None else character_id


def _seqs(seqs: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in seqs)


def campaign_sentence(event: Event, state: CampaignState, lang: Lang) -> str | None:
    """The sentence for a campaign event, or None for events of the rules engines."""
    es = lang == "es"
    match event:
        case CampaignCreated(name=name, ruleset=ruleset):
            return f"Campaña «{name}» creada ({ruleset})" if es else f"Campaign “{name}” created ({ruleset})"
        case ParticipantJoined(name=name, role=role):
            return f"{name} se une como {role}" if es else f"{name} joins as {role}"
        case DiceSeedCommitted(epoch=epoch, commitment=commitment):
            return (
                f"Época de dados {epoch} comprometida: sha256 {commitment[:16]}…"
                if es
                else f"Dice epoch {epoch} committed: sha256 {commitment[:16]}…"
            )
        case DiceSeedRevealed(epoch=epoch, seed=seed):
            return (
                f"Semilla de la época {epoch} revelada: {seed[:16]}…"
                if es
                else f"Seed of dice epoch {epoch} revealed: {seed[:16]}…"
            )
        case EntropyContributed(epoch=epoch, entropy=entropy, digest=digest):
            return (
                f"Entropía «{entropy}» aportada a la época {epoch}: resumen {digest[:16]}…"
                if es
                else f"Entropy “{entropy}” contributed to dice epoch {epoch}: digest {digest[:16]}…"
            )
        case SessionStarted(session=session, title=title):
            suffix = f": {title}" if title else ""
            return f"Empieza la sesión {session}{suffix}" if es else f"Session {session} begins{suffix}"
        case SessionEnded(session=session):
            return f"Termina la sesión {session}" if es else f"Session {session} ends"
        case CharacterCreated(name=name, kind=kind):
            return f"Nuevo personaje: {name} ({kind})" if es else f"New character: {name} ({kind})"
        case DiceRolled(expression=expression, reason=reason, terms=terms, dice=dice, total=total, character_id=cid):
            who = _name(state, cid)
            rolled = render(Evaluated(terms=terms, dice=dice, total=total))
            subject = f"{who} " if who else ""
            return (
                f"{subject}tira {expression} ({reason}): {rolled}"
                if es
                else f"{subject}rolls {expression} ({reason}): {rolled}"
            )
        case GmNoted(text=text):
            return f"Nota del DJ: {text}" if es else f"GM note: {text}"
        case EventsRetracted(voids=voids, reason=reason):
            return (
                f"El DJ anula los eventos {_seqs(voids)}: {reason}"
                if es
                else f"The GM retracts events {_seqs(voids)}: {reason}"
            )
        case EventsReinstated(restores=restores, reason=reason):
            return (
                f"El DJ restablece los eventos {_seqs(restores)}: {reason}"
                if es
                else f"The GM reinstates events {_seqs(restores)}: {reason}"
            )
        case TurnUndone(encounter=encounter, round=round_, turn=turn, voids=voids):
            return (
                f"Se deshace el turno {turn} del asalto {round_} de {encounter} (eventos {_seqs(voids)})"
                if es
                else f"Turn {turn} of round {round_} of {encounter} is undone (events {_seqs(voids)})"
            )
        case TurnRedone(encounter=encounter, round=round_, turn=turn):
            return (
                f"Se rehace el turno {turn} del asalto {round_} de {encounter}"
                if es
                else f"Turn {turn} of round {round_} of {encounter} is redone"
            )
    return None


def _facts(event: Event, state: CampaignState, lang: Lang) -> str:
    """The plain facts of an event: character names for *_id fields, then its small numbers and words."""
    data = msgspec.to_builtins(event)
    assert isinstance(data, dict)
    parts: list[str] = []
    for key, value in data.items():
        if key in ("type", "dice") or isinstance(value, (dict, list)) or value is None or value is False:
            continue
        if key.endswith("_id") and isinstance(value, str):
            shown: Any = _name(state, value) if value in state.characters else value
            parts.append(f"{field(key.removesuffix('_id'), lang)} {shown}")
        elif isinstance(value, (int, str)) and len(str(value)) <= 60:
            parts.append(f"{field(key, lang)} {value}")
    return ", ".join(parts)


def summarize(event: Event, before: CampaignState, lang: Lang) -> str:
    """One line for a person: the campaign's sentence, or the event's title and facts."""
    sentence = campaign_sentence(event, before, lang) or engine_for(before.ruleset).phrases.sentence(
        event, lambda cid: _name(before, cid), lang
    )
    if sentence is not None:
        return sentence
    facts = _facts(event, before, lang)
    heading = title(event_type(event), lang)
    return f"{heading}: {facts}" if facts else heading

"""One line per event, for a person reading the forum thread, in English or Spanish.

The campaign's own events have sentences of their own; any other event is told by its title and its
plain facts (who, and the numbers it carries), and the state changes beside it say what it did.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.campaign.events import (
    AttemptRefused,
    CampaignCreated,
    CharacterCreated,
    DiceRolled,
    DiceSeedCommitted,
    DiceSeedRevealed,
    EntropyContributed,
    EventsReinstated,
    EventsRetracted,
    GmNoted,
    NonceReserved,
    ParticipantJoined,
    ParticipantTokenRevoked,
    ParticipantTokenRotated,
    SecretRollRevealed,
    SecretRollSealed,
    SessionEnded,
    SessionStarted,
    TurnRedone,
    TurnUndone,
)
from domain.campaign.state import CampaignState
from domain.dice import Die
from domain.dice_expression import Evaluated, ExpressionError, parse, render
from domain.events import Event, event_type
from domain.missions.events import MissionFact
from domain.rulesets import ruleset_title, surface_for
from projections.rendering import attempts
from projections.rendering.mission_sentences import mission_sentence
from projections.rendering.names import Namer, namer
from projections.rendering.vocabulary import Lang, field, term, title, word


def _name(state: CampaignState, character_id: str | None) -> str:
    if character_id is None:
        return ""
    character = state.characters.get(character_id)
    return character.name if character is not None else character_id


def _participant_name(state: CampaignState, participant_id: str) -> str:
    participant = state.participants.get(participant_id)
    return participant.name if participant is not None else participant_id


def _seqs(seqs: tuple[int, ...]) -> str:
    return ", ".join(str(s) for s in seqs)


def _events_en(seqs: tuple[int, ...]) -> str:
    return f"event {seqs[0]}" if len(seqs) == 1 else f"events {_seqs(seqs)}"


def _events_es(seqs: tuple[int, ...]) -> str:
    return f"el evento {seqs[0]}" if len(seqs) == 1 else f"los eventos {_seqs(seqs)}"


def campaign_sentence(event: Event, state: CampaignState, lang: Lang) -> str | None:
    """The sentence for a campaign event, or None for events of the rules engines."""
    es = lang == "es"
    match event:
        case CampaignCreated(name=name, ruleset=ruleset):
            # The game's own title (its engine declares it); a reader never sees the ruleset's code (`only_war`).
            shown = ruleset_title(ruleset)
            return f"Campaña «{name}» creada ({shown})" if es else f"Campaign “{name}” created ({shown})"
        case ParticipantJoined(name=name, role=role):
            return f"{name} se une como {word(role, lang)}" if es else f"{name} joins as {word(role, lang)}"
        case ParticipantTokenRevoked(participant_id=pid):
            who = _participant_name(state, pid)
            return f"Se revoca el token de {who}" if es else f"{who}'s token is revoked"
        case ParticipantTokenRotated(participant_id=pid):
            who = _participant_name(state, pid)
            return f"Se sustituye el token de {who}" if es else f"{who}'s token is replaced"
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
            shown = word(kind, lang)
            return f"Nuevo personaje: {name} ({shown})" if es else f"New character: {name} ({shown})"
        case DiceRolled(expression=expression, reason=reason, terms=terms, dice=dice, total=total, character_id=cid):
            who = _name(state, cid)
            rolled = render(Evaluated(terms=terms, dice=dice, total=total))
            # A line without a reason records its expression as the reason: told once, not "d100 (d100)".
            why = f" ({reason})" if reason and reason != expression else ""
            if not who:
                return f"Tirada {expression}{why}: {rolled}" if es else f"Roll {expression}{why}: {rolled}"
            verb = "tira" if es else "rolls"
            return f"{who} {verb} {expression}{why}: {rolled}"
        case SecretRollSealed(expression=expression, reason=reason, character_id=cid):
            # Only that a roll was made, what for and its dice: its faces are not in the event.
            who = _name(state, cid)
            why = f" ({reason})" if reason and reason != expression else ""
            if es:
                return f"Tirada secreta {expression}{why}{f' de {who}' if who else ''} del DJ: caras ocultas hasta " \
                       "que se revele"
            return f"Sealed roll {expression}{why}{f' for {who}' if who else ''} by the GM: faces hidden until revealed"
        case SecretRollRevealed(roll=roll, dice=dice, total=total):
            return (f"Tirada secreta {roll} revelada: {_unsealed(state, roll, dice, total)}" if es
                    else f"Sealed roll {roll} revealed: {_unsealed(state, roll, dice, total)}")
        case GmNoted(text=text):
            return f"Nota del DJ: {text}" if es else f"GM note: {text}"
        case EventsRetracted(voids=voids, reason=reason):
            return (
                f"El DJ anula {_events_es(voids)}: {reason}"
                if es
                else f"The GM retracts {_events_en(voids)}: {reason}"
            )
        case EventsReinstated(restores=restores, reason=reason):
            return (
                f"El DJ restablece {_events_es(restores)}: {reason}"
                if es
                else f"The GM reinstates {_events_en(restores)}: {reason}"
            )
        case TurnUndone(encounter=encounter, round=round_, turn=turn, voids=voids):
            many = len(voids) != 1
            return (
                f"Se deshace el turno {turn} del asalto {round_} de {encounter} "
                f"({'eventos' if many else 'evento'} {_seqs(voids)})"
                if es
                else f"Turn {turn} of round {round_} of {encounter} is undone ({'events' if many else 'event'} "
                f"{_seqs(voids)})"
            )
        case AttemptRefused():
            return attempts.sentence(event, lang, state.ruleset)
        case NonceReserved():
            return ""  # told with its attempt: a seq the attempt's dice used, held so no later die repeats them
        case TurnRedone(encounter=encounter, round=round_, turn=turn):
            return (
                f"Se rehace el turno {turn} del asalto {round_} de {encounter}"
                if es
                else f"Turn {turn} of round {round_} of {encounter} is redone"
            )
    return None


def _unsealed(state: CampaignState, roll: int, dice: tuple[Die, ...], total: int) -> str:
    """A revealed roll's dice as a free roll shows them, read with the expression it was sealed with."""
    sealed = state.sealed.get(roll)
    try:
        terms = parse(sealed.expression) if sealed is not None else ()
    except ExpressionError:
        terms = ()
    if not terms:
        return f"[{', '.join(str(die.value) for die in dice)}] = {total}"
    return render(Evaluated(terms=terms, dice=dice, total=total))


# Ids a reader has no name for and never types (a roll's, a test's, an attack's): left out of the facts.
_INTERNAL_IDS = frozenset({"test_id", "roll_id", "attack_id", "contest_id", "source_attack_id", "reroll_of",
                           "extended_id", "part_of"})


def _facts(event: Event, state: CampaignState, lang: Lang, name: Namer) -> str:
    """The plain facts of an event: names for *_id fields, then its small numbers and its words (each in the
    reader's language: the engine's terms, the renderings' field names)."""
    data = msgspec.to_builtins(event)
    assert isinstance(data, dict)
    parts: list[str] = []
    for key, value in data.items():
        if key in ("type", "dice") or isinstance(value, (dict, list)) or value is None or value is False:
            continue
        if key in _INTERNAL_IDS or value == "":
            continue
        if key.endswith("_id") and isinstance(value, str):
            shown: Any = name(value)
            parts.append(f"{field(key.removesuffix('_id'), lang)} {shown}")
        elif value is True:
            parts.append(field(key, lang))
        elif isinstance(value, int):
            parts.append(f"{field(key, lang)} {value}")
        elif isinstance(value, str) and len(value) <= 60:
            parts.append(f"{field(key, lang)} {term(value, lang, state.ruleset)}")
    return ", ".join(parts)


class Described(msgspec.Struct, frozen=True):
    """An event's line; `told`: a sentence told it (then it shows every die of the event; the title-and-facts
    fallback shows none, and the renderers list them); `minor`: the engine tells it with the events around it
    (a forum text leaves it out)."""

    text: str
    told: bool
    minor: bool = False


def describe(event: Event, before: CampaignState, lang: Lang, name: Namer | None = None) -> Described:
    """One line for a person about one event."""
    name = name or namer(before)
    sentence = campaign_sentence(event, before, lang)
    if sentence is None and isinstance(event, MissionFact):
        sentence = mission_sentence(event, before, lang, name)
    if sentence is None:
        sentence = surface_for(before.ruleset).phrases.sentence(event, name, lang)
    if sentence:
        return Described(sentence, True)
    facts = _facts(event, before, lang, name)
    heading = title(event_type(event), lang)
    return Described(f"{heading}: {facts}" if facts else heading, False, minor=sentence == "")


def summarize(event: Event, before: CampaignState, lang: Lang, name: Namer | None = None, *,
              brief: bool = False) -> str:
    """One line for a person: the campaign's sentence, the engine's, or the event's title and facts.

    With `brief` (a reply, which tells a command's events together) an event the engine tells as part of
    the events around it (its sentence is "") has no line: the answer is ""."""
    described = describe(event, before, lang, name)
    return "" if brief and described.minor else described.text

"""One line per event, for a person reading the forum thread, in English or Spanish.

The campaign's own events and the missions' have sentences of their own, each engine's its phrases; an event
a reply leaves to the events around it has a sentence of its own on the pages (its aside). No event is told
as a list of its fields; the state changes beside it say what it did.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from functools import lru_cache

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
    ParticipantLanguageSet,
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
from domain.catalog import sentence, text
from domain.dice import Die
from domain.dice_expression import Evaluated, ExpressionError, Term, parse, render
from domain.events import Event, event_type
from domain.message import Message, message
from domain.missions.events import MissionFact
from domain.rulesets import ruleset_title, surface_for
from projections.rendering import attempts
from projections.rendering.mission_sentences import mission_sentence
from projections.rendering.names import Namer, namer, participant_name
from projections.rendering.vocabulary import Lang, title


def _name(state: CampaignState, character_id: str | None) -> str:
    if character_id is None:
        return ""
    character = state.characters.get(character_id)
    return character.name if character is not None else character_id


def _participant_name(state: CampaignState, participant_id: str, lang: Lang) -> str:
    participant = state.participants.get(participant_id)
    return participant_name(participant.name, participant.role, lang) if participant is not None else participant_id


def _events(seqs: tuple[int, ...], lang: Lang, *, bare: bool = False) -> Message:
    """Events by number: "event 3" / "el evento 3", "events 3, 4" / "los eventos 3, 4" (`bare`: no article)."""
    family = "campaign.events.bare" if bare else "campaign.events"
    if len(seqs) == 1:
        return message(f"{family}.one", seq=seqs[0])
    return message(f"{family}.many", seqs=text(message("campaign.seqs.separator"), lang).join(map(str, seqs)))


def campaign_sentence(event: Event, state: CampaignState, lang: Lang) -> str | None:
    """The sentence for a campaign event, or None for events of the rules engines."""
    if isinstance(event, AttemptRefused):
        return attempts.sentence(event, lang, state.ruleset)
    if isinstance(event, NonceReserved):
        return ""  # told with its attempt: a seq the attempt's dice used, held so no later die repeats them (aside)
    said = _said(event, state, lang)
    return None if said is None else text(said, lang)


# The campaign's events `_said` tells (a free roll, the most frequent, first among its cases).
_SAID = (CampaignCreated, ParticipantJoined, ParticipantLanguageSet, ParticipantTokenRevoked, ParticipantTokenRotated,
         DiceSeedCommitted, DiceSeedRevealed, EntropyContributed, SessionStarted, SessionEnded, CharacterCreated,
         DiceRolled, SecretRollSealed, SecretRollRevealed, GmNoted, EventsRetracted, EventsReinstated, TurnUndone,
         TurnRedone)


def _said(event: Event, state: CampaignState, lang: Lang) -> Message | None:
    if not isinstance(event, _SAID):
        return None  # an engine's event, told by its phrases: not matched against every case below
    match event:
        case DiceRolled():
            return _roll_said(event, state)
        case CampaignCreated(name=name, ruleset=ruleset):
            # The game's own title (its engine declares it); a reader never sees the ruleset's code (`only_war`).
            return message("campaign.created", name=name, ruleset=ruleset_title(ruleset))
        case ParticipantJoined(name=name, role=role):
            return message("campaign.participant_joined", name=participant_name(name, role, lang),
                           role=message(f"reply.word.{role}"))
        case ParticipantLanguageSet(participant_id=pid, lang=None):
            return message("campaign.language_cleared", who=_participant_name(state, pid, lang))
        case ParticipantLanguageSet(participant_id=pid, lang=str(chosen)):
            return message("campaign.language_set", who=_participant_name(state, pid, lang),
                           lang=message(f"term.lang.{chosen}"))
        case ParticipantTokenRevoked(participant_id=pid):
            return message("campaign.token_revoked", who=_participant_name(state, pid, lang))
        case ParticipantTokenRotated(participant_id=pid):
            return message("campaign.token_rotated", who=_participant_name(state, pid, lang))
        case DiceSeedCommitted(epoch=epoch, commitment=commitment):
            return message("campaign.seed_committed", epoch=epoch, commitment=commitment[:16])
        case DiceSeedRevealed(epoch=epoch, seed=seed):
            return message("campaign.seed_revealed", epoch=epoch, seed=seed[:16])
        case EntropyContributed(epoch=epoch, entropy=entropy, digest=digest):
            return message("campaign.entropy_contributed", entropy=entropy, epoch=epoch, digest=digest[:16])
        case SessionStarted(session=session, title=title):
            if title:
                return message("campaign.session_started.titled", session=session, title=title)
            return message("campaign.session_started", session=session)
        case SessionEnded(session=session):
            return message("campaign.session_ended", session=session)
        case CharacterCreated(name=name, kind=kind):
            return message("campaign.character_created", name=name, kind=message(f"reply.word.{kind}"))
        case SecretRollSealed(command=dict(), reason=reason, character_id=cid):
            # A sealed test: who tests what, never its die nor its outcome (docs/fairness.md).
            who = _name(state, cid)
            said = {"reason": reason} if reason else {}
            return message("campaign.test_sealed.for" + (".reason" if reason else ""), who=who, **said) if who \
                else message("campaign.test_sealed" + (".reason" if reason else ""), **said)
        case SecretRollSealed(expression=expression, reason=reason, character_id=cid):
            # Only that a roll was made, what for and its dice: its faces are not in the event.
            who = _name(state, cid)
            if reason and reason != expression:
                return message("campaign.roll_sealed.for_reason", expression=expression, reason=reason, who=who) \
                    if who else message("campaign.roll_sealed.reason", expression=expression, reason=reason)
            return message("campaign.roll_sealed.for", expression=expression, who=who) if who else message(
                "campaign.roll_sealed", expression=expression)
        case SecretRollRevealed(roll=roll, dice=dice, events=int(count)) if count > 0:
            return message("campaign.test_revealed", roll=roll, faces=", ".join(str(die.value) for die in dice))
        case SecretRollRevealed(roll=roll, dice=dice, total=total):
            return message("campaign.roll_revealed", roll=roll, rolled=_unsealed(state, roll, dice, total))
        case GmNoted(text=note):
            return message("campaign.gm_noted", text=note)
        case EventsRetracted(voids=voids, reason=reason):
            return message("campaign.events_retracted", events=_events(voids, lang), reason=reason)
        case EventsReinstated(restores=restores, reason=reason):
            return message("campaign.events_reinstated", events=_events(restores, lang), reason=reason)
        case TurnUndone(encounter=encounter, round=round_, turn=turn, voids=voids):
            # A round's own steps (turn 0 in the meta) read as its start: no reader sees a "turn 0".
            return message("campaign.turn_undone" + (".round_start" if turn == 0 else ""), turn=turn, round=round_,
                           encounter=encounter, events=_events(voids, lang, bare=True))
        case TurnRedone(encounter=encounter, round=round_, turn=turn):
            return message("campaign.turn_redone" + (".round_start" if turn == 0 else ""), turn=turn, round=round_,
                           encounter=encounter)
    return None


def _roll_said(event: DiceRolled, state: CampaignState) -> Message:
    """A free roll's message: the same in every language (only its sentence is not)."""
    expression, reason = event.expression, event.reason
    who = _name(state, event.character_id)
    rolled = rolled_dice(event.terms, event.dice, event.total)
    # A line without a reason records its expression as the reason: told once, not "d100 (d100)".
    if reason and reason != expression:
        if who:
            return Message("campaign.dice_rolled.by_reason",
                           {"who": who, "expression": expression, "rolled": rolled, "reason": reason})
        return Message("campaign.dice_rolled.reason", {"expression": expression, "rolled": rolled, "reason": reason})
    if who:
        return Message("campaign.dice_rolled.by", {"who": who, "expression": expression, "rolled": rolled})
    return Message("campaign.dice_rolled", {"expression": expression, "rolled": rolled})


def roll_sentences(event: DiceRolled, before: CampaignState, langs: Sequence[Lang]) -> list[str]:
    """A free roll's sentence in each of `langs`, from its one message (what `summarize_in` tells when none
    is empty)."""
    said = _roll_said(event, before)
    templates = _bare_sentences(said.id, tuple(langs))
    if templates is None:
        return [text(said, lang) for lang in langs]
    # `text`'s common case, once the sentences are known to be bare: a roll's parameters are all words (str).
    params = said.params
    return [template.format_map(params) for template in templates]


@lru_cache(maxsize=64)
def _bare_sentences(message_id: str, langs: tuple[Lang, ...]) -> tuple[str, ...] | None:
    """The sentences of a free roll's message in `langs` when each has only bare fields (`{who}`: filled by
    `str.format_map` as `text` fills them), else None. Fixed once the process has started; bounded by the four
    roll messages and the languages."""
    templates = tuple(sentence(message_id, lang) for lang in langs)
    bare = all(not spec and not conversion for template in templates
               for _, field, spec, conversion in _FORMATTER.parse(template) if field is not None)
    return templates if bare else None


_FORMATTER = string.Formatter()


def rolled_dice(terms: tuple[Term, ...], dice: tuple[Die, ...], total: int) -> str:
    """A free roll's dice as `render` writes them; a command's answer writes them in its `roll` and then in its
    sentence, from the very same event: the last one is known by the identity of its (immutable) tuples,
    without hashing every term and die again; the few latest by their values (pure, bounded)."""
    global _last_rolled
    last = _last_rolled
    if last[0] is terms and last[1] is dice and last[2] == total:
        return last[3]
    written = _rolled_dice(terms, dice, total)
    _last_rolled = (terms, dice, total, written)  # one tuple, replaced whole
    return written


_last_rolled: tuple[object, object, int, str] = (None, None, 0, "")


@lru_cache(maxsize=256)
def _rolled_dice(terms: tuple[Term, ...], dice: tuple[Die, ...], total: int) -> str:
    return render(Evaluated(terms=terms, dice=dice, total=total))


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


class Described(msgspec.Struct, frozen=True):
    """An event's line; `told`: a sentence told it (then it shows every die of the event; the title alone, for
    an event type no sentence knows, shows none, and the renderers list them); `minor`: the engine tells it
    with the events around it (a forum text leaves it out; a page that lists every event shows its aside)."""

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
    minor = sentence == ""
    aside = _aside(event, before, lang, name) if minor else None
    if aside:
        return Described(aside, True, minor=True)
    # Never a list of the event's fields ("action used: character …, cost full", issue 21): an event type
    # without a sentence (an old one no engine tells any more) shows its title, and its dice are listed.
    return Described(title(event_type(event), lang), False, minor=minor)


def _aside(event: Event, before: CampaignState, lang: Lang, name: Namer) -> str | None:
    """The sentence of an event a reply leaves to the events around it, for a page that lists every event."""
    if isinstance(event, NonceReserved):
        return text(message("sentence.campaign.nonce_reserved", attempt=event.attempt), lang)
    return surface_for(before.ruleset).phrases.aside(event, name, lang)


def summarize(event: Event, before: CampaignState, lang: Lang, name: Namer | None = None, *,
              brief: bool = False) -> str:
    """One line for a person: the campaign's sentence, the engine's, or the event's title and facts.

    With `brief` (a reply, which tells a command's events together) an event the engine tells as part of
    the events around it (its sentence is "") has no line: the answer is ""."""
    described = describe(event, before, lang, name)
    return "" if brief and described.minor else described.text


def summarize_in(event: Event, before: CampaignState, langs: Sequence[Lang], name: Namer | None = None, *,
                 brief: bool = False) -> list[str]:
    """`summarize` in each of `langs`, in their order. A free roll (a command's most frequent event) is
    said by one message whatever the language: it is built once and written in each."""
    if type(event) is DiceRolled:
        found = roll_sentences(event, before, langs)
        if "" not in found:  # as `summarize` tells it: a sentence, so never minor
            return found
    return [summarize(event, before, lang, name, brief=brief) for lang in langs]

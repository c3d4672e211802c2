"""The d100 engine's words for its events: a title for each, its terms, and sentences a forum reader follows.

Numbers come from the event itself; `name` turns a character id into the name a reader knows. Each
sentence shows every die of its event once (the roll against the target and the modifiers behind it, each
hit's location and damage dice, Righteous Fury), so the renderers list no dice again. The words are the
catalog's: sentences `d100.told.*` (domain/catalog/*/d100_told.po), titles `d100.title.*` and terms `term.d100.*`
(d100_terms.po); the Spanish is the handouts' (seeds 000–002), the words the command language reads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..catalog import text
from ..catalog.pairs import CatalogPairs
from ..dice import Die, d5
from ..engine import Lang, RulesState, Standing
from ..events import Event
from ..message import message
from .encounter_events import (
    ActionTaken,
    ActionUsed,
    EncounterEnded,
    EncounterStarted,
    HordeBreakTested,
    HordeBroke,
    InitiativeOrderFixed,
    InitiativeRolled,
    TurnEnded,
    TurnStarted,
)
from .encounter_phrases import encounter_sentence
from .events import (
    AimTaken,
    AttackRolled,
    DamageApplied,
    FateBurned,
    FateSpent,
    GmRulingRecorded,
    HitResolved,
    OpposedTestRolled,
    ReactionRolled,
    RoundStarted,
    TestRolled,
    UnjamAttempted,
    WeaponReloaded,
)
from .mounted_phrases import mounted_sentence
from .phrase_parts import hits as _hits
from .phrase_parts import modifiers_text
from .phrase_parts import outcome as _outcome
from .phrase_parts import signed as _signed
from .phrase_terms import TERMS, term
from .record_phrases import aside_sentence, record_sentence
from .state import D100State
from .tested_phrases import tested_sentence

# Each event type's title, `d100.title.<event type>` in the catalog (domain/catalog/*/d100_terms.po).
TITLES: Mapping[str, tuple[str, str]] = CatalogPairs("d100.title")

# The attack actions a sentence tells by their own verb (`d100.told.attack.<action>`); any other is "attacks".
_MODES = frozenset({"standard", "semi_auto", "full_auto", "suppressing", "charge", "all_out", "called_shot", "guarded",
                    "stun", "crushing_charge", "hit_and_run"})


def _face_text(hit: HitResolved, index: int, lang: Lang) -> str:
    """One damage face as a reader checks it against the proof: the die as rolled, then what it counts for.

    A d5 is a d10 halved (`7→4`); the degrees of success replace the lowest die when higher (RULES A7:
    `1→5 degrees`). The proof shows the d10 as rolled, so the thread must too (docs/history.md).
    """
    counted = hit.faces[index]
    die = hit.dice[index].value if index < len(hit.dice) else counted
    if index == hit.degrees_die:
        return text(message("d100.told.hit.degrees_die", die=die, counted=counted), lang)
    return str(die) if die == counted else f"{die}→{counted}"


def _hit_text(hit: HitResolved, lang: Lang) -> str:
    """`body: [7]+5 = 12 − 4 armour − 4 TB → 4`, with Righteous Fury's confirmation and extra dice."""
    where = term(hit.location, lang) if hit.location is not None else text(message("d100.told.hit.unplaced"), lang)
    faces = "+".join(f"[{_face_text(hit, index, lang)}]" for index in range(len(hit.faces))) or "—"
    horde = sum(d.value for d in hit.horde_dice)
    bonus = hit.total - sum(hit.faces) - horde - (hit.fury.extra_damage if hit.fury is not None else 0)
    rolled = f"{faces}{_signed(bonus) if bonus else ''}"
    if hit.horde_dice:
        # A horde's extra d10s (RULES A9) are dice a reader checks: shown, never folded into the bonus.
        rolled += text(message("d100.told.hit.horde_dice", dice="+".join(f"[{d.value}]" for d in hit.horde_dice)),
                       lang)
    fury = ""
    if hit.fury is not None:
        chain = hit.fury
        # Named: "(40 vs 78, +[8] = +8)" left a reader guessing which roll the 40 was (issue 21).
        confirmation = text(message("sentence.d100.fury_confirmation", roll=chain.confirmation.value,
                                    target=chain.confirmation_target), lang) if chain.confirmation else ""
        if chain.confirmed:
            extra = "+".join(f"[{d.value}]" for d in chain.extra_dice)
            fury = text(message("d100.told.hit.fury", confirmation=confirmation, dice=extra,
                                extra=chain.extra_damage), lang)
        else:
            fury = text(message("d100.told.hit.fury_unconfirmed", confirmation=confirmation), lang)
    cover = text(message("d100.told.hit.cover", cover=hit.cover_ap), lang) if hit.cover_ap else ""
    critical = text(message("d100.told.hit.critical", critical=hit.critical_added), lang) if hit.critical_added else ""
    return text(message("d100.told.hit", where=where, rolled=rolled, fury=fury, total=hit.total, cover=cover,
                        armour=hit.armour, toughness_bonus=hit.toughness_bonus, wounding=hit.wounding,
                        critical=critical), lang)


def _listed(dice: Sequence[Die]) -> str:
    return ", ".join(f"[{d.value}]" for d in dice)


class D100Phrases:
    """The d100 engine's phrases (domain.engine.Phrases)."""

    titles = TITLES
    terms = TERMS

    def sentence(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:  # noqa: C901
        match event:
            case AttackRolled():
                return self._attack(event, name, lang)
            case ReactionRolled(reaction="none"):
                return text(message("d100.told.reaction.none", who=name(event.character_id)), lang)
            case ReactionRolled():
                # "tries to": the outcome follows, and "Kai dodges: 62 vs 41, failure" read as if he had.
                label = {"dodge": "Dodge", "sidestep": "Survival"}.get(event.reaction, "WS")
                against = (modifiers_text(event.modifiers, event.target, label, lang, name)
                           if event.modifiers is not None and event.target is not None else "?")
                left = text(message("d100.told.reaction.hits_left", count=event.hits_after), lang)
                return text(message(f"d100.told.reaction.{event.reaction}", who=name(event.character_id),
                                    roll="?" if event.roll is None else event.roll, against=against,
                                    outcome=_outcome(event.success, event.degrees, lang), left=left), lang)
            case DamageApplied():
                whom = name(event.target_id)
                hits = "; ".join(_hit_text(hit, lang) for hit in event.hits)
                if event.magnitude_after is not None:
                    return text(message("d100.told.damage.magnitude", whom=whom, lost=event.magnitude_lost,
                                        hits=hits), lang)
                dealt = sum(hit.wounding for hit in event.hits)
                case = "wounds" if hits else "wounds.bare"
                return text(message(f"d100.told.damage.{case}", whom=whom, dealt=dealt, hits=hits), lang)
            case TestRolled():
                reroll = text(message("d100.told.test.reroll"), lang) if event.reroll_of else ""
                return text(message("d100.told.test", who=name(event.character_id), label=term(event.label, lang),
                                    reroll=reroll, roll=event.roll,
                                    against=modifiers_text(event.modifiers, event.target, event.label, lang, name),
                                    outcome=_outcome(event.success, event.degrees, lang)), lang)
            case OpposedTestRolled(first=first, second=second, result=result):
                sides = "; ".join(
                    text(message("d100.told.opposed.side", who=name(s.character_id), label=term(s.label, lang),
                                 roll=s.roll, target=s.target, outcome=_outcome(s.success, s.degrees, lang)), lang)
                    for s in (first, second))
                winner = {"first": name(first.character_id), "second": name(second.character_id)}.get(result.winner)
                if winner is None:
                    return text(message("d100.told.opposed.nobody", sides=sides), lang)
                return text(message("d100.told.opposed.won", sides=sides, winner=winner), lang)
            case AimTaken():
                return text(message("d100.told.aim", who=name(event.character_id), bonus=event.bonus), lang)
            case FateSpent():
                # "bonus" is the +10 a test's or attack's `fate` spends before the roll (RULES A3), not a FateUse.
                what = (text(message("d100.told.fate.bonus"), lang) if event.use == "bonus"
                        else term(event.use, lang))
                rolled = f" ({_listed(event.dice)})" if event.dice else ""
                return text(message("d100.told.fate.spent", who=name(event.character_id), what=what, dice=rolled,
                                    left=text(message("d100.told.fate.left", count=event.fate_after), lang)), lang)
            case FateBurned():
                return text(message("d100.told.fate.burned", who=name(event.character_id), reason=event.reason),
                            lang)
            case UnjamAttempted():
                against = modifiers_text(event.modifiers, event.target, event.characteristic, lang, name)
                return text(message("d100.told.unjam." + ("cleared" if event.success else "jammed"),
                                    who=name(event.character_id),
                                    weapon=name(f"{event.character_id}/{event.weapon_id}"), roll=event.roll,
                                    against=against), lang)
            case WeaponReloaded():
                return text(message("d100.told.reload", who=name(event.character_id),
                                    weapon=name(f"{event.character_id}/{event.weapon_id}"), count=event.ammo), lang)
            case RoundStarted():
                return text(message("d100.told.round_started", round=event.round), lang)
            case InitiativeRolled():
                ranked = sorted(event.rolls, key=lambda r: -r.total)
                shown = ", ".join(f"{name(r.character_id)} {r.total} ([{r.die.value}]{_signed(r.agility_bonus)})"
                                  for r in ranked)
                return text(message("d100.told.initiative", rolls=shown), lang)
            case InitiativeOrderFixed():
                order = ", ".join(name(cid) for cid in event.order)
                if not event.rolloffs:
                    return text(message("d100.told.initiative_order", order=order), lang)
                rolloffs = ", ".join(f"{name(r.character_id)} [{r.die.value}]" for r in event.rolloffs)
                return text(message("d100.told.initiative_order.rolloffs", order=order, rolloffs=rolloffs), lang)
            case EncounterStarted():
                who = ", ".join(name(cid) for cid in event.participants)
                if not event.surprised:
                    return text(message("d100.told.encounter_started", who=who), lang)
                surprised = ", ".join(name(cid) for cid in event.surprised)
                return text(message("d100.told.encounter_started.surprise", who=who, surprised=surprised), lang)
            case EncounterEnded():
                return text(message("d100.told.encounter_ended", count=event.rounds), lang)
            case TurnStarted():
                return text(message("d100.told.turn_started", round=event.round, turn=event.turn,
                                    who=name(event.character_id)), lang)
            case TurnEnded():
                return text(message("d100.told.turn_ended", who=name(event.character_id)), lang)
            case ActionUsed():
                return ""  # the attack, aim or reaction it paid for tells it
            case ActionTaken():
                note = f": {event.note}" if event.note else ""
                return f"{name(event.character_id)}: {term(event.action, lang)}{note}"
            case GmRulingRecorded():
                return text(message("d100.told.gm_ruling", who=name(event.character_id), reason=event.reason), lang)
            case HordeBreakTested():
                against = modifiers_text(event.modifiers, event.target, "WP", lang, name)
                return text(message("d100.told.horde_tested." + ("broken" if event.broken else "held"),
                                    who=name(event.character_id), roll=event.roll, against=against), lang)
            case HordeBroke():
                return text(message("d100.told.horde_broke", who=name(event.character_id)), lang)
        for told in (tested_sentence, mounted_sentence, encounter_sentence, record_sentence):
            sentence = told(event, name, lang)
            if sentence is not None:
                return sentence
        return None

    def aside(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        return aside_sentence(event, name, lang)

    def _attack(self, event: AttackRolled, name: Callable[[str], str], lang: Lang) -> str:
        against = modifiers_text(event.modifiers, event.target, "WS" if event.melee else "BS", lang, name)
        if event.jammed:
            outcome = text(message("d100.told.attack.jammed"), lang)
        elif event.success:
            outcome = text(message("d100.told.attack.hit", outcome=_outcome(True, event.degrees, lang),
                                   hits=_hits(event.hits, lang)), lang)
            if event.locations:
                outcome += ": " + ", ".join(term(loc, lang) for loc in event.locations)
            for share in event.assigned:  # Suppressing Fire: hits that fell on others in the kill zone
                outcome += text(message("d100.told.attack.shared", hits=share.hits, whom=name(share.target_id)),
                                lang)
            if event.zone and len(event.dice) > 1:
                # The 1dN that assigned each hit in the kill zone (RULES A6) are dice a reader checks.
                zone = "".join(f"[{die.value}]" for die in event.dice[1:])
                outcome += text(message("d100.told.attack.zone_dice", dice=zone), lang)
            elif len(event.dice) > 1:
                # A flame weapon's hits on a horde: ceil(range / 4) + 1d5 (RULES A9), the d5 as its d10.
                flame = "".join(f"[{die.value}→{d5(die)}]" if d5(die) != die.value else f"[{die.value}]"
                                for die in event.dice[1:])
                outcome += text(message("d100.told.attack.flame_dice", dice=flame), lang)
        else:
            # An attack records degrees of success only (a miss keeps 0): a miss is told as one, no count.
            outcome = text(message("d100.told.attack.miss"), lang)
        reroll = text(message("d100.told.attack.reroll"), lang) if event.reroll_of else ""
        weapon = (text(message("d100.told.attack.unarmed"), lang) if event.weapon_id == "unarmed"
                  else name(f"{event.attacker_id}/{event.weapon_id}"))
        mode = event.action if event.action in _MODES else "standard"
        return text(message(f"d100.told.attack.{mode}", who=name(event.attacker_id), whom=name(event.target_id),
                            weapon=weapon, reroll=reroll, roll=event.roll, against=against, outcome=outcome), lang)

    def standing_source(self, state: RulesState, character_id: str) -> object:
        # `standing` reads the character's record and nothing else.
        return state.characters.get(character_id) if isinstance(state, D100State) else None

    def standing(self, state: RulesState, character_id: str) -> Standing:
        if not isinstance(state, D100State) or character_id not in state.characters:
            return {}
        character = state.characters[character_id]
        if character.magnitude is not None:
            found: dict[str, int | tuple[str, ...]] = {"magnitude": character.magnitude}
        else:
            found = {"wounds": max(character.sheet.wounds - character.damage, 0)}
            if character.critical:
                found["critical"] = character.critical
        if character.fatigue:
            found["fatigue"] = character.fatigue
        if character.fate_max or character.fate:
            found["fate"] = character.fate
        if character.comrade is not None:
            found["comrade"] = (character.comrade,)
        found["conditions"] = tuple(sorted(c.name for c in character.conditions))
        return found

    def numbers(self, event: Event) -> Mapping[str, int]:
        match event:
            case AttackRolled(hits=hits):
                return {"hits": hits}
            case ReactionRolled(hits_negated=negated):
                return {"hits_negated": negated}
            case DamageApplied(hits=hits, magnitude_lost=lost):
                found = {"damage": sum(h.wounding for h in hits)}
                if lost:
                    found["magnitude_lost"] = lost
                return found
        return {}


PHRASES = D100Phrases()

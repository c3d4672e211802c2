"""The Wrath & Glory engine's words for its events: a title for each, its terms, and sentences a forum
reader follows (tests with their pool, DN and Wrath die, damage with its parts, soak, death tests, pools).

Numbers come from the event itself; `name` turns a character id into the name a reader knows. Each
sentence shows every die of its event once. The words are the catalog's (`wng.title.*`, `wng.told.*`,
domain/catalog/*/wng_told.po; terms `term.wng.*`, wng_terms.po); Spanish words are the handout's (seed 003):
ND, icono, dado de la Ira, Gloria, Ruina, shock, ignorar heridas, prueba de muerte …
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from domain.catalog.pairs import CatalogPairs
from domain.dice import Die
from domain.engine import Lang, RulesState, Standing
from domain.events import Event
from domain.wrath_and_glory.action_decisions import TOTAL_DEFENCE
from domain.wrath_and_glory.encounter_events import (
    ActionTaken,
    EncounterEnded,
    EncounterStarted,
    InitiativeContested,
    InitiativeTaken,
    Moved,
    RoundStarted,
)
from domain.wrath_and_glory.encounter_phrases import encounter_sentence
from domain.wrath_and_glory.events import (
    AttackDeclared,
    ComplicationResolved,
    DamageApplied,
    DamageDealt,
    DeathTestRolled,
    DefenceEffectAdded,
    DiceRerolled,
    GloryDiceAdded,
    GloryGained,
    GlorySpent,
    IconsShifted,
    NextActionPenaltyAdded,
    ReloadsSpent,
    RuinGained,
    RuinSpent,
    SessionStarted,
    ShockRecovered,
    SoakRolled,
    SpecialRolled,
    TestRolled,
    TurnStarted,
    WoundsPending,
    WrathGained,
    WrathSpent,
)
from domain.wrath_and_glory.phrase_parts import counted as _counted
from domain.wrath_and_glory.phrase_parts import faces as _faces
from domain.wrath_and_glory.phrase_parts import icons as _icons
from domain.wrath_and_glory.phrase_parts import metres as _metres
from domain.wrath_and_glory.phrase_parts import mods as _mods
from domain.wrath_and_glory.phrase_parts import result as _result
from domain.wrath_and_glory.phrase_parts import told as _told
from domain.wrath_and_glory.phrase_parts import word as _word
from domain.wrath_and_glory.phrase_parts import wrath as _wrath
from domain.wrath_and_glory.phrase_terms import TERMS, term
from domain.wrath_and_glory.record_phrases import action_paid, record_sentence
from domain.wrath_and_glory.ruling_events import GmOverridden, ResistanceTestRolled, SoakRerolled
from domain.wrath_and_glory.state import WngState

# Each event type's title, `wng.title.<event type>` in the catalog (domain/catalog/*/wng_told.po).
TITLES: Mapping[str, tuple[str, str]] = CatalogPairs("wng.title")


# The names the engine gives the budget an action spends when a command other than `wng_take_action` pays it.
_PAID_FOR = frozenset({"prepare", "attack", "interaction attack", "reload", "recover shock"})


def _plain(dice: Sequence[Die]) -> str:
    """`[6][5][3]`: the faces of dice without roles (Glory dice, a soak, a special roll, 1d3 shock)."""
    return "".join(f"[{d.value}]" for d in dice)


def _with_wrath(said: str, outcome: str, lang: Lang) -> str:
    told = _wrath(outcome, lang)
    return f"{said}; {told}" if told else said


def _soaked(ignored: int, left: int, cost: int, lang: Lang) -> str:
    """`3 ignored, 5 left (costs 1 shock)`; in Spanish `1 ignorada, queda 1 (cuesta 1 de shock)`."""
    return _told("soak.outcome", lang, ignored=_counted("soak.ignored", ignored, lang),
                 left=_counted("left", left, lang), cost=cost)


def _defence_effect(event: DefenceEffectAdded, name: Callable[[str], str], lang: Lang) -> str:
    return _told("defence_effect", lang, who=name(event.character_id), value=f"{event.effect.value:+d}",
                 source=term(event.effect.source, lang))


def _dealt(event: DamageDealt, name: Callable[[str], str], lang: Lang) -> str:
    damage = event.damage
    parts = [f"{term('weapon', lang)} {damage.weapon}"]
    for key, value in (("strength", damage.strength), ("ED", damage.ed_icons), ("shift", damage.shifts),
                       ("glory", damage.glory), ("other", damage.other)):
        if value:
            parts.append(_told("damage.ed_icons", lang, value=value) if key == "ED" else f"{term(key, lang)} +{value}")
    ed = " " + _told("damage.ed", lang, faces=_plain(event.ed_dice)) if event.ed_dice else ""
    hit = _counted("damage.members_hit", event.members_hit, lang) if event.members_hit > 1 else ""
    return _told("damage", lang, whom=name(event.target_id), total=event.total, parts=", ".join(parts), ed=ed,
                 resilience=event.resilience, wounds=_counted("wounds", event.wounds, lang), hit=hit)


def _applied(event: DamageApplied, name: Callable[[str], str], lang: Lang) -> str:
    lost = _told("damage_applied", lang, whom=name(event.character_id),
                 shock=_told("shock", lang, amount=event.shock_lost), wounds=_counted("wounds", event.wounds, lang))
    if event.shock_dice:
        lost += f" ({_plain(event.shock_dice)})"
    for flag, key in ((event.dead, "dead"), (event.dying, "dying"), (event.unconscious, "unconscious"),
                      (event.exhausted, "exhausted"), (event.dissolved, "dissolved")):
        if flag:
            return f"{lost}: {term(key, lang)}"
    return lost


class WngPhrases:
    """The Wrath & Glory engine's phrases (domain.engine.Phrases)."""

    titles = TITLES
    terms = TERMS

    def sentence(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:  # noqa: C901
        match event:
            case TestRolled():
                bonus = _mods(event.pool.bonus, lang)
                penalties = _mods(event.dn_penalties, lang)
                said = _told("test", lang, who=name(event.character_id), skill=term(event.skill, lang),
                             pool=f"{len(event.dice)}d6" + (f" ({bonus})" if bonus else ""), faces=_faces(event.dice),
                             icons=_icons(event.icons, lang), result=_result(event.success, lang),
                             dn=f"{term('dn', lang)} {event.dn}" + (f" ({penalties})" if penalties else ""))
                if event.shifts_possible:
                    said += _counted("test.shifts", event.shifts_possible, lang)
                return _with_wrath(said, event.wrath, lang)
            case AttackDeclared():
                weapon = event.weapon.name if event.weapon is not None else term("interaction", lang)
                return _told("attack", lang, attacker=name(event.attacker_id),
                             targets=", ".join(name(t) for t in event.targets), weapon=weapon)
            case DiceRerolled():
                said = _told("rerolled", lang, paid=term(event.paid_with, lang),
                             changed=", ".join(f"[{r.before_face}]→[{r.after.value}]" for r in event.rerolls),
                             icons=_icons(event.icons, lang), result=_result(event.success, lang))
                return _with_wrath(said, event.wrath if event.wrath_rerolled else "", lang)
            case GloryDiceAdded():
                return _told("glory_dice", lang, count=len(event.dice), faces=_plain(event.dice),
                             icons=_icons(event.icons, lang), result=_result(event.success, lang))
            case ComplicationResolved(choice="ruin"):
                return _word("complication.ruin", lang)
            case ComplicationResolved():
                return _told("complication.noted", lang, note=event.note) if event.note else _word(
                    "complication.plain", lang)
            case DefenceEffectAdded(effect=effect) if effect.source == TOTAL_DEFENCE:
                return ""  # the Total Defence roll beside it tells its bonus
            case DefenceEffectAdded():
                return _defence_effect(event, name, lang)
            case NextActionPenaltyAdded(penalty=penalty):
                return _told("next_action_penalty." + ("shooting" if event.shooting_only else "any"), lang,
                             who=name(event.character_id), dn=term("dn", lang), value=f"{penalty.value:+d}",
                             source=term(penalty.source, lang))
            case IconsShifted():
                return _told("shifts", lang, uses=", ".join(term(u, lang) for u in event.uses))
            case DamageDealt():
                return _dealt(event, name, lang)
            case WoundsPending():
                # Wounds that wait for a soak roll, not wounds already soaked ("puede ignorar 8 heridas", issue 21).
                return _told("wounds_pending", lang, count=event.wounds, who=name(event.character_id))
            case SoakRerolled():
                # Each rerolled die's old face beside its new one: the new total counts the new faces.
                changed = ", ".join(f"[{old}]→[{new.value}]" for old, new in zip(event.before_faces, event.after,
                                                                              strict=False))
                return _told("soak_rerolled", lang, who=name(event.character_id), paid=term(event.paid_with, lang),
                             changed=changed, icons=_icons(event.icons, lang),
                             outcome=_soaked(event.ignored, event.remaining, event.shock_cost, lang))
            case SoakRolled():
                return _told("soak", lang, who=name(event.character_id), faces=_plain(event.dice),
                             icons=_icons(event.icons, lang),
                             outcome=_soaked(event.ignored, event.remaining, event.shock_cost, lang))
            case SpecialRolled():
                kind = event.kind if event.kind in ("initiative", "soak") else "other"
                return _told(f"special.{kind}", lang, who=name(event.character_id), kind=event.kind,
                             faces=_plain(event.dice), icons=_icons(event.icons, lang))
            case DamageApplied(members_lost=members) if members or event.troop_wounds_lost:
                whom, lost, left = name(event.character_id), _counted("members", members, lang), _counted(
                    "left", event.members_left, lang)
                if event.shock_dice:
                    # A troop's 1d3 shock (damage at or below its Resilience) is told with its die.
                    return _told("troop_loss.shocked", lang, whom=whom, members=lost, left=left,
                                 shock=_told("shock", lang, amount=event.shock_lost), dice=_plain(event.shock_dice))
                return _told("troop_loss", lang, whom=whom, members=lost, left=left)
            case SessionStarted():
                heroes = ", ".join(f"{name(h.character_id)} {term('wrath', lang)} {h.wrath}, "
                                   f"{term('reloads', lang)} {h.reloads}" for h in event.heroes)
                pools = (f"{term('glory', lang)} {event.glory}/{event.glory_cap}, "
                         f"{term('ruin', lang)} {event.ruin}/{event.ruin_cap}")
                return _told("session", lang, session=event.session, pools=pools) + (f"; {heroes}" if heroes else "")
            case DamageApplied():
                return _applied(event, name, lang)
            case DeathTestRolled():
                return _told("death_test", lang, who=name(event.character_id), result=term(event.result, lang),
                             roll=f"[{event.die.value}]{event.bonus:+d} = {event.total}")
            case ShockRecovered():
                return _told("shock_recovered", lang, who=name(event.character_id), amount=event.amount,
                             die=event.die.value)
            case ResistanceTestRolled():
                # A declared reroll's pool (the kept dice and the new ones) is what the icons were counted on.
                again = _told("rerolled_faces", lang, faces=_faces(event.rerolled)) if event.rerolled else ""
                said = _told("resistance", lang, who=name(event.character_id), kind=term(event.kind, lang),
                             pool=f"{len(event.dice)}d6", faces=_faces(event.dice), again=again,
                             icons=_icons(event.icons, lang), dn=f"{term('dn', lang)} {event.dn}",
                             result=_result(event.success, lang))
                return _with_wrath(said, event.wrath, lang)
            case GloryGained(cause="wrath_six", reason="", lost=0) if event.test_id is not None:
                return ""  # the test's Wrath die 6 beside it tells it, and the pool's change its numbers (issue 21)
            case GloryGained() | GlorySpent() | RuinGained() | RuinSpent():
                pool = "glory" if isinstance(event, (GloryGained, GlorySpent)) else "ruin"
                sign = "+" if isinstance(event, (GloryGained, RuinGained)) else "−"
                why = event.reason or term(event.cause, lang)
                return f"{term(pool, lang)} {sign}{event.amount} ({why}): {event.before} → {event.after}"
            case WrathGained() | WrathSpent():
                sign = "+" if isinstance(event, WrathGained) else "−"
                why = event.reason or term(event.cause, lang)
                who = name(event.character_id)
                return f"{who}: {term('wrath', lang)} {sign}{event.amount} ({why}): {event.before} → {event.after}"
            case ReloadsSpent():
                return (f"{name(event.character_id)}: {term('reloads', lang)} −{event.amount} "
                        f"({term(event.cause, lang)}): {event.before} → {event.after}")
            case GmOverridden():
                return _told("gm_override", lang, who=name(event.character_id), reason=event.reason)
            case EncounterStarted():
                return _told("encounter_started", lang, who=", ".join(name(cid) for cid in event.participants))
            case EncounterEnded():
                return _counted("encounter_ended", event.rounds, lang)
            case RoundStarted():
                return _told("round_started", lang, round=event.round)
            case TurnStarted():
                return _told("turn_started", lang, who=name(event.character_id))
            case InitiativeTaken():
                return _told("initiative." + ("seize" if event.how == "seize" else "interrupt"), lang,
                             who=name(event.character_id))
            case InitiativeContested():
                return _told("initiative_contest", lang, who=name(event.character_id),
                             who_dice=_plain(event.character_dice), who_icons=_icons(event.character_icons, lang),
                             npc=name(event.npc_id), npc_dice=_plain(event.npc_dice),
                             npc_icons=_icons(event.npc_icons, lang), winner=name(event.winner))
            case ActionTaken(name=action) if action in _PAID_FOR or action.endswith((" test", " move")):
                return ""  # the action's budget, paid for by the test, attack or move told beside it
            case ActionTaken():
                return _told("action", lang, who=name(event.character_id), kind=term(event.kind, lang),
                             action=event.name)
            case Moved():
                return _told("moved", lang, who=name(event.character_id), metres=_metres(event.metres, lang),
                             mode=term(event.mode, lang))
        return encounter_sentence(event, name, lang) or record_sentence(event, name, lang)

    def aside(self, event: Event, name: Callable[[str], str], lang: Lang) -> str | None:
        match event:
            case ActionTaken():
                return action_paid(event, name, lang)
            case DefenceEffectAdded():
                return _defence_effect(event, name, lang)
            case GloryGained():
                why = term(event.cause, lang)
                return f"{term('glory', lang)} +{event.amount} ({why}): {event.before} → {event.after}"
        return None

    def standing_source(self, state: RulesState, character_id: str) -> object:
        # `standing` reads the character's record and nothing else.
        return state.characters.get(character_id) if isinstance(state, WngState) else None

    def standing(self, state: RulesState, character_id: str) -> Standing:
        if not isinstance(state, WngState) or character_id not in state.characters:
            return {}
        character = state.characters[character_id]
        found: dict[str, int | tuple[str, ...]] = {"wounds": character.wounds, "shock": character.shock}
        if character.is_troop:
            found["members"] = character.members_left
        if character.is_hero:
            found["wrath"] = character.wrath
            found["reloads"] = character.reloads
        if character.death_failures:
            found["death_failures"] = character.death_failures
        # Its tests whose Wrath die 1 awaits the GM's choice (a complication, or 1 Ruin instead).
        found["complications_pending"] = character.complications_pending
        found["conditions"] = tuple(sorted(character.conditions))
        return found

    def numbers(self, event: Event) -> Mapping[str, int]:
        match event:
            case TestRolled(icons=icons):
                return {"icons": icons}
            case DamageDealt(wounds=wounds, total=total):
                return {"damage": total, "wounds_dealt": wounds}
            case DamageApplied(wounds=wounds, shock_lost=shock):
                return {"wounds": wounds, "shock": shock}
        return {}


PHRASES = WngPhrases()

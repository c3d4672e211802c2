"""One vocabulary per language: every word the renderings use, in English and in Spanish.

A `RenderedWords` holds, for one language, the transcripts' words and field names, every event title (the
campaign's and the missions' from titles.py, each engine's from its phrases) and the mission reports'
wording. The tables below are kept side by side (English, Spanish) so a missing translation shows.
"""

from __future__ import annotations

import msgspec

from domain.catalog import catalog, sentence
from domain.engine import Lang
from domain.rulesets import surface_for, surfaces
from projections.rendering.mission_wording import WORDING, Wording
from projections.rendering.titles import TITLES

__all__ = ["VOCABULARY", "Lang", "RenderedWords", "field", "term", "title", "word"]

# Field names as a reader of the forum game calls them.
FIELDS: dict[str, tuple[str, str]] = {
    "damage": ("damage", "daño"),
    "critical": ("critical damage", "daño crítico"),
    "criticals": ("criticals", "críticos"),
    "fatigue": ("fatigue", "fatiga"),
    "fate": ("Fate", "Destino"),
    "fate_max": ("maximum Fate", "Destino máximo"),
    "conditions": ("conditions", "estados"),
    "magnitude": ("magnitude", "magnitud"),
    "wounds": ("wounds", "heridas"),
    "shock": ("shock", "choque"),
    "wrath": ("Wrath", "Ira"),
    "glory": ("Glory", "Gloria"),
    "glory_cap": ("Glory cap", "máximo de Gloria"),
    "ruin_cap": ("Ruin cap", "máximo de Ruina"),
    "ruin": ("Ruin", "Ruina"),
    "reloads": ("Reloads", "Recargas"),
    "ammo": ("ammunition", "munición"),
    "jammed": ("jammed weapons", "armas encasquilladas"),
    "aim": ("aim", "apuntar"),
    "reactions_used": ("reactions used", "reacciones usadas"),
    "round": ("round", "asalto"),
    "session": ("session", "sesión"),
    "sessions_held": ("sessions held", "sesiones jugadas"),
    "status": ("status", "estado"),
    "phase": ("phase", "fase"),
    "members": ("members", "miembros"),
    # Wrath & Glory: Total Defence, climbing, regrouping troops, reinforcements, complications.
    "exalted": ("exalted icons", "iconos exaltados"),
    "defence_bonus": ("Defence bonus", "bonificador a la Defensa"),
    "metres": ("metres", "metros"),
    "max_metres": ("at most (m)", "como máximo (m)"),
    "mode": ("how", "modo"),
    "troop": ("troop", "tropa"),
    "members_before": ("members before", "miembros antes"),
    "members_after": ("members after", "miembros después"),
    "shock_carried": ("shock carried", "choque que arrastran"),
    "wounds_carried": ("wounds carried", "heridas que arrastran"),
    "troop_shock_lost": ("troop's shock lost", "choque perdido por la tropa"),
    "troop_wounds_lost": ("troop's wounds lost", "heridas perdidas por la tropa"),
    "acted": ("has acted this round", "ya actuó en este asalto"),
    "acts_from_round": ("acts from round", "actúa desde el asalto"),
    "regrouped_into": ("regrouped into", "reagrupada en"),
    "complications_pending": ("complications awaiting the GM", "complicaciones pendientes del DJ"),
    "character": ("character", "personaje"),
    "attacker": ("attacker", "atacante"),
    "target": ("target", "objetivo"),
    "weapon": ("weapon", "arma"),
    "bonus": ("bonus", "bonificador"),
    "roll": ("roll", "tirada"),
    "hits": ("hits", "impactos"),
    "degrees": ("degrees", "grados"),
    "success": ("success", "éxito"),
    "total": ("total", "total"),
    "icons": ("icons", "iconos"),
    "dn": ("DN", "ND"),
    "amount": ("amount", "cantidad"),
    "cause": ("cause", "causa"),
    "reason": ("reason", "motivo"),
    "text": ("text", "texto"),
    "mission": ("mission", "misión"),
    "objective": ("objective", "objetivo"),
    "kind": ("kind", "tipo"),
    "encounter": ("encounter", "combate"),
    "turn": ("turn", "turno"),
    "action": ("action", "acción"),
    "reaction": ("reaction", "reacción"),
    "use": ("use", "uso"),
    "cost": ("cost", "coste"),
    # The facts of events told by their title (no sentence of their own): every field a reader may see.
    "damage_roll": ("damage roll", "tirada de daño"),
    "toughness_bonus": ("Toughness bonus", "BR"),
    "strength_bonus": ("Strength bonus", "BF"),
    "wounding": ("damage through", "daño que pasa"),
    "sealed": ("armour sealed", "armadura sellada"),
    "wp_target": ("WP target", "objetivo de V"),
    "wp_roll": ("WP roll", "tirada de V"),
    "panicking": ("panicking", "presa del pánico"),
    "died": ("died", "muere"),
    "attacker_total": ("attacker's total", "total del atacante"),
    "target_total": ("target's total", "total del objetivo"),
    "head_armour": ("head armour", "armadura de la cabeza"),
    "stunned_rounds": ("rounds stunned", "asaltos aturdido"),
    "contest": ("contest", "prueba"),
    "manoeuvre": ("manoeuvre", "maniobra"),
    "actor": ("who", "quién"),
    "opponent": ("opponent", "rival"),
    "outcome": ("outcome", "resultado"),
    "feint_against": ("feint against", "finta contra"),
    "grapple_controller": ("controls the grapple", "controla el agarre"),
    "grapple_ended": ("the grapple ends", "termina el agarre"),
    "push_m": ("pushed (m)", "empujado (m)"),
    "turns": ("turns", "turnos"),
    "fate_max_after": ("maximum Fate after", "Destino máximo después"),
    "fate_after": ("Fate after", "Destino después"),
    "test": ("test", "prueba"),
    "pinned": ("pinned", "acobardado"),
    "unpinned": ("no longer pinned", "ya no está acobardado"),
    "source_attack": ("from the attack", "del ataque"),
    # d100, the rules' second pass: tests with a consequence, comrades, reinforcements, mounted combat.
    "patient": ("patient", "paciente"),
    "extinguished": ("the fire is out", "el fuego se apaga"),
    "under_stress": ("under stress", "bajo estrés"),
    "stopped": ("the bleeding stops", "la hemorragia se detiene"),
    "fear": ("Fear", "Miedo"),
    "source": ("source", "fuente"),
    "immune": ("immune", "inmune"),
    "shock_roll": ("Shock table roll", "tirada en la tabla de Shock"),
    "shock_total": ("Shock table result", "resultado en la tabla de Shock"),
    "broken": ("breaks and flees", "se desbanda y huye"),
    "feat": ("feat", "proeza"),
    "gravity": ("gravity", "gravedad"),
    "distance_m": ("distance (m)", "distancia (m)"),
    "height_m": ("height (m)", "altura (m)"),
    "limit": ("weight table row", "fila de la tabla de pesos"),
    "turn_lost": ("the turn is lost", "pierde el turno"),
    "fell": ("falls", "cae"),
    "fall_m": ("fall (m)", "caída (m)"),
    "power": ("power", "poder"),
    "psy_rating": ("psy rating", "Factor Psíquico"),
    "threshold": ("threshold", "umbral"),
    "area": ("area", "área"),
    "damage_type": ("damage type", "tipo de daño"),
    "penetration": ("penetration", "penetración"),
    "first_round": ("first round", "primer asalto"),
    "order": ("order", "orden"),
    "in_cohesion": ("in cohesion", "en cohesión"),
    "in_encounter": ("in combat", "en combate"),
    "rider": ("rider", "jinete"),
    "mount": ("mount", "montura"),
    "mounted": ("in the saddle", "a lomos de la montura"),
    "thrown": ("thrown from the saddle", "derribado de la silla"),
    "move_m": ("move (m)", "movimiento (m)"),
    "evasive": ("penalty to ranged attacks", "penalización a los ataques a distancia"),
    "refused": ("the mount shies", "la montura rehúye"),
    "melee": ("melee", "cuerpo a cuerpo"),
    "stage": ("stage", "fase"),
    "caught_fire": ("catches fire", "se prende fuego"),
    "bolted": ("the mount bolts", "la montura se desboca"),
    "bolt_m": ("bolts (m)", "se desboca (m)"),
    "tier": ("tier", "nivel"),
    "choice": ("choice", "elección"),
    "note": ("note", "nota"),
    "effect": ("effect", "efecto"),
    "shifts": ("shifts", "canjes"),
    "extra_effect": ("extra effect", "efecto adicional"),
    "name": ("name", "nombre"),
    "move": ("move", "movimiento"),
    "normal": ("normal action", "acción normal"),
    "simple": ("simple actions", "acciones simples"),
    "full_turn": ("full turn", "turno completo"),
    "attack": ("attack", "ataque"),
    "troop_members": ("troop members", "miembros de la tropa"),
    "prepared": ("prepared", "preparado"),
    "briefing": ("briefing", "instrucciones"),
    "title": ("title", "título"),
    "proposed_by": ("proposed by", "propuesto por"),
    "rationale": ("why", "por qué"),
    "old_text": ("old text", "texto anterior"),
    "new_text": ("new text", "texto nuevo"),
    "old_kind": ("old kind", "tipo anterior"),
    "new_kind": ("new kind", "tipo nuevo"),
    "caused_by_seq": ("caused by event", "causada por el evento"),
    "attempt": ("of the attempt at event", "del intento del evento"),
    "method": ("how", "cómo"),
    "oath": ("oath", "juramento"),
    "leader": ("leader", "líder"),
    "leader_speciality": ("leader's speciality", "especialidad del líder"),
    "enemy_type": ("enemy", "enemigo"),
    "xp": ("XP", "PX"),
    "renown": ("renown", "renombre"),
    "oath_renown": ("oath renown", "renombre del juramento"),
}

def _words() -> dict[str, tuple[str, str]]:
    """The words of the renderings (a reply, a transcript, a timeline): the catalog's `reply.word.<key>`."""
    prefix = "reply.word."
    keys = [key for key in catalog("en") if isinstance(key, str) and key.startswith(prefix)]
    return {key.removeprefix(prefix): (sentence(key, "en"), sentence(key, "es")) for key in keys}


WORDS: dict[str, tuple[str, str]] = _words()


def _mission_terms() -> dict[str, tuple[str, str]]:
    """The missions' words (objective kinds, how a leader is chosen, specialities, oaths, outcomes)."""
    en, es = WORDING["en"], WORDING["es"]
    found: dict[str, tuple[str, str]] = {}
    for table in ("kinds_short", "methods", "specialities", "oath_names"):
        english, spanish = getattr(en, table), getattr(es, table)
        found.update({str(key): (english[key], spanish[key]) for key in english})
    found.update({"success": (en.success, es.success), "failure": (en.failure, es.failure)})
    return found


# Words of the campaign's own events: how a pinning test was escaped, why turn effects ended …
TERMS: dict[str, tuple[str, str]] = {
    **_mission_terms(),
    "escape": ("escape", "escapar"),
    "encounter_ended": ("the fight ended", "terminó el combate"),
    "turn_started": ("the turn began", "empezó el turno"),
}


# Every event type's title: the campaign's and the missions', then each engine's own (its phrases).
ALL_TITLES: dict[str, tuple[str, str]] = {
    **TITLES, **{kind: pair for engine in surfaces() for kind, pair in engine.phrases.titles.items()}
}


class RenderedWords(msgspec.Struct, frozen=True, kw_only=True):
    """Every word of the renderings in one language (what is printed; what a participant may type is a
    ruleset's `domain.language.LineForms`)."""

    lang: Lang
    words: dict[str, str]
    fields: dict[str, str]
    titles: dict[str, str]
    report: Wording


def _in(lang: Lang) -> RenderedWords:
    index = 1 if lang == "es" else 0
    return RenderedWords(
        lang=lang,
        words={key: pair[index] for key, pair in WORDS.items()},
        fields={key: pair[index] for key, pair in FIELDS.items()},
        titles={key: pair[index] for key, pair in ALL_TITLES.items()},
        report=WORDING[lang],
    )


VOCABULARY: dict[Lang, RenderedWords] = {"en": _in("en"), "es": _in("es")}


def word(key: str, lang: Lang, **values: object) -> str:
    return VOCABULARY[lang].words[key].format(**values)


def position(round_: int | None, turn: int | None, lang: Lang) -> str:
    """Where in an encounter: "round 2, turn 3"; a round's own steps before its first turn (turn 0 in the
    log's meta) read "round 2, before its first turn": no reader sees a "turn 0"."""
    return word("round_start" if not turn else "round_turn", lang, round=round_ or 0, turn=turn or 0)


def field(name: str, lang: Lang) -> str:
    found = VOCABULARY[lang].fields.get(name)
    return found if found is not None else name.replace("_", " ")


def term(value: str, lang: Lang, ruleset: str) -> str:
    """A rules word (a condition, a standing key, a pool) as the ruleset's engine says it, else as a field."""
    terms = surface_for(ruleset).phrases.terms
    for key in (value, value.replace("_", " "), value.replace(" ", "_")):
        for table in (terms, TERMS):
            if key in table:
                return table[key][1 if lang == "es" else 0]
    found = VOCABULARY[lang].fields.get(value) or VOCABULARY[lang].words.get(value)
    return found if found is not None else value.replace("_", " ")


def title(kind: str, lang: Lang) -> str:
    """The event type's title in the language; an unknown type (an old, removed event) shows its tag."""
    return VOCABULARY[lang].titles.get(kind, kind)

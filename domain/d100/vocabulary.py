"""The line forms of the d100 commands (Deathwatch, Dark Heresy, Only War) in English and Spanish.

Spanish words are the handouts' (seeds 000–002): HA/HP/F/R/Ag/Int/Per/V/Em, Fácil … Muy Difícil, Apuntar,
Ataque Total, Disparo Apuntado, Cargar, Ataque Precavido, Esquivar, Parar, Destino, Derribar, Finta,
Agarrar, Vigilancia, A Cubierto/Acobardamiento … See docs/commands.md for every word.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from domain.characters import CreateCharacter
from domain.commands import Command
from domain.language import CharacterEntry, Directory, EncounterEntry, LineForms, PendingEntry, WeaponEntry, Words, w
from domain.language.codecs import JSON
from domain.language.common import (
    PARTICIPANTS,
    THE_TARGET,
    character,
    characters,
    choice,
    count,
    distance,
    keyed_text,
    me,
    modifiers,
    new_id,
    number_option,
    reason,
    text,
    weapon,
)
from domain.language.directory import Candidate
from domain.language.folding import fold
from domain.language.forms import Form, Segment, form
from domain.language.messages import Failure
from domain.language.name_slots import Id, Pending, Ref
from domain.language.slots import REQUIRED, Scope
from domain.language.tokens import Token
from domain.language.value_slots import Choice, Option, Text, flag
from domain.language.words import Lang
from domain.message import message
from domain.premades.applied import given_sheet

from . import commands as d
from . import mounted_commands as m
from . import tested_commands as t
from .sheet import SKILL_CATALOGUE, Sheet

CHARACTERISTICS: dict[object, Words] = {
    "WS": w("WS|weapon-skill", "HA|habilidad-de-armas"),
    "BS": w("BS|ballistic-skill", "HP|habilidad-de-proyectiles"),
    "S": w("S|strength", "F|fuerza"),
    "T": w("T|toughness", "R|resistencia"),
    "Ag": w("Ag|agility", "Ag|agilidad"),
    "Int": w("Int|intelligence", "Int|inteligencia"),
    "Per": w("Per|perception", "Per|percepción"),
    "WP": w("WP|willpower", "V|voluntad"),
    "Fel": w("Fel|fellowship", "Em|empatía"),
}

DIFFICULTIES: dict[object, Words] = {
    "easy": w("easy", "fácil"),
    "routine": w("routine", "rutinario|rutinaria"),
    "ordinary": w("ordinary", "ordinario|ordinaria"),
    "challenging": w("challenging", "desafiante"),
    "difficult": w("difficult", "complicado|complicada"),
    "hard": w("hard", "difícil"),
    "very_hard": w("very-hard", "muy-difícil"),
}

ATTACK_ACTIONS: dict[object, Words] = {
    "standard": w("standard|single", "estándar|disparo-único|único"),
    "all_out": w("all-out|all-out-attack", "ataque-total|total"),
    "called_shot": w("called|called-shot", "apuntado|disparo-apuntado"),
    "charge": w("charge", "carga|cargar"),
    "guarded": w("guarded", "precavido|ataque-precavido"),
    "semi_auto": w("semi|semi-auto", "semi|semiautomático"),
    "full_auto": w("auto|full-auto", "auto|automático|totalmente-automático"),
    "suppressing": w("suppressing|suppress", "supresión|fuego-de-supresión"),
    "stun": w("stun", "estunear|aturdir"),
    "crushing_charge": w("crushing-charge|trample", "carga-aplastante"),
    "hit_and_run": w("hit-and-run", "golpear-y-desaparecer"),
}

CIRCUMSTANCES: dict[object, Words] = {
    "darkness": w("darkness|dark", "oscuridad"),
    "fog_mist_shadow": w("fog|mist|shadow", "niebla|neblina|sombra"),
    "difficult_terrain": w("difficult-terrain", "terreno-difícil"),
    "arduous_terrain": w("arduous-terrain", "terreno-arduo"),
    "shooting_into_melee": w("into-melee", "al-combate|disparar-al-combate"),
    "ganging_up_2_to_1": w("ganging-up|2-to-1", "en-grupo|2-a-1"),
    "ganging_up_3_to_1": w("ganging-up-3|3-to-1", "en-grupo-3|3-a-1"),
    "higher_ground": w("higher-ground", "terreno-elevado"),
    "prone_target": w("prone-target", "objetivo-cuerpo-a-tierra|objetivo-derribado"),
    "prone_attacker": w("prone-attacker", "atacante-cuerpo-a-tierra|atacante-derribado"),
    "stunned_target": w("stunned-target", "objetivo-aturdido"),
    "unaware_target": w("unaware-target|unaware", "objetivo-desprevenido|desprevenido"),
    "bad_weather": w("bad-weather|weather", "mal-tiempo|clima"),
    "running_target": w("running-target", "objetivo-corriendo"),
    "blinded_attacker": w("blinded|blinded-attacker", "cegado|atacante-cegado"),
    "hidden_target": w("hidden-target|hidden", "objetivo-oculto|oculto"),
    "pinned_attacker": w("pinned|pinned-attacker", "acobardado|atacante-acobardado"),
    "unbraced_heavy_weapon": w("unbraced", "sin-embrazar"),
    "volley": w("volley", "salva"),
}

LOCATIONS: dict[object, Words] = {
    "head": w("head", "cabeza"),
    "right_arm": w("right-arm", "brazo-derecho"),
    "left_arm": w("left-arm", "brazo-izquierdo"),
    "body": w("body", "cuerpo"),
    "right_leg": w("right-leg", "pierna-derecha"),
    "left_leg": w("left-leg", "pierna-izquierda"),
}

CONDITIONS: dict[object, Words] = {
    "stunned": w("stunned", "aturdido|estuneado"),
    "prone": w("prone", "cuerpo-a-tierra|derribado"),
    "pinned": w("pinned", "acobardado|a-cubierto"),
    "on_fire": w("on-fire|burning", "en-llamas|ardiendo"),
    "blood_loss": w("blood-loss|bleeding", "pérdida-de-sangre|sangrando"),
    "blinded": w("blinded|blind", "ciego|cegado"),
    "deafened": w("deafened|deaf", "ensordecido|sordo"),
    "unconscious": w("unconscious", "inconsciente"),
    "dead": w("dead", "muerto"),
    "helpless": w("helpless", "indefenso"),
    "grappled": w("grappled", "agarrado"),
    "broken": w("broken|fleeing", "roto|huyendo"),
    "all_out_attack": w("all-out-attack", "ataque-total"),
    "guarded_attack": w("guarded-attack", "ataque-precavido"),
    "limb_useless": w("limb-useless|useless-limb", "miembro-inutilizado"),
    "limb_lost": w("limb-lost|lost-limb", "miembro-perdido|miembro-amputado"),
    "suffocating": w("suffocating", "asfixia|asfixiándose"),
    "fatigue_unconscious": w("fatigue-unconscious", "inconsciente-por-fatiga"),
    "unaware": w("unaware", "desprevenido"),
    "defensive_stance": w("defensive-stance", "posición-defensiva"),
    "running": w("running", "corriendo"),
    "overwatch": w("overwatch", "vigilancia"),
}

FATE_USES: dict[object, Words] = {
    "reroll": w("reroll", "repetir|repetir-tirada"),
    "add_degree": w("degree|add-degree", "grado|añadir-grado"),
    "remove_damage": w("heal|remove-damage", "curar|quitar-daño|remover-daño"),
    "recover_stun": w("unstun|recover-stun", "recuperarse|quitar-aturdido|recuperar-stuneo"),
    "remove_fatigue": w("fatigue|remove-fatigue", "fatiga|quitar-fatiga|remover-fatiga"),
    "initiative_ten": w("initiative|initiative-10", "iniciativa|iniciativa-10"),
    "squad_mode": w("squad-mode", "modo-escuadra"),
    "solo_rank": w("solo-rank|solo-mode", "modo-solo|rango-solo"),
}

ACTIONS: dict[object, Words] = {
    "move": w("move", "moverse|mover"),
    "full_move": w("full-move", "movimiento-completo"),
    "ready": w("ready", "preparar|equipar"),
    "stand": w("stand|stand-up|mount", "levantarse|montar"),
    "brace": w("brace", "embrazar"),
    "disengage": w("disengage", "retirarse"),
    "defensive_stance": w("defensive-stance|defend", "posición-defensiva"),
    "run": w("run", "correr"),
    "delay": w("delay", "retrasar"),
    "tactical_advance": w("tactical-advance", "avance-táctico"),
    "jump": w("jump|leap", "saltar|brincar"),
    "manoeuvre": w("manoeuvre|maneuver", "maniobrar"),
    "overwatch": w("overwatch", "vigilancia"),
    "use_skill": w("use-skill|skill", "usar-habilidad|usar-una-habilidad"),
    "extinguish": w("extinguish", "extinguir|apagar"),
    "extended": w("extended", "extendida"),
    "other_half": w("other-half|half", "otra-media|media"),
    "other_full": w("other-full|full", "otra-completa|completa"),
}

GRAPPLE_OPTIONS: dict[object, Words] = {
    "damage": w("damage|hurt", "dañar"),
    "take_down": w("take-down|throw", "derribar"),
    "push": w("push", "empujar"),
    "ready": w("ready", "preparar"),
    "stand": w("stand", "levantarse|ponerse-de-pie"),
    "release": w("release", "soltar"),
    "break_free": w("break-free", "liberarse"),
    "slip_free": w("slip-free", "escabullirse"),
    "take_control": w("take-control", "tomar-control"),
}

# The seeds' Spanish names of the skills the rules know untrained (the books' where the seeds are silent).
SPANISH_SKILLS: dict[str, tuple[str, ...]] = {
    "Acrobatics": ("acrobacias",), "Awareness": ("perspicacia",), "Barter": ("regatear",),
    "Carouse": ("juerga",), "Charm": ("encanto",), "Climb": ("trepar",), "Command": ("mando",),
    "Concealment": ("ocultación",), "Contortionist": ("contorsionismo",), "Deceive": ("engañar",),
    "Disguise": ("disfraz",), "Dodge": ("esquivar",), "Evaluate": ("tasar",), "Gamble": ("apostar",),
    "Inquiry": ("indagar",), "Intimidate": ("intimidar",), "Logic": ("lógica",), "Scrutiny": ("escrutinio",),
    "Search": ("buscar",), "Silent Move": ("movimiento-silencioso",), "Swim": ("nadar",),
    "Medicae": ("medicina",), "Tech-Use": ("uso-de-tecnología",), "Pilot": ("pilotar",), "Drive": ("conducir",),
    "Psyniscience": ("psiniscencia",), "Tracking": ("rastrear",), "Survival": ("supervivencia",),
    "Security": ("seguridad",), "Tactics": ("tácticas",), "Trade (Armourer)": ("oficio-armero",),
    "Interrogation": ("interrogar",),
}

UNARMED = Candidate(id="unarmed", label="unarmed", aliases=("desarmado", "sin-armas"))
_ME_ATTACKER = w("the attacker", "el atacante")
_USE: dict[object, Words] = {
    "turn": w("turn", "turno"), "delayed": w("delayed", "retrasada"), "free": w("free", "libre"),
    "overwatch": w("overwatch", "vigilancia"),
}


@dataclass(frozen=True)
class Skills:
    """The skills the rules know (with their Spanish names) and those on the character's sheet."""

    owner: str
    kind: str = "skill"

    def candidates(self, scope: Scope) -> list[Candidate]:
        known = [Candidate(id=name, label=name, aliases=SPANISH_SKILLS.get(name, ())) for name in SKILL_CATALOGUE]
        try:
            entry = scope.env.directory.character(str(scope.value_of(self.owner)))
        except Failure:
            entry = None
        own = [Candidate(id=s, label=s) for s in (entry.skills if entry else ()) if s not in SKILL_CATALOGUE]
        return [*known, *own]

    def current(self, scope: Scope) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class CoverCodec:
    """`cover=4` (cover of 4 AP over body and legs) or `cover=4/head,body`."""

    def read(self, token: Token, lang: Lang) -> object:
        ap, _, where = token.value.partition("/")
        try:
            points = int(ap)
        except ValueError:
            raise Failure("bad_value", token.text, message("lines.expected.cover")) from None
        if "/" not in token.value:
            return {"ap": points}
        locations = [self._location(piece, token) for piece in where.split(",") if piece]
        return {"ap": points, "locations": locations}

    def _location(self, word: str, token: Token) -> object:
        for value, words in LOCATIONS.items():
            if fold(word) in words.folded():
                return value
        raise Failure("bad_value", word, message("lines.expected.hit_location"))

    def write(self, value: object, lang: Lang) -> str:
        assert isinstance(value, d.CoverSpec)
        if value.locations == d.CoverSpec(ap=0).locations:
            return str(value.ap)
        return f"{value.ap}/" + ",".join(LOCATIONS[loc].canonical(lang) for loc in value.locations)


def _use() -> Choice:
    return choice("use", _USE, w("how the action is paid", "cómo se paga la acción"), key=w("use", "uso"), bare=False)


def _characteristic() -> Choice:
    return choice("characteristic", CHARACTERISTICS, w("a characteristic (WS, BS …)", "una característica (HA, HP …)"))


def _skill(owner: str = "character_id") -> Ref:
    return Ref(field="skill", what=w("a skill", "una habilidad"), source=Skills(owner), default="none",
               key=w("skill", "habilidad"), verbatim_key=True)


def _circumstances() -> Choice:
    return choice("circumstances", CIRCUMSTANCES, w("a circumstance", "una circunstancia"), many=True)


def _sheet(required: bool = True) -> Option:
    return Option(field="sheet", what=w("the sheet (JSON)", "la ficha (JSON)"), key=w("sheet", "ficha"),
                  codec=JSON, required=required)


def _attack_pending(role: str) -> Pending:
    what = w("attack on you", "ataque contra ti") if role == "target" else w("attack of yours", "ataque tuyo")
    return Pending(field="attack_id", what=what, kinds=("attack",), who="_who",
                   role="target" if role == "target" else "actor",
                   tags=("awaiting_reaction",) if role == "target" else (), unless=("missed",))


def _react(verbs: Words, reaction: str) -> Form:
    return form(d.React, verbs, me("_who"), _attack_pending("target"), modifiers(), presets={"reaction": reaction})


_FORMS: tuple[Form, ...] = (
    # The older spelling of create_character (the campaign's `register`), kept under its own verb.
    form(d.RegisterCharacter, w("d100-register|register-d100", "registrar-d100"),
         new_id("character_id", w("the new character's id", "el id del nuevo personaje"), "required", positional=True),
         text("name", w("the character's name", "el nombre del personaje")),
         Ref(field="owner", what=w("the owner (a participant)", "el dueño (un participante)"),
             source=PARTICIPANTS, default="author",
             key=w("owner|player", "dueño|jugador"), positional=False),
         flag("comrade", w("comrade", "camarada"), w("a comrade", "un camarada")),
         _sheet()),
    form(d.RollTest, w("test|check|t", "prueba|test|chequeo"),
         flag("secret", w("secret", "secreta"), w("in secret (GM)", "en secreto (DJ)")),
         me("character_id"), _skill(), _characteristic(),
         choice("difficulty", DIFFICULTIES, w("a difficulty", "una dificultad")),
         modifiers(),
         characters("helpers", w("the helpers", "los ayudantes"), key=w("help|helpers", "ayuda|ayudantes"),
                    positional=False),
         choice("kind", {"reaction": w("reaction", "reacción"), "free": w("free", "libre")},
                w("reaction or free", "reacción o libre")),
         choice("resisting", {"poison": w("poison", "veneno"), "disease": w("disease", "enfermedad"),
                              "fear": w("fear", "miedo")}, w("what is resisted", "lo que se resiste"),
                key=w("resist|resisting", "resistir"), bare=False),
         flag("fate_bonus", w("fate", "destino"), w("+10 for a Fate point", "+10 por un punto de Destino")),
         keyed_text("extended_id", w("the extended test", "el test extendido"), w("extended", "extendido")),
         number_option("extended_needed", w("successes needed", "éxitos necesarios"), w("needed", "necesarios")),
         new_id("test_id", w("the test's id", "el id del test"))),
    form(d.RollOpposedTest, w("opposed|vs", "opuesto|prueba-opuesta|enfrentada"),
         Segment(me("character_id"), _skill(), _characteristic(), modifiers(), into="first", struct=d.OpposedSide),
         Segment(character("character_id", w("the opponent (after ->)", "el oponente (tras ->)")), _skill(),
                 _characteristic(), modifiers(), into="second", struct=d.OpposedSide,
                 lead=w("-> and the opponent", "-> y el oponente")),
         anywhere=(new_id("contest_id", w("the contest's id", "el id de la prueba")),)),
    form(d.TakeAim, w("aim", "apuntar"), me("character_id"),
         choice("aim", {"half": w("half", "media"), "full": w("full", "completa")},
                w("half or full", "media o completa"),
                default=REQUIRED),
         _use()),
    form(d.Attack, w("attack|atk|shoot|strike", "ataque|atacar|ataca|disparar|dispara"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         Segment(character("target_id", THE_TARGET), weapon("weapon_id", "attacker_id", (UNARMED,)),
                 lead=w("-> and the target", "-> y el objetivo")),
         anywhere=(
             choice("action", ATTACK_ACTIONS, w("an attack action", "una acción de ataque")),
             _circumstances(), modifiers(),
             distance("distance_m", w("distance|range", "distancia")),
             choice("called_location", LOCATIONS, w("a hit location", "una localización")),
             choice("hand", {"off": w("off-hand|offhand", "mano-secundaria|secundaria")}, w("the hand", "la mano")),
             flag("dual_wielding", w("dual|two-weapons", "dos-armas"), w("two weapons", "dos armas")),
             flag("moved", w("moved", "movido|tras-mover"), w("moved first", "tras moverse")),
             flag("fate_bonus", w("fate", "destino"), w("+10 for a Fate point", "+10 por un punto de Destino")),
             flag("comrade_in_cohesion", w("cohesion", "cohesión"), w("comrade in cohesion", "camarada en cohesión")),
             flag("comrades_volley", w("comrades|comrades-fire", "camaradas|fuego-camaradas"),
                  w("comrades firing along", "camaradas disparando")),
             _use(),
             characters("zone", w("who is in the kill zone", "quién está en la zona"), key=w("zone", "zona"),
                        positional=False),
             flag("grapple", w("grapple", "agarrar|agarre"), w("grapple instead of damage", "agarrar en vez de dañar")),
             new_id("attack_id", w("the attack's id", "el id del ataque")),
         )),
    _react(w("dodge", "esquivar|esquiva"), "dodge"),
    _react(w("parry", "parar|parada"), "parry"),
    _react(w("sidestep", "paso-lateral"), "sidestep"),
    _react(w("no-reaction|take-it", "sin-reacción|encajar"), "none"),
    form(d.RollDamage, w("damage|dmg", "daño|daños"),
         me("_who", _ME_ATTACKER), _attack_pending("actor"),
         Option(field="cover", what=w("cover (its AP)", "cobertura (sus PA)"), key=w("cover", "cobertura"),
                codec=CoverCodec())),
    form(d.SpendFate, w("fate|spend-fate", "destino|gastar-destino"), me("character_id"),
         choice("use", FATE_USES, w("what the Fate point is for", "para qué es el punto de Destino"), default=REQUIRED),
         Pending(field="test_id", what=w("test of yours", "test tuyo"), kinds=("test", "attack"), who="character_id",
                 role="actor", default="none", when=("use", ("reroll", "add_degree")))),
    form(d.BurnFate, w("burn-fate|burn", "quemar-destino|quemar"), me("character_id"), reason(default="")),
    form(d.Unjam, w("unjam|clear-jam", "desencasquillar"), me("character_id"), weapon("weapon_id", "character_id"),
         new_id("test_id", w("the test's id", "el id del test"))),
    form(d.Reload, w("reload", "recargar"), me("character_id"), weapon("weapon_id", "character_id"), _use()),
    form(d.StartRound, w("round|start-round|new-round", "asalto|nuevo-asalto|ronda")),
    form(d.GmRuling, w("ruling|override|gm-ruling", "dictamen|corregir|decisión-dj"),
         character("character_id"), reason(),
         number_option("set_damage", w("damage", "daño"), w("damage", "daño")),
         number_option("set_critical", w("critical damage", "daño crítico"), w("critical", "crítico")),
         number_option("set_fatigue", w("fatigue", "fatiga"), w("fatigue", "fatiga")),
         number_option("set_fate", w("Fate", "Destino"), w("fate", "destino")),
         number_option("set_magnitude", w("magnitude", "magnitud"), w("magnitude", "magnitud")),
         choice("add_conditions", CONDITIONS, w("a condition", "un estado"), key=w("add", "añadir"), bare=False,
                many=True),
         number_option("condition_rounds", w("rounds", "asaltos"), w("rounds", "asaltos")),
         choice("remove_conditions", CONDITIONS, w("a condition", "un estado"), key=w("remove", "quitar"), bare=False,
                many=True)),
    form(d.EditSheet, w("edit-sheet", "editar-ficha"), character("character_id"), _sheet(), reason()),
    form(d.StartEncounter, w("start-encounter|encounter|combat|fight", "iniciar-combate|combate|encuentro"),
         new_id("encounter_id", w("the encounter's id", "el id del combate"), "required", positional=True),
         characters("participants", w("the participants", "los participantes"), key=w("with", "con"), minimum=1),
         characters("surprised", w("who is surprised", "quién está sorprendido"),
                    key=w("surprised", "sorprendidos|sorprendido"), positional=False)),
    form(d.JoinEncounter, w("join|reinforce|join-encounter", "unirse|refuerzo|unirse-al-combate"),
         character("character_id", w("the reinforcement", "el refuerzo"))),
    form(d.NextTurn, w("next-turn|next", "siguiente-turno|siguiente")),
    form(d.EndTurn, w("end-turn|done", "fin-turno|terminar-turno|fin-de-turno"), me("character_id")),
    form(d.EndEncounter, w("end-encounter|end-combat", "fin-combate|terminar-combate|fin-del-combate|fin-de-combate")),
    form(d.TakeAction, w("action|act", "acción|actuar"), me("character_id"),
         choice("action", ACTIONS, w("an action", "una acción"), default=REQUIRED), _use(),
         Text(field="note", what=w("a note in quotes", "una nota entre comillas"), default="", quoted_only=True,
              key=w("note", "nota")),
         keyed_text("extended_id", w("the extended action", "la acción extendida"), w("extended", "extendida")),
         number_option("turns_needed", w("turns needed", "turnos necesarios"), w("turns", "turnos"))),
    form(d.KnockDown, w("knock-down|knockdown|trip", "derribar"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         Segment(character("target_id", THE_TARGET), lead=w("-> and the target", "-> y el objetivo")),
         anywhere=(flag("moved", w("moved", "movido|tras-mover"), w("moved first", "tras moverse")), _use(),
                   new_id("contest_id", w("the contest's id", "el id de la prueba")))),
    form(d.Feint, w("feint", "finta|fintar"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         Segment(character("target_id", THE_TARGET), lead=w("-> and the target", "-> y el objetivo")),
         anywhere=(_use(), new_id("contest_id", w("the contest's id", "el id de la prueba")))),
    form(d.Grapple, w("grapple", "agarre|agarrar"), me("character_id"),
         choice("option", GRAPPLE_OPTIONS, w("a grapple option", "una opción de agarre"), default=REQUIRED),
         new_id("contest_id", w("the contest's id", "el id de la prueba"))),
    form(d.HeroicSacrifice, w("heroic-sacrifice|sacrifice", "sacrificio-heroico|sacrificio"), me("character_id")),
    form(d.LoadCriticalTable, w("critical-table|criticals", "tabla-críticos|críticos"),
         flag("default", w("default", "predeterminada|por-defecto"), w("our default table", "nuestra tabla")),
         Option(field="table", what=w("the table (JSON)", "la tabla (JSON)"), key=w("table", "tabla"),
                codec=JSON)),
    form(d.PinningTest, w("pinning|pinning-test", "acobardamiento|a-cubierto|prueba-acobardamiento"),
         me("character_id"),
         choice("reason", {"suppressing": w("suppressing|suppressed", "supresión|fuego-de-supresión"),
                           "overwatch": w("overwatch", "vigilancia"), "escape": w("escape", "escapar|salir")},
                w("suppressing, overwatch or escape", "supresión, vigilancia o escapar"), default=REQUIRED),
         flag("under_fire", w("unshot|not-under-fire", "sin-fuego|sin-disparos"),
              w("not shot at since the last turn", "sin disparos desde su último turno"), value=False),
         new_id("test_id", w("the test's id", "el id del test"))),
    form(d.MultipleAttacks, w("multiple-attacks|multi|multiple", "ataques-múltiples|múltiples|múltiple"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         anywhere=(number_option("targets_apart_m", w("metres between the targets", "metros entre los objetivos"),
                                 w("apart", "separados"), real=True),),
         repeat=Segment(
             character("target_id", THE_TARGET), weapon("weapon_id", "attacker_id", (UNARMED,)),
             choice("hand", {"off": w("off-hand|offhand", "mano-secundaria|secundaria")}, w("the hand", "la mano")),
             choice("fire", {"standard": w("standard|single", "estándar|único"), "semi_auto": w("semi", "semi"),
                             "full_auto": w("auto|full-auto", "auto|automático")},
                    w("the fire mode", "el modo de fuego")),
             _circumstances(), modifiers(),
             distance("distance_m", w("distance|range", "distancia")),
             flag("comrade_in_cohesion", w("cohesion", "cohesión"), w("comrade in cohesion", "camarada en cohesión")),
             new_id("attack_id", w("the attack's id", "el id del ataque")),
             into="attacks", struct=d.AttackSpec, many=True,
             lead=w("-> and each attack's target and weapon", "-> y el objetivo y el arma de cada ataque"))),
)


FEATS: dict[object, Words] = {
    "drop": w("drop|drop-down", "dejarse-caer|descolgarse"),
    "running_jump": w("running-jump|jump", "salto-en-carrera|saltar"),
    "standing_leap": w("standing-leap|leap", "brinco|brincar"),
    "running_leap": w("running-leap", "brinco-en-carrera"),
    "throw": w("throw", "lanzar|arrojar"),
    "carry": w("carry", "llevar|cargar-peso"),
    "lift": w("lift", "levantar"),
    "push": w("push", "empujar"),
    "climb": w("climb", "trepar|escalar"),
    "swim": w("swim", "nadar"),
}

COMRADE_ORDERS: dict[object, Words] = {
    "volley": w("volley", "salva"), "close_ranks": w("close-ranks", "cerrad-filas|cerrar-filas"),
    "take_cover": w("take-cover", "a-cubierto|cubrirse"),
    "keep_cohesion": w("keep-cohesion|follow", "mantener-cohesión|seguir"),
    "move": w("move", "mover|moverse"), "full_move": w("full-move", "movimiento-completo"), "run": w("run", "correr"),
    "disengage": w("disengage", "retirarse|abandonar-combate"), "stand": w("stand|mount", "levantarse|montar"),
    "tactical_advance": w("tactical-advance", "avance-táctico"),
}

RIDE_MANOEUVRES: dict[object, Words] = {
    "half_gallop": w("half-gallop|canter", "medio-galope"), "gallop": w("gallop", "galopar"),
    "evasive": w("evasive|evasive-trot", "trote-evasivo"), "leap": w("high-jump|jump", "salto-de-altura"),
    "rearing_strike": w("rearing-strike|rear", "golpe-encabritado"),
}


def _mount(verbs: Words, dismount: bool) -> Form:
    return form(m.Mount, verbs, Segment(me("rider_id", w("the rider", "el jinete"))),
                Segment(character("mount_id", w("the mount (after ->)", "la montura (tras ->)")),
                        lead=w("-> and the mount", "-> y la montura")),
                anywhere=(modifiers(), _use(), _test_id()), presets={"dismount": dismount})


DAMAGE_TYPES: dict[object, Words] = {
    "energy": w("energy", "energía"), "explosive": w("explosive", "explosivo"),
    "impact": w("impact", "impacto"), "rending": w("rending", "desgarrador"),
}


def _test_id() -> Id:
    return new_id("test_id", w("the test's id", "el id del test"))


_TESTED_FORMS: tuple[Form, ...] = (
    form(d.ComradeOrder, w("order|comrade-order", "ordenar|orden-camarada"), me("character_id"),
         choice("order", COMRADE_ORDERS, w("an order for the comrade", "una orden al camarada"), default=REQUIRED),
         distance("distance_m", w("distance", "distancia"))),
    _mount(w("mount|mount-up", "montar|subir-a-la-montura"), False),
    _mount(w("dismount", "desmontar"), True),
    form(m.Ride, w("ride", "cabalgar"), me("rider_id", w("the rider", "el jinete")),
         choice("manoeuvre", RIDE_MANOEUVRES, w("a mounted action", "una acción montada"), default=REQUIRED),
         flag("full", w("full", "completo"), w("the mount's full move", "el movimiento completo de la montura")),
         character("target_id", w("the target of the mount's strike", "el objetivo de la montura"), default="none",
                   key=w("at|target", "contra|objetivo"), positional=False),
         keyed_text("weapon_id", w("the mount's weapon", "el arma de la montura"), w("weapon", "arma")),
         modifiers(), _use(), _test_id()),
    form(t.Extinguish, w("extinguish|put-out-fire", "apagar-fuego|apagarse"), me("character_id"), modifiers(),
         _use(), _test_id()),
    form(t.StopBloodLoss,
         w("staunch|stop-bleeding|first-aid", "cortar-hemorragia|detener-hemorragia|primeros-auxilios"),
         me("character_id", w("who treats", "quién cura")),
         character("patient_id", w("the bleeding one", "quien sangra"), default="none",
                   key=w("patient", "paciente"), positional=False),
         choice("under_stress", {True: w("stress|under-stress", "estrés|bajo-estrés"),
                                 False: w("calm", "calma|con-calma")},
                w("under stress or calm", "bajo estrés o con calma")),
         modifiers(), _use(), _test_id()),
    form(t.FearTest, w("fear|fear-test", "miedo|prueba-de-miedo|terror"), me("character_id"),
         count("fear", w("the Fear rating (1–4)", "el nivel de Miedo (1–4)"), w("fear|rating", "miedo|nivel")),
         keyed_text("source", w("what frightens him", "qué lo asusta"), w("source|of", "fuente|de"), default=""),
         modifiers(), _test_id()),
    form(t.Feat, w("feat|athletics", "proeza|hazaña"), me("character_id"),
         choice("feat", FEATS, w("a feat (jump, leap, throw …)", "una proeza (saltar, brincar, lanzar …)"),
                default=REQUIRED),
         number_option("run_up_m", w("metres of run-up", "metros de carrerilla"), w("run-up|run", "carrerilla"),
                       real=True),
         number_option("height_m", w("the height in metres", "la altura en metros"), w("height", "altura"),
                       real=True),
         choice("gravity", {"low": w("low-gravity", "gravedad-baja"), "high": w("high-gravity", "gravedad-alta")},
                w("the gravity", "la gravedad")),
         flag("heavy", w("heavy|armoured", "pesado|con-armadura"),
              w("too heavy to throw, or swimming in armour", "demasiado pesado, o nadar con armadura")),
         modifiers(), _use(), _test_id()),
    form(t.FocusPower, w("focus|focus-power|manifest", "concentrar-poder|manifestar"), me("character_id"),
         text("power", w("the power's name", "el nombre del poder")),
         count("dice", w("how many d10", "cuántos d10"), w("dice|d10", "dados|d10"), positional=False),
         count("threshold", w("the power's threshold", "el umbral del poder"), w("threshold", "umbral"),
               positional=False),
         choice("action", {"half": w("half", "media"), "full": w("full", "completa")},
                w("a half or full action", "acción media o completa")),
         character("target_id", w("the horde it strikes", "la horda a la que golpea"), default="none",
                   key=w("at|target", "contra|objetivo"), positional=False),
         flag("area", w("area", "área"), w("an area power", "un poder de área")),
         keyed_text("damage", w("its damage like 1d10+3", "su daño como 1d10+3"), w("damage", "daño")),
         choice("damage_type", DAMAGE_TYPES, w("the damage type", "el tipo de daño"), key=w("type", "tipo"),
                bare=False),
         number_option("penetration", w("penetration", "penetración"), w("pen|penetration", "pen|penetración")),
         _use(), _test_id()),
)


def _entry(character_id: str, name: str, owner: str | None, sheet: Sheet) -> CharacterEntry:
    return CharacterEntry(id=character_id, name=name, owner=owner,
                          weapons=tuple(WeaponEntry(weapon.id, weapon.name) for weapon in sheet.weapons),
                          skills=tuple(sheet.skills))


def _learn(directory: Directory, command: Command, author: str | None) -> Directory:
    """Characters, encounters, attacks and tests a line creates can be named by the post's later lines."""
    match command:
        case d.RegisterCharacter():
            return directory.with_character(_entry(command.character_id, command.name, command.owner, command.sheet))
        case CreateCharacter() if (raw := given_sheet(command)) is not None and (known := directory.character(
                command.character_id or command.id or "")) is not None:
            try:
                sheet = msgspec.convert(raw, Sheet)
            except msgspec.ValidationError:
                return directory  # the rules refuse it when the line runs; nothing to learn
            return directory.with_character(_entry(known.id, known.name, known.owner, sheet))
        case d.EditSheet(character_id=cid, sheet=sheet) if (known := directory.character(cid)) is not None:
            return directory.with_character(_entry(cid, known.name, known.owner, sheet))
        case d.StartEncounter(encounter_id=eid):
            return directory.with_encounter(EncounterEntry(id=eid))
        case d.EndEncounter():
            return msgspec.structs.replace(
                directory, encounters=tuple(msgspec.structs.replace(e, active=False) for e in directory.encounters))
        case d.Attack():
            return directory.with_pending(PendingEntry(kind="attack", id=command.attack_id, actor=command.attacker_id,
                                                       targets=(command.target_id,), tags=("awaiting_reaction",)))
        case d.MultipleAttacks():
            for spec in command.attacks:
                directory = directory.with_pending(PendingEntry(
                    kind="attack", id=spec.attack_id, actor=command.attacker_id, targets=(spec.target_id,),
                    tags=("awaiting_reaction",)))
            return directory
        case d.RollTest():
            return directory.with_pending(PendingEntry(kind="test", id=command.test_id, actor=command.character_id))
        case t.FocusPower(target_id=str(target), damage=str()):  # its hits on a horde wait for `!damage`
            return directory.with_pending(PendingEntry(kind="attack", id=command.test_id, actor=command.character_id,
                                                       targets=(target,), tags=("awaiting_damage",)))
        case m.Ride(manoeuvre="rearing_strike", target_id=str(target)):  # the mount's hit waits for its reaction
            return directory.with_pending(PendingEntry(kind="attack", id=command.test_id, actor=command.rider_id,
                                                       targets=(target,), tags=("awaiting_reaction",)))
    return directory


VOCABULARY = LineForms("d100", _FORMS + _TESTED_FORMS, _learn)

__all__ = ["ATTACK_ACTIONS", "CHARACTERISTICS", "CIRCUMSTANCES", "CONDITIONS", "DIFFICULTIES", "VOCABULARY"]

"""The line forms of the Wrath & Glory commands in English and Spanish.

Spanish words are the handout's (seed 003, "Ira y Gloria"): prueba, ND, dado de la ira, canjear, Gloria, Ira,
Ruina, Ruina personal, aprovechar la iniciativa, interrumpir, emboscada, prepararse, ignorar heridas, prueba
de muerte, recargar, salvas, apuntar, cargar, ataque total, retirarse … Skills the seed does not name use the
usual Spanish ones (docs/commands.md marks them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import msgspec

from domain.characters import CreateCharacter
from domain.commands import Command
from domain.language import CharacterEntry, Directory, EncounterEntry, LineForms, WeaponEntry, Words, w
from domain.language.codecs import JSON
from domain.language.common import (
    THE_TARGET,
    character,
    characters,
    choice,
    count,
    distance,
    me,
    modifiers,
    new_id,
    number_option,
    participant,
    reason,
    text,
    weapon,
)
from domain.language.forms import Form, Segment, form
from domain.language.messages import Failure
from domain.language.name_slots import Pending
from domain.language.slots import REQUIRED
from domain.language.tokens import Token, quote
from domain.language.value_slots import Choice, Mods, Number, Option, Text, flag
from domain.language.words import Lang
from domain.message import message
from domain.premades.applied import given_sheet

from . import commands as g
from . import encounter_commands as ge
from .attacks import CalledShot
from .sheet import Sheet

SKILLS: dict[object, Words] = {
    "athletics": w("athletics", "atletismo"),
    "awareness": w("awareness", "percepción|alerta"),
    "ballistic_skill": w("ballistic-skill|bs", "habilidad-de-balística|habilidad-balística|balística"),
    "cunning": w("cunning", "astucia"),
    "deception": w("deception", "engaño"),
    "insight": w("insight", "perspicacia"),
    "intimidation": w("intimidation", "intimidación"),
    "investigation": w("investigation", "investigación"),
    "leadership": w("leadership", "liderazgo"),
    "medicae": w("medicae", "medicae|medicina"),
    "persuasion": w("persuasion", "persuasión"),
    "pilot": w("pilot", "pilotar"),
    "psychic_mastery": w("psychic-mastery", "dominio-psíquico"),
    "scholar": w("scholar", "erudición"),
    "stealth": w("stealth", "sigilo"),
    "survival": w("survival", "supervivencia"),
    "tech": w("tech", "tecnología"),
    "weapon_skill": w("weapon-skill|ws", "habilidad-de-armas|armas"),
}
INTERACTION_SKILLS: dict[object, Words] = {k: v for k, v in SKILLS.items()
                                           if k in ("athletics", "deception", "intimidation", "persuasion", "tech")}

ATTRIBUTES: dict[object, Words] = {
    "strength": w("strength", "fuerza"),
    "toughness": w("toughness", "resistencia"),
    "agility": w("agility", "agilidad"),
    "initiative": w("initiative", "iniciativa"),
    "willpower": w("willpower", "voluntad"),
    "intellect": w("intellect", "intelecto"),
    "fellowship": w("fellowship", "carisma|empatía"),
}

ACTION_KINDS: dict[object, Words] = {
    "move": w("move", "movimiento"),
    "normal": w("normal", "normal"),
    "simple": w("simple", "simple"),
    "free": w("free", "gratuita|libre"),
    "full_turn": w("full-turn", "turno-completo"),
    "ruin": w("ruin", "ruina"),
}

PAYMENTS: dict[object, Words] = {
    "wrath": w("wrath", "ira"), "ruin": w("ruin", "ruina"), "personal_ruin": w("personal-ruin", "ruina-personal"),
}

SHIFT_USES: dict[object, Words] = {
    "damage": w("damage", "daño"), "fact": w("fact|info", "dato|información"), "quality": w("quality", "calidad"),
    "time": w("time", "tiempo"), "glory": w("glory", "gloria"), "effect": w("effect", "efecto"),
}

CONDITIONS: dict[object, Words] = {
    "exhausted": w("exhausted", "agotado"), "unconscious": w("unconscious", "inconsciente"),
    "dying": w("dying", "agonizante|moribundo"), "dead": w("dead", "muerto"), "dissolved": w("dissolved", "disuelto"),
}

MOVE_MODES: dict[object, Words] = {
    "standard": w("standard", "estándar"), "double": w("double", "doble"), "run": w("run", "correr"),
    "climb": w("climb", "escalar"), "swim": w("swim", "nadar"),
}

GM_AWARD = w("gm|gm-award", "dj|premio-dj")
_ME_ATTACKER = w("the attacker", "el atacante")
_CALLED = re.compile(r"[\w-]+")


@dataclass(frozen=True)
class CalledShotCodec:
    """`called=head/2/1`: the body part, its DN penalty and its bonus ED (the GM's ruling)."""

    def read(self, token: Token, lang: Lang) -> object:
        parts = token.value.rsplit("/", 2)
        try:
            location, dn, ed = parts[0], int(parts[1]), int(parts[2])
        except (IndexError, ValueError):
            raise Failure("bad_value", token.text, message("lines.expected.called_shot")) from None
        return {"location": location, "dn": dn, "ed": ed}

    def write(self, value: object, lang: Lang) -> str:
        assert isinstance(value, CalledShot)
        written = f"{value.location}/{value.dn}/{value.ed}"
        return written if _CALLED.fullmatch(value.location) else quote(written)


def _bonus() -> Mods:
    return modifiers("bonus_dice", label="source", what=w("bonus dice like +1", "dados de bonificación como +1"))


def _dn_penalties() -> Mods:
    return modifiers("dn_penalties", label="source", unit=w("dn|nd", "nd|dn"),
                     what=w("a DN penalty like +2dn", "un penalizador como +2nd"))


def _glory() -> Number:
    return number_option("glory_dice", w("Glory dice", "dados de Gloria"), w("glory", "gloria"))


def _open_test(tags: tuple[str, ...] = (), role: str = "actor", who: str = "_who") -> Pending:
    return Pending(field="test_id", what=w("open test of yours", "prueba tuya abierta"), kinds=("test",), who=who,
                   role="actor" if role == "actor" else "target", tags=tags)


def _payment(name: str, key: Words | None = None) -> Choice:
    return choice(name, PAYMENTS, w("how the reroll is paid", "cómo se paga la repetición"), key=key, bare=key is None)


def _amount() -> Number:
    return count("amount", w("how many", "cuántos"), w("amount", "cantidad"), default=None)


def _resistance(verbs: Words, kind: str) -> Form:
    return form(ge.RollResistanceTest, verbs, me("character_id"),
                number_option("dn", w("the DN", "el ND"), w("dn", "nd")), _bonus(), _dn_penalties(), _glory(),
                _payment("reroll", w("reroll", "repetir")), presets={"kind": kind})


_CAUSES_GLORY_GAIN: dict[object, Words] = {
    "wrath_six": w("wrath-six|six", "ira-6|seis"), "shift": w("shift", "canje"), "gm_award": GM_AWARD,
}
_CAUSES_GLORY_SPEND: dict[object, Words] = {
    "bonus_dice": w("dice|bonus-dice", "dados"), "damage": w("damage", "daño"),
    "seize_initiative": w("seize|seize-initiative", "aprovechar|aprovechar-iniciativa"),
    "ambush_awareness": w("ambush|awareness", "emboscada|consciente"), "other": w("other", "otro"),
}
_CAUSES_RUIN_GAIN: dict[object, Words] = {
    "wrath_one": w("wrath-one|one", "ira-1|uno"), "corruption_test_failed": w("corruption", "corrupción"),
    "fear_test_failed": w("fear", "miedo"), "gm_award": GM_AWARD,
}
_CAUSES_RUIN_SPEND: dict[object, Words] = {
    "ruin_action": w("action|ruin-action", "acción|acción-de-ruina"),
    "ruin_ability": w("ability|ruin-ability", "habilidad|habilidad-de-ruina"),
    "interrupt": w("interrupt", "interrumpir"), "seize_initiative": w("seize", "aprovechar"),
    "reroll": w("reroll", "repetir|volver-a-tirar"),
    "recover_shock": w("recover-shock|shock", "recuperar-shock|shock|choque"),
    "soak": w("soak", "ignorar-heridas"), "other": w("other", "otro"),
    "ambush_awareness": w("ambush|awareness", "emboscada|consciente"),
}
_CAUSE = w("the cause", "la causa")


def _opposed_skill() -> Choice:
    return choice("opposed_skill", SKILLS, w("the opposed skill", "la habilidad opuesta"),
                  key=w("opposed|against", "opuesta|contra"), bare=False)


_FORMS: tuple[Form, ...] = (
    form(g.SetTier, w("tier", "nivel"), count("tier", w("the tier (1–5)", "el nivel (1–5)"), w("tier", "nivel"))),
    # The older spelling of create_character (the campaign's `register`), kept under its own verb.
    form(g.AddCharacter, w("wng-add-character|wng-register", "registrar-wng|añadir-personaje-wng"),
         new_id("character_id", w("the new character's id", "el id del nuevo personaje"), "required", positional=True),
         participant("owner", w("owner|player", "dueño|jugador")),
         Option(field="sheet", what=w("the sheet (JSON)", "la ficha (JSON)"), key=w("sheet", "ficha"), codec=JSON,
                required=True)),
    form(g.StartTurn, w("turn|start-turn|go", "turno|empezar-turno|iniciar-turno"), me("character_id"),
         flag("spend_wrath_on_death_test", w("wrath", "ira"), w("1 Wrath on the death test", "1 de Ira en la prueba"))),
    form(g.RollTest, w("test|check|t", "prueba|test"),
         flag("secret", w("secret", "secreta"), w("in secret (GM)", "en secreto (DJ)")), me("character_id"),
         choice("skill", SKILLS, w("a skill", "una habilidad"), default=REQUIRED),
         choice("attribute", ATTRIBUTES, w("an attribute", "un atributo")),
         _bonus(), _dn_penalties(), _glory(),
         number_option("dn", w("the DN", "el ND"), w("dn", "nd")),
         flag("trivial", w("trivial", "trivial"), w("a trivial test", "una prueba trivial")),
         choice("action", ACTION_KINDS, w("the kind of action", "el tipo de acción"))),
    form(g.Attack, w("attack|atk|shoot|strike", "ataque|atacar|ataca|disparar|dispara"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         Segment(characters("targets", THE_TARGET), weapon("weapon", "attacker_id"),
                 lead=w("-> and the targets", "-> y los objetivos")),
         anywhere=(
             flag("options.charge", w("charge", "carga|cargar"), w("a charge", "una carga")),
             flag("options.all_out", w("all-out|all-out-attack", "ataque-total|total"), w("all-out", "ataque total")),
             flag("options.engaged", w("engaged", "trabado|enzarzado"), w("engaged in melee", "trabado en combate")),
             flag("options.aim", w("aim", "apuntar|apuntando"), w("aiming", "apuntando")),
             distance("options.distance", w("distance|range", "distancia")),
             Option(field="options.called_shot", what=w("a called shot", "un disparo a una zona"),
                    key=w("called", "zona|apuntado"), codec=CalledShotCodec()),
             flag("options.salvo", w("salvo", "salvas|salva"), w("a salvo", "salvas")),
             number_option("options.reloads_for_targets", w("Reloads for extra targets", "Recargas por objetivos"),
                           w("reloads", "recargas")),
             number_option("troop_members", w("troop members attacking", "miembros de la tropa"),
                           w("members", "miembros")),
             _bonus(), _dn_penalties(), _glory(),
         )),
    form(g.InteractionAttack, w("interact|interaction", "interacción|interactuar|ataque-de-interacción"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         Segment(character("target_id", THE_TARGET), lead=w("-> and the target", "-> y el objetivo")),
         anywhere=(choice("skill", INTERACTION_SKILLS, w("an interaction skill", "una habilidad de interacción"),
                          default=REQUIRED),
                   choice("attribute", ATTRIBUTES, w("an attribute", "un atributo")), _opposed_skill(),
                   _bonus(), _dn_penalties(), _glory())),
    form(g.RerollFailedDice, w("reroll", "repetir|volver-a-tirar"), me("_who"), _open_test(), _payment("pay_with")),
    form(g.AddGloryDice, w("glory-dice|add-glory", "dados-de-gloria|dados-gloria|añadir-gloria"), me("_who"),
         count("count", w("how many Glory dice", "cuántos dados de Gloria"), w("count|dice", "dados|cantidad")),
         _open_test()),
    form(g.ShiftIcons, w("shift", "canjear|canje"), me("_who"),
         choice("uses", SHIFT_USES, w("what each shifted icon buys", "qué compra cada icono canjeado"), many=True),
         _open_test()),
    form(g.ResolveComplication, w("complication", "complicación"),
         character("_who", default="none"), _open_test(("complication",)),
         choice("choice", {"complication": w("accept|complication|keep", "aceptar|complicación"),
                           "ruin": w("ruin", "ruina")}, w("accept or ruin", "aceptar o ruina"), default=REQUIRED),
         Text(field="note", what=w("a note in quotes", "una nota entre comillas"), default="", quoted_only=True,
              key=w("note", "nota"))),
    form(g.ResolveAttack, w("resolve|deal|hit", "resolver|aplicar|impactar"),
         Segment(me("_who", _ME_ATTACKER)),
         Segment(character("target_id", THE_TARGET), lead=w("-> and the target", "-> y el objetivo")),
         anywhere=(_open_test(("resolvable",)),
                   number_option("shifts", w("icons shifted to damage", "iconos canjeados por daño"),
                                 w("shifts", "canjes")),
                   number_option("glory_damage", w("Glory spent on damage", "Gloria gastada en daño"),
                                 w("glory", "gloria")),
                   choice("effect", {"dn": w("dn", "nd"), "defence": w("defence|defense", "defensa")},
                          w("the interaction's effect", "el efecto de la interacción"), key=w("effect", "efecto"),
                          bare=False))),
    form(g.Soak, w("soak", "ignorar-heridas|aguantar"), me("character_id"),
         flag("personal_ruin", w("personal-ruin", "ruina-personal"), w("personal Ruin", "Ruina personal")),
         _payment("reroll", w("reroll", "repetir"))),
    form(g.TakeWounds, w("take-wounds|wounds", "recibir-heridas|sufrir-heridas|heridas"), me("character_id")),
    form(g.RollDeathTest, w("death-test|death", "prueba-de-muerte|tirada-de-muerte|prueba-muerte|muerte"),
         me("character_id"),
         flag("spend_wrath", w("wrath", "ira"), w("1 Wrath for +1", "1 de Ira por +1"))),
    form(g.RecoverShock, w("recover-shock|recover", "recuperar-shock|recuperar-choque|recuperar"), me("character_id"),
         flag("personal_ruin", w("personal-ruin", "ruina-personal"), w("personal Ruin", "Ruina personal"))),
    form(g.Reload, w("reload", "recargar"), me("character_id")),
    form(g.RollInitiative, w("initiative|init", "iniciativa"), me("character_id")),
    form(g.AwardWrath, w("award-wrath|give-wrath", "dar-ira|otorgar-ira"), character("character_id"),
         choice("cause", {"roleplay": w("roleplay", "interpretación"), "gm_award": GM_AWARD}, _CAUSE),
         reason(default="")),
    form(g.SpendWrath, w("spend-wrath|wrath", "gastar-ira|ira"), me("character_id"), reason()),
    form(g.GainGlory, w("gain-glory|glory", "ganar-gloria|gloria"), _amount(),
         choice("cause", _CAUSES_GLORY_GAIN, _CAUSE), reason(default="")),
    form(g.SpendGlory, w("spend-glory", "gastar-gloria"), _amount(),
         choice("cause", _CAUSES_GLORY_SPEND, _CAUSE), reason(default="")),
    form(g.GainRuin, w("gain-ruin|ruin", "ganar-ruina|ruina"), _amount(),
         choice("cause", _CAUSES_RUIN_GAIN, _CAUSE), reason(default="")),
    form(g.SpendRuin, w("spend-ruin", "gastar-ruina"), _amount(),
         choice("cause", _CAUSES_RUIN_SPEND, _CAUSE),
         character("personal_of", w("whose personal Ruin", "de quién es la Ruina personal"), default="none",
                   key=w("of|personal-of", "de|personal-de"), positional=False),
         reason(default="")),
    form(ge.StartEncounter, w("start-encounter|encounter|combat|fight", "iniciar-combate|combate|encuentro"),
         new_id("encounter_id", w("the encounter's id", "el id del combate"), "required", positional=True),
         characters("participants", w("the participants", "los participantes"), key=w("with", "con")),
         choice("ambush", {"players": w("players", "jugadores"), "gm": w("gm", "dj")},
                w("who ambushes", "quién embosca"), key=w("ambush", "emboscada"), bare=False)),
    form(ge.JoinEncounter, w("join|reinforce", "unirse|refuerzo|reforzar"),
         character("character_id", w("the reinforcement", "el refuerzo")),
         flag("next_round", w("next-round", "siguiente-asalto"),
              w("from the next round", "desde el siguiente asalto"))),
    form(g.RegroupTroops, w("regroup", "reagrupar|reagruparse"),
         Segment(characters("joining", w("the troops that join", "las tropas que se unen"), minimum=1)),
         Segment(character("troop_id", w("the troop they join", "la tropa a la que se unen")),
                 lead=w("-> and the troop they join", "-> y la tropa a la que se unen"))),
    form(ge.EndEncounter, w("end-encounter|end-combat", "fin-combate|terminar-combate|fin-del-combate|fin-de-combate")),
    form(ge.SeizeInitiative, w("seize|seize-initiative", "aprovechar|aprovechar-iniciativa"), me("character_id")),
    form(ge.Interrupt, w("interrupt", "interrumpir"), character("character_id")),
    form(ge.MakeAware, w("aware|make-aware", "consciente|hacer-consciente"), me("character_id")),
    form(ge.ContestInitiative, w("contest|contest-initiative", "disputar|disputar-iniciativa"),
         Segment(me("character_id")),
         Segment(character("npc_id", w("the NPC (after ->)", "el PNJ (tras ->)")),
                 lead=w("-> and the NPC", "-> y el PNJ"))),
    form(ge.Prepare, w("prepare", "prepararse|preparar"), me("character_id")),
    form(ge.Move, w("move", "mover|moverse"), me("character_id"),
         choice("mode", MOVE_MODES, w("how it moves", "cómo se mueve")),
         distance("metres", w("metres|meters", "metros")),
         flag("agility_test", w("agility|agility-test", "agilidad|prueba-de-agilidad"),
              w("an Agility test for full Speed", "una prueba de agilidad para la velocidad completa")),
         _payment("reroll", w("reroll", "repetir"))),
    form(ge.TotalDefence, w("total-defence|total-defense", "defensa-total"), me("character_id"),
         distance("metres", w("metres|meters", "metros")), _bonus(), _glory()),
    form(ge.TakeAction, w("action|act", "acción|actuar"), me("character_id"),
         choice("kind", ACTION_KINDS, w("the kind of action", "el tipo de acción"), default=REQUIRED),
         flag("personal_ruin", w("personal-ruin", "ruina-personal"), w("personal Ruin", "Ruina personal")),
         text("name", w("the action's name", "el nombre de la acción"), rest=True)),
    form(ge.Override, w("override|ruling", "corregir|dictamen"), character("character_id"), reason(),
         number_option("wounds", w("wounds", "heridas"), w("wounds", "heridas")),
         number_option("shock", w("shock", "shock"), w("shock", "shock|choque")),
         number_option("death_failures", w("death-test failures", "fallos de la prueba de muerte"),
                       w("failures|death-failures", "fallos")),
         number_option("members_left", w("troop members left", "miembros que quedan"), w("members", "miembros")),
         choice("add_conditions", CONDITIONS, w("a condition", "un estado"), key=w("add", "añadir"), bare=False,
                many=True),
         choice("remove_conditions", CONDITIONS, w("a condition", "un estado"), key=w("remove", "quitar"),
                bare=False, many=True)),
    _resistance(w("corruption|corruption-test", "corrupción|prueba-de-corrupción"), "corruption"),
    _resistance(w("fear|fear-test", "miedo|prueba-de-miedo"), "fear"),
)


def _learn(directory: Directory, command: Command, author: str | None) -> Directory:
    """Characters and encounters a line creates can be named by the post's later lines."""
    match command:
        case g.AddCharacter(character_id=cid, owner=owner, sheet=sheet):
            weapons = tuple(WeaponEntry(weapon.name, weapon.name) for weapon in sheet.weapons)
            return directory.with_character(CharacterEntry(id=cid, name=sheet.name, owner=owner, weapons=weapons))
        case CreateCharacter() if (raw := given_sheet(command)) is not None and (known := directory.character(
                command.character_id or command.id or "")) is not None:
            try:
                hero = msgspec.convert(raw, Sheet)
            except msgspec.ValidationError:
                return directory  # the rules refuse it when the line runs; nothing to learn
            weapons = tuple(WeaponEntry(weapon.name, weapon.name) for weapon in hero.weapons)
            return directory.with_character(msgspec.structs.replace(known, weapons=weapons))
        case ge.StartEncounter(encounter_id=eid):
            return directory.with_encounter(EncounterEntry(id=eid))
        case ge.EndEncounter():
            return msgspec.structs.replace(
                directory, encounters=tuple(msgspec.structs.replace(e, active=False) for e in directory.encounters))
    return directory


VOCABULARY = LineForms("wrath_and_glory", _FORMS, _learn)

__all__ = ["ATTRIBUTES", "SKILLS", "VOCABULARY"]

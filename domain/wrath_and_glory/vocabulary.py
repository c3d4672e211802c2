"""The line forms of the Wrath & Glory commands in English and Spanish: the words a player types. What a line
expects, as an error about it says, is read and comes from the catalog (`_said`).

Spanish words are the handout's (seed 003, "Ira y Gloria"): prueba, ND, dado de la ira, canjear, Gloria, Ira,
Ruina, Ruina personal, aprovechar la iniciativa, interrumpir, emboscada, prepararse, ignorar heridas, prueba
de muerte, recargar, salvas, apuntar, cargar, ataque total, retirarse … Skills the seed does not name use the
usual Spanish ones (docs/commands.md marks them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import msgspec

from domain.catalog import text as told
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


def _said(key: str) -> Words:
    """What a line expects, as an error names it: words a person reads, the catalog's (`term.wng.line.<key>`,
    domain/catalog/*/wng_terms.po); the words around it in this module are the ones a player types."""
    said = message(f"term.wng.line.{key}")
    return Words(en=(told(said, "en"),), es=(told(said, "es"),))


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
_ME_ATTACKER = _said("the_attacker")
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
    return modifiers("bonus_dice", label="source", what=_said("bonus_dice_like_1"))


def _dn_penalties() -> Mods:
    return modifiers("dn_penalties", label="source", unit=w("dn|nd", "nd|dn"),
                     what=_said("a_dn_penalty_like_2dn"))


def _glory() -> Number:
    return number_option("glory_dice", _said("glory_dice"), w("glory", "gloria"))


def _open_test(tags: tuple[str, ...] = (), role: str = "actor", who: str = "_who") -> Pending:
    return Pending(field="test_id", what=_said("open_test_of_yours"), kinds=("test",), who=who,
                   role="actor" if role == "actor" else "target", tags=tags)


def _payment(name: str, key: Words | None = None) -> Choice:
    return choice(name, PAYMENTS, _said("how_the_reroll_is_paid"), key=key, bare=key is None)


def _amount() -> Number:
    return count("amount", _said("how_many"), w("amount", "cantidad"), default=None)


def _resistance(verbs: Words, kind: str) -> Form:
    return form(ge.RollResistanceTest, verbs, me("character_id"),
                number_option("dn", _said("the_dn"), w("dn", "nd")), _bonus(), _dn_penalties(), _glory(),
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
_CAUSE = _said("the_cause")


def _opposed_skill() -> Choice:
    return choice("opposed_skill", SKILLS, _said("the_opposed_skill"),
                  key=w("opposed|against", "opuesta|contra"), bare=False)


_FORMS: tuple[Form, ...] = (
    form(g.SetTier, w("tier", "nivel"), count("tier", _said("the_tier_1_5"), w("tier", "nivel"))),
    # The older spelling of create_character (the campaign's `register`), kept under its own verb.
    form(g.AddCharacter, w("wng-add-character|wng-register", "registrar-wng|añadir-personaje-wng"),
         new_id("character_id", _said("the_new_character_s_id"), "required", positional=True),
         participant("owner", w("owner|player", "dueño|jugador")),
         Option(field="sheet", what=_said("the_sheet_json"), key=w("sheet", "ficha"), codec=JSON,
                required=True)),
    form(g.StartTurn, w("turn|start-turn|go", "turno|empezar-turno|iniciar-turno"), me("character_id"),
         flag("spend_wrath_on_death_test", w("wrath", "ira"), _said("1_wrath_on_the_death_test"))),
    form(g.RollTest, w("test|check|t", "prueba|test"),
         flag("secret", w("secret", "secreta"), _said("in_secret_gm")), me("character_id"),
         choice("skill", SKILLS, _said("a_skill"), default=REQUIRED),
         choice("attribute", ATTRIBUTES, _said("an_attribute")),
         _bonus(), _dn_penalties(), _glory(),
         number_option("dn", _said("the_dn"), w("dn", "nd")),
         flag("trivial", w("trivial", "trivial"), _said("a_trivial_test")),
         choice("action", ACTION_KINDS, _said("the_kind_of_action"))),
    form(g.Attack, w("attack|atk|shoot|strike", "ataque|atacar|ataca|disparar|dispara"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         Segment(characters("targets", THE_TARGET), weapon("weapon", "attacker_id"),
                 lead=_said("and_the_targets")),
         anywhere=(
             flag("options.charge", w("charge", "carga|cargar"), _said("a_charge")),
             flag("options.all_out", w("all-out|all-out-attack", "ataque-total|total"), _said("all_out")),
             flag("options.engaged", w("engaged", "trabado|enzarzado"), _said("engaged_in_melee")),
             flag("options.aim", w("aim", "apuntar|apuntando"), _said("aiming")),
             distance("options.distance", w("distance|range", "distancia")),
             Option(field="options.called_shot", what=_said("a_called_shot"),
                    key=w("called", "zona|apuntado"), codec=CalledShotCodec()),
             flag("options.salvo", w("salvo", "salvas|salva"), _said("a_salvo")),
             number_option("options.reloads_for_targets", _said("reloads_for_extra_targets"),
                           w("reloads", "recargas")),
             number_option("troop_members", _said("troop_members_attacking"),
                           w("members", "miembros")),
             _bonus(), _dn_penalties(), _glory(),
         )),
    form(g.InteractionAttack, w("interact|interaction", "interacción|interactuar|ataque-de-interacción"),
         Segment(me("attacker_id", _ME_ATTACKER)),
         Segment(character("target_id", THE_TARGET), lead=_said("and_the_target")),
         anywhere=(choice("skill", INTERACTION_SKILLS, _said("an_interaction_skill"),
                          default=REQUIRED),
                   choice("attribute", ATTRIBUTES, _said("an_attribute")), _opposed_skill(),
                   _bonus(), _dn_penalties(), _glory())),
    form(g.RerollFailedDice, w("reroll", "repetir|volver-a-tirar"), me("_who"), _open_test(), _payment("pay_with")),
    form(g.AddGloryDice, w("glory-dice|add-glory", "dados-de-gloria|dados-gloria|añadir-gloria"), me("_who"),
         count("count", _said("how_many_glory_dice"), w("count|dice", "dados|cantidad")),
         _open_test()),
    form(g.ShiftIcons, w("shift", "canjear|canje"), me("_who"),
         choice("uses", SHIFT_USES, _said("what_each_shifted_icon_buys"), many=True),
         _open_test()),
    form(g.ResolveComplication, w("complication", "complicación"),
         character("_who", default="none"), _open_test(("complication",)),
         choice("choice", {"complication": w("accept|complication|keep", "aceptar|complicación"),
                           "ruin": w("ruin", "ruina")}, _said("accept_or_ruin"), default=REQUIRED),
         Text(field="note", what=_said("a_note_in_quotes"), default="", quoted_only=True,
              key=w("note", "nota"))),
    form(g.ResolveAttack, w("resolve|deal|hit", "resolver|aplicar|impactar"),
         Segment(me("_who", _ME_ATTACKER)),
         Segment(character("target_id", THE_TARGET), lead=_said("and_the_target")),
         anywhere=(_open_test(("resolvable",)),
                   number_option("shifts", _said("icons_shifted_to_damage"),
                                 w("shifts", "canjes")),
                   number_option("glory_damage", _said("glory_spent_on_damage"),
                                 w("glory", "gloria")),
                   choice("effect", {"dn": w("dn", "nd"), "defence": w("defence|defense", "defensa")},
                          _said("the_interaction_s_effect"), key=w("effect", "efecto"),
                          bare=False))),
    form(g.Soak, w("soak", "ignorar-heridas|aguantar"), me("character_id"),
         flag("personal_ruin", w("personal-ruin", "ruina-personal"), _said("personal_ruin")),
         _payment("reroll", w("reroll", "repetir"))),
    form(g.TakeWounds, w("take-wounds|wounds", "recibir-heridas|sufrir-heridas|heridas"), me("character_id")),
    form(g.RollDeathTest, w("death-test|death", "prueba-de-muerte|tirada-de-muerte|prueba-muerte|muerte"),
         me("character_id"),
         flag("spend_wrath", w("wrath", "ira"), _said("1_wrath_for_1"))),
    form(g.RecoverShock, w("recover-shock|recover", "recuperar-shock|recuperar-choque|recuperar"), me("character_id"),
         flag("personal_ruin", w("personal-ruin", "ruina-personal"), _said("personal_ruin"))),
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
         character("personal_of", _said("whose_personal_ruin"), default="none",
                   key=w("of|personal-of", "de|personal-de"), positional=False),
         reason(default="")),
    form(ge.StartEncounter, w("start-encounter|encounter|combat|fight", "iniciar-combate|combate|encuentro"),
         new_id("encounter_id", _said("the_encounter_s_id"), "required", positional=True),
         characters("participants", _said("the_participants"), key=w("with", "con")),
         choice("ambush", {"players": w("players", "jugadores"), "gm": w("gm", "dj")},
                _said("who_ambushes"), key=w("ambush", "emboscada"), bare=False)),
    form(ge.JoinEncounter, w("join|reinforce", "unirse|refuerzo|reforzar"),
         character("character_id", _said("the_reinforcement")),
         flag("next_round", w("next-round", "siguiente-asalto"),
              _said("from_the_next_round"))),
    form(g.RegroupTroops, w("regroup", "reagrupar|reagruparse"),
         Segment(characters("joining", _said("the_troops_that_join"), minimum=1)),
         Segment(character("troop_id", _said("the_troop_they_join")),
                 lead=_said("and_the_troop_they_join"))),
    form(ge.EndEncounter, w("end-encounter|end-combat", "fin-combate|terminar-combate|fin-del-combate|fin-de-combate")),
    form(ge.SeizeInitiative, w("seize|seize-initiative", "aprovechar|aprovechar-iniciativa"), me("character_id")),
    form(ge.Interrupt, w("interrupt", "interrumpir"), character("character_id")),
    form(ge.MakeAware, w("aware|make-aware", "consciente|hacer-consciente"), me("character_id")),
    form(ge.ContestInitiative, w("contest|contest-initiative", "disputar|disputar-iniciativa"),
         Segment(me("character_id")),
         Segment(character("npc_id", _said("the_npc_after")),
                 lead=_said("and_the_npc"))),
    form(ge.Prepare, w("prepare", "prepararse|preparar"), me("character_id")),
    form(ge.Move, w("move", "mover|moverse"), me("character_id"),
         choice("mode", MOVE_MODES, _said("how_it_moves")),
         distance("metres", w("metres|meters", "metros")),
         flag("agility_test", w("agility|agility-test", "agilidad|prueba-de-agilidad"),
              _said("an_agility_test_for_full_speed")),
         _payment("reroll", w("reroll", "repetir"))),
    form(ge.TotalDefence, w("total-defence|total-defense", "defensa-total"), me("character_id"),
         distance("metres", w("metres|meters", "metros")), _bonus(), _glory()),
    form(ge.TakeAction, w("action|act", "acción|actuar"), me("character_id"),
         choice("kind", ACTION_KINDS, _said("the_kind_of_action"), default=REQUIRED),
         flag("personal_ruin", w("personal-ruin", "ruina-personal"), _said("personal_ruin")),
         text("name", _said("the_action_s_name"), rest=True)),
    form(ge.Override, w("override|ruling", "corregir|dictamen"), character("character_id"), reason(),
         number_option("wounds", _said("wounds"), w("wounds", "heridas")),
         number_option("shock", _said("shock"), w("shock", "shock|choque")),
         number_option("death_failures", _said("death_test_failures"),
                       w("failures|death-failures", "fallos")),
         number_option("members_left", _said("troop_members_left"), w("members", "miembros")),
         choice("add_conditions", CONDITIONS, _said("a_condition"), key=w("add", "añadir"), bare=False,
                many=True),
         choice("remove_conditions", CONDITIONS, _said("a_condition"), key=w("remove", "quitar"),
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

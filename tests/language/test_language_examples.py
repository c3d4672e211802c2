"""The command language as a forum table uses it: the issue's examples, posts, names, errors (en and es)."""

from __future__ import annotations

import msgspec

from domain.characters import CreateCharacter
from domain.d100 import commands as d
from domain.d100.modifiers import Modifier
from domain.grammars import grammar_for
from domain.language import LineError, ParseContext, ParsedCommand, extract_lines
from domain.wrath_and_glory import commands as g
from domain.wrath_and_glory.modifiers import Modifier as WngModifier

from . import table

D100_GRAMMAR = grammar_for("deathwatch")
WNG_GRAMMAR = grammar_for("wrath_and_glory")


def command(line: str, context: ParseContext = table.ANA, grammar=D100_GRAMMAR, directory=table.D100) -> object:  # type: ignore[no-untyped-def]
    parsed = grammar.parse_line(line, directory, context)
    assert isinstance(parsed, ParsedCommand), parsed
    return parsed.command


def error(line: str, context: ParseContext = table.ANA, grammar=D100_GRAMMAR, directory=table.D100) -> LineError:  # type: ignore[no-untyped-def]
    parsed = grammar.parse_line(line, directory, context)
    assert isinstance(parsed, LineError), parsed
    return parsed


# The examples.

def test_language_attack_with_target_arrow_fire_mode_and_named_modifier() -> None:
    assert command("!attack kai -> cultists bolter semi aim +10") == d.Attack(
        attack_id="p1-1", attacker_id="kai", target_id="cultists", weapon_id="bolter", action="semi_auto",
        modifiers=(Modifier("aim", 10),))


def test_language_spanish_test_of_a_characteristic_for_my_character() -> None:
    assert command("!prueba Per -10") == d.RollTest(
        test_id="p1-1", character_id="kai", characteristic="Per", modifiers=(Modifier("modifier", -10),))


def test_language_dodge_alone_is_the_pending_attack_on_my_character() -> None:
    assert command("!esquivar") == d.React(attack_id="a7", reaction="dodge")


def test_language_roll_dice_with_a_reason() -> None:
    from domain.campaign.commands import Roll

    assert command("!roll 2d10+3 bolter") == Roll(expression="2d10+3", reason="bolter")
    assert command("!tirada 2d10 + 3 fuego de bólter") == Roll(expression="2d10+3", reason="fuego de bólter")


# Posts: blocks, bang lines, quotes.

def test_language_post_lines_come_from_lx_blocks_and_bang_lines_but_not_quotes() -> None:
    post = (
        "Kai levels his bolter.\n"
        "!attack -> cultists bolter semi\n"
        "[quote=Boris]!dodge[/quote]\n"
        "> !parry\n"
        "[LX]\n"
        "roll d100 fear\n"
        "!aim half[/lx] and then [lx]!reload bolter[/Lx]\n"
        "[quote]\n!test Per\n[/quote]\n"
        "The end! !not a command"
    )
    assert [(line.number, line.text) for line in extract_lines(post)] == [
        (2, "attack -> cultists bolter semi"), (6, "roll d100 fear"), (7, "aim half"), (7, "reload bolter"),
    ]


def test_language_a_bolded_or_coloured_command_line_is_still_a_command_line() -> None:
    # docs/commands.md: inline formatting wrapped around a `!` line is the forum's; [code] and [spoiler] are not.
    post = ("[b]!attack -> cultists bolter semi[/b]\n"
            "[color=red][i]!esquivar[/i][/color]\n"
            "**!dodge**\n"
            "[code]!test Per[/code]\n"
            "[spoiler]!test Ag[/spoiler]\n"
            "[b]Kai[/b] fires!")
    assert [(line.number, line.text) for line in extract_lines(post)] == [
        (1, "attack -> cultists bolter semi"), (2, "esquivar"), (3, "dodge"),
    ]


def test_language_two_blocks_on_one_post_line_make_two_ids() -> None:
    # docs/commands.md: ids are `<post>-<line>`, and a second command on the same post line adds `b`.
    parsed = D100_GRAMMAR.parse_post("[lx]test Per[/lx] [lx]test Ag[/lx] [lx]test WP[/lx]", table.D100,
                                     ParseContext(author="ana", id_prefix="p9"))
    assert [c.command.test_id for c in parsed.commands] == ["p9-1", "p9-1b", "p9-1c"]


def test_language_post_runs_in_order_and_later_lines_name_what_earlier_ones_created() -> None:
    post = ('!register "Sister Vex" #vex owner=carla sheet={"characteristics": {"WS": 40}, '
            '"weapons": [{"id": "sword", "name": "Power sword", "weapon_class": "melee", "damage": "1d10+5"}]}\n'
            "!encounter e2 kai vex cultists\n"
            "!attack vex -> cultists power\n"
            "!damage vex")
    parsed = D100_GRAMMAR.parse_post(post, table.D100, table.GM)
    assert parsed.ok and parsed.lang == "en"
    register, encounter, attack, damage = (line.command for line in parsed.commands)
    assert isinstance(register, CreateCharacter) and (register.character_id, register.owner) == ("vex", "carla")
    assert encounter == d.StartEncounter(encounter_id="e2", participants=("kai", "vex", "cultists"))
    assert isinstance(attack, d.Attack) and attack.attacker_id == "vex" and attack.attack_id == "p2-3"
    assert attack.weapon_id == "sword"  # learnt from the sheet of the line that created Vex
    assert damage == d.RollDamage(attack_id="p2-3")


def test_language_errors_name_the_post_line_and_speak_the_posts_language() -> None:
    post = "Kai dispara.\n!ataque -> cultists bolter semi\n\n!esquivr"
    parsed = D100_GRAMMAR.parse_post(post, table.D100, table.ANA)
    assert parsed.lang == "es" and not parsed.ok
    (wrong,) = parsed.errors
    assert (wrong.line, wrong.code, wrong.word, wrong.suggestions) == (4, "unknown_command", "esquivr", ("esquivar",))
    assert wrong.message == "`esquivr` no es una orden; ¿quisiste decir `esquivar`?"


def test_language_the_context_language_wins_over_the_words() -> None:
    parsed = D100_GRAMMAR.parse_post("!atack", table.D100, ParseContext(author="ana", lang="es"))
    assert parsed.errors[0].message == "`atack` no es una orden; ¿quisiste decir `ataca`?"


# Did you mean …?

def test_language_did_you_mean_a_command_in_english_and_spanish() -> None:
    assert error("!atack -> cultists bolter").message == "`atack` is not a command; did you mean `attack`?"
    assert error("!atacr -> cultists bolter").message == "`atacr` no es una orden; ¿quisiste decir `atacar`?"


def test_language_did_you_mean_a_keyword_says_what_was_expected() -> None:
    wrong = error("!attack -> cultists bolter semmi")
    assert (wrong.code, wrong.suggestions) == ("unknown_word", ("semi",))
    assert wrong.message == "`semmi` is one word too many: nothing more was expected; did you mean `semi`?"
    assert error("!ataque -> cultists bolter oscuridat").message == (
        "sobra `oscuridat`: no se esperaba nada más; ¿quisiste decir `oscuridad`?")


def test_language_did_you_mean_a_name() -> None:
    assert error("!attack -> kia bolter").message == (
        "no character is called `kia` (the target (after ->)); did you mean `kai`?")
    assert error("!ataque -> cultists boltr").message == (
        "ningún arma se llama `boltr` (un arma del personaje); ¿quisiste decir `bolter`?")


def test_language_an_unknown_option_lists_the_options() -> None:
    wrong = error("!attack -> cultists bolter distanse=12")
    assert wrong.suggestions == ("distance=",) and wrong.word == "distanse="


def test_language_a_missing_weapon_lists_the_characters_weapons() -> None:
    assert error("!attack -> cultists").message == "missing a weapon of the character (one of: `bolter`, `knife`, `unarmed`)"


# Names: case, accents, prefixes, several words, ambiguity, me.

def test_language_words_and_names_ignore_case_and_accents() -> None:
    assert command("!ATAQUE kai -> CULTISTS BOLTER SEMI") == command("!ataque kai -> cultists bolter semi")
    assert command("!attack -> cultists bolter difficult-terrain") == command(
        "!attack -> cultists bolter DIFFICULT_TERRAIN")
    assert command("!prueba Dodge muy difícil").difficulty == "very_hard"  # type: ignore[attr-defined]
    assert command("!prueba Dodge MUY DIFICIL").difficulty == "very_hard"  # type: ignore[attr-defined]
    assert command("!attack -> Ístér bolter").target_id == "ister"  # type: ignore[attr-defined]


def test_language_unique_prefixes_of_commands_words_and_names() -> None:
    assert command("!att -> culti bolt sem") == command("!attack -> cultists bolter semi")
    assert command("!attack -> cult bolter").target_id == "magus"  # a whole word of a name beats a prefix
    assert command("!attack -> Cult Magus combat knife") == command("!attack -> magus knife")


def test_language_an_ambiguous_name_lists_what_it_could_be() -> None:
    wrong = error("!attack -> brother bolter")
    assert wrong.code == "ambiguous"
    assert wrong.message == ("`brother` could be Brother Kai (kai) or Brother Ister (ister): "
                             "write more of it (the target (after ->))")
    assert error("!re").code == "ambiguous"


def test_language_me_and_yo_are_the_authors_character() -> None:
    assert command("!test me Per").character_id == "kai"  # type: ignore[attr-defined]
    assert command("!prueba yo Per").character_id == "kai"  # type: ignore[attr-defined]
    wrong = error("!test Per", table.GM)
    assert wrong.code == "no_character"
    assert wrong.message == "`me` is your character, but you have none here: name the character"
    assert error("!prueba Per", table.GM).message == (
        "`yo` es tu personaje, pero no tienes ninguno aquí: nombra al personaje")
    assert command("!test cultists WP", table.GM).character_id == "cultists"  # type: ignore[attr-defined]


def test_language_modifiers_are_named_or_not() -> None:
    attack = command('!attack -> cultists bolter "long range"-10 aim+10 cover -5 +3')
    assert attack.modifiers == (  # type: ignore[attr-defined]
        Modifier("long range", -10), Modifier("aim", 10), Modifier("cover", -5), Modifier("modifier", 3))


# Wrath & Glory.

def wng(line: str, context: ParseContext = table.ANA) -> object:
    return command(line, context, WNG_GRAMMAR, table.WNG)


def test_language_wng_test_with_bonus_dice_and_dn() -> None:
    assert wng("!prueba persuasión +1 nd=4 \"long range\"+2nd") == g.RollTest(
        character_id="sigma", skill="persuasion", bonus_dice=(WngModifier("modifier", 1),), dn=4,
        dn_penalties=(WngModifier("long range", 2),))


def test_language_wng_attack_names_a_weapon_of_several_words() -> None:
    attack = wng("!attack -> orks bolt pistol aim 10m")
    assert isinstance(attack, g.Attack)
    assert (attack.weapon, attack.targets, attack.options.aim, attack.options.distance) == (
        "Bolt Pistol", ("orks",), True, 10.0)


def test_language_wng_rerolls_and_complications_find_their_open_test() -> None:
    assert wng("!repetir") == g.RerollFailedDice(test_id="t3")
    assert wng("!reroll ruina personal") == g.RerollFailedDice(test_id="t3", pay_with="personal_ruin")
    assert wng("!complication ruin", table.GM) == g.ResolveComplication(test_id="t4", choice="ruin")
    assert wng("!canjear daño daño gloria") == g.ShiftIcons(test_id="t3", uses=("damage", "damage", "glory"))


def test_language_a_word_given_twice_or_a_bad_value_is_an_error() -> None:
    assert error("!attack -> cultists bolter semi suppressing").message == (
        "`suppressing` is one too many: the line already gives an attack action")
    assert command("!attack -> cultists bolter semi auto").action == "semi_auto"  # type: ignore[attr-defined]
    assert error("!reward m1 kai xp=lots", table.GM).message == "`xp=lots` is not a whole number"
    assert error('!note "unclosed').code == "unclosed_quote"
    assert error('!register vex "Vex" sheet={"wounds": 3', table.GM).code == "bad_json"
    assert error("!encounter Not-A-Slug kai", table.GM).code == "unknown_word"


def test_language_me_with_several_characters_asks_which() -> None:
    from domain.language import CharacterEntry

    two = table.D100.with_character(CharacterEntry(id="kai2", name="Brother Kai the Younger", owner="ana"))
    wrong = error("!test Per", directory=two)
    assert wrong.code == "several_characters"
    assert wrong.message == ("`me` is your character, but you have several (Brother Kai (kai) or "
                             "Brother Kai the Younger (kai2)): name one")


def test_language_spanish_errors_agree_whatever_the_nouns_gender() -> None:
    # "ataque" is masculine, "acción" feminine: the Spanish sentences must read right for both.
    es = ParseContext(author="ana", lang="es")
    calm = msgspec.structs.replace(table.D100, pending=())
    assert error("!daño", es, directory=calm).message == "no hay ataque tuyo pendiente: indica su id como #id"
    assert error("!esquivar", es, directory=calm).message == "no hay ataque contra ti pendiente: indica su id como #id"
    assert error("!ataque -> cultists bolter semi apuntado", es).message == (
        "`apuntado` sobra: la línea ya da una acción de ataque")
    assert error("!ataque -> cultists", es).message.startswith("falta indicar un arma del personaje (opciones: `bolter`")
    assert error("!attack -> cultists", ParseContext(author="ana", lang="en")).message.startswith(
        "missing a weapon of the character (one of: `bolter`")


def test_language_end_of_the_fight_reads_as_turn_and_session_do() -> None:
    # `fin de turno` and `fin de sesión` are verbs (docs/commands.md); `fin de combate` was "ambiguous".
    es = ParseContext(author="gm", lang="es")
    assert isinstance(command("!fin de combate", es), d.EndEncounter)
    assert isinstance(command("!fin de combate", es, WNG_GRAMMAR, table.WNG), g.EndEncounter)


def test_language_secret_roll_and_its_reveal_in_both_languages() -> None:
    from domain.campaign.commands import RevealSecretRoll, Roll

    assert command("!roll secret 2d10 Awareness") == Roll(expression="2d10", reason="Awareness", secret=True)
    assert command("!tirada secreta d100 Percepción del servidor") == Roll(
        expression="d100", reason="Percepción del servidor", secret=True)
    # The word is a keyword wherever it stands (docs/commands.md): a reason that holds it is quoted.
    assert command('!roll 2d10 "secret door"') == Roll(expression="2d10", reason="secret door")
    assert command("!roll 2d10 door secret") == Roll(expression="2d10", reason="door", secret=True)
    assert command("!reveal 42") == RevealSecretRoll(seq=42)
    assert command("!revelar tirada=42") == RevealSecretRoll(seq=42)

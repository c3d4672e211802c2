"""The premade sheets: each decodes with its engine's own sheet type, carries the numbers the handouts give
(read here from the handouts' lines, tests/premades/seed_quotes.py), and is used by name by create_character,
its partial sheet merged over it; an unknown id is refused naming the ids that exist, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from domain.campaign.commands import CreateCharacter
from domain.campaign.events import ParticipantJoined
from domain.catalog import LANGS, has, text
from domain.d100.sheet import Sheet as D100Sheet
from domain.errors import UnknownEntity
from domain.grammars import grammar_for
from domain.language import CharacterEntry, Directory, ParseContext, ParticipantEntry
from domain.message import message
from domain.premades import PREMADES, Premade, for_ruleset, named
from domain.rulesets import ENGINES
from domain.wrath_and_glory.sheet import Sheet as WngSheet
from projections.recorded import EventMeta
from tests.support.campaign_table import CampaignTable

from .seed_quotes import PREREQUISITES, QUOTES, SPANISH_NUMBERS

SHEET_TYPES = {"d100": D100Sheet, "wrath_and_glory": WngSheet}


def _premade(premade_id: str) -> Premade:
    found = named(premade_id)
    assert found is not None, premade_id
    return found


def _quote(key: str) -> str:
    return QUOTES[key][2]


def _number(word: str) -> int:
    return int(word) if word.isdigit() else SPANISH_NUMBERS[word]


@pytest.mark.parametrize("premade", PREMADES, ids=[p.id for p in PREMADES])
def test_premade_sheet_decodes_with_its_engines_sheet(premade: Premade) -> None:
    for ruleset in premade.rulesets:
        sheet_type = SHEET_TYPES[ENGINES[ruleset].name]
        decoded = msgspec.convert(premade.sheet, sheet_type)
        # Decoding loses nothing: every key given is a field of the engine's sheet.
        assert set(premade.sheet) <= set(msgspec.structs.asdict(decoded)), premade.id


def test_premades_every_ruleset_has_its_band() -> None:
    kinds = {ruleset: [p.kind for p in for_ruleset(ruleset)] for ruleset in ENGINES}
    assert kinds["deathwatch"].count("pc") == 6 and {"horde", "elite"} <= set(kinds["deathwatch"])
    assert kinds["dark_heresy"].count("pc") == 4 and {"horde", "elite"} <= set(kinds["dark_heresy"])
    assert kinds["only_war"].count("pc") == 3 and "comrade" in kinds["only_war"]
    assert {"horde", "elite"} <= set(kinds["only_war"])
    assert kinds["wrath_and_glory"] == ["pc", "pc", "pc", "pc", "troop", "adversary"]


def test_premades_are_in_the_catalog_in_every_language() -> None:
    for premade in PREMADES:
        for part in ("id", "name", "summary", "source"):
            assert all(has(f"premade.{premade.id}.{part}", lang) for lang in LANGS), (premade.id, part)
        assert text(message(f"premade.{premade.id}.id"), "en") == premade.id
    spanish = [text(message(f"premade.{p.id}.id"), "es") for p in PREMADES]
    assert len(set(spanish)) == len(spanish)
    # A Spanish id never names another premade's English id.
    assert all(named(es) is p for es, p in zip(spanish, PREMADES, strict=True))


# --- the handouts' numbers -------------------------------------------------------------------------------

def test_premade_wng_heroes_carry_the_handouts_dice_pools() -> None:
    elena = re.search(r"persuasión \(un valor de (\d)\) .* total de (\w+) dados", _quote("elena"))
    assert elena is not None
    persuasion, pool = int(elena[1]), _number(elena[2])
    sheet = _premade("elena").sheet
    assert (sheet["skills"]["persuasion"], sheet["attributes"]["fellowship"]) == (persuasion, pool - persuasion)

    daniel = re.search(r"atletismo \(un valor de (\d)\), añadiendo su puntuación en agilidad para un total de "
                       r"(\w+) dados", _quote("daniel"))
    assert daniel is not None
    athletics, pool = int(daniel[1]), _number(daniel[2])
    sheet = _premade("daniel").sheet
    assert (sheet["skills"]["athletics"], sheet["attributes"]["agility"]) == (athletics, pool - athletics)

    james = re.search(r"total de (\w+) dados \((\d) de su puntuación en intelecto y (\d) de su puntuación en "
                      r"tecnología\)", _quote("james"))
    assert james is not None
    sheet = _premade("james").sheet
    assert (sheet["attributes"]["intellect"], sheet["skills"]["tech"]) == (int(james[2]), int(james[3]))
    assert int(james[2]) + int(james[3]) == _number(james[1])

    sigma = re.search(r"grupo de (\d+) dados \(su agilidad de (\d) y su habilidad balística de (\d)\)",
                      _quote("sigma_19"))
    assert sigma is not None
    sheet = _premade("sigma_19").sheet
    assert (sheet["attributes"]["agility"], sheet["skills"]["ballistic_skill"]) == (int(sigma[2]), int(sigma[3]))


def test_premade_wng_orks_and_laspistol_are_the_handouts() -> None:
    defence = re.search(r"defensa de la tropa de (\d)", _quote("sigma_19"))
    members = re.search(r"tropa furiosa de (\w+) orkos", _quote("ork_boyz"))
    assert defence is not None and members is not None
    orks = _premade("ork_boyz").sheet
    assert (orks["kind"], orks["defence"], orks["members"]) == ("troop", int(defence[1]), _number(members[1]))
    laspistol = re.search(r"pistola láser tiene un valor de daño de (\d+) \+ (\d+) ED", _quote("laspistol"))
    assert laspistol is not None
    carried = [w for w in _premade("elena").sheet["weapons"] if w["name"] == "laspistol"]
    assert [(w["damage"], w["ed"]) for w in carried] == [(int(laspistol[1]), int(laspistol[2]))]


def test_premade_xanthia_moves_as_the_handout_says() -> None:
    # RULES.md A4: half = AgB, full = 2×AgB, charge = 3×AgB, run = 6×AgB; the bonus is the tens digit (002).
    moves = re.search(r"como (\d+)/(\d+)/(\d+)/(\d+)", _quote("xanthia"))
    assert moves is not None
    half, full, charge, run = (int(m) for m in moves.groups())
    agility = _premade("xanthia").sheet["characteristics"]["Ag"]
    bonus = agility // 10
    assert (half, full, charge, run) == (bonus, 2 * bonus, 3 * bonus, 6 * bonus)


def test_premade_horde_and_range_are_the_handouts() -> None:
    magnitude = re.search(r"hordas de (\w+) orkos y que su magnitud sea igual a (\d+)", _quote("cultist_horde"))
    assert magnitude is not None
    horde = _premade("cultist_horde").sheet
    assert horde["magnitude"] == int(magnitude[2]) and horde["wounds"] == 0
    reach = re.search(r"alcance (\d+) m", _quote("range"))
    assert reach is not None
    ranges = {w["id"]: w.get("range_m", 0) for w in horde["weapons"]}
    assert ranges["stub_gun"] == int(reach[1])
    assert {w["id"]: w.get("range_m", 0) for w in _premade("comrade").sheet["weapons"]}["shotgun"] == int(reach[1])


def test_premade_kill_team_is_the_specialities_the_oaths_name() -> None:
    named_in_seed: set[str] = set()
    for _, line in PREREQUISITES:
        listed = line.split("Prerrequisito:")[1].rstrip(".")
        named_in_seed |= {part.strip() for part in re.split(r",| o ", listed)}
    team = [p for p in for_ruleset("deathwatch") if p.kind == "pc"]
    assert {text(message(f"premade.{p.id}.name"), "es") for p in team} == named_in_seed
    # The sheet's speciality is what the missions read for an oath's prerequisite (docs/missions.md).
    assert {p.sheet["speciality"] for p in team} == {
        "Tactical Marine", "Assault Marine", "Devastator Marine", "Librarian", "Apothecary", "Techmarine"}


def test_premade_sources_name_the_lines_their_numbers_come_from() -> None:
    for key, (seed, line, _) in QUOTES.items():
        premade = named(key)
        if premade is None:
            continue
        first, _, last = premade.source.lines.partition("-")
        assert premade.source.seed == seed and int(first) <= line <= int(last or first), key
    kill_team = _premade("tactical").source
    assert all(int(kill_team.lines.split("-")[0]) <= n <= int(kill_team.lines.split("-")[1])
               for n, _ in PREREQUISITES)


# --- used by name ----------------------------------------------------------------------------------------

def test_premade_create_character_takes_the_premades_sheet_with_overrides() -> None:
    table = CampaignTable("deathwatch")
    [created] = table.run(CreateCharacter(name="Hermano Kai", character_id="kai", premade="tactico",
                                          sheet={"wounds": 22, "characteristics": {"Fel": 40}}))
    assert created.rules is not None
    sheet = created.rules["sheet"]
    tactical = _premade("tactical").sheet
    assert sheet["wounds"] == 22
    assert sheet["characteristics"] == {**tactical["characteristics"], "Fel": 40}
    assert [w["id"] for w in sheet["weapons"]] == ["bolter", "combat_knife"]
    assert sheet["speciality"] == "Tactical Marine" and created.rules["comrade"] is False


def test_premade_comrade_is_a_comrade() -> None:
    table = CampaignTable("only_war")
    [created] = table.run(CreateCharacter(name="Trooper Vell", character_id="vell", premade="camarada"))
    assert created.rules is not None and created.rules["comrade"] is True


def test_premade_wng_sheet_takes_the_characters_name() -> None:
    table = CampaignTable("wrath_and_glory")
    table._append([ParticipantJoined(participant_id="ana", name="Ana", role="player")], EventMeta(actor="gm", role="gm"))
    [created] = table.run(CreateCharacter(name="Hermana Elena", character_id="elena", premade="elena", owner="ana"))
    assert created.rules is not None and created.rules["sheet"]["name"] == "Hermana Elena"
    [renamed] = table.run(CreateCharacter(name="Boss", character_id="boss", premade="kaudillo",
                                          sheet={"name": "Gorgutz", "personal_ruin": 2}))
    assert renamed.rules is not None
    assert (renamed.rules["sheet"]["name"], renamed.rules["sheet"]["personal_ruin"]) == ("Gorgutz", 2)


def test_premade_unknown_id_is_refused_naming_the_ids_that_exist() -> None:
    table = CampaignTable("deathwatch")
    with pytest.raises(UnknownEntity) as refused:
        table.run(CreateCharacter(name="Brother Kai", character_id="kai", premade="tactica"))
    assert str(refused.value) == (
        "no premade `tactica`: tactical, assault, devastator, librarian, apothecary, techmarine, cultist_horde, "
        "cult_champion")
    assert refused.value.said is not None
    assert text(refused.value.said, "es") == (
        "no hay ningún personaje predefinido «tactica»: tactico, asalto, devastador, bibliotecario, apotecario, "
        "tecnomarine, horda_sectaria, campeon_sectario")


def test_premade_of_another_ruleset_is_refused() -> None:
    table = CampaignTable("wrath_and_glory")
    with pytest.raises(UnknownEntity) as refused:
        table.run(CreateCharacter(name="Brother Kai", character_id="kai", premade="tactical"))
    assert str(refused.value) == "no premade `tactical`: elena, daniel, james, sigma_19, ork_boyz, ork_warboss"


def test_premades_docs_list_each_premade_with_its_source() -> None:
    # docs/rules-*.md "Premades": one row per premade, its ids in both languages and its source note.
    docs = Path(__file__).resolve().parents[2] / "docs"
    for doc, family in (("rules-d100.md", "d100"), ("rules-wrath-and-glory.md", "wrath_and_glory")):
        section = (docs / doc).read_text().split("## Premades\n")[1].split("\n## ")[0]
        rows = {m[1]: line for line in section.splitlines() if (m := re.match(r"\| `([a-z0-9_]+)` / `", line))}
        expected = [p for p in PREMADES if any(ENGINES[r].name == family for r in p.rulesets)]
        assert sorted(rows) == sorted(p.id for p in expected), doc
        for premade in expected:
            row = rows[premade.id]
            assert f"`{premade.id}` / `{text(message(f'premade.{premade.id}.id'), 'es')}`" in row
            assert text(message(f"premade.{premade.id}.source"), "en") in row, premade.id


def test_premade_weapons_are_known_to_the_posts_next_lines() -> None:
    # `!register … from=…` then an attack in the same post: the attack names a weapon of the premade's sheet.
    directory = Directory(participants=(ParticipantEntry(id="gm", name="GM"), ParticipantEntry(id="ana", name="Ana")),
                          characters=(CharacterEntry(id="horde", name="Red Hand"),))
    post = grammar_for("deathwatch").parse_post(
        '!register "Brother Kai" #kai owner=ana from=tactico\n!attack kai -> horde "Combat knife"', directory,
        ParseContext(author="gm"))
    assert post.errors == () and getattr(post.commands[-1].command, "weapon_id", None) == "combat_knife"
    post = grammar_for("wrath_and_glory").parse_post(
        '!registrar "Hermana Elena" #elena dueño=ana de=elena\n!ataque elena -> horde laspistol', directory,
        ParseContext(author="gm"))
    assert post.errors == () and getattr(post.commands[-1].command, "weapon", None) == "laspistol"

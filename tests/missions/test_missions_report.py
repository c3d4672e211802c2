"""The mission report: briefing, phase, leader, oath, objectives, complications, rewards and outcome,
as JSON, Markdown or BBCode, in English or Spanish."""

from __future__ import annotations

import json
from functools import reduce

import pytest

from domain.dice import Die
from domain.errors import UnknownEntity
from domain.events import Event
from domain.missions import CharacterInfo, MissionsState, initial_state
from domain.missions.events import (
    LeaderRoll,
    MissionComplicationRecorded,
    MissionCreated,
    MissionExecutionEnded,
    MissionExecutionStarted,
    MissionLeaderChosen,
    MissionOathTaken,
    MissionObjectiveAdded,
    MissionObjectiveChanged,
    MissionObjectiveCompleted,
    MissionObjectiveFailed,
    MissionObjectiveProposed,
    MissionObjectiveRejected,
    MissionRewardGranted,
)
from domain.missions.evolve import evolve
from projections.rendering.mission_report import Format, mission_report
from projections.rendering.mission_wording import Lang

CHARACTERS = {
    "kyros": CharacterInfo(id="kyros", name="Brother Kyros", owner="anna", speciality="tactical_marine"),
    "vael": CharacterInfo(id="vael", name="Brother Vael", owner="boris", speciality="devastator_marine"),
}
CREATED = MissionCreated(mission_id="relay", title="Silent Relay", briefing="Destroy the ork relay on Vorlese.",
                         squad=("kyros", "vael"))
RELAY = MissionObjectiveAdded(mission_id="relay", objective_id="relay", kind="primary", text="Destroy the relay")
SCOUTS = MissionObjectiveAdded(mission_id="relay", objective_id="scouts", kind="secondary", text="Kill the scouts")
LEADER = MissionLeaderChosen(mission_id="relay", character_id="kyros", method="roll", rolls=(
    LeaderRoll(round=1, character_id="kyros", die=Die(0, 10, 7)),
    LeaderRoll(round=1, character_id="vael", die=Die(1, 10, 7)),
    LeaderRoll(round=2, character_id="kyros", die=Die(2, 10, 9)),
    LeaderRoll(round=2, character_id="vael", die=Die(3, 10, 3)),
))
GLORY = MissionOathTaken(mission_id="relay", oath="glory", leader_id="kyros", leader_speciality="tactical_marine")
STARTED = MissionExecutionStarted(mission_id="relay")
LOG: list[Event] = [
    CREATED, RELAY, SCOUTS, LEADER, GLORY, STARTED,
    MissionObjectiveProposed(mission_id="relay", objective_id="cargo", kind="tertiary", text="Loot the cargo",
                             proposed_by="boris"),
    MissionObjectiveRejected(mission_id="relay", objective_id="cargo", reason="No time"),
    MissionObjectiveChanged(mission_id="relay", objective_id="scouts", old_text="Kill the scouts",
                            new_text="Capture a scout", old_kind="secondary", new_kind="secondary"),
    MissionComplicationRecorded(mission_id="relay", text="Ork reinforcements", cause="Wrath die 1", caused_by_seq=42),
    MissionObjectiveCompleted(mission_id="relay", objective_id="relay", involved=("kyros", "vael")),
    MissionObjectiveFailed(mission_id="relay", objective_id="scouts", involved=("vael",)),
    MissionExecutionEnded(mission_id="relay", outcome="success"),
    MissionRewardGranted(mission_id="relay", character_id="kyros", xp=400, renown=1, oath_renown=1,
                         reason="Led the assault"),
]


def given(*events: Event) -> MissionsState:
    return reduce(evolve, events, initial_state())


def report(fmt: Format, lang: Lang, *events: Event) -> str:
    return mission_report(given(*(events or LOG)), "relay", fmt, lang, CHARACTERS)


def test_report_markdown_in_english() -> None:
    text = report("markdown", "en")
    assert text.startswith("# Mission: Silent Relay\n")
    for line in [
        "- **Phase:** Rewards",
        "- **Squad leader:** Brother Kyros (by the highest 1d10; rolls: Brother Kyros 7, Brother Vael 7; "
        "re-roll: Brother Kyros 9, Brother Vael 3)",
        "- **Oath:** Oath of Glory: +1 renown for each primary or secondary objective completed, "
        "for each member involved",
        "- **Outcome:** Success",
        "## Briefing\n\nDestroy the ork relay on Vorlese.",
        "- **Primary objective:** Destroy the relay (*completed*; involved: Brother Kyros, Brother Vael)",
        "    - changed from 'Kill the scouts' to 'Capture a scout'",
        "- **Tertiary objective (target of opportunity):** Loot the cargo (*rejected*; proposed by boris)",
        "    - rejected by the GM: No time",
        "- Ork reinforcements (cause: Wrath die 1; roll #42)",
        "- Brother Kyros: 400 XP, 2 renown (including +1 from the Oath of Glory) — Led the assault",
        "## Renown from the Oath of Glory\n\n- Brother Kyros: +1\n- Brother Vael: +1",
    ]:
        assert line in text


def test_report_markdown_in_spanish() -> None:
    text = report("markdown", "es")
    assert text.startswith("# Misión: Silent Relay\n")
    for line in [
        "- **Fase:** Recompensas",
        "- **Líder de escuadra:** Brother Kyros (por la tirada más alta de 1d10; tiradas: Brother Kyros 7, "
        "Brother Vael 7; desempate: Brother Kyros 9, Brother Vael 3)",
        "- **Juramento:** Juramento de Gloria: +1 de Renombre por cada Objetivo Primario o Secundario cumplido, "
        "para cada miembro implicado",
        "- **Resultado:** Éxito",
        "## Sesión informativa",
        "- **Objetivo primario:** Destroy the relay (*cumplido*; implicados: Brother Kyros, Brother Vael)",
        "- **Objetivo secundario:** Capture a scout (*fallido*; implicados: Brother Vael)",
        "    - cambiado de «Kill the scouts» a «Capture a scout»",
        "- **Objetivo terciario (de oportunidad):** Loot the cargo (*rechazado*; propuesto por boris)",
        "## Complicaciones\n\n- Ork reinforcements (causa: Wrath die 1; tirada n.º 42)",
        "## Recompensas\n\n- Brother Kyros: 400 PX, 2 de Renombre (incluido +1 por el Juramento de Gloria)",
        "## Renombre por el Juramento de Gloria",
    ]:
        assert line in text


def test_report_bbcode_in_english() -> None:
    text = report("bbcode", "en")
    assert text.startswith("[b][u]Mission: Silent Relay[/u][/b]\n")
    assert "[*][b]Phase:[/b] Rewards" in text
    assert ("[*][b]Primary objective:[/b] Destroy the relay ([i]completed[/i]; involved: Brother Kyros, "
            "Brother Vael)\n[list]\n[*]added\n[*]completed by Brother Kyros, Brother Vael\n[/list]") in text
    assert text.count("[list]") == text.count("[/list]")
    assert "**" not in text


def test_report_bbcode_in_spanish() -> None:
    text = report("bbcode", "es")
    assert "[b][u]Objetivos[/u][/b]" in text
    assert "[b][u]Complicaciones[/u][/b]" in text
    assert "[*][b]Juramento:[/b] Juramento de Gloria" in text
    assert "[*]Brother Kyros: 400 PX, 2 de Renombre (incluido +1 por el Juramento de Gloria) — Led the assault" in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_report_json_carries_codes_and_labels(lang: Lang) -> None:
    data = json.loads(report("json", lang))
    assert (data["mission_id"], data["phase"], data["lang"]) == ("relay", "rewards", lang)
    assert data["leader"]["id"] == "kyros"
    assert [r["value"] for r in data["leader"]["rolls"]] == [7, 7, 9, 3]
    assert data["oath"]["oath"] == "glory"
    assert [(o["id"], o["kind"], o["status"]) for o in data["objectives"]] == [
        ("relay", "primary", "completed"), ("scouts", "secondary", "failed"), ("cargo", "tertiary", "rejected"),
    ]
    assert [p["id"] for p in data["objectives"][0]["involved"]] == ["kyros", "vael"]
    assert data["complications"] == [{"text": "Ork reinforcements", "cause": "Wrath die 1", "caused_by_seq": 42}]
    assert data["rewards"][0] | {"name": ""} == {"character_id": "kyros", "name": "", "xp": 400, "renown": 1,
                                                 "oath_renown": 1, "reason": "Led the assault"}
    assert {g["character_id"]: g["renown"] for g in data["glory_renown"]} == {"kyros": 1, "vael": 1}
    assert data["outcome"]["result"] == "success"
    labels = {"en": ("Primary objective", "Oath of Glory"), "es": ("Objetivo primario", "Juramento de Gloria")}
    assert (data["objectives"][0]["kind_label"], data["oath"]["name"]) == labels[lang]


@pytest.mark.parametrize(("lang", "reason"), [
    ("en", "Failure: primary objective 'Destroy the relay' was not completed"),
    ("es", "Fracaso: objetivo primario «Destroy the relay» no cumplido"),
])
def test_report_names_why_a_mission_failed(lang: Lang, reason: str) -> None:
    ended = MissionExecutionEnded(mission_id="relay", outcome="failure", unfinished_primaries=("relay",))
    text = report("markdown", lang, CREATED, RELAY, STARTED, ended)
    assert reason in text
    assert ("*not completed*" if lang == "en" else "*no cumplido*") in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("in progress", "not chosen yet", "*none*")),
    ("es", ("en curso", "sin elegir todavía", "*ninguno*")),
])
def test_report_during_preparation_shows_what_is_still_missing(lang: Lang, words: tuple[str, ...]) -> None:
    glory_without_leader = MissionOathTaken(mission_id="relay", oath="glory", leader_id="kyros",
                                            leader_speciality="tactical_marine")
    text = report("markdown", lang, CREATED, glory_without_leader)
    for word in words:
        assert word in text


def test_report_for_other_rulesets_has_no_leader_or_oath_lines() -> None:
    text = report("markdown", "en", MissionCreated(mission_id="relay", briefing="Hunt the heretic"), RELAY)
    assert "# Mission: relay" in text
    assert "Squad leader" not in text and "Oath" not in text
    assert "- **Primary objective:** Destroy the relay (*open*)" in text


def test_report_oath_of_knowledge_names_the_enemy_in_both_languages() -> None:
    leader = MissionLeaderChosen(mission_id="relay", character_id="ordo", method="gm")
    oath = MissionOathTaken(mission_id="relay", oath="knowledge", leader_id="ordo", leader_speciality="librarian",
                            enemy_type="Orks", warp_studies=("ordo",))
    english = report("markdown", "en", CREATED, leader, oath)
    spanish = report("markdown", "es", CREATED, leader, oath)
    assert "Oath of Knowledge: +10 to Weapon Skill and Ballistic Skill tests against Orks" in english
    assert "ordo studies the warp instead" in english
    assert "Juramento del Conocimiento: +10 a los Chequeos de Habilidad de Armas y de Habilidad de Proyectiles " \
           "contra Orks" in spanish
    assert "(ordo, por decisión del DJ)" not in spanish and "ordo (por decisión del DJ)" in spanish


def test_report_without_names_falls_back_to_ids() -> None:
    text = mission_report(given(*LOG), "relay", "markdown", "en")
    assert "involved: kyros, vael" in text


def test_report_refuses_an_unknown_mission() -> None:
    with pytest.raises(UnknownEntity):
        mission_report(given(), "relay", "json", "en")


def test_report_at_an_earlier_point_of_the_log() -> None:
    text = report("markdown", "en", *LOG[:6])
    assert "- **Phase:** Execution" in text
    assert "- **Primary objective:** Destroy the relay (*open*)" in text
    assert "Loot the cargo" not in text


def test_report_names_the_player_who_proposed_an_objective() -> None:
    # A proposal is a participant's (a player account), and the reader knows the player's name, not the id.
    people = {"boris": "Boris"}
    english = mission_report(given(*LOG), "relay", "markdown", "en", CHARACTERS, people)
    assert "- **Tertiary objective (target of opportunity):** Loot the cargo (*rejected*; proposed by Boris)" in english
    assert "    - proposed by Boris as tertiary\n" in english
    spanish = mission_report(given(*LOG), "relay", "bbcode", "es", CHARACTERS, people)
    assert "([i]rechazado[/i]; propuesto por Boris)" in spanish and "[*]propuesto por Boris como terciario\n" in spanish
    assert "boris" not in spanish
    data = json.loads(mission_report(given(*LOG), "relay", "json", "es", CHARACTERS, people))
    cargo = next(o for o in data["objectives"] if o["id"] == "cargo")
    assert (cargo["proposed_by"], cargo["proposed_by_name"]) == ("boris", "Boris")


def test_report_empty_sections_agree_in_gender_in_spanish() -> None:
    # Complicaciones and Recompensas are feminine: "ninguna"; English says "none" for all.
    spanish = report("markdown", "es", *LOG[:6])
    assert "## Complicaciones\n\n*ninguna*\n" in spanish and "## Recompensas\n\n*ninguna*\n" in spanish
    assert "## Renombre por el Juramento de Gloria\n\n*ninguno*\n" in spanish  # Renombre is masculine
    english = report("markdown", "en", *LOG[:6])
    assert "## Complications\n\n*none*\n" in english and "## Rewards\n\n*none*\n" in english

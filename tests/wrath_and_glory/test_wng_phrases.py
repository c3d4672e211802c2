"""The sentences a forum reader is told for the Wrath & Glory events of the rules' second pass (Total Defence, the
Agility test of a climb or swim, troops regrouping, a reinforcement), word for word in English and Spanish.
Given commands with fixed dice, the lines' numbers are worked by hand from RULES.md and seed 003 (icons: 4–5 → 1,
6 → 2; the last die of a pool is the Wrath die), not read back from the events."""

from __future__ import annotations

from domain.engine import Lang
from domain.events import Event
from domain.wrath_and_glory.commands import AddCharacter, RegroupTroops, StartTurn
from domain.wrath_and_glory.encounter_commands import JoinEncounter, Move, Override, StartEncounter, TotalDefence
from domain.wrath_and_glory.encounter_events import EncounterJoined, Moved, MovementTestRolled, TotalDefenceRolled
from domain.wrath_and_glory.events import DefenceEffectAdded
from domain.wrath_and_glory.phrases import PHRASES
from domain.wrath_and_glory.troop_events import TroopsRegrouped

from .scenario import ALICE, of, ork_troop, run, table, then

NAMES = {"h1": "Sigma 19", "h2": "Sister Adela", "orks": "Ork boyz", "orks2": "Bad Moons", "boss": "Warboss"}


def told(event: Event, lang: Lang) -> str | None:
    return PHRASES.sentence(event, NAMES.__getitem__, lang)


def test_phrases_total_defence_tells_its_roll_and_its_bonus_once() -> None:
    # Agility 6: six dice, [4][4][6][1][2] and the Wrath die 3: 1 + 1 + 2 = 4 icons, Defence +4; 3 m of half Speed 6.
    state = then(table(heroes=1, troop=False), StartEncounter(encounter_id="pit", participants=("h1", "boss")))
    state = then(state, StartTurn(character_id="h1"), [], ALICE)
    events = run(state, TotalDefence(character_id="h1", metres=3), [4, 4, 6, 1, 2, 3], ALICE)
    (rolled,) = of(events, TotalDefenceRolled)
    assert told(rolled, "en") == ("Sigma 19 goes into Total Defence, moving 3 m: agility 6d6 [4][4][6][1][2] ⚡[3] → 4 "
                                  "icons, Defence +4 until the next turn")
    assert told(rolled, "es") == ("Sigma 19 se pone en defensa total y se mueve 3 m: agilidad 6d6 [4][4][6][1][2] "
                                  "⚡[3] → 4 iconos, Defensa +4 hasta su siguiente turno")
    (bonus,) = of(events, DefenceEffectAdded)
    assert told(bonus, "en") == told(bonus, "es") == ""  # the roll's line told it


def test_phrases_a_climb_rerolled_with_wrath() -> None:
    # [4][4][1][1][1] and the Wrath die 2: 2 icons < DN 3; Wrath rerolls the four failed dice: 4, 1, 1, 1 →
    # [4][4][4][1][1], the Wrath die now 1: 3 icons, success (full Speed) and a complication.
    move = Move(character_id="h1", mode="climb", metres=5, agility_test=True, reroll="wrath")
    events = run(table(), move, [4, 4, 1, 1, 1, 2] + [4, 1, 1, 1], ALICE)
    (tested,) = of(events, MovementTestRolled)
    assert told(tested, "en") == (
        "Sigma 19 tries to climb at full Speed: agility 6d6 [4][4][1][1][1] ⚡[2], rerolled [4][4][4][1][1] ⚡[1] → 3 "
        "icons vs DN 3, success: full Speed; Wrath die 1: complication!")
    assert told(tested, "es") == (
        "Sigma 19 intenta escalar a velocidad completa: agilidad 6d6 [4][4][1][1][1] ⚡[2], repetida [4][4][4][1][1] "
        "⚡[1] → 3 iconos vs ND 3, éxito: velocidad completa; dado de la Ira 1: ¡complicación!")
    # A failed swim goes half Speed: 6 / 2 = 3 m.
    swim = run(table(), Move(character_id="h1", mode="swim", metres=3, agility_test=True), [4, 4, 1, 1, 1, 2], ALICE)
    (tested,) = of(swim, MovementTestRolled)
    assert told(tested, "es") == ("Sigma 19 intenta nadar a velocidad completa: agilidad 6d6 [4][4][1][1][1] ⚡[2] → 2 "
                                  "iconos vs ND 3, fallo: media velocidad")
    (moved,) = of(swim, Moved)
    assert told(moved, "es") == "Sigma 19 se mueve 3 m (nadar)"
    # Metres in Spanish take the decimal comma.
    (walked,) = of(run(table(), Move(character_id="h1", metres=2.5), [], ALICE), Moved)
    assert (told(walked, "en"), told(walked, "es")) == ("Sigma 19 moves 2.5 m (standard)",
                                                        "Sigma 19 se mueve 2,5 m (estándar)")


def test_phrases_troops_regroup_and_a_reinforcement_joins() -> None:
    # A lone ork survivor joins the six of the second troop: 6 → 7 members.
    state = then(table(), AddCharacter(character_id="orks2", sheet=ork_troop()))
    state = then(state, Override(character_id="orks", reason="shot to pieces", members_left=1,
                                 add_conditions=("dissolved",)))
    state = then(state, Override(character_id="orks2", reason="shot up", members_left=6))
    (regrouped,) = of(run(state, RegroupTroops(troop_id="orks2", joining=("orks",))), TroopsRegrouped)
    assert told(regrouped, "en") == "Ork boyz (1 member) regroup into Bad Moons: 6 → 7 members"
    assert told(regrouped, "es") == "Ork boyz (1 miembro) se reagrupan en Bad Moons: 6 → 7 miembros"
    # Everyone has acted in round 1 when the orks arrive: they act from round 2.
    fight = then(table(heroes=1), StartEncounter(encounter_id="mine", participants=("h1", "boss")))
    fight = then(fight, StartTurn(character_id="h1"), [], ALICE)
    fight = then(fight, StartTurn(character_id="boss"))
    (joined,) = of(run(fight, JoinEncounter(character_id="orks")), EncounterJoined)
    assert told(joined, "en") == "Ork boyz joins the fight in round 1 and acts from round 2"
    assert told(joined, "es") == "Ork boyz se une al combate en el asalto 1 y actúa desde el asalto 2"


def test_phrases_a_troops_combined_attack_names_its_bonus_in_spanish() -> None:
    # 003/RULES B: a troop attacking together rolls +1 die per member up to half the members, rounded up (3 → 2):
    # WS 3 + Initiative 3 + 2 = 8 dice, [5][5][1][1][6][2][3] and the Wrath die 3: 1 + 1 + 2 = 4 icons.
    from domain.wrath_and_glory.commands import Attack
    from domain.wrath_and_glory.events import TestRolled

    events = run(table(), Attack(attacker_id="orks", targets=("h1",), weapon="choppa", troop_members=3),
                 [5, 5, 1, 1, 6, 2, 3, 3])
    (rolled,) = of(events, TestRolled)
    assert told(rolled, "en").startswith("Ork boyz: weapon skill 8d6 (troop of 3 +2) [5][5][1][1][6][2][3] ⚡[3] → 4 "
                                         "icons")  # type: ignore[union-attr]
    assert told(rolled, "es").startswith("Ork boyz: habilidad de armas 8d6 (tropa de 3 +2) [5][5][1][1][6][2][3] ⚡[3] "
                                         "→ 4 iconos")  # type: ignore[union-attr]


def test_phrases_a_multiple_shots_penalty_counts_its_targets_in_both_languages() -> None:
    # Seed 003: each extra target of a multiple shot is +2 DN; the penalty is named by how many were added.
    from domain.wrath_and_glory.phrase_terms import term

    assert [term("1 extra targets", "en"), term("2 extra targets", "en")] == ["1 extra target", "2 extra targets"]
    assert [term("1 extra targets", "es"), term("2 extra targets", "es")] == ["1 objetivo de más", "2 objetivos de más"]


def test_phrases_the_action_a_test_or_a_move_spends_reads_in_both_languages() -> None:
    # The log tells a test's action by its facts ("name persuasion test"): the name reads as a reader says it.
    from domain.wrath_and_glory.phrase_terms import term

    assert term("ballistic_skill test", "en") == "ballistic skill test"
    assert term("persuasion test", "es") == "prueba de persuasión"
    assert term("run move", "es") == "movimiento (correr)"


def test_phrases_a_fear_test_rerolled_with_ruin_shows_the_dice_it_was_counted_on() -> None:
    # The warboss's Resolve 4: four dice [1][1][1] and the Wrath die 2, no icon against DN 5: failed. Ruin pays a
    # reroll of every die that is not an icon (all four): [4][5][6] and the Wrath die 2 → 1 + 1 + 2 = 4 icons,
    # still short of 5. The icons are counted on the rerolled pool, so the line shows it (docs/history.md).
    from domain.wrath_and_glory.encounter_commands import RollResistanceTest
    from domain.wrath_and_glory.ruling_events import ResistanceTestRolled

    events = run(table(), RollResistanceTest(character_id="boss", kind="fear", dn=5, reroll="ruin"),
                 [1, 1, 1, 2] + [4, 5, 6, 2])
    (rolled,) = of(events, ResistanceTestRolled)
    assert told(rolled, "en") == "Warboss: fear test 4d6 [1][1][1] ⚡[2], rerolled [4][5][6] ⚡[2] → 4 icons vs DN 5, failure"
    assert told(rolled, "es") == ("Warboss: prueba de miedo 4d6 [1][1][1] ⚡[2], repetida [4][5][6] ⚡[2] → 4 iconos vs "
                                  "ND 5, fallo")

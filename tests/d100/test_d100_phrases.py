"""The sentences a forum reader is told for the d100 events of the rules' second pass, On Fire, Stun, Pinning
and the manoeuvres, word for word in English and Spanish. Given commands with fixed dice, the expected lines'
numbers are worked by hand from RULES.md and seeds 000–002 (in the comments), not read back from the events."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    Attack,
    ComradeOrder,
    EndTurn,
    Extinguish,
    FearTest,
    Feat,
    FocusPower,
    GmRuling,
    JoinEncounter,
    KnockDown,
    Mount,
    NextTurn,
    PinningTest,
    React,
    RegisterCharacter,
    Ride,
    RollDamage,
    RollTest,
    StartEncounter,
    StopBloodLoss,
)
from domain.d100.phrases import PHRASES
from domain.d100.sheet import SkillEntry
from domain.engine import Lang
from domain.events import Event
from tests.d100.encounter_fixtures import ANNA, BORIS, GM, Table, cultist, horde, marine
from tests.d100.test_d100_mounted import in_combat, stable

NAMES = {"brother": "Brother Kai", "cultist": "Cultist", "medic": "Medic Ona", "rider": "Rough rider Vell",
         "steed": "Steed", "trooper": "Trooper Vask", "psyker": "Psyker Ilse", "mob": "Cultist horde",
         "heretic": "Heretic", "late": "Late heretic"}


def name(key: str) -> str:
    return NAMES[key]


def told(event: Event, lang: Lang, namer: Callable[[str], str] = name) -> str | None:
    return PHRASES.sentence(event, namer, lang)


def test_phrases_a_failed_try_to_put_out_the_flames() -> None:
    # 000: down on the ground, Ag −20; fatigued −10: Ag 30 − 30 = 0; roll 34 fails by ⌊34/10⌋ = 3 degrees.
    table = Table()
    table.register("cultist", "boris", cultist())
    table.run(GmRuling(character_id="cultist", reason="flamer", add_conditions=("on_fire",)))
    table.run(GmRuling(character_id="cultist", reason="tired", set_fatigue=1))
    (tried,) = table.run(Extinguish(test_id="x1", character_id="cultist"), [34], BORIS)
    assert told(tried, "en") == ("Cultist drops to the ground to put out the flames: 34 vs 0 (Ag 30, putting out the "
                                 "fire −20, fatigued −10), failure by 3 degrees; still on fire")
    assert told(tried, "es") == ("Cultist se tira al suelo para apagar las llamas: 34 vs 0 (Ag 30, apagar las llamas "
                                 "−20, fatigado −10), 3 grados de fracaso; sigue en llamas")


def test_phrases_stopping_blood_loss_under_stress() -> None:
    # 000: Medicae −30 under stress; Int 40 (trained) − 30 = 10; roll 25 fails by ⌊15/10⌋ = 1 degree.
    table = Table()
    table.register("medic", "anna", replace(cultist(), characteristics={**cultist().characteristics, "Int": 40},
                                            skills={"Medicae": SkillEntry(characteristic="Int", kind="advanced")}))
    table.register("cultist", "boris", cultist())
    table.run(GmRuling(character_id="cultist", reason="lost an arm", add_conditions=("blood_loss",)))
    (treated,) = table.run(StopBloodLoss(test_id="m1", character_id="medic", patient_id="cultist", under_stress=True),
                           [25], ANNA)
    assert told(treated, "en") == ("Medic Ona tries to stop Cultist's bleeding under stress: 25 vs 10 (Medicae 40, "
                                   "stopping blood loss under stress −30), failure by 1 degree; still bleeding")
    assert told(treated, "es") == ("Medic Ona intenta cortar la hemorragia de Cultist bajo estrés: 25 vs 10 (Medicina "
                                   "40, cortar la hemorragia bajo estrés −30), 1 grado de fracaso; sigue sangrando")


def test_phrases_fear_and_the_shock_table() -> None:
    # 001: WP 40, Fear (3) −20 = 20; roll 35 fails by 1 degree; the Shock table: d100 60 + 10 × 1 = 70.
    table = Table()
    table.register("brother", "anna", marine())
    (tested,) = table.run(FearTest(test_id="f1", character_id="brother", fear=3, source="a Lictor"), [35, 60], ANNA)
    assert told(tested, "en") == ("Brother Kai tests against Fear (3) from a Lictor: 35 vs 20 (WP 40, fear (3) −20), "
                                  "failure by 1 degree; Shock table: [60] + 10 = 70")
    assert told(tested, "es") == ("Brother Kai hace una prueba contra el Miedo (3) de a Lictor: 35 vs 20 (V 40, miedo "
                                  "(3) −20), 1 grado de fracaso; tabla de Shock: [60] + 10 = 70")


def test_phrases_a_running_leap_and_a_climb_that_falls() -> None:
    # 002: Ag 41 + 20 for 12 m of run-up = 61; roll 21: ⌊40/10⌋ = 4 degrees; SB 8 + 4 × ½ = 10 m long, a quarter
    # of it high: 2.5 m (2,5 m in Spanish).
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    leap = table.run(Feat(test_id="f1", character_id="brother", feat="running_leap", run_up_m=12), [21], ANNA)[-1]
    assert told(leap, "en") == ("Brother Kai makes a running leap: 21 vs 61 (Ag 41, run-up +20), success by 4 degrees; "
                                "10 m long, 2.5 m high")
    assert told(leap, "es") == ("Brother Kai hace un brinco en carrera: 21 vs 61 (Ag 41, carrerilla +20), 4 grados de "
                                "éxito; 10 m de largo, 2,5 m de alto")
    # S 30 (Climb untrained), roll 90 fails by 6 degrees, 6 m up: he falls, 1d10 (7) + 6 = 13 (armour no help).
    fell = table.run(Feat(test_id="f2", character_id="cultist", feat="climb", height_m=6), [90, 7], BORIS)[-1]
    assert told(fell, "en") == "Cultist climbs: 90 vs 30 (S 30), failure by 6 degrees; falls 6 m ([7] + 6 = 13)"
    assert told(fell, "es") == "Cultist trepa: 90 vs 30 (F 30), 6 grados de fracaso; cae 6 m ([7] + 6 = 13)"


def test_phrases_focus_power_on_a_horde() -> None:
    # 001: 1d10 (9) + psy rating 3 = 12 ≥ 5: it manifests; on a horde psy rating 3 + the area's 1d10 (2) = 5 hits.
    table = Table("only_war")
    table.register("psyker", "anna", replace(cultist(), psy_rating=3))
    table.register("mob", "gm-1", horde(magnitude=20))
    (focused,) = table.run(FocusPower(test_id="p1", character_id="psyker", power="Storm", dice=1, threshold=5,
                                      target_id="mob", area=True, damage="1d10+3"), [9, 2], ANNA)
    assert told(focused, "en") == ("Psyker Ilse focuses the power Storm: 1d10 [9] + psy rating 3 = 12 vs threshold 5, "
                                   "it manifests; 5 hits on Cultist horde (psy rating 3 + area [2]), damage 1d10+3 "
                                   "energy to roll")
    assert told(focused, "es") == ("Psyker Ilse concentra el poder Storm: 1d10 [9] + Factor Psíquico 3 = 12 vs umbral "
                                   "5, se manifiesta; 5 impactos a Cultist horde (Factor Psíquico 3 + área [2]), daño "
                                   "1d10+3 de energía por tirar")


def test_phrases_a_rider_thrown_mounting_and_an_evasive_trot() -> None:
    # 001: Survival 40 + 20 (calming the mount) = 60; roll 95 fails by 3 degrees > AgB 2: thrown, a fall of 3 m:
    # 1d10 (6) + 3 = 9.
    table = in_combat(stable(agility=20, mounted=False))
    thrown = table.run(Mount(test_id="m1", rider_id="rider", mount_id="steed"), [95, 6])[-1]
    assert told(thrown, "en") == ("Rough rider Vell tries to mount Steed: 95 vs 60 (Survival 40, calming the mount "
                                  "+20), failure by 3 degrees; thrown from the saddle, falls 3 m ([6] + 3 = 9)")
    assert told(thrown, "es") == ("Rough rider Vell intenta subir a lomos de Steed: 95 vs 60 (Supervivencia 40, calmar "
                                  "a la montura +20), 3 grados de fracaso; derribado de la silla, cae 3 m "
                                  "([6] + 3 = 9)")
    # Survival 40 − 20 + the mount's Agility 35 = 55; roll 25: 3 degrees → −5 × 3 = −15; the mount's full move 6 m.
    trot = in_combat(stable()).run(Ride(test_id="r1", rider_id="rider", manoeuvre="evasive"), [25])[-1]
    assert told(trot, "en") == (
        "Rough rider Vell rides Steed at an evasive trot: 25 vs 55 (Survival 40, evasive trot −20, the mount's Agility "
        "+35), success by 3 degrees; Steed moves 6 m, −15 to ranged attacks at rider and mount, and to the rider's "
        "shots, until the rider's next turn")
    assert told(trot, "es") == (
        "Rough rider Vell lleva a Steed al trote evasivo: 25 vs 55 (Supervivencia 40, trote evasivo −20, Agilidad de "
        "la montura +35), 3 grados de éxito; Steed se mueve 6 m, −15 a los ataques a distancia contra jinete y "
        "montura, y a los disparos del jinete, hasta su siguiente turno")


def test_phrases_a_burning_mount_sets_its_rider_alight() -> None:
    # 001 "En llamas": 1d10 (7) − TB 4 = 3 through; Ag 40 rolls 55: fails by 1, he catches fire; Survival
    # 40 − 30 = 10 rolls 05: success by 0 degrees, the mount is held.
    table = stable()
    table.run(GmRuling(character_id="steed", reason="promethium", add_conditions=("on_fire",)))
    table.run(StartEncounter(encounter_id="e1", participants=("rider", "cultist")), [9, 1])
    burning = table.run(NextTurn(), [7, 55, 5])[-1]
    assert isinstance(burning, ev.BurningMountTested)
    assert told(burning, "en") == (
        "Steed burns: [7] energy, 3 through TB, +1 fatigue; Rough rider Vell: 55 vs 40 (Ag 40), failure by 1 degree, "
        "catches fire; 5 vs 10 (Survival 40, controlling a burning mount −30), success by 0 degrees, keeps Steed under "
        "control")
    assert told(burning, "es") == (
        "Steed arde: [7] de energía, 3 tras la BR, +1 de fatiga; Rough rider Vell: 55 vs 40 (Ag 40), 1 grado de "
        "fracaso, se prende fuego; 5 vs 10 (Supervivencia 40, controlar una montura en llamas −30), 0 grados de éxito, "
        "mantiene a Steed bajo control")


def test_phrases_on_fire_stun_and_pinning() -> None:
    # 000: the burning Cultist's turn: 1d10 (1) − TB 3 → 0, +1 fatigue; WP 30 rolls 80: he runs screaming.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.run(GmRuling(character_id="cultist", reason="flamer", add_conditions=("on_fire",)))
    table.run(StartEncounter(encounter_id="e1", participants=("cultist", "brother")), [9, 1])
    burned = [e for e in table.run(NextTurn(), [1, 80]) if isinstance(e, ev.OnFireBurned)][0]
    assert told(burned, "en") == ("Cultist burns: [1] − TB 3 → 0 energy damage to the body, +1 fatigue; WP 80 vs 30, "
                                  "failed: runs about screaming (a Full Action)")
    assert told(burned, "es") == ("Cultist arde: [1] − BR 3 → 0 de daño de energía en el cuerpo, +1 de fatiga; V 80 vs "
                                  "30, fallada: da vueltas corriendo y gritando (acción completa)")
    # Stun: 1d10 (1) + SB 8 = 9 against 1d10 (5) + TB 3 + no head armour = 8: stunned 9 − 8 = 1 round.
    duel = Table()
    duel.register("brother", "anna", marine())
    duel.register("cultist", "boris", cultist())
    duel.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="sword", action="stun"),
             [5], ANNA)
    duel.run(React(attack_id="a1", reaction="none"), [], BORIS)
    (stun,) = duel.run(RollDamage(attack_id="a1"), [1, 5], ANNA)
    assert told(stun, "en") == ("Brother Kai stuns Cultist: [1] + SB 8 = 9 vs [5] + TB 3 = 8; stunned for 1 round, "
                                "+1 fatigue")
    assert told(stun, "es") == ("Brother Kai aturde a Cultist: [1] + BF 8 = 9 vs [5] + BR 3 = 8; aturdido 1 asalto, "
                                "+1 de fatiga")
    # Escaping Pinning no longer under fire: WP 30 + 30 = 60 (fatigue from the stun: −10 → 50); roll 40: 1 degree.
    duel.run(GmRuling(character_id="cultist", reason="pinned down", add_conditions=("pinned",)))
    (escape,) = duel.run(PinningTest(test_id="p1", character_id="cultist", reason="escape", under_fire=False), [40],
                         BORIS)
    assert told(escape, "en") == ("Cultist tries to shake off Pinning: 40 vs 50 (WP 30, no longer under fire +30, "
                                  "fatigued −10), success by 1 degree; no longer pinned")
    assert told(escape, "es") == ("Cultist intenta dejar de estar acobardado: 40 vs 50 (V 30, ya no está bajo fuego "
                                  "+30, fatigado −10), 1 grado de éxito; ya no está acobardado")


def test_phrases_a_knock_down_with_a_blow() -> None:
    # S 42 + 10 (moved first) = 52 rolls 05: 4 degrees + 2 (Unnatural S 4); the Cultist's S 30 rolls 60 and fails:
    # won by 6 ≥ 2, he is prone and takes a blow: the d10 (9) as 1d5 = 5.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    resolved = table.run(KnockDown(contest_id="k1", attacker_id="brother", target_id="cultist", moved=True),
                         [5, 60, 9], ANNA)[-1]
    assert told(resolved, "en") == "Brother Kai knocks Cultist down with a blow (1d5 [5])"
    assert told(resolved, "es") == "Brother Kai derriba a Cultist de un golpe (1d5 [5])"


def test_phrases_a_reinforcement_and_a_comrades_order() -> None:
    # Brother 9 + 4 = 13, Cultist 5 + 3 = 8, Heretic 1 + 3 = 4. In the Cultist's turn (2) the newcomer rolls
    # 10 + AgB 3 = 13: after Brother (tied, lower Ag), place 2, already passed: it acts from round 2.
    table = Table()
    for cid, owner, sheet in (("brother", "anna", marine()), ("cultist", "boris", cultist()),
                              ("heretic", "gm-1", cultist()), ("late", "gm-1", cultist())):
        table.register(cid, owner, sheet)
    table.run(StartEncounter(encounter_id="e1", participants=("brother", "cultist", "heretic")), [9, 5, 1])
    table.run(NextTurn())
    table.run(EndTurn(character_id="brother"), [], ANNA)
    (joined,) = table.run(JoinEncounter(character_id="late"), [10], GM)
    assert told(joined, "en") == ("Late heretic joins the fight: initiative 13 ([10]+3); acts from round 2, in the "
                                  "turn order Brother Kai, Late heretic, Cultist, Heretic")
    assert told(joined, "es") == ("Late heretic se une al combate: iniciativa 13 ([10]+3); actúa desde el asalto 2, en "
                                  "el orden de turnos Brother Kai, Late heretic, Cultist, Heretic")
    # Only War: Volley is a half action of the comrade's own, lasting until its character's next turn.
    platoon = Table("only_war")
    platoon.run(RegisterCharacter(character_id="trooper", owner="gm-1", name="Trooper", sheet=cultist(), comrade=True))
    (ordered,) = platoon.run(ComradeOrder(character_id="trooper", order="volley"))
    assert told(ordered, "en") == ("Trooper Vask orders the comrade: volley (half action, until Trooper Vask's next "
                                   "turn)")
    assert told(ordered, "es") == ("Trooper Vask ordena al camarada: salva (media acción, hasta el siguiente turno de "
                                   "Trooper Vask)")


def test_phrases_a_missed_unarmed_attack_is_a_miss_without_degrees() -> None:
    # The Cultist's fists against the armed Brother Kai: WS 30 − 20 (unarmed against an armed foe) = 10;
    # 78 > 10 misses. An attack records degrees of success only, so the line says "miss", not "0 degrees".
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    (rolled,) = table.run(Attack(attack_id="a1", attacker_id="cultist", target_id="brother", weapon_id="unarmed"),
                          [78], BORIS)
    assert told(rolled, "en") == ("Cultist attacks Brother Kai (unarmed): 78 vs 10 (WS 30, unarmed against an armed "
                                  "foe −20), miss")
    assert told(rolled, "es") == ("Cultist ataca a Brother Kai (desarmado): 78 vs 10 (HA 30, desarmado contra un rival "
                                  "armado −20), falla")


def test_phrases_a_horde_hit_shows_its_extra_dice() -> None:
    # 000/RULES A9: each hit a horde lands adds +1d10 per 10 magnitude, at most +2d10 (magnitude 20: two dice).
    # A club (1d10, primitive) in melee, which a horde's foe cannot dodge: roll 25 ≤ WS 30 hits; 25 reversed is
    # 52, the body. Damage [9] + SB 3 + horde [9]+[8] = 29; the body's 10 AP doubled by primitive = 20; TB 4 + 4
    # (unnatural) = 8: 29 − 20 − 8 = 1 wound. Every die is written out, so a reader can add them up.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("mob", "gm-1", horde(magnitude=20))
    table.run(Attack(attack_id="h1", attacker_id="mob", target_id="brother", weapon_id="club"), [25])
    (applied,) = table.run(RollDamage(attack_id="h1"), [9, 9, 8])
    assert told(applied, "en") == "Brother Kai takes 1 damage: body [9]+3 + horde [9]+[8] = 29 − 20 armour − 8 TB → 1"
    assert told(applied, "es") == ("Brother Kai recibe 1 de daño: cuerpo [9]+3 + horda [9]+[8] = 29 − 20 armadura − 8 BR "
                                   "→ 1")


def test_phrases_fate_spent_before_a_test_says_what_it_bought() -> None:
    # RULES A3: one Fate point gives +10 before rolling. Kai (Fate 3) spends one on a Perception test: 2 left.
    table = Table()
    table.register("brother", "anna", marine())
    spent, _ = table.run(RollTest(test_id="t1", character_id="brother", characteristic="Per", fate_bonus=True), [12],
                         ANNA)
    assert told(spent, "en") == "Brother Kai spends a Fate point: +10 before rolling; 2 Fate left"
    assert told(spent, "es") == "Brother Kai gasta un punto de Destino: +10 antes de tirar; le quedan 2 puntos de Destino"


def test_phrases_mounted_evasive_modifiers_read_in_spanish() -> None:
    # 001 (mounted combat): an evasive trot makes the rider harder to hit and his own shots worse.
    from domain.d100.phrase_terms import term

    assert term("evasive riding", "es") == "jinete en trote evasivo"
    assert term("shooting from an evasive trot", "es") == "disparo desde un trote evasivo"


def test_phrases_a_dodge_says_it_was_tried_then_how_it_went() -> None:
    # RULES A5: Dodge is a reaction, a Dodge test (Kai trained: Ag 41). An autogun shot at BS 30 rolls 20: a hit
    # (one, a standard attack). Kai rolls 62 > 41: fails by ⌊21/10⌋ = 2 degrees, the hit stays.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "gm-1", cultist())
    table.run(Attack(attack_id="c1", attacker_id="cultist", target_id="brother", weapon_id="autogun"), [20])
    (dodged,) = table.run(React(attack_id="c1", reaction="dodge"), [62], ANNA)
    assert told(dodged, "en") == "Brother Kai tries to dodge: 62 vs 41 (Dodge 41), failure by 2 degrees, 1 hit left"
    assert told(dodged, "es") == ("Brother Kai intenta esquivar: 62 vs 41 (Esquivar 41), 2 grados de fracaso, queda 1 "
                                  "impacto")


def test_phrases_a_damage_die_replaced_by_degrees_shows_the_die_rolled() -> None:
    # Issue 19's post dw-p1209: the proof shows the d10 as rolled, so the thread must too. Brother Kai (BS 50)
    # fires the bolter (1d10+9, pen 4): 05 ≤ 50, floor((50 − 5) / 10) = 4 degrees; 05 reversed is 50, the body.
    # The damage die shows 1; the 4 degrees replace it (RULES A7: "minimum on one die"): 4 + 9 = 13; the
    # cultist's body armour 2 − pen 4 = 0; TB 3: 13 − 0 − 3 = 10 wounds.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"), [5], ANNA)
    table.run(React(attack_id="a1", reaction="none"), [], BORIS)
    (applied,) = table.run(RollDamage(attack_id="a1"), [1], ANNA)
    assert told(applied, "en") == "Cultist takes 10 damage: body [1→4 degrees]+9 = 13 − 0 armour − 3 TB → 10"
    assert told(applied, "es") == "Cultist recibe 10 de daño: cuerpo [1→4 grados]+9 = 13 − 0 armadura − 3 BR → 10"


def test_phrases_a_damage_die_the_degrees_do_not_beat_stays_as_rolled() -> None:
    # 05 gives 4 degrees; a damage die of 7 is higher, so nothing replaces it: 7 + 9 = 16 − 0 − 3 = 13, three
    # past the cultist's 10 wounds: critical +3.
    table = Table()
    table.register("brother", "anna", marine())
    table.register("cultist", "boris", cultist())
    table.run(Attack(attack_id="a1", attacker_id="brother", target_id="cultist", weapon_id="bolter"), [5], ANNA)
    table.run(React(attack_id="a1", reaction="none"), [], BORIS)
    (applied,) = table.run(RollDamage(attack_id="a1"), [7], ANNA)
    assert told(applied, "en") == "Cultist takes 13 damage: body [7]+9 = 16 − 0 armour − 3 TB → 13, critical +3"


def test_phrases_a_flamer_on_a_horde_shows_its_d5_of_hits() -> None:
    # RULES A9: a flame weapon's hit on a horde is ceil(range / 4) + 1d5 hits. A 20 m flamer: 5 + the d5, whose d10
    # shows 7 (→ 4): 9 hits. BS 50, roll 25: floor((50 − 25) / 10) = 2 degrees. The d10 is shown as rolled.
    from domain.d100.sheet import Weapon

    flamer = Weapon(id="flamer", name="Flamer", weapon_class="basic", damage="1d10+4", qualities=("flame",),
                    single=True, range_m=20, clip=6)
    table = Table()
    table.register("brother", "anna", replace(marine(), weapons=(flamer,)))
    table.register("mob", "gm-1", horde(magnitude=20))
    (rolled,) = table.run(Attack(attack_id="f1", attacker_id="brother", target_id="mob", weapon_id="flamer"),
                          [25, 7], ANNA)
    names = {**NAMES, "brother/flamer": "Flamer"}
    assert told(rolled, "en", names.__getitem__) == ("Brother Kai attacks Cultist horde (Flamer): 25 vs 50 (BS 50), "
                                                     "success by 2 degrees, 9 hits (flame d5 [7→4])")
    assert told(rolled, "es", names.__getitem__) == ("Brother Kai ataca a Cultist horde (Flamer): 25 vs 50 (HP 50), "
                                                     "2 grados de éxito, 9 impactos (d5 de llama [7→4])")

"""Only War comrades' own budget and orders (RULES A10, seed 001): two half actions or one full of its own in its
character's turn, no reactions; in cohesion (≤ 5 m) the combat orders Volley (+5 BS; against a horde half the
character's hits more), Close Ranks (ganging up) and Take Cover (a hit must beat its armour by 3 to wound)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.d100 import events as ev
from domain.d100.commands import (
    Attack,
    ComradeOrder,
    EndTurn,
    GmRuling,
    NextTurn,
    React,
    RegisterCharacter,
    RollDamage,
    StartEncounter,
    TakeAction,
)
from domain.errors import RuleViolation
from domain.events import Event
from tests.d100.encounter_fixtures import AUTOGUN, CLUB, Table, cultist, horde


def platoon() -> Table:
    """An Only War trooper (BS 40, WS 40, AgB 3) with a comrade of armour 4; a cultist and a horde of 20."""
    table = Table("only_war")
    trooper = replace(cultist(), characteristics={**cultist().characteristics, "BS": 40, "WS": 40},
                      weapons=(AUTOGUN, CLUB), comrade_armour=4)
    table.run(RegisterCharacter(character_id="trooper", owner="gm-1", name="Trooper", sheet=trooper, comrade=True))
    table.register("cultist", "gm-1", replace(cultist(), weapons=(AUTOGUN, CLUB)))
    table.register("mob", "gm-1", horde(magnitude=20))
    # Initiative: the trooper 9 + 3, the cultist 1 + 3, the horde 1 + 3 (a roll-off of 2 against 1 for the horde).
    table.run(StartEncounter(encounter_id="e1", participants=("trooper", "cultist", "mob")), [9, 1, 1])
    table.run(NextTurn(), [1, 2])
    return table


def order(table: Table, name: str, distance_m: float | None = None) -> list[Event]:
    return table.run(ComradeOrder(character_id="trooper", order=name, distance_m=distance_m))  # type: ignore[arg-type]


def test_volley_is_plus_five_bs_and_costs_the_comrade_not_the_trooper() -> None:
    # BS 40, short range (30 m < 45 m) +10, Volley +5: 55. The trooper still has both his half actions.
    table = platoon()
    (ordered,) = order(table, "volley")
    assert isinstance(ordered, ev.ComradeOrdered) and ordered.cost == "half" and ordered.in_cohesion
    table.run(TakeAction(character_id="trooper", action="move"))
    shot = table.run(Attack(attack_id="a1", attacker_id="trooper", target_id="cultist", weapon_id="autogun",
                            distance_m=30), [90])[-1]
    assert isinstance(shot, ev.AttackRolled) and shot.target == 55
    assert ("volley", 5) in [(m.name, m.value) for m in shot.modifiers.modifiers]


def test_volley_against_a_horde_adds_half_the_characters_hits() -> None:
    # Semi-auto: BS 40 + 10 (semi) + 10 (short) + 5 (volley) = 65, roll 25: 4 degrees → 1 + 2 = 3 hits (RoF 3),
    # + 3 // 2 = 1 from the comrade (RULES A9): 4 hits.
    table = platoon()
    order(table, "volley")
    shot = table.run(Attack(attack_id="a1", attacker_id="trooper", target_id="mob", weapon_id="autogun",
                            action="semi_auto", distance_m=30), [25])[-1]
    assert isinstance(shot, ev.AttackRolled) and shot.target == 65 and shot.hits == 4 and shot.comrades_volley


def test_close_ranks_is_ganging_up_in_melee_but_not_against_a_horde() -> None:
    # WS 40 + 10 (ganging up 2 to 1) = 50 with the club; against the horde no bonus (RULES A6).
    table = platoon()
    order(table, "close_ranks")
    blow = table.run(Attack(attack_id="a1", attacker_id="trooper", target_id="cultist", weapon_id="club"),
                     [90])[-1]
    assert isinstance(blow, ev.AttackRolled) and blow.target == 50
    table.run(EndTurn(character_id="trooper"))
    table.run(EndTurn(character_id="mob"))
    table.run(EndTurn(character_id="cultist"))  # round 2: the trooper's turn; Close Ranks has ended
    assert table.char("trooper").comrade_orders == ()


def test_the_comrades_budget_is_two_halves_or_one_full() -> None:
    table = platoon()
    order(table, "volley")
    with pytest.raises(RuleViolation) as same:
        order(table, "volley")
    assert same.value.rule == "same_half_action" and same.value.message.startswith("Trooper's comrade already")
    with pytest.raises(RuleViolation) as full:
        order(table, "take_cover")
    assert full.value.rule == "full_action_needs_turn"
    order(table, "keep_cohesion")
    with pytest.raises(RuleViolation) as spent:
        order(table, "move")
    assert spent.value.rule == "turn_spent"


def test_out_of_cohesion_only_movement_orders_and_only_in_its_characters_turn() -> None:
    table = platoon()
    with pytest.raises(RuleViolation) as far:
        order(table, "volley", distance_m=8)
    assert far.value.rule == "comrade_cohesion"
    (moved,) = order(table, "move", distance_m=8)
    assert isinstance(moved, ev.ComradeOrdered) and not moved.in_cohesion
    table.run(EndTurn(character_id="trooper"))
    with pytest.raises(RuleViolation) as outside:
        order(table, "stand")
    assert outside.value.rule == "not_your_turn"


def test_a_wounded_comrade_cannot_run_and_a_casualty_does_nothing() -> None:
    table = platoon()
    table.state = replace(table.state, characters={
        **table.state.characters, "trooper": replace(table.char("trooper"), comrade="wounded")})
    with pytest.raises(RuleViolation) as hurt:
        order(table, "run")
    assert hurt.value.rule == "comrade_wounded"
    table.state = replace(table.state, characters={
        **table.state.characters, "trooper": replace(table.char("trooper"), comrade="casualty")})
    with pytest.raises(RuleViolation) as gone:
        order(table, "move")
    assert gone.value.rule == "comrade_casualty"


def test_take_cover_a_hit_on_the_comrade_must_beat_its_armour_by_three() -> None:
    # 001: under Take Cover a hit on the comrade rolls damage; unless it beats its armour (4) by 3+, no wound.
    table = platoon()
    order(table, "take_cover")
    table.run(EndTurn(character_id="trooper"))  # the horde's turn, then the cultist's
    table.run(EndTurn(character_id="mob"))
    # The cultist shoots (BS 30 + 10 short): 33 hits, a double, and the comrade is in cohesion: the comrade.
    shot = table.run(Attack(attack_id="a1", attacker_id="cultist", target_id="trooper", weapon_id="autogun",
                            distance_m=30, comrade_in_cohesion=True), [33])[-1]
    assert isinstance(shot, ev.AttackRolled) and shot.to_comrade
    table.run(React(attack_id="a1", reaction="none"))
    # Autogun 1d10 + 3: die 3 → 6, only 2 over armour 4: no wound.
    shrug = table.run(RollDamage(attack_id="a1"), [3])[0]
    assert isinstance(shrug, ev.DamageApplied) and shrug.comrade_after == "unharmed" and shrug.hits[0].total == 6
    # A second hit, die 5 → 8, 4 over: wounded.
    table.run(Attack(attack_id="a2", attacker_id="cultist", target_id="trooper", weapon_id="autogun",
                     distance_m=30, comrade_in_cohesion=True, use="free"), [22])
    table.run(React(attack_id="a2", reaction="none"))
    hit = table.run(RollDamage(attack_id="a2"), [5])[0]
    assert isinstance(hit, ev.DamageApplied) and hit.comrade_after == "wounded" and hit.hits[0].wounding == 4
    assert table.char("trooper").comrade == "wounded"


def test_without_take_cover_a_hit_on_the_comrade_wounds_it_at_once() -> None:
    table = platoon()
    table.run(EndTurn(character_id="trooper"))
    table.run(EndTurn(character_id="mob"))
    table.run(Attack(attack_id="a1", attacker_id="cultist", target_id="trooper", weapon_id="autogun", distance_m=30,
                     comrade_in_cohesion=True), [33])
    table.run(React(attack_id="a1", reaction="none"))
    hit = table.run(RollDamage(attack_id="a1"), [])[0]
    assert isinstance(hit, ev.DamageApplied) and hit.comrade_after == "wounded" and hit.dice == ()


def test_a_character_without_a_comrade_gives_no_orders() -> None:
    table = platoon()
    table.run(GmRuling(character_id="cultist", reason="x"))
    with pytest.raises(RuleViolation) as none:
        table.run(ComradeOrder(character_id="cultist", order="move"))
    assert none.value.rule == "no_comrade"

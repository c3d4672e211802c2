"""A command's told answer, byte for byte: the six strings of `result` (`rendered`, `rendered_markdown`,
`rendered_bbcode` in English and Spanish), `changed` and `rolls` (docs/api.md, "The `result` of an answer"),
written here by hand from the catalog's sentences and docs/history.md, "Escaping", so that a faster telling
(issue 23) can only be the same telling.

Pure layers only: each command goes through the service's write step (tests/support/campaign_table.py) and is
told as the edge tells it (`told_result`).
"""

from __future__ import annotations

import msgspec

from domain.campaign.commands import InviteParticipant, Roll, StartSession
from domain.commands import Actor, Command
from domain.d100.commands import Attack, NextTurn, React, RegisterCharacter, RollDamage, StartEncounter
from domain.dice import has_dice
from domain.events import all_event_classes
from domain.wrath_and_glory.commands import AddCharacter, ResolveAttack
from domain.wrath_and_glory.commands import Attack as WngAttack
from projections.permalinks import Links
from projections.rendering.told import may_roll, rolled
from projections.results import Result, told_result
from tests.d100.encounter_fixtures import cultist, marine
from tests.support.campaign_table import GM, CampaignTable
from tests.wrath_and_glory.scenario import hero, ork_troop

ZW = "\u200b"  # the zero-width space the escaper puts after `[`, `@`, `://`
RELATIVE = Links()
HOSTILE = "[/quote][url=javascript:alert(1)]x[/url] @everyone *x* _y_"


def told(table: CampaignTable, command: Command, faces: list[int], actor: Actor = GM,
         links: Links = RELATIVE) -> Result:
    before, first = table.state, len(table.records)
    table.run(command, faces, actor)
    return told_result(table.records[first:], before, table.state, links, "c-test")


def test_a_roll_with_a_hostile_reason_is_told_as_typed_and_escaped_for_each_markup() -> None:
    table = CampaignTable("deathwatch")
    table.run(StartSession())
    result = told(table, Roll(expression="2d10+3", reason=HOSTILE), [7, 6], links=Links("https://lex.example", "s1"))
    proof = "https://lex.example/ui/campaigns/c-test/rolls/7?share=s1"
    # Markdown: `[`, `]`, `*`, `_` backslash-escaped (the dice faces too), `@` broken by a zero-width space.
    md = rf"\[/quote\]\[url=javascript:alert(1)\]x\[/url\] @{ZW}everyone \*x\* \_y\_"
    # BBCode: every `[` before a letter or `/` broken (not before the digit of a face), `*` and `_` as typed.
    bb = f"[{ZW}/quote][{ZW}url=javascript:alert(1)]x[{ZW}/url] @{ZW}everyone *x* _y_"
    assert result["rendered"] == {
        "en": f"Roll 2d10+3 ({HOSTILE}): [7, 6] + 3 = 16\nproof: {proof}",
        "es": f"Tirada 2d10+3 ({HOSTILE}): [7, 6] + 3 = 16\ncomprobación: {proof}",
    }
    assert result["rendered_markdown"] == {
        "en": rf"Roll 2d10+3 ({md}): \[7, 6\] + 3 = 16 · [proof #7]({proof})",
        "es": rf"Tirada 2d10+3 ({md}): \[7, 6\] + 3 = 16 · [comprobación #7]({proof})",
    }
    assert result["rendered_bbcode"] == {
        "en": f"Roll 2d10+3 ({bb}): [7, 6] + 3 = 16 · [url={proof}]proof #7[/url]",
        "es": f"Tirada 2d10+3 ({bb}): [7, 6] + 3 = 16 · [url={proof}]comprobación #7[/url]",
    }
    assert (result["changed"], result["rolls"]) == ([], [{"seq": 7, "proof": proof}])


def test_a_d100_attack_and_its_damage_name_the_target_escaped_and_its_wounds() -> None:
    table = CampaignTable("deathwatch")
    table.run(InviteParticipant(name="Anna", role="player"))
    anna = Actor(next(p for p in table.state.participants if p != "gm"), "player")
    table.run(RegisterCharacter(character_id="brother", owner=anna.participant_id, name="Brother Kai", sheet=marine()))
    table.run(RegisterCharacter(character_id="heretic", owner="gm", name="Heretic [b]Vox[/b] _x_", sheet=cultist()))
    table.run(StartEncounter(encounter_id="ambush", participants=("brother", "heretic")), [9, 1])
    table.run(NextTurn(), [])
    attack = told(table, Attack(attack_id="a1", attacker_id="brother", target_id="heretic", weapon_id="bolter"),
                  [20], anna)
    name_md, name_bb = r"Heretic \[b\]Vox\[/b\] \_x\_", f"Heretic [{ZW}b]Vox[{ZW}/b] _x_"
    assert attack["rendered"] == {
        "en": "Brother Kai attacks Heretic [b]Vox[/b] _x_ (Bolter): 20 vs 50 (BS 50), success by 3 degrees, "
              "1 hit: head\nproof: /ui/campaigns/c-test/rolls/13",
        "es": "Brother Kai ataca a Heretic [b]Vox[/b] _x_ (Bolter): 20 vs 50 (HP 50), 3 grados de éxito, "
              "1 impacto: cabeza\ncomprobación: /ui/campaigns/c-test/rolls/13",
    }
    assert attack["rendered_markdown"]["en"] == (  # type: ignore[index]
        f"Brother Kai attacks {name_md} (Bolter): 20 vs 50 (BS 50), success by 3 degrees, 1 hit: head"
        " · [proof #13](/ui/campaigns/c-test/rolls/13)")
    assert attack["rendered_bbcode"]["es"] == (  # type: ignore[index]
        f"Brother Kai ataca a {name_bb} (Bolter): 20 vs 50 (HP 50), 3 grados de éxito, 1 impacto: cabeza"
        " · [url=/ui/campaigns/c-test/rolls/13]comprobación #13[/url]")
    assert (attack["hits"], attack["changed"]) == (1, [])
    table.run(React(attack_id="a1", reaction="none"))
    damage = told(table, RollDamage(attack_id="a1"), [4])
    en, es = "head [4]+9 = 13 − 0 armour − 3 TB → 10", "cabeza [4]+9 = 13 − 0 armadura − 3 BR → 10"
    assert damage["rendered"] == {
        "en": f"Heretic [b]Vox[/b] _x_ takes 10 damage: {en}\nHeretic [b]Vox[/b] _x_: 10 → 0 wounds\n"
              "proof: /ui/campaigns/c-test/rolls/15",
        "es": f"Heretic [b]Vox[/b] _x_ recibe 10 de daño: {es}\nHeretic [b]Vox[/b] _x_: 10 → 0 heridas\n"
              "comprobación: /ui/campaigns/c-test/rolls/15",
    }
    assert damage["rendered_markdown"] == {
        "en": rf"{name_md} takes 10 damage: head \[4\]+9 = 13 − 0 armour − 3 TB → 10 → *{name_md}: 10 → 0 wounds*"
              " · [proof #15](/ui/campaigns/c-test/rolls/15)",
        "es": rf"{name_md} recibe 10 de daño: cabeza \[4\]+9 = 13 − 0 armadura − 3 BR → 10"
              rf" → *{name_md}: 10 → 0 heridas* · [comprobación #15](/ui/campaigns/c-test/rolls/15)",
    }
    assert damage["rendered_bbcode"] == {
        "en": f"{name_bb} takes 10 damage: {en} → [i]{name_bb}: 10 → 0 wounds[/i]"
              " · [url=/ui/campaigns/c-test/rolls/15]proof #15[/url]",
        "es": f"{name_bb} recibe 10 de daño: {es} → [i]{name_bb}: 10 → 0 heridas[/i]"
              " · [url=/ui/campaigns/c-test/rolls/15]comprobación #15[/url]",
    }
    assert damage["damage"] == 10
    assert damage["changed"] == [{"character_id": "heretic", "name": "Heretic [b]Vox[/b] _x_",
                                  "before": {"wounds": 10}, "after": {"wounds": 0}}]
    assert damage["rolls"] == [{"seq": 15, "proof": "/ui/campaigns/c-test/rolls/15"}]


def test_a_wrath_and_glory_attack_tells_its_icons_glory_and_the_troop_it_cut_down() -> None:
    table = CampaignTable("wrath_and_glory")
    table.run(InviteParticipant(name="Alice", role="player"))
    alice = Actor(next(p for p in table.state.participants if p != "gm"), "player")
    table.run(AddCharacter(character_id="h1", owner=alice.participant_id, sheet=hero()))
    table.run(AddCharacter(character_id="orks", sheet=ork_troop()))
    table.run(StartSession())
    # 12 dice at Defence 3: three 4s and a Wrath die of 6 (an icon, and a Glory), eight 2s.
    attack = told(table, WngAttack(attacker_id="h1", targets=("orks",), weapon="boltgun"),
                  [4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 6], alice)
    faces_md = r"\[4\]\[4\]\[4\]" + r"\[2\]" * 8 + r" ⚡\[6\]"
    assert attack["rendered_markdown"] == {
        "en": rf"Sigma 19: ballistic skill 12d6 {faces_md} → 5 icons vs DN 3, success, 1 to shift; Wrath die 6; "
              "Sigma 19 attacks ork boyz with boltgun → *Glory 0 → 1* · [proof #11](/ui/campaigns/c-test/rolls/11)",
        "es": rf"Sigma 19: habilidad de balística 12d6 {faces_md} → 5 iconos vs ND 3, éxito, 1 para canjear; "
              "dado de la Ira 6; Sigma 19 ataca a ork boyz con boltgun → *Gloria 0 → 1*"
              " · [comprobación #11](/ui/campaigns/c-test/rolls/11)",
    }
    assert attack["rendered_bbcode"]["en"] == (  # type: ignore[index]
        "Sigma 19: ballistic skill 12d6 [4][4][4]" + "[2]" * 8 + " ⚡[6] → 5 icons vs DN 3, success, 1 to shift; "
        "Wrath die 6; Sigma 19 attacks ork boyz with boltgun → [i]Glory 0 → 1[/i]"
        " · [url=/ui/campaigns/c-test/rolls/11]proof #11[/url]")
    assert attack["icons"] == 5
    assert attack["changed"] == [{"character_id": None, "name": "", "before": {"glory": 0}, "after": {"glory": 1}}]
    damage = told(table, ResolveAttack(test_id="t1", target_id="orks"), [4], alice)
    hit_en = "Damage to ork boyz: 11 (weapon 10, extra damage +1) extra damage dice [4] vs Resilience 7 → 4 wounds, " \
             "2 members hit"
    hit_es = "Daño a ork boyz: 11 (arma 10, daño extra +1) dados extra de daño [4] vs Resiliencia 7 → 4 heridas, " \
             "2 miembros alcanzados"
    assert damage["rendered"] == {
        "en": f"{hit_en}\nork boyz loses 2 members (8 left)\nork boyz: 10 → 8 members\n"
              "proof: /ui/campaigns/c-test/rolls/14",
        "es": f"{hit_es}\nork boyz pierde 2 miembros (quedan 8)\nork boyz: 10 → 8 miembros\n"
              "comprobación: /ui/campaigns/c-test/rolls/14",
    }
    assert damage["rendered_bbcode"] == {
        "en": f"{hit_en}; ork boyz loses 2 members (8 left) → [i]ork boyz: 10 → 8 members[/i]"
              " · [url=/ui/campaigns/c-test/rolls/14]proof #14[/url]",
        "es": f"{hit_es}; ork boyz pierde 2 miembros (quedan 8) → [i]ork boyz: 10 → 8 miembros[/i]"
              " · [url=/ui/campaigns/c-test/rolls/14]comprobación #14[/url]",
    }
    assert damage["rendered_markdown"]["es"] == (  # type: ignore[index]
        hit_es.replace("[4]", r"\[4\]") + "; ork boyz pierde 2 miembros (quedan 8) → *ork boyz: 10 → 8 miembros*"
        " · [comprobación #14](/ui/campaigns/c-test/rolls/14)")
    assert (damage["damage"], damage["wounds_dealt"], damage["wounds"], damage["shock"]) == (11, 4, 8, 0)
    assert damage["changed"] == [{"character_id": "orks", "name": "ork boyz", "before": {"members": 10},
                                  "after": {"members": 8}}]
    assert damage["rolls"] == [{"seq": 14, "proof": "/ui/campaigns/c-test/rolls/14"}]


def test_an_event_type_whose_fields_cannot_hold_a_die_is_never_walked_for_one() -> None:
    kinds = all_event_classes()
    assert may_roll(kinds["dice_rolled"]) and may_roll(kinds["secret_roll_revealed"])
    assert not may_roll(kinds["session_started"]) and not may_roll(kinds["gm_noted"])
    # A die is any object of exactly k, sides and value (domain/dice.py, `dice_in`): a type that may encode one
    # anywhere in its fields, however nested, is walked.
    for kind in kinds.values():
        dice_fields = [f for f in msgspec.structs.fields(kind) if "Die" in str(f.type)]
        if dice_fields:
            assert may_roll(kind), kind


def test_an_event_rolled_dice_where_its_encoded_form_holds_a_die() -> None:
    table = CampaignTable("wrath_and_glory")
    table.run(InviteParticipant(name="Alice", role="player"))
    alice = Actor(next(p for p in table.state.participants if p != "gm"), "player")
    table.run(AddCharacter(character_id="h1", owner=alice.participant_id, sheet=hero()))
    table.run(AddCharacter(character_id="orks", sheet=ork_troop()))
    table.run(StartSession())
    table.run(Roll(expression="2d10+3", reason="x"), [7, 6])
    table.run(WngAttack(attacker_id="h1", targets=("orks",), weapon="boltgun"), [4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 6],
              alice)
    table.run(ResolveAttack(test_id="t1", target_id="orks"), [4], alice)
    walked = [(type(r.event).__name__, rolled(r.event)) for r in table.records]
    assert [kind for kind, dice in walked if dice] == ["DiceRolled", "TestRolled", "DamageDealt"]
    assert all(rolled(r.event) == has_dice(msgspec.to_builtins(r.event)) for r in table.records)

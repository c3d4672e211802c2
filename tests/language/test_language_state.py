"""Posts parsed against the directory of a real campaign state, and the commands decided by the rules."""

from __future__ import annotations

from msgspec.structs import replace

from domain.campaign.commands import InviteParticipant, StartSession
from domain.commands import Actor, Command
from domain.d100 import events as ev
from domain.d100.commands import RegisterCharacter
from domain.directory_from_state import build_directory
from domain.grammars import parse_post
from domain.language import ParseContext, ParsedPost
from domain.wrath_and_glory import events as wev
from domain.wrath_and_glory.commands import AddCharacter
from tests.d100.encounter_fixtures import cultist, horde, marine
from tests.support.campaign_table import CampaignTable, SeededDice
from tests.wrath_and_glory.scenario import hero, ork_troop

GM = Actor("gm", "gm")


def _player(table: CampaignTable, name: str) -> Actor:
    table.run(InviteParticipant(name=name, role="player"))
    return Actor(next(p.participant_id for p in table.state.participants.values() if p.name == name), "player")


def _post(table: CampaignTable, text: str, actor: Actor, post_id: str) -> ParsedPost:
    parsed = parse_post(text, table.state.ruleset, build_directory(table.state),
                        ParseContext(author=actor.participant_id, id_prefix=post_id))
    assert parsed.ok, [e.message for e in parsed.errors]
    return parsed


def _run(table: CampaignTable, command: Command, actor: Actor, faces: list[int] | SeededDice) -> list[object]:
    return list(table.run(command, faces, actor))


def test_language_a_deathwatch_exchange_played_from_posts() -> None:
    table = CampaignTable("deathwatch")
    ana = _player(table, "Ana")
    table.run(RegisterCharacter(character_id="kai", owner=ana.participant_id, name="Brother Kai", sheet=marine()))
    table.run(RegisterCharacter(character_id="cultists", owner="gm", name="Cultist horde", sheet=horde(20)))
    table.run(RegisterCharacter(character_id="magus", owner="gm", name="Cult Magus", sheet=cultist()))

    (attack,) = _post(table, "Kai opens fire.\n!attack -> cultists bolter aim +10", ana, "p1").commands
    rolled = _run(table, attack.command, ana, [20])
    assert any(isinstance(e, ev.AttackRolled) and e.modifiers.modifiers[-1].name == "aim" for e in rolled)

    (damage,) = _post(table, "!damage", ana, "p2").commands
    assert damage.command.attack_id == "p1-2"
    _run(table, damage.command, ana, SeededDice(7))
    assert table.state.rules.characters["cultists"].magnitude < 20  # type: ignore[union-attr]

    (shot,) = _post(table, "[lx]ataque magus -> kai autogun[/lx]", GM, "p3").commands
    _run(table, shot.command, GM, [10])
    (dodge,) = _post(table, "¡Esquiva!\n!esquivar", ana, "p4").commands
    reacted = _run(table, dodge.command, ana, [5])
    assert any(isinstance(e, ev.ReactionRolled) and e.attack_id == "p3-1" for e in reacted)

    (test,) = _post(table, "!prueba Per -10", ana, "p5").commands
    (tested,) = _run(table, test.command, ana, [30])
    assert isinstance(tested, ev.TestRolled) and tested.character_id == "kai" and tested.target == 30


def test_language_a_wrath_and_glory_scene_played_from_posts() -> None:
    table = CampaignTable("wrath_and_glory")
    ana = _player(table, "Ana")
    table.run(AddCharacter(character_id="sigma", owner=ana.participant_id, sheet=hero()))
    table.run(AddCharacter(character_id="orks", sheet=replace(ork_troop(10), name="Ork mob")))
    table.run(StartSession())

    (attack,) = _post(table, "!ataque -> orks boltgun apuntar", ana, "p1").commands
    rolled = _run(table, attack.command, ana, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2])
    test = next(e for e in rolled if isinstance(e, wev.TestRolled))

    (reroll,) = _post(table, "!repetir", ana, "p2").commands
    assert reroll.command.test_id == test.test_id
    _run(table, reroll.command, ana, [6] * 13)

    (resolve,) = _post(table, "!resolver -> orks", ana, "p3").commands
    dealt = _run(table, resolve.command, ana, [6])
    assert any(isinstance(e, wev.DamageDealt) for e in dealt)


def test_language_fate_reroll_means_the_authors_last_roll_a_missed_attack_too() -> None:
    # docs/commands.md: `!fate reroll` refers to "your last open test"; RULES A3: Fate rerolls a failed test,
    # and an attack is a test (A7). Kai fails a Perception test, then misses a shot: the reroll is the shot's.
    table = CampaignTable("deathwatch")
    ana = _player(table, "Ana")
    table.run(RegisterCharacter(character_id="kai", owner=ana.participant_id, name="Brother Kai", sheet=marine()))
    table.run(RegisterCharacter(character_id="magus", owner="gm", name="Cult Magus", sheet=cultist()))
    (test,) = _post(table, "!test Per", ana, "p1").commands
    _run(table, test.command, ana, [90])  # 90 > Per 40: failed
    (shot,) = _post(table, "!attack -> magus bolter", ana, "p2").commands
    _run(table, shot.command, ana, [80])  # 80 > BS 50: missed
    # A missed attack has no damage to roll: `!damage` finds nothing of Kai's waiting for it.
    nothing = parse_post("!damage", "deathwatch", build_directory(table.state),
                         ParseContext(author=ana.participant_id, id_prefix="p3"))
    assert [e.code for e in nothing.errors] == ["nothing_pending"]
    (reroll,) = _post(table, "!destino repetir", ana, "p4").commands
    assert reroll.command.test_id == "p2-1"
    rerolled = _run(table, reroll.command, ana, [30])  # 30 ≤ 50: the reroll hits
    assert any(isinstance(e, ev.AttackRolled) and e.reroll_of == "p2-1" for e in rerolled)

"""What a forum GM and player read, checked line by line where an audit found it wrong: each reply line as
docs/commands.md, docs/history.md and RULES.md say it, in English and in Spanish."""

from __future__ import annotations

from typing import Any

import pytest

from .thread import Thread, events, sheet

HERO = {"name": "Sigma 19", "kind": "hero", "defence": 3, "resilience": 8, "wounds": 6, "shock": 6, "soak": 4,
        "attributes": {"agility": 6, "initiative": 4}, "skills": {"ballistic_skill": 6},
        "weapons": [{"name": "boltgun", "kind": "ranged", "damage": 10, "ed": 1, "range": 24, "salvo": 2}]}
GROTS = {"name": "Gretchin", "kind": "troop", "defence": 0, "resilience": 3, "wounds": 1, "shock": 1,
         "members": 20, "attributes": {"agility": 2, "initiative": 2}, "skills": {"ballistic_skill": 1}}


async def test_forum_audit_a_roll_without_a_reason_names_its_expression_once(client: Any) -> None:
    thread = await Thread.open(client, "Omens", "deathwatch", ("Ana",))
    rolled = await thread.post("Ana", "!roll d100")
    (die,) = events(rolled, "dice_rolled")[0]["dice"]
    assert f"- Roll d100: \\[{die['value']}\\] = {die['value']} · [proof #" in rolled["reply"]["markdown"]
    tirada = await thread.post("Ana", "!tirada 2d10+3")
    faces = [d["value"] for d in events(tirada, "dice_rolled")[0]["dice"]]
    total = sum(faces) + 3
    assert (f"- Tirada 2d10+3: \\[{faces[0]}, {faces[1]}\\] + 3 = {total} · [comprobación #"
            in tirada["reply"]["markdown"])
    # With a reason, it is told in brackets as docs/cli.md shows.
    luck = await thread.post("Ana", "!roll d100 luck")
    assert "- Roll d100 (luck): \\[" in luck["reply"]["markdown"]


async def test_forum_audit_a_refusal_names_the_line_to_write_not_the_api_type(client: Any) -> None:
    thread = await Thread.open(client, "Early", "wrath_and_glory", ("Ana",))
    await thread.post("GM", f"!register Gretchin #grots npc sheet={sheet(GROTS)}")
    await thread.post("Ana", f'!register "Sigma 19" #sigma sheet={sheet(HERO)}')
    await thread.post("GM", "!encounter mine sigma grots")
    # An attack before any turn began: the rules say a turn must start first, and the way to start one in a
    # post is `!turn` (docs/commands.md, wng_start_turn), not the API's type name.
    early = await thread.send("Ana", "!attack -> grots boltgun")
    assert early.status_code == 422, early.text
    detail = early.json()["detail"]
    assert detail == ("line 1 was not run: it is not Sigma 19's turn: no turn has started yet (`!turn`) "
                      "(`attack -> grots boltgun`); nothing of the post was recorded")
    assert early.json()["rule"] == "turn_order"


async def test_forum_audit_out_of_turn_names_what_was_tried_before_the_rule(client: Any) -> None:
    thread = await Thread.open(client, "Turns", "deathwatch", ("Ana",))
    await thread.post("GM", '!register "Cult Magus" #magus npc stats={"BS": 35, "Ag": 30}')
    await thread.post("Ana", '!register "Brother Kai" #kai stats={"BS": 50, "Ag": 41}')
    await thread.post("GM", "!encounter hive kai magus\n!next-turn")
    acting = (await thread.state())["rules"]["encounter"]["order"][0]
    waiting, name = ("magus", "Cult Magus") if acting == "kai" else ("kai", "Brother Kai")
    author = "GM" if waiting == "magus" else "Ana"
    refused = await thread.send(author, f"!aim {waiting} half")
    assert refused.status_code == 422, refused.text
    assert refused.json()["reason"].startswith(f"it is not {name}'s turn (`aim`): outside their turn a character "
                                               "only reacts or takes free actions")
    # The action is named in the reader's words, never as the rules' key ("semi auto" read in Spanish once).
    refused = await thread.send(author, f"!apuntar {waiting} media", lang="es")
    assert refused.status_code == 422, refused.text
    assert f"no es el turno de {name} (`apuntar`): fuera de su turno un " \
        "personaje solo reacciona o hace acciones gratuitas" in refused.json()["detail"]


async def test_forum_audit_mission_lines_tell_the_objective_and_who_met_it(client: Any) -> None:
    # Told by title and facts, "objective completed: mission m1, objective o1" named neither the objective
    # nor who completed it (docs/history.md: names, not ids; one line per action a reader follows).
    thread = await Thread.open(client, "Spire", "deathwatch", ("Ana",))
    await thread.post("Ana", '!register "Brother Kai" #kai stats={"BS": 50}')
    await thread.post("GM", '!register "Brother Ister" #ister stats={"BS": 45}')
    english = await thread.post("GM", '!mission m1 title="Cleanse the spire" squad=kai,ister Purge the cult.\n'
                                      "!objective m1 o1 primary Kill the Magus\n"
                                      "!advance m1 execution\n"
                                      "!complete m1 o1 by=kai,ister")
    lines = english["reply"]["markdown"].split("\n\n")[1].splitlines()
    assert lines == ["- Mission “Cleanse the spire” opens (squad: Brother Kai and Brother Ister): Purge the cult.",
                     "- Primary objective of mission “Cleanse the spire”: Kill the Magus",
                     "- Mission “Cleanse the spire”: execution begins",
                     "- Objective “Kill the Magus” completed by Brother Kai and Brother Ister"]
    spanish = await thread.post("GM", "!objetivo m1 o2 secundario Salvar a los mineros\n"
                                      "!fallar m1 o2 por=kai llegaron tarde")
    lines = spanish["reply"]["markdown"].split("\n\n")[1].splitlines()
    assert lines == ["- Objetivo secundario de la misión «Cleanse the spire»: Salvar a los mineros",
                     "- Objetivo «Salvar a los mineros» fallido (implicados: Brother Kai): llegaron tarde"]


def test_forum_audit_a_complication_waiting_for_the_gm_is_counted_not_shown_by_its_test_id() -> None:
    # Seed 003: a 1 on the Wrath die is a complication the GM decides. The reply's "who changed" said
    # "complications awaiting the GM: t4": it says how many wait, each as the `#id` a line names it by.
    from domain.campaign.commands import InviteParticipant, StartSession
    from domain.wrath_and_glory.commands import AddCharacter, RollTest
    from projections.rendering.names import namer
    from projections.rendering.standing import change_text, standing_changes
    from tests.support.campaign_table import CampaignTable
    from tests.wrath_and_glory.scenario import hero

    table = CampaignTable("wrath_and_glory")
    table.run(InviteParticipant(name="Ana", role="player"))
    ana = next(p.participant_id for p in table.state.participants.values() if p.name == "Ana")
    table.run(AddCharacter(character_id="sigma", owner=ana, sheet=hero()))
    table.run(StartSession())
    before = table.state
    # Persuasion 3 + Fellowship 4 = 7 dice, the last the Wrath die: a 1.
    table.run(RollTest(character_id="sigma", skill="persuasion"), [4, 4, 4, 2, 2, 2, 1])
    (change,) = [c for c in standing_changes(before, table.state, namer(table.state)) if c.character_id == "sigma"]
    (test_id,) = table.state.rules.characters["sigma"].complications_pending  # type: ignore[union-attr]
    assert change_text(change, "en", "wrath_and_glory") == f"Sigma 19: complications awaiting the GM: 1 (#{test_id})"
    assert change_text(change, "es", "wrath_and_glory") == f"Sigma 19: complicaciones pendientes del DJ: 1 (#{test_id})"


async def test_forum_audit_spending_glory_the_table_lacks_says_so_in_spanish(client: Any) -> None:
    # The rule `glory` also names "a Glory gain is at least 1": its Spanish sentence ("se gana al menos 1 de
    # Gloria") answered a spend of Glory the table did not have. Glory starts at 0 (seed 003).
    thread = await Thread.open(client, "Pools", "wrath_and_glory", ("Ana",))
    await thread.post("GM", "!iniciar-sesión")
    refused = await thread.send("GM", "!gastar-gloria 2 daño")
    assert refused.status_code == 422, refused.text
    assert refused.json()["rule"] == "glory" and refused.json()["reason"] == "not enough Glory: 2 needed, 0 left"
    assert refused.json()["detail"] == ("la línea 1 no se ha ejecutado: Gloria insuficiente: hacen falta 2 y quedan 0 "
                                        "(`gastar-gloria 2 daño`); no se ha registrado nada del mensaje")
    english = await thread.send("GM", "!spend-glory 1 damage")
    assert english.json()["detail"].startswith("line 1 was not run: not enough Glory: 1 needed, 0 left")


async def test_forum_audit_two_lx_blocks_on_one_line_both_run(client: Any) -> None:
    # docs/commands.md allows several [lx] blocks "on one line or many"; both tests made the id `<post>-1`,
    # and the second was refused as a reused id ("ese id de combate", though it was a test's).
    thread = await Thread.open(client, "Blocks", "deathwatch", ("Ana",))
    await thread.post("Ana", '!register "Brother Kai" #kai stats={"Per": 40, "Ag": 41}')
    both = await thread.post("Ana", "Kai mira y salta. [lx]prueba Per[/lx] [lx]prueba Ag[/lx]", post_id="p77")
    tests = events(both, "d100_test_rolled")
    assert [t["test_id"] for t in tests] == ["p77-1", "p77-1b"]
    assert [r["line"] for r in both["results"]] == [1, 1]
    # A reused id, told in Spanish, no longer calls every id a combat's.
    again = await thread.send("Ana", "!prueba Per #p77-1")
    assert again.status_code == 422 and again.json()["rule"] == "id_reused"
    assert "el id de prueba «p77-1» ya se usa en esta campaña" in again.json()["detail"]


async def test_forum_audit_a_spanish_verb_of_the_other_ruleset_is_answered_in_spanish(client: Any) -> None:
    # docs/commands.md: errors come in the post's language, the one its verbs are in. `asalto` (a new d100
    # round) is no Wrath & Glory verb, but it is Spanish: the refusal was English.
    thread = await Thread.open(client, "Rounds", "wrath_and_glory", ("Ana",))
    refused = await thread.send("GM", "!asalto")
    assert refused.status_code == 422, refused.text
    assert (refused.json()["lang"], refused.json()["code"]) == ("es", "unknown_command")
    assert refused.json()["detail"].startswith("la línea 1 no se ha ejecutado: `asalto` no es una orden")
    english = await thread.send("GM", "!new-round")
    assert english.json()["lang"] == "en"


async def test_forum_audit_a_retraction_of_one_event_says_event_in_the_singular(client: Any) -> None:
    thread = await Thread.open(client, "Corrections", "deathwatch", ("Ana",))
    rolled = await thread.post("Ana", "!roll d100 luck")
    seq = rolled["events"][-1]["seq"]
    one = await thread.post("GM", f"!retirar {seq} tirada de prueba")
    assert f"- El DJ anula el evento {seq}: tirada de prueba" in one["reply"]["markdown"]
    back = await thread.post("GM", f"!reinstate {seq} it was fair")
    assert f"- The GM reinstates event {seq}: it was fair" in back["reply"]["markdown"]
    more = await thread.post("Ana", "!roll d100 one\n!roll d100 two")
    first, second = (e["seq"] for e in more["events"][-2:])
    both = await thread.post("GM", f"!retract {first} {second} misclicks")
    assert f"- The GM retracts events {first}, {second}: misclicks" in both["reply"]["markdown"]



async def test_forum_audit_a_mission_reward_and_a_proposal_read_whole(client: Any) -> None:
    thread = await Thread.open(client, "Rewards", "deathwatch", ("Ana",))
    await thread.post("Ana", '!register "Brother Kai" #kai stats={"BS": 50}')
    await thread.post("GM", '!mission m1 title="Cleanse the spire" Purge it.\n!objective m1 o1 primary Kill the Magus')
    proposed = await thread.post("Ana", '!propose m1 o3 tertiary why="glory" Take the banner')
    assert ("- Ana proposes a tertiary objective for mission “Cleanse the spire”: Take the banner (glory)"
            in proposed["reply"]["markdown"])
    closed = await thread.post("GM", "!avanzar m1 ejecución\n!cumplir m1 o1 por=kai\n!avanzar m1 recompensas\n"
                                     "!recompensa m1 kai px=500 renombre=2 bien luchado")
    assert ("- Recompensa de la misión «Cleanse the spire»: Brother Kai: 500 PX, 2 de Renombre (bien luchado)"
            in closed["reply"]["markdown"])
    assert "- Termina la ejecución de la misión «Cleanse the spire»: Éxito" in closed["reply"]["markdown"]


REASONS = [
    # (rule, its case, the rules' English message as the decisions write it, the Spanish a reader must get)
    ("deathwatch_only", "heroic_sacrifice", "the Heroic Sacrifice is a Deathwatch rule",
     "el Sacrificio Heroico es una regla de Deathwatch"),
]


@pytest.mark.parametrize(("rule", "case", "english", "spanish"), REASONS)
def test_forum_audit_a_rule_with_several_reasons_says_the_right_one_in_spanish(
    rule: str, case: str, english: str, spanish: str
) -> None:
    # One rule name covers several refusals (docs/errors.md lists one line per rule): the Spanish sentence was
    # the rule's first reason whatever the message ("un ataque necesita un objetivo" for attacking oneself).
    # Now each reason is its own message of the catalog.
    from domain.errors import RuleViolation
    from projections.rendering.refusals import refusal

    said = RuleViolation(rule, case=case).said
    assert refusal("rule-violation", rule, english, "es", said) == spanish
    assert refusal("rule-violation", rule, english, "en", said) == english


# The d100 rules' several reasons are messages of the catalog (issue 20): each its own message, told as such.
D100_REASONS = [
    (("fate_needs_test", "degree"), "say which test gains the degree of success",
     "di a qué prueba se añade el grado de éxito"),
    (("deathwatch_only", "fate_modes"), "Squad and Solo Mode uses of Fate are Deathwatch rules",
     "los usos del Destino en Modo Escuadra y Modo Solo son reglas de Deathwatch"),
    (("deathwatch_only", "heroic_sacrifice"), "the Heroic Sacrifice is a Deathwatch rule",
     "el Sacrificio Heroico es una regla de Deathwatch"),
]


@pytest.mark.parametrize(("reason", "english", "spanish"), D100_REASONS)
def test_forum_audit_a_d100_rule_with_several_reasons_says_the_right_one_in_spanish(
    reason: tuple[str, str], english: str, spanish: str
) -> None:
    from domain.errors import RuleViolation
    from projections.rendering.refusals import refusal

    rule, case = reason
    error = RuleViolation(rule, case=case)
    assert refusal("rule-violation", rule, error.message, "es", error.said) == spanish
    assert refusal("rule-violation", rule, error.message, "en", error.said) == error.message == english


# Wrath & Glory's refusals say a message of the catalog, one per reason: (the rule, its case and parameters as
# the decisions raise it, the English they always wrote, the Spanish a forum reader must get, names and all).
WNG_REASONS = [
    ("target", "wng_itself", {}, "a character cannot attack itself", "un personaje no puede atacarse a sí mismo"),
    ("target", "wng_dead", {"character": "Warboss"}, "Warboss is already dead", "Warboss ya ha muerto"),
    ("target", "wng_none", {}, "an attack needs a target", "un ataque necesita un objetivo"),
    ("soak", "troop", {}, "a troop cannot soak", "una tropa no puede ignorar heridas"),
    ("soak", "nothing_pending", {"character": "Sigma 19"}, "Sigma 19 has no wounds waiting to be soaked or taken",
     "Sigma 19 no tiene heridas esperando a que las ignore o las reciba"),
    ("glory", "add", {}, "add at least one Glory die", "añade al menos un dado de Gloria"),
    ("death_test", "not_dying", {"character": "Sigma 19"}, "Sigma 19 is not dying: no death test is due",
     "Sigma 19 no está agonizando: no le toca ninguna prueba de muerte"),
    ("ruin", "spend", {}, "a Ruin spend is at least 1", "se gasta al menos 1 de Ruina"),
    ("ruin", "action", {}, "only a Ruin action spends Ruin", "solo una acción de Ruina gasta Ruina"),
    ("encounter", "played", {"encounter": "mine"}, "encounter mine has already been played",
     "el combate mine ya se jugó"),
    ("resolve", "already", {"test": "t3", "target": "orks"}, "test t3 has already been resolved against orks",
     "la prueba t3 ya se resolvió contra orks"),
]


@pytest.mark.parametrize(("rule", "case", "params", "english", "spanish"), WNG_REASONS)
def test_forum_audit_a_wng_rule_with_several_reasons_says_the_right_one_in_spanish(
    rule: str, case: str, params: dict[str, str], english: str, spanish: str
) -> None:
    from domain.errors import RuleViolation
    from projections.rendering.refusals import refusal

    error = RuleViolation(rule, case=case, **params)
    assert str(error) == english
    assert refusal("rule-violation", rule, error.message, "es", error.said) == spanish
    assert refusal("rule-violation", rule, error.message, "en", error.said) == english


async def test_forum_audit_a_spanish_refusal_names_what_does_not_exist(client: Any) -> None:
    # "nombra algo que no existe en esta campaña" did not say what: the event's number is the point.
    thread = await Thread.open(client, "Missing", "deathwatch", ("Ana",))
    version = (await thread.state())["version"]
    refused = await thread.send("GM", "!anular 999 tirada de prueba")
    assert refused.status_code == 422 and refused.json()["kind"] == "not-found"
    assert refused.json()["detail"] == (f"la línea 1 no se ha ejecutado: el evento 999 aún no existe: la campaña va "
                                        f"por el evento {version} (`anular 999 tirada de prueba`); no se ha "
                                        "registrado nada del mensaje")


async def test_forum_audit_a_spanish_permission_refusal_says_whose_it_is(client: Any) -> None:
    thread = await Thread.open(client, "Mine", "deathwatch", ("Ana", "Boris"))
    await thread.post("Ana", '!register "Brother Kai" #kai stats={"BS": 40}')
    stolen = await thread.send("Boris", "!tirada kai d100 no es mío")
    assert stolen.status_code == 422 and stolen.json()["kind"] == "forbidden"
    assert stolen.json()["detail"].startswith("la línea 1 no se ha ejecutado: una persona jugadora solo tira por sus "
                                              "propios personajes, y Brother Kai no es tuyo")
    gm_only = await thread.send("Boris", "!anular 1 no")
    assert "solo el DJ puede enviar `!retirar`" in gm_only.json()["detail"]

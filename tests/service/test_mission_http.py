"""A Deathwatch mission through the API, post by post: briefing, leader, oath, objectives, rewards, report."""

from __future__ import annotations

from typing import Any

from tests.service.forum.markup_check import PHPBB_TAGS, bbcode_tags, same_html


async def test_scripted_mission_from_briefing_to_rewards(campaign: Any) -> None:
    ana = await campaign.invite("Ana", "player")
    bruno = await campaign.invite("Bruno", "player")
    await campaign.ok({"type": "create_character", "name": "Brother Kyros", "id": "kyros", "stats": {"speciality": "Tactical Marine"}}, ana)
    await campaign.ok({"type": "create_character", "name": "Brother Vael", "id": "vael", "stats": {"speciality": "devastador"}}, bruno)
    await campaign.ok({"type": "start_session"})

    def post(n: int) -> dict[str, str]:
        return {"id": f"forum-{n}", "author": "GM"}

    await campaign.ok({"type": "mission_create", "mission_id": "relay", "title": "Silent Relay",
                       "briefing": "Destroy the ork relay on Vorlese.", "squad": ["kyros", "vael"], "post": post(1)})
    await campaign.ok({"type": "mission_add_objective", "mission_id": "relay", "objective_id": "relay",
                       "kind": "primary", "text": "Destroy the relay", "post": post(2)})
    leader = await campaign.ok({"type": "mission_choose_leader", "mission_id": "relay", "method": "roll",
                                "candidates": ["kyros", "vael"], "post": post(3)})
    chosen = leader["events"][0]["data"]
    dice = [d for r in chosen["rolls"] for d in (r["dice"] if "dice" in r else [r["die"]])] if "rolls" in chosen else []
    assert chosen["method"] == "roll" and chosen["character_id"] in ("kyros", "vael")
    assert dice and all(d["sides"] == 10 for d in dice)
    leader_id = chosen["character_id"]

    # Oath of the Astartes needs a Tactical, Assault or Devastator Marine: both qualify.
    await campaign.ok({"type": "mission_take_oath", "mission_id": "relay", "oath": "astartes", "post": post(4)})
    # A player proposes an objective; a player cannot add one directly.
    refused = await campaign.command({"type": "mission_add_objective", "mission_id": "relay", "objective_id": "x",
                                      "kind": "secondary", "text": "x"}, ana)
    assert refused.status_code == 403
    await campaign.ok({"type": "mission_propose_objective", "mission_id": "relay", "objective_id": "banner",
                       "kind": "secondary", "text": "Take the warboss's banner", "post": post(5)}, ana)
    await campaign.ok({"type": "mission_review_objective", "mission_id": "relay", "objective_id": "banner",
                       "accept": True, "post": post(6)})
    await campaign.ok({"type": "mission_advance", "mission_id": "relay", "to": "execution", "post": post(7)})
    roll = await campaign.ok({"type": "roll", "expression": "d100", "reason": "Demolition", "character_id": "kyros"}, ana)
    await campaign.ok({"type": "mission_record_complication", "mission_id": "relay", "text": "The relay's guards wake",
                       "cause": "failed Demolition test", "caused_by_seq": roll["version"], "post": post(8)})
    await campaign.ok({"type": "mission_complete_objective", "mission_id": "relay", "objective_id": "relay",
                       "involved": ["kyros", "vael"], "post": post(9)})
    await campaign.ok({"type": "mission_complete_objective", "mission_id": "relay", "objective_id": "banner",
                       "involved": ["vael"], "post": post(10)})
    back = await campaign.command({"type": "mission_advance", "mission_id": "relay", "to": "preparation"})
    assert back.status_code == 422 and back.json()["rule"] == "mission_phases"
    await campaign.ok({"type": "mission_advance", "mission_id": "relay", "to": "rewards", "post": post(11)})
    await campaign.ok({"type": "mission_grant_reward", "mission_id": "relay", "character_id": "kyros", "xp": 400, "renown": 2})
    await campaign.ok({"type": "mission_grant_reward", "mission_id": "relay", "character_id": "vael", "xp": 400, "renown": 3})

    read = (await campaign.get("/missions/relay")).json()
    mission = read["mission"]
    assert mission["phase"] == "rewards"
    assert {o["id"]: o["status"] for o in mission["objectives"].values()} == {"relay": "completed", "banner": "completed"}
    assert mission["leader"]["character_id"] == leader_id

    markdown = (await campaign.get("/missions/relay?format=markdown")).text
    assert "Silent Relay" in markdown and "Destroy the relay" in markdown and "Brother Kyros" in markdown
    spanish = (await campaign.get("/missions/relay?format=bbcode&lang=es")).text
    assert "[b]" in spanish and "Objetivo" in spanish and "Juramento" in spanish

    before_rewards = (await campaign.get("/missions/relay?at_post=forum-7")).json()["mission"]
    assert before_rewards["phase"] == "execution"
    assert {o["status"] for o in before_rewards["objectives"].values()} == {"open"}


async def test_no_xp_after_a_failed_primary(campaign: Any) -> None:
    await campaign.ok({"type": "create_character", "name": "Brother Kyros", "id": "kyros"})
    await campaign.ok({"type": "mission_create", "mission_id": "m", "briefing": "Hold the line."})
    await campaign.ok({"type": "mission_add_objective", "mission_id": "m", "objective_id": "hold", "kind": "primary",
                       "text": "Hold the gate"})
    await campaign.ok({"type": "mission_advance", "mission_id": "m", "to": "execution"})
    await campaign.ok({"type": "mission_fail_objective", "mission_id": "m", "objective_id": "hold"})
    await campaign.ok({"type": "mission_advance", "mission_id": "m", "to": "rewards"})
    refused = await campaign.command({"type": "mission_grant_reward", "mission_id": "m", "character_id": "kyros", "xp": 100})
    assert refused.status_code == 422
    assert "Hold the gate" in refused.json()["detail"]


async def test_missions_exist_in_wrath_and_glory_too(new_campaign: Any) -> None:
    wng = await new_campaign("wrath_and_glory")
    await wng.ok({"type": "mission_create", "mission_id": "m", "briefing": "Cleanse the shrine."})
    await wng.ok({"type": "mission_add_objective", "mission_id": "m", "objective_id": "a", "kind": "primary", "text": "Cleanse"})
    refused = await wng.command({"type": "mission_take_oath", "mission_id": "m", "oath": "astartes"})
    assert refused.status_code == 422


async def test_mission_report_reads_whole_for_a_forum_in_both_languages(campaign: Any) -> None:
    """A proposer by name, the Oath of Glory renown by hand, Spanish empty sections, Markdown both parsers agree on."""
    ana = await campaign.invite("Ana", "player")
    await campaign.ok({"type": "create_character", "name": "Brother Kyros", "id": "kyros",
                       "stats": {"speciality": "Tactical Marine"}}, ana)
    await campaign.ok({"type": "create_character", "name": "Brother Vael", "id": "vael",
                       "stats": {"speciality": "Devastator Marine"}})
    await campaign.ok({"type": "mission_create", "mission_id": "m", "title": "Silent Relay", "briefing": "Go.",
                       "squad": ["kyros", "vael"]})
    await campaign.ok({"type": "mission_add_objective", "mission_id": "m", "objective_id": "relay", "kind": "primary",
                       "text": "Destroy the relay"})
    await campaign.ok({"type": "mission_add_objective", "mission_id": "m", "objective_id": "boss", "kind": "primary",
                       "text": "Kill the warboss"})
    await campaign.ok({"type": "mission_choose_leader", "mission_id": "m", "method": "gm", "character_id": "vael"})
    # The Oath of Glory needs a Tactical or Assault Marine (RULES.md A11, seed 002): a Devastator cannot lead it.
    refused = await campaign.command({"type": "mission_take_oath", "mission_id": "m", "oath": "glory"})
    assert refused.status_code == 422 and refused.json()["rule"] == "oath_prerequisite"
    await campaign.ok({"type": "mission_choose_leader", "mission_id": "m", "method": "gm", "character_id": "kyros"})
    await campaign.ok({"type": "mission_take_oath", "mission_id": "m", "oath": "glory"})
    await campaign.ok({"type": "mission_propose_objective", "mission_id": "m", "objective_id": "banner",
                       "kind": "tertiary", "text": "Take the banner"}, ana)
    await campaign.ok({"type": "mission_review_objective", "mission_id": "m", "objective_id": "banner",
                       "accept": True, "kind": "secondary"})
    await campaign.ok({"type": "mission_advance", "mission_id": "m", "to": "execution"})
    roll = await campaign.ok({"type": "roll", "expression": "d100", "reason": "Demolition", "character_id": "kyros"}, ana)
    await campaign.ok({"type": "mission_record_complication", "mission_id": "m", "text": "The guards wake",
                       "cause": "failed Demolition test", "caused_by_seq": roll["version"]})
    before = (await campaign.get("/missions/m?format=markdown&lang=es")).text
    assert "## Recompensas\n\n*ninguna*\n" in before
    await campaign.ok({"type": "mission_complete_objective", "mission_id": "m", "objective_id": "relay",
                       "involved": ["kyros", "vael"]})
    await campaign.ok({"type": "mission_complete_objective", "mission_id": "m", "objective_id": "banner",
                       "involved": ["vael"]})
    await campaign.ok({"type": "mission_fail_objective", "mission_id": "m", "objective_id": "boss"})
    await campaign.ok({"type": "mission_advance", "mission_id": "m", "to": "rewards"})
    no_xp = await campaign.command({"type": "mission_grant_reward", "mission_id": "m", "character_id": "kyros",
                                    "xp": 300})
    assert no_xp.status_code == 422 and "Kill the warboss" in no_xp.json()["detail"]
    # Renown still counts after a failure. Vael completed a primary and a secondary: +2 from the oath, so
    # 3 + 2 = 5; Kyros completed one primary: +1.
    await campaign.ok({"type": "mission_grant_reward", "mission_id": "m", "character_id": "vael", "renown": 3,
                       "reason": "held the line"})

    markdown = (await campaign.get("/missions/m?format=markdown")).text
    assert "Take the banner (*completed*; involved: Brother Vael; proposed by Ana)" in markdown
    assert "    - proposed by Ana as tertiary\n    - accepted by the GM as secondary\n" in markdown
    assert "p-" not in markdown
    assert "- Brother Vael: 0 XP, 5 renown (including +2 from the Oath of Glory)" in markdown
    assert "- Brother Kyros: +1\n- Brother Vael: +2" in markdown
    same_html(markdown)
    spanish = (await campaign.get("/missions/m?format=markdown&lang=es")).text
    assert "propuesto por Ana" in spanish and "p-" not in spanish
    assert "- Brother Vael: 0 PX, 5 de Renombre (incluido +2 por el Juramento de Gloria)" in spanish
    html = same_html(spanish)
    # The objective's history stays nested under its objective in both parsers.
    assert "propuesto por Ana)<ul><li>propuesto por Ana como terciario</li><li>aceptado por el DJ como secundario</li>" in html
    bbcode = (await campaign.get("/missions/m?format=bbcode&lang=es")).text
    assert bbcode_tags(bbcode) <= PHPBB_TAGS and "propuesto por Ana" in bbcode

    transcript = (await campaign.get("/transcript?from_seq=1&format=markdown&lang=es")).text
    assert "Brother Vael: 0 PX, 5 de Renombre (incluido +2 por el Juramento de Gloria; held the line)" in transcript
    # The complication names the roll that caused it, as the report does.
    assert f"(causa: failed Demolition test; tirada n.º {roll['version']}): The guards wake" in transcript
    english = (await campaign.get("/transcript?from_seq=1&format=markdown")).text
    assert "Brother Vael: 0 XP, 5 renown (including +2 from the Oath of Glory; held the line)" in english
    assert f"(cause: failed Demolition test; roll #{roll['version']}): The guards wake" in english
    assert "execution ends, failure (primary objective 'Kill the warboss' failed)" in english
    assert "Termina la ejecución de la misión «Silent Relay»: Fracaso (objetivo primario «Kill the warboss» fallido)" in transcript

"""A post is answered in the language a person would read it in: its words as a whole, then the author's
preferred language, then the campaign's `reply_language` (issue 21 §5; docs/api.md, "Posts")."""

from __future__ import annotations

from typing import Any

import httpx

from tests.service.conftest import Campaign


async def _post(campaign: Campaign, token: str, post_id: str, text: str, **extra: Any) -> httpx.Response:
    return await campaign.client.post(f"/campaigns/{campaign.id}/posts",
                                      json={"post": {"id": post_id}, "text": text, **extra},
                                      headers=campaign.auth(token))


async def test_post_reply_language_follows_the_words_of_a_mixed_table(new_campaign: Any) -> None:
    campaign: Campaign = await new_campaign("deathwatch", {"reply_language": "es"})
    lucia = await campaign.invite("Lucía", "player")
    kai = await campaign.invite("Kai", "player")
    # A Spanish post whose only English word is the verb: a Spanish reply.
    spanish = await _post(campaign, lucia, "f-1", "Lucía se agacha detrás de la columna y dispara contra el "
                          "hereje.\n!roll 2d10 \"daño del bólter\"")
    assert spanish.status_code == 201, spanish.text
    assert spanish.json()["lang"] == "es"
    assert "tirada" in spanish.json()["reply"]["markdown"].lower() or "tira" in spanish.json()["reply"]["markdown"]
    # An English post in a Spanish campaign: an English reply.
    english = await _post(campaign, kai, "f-2", "Kai fires at the heretic from behind the wall.\n"
                          "!roll 2d10 \"bolter damage\"")
    assert english.status_code == 201, english.text
    assert english.json()["lang"] == "en"
    # Its refusal too: a Spanish post with an English verb is refused in Spanish.
    refused = await _post(campaign, lucia, "f-3", "Lucía lo tira en secreto para que el director no lo vea.\n"
                          "!roll 1d100 \"la prueba del sargento\" secret")
    assert refused.status_code == 422, refused.text
    assert refused.json()["lang"] == "es"
    assert refused.headers["content-language"] == "es"
    assert "solo el DJ tira en secreto" in refused.json()["detail"]


async def test_post_reply_language_falls_to_the_participant_then_the_campaign(new_campaign: Any) -> None:
    campaign: Campaign = await new_campaign("deathwatch", {"reply_language": "es"})
    kai = await campaign.invite("Kai", "player")
    # Nothing in the post tells (`test` is a verb of both languages): the campaign's language, here for the
    # refusal of a player who has no character yet.
    bare = await _post(campaign, kai, "f-1", "!test Per")
    assert bare.status_code == 422, bare.text
    assert bare.json()["lang"] == "es" and bare.headers["content-language"] == "es"
    # Kai prefers English: his posts that leave it open are answered in English, Spanish words still win.
    chosen = await campaign.ok({"type": "set_participant_language", "lang": "en"}, kai)
    assert [e["type"] for e in chosen["events"]] == ["participant_language_set"]
    assert (await _post(campaign, kai, "f-2", "!test Per")).json()["lang"] == "en"
    assert (await _post(campaign, kai, "f-3", "Lo intento con todo lo que tengo.\n!test Per")).json()["lang"] == "es"
    # An explicit lang in the request still wins over everything.
    assert (await _post(campaign, kai, "f-4", "Lo intento otra vez.\n!test Per", lang="en")).json()["lang"] == "en"
    summary = (await campaign.get("")).json()
    assert {p["name"]: p["lang"] for p in summary["participants"]}["Kai"] == "en"


async def test_post_reply_language_preference_is_a_participants_own(new_campaign: Any) -> None:
    campaign: Campaign = await new_campaign("deathwatch")
    ana = await campaign.invite("Ana", "player")
    kai = await campaign.invite("Kai", "player")
    kai_id = next(p["participant_id"] for p in (await campaign.get("")).json()["participants"] if p["name"] == "Kai")
    refused = await campaign.command({"type": "set_participant_language", "lang": "es", "participant_id": kai_id},
                                     ana, **{"Accept-Language": "es"})
    assert refused.status_code == 403, refused.text
    # The GM may set anyone's.
    await campaign.ok({"type": "set_participant_language", "lang": "es", "participant_id": kai_id})
    assert (await _post(campaign, kai, "f-1", "!test Per")).json()["lang"] == "es"
    timeline = (await campaign.get("/events", kai)).json()
    assert "participant_language_set" in [e["type"] for e in timeline["events"]]


async def test_post_reply_language_option_is_en_or_es(client: Any) -> None:
    response = await client.post("/campaigns", json={"name": "C", "ruleset": "deathwatch",
                                                      "options": {"reply_language": "fr"}})
    assert response.status_code == 422, response.text
    assert response.json()["rule"] == "campaign_options"
    assert "reply_language" in response.json()["detail"] and "'fr'" in response.json()["detail"]


async def test_an_unnamed_gm_heads_a_spanish_reply_as_dj_and_an_english_one_as_game_master(new_campaign: Any) -> None:
    # Issue 21 item 7: "Game Master" is not left in Spanish; the transcript already said "DJ", the reply's
    # header must too. A named GM keeps the name given.
    campaign: Campaign = await new_campaign("deathwatch")
    spanish = await _post(campaign, campaign.gm_token, "g-1", "El DJ tira en la sombra.\n!tirada 1d10 \"la emboscada\"")
    assert spanish.status_code == 201, spanish.text
    assert spanish.json()["lang"] == "es"
    assert spanish.json()["reply"]["markdown"].startswith("**DJ** · "), spanish.json()["reply"]["markdown"]
    assert spanish.json()["reply"]["bbcode"].startswith("[b]DJ[/b] · "), spanish.json()["reply"]["bbcode"]
    english = await _post(campaign, campaign.gm_token, "g-2", "The GM rolls in the dark.\n!roll 1d10 \"the ambush\"")
    assert english.status_code == 201, english.text
    assert english.json()["reply"]["markdown"].startswith("**Game Master** · ")

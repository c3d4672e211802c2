"""The public HTTP contract, read by the letter of docs/api.md, docs/errors.md and docs/audit-format.md.

Every expectation here is copied from the docs' text — key lists, statuses, headers, media types — never
computed through the service's own code: a bot, an auditor or a forum plugin written from the docs alone
must get exactly this. The export is parsed by tests/support/docs_verifier.py, written from the docs too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
from litestar.testing import AsyncTestClient

from service.app import create_app
from service.settings import Settings
from tests.service.conftest import Campaign
from tests.service.test_outage import cut_off
from tests.support import docs_verifier

PROBLEM = "application/problem+json"
URN = "urn:lexmechanic:problem:"
# docs/api.md, the endpoints table and "The compact answer".
FULL_ANSWER = {"version", "head_hash", "events", "result", "proof", "replayed"}
COMPACT_ANSWER = {"version", "head_hash", "result"}
CREATED = {"campaign_id", "gm_token", "version", "head_hash", "events", "note"}
INVITED = {"participant_id", "role", "token", "version", "head_hash", "events", "note"}
SUMMARY = {"campaign_id", "name", "ruleset", "options", "version", "head_hash", "participants", "session",
           "dice_epoch", "characters", "rolls", "pools", "missions"}
VERIFY = {"campaign_id", "ok", "problems", "chain_intact", "events", "head_hash", "version", "head",
          "dice_verified", "dice_unrevealed", "epochs_committed", "epochs_revealed", "contributions", "sealed_rolls",
          "sealed_unrevealed", "rules"}
PROOF = {"campaign_id", "seq", "command_seqs", "command_type", "epoch", "nonce", "nonce_is_first_seq", "algorithm",
         "commitment", "revealed", "seed", "seed_matches_commitment", "entropy", "algorithm_text", "verified", "attempt",
         "dice"}
PROOF_DIE = {"k", "sides", "value", "seq", "recomputed", "matches", "steps"}
SHARE_CREATED = {"link_id", "label", "key", "url", "page_url", "transcript_url", "created_by", "created_at",
                 "revoked_at", "note"}
SHARE_LISTED = {"link_id", "label", "url", "page_url", "transcript_url", "created_by", "created_at", "revoked_at"}
# docs/audit-format.md, "Event records" and "The head record".
EVENT_RECORD = {"campaign_id", "seq", "global_position", "type", "schema_version", "data", "meta", "idempotency_key",
                "recorded_at", "prev_hash", "hash"}
RECORDED_AT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")
ROLL = {"type": "roll", "expression": "2d10+3", "reason": "bolter damage"}


def problem_of(response: httpx.Response, status: int, slug: str) -> dict[str, Any]:
    """The response is the RFC 9457 document docs/errors.md promises for this status and type."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["type"] == URN + slug and body["status"] == status
    assert isinstance(body["title"], str) and body["title"]
    assert isinstance(body["detail"], str) and body["detail"]
    return body


async def test_a_command_answers_exactly_the_documented_keys(campaign: Campaign) -> None:
    sent = {**ROLL, "post": {"id": "1042"}}
    first = await campaign.command(sent)
    assert first.status_code == 201 and set(first.json()) == FULL_ANSWER, first.text
    answer = first.json()
    seq = answer["events"][0]["seq"]
    assert answer["replayed"] is False and answer["proof"] == f"http://testserver.local/ui/campaigns/{campaign.id}/rolls/{seq}"

    again = await campaign.command(sent)
    assert again.status_code == 200 and set(again.json()) == FULL_ANSWER
    assert again.json() == {**answer, "replayed": True}

    noted = await campaign.command({"type": "gm_note", "text": "no dice here"})
    assert noted.status_code == 201 and set(noted.json()) == FULL_ANSWER and noted.json()["proof"] is None

    compact = await campaign.command(ROLL, Prefer="return=minimal")
    assert compact.status_code == 201 and set(compact.json()) == COMPACT_ANSWER
    assert compact.headers["preference-applied"] == "return=minimal"


async def test_idempotency_keys_work_as_docs_event_store_tells(campaign: Campaign) -> None:
    player = await campaign.invite("Ana", "player")
    version = (await campaign.get("")).json()["version"]
    note = {"type": "gm_note", "text": "the hive stirs", "expected_version": version}
    first = await campaign.command(note, **{"Idempotency-Key": "k-1"})
    assert first.status_code == 201
    # A retry after a lost answer carries a stale expected_version: the key is checked first, the digest
    # leaves expected_version out, and the original answer comes back.
    for stale in ({"Idempotency-Key": "k-1"}, {"Idempotency-Key": "k-1", "If-Match": f'"{version}"'}):
        retried = await campaign.command({"type": "gm_note", "text": "the hive stirs"}
                                         if "If-Match" in stale else note, **stale)
        assert retried.status_code == 200 and retried.json() == {**first.json(), "replayed": True}
    # The header wins over post.id: the same post id under two header keys is two commands.
    rolled = [await campaign.command({**ROLL, "post": {"id": "p-5"}}, **{"Idempotency-Key": key})
              for key in ("k-2", "k-3")]
    assert [r.status_code for r in rolled] == [201, 201]
    assert [r.json()["events"][0]["idempotency_key"] for r in rolled] == ["k-2", "k-3"]
    # A key is its sender's: the same key and body from another participant is that participant's command.
    mine = await campaign.command(ROLL, player, **{"Idempotency-Key": "k-4"})
    assert mine.status_code == 201
    theirs = await campaign.command(ROLL, **{"Idempotency-Key": "k-4"})
    assert theirs.status_code == 201 and theirs.json()["events"][0]["meta"]["actor"] == "gm"
    assert theirs.json()["events"][0]["idempotency_key"] == "k-4"
    replayed = await campaign.command(ROLL, player, **{"Idempotency-Key": "k-4"})
    assert replayed.status_code == 200 and replayed.json() == {**mine.json(), "replayed": True}


async def test_creating_and_inviting_answer_the_documented_keys(client: Any) -> None:
    created = await client.post("/campaigns", json={"name": "Kill Team", "ruleset": "deathwatch"})
    assert created.status_code == 201 and set(created.json()) == CREATED
    campaign = Campaign(client, created.json())
    invited = await client.post(f"/campaigns/{campaign.id}/participants", json={"name": "Ana", "role": "player"},
                                headers={**campaign.auth(), "Idempotency-Key": "invite-ana"})
    assert invited.status_code == 201 and set(invited.json()) == INVITED and invited.json()["token"]
    # The same invitation again under its key: the token was shown once, and is not kept.
    again = await client.post(f"/campaigns/{campaign.id}/participants", json={"name": "Ana", "role": "player"},
                              headers={**campaign.auth(), "Idempotency-Key": "invite-ana"})
    assert again.status_code == 201 and set(again.json()) == INVITED and again.json()["token"] is None


async def test_the_notes_for_a_person_come_in_the_language_asked_for(client: Any) -> None:
    """docs/api.md: `note` is for a person, in the language the request asks for (docs/errors.md, "Language")."""
    notes = []
    for headers in ({}, {"Accept-Language": "es"}):
        created = await client.post("/campaigns", json={"name": "Notes", "ruleset": "deathwatch"}, headers=headers)
        campaign = Campaign(client, created.json())
        invited = await client.post(f"/campaigns/{campaign.id}/participants", json={"name": "Ana", "role": "player"},
                                    headers={**campaign.auth(), **headers})
        shared = await client.post(f"/campaigns/{campaign.id}/share-links", headers={**campaign.auth(), **headers})
        notes.append([created.json()["note"], invited.json()["note"], shared.json()["note"]])
    english, spanish = notes
    assert all(e and s and e != s for e, s in zip(english, spanish, strict=True))
    assert "Authorization: Bearer" in english[0] and "Authorization: Bearer" in spanish[0]


async def test_summary_verify_and_proof_answer_the_documented_keys(campaign: Campaign) -> None:
    rolled = await campaign.ok(ROLL)
    summary = (await campaign.get("")).json()
    assert set(summary) == SUMMARY
    assert set(summary["session"]) == {"current", "held"}
    assert set(summary["dice_epoch"]) == {"epoch", "commitment", "revealed", "algorithm", "entropy", "contributions",
                                           "contributed"}
    assert all(set(p) == {"participant_id", "name", "role", "token_revoked"} for p in summary["participants"])
    assert summary["rolls"] == 1 and summary["characters"] == 0 and summary["pools"] == {}

    verified = (await campaign.get("/verify")).json()
    assert set(verified) == VERIFY and verified["ok"] is True and verified["chain_intact"] is True
    assert verified["head"] == {"version": rolled["version"], "head_hash": rolled["head_hash"]}
    assert verified["version"] == verified["events"] == rolled["version"]
    assert verified["head_hash"] == rolled["head_hash"]

    seq = rolled["events"][0]["seq"]
    proof = (await campaign.get(f"/rolls/{seq}")).json()
    assert set(proof) == PROOF and proof["campaign_id"] == campaign.id and proof["seq"] == seq
    assert all(set(die) == PROOF_DIE for die in proof["dice"])


async def test_a_revealed_proof_recomputes_by_the_letter_of_fairness(campaign: Campaign) -> None:
    """docs/api.md "Roll proofs" for the keys; docs/fairness.md (tests/support/docs_verifier.py) for the values."""
    contributed = await campaign.ok({"type": "contribute_entropy", "entropy": "Ave Imperator! Post #4512"})
    rolled = await campaign.ok({"type": "roll", "expression": "3d10+1d5", "reason": "proof"})
    seed = (await campaign.ok({"type": "reveal_dice_seed"}))["result"]["revealed_seed"]
    seq = rolled["events"][0]["seq"]
    proof = (await campaign.get(f"/rolls/{seq}")).json()
    entropy = docs_verifier.fold_entropy("0" * 64, "Ave Imperator! Post #4512")
    assert set(proof["entropy"]) == {"digest", "digest_recomputed", "matches", "count", "omitted", "start_seq",
                                     "start_digest", "contributions", "contributions_url"}
    assert proof["entropy"]["count"] == 1 and proof["entropy"]["omitted"] == 0
    assert proof["entropy"]["start_seq"] is None and proof["entropy"]["start_digest"] == "0" * 64
    assert proof["entropy"]["contributions_url"] == f"/campaigns/{campaign.id}/rolls/{seq}/contributions"
    assert proof["entropy"]["digest"] == entropy and proof["entropy"]["matches"] is True
    assert [set(c) for c in proof["entropy"]["contributions"]] == [{"seq", "actor", "epoch", "entropy", "digest",
                                                                    "digest_recomputed"}]
    assert proof["entropy"]["contributions"][0]["seq"] == contributed["events"][0]["seq"]
    assert proof["seed"] == seed and proof["verified"] is True and proof["nonce"] == seq
    for die in proof["dice"]:
        expected = docs_verifier.die(bytes.fromhex(seed), campaign.id, seq, die["k"], die["sides"], 2, entropy)
        assert die["value"] == die["recomputed"] == expected and die["matches"] is True
        assert all(set(step) == {"attempt", "message", "hmac_sha256", "v", "limit", "accepted", "value"}
                   for step in die["steps"])
        # v and limit are decimal strings: they exceed what JSON readers hold exactly.
        last = die["steps"][-1]
        assert isinstance(last["v"], str) and isinstance(last["limit"], str)
        assert int(last["limit"]) == 2**64 - (2**64 % die["sides"]) and int(last["v"]) < int(last["limit"])


async def test_the_export_reads_by_the_letter_of_audit_format(campaign: Campaign) -> None:
    await campaign.ok(ROLL)
    await campaign.ok({"type": "reveal_dice_seed"})
    response = await campaign.get("/export")
    assert response.status_code == 200
    assert response.headers["content-type"].split(";")[0] == "application/jsonl"
    assert response.headers["content-disposition"] == f'attachment; filename="{campaign.id}.jsonl"'
    text = response.text
    assert text.endswith("\n")
    *records, head = [json.loads(line) for line in text.split("\n")[:-1]]
    for seq, record in enumerate(records, start=1):
        assert set(record) == EVENT_RECORD and record["seq"] == seq and record["campaign_id"] == campaign.id
        assert RECORDED_AT.match(record["recorded_at"]), record["recorded_at"]
    assert set(head) == {"head"} and set(head["head"]) == {"campaign_id", "version", "head_hash"}
    assert head["head"]["version"] == records[-1]["seq"] and head["head"]["head_hash"] == records[-1]["hash"]
    found = docs_verifier.verify_export(text)[campaign.id]
    assert found.ok and found.dice_verified == 2, found.problems
    # The log endpoint answers the same records, with the same fields.
    page = (await campaign.get("/events?after_seq=0&limit=1000")).json()
    assert set(page) == {"version", "events", "next_after_seq"} and page["events"] == records
    assert page["next_after_seq"] == records[-1]["seq"]
    past = (await campaign.get(f"/events?after_seq={records[-1]['seq']}")).json()
    assert past["events"] == [] and past["next_after_seq"] == records[-1]["seq"]


META = {"actor", "role", "post", "command_id", "command_type", "request_digest", "line", "session", "encounter",
        "round", "turn", "turn_character", "dice", "command"}


async def test_every_meta_key_is_one_docs_audit_format_lists(campaign: Campaign) -> None:
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "character_id": "kai"})
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "contribute_entropy", "entropy": "for the Emperor"})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai"]})
    posted = await campaign.client.post(f"/campaigns/{campaign.id}/posts", headers=campaign.auth(),
                                        json={"post": {"id": "f-1", "url": "https://forum.example/t/1#1"},
                                              "text": "Kai waits.\n!roll d100 Awareness"})
    assert posted.status_code == 201, posted.text
    records = [json.loads(line) for line in (await campaign.get("/export")).text.splitlines()[:-1]]
    assert all(set(record["meta"]) <= META for record in records)
    assert all(set(record["meta"]["post"]) == {"id", "url", "author"} for record in records if "post" in record["meta"])
    from_the_post = [r for r in records if r["meta"].get("post", {}).get("id") == "f-1"]
    assert from_the_post and all(r["meta"]["line"] == 2 for r in from_the_post)
    assert {"encounter", "round", "turn", "dice"} <= set(from_the_post[0]["meta"])
    assert set(from_the_post[0]["meta"]["dice"]) == {"epoch", "nonce", "entropy"}


async def test_the_feed_cursor_comes_back_unchanged_when_nothing_new_committed(database_url: str) -> None:
    admin = {"Authorization": "Bearer the-admin-secret"}  # docs/api.md: the feed needs the admin token
    settings = Settings(database_url=database_url, admin_token="the-admin-secret", pool_min=1, pool_max=4)
    async with AsyncTestClient(app=create_app(settings)) as client:
        made = (await client.post("/campaigns", json={"name": "x", "ruleset": "deathwatch"}, headers=admin)).json()
        page = (await client.get("/events?limit=1", headers=admin)).json()
        assert set(page) == {"events", "next"} and len(page["events"]) == 1
        cursor, seen = page["next"], 1
        while True:
            page = (await client.get(f"/events?after={cursor}&limit=2", headers=admin)).json()
            if not page["events"]:
                break
            cursor, seen = page["next"], seen + len(page["events"])
        assert page["next"] == cursor and seen == made["version"]
        problem_of(await client.get("/events?after=garbage", headers=admin), 400, "invalid-request")


@pytest.mark.parametrize(
    ("body", "status", "rule"),
    [({"type": "roll", "expression": "100d1000", "reason": "the limit"}, 201, None),
     ({"type": "roll", "expression": "101d6", "reason": "one die too many"}, 422, "dice_expression"),
     ({"type": "roll", "expression": "1d1001", "reason": "one side too many"}, 422, "dice_expression"),
     ({"type": "contribute_entropy", "entropy": "e" * 200}, 201, None),
     ({"type": "contribute_entropy", "entropy": "e" * 201}, 400, None),
     ({"type": "contribute_entropy", "entropy": ""}, 400, None)],
)
async def test_the_documented_bounds_of_a_command(
    campaign: Campaign, body: dict[str, Any], status: int, rule: str | None
) -> None:
    """docs/api.md: a roll is ≤ 100 dice of ≤ 1000 sides (a 422, rule dice_expression, beyond); entropy is 1–200
    characters (docs/errors.md: a field out of range is a 400)."""
    response = await campaign.command(body)
    if status == 201:
        assert response.status_code == 201, response.text
    elif status == 422:
        assert problem_of(response, 422, "rule-violation")["rule"] == rule
    else:
        assert problem_of(response, 400, "invalid-request")["errors"][0]["key"] == "entropy"


@pytest.mark.parametrize(
    ("post", "header", "status"),
    [({"id": "p" * 200, "url": "https://f.example/" + "u" * 1982, "author": "a" * 200}, "k" * 200, 201),
     ({"id": "p" * 201}, None, 400), ({"url": "https://f.example/" + "u" * 1983}, None, 400),
     ({"author": "a" * 201}, None, 400),
     # docs/api.md: the url is an absolute http(s) url; names and ids are one line.
     ({"url": "u" * 2000}, None, 400), ({"url": "javascript:alert(1)"}, None, 400),
     ({"id": "p\n1"}, None, 400), ({"author": "Ana\u202e"}, None, 400),
     ({"id": ""}, None, 400), ({"id": "p", "thread": 7}, None, 400), (None, "k" * 201, 400), (None, "", 400)],
)
async def test_the_post_reference_and_the_key_have_the_documented_bounds(
    campaign: Campaign, post: dict[str, Any] | None, header: str | None, status: int
) -> None:
    body = {**ROLL, **({"post": post} if post is not None else {})}
    response = await campaign.command(body, **({"Idempotency-Key": header} if header is not None else {}))
    if status == 201:
        assert response.status_code == 201, response.text
        assert response.json()["events"][0]["idempotency_key"] == header  # the header wins over post.id
    else:
        problem_of(response, 400, "invalid-request")


async def test_a_stale_expected_encounter_version_is_a_version_conflict_with_both_versions(
    campaign: Campaign,
) -> None:
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "character_id": "kai"})
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai"]})
    current = (await campaign.get("/encounters/gate")).json()["encounter_version"]
    response = await campaign.command({"type": "undo_turn", "encounter": "gate",
                                       "expected_encounter_version": current + 5})
    body = problem_of(response, 409, "version-conflict")
    assert (body["expected_encounter_version"], body["current_encounter_version"]) == (current + 5, current)


async def test_an_internal_command_sent_over_http_is_not_a_command_type(new_campaign: Any) -> None:
    """docs/errors.md (rule internal_command): wng_start_session is part of start_session, not a type to send."""
    campaign = await new_campaign("wrath_and_glory")
    response = await campaign.command({"type": "wng_start_session"})
    assert problem_of(response, 400, "invalid-request")["errors"][0]["key"] == "type"


@pytest.mark.parametrize("kind", ["retract", "reinstate"])
async def test_a_correction_naming_an_event_the_log_does_not_hold_is_404(campaign: Campaign, kind: str) -> None:
    """docs/errors.md: 404 not-found for a command naming an unknown event."""
    response = await campaign.command({"type": kind, "seqs": [999], "reason": "a typo"})
    assert "999" in problem_of(response, 404, "not-found")["detail"]


@pytest.mark.parametrize(("tier", "status"), [(1, 201), (5, 201), (0, 422), (6, 422), ("3", 422)])
async def test_the_wrath_and_glory_tier_is_one_to_five(client: Any, tier: Any, status: int) -> None:
    response = await client.post("/campaigns", json={"name": "Tier", "ruleset": "wrath_and_glory",
                                                     "options": {"tier": tier}})
    if status == 201:
        assert response.status_code == 201, response.text
    else:
        assert problem_of(response, 422, "rule-violation")["rule"] == "campaign_options"


@pytest.mark.parametrize(
    ("ruleset", "options", "status"),
    [("wrath_and_glory", {"tier": None}, 400), ("wrath_and_glory", {"tier": 2.5}, 400),
     ("wrath_and_glory", {"tier": [3]}, 400), ("deathwatch", {"x" * 65: 1}, 400),
     ("wrath_and_glory", {"tier": "3"}, 422), ("deathwatch", {"charge_bonus": "x"}, 422),
     ("deathwatch", {"colour": "red"}, 422), ("deathwatch", {"players_may_undo_own_turn": 1}, 422),
     ("dark_heresy", {"charge_bonus": 20, "degrees_rule": "dark_heresy_2e", "players_may_undo_own_turn": True}, 201)],
)
async def test_campaign_options_are_refused_as_docs_api_tells(
    client: Any, ruleset: str, options: dict[str, Any], status: int
) -> None:
    response = await client.post("/campaigns", json={"name": "Options", "ruleset": ruleset, "options": options})
    if status == 201:
        assert response.status_code == 201, response.text
    elif status == 400:
        problem_of(response, 400, "invalid-request")
    else:
        assert problem_of(response, 422, "rule-violation")["rule"] == "campaign_options"


async def test_time_travel_by_post_and_by_turn(campaign: Campaign) -> None:
    """docs/api.md and docs/history.md: ?at_post= is the state after that post's last event; ?at_turn= names
    <encounter>/<round>/<turn>; a post or turn no event has is a 404; two points at once a 400."""
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "character_id": "kai"})
    noted = await campaign.ok({"type": "gm_note", "text": "the hive stirs", "post": {"id": "p-77"}})
    await campaign.ok({"type": "gm_note", "text": "later"})
    at_post = (await campaign.get("/state?at_post=p-77")).json()
    assert at_post["version"] == noted["version"]
    character = await campaign.get("/characters/kai?at_post=p-77")
    assert character.status_code == 200 and character.json()["version"] == noted["version"]
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai"]})
    first = await campaign.ok({"type": "gm_note", "text": "Kai's turn begins"})
    last = await campaign.ok({"type": "gm_note", "text": "and goes on"})
    meta = first["events"][0]["meta"]
    assert (last["events"][0]["meta"]["round"], last["events"][0]["meta"]["turn"]) == (meta["round"], meta["turn"])
    at_turn = await campaign.get(f"/state?at_turn=gate/{meta['round']}/{meta['turn']}")
    assert at_turn.status_code == 200 and at_turn.json()["version"] == last["version"]  # the end of that turn
    problem_of(await campaign.get("/state?at_post=never-posted"), 404, "not-found")
    problem_of(await campaign.get("/state?at_turn=gate/99/1"), 404, "not-found")
    problem_of(await campaign.get("/state?at_turn=gate-1-1"), 400, "invalid-request")
    problem_of(await campaign.get("/state?at_seq=1&at_post=p-77"), 400, "invalid-request")


@pytest.mark.parametrize("if_match", ['"9223372036854775808"', '"99999999999999999999999"', "W/\"1e3\""])
async def test_an_if_match_no_version_can_be_is_400(campaign: Campaign, if_match: str) -> None:
    response = await campaign.command({"type": "gm_note", "text": "x"}, **{"If-Match": if_match})
    assert "If-Match" in problem_of(response, 400, "invalid-request")["detail"]


async def test_an_if_match_the_log_could_hold_but_is_not_the_head_is_409(campaign: Campaign) -> None:
    response = await campaign.command({"type": "gm_note", "text": "x"}, **{"If-Match": '"9223372036854775807"'})
    body = problem_of(response, 409, "version-conflict")
    assert body["expected_version"] == 2**63 - 1 and body["current_version"] == 3


@pytest.mark.parametrize("content_type", ["application/json", "text/plain", "application/octet-stream", None])
async def test_a_json_body_is_read_whatever_its_content_type(campaign: Campaign, content_type: str | None) -> None:
    """docs/api.md: bodies are JSON, read as JSON whatever the Content-Type says."""
    headers = {**campaign.auth(), **({"Content-Type": content_type} if content_type else {})}
    response = await campaign.client.post(f"/campaigns/{campaign.id}/commands", headers=headers,
                                          content=json.dumps({"type": "gm_note", "text": "x"}).encode())
    assert response.status_code == 201, response.text


async def test_a_form_body_is_not_json(campaign: Campaign) -> None:
    response = await campaign.client.post(f"/campaigns/{campaign.id}/commands", data={"type": "gm_note", "text": "x"},
                                          headers=campaign.auth())
    assert "JSON" in problem_of(response, 400, "bad-request")["detail"]


@pytest.mark.parametrize("path", ["/commands", "/participants", "/posts"])
async def test_an_empty_body_is_a_bad_request_that_says_to_send_json(campaign: Campaign, path: str) -> None:
    response = await campaign.client.post(f"/campaigns/{campaign.id}{path}", content=b"",
                                          headers={**campaign.auth(), "Content-Type": "application/json"})
    assert "JSON" in problem_of(response, 400, "bad-request")["detail"]


@pytest.mark.parametrize("alias", ["upper", "no-hyphens", "braces", "unknown"])
async def test_an_unknown_or_non_canonical_campaign_is_404_with_or_without_a_token(
    campaign: Campaign, alias: str
) -> None:
    spelled = {"upper": campaign.id.upper(), "no-hyphens": campaign.id.replace("-", ""),
               "braces": "{" + campaign.id + "}", "unknown": "00000000-0000-4000-8000-000000000000"}[alias]
    for headers in ({}, campaign.auth(), {"Authorization": "Bearer lxm_wrong"}):
        for path in ("", "/state", "/export"):
            body = problem_of(await campaign.client.get(f"/campaigns/{spelled}{path}", headers=headers),
                              404, "campaign-not-found")
            if alias != "unknown":
                assert campaign.id in body["detail"]  # the detail names the canonical spelling
        command = await campaign.client.post(f"/campaigns/{spelled}/commands", json={"type": "gm_note", "text": "x"},
                                             headers=headers)
        problem_of(command, 404, "campaign-not-found")


POST_ANSWER = {"version", "head_hash", "replayed", "lang", "results", "reply", "events", "post_id_shared"}
POST_RESULT = {"line", "source", "type", "result", "rendered", "rendered_markdown", "rendered_bbcode"}
PROBLEM_MEMBERS = {"type", "title", "status", "detail", "instance"}


async def test_a_forum_post_answers_and_refuses_as_docs_api_tells(campaign: Campaign) -> None:
    player = await campaign.invite("Ana", "player")
    post = {"post": {"id": "f7-p1201", "url": "https://forum.example/t/7#p1201", "author": "Ana"},
            "text": "Kai opens fire.\n!roll 2d10+3 bolter damage"}
    sent = await campaign.client.post(f"/campaigns/{campaign.id}/posts", json=post, headers=campaign.auth(player))
    assert sent.status_code == 201 and set(sent.json()) == POST_ANSWER, sent.text
    answer = sent.json()
    assert answer["replayed"] is False and answer["lang"] == "en" and set(answer["reply"]) == {"bbcode", "markdown"}
    assert [set(r) for r in answer["results"]] == [POST_RESULT] and answer["results"][0]["line"] == 2
    assert set(answer["results"][0]["rendered"]) == {"en", "es"}

    again = await campaign.client.post(f"/campaigns/{campaign.id}/posts", json=post, headers=campaign.auth(player))
    assert again.status_code == 200 and again.json() == {**answer, "replayed": True}

    # An edited post, in Spanish: the 409 is in the post's language whatever Accept-Language says.
    edited = {**post, "text": "!tirar 2d10+4 daño"}
    conflict = await campaign.client.post(f"/campaigns/{campaign.id}/posts", json=edited,
                                          headers={**campaign.auth(player), "Accept-Language": "en"})
    body = problem_of(conflict, 409, "idempotency-conflict")
    assert set(body) == PROBLEM_MEMBERS | {"idempotency_key"} and body["idempotency_key"] == "f7-p1201"
    assert conflict.headers["content-language"] == "es"
    # A post id is its author's: the same post from another participant is that participant's post, and
    # the answer names who else holds the id (docs/api.md, "Forum posts").
    other = await campaign.client.post(f"/campaigns/{campaign.id}/posts", json=post, headers=campaign.auth())
    assert other.status_code == 201 and other.json()["events"][0]["meta"]["actor"] == "gm"
    shared = other.json()["post_id_shared"]
    ana = answer["events"][0]["meta"]["actor"]
    assert set(shared) == {"participants", "note"} and shared["participants"] == [{"participant_id": ana, "name": "Ana"}]
    assert ana in shared["note"] and "f7-p1201" in shared["note"]


async def test_a_forum_posts_refusals_carry_the_documented_members(campaign: Campaign) -> None:
    async def send(text: str, **headers: str) -> httpx.Response:
        return await campaign.client.post(f"/campaigns/{campaign.id}/posts", json={"post": {"id": text[:20]},
                                          "text": text}, headers={**campaign.auth(), **headers})

    unreadable = problem_of(await send("!esquivr"), 422, "unreadable-line")
    assert set(unreadable) == PROBLEM_MEMBERS | {"line", "source", "code", "word", "suggestions", "errors", "lang"}
    assert unreadable["lang"] == "es" and unreadable["suggestions"] == ["esquivar"]

    refused = problem_of(await send("!end-session"), 422, "line-refused")
    assert set(refused) == PROBLEM_MEMBERS | {"line", "source", "kind", "rule", "reason", "lang"}
    assert refused["kind"] == "rule-violation" and refused["rule"] == "one_session_at_a_time"
    assert refused["lang"] == "en" and refused["line"] == 1 and refused["source"] == "end-session"
    assert refused["reason"] and refused["reason"] in refused["detail"]

    observer = await campaign.invite("Olga", "observer")
    watched = await campaign.client.post(f"/campaigns/{campaign.id}/posts", json={"post": {"id": "o-1"},
                                         "text": "!roll d10 luck"}, headers=campaign.auth(observer))
    assert problem_of(watched, 422, "line-refused")["kind"] == "forbidden"

    english = await send("just words")
    spanish = await send("solo palabras", **{"Accept-Language": "es"})
    for response, lang in ((english, "en"), (spanish, "es")):
        body = problem_of(response, 422, "no-commands")
        assert set(body) == PROBLEM_MEMBERS | {"version", "head_hash"} and body["version"] == 4
        assert response.headers["content-language"] == lang
    assert problem_of(spanish, 422, "no-commands")["detail"] != problem_of(english, 422, "no-commands")["detail"]


@pytest.mark.parametrize(
    ("method", "url"),
    [("get", "/state?at_post=p%00"), ("get", "/state?at_turn=a%00/1/1"), ("get", "/characters/x?at_post=%00"),
     ("get", "/transcript?encounter=%00"), ("get", "/state?share=lxs_%00"), ("get", "/state?x%00=1"),
     ("get", "/state?at_post=%00&at_post=1"), ("delete", "/share-links/%00"), ("get", "/characters/%00")],
)
async def test_a_nul_in_the_url_is_invalid_request_never_a_500(campaign: Campaign, method: str, url: str) -> None:
    """docs/errors.md: 400 invalid-request for text containing U+0000, wherever it is sent."""
    response = await getattr(campaign.client, method)(f"/campaigns/{campaign.id}{url}", headers=campaign.auth())
    assert "NUL" in problem_of(response, 400, "invalid-request")["detail"]


FRAME = {"seq", "type", "summary", "recorded_at", "post", "actor", "actor_name", "session", "encounter", "round",
         "turn", "dice", "dice_told", "minor", "proof", "entropy_from", "entropy_count", "effects", "standing",
         "changes", "undone", "undone_by", "undone_by_actor", "undone_by_name", "undone_by_retraction", "refused"}


async def test_a_json_transcript_answers_docs_history_keys(campaign: Campaign) -> None:
    await campaign.ok({"type": "start_session", "title": "Into the hive"})
    rolled = await campaign.ok({**ROLL, "post": {"id": "t-1", "url": "https://forum.example/t/1#1"}})
    await campaign.ok({"type": "retract", "seqs": [rolled["events"][0]["seq"]], "reason": "wrong thread"})
    transcript = (await campaign.get("/transcript?session=1&lang=es")).json()
    assert set(transcript) == {"title", "lang", "frames", "head"} and transcript["lang"] == "es"
    assert all(set(frame) == FRAME for frame in transcript["frames"])
    assert transcript["head"] == {"version": (await campaign.get("")).json()["version"],
                                  "head_hash": (await campaign.get("")).json()["head_hash"]}
    roll = next(f for f in transcript["frames"] if f["seq"] == rolled["events"][0]["seq"])
    assert [set(d) for d in roll["dice"]] == [{"k", "sides", "value"}] * 2


@pytest.mark.parametrize("format_", ["markdown", "bbcode"])
async def test_text_transcripts_name_their_charset_once(campaign: Campaign, format_: str) -> None:
    await campaign.ok({"type": "start_session", "title": "Into the hive"})
    await campaign.ok(ROLL)
    response = await campaign.get(f"/transcript?session=1&format={format_}")
    expected = {"markdown": "text/markdown; charset=utf-8", "bbcode": "text/plain; charset=utf-8"}[format_]
    assert response.status_code == 200 and response.headers["content-type"] == expected


async def test_a_mission_answers_its_documented_keys_and_text_types(campaign: Campaign) -> None:
    await campaign.ok({"type": "mission_create", "mission_id": "relay", "title": "Silent Relay",
                       "briefing": "Destroy the ork relay.", "squad": []})
    as_json = await campaign.get("/missions/relay")
    assert as_json.headers["content-type"] == "application/json"
    assert set(as_json.json()) == {"version", "mission", "report", "proofs"}
    for format_, expected in (("markdown", "text/markdown; charset=utf-8"), ("bbcode", "text/plain; charset=utf-8")):
        response = await campaign.get(f"/missions/relay?format={format_}&lang=es")
        assert response.status_code == 200 and response.headers["content-type"] == expected


async def test_an_encounter_read_answers_its_documented_keys(campaign: Campaign) -> None:
    await campaign.ok({"type": "create_character", "name": "Brother Kai", "character_id": "kai"})
    await campaign.ok({"type": "start_session"})
    await campaign.ok({"type": "d100_start_encounter", "encounter_id": "gate", "participants": ["kai"]})
    encounter = (await campaign.get("/encounters/gate")).json()
    assert set(encounter) == {"version", "encounter", "position", "turns", "redo", "encounter_version", "rules"}


async def test_share_links_answer_and_refuse_as_documented(campaign: Campaign) -> None:
    version = (await campaign.get("")).json()["version"]
    created = await campaign.client.post(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())
    assert created.status_code == 201 and set(created.json()) == SHARE_CREATED
    link = created.json()
    key, link_id = link["key"], link["link_id"]
    assert link["revoked_at"] is None and link["label"] is None
    # Absolute under the address the request reached (no LEXMECHANIC_PUBLIC_URL here): pasted, they work.
    base = "http://testserver.local"
    assert link["url"] == f"{base}/campaigns/{campaign.id}?share={key}"
    assert link["transcript_url"] == f"{base}/campaigns/{campaign.id}/transcript?format=bbcode&share={key}"
    assert link["page_url"] == f"{base}/ui/campaigns/{campaign.id}?share={key}"
    page = await campaign.client.get(link["page_url"])
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    labelled = await campaign.client.post(f"/campaigns/{campaign.id}/share-links", json={"label": "thread 7"},
                                          headers=campaign.auth())
    assert labelled.status_code == 201 and labelled.json()["label"] == "thread 7"
    # A share key reads; /me and /share-links need a token.
    assert (await campaign.client.get(f"/campaigns/{campaign.id}/state?share={key}")).status_code == 200
    for path in ("/me", "/share-links"):
        problem_of(await campaign.client.get(f"/campaigns/{campaign.id}{path}?share={key}"), 401, "unauthenticated")

    revoked = await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{link_id}", headers=campaign.auth())
    assert revoked.status_code == 204 and revoked.content == b""
    problem_of(await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{link_id}",
                                            headers=campaign.auth()), 404, "not-found")
    problem_of(await campaign.client.get(f"/campaigns/{campaign.id}?share={key}"), 401, "unauthenticated")
    listed = (await campaign.client.get(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())).json()
    assert set(listed) == {"links"} and [entry["link_id"] for entry in listed["links"]][0] == link_id
    assert all(set(entry) == SHARE_LISTED for entry in listed["links"])
    first = listed["links"][0]
    assert first["revoked_at"] is not None and first["url"] is None and first["transcript_url"] is None
    assert first["page_url"] is None
    assert (await campaign.get("")).json()["version"] == version  # a share link is not an event


PUBLIC = "https://dice.example.org"


async def test_permalinks_open_through_the_newest_valid_share_link(app_database_url: str) -> None:
    """docs/api.md: with LEXMECHANIC_PUBLIC_URL every permalink is absolute and opens through the campaign's
    newest valid share link; without one it is absolute and needs a token."""
    settings = Settings(database_url=app_database_url, pool_min=1, pool_max=2, public_url=PUBLIC + "/")
    async with AsyncTestClient(app=create_app(settings)) as client:
        created = await client.post("/campaigns", json={"name": "Thread", "ruleset": "deathwatch"})
        campaign = Campaign(client, created.json())

        async def proof_of_a_roll() -> tuple[str, str, int]:
            compact = await campaign.command(ROLL, Prefer="return=minimal")
            seq = compact.json()["result"]["rolls"][0]["seq"]
            full = (await campaign.command({**ROLL, "reason": "again"})).json()
            assert compact.json()["result"]["rolls"][0]["proof"] in compact.json()["result"]["rendered"]["es"]
            return compact.json()["result"]["rolls"][0]["proof"], full["proof"], seq

        async def new_link() -> dict[str, Any]:
            made: dict[str, Any] = (await client.post(f"/campaigns/{campaign.id}/share-links",
                                                      headers=campaign.auth())).json()
            return made

        page = f"{PUBLIC}/ui/campaigns/{campaign.id}/rolls/"
        compact, _, seq = await proof_of_a_roll()
        assert compact == f"{page}{seq}"
        older, newer = await new_link(), await new_link()
        compact, full, seq = await proof_of_a_roll()
        assert compact == f"{page}{seq}?share={newer['key']}" and full == f"{page}{seq + 1}?share={newer['key']}"
        await client.delete(f"/campaigns/{campaign.id}/share-links/{newer['link_id']}", headers=campaign.auth())
        compact, _, seq = await proof_of_a_roll()
        assert compact == f"{page}{seq}?share={older['key']}"
        await client.delete(f"/campaigns/{campaign.id}/share-links/{older['link_id']}", headers=campaign.auth())
        compact, _, seq = await proof_of_a_roll()
        assert compact == f"{page}{seq}"


async def test_the_schema_shows_a_command_answer_as_docs_api_tells_it(client: Any) -> None:
    schema = (await client.get("/schema/openapi.json")).json()
    answers = schema["paths"]["/campaigns/{campaign_id}/commands"]["post"]["responses"]
    for status in ("201", "200"):
        examples = answers[status]["content"]["application/json"]["examples"]
        for example in examples.values():
            shown = example["value"]
            assert set(shown) == FULL_ANSWER
            assert shown["proof"].startswith("/ui/campaigns/")
            assert set(shown["result"]["rendered"]) == {"en", "es"}
            assert all(roll["proof"].startswith("/ui/campaigns/") for roll in shown["result"]["rolls"])


# --- Problem documents in the reader's language (docs/errors.md, "Language") -----------------------------------

Send = Callable[[Campaign, dict[str, str], str], Awaitable[httpx.Response]]
COMMANDS_LIMIT = 6_500_000  # docs/api.md, "Limits": the bytes of body POST /commands reads; over it, a 413


def _with(url: str, query: str) -> str:
    """`url` with the query `lang=…` added, if any."""
    return f"{url}{'&' if '?' in url else '?'}{query}" if query else url


def _post(path: str, body: bytes, token: bool = True) -> Send:
    async def send(campaign: Campaign, headers: dict[str, str], query: str) -> httpx.Response:
        auth = campaign.auth() if token else {}
        return await campaign.client.post(_with(f"/campaigns/{campaign.id}{path}", query), content=body,
                                          headers={**auth, "Content-Type": "application/json", **headers})
    return send


def _get(path: str) -> Send:
    async def send(campaign: Campaign, headers: dict[str, str], query: str) -> httpx.Response:
        return await campaign.client.get(_with(path.replace("{id}", campaign.id), query),
                                         headers={**campaign.auth(), **headers})
    return send


async def _upper_case_id(campaign: Campaign, headers: dict[str, str], query: str) -> httpx.Response:
    return await campaign.client.get(_with(f"/campaigns/{campaign.id.upper()}", query),
                                     headers={**campaign.auth(), **headers})


async def _as_observer(campaign: Campaign, headers: dict[str, str], query: str) -> httpx.Response:
    token = await campaign.invite("Olga", "observer")
    return await campaign.client.post(_with(f"/campaigns/{campaign.id}/commands", query),
                                      json={"type": "gm_note", "text": "x"},
                                      headers={**campaign.auth(token), **headers})


async def _revoked(campaign: Campaign, headers: dict[str, str], query: str) -> httpx.Response:
    link = (await campaign.client.post(f"/campaigns/{campaign.id}/share-links", headers=campaign.auth())).json()
    await campaign.client.delete(f"/campaigns/{campaign.id}/share-links/{link['link_id']}", headers=campaign.auth())
    return await campaign.client.get(_with(f"/campaigns/{campaign.id}/state?share={link['key']}", query),
                                     headers=headers)


async def _replayed_with_other_body(campaign: Campaign, headers: dict[str, str], query: str) -> httpx.Response:
    await campaign.ok({**ROLL, "post": {"id": "p-9"}})
    return await campaign.client.post(_with(f"/campaigns/{campaign.id}/commands", query),
                                      json={**ROLL, "reason": "edited", "post": {"id": "p-9"}},
                                      headers={**campaign.auth(), **headers})


async def _delete_campaigns(campaign: Campaign, headers: dict[str, str], query: str) -> httpx.Response:
    return await campaign.client.delete(_with("/campaigns", query), headers=headers)


REFUSALS: dict[str, tuple[Send, int, str]] = {
    "no token": (_post("/commands", b'{"type": "gm_note", "text": "x"}', token=False), 401, "unauthenticated"),
    "a revoked share link": (_revoked, 401, "unauthenticated"),
    "an observer's command": (_as_observer, 403, "forbidden"),
    "a non-canonical campaign id": (_upper_case_id, 404, "campaign-not-found"),
    "an unknown route": (_get("/campaigns/{id}/nowhere"), 404, "not-found"),
    "an unknown character": (_get("/campaigns/{id}/characters/ghost"), 404, "not-found"),
    "a seq that rolled no dice": (_get("/campaigns/{id}/rolls/1"), 404, "not-found"),
    "a wrong method": (_delete_campaigns, 405, "method-not-allowed"),
    "an unknown field": (_post("/commands", b'{"type": "gm_note", "text": "x", "bogus": 1}'), 400, "invalid-request"),
    "an unknown command type": (_post("/commands", b'{"type": "summon_daemon"}'), 400, "invalid-request"),
    "a bad query parameter": (_get("/campaigns/{id}/state?at_seq=0"), 400, "invalid-request"),
    "the global feed where no admin token is set": (_get("/events"), 403, "forbidden"),
    "malformed JSON": (_post("/commands", b"{bad"), 400, "bad-request"),
    "an empty body": (_post("/commands", b""), 400, "bad-request"),
    "JSON nested too deep": (_post("/commands", b"[" * 40 + b"]" * 40), 400, "bad-request"),
    "an integer beyond the log": (_post("/commands", b'{"type": "retract", "seqs": [1' + b"0" * 30 + b'], '
                                                     b'"reason": "x"}'), 400, "invalid-request"),
    "a stale expected_version": (_post("/commands", b'{"type": "gm_note", "text": "x", "expected_version": 1}'),
                                 409, "version-conflict"),
    "a reused idempotency key": (_replayed_with_other_body, 409, "idempotency-conflict"),
    "a rule": (_post("/commands", b'{"type": "end_session"}'), 422, "rule-violation"),
    "a body over the route's limit": (_post("/commands", b" " * (COMMANDS_LIMIT + 1)), 413, "too-large"),
}


async def test_a_body_of_exactly_the_routes_limit_is_read(campaign: Campaign) -> None:
    """Over the limit is a 413; the limit itself is read (here: whitespace, so not JSON)."""
    response = await _post("/commands", b" " * COMMANDS_LIMIT)(campaign, {}, "")
    problem_of(response, 400, "bad-request")


@pytest.mark.parametrize("asked", ["Accept-Language", "lang"])
@pytest.mark.parametrize("case", sorted(REFUSALS))
async def test_every_refusal_is_in_spanish_when_the_request_asks(
    client: Any, new_campaign: Any, case: str, asked: str
) -> None:
    send, status, slug = REFUSALS[case]
    english_campaign, spanish_campaign = await new_campaign("deathwatch"), await new_campaign("deathwatch")
    english = await send(english_campaign, {}, "")
    headers, query = ({"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}, "") if asked == "Accept-Language" \
        else ({"Accept-Language": "en"}, "lang=es")
    spanish = await send(spanish_campaign, headers, query)
    in_english, in_spanish = problem_of(english, status, slug), problem_of(spanish, status, slug)
    assert english.headers["content-language"] == "en" and spanish.headers["content-language"] == "es"
    assert "Accept-Language" in spanish.headers["vary"]
    assert in_spanish["detail"] != in_english["detail"].replace(english_campaign.id, spanish_campaign.id)
    # Only `detail` (and `instance`, the path asked) depends on the language and the campaign.
    same = {k: v for k, v in in_english.items() if k not in ("detail", "instance")}
    assert {k: v for k, v in in_spanish.items() if k not in ("detail", "instance")} == json.loads(
        json.dumps(same).replace(english_campaign.id, spanish_campaign.id))
    if status == 401:
        assert spanish.headers["www-authenticate"].startswith("Bearer")


async def test_a_spanish_rule_violation_keeps_the_rules_english_message_in_parentheses(campaign: Campaign) -> None:
    english = problem_of(await campaign.command({"type": "end_session"}), 422, "rule-violation")
    spanish = problem_of(await campaign.command({"type": "end_session"}, **{"Accept-Language": "es"}), 422,
                         "rule-violation")
    assert spanish["rule"] == english["rule"] == "one_session_at_a_time"
    assert spanish["detail"].endswith(f"({english['detail']})") and spanish["detail"] != f"({english['detail']})"


@pytest.mark.parametrize(
    ("accept", "lang"),
    [("es", "es"), ("es-MX", "es"), ("en-GB,en;q=0.9,es;q=0.8", "en"), ("fr,es;q=0.5", "es"), ("fr", "en"),
     ("", "en"), ("es;q=0.5,en;q=0.5", "en"), ("es;q=bogus,en;q=0.1", "en"), ("es;q=inf,en;q=0.1", "en"),
     ("es;q=nan", "en"), ("en;q=0,es;q=0.2", "es"), ("es;q=0", "en")],
)
async def test_accept_language_picks_the_better_of_english_and_spanish(
    campaign: Campaign, accept: str, lang: str
) -> None:
    response = await campaign.client.get(f"/campaigns/{campaign.id}/nowhere", headers={"Accept-Language": accept})
    problem_of(response, 404, "not-found")
    assert response.headers["content-language"] == lang


async def test_lang_in_the_query_wins_over_accept_language(campaign: Campaign) -> None:
    response = await campaign.client.get(f"/campaigns/{campaign.id}/nowhere?lang=en", headers={"Accept-Language": "es"})
    assert response.headers["content-language"] == "en"


async def test_an_outage_is_told_in_spanish_and_health_says_when_to_look_again(
    campaign: Campaign, database_url: str
) -> None:
    await cut_off(database_url, allow=False)
    try:
        english = await campaign.get("/events")
        spanish = await campaign.client.get(f"/campaigns/{campaign.id}/events",
                                            headers={**campaign.auth(), "Accept-Language": "es"})
        health = await campaign.client.get("/health")
    finally:
        await cut_off(database_url, allow=True)
    in_english = problem_of(english, 503, "service-unavailable")
    assert health.status_code == 503 and health.headers["retry-after"] == "5"
    assert health.headers["content-type"].startswith("application/json") and health.json()["status"] == "unavailable"
    in_spanish = problem_of(spanish, 503, "service-unavailable")
    assert spanish.headers["retry-after"] == "5" and spanish.headers["content-language"] == "es"
    assert in_spanish["detail"] != in_english["detail"]

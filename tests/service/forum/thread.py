"""A forum thread played only through POST /campaigns/{id}/posts: who writes, and what each post answered.

The numbers checks read the events' own data (never the renderer) and look for them in the reply text.
"""

from __future__ import annotations

import json
import re
from itertools import count
from typing import Any

from litestar.testing import AsyncTestClient

_POSTS = count(1)


class Thread:
    """A campaign's forum thread: the GM's and the players' tokens, and a post helper."""

    def __init__(self, client: AsyncTestClient[Any], campaign_id: str, tokens: dict[str, str]) -> None:
        self.client = client
        self.id = campaign_id
        self.tokens = tokens  # author name → token
        self.answers: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, client: AsyncTestClient[Any], name: str, ruleset: str, players: tuple[str, ...],
                   options: dict[str, Any] | None = None) -> Thread:
        made = await client.post("/campaigns", json={"name": name, "ruleset": ruleset, "options": options or {}})
        assert made.status_code == 201, made.text
        body = made.json()
        tokens = {"GM": body["gm_token"]}
        for player in players:
            invited = await client.post(f"/campaigns/{body['campaign_id']}/participants",
                                        json={"name": player, "role": "player"},
                                        headers={"Authorization": f"Bearer {body['gm_token']}"})
            assert invited.status_code == 201, invited.text
            tokens[player] = invited.json()["token"]
        return cls(client, body["campaign_id"], tokens)

    async def send(self, author: str, text: str, post_id: str | None = None, lang: str | None = None) -> Any:
        post = post_id or f"t{next(_POSTS)}"
        body: dict[str, Any] = {"post": {"id": post, "url": f"https://forum.example/t/7#{post}", "author": author},
                                "text": text}
        if lang:
            body["lang"] = lang
        return await self.client.post(f"/campaigns/{self.id}/posts", json=body,
                                      headers={"Authorization": f"Bearer {self.tokens[author]}"})

    async def post(self, author: str, text: str, post_id: str | None = None, lang: str | None = None
                   ) -> dict[str, Any]:
        response = await self.send(author, text, post_id, lang)
        assert response.status_code == 201, response.text
        answer: dict[str, Any] = response.json()
        self.answers.append(answer)
        check_numbers(self, answer)
        return answer

    async def get(self, path: str) -> Any:
        return await self.client.get(f"/campaigns/{self.id}{path}",
                                     headers={"Authorization": f"Bearer {self.tokens['GM']}"})

    async def state(self) -> dict[str, Any]:
        found: dict[str, Any] = (await self.get("/state")).json()
        return found


def sheet(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))


def events(answer: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in answer["events"] if e["type"] == kind]


def md(value: str) -> str:
    """A text as the Markdown reply escapes it (dice faces in brackets)."""
    return re.sub(r"([\\`*_\[\]])", r"\\\1", value)


def check_numbers(thread: Thread, answer: dict[str, Any]) -> None:
    """Every number of the answer's events is in its replies (both markups): rolls against their targets,
    hits and their damage, initiative, W&G icons and the Wrath die, and every roll's proof link; the head
    witness is the answer's own version and hash."""
    markdown, bbcode = answer["reply"]["markdown"], answer["reply"]["bbcode"]
    assert f"v{answer['version']} {answer['head_hash']}" in markdown and answer["head_hash"] in bbcode
    assert answer["version"] == answer["events"][-1]["seq"] and answer["head_hash"] == answer["events"][-1]["hash"]
    for event in answer["events"]:
        data = event["data"]
        wanted: list[str] = []
        match event["type"]:
            case "d100_attack_rolled":
                wanted.append(f"{data['roll']} vs {data['target']}")
                if data["success"] and not data["jammed"]:
                    wanted.append(f"{data['hits']} {'impacto' if answer['lang'] == 'es' else 'hit'}")
            case "d100_damage_applied":
                for hit in data["hits"]:
                    # docs/history.md: each die as rolled, then what it counts for (a d5's d10, the degrees).
                    degrees = "grados" if answer["lang"] == "es" else "degrees"
                    shown = []
                    for index, face in enumerate(hit["faces"]):
                        rolled = hit["dice"][index]["value"]
                        shown.append(f"[{rolled}→{face} {degrees}]" if index == hit["degrees_die"]
                                     else f"[{face}]" if rolled == face else f"[{rolled}→{face}]")
                    faces = "+".join(shown)
                    wanted += [faces, f"= {hit['total']}", f"→ {hit['wounding']}"]
            case "d100_initiative_rolled":
                wanted += [f"{r['total']} ([{r['die']['value']}]+{r['agility_bonus']})" for r in data["rolls"]]
            case "d100_test_rolled" | "d100_reaction_rolled" if data.get("roll") is not None:
                wanted.append(f"{data['roll']} vs {data['target']}")
            case "wng_test_rolled":
                pool = "".join(f"[{d['die']['value']}]" for d in data["dice"] if d["role"] != "wrath")
                wrath = next(d["die"]["value"] for d in data["dice"] if d["role"] == "wrath")
                wanted += [pool, f"[{wrath}]", f"→ {data['icons']} icon", f"{data['dn']}"]
                if wrath == 6:  # its Glory is the pool's change beside it (told once: issue 21)
                    wanted.append("dado de la Ira 6" if answer["lang"] == "es" else "Wrath die 6")
            case "wng_damage_dealt":
                wanted += [f"{data['total']} (", f"{data['resilience']} → {data['wounds']}"]
            case "wng_soak_rolled":
                wanted += ["".join(f"[{d['value']}]" for d in data["dice"]), f"{data['ignored']} "]
            case "wng_damage_applied" if data["members_lost"]:
                wanted += [f"{data['members_lost']} {'miembro' if answer['lang'] == 'es' else 'member'}",
                           f"{data['members_left']} "]
            case "wng_damage_applied":
                wanted += [f"{data['shock_lost']} ", f"{data['wounds']} "]
        if next(_dice(data), None) is not None:
            wanted.append(f"/ui/campaigns/{thread.id}/rolls/{event['seq']}")
        for text in wanted:
            if not text:
                continue
            assert md(text) in markdown or text in markdown, (text, markdown)
            assert text in bbcode, (text, bbcode)


def _dice(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"k", "sides", "value"}:
            yield value
        for item in value.values():
            yield from _dice(item)
    elif isinstance(value, list):
        for item in value:
            yield from _dice(item)

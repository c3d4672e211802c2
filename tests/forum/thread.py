"""A forum thread played only through POST /campaigns/{id}/posts: who writes, and what each post answered."""

from __future__ import annotations

import json
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
        return answer

    async def state(self) -> dict[str, Any]:
        response = await self.client.get(f"/campaigns/{self.id}/state",
                                         headers={"Authorization": f"Bearer {self.tokens['GM']}"})
        found: dict[str, Any] = response.json()
        return found


def sheet(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"))

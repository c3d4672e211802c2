"""The interactive docs work offline and can be read: the page and every asset it loads come from the app, every
command is a named schema with a description and an example the service accepts, and the answers documented
for POST /commands are the ones it really gives."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
import msgspec
import pytest

from service.api.docs_page import ASSETS
from service.api.examples import tag_of
from service.api.schemas import ACCEPTED_COMMANDS, CommandBody
from service.settings import Settings
from tests.support.live_server import live_server

from .conftest import Campaign

DECODER = msgspec.json.Decoder(CommandBody)
BY_TAG = {tag_of(kind): kind for kind in ACCEPTED_COMMANDS}
COMMANDS = "/campaigns/{campaign_id}/commands"


class _References(HTMLParser):
    """Every URL a page makes the browser load or link: src and href attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls.extend(value for name, value in attrs if name in ("src", "href") and value)


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    return not parts.scheme and not parts.netloc and not url.startswith("//")


@pytest.fixture
def service(database_url: str) -> Iterator[str]:
    with live_server(Settings(database_url=database_url, pool_min=1, pool_max=2)) as url:
        yield url


def test_docs_page_and_every_asset_it_references_are_served_by_the_app(service: str) -> None:
    page = httpx.get(f"{service}/schema/swagger")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "http://" not in page.text and "https://" not in page.text
    found = _References()
    found.feed(page.text)
    data = re.search(r'<script type="application/json" id="swagger-options">(.*?)</script>', page.text, re.S)
    assert data is not None
    options = msgspec.json.decode(data.group(1))
    assert options["validatorUrl"] is None
    references = [*found.urls, options["url"]]
    assert len(references) == 6  # two icons, the style sheet, Swagger UI's script and ours, the schema
    fetched: dict[str, httpx.Response] = {}
    for url in references:
        assert _is_local(url), url
        fetched[url] = response = httpx.get(urljoin(f"{service}/schema/swagger", url))
        assert response.status_code == 200 and response.content, url
    types = {url.rsplit(".", 1)[-1]: r.headers["content-type"] for url, r in fetched.items()}
    assert types["js"].startswith("text/javascript") and types["css"].startswith("text/css")
    assert types["png"] == "image/png" and types["json"].startswith("application/vnd.oai.openapi+json")
    css = next(r.text for url, r in fetched.items() if url.endswith(".css"))
    for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", css):
        assert url.startswith("data:"), url  # the style sheet loads nothing else
    assert "sourceMappingURL" not in css
    assert (ASSETS / "LICENSE").read_text().startswith("\n                                 Apache License")
    assert httpx.get(f"{service}/schema/assets/swagger-ui/../../api/docs_page.py").status_code == 404


async def test_every_command_is_a_named_schema_with_a_description_and_an_example_the_service_accepts(
    client: Any,
) -> None:
    schema = (await client.get("/schema/openapi.json")).json()
    body = schema["paths"][COMMANDS]["post"]["requestBody"]["content"]["application/json"]
    components = schema["components"]["schemas"]
    names = [member["$ref"].removeprefix("#/components/schemas/") for member in body["schema"]["oneOf"]]
    assert sorted(names) == sorted(BY_TAG)  # the registry's commands, each once, named by its type
    assert body["schema"]["discriminator"] == {
        "propertyName": "type", "mapping": {tag: f"#/components/schemas/{tag}" for tag in BY_TAG}
    }
    for tag in names:
        command = components[tag]
        assert command["title"] == tag == command["properties"]["type"]["const"]
        assert command["description"] and command["description"] == inspect.cleandoc(BY_TAG[tag].__doc__ or "")
        (example,) = command["examples"]
        assert type(DECODER.decode(msgspec.json.encode(example))) is BY_TAG[tag], tag
        named = body["examples"][tag]
        assert named["value"] == example and named["summary"].startswith(f"{tag}: ")


def _documented(schema: dict[str, Any], status: int) -> dict[str, Any]:
    answer: dict[str, Any] = schema["paths"][COMMANDS]["post"]["responses"][str(status)]
    return answer


async def test_the_answers_documented_for_commands_are_the_ones_it_gives(client: Any, campaign: Campaign) -> None:
    schema = (await client.get("/schema/openapi.json")).json()
    responses = schema["paths"][COMMANDS]["post"]["responses"]
    assert set(responses) == {"200", "201", "400", "401", "403", "404", "409", "422", "503"}
    problem = schema["components"]["schemas"]["Problem"]
    for status in (400, 401, 403, 404, 409, 422, 503):
        content = _documented(schema, status)["content"]
        assert list(content) == ["application/problem+json"]
        assert content["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}
        for example in content["application/problem+json"]["examples"].values():
            assert example["value"]["status"] == status and set(example["value"]) <= set(problem["properties"])

    observer = await campaign.invite("Obs", "observer")
    await campaign.ok({"type": "start_session"})
    roll = {"type": "roll", "expression": "2d10+3", "reason": "bolter damage", "post": {"id": "1042"}}
    real = {
        201: await campaign.command(roll),
        200: await campaign.command(roll),
        400: await campaign.command({"type": "roll", "bogus": 1}),
        401: await campaign.command(roll, token="not-a-token"),
        403: await campaign.command({"type": "gm_note", "text": "x"}, token=observer),
        404: await client.post("/campaigns/2adaa6eb-3c1e-4f6a-9d55-0c7a3b1e9f10/commands", json=roll,
                               headers=campaign.auth()),
        409: await campaign.command({**roll, "reason": "another"}),
        422: await campaign.command({"type": "start_session"}),
    }
    for status, response in real.items():
        assert response.status_code == status, (status, response.text)
        content = _documented(schema, status)["content"]
        (media,) = content
        assert response.headers["content-type"].startswith(media)
        documented = [e["value"] for e in content[media]["examples"].values()]
        answer = response.json()
        if status >= 400:
            assert answer["type"] in {e["type"] for e in documented}, (status, answer["type"])
            assert set(answer) <= set(problem["properties"]), answer
        else:
            # (the schema leaves out an example's null members: `token` is null unless a participant was invited)
            assert set(documented[0]) == {k for k, v in answer.items() if v is not None}
            assert answer["replayed"] == (status == 200) == documented[0]["replayed"]


async def test_every_endpoint_documents_its_problem_documents(client: Any, campaign: Campaign) -> None:
    schema = (await client.get("/schema/openapi.json")).json()
    operations = [(path, method, operation) for path, item in schema["paths"].items()
                  for method, operation in item.items()]
    assert len(operations) >= 19
    for path, method, operation in operations:
        responses = operation["responses"]
        # The premades are answered from memory (no database, so never 503); every other endpoint reads it.
        expected = (set() if path.startswith("/rulesets/") else {"503"}) | (
            {"401", "404"} if path.startswith("/campaigns/{campaign_id}") else set())
        assert expected <= set(responses), (method, path, sorted(responses))
        for status, response in responses.items():
            if status >= "400" and path != "/health":
                assert list(response["content"]) == ["application/problem+json"], (method, path, status)
                assert response["content"]["application/problem+json"]["examples"], (method, path, status)

    def documented(path: str, status: int) -> set[str]:
        content = schema["paths"][path]["get"]["responses"][str(status)]["content"]["application/problem+json"]
        return {example["value"]["type"] for example in content["examples"].values()}

    reads = {
        ("/campaigns/{campaign_id}/state", 400): await campaign.get("/state?at_seq=1&at_post=x"),
        ("/campaigns/{campaign_id}/state", 404): await campaign.get("/state?at_seq=999"),
        ("/campaigns/{campaign_id}/events", 401): await campaign.get("/events", token="not-a-token"),
        ("/campaigns/{campaign_id}/transcript", 404): await campaign.get("/transcript?session=9"),
        ("/campaigns/{campaign_id}/me", 401): await client.get(f"/campaigns/{campaign.id}/me"),
    }
    for (path, status), response in reads.items():
        assert response.status_code == status, response.text
        assert response.json()["type"] in documented(path, status), (path, status, response.json())

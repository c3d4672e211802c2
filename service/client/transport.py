"""HTTP to the service: one bearer token, JSON in and out, every failure a ClientError with its exit code.

A refusal is read from the problem document (docs/errors.md): its `detail` is what the person sees, its
status picks the exit code, and the document itself stays on the error for `--json`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

import httpx

from service.client.exits import UNAVAILABLE, ClientError, exit_code_for

TIMEOUT = 30.0
Params = Mapping[str, str | int | None]


def segment(value: str) -> str:
    """A path segment, percent-encoded (ids and post ids are the user's text)."""
    return quote(value, safe="")


class Api:
    """The service at `base_url`, called with `token`."""

    def __init__(self, base_url: str, token: str | None = None, timeout: float = TIMEOUT) -> None:
        headers = {"User-Agent": "lexmechanic-cli", "Accept": "application/json, application/problem+json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self.base_url = base_url.rstrip("/")
        self._client = httpx.Client(base_url=self.base_url, headers=headers, timeout=timeout)

    def __enter__(self) -> Api:
        return self

    def __exit__(self, *_: object) -> None:
        self._client.close()

    def get(self, path: str, params: Params | None = None) -> Any:
        return self._send("GET", path, params=params).json()

    def text(self, path: str, params: Params | None = None) -> str:
        return self._send("GET", path, params=params).text

    def post(self, path: str, body: Any, params: Params | None = None) -> tuple[int, Any]:
        response = self._send("POST", path, params=params, json=body)
        return response.status_code, response.json()

    def delete(self, path: str, params: Params | None = None) -> None:
        self._send("DELETE", path, params=params)

    def _send(self, method: str, path: str, params: Params | None = None, json: Any = None) -> httpx.Response:
        query = {k: str(v) for k, v in (params or {}).items() if v is not None}
        try:
            response = self._client.request(method, path, params=query, json=json)
        except httpx.TimeoutException as error:
            raise ClientError(UNAVAILABLE, f"{self.base_url} did not answer in time ({error})") from error
        except httpx.TransportError as error:
            raise ClientError(UNAVAILABLE, f"cannot reach {self.base_url}: {error}") from error
        if response.is_success:
            return response
        raise refusal(response)


def refusal(response: httpx.Response) -> ClientError:
    """The ClientError a failed answer means, worded from its problem document when it has one."""
    status = response.status_code
    problem: dict[str, Any] = {}
    try:
        decoded = response.json()
        if isinstance(decoded, dict):
            problem = decoded
    except ValueError:
        pass
    detail = str(problem.get("detail") or response.reason_phrase or f"HTTP {status}")
    line = problem.get("line")
    if line is not None and not re.search(rf"\b{re.escape(str(line))}\b", detail):
        detail = f"line {line}: {detail}"  # a post's refused line, when the detail does not name it already
    if status == 503:
        retry = response.headers.get("Retry-After")
        detail += f" (retry after {retry} s)" if retry and retry not in detail else ""
    return ClientError(exit_code_for(status), detail, problem, status)

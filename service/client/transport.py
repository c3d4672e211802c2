"""HTTP to the service: one bearer token, JSON in and out, every failure a ClientError with its exit code.

The standard library's `http.client` (one kept-alive connection per command) rather than httpx: a command
line tool pays for its imports on every start, and httpx alone cost more than the rest of `lexmechanic post`
(docs/cli.md, "Start time"). A refusal is read from the problem document (docs/errors.md): its `detail` is
what the person sees, its status picks the exit code, and the document itself stays on the error for `--json`.
"""

from __future__ import annotations

import http.client
import json as jsonlib
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from service.client.exits import TIMEOUT, UNAVAILABLE, ClientError, exit_code_for

Params = Mapping[str, str | int | None]


def segment(value: str) -> str:
    """A path segment, percent-encoded (ids and post ids are the user's text)."""
    return quote(value, safe="")


class Answer:
    """One HTTP answer: its status, reason phrase, headers and body."""

    def __init__(self, status: int, body: bytes = b"", headers: Mapping[str, str] | None = None,
                 reason: str = "") -> None:
        self.status = status
        self.body = body
        self.headers = {k.lower(): v for k, v in (headers or {}).items()}
        self.reason = reason or http.client.responses.get(status, "")

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def json(self) -> Any:
        return jsonlib.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class Api:
    """The service at `base_url`, called with `token`."""

    def __init__(self, base_url: str, token: str | None = None, timeout: float = TIMEOUT) -> None:
        self.base_url = base_url.rstrip("/")
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ClientError(UNAVAILABLE, f"{base_url} is not an http(s) URL of the service")
        self._prefix = parts.path
        connection = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        self._connection = connection(parts.hostname, parts.port, timeout=timeout)
        self._headers = {"User-Agent": "lexmechanic-cli", "Accept": "application/json, application/problem+json"}
        if token is not None:
            self._headers["Authorization"] = f"Bearer {token}"

    def __enter__(self) -> Api:
        return self

    def __exit__(self, *_: object) -> None:
        self._connection.close()

    def get(self, path: str, params: Params | None = None) -> Any:
        return self._send("GET", path, params=params).json()

    def text(self, path: str, params: Params | None = None) -> str:
        return self._send("GET", path, params=params).text

    def post(self, path: str, body: Any, params: Params | None = None) -> tuple[int, Any]:
        answer = self._send("POST", path, params=params, json=body)
        return answer.status, answer.json()

    def delete(self, path: str, params: Params | None = None) -> None:
        self._send("DELETE", path, params=params)

    def _send(self, method: str, path: str, params: Params | None = None, json: Any = None) -> Answer:
        query = urlencode({k: str(v) for k, v in (params or {}).items() if v is not None})
        target = f"{self._prefix}{path}" + (f"?{query}" if query else "")
        headers = dict(self._headers)
        body = None
        if json is not None:
            body = jsonlib.dumps(json, ensure_ascii=False).encode()
            headers["Content-Type"] = "application/json"
        try:
            answer = self._exchange(method, target, body, headers)
        except TimeoutError as error:
            self._connection.close()
            raise ClientError(UNAVAILABLE, f"{self.base_url} did not answer in time ({error})") from error
        except (OSError, http.client.HTTPException) as error:
            self._connection.close()
            raise ClientError(UNAVAILABLE, f"cannot reach {self.base_url}: {error}") from error
        if answer.ok:
            return answer
        raise refusal(answer)


    def _exchange(self, method: str, target: str, body: bytes | None, headers: dict[str, str]) -> Answer:
        # A kept-alive connection the service closed while idle fails on its next use, before the service has
        # read anything: the request is sent again, once, on a new connection. (Posts are keyed by their post
        # id, so even a post the service had read would not be recorded twice.)
        for attempt in (1, 2):
            try:
                self._connection.request(method, target, body=body, headers=headers)
                response = self._connection.getresponse()
                return Answer(response.status, response.read(), dict(response.getheaders()), response.reason)
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self._connection.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def refusal(answer: Answer) -> ClientError:
    """The ClientError a failed answer means, worded from its problem document when it has one."""
    status = answer.status
    problem: dict[str, Any] = {}
    try:
        decoded = answer.json()
        if isinstance(decoded, dict):
            problem = decoded
    except ValueError:
        pass
    detail = str(problem.get("detail") or answer.reason or f"HTTP {status}")
    line = problem.get("line")
    if line is not None and not re.search(rf"\b{re.escape(str(line))}\b", detail):
        detail = f"line {line}: {detail}"  # a post's refused line, when the detail does not name it already
    if status == 503:
        retry = answer.headers.get("retry-after")
        detail += f" (retry after {retry} s)" if retry and retry not in detail else ""
    return ClientError(exit_code_for(status), detail, problem, status)

"""HTTP to the service: one bearer token, JSON in and out, every failure a ClientError with its exit code.

HTTP/1.1 over the standard library's `socket` (one kept-alive connection per command), rather than httpx or
`http.client`: a command line tool pays for its imports on every start; httpx alone cost more than the rest
of `lexmechanic post`, and `http.client` brings the `email` package and `ssl` (a third of what was left;
`ssl` is imported here only for an https URL). docs/cli.md, "Start time".

A refusal is read from the problem document (docs/errors.md): its `detail` is what the person sees, its status
picks the exit code, and the document itself stays on the error for `--json`.
"""

from __future__ import annotations

import json as jsonlib
import re
import socket
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

from service.client.exits import TIMEOUT, UNAVAILABLE, ClientError, exit_code_for
from service.client.words import Value, say

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
        self.reason = reason or _phrase(status)

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

    def __init__(self, base_url: str, token: str | None = None, timeout: float = TIMEOUT, lang: object = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.lang = lang  # of the failures this client tells (the service's refusals speak its own)
        parts = urlsplit(self.base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ClientError(UNAVAILABLE, say("client.error.not_service_url", lang, url=base_url))
        self._prefix = parts.path
        self._connection = _Connection(parts.hostname, parts.port, https=parts.scheme == "https", timeout=timeout)
        host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
        self._headers = {"Host": host + (f":{parts.port}" if parts.port else ""), "User-Agent": "lexmechanic-cli",
                         "Accept": "application/json, application/problem+json"}
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
            said = say("client.error.timeout", self.lang, url=self.base_url, reason=str(error))
            raise ClientError(UNAVAILABLE, said) from error
        except (OSError, ProtocolError) as error:
            self._connection.close()
            reason = error.said(self.lang) if isinstance(error, ProtocolError) else str(error)
            said = say("client.error.unreachable", self.lang, url=self.base_url, reason=reason)
            raise ClientError(UNAVAILABLE, said) from error
        if answer.ok:
            return answer
        raise refusal(answer)


    def _exchange(self, method: str, target: str, body: bytes | None, headers: dict[str, str]) -> Answer:
        # A kept-alive connection the service closed while idle fails on its next use, before the service has
        # read anything: the request is sent again, once, on a new connection. (Posts are keyed by their post
        # id, so even a post the service had read would not be recorded twice.)
        for attempt in (1, 2):
            reused = self._connection.open
            try:
                return self._connection.exchange(method, target, body, headers)
            except (Disconnected, BrokenPipeError, ConnectionResetError):
                self._connection.close()
                if attempt == 2 or not reused:
                    raise
        raise AssertionError("unreachable")


class ProtocolError(Exception):
    """The service's answer is not HTTP/1.1 as this client reads it: a case of `client.error.protocol.*`, told
    in the command's language as the reason the service cannot be reached (its `str()`, for a traceback, is
    the English sentence)."""

    def __init__(self, case: str, **params: Value) -> None:
        super().__init__(say(f"client.error.protocol.{case}", "en", **params))
        self.case, self.params = case, params

    def said(self, lang: object) -> str:
        return say(f"client.error.protocol.{self.case}", lang, **self.params)


class Disconnected(ProtocolError, ConnectionError):
    """The connection closed before an answer began (a kept-alive one the service had closed while idle)."""


_MAX_HEADERS = 100


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


def _length(said: str | bytes, base: int) -> int:
    """A Content-Length or a chunk's size; anything but a number of bytes is not HTTP this client reads (and
    not a traceback for the person who ran the command)."""
    try:
        size = int(said, base)
    except ValueError:
        size = -1
    if size < 0:
        raise ProtocolError("bad_length", length=repr(said))
    return size


class _Connection:
    """One HTTP/1.1 connection, opened on first use and kept alive until the service or the command closes it."""

    def __init__(self, host: str, port: int | None, *, https: bool, timeout: float) -> None:
        self.host, self.port, self.https, self.timeout = host, port or (443 if https else 80), https, timeout
        self._socket: socket.socket | None = None
        self._reader: Any = None

    @property
    def open(self) -> bool:
        return self._socket is not None

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        if self._socket is not None:
            self._socket.close()
        self._socket = self._reader = None

    def _connect(self) -> None:
        # An ASCII host goes as bytes: a str is encoded with the idna codec, one more import on every start.
        host: str | bytes = self.host.encode("ascii") if self.host.isascii() else self.host
        raw = socket.create_connection((host, self.port), timeout=self.timeout)  # type: ignore[arg-type]
        if self.https:
            import ssl  # only an https service pays for it

            raw = ssl.create_default_context().wrap_socket(raw, server_hostname=self.host)
        self._socket, self._reader = raw, raw.makefile("rb")

    def exchange(self, method: str, target: str, body: bytes | None, headers: dict[str, str]) -> Answer:
        if self._socket is None:
            self._connect()
        assert self._socket is not None
        lines = [f"{method} {target} HTTP/1.1", *(f"{k}: {v}" for k, v in headers.items())]
        if body is not None or method in ("POST", "PUT", "PATCH"):
            lines.append(f"Content-Length: {len(body or b'')}")
        self._socket.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b""))
        status_line = self._reader.readline(65537)
        if not status_line:
            raise Disconnected("closed")
        version, _, rest = status_line.decode("latin-1").rstrip("\r\n").partition(" ")
        code, _, reason = rest.partition(" ")
        if not version.startswith("HTTP/1.") or not code.isdigit():
            raise ProtocolError("not_http", line=repr(status_line[:80]))
        found: dict[str, str] = {}
        while (line := self._reader.readline(65537)) not in (b"\r\n", b"\n", b""):
            if len(found) >= _MAX_HEADERS or len(line) > 65536:  # as http.client: a bounded head
                raise ProtocolError("head_too_long")
            name, _, value = line.decode("latin-1").partition(":")
            found[name.strip().lower()] = value.strip()
        status = int(code)
        answer = Answer(status, self._body(method, status, found), found, reason.strip())
        if found.get("connection", "").lower() == "close" or version == "HTTP/1.0":
            self.close()
        return answer

    def _body(self, method: str, status: int, headers: dict[str, str]) -> bytes:
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            return b""
        if "chunked" in headers.get("transfer-encoding", "").lower():
            parts = []
            while (size := _length(self._reader.readline(65537).split(b";")[0].strip() or b"0", 16)) > 0:
                parts.append(self._exactly(size))
                self._reader.readline(65537)  # the chunk's CRLF
            while self._reader.readline(65537) not in (b"\r\n", b"\n", b""):  # trailers
                pass
            return b"".join(parts)
        if "content-length" in headers:
            return self._exactly(_length(headers["content-length"], 10))
        body = self._reader.read()  # delimited by the end of the connection
        self.close()
        return bytes(body)

    def _exactly(self, size: int) -> bytes:
        data = self._reader.read(size)
        if len(data) != size:
            raise ProtocolError("cut_short", got=len(data), size=size)
        return bytes(data)


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
        # A post's refused line, when the detail does not name it already (in the problem's language).
        detail = say("client.error.refused_line", problem.get("lang"), line=str(line), detail=detail)
    if status == 503:
        retry = answer.headers.get("retry-after")
        detail = say("client.retry_after", problem.get("lang"), detail=detail, seconds=retry) \
            if retry and retry not in detail else detail
    return ClientError(exit_code_for(status), detail, problem, status)

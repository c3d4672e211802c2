"""The CLI's HTTP/1.1 over a socket (service/client/transport.py): against a scripted server on 127.0.0.1,
answers by Content-Length, chunked and to the end of the connection; the Host header; one kept-alive
connection for a command's requests; a connection the server closed while idle opened again, once."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from service.client.exits import ClientError
from service.client.transport import Api

Reply = Callable[[bytes], bytes | None]  # the raw request → the raw answer (None: close without answering)


@contextmanager
def server(replies: list[Reply | str]) -> Iterator[tuple[int, list[bytes], list[int]]]:
    """Answers requests in order with `replies`; "close" ends the current connection before reading more."""
    listener = socket.create_server(("127.0.0.1", 0))
    requests: list[bytes] = []
    connections: list[int] = []

    def serve() -> None:
        queue = list(replies)
        while queue:
            conn, _ = listener.accept()
            connections.append(1)
            with conn:
                data = b""
                while queue:
                    if queue[0] == "close":
                        queue.pop(0)
                        break
                    while b"\r\n\r\n" not in data:
                        chunk = conn.recv(65536)
                        if not chunk:
                            break
                        data += chunk
                    head, _, data = data.partition(b"\r\n\r\n")
                    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                                   if line.lower().startswith(b"content-length:")), 0)
                    while len(data) < length:
                        data += conn.recv(65536)
                    body, data = data[:length], data[length:]
                    requests.append(head + b"\r\n\r\n" + body)
                    reply = queue.pop(0)
                    assert callable(reply)
                    answer = reply(body)
                    if answer is None:
                        break
                    conn.sendall(answer)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1], requests, connections
    finally:
        thread.join(timeout=5)
        listener.close()


def json_answer(body: bytes, status: str = "200 OK", extra: str = "") -> bytes:
    return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n{extra}\r\n"
            ).encode() + body


def test_one_connection_carries_a_commands_requests_in_each_framing() -> None:
    chunked = (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
               b"4\r\n{\"a\"\r\n3;x=1\r\n: 1\r\n1\r\n}\r\n0\r\n\r\n")
    with server([lambda _: json_answer(b'{"n": 1}'), lambda _: chunked,
                 lambda body: json_answer(body, "201 Created")]) as (port, requests, connections):
        with Api(f"http://127.0.0.1:{port}/base/", token="t0k") as api:
            assert api.get("/one", {"lang": "es", "skip": None}) == {"n": 1}
            assert api.get("/two") == {"a": 1}
            assert api.post("/three", {"word": "señal"}) == (201, {"word": "señal"})
    assert len(connections) == 1
    first = requests[0].decode()
    assert first.startswith("GET /base/one?lang=es HTTP/1.1\r\n")
    assert f"Host: 127.0.0.1:{port}\r\n" in first and "Authorization: Bearer t0k\r\n" in first
    assert requests[2].startswith(b"POST /base/three HTTP/1.1\r\n")
    assert requests[2].endswith('{"word": "señal"}'.encode())


def test_an_answer_to_the_end_of_the_connection_and_a_closed_idle_connection() -> None:
    until_close = b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nplain words"
    with server([lambda _: until_close, "close", lambda _: json_answer(b"[]"), "close",
                 lambda _: json_answer(b'{"again": true}')]) as (port, requests, connections):
        with Api(f"http://127.0.0.1:{port}") as api:
            assert api.text("/page") == "plain words"
            assert api.get("/list") == []
            # The server closed the kept-alive connection while idle: sent again once, on a new one.
            assert api.get("/again") == {"again": True}
    assert len(connections) == 3 and len(requests) == 3


def test_a_refusal_keeps_its_problem_document_and_a_dead_service_is_unavailable() -> None:
    problem = b'{"detail": "no character is called `kia`", "line": 2}'
    with server([lambda _: json_answer(problem, "422 Unprocessable Content")]) as (port, _, _):
        with Api(f"http://127.0.0.1:{port}") as api, pytest.raises(ClientError) as refused:
            api.post("/posts", {})
    assert refused.value.problem["line"] == 2 and "line 2: no character is called `kia`" in str(refused.value)
    closed = socket.create_server(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    with Api(f"http://127.0.0.1:{port}") as api, pytest.raises(ClientError) as down:
        api.get("/health")
    assert "cannot reach" in str(down.value)


def test_an_endless_head_is_refused_not_read_forever() -> None:
    head = "".join(f"X-{i}: y\r\n" for i in range(101))
    with server([lambda _: f"HTTP/1.1 200 OK\r\n{head}Content-Length: 0\r\n\r\n".encode()]) as (port, _, _):
        with Api(f"http://127.0.0.1:{port}") as api, pytest.raises(ClientError) as refused:
            api.get("/health")
    assert "head is too long" in str(refused.value)
    with server([lambda _: f"HTTP/1.1 200 OK\r\n{head}Content-Length: 0\r\n\r\n".encode()]) as (port, _, _):
        with Api(f"http://127.0.0.1:{port}", lang="es") as api, pytest.raises(ClientError) as spanish:
            api.get("/health")
    assert spanish.value.message == \
        f"no se puede conectar con http://127.0.0.1:{port}: la cabecera de la respuesta es demasiado larga"


@pytest.mark.parametrize("head", [b"Content-Length: lots\r\n", b"Content-Length: -3\r\n",
                                  b"Transfer-Encoding: chunked\r\n"])
def test_an_answer_whose_length_is_not_a_number_is_unavailable_not_a_traceback(head: bytes) -> None:
    body = b"zz\r\nhello\r\n0\r\n\r\n" if b"chunked" in head else b""
    with server([lambda _: b"HTTP/1.1 200 OK\r\n" + head + b"\r\n" + body]) as (port, _, _):
        with Api(f"http://127.0.0.1:{port}") as api, pytest.raises(ClientError) as refused:
            api.get("/health")
    assert refused.value.code == 6 and "is not a number of bytes" in refused.value.message

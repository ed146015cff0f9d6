"""What gunicorn answers itself, before the app (wordsvc/server_errors.py), is a problem
document, under every worker class: a raw UTF-8 URL under gthread (the buffered default
encodes it: tests/sessions/test_held_connections.py), a request line that is no HTTP."""

from __future__ import annotations

import json
import socket

import pytest

from tests.servers import HOST, Server


@pytest.fixture(scope="module", params=["gthread", "buffered"])
def server(request, settings, tmp_path_factory):
    database = tmp_path_factory.mktemp("errors") / "sessions.sqlite3"
    options = ("--worker-class", request.param, "--threads", "4")
    server = Server(settings, f"sqlite:///{database}", options=options)
    server.start()
    yield server
    server.stop()


def reply_to(server: Server, sent: bytes) -> tuple[str, dict[str, str], bytes]:
    """The status line, the headers and the body of the one reply to ``sent``."""
    with socket.create_connection((HOST, server.port), timeout=30) as sock:
        sock.sendall(sent)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    return status, headers, body


def test_a_request_line_that_is_no_http_gets_a_problem_document(server):
    status, headers, body = reply_to(server, b"HELLO THERE\r\n\r\n")
    assert status.startswith("HTTP/1.1 400 ")
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["code"] == "malformed_request"
    assert problem["status"] == 400
    assert "<html" not in body.decode()


def test_a_raw_utf8_url_is_never_an_html_page(server):
    status, headers, body = reply_to(
        server, "GET /v1/words/кіт HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode()
    )
    assert "html" not in headers["content-type"]
    if server.options[1] == "buffered":  # read as its encoded form
        assert status.startswith("HTTP/1.1 200 ")
        assert json.loads(body)["word"] == "кіт"
    else:
        assert status.startswith("HTTP/1.1 400 ")
        assert json.loads(body)["code"] == "malformed_request"

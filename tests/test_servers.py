"""The test servers' client: a reply cut off by a crash is a ConnectionError, whatever its
status, so that clients in the crash tests retry instead of dying."""

from __future__ import annotations

import socket
import threading

import pytest

from tests.servers import HOST, Server


def serve_once(head: bytes) -> int:
    """A port whose first connection gets ``head`` and is then closed mid-body."""
    listener = socket.socket()
    listener.bind((HOST, 0))
    listener.listen(1)

    def answer() -> None:
        connection, _ = listener.accept()
        with connection, listener:
            connection.recv(65536)
            connection.sendall(head)

    threading.Thread(target=answer, daemon=True).start()
    return listener.getsockname()[1]


@pytest.mark.parametrize("status", [b"200 OK", b"409 CONFLICT"])
def test_a_reply_cut_off_mid_body_is_a_connection_error(status, settings):
    server = Server(settings, "sqlite://")
    server.port = serve_once(
        b"HTTP/1.1 " + status + b"\r\nContent-Type: application/json\r\n"
        b'Content-Length: 240\r\n\r\n{"ti'
    )
    with pytest.raises(ConnectionError, match="no complete reply"):
        server.request("GET", "/anything")

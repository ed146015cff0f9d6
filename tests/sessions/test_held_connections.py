"""A real `wordsvc serve` (the buffered worker, wordsvc/worker.py) with few threads, held by
clients that never finish their requests: others are still answered, the held connections
are closed once their time is up, and a request sent slowly but in time is answered. One
address's requests over its share wait their turn, and nobody else's waits behind them.
scripts/abuse.py holds 1,010 connections the same way in CI."""

from __future__ import annotations

import socket
import time

import pytest

from tests.servers import HOST, Server

THREADS = 4
REQUEST_TIMEOUT = 1.0
#: More held connections than the worker has threads: under gunicorn's own gthread worker,
#: each would hold a thread and /healthz would wait for ever.
HELD = 3 * THREADS


@pytest.fixture(scope="module")
def server(settings, tmp_path_factory):
    database = tmp_path_factory.mktemp("held") / "sessions.sqlite3"
    options = ("--threads", str(THREADS), "--request-timeout", str(REQUEST_TIMEOUT))
    server = Server(settings, f"sqlite:///{database}", options=options)
    server.start()
    yield server
    server.stop()


def hold(server: Server, sent: bytes) -> socket.socket:
    sock = socket.create_connection((HOST, server.port), timeout=30)
    sock.sendall(sent)
    return sock


PARTIAL_HEAD = b"GET /healthz HTTP/1.1\r\nHost: table\r\n"
PARTIAL_BODY = (
    b"POST /v1/words/check HTTP/1.1\r\nHost: table\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n{"
)


def test_held_requests_take_no_thread_and_are_closed_when_their_time_is_up(server):
    held = [hold(server, PARTIAL_HEAD if i % 2 else PARTIAL_BODY) for i in range(HELD)]
    try:
        assert server.request("GET", "/healthz")[0] == 200
        assert server.request("POST", "/v1/words/check", {"words": ["кіт"]})[0] == 200
        started = time.monotonic()
        for sock in held:
            assert sock.recv(100) == b""  # closed unanswered, as an idle connection is
        assert time.monotonic() - started < 10 * REQUEST_TIMEOUT + 5
    finally:
        for sock in held:
            sock.close()


def test_a_request_sent_in_pieces_within_its_time_is_answered(server):
    sock = hold(server, b"POST /v1/words/check HTTP/1.1\r\nHost: table\r\n")
    try:
        body = '{"words": ["кіт"]}'.encode()
        for piece in (
            b"Content-Type: application/json\r\n",
            b"Content-Length: %d\r\n\r\n" % len(body),
            body[:5],
            body[5:],
        ):
            time.sleep(REQUEST_TIMEOUT / 8)
            sock.sendall(piece)
        reply = Replies(sock).next()
        assert reply.startswith(b"HTTP/1.1 200 ")
        assert "кіт".encode() in reply
    finally:
        sock.close()


def test_pipelined_and_kept_alive_requests_are_all_answered(server):
    request = b"GET /healthz HTTP/1.1\r\nHost: table\r\n\r\n"
    sock = hold(server, request + request)
    try:
        replies = Replies(sock)
        first, second = replies.next(), replies.next()
        assert first.startswith(b"HTTP/1.1 200 ")
        assert second.startswith(b"HTTP/1.1 200 ")
        sock.sendall(request)  # kept alive: a third, later
        assert replies.next().startswith(b"HTTP/1.1 200 ")
    finally:
        sock.close()


def test_a_raw_utf8_word_in_the_url_is_answered_as_its_encoded_form(server):
    """Quick tools send a Cyrillic word unencoded; gunicorn's parser alone answered that
    with an HTML 400."""
    sock = hold(server, "GET /v1/words/кіт HTTP/1.1\r\nHost: table\r\n\r\n".encode())
    try:
        reply = Replies(sock).next()
        assert reply.startswith(b"HTTP/1.1 200 ")
        assert b"application/json" in reply.split(b"\r\n\r\n")[0]
        assert '"word":"кіт"'.encode() in reply
    finally:
        sock.close()


#: The share of requests per address of the server below: two open streams fill it.
SHARE = 2
HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: table\r\n\r\n"


@pytest.fixture
def shared_server(settings, tmp_path):
    options = ("--threads", "8", "--address-requests", str(SHARE))
    server = Server(settings, f"sqlite:///{tmp_path / 'sessions.sqlite3'}", options=options)
    server.start()
    yield server
    server.stop()


def from_address(server: Server, address: str, sent: bytes) -> socket.socket:
    sock = socket.create_connection((HOST, server.port), timeout=30, source_address=(address, 0))
    sock.sendall(sent)
    return sock


def test_one_address_over_its_share_waits_its_turn_and_no_other_waits_behind_it(shared_server):
    """A burst from one address (here, streams that fill its share) leaves the threads to
    everyone else: scripts/abuse.py measures it with 1,010 streams."""
    seats = [{"kind": "human", "name": "Абраксас"}, {"kind": "human", "name": "Бея"}]
    status, created = shared_server.request(
        "POST", "/v1/games/sessions", {"game": "words-of-magic", "seats": seats}
    )
    assert status == 201
    stream = (
        f"GET /v1/games/sessions/{created['id']}/stream HTTP/1.1\r\nHost: table\r\n"
        "Accept: text/event-stream\r\n\r\n"
    ).encode()
    streams = [from_address(shared_server, "127.0.0.1", stream) for _ in range(SHARE)]
    held = []
    try:
        for sock in streams:  # each stream is open, and holds its place in the share
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = sock.recv(4096)
                assert chunk, "the server closed the stream"
                head += chunk
            assert head.startswith(b"HTTP/1.1 200 ")
        held.append(from_address(shared_server, "127.0.0.1", HEALTHZ))
        for _ in range(3):  # another address is answered, again and again, meanwhile
            other = from_address(shared_server, "127.0.0.2", HEALTHZ)
            try:
                assert Replies(other).next().startswith(b"HTTP/1.1 200 ")
            finally:
                other.close()
        held[0].setblocking(False)
        with pytest.raises(BlockingIOError):  # the first address's waits for its streams
            held[0].recv(100)
    finally:
        for sock in streams + held:
            sock.close()


class Replies:
    """The replies on one connection, read one at a time (each with a Content-Length)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock, self.buffer = sock, b""

    def next(self) -> bytes:
        while b"\r\n\r\n" not in self.buffer:
            self.read()
        head, _, _ = self.buffer.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":", 1)[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        end = len(head) + 4 + length
        while len(self.buffer) < end:
            self.read()
        reply, self.buffer = self.buffer[:end], self.buffer[end:]
        return reply

    def read(self) -> None:
        chunk = self.sock.recv(65536)
        assert chunk, "the server closed the connection"
        self.buffer += chunk

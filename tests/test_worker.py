"""When the buffered worker hands a request to a thread (wordsvc/worker.py): only once it has
arrived whole, however the client splits it; at once when a thread must answer it as it is."""

from __future__ import annotations

import socket

from hypothesis import given
from hypothesis import strategies as st

from wordsvc.worker import (
    MAX_BODY_BYTES,
    MAX_HEAD_BYTES,
    Arrival,
    TimedSocket,
    request_arrival,
    with_target_encoded,
)

WHOLE, PARTIAL, HAND_OFF = Arrival.WHOLE, Arrival.PARTIAL, Arrival.HAND_OFF


def head(*fields: str, line: str = "POST /v1/words/check HTTP/1.1") -> bytes:
    return ("\r\n".join([line, "Host: table", *fields]) + "\r\n\r\n").encode()


def chunked(body: bytes, sizes: list[int]) -> bytes:
    out, position = b"", 0
    for size in sizes:
        piece = body[position : position + size]
        if not piece:
            break
        out += b"%x\r\n" % len(piece) + piece + b"\r\n"
        position += len(piece)
    if position < len(body):
        out += b"%x\r\n" % (len(body) - position) + body[position:] + b"\r\n"
    return out + b"0\r\n\r\n"


bodies = st.binary(max_size=300)


@st.composite
def requests(draw: st.DrawFn) -> bytes:
    """A whole request: no body, a Content-Length body, or a chunked one (with or without an
    extension and a trailer)."""
    kind = draw(st.sampled_from(["none", "length", "chunked", "chunked-trailer"]))
    if kind == "none":
        return head("Accept: */*", line="GET /healthz HTTP/1.1")
    body = draw(bodies)
    if kind == "length":
        return head(f"Content-Length: {len(body)}") + body
    encoded = chunked(body, draw(st.lists(st.integers(1, 64), max_size=8)))
    if kind == "chunked-trailer":
        encoded = encoded.removesuffix(b"\r\n") + b"X-Checksum: 1\r\n\r\n"
    return head("Transfer-Encoding: chunked") + encoded


@given(requests())
def test_a_request_is_whole_only_once_its_last_byte_came(request: bytes) -> None:
    assert request_arrival(request) is WHOLE
    for end in range(len(request)):
        assert request_arrival(request[:end]) is PARTIAL, request[:end]


@given(requests(), requests())
def test_a_pipelined_request_behind_a_whole_one_does_not_hold_it_back(
    first: bytes, second: bytes
) -> None:
    assert request_arrival(first + second[: len(second) // 2]) is WHOLE


def test_what_a_thread_must_answer_as_it_is_goes_to_one_at_once():
    too_long = MAX_BODY_BYTES + 1
    assert request_arrival(head(f"Content-Length: {too_long}")) is HAND_OFF  # the app: 413
    assert request_arrival(b"GET / HTTP/1.1\r\nHost: x" + b"a" * MAX_HEAD_BYTES) is HAND_OFF
    assert request_arrival(head("Content-Length: 5", "Content-Length: 6")) is HAND_OFF
    assert request_arrival(head("Content-Length: -1")) is HAND_OFF
    assert request_arrival(head("Content-Length: 5", "Transfer-Encoding: chunked")) is HAND_OFF
    assert request_arrival(head("Transfer-Encoding: gzip, chunked")) is HAND_OFF
    assert request_arrival(head("Transfer-Encoding: chunked") + b"zz\r\n") is HAND_OFF
    assert request_arrival(head("Transfer-Encoding: chunked") + b"2\r\nabXY") is HAND_OFF
    assert request_arrival(head("Broken header line")) is HAND_OFF
    assert request_arrival(b"GET / HTTP/1.1\nHost: x\n\n") is HAND_OFF  # bare line feeds
    # a client waiting for 100 Continue before its body: a thread says it (gunicorn does)
    assert request_arrival(head("Content-Length: 5", "Expect: 100-continue")) is HAND_OFF
    assert request_arrival(head("Content-Length: 5", "Expect: 100-continue") + b"hello") is WHOLE


def test_a_chunked_body_past_the_limit_goes_to_a_thread_which_refuses_it():
    big = b"a" * (MAX_BODY_BYTES // 2 + 1)
    encoded = chunked(big + big, [len(big)])
    assert request_arrival(head("Transfer-Encoding: chunked") + encoded) is HAND_OFF


def test_a_threads_socket_is_bounded_where_gunicorn_asks_for_blocking():
    left, right = socket.socketpair()
    timed = TimedSocket.adopt(left, 2.5)
    try:
        timed.setblocking(True)
        assert timed.gettimeout() == 2.5
        timed.setblocking(False)
        assert timed.gettimeout() == 0.0
    finally:
        timed.close()
        right.close()


def test_a_raw_utf8_target_is_read_as_its_encoded_form():
    raw = "GET /v1/words/кіт?categories=noun HTTP/1.1\r\nHost: table\r\n\r\n".encode()
    assert with_target_encoded(raw) == (
        b"GET /v1/words/%D0%BA%D1%96%D1%82?categories=noun HTTP/1.1\r\nHost: table\r\n\r\n"
    )
    encoded = b"GET /v1/words/%D0%BA HTTP/1.1\r\nX-Name: \xd0\xba\r\n\r\n"
    assert with_target_encoded(encoded) == encoded  # only the target, only when raw
    assert with_target_encoded("GET /кіт".encode()) == "GET /кіт".encode()  # no line yet
    not_a_line = "кіт кіт\r\n\r\n".encode()
    assert with_target_encoded(not_a_line) == not_a_line  # gunicorn refuses it as it is

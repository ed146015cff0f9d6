"""When the buffered worker hands a request to a thread (wordsvc/worker.py): only once it has
arrived whole, however the client splits it; at once when a thread must answer it as it is;
and no more of one address's at once than its share, the rest in their order."""

from __future__ import annotations

import socket

from hypothesis import given
from hypothesis import strategies as st

from wordsvc import stream_slots
from wordsvc.worker import (
    ADDRESS_REQUESTS,
    MAX_BODY_BYTES,
    MAX_HEAD_BYTES,
    AddressQueue,
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


ADDRESSES = ("198.51.100.1", "198.51.100.2", "2001:db8::3")
#: What happens next in the loop: a request arrives from an address, or one of an address's
#: running requests finishes.
events = st.lists(
    st.tuples(st.sampled_from(["arrive", "finish"]), st.sampled_from(ADDRESSES)), max_size=80
)


@given(st.integers(0, 4), events)
def test_an_address_runs_at_most_its_share_and_the_rest_wait_in_order(limit, happenings):
    """Against a model that keeps every address's running and waiting requests as lists."""
    queue = AddressQueue(limit)
    running: dict[str, list[int]] = {a: [] for a in ADDRESSES}
    waiting: dict[str, list[int]] = {a: [] for a in ADDRESSES}
    started: list[int] = []
    for number, (happening, address) in enumerate(happenings):
        if happening == "arrive":
            if queue.admit(address, number):
                assert not waiting[address]  # nothing of its own waits before it
                running[address].append(number)
                started.append(number)
            else:
                assert limit
                assert len(running[address]) == limit
                waiting[address].append(number)
        elif running[address]:
            running[address].pop(0)
            following = queue.finished(address)
            if waiting[address]:
                assert following == waiting[address].pop(0)  # first come, first run
                running[address].append(following)
                started.append(following)
            else:
                assert following is None
        for each in ADDRESSES:
            assert not limit or len(running[each]) <= limit
            assert queue.running[each] == len(running[each])
        assert len(queue) == sum(len(w) for w in waiting.values())
    # Once everything running finishes, everything that waited has run, once.
    for address in ADDRESSES:
        while running[address]:
            running[address].pop(0)
            following = queue.finished(address)
            if following is not None:
                running[address].append(following)
                started.append(following)
    arrived = [n for n, (happening, _) in enumerate(happenings) if happening == "arrive"]
    assert sorted(started) == arrived
    assert len(queue) == 0
    assert not queue.running


def test_the_share_leaves_a_table_with_its_streams_open_threads_for_its_requests():
    assert ADDRESS_REQUESTS >= 2 * stream_slots.PER_ADDRESS

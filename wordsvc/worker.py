"""The gunicorn worker `wordsvc serve` runs: gunicorn's threads, each given a request only
once it has arrived whole.

gunicorn's gthread worker hands a connection to a thread as soon as its first bytes come,
and the thread then waits, with no time limit, for the rest of the headers and the body. A
client that sends a request line and stops holds that thread for good: 1,010 of them held
every thread of a worker, and `/healthz` timed out (issue 38). Here the worker's event loop,
which already waits on every idle connection at no cost, also reads each request until it is
whole (:func:`request_arrival`), and only then gives it to a thread. A request that has not
arrived whole within :data:`REQUEST_SECONDS` of its first wait is closed, unanswered, like an
idle connection. A thread's every read and write on its socket is bounded too
(:data:`SOCKET_SECONDS`): a client that stops reading an answer or an event stream lets go of
the thread then.

Built on gunicorn 27's ``ThreadWorker``: its loop, pool, keep-alive and shutdown stay as
they are; what changes is when a connection reaches the pool (``accept`` and
``on_client_socket_readable``) and the sockets' blocking mode (:class:`TimedSocket`).
"""

from __future__ import annotations

import contextlib
import errno
import resource
import selectors
import socket
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from typing import Any

from gunicorn.http.parser import RequestParser
from gunicorn.workers.gthread import TConn, ThreadWorker

#: Seconds a request has to arrive whole, from the moment the worker starts waiting for it
#: (the connection accepted, or a kept-alive one sending again). A person's browser sends a
#: request in one go; a phone on a slow network in well under a second.
REQUEST_SECONDS = 5.0
#: Seconds any one read or write of a thread's socket may take: a backstop for the few
#: requests a thread reads itself (a body announced as too large, ``Expect: 100-continue``,
#: a request pipelined behind another) and for a client that stops reading what it asked for.
SOCKET_SECONDS = 10.0
#: The most a request's head may take before the worker stops waiting for its end and lets
#: gunicorn's parser answer it (gunicorn refuses longer heads itself).
MAX_HEAD_BYTES = 64 * 1024
#: The largest body the worker waits for (the app's ``MAX_CONTENT_LENGTH``): a longer one
#: goes to a thread at once, and the app refuses it without reading it.
MAX_BODY_BYTES = 64 * 1024
#: Connections per worker the loop may hold, waiting or idle: each costs a file descriptor
#: and a few kilobytes, no thread. Capped by the process's descriptor limit.
WORKER_CONNECTIONS = 10_000
#: Requests per client address a worker lets its threads answer at once (open event streams
#: included); the address's next requests wait in the loop, in order, costing no thread. Above
#: the streams an address may hold (wordsvc.stream_slots.PER_ADDRESS, 32), so that a table
#: with its streams open still has as many threads again for its requests.
ADDRESS_REQUESTS = 64
#: The most connections the loop accepts at a time, before it turns to those it holds.
ACCEPT_BATCH = 64
#: Descriptors kept free for everything but client connections (the database, the lexicon's
#: files, the logs).
SPARE_DESCRIPTORS = 256

_READ_SIZE = 65536


class Arrival(Enum):
    """How much of a request a connection has sent."""

    PARTIAL = "partial"  # wait for more
    WHOLE = "whole"  # a thread may answer it without waiting
    HAND_OFF = "hand_off"  # a thread must take it as it is: gunicorn or the app answers it


def request_arrival(data: bytes, max_body: int = MAX_BODY_BYTES) -> Arrival:
    """Whether ``data``, the start of an HTTP/1.x request, holds the whole request.

    WHOLE once its head and its body (``Content-Length`` bytes, or chunks up to the last)
    are there. HAND_OFF for what a thread must answer now: a head that is malformed or too
    long, a body longer than ``max_body``, or a client waiting for ``100 Continue`` before
    it sends its body. PARTIAL otherwise."""
    head_end = data.find(b"\r\n\r\n")
    bare = data.find(b"\n\n")
    if bare >= 0 and (head_end < 0 or bare < head_end):
        return Arrival.HAND_OFF  # bare line feeds: gunicorn's parser judges them
    if head_end < 0:
        return Arrival.HAND_OFF if len(data) > MAX_HEAD_BYTES else Arrival.PARTIAL
    if head_end > MAX_HEAD_BYTES:
        return Arrival.HAND_OFF
    headers = _header_values(data[:head_end])
    if headers is None:
        return Arrival.HAND_OFF
    body = memoryview(data)[head_end + 4 :]
    encodings = headers.get(b"transfer-encoding", [])
    lengths = headers.get(b"content-length", [])
    if encodings:
        if lengths or [e.strip().lower() for e in encodings] != [b"chunked"]:
            return Arrival.HAND_OFF
        arrival = _chunked_arrival(body, max_body)
    elif not lengths:
        return Arrival.WHOLE
    elif len(lengths) > 1 or not lengths[0].strip().isdigit():
        return Arrival.HAND_OFF
    else:
        length = int(lengths[0])
        if length > max_body:
            return Arrival.HAND_OFF
        arrival = Arrival.WHOLE if len(body) >= length else Arrival.PARTIAL
    if arrival is Arrival.PARTIAL and _expects_continue(headers):
        return Arrival.HAND_OFF
    return arrival


def _header_values(head: bytes) -> dict[bytes, list[bytes]] | None:
    """The head's fields, by lower-case name (None when a line is not ``name: value``)."""
    fields: dict[bytes, list[bytes]] = {}
    for line in head.split(b"\r\n")[1:]:
        name, colon, value = line.partition(b":")
        if not colon or not name or name != name.strip():
            return None
        fields.setdefault(name.lower(), []).append(value.strip())
    return fields


def _expects_continue(headers: dict[bytes, list[bytes]]) -> bool:
    return any(v.lower() == b"100-continue" for v in headers.get(b"expect", []))


def _chunked_arrival(body: memoryview, max_body: int) -> Arrival:
    """Whether a chunked body has come to its last chunk and the end of its trailers."""
    data = body.tobytes()
    position = total = 0
    while True:
        line_end = data.find(b"\r\n", position)
        if line_end < 0:
            return Arrival.HAND_OFF if len(data) - position > 1024 else Arrival.PARTIAL
        size_text = data[position:line_end].split(b";", 1)[0].strip()
        try:
            size = int(size_text, 16)
        except ValueError:
            return Arrival.HAND_OFF
        if size < 0:
            return Arrival.HAND_OFF
        if size == 0:
            trailers = data[line_end + 2 :]
            if trailers.startswith(b"\r\n") or b"\r\n\r\n" in trailers:
                return Arrival.WHOLE
            return Arrival.HAND_OFF if len(trailers) > MAX_HEAD_BYTES else Arrival.PARTIAL
        total += size
        if total > max_body:
            return Arrival.HAND_OFF
        position = line_end + 2 + size + 2
        if position > len(data):
            return Arrival.PARTIAL
        if data[position - 2 : position] != b"\r\n":
            return Arrival.HAND_OFF


def with_target_encoded(data: bytes) -> bytes:
    """``data`` with the bytes outside ASCII in its request line's target percent-encoded:
    a raw UTF-8 word in a URL, as quick tools send it (``GET /v1/words/кіт``), is then the
    same request as its encoded form, where gunicorn's parser would refuse the line with an
    HTML page. The rest of the request is left as it came."""
    end = data.find(b"\r\n")
    if end < 0:
        return data
    line = data[:end]
    if line.isascii():
        return data
    method, space, rest = line.partition(b" ")
    target, space_too, version = rest.rpartition(b" ")
    if not space or not space_too or not version.startswith(b"HTTP/"):
        return data  # no request line gunicorn would read: its parser says so
    encoded = b"".join(b"%%%02X" % byte if byte >= 0x80 else bytes((byte,)) for byte in target)
    return b" ".join((method, encoded, version)) + data[end:]


class TimedSocket(socket.socket):
    """A client's socket whose blocking mode is bounded: ``setblocking(True)``, which
    gunicorn's thread calls before it reads or writes, gives every operation
    :data:`SOCKET_SECONDS` instead of forever."""

    seconds = SOCKET_SECONDS

    @classmethod
    def adopt(cls, sock: socket.socket, seconds: float) -> TimedSocket:
        timed = cls(sock.family, sock.type, sock.proto, fileno=sock.detach())
        timed.seconds = seconds
        return timed

    def setblocking(self, flag: bool) -> None:
        if flag:
            self.settimeout(self.seconds)
        else:
            super().setblocking(False)


class AddressQueue:
    """Which whole requests go to a thread now: at most ``limit`` at once per client address,
    the rest in order of arrival once one of that address's finishes (0: no limit).

    gunicorn's pool takes every request it is given, in order, and starts a thread for each
    up to its size. 1,000 requests from one address, arriving at once, had every other
    client's request wait behind them (scripts/abuse.py measured a health check at 1 s). In
    this queue one address's burst waits for its own requests, in the loop; another
    address's request goes to a thread at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.running: Counter[str] = Counter()
        self.waiting: dict[str, deque[Any]] = {}

    def admit(self, address: str, item: Any) -> bool:
        """True when ``item``, a request from ``address``, may go to a thread now (it is
        then counted as running); else it waits its turn."""
        if self.limit and self.running[address] >= self.limit:
            self.waiting.setdefault(address, deque()).append(item)
            return False
        self.running[address] += 1
        return True

    def finished(self, address: str) -> Any | None:
        """One of ``address``'s requests is done: the next that waits, now counted as
        running, if any."""
        queue = self.waiting.get(address)
        if queue:
            item = queue.popleft()
            if not queue:
                del self.waiting[address]
            return item  # it takes the finished one's place
        self.running[address] -= 1
        if self.running[address] <= 0:
            del self.running[address]
        return None

    def __len__(self) -> int:
        """The requests that wait."""
        return sum(len(queue) for queue in self.waiting.values())


def peer_address(conn: TConn) -> str:
    """The client's address as the worker sees it: the connection's peer, without its port."""
    client = conn.client
    return str(client[0]) if isinstance(client, tuple) and client else str(client)


@dataclass
class _Waiting:
    """A connection whose next request is arriving: by when it must be whole, and what came."""

    deadline: float
    data: bytearray = field(default_factory=bytearray)


class BufferedThreadWorker(ThreadWorker):
    """gunicorn's thread worker, each thread given only a request that arrived whole (see
    the module's docstring). :meth:`configured` sets its timeouts."""

    request_seconds = REQUEST_SECONDS
    socket_seconds = SOCKET_SECONDS
    address_requests = ADDRESS_REQUESTS

    @classmethod
    def configured(
        cls, request_seconds: float, socket_seconds: float, address_requests: int
    ) -> type[Any]:
        """This worker with other timeouts and another share per address (0: none; gunicorn
        takes a worker class, not options)."""
        return type(
            cls.__name__,
            (cls,),
            {
                "request_seconds": request_seconds,
                "socket_seconds": socket_seconds,
                "address_requests": address_requests,
            },
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Connections whose request is arriving, in the order of their deadlines (each is
        #: the time its wait began plus the same request_seconds).
        self.arriving: dict[TConn, _Waiting] = {}
        self.early: dict[TConn, bytes] = {}
        self.by_address = AddressQueue(self.address_requests)

    def init_process(self) -> None:
        self._fit_descriptor_limit()
        super().init_process()

    def _fit_descriptor_limit(self) -> None:
        """Raise the process's descriptor limit to what the connections need (up to the
        hard limit), and hold no more connections than it allows."""
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = self.worker_connections + SPARE_DESCRIPTORS
        if soft != resource.RLIM_INFINITY and soft < wanted:
            raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
                soft = raised
            except (ValueError, OSError):
                pass
        if soft != resource.RLIM_INFINITY:
            fitting = max(soft - SPARE_DESCRIPTORS, self.cfg.threads + 1)
            if fitting < self.worker_connections:
                self.log.warning(
                    "The descriptor limit (%d) allows %d connections per worker, not %d.",
                    soft,
                    fitting,
                    self.worker_connections,
                )
                self.worker_connections = fitting
        self.max_keepalived = self.worker_connections - self.cfg.threads

    # --- the event loop's side ------------------------------------------------------------

    def accept(self, listener: socket.socket) -> None:
        """New connections wait in the loop for their first request: as many as have come,
        up to :data:`ACCEPT_BATCH`. One a turn of the loop, a burst of a thousand
        connections had the next client's wait a thousand turns in the backlog."""
        for _ in range(ACCEPT_BATCH):
            if self.nr_conns >= self.worker_connections or not self._accept_one(listener):
                return

    def _accept_one(self, listener: socket.socket) -> bool:
        """Accept one connection; False when none waits (or none can be taken now)."""
        try:
            client, address = listener.accept()
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                return False
            if error.errno in (errno.EMFILE, errno.ENFILE):
                self.log.warning("Out of file descriptors: a connection waits in the backlog.")
                return False
            raise
        self.nr_conns += 1
        conn = TConn(
            self.cfg,
            TimedSocket.adopt(client, self.socket_seconds),
            address,
            listener.getsockname(),
        )
        self._wait_for_request(conn, registered=False)
        return True

    def on_client_socket_readable(self, conn: TConn, client: socket.socket) -> None:
        """A kept-alive connection sends again: its request arrives in the loop too."""
        self.keepalived_conns.remove(conn)
        self._wait_for_request(conn, registered=True)
        self._read_arriving(conn, client)

    def _wait_for_request(self, conn: TConn, *, registered: bool) -> None:
        self.arriving[conn] = _Waiting(time.monotonic() + self.request_seconds)
        callback = partial(self._read_arriving, conn)
        if registered:
            self.poller.modify(conn.sock, selectors.EVENT_READ, callback)
        else:
            self.poller.register(conn.sock, selectors.EVENT_READ, callback)

    def _read_arriving(self, conn: TConn, client: Any) -> None:
        """Read what the connection sent; once its request is whole (or must be answered as
        it is), give it to a thread."""
        waiting = self.arriving.get(conn)
        if waiting is None:
            return
        try:
            while True:
                chunk = conn.sock.recv(_READ_SIZE)
                if not chunk:
                    self._drop(conn)  # the client closed it
                    return
                waiting.data += chunk
                if len(chunk) < _READ_SIZE or len(waiting.data) > MAX_HEAD_BYTES + MAX_BODY_BYTES:
                    break
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self._drop(conn)
            return
        if request_arrival(bytes(waiting.data)) is Arrival.PARTIAL:
            return
        self.poller.unregister(conn.sock)
        del self.arriving[conn]
        self.early[conn] = with_target_encoded(bytes(waiting.data))
        conn.data_ready = True  # gunicorn's thread then does not wait for data itself
        self.enqueue_req(conn)

    def enqueue_req(self, conn: TConn) -> None:
        """A whole request goes to a thread, or waits behind its address's (AddressQueue)."""
        if self.by_address.admit(peer_address(conn), conn):
            super().enqueue_req(conn)

    def finish_request(self, conn: TConn, fs: Any) -> None:
        """gunicorn's, after which the next request of the same address that waits, if any,
        goes to a thread."""
        following = self.by_address.finished(peer_address(conn))
        try:
            super().finish_request(conn, fs)
        finally:
            if following is not None:
                super().enqueue_req(following)

    def murder_pending(self) -> None:
        """gunicorn's, and: close the connections whose request did not arrive in time (a
        stopping worker: those that sent nothing yet, at once)."""
        super().murder_pending()
        now = time.monotonic()
        for conn, waiting in list(self.arriving.items()):
            if waiting.deadline <= now or (not self.alive and not waiting.data):
                self._drop(conn)
            elif self.alive:
                break  # deadlines come in order

    def _drop(self, conn: TConn) -> None:
        self.arriving.pop(conn, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        self.nr_conns -= 1
        conn.close()

    # --- a thread's side --------------------------------------------------------------------

    def handle(self, conn: TConn) -> Any:
        """gunicorn's, reading first what the loop read."""
        early = self.early.pop(conn, None)
        if early:
            conn.sock.setblocking(True)
            conn.init()
            parser = conn.parser
            if not isinstance(parser, RequestParser):  # HTTP/2 is not configured here
                raise TypeError(f"an HTTP/1 parser, not {parser!r}")
            parser.unreader.unread(early)
        return super().handle(conn)

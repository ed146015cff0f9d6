"""What gunicorn itself answers a request it cannot read (a malformed request line, raw
bytes it refuses, a header too large), as a problem document like every other refusal of the
service, never its own HTML page.

gunicorn answers such a request before any app sees it, through ``gunicorn.util.write_error``
(called by every worker class's ``handle_error``); :func:`install` puts :func:`write_problem`
in its place in the master, before the workers fork. A raw UTF-8 word in a URL never gets
here under the default ``buffered`` workers, which encode it first
(:func:`wordsvc.worker.with_target_encoded`); under ``gthread`` and ``sync`` it is answered
400 ``malformed_request``.
"""

from __future__ import annotations

import json
import socket

from gunicorn import util

#: The problem code of each status gunicorn answers with.
CODES = {
    400: "malformed_request",
    403: "forbidden",
    414: "uri_too_long",
    417: "expectation_failed",
    431: "headers_too_large",
    500: "internal_error",
    501: "unsupported_transfer_coding",
}
#: The detail a person reads, by status (gunicorn's own message names parser internals).
DETAILS = {
    400: "The request could not be read as HTTP: send a well-formed request line and "
    "headers, with anything in the URL beyond ASCII percent-encoded.",
    414: "The request line is too long.",
    431: "The request's headers are too large.",
    500: "The server failed; the request may be sent again.",
}


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``write_error``, writing an RFC 9457 problem document instead of HTML."""
    code = CODES.get(status_int, "malformed_request")
    body = json.dumps(
        {
            "type": f"https://wordsvc.invalid/problems/{code}",
            "title": reason,
            "status": status_int,
            "detail": DETAILS.get(status_int, reason + "."),
            "code": code,
        },
        ensure_ascii=False,
    ).encode("utf-8")
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\n"
        f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def install() -> None:
    """Make gunicorn answer what it cannot read with :func:`write_problem`."""
    util.write_error = write_problem

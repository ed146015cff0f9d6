"""The session layer's limits, defined once: the store enforces them, and the wire models
(``wordsvc.wire.games``) and the tables (``schema.py``) import them."""

from __future__ import annotations

import re

#: Seats at one table, at most (seat numbers run from 0 to ``MAX_SEATS - 1``).
MAX_SEATS = 16
#: The longest display name of a seat, in characters.
MAX_NAME = 64
#: Characters no seat name may hold: control characters, and the bidirectional controls that
#: would let a name reorder the text around it (an impersonation: U+202E turns a name round).
_FORBIDDEN_IN_NAME = r"\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: Characters that show nothing: white space, the zero-width and invisible format characters,
#: fillers. A name needs at least one character besides these, so that people can see it.
_INVISIBLE = (
    r"\s\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200d\u2060-\u2064"
    r"\u2800\u3164\ufeff\uffa0"
)
#: A seat's display name: 1 to ``MAX_NAME`` characters, none of them a control character or
#: a bidirectional control, the last one visible (so a name is never blank or invisible;
#: the pages trim what is typed). Bounded and without lookahead, so that Python's ``re``,
#: pydantic's engine, JSON Schema (ECMA-262) and the API fuzzer's generator read it alike.
NAME_PATTERN = rf"[^{_FORBIDDEN_IN_NAME}]{{0,{MAX_NAME - 1}}}[^{_FORBIDDEN_IN_NAME}{_INVISIBLE}]"
#: The longest name of a game (the registry's names are shorter).
MAX_GAME_NAME = 64
#: The longest ``Idempotency-Key``, in characters.
MAX_IDEMPOTENCY_KEY = 128
#: An ``Idempotency-Key``: visible ASCII characters, with spaces only inside (a header's
#: surrounding whitespace is not part of its value), as the IETF draft's string allows.
IDEMPOTENCY_KEY_PATTERN = r"[!-~](?:[ -~]*[!-~])?"
#: The largest seed: the database stores a signed 64-bit one.
MAX_SEED = 2**63 - 1
#: Bits of a seed the server draws: 53, so that a browser's JavaScript, whose numbers are
#: exact only up to 2^53, shows a revealed seed as it is and a replay can use it.
DRAWN_SEED_BITS = 53
#: Open sessions listed by one request, by default and at most.
DEFAULT_LISTED = 50
MAX_LISTED = 100
#: Most bot actions one request may trigger (a guard against an engine that never ends).
MAX_BOT_STEPS = 10_000
#: A session id: 128 random bits, as 32 lowercase hex digits.
SESSION_ID_PATTERN = "[0-9a-f]{32}"

_SESSION_ID = re.compile(SESSION_ID_PATTERN)
_NAME = re.compile(NAME_PATTERN)
_IDEMPOTENCY_KEY = re.compile(IDEMPOTENCY_KEY_PATTERN)


def is_session_id(value: object) -> bool:
    """Could ``value`` name a session? (Anything else is no session, without a query.)"""
    return isinstance(value, str) and _SESSION_ID.fullmatch(value) is not None


def is_seat_name(value: object) -> bool:
    """Is ``value`` a display name a seat may take?"""
    return isinstance(value, str) and _NAME.fullmatch(value) is not None


def is_idempotency_key(value: object) -> bool:
    """Is ``value`` an ``Idempotency-Key`` a request may carry?"""
    return (
        isinstance(value, str)
        and len(value) <= MAX_IDEMPOTENCY_KEY
        and _IDEMPOTENCY_KEY.fullmatch(value) is not None
    )

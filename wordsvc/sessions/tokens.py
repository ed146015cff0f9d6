"""Seat tokens: a new one, its hash (only hashes are stored), and the seat a token belongs
to, found in constant time whatever the token."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import TypeVar

from wordsvc.sessions.errors import InvalidToken
from wordsvc.sessions.rows import TokenHolder

R = TypeVar("R", bound=TokenHolder)


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def holder(rows: Sequence[R], token: str) -> R | None:
    """The row among a session's seat ``rows`` whose token is ``token``, or None. Every
    hash is compared, each in constant time, so the time taken tells nothing of a token."""
    digest = hash_token(token)
    found = None
    for row in rows:
        if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest):
            found = row
    return found


def token_seat(rows: Sequence[R], token: str) -> R:
    """The seat row ``token`` belongs to; :class:`InvalidToken` if none."""
    found = holder(rows, token)
    if found is None:
        raise InvalidToken.of_session()
    return found

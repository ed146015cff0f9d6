"""Schemathesis hooks for scripts/fuzz_api (tests/fuzz/schemathesis.toml loads them).

Half the sessions the fuzzer creates are made the way the lobby makes a table: their
creator sits down (``hold_seats``, ``play_seat``: the first seat, a person's) and moves
first (``first_player``), the other seats people too (a person's seat ignores a bot's
name), the game's other options left at their defaults. The answer is then the session as
the creator's seat sees it, with its token and legal actions, and the createSession -> act
link sends one of those actions with that token: the stateful phase plays real actions, so
the rules, the store and the bots are fuzzed too, not only the refusals in front of them.
The other half are left as generated, to fuzz the creation's own checks; so is any body
that breaks the document in a field this hook would change (a negative case stays one)."""

from __future__ import annotations

import json
import zlib
from typing import Any

import schemathesis

SEATS = range(2, 5)


@schemathesis.hook("map_body").apply_to(operation_id="createSession")
def creator_sits_down(context: Any, body: Any) -> Any:
    if not _well_formed(body) or zlib.crc32(_text(body)) % 2:
        return body
    return {
        **body,
        "seats": [{**seat, "kind": "human"} for seat in body["seats"]],
        "options": {"first_player": 0},
        "hold_seats": True,
        "play_seat": 0,
    }


def _well_formed(body: Any) -> bool:
    """Whether the fields the hook changes are as the document has them."""
    if not isinstance(body, dict):
        return False
    seats = body.get("seats")
    return (
        isinstance(seats, list)
        and len(seats) in SEATS
        and all(isinstance(s, dict) and s.get("kind") in ("human", "bot") for s in seats)
        and isinstance(body.get("options", {}), dict)
        and isinstance(body.get("hold_seats", False), bool)
        and (body.get("play_seat") is None or type(body.get("play_seat")) is int)
    )


def _text(body: Any) -> bytes:
    return json.dumps(body, sort_keys=True, default=str).encode()

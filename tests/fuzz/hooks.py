"""Schemathesis hooks for scripts/fuzz_api (tests/fuzz/schemathesis.toml loads them).

Half the sessions the fuzzer creates are made with their creator sitting down
(``hold_seats`` and ``play_seat``: the first human seat), the way the lobby makes a table.
Their answer then holds the seat's token and its legal actions, and the createSession →
act link sends one of those actions with that token: the stateful phase plays real
actions, so the rules, the store and the bots are fuzzed too, not only the refusals in front
of them. The other half are left as generated."""

from __future__ import annotations

import json
import zlib
from typing import Any

import schemathesis


@schemathesis.hook("map_body").apply_to(operation_id="createSession")
def creator_sits_down(context: Any, body: Any) -> Any:
    if not isinstance(body, dict) or body.get("play_seat") is not None:
        return body
    seats = body.get("seats")
    if not isinstance(seats, list):
        return body
    humans = [i for i, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
    chosen = zlib.crc32(json.dumps(body, sort_keys=True, default=str).encode()) % 2 == 0
    if humans and chosen:
        return {**body, "hold_seats": True, "play_seat": humans[0]}
    return body

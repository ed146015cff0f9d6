"""Setup options of a Lost Words game: their JSON Schema, defaults and validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordsvc.games.contract import RuleError

#: What a swap does with a paired nature card (an interpretation; see the rules doc).
SWAP_PAIRED = ("forbid", "discard_spell")


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 2},
            "first_player": {"type": ["integer", "null"], "minimum": 0, "default": None},
            "swap_paired": {
                "enum": list(SWAP_PAIRED),
                "default": "forbid",
                "description": "a paired nature card: cannot be swapped, or is "
                "swapped with its spell put on the discard pile",
            },
        },
    }


def normalise_options(raw: Mapping[str, object] | None) -> dict[str, Any]:
    """Options with defaults filled in, or :class:`RuleError` ``invalid_options``."""
    raw = dict(raw or {})
    schema = options_schema()["properties"]
    unknown = sorted(set(raw) - set(schema))
    if unknown:
        raise RuleError(
            "invalid_options", f"Unknown option(s): {', '.join(unknown)}.", {"unknown": unknown}
        )
    opts = {name: raw.get(name, spec["default"]) for name, spec in schema.items()}
    players = opts["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise RuleError("invalid_options", "Option `players`: 2 to 4.", {"option": "players"})
    first = opts["first_player"]
    if first is not None and (
        not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players
    ):
        raise RuleError(
            "invalid_options",
            "Option `first_player`: a seat number or null.",
            {"option": "first_player"},
        )
    if opts["swap_paired"] not in SWAP_PAIRED:
        raise RuleError(
            "invalid_options",
            f"Option `swap_paired`: one of {SWAP_PAIRED}.",
            {"option": "swap_paired"},
        )
    return opts

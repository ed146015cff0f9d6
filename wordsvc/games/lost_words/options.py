"""Setup options of a Lost Words game: their JSON Schema, defaults and validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordsvc.games.contract import invalid_option, validated_options

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
    opts = validated_options(options_schema(), raw)
    first = opts["first_player"]
    if first is not None and first >= opts["players"]:
        raise invalid_option("first_player", "a seat number below the number of players")
    return opts

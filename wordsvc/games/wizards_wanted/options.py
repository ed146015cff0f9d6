"""Setup options of a Wizards Wanted game: their JSON Schema, defaults and the checks a schema
cannot make."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordsvc.games.contract import invalid_option, validated_options


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 2},
            "first_player": {
                "type": ["integer", "null"],
                "minimum": 0,
                "default": None,
                "description": "who most recently ate mushrooms; null draws the first player "
                "at random",
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

"""Setup options of a Wizards Wanted game: their JSON Schema, defaults and the checks a schema
cannot make."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordsvc.games.contract import validated_options
from wordsvc.games.seats import check_first_player, seat_options


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": seat_options(
            2, "who most recently ate mushrooms; null draws the first player at random"
        ),
    }


def normalise_options(raw: Mapping[str, object] | None) -> dict[str, Any]:
    """Options with defaults filled in, or :class:`RuleError` ``invalid_options``."""
    opts = validated_options(options_schema(), raw)
    check_first_player(opts)
    return opts

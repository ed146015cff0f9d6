"""Setup options of a Lost Words game: their JSON Schema, defaults and validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from wordsvc.games.contract import validated_options
from wordsvc.games.lost_words.state import Options
from wordsvc.games.seats import check_first_player, seat_options

#: What a swap does with a paired nature card (an interpretation; see the rules doc).
SWAP_PAIRED = ("forbid", "discard_spell")
#: Whether the Skylark's further action must be taken when one can be (an interpretation).
SKYLARK_FURTHER_ACTION = ("required", "optional")


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            **seat_options(2, "whoever last ate a blackberry; null draws the first player"),
            "swap_paired": {
                "enum": list(SWAP_PAIRED),
                "default": "forbid",
                "description": "a paired nature card: cannot be swapped, or is "
                "swapped with its spell put on the discard pile",
            },
            "skylark_further_action": {
                "enum": list(SKYLARK_FURTHER_ACTION),
                "default": "required",
                "description": "after a Skylark: the further action must be taken when one "
                "can be, or may be left out",
            },
        },
    }


def normalise_options(raw: Mapping[str, object] | None) -> Options:
    """Options with defaults filled in, or :class:`RuleError` ``invalid_options`` (the
    schema's checks make them :class:`Options`)."""
    opts = validated_options(options_schema(), raw)
    check_first_player(opts)
    return cast(Options, opts)

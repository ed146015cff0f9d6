"""Setup options of a Words of Magic game: their JSON Schema, defaults and the checks a
schema cannot make."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from wordsvc.alphabet import normalise
from wordsvc.errors import InvalidWord
from wordsvc.games.contract import invalid_option, validated_options
from wordsvc.games.seats import check_first_player, seat_options
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.state import Options
from wordsvc.rules.words_of_magic.turn import DEFAULT_FAMILIAR_PROPERTIES

PROPERTIES = [p.value for p in DEFAULT_FAMILIAR_PROPERTIES]
MAX_HOUSE_WORDS = 500


def options_schema() -> dict[str, object]:
    seats = seat_options(3, "the seat holding the first player card; null draws it")
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": seats["players"],
            "mode": {
                "enum": ["magic", "classic"],
                "default": "magic",
                "description": "magic: the planshet's magic side and the magic cards",
            },
            "characters": {
                "type": "boolean",
                "default": True,
                "description": "deal 2 characters to each player, who keeps 1",
            },
            "categories": {
                "type": "array",
                "items": {"type": "string"},
                "default": [],
                "description": "agreed word categories; none: any word",
            },
            "house_words": {
                "type": "array",
                "items": {"type": "string", "maxLength": 64},
                "default": [],
                "maxItems": MAX_HOUSE_WORDS,
                "description": "extra words agreed at setup",
            },
            "balance_order": {
                "enum": ["choose", "dealt"],
                "default": "choose",
                "description": "who orders several Balance of Power cards",
            },
            "two_player_deals_twice": {"type": "boolean", "default": False},
            "open_discards": {
                "type": "boolean",
                "default": False,
                "description": "let everyone see every discard pile",
            },
            "first_player": seats["first_player"],
            "familiar_properties": {
                "type": ["array", "null"],
                "items": {"enum": PROPERTIES},
                "minItems": 3,
                "maxItems": 3,
                "uniqueItems": True,
                "description": "the planshet's properties above the Familiar cards, left to "
                "right; null draws them at the deal, shown to everyone (the rulebook does not "
                "say; a fixed layout gives the first mover or the second an edge: "
                "docs/rules/words-of-magic.md, Fairness)",
                "default": None,
            },
            "characters_left_out": {
                "type": "array",
                "items": {"enum": list(parts.CHARACTER_CARDS)},
                "uniqueItems": True,
                "default": [],
            },
            "magic_left_out": {
                "type": "array",
                "items": {"enum": list(parts.MAGIC_EFFECTS)},
                "uniqueItems": True,
                "default": [],
            },
        },
    }


def normalise_options(raw: Mapping[str, object] | None) -> Options:
    """Options with defaults filled in, or :class:`RuleError` ``invalid_options``: the schema
    checks types and ranges; what it cannot say is checked here."""
    opts = validated_options(options_schema(), raw)
    check_first_player(opts)
    left = len(parts.CHARACTER_CARDS) - len(opts["characters_left_out"])
    if opts["characters"] and left < 2 * opts["players"]:
        raise invalid_option("characters_left_out", "too few characters left to deal 2 to each")
    house = []
    for word in opts["house_words"]:
        try:
            house.append(normalise(word).word)
        except InvalidWord as exc:
            raise invalid_option("house_words", f"«{word}» is not a word ({exc.code})") from None
    opts["house_words"] = sorted(set(house))
    opts["categories"] = list(dict.fromkeys(c.strip() for c in opts["categories"] if c.strip()))
    return cast(Options, opts)

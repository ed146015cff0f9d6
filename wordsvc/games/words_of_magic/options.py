"""Setup options of a Words of Magic game: their JSON Schema, defaults and validation."""

from __future__ import annotations

from collections.abc import Mapping

from wordsvc.alphabet import normalise
from wordsvc.errors import InvalidWord
from wordsvc.games.contract import RuleError
from wordsvc.rules.words_of_magic import components as parts
from wordsvc.rules.words_of_magic.turn import DEFAULT_FAMILIAR_PROPERTIES

PROPERTIES = [p.value for p in DEFAULT_FAMILIAR_PROPERTIES]
MAX_HOUSE_WORDS = 500


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 3},
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
                "items": {"type": "string"},
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
            "first_player": {"type": ["integer", "null"], "minimum": 0, "default": None},
            "familiar_properties": {
                "type": "array",
                "items": {"enum": PROPERTIES},
                "minItems": 3,
                "maxItems": 3,
                "default": PROPERTIES,
            },
            "characters_left_out": {
                "type": "array",
                "items": {"enum": list(parts.CHARACTER_CARDS)},
                "default": [],
            },
            "magic_left_out": {
                "type": "array",
                "items": {"enum": list(parts.MAGIC_EFFECTS)},
                "default": [],
            },
        },
    }


def _fail(name: str, message: str) -> RuleError:
    return RuleError("invalid_options", f"Option `{name}`: {message}", {"option": name})


def normalise_options(raw: Mapping[str, object] | None) -> dict[str, object]:
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
        raise _fail("players", "2 to 4 players.")
    for name in ("mode", "balance_order"):
        if opts[name] not in schema[name]["enum"]:
            raise _fail(name, f"one of {schema[name]['enum']}.")
    for name in ("characters", "two_player_deals_twice", "open_discards"):
        if not isinstance(opts[name], bool):
            raise _fail(name, "true or false.")
    first = opts["first_player"]
    if first is not None and (
        not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players
    ):
        raise _fail("first_player", "a seat number, or null to draw one.")
    for name in (
        "categories",
        "house_words",
        "familiar_properties",
        "characters_left_out",
        "magic_left_out",
    ):
        value = opts[name]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _fail(name, "a list of strings.")
    if sorted(opts["familiar_properties"]) != sorted(PROPERTIES):
        raise _fail("familiar_properties", f"the three properties {PROPERTIES} in some order.")
    for name, known in (
        ("characters_left_out", parts.CHARACTER_CARDS),
        ("magic_left_out", parts.MAGIC_EFFECTS),
    ):
        if not set(opts[name]) <= set(known):
            raise _fail(name, f"ids among {sorted(known)}.")
    if (
        opts["characters"]
        and len(parts.CHARACTER_CARDS) - len(opts["characters_left_out"]) < 2 * players
    ):
        raise _fail("characters_left_out", "too few characters left to deal 2 to each player.")
    if len(opts["house_words"]) > MAX_HOUSE_WORDS:
        raise _fail("house_words", f"at most {MAX_HOUSE_WORDS} words.")
    house = []
    for word in opts["house_words"]:
        try:
            house.append(normalise(word).word)
        except InvalidWord as exc:
            raise _fail("house_words", f"«{word}» is not a word ({exc.code}).") from None
    opts["house_words"] = sorted(set(house))
    opts["categories"] = list(dict.fromkeys(c.strip() for c in opts["categories"] if c.strip()))
    return opts

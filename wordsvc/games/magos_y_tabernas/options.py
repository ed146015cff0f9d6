"""Setup options of a Magos y Tabernas game: their JSON Schema, defaults and the checks a
schema cannot make. Every choice the rulebook leaves open is an option here, with the
rulebook's reading (or the documented interpretation) as its default."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from wordsvc.games.contract import invalid_option, validated_options
from wordsvc.games.magos_y_tabernas.state import Options
from wordsvc.games.seats import check_first_player, seat_options


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            **seat_options(2, "the most drunk mage; null draws the first player at random"),
            "teams": {
                "type": "boolean",
                "default": False,
                "description": "2 vs 2 (4 players only): seats 0 and 2 against 1 and 3; a "
                "pair wins together",
            },
            "quick": {
                "type": "boolean",
                "default": False,
                "description": "quick mode: one obstacle card before the beer instead of two",
            },
            "anulador_consume_cost": {
                "enum": [0, 1],
                "default": 0,
                "description": "action points to consume Anulador: 0 lets it answer any "
                "action at any moment, as its note reads (the default), or 1 as the "
                "rulebook's example of consuming an object says",
            },
            "second_player_start": {
                "enum": ["nothing", "card", "orb"],
                "default": "nothing",
                "description": "2 players: what the second in turn order starts with besides "
                "the rulebook's deal: nothing (the rulebook), a card from the deck or an orb "
                "from the supply. Moving first wins 0.584 of 2-player games; a card or an orb "
                "turns that into 0.411 or 0.404 (docs/rules/magos-y-tabernas.md, Fairness). No "
                "effect with 3 or 4",
            },
            "turn_limit": {
                "type": ["integer", "null"],
                "minimum": 1,
                "maximum": 10_000,
                "default": None,
                "description": "end the game after this many turns per player, ranked by "
                "obstacles taken, then gems, then orbs; null plays until the beer is won",
            },
        },
    }


def normalise_options(raw: Mapping[str, object] | None) -> Options:
    """Options with defaults filled in, or :class:`RuleError` ``invalid_options``."""
    opts = validated_options(options_schema(), raw)
    check_first_player(opts)
    if opts["teams"] and opts["players"] != 4:
        raise invalid_option("teams", "2 vs 2 needs 4 players")
    return cast(Options, opts)

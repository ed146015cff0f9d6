"""The seating options every hosted game shares: how many players, and who starts."""

from __future__ import annotations

from collections.abc import Mapping

from wordsvc.games.contract import invalid_option


def seat_options(default_players: int, first_player: str) -> dict[str, object]:
    """JSON Schema of ``players`` (2 to 4) and ``first_player`` (a seat, or null for the
    seeded generator's draw; ``first_player`` describes whom the rulebook has start)."""
    return {
        "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": default_players},
        "first_player": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": None,
            "description": first_player,
        },
    }


def check_first_player(opts: Mapping[str, object]) -> None:
    """A named first player must sit at the table (the schema cannot compare two options)."""
    first, players = opts["first_player"], opts["players"]
    if isinstance(first, int) and isinstance(players, int) and first >= players:
        raise invalid_option("first_player", "a seat number below the number of players")

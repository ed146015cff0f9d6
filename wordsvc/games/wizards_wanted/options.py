"""Setup options of a Wizards Wanted game: their JSON Schema, defaults and the checks a schema
cannot make. Each choice the rulebook leaves open is an option here, with the rulebook's
reading as its default (``docs/rules/wizards-wanted.md``, "Options")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from wordsvc.games.contract import validated_options
from wordsvc.games.seats import check_first_player, seat_options
from wordsvc.games.wizards_wanted.state import Options

#: How the game ends when the Royal Inspector comes up (issue 28, item 1).
INSPECTOR_ENDS = ("on_top", "drawn")
#: How each player gets a wizard, its player board and so its starting charm (item 3).
WIZARDS = ("chosen", "random", "by_seat")
#: The largest turn limit and catch-up dust the schema allows.
MAX_TURN_LIMIT = 1000
#: The catch-up dust a table gets by its number of players unless it sets one: without it
#: the first in turn order won 0.375 of 3-player games (fair 0.333) and the last 0.155 of
#: 4-player ones (fair 0.25); 3 and 5 level them (docs/rules/wizards-wanted.md, Fairness).
CATCH_UP_DUST_BY_PLAYERS = {2: 0, 3: 3, 4: 5}
MAX_CATCH_UP_DUST = 20


def options_schema() -> dict[str, object]:
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            **seat_options(
                2, "who most recently ate mushrooms; null draws the first player at random"
            ),
            "inspector_ends": {
                "enum": list(INSPECTOR_ENDS),
                "default": "on_top",
                "description": "on_top: the game ends as soon as the Royal Inspector is the "
                "newly revealed card on top of the deck (the rulebook's words for the card "
                "whose back is read); drawn: it ends only when the Inspector is drawn to "
                "refill a village, its back first placing a mushroom like a job's",
            },
            "wizards": {
                "enum": list(WIZARDS),
                "default": "chosen",
                "description": "how each player gets a wizard and its player board, and so "
                "its starting charm: chosen in turn order from the first player (the "
                "rulebook's setup), dealt at random, or by_seat (seat i gets the i-th of "
                "animal, energy, nature, illusion)",
            },
            "turn_limit": {
                "type": ["integer", "null"],
                "minimum": 1,
                "maximum": MAX_TURN_LIMIT,
                "default": None,
                "description": "end the game, scored as at the Inspector, once every player "
                "has had this many turns (not the rulebook's: it bounds a table that never "
                "does a job); null plays until the Royal Inspector",
            },
            "catch_up_dust": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": MAX_CATCH_UP_DUST,
                "default": None,
                "description": "a balancing variant, not the rulebook's: each player starts "
                "with this much more dust for each place after the first player in turn "
                "order (second +n, third +2n, fourth +3n); 0 plays the rulebook's 30 each; "
                "null: by the number of players, "
                + ", ".join(f"{n} with {p}" for p, n in CATCH_UP_DUST_BY_PLAYERS.items())
                + " (docs/rules/wizards-wanted.md, Fairness)",
            },
        },
    }


def normalise_options(raw: Mapping[str, object] | None) -> Options:
    """Options with defaults filled in, or :class:`RuleError` ``invalid_options`` (the
    schema's checks make them :class:`Options`)."""
    opts = validated_options(options_schema(), raw)
    check_first_player(opts)
    if opts["catch_up_dust"] is None:
        opts["catch_up_dust"] = CATCH_UP_DUST_BY_PLAYERS[opts["players"]]
    return cast(Options, opts)

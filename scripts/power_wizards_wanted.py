"""Wizards Wanted plugin of ``card_power.py``: how much each starting charm (the wizard and
player board a player chooses) is worth to the seat that has it, in 4-player games between
heuristic bots (docs/rules/wizards-wanted.md, "Balance", has the table and the reasons for
the band).

The games deal the wizards at random (``wizards: "random"``) and draw the first player, so
the baseline is seat 0 with any charm in any place in turn order, about 1 in 4. Variants,
each a change to the new deal for seat 0 only:

- ``<charm>``: seat 0 has that starting charm (the seat that was dealt it takes seat 0's);
- ``ref: seat 0 moves first``: the game's first-player effect, set against the random draw;
- ``ref: seat 0 moves first, catch_up_dust 5``: the same with the balancing option on (each
  later seat in turn order starts with 5 dust more per place). References are shown for
  comparison, not held to the band.

    python scripts/power_wizards_wanted.py --games 200 --jobs 1
    python scripts/card_power.py wizards-wanted --games 200 --jobs 1   # the same
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wordsvc.games.contract import State
from wordsvc.games.wizards_wanted import components as parts

GAME = "wizards-wanted"
OPTIONS: dict[str, Any] = {"players": 4, "wizards": "random"}
BOT = "heuristic"
#: Seat 0's win rate with any one starting charm must stay within this band (the baseline is
#: about 0.25): a charm worth more than 5 points either way would decide who to be.
BAND = (0.20, 0.30)
SEAT = 0
#: The balancing option's value measured as a reference.
CATCH_UP = 5

Variant = Callable[[State], State]


def charm(icon: str) -> Variant:
    """Seat 0 starts with ``icon``'s wizard; whoever was dealt it takes seat 0's."""

    def change(state: State) -> State:
        players = state["players"]
        holder = next((p for p in players if p["starting_charm"] == icon), None)
        if holder is not None:
            holder["starting_charm"] = players[SEAT]["starting_charm"]
        players[SEAT]["starting_charm"] = icon
        return state

    return change


def first(catch_up: int = 0) -> Variant:
    """Seat 0 moves first; with ``catch_up``, each later seat in turn order starts with that
    much more dust per place, as the option ``catch_up_dust`` deals it."""

    def change(state: State) -> State:
        state["first_player"] = state["active"] = SEAT
        state["options"]["first_player"] = SEAT
        state["options"]["catch_up_dust"] = catch_up
        count = len(state["players"])
        for seat, me in enumerate(state["players"]):
            me["dust"] = parts.STARTING_DUST + catch_up * ((seat - SEAT) % count)
        return state

    return change


def variants() -> dict[str, Variant]:
    """Each starting charm for seat 0, and the first-player references."""
    found: dict[str, Variant] = {icon: charm(icon) for icon in parts.STARTING_CHARMS}
    found["ref: seat 0 moves first"] = first()
    found[f"ref: seat 0 moves first, catch_up_dust {CATCH_UP}"] = first(CATCH_UP)
    return found


#: The variants shown for comparison but not held to the band.
REFERENCES = frozenset(name for name in variants() if name.startswith("ref: "))


def main(argv: list[str] | None = None) -> int:
    """Run ``card_power.py`` for this game."""
    import card_power

    return card_power.main([GAME, *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())

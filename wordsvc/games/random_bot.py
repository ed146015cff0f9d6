"""The contract's ``random`` bot for games whose legal actions are all listed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from wordsvc.games.contract import Action, Seat


class RandomBot:
    """Uniform over the legal actions of the view."""

    name = "random"

    def choose(self, game: Any, view: Mapping[str, Any], seat: Seat, rng: random.Random) -> Action:
        action: Action = rng.choice(view["legal_actions"])
        return action

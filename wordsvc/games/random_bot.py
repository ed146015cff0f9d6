"""The contract's ``random`` bot, one for every game: uniform over the legal actions of the
view.

An action described rather than listed (with ``needs``: its choices are too many to list, as
every order of a long discard, or every word a hand can form) is completed by the game's
bots module, which knows what it needs: ``expand`` gives the actions it stands for, to draw
among with the listed ones (the words worth trying, say; by default the described action
itself), and ``fill`` completes a described action once drawn (the cards of a discard, drawn
with the bot's ``rng``). A game whose legal actions are all listed needs neither.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from wordsvc.errors import InternalError
from wordsvc.games.contract import Action, Game, Seat, legal_actions_in

View = Mapping[str, object]
#: The actions a described one stands for, to draw among (described ones among them too).
Expand = Callable[[View, Seat, Action], list[Action]]
#: A described action completed: the fields it needs chosen, drawn with the rng.
Fill = Callable[[View, Seat, Action, random.Random], Action]


class RandomBot:
    """Uniform over the legal actions of the view; a described action as ``expand`` and
    ``fill`` say."""

    name = "random"

    def __init__(self, *, expand: Expand | None = None, fill: Fill | None = None) -> None:
        self.expand = expand
        self.fill = fill

    def choose(self, game: Game, view: View, seat: Seat, rng: random.Random) -> Action:
        listed: list[Action] = []
        for action in legal_actions_in(view):
            if "needs" in action and self.expand is not None:
                listed += self.expand(view, seat, action)
            else:
                listed.append(action)
        chosen = dict(rng.choice(listed))
        if "needs" not in chosen:
            return chosen
        if self.fill is None:
            raise InternalError(
                f"The random bot drew a described {chosen.get('type')!r} action it cannot "
                "complete: its game gives it no `fill`.",
                {"action": chosen},
            )
        return self.fill(view, seat, chosen, rng)

"""The ways a wizard can reach each space now, as a table offers them: every listed move that
ends there, and the planner's cheapest route when it takes more than one move; one way per
outcome, none that another beats outright, the cheapest first. A tap on a space takes the
first; where they differ in what they cost, pick up or spend, the table lets the player
choose. The engine's view carries them, so that no page ranks or prices a way itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from wordsvc.games.contract import Action
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.movement import COIN_IN_DUST, Route
from wordsvc.games.wizards_wanted.state import WizardsWantedState

#: The kinds of way: one listed move (its action's type), or a planned ``route``.
MOVE_KINDS = ("walk", "speed", "teleport", "teleport_mushroom", "taxi", "place")


@dataclass(frozen=True, slots=True)
class Way:
    """One way to a space: its moves, in order, what they cost in all, the spaces with
    face-down mushrooms it walks over, the mushroom it spends, the teleport stone whose charm
    it takes, and (for a walk) how many spaces it walks."""

    kind: str
    actions: tuple[Action, ...]
    dust: int = 0
    coins: int = 0
    passes: tuple[str, ...] = field(default=())
    mushroom: str | None = None
    charm: str | None = None
    steps: int | None = None

    @property
    def outcome(self) -> tuple[object, ...]:
        """What a way comes to: two ways alike in this are the same choice."""
        return (self.dust, self.coins, tuple(sorted(self.passes)), self.mushroom, self.charm)

    @property
    def rank(self) -> tuple[int, int, int]:
        """The purse's ways first (a tap takes the first), the cheapest, the fewest moves."""
        weight = self.dust + COIN_IN_DUST * self.coins
        return (1 if self.mushroom else 0, weight, len(self.actions))

    def beats(self, other: Way) -> bool:
        """Whether this way is at least as good as ``other`` in everything: it costs no more,
        passes every mushroom ``other`` does, spends none ``other`` keeps and takes the charm
        ``other`` takes."""
        return (
            self.dust <= other.dust
            and self.coins <= other.coins
            and set(other.passes) <= set(self.passes)
            and (self.mushroom is None or self.mushroom == other.mushroom)
            and (other.charm is None or self.charm == other.charm)
        )

    def to_view(self) -> dict[str, object]:
        view: dict[str, object] = {
            "kind": self.kind,
            "actions": [dict(a) for a in self.actions],
            "dust": self.dust,
            "coins": self.coins,
            "passes": list(self.passes),
            "mushroom": self.mushroom,
            "charm": self.charm,
        }
        if self.steps is not None:
            view["steps"] = self.steps
        return view


def ways(
    state: WizardsWantedState,
    position: str | None,
    legal: Sequence[Action],
    routes: Mapping[str, Route],
) -> dict[str, list[Way]]:
    """Every space the wizard at ``position`` can reach with one of the ``legal`` moves or a
    planned route of ``routes``, and its ways there, the one a tap takes first."""
    found: dict[str, list[Way]] = {}
    for action in legal:
        reached = _one_move(state, position, action)
        if reached is not None:
            found.setdefault(reached[0], []).append(reached[1])
    for space, route in routes.items():
        if len(route.steps) > 1:
            planned = Way("route", route.steps, route.dust, route.coins, route.mushrooms)
            found.setdefault(space, []).append(planned)
    return {space: _choices(found[space]) for space in sorted(found)}


def _one_move(
    state: WizardsWantedState, position: str | None, action: Action
) -> tuple[str, Way] | None:
    """The space one listed move takes the wizard to, and the way it is; None for an action
    that is not a move."""
    cost: Mapping[str, int] = action.get("cost") or {}
    kind = action["type"]
    mushroom = action.get("mushroom")
    if kind in ("walk", "speed"):
        path: list[str] = action["path"]
        passes = tuple(dict.fromkeys(s for s in path if state["board_mushrooms"].get(s)))
        way = Way(kind, (action,), cost.get("dust", 0), 0, passes, mushroom, steps=len(path))
        return path[-1], way
    if kind in ("teleport", "teleport_mushroom"):
        to: str = action["to"]
        charm = to if state["charms"].get(to) and not state["this_turn"]["charm_taken"] else None
        return to, Way(kind, (action,), cost.get("dust", 0), 0, (), mushroom, charm)
    if kind == "taxi" and position is not None:
        stop = BOARD.next_taxi(position)
        return None if stop is None else (stop, Way(kind, (action,), 0, cost.get("coins", 0)))
    if kind == "place":
        return action["space"], Way(kind, (action,))
    return None


def _choices(found: list[Way]) -> list[Way]:
    """One way per outcome, the first in rank order, and none that another beats outright."""
    kept: dict[tuple[object, ...], Way] = {}
    for way in sorted(found, key=lambda w: w.rank):
        kept.setdefault(way.outcome, way)
    left = list(kept.values())
    return [w for w in left if not any(o is not w and o.beats(w) for o in left)]

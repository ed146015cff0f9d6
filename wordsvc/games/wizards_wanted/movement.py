"""The movement step: walking (priced by the spaces walked this turn), speed mushrooms, the
Royal Bird Taxi, teleporting with dust or a teleport mushroom; and the planner, which tells a
wizard every space it can reach this turn and the cheapest way there."""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordsvc.games.contract import Action, RuleError, Seat, State
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.table import active_stones, player


def walk_cost(walked: int, spaces: int) -> int:
    """Dust for walking ``spaces`` more after ``walked`` this turn: the rulebook's table
    prices the turn's total, so a walk costs the difference (1 space gains 5; a second
    then costs 5, and so on)."""
    return parts.WALK_COST[walked + spaces] - parts.WALK_COST[walked]


def check_path(start: str | None, path: object, limit: int) -> list[str]:
    """``path`` as a list of spaces, each next to the one before, 1 to ``limit`` long."""
    if not isinstance(path, list) or not path or not all(isinstance(s, str) for s in path):
        raise RuleError("bad_path", "`path` is a list of the spaces walked, in order.")
    if len(path) > limit:
        raise RuleError(
            "walk_limit",
            f"You may walk {limit} more spaces this turn, not {len(path)}.",
            {"limit": limit},
        )
    here = start
    for space in path:
        if here is None or space not in BOARD.spaces or not BOARD.is_adjacent(here, space):
            raise RuleError(
                "bad_path", f"{space!r} is not next to {here!r}.", {"from": here, "to": space}
            )
        here = space
    return list(path)


def walks(start: str, limit: int, mushrooms: Mapping[str, object]) -> Iterator[list[str]]:
    """The walks worth listing from ``start``, at most ``limit`` long: a shortest walk to each
    space in reach, and one through each mushroom space in reach on the way."""
    if limit <= 0:
        return
    seen: set[tuple[str, ...]] = set()
    targets = [s for s in BOARD.spaces if s != start and BOARD.distance(start, s) <= limit]
    for target in sorted(targets):
        for via in [None, *sorted(mushrooms)]:
            if via is None:
                path = shortest(start, target)
            elif via in (start, target):
                continue
            elif BOARD.distance(start, via) + BOARD.distance(via, target) <= limit:
                path = shortest(start, via) + shortest(via, target)
            else:
                continue
            key = tuple(path)
            if key not in seen:
                seen.add(key)
                yield path


def shortest(start: str, target: str) -> list[str]:
    """A shortest walk from ``start`` to ``target`` (the spaces after ``start``), the same
    one every time: at each step, the first neighbour in order that keeps it shortest."""
    path: list[str] = []
    here = start
    while here != target:
        here = next(
            n
            for n in BOARD.neighbours[here]
            if BOARD.distance(n, target) == BOARD.distance(here, target) - 1
        )
        path.append(here)
    return path


# --- the planner -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Route:
    """The cheapest way found to a space this turn: the movement actions, in order, what they
    cost in all, and the spaces with face-down mushrooms walked over."""

    steps: tuple[Action, ...]
    dust: int
    coins: int
    mushrooms: tuple[str, ...] = field(default=())

    def to_view(self) -> dict[str, object]:
        return {
            "steps": [dict(s) for s in self.steps],
            "dust": self.dust,
            "coins": self.coins,
            "mushrooms": list(self.mushrooms),
        }


COIN_IN_DUST = 5  # how the planner weighs a coin against dust when it ranks routes


def plan(state: State, seat: Seat) -> dict[str, Route]:
    """Every space ``seat`` can reach with the rest of this movement step, paying from its
    purse (mushrooms aside), each with the cheapest route by dust + 5 × coins. A search over
    (space, spaces walked) states; walking's first space gains dust, so the search relaxes
    until nothing improves rather than trusting first arrival."""
    me = player(state, seat)
    start = me["position"]
    if start is None:
        return {}
    walked0 = state["this_turn"]["walked"]
    stones = active_stones(state)
    best: dict[tuple[str, int], tuple[int, int, int, list[tuple[str, Any]]]] = {}
    queue: list[tuple[int, int, str, int]] = [(0, 0, start, walked0)]
    best[(start, walked0)] = (0, 0, 0, [])
    counter = 0
    while queue:
        price, _, here, walked = heapq.heappop(queue)
        dust, coins, _, moves = best[(here, walked)]
        if price > dust + COIN_IN_DUST * coins:
            continue
        options: list[tuple[str, int, int, int, tuple[str, Any]]] = []
        if walked < parts.WALK_LIMIT:
            step = walk_cost(walked, 1)
            options += [(n, walked + 1, step, 0, ("walk", n)) for n in BOARD.neighbours[here]]
        stop = BOARD.next_taxi(here)
        if stop is not None:
            options.append((stop, walked, 0, parts.TAXI_FARE, ("taxi", stop)))
        if here in stones:
            options += [
                (s, walked, parts.TELEPORT_COST, 0, ("teleport", s)) for s in stones if s != here
            ]
        for there, now_walked, d, c, move in options:
            nd, nc = dust + d, coins + c
            if nd > me["dust"] or nc > me["coins"]:
                continue
            key = (there, now_walked)
            new_price = nd + COIN_IN_DUST * nc
            old = best.get(key)
            if old is not None and old[0] + COIN_IN_DUST * old[1] <= new_price:
                continue
            counter += 1
            best[key] = (nd, nc, counter, [*moves, move])
            heapq.heappush(queue, (new_price, counter, there, now_walked))
    routes: dict[str, Route] = {}
    for (space, _), (dust, coins, _, moves) in sorted(best.items(), key=lambda kv: kv[0]):
        if not moves:
            continue
        route = _route(moves, walked0, dust, coins, state["board_mushrooms"])
        old_route = routes.get(space)
        if (
            old_route is None
            or dust + COIN_IN_DUST * coins < old_route.dust + COIN_IN_DUST * old_route.coins
        ):
            routes[space] = route
    return routes


def _route(
    moves: Sequence[tuple[str, Any]],
    walked: int,
    dust: int,
    coins: int,
    mushrooms: Mapping[str, object],
) -> Route:
    """The moves of a search path as actions: consecutive walked spaces become one walk."""
    steps: list[Action] = []
    picked: list[str] = []
    for kind, there in moves:
        if kind == "walk":
            if there in mushrooms and there not in picked:
                picked.append(there)
            if steps and steps[-1]["type"] == "walk":
                steps[-1]["path"].append(there)
                continue
            steps.append({"type": "walk", "path": [there]})
        elif kind == "taxi":
            steps.append({"type": "taxi"})
        else:
            steps.append({"type": "teleport", "to": there})
    for action in steps:  # the price each step is listed with (none when it is free)
        if action["type"] == "walk":
            spaces = len(action["path"])
            price = {"dust": walk_cost(walked, spaces)}
            walked += spaces
        elif action["type"] == "taxi":
            price = {"coins": parts.TAXI_FARE}
        else:
            price = {"dust": parts.TELEPORT_COST}
        if any(price.values()):
            action["cost"] = price
    return Route(tuple(steps), dust, coins, tuple(picked))

"""The movement step: walking (priced by the spaces walked this turn), speed mushrooms, the
Royal Bird Taxi, teleporting with dust or a teleport mushroom; and the planner, which tells a
wizard every space it can reach this turn and the cheapest way there."""

from __future__ import annotations

import functools
import heapq
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from wordsvc.games.contract import Action, RuleError, Seat
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.state import WizardsWantedState
from wordsvc.games.wizards_wanted.table import active_stones, player


def walk_cost(walked: int, spaces: int) -> int:
    """Dust for walking ``spaces`` more after ``walked`` this turn: the rulebook's table
    prices the turn's total, so a walk costs the difference (1 space gains 5; a second
    then costs 5, and so on)."""
    return parts.WALK_COST[walked + spaces] - parts.WALK_COST[walked]


def check_path(
    start: str | None, path: object, limit: int, why: str = "You may walk {limit} more spaces"
) -> list[str]:
    """``path`` as a list of spaces, each next to the one before, 1 to ``limit`` long
    (``why`` says where the limit comes from, for the refusal)."""
    if not isinstance(path, list) or not path or not all(isinstance(s, str) for s in path):
        raise RuleError("bad_path", "`path` is a list of the spaces walked, in order.")
    if len(path) > limit:
        raise RuleError(
            "walk_limit",
            f"{why.format(limit=limit)}, not {len(path)}.",
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
    # Only the mushroom spaces a walk could pass through decide the walks: those in reach.
    near = tuple(sorted(m for m in mushrooms if BOARD.distance(start, m) <= limit))
    for path in _walks(start, limit, near):
        yield list(path)


@functools.lru_cache(maxsize=1024)
def _walks(start: str, limit: int, mushrooms: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """:func:`walks` by way of the mushroom spaces ``mushrooms`` (sorted, in reach), worked
    out once: the board never changes, and every legal-action listing of a movement step
    asks for them (a search bot's rollouts, thousands of times a move). An entry holds a
    few kilobytes, so the cache a few megabytes at most."""
    found: dict[tuple[str, ...], None] = {}
    targets = [s for s in BOARD.spaces if s != start and BOARD.distance(start, s) <= limit]
    for target in sorted(targets):
        for via in [None, *mushrooms]:
            if via is None:
                path = _shortest(start, target)
            elif via in (start, target):
                continue
            elif BOARD.distance(start, via) + BOARD.distance(via, target) <= limit:
                path = _shortest(start, via) + _shortest(via, target)
            else:
                continue
            found.setdefault(path)
    return tuple(found)


@functools.cache
def _shortest(start: str, target: str) -> tuple[str, ...]:
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
    return tuple(path)


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


def plan(state: WizardsWantedState, seat: Seat) -> dict[str, Route]:
    """Every space ``seat`` can reach with the rest of this movement step, paying from its
    purse (mushrooms aside), each with the cheapest route by dust + 5 × coins.

    A label-setting search over (space, spaces walked) states. A state keeps every route that
    no other beats in both dust and coins (its Pareto front), since a route saving coins may
    be the one that can still pay for the next teleport; walking's first space gains dust,
    so a route is extended whenever its label is not dominated, not only on first arrival."""
    me = player(state, seat)
    start = me["position"]
    if start is None:
        return {}
    walked0 = state["this_turn"]["walked"]
    stones = active_stones(state)
    fronts: dict[tuple[str, int], list[_Label]] = {(start, walked0): [_Label(0, 0, ())]}
    queue: list[tuple[int, int, str, int, _Label]] = [(0, 0, start, walked0, _Label(0, 0, ()))]
    counter = 0
    while queue:
        _, _, here, walked, label = heapq.heappop(queue)
        if label not in fronts[(here, walked)]:
            continue  # beaten since it was queued
        for there, now_walked, d, c, move in _moves(here, walked, stones):
            new = _Label(label.dust + d, label.coins + c, (*label.moves, move))
            if new.dust > me["dust"] or new.coins > me["coins"]:
                continue
            front = fronts.setdefault((there, now_walked), [])
            if any(old.dust <= new.dust and old.coins <= new.coins for old in front):
                continue
            front[:] = [
                old for old in front if not (new.dust <= old.dust and new.coins <= old.coins)
            ]
            front.append(new)
            counter += 1
            heapq.heappush(queue, (new.price, counter, there, now_walked, new))
    routes: dict[str, Route] = {}
    for (space, _), front in sorted(fronts.items()):
        for label in front:
            if not label.moves:
                continue
            old = routes.get(space)
            if old is None or label.price < old.dust + COIN_IN_DUST * old.coins:
                routes[space] = _route(
                    label.moves, walked0, label.dust, label.coins, state["board_mushrooms"]
                )
    return routes


@dataclass(frozen=True, slots=True)
class _Label:
    """A route found to a search state: what it cost and its moves."""

    dust: int
    coins: int
    moves: tuple[tuple[str, str], ...]

    @property
    def price(self) -> int:
        return self.dust + COIN_IN_DUST * self.coins


def _moves(
    here: str, walked: int, stones: Sequence[str]
) -> list[tuple[str, int, int, int, tuple[str, str]]]:
    """The single steps from a search state: (space, walked after, dust, coins, move)."""
    options: list[tuple[str, int, int, int, tuple[str, str]]] = []
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
    return options


def _route(
    moves: Sequence[tuple[str, str]],
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

"""The movement planner against a brute-force oracle, and its routes replayed through the
engine: every space in reach is found, at the cheapest price, by a route that works."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.wizards_wanted.tables import act, at, table
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.movement import COIN_IN_DUST, plan, walk_cost, walks

WALK_TABLE = {0: 0, 1: -5, 2: 0, 3: 3, 4: 6, 5: 10}  # the rulebook's table, restated


def oracle(start, walked, dust, coins, stones):
    """Every (space -> cheapest dust + 5 x coins) by exhaustive search over every sequence
    of single steps, taxi hops and teleports the purse allows."""
    best = {}
    frontier = [(start, walked, 0, 0)]
    seen = set()
    while frontier:
        here, w, d, c = frontier.pop()
        if (here, w, d, c) in seen:
            continue
        seen.add((here, w, d, c))
        if (here, w, d, c) != (start, walked, 0, 0):
            price = d + COIN_IN_DUST * c
            best[here] = min(best.get(here, price), price)
        moves = []
        if w < 5:
            step = WALK_TABLE[w + 1] - WALK_TABLE[w]
            moves += [(n, w + 1, d + step, c) for n in BOARD.neighbours[here]]
        route = list(BOARD.taxi_route)
        if here in route:
            moves.append((route[(route.index(here) + 1) % len(route)], w, d, c + 2))
        if here in stones:
            moves += [(s, w, d + 10, c) for s in stones if s != here]
        frontier += [m for m in moves if m[2] <= dust and m[3] <= coins]
    return best


def test_walk_cost_is_the_difference_of_the_table():
    for walked in range(6):
        for spaces in range(6 - walked):
            assert walk_cost(walked, spaces) == WALK_TABLE[walked + spaces] - WALK_TABLE[walked]


@settings(max_examples=150, deadline=None)
@given(
    start=st.sampled_from(sorted(BOARD.spaces)),
    walked=st.integers(0, 5),
    dust=st.integers(0, 25),
    coins=st.integers(0, 4),
    pixie=st.integers(1, 7),
)
def test_the_planner_finds_every_space_at_the_oracles_price(start, walked, dust, coins, pixie):
    state = at(table(), 0, start, dust=dust, coins=coins)
    state["this_turn"]["walked"] = walked
    state["mountain_pixie"] = pixie
    stones = sorted({*BOARD.corners.values(), BOARD.stones[pixie - 1]})
    expected = oracle(start, walked, dust, coins, stones)
    routes = plan(state, 0)
    found = {s: r.dust + COIN_IN_DUST * r.coins for s, r in routes.items()}
    expected.pop(start, None)
    found.pop(start, None)
    assert found == expected


@pytest.mark.parametrize("start", ["village-1", "castle", "teleport-animal", "path-3"])
def test_every_planned_route_replays_through_the_engine(start):
    state = at(table(), 0, start, dust=40, coins=4)
    for space, route in plan(state, 0).items():
        replayed = state
        for step in route.steps:
            replayed, _ = act(replayed, 0, **step)
        me = replayed["players"][0]
        assert me["position"] == space
        assert (
            state["players"][0]["dust"] - me["dust"] == route.dust or me["dust"] == parts.DUST_CAP
        )
        assert state["players"][0]["coins"] - me["coins"] == route.coins


@settings(max_examples=40, deadline=None)
@given(
    start=st.sampled_from(sorted(BOARD.spaces)),
    limit=st.integers(0, parts.WALK_LIMIT),
    mushrooms=st.sets(st.sampled_from(BOARD.mushroom_spaces), max_size=6),
)
def test_the_walks_listed_are_every_shortest_walk_in_reach_and_each_caller_gets_its_own(
    start, limit, mushrooms
):
    """The walks (worked out once per start, reach and mushroom spaces) against a plain
    oracle: a shortest walk to every space in reach, and one by way of each mushroom space
    on the way; a path a caller changes never reaches the next caller."""
    board_mushrooms = {space: ["m"] for space in mushrooms}
    listed = list(walks(start, limit, board_mushrooms))
    in_reach = {s for s in BOARD.spaces if s != start and BOARD.distance(start, s) <= limit}
    assert {path[-1] for path in listed} == in_reach
    for path in listed:
        assert 1 <= len(path) <= limit
        steps = [start, *path]
        assert all(BOARD.is_adjacent(a, b) for a, b in itertools.pairwise(steps))
        via = [m for m in mushrooms if m in path[:-1]]
        assert len(path) == BOARD.distance(start, path[-1]) or via
    shortest_to = {
        path[-1]: path for path in listed if len(path) == BOARD.distance(start, path[-1])
    }
    assert set(shortest_to) == in_reach
    if listed:
        listed[0].append("changed")
        assert next(walks(start, limit, board_mushrooms)) == listed[0][:-1]

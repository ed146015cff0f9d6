"""What the view tells a table so that it computes no rule: the ways to each space (every one
replays through the engine at the cost it states, the first the cheapest, none beaten
outright), what each face-up job pays the viewer, the experience bonus and the charms by
type, the walking limit and a licence's fame."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.wizards_wanted.tables import act, at, game, table
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.movement import COIN_IN_DUST
from wordsvc.games.wizards_wanted.ways import Way


def replay(state, seat, way):
    """The state after each move of ``way`` in turn, the purse it cost and where it ends."""
    before = state["players"][seat]
    for action in way["actions"]:
        state, _ = act(state, seat, **action)
    after = state["players"][seat]
    return after["position"], before["dust"] - after["dust"], before["coins"] - after["coins"]


@settings(max_examples=60, deadline=None)
@given(
    start=st.sampled_from(sorted(BOARD.spaces)),
    walked=st.integers(0, 5),
    dust=st.integers(0, 30),
    coins=st.integers(0, 4),
)
def test_every_way_replays_at_its_cost_and_the_first_is_the_cheapest(start, walked, dust, coins):
    state = at(table(), 0, start, dust=dust, coins=coins)
    state["this_turn"]["walked"] = walked
    view = game.view(state, 0)
    legal_ends = {a["path"][-1] for a in view["legal_actions"] if a["type"] == "walk"}
    assert legal_ends <= set(view["ways"]), "every listed walk's end is offered"
    assert set(view["reachable"]) - {start} <= set(view["ways"])
    for space, ways in view["ways"].items():
        assert ways, space
        for way in ways:
            ended, paid_dust, paid_coins = replay(state, 0, way)
            assert ended == space
            assert paid_coins == way["coins"]
            capped = state["players"][0]["dust"] - way["dust"] > parts.DUST_CAP
            assert paid_dust == way["dust"] or capped
        purse = [w for w in ways if not w["mushroom"]]
        weights = [w["dust"] + COIN_IN_DUST * w["coins"] for w in purse]
        assert weights == sorted(weights)
        planned = view["reachable"].get(space)
        if planned and purse:
            assert weights[0] <= planned["dust"] + COIN_IN_DUST * planned["coins"]


def test_no_way_offered_is_beaten_outright_and_no_two_come_to_the_same():
    mushrooms = [m for m in parts.MUSHROOMS if parts.MUSHROOMS[m].type == "speed"][:1]
    state = at(table(), 0, "teleport-animal", dust=40, coins=4, mushrooms=mushrooms)
    for ways in game.view(state, 0)["ways"].values():
        found = [_way(w) for w in ways]
        assert len({w.outcome for w in found}) == len(found)
        assert not any(a is not b and a.beats(b) for a in found for b in found)


def test_a_speed_mushroom_is_offered_beside_the_walk_it_saves():
    """A speed mushroom of 4 saves the 6 dust of walking 4 spaces (of 1 or 2, it saves
    nothing: walking there gains or costs nothing, and keeps the mushroom)."""
    speeds = [m for m in parts.MUSHROOMS if parts.MUSHROOMS[m].type == "speed"]
    speed = max(speeds, key=lambda m: parts.MUSHROOMS[m].value or 0)
    state = at(table(), 0, "village-1", dust=30, mushrooms=[speed])
    ways = game.view(state, 0)["ways"]
    kinds = {w["kind"] for space_ways in ways.values() for w in space_ways}
    assert {"walk", "speed"} <= kinds
    for space_ways in ways.values():
        spending = [i for i, w in enumerate(space_ways) if w["mushroom"]]
        keeping = [i for i, w in enumerate(space_ways) if not w["mushroom"]]
        assert not keeping or not spending or max(keeping) < min(spending), "the purse first"


def test_the_first_turn_offers_each_village_to_place_on():
    state = game.new({"players": 2, "first_player": 0, "wizards": "by_seat"}, 3)
    view = game.view(state, 0)
    assert view["phase"] == "place"
    places = {a["space"] for a in view["legal_actions"] if a["type"] == "place"}
    assert set(view["ways"]) == places
    assert all(w[0]["kind"] == "place" for w in view["ways"].values())
    assert "ways" not in game.view(state, 1), "only the seat to move is offered ways"


@pytest.mark.parametrize("charms", [[], ["animal"], ["animal", "animal", "illusion"]])
def test_what_a_job_pays_in_the_view_is_what_doing_it_pays(charms):
    state = table(players=4)
    state = at(state, 0, "village-1", dust=40, charms=charms)
    slot = game.view(state, 0)["villages"]["village-1"]
    fame, coins = state["players"][0]["fame"], state["players"][0]["coins"]
    done, _ = act(state, 0, type="job")
    me = done["players"][0]
    assert slot["pays"]["fame"] == me["fame"] - fame
    assert slot["pays"]["coins"] == me["coins"] - coins
    job = parts.JOBS[state["villages"]["village-1"]["job"]]
    own_terms = game.view(state, None)["villages"]["village-1"]["pays"]
    assert own_terms == {"fame": job.fame, "coins": job.coins, "bonus": 0}


def test_the_view_gives_experience_charms_by_type_and_the_rulebooks_numbers():
    state = at(table(), 0, "village-1", charms=["animal", "animal"])
    view = game.view(state, 1)
    me = view["players"][0]
    for icon, count in me["icons"].items():
        assert me["experience"][icon] == parts.experience(count)
    starting = me["starting_charm"]
    assert me["charm_counts"]["animal"] == 2 + (starting == "animal")
    assert me["charm_counts"][starting] >= 1
    assert (view["walk_limit"], view["licence_fame"]) == (parts.WALK_LIMIT, parts.LICENCE_FAME)


def _way(view: dict) -> Way:
    return Way(
        view["kind"], tuple(view["actions"]), view["dust"], view["coins"],
        tuple(view["passes"]), view["mushroom"], view["charm"], view.get("steps"),
    )  # fmt: skip

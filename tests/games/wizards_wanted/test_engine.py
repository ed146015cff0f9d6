"""Wizards Wanted: every rule of the rulebook as a scenario, its two worked examples, and
every refusal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.games.helpers import (
    assert_every_refusal_code_tested,
    assert_no_leaks,
    assert_refused,
    assert_sound_action,
    checked_playout,
    odd_actions,
)
from tests.games.wizards_wanted.box import BOX
from tests.games.wizards_wanted.tables import act, assert_conserved, at, game, table, types
from wordsvc.games.contract import RuleError
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted import table as table_rules
from wordsvc.games.wizards_wanted.board import BOARD

ENGINE = Path(parts.__file__).resolve().parent


# --- setup and the first turn ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_follows_the_rulebook(players):
    state = game.new({"players": players, "catch_up_dust": 0}, 3)
    assert_conserved(state)
    for me in state["players"]:
        assert (me["dust"], me["coins"], me["fame"], me["position"]) == (30, 0, 0, None)
        assert me["starting_charm"] is None, "chosen by the player before the first turn"
    assert all(slot["face_up"] and slot["job"] for slot in state["villages"].values())
    assert len(state["box"]["jobs"]) == (7 if players == 2 else 0)
    assert parts.INSPECTOR_ID in state["deck"][: parts.INSPECTOR_DEPTH + 1]
    assert len(state["seals"]) == players
    assert len(state["courtyard"]) == players + 2
    assert set(state["charms"].values()) == {4}
    assert (state["mountain_pixie"], state["forest_pixie"]) == (1, 0)
    assert state["board_mushrooms"] == {}
    assert len(state["mushroom_pile"]) == 28
    assert state["phase"] == "choose"
    assert game.to_act(state) == [state["first_player"]]


def test_the_first_turn_places_the_wizard_on_a_village():
    state = game.new({"players": 2, "first_player": 1, "wizards": "by_seat"}, 3)
    assert game.to_act(state) == [1]
    assert_refused(game, state, 1, {"type": "place", "space": "castle"}, "bad_space")
    assert len(game.legal_actions(state, 1)) == 8
    state, _ = act(state, 1, type="place", space="village-5")
    assert state["players"][1]["position"] == "village-5"
    assert state["phase"] == "move"


# --- movement --------------------------------------------------------------------------------


def test_walking_one_space_gains_five_dust_and_longer_walks_cost_the_table():
    state = table()
    state, _ = act(state, 0, type="walk", path=["path-3"], cost={"dust": -5})
    assert state["players"][0]["dust"] == 35
    state, _ = act(state, 0, type="walk", path=["path-6"])  # the 2nd space of the turn costs 5
    assert state["players"][0]["dust"] == 30
    state, _ = act(state, 0, type="walk", path=["path-10", "path-12", "castle"])  # 2 -> 5: 10
    assert state["players"][0]["dust"] == 20
    assert state["this_turn"]["walked"] == 5
    assert_refused(game, state, 0, {"type": "walk", "path": ["path-12"]}, "walk_limit")


@pytest.mark.parametrize(("spaces", "cost"), [(1, -5), (2, 0), (3, 3), (4, 6), (5, 10)])
def test_the_walking_table(spaces, cost):
    path = ["path-3", "path-6", "path-10", "path-12", "castle"][:spaces]
    state, _ = act(table(), 0, type="walk", path=path)
    assert state["players"][0]["dust"] == 30 - cost


def test_a_walk_must_follow_links_and_be_paid_for():
    state = table()
    assert_refused(game, state, 0, {"type": "walk", "path": ["castle"]}, "bad_path")
    assert_refused(game, state, 0, {"type": "walk", "path": []}, "bad_path")
    assert_refused(game, state, 0, {"type": "walk", "path": "path-3"}, "bad_path")
    path = ["path-3", "path-6", "path-10", "path-12", "castle"]
    assert_refused(
        game, at(state, 0, "village-1", dust=9), 0, {"type": "walk", "path": path}, "cannot_afford"
    )
    assert_refused(
        game, state, 0, {"type": "walk", "path": ["path-3"], "cost": {"dust": 3}}, "cost_changed"
    )


def test_walking_gains_past_one_hundred_go_back_when_movement_ends():
    """Walking 1 and 1 more costs what walking 2 costs, even by the cap: the first space's
    gain stands until the movement step ends, and the excess goes back then."""
    start = at(table(), 0, "village-1", dust=98)
    one, _ = act(start, 0, type="walk", path=["path-3"], cost={"dust": -5})
    assert one["players"][0]["dust"] == 103
    two, _ = act(one, 0, type="walk", path=["path-6"])
    at_once, _ = act(start, 0, type="walk", path=["path-3", "path-6"])
    assert two["players"][0]["dust"] == at_once["players"][0]["dust"] == 98
    ended, events = act(one, 0, type="end_move")
    assert ended["players"][0]["dust"] == 100
    assert "dust_returned" in types(events)
    acting, _ = act(one, 0, type="end")  # an action ends the movement step too
    assert acting["players"][0]["dust"] == 100


def test_ending_the_movement_step_says_so_in_an_event_of_its_own():
    """A log can say what ``end_move`` did: it has an event naming where the wizard stopped
    (an action that ends the step is logged as that action)."""
    state = at(table(), 0, "village-1")
    _, events = act(state, 0, type="end_move")
    assert events[0].type == "movement_ended"
    assert events[0].data == {"seat": 0, "at": "village-1"}
    _, acting = act(state, 0, type="end")
    assert "movement_ended" not in types(acting)


def test_the_view_says_where_the_taxi_would_land():
    """``taxi_to``: the next stop from the seat's, when the seat may take the taxi."""
    state = at(table(), 0, "path-3", coins=2)
    view = game.view(state, 0)
    assert view["taxi_to"] == BOARD.next_taxi("path-3")
    assert [w["kind"] for w in view["ways"][view["taxi_to"]]] == ["taxi"]
    assert "taxi_to" not in game.view(at(table(), 0, "path-3", coins=0), 0)
    assert "taxi_to" not in game.view(state, 1)


def test_the_policy_view_is_the_view_without_the_ways_a_table_offers():
    """The search's rollouts read ``policy_view``: all of the seat's view but ``ways``, at
    every step of a game the random bot plays."""
    rng = random.Random(5)
    state = game.new({"players": 3}, 5)
    offered = 0
    for _ in range(300):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        whole = {k: v for k, v in view.items() if k != "ways"}
        assert game.policy_view(state, seat) == whole
        offered += "ways" in view
        state, _ = game.apply(state, seat, rng.choice(view["legal_actions"]))
    assert offered > 100


def test_a_listed_purchase_shows_the_dust_the_cap_lets_in():
    state = at(table(), 0, "marketplace", dust=97, coins=5)
    state, _ = act(state, 0, type="end_move")
    listed = [a for a in game.legal_actions(state, 0) if a["type"] == "buy"]
    assert listed[0]["cost"] == {"coins": 1, "dust": -3}
    assert_refused(game, state, 0, {"type": "buy", "lots": 1, "cost": 5}, "malformed_action")


def test_walking_collects_the_mushrooms_passed_over_and_the_taxi_does_not():
    state = at(table(), 0, "village-1", coins=2, mushrooms=[])
    state["mushroom_pile"].remove("speed-2-a")
    state["mushroom_pile"].remove("magic-animal-a")
    state["board_mushrooms"] = {"path-3": ["speed-2-a"], "path-20": ["magic-animal-a"]}
    state, events = act(state, 0, type="walk", path=["path-3"])
    assert state["players"][0]["mushrooms"] == ["speed-2-a"]
    assert "mushroom_collected" in types(events)
    state, _ = act(state, 0, type="taxi")
    assert state["players"][0]["position"] == "path-20"
    assert state["board_mushrooms"] == {"path-20": ["magic-animal-a"]}, "the taxi collects none"


def test_a_speed_mushroom_moves_free_and_outside_the_limit_of_five():
    state = at(table(), 0, "village-1", mushrooms=["speed-3-a"])
    state["this_turn"]["walked"] = 5
    state, _ = act(
        state, 0, type="speed", mushroom="speed-3-a", path=["path-3", "path-6", "path-10"]
    )
    me = state["players"][0]
    assert (me["position"], me["dust"], me["mushrooms"]) == ("path-10", 30, [])
    assert state["mushroom_discard"] == ["speed-3-a"]
    again = at(table(), 0, "village-1", mushrooms=["speed-2-a", "teleport-a"])
    path = ["path-3", "path-6", "path-10"]
    assert_refused(
        game, again, 0, {"type": "speed", "mushroom": "speed-2-a", "path": path}, "walk_limit"
    )
    assert_refused(
        game,
        again,
        0,
        {"type": "speed", "mushroom": "teleport-a", "path": path[:1]},
        "wrong_mushroom",
    )
    assert_refused(
        game,
        again,
        0,
        {"type": "speed", "mushroom": "speed-3-a", "path": path[:1]},
        "mushroom_not_held",
    )


def test_the_royal_bird_taxi_costs_two_coins_a_hop_round_the_route():
    state = at(table(), 0, "path-3", coins=4)
    assert_refused(game, at(table(), 0, "village-1", coins=4), 0, {"type": "taxi"}, "not_at_taxi")
    for stop in ["path-20", "marketplace", "path-14"][:2]:
        state, _ = act(state, 0, type="taxi", cost={"coins": 2})
        assert state["players"][0]["position"] == stop
    assert state["players"][0]["coins"] == 0
    assert state["this_turn"]["walked"] == 0, "the taxi does not count towards the 5"
    assert_refused(game, state, 0, {"type": "taxi"}, "cannot_afford")
    assert BOARD.next_taxi("path-14") == "path-3"


def test_teleporting_costs_ten_dust_and_takes_one_charm_a_turn():
    state = at(table(), 0, "teleport-animal", dust=40)
    assert_refused(
        game,
        at(table(), 0, "village-1"),
        0,
        {"type": "teleport", "to": "teleport-energy"},
        "not_at_stone",
    )
    assert_refused(game, state, 0, {"type": "teleport", "to": "castle"}, "bad_destination")
    assert_refused(game, state, 0, {"type": "teleport", "to": "teleport-animal"}, "bad_destination")
    state, _events = act(state, 0, type="teleport", to="teleport-energy")
    me = state["players"][0]
    assert (me["position"], me["dust"], me["charms"]) == ("teleport-energy", 30, ["energy"])
    assert state["charms"]["teleport-energy"] == 3
    state, _ = act(state, 0, type="teleport", to="teleport-nature")
    assert state["players"][0]["charms"] == ["energy"], "only one charm a turn"
    assert state["charms"]["teleport-nature"] == 4


def test_the_mountain_pixies_stone_is_a_teleport_stone():
    state = at(table(), 0, "stone-1", dust=20)
    state, _ = act(state, 0, type="teleport", to="teleport-illusion")
    assert state["players"][0]["position"] == "teleport-illusion"
    state["mountain_pixie"] = 4
    state, _ = act(state, 0, type="teleport", to="stone-4")
    assert state["players"][0]["position"] == "stone-4"
    assert_refused(
        game,
        at(state, 0, "teleport-animal", dust=20),
        0,
        {"type": "teleport", "to": "stone-1"},
        "bad_destination",
    )


def test_a_teleport_mushroom_goes_from_anywhere_to_any_teleport_stone():
    state = at(table(), 0, "castle", mushrooms=["teleport-a"])
    state, _ = act(state, 0, type="teleport_mushroom", mushroom="teleport-a", to="stone-1")
    assert state["players"][0]["position"] == "stone-1"
    assert state["players"][0]["dust"] == 30


def test_the_rulebooks_combined_movement_example():
    """Speed mushroom 2 spaces, teleport with a charm, walk 5 for 10 dust, then the taxi."""
    state = at(table(), 0, "teleport-nature", dust=40, coins=2, mushrooms=["speed-2-a"])
    neighbour = BOARD.neighbours["teleport-nature"][0]
    back = "teleport-nature"
    state, _ = act(state, 0, type="speed", mushroom="speed-2-a", path=[neighbour, back])
    state, _ = act(state, 0, type="teleport", to="teleport-animal")
    assert state["players"][0]["charms"] == ["animal"]
    path = ["path-1", *BOARD.neighbours["path-1"][:0]]
    walk = [*path]
    here = "path-1"
    while len(walk) < 5:  # any 5-space walk towards the first taxi stop
        here = (
            next(
                n
                for n in BOARD.neighbours[here]
                if BOARD.distance(n, "path-3") < BOARD.distance(here, "path-3")
            )
            if here != "path-3"
            else BOARD.neighbours[here][0]
        )
        walk.append(here)
    state, _ = act(state, 0, type="walk", path=walk, cost={"dust": 10})
    assert state["players"][0]["dust"] == 20
    state = at(state, 0, "path-3")
    state, _ = act(state, 0, type="taxi")
    assert state["players"][0]["position"] == "path-20"
    assert state["players"][0]["coins"] == 0


# --- actions ---------------------------------------------------------------------------------


def test_buying_dust_at_the_marketplace_and_from_a_merchant():
    state = at(table(), 0, "marketplace", dust=10, coins=10)
    assert_refused(
        game, at(table(), 0, "castle", coins=5), 0, {"type": "buy", "lots": 1}, "not_at_market"
    )
    assert_refused(game, state, 0, {"type": "buy", "lots": 7}, "over_maximum")  # 1 -> 5, max 30
    assert_refused(game, state, 0, {"type": "buy", "lots": 0}, "malformed_action")
    state, _events = act(state, 0, type="buy", lots=6, cost={"coins": 6, "dust": -30})
    me = state["players"][0]
    assert (me["dust"], me["coins"]) == (40, 4)
    assert state["forest_pixie"] == 1, "the Forest Pixie moves clockwise after a purchase"
    assert state["active"] == 1, "a purchase is the turn's action"
    merchant = at(table(), 0, "merchant-1", dust=10, coins=3)
    merchant, _ = act(merchant, 0, type="buy", lots=2)
    assert merchant["players"][0]["coins"] == 0, "1 coin a lot and the 1-coin fee"


def test_dust_bought_past_one_hundred_goes_back():
    state = at(table(), 0, "marketplace", dust=90, coins=10)
    state, _ = act(state, 0, type="buy", lots=6)
    assert state["players"][0]["dust"] == 100


def test_completing_a_job_pays_its_fame_and_coins_and_refills_face_down():
    state = table()
    job = state["villages"]["village-1"]["job"]
    top_back = parts.back_of(state["deck"][-2])
    card = parts.JOBS[job]
    state = at(state, 0, "village-1", dust=card.cost)
    state, _events = act(state, 0, type="job", cost={"dust": card.cost})
    me = state["players"][0]
    bonus = sum(1 for icon in card.icons if icon == me["starting_charm"])
    assert me["jobs"] == [job]
    assert me["fame"] == card.fame + bonus
    assert me["coins"] == card.coins + bonus
    assert me["dust"] == 0
    slot = state["villages"]["village-1"]
    assert slot["job"]
    assert not slot["face_up"]
    assert state["board_mushrooms"].get(top_back.mushroom_space), "the new top card's back"
    assert_refused(game, at(state, 1, "village-1"), 1, {"type": "job"}, "no_job_here")


def test_the_rulebooks_charm_bonus_example():
    """Two animal charms and one illusion charm on a 2-fame, 2-coin animal and illusion job:
    5 fame and 5 coins."""
    state = table(players=4)
    village = "village-2"
    state["villages"][village]["job"], swapped = (
        "disguise-the-pig-as-a-prince",
        state["villages"][village]["job"],
    )
    _replace(state, "disguise-the-pig-as-a-prince", swapped, village)
    state["players"][0]["starting_charm"] = "energy"
    state = at(state, 0, village, dust=30, charms=["animal", "animal", "illusion"])
    state, _ = act(state, 0, type="job")
    me = state["players"][0]
    assert (me["fame"], me["coins"]) == (5, 5)
    assert me["fame_sources"]["charm_bonus"] == 3


def _replace(state, card, swapped, village):
    """Move ``card`` to ``village``, putting the job that was there where ``card`` was."""
    if card in state["deck"]:
        state["deck"][state["deck"].index(card)] = swapped
    elif card in state["box"]["jobs"]:
        state["box"]["jobs"][state["box"]["jobs"].index(card)] = swapped
    else:
        other = next(v for v, s in state["villages"].items() if s["job"] == card and v != village)
        state["villages"][other]["job"] = swapped


def test_a_back_moves_the_pixie_it_shows():
    state = table()
    pixie = next(c for c in parts.JOBS if parts.JOBS[c].back.pixie == "mountain")
    state["deck"].remove(pixie) if pixie in state["deck"] else None
    state["box"]["jobs"] = [c for c in state["box"]["jobs"] if c != pixie]
    for slot in state["villages"].values():
        if slot["job"] == pixie:
            slot["job"] = state["deck"].pop(0)
    state["deck"].insert(len(state["deck"]) - 1, pixie)
    card = parts.JOBS[state["villages"]["village-1"]["job"]]
    state = at(state, 0, "village-1", dust=card.cost)
    state, _ = act(state, 0, type="job")
    assert state["mountain_pixie"] == 2
    forest = next(c for c in parts.JOBS if parts.JOBS[c].back.pixie == "forest")
    assert parts.JOBS[forest].back.pixie == "forest"


def test_at_three_face_up_jobs_each_gets_a_coin_and_the_rest_turn_up():
    state = table()
    for village in ["village-4", "village-5", "village-6", "village-7", "village-8"]:
        state["villages"][village]["face_up"] = False
    state, _ = act(state, 0, type="end_move")
    state, events = act(state, 0, type="end")
    assert "jobs_refreshed" in types(events)
    assert all(slot["face_up"] for slot in state["villages"].values())
    coined = [v for v, slot in state["villages"].items() if slot["coins"] == 1]
    assert coined == ["village-1", "village-2", "village-3"]
    card = parts.JOBS[state["villages"]["village-1"]["job"]]
    state = at(state, 1, "village-1", dust=card.cost)
    state, _ = act(state, 1, type="job")
    assert state["players"][1]["coins"] >= card.coins + 1, "the coin on the card is taken"


def test_mushrooms_pay_as_dust_and_coins_with_change():
    state = at(table(), 0, "teleport-animal", dust=0, mushrooms=["dust-20-a"])
    listed = {
        "type": "teleport",
        "to": "teleport-energy",
        "mushrooms": ["dust-20-a"],
        "cost": {"dust": 10},
    }
    assert listed in game.legal_actions(state, 0)
    assert_refused(game, state, 0, {"type": "teleport", "to": "teleport-energy"}, "cannot_afford")
    assert_refused(
        game,
        state,
        0,
        {"type": "teleport", "to": "teleport-energy", "mushrooms": ["coin-2-a"]},
        "mushroom_not_held",
    )
    state, _ = act(state, 0, **listed)
    assert state["players"][0]["dust"] == 10, "change from the supply"
    assert state["mushroom_discard"] == ["dust-20-a"]
    card = parts.JOBS[state["villages"]["village-1"]["job"]]
    job = at(table(), 0, "village-1", dust=card.cost - 10, mushrooms=["dust-10-a"])
    job, _ = act(job, 0, type="job", mushrooms=["dust-10-a"])
    assert job["players"][0]["dust"] == 0, "mushrooms first, then the purse"
    coins = at(table(), 0, "path-3", coins=0, mushrooms=["coin-3-a", "dust-10-a"])
    assert_refused(game, coins, 0, {"type": "taxi", "mushrooms": ["dust-10-a"]}, "wrong_mushroom")
    assert_refused(game, coins, 0, {"type": "taxi", "mushrooms": "coin-3-a"}, "malformed_action")
    coins, _ = act(coins, 0, type="taxi", mushrooms=["coin-3-a"])
    assert coins["players"][0]["coins"] == 1


def test_a_licence_is_taken_at_the_castle_with_a_secret_seal():
    state = at(table(), 0, "castle", dust=100, coins=10)
    state["courtyard"] = ["dust-100", "jobs-7", "coins-10", "mushrooms-3"]
    state["box"]["licences"] = [c for c in parts.LICENCES if c not in state["courtyard"]]
    assert_refused(game, at(table(), 0, "village-1"), 0, {"type": "castle"}, "not_at_castle")
    assert game.view(state, 0)["courtyard"] is None, "unseen before the visit"
    state, events = act(state, 0, type="castle")
    assert state["phase"] == "castle"
    view = game.view(state, 0)
    assert [c["id"] for c in view["courtyard"]] == state["courtyard"]
    assert game.view(state, 1)["courtyard"] is None
    seen = next(e for e in events if e.type == "licences_seen")
    assert seen.audience == (0,)
    assert {a["licence"] for a in game.legal_actions(state, 0) if a["type"] == "take_licence"} == {
        "dust-100",
        "coins-10",
    }
    assert_refused(
        game, state, 0, {"type": "take_licence", "licence": "jobs-7"}, "requirements_not_met"
    )
    assert_refused(
        game, state, 0, {"type": "take_licence", "licence": "each-icon-type"}, "bad_licence"
    )
    top_seal = state["seals"][-1]
    state, events = act(state, 0, type="take_licence", licence="coins-10")
    me = state["players"][0]
    assert (me["licence"], me["seal"], me["fame"]) == ("coins-10", top_seal, 3)
    assert next(e for e in events if e.type == "seal_taken").audience == (0,)
    assert game.view(state, 0)["players"][0]["seal"]["id"] == top_seal
    assert game.view(state, 1)["players"][0]["seal"] is None
    assert game.view(state, 1)["players"][0]["has_seal"] is True
    again = at(state, 0, "castle")
    again["active"], again["phase"] = 0, "action"
    assert_refused(game, again, 0, {"type": "castle"}, "already_licensed")


def test_a_wizard_who_meets_no_licence_remembers_what_it_saw():
    state = at(table(), 0, "castle", dust=10)
    state, _ = act(state, 0, type="castle")
    takeable = [a["licence"] for a in game.legal_actions(state, 0) if a["type"] == "take_licence"]
    holdings = table_rules.holdings(state["players"][0])
    assert takeable == [c for c in state["courtyard"] if parts.meets(parts.LICENCES[c], holdings)]
    assert {"type": "leave"} in game.legal_actions(state, 0)
    state, _ = act(state, 0, type="leave")
    remembered = game.view(state, 0)["players"][0]["seen_licences"]
    assert sorted(c["id"] for c in remembered) == sorted(state["courtyard"])
    assert game.view(state, 1)["players"][0]["seen_licences"] is None


def _inspector_under_the_top_card(state):
    """The Royal Inspector moved to just below the deck's top card: the next job reveals it."""
    state["deck"].remove(parts.INSPECTOR_ID)
    state["deck"].insert(len(state["deck"]) - 1, parts.INSPECTOR_ID)
    return state


def test_the_inspector_ends_the_game_with_seals_experience_and_wealth():
    state = _inspector_under_the_top_card(table(players=2))
    state["players"][1]["licence"] = state["courtyard"].pop()
    state["players"][1]["seal"] = state["seals"].pop()
    left = sum(parts.SEALS[s] for s in state["seals"])
    card = parts.JOBS[state["villages"]["village-1"]["job"]]
    state = at(state, 0, "village-1", dust=card.cost, coins=5)
    state, events = act(state, 0, type="job")
    assert state["phase"] == "over"
    assert "inspector_revealed" in types(events)
    me, other = state["players"]
    assert me["fame_sources"]["seals"] == -left
    assert other["fame_sources"]["seals"] == 0
    assert me["fame_sources"]["wealth"] == me["coins"] // 2
    icons = {i: sum(parts.JOBS[j].icons.count(i) for j in me["jobs"]) for i in parts.ICONS}
    assert me["fame_sources"]["experience"] == sum(parts.experience(n) for n in icons.values())
    assert game.view(state, 1)["seals_left"] == [
        {"id": s, "penalty": parts.SEALS[s]} for s in state["seals"]
    ]
    result = game.result(state)
    assert result is not None
    assert result.scores == [me["fame"], other["fame"]]
    assert_refused(game, state, 1, {"type": "end"}, "game_over")


def test_the_game_ends_as_soon_as_the_inspector_is_the_newly_revealed_top_card():
    """The default reading (``inspector_ends: "on_top"``): the rulebook's "newly revealed card
    on top of the deck" is the Inspector, so the game ends with this job's turn, and the
    Inspector's back is never read (no mushroom on forest-4)."""
    state = _inspector_under_the_top_card(table())
    drawn = state["deck"][-1]
    card = parts.JOBS[state["villages"]["village-1"]["job"]]
    state = at(state, 0, "village-1", dust=card.cost)
    before = {s: list(cards) for s, cards in state["board_mushrooms"].items()}
    state, events = act(state, 0, type="job")
    assert (state["phase"], state["ended_by"]) == ("over", "inspector")
    assert state["villages"]["village-1"]["job"] == drawn, "the drawn card still refills"
    assert next(e for e in events if e.type == "inspector_revealed").data == {
        "where": "top_of_deck"
    }
    assert "mushroom_placed" not in types(events)
    assert state["board_mushrooms"] == before
    assert state["deck"][-1] == parts.INSPECTOR_ID
    assert game.result(state) is not None


def test_the_drawn_reading_reads_the_inspectors_back_and_ends_a_job_later():
    """``inspector_ends: "drawn"``: the Inspector on top shows its back (forest-4, a
    mushroom placed there), play goes on, and the next job draws it and ends the game."""
    state = _inspector_under_the_top_card(table(inspector_ends="drawn"))
    card = parts.JOBS[state["villages"]["village-1"]["job"]]
    state = at(state, 0, "village-1", dust=card.cost)
    state, events = act(state, 0, type="job")
    assert (state["phase"], game.to_act(state)) == ("move", [1])
    assert game.view(state, 1)["deck_top_back"] == {"mushroom_space": "forest-4", "pixie": None}
    assert "forest-4" in state["board_mushrooms"]
    other = parts.JOBS[state["villages"]["village-2"]["job"]]
    state = at(state, 1, "village-2", dust=other.cost)
    state, events = act(state, 1, type="job")
    assert (state["phase"], state["ended_by"]) == ("over", "inspector")
    assert state["villages"]["village-2"] == {"job": None, "face_up": False, "coins": 0}
    assert next(e for e in events if e.type == "inspector_revealed").data == {
        "where": "village",
        "village": "village-2",
    }


def test_the_turn_limit_ends_the_game_scored_as_at_the_inspector():
    state = table(turn_limit=1)
    state, _ = act(state, 0, type="end")
    assert state["phase"] == "move", "seat 1 has not had its turn yet"
    left = sum(parts.SEALS[s] for s in state["seals"])
    state, events = act(state, 1, type="end")
    assert (state["phase"], state["ended_by"]) == ("over", "turn_limit")
    assert "turn_limit_reached" in types(events)
    assert [p["fame_sources"]["seals"] for p in state["players"]] == [-left, -left]
    assert game.result(state) is not None
    assert game.new({"players": 2}, 1)["options"]["turn_limit"] is None
    for bad in (0, 1001, "10"):
        with pytest.raises(RuleError) as refused:
            game.new({"players": 2, "turn_limit": bad}, 1)
        assert refused.value.code == "invalid_options"


def test_players_choose_their_wizards_in_turn_order_before_the_first_turn():
    """The rulebook's "choose your wizard ... and player board": the default
    ``wizards: "chosen"``, from the first player on, each wizard once."""
    state = game.new({"players": 3, "first_player": 1}, 3)
    assert (state["phase"], game.to_act(state)) == ("choose", [1])
    assert sorted(a["charm"] for a in game.legal_actions(state, 1)) == sorted(parts.ICONS)
    assert_refused(game, state, 1, {"type": "choose_wizard", "charm": "fire"}, "bad_wizard")
    state, events = act(state, 1, type="choose_wizard", charm="illusion")
    assert "wizard_chosen" in types(events)
    assert game.to_act(state) == [2]
    assert "illusion" not in [a["charm"] for a in game.legal_actions(state, 2)]
    assert_refused(game, state, 2, {"type": "choose_wizard", "charm": "illusion"}, "wizard_taken")
    state, _ = act(state, 2, type="choose_wizard", charm="nature")
    state, events = act(state, 0, type="choose_wizard", charm="animal")
    assert (state["phase"], game.to_act(state)) == ("place", [1])
    assert "turn_started" in types(events)
    assert [p["starting_charm"] for p in state["players"]] == ["animal", "illusion", "nature"]


def test_wizards_dealt_at_random_give_every_charm_or_fixed_by_seat():
    seat_zero = set()
    for seed in range(30):
        state = game.new({"players": 2, "wizards": "random"}, seed)
        charms = [p["starting_charm"] for p in state["players"]]
        assert len(set(charms)) == 2
        assert set(charms) <= set(parts.ICONS)
        assert state["phase"] == "place"
        seat_zero.add(charms[0])
    assert seat_zero == set(parts.ICONS), "nature and illusion come to two players too"
    state = game.new({"players": 4, "wizards": "by_seat"}, 1)
    assert [p["starting_charm"] for p in state["players"]] == list(parts.ICONS)


def test_catch_up_dust_gives_later_seats_in_turn_order_more():
    state = game.new({"players": 4, "first_player": 2, "catch_up_dust": 5}, 1)
    assert [p["dust"] for p in state["players"]] == [40, 45, 30, 35]
    rulebook = game.new({"players": 4, "catch_up_dust": 0}, 1)
    assert [p["dust"] for p in rulebook["players"]] == [30] * 4


# --- decisions the rulebook leaves open (issue 28, item 2) ----------------------------------


def test_the_refresh_coins_come_from_the_supply_not_the_purse():
    state = table()
    for village in ["village-4", "village-5", "village-6", "village-7", "village-8"]:
        state["villages"][village]["face_up"] = False
    state["players"][1]["coins"] = 0
    state, _ = act(state, 0, type="end")
    assert sum(slot["coins"] for slot in state["villages"].values()) == 3
    assert state["players"][1]["coins"] == 0, "seat 1 refreshed with an empty purse"


def test_a_mushroom_placed_under_a_standing_wizard_waits_to_be_walked_over():
    state = at(table(), 0, "forest-2")
    state["board_mushrooms"]["forest-2"] = [state["mushroom_pile"].pop()]
    away = BOARD.neighbours["forest-2"][0]
    state, events = act(state, 0, type="walk", path=[away])
    assert "mushroom_collected" not in types(events), "walking off is not passing over"
    assert len(state["board_mushrooms"]["forest-2"]) == 1
    state, events = act(state, 0, type="walk", path=["forest-2"])
    assert "mushroom_collected" in types(events)
    assert "forest-2" not in state["board_mushrooms"]


def test_coin_mushrooms_count_as_coins_in_the_tie_break():
    state = at(table(), 1, "village-1", coins=1, mushrooms=["coin-3-a"])
    state = at(state, 0, "village-1", coins=3, mushrooms=[])
    for me in state["players"]:
        me["fame"], me["fame_sources"]["jobs"] = 10, 10
    state["phase"] = "over"
    result = game.result(state)
    assert result is not None
    assert result.places == [2, 1], "1 coin and a 3-coin mushroom beat 3 coins"
    assert result.details["coins"] == [3, 4]


def test_leaving_the_castle_is_only_for_a_wizard_who_meets_no_licence():
    state = at(table(), 0, "castle", dust=100, coins=0)
    state["courtyard"] = ["dust-100", "jobs-7", "coins-10", "mushrooms-3"]
    state["box"]["licences"] = [c for c in parts.LICENCES if c not in state["courtyard"]]
    state, _ = act(state, 0, type="castle")
    assert {"type": "leave"} not in game.legal_actions(state, 0)
    assert_refused(game, state, 0, {"type": "leave"}, "must_take_licence")
    poor, _ = act(at(table(), 0, "castle", dust=0, coins=0), 0, type="castle")
    assert game.legal_actions(poor, 0) == [{"type": "leave"}]


def test_at_one_hundred_dust_no_purchase_is_offered_or_accepted():
    full = at(table(), 0, "marketplace", dust=100, coins=10)
    assert not [a for a in game.legal_actions(full, 0) if a["type"] == "buy"]
    assert_refused(game, full, 0, {"type": "buy", "lots": 1}, "dust_full")
    nearly = at(table(), 0, "marketplace", dust=97, coins=10)  # toadstool 0: 1 coin, 5 dust
    listed = [a for a in game.legal_actions(nearly, 0) if a["type"] == "buy"]
    assert listed == [{"type": "buy", "lots": 1, "cost": {"coins": 1, "dust": -3}}]
    nearly, _ = act(nearly, 0, type="buy", lots=2)  # accepted: the excess goes back
    assert nearly["players"][0]["dust"] == 100


def test_ties_go_to_coins_then_jobs():
    state = table(players=3)
    for seat, (fame, coins, jobs) in enumerate([(10, 3, 1), (10, 3, 2), (10, 2, 5)]):
        me = state["players"][seat]
        me["fame"], me["fame_sources"]["jobs"], me["coins"] = fame, fame, coins
        me["jobs"] = list(parts.JOBS)[seat * 5 : seat * 5 + jobs]
    state["phase"] = "over"
    result = game.result(state)
    assert result is not None
    assert result.places == [2, 1, 3]


def test_experience_bonus_table():
    assert [parts.experience(n) for n in range(7)] == [0, 0, 1, 3, 6, 6, 6]


# --- refusals --------------------------------------------------------------------------------


def test_malformed_and_misplaced_actions_are_refused_with_a_code():
    state = table()
    assert_refused(game, state, 1, {"type": "end_move"}, "not_your_turn")
    assert_refused(game, state, False, {"type": "end_move"}, "not_your_turn")
    assert_refused(game, state, 0, {"type": "leave"}, "invalid_action")
    assert_refused(game, state, 0, {"type": "end_move", "now": True}, "malformed_action")
    with pytest.raises(RuleError) as options:
        game.new({"players": 2, "first_player": 3}, 1)
    assert options.value.code == "invalid_options"


def test_every_refusal_code_is_raised_by_a_test():
    assert_every_refusal_code_tested(ENGINE, __file__)


odd_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10**30)
    | st.text(max_size=8)
    | st.sampled_from(
        [
            "path-3",
            "castle",
            "speed-2-a",
            "dust-20-a",
            "coin-2-a",
            "teleport-a",
            "coins-10",
            "nature",
            "animal",
        ]
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
TYPES = ["place", "walk", "speed", "taxi", "teleport", "teleport_mushroom", "end_move", "buy",
         "job", "castle", "end", "take_licence", "leave", "choose_wizard", 3]  # fmt: skip
KEYS = ["space", "path", "mushroom", "mushrooms", "to", "lots", "licence", "charm", "cost"]


@settings(max_examples=300, deadline=None)
@given(
    phase=st.sampled_from(["choose", "place", "move", "action", "castle"]),
    kind=st.sampled_from(TYPES),
    fields=st.dictionaries(st.sampled_from(KEYS), odd_values, max_size=4),
)
# Paying with an empty list of mushrooms is paying with none: the listed taxi names none.
@example(phase="move", kind="taxi", fields={"mushrooms": []})
def test_any_json_action_is_applied_or_refused_with_a_rule_error(phase, kind, fields):
    state = at(
        table(),
        0,
        "path-3",
        coins=5,
        mushrooms=["speed-2-a", "dust-20-a", "coin-2-a", "teleport-a"],
    )
    state["phase"] = phase
    assert_sound_action(BOX, state, 0, {"type": kind, **fields}, random.Random(0))


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    odd=odd_actions(TYPES, KEYS, odd_values),
)
def test_random_playouts_keep_the_contract_at_every_step(seed, players, odd):
    """The shared property harness: jobs, mushrooms, seals, licences and charms conserved,
    every listed action accepted, refusals harmless, only the seats to act act, nothing
    leaked; these odd actions too."""
    checked_playout(BOX, {"players": players}, seed, odd=odd, steps=100)


def test_the_castle_visit_leaks_the_courtyard_to_nobody_else():
    """The shared leak check through a visit: seeing the licences, taking one with its seal,
    and leaving with a memory; each viewer's view survives changing what it may not see."""
    rng = random.Random(2)
    state = at(table(players=3), 0, "castle", dust=100, coins=10)
    assert_no_leaks(game, state, rng, (0, {"type": "castle"}))
    state, _ = act(state, 0, type="castle")
    taken = next(a for a in game.legal_actions(state, 0) if a["type"] == "take_licence")
    assert_no_leaks(game, state, rng, (0, taken))
    state, _ = act(state, 0, **taken)
    assert_no_leaks(game, state, rng)
    poor, _ = act(at(table(players=3), 0, "castle", dust=0, coins=0), 0, type="castle")
    assert_no_leaks(game, poor, rng, (0, {"type": "leave"}))


@pytest.mark.parametrize(
    ("players", "dust"), [(2, [30, 30]), (3, [30, 33, 36]), (4, [30, 35, 40, 45])]
)
def test_catch_up_dust_is_set_by_the_number_of_players_unless_chosen(players, dust):
    """Fairness (docs/rules/wizards-wanted.md): 3 a place with three, 5 with four, none with
    two."""
    state = game.new({"players": players, "first_player": 0}, 3)
    assert [p["dust"] for p in state["players"]] == dust
    assert state["options"]["catch_up_dust"] == {2: 0, 3: 3, 4: 5}[players]
    chosen = game.new({"players": 4, "first_player": 2, "catch_up_dust": 2}, 3)
    assert [p["dust"] for p in chosen["players"]] == [34, 36, 30, 32]

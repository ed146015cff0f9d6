"""Wizards Wanted bots: the heuristic heads for a job it can pay for, does it on arrival, buys
dust when short, takes a licence it meets, and beats the random bot; the search's policy
also counts the experience a job adds, gathers mushrooms on its walks for dust and takes a
detour for a charm early on."""

from __future__ import annotations

import random
from collections import Counter

from tests.games.wizards_wanted.tables import act, assert_conserved, at, game, table
from wordsvc.games.simulate import simulate, wilson
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.bots import (
    HeuristicBot,
    RandomBot,
    experience_gain,
    search_policy,
)


def choice(state, seat=0):
    return HeuristicBot().choose(game, game.view(state, seat), seat, random.Random(1))


def test_the_heuristic_does_an_affordable_job_where_it_stands():
    state = at(table(), 0, "village-1", dust=100)
    assert choice(state)["type"] == "job"


def test_the_heuristic_walks_the_planned_route_to_an_affordable_job():
    state = at(table(), 0, "village-1", dust=60)
    state["villages"]["village-1"]["face_up"] = False
    step = choice(state)
    assert step["type"] in ("walk", "taxi", "teleport")
    for _ in range(6):
        if state["phase"] != "move" or choice(state)["type"] == "job":
            break
        state, _ = act(state, 0, **choice(state))
    assert choice(state)["type"] == "job"


def test_the_heuristic_walks_one_space_for_dust_when_nothing_is_affordable():
    state = at(table(), 0, "village-1", dust=0, coins=0)
    step = choice(state)
    assert step["type"] == "walk"
    assert len(step["path"]) == 1


def test_the_search_policy_walks_for_dust_onto_a_face_down_mushroom():
    """Where a mushroom lies next to it, its walk for dust collects it, whatever its rng;
    the heuristic walks towards its job instead, elsewhere."""
    state = at(table(), 0, "path-3", dust=0, coins=0)
    view = game.view(state, 0)
    towards = {HeuristicBot().choose(game, view, 0, random.Random(n))["path"][0] for n in range(20)}
    elsewhere = [s for s in BOARD.spaces if BOARD.is_adjacent("path-3", s) and s not in towards]
    assert elsewhere, "path-3 has a neighbour the heuristic does not walk to"
    spot = elsewhere[0]
    state["board_mushrooms"].setdefault(spot, []).append(state["mushroom_pile"].pop())
    view = game.view(state, 0)
    steps = [search_policy().choose(game, view, 0, random.Random(n)) for n in range(20)]
    assert all(step == {"type": "walk", "path": [spot], **_cost(view, spot)} for step in steps)
    assert {
        HeuristicBot().choose(game, view, 0, random.Random(n))["path"][0] for n in range(20)
    } == towards


def _cost(view, spot):
    """The listed one-space walk's own fields beyond its path (its price)."""
    (listed,) = [a for a in view["legal_actions"] if a["type"] == "walk" and a["path"] == [spot]]
    return {k: v for k, v in listed.items() if k not in ("type", "path")}


def test_the_experience_a_job_adds_is_the_bonus_its_icons_move_up():
    assert experience_gain({}, ["animal"]) == 0  # one icon of a type scores nothing
    assert experience_gain({"animal": 1}, ["animal"]) == 1  # 2 of a type: 1 fame
    assert experience_gain({"animal": 2}, ["animal", "nature"]) == 2  # 3: 3 fame, from 1
    assert experience_gain({"animal": 3, "nature": 1}, ["animal", "nature"]) == 3 + 1
    assert experience_gain({"energy": 4}, ["energy", "energy"]) == 0  # 4 or more: 6 at most


def test_the_search_policy_prefers_the_job_whose_icons_complete_a_set():
    """Two jobs alike in cost and pay: the policy takes the one whose icon makes a set; the
    heuristic, which does not count the experience, takes either."""
    state = table()
    state["phase"], state["players"][0]["position"] = "place", None
    wanted = {"village-1": "grow-a-prize-pumpkin", "village-2": "make-the-scarecrow-scarier"}
    done = ["wake-the-sleepy-oak", "bring-rain-to-the-turnips"]  # a nature icon each
    for card in (*wanted.values(), *done):
        _take_job(state, card)
    state["players"][0]["jobs"] = done
    for village, slot in state["villages"].items():
        if slot["job"]:
            state["deck"].append(slot["job"])
        slot["job"], slot["face_up"] = wanted.get(village), village in wanted
    assert_conserved(state)
    view = game.view(state, 0)
    pays = [view["villages"][v]["pays"] for v in wanted]
    assert pays[0] == pays[1], "alike in what they pay (neither matches a charm)"
    places = {search_policy().choose(game, view, 0, random.Random(n))["space"] for n in range(20)}
    assert places == {"village-1"}, "the nature job makes 3 nature icons: 3 fame, not 1"
    plain = {HeuristicBot().choose(game, view, 0, random.Random(n))["space"] for n in range(20)}
    assert plain == set(wanted)


def _take_job(state, card):
    """Take a job card out of wherever it lies (the deck, the box, a village)."""
    for pile in (state["deck"], state["box"]["jobs"]):
        if card in pile:
            pile.remove(card)
            return
    for slot in state["villages"].values():
        if slot["job"] == card:
            slot["job"], slot["face_up"] = None, False
            return
    raise AssertionError(f"{card} is nowhere to take it from")


def test_the_heuristic_buys_dust_at_the_market_when_short():
    state = at(table(), 0, "marketplace", dust=0, coins=10)
    step = choice(state)
    assert step["type"] == "buy"
    assert step["lots"] == 6


def test_the_heuristic_takes_a_licence_it_meets():
    state = at(table(), 0, "castle", dust=100, coins=0)
    state["courtyard"] = ["jobs-7", "dust-100", "coins-10", "mushrooms-3"]
    state["box"]["licences"] = [c for c in parts.LICENCES if c not in state["courtyard"]]
    state, _ = act(state, 0, type="castle")
    assert choice(state) == {"type": "take_licence", "licence": "dust-100"}


def test_the_heuristic_does_not_go_back_for_a_licence_another_wizard_holds():
    """What it remembers of the courtyard, less the licences now held in public."""
    state = at(table(), 0, "castle", dust=100, coins=0)
    state["phase"] = "action"
    state["players"][0]["seen_licences"] = ["dust-100", "jobs-7"]
    state["courtyard"] = ["dust-100", "jobs-7", "coins-10", "mushrooms-3"]
    state["box"]["licences"] = [c for c in parts.LICENCES if c not in state["courtyard"]]
    assert choice(state)["type"] == "castle", "it meets dust-100, still in the courtyard"
    state["courtyard"].remove("dust-100")
    state["players"][1]["licence"] = "dust-100"
    assert choice(state)["type"] == "end"


def test_the_heuristic_breaks_ties_with_its_rng_not_list_order():
    state = table()
    for slot in state["villages"].values():
        slot["face_up"] = False  # every village worth the same to it
    state["phase"], state["players"][0]["position"] = "place", None
    bot = HeuristicBot()
    places = {
        bot.choose(game, game.view(state, 0), 0, random.Random(n))["space"] for n in range(20)
    }
    assert len(places) > 3
    chooser = game.new({"players": 2, "first_player": 0}, 1)
    for slot in chooser["villages"].values():
        slot["face_up"] = False  # no icon in sight: every wizard worth the same
    charms = {
        bot.choose(game, game.view(chooser, 0), 0, random.Random(n))["charm"] for n in range(20)
    }
    assert len(charms) > 2


def test_the_heuristic_chooses_the_wizard_matching_most_face_up_icons():
    state = game.new({"players": 2, "first_player": 0}, 1)
    icons = Counter(
        icon for slot in state["villages"].values() for icon in parts.JOBS[slot["job"]].icons
    )
    top = max(icons.values())
    assert choice(state)["charm"] in {i for i, n in icons.items() if n == top}


def test_the_heuristic_beats_the_random_bot():
    summary = simulate(
        game,
        {"heuristic": HeuristicBot, "random": RandomBot},
        ["heuristic", "random"],
        {"players": 2},
        12,
        1,
    )
    low, _ = wilson(summary.wins.get("heuristic", 0), summary.seats_played["heuristic"])
    assert low > 0.7


def _jobs_with_icons(state, charm, count):
    """Face-up jobs in the villages with at least ``count`` icons of ``charm`` among them."""
    matching = [c for c in parts.JOBS if charm in parts.JOBS[c].icons]
    for village, card in zip(list(state["villages"])[:count], matching, strict=False):
        slot = state["villages"][village]
        if slot["job"]:
            state["deck"].append(slot["job"])
        _take_job(state, card)
        slot["job"], slot["face_up"] = card, True
    assert_conserved(state)
    return state


def test_the_search_policy_teleports_for_a_charm_that_matches_the_jobs_in_view():
    """On an active stone early in the game, with dust to spare, the policy teleports to the
    corner whose charm matches the icons of the face-up jobs, whatever its rng; the
    heuristic never goes for a charm."""
    corner = BOARD.corners["animal"]
    stone = next(s for s in BOARD.corners.values() if s != corner)
    state = _jobs_with_icons(at(table(), 0, stone, dust=40), "animal", 3)
    view = game.view(state, 0)
    assert view["deck_size"] >= 12
    assert view["charms"][corner]
    chosen = [search_policy().choose(game, view, 0, random.Random(n)) for n in range(10)]
    assert {(a["type"], a["to"]) for a in chosen} == {("teleport", corner)}
    plain = [HeuristicBot().choose(game, view, 0, random.Random(n)) for n in range(10)]
    assert not [a for a in plain if a.get("to") == corner]


def test_the_search_policy_keeps_its_dust_and_its_late_turns_for_jobs():
    """Too little dust to keep 10 after the teleport, or a short deck: no charm trip."""
    corner = BOARD.corners["animal"]
    stone = next(s for s in BOARD.corners.values() if s != corner)
    poor = game.view(_jobs_with_icons(at(table(), 0, stone, dust=15), "animal", 3), 0)
    late_state = _jobs_with_icons(at(table(), 0, stone, dust=40), "animal", 3)
    late_state["box"]["jobs"].extend(late_state["deck"][:-5])
    del late_state["deck"][:-5]
    late = game.view(late_state, 0)
    assert late["deck_size"] < 12
    for view in (poor, late):
        moves = [search_policy().choose(game, view, 0, random.Random(n)) for n in range(10)]
        assert not [a for a in moves if a.get("to") == corner]

"""Magos y Tabernas: every rule of the rulebook and every named card's note as a scenario, the
designed cards' effects, and every refusal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.helpers import (
    assert_every_refusal_code_tested,
    assert_refused,
    assert_sound_action,
    checked_playout,
    odd_actions,
)
from tests.games.magos_y_tabernas.box import BOX
from tests.games.magos_y_tabernas.tables import (
    act,
    assert_conserved,
    end_turn,
    give,
    pass_round,
    table,
    types,
)
from wordsvc.games.contract import RuleError
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas import table as table_rules
from wordsvc.games.magos_y_tabernas.engine import MagosYTabernas

game = MagosYTabernas()
ENGINE = Path(parts.__file__).resolve().parent


# --- setup and the turn ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_obstacles_hands_and_the_deck(players):
    state = game.new({"players": players}, 5)
    for player in state["players"]:
        assert len(player["obstacles"]) == parts.OBSTACLES
        assert len(player["hand"]) == parts.STARTING_HAND
        assert (player["orbs"], player["gems"], player["objects"]) == (0, 0, [])
    assert len(state["deck"]) == parts.DECK_SIZE - players * 5
    assert state["supply"] == {"orbs": 9, "gems": 9, "life_gems": 6}
    assert state["phase"] == "main"
    assert state["point"] == 1
    assert_conserved(state)
    quick = game.new({"players": players, "quick": True}, 5)
    assert all(len(p["obstacles"]) == parts.QUICK_OBSTACLES for p in quick["players"])


def test_the_first_player_is_drawn_by_the_seed_unless_an_option_names_one():
    firsts = {game.new({"players": 4}, seed)["active"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert game.new({"players": 4}, 7)["active"] == game.new({"players": 4}, 7)["active"]
    assert game.new({"players": 3, "first_player": 2}, 7)["active"] == 2


def test_taking_an_orb_is_announced_then_resolves_when_everyone_has_passed():
    state = give(table(), 1, hand=["escudo-1"])
    state, events = act(state, 0, type="take_orb")
    assert state["phase"] == "priority"
    assert game.to_act(state) == [1, 0], "every seat that may answer is asked at once"
    assert [item["kind"] for item in state["stack"]] == ["orb"]
    assert state["players"][0]["orbs"] == 0, "nothing happens before the window closes"
    state, _ = act(state, 0, type="pass")
    assert game.to_act(state) == [1], "a seat that passed is not asked again"
    state, events = act(state, 1, type="pass")
    assert state["players"][0]["orbs"] == 1
    assert state["supply"]["orbs"] == 8
    assert (state["phase"], game.to_act(state)) == ("priority", [1, 0]), (
        "a window before the turn passes"
    )
    state, events = pass_round(state)
    assert (state["active"], state["phase"], state["point"]) == (1, "main", 1)
    assert "turn_started" in types(events)


def test_the_rulebooks_example_of_turns_merlin_gandalf_houdini():
    """ "Merlin: uses a Spell card! (end of turn) / Gandalf: draws a card. (end of turn) /
    Houdini: draws an Orb. (end of turn)": each spends the one action point, and the turn
    passes on."""
    merlin, gandalf, houdini = 0, 1, 2
    state = table(players=3)
    give(state, merlin, hand=["invocar-orbes-1", "gema-1"])
    give(state, gandalf, hand=["escudo-1", "gema-2"])
    give(state, houdini, hand=["interrupcion-1"])
    state, _ = act(state, merlin, type="play", card="invocar-orbes-1")
    state, events = pass_round(state)
    assert state["players"][merlin]["orbs"] == 2
    assert state["players"][merlin]["hand"] == ["gema-1"]
    assert "invocar-orbes-1" in state["discard"]
    assert (state["active"], state["point"], state["players"][merlin]["turns"]) == (gandalf, 1, 1)
    top = state["deck"][-1]
    state, _ = act(state, gandalf, type="draw")
    state, _ = pass_round(state)
    assert state["players"][gandalf]["hand"] == ["escudo-1", "gema-2", top]
    assert (state["active"], state["players"][gandalf]["turns"]) == (houdini, 1)
    state, _ = act(state, houdini, type="take_orb")
    state, events = pass_round(state)
    assert state["players"][houdini]["orbs"] == 1
    assert (state["active"], state["players"][houdini]["turns"]) == (merlin, 1)
    assert "turn_started" in types(events)


def test_a_seat_that_can_do_nothing_by_what_is_public_passes_by_itself():
    state = give(give(table(), 0, hand=[]), 1, hand=[])
    state, _ = act(state, 0, type="take_orb")
    assert state["players"][0]["orbs"] == 1
    assert state["active"] == 1, "no card in hand anywhere: no window to wait on"


def test_an_unused_action_point_is_lost_when_the_player_ends_the_turn():
    state, events = act(table(), 0, type="end")
    assert (state["phase"], game.to_act(state)) == ("priority", [1]), (
        "the others may answer before the turn passes; the seat that ended is not asked"
    )
    state, more = pass_round(state)
    events += more
    assert (state["active"], state["point"]) == (1, 1)
    assert state["players"][0]["turns"] == 1
    assert "turn_ended" in types(events)


def test_three_orbs_become_a_gem_at_once():
    state = give(table(), 0, hand=[], orbs=2)
    state = give(state, 1, hand=[])
    state, events = act(state, 0, type="take_orb")
    assert (state["players"][0]["orbs"], state["players"][0]["gems"]) == (0, 1)
    assert state["supply"] == {"orbs": 9, "gems": 8, "life_gems": 6}
    assert "orbs_to_gem" in types(events)


def test_orbs_wait_for_a_gem_while_the_supply_has_none():
    state = table()
    state["supply"]["gems"] = 0
    state["players"][0]["orbs"] = 4
    table_rules.settle(state, [])
    assert (state["players"][0]["orbs"], state["players"][0]["gems"]) == (4, 0)
    state["supply"]["gems"] = 1  # a gem comes back: the conversion happens at once
    table_rules.settle(state, [])
    assert (state["players"][0]["orbs"], state["players"][0]["gems"]) == (1, 1)


def test_three_gems_take_an_obstacle_into_the_hand_and_level_up():
    state = give(give(table(), 0, hand=[], orbs=2, gems=2), 1, hand=[])
    obstacle = state["players"][0]["obstacles"][-1]
    state, events = act(state, 0, type="take_orb")
    me = state["players"][0]
    assert (me["gems"], me["level"], me["hand"]) == (0, 1, [obstacle])
    assert len(me["obstacles"]) == 1
    assert state["supply"]["gems"] == 9, "spent gems return to the supply"
    taken = next(e for e in events if e.type == "obstacle_taken")
    assert taken.audience == (0,), "the card taken is seen by its taker only"
    assert game.view(state, 0)["players"][0]["hand_limit"] == 4
    assert game.view(state, 0)["players"][0]["object_limit"] == 3
    state["players"][0]["level"] = 2
    assert game.view(state, 0)["players"][0]["object_limit"] == 4


def test_with_the_obstacles_gone_three_gems_win_the_beer():
    state = table(quick=True)
    give(state, 1, hand=[])
    give(state, 0, hand=[], orbs=2, gems=2)
    state["deck"].extend(state["players"][0]["obstacles"])
    state["players"][0]["obstacles"] = []
    state, events = act(state, 0, type="take_orb")
    assert state["phase"] == "over"
    assert state["winner"] == [0]
    assert "won_the_beer" in types(events)
    result = game.result(state)
    assert result is not None
    assert result.winners == [0]
    assert result.places == [1, 2]
    assert_refused(game, state, 1, {"type": "end"}, "game_over")


def test_in_two_against_two_a_pair_wins_together_and_helps_each_other():
    state = table(players=4, teams=True)
    assert table_rules.opponents(state, 0) == [1, 3]
    give(state, 0, hand=["invocar-orbes-1", "atacar-1"])
    legal = game.legal_actions(state, 0)
    assert {"type": "play", "card": "invocar-orbes-1", "target": 2} in legal
    assert {"type": "play", "card": "atacar-1", "target": 2} not in legal
    assert_refused(game, state, 0, {"type": "play", "card": "atacar-1", "target": 2}, "bad_target")
    for seat in (1, 2, 3):
        give(state, seat, hand=[])
    state, _ = act(state, 0, type="play", card="invocar-orbes-1", target=2)
    state, _ = pass_round(state)
    assert state["players"][2]["orbs"] == 2
    assert state["players"][0]["orbs"] == 0
    give(state, 2, hand=[], orbs=2, gems=2)
    state["deck"] += state["players"][2]["obstacles"]
    state["players"][2]["obstacles"] = []
    state["active"] = 2
    state, _ = act(state, 2, type="take_orb")
    state, _ = pass_round(state)
    assert state["winner"] == [0, 2]
    result = game.result(state)
    assert result is not None
    assert result.places[0] == result.places[2] == 1


def test_in_two_against_two_the_losing_pair_shares_its_place():
    state = table(players=4, teams=True, quick=True)
    for seat in (1, 2, 3):
        give(state, seat, hand=[])
    give(state, 1, gems=2)
    give(state, 3, orbs=1)
    give(state, 0, hand=[], orbs=2, gems=2)
    state["deck"] += state["players"][0]["obstacles"]
    state["players"][0]["obstacles"] = []
    state, _ = act(state, 0, type="take_orb")
    result = game.result(state)
    assert result is not None
    assert result.winners == [0, 2]
    assert result.places == [1, 3, 1, 3], "competition ranking: both partners share third"
    limited = give(table(players=4, teams=True, turn_limit=1), 1, hand=[], gems=1)
    for seat in range(4):
        limited, _ = end_turn(limited, seat)
    assert limited["winner"] == [1, 3]
    assert game.result(limited).places == [3, 1, 3, 1]  # type: ignore[union-attr]


def test_options_are_checked():
    for options, problem in (
        ({"players": 3, "teams": True}, "teams"),
        ({"players": 2, "first_player": 2}, "first_player"),
        ({"players": 5}, "players"),
        ({"anulador_consume_cost": 2}, "anulador_consume_cost"),
    ):
        with pytest.raises(RuleError) as refused:
            game.new(options, 1)
        assert refused.value.code == "invalid_options"
        assert refused.value.details["problems"][0]["option"] == problem


def test_the_turn_limit_ends_the_game_ranked_by_progress():
    state = give(table(turn_limit=1), 1, hand=[], gems=1)
    state, _ = end_turn(state, 0)
    state, _events = end_turn(state, 1)
    assert state["phase"] == "over"
    assert state["ended_by"] == "turn_limit"
    assert state["winner"] == [1]
    result = game.result(state)
    assert result is not None
    assert result.places == [2, 1]


# --- spells, instants and the stack --------------------------------------------------------


def test_the_view_says_which_plays_would_take_nothing_from_their_target():
    """Atacar at a player without gems, Carterista at one without orbs: listed by their
    index in the legal actions, with what is missing; at a player who has some, not."""
    state = give(table(players=3), 0, hand=["atacar-1", "carterista-1"], gems=0, orbs=0)
    give(state, 1, hand=[], gems=0, orbs=2)
    give(state, 2, hand=[], gems=1, orbs=0)
    view = game.view(state, 0)
    legal = view["legal_actions"]
    idle = {
        (legal[n["action"]]["card"], legal[n["action"]]["target"], n["what"])
        for n in view["takes_nothing"]
    }
    assert idle == {("atacar-1", 1, "gems"), ("carterista-1", 2, "orbs")}


def test_atacar_destroys_a_gem_of_an_opponent_back_into_the_supply():
    state = give(give(table(), 0, hand=["atacar-1"]), 1, hand=[], gems=2)
    assert_refused(game, state, 0, {"type": "play", "card": "atacar-1"}, "missing_target")
    assert_refused(game, state, 0, {"type": "play", "card": "atacar-1", "target": 0}, "bad_target")
    assert_refused(
        game, state, 0, {"type": "play", "card": "atacar-1", "target": True}, "bad_target"
    )
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    state, _ = pass_round(state)
    assert state["players"][1]["gems"] == 1
    assert state["supply"]["gems"] == 8
    assert "atacar-1" in state["discard"]
    assert state["active"] == 1


def test_escudo_played_in_answer_resolves_first_so_the_attack_destroys_nothing():
    """Last in, first out: the rulebook's "Resolution"."""
    state = give(give(table(), 0, hand=["atacar-1", "gema-2"]), 1, hand=["escudo-1"], gems=1)
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    assert game.to_act(state) == [1, 0]
    state, _ = act(state, 1, type="play", card="escudo-1")
    assert game.to_act(state) == [0], "a new window: seat 1 holds nothing more"
    state, events = pass_round(state)
    assert state["players"][1]["gems"] == 1
    order = [e.data.get("item") for e in events if e.type == "resolving"]
    assert order == [2, 1]
    assert "shielded" in types(events)
    assert not state["players"][1]["shielded"], "the shield lapses at the end of the turn"


# --- windows at any moment, without seat priority (issue 40) ---------------------------------


def test_the_target_of_an_attack_answers_without_waiting_for_the_seat_between():
    """ "There is no player priority when playing Instant cards": in a 3-player game the
    target of Atacar plays Escudo while the seat between has not passed."""
    state = give(table(players=3), 0, hand=["atacar-1", "gema-1"])
    give(state, 1, hand=["chispa-1"])
    give(state, 2, hand=["escudo-1"], gems=1)
    state, _ = act(state, 0, type="play", card="atacar-1", target=2)
    assert game.to_act(state) == [1, 2, 0], "everyone who may answer is asked at once"
    state, _ = act(state, 2, type="play", card="escudo-1")
    assert [item["seat"] for item in state["stack"]] == [0, 2], "the first to act claims it"
    state, _ = pass_round(state)
    assert state["players"][2]["gems"] == 1


def test_an_instant_may_be_played_after_the_active_player_ends_the_turn():
    """Chispa "at any moment": before the turn passes, the others are asked."""
    state = give(give(table(players=3), 0, hand=["gema-1"]), 1, hand=["chispa-1"])
    give(state, 2, hand=["escudo-1"])
    state, events = act(state, 0, type="end")
    assert "turn_ended" in types(events)
    assert (state["phase"], state["active"], game.to_act(state)) == ("priority", 0, [1, 2])
    state, _ = act(state, 1, type="play", card="chispa-1")
    assert game.to_act(state) == [2, 0], "a new item: everyone is asked, the ending seat too"
    state, _ = pass_round(state)
    assert state["players"][1]["orbs"] == 1
    assert (state["active"], state["phase"], state["point"]) == (1, "main", 1)


def test_agujero_negro_is_broken_before_the_turn_passes():
    state = give(table(), 0, hand=["gema-1"])
    give(state, 1, hand=[], objects=["agujero-negro-1"])
    state, _ = act(state, 0, type="end")
    assert game.to_act(state) == [1], "an object it may break at any moment: asked"
    state, _ = act(state, 1, type="consume", card="agujero-negro-1")
    state, _ = pass_round(state)
    assert state["players"][1]["orbs"] == 2
    assert state["active"] == 1


def test_after_an_item_resolves_the_others_get_a_window_and_the_point_comes_back():
    state = give(give(table(players=3), 0, hand=["chispa-1"]), 1, hand=["escudo-1"])
    give(state, 2, hand=[])
    state, _ = act(state, 0, type="play", card="chispa-1")
    assert game.to_act(state) == [1, 0]
    state, _ = act(state, 0, type="pass")
    state, events = act(state, 1, type="pass")
    assert "resolving" in types(events)
    assert (state["phase"], state["stack"]) == ("priority", [])
    assert game.to_act(state) == [1], "the active seat, its point unspent, is not asked"
    state, _ = act(state, 1, type="pass")
    assert (state["phase"], state["active"], state["point"]) == ("main", 0, 1)


def test_a_session_stored_with_priority_held_round_the_table_reads_as_a_window():
    """Before issue 40 priority was ``holder`` and ``passes`` in a row: those seats read as
    passed, and play goes on."""
    state = give(table(players=3), 0, hand=["gema-1"])
    give(state, 1, hand=["escudo-1"])
    give(state, 2, hand=["chispa-1"])
    state, _ = act(state, 0, type="take_orb")
    state["priority"] = {"holder": 2, "passes": 1}  # seat 1 passed; seat 2 holds it
    assert game.to_act(state) == [2, 0]
    assert game.view(state, 2)["priority"] == {"passed": [1]}
    state, _ = act(state, 2, type="pass")
    assert state["priority"] == {"passed": [1, 2]}
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 1


def test_an_instant_is_played_on_anyones_turn_and_the_point_stays():
    """Example of use B: an instant on my turn, then the point to draw a card."""
    state = give(give(table(), 0, hand=["chispa-1"]), 1, hand=["escudo-1"])
    state, _ = act(state, 0, type="play", card="chispa-1")
    state, _ = pass_round(state)
    assert (state["phase"], state["active"], state["point"]) == ("main", 0, 1)
    assert state["players"][0]["orbs"] == 1
    state, _events = act(state, 0, type="draw")
    assert state["point"] == 0
    state, _ = pass_round(state)
    assert state["active"] == 1


def test_a_spell_costs_the_action_point_of_the_active_seat_only():
    state = give(give(table(), 0, hand=["chispa-1", "escudo-2"]), 1, hand=["invocar-orbes-1"])
    state, _ = act(state, 0, type="take_orb")
    assert_refused(game, state, 1, {"type": "play", "card": "invocar-orbes-1"}, "no_action_point")
    assert_refused(game, state, 1, {"type": "take_orb"}, "no_action_point")
    state, _ = act(state, 1, type="pass")
    assert_refused(game, state, 0, {"type": "draw"}, "no_action_point")


def test_the_active_seat_may_spend_its_point_in_answer_on_its_own_turn():
    state = give(give(table(), 0, hand=["chispa-1", "invocar-orbes-1"]), 1, hand=["escudo-1"])
    state, _ = act(state, 0, type="play", card="chispa-1")
    state, _ = act(state, 1, type="pass")
    assert game.to_act(state) == [0]
    state, _ = act(state, 0, type="play", card="invocar-orbes-1")
    assert [item["kind"] for item in state["stack"]] == ["play", "play"]
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 3 - 3
    assert state["players"][0]["gems"] == 1
    assert state["active"] == 1, "the point is spent: the turn ends with the window"


def test_interrupcion_cancels_taking_an_orb_and_the_point_is_still_spent():
    """Anulador's note: "anything a player is doing is interrupted ... drawing an Orb"."""
    state = give(give(table(), 0, hand=["gema-2"]), 1, hand=["interrupcion-1"])
    state, _ = act(state, 0, type="take_orb")
    state, _ = act(state, 1, type="play", card="interrupcion-1", item=1)
    state, events = pass_round(state)
    assert state["players"][0]["orbs"] == 0
    assert state["supply"]["orbs"] == 9
    assert "cancelled" in types(events)
    assert state["active"] == 1
    assert "interrupcion-1" in state["discard"]


def test_a_cancelled_card_goes_to_the_discard_pile_without_its_effect():
    state = give(give(table(), 0, hand=["invocar-orbes-1"]), 1, hand=["interrupcion-1"])
    state, _ = act(state, 0, type="play", card="invocar-orbes-1")
    assert_refused(
        game, state, 1, {"type": "play", "card": "interrupcion-1", "item": 9}, "bad_target"
    )
    state, _ = act(state, 1, type="play", card="interrupcion-1", item=1)
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 0
    assert {"invocar-orbes-1", "interrupcion-1"} <= set(state["discard"])


def test_cancelling_a_cancel_lets_the_first_item_resolve():
    state = give(give(table(), 0, hand=["interrupcion-2", "gema-2"]), 1, hand=["interrupcion-1"])
    state, _ = act(state, 0, type="take_orb")
    state, _ = act(state, 1, type="play", card="interrupcion-1", item=1)
    state, _ = act(state, 0, type="play", card="interrupcion-2", item=2)
    state, events = pass_round(state)
    assert state["players"][0]["orbs"] == 1
    assert [e.data["item"] for e in events if e.type == "cancelled"] == [2]


def test_a_cancel_whose_target_is_gone_fizzles():
    state = give(table(players=3), 0, hand=["gema-2"])
    give(state, 1, hand=["interrupcion-1"])
    give(state, 2, hand=["interrupcion-2"])
    state, _ = act(state, 0, type="take_orb")
    state, _ = act(state, 1, type="play", card="interrupcion-1", item=1)
    state, _ = act(state, 2, type="play", card="interrupcion-2", item=1)
    state, events = pass_round(state)
    assert "fizzled" in types(events)
    assert state["players"][0]["orbs"] == 0


# --- objects ----------------------------------------------------------------------------------


def test_an_object_never_acts_from_the_hand_it_is_laid_down_then_consumed():
    """ "VERY IMPORTANT": Gema laid down with one point, consumed with another, two turns."""
    state = give(give(table(), 0, hand=["gema-1"]), 1, hand=[])
    assert_refused(game, state, 0, {"type": "play", "card": "gema-1"}, "object_from_hand")
    state, _ = act(state, 0, type="lay_down", card="gema-1")
    assert state["players"][0]["objects"] == [{"card": "gema-1", "life": 0}]
    assert state["active"] == 1
    state, _ = act(state, 1, type="end")
    state, _ = act(state, 0, type="consume", card="gema-1")
    assert state["players"][0]["objects"] == []
    assert state["players"][0]["gems"] == 1
    assert "gema-1" in state["discard"]


def test_laying_down_checks_the_card_and_the_object_limit():
    state = give(
        table(), 0, hand=["atacar-1", "gema-1"], objects=["gema-2", "gema-3", "cofre-de-orbes-1"]
    )
    assert_refused(game, state, 0, {"type": "lay_down", "card": "atacar-1"}, "not_an_object")
    assert_refused(game, state, 0, {"type": "lay_down", "card": "gema-1"}, "object_limit")
    state["players"][0]["level"] = 2  # the second obstacle raises the limit to 4
    laying, _ = act(state, 0, type="lay_down", card="gema-1")
    assert laying["stack"][-1]["kind"] == "lay_down"
    assert_refused(game, laying, 1, {"type": "consume", "card": "gema-1"}, "not_your_object")


def test_at_a_cost_of_one_anulador_cancels_only_an_answer_on_its_owners_turn():
    """The option's 1 (the rulebook's example of using an object): consumed with the point."""
    state = give(
        table(anulador_consume_cost=1), 0, hand=["chispa-1", "gema-2"], objects=["anulador-1"]
    )
    give(state, 1, hand=["interrupcion-1"], objects=["anulador-2"])
    state, _ = act(state, 0, type="play", card="chispa-1")
    assert_refused(
        game, state, 1, {"type": "consume", "card": "anulador-2", "item": 1}, "no_action_point"
    )
    state, _ = act(state, 1, type="play", card="interrupcion-1", item=1)
    state, _ = act(state, 0, type="consume", card="anulador-1", item=2)
    assert state["point"] == 0
    state, _events = pass_round(state)
    assert state["players"][0]["orbs"] == 1, "the cancel was cancelled: Chispa resolved"
    assert {"anulador-1", "interrupcion-1", "chispa-1"} <= set(state["discard"])


def test_the_option_lets_anulador_answer_any_action_at_any_moment():
    state = give(table(anulador_consume_cost=0), 0, hand=[])
    give(state, 1, hand=[], objects=["anulador-1"])
    state, _ = act(state, 0, type="take_orb")
    assert game.to_act(state) == [1], "an object consumable at any moment gives priority"
    state, _ = act(state, 1, type="consume", card="anulador-1", item=1)
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 0


def test_agujero_negro_keeps_the_orb_action_for_its_owner_and_breaks_for_two_orbs():
    state = give(table(), 0, hand=["agujero-negro-1"])
    give(state, 1, hand=["invocar-orbes-1"])
    state, _ = act(state, 0, type="lay_down", card="agujero-negro-1")
    state, _ = pass_round(state)
    assert state["players"][0]["objects"] == [{"card": "agujero-negro-1", "life": 2}]
    assert state["supply"]["life_gems"] == 4
    assert_refused(game, state, 1, {"type": "take_orb"}, "orb_action_restricted")
    # Each seat's view says why (a table words it); its owner and a spectator are not barred.
    assert [game.view(state, s)["orb_blocked_by"] for s in (1, 0, None)] == [
        "agujero-negro-1",
        None,
        None,
    ]
    state, _ = act(state, 1, type="play", card="invocar-orbes-1")  # cards still give orbs
    assert game.to_act(state) == [0]
    state, _ = act(state, 0, type="consume", card="agujero-negro-1")  # at any moment
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 2
    assert state["players"][1]["orbs"] == 2
    assert state["supply"]["life_gems"] == 6, "breaking it returns its life gems"
    state, _ = act(state, 0, type="take_orb")


def test_rayo_removes_life_gems_and_an_object_without_any_is_destroyed():
    state = give(table(), 0, hand=["rayo-1"])
    give(state, 1, hand=[], objects=["agujero-negro-1"])
    assert_refused(
        game, state, 0, {"type": "play", "card": "rayo-1", "object": "gema-1"}, "bad_target"
    )
    state, _ = act(state, 0, type="play", card="rayo-1", object="agujero-negro-1")
    state, events = pass_round(state)
    assert state["players"][1]["objects"] == []
    assert "agujero-negro-1" in state["discard"]
    assert state["supply"]["life_gems"] == 6
    assert "object_destroyed" in types(events)


def test_rayo_cannot_target_an_object_without_life_gems():
    """Only objects with gem have life gems; a plain object "can stay there indefinitely"."""
    state = give(table(), 0, hand=["rayo-1", "gema-2"])
    give(state, 1, hand=[], objects=["gema-1"])
    assert not any(a.get("card") == "rayo-1" for a in game.legal_actions(state, 0))
    assert_refused(
        game, state, 0, {"type": "play", "card": "rayo-1", "object": "gema-1"}, "bad_target"
    )
    give(state, 1, objects=["gema-1", "caldero-1"])
    rayos = [a for a in game.legal_actions(state, 0) if a.get("card") == "rayo-1"]
    assert rayos == [{"type": "play", "card": "rayo-1", "object": "caldero-1"}]
    events: list = []
    table_rules.remove_life_gems(state, "gema-1", 2, events)
    assert {"card": "gema-1", "life": 0} in state["players"][1]["objects"]
    assert types(events) == ["fizzled"]


def test_torre_de_guardia_takes_a_life_gem_instead_of_each_attack():
    life = parts.CARDS["torre-de-guardia"].life_gems
    assert life is not None
    attacks = [f"atacar-{n}" for n in range(1, life + 2)]
    state = give(table(), 0, hand=attacks)
    give(state, 1, hand=[], gems=2, objects=["torre-de-guardia-1"])
    for number, card in enumerate(attacks, 1):
        state["active"], state["point"], state["phase"] = 0, 1, "main"
        state, played = act(state, 0, type="play", card=card, target=1)
        state, events = pass_round(state)
        absorbed = number <= life
        assert ("absorbed" in types(played + events)) == absorbed
    assert state["players"][1]["gems"] == 1, "the attack after its last life gem hits"
    assert state["players"][1]["objects"] == []
    assert "torre-de-guardia-1" in state["discard"]


def test_torre_de_guardia_is_broken_at_any_moment_for_a_card_even_in_answer_to_rayo():
    state = give(table(), 0, hand=["rayo-1", "gema-1"])
    give(state, 1, hand=[], objects=["torre-de-guardia-1"])
    state, _ = act(state, 0, type="play", card="rayo-1", object="torre-de-guardia-1")
    assert state["point"] == 1, "Rayo is an instant"
    assert game.to_act(state) == [1, 0], "an object it may break at any moment: asked"
    state, _ = act(state, 1, type="consume", card="torre-de-guardia-1")
    state, events = pass_round(state)
    assert len(state["players"][1]["hand"]) == 1
    assert "fizzled" in types(events), "Rayo's object is gone"
    assert {"torre-de-guardia-1", "rayo-1"} <= set(state["discard"])
    assert (state["active"], state["phase"]) == (0, "main")


def test_caldero_gives_orbs_at_its_owners_turns_for_a_life_gem_each_until_it_boils_dry():
    caldero = parts.CARDS["caldero"]
    (income,) = caldero.passive
    assert caldero.life_gems is not None
    assert income.n is not None
    state = give(table(), 1, hand=[], objects=["caldero-1"])
    give(state, 0, hand=[])
    for turn in range(1, caldero.life_gems + 2):
        state, _ = end_turn(state, 0)
        assert state["active"] == 1
        paid = min(turn, caldero.life_gems)
        assert state["players"][1]["orbs"] + 3 * state["players"][1]["gems"] == income.n * paid
        left = caldero.life_gems - paid
        objects = state["players"][1]["objects"]
        assert objects == ([{"card": "caldero-1", "life": left}] if left else [])
        state, _ = end_turn(state, 1)
    assert "caldero-1" in state["discard"]
    assert state["supply"]["life_gems"] == parts.LIFE_GEMS


def test_the_hand_limit_is_checked_at_the_end_of_the_turn():
    hand = ["atacar-1", "atacar-2", "chispa-1", "escudo-1"]
    state = give(table(), 0, hand=hand)
    state, _ = end_turn(state, 0)
    assert (state["phase"], game.to_act(state)) == ("reduce", [0])
    assert game.legal_actions(state, 0)[0] == {"type": "discard", "cards": ["atacar-1"]}
    assert_refused(game, state, 0, {"type": "discard", "cards": []}, "wrong_discard_count")
    assert_refused(
        game,
        state,
        0,
        {"type": "discard", "cards": ["atacar-1", "atacar-1"]},
        "wrong_discard_count",
    )
    assert_refused(game, state, 0, {"type": "discard", "cards": ["gema-1"]}, "card_not_in_hand")
    assert_refused(game, state, 0, {"type": "discard", "cards": [7]}, "unknown_card")
    state, _ = act(state, 0, type="discard", cards=["chispa-1"])
    assert state["active"] == 1
    assert "chispa-1" in state["discard"]
    bag = give(table(), 0, hand=hand, objects=["bolsa-sin-fondo-1"])
    bag, _ = end_turn(bag, 0)
    assert bag["active"] == 1, "Bolsa sin Fondo raises the limit by one"


def test_a_card_drawn_with_the_turns_action_may_be_used_instead_of_discarded():
    """ "If you end your turn with 4 cards, you must discard one or use it" (Other Rules)."""
    state = give(table(), 0, hand=["atacar-1", "atacar-2", "gema-1"])
    give(state, 1, hand=["escudo-1"])
    state["deck"].remove("chispa-1")
    state["deck"].append("chispa-1")  # the top of the deck
    state, _ = act(state, 0, type="draw")
    state, _ = pass_round(state)
    assert (state["phase"], game.to_act(state)) == ("reduce", [0])
    legal = game.legal_actions(state, 0)
    assert {"type": "play", "card": "chispa-1"} in legal
    assert {"type": "play", "card": "atacar-1", "target": 1} not in legal, "no point left"
    assert_refused(
        game, state, 0, {"type": "play", "card": "atacar-1", "target": 1}, "no_action_point"
    )
    state, _ = act(state, 0, type="play", card="chispa-1")
    assert state["phase"] == "priority", "the card used goes on the stack: it may be answered"
    assert game.to_act(state) == [1, 0]
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 1
    assert state["players"][0]["hand"] == ["atacar-1", "atacar-2", "gema-1"]
    assert (state["active"], state["phase"]) == (1, "main"), "back at the limit: the turn ends"


def test_a_hand_still_over_its_limit_after_a_card_is_used_is_checked_again():
    state = give(table(), 0, hand=["chispa-1", "escudo-1", "atacar-1", "atacar-2", "gema-1"])
    give(state, 1, hand=[])
    state, _ = act(state, 0, type="end")
    assert state["pending"]["discard"] == 2
    state, _ = act(state, 0, type="play", card="chispa-1")
    state, _ = pass_round(state)
    assert (state["phase"], state["pending"]["discard"]) == ("reduce", 1)
    state, _ = act(state, 0, type="discard", cards=["escudo-1"])
    assert state["active"] == 1


# --- Plagio, Flash and the designed cards -----------------------------------------------------


def test_plagio_copies_a_card_played_this_turn_for_its_own_player():
    state = give(give(table(), 0, hand=["invocar-orbes-1", "gema-2"]), 1, hand=["plagio-1"])
    state, _ = act(state, 0, type="play", card="invocar-orbes-1")
    assert {"type": "play", "card": "plagio-1", "played": 1} in game.legal_actions(state, 1)
    assert_refused(game, state, 1, {"type": "play", "card": "plagio-1"}, "missing_target")
    assert_refused(game, state, 1, {"type": "play", "card": "plagio-1", "played": 7}, "bad_target")
    state, _ = act(state, 1, type="play", card="plagio-1", played=1)
    assert state["stack"][-1]["kind"] == "copy"
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 2
    assert state["players"][1]["orbs"] == 2


def test_plagio_copies_an_objects_effect_only_when_it_is_consumed():
    state = give(table(), 0, hand=["cofre-de-orbes-2"], objects=["cofre-de-orbes-1"])
    give(state, 1, hand=["plagio-1", "plagio-2"])
    state, _ = act(state, 0, type="lay_down", card="cofre-de-orbes-2")
    assert state["played"] == [], "an object being laid down is not copyable"
    assert_refused(game, state, 1, {"type": "play", "card": "plagio-1", "played": 1}, "bad_target")
    state, _ = pass_round(state)
    state, _ = act(state, 1, type="end")
    state, _ = act(state, 0, type="consume", card="cofre-de-orbes-1")
    state, _ = act(state, 1, type="play", card="plagio-1", played=2)
    state, _ = pass_round(state)
    assert state["players"][1]["gems"] == 1
    assert state["players"][0]["gems"] == 1


def test_plagio_copies_an_attack_back_with_its_own_target():
    state = give(table(), 0, hand=["atacar-1"], gems=1)
    give(state, 1, hand=["plagio-1"], gems=1)
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    state, _ = act(state, 1, type="play", card="plagio-1", played=1, target=0)
    state, _ = pass_round(state)
    assert state["players"][0]["gems"] == 0
    assert state["players"][1]["gems"] == 0


def test_flash_turns_an_object_into_an_instant_from_the_hand():
    """The rulebook's Flash note: Gem + Flash, straight from the hand, gives a gem at once."""
    state = give(give(table(), 0, hand=["flash-1", "gema-1", "escudo-1"]), 1, hand=[])
    assert_refused(game, state, 0, {"type": "play", "card": "flash-1"}, "flash_alone")
    assert_refused(
        game, state, 0, {"type": "play", "card": "flash-1", "with": "escudo-1"}, "cannot_flash"
    )
    assert_refused(
        game, state, 0, {"type": "play", "card": "flash-1", "with": "flash-1"}, "cannot_flash"
    )
    assert_refused(
        game, state, 0, {"type": "play", "card": "escudo-1", "with": "gema-1"}, "malformed_action"
    )
    state, _ = act(state, 0, type="play", card="flash-1", **{"with": "gema-1"})
    state, _ = pass_round(state)
    assert state["players"][0]["gems"] == 1
    assert state["point"] == 1, "Flash costs no action point"
    assert state["phase"] == "main"
    assert {"flash-1", "gema-1"} <= set(state["discard"])


def test_flash_plays_a_spell_on_another_players_turn():
    state = give(give(table(), 0, hand=[]), 1, hand=["flash-1", "atacar-1"])
    state["players"][0]["gems"], state["supply"]["gems"] = 1, 8
    state, _ = act(state, 0, type="take_orb")
    state, _ = act(state, 1, type="play", card="flash-1", target=0, **{"with": "atacar-1"})
    state, _ = pass_round(state)
    assert state["players"][0]["gems"] == 0


def test_cancelling_a_flashed_card_discards_both():
    state = give(give(table(), 0, hand=["flash-1", "gema-1"]), 1, hand=["interrupcion-1"])
    state, _ = act(state, 0, type="play", card="flash-1", **{"with": "gema-1"})
    state, _ = act(state, 1, type="play", card="interrupcion-1", item=1)
    state, _ = pass_round(state)
    assert state["players"][0]["gems"] == 0
    assert {"flash-1", "gema-1"} <= set(state["discard"])


def test_ultima_ronda_makes_an_opponent_discard_cards_of_their_choice_and_its_player_draws():
    (discard, draw) = parts.CARDS["ultima-ronda"].effect
    assert (discard.op, discard.n, draw.op, draw.n) == ("discard", 2, "draw", 1)
    state = give(
        give(table(), 0, hand=["ultima-ronda-1"]), 1, hand=["atacar-1", "gema-1", "flash-1"]
    )
    state, _ = act(state, 0, type="play", card="ultima-ronda-1", target=1)
    state, _ = pass_round(state)
    assert len(state["players"][0]["hand"]) == 1, "its player draws 1"
    assert (state["phase"], game.to_act(state)) == ("discard", [1])
    assert_refused(game, state, 0, {"type": "discard", "cards": ["atacar-1"]}, "not_your_turn")
    assert_refused(game, state, 1, {"type": "discard", "cards": ["gema-1"]}, "wrong_discard_count")
    state, _ = act(state, 1, type="discard", cards=["gema-1", "flash-1"])
    assert state["players"][1]["hand"] == ["atacar-1"]
    assert (state["phase"], game.to_act(state)) == ("priority", [1, 0]), "a window after it"
    state, _ = pass_round(state)
    assert state["active"] == 1
    alone = give(give(table(), 0, hand=["ultima-ronda-1"]), 1, hand=["atacar-1", "gema-1"])
    alone, _ = act(alone, 0, type="play", card="ultima-ronda-1", target=1)
    alone, _ = pass_round(alone)
    assert alone["players"][1]["hand"] == [], "no more cards than it asks for: all, at once"
    assert alone["active"] == 1


def test_saqueo_and_carterista_steal_orbs_and_a_shield_stops_them():
    state = give(give(table(), 0, hand=["saqueo-1"]), 1, hand=["carterista-1"], orbs=2)
    state, _ = act(state, 0, type="play", card="saqueo-1", target=1)
    state, _ = act(state, 1, type="play", card="carterista-1", target=0)
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 2
    assert state["players"][1]["orbs"] == 0
    shielded = give(table(), 0, hand=["saqueo-1"])
    give(shielded, 1, hand=[], orbs=2, objects=["amuleto-1"])
    shielded, _ = act(shielded, 0, type="play", card="saqueo-1", target=1)
    shielded, _ = act(shielded, 1, type="consume", card="amuleto-1")
    shielded, _ = pass_round(shielded)
    assert shielded["players"][1]["orbs"] == 2


def test_drawing_names_the_card_to_the_drawer_only_and_reshuffles_an_empty_deck():
    state = give(give(table(), 0, hand=["adivinacion-1"]), 1, hand=[])
    state["discard"], state["deck"] = state["deck"][1:], state["deck"][:1]
    state, events = act(state, 0, type="play", card="adivinacion-1")
    assert "drew" in types(events), "nobody could answer: it resolved at once"
    assert game.to_act(state) == [0], "with the cards drawn, a window before the turn passes"
    state, _ = pass_round(state)
    assert state["active"] == 1
    assert len(state["players"][0]["hand"]) == 2
    assert "reshuffled" in types(events)
    private = [e for e in events if e.type == "drew_card"]
    assert len(private) == 2
    assert all(e.audience == (0,) for e in private)
    assert all("card" not in e.data for e in events if e.type == "drew")


def test_pergamino_is_consumed_at_any_moment_to_draw_two():
    state = give(give(table(), 0, hand=[]), 1, hand=[], objects=["pergamino-1"])
    state, _ = act(state, 0, type="take_orb")
    state, _ = act(state, 1, type="consume", card="pergamino-1")
    state, _ = pass_round(state)
    assert len(state["players"][1]["hand"]) == 2


def test_nothing_to_take_or_draw_is_refused():
    state = give(give(table(), 0, hand=[], orbs=2), 1, hand=[])
    state["players"][1]["orbs"], state["supply"]["orbs"] = 7, 0
    assert_refused(game, state, 0, {"type": "take_orb"}, "supply_empty")
    assert {"type": "take_orb"} not in game.legal_actions(state, 0)
    state["discard"].extend(state["deck"])
    state["deck"] = []
    for seat in (0, 1):
        state["discard"].extend(state["players"][seat]["obstacles"])
        state["players"][seat]["obstacles"] = []
    state["players"][0]["hand"], state["discard"] = state["discard"], []
    assert_refused(game, state, 0, {"type": "draw"}, "deck_empty")


# --- refusals --------------------------------------------------------------------------------


def test_malformed_and_misplaced_actions_are_refused_with_a_code():
    state = give(give(table(), 0, hand=["invocar-orbes-1"]), 1, hand=["escudo-1"])
    assert_refused(game, state, 1, {"type": "take_orb"}, "not_your_turn")
    assert_refused(game, state, True, {"type": "take_orb"}, "not_your_turn")
    assert_refused(game, state, 0, {"type": "pass"}, "invalid_action")
    assert_refused(game, state, 0, {"type": "end", "now": 1}, "malformed_action")
    assert_refused(game, state, 0, {"type": "play", "card": "zzz"}, "unknown_card")
    assert_refused(game, state, 0, {"type": "play", "card": "escudo-1"}, "card_not_in_hand")
    assert_refused(
        game, state, 0, {"type": "play", "card": "invocar-orbes-1", "item": 1}, "malformed_action"
    )
    assert_refused(
        game, state, 0, {"type": "play", "card": "invocar-orbes-1", "target": 1}, "bad_target"
    )
    assert_refused(game, state, 0, {"type": "consume", "card": None}, "not_your_object")
    assert_refused(game, state, 0, ["take_orb"], "malformed_action")  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [2, 99, -1])
def test_a_view_for_a_seat_the_game_does_not_have_is_refused(seat):
    state = table()
    with pytest.raises(RuleError) as refused:
        game.view(state, seat)
    assert refused.value.code == "unknown_seat"
    assert refused.value.details == {"seat": seat, "players": 2}
    assert game.view(state, None)["seat"] is None, "a spectator's view is not refused"
    assert game.view(state, 1)["seat"] == 1


def test_every_refusal_code_is_raised_by_a_test():
    assert_every_refusal_code_tested(ENGINE, __file__, ENGINE.parent / "contract.py")


odd_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10**30)
    | st.floats(-2, 3)
    | st.text(max_size=8)
    | st.sampled_from(["atacar-1", "gema-1", "flash-1", "plagio-1", "anulador-1", "escudo-1"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
TYPES = ["take_orb", "draw", "play", "lay_down", "consume", "end", "pass", "discard", 3]
KEYS = ["card", "with", "target", "object", "item", "played", "cards"]


@settings(max_examples=300, deadline=None)
@given(
    phase=st.sampled_from(["main", "priority", "reduce"]),
    kind=st.sampled_from(TYPES),
    fields=st.dictionaries(st.sampled_from(KEYS), odd_values, max_size=4),
)
def test_any_json_action_is_applied_or_refused_with_a_rule_error(phase, kind, fields):
    state = give(table(), 0, hand=["atacar-1", "flash-1", "plagio-1", "gema-1"])
    give(state, 0, objects=["anulador-1"])
    give(state, 1, hand=["escudo-1"], gems=1)
    if phase == "priority":
        state, _ = act(state, 0, type="play", card="flash-1", target=1, **{"with": "atacar-1"})
        state, _ = act(state, 1, type="pass")
    if phase == "reduce":
        state["phase"], state["pending"] = (
            "reduce",
            {"seat": 0, "discard": 1, "reason": "hand_limit"},
        )
    new = assert_sound_action(BOX, state, 0, {"type": kind, **fields}, random.Random(0))
    if new is not None:
        pass_round(new)  # what was accepted must also resolve


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    setup=st.sampled_from([{"players": 2}, {"players": 3}, {"players": 4}, {"teams": True}]),
    quick=st.booleans(),
    odd=odd_actions(TYPES, KEYS, odd_values),
)
def test_random_playouts_keep_the_contract_at_every_step(seed, setup, quick, odd):
    """The shared property harness: cards and supply conserved, every listed action
    accepted, refusals harmless, only the seats to act act, nothing leaked; odd actions too."""
    options = {"players": 4, **setup, "quick": quick}
    checked_playout(BOX, options, seed, odd=odd, steps=150)


def test_a_seat_number_given_as_a_float_is_refused_not_stored():
    """1.0 == 1 in Python; a float target stored would crash the game when it resolves."""
    state = give(give(table(), 0, hand=["atacar-1", "interrupcion-1"]), 1, hand=[], gems=1)
    assert_refused(
        game, state, 0, {"type": "play", "card": "atacar-1", "target": 1.0}, "bad_target"
    )
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    assert_refused(
        game, state, 0, {"type": "play", "card": "interrupcion-1", "item": 1.0}, "bad_target"
    )


def test_torre_de_guardia_keeps_its_life_gem_when_an_attack_would_take_nothing():
    state = give(table(), 0, hand=["atacar-1"])
    give(state, 1, hand=[], gems=0, objects=["torre-de-guardia-1"])
    state, events = act(state, 0, type="play", card="atacar-1", target=1)
    state, more = pass_round(state)
    assert "absorbed" not in types(events + more)
    life = parts.CARDS["torre-de-guardia"].life_gems
    assert state["players"][1]["objects"] == [{"card": "torre-de-guardia-1", "life": life}]


def test_the_card_labels_the_simulator_checks_are_those_action_label_gives():
    state = table()
    made = set()
    for card_id, card in parts.CATALOGUE.items():
        kinds = ("lay_down", "consume") if card.is_object else ("play",)
        made |= {game.action_label(state, {"type": kind, "card": card_id}) for kind in kinds}
    labels = game.action_labels_possible({"players": 2})
    assert sorted(labels) == sorted(made)
    assert len(labels) == 12 + 2 * 9, "12 spell and instant designs, 9 object designs"
    assert game.action_label(state, {"type": "play", "card": "flash-1", "with": "gema-1"}) == (
        "play:flash+gema"
    )


def test_views_name_physical_cards_and_the_consume_cost_the_options_give():
    state = give(table(anulador_consume_cost=0), 0, hand=["gema-1"], objects=["anulador-1"])
    me = game.view(state, 0)["players"][0]
    assert [c["id"] for c in me["hand"]] == ["gema-1"]
    assert me["hand"][0]["card"] == "gema"
    assert me["objects"][0]["id"] == "anulador-1"
    assert me["objects"][0]["consume_cost"] == 0
    assert game.view(state, 1)["options"] is not state["options"]


def test_ultima_ronda_under_another_item_resumes_the_window_after_the_discard():
    state = give(table(), 0, hand=["chispa-1", "ultima-ronda-1", "gema-2"])
    give(state, 1, hand=["atacar-1", "gema-1", "escudo-1"])
    state, _ = act(state, 0, type="play", card="chispa-1")
    state, _ = act(state, 1, type="pass")
    state, _ = act(state, 0, type="play", card="ultima-ronda-1", target=1)
    state, _ = pass_round(state)
    assert (state["phase"], game.to_act(state)) == ("discard", [1])
    state, _ = act(state, 1, type="discard", cards=["gema-1", "atacar-1"])
    assert state["phase"] == "priority", "Chispa is still on the stack"
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 1
    assert state["active"] == 1


def test_plagio_copies_a_card_already_resolved_this_turn():
    state = give(give(table(), 0, hand=["chispa-1", "gema-2"]), 1, hand=["plagio-1", "gema-1"])
    state, _ = act(state, 0, type="play", card="chispa-1")
    state, _ = pass_round(state)
    assert state["players"][0]["orbs"] == 1
    assert state["phase"] == "main"
    state, _ = act(state, 0, type="take_orb")
    state, _ = act(state, 1, type="play", card="plagio-1", played=1)
    state, _ = pass_round(state)
    assert state["players"][1]["orbs"] == 1


def test_in_two_against_two_a_shield_may_go_to_the_partner():
    state = table(players=4, teams=True)
    give(state, 0, hand=["atacar-1", "gema-2"])
    give(state, 1, hand=["gema-1"], gems=1)
    give(state, 3, hand=["escudo-1"])
    give(state, 2, hand=[])
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    assert 3 in game.to_act(state), "the partner answers without waiting for the seats between"
    state, _ = act(state, 3, type="play", card="escudo-1", target=1)
    state, _ = pass_round(state)
    assert state["players"][1]["gems"] == 1


@pytest.mark.parametrize("first", [0, 1])
def test_with_two_players_the_second_may_start_with_an_orb_or_a_card(first):
    """The option's variants (Fairness in docs/rules/magos-y-tabernas.md): an action's worth."""
    orb = game.new({"players": 2, "first_player": first, "second_player_start": "orb"}, 4)
    assert orb["players"][1 - first]["orbs"] == 1
    assert orb["players"][first]["orbs"] == 0
    assert orb["supply"]["orbs"] == parts.ORBS - 1
    card = game.new({"players": 2, "first_player": first, "second_player_start": "card"}, 4)
    hands = [len(p["hand"]) for p in card["players"]]
    assert hands[1 - first] == parts.STARTING_HAND + 1
    assert hands[first] == parts.STARTING_HAND
    assert len(card["deck"]) == parts.DECK_SIZE - 2 * 5 - 1
    assert_conserved(card)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3, "second_player_start": "orb"},
        {"players": 4, "second_player_start": "card"},
    ],
)
def test_nothing_more_by_default_or_with_more_players(options):
    state = game.new({"players": 2, "first_player": 0, **options}, 4)
    assert [p["orbs"] for p in state["players"]] == [0] * len(state["players"])
    assert {len(p["hand"]) for p in state["players"]} == {parts.STARTING_HAND}
    assert state["supply"]["orbs"] == parts.ORBS

"""The Lost Words: a scenario for every action card, the turn's steps, and every refusal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.helpers import assert_every_refusal_code_tested, assert_refused
from wordsvc.games.contract import RuleError
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words.engine import LostWords

game = LostWords()
ENGINE = Path(parts.__file__).resolve().parent


def table(players=2, phase="act", **options):
    state = game.new({"players": players, "first_player": 0, **options}, 1)
    state["phase"] = phase
    return state


def setup(state, seat, hand=None, nature=None):
    """Give a seat exactly these hand cards and nature cards (each "n:x" or "n:x=s:x:1" for a
    pair, "+wall" for a walled one), taking them from wherever they were."""
    wanted = list(hand or [])
    slots = []
    for spec in nature or []:
        card, _, rest = spec.partition("=")
        spell, _, wall = rest.partition("+")
        slots.append({"card": card, "spell": spell or None, "wall": wall or None})
        wanted += [c for c in (card, spell, wall) if c]
    for player in state["players"]:
        player["hand"] = [c for c in player["hand"] if c not in wanted]
        for slot in list(player["nature"]):
            if slot["card"] in wanted:
                player["nature"].remove(slot)
            elif slot["spell"] in wanted or slot["wall"] in wanted:
                slot["spell"] = None if slot["spell"] in wanted else slot["spell"]
                slot["wall"] = None if slot["wall"] in wanted else slot["wall"]
    for pile in ("middle", "out", "draw", "discard"):
        state[pile] = [c for c in state[pile] if c not in wanted]
    player = state["players"][seat]
    if hand is not None:
        player["hand"] = list(hand)
    if nature is not None:
        player["nature"] = slots
    return state


def act(state, seat, **action):
    new, events = game.apply(state, seat, action)
    return new, events


def test_draw_from_the_discard_pile_takes_a_spell_only():
    state = table(phase="draw")
    state["discard"].append("a:acorn:1")
    assert_refused(game, state, 0, {"type": "draw", "from": "discard"}, "cannot_take_action_card")
    state["discard"].append("s:fern:1")
    state, _ = act(state, 0, type="draw", **{"from": "discard"})
    assert "s:fern:1" in state["players"][0]["hand"]
    assert state["phase"] == "act"


def test_acorn_gives_two_draws_from_either_pile():
    state = setup(table(), 0, hand=["a:acorn:1", "s:fern:1", "s:ivy:1"])
    state["discard"].append("s:wren:1")
    state, _ = act(state, 0, type="play", card="a:acorn:1")
    assert state["phase"] == "acorn"
    state, _ = act(state, 0, type="draw", **{"from": "discard"})
    state, _ = act(state, 0, type="draw", **{"from": "pile"})
    assert state["phase"] == "act"
    assert len(state["players"][0]["hand"]) == 4
    assert "s:wren:1" in state["players"][0]["hand"]
    assert_refused(
        game, state, 0, {"type": "swap", "nature": "n:x", "middle": "n:y"}, "not_your_nature_card"
    )


def test_magpie_steals_an_unprotected_pair_for_a_single():
    state = table()
    setup(state, 1, nature=["n:otter=s:otter:1", "n:wren=s:wren:1+a:wall:1", "n:newt"])
    setup(state, 0, hand=["a:magpie:1", "s:fern:1", "s:ivy:1"], nature=["n:fern", "n:ivy"])
    play = {"type": "play", "card": "a:magpie:1", "target": 1}
    assert_refused(game, state, 0, {**play, "nature": "n:wren", "give": "n:fern"}, "pair_protected")
    assert_refused(game, state, 0, {**play, "nature": "n:newt", "give": "n:fern"}, "not_a_pair")
    state, _ = act(state, 0, **play, nature="n:otter", give="n:fern")
    mine = {s["card"]: s["spell"] for s in state["players"][0]["nature"]}
    theirs = {s["card"]: s["spell"] for s in state["players"][1]["nature"]}
    assert mine == {"n:ivy": None, "n:otter": "s:otter:1"}
    assert theirs["n:fern"] is None
    assert "n:otter" not in theirs


def test_magpie_needs_a_single_to_give():
    state = table()
    setup(state, 1, nature=["n:otter=s:otter:1"])
    setup(state, 0, hand=["a:magpie:1"], nature=["n:fern=s:fern:1"])
    assert_refused(
        game,
        state,
        0,
        {"type": "play", "card": "a:magpie:1", "target": 1, "nature": "n:otter", "give": "n:fern"},
        "give_a_single",
    )
    legal = game.legal_actions(state, 0)
    assert not any(a.get("card") == "a:magpie:1" for a in legal)


def test_chestnut_puts_the_spell_under_the_pile_and_the_target_may_reply():
    state = table()
    setup(
        state, 1, hand=["s:otter:2", "s:ivy:2", "a:wall:2"], nature=["n:otter=s:otter:1", "n:newt"]
    )
    setup(state, 0, hand=["a:chestnut:1", "s:fern:1", "s:fern:2"])
    state, _ = act(state, 0, type="play", card="a:chestnut:1", target=1, nature="n:otter")
    assert state["discard"][0] == "s:otter:1"
    assert state["phase"] == "chestnut_reply"
    assert game.to_act(state) == [1]
    state, _ = act(state, 1, type="repair", spell="s:otter:2")
    assert state["players"][1]["nature"][0]["spell"] == "s:otter:2"
    assert len(state["players"][1]["hand"]) == 3  # and drew a card
    assert state["phase"] == "act"
    assert game.to_act(state) == [0]


def test_chestnut_always_opens_the_window_so_it_tells_nothing_about_the_hand():
    state = table()
    setup(state, 1, hand=["s:ivy:2"], nature=["n:otter=s:otter:1", "n:newt=s:newt:1"])
    setup(state, 0, hand=["a:chestnut:1", "a:chestnut:2", "a:skylark:1"])
    state, _ = act(state, 0, type="play", card="a:chestnut:1", target=1, nature="n:otter")
    assert state["phase"] == "chestnut_reply"  # though no otter spell is in that hand
    assert game.legal_actions(state, 1) == [{"type": "decline"}]
    state, _ = act(state, 1, type="decline")
    state["players"][1]["hand"].append("s:newt:2")
    state, _ = act(state, 0, type="play", card="a:skylark:1")
    state, _ = act(state, 0, type="play", card="a:chestnut:2", target=1, nature="n:newt")
    state, _ = act(state, 1, type="decline")
    assert state["players"][1]["nature"][1]["spell"] is None


def test_the_acorns_draws_are_optional_and_discard_orders_are_all_listed():
    state = setup(table(), 0, hand=["a:acorn:1", "s:fern:1", "s:ivy:1", "s:wren:1"])
    state, _ = act(state, 0, type="play", card="a:acorn:1")
    state, _ = act(state, 0, type="draw", **{"from": "pile"})
    state, _ = act(state, 0, type="stop")
    assert state["phase"] == "act"
    assert state["discard"][-1] == "a:acorn:1"
    state["players"][0]["hand"].append(state["draw"].pop(0))  # five cards: two to discard
    state, _ = act(state, 0, type="end")
    orders = [tuple(a["cards"]) for a in game.legal_actions(state, 0)]
    assert len(orders) == 5 * 4  # every ordered pair of the five cards
    assert len(set(orders)) == len(orders)


def test_huge_numbers_and_odd_seats_are_rule_errors():
    state = table()
    assert_refused(
        game,
        state,
        0,
        {"type": "swap", "nature": 10**5000, "middle": "n:x"},
        "not_your_nature_card",
    )
    assert_refused(game, state, True, {"type": "end"}, "not_your_turn")
    assert game.legal_actions(state, 0.0) == []
    state = setup(table(), 0, hand=["s:fern:1", "s:ivy:1", "s:wren:1", "s:otter:1"])
    state, _ = act(state, 0, type="end")
    assert_refused(game, state, 0, {"type": "discard", "cards": [10**5000]}, "discard_to_three")


def test_the_skylark_gives_one_further_action_once_per_turn():
    state = table()
    setup(
        state,
        0,
        hand=["s:fern:1", "s:ivy:1", "a:skylark:1", "a:skylark:2"],
        nature=["n:fern", "n:ivy", "n:wren"],
    )
    assert_refused(game, state, 0, {"type": "play", "card": "a:skylark:1"}, "skylark_after_action")
    state, _ = act(state, 0, type="pair", spell="s:fern:1", nature="n:fern")
    assert_refused(
        game, state, 0, {"type": "pair", "spell": "s:ivy:1", "nature": "n:ivy"}, "no_action_left"
    )
    state, _ = act(state, 0, type="play", card="a:skylark:1")
    state, _ = act(state, 0, type="pair", spell="s:ivy:1", nature="n:ivy")
    assert_refused(game, state, 0, {"type": "play", "card": "a:skylark:2"}, "one_skylark")


def test_heron_takes_every_copy_from_everyone_who_refills():
    state = table(players=3)
    setup(state, 1, hand=["s:otter:1", "s:ivy:1", "s:wren:1"])
    setup(state, 2, hand=["s:otter:2", "s:newt:1", "s:newt:2"])
    setup(state, 0, hand=["a:heron:1"], nature=["n:otter"])
    state, events = act(state, 0, type="play", card="a:heron:1", ask="otter")
    assert {"s:otter:1", "s:otter:2"} <= set(state["players"][0]["hand"])
    assert len(state["players"][1]["hand"]) == 3
    assert len(state["players"][2]["hand"]) == 3
    asked = next(e for e in events if e.type == "heron")
    assert asked.audience is None
    assert asked.data["answers"] == {"1": 1, "2": 1}
    given = [e for e in events if e.type == "heron_gave"]
    assert {e.audience for e in given} == {(1, 0), (2, 0)}


def end_turn(state, seat):
    state, _ = act(state, seat, type="end")
    if state["phase"] == "reduce":
        state, _ = act(state, seat, **game.legal_actions(state, seat)[0])
    return state


def test_a_failed_heron_skips_the_next_turn_once():
    state = table()
    setup(state, 1, hand=["s:ivy:1", "s:ivy:2", "s:wren:1"])
    setup(state, 0, hand=["a:heron:1", "a:skylark:1", "a:heron:2"], nature=["n:otter", "n:newt"])
    state, _ = act(state, 0, type="play", card="a:heron:1", ask="otter")
    state, _ = act(state, 0, type="play", card="a:skylark:1")
    state, _ = act(state, 0, type="play", card="a:heron:2", ask="newt")  # fails again
    state = end_turn(state, 0)
    assert state["players"][0]["skip"] is True
    assert state["active"] == 1
    state["phase"] = "act"
    state = end_turn(state, 1)
    assert state["active"] == 1  # seat 0's turn was skipped, once
    assert state["players"][0]["skip"] is False
    state["phase"] = "act"
    state = end_turn(state, 1)
    assert state["active"] == 0


def test_a_later_successful_heron_cancels_the_skip():
    state = table()
    setup(state, 1, hand=["s:otter:1", "s:ivy:2", "s:wren:1"])
    setup(state, 0, hand=["a:heron:1", "a:skylark:1", "a:heron:2"], nature=["n:otter", "n:newt"])
    state, _ = act(state, 0, type="play", card="a:heron:1", ask="newt")
    state, _ = act(state, 0, type="play", card="a:skylark:1")
    state, _ = act(state, 0, type="play", card="a:heron:2", ask="otter")
    state = end_turn(state, 0)
    assert state["players"][0]["skip"] is False


def test_wall_and_wild_protect_their_pairs():
    state = table()
    setup(
        state,
        0,
        hand=["a:wall:1", "a:wild:1", "s:ivy:1"],
        nature=["n:otter=s:otter:1", "n:newt", "n:ivy"],
    )
    assert_refused(
        game, state, 0, {"type": "play", "card": "a:wall:1", "nature": "n:newt"}, "not_a_pair"
    )
    assert_refused(game, state, 0, {"type": "play", "card": "a:wild:1"}, "wild_is_a_spell")
    assert_refused(
        game,
        state,
        0,
        {"type": "pair", "spell": "s:ivy:1", "nature": "n:newt"},
        "spell_does_not_match",
    )
    state, _ = act(state, 0, type="play", card="a:wall:1", nature="n:otter")
    state["this_turn"]["actions_left"] = 1
    state, _ = act(state, 0, type="pair", spell="a:wild:1", nature="n:newt")
    view = game.view(state, 1)["players"][0]["nature"]
    assert [slot["protected"] for slot in view] == [True, True, False]
    assert_refused(
        game, state, 0, {"type": "play", "card": "a:wall:9", "nature": "n:otter"}, "unknown_card"
    )


def test_swapping_a_single_and_the_paired_card_interpretation():
    state = table()
    middle = state["middle"][0]
    setup(state, 0, nature=["n:otter=s:otter:1", "n:newt"])
    assert_refused(
        game,
        state,
        0,
        {"type": "swap", "nature": "n:otter", "middle": middle},
        "paired_card_cannot_swap",
    )
    assert_refused(
        game, state, 0, {"type": "swap", "nature": "n:newt", "middle": "n:zzz"}, "not_in_the_middle"
    )
    swapped, _ = act(state, 0, type="swap", nature="n:newt", middle=middle)
    assert "n:newt" in swapped["middle"]
    assert [s["card"] for s in swapped["players"][0]["nature"]] == ["n:otter", middle]
    state["options"]["swap_paired"] = "discard_spell"
    swapped, _ = act(state, 0, type="swap", nature="n:otter", middle=middle)
    assert swapped["discard"][-1] == "s:otter:1"


def test_reduce_discards_in_the_chosen_order_and_action_cards_do_nothing():
    state = table()
    setup(state, 0, hand=["s:fern:1", "s:ivy:1", "s:wren:1", "a:heron:1", "a:acorn:1"])
    state, _ = act(state, 0, type="end")
    assert state["phase"] == "reduce"
    assert_refused(game, state, 0, {"type": "discard", "cards": ["s:fern:1"]}, "discard_to_three")
    state, _ = act(state, 0, type="discard", cards=["a:heron:1", "a:acorn:1"])
    assert state["discard"][-1] == "a:acorn:1"  # on top, so the next player cannot take it
    assert state["active"] == 1
    assert state["phase"] == "draw"


def test_an_empty_draw_pile_is_reshuffled_from_the_discard_pile():
    state = table(phase="draw")
    moved = state["draw"]
    state["draw"], state["discard"] = [], state["discard"] + moved
    size = len(state["discard"])
    state, events = act(state, 0, type="draw", **{"from": "pile"})
    assert any(e.type == "reshuffled" for e in events)
    assert len(state["draw"]) + len(state["discard"]) == size - 1
    assert state["discard"], "a face-up card is turned over again"


def test_the_first_player_with_every_nature_card_paired_wins():
    state = table()
    setup(state, 0, hand=["s:otter:1"], nature=["n:otter", "n:newt=s:newt:1"])
    state, _events = act(state, 0, type="pair", spell="s:otter:1", nature="n:otter")
    assert state["phase"] == "over"
    assert game.result(state).winners == [0]
    assert_refused(game, state, 0, {"type": "end"}, "game_over")


def test_setup_by_player_count():
    for players, each in ((2, 6), (3, 5), (4, 4)):
        state = game.new({"players": players}, 7)
        assert all(len(p["nature"]) == each for p in state["players"])
        assert all(len(p["hand"]) == 3 for p in state["players"])
        assert len(state["middle"]) == 2
        assert len(state["out"]) == 20 - 2 - players * each
        assert len(state["discard"]) == 1


def test_other_refusals():
    state = table()
    setup(state, 0, hand=["s:fern:1", "a:heron:1", "a:magpie:1"], nature=["n:fern=s:fern:2"])
    assert_refused(game, state, 1, {"type": "end"}, "not_your_turn")
    assert_refused(game, state, 0, {"type": 1}, "malformed_action")
    assert_refused(game, state, 0, {"type": "draw", "from": "pile"}, "invalid_action")
    assert_refused(
        game, state, 0, {"type": "pair", "spell": "s:ivy:2", "nature": "n:fern"}, "card_not_in_hand"
    )
    assert_refused(
        game,
        state,
        0,
        {"type": "pair", "spell": "a:heron:1", "nature": "n:fern"},
        "not_a_spell_card",
    )
    assert_refused(
        game, state, 0, {"type": "pair", "spell": "s:fern:1", "nature": "n:fern"}, "already_paired"
    )
    assert_refused(game, state, 0, {"type": "play", "card": "s:fern:1"}, "not_an_action_card")
    assert_refused(
        game, state, 0, {"type": "play", "card": "a:heron:1", "ask": "dragon"}, "unknown_spell"
    )
    assert_refused(
        game, state, 0, {"type": "play", "card": "a:magpie:1", "target": 0}, "invalid_target"
    )
    assert_refused(
        game,
        state,
        0,
        {
            "type": "play",
            "card": "a:magpie:1",
            "target": 1,
            "nature": "n:nothing",
            "give": "n:fern",
        },
        "no_such_pair",
    )
    state["phase"] = "draw"
    assert_refused(game, state, 0, {"type": "draw", "from": "sky"}, "malformed_action")
    with pytest.raises(RuleError) as options:
        game.new({"players": 7}, 1)
    assert options.value.code == "invalid_options"


def test_every_refusal_code_is_raised_by_a_test():
    assert_every_refusal_code_tested(ENGINE, __file__)


odd_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10**30)
    | st.text(max_size=8)
    | st.sampled_from(["n:otter", "s:fern:1", "a:heron:1", "pile", "discard", "otter"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
PHASES = ["draw", "act", "acorn", "chestnut_reply", "reduce"]
TYPES = ["draw", "pair", "swap", "play", "end", "repair", "decline", "discard", "stop", 3]
KEYS = ["from", "spell", "nature", "middle", "card", "target", "give", "ask", "cards"]


@settings(max_examples=300, deadline=None)
@given(
    phase=st.sampled_from(PHASES),
    kind=st.sampled_from(TYPES),
    fields=st.dictionaries(st.sampled_from(KEYS), odd_values, max_size=4),
)
def test_any_json_action_is_applied_or_refused_with_a_rule_error(phase, kind, fields):
    state = table()
    state["phase"] = phase
    if phase == "acorn":
        state["pending"] = {"draws": 2, "played": state["players"][0]["hand"].pop()}
    if phase == "chestnut_reply":  # seat 1's otter pair was just broken; it holds the spell
        setup(state, 1, hand=["s:otter:2", "s:fern:1", "a:heron:1"], nature=["n:otter"])
        state["pending"] = {"target": 1, "nature": "otter", "card": "n:otter"}
    seat = game.to_act(state)[0]
    assert seat == (1 if phase == "chestnut_reply" else 0)
    try:
        game.apply(state, seat, {"type": kind, **fields})
    except RuleError as error:
        outcome = error.code
    else:
        outcome = "applied"
    assert outcome


def test_the_chestnut_reply_is_applied_as_the_property_test_sets_it_up():
    """The Hypothesis test's reply window is a real one: its repair and decline apply."""
    state = table(phase="chestnut_reply")
    setup(state, 1, hand=["s:otter:2", "s:fern:1", "a:heron:1"], nature=["n:otter"])
    state["pending"] = {"target": 1, "nature": "otter", "card": "n:otter"}
    assert game.legal_actions(state, 1) == [
        {"type": "repair", "spell": "s:otter:2"},
        {"type": "decline"},
    ]
    repaired, _ = act(state, 1, type="repair", spell="s:otter:2")
    assert repaired["players"][1]["nature"][0]["spell"] == "s:otter:2"
    declined, _ = act(state, 1, type="decline")
    assert declined["phase"] == "act"


# --- issue 10: the Heron, the late reshuffle, interpretations, loose input, card counts ------


def test_the_heron_asks_only_for_a_spell_the_asker_needs():
    state = table(players=3)
    setup(state, 1, hand=["s:otter:1", "s:ivy:1", "s:wren:1"])
    setup(state, 2, hand=["s:newt:2", "s:fern:1", "s:fern:2"])
    setup(state, 0, hand=["a:heron:1"], nature=["n:otter", "n:newt=s:newt:1", "n:fern"])
    heron = {"type": "play", "card": "a:heron:1"}
    assert_refused(game, state, 0, {**heron, "ask": "ivy"}, "spell_not_needed")  # not mine
    assert_refused(game, state, 0, {**heron, "ask": "newt"}, "spell_not_needed")  # paired
    asks = sorted(a["ask"] for a in game.legal_actions(state, 0) if a.get("card") == "a:heron:1")
    assert asks == ["fern", "otter"]
    state, _ = act(state, 0, **heron, ask="fern")
    assert {"s:fern:1", "s:fern:2"} <= set(state["players"][0]["hand"])


def test_the_draw_pile_is_reshuffled_the_moment_it_runs_out():
    state = table(phase="draw")
    state["discard"] += state["draw"][1:-1]
    state["draw"] = state["draw"][:1]
    old_top = state["discard"][-1]
    cards = len(state["draw"]) + len(state["discard"])
    state, events = act(state, 0, type="draw", **{"from": "pile"})
    assert [e.type for e in events][-2:] == ["reshuffled", "discard_started"]
    assert len(state["discard"]) == 1, "a new discard pile of one face-up card"
    assert len(state["draw"]) == cards - 2
    assert game.view(state, 1)["discard_top"] == state["discard"][0]
    assert old_top in state["draw"] or old_top == state["discard"][0]


def test_a_refill_that_empties_the_pile_reshuffles_before_the_next_player():
    state = setup(table(), 0, hand=["s:fern:1"])
    state["discard"] += state["draw"][2:]
    state["draw"] = state["draw"][:2]
    state, events = act(state, 0, type="end")
    assert "reshuffled" in [e.type for e in events]
    assert state["active"] == 1
    assert state["draw"]
    assert len(state["discard"]) == 1


def test_the_acorn_takes_no_action_card_from_the_discard_pile():
    """Interpretation: the Acorn's draws follow step 1's rule."""
    state = setup(table(), 0, hand=["a:acorn:1", "s:fern:1", "s:ivy:1"])
    state, _ = act(state, 0, type="play", card="a:acorn:1")
    state["discard"].append("a:magpie:1")
    assert_refused(game, state, 0, {"type": "draw", "from": "discard"}, "cannot_take_action_card")
    assert {"type": "draw", "from": "discard"} not in game.legal_actions(state, 0)


def test_a_wall_cannot_go_on_a_pair_made_with_the_wild():
    """Interpretation: the Wild's pair is already protected."""
    state = setup(table(), 0, hand=["a:wall:1"], nature=["n:otter=a:wild:1", "n:newt"])
    assert_refused(
        game, state, 0, {"type": "play", "card": "a:wall:1", "nature": "n:otter"}, "pair_protected"
    )
    assert not [a for a in game.legal_actions(state, 0) if a.get("card") == "a:wall:1"]


@pytest.mark.parametrize("seat", [True, False, 0.0, 1.0, "0", None])
def test_anything_but_an_int_seat_is_a_spectator(seat):
    state = table()
    view = game.view(state, seat)
    assert all(p["hand"] is None for p in view["players"])
    assert view["seat"] is None
    assert view["legal_actions"] == []
    assert game.legal_actions(state, seat) == []


@pytest.mark.parametrize(
    ("phase", "action"),
    [
        ("act", {"type": "end", "foo": 1}),
        ("draw", {"type": "draw", "from": "pile", "card": "s:fern:1"}),
        ("act", {"type": "play", "card": "a:acorn:1", "target": 1}),
        ("act", {"type": "play", "card": "a:heron:1", "ask": "otter", "nature": "n:otter"}),
        ("act", {"type": "pair", "spell": "s:otter:1", "nature": "n:otter", "give": "n:x"}),
    ],
)
def test_unknown_fields_are_malformed(phase, action):
    state = setup(table(phase=phase), 0, hand=["a:acorn:1", "a:heron:1", "s:otter:1"])
    setup(state, 0, nature=["n:otter", "n:newt"])
    assert_refused(game, state, 0, action, "malformed_action")


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pair", "spell": "s:otter:1"},
        {"type": "swap", "middle": "n:x"},
        {"type": "play", "card": "a:wall:1"},
        {"type": "play", "card": "a:heron:1"},
        {"type": "play", "card": "a:magpie:1", "target": 1},
        {"type": "play", "card": "a:magpie:1", "target": 1, "nature": "n:wren"},
        {"type": "pair", "spell": None, "nature": "n:otter"},
        {"type": "pair", "spell": "s:otter:1", "nature": 7},
    ],
)
def test_a_missing_field_is_named_and_no_python_type_is(action):
    state = table()
    setup(state, 1, nature=["n:wren=s:wren:1"])
    setup(state, 0, hand=["a:wall:1", "a:heron:1", "a:magpie:1", "s:otter:1"], nature=["n:otter"])
    with pytest.raises(RuleError) as refused:
        game.apply(state, 0, action)
    assert "NoneType" not in refused.value.message
    assert not re.search(r"\b(int|str|list|dict)\b", refused.value.message)
    if refused.value.code == "malformed_action":
        assert f"`{refused.value.details['missing']}`" in refused.value.message


def test_a_declined_chestnut_and_the_acorns_discard_leave_events():
    state = table()
    setup(state, 1, hand=["s:ivy:2"], nature=["n:otter=s:otter:1"])
    setup(state, 0, hand=["a:chestnut:1"])
    state, _ = act(state, 0, type="play", card="a:chestnut:1", target=1, nature="n:otter")
    _, events = act(state, 1, type="decline")
    assert [(e.type, e.data, e.audience) for e in events] == [
        ("chestnut_declined", {"seat": 1, "nature": "n:otter"}, None)
    ]
    for draws in (["pile", "pile"], ["pile", None]):
        state = setup(table(), 0, hand=["a:acorn:1", "s:fern:1"])
        state, _ = act(state, 0, type="play", card="a:acorn:1")
        events = []
        for source in draws:
            move = {"type": "draw", "from": source} if source else {"type": "stop"}
            state, more = game.apply(state, 0, move)
            events += more
        done = [e for e in events if e.type == "acorn_discarded"]
        assert [e.data for e in done] == [{"seat": 0, "card": "a:acorn:1"}]
        assert state["discard"][-1] == "a:acorn:1"


# --- issue 23: the lone face-up card, the Skylark, the Heron's doubles, the Acorn -----------


def test_the_lone_face_up_action_card_is_never_drawn_from_the_pile():
    """Interpretation: with the draw pile empty, a discard pile of one card would be turned
    over and straight back up, so nothing can be drawn; the action card stays face up."""
    state = setup(table(phase="draw"), 0, hand=["s:fern:1", "s:ivy:1", "s:wren:1"])
    state["draw"], state["discard"] = [], ["a:magpie:1"]
    assert_refused(game, state, 0, {"type": "draw", "from": "discard"}, "cannot_take_action_card")
    assert game.legal_actions(state, 0) == [{"type": "draw", "from": "pile"}]
    state, events = act(state, 0, type="draw", **{"from": "pile"})
    assert "a:magpie:1" not in state["players"][0]["hand"]
    assert state["discard"] == ["a:magpie:1"]
    assert [e.type for e in events][:1] == ["nothing_to_draw"]
    assert state["phase"] == "act"
    # Step 3's refill does not take it either: the hand stays short.
    state["players"][0]["hand"].pop()
    state, _ = act(state, 0, type="end")
    assert state["discard"] == ["a:magpie:1"]
    assert len(state["players"][0]["hand"]) == 2
    assert state["active"] == 1


def test_a_lone_face_up_spell_is_taken_from_the_discard_pile_only():
    state = setup(table(phase="draw"), 0, hand=["s:fern:1", "s:ivy:1", "s:wren:1"])
    state["draw"], state["discard"] = [], ["s:otter:1"]
    drawn, _ = act(state, 0, type="draw", **{"from": "pile"})
    assert "s:otter:1" not in drawn["players"][0]["hand"]
    taken, _ = act(state, 0, type="draw", **{"from": "discard"})
    assert "s:otter:1" in taken["players"][0]["hand"]


def test_the_skylarks_further_action_must_be_taken_when_it_can_be():
    """Interpretation: "then perform one further action" is the card's instruction, so a
    Skylark played is no free card swap; option skylark_further_action: optional lifts it."""
    state = table()
    setup(state, 0, hand=["s:fern:1", "a:skylark:1", "s:otter:1"], nature=["n:fern", "n:ivy"])
    state, _ = act(state, 0, type="pair", spell="s:fern:1", nature="n:fern")
    assert {"type": "end"} in game.legal_actions(state, 0)
    state, _ = act(state, 0, type="play", card="a:skylark:1")
    assert_refused(game, state, 0, {"type": "end"}, "skylark_action_unused")
    legal = game.legal_actions(state, 0)
    assert {"type": "end"} not in legal
    assert {a["type"] for a in legal} == {"swap"}
    swapped, _ = act(state, 0, **legal[0])
    assert {"type": "end"} in game.legal_actions(swapped, 0)
    ended, _ = act(swapped, 0, type="end")
    assert ended["active"] == 1
    nothing_left = {**state, "middle": []}  # no further action possible: the turn may end
    assert game.legal_actions(nothing_left, 0) == [{"type": "end"}]
    state["options"]["skylark_further_action"] = "optional"
    ended, _ = act(state, 0, type="end")
    assert ended["active"] == 1


def test_a_player_with_the_spell_twice_gives_both():
    """Rulebook, the Heron: "If a player has the requested spell card twice in hand, you
    receive both cards"; the giver refills to three."""
    state = table(players=3)
    setup(state, 1, hand=["s:otter:1", "s:otter:2", "s:wren:1"])
    setup(state, 2, hand=["s:newt:1", "s:newt:2", "s:ivy:1"])
    setup(state, 0, hand=["a:heron:1", "s:fern:1"], nature=["n:otter", "n:fern"])
    top = state["draw"][:2]
    state, events = act(state, 0, type="play", card="a:heron:1", ask="otter")
    assert sorted(state["players"][0]["hand"]) == ["s:fern:1", "s:otter:1", "s:otter:2"]
    assert state["players"][1]["hand"] == ["s:wren:1", *top]  # refilled with two cards
    assert state["players"][2]["hand"] == ["s:newt:1", "s:newt:2", "s:ivy:1"]
    asked = next(e for e in events if e.type == "heron")
    assert asked.data["answers"] == {"1": 2, "2": 0}
    assert asked.data["success"] is True
    gave = next(e for e in events if e.type == "heron_gave")
    assert gave.data["cards"] == ["s:otter:1", "s:otter:2"]


@pytest.mark.parametrize("pile", ["pile", "discard"])
def test_the_acorn_may_take_both_cards_from_one_pile(pile):
    """Rulebook, the Acorn: "You decide whether to take both cards from one pile"."""
    state = setup(table(), 0, hand=["a:acorn:1", "s:fern:1"])
    state["discard"] += ["s:newt:1", "s:wren:1"]  # s:wren:1 on top, s:newt:1 under it
    expected = state["draw"][:2] if pile == "pile" else ["s:wren:1", "s:newt:1"]
    state, _ = act(state, 0, type="play", card="a:acorn:1")
    state, _ = act(state, 0, type="draw", **{"from": pile})
    assert state["phase"] == "acorn"
    assert {"type": "draw", "from": pile} in game.legal_actions(state, 0)
    state, _ = act(state, 0, type="draw", **{"from": pile})
    assert state["players"][0]["hand"] == ["s:fern:1", *expected]
    assert state["phase"] == "act"
    assert state["discard"][-1] == "a:acorn:1"

"""The Familiar's layout (docs/rules/words-of-magic.md, Fairness): unless the table sets the
order of the planshet's properties, the deal draws it, from a generator of its own, and every
view shows it."""

from __future__ import annotations

from wordsvc.games.words_of_magic.options import PROPERTIES
from wordsvc.games.words_of_magic.setup import FIGURE_START_WEIGHTS, drawn_layout

CHOSEN = ["length", "discard-hand", "discard-deck"]


def test_a_table_that_sets_no_order_gets_one_drawn_for_all_to_see(game):
    state = game.new({"players": 2}, 11)
    layout = state["options"]["familiar_properties"]
    assert sorted(layout) == sorted(PROPERTIES)
    for seat in (0, 1, None):
        assert game.view(state, seat)["options"]["familiar_properties"] == layout


def test_the_draw_is_the_seeds_and_covers_every_order(game):
    layouts = {
        tuple(game.new({"players": 2}, seed)["options"]["familiar_properties"])
        for seed in range(60)
    }
    assert len(layouts) == 6  # every order of three properties
    again = [game.new({"players": 2}, 5)["options"]["familiar_properties"] for _ in range(2)]
    assert again[0] == again[1]


def test_a_chosen_order_is_kept(game):
    state = game.new({"players": 3, "familiar_properties": CHOSEN}, 11)
    assert state["options"]["familiar_properties"] == CHOSEN


def test_the_layout_changes_no_card_a_seed_deals(game):
    drawn = game.new({"players": 2}, 23)
    chosen = game.new({"players": 2, "familiar_properties": CHOSEN}, 23)
    assert drawn["players"] == chosen["players"]
    assert drawn["familiar"] == chosen["familiar"]
    assert drawn["balance"] == chosen["balance"]


def test_discard_the_deck_starts_under_the_figure_half_the_time():
    """The lock the figure makes (Fairness): the middle card's property, over many seeds."""
    middles = [drawn_layout(seed)[1] for seed in range(4000)]
    share = middles.count("discard-deck") / len(middles)
    assert 0.46 < share < 0.54
    assert 0.21 < middles.count("length") / len(middles) < 0.29
    assert set(FIGURE_START_WEIGHTS) == set(PROPERTIES)

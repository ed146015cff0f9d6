"""Options a table gets from who sits at it: a Wizards Wanted table with a bot gets a turn
limit unless it sets one (its random bot may never meet the Inspector); a table of people
keeps none (docs/rules/wizards-wanted.md, Interpretations)."""

from __future__ import annotations

import pytest

from wordsvc.games.registry import WW_BOT_TABLE_TURN_LIMIT
from wordsvc.sessions.store import SeatSpec

PEOPLE = [SeatSpec("human"), SeatSpec("human")]
WITH_A_BOT = [SeatSpec("human"), SeatSpec("bot", "random")]


@pytest.mark.parametrize(
    ("seats", "options", "limit"),
    [
        (WITH_A_BOT, {}, WW_BOT_TABLE_TURN_LIMIT),
        (PEOPLE, {}, None),
        (WITH_A_BOT, {"turn_limit": None}, None),  # the table said: no limit
        (WITH_A_BOT, {"turn_limit": 12}, 12),
        (PEOPLE, {"turn_limit": 12}, 12),
    ],
)
def test_a_table_with_a_bot_gets_a_turn_limit_unless_it_sets_one(store, seats, options, limit):
    created = store.create("wizards-wanted", options, seats, 3)
    assert created.options["turn_limit"] == limit


def test_other_games_get_nothing_from_a_bot(store):
    created = store.create("lost-words", {}, WITH_A_BOT, 3)
    assert "turn_limit" not in created.options

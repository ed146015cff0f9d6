"""Magos y Tabernas's stack: what concerns a seat ("answer only when it concerns me" asks a
seat only then), checked on positions built from a dealt game."""

from __future__ import annotations

from tests.games.magos_y_tabernas.tables import act, give, table
from wordsvc.games.magos_y_tabernas import table as table_rules
from wordsvc.games.magos_y_tabernas.stack import concerns


def test_an_empty_stack_concerns_nobody():
    state = table()
    assert not concerns(state, 0)
    assert not concerns(state, 1)


def test_an_opponent_taking_an_orb_concerns_nobody_else():
    state = give(give(table(), 0, hand=["gema-1"]), 1, hand=["interrupcion-1"])
    state, _ = act(state, 0, type="take_orb")
    assert not concerns(state, 1), "the orb is taken from the supply, not from seat 1"
    assert not concerns(state, 0), "one's own item never concerns oneself"


def test_an_attack_concerns_the_player_it_is_aimed_at():
    state = give(table(players=3), 0, hand=["atacar-1"])
    state["players"][2]["gems"] = 1
    state["supply"]["gems"] -= 1
    state, _ = act(state, 0, type="play", card="atacar-1", target=2)
    assert concerns(state, 2)
    assert not concerns(state, 1), "a third player is not aimed at"
    assert not concerns(state, 0)


def test_a_cancel_concerns_the_owner_of_the_item_it_cancels():
    state = give(give(table(), 0, hand=["gema-1"]), 1, hand=["interrupcion-1"])
    state, _ = act(state, 0, type="take_orb")
    state, _ = act(state, 1, type="play", card="interrupcion-1", item=1)
    assert concerns(state, 0)
    assert not concerns(state, 1)


def test_a_spell_at_an_object_concerns_the_object_owner():
    state = give(give(table(), 0, hand=["rayo-1"]), 1, objects=["torre-de-guardia-1"])
    state, _ = act(state, 0, type="play", card="rayo-1", object="torre-de-guardia-1")
    assert concerns(state, 1)
    assert not concerns(state, 0)


def test_in_2_vs_2_an_attack_on_one_player_concerns_the_whole_side():
    state = give(table(players=4, teams=True), 0, hand=["atacar-1"])
    assert table_rules.opponents(state, 0) == [1, 3], "partners sit opposite"
    state["players"][1]["gems"] = 1
    state["supply"]["gems"] -= 1
    state, _ = act(state, 0, type="play", card="atacar-1", target=1)
    assert concerns(state, 1)
    assert concerns(state, 3), "the partner of the player aimed at may answer for them"
    assert not concerns(state, 2), "the attacker's partner is not aimed at"

"""PhasedGame: the legal actions are the candidates each move's check lets through; an
action's fields are its phase's; the declared transitions match the moves, and every game's
playouts keep to them (``tests.games.helpers.playout``)."""

from __future__ import annotations

from typing import get_args

import pytest

from wordsvc.errors import InternalError
from wordsvc.games.contract import RuleError
from wordsvc.games.lost_words import moves as lost_words
from wordsvc.games.magos_y_tabernas import moves as magos_y_tabernas
from wordsvc.games.phases import OVER, Move, PhasedGame, check_transitions, no_check, only
from wordsvc.games.wizards_wanted import moves as wizards_wanted
from wordsvc.games.words_of_magic import moves as words_of_magic


def _even(state, seat, action):
    if action.get("n", 0) % 2:
        raise RuleError("odd", "Only even numbers.")


def _open(state, seat, action):
    if state["closed"]:
        raise RuleError("closed", "The window is closed.")


def _noop(state, seat, action, events):
    return None


def _numbers(state, seat):
    return [{"type": "say", "n": n} for n in range(4)]


class Counting(PhasedGame):
    moves = {  # noqa: RUF012 - the table of a test game
        "main": {
            "say": Move(("n",), _even, _noop, _numbers),
            "guess": Move(
                ("word",),
                no_check,
                _noop,
                only({"type": "guess", "needs": ["word"]}),
                check_described=_open,
            ),
            "shrug": Move((), no_check, _noop, only({"type": "shrug", "needs": ["why"]})),
        },
        "after": {"say": Move(("word",), no_check, _noop, only({"type": "say", "word": "x"}))},
    }
    transitions = {"main": frozenset({"main", "after"}), "after": frozenset({OVER})}  # noqa: RUF012

    def to_act(self, state):
        return [0]


def test_listed_actions_pass_the_check_and_described_ones_their_own_check():
    game = Counting()
    state = {"phase": "main", "closed": False}
    assert game.legal_actions(state, 0) == [
        {"type": "say", "n": 0},
        {"type": "say", "n": 2},
        {"type": "guess", "needs": ["word"]},
        {"type": "shrug", "needs": ["why"]},  # no check_described: listed as it is
    ]
    closed = {**state, "closed": True}
    assert {"type": "guess", "needs": ["word"]} not in game.legal_actions(closed, 0)
    assert game.legal_actions(state, 1) == []  # not a seat that may act


def test_an_actions_fields_are_those_of_its_phase():
    """``say`` takes ``n`` in one phase and ``word`` in the other: each phase's own."""
    game = Counting()
    with pytest.raises(RuleError) as error:
        game.apply({"phase": "after", "closed": False}, 0, {"type": "say", "n": 2})
    assert error.value.code == "malformed_action"
    game.apply({"phase": "after", "closed": False}, 0, {"type": "say", "word": "x"})
    game.apply({"phase": "main", "closed": False}, 0, {"type": "say", "n": 2})


@pytest.mark.parametrize(
    "transitions",
    [
        {"main": frozenset({"main"})},  # a phase with moves and no transitions
        {"main": frozenset({"main"}), "after": frozenset({OVER}), "extra": frozenset()},
        {"main": frozenset({"elsewhere"}), "after": frozenset({OVER})},  # to no phase
    ],
)
def test_transitions_that_do_not_match_the_moves_are_refused(transitions):
    with pytest.raises(InternalError):
        check_transitions(Counting.moves, transitions)


ENGINES = [lost_words, magos_y_tabernas, wizards_wanted, words_of_magic]


@pytest.mark.parametrize("moves", ENGINES, ids=lambda m: m.__name__.split(".")[2])
def test_each_games_phase_names_are_its_transitions(moves):
    """The ``Phase`` literal names every phase the transitions use, and ``over``."""
    named = set(get_args(moves.Phase))
    used = set(moves.TRANSITIONS).union(*moves.TRANSITIONS.values())
    assert named == used | {OVER}

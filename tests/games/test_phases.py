"""PhasedGame: the legal actions are the candidates each move's check lets through."""

from __future__ import annotations

from wordsvc.games.contract import RuleError
from wordsvc.games.phases import Move, PhasedGame, no_check, only


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
        }
    }

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

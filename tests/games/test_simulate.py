"""The simulation's report: the first seat's share, and a game that never ends."""

from __future__ import annotations

from wordsvc.games import simulate as simulation
from wordsvc.games.contract import Result
from wordsvc.games.random_bot import RandomBot


class Race:
    """A toy game: seat 0 moves first and always wins after three moves, unless endless."""

    name = "race"

    def __init__(self, endless: bool = False) -> None:
        self.endless = endless

    def new(self, options, seed):
        return {"moves": 0, "players": [{"turns": 0} for _ in range(options["players"])]}

    def to_act(self, state):
        return [state["moves"] % len(state["players"])]

    def view(self, state, seat):
        return {"legal_actions": [{"type": "move"}]}

    def apply(self, state, seat, action):
        return {**state, "moves": state["moves"] + 1}, []

    def result(self, state):
        if self.endless or state["moves"] < 3:
            return None
        return Result([1, 0], [1, 2], [0])


def test_the_first_seat_wins_every_game_and_the_report_says_so():
    summary = simulation.simulate(Race(), {"random": RandomBot}, ["random"], {"players": 2}, 20, 1)
    first = summary.report()["first_seat"]
    assert first["win_rate"] == 1.0
    assert first["fair_share"] == 0.5
    assert first["ci95"][0] > 0.5, "the interval leaves out the fair share"


def test_a_game_that_never_ends_is_stopped_and_counted_unfinished(monkeypatch):
    monkeypatch.setattr(simulation, "MAX_ACTIONS", 50)
    summary = simulation.simulate(
        Race(endless=True), {"random": RandomBot}, ["random"], {"players": 2}, 3, 1
    )
    report = summary.report()
    assert report["ends"] == {"unfinished": 3}
    assert report["bots"]["random"]["wins"] == 0


class Draft(Race):
    """Every seat acts at once first (a draft), then the state's ``first`` seat starts, and
    it always wins."""

    def new(self, options, seed):
        return {**super().new(options, seed), "first": 1, "drafted": False}

    def to_act(self, state):
        if not state["drafted"]:
            return list(range(len(state["players"])))
        return [(state["moves"] + state["first"]) % len(state["players"])]

    def apply(self, state, seat, action):
        if not state["drafted"]:
            return {**state, "drafted": True}, []
        return {**state, "moves": state["moves"] + 1}, []

    def result(self, state):
        if state["moves"] < 3:
            return None
        return Result([0, 1], [2, 1], [1])


def test_the_first_seat_is_the_one_that_takes_the_first_turn_after_a_draft():
    """Words of Magic opens with every seat choosing a character: the first mover is the
    state's ``first``, not seat 0 of that step."""
    summary = simulation.simulate(Draft(), {"random": RandomBot}, ["random"], {"players": 2}, 10, 1)
    assert summary.report()["first_seat"]["win_rate"] == 1.0


class Cards(Race):
    """A toy game with three cards, of which its one legal action plays two: ``a`` alone and
    ``b`` together with ``x``; ``c`` is never played."""

    name = "cards"

    def view(self, state, seat):
        return {
            "legal_actions": [
                {"type": "play", "card": "a"},
                {"type": "play", "card": "b", "with": "x"},
            ]
        }

    def action_label(self, state, action):
        partner = f"+{action['with']}" if "with" in action else ""
        return f"play:{action['card']}{partner}"

    def action_labels_possible(self, options):
        return ["play:c", "play:b", "play:a", "play:a"]


def test_the_cards_no_bot_played_are_reported():
    summary = simulation.simulate(Cards(), {"random": RandomBot}, ["random"], {"players": 2}, 8, 1)
    report = summary.report()
    assert set(report["plays"]) == {"play:a", "play:b+x"}
    assert report["unplayed"] == ["play:c"], "b played with a partner counts as played"


def test_a_game_without_the_hook_reports_no_unplayed_cards():
    summary = simulation.simulate(Race(), {"random": RandomBot}, ["random"], {"players": 2}, 2, 1)
    assert summary.report()["unplayed"] == []

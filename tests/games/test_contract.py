"""The contract's shared pieces: places with shared ranks, events' audiences, replay."""

from wordsvc.games.contract import Event, RuleError, places_by


def test_places_share_ranks():
    assert places_by([(10, -1), (12, -3), (10, -1), (9, 0)]) == [2, 4, 2, 1]


def test_event_audiences():
    public = Event("passed", {"seat": 0})
    private = Event("drew", {"card": "x"}, audience=(1,))
    assert public.visible_to(None)
    assert private.visible_to(1)
    assert not private.visible_to(0)
    assert not private.visible_to(None)
    assert private.to_dict()["audience"] == [1]


def test_rule_errors_carry_a_code_and_details():
    error = RuleError("not_your_turn", "Seat 1 may not act now.", {"to_act": [0]})
    assert error.to_dict() == {
        "code": "not_your_turn",
        "message": "Seat 1 may not act now.",
        "details": {"to_act": [0]},
    }

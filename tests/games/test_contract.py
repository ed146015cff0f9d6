"""The contract's shared pieces: places with shared ranks, events' audiences, replay."""

import pytest

from wordsvc.games.contract import Event, RuleError, as_seat, check_fields, places_by


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


def test_a_seat_is_an_int_and_never_a_bool_or_a_float():
    assert as_seat(0) == 0
    assert as_seat(3) == 3
    for not_a_seat in (True, False, 0.0, "0", None):
        assert as_seat(not_a_seat) is None


def test_unknown_action_fields_are_malformed():
    check_fields({"type": "end"}, ())
    check_fields({"type": "play", "card": "x"}, ("card",))
    with pytest.raises(RuleError) as refused:
        check_fields({"type": "end", "foo": 1}, ())
    assert refused.value.code == "malformed_action"
    assert refused.value.details["unknown"] == ["foo"]

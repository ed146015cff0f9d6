"""The contract's shared pieces: places with shared ranks, events' audiences, replay."""

import pytest

from wordsvc.games.contract import (
    Event,
    RuleError,
    as_seat,
    check_fields,
    places_by,
    validated_options,
)


def test_places_share_ranks():
    assert places_by([(10, -1), (12, -3), (10, -1), (9, 0)]) == [2, 4, 2, 1]


def test_event_audiences():
    public = Event("passed", {"seat": 0})
    private = Event("drew", {"card": "x"}, audience=(1,))
    assert public.visible_to(None)
    assert private.visible_to(1)
    assert not private.visible_to(0)
    assert not private.visible_to(None)
    assert private.to_record()["audience"] == [1]


def test_rule_errors_carry_a_code_and_details():
    error = RuleError("not_your_turn", "Seat 1 may not act now.", {"to_act": [0]})
    assert (error.code, error.message, error.details) == (
        "not_your_turn",
        "Seat 1 may not act now.",
        {"to_act": [0]},
    )


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


SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 3},
        "mode": {"enum": ["magic", "classic"], "default": "magic"},
        "words": {"type": "array", "items": {"type": "string"}, "default": []},
    },
}


def test_options_are_checked_against_the_schema_with_defaults_filled_in():
    assert validated_options(SCHEMA, None) == {"players": 3, "mode": "magic", "words": []}
    assert validated_options(SCHEMA, {"players": 2})["players"] == 2
    first, second = validated_options(SCHEMA, {}), validated_options(SCHEMA, {})
    first["words"].append("кіт")
    assert second["words"] == [], "each game gets its own copy of a default"


def test_every_option_problem_is_listed_in_one_error():
    with pytest.raises(RuleError) as refused:
        validated_options(SCHEMA, {"players": True, "mode": "wild", "colour": 1})
    assert refused.value.code == "invalid_options"
    problems = refused.value.details["problems"]
    assert {p["option"] for p in problems} == {None, "players", "mode"}  # None: `colour`
    assert "colour" in refused.value.message
    with pytest.raises(RuleError):
        validated_options(SCHEMA, ["players"])  # type: ignore[arg-type]

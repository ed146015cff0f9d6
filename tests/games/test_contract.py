"""The contract's shared pieces: places with shared ranks, events' audiences, replay, the
state's copy."""

import copy
import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordsvc.games.contract import (
    Event,
    RuleError,
    as_seat,
    check_fields,
    copy_state,
    places_by,
    validated_options,
)

#: What a state holds: JSON's values, nested, and a tuple now and then (copied by the
#: fallback).
STATES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=4), inner, max_size=4)
        | st.tuples(inner, inner)
    ),
    max_leaves=25,
)


def _containers(value, found):
    """The ids of every dict, list and tuple in ``value``."""
    if isinstance(value, dict | list | tuple):
        found.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            _containers(item, found)
    return found


@given(STATES)
def test_a_states_copy_equals_deepcopys_and_shares_no_container(state):
    copied = copy_state(state)
    assert copied == copy.deepcopy(state)
    shared = _containers(copied, set()) & _containers(state, set())
    # tuples of immutable values may be shared (deepcopy shares them too); nothing else is
    assert all(isinstance(v, tuple) for v in _by_id(state, shared))


def _by_id(value, ids):
    """The containers in ``value`` whose ids are in ``ids``."""
    found = []
    if id(value) in ids:
        found.append(value)
    if isinstance(value, dict | list | tuple):
        for item in value.values() if isinstance(value, dict) else value:
            found.extend(_by_id(item, ids))
    return found


def test_changing_a_copy_leaves_the_state_as_it_was():
    state = {"hands": [["a", "b"], ["c"]], "table": {"cards": [1, 2]}, "turn": 0}
    copied = copy_state(state)
    copied["hands"][0].append("x")
    copied["table"]["cards"].pop()
    copied["turn"] = 1
    assert state == {"hands": [["a", "b"], ["c"]], "table": {"cards": [1, 2]}, "turn": 0}


def test_a_container_found_twice_is_copied_twice_and_other_values_deep_copied():
    """As a round trip through JSON: a list the state holds twice becomes two lists; a value
    that is not JSON's kind (marshal cannot write it) is copied the slow way, not shared."""
    both = ["a"]
    copied = copy_state({"x": both, "y": both})
    assert copied["x"] == copied["y"] == both
    assert copied["x"] is not copied["y"]
    when = datetime.date(2026, 12, 6)
    odd = {"when": [when], "n": 1}
    copied = copy_state(odd)
    assert copied == odd
    assert copied["when"] is not odd["when"]


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

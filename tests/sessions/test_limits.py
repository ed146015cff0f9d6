"""The session limits: one definition, which the store and the wire models both read."""

from __future__ import annotations

import re

import pytest

from wordsvc.sessions.limits import MAX_NAME, is_seat_name, is_session_id
from wordsvc.wire import games as wire


@pytest.mark.parametrize(
    ("name", "allowed"),
    [("Настя", True), ("x" * MAX_NAME, True), ("x" * (MAX_NAME + 1), False), ("", False),
     ("a\x00b", False), ("a\nb", False), ("a\x7fb", False), (None, False), (3, False)],
)  # fmt: skip
def test_a_seat_name_is_printable_and_short_on_the_wire_and_in_the_store(name, allowed):
    assert is_seat_name(name) is allowed
    if isinstance(name, str):
        assert bool(re.fullmatch(wire.WIRE_NAME_PATTERN, name)) is allowed


@pytest.mark.parametrize(
    ("session_id", "valid"),
    [("0" * 32, True), ("ab" * 16, True), ("AB" * 16, False), ("0" * 31, False),
     ("0" * 33, False), ("0" * 31 + "\n", False), (None, False), (7, False)],
)  # fmt: skip
def test_a_session_id_is_32_hex_digits_on_the_wire_and_in_the_store(session_id, valid):
    assert is_session_id(session_id) is valid
    if isinstance(session_id, str):
        assert bool(re.fullmatch(wire.SESSION_ID["pattern"], session_id)) is valid

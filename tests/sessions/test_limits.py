"""The session limits: one definition, which the store and the wire models both read."""

from __future__ import annotations

import re

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordsvc.sessions.limits import (
    MAX_IDEMPOTENCY_KEY,
    MAX_NAME,
    is_idempotency_key,
    is_seat_name,
    is_session_id,
)
from wordsvc.wire import games as wire


@pytest.mark.parametrize(
    ("name", "allowed"),
    [("Настя", True), ("x" * MAX_NAME, True), ("x" * (MAX_NAME + 1), False), ("", False),
     ("a\x00b", False), ("a\nb", False), ("a\x7fb", False), (None, False), (3, False),
     # Names people can see: at least one visible character, no bidirectional control.
     ("\u200b", False), ("\u200b\u200b ", False), (" ", False), ("\u3164", False),
     ("Оля\u202eкет", False), ("\u2067Оля", False), ("Оля\u200f", False),
     ("Оля Петрівна", True), ("\u200bОля", True), ("O'Brien", True), ("李", True),
     ("Оля ", False), ("Оля\u200b", False)],  # the last character visible: pages trim
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


def _documented_idempotency_key() -> dict:
    import wordsvc.api.games  # noqa: F401  (registers the routes' operations)
    from wordsvc.api.spec import openapi_document

    operation = openapi_document()["paths"]["/v1/games/sessions/{session_id}/actions"]["post"]
    (header,) = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
    return header["schema"]


_DOCUMENTED_KEY = _documented_idempotency_key()


@pytest.mark.parametrize(
    ("key", "valid"),
    [("k", True), ("a b", True), ("x" * MAX_IDEMPOTENCY_KEY, True), ("~!", True),
     ("", False), (" a", False), ("a ", False), ("x" * (MAX_IDEMPOTENCY_KEY + 1), False),
     ("k\x00", False), ("é", False), ("ключ", False), (None, False)],
)  # fmt: skip
def test_an_idempotency_key_is_visible_ascii_in_the_store(key, valid):
    assert is_idempotency_key(key) is valid


# No line feed: a header cannot carry one, and Python's `$` (which jsonschema uses) would match
# before a final one, unlike the ECMA regex the document's `pattern` means.
@given(st.text(st.characters(exclude_characters="\n"), max_size=MAX_IDEMPOTENCY_KEY + 2))
def test_the_documented_idempotency_key_is_exactly_what_the_store_accepts(key):
    """The fuzzer sends any key the document allows: the store must take each of them."""
    documented = jsonschema.Draft202012Validator(_DOCUMENTED_KEY).is_valid(key)
    assert documented is is_idempotency_key(key)

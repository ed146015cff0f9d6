"""The API's changelog (wordsvc/data/api_changelog.toml, shown in docs/api.md) and its
deprecations (docs/api.md#versions): every operation of the document was added in an entry,
every deprecated one is announced, and a deprecated operation's answers say so."""

from __future__ import annotations

import dataclasses
from datetime import date
from email.utils import parsedate_to_datetime

import pytest

from wordsvc.api.changelog import KINDS, Change, changes, markdown
from wordsvc.api.meta import document
from wordsvc.api.spec import OPERATIONS, Deprecation, openapi_document


def test_every_operation_was_added_in_an_entry():
    document()  # every operation declared
    declared = {op.operation_id for op in OPERATIONS}
    added = {o for change in changes() if change.kind == "added" for o in change.operations}
    assert declared - added == set(), "operations with no changelog entry"
    named = {o for change in changes() for o in change.operations}
    assert named <= declared, "the changelog names operations that are not declared"


def test_entries_are_newest_first_and_of_known_kinds():
    entries = changes()
    assert [e.date for e in entries] == sorted((e.date for e in entries), reverse=True)
    assert {e.kind for e in entries} <= set(KINDS)
    assert all(e.text and "  " not in e.text for e in entries)


def test_markdown_groups_by_date():
    entries = [
        Change(date(2027, 1, 2), "deprecated", ("checkWord",), "Use `checkWords`."),
        Change(date(2027, 1, 1), "added", (), "Something."),
    ]
    text = markdown(entries)
    assert text.index("**2027-01-02**") < text.index("**2027-01-01**")
    assert "- *Deprecated* (`checkWord`): Use `checkWords`." in text


SUNSET = Deprecation(since=date(2027, 1, 1), sunset=date(2027, 7, 1), successor="checkWords")


def test_a_deprecation_says_so_in_its_headers():
    headers = SUNSET.headers()
    assert headers["Deprecation"] == "@1798761600"  # 2027-01-01T00:00:00Z
    assert parsedate_to_datetime(headers["Sunset"]).date() == date(2027, 7, 1)
    assert headers["Sunset"].endswith("GMT")
    assert 'rel="deprecation"' in headers["Link"]


@pytest.fixture
def deprecated_lexicon():
    """``lexiconManifest`` declared deprecated, for one test."""
    document()
    place = next(i for i, op in enumerate(OPERATIONS) if op.operation_id == "lexiconManifest")
    deprecated = dataclasses.replace(OPERATIONS[place], deprecated=SUNSET)
    original, OPERATIONS[place] = OPERATIONS[place], deprecated
    try:
        yield deprecated
    finally:
        OPERATIONS[place] = original


def test_a_deprecated_operation_is_marked_in_the_document(deprecated_lexicon):
    marked = openapi_document()["paths"]["/v1/lexicon"]["get"]
    assert marked["deprecated"] is True
    assert "use `checkWords`" in marked["description"]
    assert "2027-07-01" in marked["description"]


def test_a_deprecated_operations_answers_say_so(deprecated_lexicon, make_app):
    client = make_app().test_client()
    answer = client.get("/v1/lexicon")
    assert answer.headers["Deprecation"] == SUNSET.headers()["Deprecation"]
    assert answer.headers["Sunset"] == SUNSET.headers()["Sunset"]
    other = client.get("/v1/categories")
    assert "Deprecation" not in other.headers


def test_a_deprecation_must_be_announced(deprecated_lexicon):
    """What the changelog test would say if the operation were deprecated without an entry."""
    announced = {o for c in changes() if c.kind == "deprecated" for o in c.operations}
    gone = {op.operation_id for op in OPERATIONS if op.deprecated}
    assert gone - announced == {"lexiconManifest"}


def test_no_deprecated_operation_goes_unannounced():
    document()
    announced = {o for c in changes() if c.kind == "deprecated" for o in c.operations}
    assert {op.operation_id for op in OPERATIONS if op.deprecated} <= announced

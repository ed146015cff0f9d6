"""The exception tree: codes are stable and cannot be confused with messages."""

import pytest

from wordsvc.errors import ConfigurationError, InternalError, InvalidRequest, WordsvcError


def test_a_configuration_error_takes_its_code_by_keyword_only():
    error = ConfigurationError("cards.toml: the red deck must have 16 cards")
    assert error.code == "bad_configuration"
    assert error.message == "cards.toml: the red deck must have 16 cards"
    assert ConfigurationError("stuck", code="bot_stuck").code == "bot_stuck"
    with pytest.raises(TypeError):
        ConfigurationError("bot_stuck", "No legal action.")  # type: ignore[misc]


def test_every_error_is_a_wordsvc_error_with_a_code():
    error = InvalidRequest("invalid_limit", "`limit` is 1 to 100.", {"limit": 0})
    assert isinstance(error, WordsvcError)
    assert (error.code, error.message, error.details) == (
        "invalid_limit",
        "`limit` is 1 to 100.",
        {"limit": 0},
    )


def test_a_broken_invariant_is_an_internal_error():
    error = InternalError("the scan and the layouts disagree", {"word": "кіт"})
    assert isinstance(error, WordsvcError)
    assert (error.code, error.message, error.details) == (
        "internal_error",
        "the scan and the layouts disagree",
        {"word": "кіт"},
    )

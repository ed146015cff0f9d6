"""The HTTP status of every error: the one place where errors become statuses, for the API's
problem documents and the pages' answers alike."""

from __future__ import annotations

from wordsvc.errors import (
    ConfigurationError,
    InputError,
    InvalidPattern,
    InvalidRequest,
    InvalidValue,
    InvalidWord,
    LexiconError,
    Overloaded,
    TooLarge,
    TooManyStreams,
    UnknownCategory,
    UnsupportedMediaType,
    WordsvcError,
)
from wordsvc.sessions import errors as sessions
from wordsvc.solver import errors as solver

#: A class not listed takes its nearest listed base's status.
STATUS_OF_ERROR: dict[type[WordsvcError], int] = {
    WordsvcError: 500,
    ConfigurationError: 500,
    LexiconError: 503,
    Overloaded: 503,
    TooManyStreams: 429,
    InputError: 400,
    InvalidRequest: 400,
    # 422: the request is well formed (it matches the document) but what it names cannot be
    # used: an unknown category, input that is no word, an unknown card, a rule refused.
    InvalidValue: 422,
    InvalidPattern: 422,
    UnknownCategory: 422,
    InvalidWord: 422,
    solver.WordNotPlayable: 422,  # "can I make this word?": the judge refuses it
    solver.WordNotFormable: 422,  # ... or the hand cannot lay it out
    TooLarge: 413,
    UnsupportedMediaType: 415,
    sessions.SessionError: 400,
    sessions.UnknownGame: 404,
    sessions.UnknownSession: 404,
    sessions.UnknownSeat: 422,
    sessions.GameNotOver: 409,  # the session exists; its result does not yet
    sessions.InvalidToken: 401,
    sessions.WrongSeat: 403,
    sessions.SeatTaken: 409,
    sessions.StaleVersion: 409,
    sessions.GameOver: 409,
    sessions.NoWordRules: 422,
    sessions.NoAutoPass: 422,
    sessions.NoReview: 422,
    sessions.ActionRefused: 422,
}


def status_of(error: WordsvcError | type[WordsvcError]) -> int:
    """The HTTP status of ``error`` (or of its class): its class's, or its nearest listed
    base's."""
    cls = error if isinstance(error, type) else type(error)
    return next(STATUS_OF_ERROR[base] for base in cls.__mro__ if base in STATUS_OF_ERROR)

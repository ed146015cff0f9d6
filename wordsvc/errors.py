"""One exception tree for the whole package.

Every error a caller can cause or meet carries a stable machine-readable ``code``, a message
for people and ``details`` for programs. Errors say what went wrong in the domain's terms;
only the wire (:mod:`wordsvc.wire.status`) maps them to HTTP statuses, and the CLI to exit
codes.

    WordsvcError
    ├── InputError                  the caller sent something that cannot be used
    │   ├── InvalidWord             the input cannot be a word (empty, digits, emoji...)
    │   ├── UnknownCategory         a category id that is not in the registry
    │   ├── InvalidPattern          a search pattern that cannot be used
    │   ├── InvalidRequest          a malformed request (wrong types, missing fields...)
    │   ├── InvalidValue            well-formed, but a value cannot be used (unknown card...)
    │   ├── TooLarge                a request past a size limit (too many words...)
    │   └── UnsupportedMediaType    a request body sent as something other than JSON
    ├── SessionError                the session store's own errors (wordsvc.sessions.errors)
    ├── ConfigurationError          a setting or data file of the service is wrong
    ├── Overloaded                  the service holds as much of some work as it can: retry
    │   └── TooManyStreams          a client holds as many event streams as one may
    ├── LexiconError                the service's data is missing or broken
    │   ├── LexiconNotBuilt         no lexicon in the data directory yet
    │   └── LexiconCorrupt          files present but inconsistent with the manifest
    └── InternalError               an invariant of wordsvc's own code broke: a bug
"""

from __future__ import annotations

from collections.abc import Mapping


class WordsvcError(Exception):
    """Base of every error wordsvc raises on purpose."""

    code = "internal_error"

    def __init__(
        self,
        code: str | None = None,
        message: str = "",
        details: Mapping[str, object] | None = None,
    ) -> None:
        self.code = code or type(self).code
        self.message = message or self.code.replace("_", " ")
        self.details: dict[str, object] = dict(details or {})
        super().__init__(self.message)


class InputError(WordsvcError):
    """The caller sent something that cannot be used."""

    code = "invalid_input"


class InvalidWord(InputError):
    """The input cannot be a word: empty, digits, spaces, other scripts, symbols, too long."""

    code = "invalid_word"


class UnknownCategory(InputError):
    """A category id that is not in the registry."""

    code = "unknown_category"


class InvalidPattern(InputError):
    """A search pattern that cannot be used."""

    code = "invalid_pattern"


class InvalidValue(InputError):
    """A well-formed request whose values cannot be used: an unknown card, a length range
    upside down, a bot that does not exist. (HTTP: 422, where a malformed request is 400.)"""

    code = "invalid_value"


class InvalidRequest(InputError):
    """A request whose shape is wrong: missing fields, wrong types, too many items."""

    code = "invalid_request"


class TooLarge(InputError):
    """A request past one of the service's size limits."""

    code = "payload_too_large"


class UnsupportedMediaType(InputError):
    """A request body sent as something other than JSON."""

    code = "unsupported_media_type"


class ConfigurationError(WordsvcError):
    """A setting or a data file of the service is wrong: fix the deployment, not the request.

    Raised as ``ConfigurationError(message, code=..., details=...)``: the message is the one
    positional argument and the code is keyword-only, so the two cannot be swapped.
    """

    code = "bad_configuration"

    def __init__(
        self, message: str, *, code: str | None = None, details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(code, message, details)


class Overloaded(WordsvcError):
    """The service holds as much of some work as it can take now (a worker's event streams):
    retry after ``details["retry_after"]`` seconds."""

    code = "overloaded"


class TooManyStreams(Overloaded):
    """One client (an address, or a seat's token) holds as many event streams as one may:
    one more would take a thread that other clients' requests need."""

    code = "too_many_streams"


class LexiconError(WordsvcError):
    """The lexicon is missing or broken; the service cannot answer word questions."""

    code = "lexicon_unavailable"


class LexiconNotBuilt(LexiconError):
    code = "lexicon_not_built"


class LexiconCorrupt(LexiconError):
    code = "lexicon_corrupt"


class InternalError(WordsvcError):
    """An invariant of wordsvc's own code does not hold (two parts that must agree do not):
    a bug to fix, never the caller's doing. Raised where a bare ``assert`` would be, so that
    it also holds under ``python -O`` and reaches the caller as ``internal_error``."""

    code = "internal_error"

    def __init__(self, message: str, details: Mapping[str, object] | None = None) -> None:
        super().__init__(None, message, details)

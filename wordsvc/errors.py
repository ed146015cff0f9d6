"""One exception tree for the whole package.

Every error a caller can cause or meet carries a stable machine-readable ``code``, a message
for people and ``details`` for programs. The HTTP layer turns any :class:`WordsvcError` into an
RFC 9457 problem document with the status given by :attr:`WordsvcError.status`.

    WordsvcError
    ├── InputError                  (4xx: the caller sent something wrong)
    │   ├── InvalidWord             the input cannot be a word (empty, digits, emoji...)
    │   ├── UnknownCategory         a category id that is not in the registry
    │   ├── InvalidPattern          a search pattern that cannot be used
    │   ├── InvalidRequest          a malformed request (wrong types, bad parameters...)
    │   ├── UnsupportedMediaType    a body that is not JSON
    │   ├── TooLarge                a request past a size limit (too many words...)
    │   ├── NotFound                an unknown game or session (404)
    │   ├── Unauthorized            no seat token, or a token that is not a seat's (401)
    │   ├── Forbidden               a token for another seat than the one acting (403)
    │   ├── Conflict                a stale version, a taken seat, a game over (409)
    │   └── RuleRefused             the game's rules refuse the action (422, the rule's code)
    ├── ConfigurationError          (500: a setting or data file of the service is wrong)
    └── LexiconError                (5xx: the service's data is missing or broken)
        ├── LexiconNotBuilt         no lexicon in the data directory yet
        └── LexiconCorrupt          files present but inconsistent with the manifest
"""

from __future__ import annotations


class WordsvcError(Exception):
    """Base of every error wordsvc raises on purpose."""

    status = 500
    code = "internal_error"

    def __init__(
        self, code: str | None = None, message: str = "", details: dict | None = None
    ) -> None:
        self.code = code or type(self).code
        self.message = message or self.code.replace("_", " ")
        self.details = details or {}
        super().__init__(self.message)

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "details": self.details}


class InputError(WordsvcError):
    """The caller sent something that cannot be used."""

    status = 400
    code = "invalid_input"


class InvalidWord(InputError):
    """The input cannot be a word: empty, digits, spaces, other scripts, symbols, too long."""

    status = 422
    code = "invalid_word"


class UnknownCategory(InputError):
    """A category id that is not in the registry."""

    status = 400
    code = "unknown_category"


class InvalidPattern(InputError):
    """A search pattern that cannot be used."""

    status = 400
    code = "invalid_pattern"


class InvalidRequest(InputError):
    """A request whose shape is wrong: missing fields, wrong types, too many items."""

    status = 400
    code = "invalid_request"


class UnsupportedMediaType(InputError):
    """A request body sent as something other than JSON."""

    status = 415
    code = "unsupported_media_type"


class TooLarge(InputError):
    """A request past one of the service's size limits."""

    status = 413
    code = "payload_too_large"


class NotFound(InputError):
    status = 404
    code = "not_found"


class Unauthorized(InputError):
    status = 401
    code = "missing_token"


class Forbidden(InputError):
    status = 403
    code = "wrong_seat"


class Conflict(InputError):
    status = 409
    code = "conflict"


class RuleRefused(InputError):
    """A game action the rules refuse; ``code`` is the engine's RuleError code."""

    status = 422
    code = "rule_violation"


class ConfigurationError(WordsvcError):
    """A setting or a data file of the service is wrong: fix the deployment, not the request.

    Raised as ``ConfigurationError(message, code=..., details=...)``: the message is the one
    positional argument and the code is keyword-only, so the two cannot be swapped.
    """

    status = 500
    code = "bad_configuration"

    def __init__(
        self, message: str, *, code: str | None = None, details: dict | None = None
    ) -> None:
        super().__init__(code, message, details)


class LexiconError(WordsvcError):
    """The lexicon is missing or broken; the service cannot answer word questions."""

    status = 503
    code = "lexicon_unavailable"


class LexiconNotBuilt(LexiconError):
    code = "lexicon_not_built"


class LexiconCorrupt(LexiconError):
    code = "lexicon_corrupt"

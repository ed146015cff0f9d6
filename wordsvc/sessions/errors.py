"""The session layer's own errors, each with a stable code.

They say what went wrong in the session's terms; :mod:`wordsvc.wire.status` alone decides
which HTTP status each one becomes, so this layer knows nothing of HTTP.

    SessionError
    ├── UnknownGame        no hosted game of that name
    ├── UnknownSession     no session with that id
    ├── UnknownSeat        no such seat in the session
    ├── InvalidToken       a missing or wrong seat token (codes missing_token, invalid_token)
    ├── WrongSeat          a token of another seat than the one named
    ├── SeatTaken          the seat has a player already, or is a bot's (seat_is_a_bot)
    ├── StaleVersion       the action was sent against an old version (stale_state_id)
    ├── GameOver           the game has ended: no more actions
    ├── GameNotOver        no result yet
    ├── NoWordRules        the game has no word categories to judge words by
    ├── NoAutoPass         the game has no "answer only when I can" setting
    ├── ActionRefused      the game's rules refuse the action; the code is the rule's
    └── BackupRefused      a line of a backup that cannot be imported (``wordsvc db import``);
                           the code says why, the details name the line
"""

from __future__ import annotations

from collections.abc import Mapping

from wordsvc.errors import WordsvcError


class SessionError(WordsvcError):
    """Base of the errors the session store raises."""

    code = "session_error"


class UnknownGame(SessionError):
    code = "unknown_game"


class UnknownSession(SessionError):
    code = "session_not_found"


class UnknownSeat(SessionError):
    code = "unknown_seat"


class InvalidToken(SessionError):
    code = "invalid_token"


class WrongSeat(SessionError):
    code = "wrong_seat"


class SeatTaken(SessionError):
    code = "seat_taken"


class StaleVersion(SessionError):
    code = "stale_state_id"


class GameOver(SessionError):
    code = "game_over"


class GameNotOver(SessionError):
    code = "game_not_over"


class NoWordRules(SessionError):
    code = "no_word_rules"


class NoAutoPass(SessionError):
    code = "no_auto_pass"


class ActionRefused(SessionError):
    """A game action the rules refuse; ``code`` is the engine's :class:`RuleError` code."""

    code = "rule_violation"


class BackupRefused(SessionError):
    """A line of a session backup that cannot be imported: unreadable
    (``invalid_backup_line``), of another format (``unsupported_backup_format``), of a game
    not hosted (``unknown_game``), contradicting itself (``inconsistent_session``), or a
    session the database holds already (``session_exists``). The message starts with the
    line's number, and ``details["line"]`` is it."""

    code = "backup_refused"

    def __init__(
        self, code: str, message: str, line: int, details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(code, f"Line {line}: {message}", {**(details or {}), "line": line})
        self.line = line

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
    ├── NoReview           the game has no review of its finished games
    ├── ActionRefused      the game's rules refuse the action; the code is the rule's
    └── BackupRefused      a line of a backup that cannot be imported (``wordsvc db import``);
                           the code says why, the details name the line
"""

from __future__ import annotations

from collections.abc import Mapping

from wordsvc.errors import WordsvcError
from wordsvc.sessions.limits import is_session_id


class SessionError(WordsvcError):
    """Base of the errors the session store raises."""

    code = "session_error"


class UnknownGame(SessionError):
    code = "unknown_game"


class UnknownSession(SessionError):
    code = "session_not_found"

    @classmethod
    def of(cls, session_id: str) -> UnknownSession:
        """The one refusal of a session that is not there: the id is named back only when
        it is written as a session's id is (anything else is no session, and no echo)."""
        details = {"session": session_id} if is_session_id(session_id) else None
        return cls("session_not_found", "No such session.", details)


class UnknownSeat(SessionError):
    code = "unknown_seat"

    @classmethod
    def of(cls, seat: int) -> UnknownSeat:
        return cls("unknown_seat", f"Seat {seat} does not exist.", {"seat": seat})


class InvalidToken(SessionError):
    code = "invalid_token"

    @classmethod
    def of_session(cls) -> InvalidToken:
        """A token that is no seat's of the session asked about."""
        return cls("invalid_token", "This token is not a seat's of this session.")


class WrongSeat(SessionError):
    code = "wrong_seat"


class SeatTaken(SessionError):
    code = "seat_taken"


class StaleVersion(SessionError):
    code = "stale_state_id"

    @classmethod
    def moved_on(cls) -> StaleVersion:
        """The session changed between its read and the write's compare-and-set."""
        return cls("stale_state_id", "The session changed meanwhile; fetch it again.")


class GameOver(SessionError):
    code = "game_over"


class GameNotOver(SessionError):
    code = "game_not_over"


class NoWordRules(SessionError):
    code = "no_word_rules"


class NoAutoPass(SessionError):
    code = "no_auto_pass"


class NoReview(SessionError):
    code = "no_review"


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

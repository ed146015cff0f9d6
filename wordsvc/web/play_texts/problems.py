"""What the play pages say for a problem document's ``code``: keys ``problem.<code>``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {
    "problem.network": ("Немає зв'язку із сервером.", "The server cannot be reached."),
    "problem.unexpected": ("Неочікувана відповідь сервера.", "An unexpected answer."),
    "problem.stale_state_id": (
        "Гра змінилася, поки ви обирали. Стіл оновлено.",
        "The game moved on while you chose. The table is updated.",
    ),
    "problem.seat_taken": ("Це місце вже зайняте.", "That seat is taken."),
    "problem.invalid_token": (
        "Ваш ключ місця недійсний; ви дивитеся як глядач.",
        "Your seat's key is not valid; you are watching.",
    ),
    "problem.session_not_found": ("Такої гри немає.", "No such game."),
    "problem.malformed_json": ("Це не JSON.", "That is not JSON."),
}

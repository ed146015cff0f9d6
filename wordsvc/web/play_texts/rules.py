"""The rules panel's texts (the "?" of every table, ``play-rules.js``), keys ``rules.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {
    "rules.open": ("Правила", "Rules"),
    "rules.open_label": ("Правила гри коротко", "The game's rules in short"),
    "rules.title": ("Правила коротко", "The rules in short"),
    "rules.close": ("Закрити", "Close"),
    "rules.loading": ("Завантажую правила…", "Loading the rules…"),
    "rules.failed": (
        "Не вдалося завантажити правила. Закрийте й відкрийте ще раз.",
        "The rules could not be loaded. Close and open them again.",
    ),
    "rules.goal": ("Мета", "The goal"),
    "rules.turn": ("Хід", "A turn"),
    "rules.end": ("Кінець і результати", "The end and the results"),
    "rules.options": ("За цим столом", "At this table"),
}

"""The lobby's texts (``play-lobby.js``): options' titles and hints, bots' names: ``lobby.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {}

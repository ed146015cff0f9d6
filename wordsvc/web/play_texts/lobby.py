"""The lobby's texts (``play-lobby.js``): the options' titles and hints, bots' names, keys ``lobby.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {}

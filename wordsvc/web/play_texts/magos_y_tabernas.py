"""The Magos y Tabernas table's texts (``table-magos-y-tabernas.js``): keys ``myt.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {}

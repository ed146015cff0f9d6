"""The seats' texts (``play-seats.js``): seat links, QR codes, claiming a seat, keys ``seats.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {}

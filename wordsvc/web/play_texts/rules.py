"""The rules panel's texts (the "?" of every table), keys ``rules.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {}

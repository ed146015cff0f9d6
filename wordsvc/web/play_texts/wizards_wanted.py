"""The Wizards Wanted table's texts (``table-wizards-wanted.js``): keys ``ww.*``."""

from __future__ import annotations

from typing import Final

TEXTS: Final[dict[str, tuple[str, str]]] = {}

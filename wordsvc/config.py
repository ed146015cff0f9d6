"""Where wordsvc keeps and finds its files, from the environment with sensible defaults.

``WORDSVC_DATA_DIR``          compiled lexicon (default: the per-user cache, e.g. ~/.cache/wordsvc)
``WORDSVC_DICTIONARIES_DIR``  word lists (default: ``dictionaries/`` beside the package)
``WORDSVC_SYSTEM_WORDLIST``   Debian's word list (default /usr/share/dict/ukrainian; "" = off)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

PACKAGE_DIR = Path(__file__).resolve().parent
DEFAULT_DICTIONARIES_DIR = PACKAGE_DIR.parent / "dictionaries"
CATEGORIES_FILE = PACKAGE_DIR / "data" / "categories.toml"


@dataclass(frozen=True)
class Settings:
    """Where the compiled lexicon lives (``data_dir``) and where the word lists are read."""

    data_dir: Path
    dictionaries_dir: Path

    @classmethod
    def from_env(cls) -> Settings:
        data_dir = os.environ.get("WORDSVC_DATA_DIR") or platformdirs.user_cache_dir("wordsvc")
        dictionaries = os.environ.get("WORDSVC_DICTIONARIES_DIR") or DEFAULT_DICTIONARIES_DIR
        return cls(data_dir=Path(data_dir), dictionaries_dir=Path(dictionaries))

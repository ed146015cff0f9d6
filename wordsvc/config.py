"""Where wordsvc keeps and finds its files, from the environment with sensible defaults.

``WORDSVC_DATA_DIR``          compiled lexicon (default: the per-user cache, e.g. ~/.cache/wordsvc)
``WORDSVC_DICTIONARIES_DIR``  word lists (default: ``dictionaries/`` beside the package)
``WORDSVC_SYSTEM_WORDLIST``   Debian's word list (default /usr/share/dict/ukrainian; "" = off)
``WORDSVC_DATABASE_URL``      game sessions (default: SQLite, ``sessions.sqlite3`` in the data dir;
                              ``postgresql://user@host/db`` for PostgreSQL)
``WORDSVC_PUBLIC_URL``        the address people open the service at when it sits behind a name
                              or a proxy (``https://games.example``): seat links and their QR
                              codes are built from it (default: unset; the pages then use the
                              address they were opened at, or this machine's LAN address when
                              that was a loopback one; ``wordsvc serve --public-url`` sets it)
``WORDSVC_METRICS``           ``on`` (default) or ``off``: ``GET /metrics``, the Prometheus
                              metrics (docs/observability.md); off, the route answers 404 and
                              nothing is counted
``PROMETHEUS_MULTIPROC_DIR``  where gunicorn's workers keep their metrics, summed at each scrape
                              (default: ``wordsvc serve`` makes a fresh private directory and
                              removes it on exit); read by prometheus-client itself
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs

from wordsvc.errors import ConfigurationError

PACKAGE_DIR = Path(__file__).resolve().parent
DEFAULT_DICTIONARIES_DIR = PACKAGE_DIR.parent / "dictionaries"
CATEGORIES_FILE = PACKAGE_DIR / "data" / "categories.toml"


@dataclass(frozen=True)
class Settings:
    """Where the compiled lexicon lives (``data_dir``) and where the word lists are read."""

    data_dir: Path
    dictionaries_dir: Path
    database_url: str | None = None  # None: SQLite in the data directory
    public_url: str | None = None  # None: links are built from the address a page was opened at
    metrics: bool = True  # GET /metrics and the counting behind it

    @classmethod
    def from_env(cls) -> Settings:
        data_dir = os.environ.get("WORDSVC_DATA_DIR") or platformdirs.user_cache_dir("wordsvc")
        dictionaries = os.environ.get("WORDSVC_DICTIONARIES_DIR") or DEFAULT_DICTIONARIES_DIR
        return cls(
            data_dir=Path(data_dir),
            dictionaries_dir=Path(dictionaries),
            database_url=os.environ.get("WORDSVC_DATABASE_URL") or None,
            public_url=os.environ.get("WORDSVC_PUBLIC_URL", "").strip().rstrip("/") or None,
            metrics=switch("WORDSVC_METRICS", os.environ.get("WORDSVC_METRICS", "")),
        )

    @property
    def sessions_url(self) -> str:
        """The SQLAlchemy URL of the session store."""
        if self.database_url:
            url = self.database_url
            if url.startswith(("postgres://", "postgresql://")):  # the driver wordsvc installs
                url = "postgresql+psycopg://" + url.split("://", 1)[1]
            return url
        return f"sqlite:///{self.data_dir / 'sessions.sqlite3'}"


#: How a setting that is on or off may be spelt ("" is the default: on).
SWITCH = {"on": True, "1": True, "true": True, "yes": True, "": True,
          "off": False, "0": False, "false": False, "no": False}  # fmt: skip


def switch(name: str, value: str) -> bool:
    """The on/off setting ``name`` set to ``value``: a :class:`ConfigurationError` for a
    value that is neither, rather than a guess."""
    try:
        return SWITCH[value.strip().lower()]
    except KeyError:
        raise ConfigurationError(
            f"{name}={value!r} is neither on nor off.", code="invalid_setting"
        ) from None


#: The longest public URL: seat links add a session id and a token to it.
MAX_PUBLIC_URL = 200


def checked_public_url(url: str) -> str:
    """``url`` as a base for links (no trailing slash), or a :class:`ConfigurationError`
    saying why it cannot be one: an http(s) URL with a host, no query or fragment."""
    base = url.strip().rstrip("/")
    parts = urlsplit(base)
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or len(base) > MAX_PUBLIC_URL
    ):
        raise ConfigurationError(
            f"The public URL {url!r} is not an http(s) address such as https://games.example"
            f" (at most {MAX_PUBLIC_URL} characters, no query or fragment).",
            code="invalid_public_url",
        )
    return base

"""Where wordsvc keeps and finds its files, and how it runs, from the environment with
sensible defaults.

:data:`ENVIRONMENT` declares every setting, its default and what it is for: the settings table
of docs/deploy.md is generated from it (``cog``; tests/test_docs.py fails when they differ),
and a test checks that every ``WORDSVC_*`` name the package reads is declared there.
:meth:`Settings.from_env` reads them.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs

from wordsvc.errors import ConfigurationError


@dataclass(frozen=True)
class EnvironmentSetting:
    """One setting read from the environment: its name, its default and what it is for, in
    Markdown (docs/deploy.md shows them as a table)."""

    name: str
    default: str
    meaning: str


#: Every setting wordsvc reads from the environment, in the order docs/deploy.md lists them.
ENVIRONMENT: tuple[EnvironmentSetting, ...] = (
    EnvironmentSetting(
        "WORDSVC_DATA_DIR",
        "the per-user cache (`~/.cache/wordsvc`)",
        "the compiled lexicon, and the SQLite session database when no other is set; "
        "installs that share one each keep the lexicon of their own sources "
        "([docs/lexicon.md](lexicon.md#on-disk))",
    ),
    EnvironmentSetting(
        "WORDSVC_DICTIONARIES_DIR",
        "the word lists installed with the package (`dictionaries/`)",
        "the word lists the lexicon is built from; a folder that is missing or holds no list "
        "is an error",
    ),
    EnvironmentSetting(
        "WORDSVC_SYSTEM_WORDLIST",
        "`/usr/share/dict/ukrainian`",
        'Debian\'s word list; `""` leaves it out',
    ),
    EnvironmentSetting(
        "WORDSVC_DATABASE_URL",
        "SQLite in the data directory",
        "the game sessions; `postgresql://user@host/db` for PostgreSQL, which several servers need",
    ),
    EnvironmentSetting(
        "WORDSVC_DATABASE_POOL",
        "one per core, at least 2",
        "PostgreSQL connections each worker keeps; a request waits for one rather than crowd "
        "the cores. On 2 vCPUs with 2 workers, 2 each served 1,118 actions/s at p99 5 ms, 8 "
        "each 809/s at p99 31 ms ([performance](performance.md)); more cores, or a database "
        "on another machine, may want more",
    ),
    EnvironmentSetting(
        "WORDSVC_PUBLIC_URL",
        "unset",
        "the address people open (`https://games.example`): seat links and their QR codes are "
        "built from it; unset, from the address a page was opened at, or this machine's LAN "
        "address when that was a loopback one (`wordsvc serve --public-url` sets it)",
    ),
    EnvironmentSetting(
        "WORDSVC_TRUSTED_PROXIES",
        "`0`",
        "how many proxies in front to believe for the client's address, scheme and host "
        "([above](#the-clients-address-behind-a-proxy))",
    ),
    EnvironmentSetting("WORDSVC_RATE_LIMITS", "on", "`off` turns the rate limits off"),
    EnvironmentSetting(
        "WORDSVC_RATE_LIMIT",
        "`1200/minute`",
        "each client address's limit, in flask-limiter's syntax (several: "
        "`1200/minute;20000/hour`); a solve, a batch check and a pattern search count by "
        "their size",
    ),
    EnvironmentSetting(
        "WORDSVC_SEAT_RATE_LIMIT",
        "`600/minute`",
        "each seat token's limit on the game routes it is sent to, whatever address it comes from",
    ),
    EnvironmentSetting(
        "WORDSVC_API_KEYS",
        "unset",
        "keys a front end may send as `X-API-Key` (comma-separated; `wordsvc api-key` makes "
        "one): its requests count against the key's limit instead of its address's "
        "([rate limits](#rate-limits))",
    ),
    EnvironmentSetting(
        "WORDSVC_API_KEY_RATE_LIMIT",
        "`12000/minute`",
        "each API key's limit, for a front end that serves many people from one address",
    ),
    EnvironmentSetting(
        "WORDSVC_CORS_ORIGINS",
        "unset",
        "other sites whose pages may call the API (`https://app.example`, comma-separated); "
        "`*` opens only the read-only word routes to every site "
        "([cross-origin calls](#cross-origin-calls))",
    ),
    EnvironmentSetting(
        "WORDSVC_REDIS_URL",
        "unset",
        "Redis for the limits' counts (`redis://host:6379/0`), shared by every worker and "
        "server; unset, each worker counts in its own memory",
    ),
    EnvironmentSetting(
        "WORDSVC_REDIS_PREFIX",
        "`wordsvc`",
        "the prefix of those counts' keys, one per service sharing a Redis",
    ),
    EnvironmentSetting(
        "WORDSVC_METRICS",
        "on",
        "`off`: `GET /metrics` answers 404 and nothing is counted "
        "([observability](observability.md))",
    ),
    EnvironmentSetting(
        "PROMETHEUS_MULTIPROC_DIR",
        "a fresh private directory of `wordsvc serve`'s",
        "where gunicorn's workers keep their metrics, summed at each scrape; read by "
        "prometheus-client itself",
    ),
    EnvironmentSetting(
        "WORDSVC_BOT_PAUSE_MS",
        "`700`",
        "how long a table's page waits between two bots' moves it shows, so people can follow "
        "them; `0` shows them at once (the browser tests do)",
    ),
)


def settings_table() -> str:
    """:data:`ENVIRONMENT` as the Markdown table docs/deploy.md shows."""
    rows = [f"| `{s.name}` | {s.default} | {s.meaning} |" for s in ENVIRONMENT]
    return "\n".join(["| setting | default | what for |", "|---|---|---|", *rows]) + "\n"


PACKAGE_DIR = Path(__file__).resolve().parent
#: The word lists: ``dictionaries/`` of a clone, which ``wordsvc/dictionaries`` links to, and
#: the same files as package data in a wheel, so both judge alike.
DEFAULT_DICTIONARIES_DIR = PACKAGE_DIR / "dictionaries"
CATEGORIES_FILE = PACKAGE_DIR / "data" / "categories.toml"


#: Each client address's rate limit: a table of friends never comes near it (docs/deploy.md).
DEFAULT_RATE_LIMIT = "1200/minute"
#: Each seat token's rate limit on the game routes.
DEFAULT_SEAT_RATE_LIMIT = "600/minute"
#: Each API key's rate limit: a front end serving many people from one address.
DEFAULT_API_KEY_RATE_LIMIT = "12000/minute"
DEFAULT_REDIS_PREFIX = "wordsvc"
#: How long a table's page waits between two bots' moves it shows: people follow them.
DEFAULT_BOT_PAUSE_MS = 700
MAX_BOT_PAUSE_MS = 10_000
_OFF = ("off", "false", "0", "no")
_ON = ("on", "true", "1", "yes", "")


@dataclass(frozen=True)
class Settings:
    """Where the compiled lexicon lives (``data_dir``) and where the word lists are read; the
    session database, the public address, and the rate limits (see the module's docstring)."""

    data_dir: Path
    dictionaries_dir: Path
    database_url: str | None = None  # None: SQLite in the data directory
    database_pool: int | None = None  # PostgreSQL connections a process; None: PG_POOL
    public_url: str | None = None  # None: links are built from the address a page was opened at
    metrics: bool = True  # GET /metrics and the counting behind it
    trusted_proxies: int = 0  # 0: the client is the peer of the connection
    rate_limits: bool = True
    rate_limit: str = DEFAULT_RATE_LIMIT
    seat_rate_limit: str = DEFAULT_SEAT_RATE_LIMIT
    #: Keys a front end sends as X-API-Key, each with its own limit (api_key_rate_limit)
    api_keys: frozenset[str] = frozenset()
    api_key_rate_limit: str = DEFAULT_API_KEY_RATE_LIMIT
    #: Origins whose pages may call the API; "*" opens the read-only word routes to any
    cors_origins: tuple[str, ...] = ()
    redis_url: str | None = None  # None: each worker counts in its own memory
    redis_prefix: str = DEFAULT_REDIS_PREFIX
    bot_pause_ms: int = DEFAULT_BOT_PAUSE_MS  # the table pages' pause between bots' moves
    #: The server listens on this computer only (`wordsvc serve` without --table or --host):
    #: no other device can open a table's links, and the pages say so.
    loopback_only: bool = False

    @classmethod
    def from_env(cls) -> Settings:
        """The settings the environment gives; a :class:`ConfigurationError` for one that is
        set but cannot be used, naming it."""
        env = os.environ
        data_dir = env.get("WORDSVC_DATA_DIR") or platformdirs.user_cache_dir("wordsvc")
        dictionaries = env.get("WORDSVC_DICTIONARIES_DIR") or DEFAULT_DICTIONARIES_DIR
        return cls(
            data_dir=Path(data_dir),
            dictionaries_dir=Path(dictionaries),
            database_url=env.get("WORDSVC_DATABASE_URL") or None,
            database_pool=_pool_size(env.get("WORDSVC_DATABASE_POOL", "")),
            public_url=env.get("WORDSVC_PUBLIC_URL", "").strip().rstrip("/") or None,
            trusted_proxies=_proxy_count(env.get("WORDSVC_TRUSTED_PROXIES", "")),
            rate_limits=switch("WORDSVC_RATE_LIMITS", env.get("WORDSVC_RATE_LIMITS", "")),
            rate_limit=checked_rate_limit(
                env.get("WORDSVC_RATE_LIMIT", "").strip() or DEFAULT_RATE_LIMIT,
                "WORDSVC_RATE_LIMIT",
            ),
            seat_rate_limit=checked_rate_limit(
                env.get("WORDSVC_SEAT_RATE_LIMIT", "").strip() or DEFAULT_SEAT_RATE_LIMIT,
                "WORDSVC_SEAT_RATE_LIMIT",
            ),
            api_keys=checked_api_keys(env.get("WORDSVC_API_KEYS", "")),
            api_key_rate_limit=checked_rate_limit(
                env.get("WORDSVC_API_KEY_RATE_LIMIT", "").strip() or DEFAULT_API_KEY_RATE_LIMIT,
                "WORDSVC_API_KEY_RATE_LIMIT",
            ),
            cors_origins=checked_origins(env.get("WORDSVC_CORS_ORIGINS", "")),
            redis_url=checked_redis_url(env.get("WORDSVC_REDIS_URL", "").strip() or None),
            redis_prefix=env.get("WORDSVC_REDIS_PREFIX", "").strip() or DEFAULT_REDIS_PREFIX,
            metrics=switch("WORDSVC_METRICS", env.get("WORDSVC_METRICS", "")),
            bot_pause_ms=_bot_pause(env.get("WORDSVC_BOT_PAUSE_MS", "")),
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


#: An API key: 24 to 128 URL-safe characters (``wordsvc api-key`` makes 43).
API_KEY = re.compile(r"[A-Za-z0-9_-]{24,128}")
#: An origin: a scheme, a host and maybe a port, nothing after.
ORIGIN = re.compile(r"https?://(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def _items(text: str) -> list[str]:
    return [item for item in re.split(r"[\s,]+", text.strip()) if item]


def checked_api_keys(text: str) -> frozenset[str]:
    """The API keys ``text`` lists (comma- or space-separated), or a
    :class:`ConfigurationError` for one too short or of other characters (it says which by
    its place, never by its value)."""
    keys = _items(text)
    for place, key in enumerate(keys, 1):
        if not API_KEY.fullmatch(key):
            raise ConfigurationError(
                f"WORDSVC_API_KEYS: key {place} is not 24 to 128 letters, digits, - or _ "
                "(`wordsvc api-key` makes one).",
                code="invalid_api_keys",
            )
    return frozenset(keys)


def checked_origins(text: str) -> tuple[str, ...]:
    """The origins ``text`` lists (comma- or space-separated, ``*`` for any), each as a
    browser sends it (no trailing slash), or a :class:`ConfigurationError` for one that is
    not ``scheme://host[:port]``."""
    origins: list[str] = []
    for item in _items(text):
        origin = item.rstrip("/")
        if origin != "*" and not ORIGIN.fullmatch(origin):
            raise ConfigurationError(
                f"WORDSVC_CORS_ORIGINS: {item!r} is not an origin such as https://app.example "
                "(a scheme, a host and maybe a port, no path), nor *.",
                code="invalid_cors_origins",
            )
        origins.append(origin.lower())
    return tuple(dict.fromkeys(origins))


#: The most PostgreSQL connections one process may keep.
MAX_DATABASE_POOL = 64


def _pool_size(text: str) -> int | None:
    if not text.strip():
        return None
    return _count(
        "WORDSVC_DATABASE_POOL", text, "the PostgreSQL connections each process keeps",
        1, MAX_DATABASE_POOL, "invalid_database_pool",
    )  # fmt: skip


def _bot_pause(text: str) -> int:
    return _count(
        "WORDSVC_BOT_PAUSE_MS", text.strip() or str(DEFAULT_BOT_PAUSE_MS),
        "the milliseconds a table waits between two bots' moves",
        0, MAX_BOT_PAUSE_MS, "invalid_bot_pause",
    )  # fmt: skip


#: The most proxies one request can pass through that are worth trusting.
MAX_TRUSTED_PROXIES = 10


def _proxy_count(text: str) -> int:
    return _count(
        "WORDSVC_TRUSTED_PROXIES", text.strip() or "0",
        "the number of reverse proxies in front of the service",
        0, MAX_TRUSTED_PROXIES, "invalid_trusted_proxies",
    )  # fmt: skip


def _count(name: str, text: str, meaning: str, low: int, high: int, code: str) -> int:
    """The whole number ``low``..``high`` the setting ``name`` is set to, or a
    :class:`ConfigurationError` saying what it means and what it may be."""
    text = text.strip()
    if not text.isdecimal() or not text.isascii() or not low <= int(text) <= high:
        raise ConfigurationError(f"{name} is {text!r}: {meaning}, {low} to {high}.", code=code)
    return int(text)


def switch(name: str, text: str) -> bool:
    """The on/off setting ``name`` set to ``text`` (empty: on), or a
    :class:`ConfigurationError` for a value that is neither, rather than a guess."""
    value = text.strip().lower()
    if value in _OFF:
        return False
    if value in _ON:
        return True
    raise ConfigurationError(f"{name} is {text!r}: `on` or `off`.", code="invalid_switch")


def checked_rate_limit(text: str, name: str = "the rate limit") -> str:
    """``text`` when flask-limiter can read it as one or more limits (``1200/minute``,
    ``10 per second;500/hour``), else a :class:`ConfigurationError` naming ``name``."""
    from limits import parse_many

    try:
        parsed = parse_many(text)
    except ValueError:
        parsed = []
    if not parsed or any(item.amount < 1 for item in parsed):
        raise ConfigurationError(
            f"{name} is {text!r}: a limit such as 1200/minute (several: 1200/minute;20000/hour).",
            code="invalid_rate_limit",
        )
    return text


def checked_redis_url(url: str | None) -> str | None:
    """``url`` when it names a Redis server (``redis://``, ``rediss://``, ``redis+unix://``)."""
    if url is not None and urlsplit(url).scheme not in ("redis", "rediss", "redis+unix"):
        raise ConfigurationError(
            "WORDSVC_REDIS_URL names no Redis server: redis://host:6379/0, rediss://... or"
            " redis+unix:///path.",
            code="invalid_redis_url",
        )
    return url

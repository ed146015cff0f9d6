"""Rate limits (flask-limiter): per client address and per seat token, cost-weighted, shared
through Redis when the settings name one (docs/deploy.md#rate-limits).

- **Per client address**: every request to the app (the API and the pages) counts against
  ``Settings.rate_limit`` for its address, one count for all routes together. The address
  is the connection's peer, or, behind ``Settings.trusted_proxies`` proxies, the one they
  forwarded (``X-Forwarded-For``, read by werkzeug's ProxyFix in the app factory).
- **Per seat token**: a game route sent a seat's token (``Authorization: Bearer``) also
  counts against ``Settings.seat_rate_limit`` for that token, wherever it comes from. The
  count's key is a hash of the token, never the token.
- **Per API key**: a request that sends a key of ``Settings.api_keys`` as ``X-API-Key`` (a
  front end serving many people from one address) counts against
  ``Settings.api_key_rate_limit`` for that key instead of its address's limit. A key the
  service does not know is counted against its address's limit, then refused with 401
  ``invalid_api_key`` (by the API's operations, which document it), so that a front end
  never believes it has a limit it has not. The count's key is a hash of the key.
- **Costs**: a request counts for what :func:`wordsvc.costs.request_cost` says: 1, or for a
  solve, a batch check and a pattern search, in proportion to the work asked for (the
  :data:`SOLVE`, :data:`CHECK_WORDS`, :data:`SEARCH` costs the routes declare). A request
  never counts for more than the smallest limit, so each one can pass once a window.
- **Not counted**: a CORS preflight (``OPTIONS``), the event stream (a 429 would end an
  ``EventSource`` for good, breaking live play; each open stream is bounded by its worker's
  threads instead), the health check and ``/metrics`` (probes and scrapers), static files,
  and URLs no route answers.
- **Over a limit**: 429 ``rate_limited``, a problem document with ``Retry-After`` (seconds).
- **Storage**: each worker's memory by default; Redis at ``Settings.redis_url``, keys under
  ``Settings.redis_prefix``, so that every worker of every server counts together. When
  Redis cannot be reached, each worker counts in its own memory until it can again (and
  logs so): the limits weaken, the service does not stop.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask, Response, g, request
from flask_limiter import ApplicationLimit, Limiter, RateLimitExceeded
from limits import parse_many

from wordsvc import costs
from wordsvc.api.problems import problem
from wordsvc.api.spec import OPERATIONS, Cost
from wordsvc.config import Settings, checked_rate_limit, checked_redis_url
from wordsvc.limit_window import LIMITER, retry_after_seconds

log = logging.getLogger(__name__)

#: Paths never counted, whatever answers them: probes and metric scrapers.
UNCOUNTED_PATHS = frozenset({"/healthz", "/metrics"})
#: The header a front end sends its API key in.
API_KEY_HEADER = "X-API-Key"
#: Seconds to wait for Redis before counting in memory instead.
REDIS_TIMEOUT_S = 1.0


def _json_field(name: str) -> Any:
    """``name`` of the request's JSON object, read leniently (None when absent or unread):
    costs are counted before the view parses the body, and the view refuses a bad one."""
    if not request.is_json:
        return None
    body = json.loads(request.get_data(cache=True))
    return body.get(name) if isinstance(body, dict) else None


def _solve_cost() -> int:
    from wordsvc.solver.solve import DEFAULT_BUDGET_MS, MAX_BUDGET_MS

    budget = _json_field("budget_ms")
    if isinstance(budget, bool) or not isinstance(budget, int | float) or math.isnan(budget):
        budget = DEFAULT_BUDGET_MS
    cost = costs.solve_cost(int(min(max(budget, 1), MAX_BUDGET_MS)))
    return cost + (costs.INDEX_BUILD_COST if _builds_an_index() else 0)


def _builds_an_index() -> bool:
    """Whether the solve's categories have no solver index yet: it is built before the
    search's budget starts (about a second of CPU and up to tens of megabytes on disk), so the
    request pays for it. Read leniently: categories the view will refuse build nothing."""
    from wordsvc.api.solver import get_solver
    from wordsvc.errors import WordsvcError

    categories = _json_field("categories")
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
        return False
    solver = get_solver()
    try:
        wanted = solver.judge.registry.resolve(categories)
    except WordsvcError:
        return False
    return not solver.indexes.ready([c.id for c in wanted])


def _words_cost() -> int:
    words = _json_field("words")
    return costs.words_cost(len(words) if isinstance(words, list) else 1)


def _search_cost() -> int:
    from wordsvc.wire.words import SearchQuery

    field = SearchQuery.model_fields["limit"]
    most = max(m.le for m in field.metadata if getattr(m, "le", None) is not None)
    given = request.args.getlist("limit")
    limit = int(given[0]) if len(given) == 1 and given[0].isdecimal() else field.default
    return costs.search_cost(min(limit, most))


SOLVE = Cost(_solve_cost, f"ceil(budget_ms / {costs.SOLVE_MS_PER_UNIT})")
CHECK_WORDS = Cost(_words_cost, f"ceil(number of words / {costs.WORDS_PER_UNIT})")
SEARCH = Cost(_search_cost, f"ceil(limit / {costs.SEARCH_LIMIT_PER_UNIT})")


def client_address() -> str:
    """The client's address as the limits know it (after ProxyFix, when proxies are trusted)."""
    return request.remote_addr or "unknown"


def _seat_token() -> str | None:
    """The seat token of a game route's request, read leniently (the view refuses a bad one)."""
    if request.blueprint != "games":
        return None
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def seat_key() -> str:
    """The seat limit's key: a hash of the token, so that no token reaches the storage."""
    return "seat:" + _hashed(_seat_token() or "")


def _api_key() -> str | None:
    """The API key the request sends, if any (checked before the limits count it)."""
    return request.headers.get(API_KEY_HEADER) or None


def api_key_key() -> str:
    """The API key limit's key: a hash of the key."""
    return "key:" + _hashed(_api_key() or "")


def _hashed(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def install(app: Flask, settings: Settings) -> Limiter | None:
    """Count ``app``'s requests against the limits of ``settings`` (nothing when they are
    off), and answer a request over one with 429 ``rate_limited``."""

    @app.errorhandler(RateLimitExceeded)
    def _rate_limited(exc: RateLimitExceeded) -> Response:
        return _too_many(exc)

    if not settings.rate_limits:
        return None
    address_limit = checked_rate_limit(settings.rate_limit, "WORDSVC_RATE_LIMIT")
    seat_limit = checked_rate_limit(settings.seat_rate_limit, "WORDSVC_SEAT_RATE_LIMIT")
    key_limit = checked_rate_limit(settings.api_key_rate_limit, "WORDSVC_API_KEY_RATE_LIMIT")
    uncounted = {op.endpoint for op in OPERATIONS if not op.limited}

    def _counted() -> bool:
        return not (
            request.method == "OPTIONS"
            or request.path in UNCOUNTED_PATHS
            or request.endpoint in uncounted
        )

    def _keyed() -> bool:
        return _api_key() in settings.api_keys

    redis_url = checked_redis_url(settings.redis_url)
    storage_options: dict[str, Any] = {}
    if redis_url is not None:
        storage_options = {
            "socket_connect_timeout": REDIS_TIMEOUT_S,
            "socket_timeout": REDIS_TIMEOUT_S,
        }
    limiter = Limiter(
        client_address,
        application_limits=[
            ApplicationLimit(
                address_limit,
                key_function=client_address,
                cost=_cost_within(address_limit),
                scope="address",
                exempt_when=_keyed,
            ),
            ApplicationLimit(
                key_limit,
                key_function=api_key_key,
                cost=_cost_within(key_limit),
                scope="key",
                exempt_when=lambda: not _keyed(),
            ),
            ApplicationLimit(
                seat_limit,
                key_function=seat_key,
                cost=_cost_within(seat_limit),
                scope="seat",
                exempt_when=lambda: _seat_token() is None,
            ),
        ],
        storage_uri=redis_url or "memory://",
        storage_options=storage_options,
        strategy="fixed-window",
        key_prefix=settings.redis_prefix,
        in_memory_fallback_enabled=redis_url is not None,
        swallow_errors=True,
        headers_enabled=False,
    )

    @limiter.request_filter
    def _uncounted() -> bool:
        return not _counted()

    limiter.init_app(app)
    app.extensions[LIMITER] = limiter
    keyed_operations = {op.endpoint for op in OPERATIONS if op.limited}

    @app.before_request  # after the limiter's own: an unknown key counts as its address
    def _known_api_key() -> Response | None:
        """Refuse, on an operation that documents it, a key the service does not know: a
        front end must never believe it has a limit it has not. The request was counted
        against its address's limit first, so guessing keys is throttled like any call."""
        key = _api_key()
        if key is None or key in settings.api_keys or request.endpoint not in keyed_operations:
            return None
        return problem(
            401,
            "invalid_api_key",
            f"This service does not know the {API_KEY_HEADER} sent: send a key its operator "
            "gave you, or none.",
            title="Unknown API key",
        )

    return limiter


def _cost_within(limit: str) -> Callable[[], int]:
    """The request's cost against ``limit``: at most its smallest amount, so that the
    costliest request still passes once a window."""
    most = min(item.amount for item in parse_many(limit))

    def cost() -> int:
        if "rate_cost" not in g:  # read once a request: both limits ask
            g.rate_cost = costs.request_cost(request.endpoint)
        return min(int(g.rate_cost), most)

    return cost


def _too_many(exc: RateLimitExceeded) -> Response:
    """The 429 problem document for ``exc``, with ``Retry-After``: the seconds until the
    window of the limit it broke ends (at least 1)."""
    retry_after = retry_after_seconds()
    scope = getattr(exc.limit, "scope", None)
    per = scope if scope in ("seat", "key") else "address"
    details: Mapping[str, object] = {
        "limit": str(exc.limit.limit),
        "per": per,
        "retry_after": retry_after,
    }
    whose = {"seat": "this seat's token", "key": "this API key"}.get(per, "this address")
    response = problem(
        429,
        "rate_limited",
        f"Too many requests from {whose} ({exc.limit.limit}); retry in {retry_after} s.",
        details,
        title="Rate limited",
    )
    response.headers["Retry-After"] = str(retry_after)
    return response

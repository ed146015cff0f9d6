"""What one request counts for against the rate limits (docs/deploy.md#rate-limits).

An ordinary request counts 1. The three that may ask for much more work count in proportion
to what they ask for, so that a client's allowance bounds the work it can make the service
do, not only the number of its requests:

- a solve, by its ``budget_ms``: 1 per :data:`SOLVE_MS_PER_UNIT` ms (the default 250 ms
  counts 13, the pages' 1000 ms 50, the most, 2000 ms, 100). The budget is what a search may
  spend (and the clock stops it only at 4 times that), so it is what the client reserves;
  and :data:`INDEX_BUILD_COST` more when its set of categories has no solver index yet,
  which it builds first;
- a batch check (and a session's arbitration, and the arbiter page's own check), by its
  words: 1 per :data:`WORDS_PER_UNIT` words (1000 words count 100);
- a pattern search, by its page size: 1 per :data:`SEARCH_LIMIT_PER_UNIT` words asked for.

With the default 1200/minute a client may so reserve 24 s of solving a minute, about 40% of
one core at most, where before a few clients asking for 2000 ms each could hold every worker.

Each front declares its costly routes here, by endpoint (:func:`charge`), and the limiter
(:mod:`wordsvc.api.limits`) asks :func:`request_cost` for each request it counts. Nothing here
knows HTTP beyond the request being counted; the pages and the API both sit above it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

SOLVE_MS_PER_UNIT = 20
#: What a solve whose categories have no solver index yet pays besides its budget: the
#: build takes about a second of CPU (and disk, bounded), as much as a 2000 ms solve.
INDEX_BUILD_COST = 100
WORDS_PER_UNIT = 10
SEARCH_LIMIT_PER_UNIT = 50

#: endpoint -> the cost of the request being answered (read from its body or query string).
_COSTS: dict[str, Callable[[], int]] = {}


def solve_cost(budget_ms: int) -> int:
    return max(1, math.ceil(budget_ms / SOLVE_MS_PER_UNIT))


def words_cost(words: int) -> int:
    return max(1, math.ceil(words / WORDS_PER_UNIT))


def search_cost(limit: int) -> int:
    return max(1, math.ceil(limit / SEARCH_LIMIT_PER_UNIT))


def charge(endpoint: str, cost: Callable[[], int]) -> None:
    """Count requests to ``endpoint`` (Flask's name of the route: ``words.check_words``) as
    ``cost()`` ordinary ones. ``cost`` runs before the view, on a request not yet checked:
    it reads what it needs leniently, and a request it cannot read counts as it would by
    default (the view then refuses it)."""
    _COSTS[endpoint] = cost


def request_cost(endpoint: str | None) -> int:
    """What the current request to ``endpoint`` counts for: at least 1."""
    cost = _COSTS.get(endpoint or "")
    if cost is None:
        return 1
    try:
        return max(1, int(cost()))
    except Exception:  # a request the view will refuse: it counts as an ordinary one
        return 1

"""``GET /metrics``: the service's Prometheus metrics (docs/observability.md), in the text
format a Prometheus server scrapes (or OpenMetrics, when its ``Accept`` asks for it).

A blueprint of its own, outside the API's OpenAPI document (an operator's endpoint, not an
API operation), so that a rate limit or a proxy can leave it out by its one route. Under
gunicorn each scrape sums every worker's values from the multiprocess directory; in a single
process it reads prometheus-client's default registry. The open sessions are read from the
session store at each scrape (one grouped count), so every worker answers the same total.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from flask import Blueprint, Response, request
from prometheus_client import REGISTRY, CollectorRegistry
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.multiprocess import MultiProcessCollector

from wordsvc.observability import metrics, multiprocess
from wordsvc.services import get_store

blueprint = Blueprint("metrics", __name__)
log = logging.getLogger(__name__)


class _Scrape:
    """What one scrape writes: the counted metrics (every worker's, or this process's),
    then the open sessions, read now."""

    def collect(self) -> Iterator[Metric]:
        directory = multiprocess.directory()
        if directory is not None:
            counted = CollectorRegistry()
            MultiProcessCollector(counted, str(directory))  # type: ignore[no-untyped-call]
            yield from counted.collect()
        else:
            yield from REGISTRY.collect()
        yield from _open_sessions()


def _open_sessions() -> Iterator[Metric]:
    try:
        counts = get_store().active_counts()
    except Exception as exc:  # the database is away: the rest of the scrape still counts
        log.warning("open sessions not counted: %s", exc)
        return
    family = GaugeMetricFamily(
        metrics.SESSIONS_OPEN,
        "Sessions not over yet, by game (read at each scrape).",
        labels=["game"],
    )
    for game, count in counts.items():
        family.add_metric([game], count)
    yield family


@blueprint.get("/metrics")
def scrape() -> Response:
    encode, content_type = choose_encoder(request.headers.get("Accept", ""))
    response = Response(encode(_Scrape()), content_type=content_type)
    response.headers["Cache-Control"] = "no-store"
    return response

"""``GET /metrics`` read as a Prometheus server reads it: by prometheus-client's own parser."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

#: Every family the service exposes (docs/observability.md), by its name in the text format.
FAMILIES = {
    "wordsvc_http_requests_total": "counter",
    "wordsvc_http_request_duration_seconds": "histogram",
    "wordsvc_solver_duration_seconds": "histogram",
    "wordsvc_solver_budget_cutoffs_total": "counter",
    "wordsvc_judge_suggestion_duration_seconds": "histogram",
    "wordsvc_game_actions_total": "counter",
    "wordsvc_game_sessions_open": "gauge",
    "wordsvc_game_streams_open": "gauge",
}


class Scrape:
    """One scrape's samples."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.families = {family.name: family for family in text_string_to_metric_families(text)}

    def type_of(self, name: str) -> str | None:
        """The type of the family whose samples are named ``name`` (counters are named
        without ``_total`` by the parser)."""
        family = self.families.get(name.removesuffix("_total"))
        return None if family is None else family.type

    def value(self, sample: str, **labels: str) -> float:
        """The sum of the samples named ``sample`` whose labels include ``labels`` (0 if
        there is none)."""
        return sum(
            s.value
            for family in self.families.values()
            for s in family.samples
            if s.name == sample and labels.items() <= s.labels.items()
        )

    def label_values(self) -> set[str]:
        return {
            value
            for family in self.families.values()
            for sample in family.samples
            for value in sample.labels.values()
        }

"""The solver's front door: one request model for Python, HTTP and the CLI, and the answer."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from wordsvc.errors import InvalidRequest
from wordsvc.judge import Judge
from wordsvc.solver.hand import Hand
from wordsvc.solver.layout import layouts
from wordsvc.solver.scoring import Evaluator, Play, Table, Weights
from wordsvc.solver.search import TimeBudget, top_plays

DEFAULT_PLAYS = 10
MAX_PLAYS = 100
DEFAULT_BUDGET_MS = 250
MAX_BUDGET_MS = 2000
HAND_FIELDS = {"cards", "tokens", "familiar", "character"}
TABLE_FIELDS = {"players", "deck", "mode", "familiar_properties", "balance_decks",
                "two_player_deals_twice"}  # fmt: skip
REQUEST_FIELDS = HAND_FIELDS | TABLE_FIELDS | {"categories", "weights", "limit", "budget_ms"}


@dataclass(frozen=True)
class SolveRequest:
    hand: Hand
    table: Table
    weights: Weights
    categories: tuple[str, ...] = ()
    limit: int = DEFAULT_PLAYS
    budget_ms: int = DEFAULT_BUDGET_MS

    @classmethod
    def from_data(cls, data: object) -> SolveRequest:
        """Parse one flat JSON object; every problem is an :class:`InvalidRequest` with a
        stable code (unknown fields are refused, so a typo is not silently ignored)."""
        if not isinstance(data, Mapping):
            raise InvalidRequest("invalid_request", "A solve request is a JSON object.")
        unknown = sorted(set(data) - REQUEST_FIELDS)
        if unknown:
            raise InvalidRequest(
                "unknown_field",
                f"Unknown field(s): {', '.join(unknown)}.",
                {"unknown": unknown, "known": sorted(REQUEST_FIELDS)},
            )
        categories = data.get("categories") or []
        if isinstance(categories, str):
            categories = [c for c in categories.split(",") if c.strip()]
        if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
            raise InvalidRequest("invalid_categories", "`categories` is a list of category ids.")
        return cls(
            hand=Hand.from_data({k: v for k, v in data.items() if k in HAND_FIELDS}),
            table=Table.from_data({k: v for k, v in data.items() if k in TABLE_FIELDS}),
            weights=Weights.from_data(data.get("weights")),
            categories=tuple(c.strip() for c in categories),
            limit=_bounded_int(data, "limit", DEFAULT_PLAYS, 1, MAX_PLAYS),
            budget_ms=_bounded_int(data, "budget_ms", DEFAULT_BUDGET_MS, 1, MAX_BUDGET_MS),
        )


def _bounded_int(data: Mapping[str, object], name: str, default: int, low: int, high: int) -> int:
    value = data.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InvalidRequest(
            f"invalid_{name}", f"`{name}` must be a whole number from {low} to {high}.",
            {name: value, "min": low, "max": high},
        )  # fmt: skip
    return value


@dataclass(frozen=True)
class Solution:
    request: SolveRequest
    categories: tuple[str, ...]
    plays: list[Play]
    pass_play: Play
    complete: bool
    words_scored: int
    elapsed_ms: float

    def to_dict(self) -> dict[str, object]:
        hand = self.request.hand
        return {
            "plays": [p.to_dict() for p in self.plays],
            "pass": self.pass_play.to_dict(),
            "complete": self.complete,
            "categories": list(self.categories),
            "hand": {
                "cards": [c.to_dict() for c in hand.cards],
                "tokens": hand.tokens,
                "familiar": [
                    {"position": f.position, "letter": f.letter, "available": f.available}
                    for f in hand.familiar
                ],
                "character": hand.character and hand.character.value,
            },
            "table": self.request.table.to_dict(),
            "weights": self.request.weights.to_dict(),
            "words_scored": self.words_scored,
            "elapsed_ms": round(self.elapsed_ms, 2),
        }


class Solver:
    """Finds the best plays for a hand on the judge's lexicon and categories."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.index = judge.lexicon.letter_index
        self.letter_frequency: dict[str, int] = judge.lexicon.manifest.get("letter_counts", {})

    def solve(self, request: SolveRequest) -> Solution:
        started = time.perf_counter()
        wanted = self.judge.registry.resolve(request.categories)
        # Every category filters, `any` too: the index holds the forms of every category,
        # and a surzhyk-only or anglicism-only form is not an `any` word.
        tries = [self.judge.lexicon.word_set(c.id) for c in wanted]
        hand = request.hand
        evaluator = Evaluator(hand, request.table, request.weights, self.letter_frequency)

        def play_for(word: str) -> Play | None:
            if not any(word in trie for trie in tries):
                return None
            return evaluator.best_play(layouts(word, hand))

        found = top_plays(
            self.index,
            hand,
            play_for,
            evaluator.bound,
            request.limit,
            TimeBudget(request.budget_ms / 1000),
        )
        return Solution(
            request=request,
            categories=tuple(c.id for c in wanted),
            plays=found.plays,
            pass_play=evaluator.pass_play(),
            complete=found.complete,
            words_scored=found.words_scored,
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )

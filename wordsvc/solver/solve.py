"""The solver's front door: one typed request for Python, HTTP and the CLI, and the answer."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from wordsvc.judge import Judge
from wordsvc.solver.hand import Hand
from wordsvc.solver.layout import layouts
from wordsvc.solver.scoring import Evaluator, Play, Table, Weights
from wordsvc.solver.search import TimeBudget, top_plays

DEFAULT_PLAYS = 10
MAX_PLAYS = 100
DEFAULT_BUDGET_MS = 250
MAX_BUDGET_MS = 2000


@dataclass(frozen=True)
class SolveRequest:
    """A hand at a table, the weights of the objective, the agreed categories (none: any
    word), how many plays to return and the search's time budget. Build the hand with
    :func:`~wordsvc.solver.hand.hand_of`; the table and the weights default to
    ``wordsvc/data/solver.toml``."""

    hand: Hand
    table: Table = field(default_factory=Table.defaults)
    weights: Weights = field(default_factory=Weights.defaults)
    categories: tuple[str, ...] = ()
    limit: int = DEFAULT_PLAYS
    budget_ms: int = DEFAULT_BUDGET_MS


@dataclass(frozen=True)
class Solution:
    request: SolveRequest
    categories: tuple[str, ...]
    plays: list[Play]
    pass_play: Play
    complete: bool
    words_scored: int
    elapsed_ms: float


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

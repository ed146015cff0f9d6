"""The solver's front door: one typed request for Python, HTTP and the CLI, and the answer."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from wordsvc.alphabet import MIN_WORD_LENGTH, letters_of, normalise
from wordsvc.errors import InternalError, InvalidValue
from wordsvc.judge import Judge, parse_pattern
from wordsvc.lexicon.frequency import zipf_units
from wordsvc.lexicon.letter_index import LetterIndex
from wordsvc.lexicon.trie_search import ANY_RUN, ONE_LETTER
from wordsvc.solver.category_index import CategoryIndexes
from wordsvc.solver.errors import WordNotFormable, WordNotPlayable
from wordsvc.solver.hand import Hand
from wordsvc.solver.layout import layouts
from wordsvc.solver.scoring import Evaluator, Play, Table, Weights
from wordsvc.solver.search import RowFilter, StepBudget, top_plays
from wordsvc.solver.word import shortfall

DEFAULT_PLAYS = 10
MAX_PLAYS = 100
DEFAULT_BUDGET_MS = 250
MAX_BUDGET_MS = 2000
#: Budget steps per millisecond of ``budget_ms`` (a step: one word laid out and scored, or
#: 2,048 index rows scanned; about 25 µs on the benchmark's machine, docs/performance.md).
STEPS_PER_MS = 40
#: The wall clock stops a search only after this many times its budget: a safety net for a
#: machine far slower than expected. Within it, the same request gives the same plays.
CLOCK_SAFETY = 4
#: The largest ``min_length`` accepted.
MAX_WORD_LENGTH = 64
#: The Zipf scale's top (no word is more common than about 7.5).
MAX_ZIPF = 8.0
#: A check of a word against the request's pattern.
_Matches = Callable[[str], bool]


@dataclass(frozen=True)
class SolveRequest:
    """A hand at a table, the weights of the objective, the agreed categories (none: any
    word), how many plays to return and the search's budget. Build the hand with
    :func:`~wordsvc.solver.hand.hand_of`; the table and the weights default to
    ``solver.toml`` (``wordsvc/rules/words_of_magic/data/``).

    ``word`` asks "can this hand make this word?" instead: the answer is the word's cheapest
    play, or :class:`WordNotPlayable` / :class:`WordNotFormable`. ``pattern`` (``?`` one
    letter, ``*`` any run, as in the word search), ``min_length`` and ``min_zipf`` (only words
    at least this common on the Zipf scale, :mod:`wordsvc.lexicon.frequency`) filter the
    ranked plays. Among plays of equal score the more common word ranks first.
    """

    hand: Hand
    table: Table = field(default_factory=Table.defaults)
    weights: Weights = field(default_factory=Weights.defaults)
    categories: tuple[str, ...] = ()
    limit: int = DEFAULT_PLAYS
    #: Counted in search steps (:data:`STEPS_PER_MS` per millisecond), so that an answer cut
    #: short is the same every time; the clock stops a search only at :data:`CLOCK_SAFETY`
    #: times this.
    budget_ms: int = DEFAULT_BUDGET_MS
    word: str | None = None
    pattern: str | None = None
    min_length: int | None = None
    min_zipf: float | None = None
    #: Words the table agreed to play whatever the categories say (as typed): ``word`` may
    #: be one of them. The ranked plays come from the lexicon only.
    house_words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Solution:
    request: SolveRequest
    categories: tuple[str, ...]
    plays: list[Play]
    pass_play: Play
    complete: bool
    words_scored: int
    elapsed_ms: float
    #: Budget steps the search took (the same for the same request: see SolveRequest).
    steps: int = 0


class Solver:
    """Finds the best plays for a hand on the judge's lexicon and categories."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.index = judge.lexicon.letter_index
        self.indexes = CategoryIndexes(judge.lexicon)
        self.letter_frequency: dict[str, int] = judge.lexicon.manifest.get("letter_counts", {})

    def prepare(self, categories: tuple[str, ...] = ()) -> LetterIndex:
        """Load (or build, the first time) and warm the index for these categories. A solve
        does this itself before its budget starts; a server may call it at start."""
        wanted = self.judge.registry.resolve(categories)
        return self.indexes.get([c.id for c in wanted])

    def solve(self, request: SolveRequest) -> Solution:
        started = time.perf_counter()
        wanted = self.judge.registry.resolve(request.categories)
        hand = request.hand
        evaluator = Evaluator(
            hand,
            request.table,
            request.weights,
            self.letter_frequency,
            zipf_units=self.judge.lexicon.zipf_table.units,
        )
        if request.word is not None:
            return Solution(
                request=request,
                categories=tuple(c.id for c in wanted),
                plays=self._word_plays(request, evaluator)[: request.limit],
                pass_play=evaluator.pass_play(),
                complete=True,
                words_scored=1,
                elapsed_ms=(time.perf_counter() - started) * 1000,
            )
        ids = [c.id for c in wanted]
        # Loading or building the categories' index happens before the budget starts.
        index = self.indexes.get(ids)
        tries = None
        if index is self.index:  # the lexicon's own index: drop forms of other categories
            tries = [self.judge.lexicon.word_set(i) for i in ids]
        matches, row_filter, shortest = _word_filter(request)
        accept: _Matches | None = None
        if tries is not None or matches is not None:

            def accept(word: str) -> bool:
                if tries is not None and not any(word in trie for trie in tries):
                    return False
                return matches is None or matches(word)

        steps = request.budget_ms * STEPS_PER_MS
        budget = StepBudget(steps, seconds=request.budget_ms * CLOCK_SAFETY / 1000)
        found = top_plays(
            index,
            hand,
            evaluator,
            request.limit,
            budget,
            accept=accept,
            shortest=shortest,
            row_filter=row_filter,
            min_zipf_units=_min_zipf_units(request),
        )
        return Solution(
            request=request,
            categories=tuple(ids),
            plays=found.plays,
            pass_play=evaluator.pass_play(),
            complete=found.complete,
            words_scored=found.words_scored,
            elapsed_ms=(time.perf_counter() - started) * 1000,
            steps=steps - max(budget.left, 0),
        )

    def _word_plays(self, request: SolveRequest, evaluator: Evaluator) -> list[Play]:
        """Every layout of the request's word, one for each use of the free letters (without
        them, with each usable Familiar card, with the Amazon's А), each played its best
        way, the best first: a table chooses, since using the Familiar is optional.
        Raises :class:`WordNotPlayable` or :class:`WordNotFormable`."""
        if request.word is None:
            raise InternalError("a word play asked of a request without a word")
        house = {normalise(word).word for word in request.house_words}
        verdict = self.judge.check(
            request.word, request.categories, suggest=False, house_words=house
        )
        if not verdict.valid:
            refused = [
                {"id": c.id, "reason": c.reason, "message": c.message, "message_uk": c.message_uk}
                for c in verdict.categories
            ]
            reasons = "; ".join(f"{c['id']}: {c['message']}" for c in refused)
            raise WordNotPlayable(
                "word_not_playable",
                f"{verdict.word.upper()} is not playable under the agreed categories ({reasons}).",
                {"word": verdict.word, "categories": refused},
            )
        distinct = {layout.slots: layout for layout in layouts(verdict.word, request.hand)}
        plays = [
            play
            for layout in distinct.values()
            if (play := evaluator.best_play([layout])) is not None
        ]
        if not plays:
            lacking = shortfall(verdict.word, request.hand)
            if lacking is None:
                raise InternalError("layouts and shortfall disagree", {"word": verdict.word})
            raise WordNotFormable("word_not_formable", lacking.message, lacking.details())
        return sorted(plays, key=lambda p: p.rank)


def _min_zipf_units(request: SolveRequest) -> int:
    if request.min_zipf is None:
        return 0
    if not 0 <= request.min_zipf <= MAX_ZIPF:
        raise InvalidValue(
            "invalid_min_zipf",
            f"min_zipf is a value of the Zipf scale, 0 to {MAX_ZIPF:g}.",
            {"min_zipf": request.min_zipf},
        )
    return zipf_units(request.min_zipf)


def _word_filter(
    request: SolveRequest,
) -> tuple[_Matches | None, RowFilter | None, int]:
    """The request's pattern as a check on a word's letters, the cheap conditions the scan
    can apply to whole blocks, and the shortest length worth scanning."""
    if request.min_length is not None and not 1 <= request.min_length <= MAX_WORD_LENGTH:
        raise InvalidValue(
            "invalid_min_length",
            f"min_length is a number of letters, 1 to {MAX_WORD_LENGTH}.",
            {"min_length": request.min_length},
        )
    shortest = max(request.min_length or MIN_WORD_LENGTH, MIN_WORD_LENGTH)
    if request.pattern is None:
        return None, None, shortest
    pattern = parse_pattern(request.pattern)
    tokens, regex = pattern.tokens, pattern.regex()
    wildcards = (ANY_RUN, ONE_LETTER)
    row_filter = RowFilter(
        first=None if tokens[0] in wildcards else tokens[0],
        last=None if tokens[-1] in wildcards else tokens[-1],
    )
    shortest = max(shortest, len(tokens.replace(ANY_RUN, "")))

    def matches(word: str) -> bool:
        return regex.fullmatch(letters_of(word)) is not None

    return matches, row_filter, shortest

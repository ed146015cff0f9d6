"""The word judge: is a word playable under the agreed categories, and why.

``Judge.check`` answers one word with its normalisation, a verdict per category with a reason
code, the analyses behind it and, for a refused word, the nearest words that would pass.
``Judge.search`` finds words by wildcard pattern. Both run on the memory-mapped lexicon and
need neither pymorphy3 nor Flask.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from wordsvc.alphabet import (
    APOSTROPHE,
    MIN_WORD_LENGTH,
    Change,
    NormalisedWord,
    normalise,
    normalise_fragment,
    sort_key,
)
from wordsvc.categories import Category, Outcome, Registry, load_registry
from wordsvc.config import Settings
from wordsvc.errors import (
    InvalidPattern,
    InvalidRequest,
    InvalidValue,
    InvalidWord,
    LexiconCorrupt,
)
from wordsvc.lexicon.frequency import Band, band_of, known_from
from wordsvc.lexicon.sources import PYMORPHY_SOURCE as DICTIONARY
from wordsvc.lexicon.store import REVERSED_PLAYABLE, Kind, StoredLexicon
from wordsvc.lexicon.suggest_index import Commonness, best_near
from wordsvc.lexicon.trie_search import (
    ANY_RUN,
    EDIT,
    ONE_LETTER,
    Budget,
    ClockedBudget,
    Pattern,
    letters_between,
    match_pattern,
    nearest,
)
from wordsvc.morphology import Analysis, analysis_of, parse_tag

MAX_SUGGESTIONS = 5
#: The category that admits non-normative forms: a suggestion that only it admits is offered
#: as a surzhyk form, and only when it is agreed.
SURZHYK = "surzhyk"
#: A suggestion's note for a non-normative form offered because surzhyk is agreed
#: (:attr:`Suggestion.note`, a stable code).
SURZHYK_NOTE = "surzhyk"
#: The surzhyk category's own list, as a source: every entry is non-normative.
SURZHYK_LIST_SOURCE = "list:surzhyk"
#: How near a word people rarely write (below :func:`~wordsvc.lexicon.frequency.known_from`
#: on the Zipf scale) must be to be suggested, in half-edits: 1 edit, a typo of it. Farther,
#: it is a word a person would not recognise, and none is better than an oddity.
RARE_SUGGESTION_COST = EDIT
#: Candidates read from the suggestion index before ranking: every word within 2 edits
#: (a few hundred at most; the search within 2 edits takes under a millisecond).
MAX_SUGGESTION_CANDIDATES = 100_000
#: The dictionary's mark of a non-normative form (pymorphy3-dicts-uk's ``Dist``).
NON_NORMATIVE = "Dist"
#: Refused words of one batch that get suggestions (a few milliseconds each at worst).
MAX_BATCH_SUGGESTIONS = 25
#: The farthest suggestion, in half-edits (see trie_search): 2 edits.
MAX_SUGGESTION_COST = 2 * EDIT
MAX_PATTERN_LENGTH = 64
MAX_SEARCH_MATCHES = 10_000
#: Trie steps one search may take (probes and keys read): about two seconds at worst.
MAX_SEARCH_STEPS = 4_000_000
#: Seconds of work one search may take, whatever its steps cost (a pattern's regex may
#: backtrack on every key): past it the page is partial and says so (``truncated``).
MAX_SEARCH_SECONDS = 0.2
MAX_PAGE_SIZE = 500
#: A suggestion's candidate: the word, its cost in half-edits, the wanted categories that admit
#: it, and how common it is (Zipf).
Candidate = tuple[str, int, tuple[str, ...], float]
#: A category verdict's identity: (category id, accepted, reason, every reason).
_VerdictKey = tuple[str, bool, str | None, tuple[str | None, ...]]


@dataclass(frozen=True, slots=True)
class CategoryVerdict:
    id: str
    accepted: bool
    reason: str | None
    message: str
    message_uk: str
    #: Every distinct closest-miss reason, when analyses disagree (вікна: wrong_case, plural).
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Suggestion:
    word: str
    distance: float
    categories: tuple[str, ...]
    #: How common the word is (Zipf scale; 0: not in wordfreq's list).
    zipf: float = 0.0
    #: Why the word comes with a note, as a stable code; None for a standard word.
    #: ``surzhyk``: a non-normative form, offered only because the surzhyk category is agreed.
    note: str | None = None


@dataclass(frozen=True)
class Verdict:
    """The whole answer to "is this word playable?"."""

    input: str
    word: str
    length: int
    valid: bool
    normalisation: tuple[Change, ...]
    categories: tuple[CategoryVerdict, ...]
    analyses: tuple[Analysis, ...]
    suggestions: tuple[Suggestion, ...] = field(default=())
    #: True when a batch ran out of its suggestion allowance before this word.
    suggestions_omitted: bool = False
    #: True when the word is one of the house words agreed at the table (then it is valid
    #: whatever the categories say).
    house_word: bool = False
    #: How common the word is on the Zipf scale (wordfreq); 0 when the list lacks it.
    zipf: float = 0.0
    #: How the word is written in the standard language, when it is a non-normative form
    #: with an obvious one: two words written as one (нажаль: на жаль), or a Russian or
    #: surzhyk word with its Ukrainian counterpart (тоже: теж). Empty otherwise.
    normative: tuple[str, ...] = ()
    #: Seconds spent finding :attr:`suggestions`; None when none were looked for (a playable
    #: word, or suggestions off). A fact for the service's metrics, never written on the wire.
    suggestion_seconds: float | None = field(default=None, compare=False, repr=False)

    @property
    def commonness(self) -> Band:
        """The band of :attr:`zipf`: common, ordinary, rare or unknown."""
        return band_of(self.zipf)


@dataclass(frozen=True, slots=True)
class RefusedInput:
    """A batch item that is no word at all (digits, emoji...): the input as given, and why
    it was refused. A batch answers it in place rather than failing as a whole."""

    input: str
    error: InvalidWord

    @property
    def valid(self) -> bool:
        return False


@dataclass(frozen=True)
class SearchPage:
    pattern: str
    categories: tuple[str, ...]
    words: tuple[str, ...]
    offset: int
    limit: int
    total: int
    truncated: bool

    @property
    def next_offset(self) -> int | None:
        end = self.offset + len(self.words)
        return end if end < self.total else None


class Judge:
    """Checks and searches words against the lexicon and the category registry."""

    def __init__(self, lexicon: StoredLexicon, registry: Registry) -> None:
        self.lexicon = lexicon
        self.registry = registry
        # Category verdicts are immutable and few: (category, outcome) pairs, shared.
        self._verdicts: dict[_VerdictKey, CategoryVerdict] = {}

    @classmethod
    def open(cls, settings: Settings | None = None) -> Judge:
        """Open the lexicon built from this install's sources (raises
        :class:`LexiconNotBuilt` when there is none)."""
        from wordsvc.build import open_lexicon

        settings = settings or Settings.from_env()
        return cls(open_lexicon(settings), load_registry(settings.dictionaries_dir))

    # --- checking ---------------------------------------------------------------------------

    def check(
        self,
        text: str,
        categories: Iterable[str] | None = None,
        *,
        suggest: bool = True,
        house_words: Collection[str] = (),
    ) -> Verdict:
        """Judge one word; raises :class:`InvalidWord` for input that is not a word.
        ``house_words`` (normalised) are playable whatever the categories say."""
        wanted = self.registry.resolve(categories)
        normalised = normalise(text)
        return self._verdict(normalised, wanted, suggest=suggest, house_words=house_words)

    def _verdict(
        self,
        normalised: NormalisedWord,
        wanted: Sequence[Category],
        *,
        suggest: bool,
        house_words: Collection[str] = (),
    ) -> Verdict:
        word = normalised.word
        found = self.lexicon.analyses(word)
        verdicts = tuple(self._judge_category(c, normalised, found) for c in wanted)
        house_word = word in house_words
        valid = house_word or any(v.accepted for v in verdicts)
        suggestions: tuple[Suggestion, ...] = ()
        suggestion_seconds = None
        if not valid and suggest:
            started = time.perf_counter()
            suggestions = self.suggestions(word, wanted)
            suggestion_seconds = time.perf_counter() - started
        return Verdict(
            input=normalised.original,
            word=word,
            length=normalised.length,
            valid=valid,
            normalisation=normalised.changes,
            categories=verdicts,
            analyses=_distinct(analysis_of(kind, lemma) for kind, lemma in found),
            suggestions=suggestions,
            house_word=house_word,
            zipf=self.lexicon.zipf(word),
            normative=self.normative_spellings(word, found),
            suggestion_seconds=suggestion_seconds,
        )

    def normative_spellings(self, word: str, found: list[tuple[Kind, str]]) -> tuple[str, ...]:
        """The standard spelling of a non-normative ``word`` (see :attr:`Verdict.normative`):
        a listed equivalent first, else, for a form the dictionary marks non-normative, a
        preposition and a normative word written together (доречі: до речі)."""
        listed = self.registry.equivalents.get(word)
        if listed:
            return listed
        if not any(NON_NORMATIVE in parse_tag(kind.tag)[1] for kind, _ in found):
            return ()
        return tuple(
            f"{word[:cut]} {word[cut:]}"
            for cut in range(1, len(word) - 1)
            if self._is_preposition(word[:cut]) and self._is_normative(word[cut:])
        )[:1]

    def _is_preposition(self, part: str) -> bool:
        return any(
            parse_tag(kind.tag)[0] == "PREP" and kind.source == DICTIONARY
            for kind, _ in self.lexicon.analyses(part)
        )

    def _is_normative(self, part: str) -> bool:
        return any(
            kind.source == DICTIONARY and NON_NORMATIVE not in parse_tag(kind.tag)[1]
            for kind, _ in self.lexicon.analyses(part)
        )

    def _judge_category(
        self, category: Category, normalised: NormalisedWord, found: list[tuple[Kind, str]]
    ) -> CategoryVerdict:
        if normalised.length < MIN_WORD_LENGTH:
            return self._category_verdict(category, False, "too_short")
        if normalised.is_hyphenated:
            return self._category_verdict(category, False, "hyphenated")
        if not found:
            return self._category_verdict(category, False, "unknown_word")
        outcomes: list[Outcome] = [category.judge(kind.source, kind.tag) for kind, _ in found]
        best = max(outcomes, key=lambda o: o.progress)
        if best.accepted:
            return self._category_verdict(category, True, None)
        reasons = tuple(dict.fromkeys(o.reason for o in outcomes if o.progress == best.progress))
        others = tuple(dict.fromkeys(o.reason for o in outcomes if o.reason not in reasons))
        return self._category_verdict(category, False, best.reason, reasons + others)

    def _category_verdict(
        self,
        category: Category,
        accepted: bool,
        reason: str | None,
        reasons: tuple[str | None, ...] = (),
    ) -> CategoryVerdict:
        key = (category.id, accepted, reason, reasons)
        verdict = self._verdicts.get(key)
        if verdict is None:
            verdict = self._verdicts[key] = self._new_category_verdict(*key)
        return verdict

    def _new_category_verdict(
        self,
        category_id: str,
        accepted: bool,
        reason: str | None,
        reasons: tuple[str | None, ...],
    ) -> CategoryVerdict:
        code = reason or "accepted"
        message = "Accepted." if accepted else self.registry.message(code, "en")
        message_uk = "Прийнято." if accepted else self.registry.message(code, "uk")
        listed = tuple(r for r in reasons if r) or ((reason,) if reason else ())
        return CategoryVerdict(category_id, accepted, reason, message, message_uk, listed)

    def check_many(
        self,
        texts: Sequence[str],
        categories: Iterable[str] | None = None,
        *,
        suggest: bool = True,
        house_words: Collection[str] = (),
    ) -> list[Verdict | InvalidWord]:
        """Judge a batch; input that is not a word yields its :class:`InvalidWord` in place.

        Suggestions cost tens of milliseconds a word, so only the first
        :data:`MAX_BATCH_SUGGESTIONS` refused words get them; later ones say so.
        """
        wanted = self.registry.resolve(categories)
        results: list[Verdict | InvalidWord] = []
        suggestions_left = MAX_BATCH_SUGGESTIONS if suggest else 0
        for text in texts:
            try:
                verdict = self._verdict(
                    normalise(text),
                    wanted,
                    suggest=suggestions_left > 0,
                    house_words=house_words,
                )
            except InvalidWord as exc:
                results.append(exc)
                continue
            if not verdict.valid:
                if suggestions_left > 0:
                    suggestions_left -= 1
                elif suggest:
                    verdict = replace(verdict, suggestions_omitted=True)
            results.append(verdict)
        return results

    def suggestions(
        self,
        word: str,
        wanted: Sequence[Category],
        commonness: Commonness | None = None,
    ) -> tuple[Suggestion, ...]:
        """The playable words in the wanted categories, at most 2 edits away, that a person
        would recognise, best first (:meth:`offered`): from the lexicon's suggestion index,
        every word within 2 edits (under a millisecond for four categories). ``commonness``
        replaces the lexicon's Zipf values (the index reads them from the solver's column
        by row)."""
        index = self.lexicon.suggest_index
        try:
            bits = index.bits(category.id for category in wanted)
        except KeyError as exc:
            raise LexiconCorrupt(
                message=f"The suggestion index has no category {exc}. Run `wordsvc build`.",
                details={"category": str(exc)},
            ) from None
        found = best_near(
            index,
            word,
            bits,
            limit=MAX_SUGGESTION_CANDIDATES,
            max_cost=MAX_SUGGESTION_COST,
        )
        return self.offered(
            (
                near.word,
                near.cost,
                tuple(c.id for c in wanted if near.category_bits & index.bits((c.id,))),
                commonness(near.word) if commonness is not None else near.zipf,
            )
            for near in found
        )

    def offered(self, candidates: Iterable[Candidate]) -> tuple[Suggestion, ...]:
        """The :data:`MAX_SUGGESTIONS` candidates (word, cost in half-edits, the wanted
        categories that admit it, Zipf) to offer, best first, by what people use:

        - a word people know (Zipf at least :func:`known_from`) before a rare one, and a
          rare one only within 1 edit (:data:`RARE_SUGGESTION_COST`);
        - a surzhyk form (every reading of it non-normative, :meth:`_has_normative_reading`,
          or admitted by the surzhyk category alone) only when the surzhyk category is
          agreed and admits it, noted ``surzhyk``, after the standard words people know,
          and never a rare one;
        - then the nearer, the more common, the word more of the categories admit, and
          Ukrainian alphabetical order (the spelling breaks ties such as м'ясо and мясо)."""
        known = known_from()
        ranked: list[tuple[tuple[bool, bool, int, float, int, str, str], Suggestion]] = []
        for word, cost, categories, zipf in candidates:
            rare = zipf < known
            if rare and cost > RARE_SUGGESTION_COST:
                continue
            surzhyk = categories == (SURZHYK,) or not self._has_normative_reading(word)
            if surzhyk and (rare or SURZHYK not in categories):
                continue
            note = SURZHYK_NOTE if surzhyk else None
            key = (rare, note is not None, cost, -zipf, -len(categories), sort_key(word), word)
            ranked.append((key, Suggestion(word, cost / EDIT, categories, zipf, note)))
        ranked.sort(key=lambda pair: pair[0])
        return tuple(suggestion for _, suggestion in ranked[:MAX_SUGGESTIONS])

    def _has_normative_reading(self, word: str) -> bool:
        """Whether a source knows ``word`` as standard Ukrainian: a reading from any source
        but the surzhyk list, marked non-normative neither itself nor in another reading of
        its lexeme (the dictionary leaves the mark off some lemma forms: києв)."""
        found = self.lexicon.analyses(word)
        marked = {
            (lemma, parse_tag(kind.tag)[0])
            for kind, lemma in found
            if NON_NORMATIVE in parse_tag(kind.tag)[1]
        }
        return any(
            kind.source != SURZHYK_LIST_SOURCE
            and NON_NORMATIVE not in parse_tag(kind.tag)[1]
            and (lemma, parse_tag(kind.tag)[0]) not in marked
            for kind, lemma in found
        )

    def suggestions_by_walk(self, word: str, wanted: Sequence[Category]) -> tuple[Suggestion, ...]:
        """:meth:`suggestions` by walking each category's trie within 2 edits (tens of
        milliseconds): the reference the tests and ``scripts/bench_judge.py`` compare the
        index with."""
        scored: dict[str, float] = {}
        members: dict[str, list[str]] = {}
        for category in wanted:
            trie = self.lexicon.word_set(category.id)
            for candidate, distance in nearest(
                trie, word, max_cost=MAX_SUGGESTION_COST, limit=1 << 30
            ):
                scored[candidate] = min(distance, scored.get(candidate, distance))
                members.setdefault(candidate, []).append(category.id)
        order = [c.id for c in wanted]
        zipf = self.lexicon.zipf
        return self.offered(
            (
                w,
                round(scored[w] * EDIT),
                tuple(sorted(members[w], key=order.index)),
                zipf(w),
            )
            for w in scored
        )

    # --- searching --------------------------------------------------------------------------

    def search(
        self,
        pattern: str,
        categories: Iterable[str] | None = None,
        *,
        min_length: int | None = None,
        max_length: int | None = None,
        offset: int = 0,
        limit: int = 50,
    ) -> SearchPage:
        """Words matching a ``?``/``*`` pattern in any of the categories, alphabetically.

        At most :data:`MAX_SEARCH_MATCHES` matches are collected; ``truncated`` says when a
        pattern matched more, so the caller can narrow it.
        """
        parsed = parse_pattern(pattern)
        wanted = self.registry.resolve(categories)
        if limit < 1 or limit > MAX_PAGE_SIZE or offset < 0:
            raise InvalidRequest(
                "invalid_page",
                f"limit must be 1..{MAX_PAGE_SIZE} and offset at least 0.",
                {"limit": limit, "offset": offset},
            )
        if min_length is not None and max_length is not None and min_length > max_length:
            raise InvalidValue(
                "invalid_length_range",
                "min_length cannot be greater than max_length.",
                {"min_length": min_length, "max_length": max_length},
            )

        def accept(word: str) -> bool:
            return letters_between(word, min_length, max_length)

        matches: set[str] = set()
        budget = ClockedBudget(MAX_SEARCH_STEPS, MAX_SEARCH_SECONDS)
        for word in self._matches(parsed, wanted, accept, budget):
            matches.add(word)
            if len(matches) > MAX_SEARCH_MATCHES:
                break
        truncated = len(matches) > MAX_SEARCH_MATCHES or budget.exhausted
        ordered = sorted(matches, key=_alphabetical)[:MAX_SEARCH_MATCHES]
        return SearchPage(
            pattern=parsed.text,
            categories=tuple(c.id for c in wanted),
            words=tuple(ordered[offset : offset + limit]),
            offset=offset,
            limit=limit,
            total=len(ordered),
            truncated=truncated,
        )

    def _matches(
        self,
        pattern: Pattern,
        wanted: Sequence[Category],
        accept: Callable[[str], bool],
        budget: Budget,
    ) -> Iterator[str]:
        """Matches from the wanted categories' tries; a pattern that starts with * and ends
        with a letter is matched backwards on the reversed trie, which prunes by its end."""
        tokens = pattern.tokens
        if tokens.startswith(ANY_RUN) and tokens[-1] not in (ANY_RUN, ONE_LETTER):
            tries = [self.lexicon.word_set(c.id) for c in wanted]

            def wanted_and_accepted(backwards: str) -> bool:
                word = backwards[::-1]
                return accept(word) and any(word in trie for trie in tries)

            backwards = self.lexicon.word_set(REVERSED_PLAYABLE)
            reverse = pattern.reversed()
            for match in match_pattern(backwards, reverse, wanted_and_accepted, budget):
                yield match[::-1]
            return
        for category in wanted:
            trie = self.lexicon.word_set(category.id)
            yield from match_pattern(trie, pattern, accept, budget)


def batch_item(text: str, result: Verdict | InvalidWord) -> Verdict | RefusedInput:
    """One item of a batch answer: the verdict, or the refusal of input that is no word."""
    if isinstance(result, InvalidWord):
        return RefusedInput(text, result)
    return result


def parse_pattern(text: str) -> Pattern:
    """Normalise a search pattern like a word, keeping the wildcards ``?`` and ``*``."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidPattern("empty_pattern", "The pattern is empty.")
    if len(text) > MAX_PATTERN_LENGTH:
        raise InvalidPattern(
            "pattern_too_long",
            f"A pattern has at most {MAX_PATTERN_LENGTH} characters.",
            {"max_length": MAX_PATTERN_LENGTH},
        )
    try:
        normalised = normalise_fragment(text.strip(), [], frozenset(ONE_LETTER + ANY_RUN))
    except InvalidWord as exc:
        raise InvalidPattern(exc.code, exc.message, exc.details) from exc
    if "-" in normalised:
        raise InvalidPattern("hyphenated", "Hyphenated words are not playable.")
    while ANY_RUN * 2 in normalised:
        normalised = normalised.replace(ANY_RUN * 2, ANY_RUN)
    if normalised.replace(APOSTROPHE, "") in ("", ANY_RUN):
        raise InvalidPattern("pattern_too_broad", "Give at least one letter or ? in the pattern.")
    return Pattern(normalised)


def _alphabetical(word: str) -> tuple[str, str]:
    """Ukrainian order; the spelling breaks ties (мясо and м'ясо), so pages are stable."""
    return sort_key(word), word


def _distinct(analyses: Iterable[Analysis]) -> tuple[Analysis, ...]:
    seen: dict[tuple[str, str, str | None, tuple[str, ...]], Analysis] = {}
    for analysis in analyses:
        seen.setdefault(
            (analysis.lemma, analysis.source, analysis.pos, analysis.grammemes), analysis
        )
    return tuple(seen.values())

"""Searches that run on marisa tries: wildcard patterns and nearest words by edit distance.

Both walk the trie letter by letter and prune every branch that cannot lead to an answer, so
their cost follows the size of the answer, not of the lexicon. ``has_prefix`` (one marisa
call) tells whether any key continues a prefix.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import marisa_trie

from wordsvc.alphabet import APOSTROPHE, LETTERS, sort_key, word_length

#: Characters a key may continue with, in alphabetical order, apostrophe last.
CONTINUATIONS = LETTERS + APOSTROPHE
ONE_LETTER = "?"
ANY_RUN = "*"


def has_prefix(trie: marisa_trie.Trie, prefix: str) -> bool:
    return next(iter(trie.iterkeys(prefix)), None) is not None


# --- wildcard patterns ----------------------------------------------------------------------


@dataclass(frozen=True)
class Pattern:
    """A normalised pattern: letters, ``?`` (one letter), ``*`` (any run of letters).

    Apostrophes in words are not letters: they match nothing and are skipped freely, so
    ``м?со`` finds м'ясо, as a player would expect.
    """

    text: str

    @property
    def tokens(self) -> str:
        """The pattern without apostrophes, each run of wildcards in a canonical form:
        its ``?``s first, then one ``*`` if it had any (``*?*`` = ``?*``)."""
        return _WILDCARD_RUN.sub(_canonical_run, self.text.replace(APOSTROPHE, ""))

    def regex(self) -> re.Pattern[str]:
        """A regex over a key's letters (apostrophes removed). Canonical runs keep it free of
        the nested ``*`` that would make matching take exponential time."""
        parts = []
        for token in self.tokens:
            if token == ONE_LETTER:
                parts.append(f"[{LETTERS}]")
            elif token == ANY_RUN:
                parts.append(f"[{LETTERS}]*")
            else:
                parts.append(re.escape(token))
        return re.compile("".join(parts))

    def reversed(self) -> Pattern:
        return Pattern(self.text[::-1])


_WILDCARD_RUN = re.compile(r"[?*]{2,}")


def _canonical_run(match: re.Match[str]) -> str:
    run = match.group()
    return ONE_LETTER * run.count(ONE_LETTER) + (ANY_RUN if ANY_RUN in run else "")


class Budget:
    """How many trie steps (probes and enumerated keys) a search may take before it stops."""

    def __init__(self, steps: int) -> None:
        self.left = steps
        self.exhausted = False

    def spend(self) -> bool:
        """Take one step; False once the budget is gone."""
        self.left -= 1
        if self.left < 0:
            self.exhausted = True
        return not self.exhausted


class ClockedBudget(Budget):
    """A budget of steps that also stops at a deadline, read every :attr:`CHECK_EVERY`
    steps: a step's cost varies (a key checked against a pattern's regex may backtrack), so
    steps alone let ``*а*а*а*а*а*а*`` take seconds of CPU. A search it stops is partial, and
    says so (``truncated``)."""

    CHECK_EVERY = 256

    def __init__(self, steps: int, seconds: float) -> None:
        super().__init__(steps)
        self.deadline = time.perf_counter() + seconds
        self._until_check = 0

    def spend(self) -> bool:
        self._until_check -= 1
        if self._until_check <= 0:
            self._until_check = self.CHECK_EVERY
            if time.perf_counter() > self.deadline:
                self.exhausted = True
                return False
        return super().spend()


def match_pattern(
    trie: marisa_trie.Trie,
    pattern: Pattern,
    accept: Callable[[str], bool] = lambda word: True,
    budget: Budget | None = None,
) -> Iterator[str]:
    """Keys of ``trie`` matching ``pattern``, until ``budget`` (if any) runs out.

    Literal letters and short runs of ``?`` are followed letter by letter on the trie; from a
    ``*``, or a run of ``?`` too long to expand letter by letter, the subtree is enumerated and
    checked with the pattern's regex.
    """
    regex = pattern.regex()
    tokens = pattern.tokens
    budget = budget or Budget(1 << 62)

    def walk(prefix: str, position: int) -> Iterator[str]:
        if position == len(tokens):
            if prefix in trie and accept(prefix):
                yield prefix
            # A trailing apostrophe never ends a key, so nothing more to do here.
            return
        token = tokens[position]
        if token == ANY_RUN or _cheaper_to_enumerate(tokens, position):
            for key in trie.iterkeys(prefix):
                if not budget.spend():
                    return
                if regex.fullmatch(key.replace(APOSTROPHE, "")) and accept(key):
                    yield key
            return
        letters = LETTERS if token == ONE_LETTER else token
        for letter in letters:
            for step in (letter, APOSTROPHE + letter) if prefix else (letter,):
                if not budget.spend():
                    return
                candidate = prefix + step
                if has_prefix(trie, candidate):
                    yield from walk(candidate, position + 1)

    yield from walk("", 0)


#: Longest run of ``?`` expanded letter by letter (34 branches each) before a literal letter.
MAX_EXPANDED_RUN = 2


def _cheaper_to_enumerate(tokens: str, position: int) -> bool:
    """True when no literal letter comes soon enough to prune an expansion of ``?``."""
    for run, token in enumerate(tokens[position:], start=1):
        if token == ANY_RUN:
            return True
        if token != ONE_LETTER:
            return False
        if run > MAX_EXPANDED_RUN:
            return True
    return False  # a short run of ? ends the pattern: a few probes


# --- nearest words --------------------------------------------------------------------------

#: Edit costs, in half-edits: a plain edit costs 2, a cheap one 1.
EDIT = 2
CHEAP_PAIRS = frozenset({("г", "ґ"), ("ґ", "г"), ("и", "і"), ("і", "и"), ("е", "є"), ("є", "е")})


def _insert_cost(ch: str) -> int:
    return 1 if ch == APOSTROPHE else EDIT


def _substitute_cost(a: str, b: str) -> int:
    if a == b:
        return 0
    return 1 if (a, b) in CHEAP_PAIRS else EDIT


def nearest(
    trie: marisa_trie.Trie,
    word: str,
    max_cost: int = 2 * EDIT,
    limit: int = 10,
    accept: Callable[[str], bool] = lambda w: True,
) -> list[tuple[str, float]]:
    """Keys within ``max_cost`` half-edits of ``word`` (2 edits by default), nearest first.

    Weighted Levenshtein on a trie walk: inserting or deleting an apostrophe and confusing
    г/ґ, и/і, е/є cost half an edit. Returns (key, distance in edits).
    """
    found: dict[str, int] = {}
    size = len(word)
    skip_costs = [_insert_cost(ch) for ch in word]  # a letter of the word left out
    substitution = {ch: [_substitute_cost(target, ch) for target in word] for ch in CONTINUATIONS}
    first_row = [0]
    for cost in skip_costs:
        first_row.append(first_row[-1] + cost)

    def walk(prefix: str, row: list[int]) -> None:
        if row[-1] <= max_cost and prefix and prefix in trie and accept(prefix):
            found[prefix] = row[-1]
        for ch in _viable(word, row, max_cost):
            candidate = prefix + ch
            if not has_prefix(trie, candidate):
                continue
            extra = _insert_cost(ch)  # the key has a character the word lacks
            costs = substitution[ch]
            previous = row[0] + extra
            new_row = [previous]
            lowest = previous
            for i in range(size):
                value = row[i] + costs[i]
                if row[i + 1] + extra < value:
                    value = row[i + 1] + extra
                if previous + skip_costs[i] < value:
                    value = previous + skip_costs[i]
                new_row.append(value)
                previous = value
                if value < lowest:
                    lowest = value
            if lowest <= max_cost:
                walk(candidate, new_row)

    walk("", first_row)
    ranked = sorted(found.items(), key=lambda item: (item[1], sort_key(item[0]), item[0]))
    return [(key, cost / EDIT) for key, cost in ranked[:limit] if key != word]


def _viable(word: str, row: list[int], max_cost: int) -> str | set[str]:
    """The next characters that can still lead to a key within ``max_cost``.

    With a full edit of slack every character can; with less, only a letter that matches
    the word where the row allows it, a cheap partner of one, or an apostrophe.
    """
    lowest = min(row)
    if lowest + EDIT <= max_cost:
        return CONTINUATIONS
    chars: set[str] = {APOSTROPHE} if lowest + 1 <= max_cost else set()
    for i, target in enumerate(word):
        if row[i] <= max_cost:
            chars.add(target)
        if row[i] + 1 <= max_cost:
            chars.update(b for a, b in CHEAP_PAIRS if a == target)
    return chars


def letters_between(word: str, low: int | None, high: int | None) -> bool:
    length = word_length(word)
    return (low is None or length >= low) and (high is None or length <= high)

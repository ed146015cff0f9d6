"""The words a hand can lay out, and the best plays among them, found on the letter index.

For one word length, a vector scan over the index's rows gives every word whose letters the
hand could cover: the letters its cards match exactly, plus at most one letter per free
letter (the Amazon's А, one Familiar card) and per wildcard (joker cards, tokens on spare
cards). That test is a necessary condition; each candidate is then laid out exactly
(:func:`wordsvc.solver.layout.layouts`), which decides.

:func:`top_plays` is a best-first branch and bound over groups of candidates. A group holds
the words of one length that need at least ``t`` tokens, and no play in it can score more than
``bound(length, t)``. Groups are evaluated best bound first, lengths are scanned longest
first, and the search stops when no group left, scanned or not, can beat the N-th play found.
"""

from __future__ import annotations

import heapq
import time
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from wordsvc.alphabet import MIN_WORD_LENGTH
from wordsvc.lexicon.letter_index import LETTER_INDEX, NIBBLE_MAX, LetterIndex
from wordsvc.lexicon.trie_search import Budget
from wordsvc.rules.words_of_magic.components import CardKind, Character
from wordsvc.rules.words_of_magic.turn import AMAZON_LETTER
from wordsvc.solver.hand import Hand
from wordsvc.solver.layout import layouts, usable_familiar
from wordsvc.solver.scoring import Play


@dataclass(frozen=True)
class Resources:
    """What a hand can spend on a word, summed up for the scan."""

    letters: Counter[str]  # letter cards by letter
    letter_cards: int
    magic_cards: int
    joker_cards: int
    tokens: int
    #: Every way to use the free letters (the Amazon's А, one Familiar card), as the letters
    #: they play; the last one uses the most.
    free_options: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, hand: Hand) -> Resources:
        letters = Counter(c.face_letter for c in hand.cards if c.kind is CardKind.LETTER)
        return cls(
            letters=letters,
            letter_cards=sum(letters.values()),
            magic_cards=sum(1 for c in hand.cards if c.kind is CardKind.MAGIC),
            joker_cards=sum(1 for c in hand.cards if c.kind is CardKind.JOKER),
            tokens=hand.tokens,
            free_options=free_options(hand),
        )

    @property
    def most_letters(self) -> int:
        free = len(self.free_options[-1])
        return self.letter_cards + self.magic_cards + self.joker_cards + free


def free_options(hand: Hand) -> tuple[tuple[str, ...], ...]:
    familiar = [(), *sorted({(f.letter,) for f in usable_familiar(hand)})]
    amazon = [(), (AMAZON_LETTER,)] if hand.character is Character.AMAZON else [()]
    options = {a + f for a in amazon for f in familiar}
    return tuple(sorted(options, key=lambda o: (len(o), o)))


class TimeBudget(Budget):
    """A step budget that also ends at a deadline (the clock is read every 64 steps)."""

    def __init__(self, seconds: float, steps: int = 1 << 62) -> None:
        super().__init__(steps)
        self.deadline = time.perf_counter() + seconds
        self._until_check = 0

    def spend(self) -> bool:
        self._until_check -= 1
        if self._until_check <= 0:
            self._until_check = 64
            if time.perf_counter() > self.deadline:
                self.exhausted = True
        return super().spend()


def candidates(
    index: LetterIndex, resources: Resources, length: int
) -> tuple[np.ndarray, np.ndarray]:
    """Rows of the ``length``-letter words the hand can lay out, and the fewest tokens each
    needs, computed as :func:`~wordsvc.solver.layout.layouts` lays words out (letter cards
    first, then joker cards, then tokens on cards the word does not use), for every use of the
    free letters at once."""
    start, stop = index.rows(length)
    hand = resources.letters

    def matched(letter: str, counts: np.ndarray) -> np.ndarray:
        have = hand[letter]
        capped: np.ndarray
        if have >= NIBBLE_MAX:  # a stored 15 means "15 or more": assume enough
            capped = np.where(counts >= NIBBLE_MAX, have, counts)
        else:
            capped = np.minimum(counts, have)
        return capped

    exact = np.zeros(stop - start, np.int16)
    for letter in hand:
        exact += matched(letter, index.counts(LETTER_INDEX[letter], start, stop))
    jokers, tokens = resources.joker_cards, resources.tokens
    # A coarse filter first: each free letter fills at most one gap or frees one card.
    free = len(resources.free_options[-1]) if resources.free_options else 0
    spare = resources.letter_cards + resources.magic_cards - exact + free
    rows = np.flatnonzero(length - exact - free <= jokers + np.minimum(tokens, spare))
    exact = exact[rows]
    rows += start
    fewest = np.full(len(rows), np.iinfo(np.int16).max, np.int16)
    counts_of: dict[str, np.ndarray] = {}
    for option in resources.free_options:
        letters_left = length - len(option)
        usable = np.ones(len(rows), bool)
        option_exact = exact.copy()
        for letter, taken in Counter(option).items():
            counts = counts_of.get(letter)
            if counts is None:
                counts = counts_of[letter] = np.asarray(
                    index.counts(LETTER_INDEX[letter], 0, len(index))[rows]
                )
            usable &= counts >= taken
            left = np.maximum(counts.astype(np.int16) - taken, 0)
            option_exact += matched(letter, left) - matched(letter, counts)
        missing = letters_left - option_exact
        needed = np.maximum(missing - jokers, 0)
        spare = resources.letter_cards + resources.magic_cards - option_exact
        usable &= needed <= np.minimum(tokens, spare)
        np.minimum(fewest, np.where(usable, needed, fewest), out=fewest)
    keep = fewest <= tokens
    return rows[keep], fewest[keep]


def lengths_to_scan(index: LetterIndex, resources: Resources) -> range:
    """Word lengths from the longest the hand could reach down to the shortest allowed."""
    return range(min(resources.most_letters, index.longest), MIN_WORD_LENGTH - 1, -1)


def formable_words(index: LetterIndex, hand: Hand) -> Iterator[str]:
    """Every word of the index the hand can lay out (3+ letters), longest first."""
    resources = Resources.of(hand)
    for length in lengths_to_scan(index, resources):
        rows, _ = candidates(index, resources, length)
        for row in rows:
            word = index.word(row)
            if layouts(word, hand):
                yield word


@dataclass(frozen=True)
class TopPlays:
    plays: list[Play]  # best first
    complete: bool  # False when the budget ran out before the top N was proven
    words_scored: int


def top_plays(
    index: LetterIndex,
    hand: Hand,
    play_for: Callable[[str], Play | None],
    bound: Callable[[int, int], float],
    count: int,
    budget: Budget,
) -> TopPlays:
    """The ``count`` best plays by rank, each from a different word.

    ``play_for(word)`` is the word's best play, or None when the word cannot be laid out or
    does not count (a category not agreed); ``bound(length, min_tokens)`` is an upper bound on
    the score of any play of that length using at least that many tokens. A play's rank is
    ``(-score, tokens, -length, word, ...)``, so ``(-bound, tokens, -length, "")`` is the best
    rank any play of a group can have.
    """
    resources = Resources.of(hand)
    best: list[Play] = []
    scored = 0
    heads: dict[tuple[int, int], tuple[float, int, int]] = {}

    def head(length: int, tokens: int) -> tuple[float, int, int]:
        found = heads.get((length, tokens))
        if found is None:
            found = heads[length, tokens] = (-bound(length, tokens), tokens, -length)
        return found

    def beaten(rank: tuple[object, ...]) -> bool:
        return len(best) >= count and rank >= best[-1].rank

    pending: list[tuple[tuple[float, int, int], np.ndarray]] = []

    def evaluate(group_head: tuple[float, int, int], rows: np.ndarray) -> None:
        nonlocal scored
        for row in rows:
            if beaten(group_head):
                return
            if not budget.spend():
                return
            word = index.word(row)
            if beaten((*group_head, word)):
                return  # rows are in word order: the rest of the group ranks lower still
            scored += 1
            play = play_for(word)
            if play is not None and not beaten(play.rank):
                insort(best, play, key=lambda p: p.rank)
                del best[count:]

    lengths = list(lengths_to_scan(index, resources))
    for i, length in enumerate(lengths):
        frontier = min(head(n, 0) for n in lengths[i:])  # best any unscanned length can do
        while pending and pending[0][0] < frontier and not budget.exhausted:
            evaluate(*heapq.heappop(pending))
        if beaten(frontier) or budget.exhausted or not budget.spend():
            break
        rows, least_tokens = candidates(index, resources, length)
        for tokens in np.unique(least_tokens):
            group_head = head(length, int(tokens))
            if not beaten(group_head):
                heapq.heappush(pending, (group_head, rows[least_tokens == tokens]))
    while pending and not budget.exhausted:
        evaluate(*heapq.heappop(pending))
    return TopPlays(best, complete=not budget.exhausted, words_scored=scored)

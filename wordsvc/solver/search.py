"""Every word a hand can lay out, found on the anagram trie.

The anagram trie holds ``"<sorted letters>|<word>"`` for every playable form. A walk adds
letters in sorted order, so each multiset of letters is visited once, whatever order the word
spells them in; a branch stops as soon as the trie has no key with that prefix or the hand
cannot cover the multiset. Coverage only gets harder as letters are added (deficits grow, the
spare cards a token could cover shrink), so pruning on it loses no word.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import marisa_trie

from wordsvc.alphabet import LETTERS, MIN_WORD_LENGTH
from wordsvc.lexicon.store import ANAGRAM_SEPARATOR
from wordsvc.lexicon.trie_search import Budget, has_prefix
from wordsvc.solver.hand import CardKind, Character, Hand
from wordsvc.solver.layout import AMAZON_LETTER, usable_familiar

#: The letters in the order anagram keys sort them (code point order).
SORTED_LETTERS = "".join(sorted(LETTERS))


@dataclass(frozen=True)
class Resources:
    """What a hand can spend on a word, summed up for the walk."""

    letters: Counter[str]  # letter cards by letter
    letter_cards: int
    magic_cards: int
    joker_cards: int
    tokens: int
    familiar_letters: frozenset[str]
    amazon: bool

    @classmethod
    def of(cls, hand: Hand) -> Resources:
        letters = Counter(c.letter for c in hand.cards if c.kind is CardKind.LETTER)
        return cls(
            letters=letters,
            letter_cards=sum(letters.values()),
            magic_cards=sum(1 for c in hand.cards if c.kind is CardKind.MAGIC),
            joker_cards=sum(1 for c in hand.cards if c.kind is CardKind.JOKER),
            tokens=hand.tokens,
            familiar_letters=frozenset(f.letter for f in usable_familiar(hand)),
            amazon=hand.character is Character.AMAZON,
        )

    @property
    def most_letters(self) -> int:
        cards = self.letter_cards + self.magic_cards + self.joker_cards
        return cards + (1 if self.familiar_letters else 0) + (1 if self.amazon else 0)

    def covers(self, need: Counter[str], exact: int, missing: int) -> bool:
        """Can the hand lay out a multiset with ``exact`` letters matched by letter cards and
        ``missing`` letters without a card of their own?

        The free letters (the Amazon's А, one Familiar card) go where they help most: on a
        missing letter, or else on a letter a card would play, which frees that card for a
        token.
        """
        taken_a = 0
        if self.amazon and need[AMAZON_LETTER] >= 1:
            taken_a = 1
            if need[AMAZON_LETTER] > self.letters[AMAZON_LETTER]:
                missing -= 1
            else:
                exact -= 1
        if self.familiar_letters:
            best = None  # "missing" beats "exact"
            for letter in self.familiar_letters:
                left = need[letter] - (taken_a if letter == AMAZON_LETTER else 0)
                if left > self.letters[letter]:
                    best = "missing"
                    break
                if left >= 1:
                    best = "exact"
            if best == "missing":
                missing -= 1
            elif best == "exact":
                exact -= 1
        spare = self.letter_cards - exact + self.magic_cards
        return missing <= self.joker_cards + min(self.tokens, spare)


def formable_words(
    anagrams: marisa_trie.Trie, hand: Hand, budget: Budget | None = None
) -> Iterator[str]:
    """Every word of the anagram trie the hand can lay out (3+ letters), until ``budget``
    runs out."""
    resources = Resources.of(hand)
    budget = budget or Budget(1 << 62)
    need: Counter[str] = Counter()
    limit = resources.most_letters

    def walk(prefix: str, start: int, exact: int, missing: int) -> Iterator[str]:
        if len(prefix) >= MIN_WORD_LENGTH:
            for key in anagrams.iterkeys(prefix + ANAGRAM_SEPARATOR):
                yield key[len(prefix) + 1 :]
        if len(prefix) >= limit:
            return
        for index in range(start, len(SORTED_LETTERS)):
            letter = SORTED_LETTERS[index]
            if not budget.spend():
                return
            has_card = need[letter] < resources.letters[letter]
            need[letter] += 1
            next_exact, next_missing = (exact + 1, missing) if has_card else (exact, missing + 1)
            if resources.covers(need, next_exact, next_missing) and has_prefix(
                anagrams, prefix + letter
            ):
                yield from walk(prefix + letter, index, next_exact, next_missing)
            need[letter] -= 1

    yield from walk("", 0, 0, 0)

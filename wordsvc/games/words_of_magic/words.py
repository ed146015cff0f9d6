"""The judge as the engine's word rules: the engine asks, the judge answers, no I/O here."""

from __future__ import annotations

from collections.abc import Sequence

from wordsvc.errors import InvalidWord, UnknownCategory
from wordsvc.games.contract import RuleError, invalid_option
from wordsvc.judge import Judge


class JudgeWords:
    """Whether a normalised word is playable under agreed categories, by the judge."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge

    def validate_categories(self, categories: Sequence[str]) -> None:
        try:
            self.judge.registry.resolve(categories)
        except UnknownCategory as exc:
            # Named like every other refused option (``invalid_option``), so that a form can
            # show it at its field; the registry's details (the category, the known) kept.
            refused = invalid_option("categories", exc.message.rstrip("."))
            raise RuleError(
                refused.code, refused.message, {**exc.details, **refused.details}
            ) from None

    def is_playable(self, word: str, categories: Sequence[str]) -> bool:
        try:
            return self.judge.check(word, categories, suggest=False).valid
        except InvalidWord:
            return False


class WordSet:
    """Word rules from a plain set of words (tests, and games with a fixed list)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = frozenset(words)

    def validate_categories(self, categories: Sequence[str]) -> None:
        return None

    def is_playable(self, word: str, categories: Sequence[str]) -> bool:
        return word in self.words

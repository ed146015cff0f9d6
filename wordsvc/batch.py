"""A batch check: many words judged at once, each answered in place, with the limits every
batch shares, whoever asks (``POST /v1/words/check``, a session's word arbitration, the
arbiter's page)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from wordsvc.errors import TooLarge
from wordsvc.judge import Judge, RefusedInput, Verdict, batch_item

#: The most words one batch judges.
MAX_BATCH = 1000


@dataclass(frozen=True)
class BatchCheck:
    """One item per word, in order: its verdict, or the refusal of input that is no word."""

    results: tuple[Verdict | RefusedInput, ...]

    @property
    def all_valid(self) -> bool:
        return all(item.valid for item in self.results)


def check_batch(
    judge: Judge,
    words: Sequence[str],
    categories: Iterable[str] | None,
    *,
    suggest: bool,
    house_words: Collection[str] = (),
) -> BatchCheck:
    """Judge ``words`` (at most :data:`MAX_BATCH`, else :class:`TooLarge`
    ``too_many_words``) against ``categories`` (None: every word form)."""
    if len(words) > MAX_BATCH:
        raise TooLarge(
            "too_many_words",
            f"A batch has at most {MAX_BATCH} words; this one has {len(words)}.",
            {"max": MAX_BATCH, "count": len(words)},
        )
    verdicts = judge.check_many(words, categories, suggest=suggest, house_words=house_words)
    return BatchCheck(
        tuple(batch_item(word, result) for word, result in zip(words, verdicts, strict=True))
    )

"""The lexicon's playable forms in one column: every word in row order, as one text.

The solver's letter index and the suggestion index both name words by row. Reading a row's
word back is a slice of this text (cp1251, one byte a letter, each word ending in a newline),
and reading a few hundred at once is one gather and one decode, several times cheaper than
restoring each from a trie.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from wordsvc.lexicon.frequency import ZIPF_UNITS
from wordsvc.lexicon.ranges import ranges

#: Lexicon keys are Ukrainian letters and the apostrophe: one byte each in this encoding.
ENCODING = "cp1251"
NEWLINE = ord("\n")
#: From this many rows, :meth:`WordColumn.words` reads them in one gather.
GATHER_FROM = 8


class WordColumn:
    """Words by row: ``text`` (uint8) holds every word, each ending in a newline, and
    ``offsets`` (uint32 [rows + 1]) where each row's word starts; ``zipf`` (uint16 [rows]),
    when given, how common each is in hundredths of the Zipf scale (0: unlisted)."""

    def __init__(
        self, text: np.ndarray, offsets: np.ndarray, zipf: np.ndarray | None = None
    ) -> None:
        # Plain views of memory-mapped arrays: indexing a np.memmap builds a memmap object
        # each time, which made reading a row's word cost several times more.
        self.text = text.view(np.ndarray)
        self.offsets = offsets.view(np.ndarray)
        self.zipf = None if zipf is None else zipf.view(np.ndarray)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def word(self, row: int) -> str:
        begin, end = int(self.offsets[row]), int(self.offsets[row + 1]) - 1
        return self.text[begin:end].tobytes().decode(ENCODING)

    def words(self, rows: np.ndarray) -> list[str]:
        """The words of ``rows``, in their order: one gather, one decode (for a few rows,
        a slice each costs less than numpy's fixed cost)."""
        if len(rows) < GATHER_FROM:
            return [self.word(row) for row in rows.tolist()]
        positions = ranges(self.offsets[rows].astype(np.int64), self.offsets[rows + 1])
        found: list[str] = self.text[positions].tobytes().decode(ENCODING).split("\n")[:-1]
        return found

    def zipf_of(self, rows: np.ndarray) -> list[float]:
        """The Zipf values of ``rows`` (0.0 for each when the column has none): one gather,
        where a lookup by word would walk a trie for each."""
        if self.zipf is None:
            return [0.0] * len(rows)
        return [units / ZIPF_UNITS for units in self.zipf[rows].tolist()]

    def all_words(self) -> list[str]:
        """Every word, in row order."""
        return self.text.tobytes().decode(ENCODING).split("\n")[:-1]

    @classmethod
    def from_words(cls, words: Sequence[str]) -> WordColumn:
        """A column of ``words`` in the order given (none may hold a newline)."""
        text = np.frombuffer("".join(w + "\n" for w in words).encode(ENCODING), np.uint8)
        ends = np.flatnonzero(text == NEWLINE) + 1
        return cls(text.copy(), np.concatenate(([0], ends)).astype(np.uint32))

"""The solver's index: how many of each letter every playable form has, by word length.

A hand with joker cards and tokens can spell tens of thousands of words, and a walk over a
trie pays Python's cost per node for each of them. This index turns the question "which words
of length L are within w letters of this hand?" into a few vector operations over one block
of rows: for each letter the hand holds, add ``min(word's count, hand's count)``; a word is a
candidate when the letters left over fit the hand's wildcards.

Rows are sorted by length, then by word (code point order), so the rows of one length are
contiguous and a scan yields candidates in the solver's final tie-break order.
Counts are stored as 4-bit nibbles, two letters per byte (a count of 15 means "15 or more").
A column of letter sets (a bit for each letter a word has; ґ shares г's) lets a scan drop the
words that need letters a hand lacks with one AND and a popcount, before any count is read.
A column of Zipf values (hundredths, :mod:`~wordsvc.lexicon.frequency`) lets the solver rank
the more common of two equally good words first without leaving numpy.
The arrays are ``.npy`` files, memory-mapped: a worker's resident set grows only by the blocks
its hands actually scan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from wordsvc.alphabet import APOSTROPHE, LETTERS
from wordsvc.lexicon.word_column import ENCODING as ENCODING  # the solver reads its text too
from wordsvc.lexicon.word_column import WordColumn

NIBBLE_MAX = 15
LETTER_INDEX = {letter: i for i, letter in enumerate(LETTERS)}
PACKED_ROWS = (len(LETTERS) + 1) // 2
#: Each letter's bit in a row's letter set: ґ shares г's, so that 33 letters fit 32 bits.
#: A set only rules words out ("needs a letter the hand lacks"), so the shared bit makes the
#: test a little less strict, never wrong: the counts decide what it lets through.
SET_BIT = {letter: i - (i > LETTER_INDEX["ґ"]) for letter, i in LETTER_INDEX.items()}
SET_BIT["ґ"] = SET_BIT["г"]
#: Every letter-set bit in use.
ALL_SET_BITS = frozenset(SET_BIT.values())


class LetterIndex:
    def __init__(
        self,
        packed: np.ndarray,  # uint8 [PACKED_ROWS, n]: letter 2k low nibble, 2k+1 high
        starts: np.ndarray,  # int64 [longest + 2]: first row of each length
        text: np.ndarray,  # uint8: every word in row order, cp1251, each ending in "\n"
        offsets: np.ndarray,  # uint32 [n + 1]: where each row's word starts in ``text``
        zipf: np.ndarray,  # uint16 [n]: each row's Zipf value in hundredths (0: unlisted)
        sets: np.ndarray | None = None,  # uint32 [n]: letter sets (None: from ``packed``)
    ) -> None:
        # Plain views of memory-mapped arrays: indexing a np.memmap builds a memmap object
        # each time, which made reading a row's word cost several times more.
        self.packed = packed.view(np.ndarray)
        self.starts = starts.view(np.ndarray)
        #: The rows' words, shared with the suggestion index.
        self.column = WordColumn(text, offsets, zipf)
        self.text = self.column.text
        self.offsets = self.column.offsets
        self.zipf = zipf.view(np.ndarray)
        self.sets = (letter_sets_of(self.packed) if sets is None else sets).view(np.ndarray)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @property
    def longest(self) -> int:
        return len(self.starts) - 2

    def rows(self, length: int) -> tuple[int, int]:
        """The row range holding the words of ``length`` letters."""
        if not 0 <= length <= self.longest:
            return (0, 0)
        return int(self.starts[length]), int(self.starts[length + 1])

    def counts(self, letter: int, start: int, stop: int) -> np.ndarray:
        """How many of letter number ``letter`` each row in ``start:stop`` has (uint8)."""
        return unpack(self.packed[letter >> 1, start:stop], letter)

    def letter_sets(self, length: int) -> np.ndarray:
        """Which letters each word of ``length`` letters has, as bits (:data:`SET_BIT`),
        uint32 for the block's rows."""
        start, stop = self.rows(length)
        return self.sets[start:stop]

    def word(self, row: int) -> str:
        return self.column.word(row)

    # --- building and storing ---------------------------------------------------------------

    @classmethod
    def from_words(
        cls, words: Iterable[str], zipf_units: Callable[[str], int] | None = None
    ) -> LetterIndex:
        """Index normalised lexicon keys (the build, and small indexes in tests), with each
        word's Zipf value in hundredths from ``zipf_units`` (0 for all when not given)."""
        ordered = sorted(set(words))
        lengths = np.fromiter((len(w) - w.count(APOSTROPHE) for w in ordered), np.int64)
        order = np.argsort(lengths, kind="stable")  # by length, then by word
        ordered = [ordered[i] for i in order]
        lengths = lengths[order]
        longest = int(lengths[-1]) if len(ordered) else 0
        starts = np.searchsorted(lengths, np.arange(longest + 2)).astype(np.int64)
        column = WordColumn.from_words(ordered)
        text, offsets = column.text, column.offsets
        # The letter number of every letter of every word, and the row it belongs to.
        table = np.full(256, -1, np.int64)
        for letter, i in LETTER_INDEX.items():
            table[letter.encode(ENCODING)[0]] = i
        row_of_byte = np.repeat(np.arange(len(ordered)), np.diff(offsets).astype(np.int64))
        letter_of_byte = table[text]
        is_letter = letter_of_byte >= 0
        counts = np.zeros((PACKED_ROWS * 2, len(ordered)), np.uint16)
        np.add.at(counts, (letter_of_byte[is_letter], row_of_byte[is_letter]), 1)
        np.minimum(counts, NIBBLE_MAX, out=counts)
        packed = (counts[0::2] | (counts[1::2] << 4)).astype(np.uint8)
        return cls(packed, starts, text, offsets, zipf_column(ordered, zipf_units))

    def save(self, directory: Path) -> list[str]:
        """Write the index's files into ``directory``; returns their names."""
        directory.mkdir(parents=True, exist_ok=True)
        arrays = {"letters": self.packed, "starts": self.starts, "text": self.text,
                  "offsets": self.offsets, "zipf": self.zipf, "sets": self.sets}  # fmt: skip
        for name, array in arrays.items():
            np.save(directory / f"{name}.npy", array)
        return [f"{name}.npy" for name in arrays]

    @classmethod
    def load(cls, directory: Path) -> LetterIndex:
        """Memory-map a saved index."""
        return cls(
            np.load(directory / "letters.npy", mmap_mode="r"),
            np.load(directory / "starts.npy"),
            np.load(directory / "text.npy", mmap_mode="r"),
            np.load(directory / "offsets.npy", mmap_mode="r"),
            np.load(directory / "zipf.npy", mmap_mode="r"),
            np.load(directory / "sets.npy", mmap_mode="r"),
        )


def unpack(block: np.ndarray, letter: int) -> np.ndarray:
    """The counts of letter number ``letter`` held in ``block``, bytes of its packed row."""
    counts: np.ndarray = block & NIBBLE_MAX if letter & 1 == 0 else block >> 4
    return counts


def letter_sets_of(packed: np.ndarray) -> np.ndarray:
    """Every row's letter set (uint32, :data:`SET_BIT`) from its packed counts."""
    sets = np.zeros(packed.shape[1], np.uint32)
    for letter, i in LETTER_INDEX.items():
        present = unpack(packed[i >> 1], i) > 0
        sets |= present.astype(np.uint32) << np.uint32(SET_BIT[letter])
    return sets


def zipf_column(ordered: list[str], zipf_units: Callable[[str], int] | None) -> np.ndarray:
    """The Zipf column of rows holding ``ordered`` words (zeros without a lookup)."""
    if zipf_units is None:
        return np.zeros(len(ordered), np.uint16)
    return np.fromiter(map(zipf_units, ordered), np.uint16, len(ordered))

"""How common a word is: Zipf values from wordfreq's Ukrainian list, one per lexicon form.

Zipf is log10 of a word's frequency per billion words: about 7 for і or на, 4.2 for кіт, 3.9
for морозиво, 1 for the rarest words wordfreq lists; 0 here means wordfreq does not list the
word (азометин). The judge reports it, the suggestions and the solver break ties by it, and the
bots' "words people know" level keeps to the known words.

The build reads wordfreq once (:func:`read_wordfreq`) and stores the values of the lexicon's
forms in ``zipf.marisa`` (a small RecordTrie of hundredths, :class:`ZipfTable`) and, for the
solver, as a column of its letter index. The bands (common, ordinary, rare, unknown) and their
labels are data: ``wordsvc/data/commonness.toml``.
"""

from __future__ import annotations

import importlib.metadata
import math
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import marisa_trie

from wordsvc.alphabet import APOSTROPHE, LETTER_SET
from wordsvc.lexicon.sources import SourceInfo, file_checksum

#: Zipf values are stored as whole hundredths (wordfreq's own precision).
ZIPF_UNITS = 100
ZIPF_RECORD = "<H"
WORDFREQ_SOURCE = "wordfreq"
WORDFREQ_LANGUAGE = "uk"
#: wordfreq's "large" list goes down to Zipf 1; its "small" one stops at 3.
WORDFREQ_LIST = "large"
WORDFREQ_LICENCE = "CC BY-SA 4.0"
COMMONNESS_FILE = Path(__file__).resolve().parent.parent / "data" / "commonness.toml"
_SPELLING = LETTER_SET | {APOSTROPHE}


@dataclass(frozen=True, slots=True)
class Band:
    """A band of the Zipf scale: ``common``, ``ordinary``, ``rare`` or ``unknown``."""

    id: str
    start: float
    label: str
    label_uk: str


@dataclass(frozen=True)
class Frequencies:
    """wordfreq's Ukrainian list read for the build: word -> Zipf, and where it came from."""

    zipf: Mapping[str, float]
    info: SourceInfo


@cache
def _bands() -> tuple[tuple[Band, ...], float]:
    with COMMONNESS_FILE.open("rb") as fh:
        data = tomllib.load(fh)
    bands = tuple(Band(b["id"], float(b["from"]), b["label"], b["label_uk"]) for b in data["band"])
    if list(bands) != sorted(bands, key=lambda b: -b.start) or bands[-1].start != 0.0:
        raise ValueError(f"{COMMONNESS_FILE}: bands must run from the highest down to 0.")
    return bands, float(data["known_from"])


def bands() -> tuple[Band, ...]:
    """Every band, from the most common down to ``unknown`` (Zipf 0)."""
    return _bands()[0]


def known_from() -> float:
    """The least Zipf value of a word people know (the bots' "known words" level)."""
    return _bands()[1]


def band_of(zipf: float) -> Band:
    return next(band for band in bands() if zipf >= band.start)


def zipf_of_frequency(frequency: float) -> float:
    """wordfreq's Zipf value of a frequency (a share of all words), to its 2 decimals."""
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def read_wordfreq() -> Frequencies:
    """wordfreq's Ukrainian list, keeping the words a card can spell (letters and the
    apostrophe, which wordfreq writes as ours); about 400,000 words."""
    import wordfreq

    path = Path(wordfreq.available_languages(WORDFREQ_LIST)[WORDFREQ_LANGUAGE])
    raw = wordfreq.get_frequency_dict(WORDFREQ_LANGUAGE, WORDFREQ_LIST)
    zipf = {
        word: zipf_of_frequency(frequency)
        for word, frequency in raw.items()
        if _SPELLING.issuperset(word) and not word.startswith(APOSTROPHE)
    }
    info = SourceInfo(
        id=WORDFREQ_SOURCE,
        kind="frequency",
        version=importlib.metadata.version("wordfreq"),
        checksum=file_checksum(path),
        path=str(path),
        meta={"list": f"{WORDFREQ_LIST}_{WORDFREQ_LANGUAGE}", "licence": WORDFREQ_LICENCE},
    )
    return Frequencies(zipf, info)


def zipf_units(zipf: float) -> int:
    """``zipf`` in whole hundredths, rounded as ``round(zipf, 2)`` rounds it: 0.025 is 3
    (``round(2.5)`` alone would give 2, the float 0.025 being a hair above it)."""
    return round(round(zipf, 2) * ZIPF_UNITS)


def zipf_trie(zipf: Mapping[str, float], forms: Iterable[str]) -> marisa_trie.RecordTrie:
    """The stored table: each of ``forms`` that the list has, with its Zipf in hundredths."""
    return marisa_trie.RecordTrie(
        ZIPF_RECORD, ((form, (zipf_units(zipf[form]),)) for form in forms if form in zipf)
    )


class ZipfTable:
    """The lexicon's Zipf values, memory-mapped: :meth:`zipf` is 0 for an unlisted word."""

    def __init__(self, trie: marisa_trie.RecordTrie) -> None:
        self._trie = trie

    @classmethod
    def load(cls, path: Path) -> ZipfTable:
        trie = marisa_trie.RecordTrie(ZIPF_RECORD)
        trie.mmap(str(path))
        return cls(trie)

    def __len__(self) -> int:
        return len(self._trie)

    def units(self, word: str) -> int:
        """The word's Zipf value in hundredths (0 when unlisted): the solver's sort key."""
        found = self._trie.get(word)
        return int(found[0][0]) if found else 0

    def zipf(self, word: str) -> float:
        return self.units(word) / ZIPF_UNITS

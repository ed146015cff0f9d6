"""Letter indexes of exactly the agreed categories' words, built at first use.

The lexicon's letter index holds every playable form. Searched for a narrow category (verbs in
the infinitive are 3% of the forms), the branch and bound would lay out and then reject tens
of thousands of forms of other categories, and run out of its budget. So the solver searches
an index of the agreed categories' words only, in the same format
(:class:`~wordsvc.lexicon.letter_index.LetterIndex`), where every candidate counts.

These indexes are derived data: the build does not write them (it would add every custom list
and every set of categories a table may agree on). :class:`CategoryIndexes` builds one from
the categories' word sets the first time they are agreed (0.1 s for the infinitives, about
2 s for every verb form), writes it beside the lexicon under ``solver/categories/`` (a
temporary directory renamed into place, so a worker never reads a half-written index, and two
workers building the same one at once both end up with a whole one), and memory-maps it, so
workers share its pages and a restarted server loads it in milliseconds. When the lexicon's
directory cannot be written, the index stays in memory.

A set of categories that admits nearly every playable form (``any``) uses the lexicon's own
index: the few rejections cost less than a second copy of 3.6 million rows.

What they may cost is bounded (issue 38): the indexes written take at most as much disk as
the lexicon's own solver files, the least recently used removed first; an index is written
only into the lexicon in use (a lexicon replaced by a later build, its folder gone, is never
re-created: the index stays in memory); and a request whose categories have no index yet
pays for the build in the rate limits (:meth:`CategoryIndexes.ready`, ``api/limits.py``).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import marisa_trie
import numpy as np

from wordsvc.alphabet import APOSTROPHE
from wordsvc.lexicon.letter_index import (
    ENCODING,
    LETTER_INDEX,
    NIBBLE_MAX,
    PACKED_ROWS,
    LetterIndex,
    zipf_column,
)
from wordsvc.lexicon.store import SOLVER_DIR, StoredLexicon

log = logging.getLogger(__name__)

CATEGORIES_DIR = "categories"
#: A set of categories admitting at least this share of the playable forms searches the
#: lexicon's own index and drops the few forms it does not admit.
SHARED_INDEX_SHARE = 0.8
#: Built indexes kept in memory per solver (each set of categories a table agrees on).
MAX_CACHED = 32
#: Bytes read per page when an index is warmed (see :meth:`CategoryIndexes.get`).
PAGE = 4096


def build_letter_index(
    words: Iterable[str], zipf_units: Callable[[str], int] | None = None
) -> LetterIndex:
    """The :class:`LetterIndex` of normalised lexicon keys, the same rows as
    :meth:`LetterIndex.from_words` builds (its tests compare the two), in a fraction of its
    time: letters are counted with one ``bincount`` per letter instead of ``np.add.at``."""
    # Sorted by code point, then (stably) by letters: numpy sorts strings in C.
    unique = np.unique(np.array(list(words), dtype=str))
    letters = np.char.str_len(unique) - np.char.count(unique, APOSTROPHE)
    ordered: list[str] = unique[np.argsort(letters, kind="stable")].tolist()
    rows = len(ordered)
    encoded = "".join(w + "\n" for w in ordered).encode(ENCODING)
    text = np.frombuffer(encoded, np.uint8).copy()
    ends = np.flatnonzero(text == ord("\n")) + 1
    offsets = np.concatenate(([0], ends)).astype(np.uint32)
    row_of_byte = np.repeat(np.arange(rows, dtype=np.int64), np.diff(offsets).astype(np.int64))
    lengths = (
        np.diff(offsets).astype(np.int64)
        - 1
        - np.bincount(row_of_byte[text == APOSTROPHE.encode(ENCODING)[0]], minlength=rows)
    )
    longest = int(lengths[-1]) if rows else 0
    starts = np.searchsorted(lengths, np.arange(longest + 2)).astype(np.int64)
    packed = np.zeros((PACKED_ROWS, rows), np.uint8)
    for letter, i in LETTER_INDEX.items():
        of_letter = row_of_byte[text == letter.encode(ENCODING)[0]]
        if not len(of_letter):
            continue
        counts = np.minimum(np.bincount(of_letter, minlength=rows), NIBBLE_MAX).astype(np.uint8)
        packed[i >> 1] |= counts if i & 1 == 0 else counts << 4
    return LetterIndex(packed, starts, text, offsets, zipf_column(ordered, zipf_units))


class CategoryIndexes:
    """The letter index for each set of agreed categories, built once, shared, kept.

    :meth:`get` is safe to call from several threads; a build happens once per set of
    categories per process (and once per lexicon when the directory is writable).
    """

    def __init__(self, lexicon: StoredLexicon) -> None:
        self.lexicon = lexicon
        self._lock = threading.Lock()
        self._built: dict[tuple[str, ...], LetterIndex] = {}

    def get(self, category_ids: Sequence[str]) -> LetterIndex:
        """The index of the words in any of ``category_ids``, loaded and warmed (its pages
        read once), so that the search that follows pays no disk reads."""
        key = tuple(sorted(set(category_ids)))
        found = self._built.get(key)
        if found is not None:
            return found
        with self._lock:
            found = self._built.get(key)
            if found is None:
                found = self._load_or_build(key)
                _warm(found)
                if len(self._built) >= MAX_CACHED:
                    self._built.pop(next(iter(self._built)))
                self._built[key] = found
        return found

    def ready(self, category_ids: Sequence[str]) -> bool:
        """Whether these categories' index costs no build now: in memory, on disk, or the
        lexicon's own. What a request pays for in the rate limits when it does not."""
        key = tuple(sorted(set(category_ids)))
        if key in self._built:
            return True
        if len(key) == 1 and self._shares(key[0]):
            return True
        return (self._directory(key) / "categories.json").is_file()

    def _shares(self, category: str) -> bool:
        shared = self.lexicon.letter_index
        return len(self.lexicon.word_set(category)) >= SHARED_INDEX_SHARE * len(shared)

    def _directory(self, key: tuple[str, ...]) -> Path:
        return self.lexicon.path / SOLVER_DIR / CATEGORIES_DIR / _directory_name(key)

    def _load_or_build(self, key: tuple[str, ...]) -> LetterIndex:
        tries = [self.lexicon.word_set(c) for c in key]
        shared = self.lexicon.letter_index
        if len(tries) == 1 and len(tries[0]) >= SHARED_INDEX_SHARE * len(shared):
            return shared
        directory = self._directory(key)
        try:
            found = LetterIndex.load(directory)
            _touch(directory)  # recently used: the last to be removed
            return found
        except (OSError, ValueError):
            pass
        index = build_letter_index(_words(tries), self.lexicon.zipf_table.units)
        if len(tries) > 1 and len(index) >= SHARED_INDEX_SHARE * len(shared):
            return shared
        try:
            _save_atomically(index, directory, key)
            _bound(directory.parent, _base_bytes(self.lexicon.path / SOLVER_DIR), directory)
            return LetterIndex.load(directory)
        except OSError as exc:  # a read-only or replaced lexicon: keep the index in memory
            log.info("solver index for %s kept in memory: %s", "+".join(key), exc)
            return index

    def uses_shared(self, category_ids: Sequence[str]) -> bool:
        """True when these categories search the lexicon's own index (and must filter)."""
        return self.get(category_ids) is self.lexicon.letter_index


def _words(tries: list[marisa_trie.Trie]) -> list[str]:
    words: list[str] = []
    for trie in tries:
        words.extend(trie.keys())
    return words


def _directory_name(key: tuple[str, ...]) -> str:
    """A file-system-safe name for a set of category ids (which come from file names)."""
    digest = hashlib.sha256("\n".join(key).encode()).hexdigest()[:16]
    return f"set-{digest}"


def _save_atomically(index: LetterIndex, directory: Path, key: tuple[str, ...]) -> None:
    # Only inside a lexicon that is still there: its solver folder is never re-created.
    directory.parent.mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".building-", dir=directory.parent))
    try:
        index.save(tmp)
        (tmp / "categories.json").write_text(json.dumps(list(key), ensure_ascii=False))
        try:
            os.replace(tmp, directory)
        except OSError:
            if not directory.is_dir():  # not another worker's finished copy: a real failure
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def _base_bytes(solver_dir: Path) -> int:
    """The lexicon's own solver files (its letter index), the category indexes left out:
    what the category indexes may take on disk, all together."""
    return sum(
        _bytes(entry) if entry.is_dir() else entry.stat().st_size
        for entry in solver_dir.iterdir()
        if entry.name != CATEGORIES_DIR
    )


def _touch(directory: Path) -> None:
    # A read-only lexicon keeps its time: its indexes are never removed either.
    with contextlib.suppress(OSError):
        os.utime(directory)


def _bound(categories_dir: Path, cap: int, keep: Path) -> None:
    """Remove the least recently used category indexes (by their folder's time) until they
    take at most ``cap`` bytes, never ``keep`` (the one just written)."""
    sets = [d for d in categories_dir.iterdir() if d.is_dir() and d.name.startswith("set-")]
    sizes = {d: _bytes(d) for d in sets}
    total = sum(sizes.values())
    for directory in sorted(sets, key=lambda d: d.stat().st_mtime):
        if total <= cap:
            break
        if directory != keep:
            shutil.rmtree(directory, ignore_errors=True)
            total -= sizes[directory]


def _warm(index: LetterIndex) -> None:
    """Read every page of a memory-mapped index once: the first solve on a fresh server then
    scans memory, not the disk."""
    for array in (index.packed, index.text, index.offsets, index.zipf, index.sets):
        flat = np.asarray(array).reshape(-1).view(np.uint8)
        int(flat[::PAGE].sum())

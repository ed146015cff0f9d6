"""Nearest playable words by weighted edit distance, from a memory-mapped symmetric-delete index.

The judge suggests, for a refused word, the playable words at most 2 edits away, where
inserting or deleting an apostrophe and confusing г/ґ, и/і or е/є cost half an edit
(:mod:`wordsvc.lexicon.trie_search` has the rules and the plain trie walk, kept as the
tests' oracle). The walk pays Python's cost per trie node, tens of milliseconds a word; this
index answers in about half a millisecond, for every asked category at once.

How, after SymSpell's symmetric delete (Wolf Garbe) with its prefix-length bound:

- **Fold** every word: drop apostrophes, read ґ as г, і as и, є as е. The half-edits vanish,
  and each whole edit becomes at most one plain edit, so two words within 2 weighted edits
  are within 2 plain edits once folded.
- Two strings within ``k`` plain edits share a string reachable from each by at most ``k``
  deletions (a substitution deletes on both sides, an insertion on the other side). The
  same holds for their first :data:`PREFIX_LENGTH` letters (drop the longer one's extra
  tail), so only the folded **prefixes** are indexed, which bounds the index's size: each
  distinct prefix is stored under every string its deletions make.
- Rows (the playable words) are sorted by folded prefix, so a prefix owns one contiguous run
  of rows. A query folds the word, makes its prefix's deletion variants, finds the prefixes
  that share one and reads their rows; numpy drops the rows whose folded length, category
  bits, letters or pairs of letters cannot be within reach, and only the few left are
  decoded and measured with the exact weighted distance (:func:`weighted_distance`).
- A category admitting few of the forms (a noun-singular table's 3%) has **its own rows**
  as well: the same rows, in the same order, with where each prefix's run starts. A query
  for such categories reads only the rows they admit, not every form of the prefixes.

Everything is ``.npy`` arrays, memory-mapped: gunicorn workers forked from a preloaded app
share the pages. A row's word is read from the lexicon's word column, the text the solver's
letter index keeps (a few hundred rows at once: one gather, one decode).
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from wordsvc.alphabet import APOSTROPHE, HYPHEN, LETTERS, sort_key
from wordsvc.lexicon.ranges import ranges
from wordsvc.lexicon.trie_search import CHEAP_PAIRS, EDIT
from wordsvc.lexicon.word_column import WordColumn

#: Folded letters: the 33 letters less ґ, і, є (read as г, и, е).
FOLDED_LETTERS = "".join(ch for ch in LETTERS if ch not in "ґіє")
#: A character of no folded letter (a hyphen in a query): it matches no indexed word.
OTHER_CODE = len(FOLDED_LETTERS) + 1
BITS_PER_CODE = 5
#: Folded letters of a word's prefix that are indexed (SymSpell's prefix length).
PREFIX_LENGTH = 6
#: The most plain edits between folded words the index can find.
MAX_EDITS = 2
#: A category admitting fewer than this share of the forms gets its own rows (a noun-singular
#: query then reads its 3% of the forms, not every form of the candidate prefixes).
OWN_ROWS_BELOW = 0.2
#: A query reads the wanted categories' own rows while, together, they are at most this
#: share of all the rows (beyond it, one pass over the shared rows costs less).
OWN_ROWS_UP_TO = 0.5
#: A query reading its categories' own rows, at most this share of the rows, searches within
#: 2 edits at once: a first pass within 1.5 edits would cost it about as much as it saves
#: (measured: one noun-singular search 154 µs a typo, both passes 229 µs).
ONE_PASS_UP_TO = 0.12
#: Where a letter set keeps the letters a word has twice or more (:func:`letter_set`).
TWICE_SHIFT = 32
#: The hash of a pair of neighbouring codes into one of 64 bits (:func:`pair_bit`):
#: ``((first * PAIR_FIRST + second * PAIR_SECOND) * PAIR_MIX >> PAIR_SHIFT) & 63``.
PAIR_FIRST, PAIR_SECOND, PAIR_MIX, PAIR_SHIFT = 37, 11, 2654435761, 13
#: Each letter's code, 1..30; 0 ends a packed prefix.
_CODES = {ch: i for i, ch in enumerate(FOLDED_LETTERS, start=1)}
#: Word -> folded word as code characters (chr(code)), in one str.translate.
_TO_CODES = str.maketrans(
    {
        **{ch: chr(code) for ch, code in _CODES.items()},
        "ґ": chr(_CODES["г"]),
        "і": chr(_CODES["и"]),
        "є": chr(_CODES["е"]),
        APOSTROPHE: None,
        HYPHEN: chr(OTHER_CODE),
    }
)
DIRECTORY = "suggest"
_FILES = ("variant_keys", "variant_starts", "variant_prefixes", "variant_deletions",
          "prefix_starts", "folded_lengths", "letter_sets", "pair_sets",
          "category_bits", "row_ids", "own_categories", "own_starts",
          "own_rows")  # fmt: skip


def folded_codes(word: str) -> str:
    """The word folded (no apostrophe; ґ, і, є as г, и, е) as code characters, one a letter;
    a character outside the alphabet (a hyphen, a Latin letter) becomes :data:`OTHER_CODE`."""
    coded = word.translate(_TO_CODES)
    if coded and not _FIRST_CODE <= min(coded) <= max(coded) <= _OTHER:
        # Normalised words have no such character; a test's or a library caller's might.
        coded = "".join(ch if _FIRST_CODE <= ch <= _OTHER else _OTHER for ch in coded)
    return coded


_FIRST_CODE, _OTHER = chr(1), chr(OTHER_CODE)


@functools.cache
def _deletion_patterns(length: int, deletions: int) -> np.ndarray:
    """How to make every deletion variant of a prefix of ``length`` codes, at most
    ``deletions`` deleted: each variant's kept positions, padded with ``length`` (where the
    query's codes hold a 0)."""
    kept = [
        positions
        for deleted in range(min(deletions, length) + 1)
        for positions in itertools.combinations(range(length), length - deleted)
    ]
    padded = [(*positions, *[length] * (PREFIX_LENGTH - len(positions))) for positions in kept]
    return np.array(padded, np.intp)


_SHIFTS = np.arange(PREFIX_LENGTH, dtype=np.uint64) * np.uint64(BITS_PER_CODE)


def variant_keys(codes: str, deletions: int) -> np.ndarray:
    """The packed deletion variants (at most ``deletions`` deleted) of the first
    :data:`PREFIX_LENGTH` codes. A key holds 5 bits a code, the first lowest; 0 ends it (no
    code is 0). A repeated letter makes a variant more than once."""
    prefix = codes[:PREFIX_LENGTH]
    kept = _deletion_patterns(len(prefix), deletions)
    padded = np.frombuffer(prefix.encode("ascii") + b"\0", np.uint8).astype(np.uint64)
    keys: np.ndarray = (padded[kept] << _SHIFTS).sum(axis=1, dtype=np.uint64)
    return keys


def letter_set(codes: str) -> int:
    """Bits for the folded letters a word has: bit ``code`` when it has the letter, bit
    ``TWICE_SHIFT + code`` when it has it twice or more. An edit takes at most one letter
    away and adds at most one, and a letter's count crosses one of these thresholds at most,
    so it takes at most one bit away and adds at most one. (:meth:`SuggestIndex.from_words`
    computes the same for every word at once, a letter position at a time.)"""
    once = twice = 0
    for ch in codes:
        bit = 1 << ord(ch)
        twice |= once & bit
        once |= bit
    return once | twice << TWICE_SHIFT


def pair_bit(first: Any, second: Any) -> Any:
    """The bit of :func:`pair_set` for two neighbouring codes: a hash of the pair. Written
    once for both forms: ``first`` and ``second`` are ints (a query's pairs) or uint64 arrays
    (the build's, every word at once). Codes are below 32, so the product stays far below
    2**64 and the two forms agree."""
    return ((first * PAIR_FIRST + second * PAIR_SECOND) * PAIR_MIX >> PAIR_SHIFT) & 63


def pair_set(codes: str) -> int:
    """Bits for the pairs of neighbouring folded letters a word has, hashed into 64. An edit
    breaks at most two pairs and makes at most two, so it takes at most two bits away and
    adds at most two."""
    bits = 0
    for first, second in itertools.pairwise(codes):
        bits |= 1 << pair_bit(ord(first), ord(second))
    return bits


# --- the exact distance ---------------------------------------------------------------------


#: Each letter's cheap partner (г/ґ, и/і, е/є): a substitution between them is half an edit.
_PARTNER = dict(CHEAP_PAIRS)
_APOSTROPHE_CODE = ord(APOSTROPHE)


def weighted_distance(a: str, b: str, max_cost: int) -> int | None:
    """The weighted edit distance of two words in half-edits (see trie_search), or None when
    it exceeds ``max_cost``. A common start and end cost nothing and are skipped first; the
    costs are written out inline, as this runs for every candidate that passes the filters."""
    start, shorter = 0, min(len(a), len(b))
    while start < shorter and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    a, b = a[start:end_a], b[start:end_b]
    insert = [1 if ch == APOSTROPHE else EDIT for ch in b]
    previous = [0]
    for cost in insert:
        previous.append(previous[-1] + cost)
    for ca in a:
        delete = 1 if ca == APOSTROPHE else EDIT
        partner = _PARTNER.get(ca)
        left = previous[0] + delete
        row = [left]
        lowest = left
        for j, cb in enumerate(b):
            if ca == cb:
                left = previous[j]
            else:
                value = previous[j] + (1 if cb == partner else EDIT)
                if previous[j + 1] + delete < value:
                    value = previous[j + 1] + delete
                if left + insert[j] < value:
                    value = left + insert[j]
                left = value
            row.append(left)
            if left < lowest:
                lowest = left
        if lowest > max_cost:
            return None
        previous = row
    return previous[-1] if previous[-1] <= max_cost else None


#: The characters an indexed word may hold, numbered from 1 (0 pads a shorter candidate).
_SYMBOLS = LETTERS + APOSTROPHE
_SYMBOL_OF = np.zeros(max(map(ord, _SYMBOLS)) + 1, np.intp)
_SYMBOL_OF[[ord(ch) for ch in _SYMBOLS]] = np.arange(1, len(_SYMBOLS) + 1)
#: Half-edits to insert each symbol; the padding's cost is never read into a result.
_INSERT_COST = np.array([EDIT] + [1 if ch == APOSTROPHE else EDIT for ch in _SYMBOLS], np.int16)
#: Half-edits to put each symbol (column; 0 the padding) where the query has a character
#: (row: its symbol number; row 0 for a character no indexed word has, such as a hyphen).
_SUBSTITUTION = np.array(
    [[EDIT] * (len(_SYMBOLS) + 1)]
    + [
        [EDIT] + [0 if c == ch else 1 if c == _PARTNER.get(ch) else EDIT for c in _SYMBOLS]
        for ch in _SYMBOLS
    ],
    np.int16,
)


def weighted_distances(word: str, candidates: Sequence[str]) -> np.ndarray:
    """:func:`weighted_distance` from ``word`` to every indexed candidate at once, uncapped
    (int16).

    One row of the edit-distance table per letter of ``word``, for all candidates together
    (padded to the longest; each candidate a column, so that every operation runs along
    the candidates). Within a row, the insertions chain along a candidate; with P the running
    sum of its insertion costs, ``D[j] = P[j] + min(base[k] - P[k], k <= j)`` turns that chain
    into one cumulative minimum. The table is kept as ``E = D - P``: with I[j] the insertion
    cost of the candidate's j-th symbol, ``E'[0] = E[0] + del`` and
    ``E'[j + 1] = min(E[j] + sub[j] - I[j], E[j + 1] + del)``, then the cumulative minimum,
    four vector operations a row; ``sub - I`` is gathered for every letter of ``word`` at once.
    """
    count = len(candidates)
    if count == 0:
        return np.zeros(0, np.int16)
    lengths = np.fromiter(map(len, candidates), np.int64, count)
    flat = np.frombuffer("".join(candidates).encode("utf-32-le"), np.uint32)
    width = int(lengths.max())
    symbols = np.zeros((width, count), np.intp)
    starts = np.cumsum(lengths) - lengths
    position = np.arange(len(flat)) - np.repeat(starts, lengths)
    symbols[position, np.repeat(np.arange(count), lengths)] = _SYMBOL_OF[flat]
    inserts = _INSERT_COST[symbols]
    running = np.zeros((width + 1, count), np.int16)
    np.cumsum(inserts, axis=0, out=running[1:])
    query = np.array([_symbol_number(ch) for ch in word], np.intp)
    shifted = np.take(_SUBSTITUTION[query], symbols, axis=1)
    shifted -= inserts
    table = np.zeros((width + 1, count), np.int16)  # E: the first row of D is P itself
    base = np.empty_like(table)
    for letter, ch in enumerate(word):
        delete = 1 if ch == APOSTROPHE else EDIT
        np.add(table[1:], delete, out=base[1:])
        np.minimum(base[1:], table[:-1] + shifted[letter], out=base[1:])
        base[0] = table[0] + delete
        table = np.minimum.accumulate(base, axis=0)
    columns = np.arange(count)
    distances: np.ndarray = table[lengths, columns] + running[lengths, columns]
    return distances


def _symbol_number(ch: str) -> int:
    """A query character's row of :data:`_SUBSTITUTION` (0: no indexed word has it)."""
    code = ord(ch)
    return int(_SYMBOL_OF[code]) if code < len(_SYMBOL_OF) else 0


#: Below this many candidates the table is cheaper row by row in Python (it stops early).
VECTOR_FROM = 12


def distances_to(word: str, candidates: Sequence[str], max_cost: int) -> np.ndarray:
    """Each candidate's weighted distance from ``word`` (int16); above ``max_cost`` when
    farther."""
    if len(candidates) >= VECTOR_FROM:
        return weighted_distances(word, candidates)
    far = max_cost + 1
    return np.array(
        [
            0 if candidate == word else (weighted_distance(word, candidate, max_cost) or far)
            for candidate in candidates
        ],
        np.int16,
    )


# --- the index ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Near:
    """A word found near the query: its weighted distance in half-edits, the category bits
    (:attr:`SuggestIndex.categories` order) of the categories that admit it, and how common
    it is (Zipf; 0.0 when unlisted, or when the index's word column has no Zipf values)."""

    word: str
    cost: int
    category_bits: int
    zipf: float = 0.0


class SuggestIndex:
    """The symmetric-delete index over every playable form (see the module's docstring).

    Arrays (``.npy``, memory-mapped), rows sorted by folded prefix, in alphabetical order:

    - ``variant_keys`` uint64 [V], sorted: a packed deletion variant of some prefix;
      ``variant_starts`` [V + 1] and ``variant_prefixes`` uint32: the prefixes it comes from,
      ``variant_deletions`` uint8: how many deletions made it from each;
    - ``prefix_starts`` [P + 1]: each prefix's rows;
    - per row: ``folded_lengths`` uint8, ``letter_sets`` uint64 (:func:`letter_set`),
      ``pair_sets`` uint64 (:func:`pair_set`),
      ``category_bits`` (bit i: ``categories[i]`` admits it) and ``row_ids`` uint32, the
      word's row in the lexicon's :class:`~wordsvc.lexicon.word_column.WordColumn` (the solver's
      letter index has the same rows: the build gives both the same column);
    - the small categories' own rows (under :data:`OWN_ROWS_BELOW` of the forms each):
      ``own_categories`` uint8 [K], their indexes in ``categories``; ``own_rows`` uint32, the
      rows each admits, one ascending run a category; ``own_starts`` uint32 [K, P + 1]: where
      a prefix's rows start in ``own_rows``, for each of them.
    """

    #: Share of the rows up to which a query reads its categories' own rows (the tests set 0
    #: to read the shared rows always).
    own_rows_up_to = OWN_ROWS_UP_TO
    #: Share of the rows up to which :func:`best_near` searches within 2 edits at once (the
    #: tests set 0 to search within 1.5 edits first always).
    one_pass_up_to = ONE_PASS_UP_TO

    def __init__(
        self, arrays: Mapping[str, np.ndarray], words: WordColumn, categories: Sequence[str]
    ) -> None:
        if len(words) != len(arrays["row_ids"]):
            raise ValueError(
                f"the suggestion index has {len(arrays['row_ids']):,} rows and its word column "
                f"{len(words):,}: they come from different builds"
            )
        self.variant_keys = arrays["variant_keys"]
        self.variant_starts = arrays["variant_starts"]
        self.variant_prefixes = arrays["variant_prefixes"]
        self.variant_deletions = arrays["variant_deletions"]
        self.prefix_starts = arrays["prefix_starts"]
        self.folded_lengths = arrays["folded_lengths"]
        self.letter_sets = arrays["letter_sets"]
        self.pair_sets = arrays["pair_sets"]
        self.category_bits = arrays["category_bits"]
        self.row_ids = arrays["row_ids"]
        self.own_categories = arrays["own_categories"]
        self.own_starts = arrays["own_starts"]
        self.own_rows = arrays["own_rows"]
        self.words = words
        self.categories = tuple(categories)
        self._bit_of = {category: 1 << i for i, category in enumerate(self.categories)}
        #: Category bit -> (slot in ``own_starts``, how many rows the category admits).
        self._own_slot_of = {
            1 << int(category): (slot, int(starts[-1] - starts[0]))
            for slot, (category, starts) in enumerate(
                zip(self.own_categories.tolist(), self.own_starts, strict=True)
            )
        }
        self._own_rows_cache: dict[int, tuple[np.ndarray, float | None]] = {}

    def __len__(self) -> int:
        return len(self.row_ids)

    def bits(self, categories: Iterable[str]) -> int:
        """The category bits of the named categories (KeyError for one the index lacks)."""
        bits = 0
        for category in categories:
            bits |= self._bit_of[category]
        return bits

    def near(self, word: str, max_cost: int, categories: int) -> list[Near]:
        """Every indexed word within ``max_cost`` half-edits of ``word`` (itself excepted)
        that one of the ``categories`` (bits) admits, in no particular order."""
        edits = min(max_cost // EDIT, MAX_EDITS)
        codes = folded_codes(word)
        prefixes = self._candidate_prefixes(codes, edits)
        own_slots = self._own_slots(categories)
        if own_slots is None:
            rows = ranges(
                self.prefix_starts[prefixes].astype(np.int64),
                self.prefix_starts[prefixes + 1].astype(np.int64),
            )
        else:  # only rows the categories admit: no category filter below
            rows = self.own_rows[
                ranges(
                    self.own_starts[own_slots, prefixes].ravel().astype(np.int64),
                    self.own_starts[own_slots, prefixes + 1].ravel().astype(np.int64),
                )
            ]
        if len(rows) == 0:
            return []
        # Cheapest first; each filter reads only the rows the one before kept.
        rows = rows[np.abs(self.folded_lengths[rows].astype(np.int16) - len(codes)) <= edits]
        if own_slots is None:
            rows = rows[(self.category_bits[rows] & categories) != 0]
        # An edit takes at most one letter and two pairs of letters away, and adds as many.
        query_letters = np.uint64(letter_set(codes))
        rows = rows[_each_lacks_at_most(self.letter_sets[rows], query_letters, edits)]
        query_pairs = np.uint64(pair_set(codes))
        rows = rows[_each_lacks_at_most(self.pair_sets[rows], query_pairs, 2 * edits)]
        if own_slots is not None and len(own_slots) > 1:
            rows = _distinct(rows)  # a row two of the categories admit came twice
        column_rows = self.row_ids[rows]
        candidates = self.words.words(column_rows)
        costs = distances_to(word, candidates, max_cost)
        # A cost of 0 is the word itself (any other spelling costs something).
        kept = np.flatnonzero((costs > 0) & (costs <= max_cost))
        bits = self.category_bits[rows[kept]].tolist()
        zipf = self.words.zipf_of(column_rows[kept])
        return [
            Near(candidates[i], cost, each & categories, common)
            for i, cost, each, common in zip(
                kept.tolist(), costs[kept].tolist(), bits, zipf, strict=True
            )
        ]

    def own_share(self, categories: int) -> float | None:
        """The share of all rows that the categories' own rows hold together; None when one
        of them has none (a query for them reads the shared rows)."""
        return self._own_rows_of(categories)[1]

    def _own_slots(self, categories: int) -> np.ndarray | None:
        """The ``own_starts`` slots (a column, to index with prefixes) of the categories, when
        each has its own rows and together they are at most :attr:`own_rows_up_to` of the
        rows; None when a query must read the shared rows."""
        slots, share = self._own_rows_of(categories)
        return slots if share is not None and share <= self.own_rows_up_to else None

    def _own_rows_of(self, categories: int) -> tuple[np.ndarray, float | None]:
        found = self._own_rows_cache.get(categories)
        if found is None:
            asked = [1 << i for i in range(categories.bit_length()) if categories >> i & 1]
            owned = [self._own_slot_of[bit] for bit in asked if bit in self._own_slot_of]
            if len(owned) == len(asked):  # every asked category has its own rows
                slots = np.array([slot for slot, _ in owned], np.intp)[:, np.newaxis]
                found = (slots, sum(admitted for _, admitted in owned) / max(len(self), 1))
            else:
                found = (np.zeros((0, 1), np.intp), None)
            self._own_rows_cache[categories] = found
        return found

    def _candidate_prefixes(self, codes: str, edits: int) -> np.ndarray:
        """Prefixes that share a deletion variant with the query's (each side using at most
        ``edits`` deletions), each once."""
        keys = variant_keys(codes, edits)
        slots = np.searchsorted(self.variant_keys, keys)
        slots[slots >= len(self.variant_keys)] = 0
        slots = slots[self.variant_keys[slots] == keys]
        if len(slots) == 0:
            return np.empty(0, np.int64)
        entries = ranges(
            self.variant_starts[slots].astype(np.int64),
            self.variant_starts[slots + 1].astype(np.int64),
        )
        if edits < MAX_EDITS:  # the indexed side may delete at most ``edits`` codes too
            entries = entries[self.variant_deletions[entries] <= edits]
        return _distinct(self.variant_prefixes[entries])

    # --- building and storing ---------------------------------------------------------------

    @classmethod
    def from_words(
        cls,
        words: Iterable[tuple[str, int]],
        categories: Sequence[str],
        progress: Callable[[int], None] = lambda count: None,
        own_rows_below: float = OWN_ROWS_BELOW,
        column: WordColumn | None = None,
    ) -> SuggestIndex:
        """Index (word, category bits) pairs: the build's playable forms, or a test's few.
        A row's word is read from ``column`` (the build passes the solver's, which must hold
        exactly these words); without one, the index gets its own. ``progress`` is told how
        many words each step read; a category admitting under ``own_rows_below`` of the
        words gets its own rows."""
        pairs = dict(words)
        if not pairs:
            raise ValueError("no words to index")
        if column is None:
            column = WordColumn.from_words(sorted(pairs))
        keys = column.all_words()
        if len(keys) != len(pairs) or set(keys) != pairs.keys():
            raise ValueError("the word column must hold exactly the indexed words")
        count = len(keys)
        progress(count // 4)
        bits = np.fromiter((pairs[key] for key in keys), _bits_dtype(len(categories)), count)
        # Fold every word in one translate: far faster than a call a word.
        text = " ".join(keys).translate(_TO_CODES)
        if not text.isascii():
            text = " ".join(folded_codes(key) for key in keys)
        del keys
        progress(count // 4)
        joined = np.frombuffer(text.encode("ascii"), np.uint8)
        ends = np.append(np.flatnonzero(joined == ord(" ")), len(joined))
        lengths = ends - np.append(0, ends[:-1] + 1)
        codes = joined.astype(np.uint64)
        # Longest first, so that the words having a letter at a position are a leading slice.
        by_length = np.argsort(-lengths, kind="stable")
        starts = (ends - lengths)[by_length]
        lengths, bits = lengths[by_length], bits[by_length]
        once = np.zeros(count, np.uint64)
        twice = np.zeros(count, np.uint64)
        pairs_found = np.zeros(count, np.uint64)
        prefix_keys = np.zeros(count, np.uint64)
        alphabetical = np.zeros(count, np.uint64)  # the prefix, its first code highest
        before = np.zeros(0, np.uint64)
        for position in range(int(lengths.max(initial=0))):
            having = int(np.count_nonzero(lengths > position))
            code = codes[starts[:having] + position]
            bit = np.uint64(1) << code
            twice[:having] |= once[:having] & bit
            once[:having] |= bit
            if position > 0:
                pairs_found[:having] |= np.uint64(1) << pair_bit(before[:having], code)
            if position < PREFIX_LENGTH:
                prefix_keys[:having] |= code << np.uint64(BITS_PER_CODE * position)
                high = BITS_PER_CODE * (PREFIX_LENGTH - 1 - position)
                alphabetical[:having] |= code << np.uint64(high)
            before = code
        sets = once | twice << np.uint64(TWICE_SHIFT)  # as letter_set, for every word
        del once, twice
        progress(count // 4)
        # Prefixes, and rows, in the order of their letters: a query's candidate prefixes
        # mostly share its first letters, so that what it reads lies close together.
        order = np.argsort(alphabetical, kind="stable")
        del alphabetical
        sorted_keys = prefix_keys[order]
        starts_prefix = np.ones(count, bool)
        starts_prefix[1:] = sorted_keys[1:] != sorted_keys[:-1]
        first_rows = np.flatnonzero(starts_prefix)
        unique_keys = sorted_keys[first_rows]
        prefix_lengths = np.minimum(lengths[order][first_rows], PREFIX_LENGTH).astype(np.uint8)
        variants = _variant_table(unique_keys, prefix_lengths)
        prefix_starts = np.append(first_rows, count).astype(np.uint32)
        own = _own_rows(bits[order], len(categories), prefix_starts, own_rows_below * count)
        arrays = {
            **variants,
            "prefix_starts": prefix_starts,
            "folded_lengths": lengths[order].astype(np.uint8),
            "letter_sets": sets[order],
            "pair_sets": pairs_found[order],
            "category_bits": bits[order],
            "row_ids": by_length[order].astype(np.uint32),
            **own,
        }
        progress(count - 3 * (count // 4))
        return cls(arrays, column, categories)

    def save(self, directory: Path) -> list[str]:
        """Write the index into ``directory``; returns the names of its files."""
        directory.mkdir(parents=True, exist_ok=True)
        names = []
        for name in _FILES:
            np.save(directory / f"{name}.npy", getattr(self, name))
            names.append(f"{name}.npy")
        (directory / "categories.json").write_text(json.dumps(list(self.categories)), "utf-8")
        return [*names, "categories.json"]

    @classmethod
    def load(cls, directory: Path, words: WordColumn) -> SuggestIndex:
        """Memory-map a saved index, whose rows' words are those of ``words`` (the column it
        was built with: the solver's letter index saves it)."""
        # Plain arrays over the mapping: numpy's memmap class costs microseconds an index.
        arrays = {
            name: np.asarray(np.load(directory / f"{name}.npy", mmap_mode="r")) for name in _FILES
        }
        categories = json.loads((directory / "categories.json").read_text("utf-8"))
        return cls(arrays, words, categories)


def _bits_dtype(categories: int) -> type[np.unsignedinteger[Any]]:
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if categories <= np.iinfo(dtype).bits:
            return dtype
    raise ValueError(f"at most 64 categories can be indexed, not {categories}")


def _each_lacks_at_most(rows: np.ndarray, query: np.unsignedinteger[Any], most: int) -> np.ndarray:
    """Rows whose bit set lacks at most ``most`` of the query's bits, and has at most
    ``most`` bits the query lacks."""
    lacking: np.ndarray = np.bitwise_count(query & ~rows) <= most
    lacking &= np.bitwise_count(rows & ~query) <= most
    return lacking


def _distinct(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted: ``np.unique`` without its overhead, which costs more
    than the sort on the few thousand prefixes a query reads."""
    ordered = np.sort(values)
    keep = np.ones(len(ordered), bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    distinct: np.ndarray = ordered[keep]
    return distinct


def _own_rows(
    category_bits: np.ndarray, categories: int, prefix_starts: np.ndarray, below: float
) -> dict[str, np.ndarray]:
    """The own rows of each category admitting fewer than ``below`` rows (rows sorted by
    prefix; see :class:`SuggestIndex`)."""
    own_categories, own_starts, own_rows = [], [], []
    taken = 0
    for category in range(categories):
        admitted = (category_bits & category_bits.dtype.type(1 << category)) != 0
        rows = np.flatnonzero(admitted)
        if len(rows) >= below:
            continue
        own_categories.append(category)
        own_starts.append((np.searchsorted(rows, prefix_starts) + taken).astype(np.uint32))
        own_rows.append(rows.astype(np.uint32))
        taken += len(rows)
    return {
        "own_categories": np.array(own_categories, np.uint8),
        "own_starts": np.array(own_starts, np.uint32).reshape(len(own_starts), len(prefix_starts)),
        "own_rows": np.concatenate(own_rows) if own_rows else np.zeros(0, np.uint32),
    }


def _variant_table(prefix_keys: np.ndarray, prefix_lengths: np.ndarray) -> dict[str, np.ndarray]:
    """For each deletion variant (at most :data:`MAX_EDITS` deletions) of the packed
    prefixes: the sorted distinct variant keys, and for each the prefixes it comes from and
    how many deletions made it from each."""
    ids = np.arange(len(prefix_keys), dtype=np.uint32)
    found_keys = [prefix_keys]
    found_ids = [ids]
    found_deletions = [np.zeros(len(ids), np.uint8)]
    frontier_keys, frontier_ids, frontier_lengths = prefix_keys, ids, prefix_lengths
    for deletions in range(1, MAX_EDITS + 1):
        next_keys, next_ids, next_lengths = [], [], []
        for position in range(PREFIX_LENGTH):
            has = frontier_lengths > position
            deleted = _delete(frontier_keys[has], position)
            next_keys.append(deleted)
            next_ids.append(frontier_ids[has])
            next_lengths.append(frontier_lengths[has] - 1)
        frontier_keys = np.concatenate(next_keys)
        frontier_ids = np.concatenate(next_ids)
        frontier_lengths = np.concatenate(next_lengths)
        found_keys.append(frontier_keys)
        found_ids.append(frontier_ids)
        found_deletions.append(np.full(len(frontier_ids), deletions, np.uint8))
    keys = np.concatenate(found_keys)
    owners = np.concatenate(found_ids)
    made_by = np.concatenate(found_deletions)
    order = np.lexsort((owners, keys))
    # A variant made from one prefix in several ways has one length: one deletion count.
    keys, owners, made_by = keys[order], owners[order], made_by[order]
    distinct = np.ones(len(keys), bool)
    distinct[1:] = (keys[1:] != keys[:-1]) | (owners[1:] != owners[:-1])
    keys, owners, made_by = keys[distinct], owners[distinct], made_by[distinct]
    variant_keys, first = np.unique(keys, return_index=True)
    return {
        "variant_keys": variant_keys,
        "variant_starts": np.append(first, len(keys)).astype(np.uint32),
        "variant_prefixes": owners,
        "variant_deletions": made_by,
    }


def _delete(keys: np.ndarray, position: int) -> np.ndarray:
    """Packed keys with the code at ``position`` removed (later codes move down one); a key
    shorter than that comes back unchanged."""
    one = keys.dtype.type(1)
    shift = keys.dtype.type(BITS_PER_CODE * position)
    low = keys & ((one << shift) - one)
    high = (keys >> (shift + keys.dtype.type(BITS_PER_CODE))) << shift
    deleted: np.ndarray = low | high
    return deleted


# --- ranking --------------------------------------------------------------------------------

#: How common a form is, as a Zipf value (higher is more common): the judge passes the
#: lexicon's lookup (:meth:`~wordsvc.lexicon.store.StoredLexicon.zipf`).
Commonness = Callable[[str], float]


def rank_key(near: Near, commonness: Commonness | None = None) -> tuple[int, float, int, str, str]:
    """How suggestions are ordered: nearest first; then the more common word, by
    ``commonness`` when given, else by the Zipf value the index found; then the word more of
    the asked categories admit; then Ukrainian alphabetical order (the spelling breaks ties
    such as м'ясо and мясо)."""
    common = -commonness(near.word) if commonness is not None else -near.zipf
    return (near.cost, common, -near.category_bits.bit_count(), sort_key(near.word), near.word)


def best_near(
    index: SuggestIndex,
    word: str,
    categories: int,
    *,
    limit: int,
    max_cost: int = MAX_EDITS * EDIT,
    commonness: Commonness | None = None,
) -> list[Near]:
    """The ``limit`` best words within ``max_cost`` half-edits that one of ``categories``
    (bits) admits, ordered by :func:`rank_key`.

    Words within one and a half edits share a deletion variant with at most one deletion a
    side, a far smaller set of candidates: when the categories' rows are many, they are
    looked for first, and the search within ``max_cost`` only runs when they are fewer than
    ``limit``. When a query reads few rows (its categories' own rows, at most
    :attr:`SuggestIndex.one_pass_up_to` of them), that first pass would cost about as much as
    it saves, and one search within ``max_cost`` runs. Either way the answer is the best
    ``limit`` of every word within ``max_cost``, since nearer words always rank first.
    """
    share = index.own_share(categories)
    one_pass = share is not None and share <= min(index.one_pass_up_to, index.own_rows_up_to)
    nearer = max_cost if one_pass else min(max_cost, EDIT + 1)
    found = index.near(word, nearer, categories)
    if len(found) < limit and max_cost > nearer:
        found = index.near(word, max_cost, categories)
    if len(found) > limit:  # rank only the words as near as the limit-th: fewer lookups
        cutoff = sorted(near.cost for near in found)[limit - 1]
        found = [near for near in found if near.cost <= cutoff]
    found.sort(key=lambda near: rank_key(near, commonness))
    return found[:limit]

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

import time
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from wordsvc.alphabet import MIN_WORD_LENGTH, letters_of
from wordsvc.errors import InternalError
from wordsvc.lexicon.letter_index import (
    ALL_SET_BITS,
    ENCODING,
    LETTER_INDEX,
    NIBBLE_MAX,
    PACKED_ROWS,
    SET_BIT,
    LetterIndex,
    unpack,
)
from wordsvc.lexicon.trie_search import Budget
from wordsvc.rules.words_of_magic.components import CardKind
from wordsvc.solver.hand import Hand
from wordsvc.solver.layout import Layouter, free_letter_uses, layouts
from wordsvc.solver.scoring import Evaluator, Play, Rank, new_rank


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
    #: Letter-set bits (SET_BIT: ґ shares г's) no letter card and no free letter covers.
    lacking: np.uint32

    @classmethod
    def of(cls, hand: Hand) -> Resources:
        letters = Counter(c.face_letter for c in hand.cards if c.kind is CardKind.LETTER)
        options = free_options(hand)
        return cls(
            letters=letters,
            letter_cards=sum(letters.values()),
            magic_cards=sum(1 for c in hand.cards if c.kind is CardKind.MAGIC),
            joker_cards=sum(1 for c in hand.cards if c.kind is CardKind.JOKER),
            tokens=hand.tokens,
            free_options=options,
            lacking=lacking_mask(letters, options),
        )

    @property
    def most_letters(self) -> int:
        free = len(self.free_options[-1])
        return self.letter_cards + self.magic_cards + self.joker_cards + free


def lacking_mask(letters: Counter[str], options: tuple[tuple[str, ...], ...]) -> np.uint32:
    """The letter-set bits no letter card and no free letter covers."""
    have = {SET_BIT[letter] for letter in letters}
    have |= {SET_BIT[letter] for option in options for letter in option}
    return np.uint32(sum(1 << bit for bit in ALL_SET_BITS - have))


def free_options(hand: Hand) -> tuple[tuple[str, ...], ...]:
    """The letters of each use of the free letters (:func:`free_letter_uses`), each once,
    those playing the fewest first."""
    options = {use.letters for use in free_letter_uses(hand)}
    return tuple(sorted(options, key=lambda o: (len(o), o)))


class StepBudget(Budget):
    """The search's budget, counted in steps so that the same request always stops at the
    same point and gives the same plays: one step per word laid out and scored, and one per
    :data:`ROWS_PER_STEP` index rows scanned.

    A wall-clock deadline is only a safety net for a machine far slower than expected (read
    every 64 steps); a search it stops is marked ``clock_stopped``.
    """

    def __init__(self, steps: int, seconds: float | None = None) -> None:
        super().__init__(steps)
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.clock_stopped = False
        self._until_check = 0

    def spend(self, steps: int = 1) -> bool:
        """Take ``steps`` steps; False once the budget (or the safety clock) is gone."""
        self._until_check -= steps
        if self._until_check <= 0 and self.deadline is not None:
            self._until_check = 64
            if time.perf_counter() > self.deadline:
                self.exhausted = self.clock_stopped = True
        self.left -= steps
        if self.left < 0:
            self.exhausted = True
        return not self.exhausted


#: Index rows one budget step scans (about as long as laying out and scoring one word).
ROWS_PER_STEP = 2048


@dataclass(frozen=True)
class RowFilter:
    """Cheap conditions on a candidate row, checked on the index's bytes for a whole block
    at once: the first and the last letter a pattern fixes (apostrophes are never first or
    last). The pattern's full check comes later, word by word."""

    first: str | None = None
    last: str | None = None

    def keep(self, index: LetterIndex, rows: np.ndarray) -> np.ndarray:
        """The rows (absolute numbers) that pass."""
        if self.first is not None:
            starts = np.asarray(index.offsets[rows]).astype(np.int64)
            rows = rows[np.asarray(index.text[starts]) == _byte(self.first)]
        if self.last is not None:
            ends = np.asarray(index.offsets[rows + 1]).astype(np.int64) - 2
            rows = rows[np.asarray(index.text[ends]) == _byte(self.last)]
        return rows


def _byte(letter: str) -> int:
    return letter.encode(ENCODING)[0]


#: Stands for "this use of the free letters cannot lay the word out" in token arrays.
UNUSABLE = np.iinfo(np.int16).max


def option_tokens(
    index: LetterIndex, resources: Resources, length: int, row_filter: RowFilter | None = None
) -> tuple[np.ndarray, dict[tuple[str, ...], np.ndarray]]:
    """Rows of the ``length``-letter words that may be laid out, and for each use of the free
    letters the fewest tokens each row needs with it (:data:`UNUSABLE` when it cannot),
    computed as :func:`~wordsvc.solver.layout.layouts` lays words out: letter cards first,
    then joker cards, then tokens on cards the word does not use."""
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

    jokers, tokens = resources.joker_cards, resources.tokens
    # First the letters no card or free letter has: only a joker or a token can stand for
    # each of them, so a word with more such distinct letters than those is out of reach.
    within = np.flatnonzero(
        np.bitwise_count(index.letter_sets(length) & resources.lacking) <= jokers + tokens
    )
    # The letters the hand's cards match, for the rows left: one table look-up per byte of
    # the index that holds a letter of the hand (two letters a byte).
    exact = np.zeros(len(within), np.uint8)
    for packed_row, lut in _match_tables(hand):
        exact += lut[index.packed[packed_row, start:stop][within]]
    # A coarse filter first: each free letter fills at most one gap or frees one card. With
    # spare = cards - exact + free, "missing <= jokers + min(tokens, spare)" splits into a
    # bound on exact and a condition on the length alone.
    free = len(resources.free_options[-1]) if resources.free_options else 0
    cards = resources.letter_cards + resources.magic_cards
    if length - free > jokers + cards + free:
        keep = np.zeros(len(within), bool)
    else:
        keep = exact >= max(0, length - free - jokers - tokens)
    rows, exact = within[keep], exact[keep].astype(np.int16)
    if row_filter is not None:
        kept = row_filter.keep(index, rows + start) - start
        exact = exact[np.searchsorted(rows, kept)]  # rows are sorted: find the kept ones
        rows = kept
    per_option: dict[tuple[str, ...], np.ndarray] = {}
    counts_of: dict[str, np.ndarray] = {}
    for option in resources.free_options:
        letters_left = length - len(option)
        usable = np.ones(len(rows), bool)
        option_exact = exact.copy()
        for letter, taken in Counter(option).items():
            counts = counts_of.get(letter)
            if counts is None:  # only the candidate rows of this length's block
                number = LETTER_INDEX[letter]
                packed = np.asarray(index.packed[number >> 1, start:stop])[rows]
                counts = counts_of[letter] = unpack(packed, number)
            usable &= counts >= taken
            left = np.maximum(counts.astype(np.int16) - taken, 0)
            option_exact += matched(letter, left) - matched(letter, counts)
        missing = letters_left - option_exact
        needed = np.maximum(missing - jokers, 0).astype(np.int16)
        spare = resources.letter_cards + resources.magic_cards - option_exact
        usable &= needed <= np.minimum(tokens, spare)
        per_option[option] = np.where(usable, needed, UNUSABLE).astype(np.int16)
    return rows + start, per_option


def _match_tables(hand: Counter[str]) -> list[tuple[int, np.ndarray]]:
    """For each byte row of the index holding a letter of the hand, a table from the byte's
    value to how many of the word's letters there the hand's cards match (a stored 15 means
    "15 or more": a hand with as many has enough)."""
    have = np.zeros(PACKED_ROWS * 2, np.int64)
    for letter, n in hand.items():
        have[LETTER_INDEX[letter]] = n
    byte = np.arange(256)
    tables = []
    for packed_row in sorted({LETTER_INDEX[letter] >> 1 for letter in hand}):
        table = np.zeros(256, np.int64)
        for nibble, h in ((byte & NIBBLE_MAX, have[2 * packed_row]),
                          (byte >> 4, have[2 * packed_row + 1])):  # fmt: skip
            table += (
                np.where(nibble >= NIBBLE_MAX, h, nibble)
                if h >= NIBBLE_MAX
                else (np.minimum(nibble, h))
            )
        tables.append((packed_row, table.astype(np.uint8)))
    return tables


def candidates(
    index: LetterIndex, resources: Resources, length: int, row_filter: RowFilter | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Rows of the ``length``-letter words the hand can lay out, and the fewest tokens each
    needs, for every use of the free letters at once."""
    rows, per_option = option_tokens(index, resources, length, row_filter)
    fewest = np.full(len(rows), UNUSABLE, np.int16)
    for needed in per_option.values():
        np.minimum(fewest, needed, out=fewest)
    keep = fewest <= resources.tokens
    return rows[keep], fewest[keep]


def lengths_to_scan(
    index: LetterIndex, resources: Resources, shortest: int = MIN_WORD_LENGTH
) -> range:
    """Word lengths from the longest the hand could reach down to ``shortest`` (at least the
    shortest allowed)."""
    shortest = max(shortest, MIN_WORD_LENGTH)
    return range(min(resources.most_letters, index.longest), shortest - 1, -1)


def formable_words(index: LetterIndex, hand: Hand) -> Iterator[str]:
    """Every word of the index the hand can lay out (3+ letters), longest first."""
    resources = Resources.of(hand)
    for length in lengths_to_scan(index, resources):
        rows, _ = candidates(index, resources, length)
        for row in rows:
            word = index.word(row)
            if layouts(word, hand):
                yield word


def _spend_scan(budget: Budget, rows: int) -> bool:
    """Charge the scan of ``rows`` index rows to the budget."""
    steps = 1 + rows // ROWS_PER_STEP
    if isinstance(budget, StepBudget):
        return budget.spend(steps)
    budget.left -= steps - 1
    return budget.spend()


@dataclass(frozen=True)
class TopPlays:
    plays: list[Play]  # best first
    complete: bool  # False when the budget ran out before the top N was proven
    words_scored: int  # words checked one by one (``accept``) and laid out


#: Above any stored Zipf value (hundredths): a length's head key ranks before all its words.
_ZIPF_CEILING = 1 << 16
#: Words read at a time from a ranked block when each must pass ``accept``.
_ACCEPT_CHUNK = 512


def _ranked_rows(
    order: np.ndarray,
    rows: np.ndarray,
    rank: np.ndarray,
    zipf: np.ndarray,
    option_ranks: list[np.ndarray],
    chunk: int,
) -> Iterator[tuple[int, int, int, int]]:
    """A ranked block's words as plain ints, ``chunk`` at a time (numpy scalars are slow one
    by one): (row, rank, Zipf units, reach), where bit j of reach is set when use j of the
    free letters reaches the word's best rank (only those uses are laid out)."""
    for begin in range(0, len(order), chunk):
        part = order[begin : begin + chunk]
        part_rank = rank[part]
        reach = np.zeros(len(part), np.int64)
        for j, option_rank in enumerate(option_ranks):
            reach |= (option_rank[part] == part_rank).astype(np.int64) << j
        yield from zip(
            rows[part].tolist(), part_rank.tolist(), zipf[part].tolist(), reach.tolist(),
            strict=True,
        )  # fmt: skip


def top_plays(
    index: LetterIndex,
    hand: Hand,
    evaluator: Evaluator,
    count: int,
    budget: Budget,
    *,
    accept: Callable[[str], bool] | None = None,
    shortest: int = MIN_WORD_LENGTH,
    row_filter: RowFilter | None = None,
    min_zipf_units: int = 0,
) -> TopPlays:
    """The ``count`` best plays by rank, each from a different word, of at least ``shortest``
    letters and ``min_zipf_units`` hundredths of Zipf, among the rows ``row_filter`` keeps
    and the words ``accept`` (if given) takes.

    Best-first branch and bound over word lengths: no play of length L scores more than
    ``evaluator.bound(L, 0)``, so lengths are scanned best bound first and the search stops
    when the next bound cannot beat the N-th play found. A scan ranks the whole block by exact
    score (:meth:`Evaluator.totals` with the fewest tokens of each use of the free letters),
    then by how common the word is, so only the words returned are laid out in Python, at the
    end.
    """
    resources = Resources.of(hand)
    layouter = Layouter(hand)
    options = layouter.free_letter_uses
    # A word's place before it is laid out: its :class:`Rank` with its row for the word
    # (rows are sorted by length, then by word, so the row is the word's tie-break).
    best: list[Rank[int]] = []  # sorted, at most ``count``
    tied: dict[int, int] = {}  # row -> bit j set when option j reaches its best
    checked = 0

    def head(length: int) -> Rank[int]:
        return Rank(-evaluator.bound(length, 0), -_ZIPF_CEILING, 0, -length, -1)

    def full() -> bool:
        return len(best) >= count

    lengths = sorted(lengths_to_scan(index, resources, shortest), key=head)
    for length in lengths:
        if full() and head(length) >= best[-1]:
            break  # lengths are in bound order: no later one can do better
        start, stop = index.rows(length)
        if budget.exhausted or not _spend_scan(budget, stop - start):
            break
        rows, per_option = option_tokens(index, resources, length, row_filter)
        if not len(rows):
            continue
        # Each (use of the free letters, tokens) pair has one exact score: rank the pairs
        # once, then every row's best is a minimum over small integers.
        pairs = sorted(
            {
                (-total, t)
                for option in options
                for t, total in enumerate(
                    evaluator.totals(length, option.position, len(option.letters))
                )
            }
        )
        dense = {pair: i for i, pair in enumerate(pairs)}
        worst = len(pairs)
        totals = sorted({neg_total for neg_total, _ in pairs})
        score_rank = np.array([totals.index(neg_total) for neg_total, _ in pairs], np.int16)
        option_ranks = []
        for option in options:
            option_totals = evaluator.totals(length, option.position, len(option.letters))
            ranks = [dense[-total, t] for t, total in enumerate(option_totals)]
            table = np.array([*ranks, worst], np.int16)
            needed = np.minimum(per_option[option.letters], resources.tokens + 1)
            option_ranks.append(table[needed])
        rank = np.minimum.reduce(option_ranks) if len(options) > 1 else option_ranks[0]
        zipf = np.asarray(index.zipf[rows], np.int32)
        usable = rank < worst
        if min_zipf_units > 0:
            usable &= zipf >= min_zipf_units
        found = np.flatnonzero(usable)
        # By score, then the more common word, then tokens; rows stay in word order.
        order = found[np.lexsort((rank[found], -zipf[found], score_rank[rank[found]]))]
        taken = 0
        # With ``accept`` the search may read past ``count`` words, without it never.
        chunk = count if accept is None else max(count, _ACCEPT_CHUNK)
        for row, row_rank, units, reached in _ranked_rows(
            order, rows, rank, zipf, option_ranks, chunk
        ):
            neg_total, tokens = pairs[row_rank]
            # The word's Rank: the row for the word, one word's play fields at their defaults.
            key: Rank[int] = new_rank(
                Rank, (neg_total, -units, tokens, -length, row, -1, "", 0, ())
            )
            if full() and key >= best[-1]:
                break  # the block is in rank order: the rest rank lower still
            if accept is not None:
                if not budget.spend():
                    break
                checked += 1
                if not accept(index.word(row)):
                    continue
            insort(best, key)
            tied[row] = reached
            del best[count:]
            taken += 1
            if taken >= count:
                break
        if budget.exhausted:
            break
    plays = []
    for key in best:
        word, mask = index.word(key.word), tied[key.word]
        letters = letters_of(word)
        laid = [layouter.layout(word, o.familiar, o.amazon, letters)
                for j, o in enumerate(options) if mask >> j & 1]  # fmt: skip
        play = evaluator.best_play([layout for layout in laid if layout is not None], -key.neg_zipf)
        if play is None:
            raise InternalError("the scan and the layouts disagree", {"word": word})
        if play.score.total != -key.neg_total:
            raise InternalError("totals and the laid-out play disagree", {"word": word})
        plays.append(play)
    return TopPlays(plays, complete=not budget.exhausted, words_scored=checked + len(plays))

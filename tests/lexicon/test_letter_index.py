"""The solver's letter index: rows by length, counts, letter sets, stored and loaded."""

from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsvc.alphabet import LETTERS
from wordsvc.lexicon.letter_index import SET_BIT, LetterIndex

words = st.lists(st.text(alphabet=LETTERS + "'", min_size=1, max_size=12), min_size=1, unique=True)


def test_every_letter_has_a_bit_and_only_g_and_ge_share_one():
    assert set(SET_BIT) == set(LETTERS)
    assert max(SET_BIT.values()) < 32
    shared = [letter for letter in LETTERS if list(SET_BIT.values()).count(SET_BIT[letter]) > 1]
    assert shared == ["г", "ґ"]


@settings(max_examples=60, deadline=None)
@given(words=words)
def test_letter_sets_hold_exactly_the_letters_of_each_word(words):
    index = LetterIndex.from_words(words)
    for row in range(len(index)):
        word = index.word(row)
        expected = sum({1 << SET_BIT[letter] for letter in word if letter in SET_BIT})
        assert int(index.sets[row]) == expected


def test_a_saved_index_loads_with_the_same_arrays(tmp_path: Path):
    index = LetterIndex.from_words(["ґава", "гава", "м'ясо", "кіт", "котики"], lambda w: len(w))
    names = index.save(tmp_path)
    assert "sets.npy" in names
    loaded = LetterIndex.load(tmp_path)
    for name in ("packed", "starts", "text", "offsets", "zipf", "sets"):
        assert np.array_equal(np.asarray(getattr(loaded, name)), np.asarray(getattr(index, name)))
    start, stop = loaded.rows(4)
    assert [loaded.word(r) for r in range(start, stop)] == ["гава", "м'ясо", "ґава"]

"""The word column: every word by row, read one at a time or many at once."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordsvc.alphabet import APOSTROPHE, LETTERS
from wordsvc.lexicon.suggest_index import SuggestIndex
from wordsvc.lexicon.word_column import WordColumn

words = st.lists(st.text(alphabet=LETTERS + APOSTROPHE, min_size=1, max_size=12), max_size=30)


@given(words, st.data())
def test_rows_read_back_the_words_in_their_order(listed, data):
    column = WordColumn.from_words(listed)
    assert len(column) == len(listed)
    assert column.all_words() == listed
    assert [column.word(row) for row in range(len(listed))] == listed
    rows = data.draw(st.lists(st.integers(0, max(len(listed) - 1, 0)), max_size=20))  # both ways
    if not listed:
        rows = []
    assert column.words(np.array(rows, np.int64)) == [listed[row] for row in rows]


def test_a_suggestion_index_refuses_a_column_of_other_words(tmp_path):
    index = SuggestIndex.from_words([("кіт", 1), ("кит", 1)], ["any"])
    index.save(tmp_path)
    with pytest.raises(ValueError, match="different builds"):
        SuggestIndex.load(tmp_path, WordColumn.from_words(["кіт"]))
    with pytest.raises(ValueError, match="exactly the indexed words"):
        SuggestIndex.from_words([("кіт", 1)], ["any"], column=WordColumn.from_words(["кит"]))

"""Index ranges as one array, against the plain Python concatenation."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from wordsvc.lexicon.ranges import ranges

spans = st.lists(st.tuples(st.integers(0, 50), st.integers(0, 6)), max_size=12)


@given(spans)
def test_ranges_concatenate_every_half_open_range(found):
    starts = np.array([start for start, _ in found], np.int64)
    stops = np.array([start + size for start, size in found], np.int64)
    expected = [i for start, size in found for i in range(start, start + size)]
    assert ranges(starts, stops).tolist() == expected

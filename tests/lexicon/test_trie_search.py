"""Trie searches against simple reference implementations (scan every word)."""

import re
from functools import cache

import marisa_trie
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsvc.alphabet import APOSTROPHE
from wordsvc.lexicon.trie_search import CHEAP_PAIRS, Pattern, match_pattern, nearest

small_words = st.text(alphabet="абгґиіоє", min_size=1, max_size=6)


def with_apostrophes(word: str, where: list[int]) -> str:
    out = word
    for i in sorted({p for p in where if 0 < p < len(word)}, reverse=True):
        out = out[:i] + APOSTROPHE + out[i:]
    return out


keys = st.builds(with_apostrophes, small_words, st.lists(st.integers(0, 6), max_size=2))
lexicons = st.lists(keys, min_size=1, max_size=40, unique=True)


def reference_distance(a: str, b: str) -> int:
    """Weighted Levenshtein in half-edits, the textbook way (no trie)."""

    def ins(ch: str) -> int:
        return 1 if ch == APOSTROPHE else 2

    @cache
    def d(i: int, j: int) -> int:
        if i == 0:
            return sum(ins(ch) for ch in b[:j])
        if j == 0:
            return sum(ins(ch) for ch in a[:i])
        sub = 0 if a[i - 1] == b[j - 1] else (1 if (a[i - 1], b[j - 1]) in CHEAP_PAIRS else 2)
        return min(d(i - 1, j) + ins(a[i - 1]), d(i, j - 1) + ins(b[j - 1]), d(i - 1, j - 1) + sub)

    return d(len(a), len(b))


@settings(max_examples=300)
@given(lexicons, keys)
def test_nearest_finds_exactly_the_words_within_two_edits(words, query):
    trie = marisa_trie.Trie(words)
    found = dict(nearest(trie, query, limit=10_000))
    expected = {
        w: reference_distance(query, w) / 2
        for w in words
        if w != query and reference_distance(query, w) <= 4
    }
    assert found == expected


def test_an_apostrophe_is_half_an_edit():
    trie = marisa_trie.Trie(["м'ясо", "масо"])
    assert nearest(trie, "мясо") == [("м'ясо", 0.5), ("масо", 1.0)]


patterns = st.text(alphabet="аби?*", min_size=1, max_size=6)


def reference_match(pattern: str, word: str) -> bool:
    letters = word.replace(APOSTROPHE, "")
    regex = "".join("." if t == "?" else ".*" if t == "*" else re.escape(t) for t in pattern)
    return re.fullmatch(regex, letters) is not None


@settings(max_examples=300)
@given(st.lists(st.builds(with_apostrophes, st.text("абив", min_size=1, max_size=6),
                          st.lists(st.integers(0, 6), max_size=1)), min_size=1, max_size=40,
                unique=True),
       patterns)  # fmt: skip
def test_pattern_matches_exactly_what_a_scan_finds(words, pattern):
    trie = marisa_trie.Trie(words)
    found = set(match_pattern(trie, Pattern(pattern)))
    assert found == {w for w in words if reference_match(pattern, w)}


def test_question_mark_skips_the_apostrophe():
    trie = marisa_trie.Trie(["м'ясо", "мясо", "місто"])
    assert set(match_pattern(trie, Pattern("м?со"))) == {"м'ясо", "мясо"}
    assert set(match_pattern(trie, Pattern("м??о"))) == {"м'ясо", "мясо"}
    assert set(match_pattern(trie, Pattern("м*о"))) == {"м'ясо", "мясо", "місто"}

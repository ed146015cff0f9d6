"""The anagram-trie walk against the reference oracle: scan every word, lay each one out."""

import marisa_trie
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordsvc.alphabet import letters_of
from wordsvc.lexicon.store import anagram_key
from wordsvc.lexicon.trie_search import Budget
from wordsvc.solver.hand import Hand
from wordsvc.solver.layout import layouts
from wordsvc.solver.search import formable_words

COMMON = "аоеинтрвсклмпудіяз"


@pytest.fixture(scope="module")
def small_lexicon(judge) -> list[str]:
    """About 2,500 real words: the anglicism and abbreviation categories."""
    words = set(judge.lexicon.word_set("anglicism").keys())
    words |= set(judge.lexicon.word_set("abbreviation").keys())
    return sorted(words)


@pytest.fixture(scope="module")
def small_anagrams(small_lexicon) -> marisa_trie.Trie:
    return marisa_trie.Trie(anagram_key(w) for w in small_lexicon)


def oracle(words: list[str], hand: Hand) -> set[str]:
    """Formable words by brute force: every word with 3+ letters that has a legal layout."""
    return {w for w in words if len(letters_of(w)) >= 3 and layouts(w, hand)}


hands = st.builds(
    lambda cards, tokens, familiar, character: Hand.from_data(
        {"cards": cards, "tokens": tokens, "familiar": familiar, "character": character}
    ),
    st.lists(st.sampled_from([*COMMON, "*", "Відродження"]), min_size=3, max_size=9),
    st.integers(0, 3),
    st.lists(
        st.fixed_dictionaries({"letter": st.sampled_from("аоеиі"), "available": st.booleans()}),
        max_size=3,
    ),
    st.sampled_from([None, "amazon", "druid"]),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(hand=hands)
def test_the_walk_finds_exactly_what_the_oracle_finds(small_lexicon, small_anagrams, hand):
    found = list(formable_words(small_anagrams, hand))
    assert len(found) == len(set(found))
    assert set(found) == oracle(small_lexicon, hand)


def test_nastya_finds_morozyvo_in_the_full_lexicon(judge):
    hand = Hand.from_data(
        {
            "cards": ["Ж", "З", "И", "М", "О", "Є", "*"],
            "tokens": 3,
            "familiar": [{"letter": "А"}, {"letter": "О"}, {"letter": "И", "available": False}],
        }
    )
    anagrams = judge.lexicon.word_set("playable.anagrams")
    assert "морозиво" in formable_words(anagrams, hand)


def test_sasha_finds_parkan_in_the_full_lexicon(judge):
    hand = Hand.from_data({"cards": ["К", "Р", "П", "А", "Н"], "character": "amazon"})
    anagrams = judge.lexicon.word_set("playable.anagrams")
    found = set(formable_words(anagrams, hand))
    assert "паркан" in found
    assert all(layouts(w, hand) for w in found)


def test_the_walk_stops_at_its_budget(judge):
    hand = Hand.from_data({"cards": ["к", "о", "т", "*", "*"], "tokens": 3})
    budget = Budget(1000)
    list(formable_words(judge.lexicon.word_set("playable.anagrams"), hand, budget))
    assert budget.exhausted

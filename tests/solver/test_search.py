"""The solver's search against simple oracles that scan every word of a small lexicon."""

import itertools
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordsvc.alphabet import letters_of
from wordsvc.lexicon.letter_index import LetterIndex
from wordsvc.lexicon.trie_search import Budget
from wordsvc.rules.words_of_magic.components import CardKind, Character
from wordsvc.rules.words_of_magic.turn import AMAZON_LETTER
from wordsvc.solver.hand import Hand, hand_of
from wordsvc.solver.layout import is_legal, layouts, usable_familiar
from wordsvc.solver.scoring import Evaluator, Mode, Table, Weights
from wordsvc.solver.search import Resources, candidates, formable_words, top_plays
from wordsvc.solver.solve import Solver, SolveRequest

COMMON = "аоеинтрвсклмпудіяз"
HYPOTHESIS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def small_lexicon(judge) -> list[str]:
    """About 2,500 real words: the anglicism and abbreviation categories."""
    words = set(judge.lexicon.word_set("anglicism").keys())
    words |= set(judge.lexicon.word_set("abbreviation").keys())
    return sorted(words)


@pytest.fixture(scope="module")
def small_index(small_lexicon) -> LetterIndex:
    return LetterIndex.from_words(small_lexicon)


def fewest_tokens(word: str, hand: Hand) -> int | None:
    """The oracle: letter counts with wildcard accounting, trying every use of the free
    letters. None when the hand cannot lay the word out."""
    need = Counter(letters_of(word))
    if sum(need.values()) < 3:
        return None
    return fewest_tokens_for(need, hand)


def fewest_tokens_for(need: Counter, hand: Hand) -> int | None:
    """The oracle on a word's letter counts (scripts/bench_solver.py uses it too)."""
    cards = Counter(c.letter for c in hand.cards if c.kind is CardKind.LETTER)
    jokers = sum(c.kind is CardKind.JOKER for c in hand.cards)
    magic = sum(c.kind is CardKind.MAGIC for c in hand.cards)
    familiar = [None, *{f.letter for f in usable_familiar(hand)}]
    amazon = [False, True] if hand.character is Character.AMAZON else [False]
    best = None
    for letter in familiar:
        for with_a in amazon:
            left = need.copy()
            left[letter] -= letter is not None
            left[AMAZON_LETTER] -= with_a
            if any(n < 0 for n in left.values()):
                continue
            matched = sum(min(n, cards[ch]) for ch, n in left.items())
            missing = sum(left.values()) - matched
            tokens = max(0, missing - jokers)
            if tokens <= min(hand.tokens, sum(cards.values()) - matched + magic):
                best = tokens if best is None else min(best, tokens)
    return best


hands = st.builds(
    lambda cards, tokens, familiar, character: hand_of(
        cards, tokens=tokens, familiar=familiar, character=character
    ),
    st.lists(st.sampled_from([*COMMON, "*", "Відродження"]), min_size=3, max_size=9),
    st.integers(0, 3),
    st.lists(st.tuples(st.sampled_from("аоеиі"), st.booleans()), max_size=3),
    st.sampled_from([None, "amazon", "druid"]),
)


@HYPOTHESIS
@given(hand=hands)
def test_the_search_finds_exactly_the_words_the_oracle_finds(small_lexicon, small_index, hand):
    found = list(formable_words(small_index, hand))
    assert len(found) == len(set(found))
    assert set(found) == {w for w in small_lexicon if fewest_tokens(w, hand) is not None}


@HYPOTHESIS
@given(hand=hands)
def test_candidates_need_the_fewest_tokens_the_oracle_finds(small_lexicon, small_index, hand):
    resources = Resources.of(hand)
    for length in range(3, resources.most_letters + 1):
        rows, tokens = candidates(small_index, resources, length)
        got = {small_index.word(r): int(t) for r, t in zip(rows, tokens, strict=True)}
        expected = {
            w: t
            for w in small_lexicon
            if len(letters_of(w)) == length and (t := fewest_tokens(w, hand)) is not None
        }
        assert got == expected


G_WORDS = ["ґава", "гава", "ґанок", "ганок", "ґудзик", "ґрунт", "гуга", "ґеґ", "нога", "дзига"]


@HYPOTHESIS
@given(
    cards=st.lists(st.sampled_from([*"гґавнокудзитр", "*"]), min_size=3, max_size=8),
    tokens=st.integers(0, 2),
)
def test_g_and_ge_sharing_a_letter_set_bit_never_changes_the_candidates(cards, tokens):
    """Г and Ґ share one bit of the letter sets: the scan must still tell them apart."""
    hand = hand_of(cards, tokens=tokens)
    index = LetterIndex.from_words(G_WORDS)
    assert set(formable_words(index, hand)) == {
        w for w in G_WORDS if fewest_tokens(w, hand) is not None
    }


@HYPOTHESIS
@given(hand=hands, count=st.integers(1, 12), mode=st.sampled_from(Mode))
def test_top_plays_equal_the_oracle_ranking(small_lexicon, small_index, hand, count, mode):
    """Branch and bound returns exactly the first plays of the full ranking, and every
    layout it returns is legal."""
    table = replace(Table.defaults(), mode=mode, players=4, deck=6)
    evaluator = Evaluator(hand, table, Weights.defaults())
    everything = ranking(small_lexicon, hand, evaluator)
    found = top_plays(small_index, hand, evaluator, count, Budget(1 << 40))
    assert found.complete
    assert [p.rank for p in found.plays] == [p.rank for p in everything[:count]]
    assert all(is_legal(p.layout, hand) for p in found.plays)


def ranking(words, hand, evaluator, keep=lambda word: True):
    """The oracle's ranking: every word laid out and scored in Python, sorted by rank."""
    plays = (evaluator.best_play(layouts(w, hand)) for w in words if keep(w))
    return sorted((p for p in plays if p is not None), key=lambda p: p.rank)


@HYPOTHESIS
@given(
    hand=hands,
    count=st.integers(1, 12),
    pattern=st.sampled_from(["а*", "*а", "к*т*", "?о*", "*и?"]),
    shortest=st.integers(3, 6),
)
def test_filters_keep_the_oracle_ranking(
    small_lexicon, small_index, hand, count, pattern, shortest
):
    """A pattern (its first and last letters checked on whole blocks, the rest word by word)
    and a shortest length give the oracle's ranking of the words that pass them."""
    from wordsvc.judge import parse_pattern
    from wordsvc.solver.search import RowFilter

    evaluator = Evaluator(hand, Table.defaults(), Weights.defaults())
    regex = parse_pattern(pattern).regex()

    def keep(word):
        return regex.fullmatch(letters_of(word)) is not None and len(letters_of(word)) >= shortest

    everything = ranking(small_lexicon, hand, evaluator, keep)
    tokens = parse_pattern(pattern).tokens
    row_filter = RowFilter(
        first=tokens[0] if tokens[0] not in "?*" else None,
        last=tokens[-1] if tokens[-1] not in "?*" else None,
    )
    found = top_plays(
        small_index, hand, evaluator, count, Budget(1 << 40),
        accept=lambda w: regex.fullmatch(letters_of(w)) is not None,
        shortest=shortest, row_filter=row_filter,
    )  # fmt: skip
    assert [p.rank for p in found.plays] == [p.rank for p in everything[:count]]


@pytest.fixture(scope="module")
def zipf_of(small_lexicon) -> dict[str, int]:
    """Made-up Zipf values (hundredths) with many ties, so that commonness decides often."""
    return {word: sum(map(ord, word)) % 5 * 100 for word in small_lexicon}


@pytest.fixture(scope="module")
def zipf_index(small_lexicon, zipf_of) -> LetterIndex:
    return LetterIndex.from_words(small_lexicon, zipf_of.__getitem__)


@HYPOTHESIS
@given(hand=hands, count=st.integers(1, 12), least=st.sampled_from([0, 100, 300]))
def test_more_common_words_rank_first_among_equal_scores(
    small_lexicon, zipf_index, zipf_of, hand, count, least
):
    """With Zipf values, the scan's order is the oracle's (score, then commonness, then
    tokens...), and ``min_zipf_units`` keeps exactly the words at least that common."""
    evaluator = Evaluator(hand, Table.defaults(), Weights.defaults(), zipf_units=zipf_of.get)
    everything = ranking(small_lexicon, hand, evaluator, lambda w: zipf_of[w] >= least)
    found = top_plays(zipf_index, hand, evaluator, count, Budget(1 << 40), min_zipf_units=least)
    assert [p.rank for p in found.plays] == [p.rank for p in everything[:count]]
    assert all(p.zipf is not None and p.zipf * 100 >= least for p in found.plays)
    for better, worse in itertools.pairwise(found.plays):
        if better.score.total == worse.score.total:
            assert better.zipf >= worse.zipf


def test_a_spent_budget_returns_what_it_found_marked_incomplete(small_index):
    hand = hand_of(["к", "о", "т", "*", "*"], tokens=3)
    evaluator = Evaluator(hand, Table.defaults(), Weights.defaults())
    found = top_plays(small_index, hand, evaluator, 10, Budget(0))
    assert not found.complete
    assert found.plays == []


NASTYA = hand_of(
    ["Ж", "З", "И", "М", "О", "Є", "*"],
    tokens=3,
    familiar=[("А", True), ("О", True), ("И", False)],
)


def test_nastya_finds_morozyvo_in_the_full_lexicon(judge):
    found = set(formable_words(judge.lexicon.letter_index, NASTYA))
    assert "морозиво" in found


def test_sasha_finds_parkan_in_the_full_lexicon(judge):
    hand = hand_of(["К", "Р", "П", "А", "Н"], character="amazon")
    found = set(formable_words(judge.lexicon.letter_index, hand))
    assert "паркан" in found
    assert all(layouts(w, hand) for w in found)


def test_the_solver_ranks_sashas_parkan_among_the_best(judge):
    solution = Solver(judge).solve(
        SolveRequest(
            hand_of(["К", "Р", "П", "А", "Н"], character="amazon"),
            categories=("noun-singular",),
        )
    )
    assert solution.complete
    best = solution.plays[0]
    assert best.layout.length == 6
    assert "паркан" in [p.layout.word for p in solution.plays if p.score == best.score]
    assert best.layout.cards_spent == (0, 1, 2, 3, 4)


def test_every_play_is_a_word_the_judge_accepts(judge):
    """`any` is a category like the others: a form only a category list has (a surzhyk or an
    anglicism) is not offered when no category is agreed."""
    solution = Solver(judge).solve(SolveRequest(NASTYA, limit=100))
    assert solution.plays
    for play in solution.plays:
        assert judge.check(play.layout.word, suggest=False).valid, play.layout.word

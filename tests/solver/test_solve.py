"""The solver's front door on the full lexicon: category indexes against a scan of each
category's words, budgets counted in steps, "can I make this word?", pattern and length."""

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from tests.solver.test_search import NASTYA, fewest_tokens
from wordsvc.errors import InvalidPattern, InvalidValue, UnknownCategory
from wordsvc.lexicon.letter_index import LetterIndex
from wordsvc.lexicon.store import StoredLexicon
from wordsvc.solver.category_index import CategoryIndexes, build_letter_index
from wordsvc.solver.errors import WordNotFormable, WordNotPlayable
from wordsvc.solver.hand import hand_of
from wordsvc.solver.layout import Source, is_legal, layouts
from wordsvc.solver.scoring import Evaluator
from wordsvc.solver.solve import Solver, SolveRequest
from wordsvc.solver.word import shortfall

HANDS = [
    NASTYA,
    hand_of(["к", "р", "п", "а", "н"], character="amazon"),
    hand_of(["т", "и", "с", "н", "у", "т", "и", "*"], tokens=1, familiar=[("а", True)]),
    hand_of(["в", "о", "д", "и", "т", "и", "р", "е"], tokens=2),
]


@pytest.fixture(scope="module")
def solver(judge) -> Solver:
    return Solver(judge)


def oracle(judge, request: SolveRequest, categories: list[str]) -> list:
    """Every word of the categories' tries, decided by letter counts, laid out and scored
    one by one in Python, sorted: no index, no vector scan, no bound."""
    words = set()
    for category in categories:
        words.update(judge.lexicon.word_set(category).keys())
    evaluator = Evaluator(
        request.hand, request.table, request.weights, zipf_units=judge.lexicon.zipf_table.units
    )
    plays = []
    for word in words:
        if fewest_tokens(word, request.hand) is not None:
            play = evaluator.best_play(layouts(word, request.hand))
            if play is not None:
                plays.append(play)
    return sorted(plays, key=lambda p: p.rank)[: request.limit]


@pytest.mark.parametrize(
    "categories", [["verb"], ["anglicism"], ["surzhyk"], ["anglicism", "abbreviation"]]
)
def test_category_indexes_give_the_oracle_ranking(judge, solver, categories):
    for hand in HANDS:
        request = SolveRequest(hand, categories=tuple(categories), limit=100)
        solution = solver.solve(request)
        assert solution.complete
        expected = oracle(judge, request, categories)
        assert [p.rank for p in solution.plays] == [p.rank for p in expected]
        assert all(is_legal(p.layout, hand) for p in solution.plays)


def test_a_narrow_category_gets_its_own_index_and_any_the_lexicons(judge, solver):
    assert solver.prepare(("verb",)) is not judge.lexicon.letter_index
    assert len(solver.prepare(("verb",))) == len(judge.lexicon.word_set("verb"))
    assert solver.prepare(()) is judge.lexicon.letter_index
    assert solver.indexes.uses_shared(["any"])


def test_a_category_index_is_written_beside_the_lexicon_and_read_back(settings):
    lexicon = StoredLexicon(settings.data_dir)
    built = CategoryIndexes(lexicon).get(["anglicism", "abbreviation"])
    again = CategoryIndexes(lexicon).get(["abbreviation", "anglicism"])  # a new process
    for a, b in [(built.packed, again.packed), (built.text, again.text)]:
        assert np.array_equal(np.asarray(a), np.asarray(b))
    stored = list(Path(lexicon.path, "solver", "categories").glob("set-*/categories.json"))
    assert stored


def test_the_fast_builder_writes_the_same_index_as_the_lexicons_builder(judge):
    words = list(judge.lexicon.word_set("verb").keys())
    units = judge.lexicon.zipf_table.units
    fast, reference = build_letter_index(words, units), LetterIndex.from_words(words, units)
    for a, b in [
        (fast.packed, reference.packed),
        (fast.starts, reference.starts),
        (fast.text, reference.text),
        (fast.offsets, reference.offsets),
        (fast.zipf, reference.zipf),
        (fast.sets, reference.sets),
    ]:
        assert np.array_equal(np.asarray(a), np.asarray(b))


def test_an_answer_cut_short_by_the_budget_is_the_same_every_time(solver):
    request = SolveRequest(NASTYA, limit=100, budget_ms=1)
    first, second = solver.solve(request), solver.solve(request)
    assert not first.complete
    assert first.steps == second.steps
    assert [p.rank for p in first.plays] == [p.rank for p in second.plays]


def test_unknown_categories_are_refused(solver):
    with pytest.raises(UnknownCategory):
        solver.solve(SolveRequest(NASTYA, categories=("nouns",)))


# --- "can I make this word?" ---------------------------------------------------------------


def test_nastya_makes_morozyvo_as_in_the_rulebook(solver):
    solution = solver.solve(SolveRequest(NASTYA, word="Морозиво", categories=("noun-singular",)))
    (play,) = solution.plays
    assert play.layout.word == "морозиво"
    sources = Counter(s.source for s in play.layout.slots)
    assert play.layout.tokens_used == 2
    assert sources[Source.JOKER_CARD] == 1
    assert sources[Source.FAMILIAR] == 1
    familiar = next(s for s in play.layout.slots if s.source is Source.FAMILIAR)
    assert familiar.letter == "о"
    assert play.score.total == 8.2  # docs/solver.md


def test_every_layout_of_a_word_is_offered_best_first(solver):
    """МАТИ with a joker card and the Familiar's И free: the И from the joker or from the
    Familiar (whose use is optional), each played its best way, the best first."""
    hand = hand_of(["м", "а", "т", "*", "к"], familiar=[("и", True), ("о", True)])
    solution = solver.solve(SolveRequest(hand, word="мати"))
    sources = [{s.source for s in play.layout.slots} for play in solution.plays]
    assert len(solution.plays) == 2
    assert any(Source.FAMILIAR in used for used in sources)
    assert any(Source.JOKER_CARD in used and Source.FAMILIAR not in used for used in sources)
    assert [p.rank for p in solution.plays] == sorted(p.rank for p in solution.plays)
    # The Familiar's property is a choice only where the Familiar is used.
    for play, used in zip(solution.plays, sources, strict=True):
        if Source.FAMILIAR not in used:
            assert play.property_values == []
    evaluator = Evaluator(hand, solution.request.table, solution.request.weights)
    best = evaluator.best_play(layouts("мати", hand))
    assert best is not None
    assert solution.plays[0].layout == best.layout


def test_a_word_the_judge_refuses_says_why(solver):
    with pytest.raises(WordNotPlayable) as refused:
        solver.solve(SolveRequest(NASTYA, word="котики", categories=("noun-singular",)))
    assert refused.value.code == "word_not_playable"
    assert refused.value.details["categories"][0]["reason"] == "plural"


def test_a_word_the_hand_cannot_form_says_what_it_lacks(solver):
    refused_without = hand_of(["Ж", "З", "И", "М", "О", "Є"], tokens=3, familiar=[("О", True)])
    with pytest.raises(WordNotFormable) as refused:
        solver.solve(SolveRequest(refused_without, word="морозиво"))
    details = refused.value.details
    assert refused.value.code == "word_not_formable"
    assert sorted(details["missing"]) == ["в", "о", "р"]
    assert details["more_needed"] == 1
    assert details["tokens_would_do"] is False  # three tokens is the most a player has
    assert "1 more joker card" in refused.value.message


def test_shortfall_agrees_with_layouts(judge):
    for hand in HANDS:
        for word in ["морозиво", "паркан", "тиснути", "водити", "кіт", "їжак"]:
            assert (shortfall(word, hand) is None) == bool(layouts(word, hand))


def test_input_that_is_no_word_is_refused(solver):
    with pytest.raises(InvalidValue):
        solver.solve(SolveRequest(NASTYA, min_length=0))
    with pytest.raises(InvalidPattern):
        solver.solve(SolveRequest(NASTYA, pattern="*"))


# --- pattern and min_length -------------------------------------------------------------------


def test_the_best_play_that_starts_with_m(judge, solver):
    solution = solver.solve(SolveRequest(NASTYA, pattern="м*", categories=("noun-singular",)))
    words = [p.layout.word for p in solution.plays]
    assert words
    assert all(w.startswith("м") for w in words)
    assert "морозиво" in words or solution.plays[-1].score.total >= 8.2
    unfiltered = solver.solve(SolveRequest(NASTYA, categories=("noun-singular",), limit=100))
    expected = [p.layout.word for p in unfiltered.plays if p.layout.word.startswith("м")]
    assert words == expected[: len(words)]


def test_min_length_and_a_pattern_in_the_middle(solver):
    solution = solver.solve(SolveRequest(NASTYA, pattern="*о?*", min_length=7, limit=20))
    assert solution.plays
    for play in solution.plays:
        assert play.layout.length >= 7
        assert "о" in play.layout.word[:-1]


def test_min_zipf_keeps_the_words_people_know_in_the_same_order(judge, solver):
    every = solver.solve(SolveRequest(NASTYA, limit=100))
    known = solver.solve(SolveRequest(NASTYA, limit=20, min_zipf=3.0))
    assert known.plays
    assert all(p.zipf is not None and p.zipf >= 3.0 for p in known.plays)
    assert all(judge.lexicon.zipf(p.layout.word) == p.zipf for p in known.plays)
    in_every = [p.layout.word for p in every.plays if p.zipf >= 3.0]
    shared = min(len(in_every), len(known.plays))
    assert shared >= 3  # of the 100 best plays, few are words people know
    assert [p.layout.word for p in known.plays][:shared] == in_every[:shared]
    assert any(p.zipf < 3.0 for p in every.plays)  # the filter has something to drop


def test_min_zipf_off_the_scale_is_refused(solver):
    with pytest.raises(InvalidValue) as info:
        solver.solve(SolveRequest(NASTYA, min_zipf=9.5))
    assert info.value.code == "invalid_min_zipf"


def test_category_indexes_are_bounded_on_disk_the_least_recently_used_removed(tmp_path):
    """Past the cap, the oldest sets go, never the one just written; nothing else is
    touched."""
    import os

    from wordsvc.solver.category_index import _bound

    for age, name in enumerate(("set-old", "set-mid", "set-new")):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "letters.npy").write_bytes(b"x" * 100)
        os.utime(folder, (1_000_000 + age, 1_000_000 + age))
    (tmp_path / "notes").write_text("kept")
    _bound(tmp_path, 200, keep=tmp_path / "set-old")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes", "set-new", "set-old"]


def test_an_index_is_never_written_into_a_lexicon_that_is_gone(tmp_path):
    """A lexicon replaced by a later build (its folder removed) is not re-created: the save
    fails, and the solver keeps the index in memory."""
    from wordsvc.solver.category_index import _save_atomically

    gone = tmp_path / "lexicon-old" / "solver" / "categories" / "set-x"
    with pytest.raises(FileNotFoundError):
        _save_atomically(None, gone, ("verb",))  # type: ignore[arg-type]
    assert not (tmp_path / "lexicon-old").exists()


def test_ready_says_whether_a_set_of_categories_costs_a_build(judge, tmp_path):
    indexes = CategoryIndexes(judge.lexicon)
    assert indexes.ready(["any"]) or len(judge.lexicon.word_set("any")) == 0
    ids = ("abbreviation", "anglicism")
    directory = indexes._directory(ids)
    if not directory.is_dir():
        assert not indexes.ready(list(ids))
    indexes.get(list(ids))
    assert indexes.ready(list(ids))

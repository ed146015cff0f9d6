"""The judge on the full lexicon: the rulebook's category table and typical disputes."""

import itertools

import pytest

from wordsvc.errors import InvalidPattern, InvalidWord, UnknownCategory
from wordsvc.judge import MAX_SEARCH_MATCHES

RULEBOOK_EXAMPLES = {
    "noun-singular": ["дуб", "вікно", "пісня"],
    "noun-plural": ["котики", "бобри", "абрикоси"],
    "adjective": ["світлий", "важке", "приємна"],
    "verb": ["прасувати", "мріяти", "відпочивати"],
    "proper-noun": ["Київ", "Гикач", "Микола"],
    "surzhyk": ["пропуск", "резина", "ножниці"],
    "anglicism": ["інфлюенсер", "ейчар", "інсайт"],
    "abbreviation": ["ЗНО", "ООН", "УЗД"],
}


@pytest.mark.parametrize(
    ("category", "word"),
    [(c, w) for c, words in RULEBOOK_EXAMPLES.items() for w in words],
)
def test_every_rulebook_example_is_accepted_in_its_category(judge, category, word):
    verdict = judge.check(word, [category])
    assert verdict.valid, verdict.categories
    assert verdict.categories[0].accepted
    assert verdict.categories[0].reason is None


@pytest.mark.parametrize(
    ("word", "category", "reason", "also"),
    [
        ("котики", "noun-singular", "plural", set()),
        ("вікна", "noun-singular", "wrong_case", {"plural"}),  # gen. sg. or nom. pl.
        ("бігати", "noun-singular", "not_a_noun", set()),
        ("бігав", "verb", "not_infinitive", set()),
        ("червоний", "noun-singular", "proper_noun", set()),  # only a surname as a noun
        ("дуб", "noun-plural", "singular", set()),
        ("мясо", "noun-singular", "not_in_dictionary", set()),  # only in the surzhyk list
        ("мясо", "any", "not_in_dictionary", set()),  # list words count in their category only
        ("Львів", "noun-singular", "proper_noun", set()),  # a place, tagged as a plain noun
        ("Україна", "noun-singular", "proper_noun", set()),
        ("шмяфкало", "noun-singular", "unknown_word", set()),
        ("ох", "any", "too_short", set()),
        ("будь-який", "any", "hyphenated", set()),
        ("дуб", "anglicism", "not_in_list", set()),
        ("вікно", "surzhyk", "normative", set()),
        ("дуб", "abbreviation", "not_an_abbreviation", set()),
    ],
)
def test_counter_examples_are_refused_with_the_right_reason(judge, word, category, reason, also):
    verdict = judge.check(word, [category])
    assert not verdict.valid
    result = verdict.categories[0]
    assert result.reason == reason
    assert also <= set(result.reasons)
    assert result.message
    assert result.message_uk


def test_a_word_passes_when_any_analysis_fits(judge):
    verdict = judge.check("дуба", ["noun-singular"])  # also a feminine nominative noun
    assert verdict.valid
    assert len({a.lemma for a in verdict.analyses}) >= 2


def test_several_categories_accept_if_one_does(judge):
    verdict = judge.check("котики", ["noun-singular", "noun-plural"])
    assert verdict.valid
    assert [c.accepted for c in verdict.categories] == [False, True]


def test_no_categories_means_any_word(judge):
    verdict = judge.check("бігав")
    assert verdict.valid
    assert [c.id for c in verdict.categories] == ["any"]


def test_places_from_the_dictionary_are_proper_nouns(judge):
    for place in ("Львів", "Україна", "Одеса"):
        assert judge.check(place, ["proper-noun"]).valid
    analyses = judge.check("Львів", ["proper-noun"]).analyses
    assert any("Prop" in a.grammemes for a in analyses)


def test_verb_variant_admits_every_form(judge):
    assert judge.check("бігав", ["verb:any"]).valid


def test_guesses_never_make_a_word_valid(judge):
    # pymorphy3 would guess a paradigm for these; the lexicon only holds dictionary forms.
    verdict = judge.check("шмяфкало")
    assert not verdict.valid
    assert verdict.analyses == ()


def test_the_verdict_explains_itself(judge):
    verdict = judge.check("Вікна", ["noun-singular"])
    assert verdict.word == "вікна"
    assert verdict.length == 5
    assert [c.code for c in verdict.normalisation] == ["lowercased"]
    analyses = verdict.analyses
    assert {a.lemma for a in analyses} == {"вікно"}
    assert all(a.source == "pymorphy3-dicts-uk" for a in analyses)
    assert any("nomn" in a.grammemes and "plur" in a.grammemes for a in analyses)
    assert all(a.description for a in analyses)


def test_apostrophe_counts_no_letter_and_any_apostrophe_works(judge):
    for typed in ("м'ясо", "м’ясо", "мʼясо", "М`ЯСО"):
        verdict = judge.check(typed, ["noun-singular"])
        assert verdict.valid
        assert verdict.word == "м'ясо"
        assert verdict.length == 4


def test_suggestions_offer_the_apostrophe(judge):
    verdict = judge.check("мясо", ["noun-singular"])
    assert verdict.suggestions[0].word == "м'ясо"
    assert verdict.suggestions[0].distance == 0.5
    assert all(s.distance <= 2 for s in verdict.suggestions)


def test_suggestions_come_from_the_asked_categories(judge):
    verdict = judge.check("котики", ["noun-singular"])
    singular = judge.lexicon.word_set("noun-singular")
    assert verdict.suggestions
    assert all(s.word in singular for s in verdict.suggestions)


#: Refused words of every kind: typos, other forms, surzhyk, non-words, short, hyphenated, long.
REFUSED = (
    "мясо", "котикж", "кніга", "сабака", "малако", "харашо", "щястя", "дєвушка", "ізвініть",
    "кракозябра", "зюзюка", "абвгд", "ххх", "кі", "будь-ласка", "читаю", "вікна", "гарного",
    "швидко", "перепілочкж", "щоякнайамурнішож", "ґанок", "гава", "єнот", "іграшкі", "пір'я",
    "пірья"
)  # fmt: skip
FOUR_CATEGORIES = ("noun-singular", "noun-plural", "adjective", "verb")


def test_suggestions_from_the_index_are_those_of_the_trie_walk(judge):
    """The index must give exactly what the walk over each category's trie gives."""
    for categories in (FOUR_CATEGORIES, ("noun-singular",), ("any", "surzhyk")):
        wanted = judge.registry.resolve(categories)
        for word in REFUSED:
            assert judge.suggestions(word, wanted) == judge.suggestions_by_walk(word, wanted), (
                categories,
                word,
            )


def test_suggestions_can_rank_by_commonness(judge):
    wanted = judge.registry.resolve(FOUR_CATEGORIES)
    plain = judge.suggestions("котикж", wanted)
    tied = [s for s in plain if s.distance == plain[0].distance]
    assert len(tied) > 1
    favourite = tied[-1].word
    boosted = {favourite: 7.0}
    ranked = judge.suggestions(
        "котикж", wanted, commonness=lambda w: boosted.get(w, judge.lexicon.zipf(w))
    )
    assert ranked[0].word == favourite
    assert ranked[0].zipf == 7.0
    assert {s.word for s in ranked} == {s.word for s in plain}


def test_suggestions_offer_words_people_know_before_rare_ones(judge):
    """Commonness first: a word people know (Zipf 3 or more), then the nearer; a rare word
    only within 1 edit, a typo of it. мясо: м'ясо, then common nouns 2 edits away, before
    місо (1 edit, Zipf 2.5)."""
    verdict = judge.check("мясо", ["noun-singular"])
    words = [s.word for s in verdict.suggestions]
    assert words[0] == "м'ясо"
    assert "місо" not in words
    assert all(s.zipf >= 3.0 for s in verdict.suggestions)
    found = judge.check("кніга", ["noun-singular"]).suggestions
    assert found[0].word == "книга"
    assert "кнага" not in [s.word for s in found]  # 1 edit, but no one writes it
    for first, second in itertools.pairwise(found):
        assert (first.zipf < 3.0, first.distance) <= (second.zipf < 3.0, second.distance)


def test_a_rare_word_is_suggested_only_when_it_is_a_typo_of_it(judge):
    wanted = judge.registry.resolve(["noun-singular"])
    found = judge.suggestions("азометін", wanted)  # і for и: half an edit
    assert found[0].word == "азометин"
    assert found[0].zipf == 0.0
    assert found[0].note is None
    assert all(s.distance <= 1 for s in found)  # азометан, 1 edit: a typo of it too


def test_a_non_normative_form_is_offered_only_as_a_surzhyk_form(judge):
    """«Києві» under nouns and surzhyk was offered київі, києв, київа, боєві: forms the
    dictionary marks non-normative. Now a standard word first, the surzhyk forms people
    write after it and marked so, and no rare one (києв, боєві)."""
    verdict = judge.check("Києві", ["noun-singular", "surzhyk"])
    offered = [(s.word, s.note) for s in verdict.suggestions]
    assert offered == [("ківі", None), ("київі", "surzhyk"), ("київа", "surzhyk")]
    assert all(s.zipf >= 3.0 for s in verdict.suggestions if s.note)
    # Without surzhyk agreed, no non-normative form at all.
    alone = judge.check("Києві", ["noun-singular"]).suggestions
    assert [(s.word, s.note) for s in alone] == [("ківі", None)]


def test_a_word_only_the_surzhyk_category_admits_is_a_surzhyk_suggestion(judge):
    wanted = judge.registry.resolve(["noun-singular", "surzhyk"])
    found = {s.word: s for s in judge.suggestions("шо", wanted)}
    assert found["шоу"].note is None
    surzhyk = [s for s in found.values() if s.categories == ("surzhyk",)]
    assert all(s.note == "surzhyk" for s in surzhyk)
    ranked = list(found.values())
    normative = [i for i, s in enumerate(ranked) if s.note is None]
    assert normative == list(range(len(normative)))  # standard words people know first


def test_verdicts_say_how_common_the_word_is(judge):
    """Both are dictionary words; only one is a word people know (wordfreq's Zipf)."""
    known, rare = judge.check("морозиво"), judge.check("азометин")
    assert known.valid
    assert rare.valid
    assert known.zipf == pytest.approx(3.85, abs=0.01)
    assert (known.commonness.id, known.commonness.label_uk) == ("ordinary", "звичайне")
    assert rare.zipf == 0.0
    assert rare.commonness.id == "unknown"
    assert judge.check("на", suggest=False).commonness.id == "common"
    assert judge.check("МОРОЗИВО").zipf == known.zipf  # as typed: capitals, stress marks...


def test_suggestions_rank_the_commoner_of_equally_near_words_first(judge):
    wanted = judge.registry.resolve(FOUR_CATEGORIES)
    found = judge.suggestions("котикж", wanted)
    for nearer, farther in itertools.pairwise(found):
        if nearer.distance == farther.distance:
            assert nearer.zipf >= farther.zipf
    assert any(s.zipf > 0 for s in found)
    # The index reads them by row from the solver's column: the same as a lookup by word.
    assert [s.zipf for s in found] == [judge.lexicon.zipf(s.word) for s in found]


def test_lemma_forms_without_a_case_in_the_dictionary_count_as_nominative(judge):
    # pymorphy3-dicts-uk tags котик as "NOUN,anim masc": no case. See docs/lexicon.md.
    assert judge.check("котик", ["noun-singular"]).valid


def test_not_a_word_raises_with_a_code(judge):
    with pytest.raises(InvalidWord) as info:
        judge.check("дуб42")
    assert info.value.code == "contains_digits"


def test_unknown_category_is_refused(judge):
    with pytest.raises(UnknownCategory) as info:
        judge.check("дуб", ["nouns"])
    assert "noun-singular" in info.value.details["known"]


def test_check_many_reports_bad_input_in_place(judge):
    results = judge.check_many(["дуб", "", "котики"], ["noun-singular"])
    assert results[0].valid
    assert isinstance(results[1], InvalidWord)
    assert results[1].code == "empty"
    assert not results[2].valid


def test_search_pattern_example(judge):
    page = judge.search("м?р*", ["noun-singular"], max_length=5, limit=500)
    assert "мир" in page.words
    assert "море" in page.words
    assert all(w[0] == "м" and w[2] == "р" for w in page.words)
    assert list(page.words) == sorted(page.words, key=__import__("wordsvc").alphabet.sort_key)


def test_search_pages_through_all_matches(judge):
    first = judge.search("кі?", ["noun-singular"], limit=2)
    assert first.total > 2
    seen = list(first.words)
    offset = first.next_offset
    while offset is not None:
        page = judge.search("кі?", ["noun-singular"], limit=2, offset=offset)
        seen.extend(page.words)
        offset = page.next_offset
    assert len(seen) == first.total == len(set(seen))
    assert "кіт" in seen


def test_search_accepts_what_people_type(judge):
    assert "м'ясо" in judge.search("М’Я?О").words


def test_search_filters_by_length(judge):
    page = judge.search("*ння", ["noun-singular"], min_length=5, max_length=5)
    assert page.words
    assert all(len(w.replace("'", "")) == 5 for w in page.words)


@pytest.mark.parametrize(
    ("pattern", "code"),
    [("", "empty_pattern"), ("*", "pattern_too_broad"), ("а-*", "hyphenated"),
     ("м?р1", "contains_digits"), ("'*", "pattern_too_broad"), ("**", "pattern_too_broad")],
)  # fmt: skip
def test_bad_patterns_are_refused(judge, pattern, code):
    with pytest.raises(InvalidPattern) as info:
        judge.search(pattern)
    assert info.value.code == code


def test_category_sets_agree_with_the_category_predicates(judge):
    """A sample of every category's trie is accepted by check, and a sample of refusals
    from the whole lexicon is absent from the trie: the two paths agree."""
    import itertools

    registry = judge.registry
    any_words = judge.lexicon.word_set("any")
    # The same sample for every category: a walk of the whole lexicon is taken once.
    sample = list(itertools.islice(any_words.iterkeys(), 0, None, len(any_words) // 300))
    for category in registry:
        members = judge.lexicon.word_set(category.id)
        for word in itertools.islice(members.iterkeys(), 0, None, max(1, len(members) // 200)):
            assert judge.check(word, [category.id], suggest=False).valid, (category.id, word)
        for word in sample:
            accepted = judge.check(word, [category.id], suggest=False).valid
            assert accepted == (word in members), (category.id, word)


@pytest.mark.parametrize("pattern", ["*ики", "*ок?", "???и", "к*и", "*о*ки", "*к?"])
def test_search_agrees_with_a_scan_of_the_category(judge, pattern):
    """Every search strategy (forward walk, subtree scan, backwards on the reversed trie)
    finds exactly what a plain regex scan of the category's trie finds."""
    import re

    from wordsvc.alphabet import sort_key

    regex = re.compile(pattern.replace("?", "[^']").replace("*", ".*"))
    trie = judge.lexicon.word_set("noun-plural")
    expected = sorted(
        (w for w in trie.iterkeys() if regex.fullmatch(w.replace("'", ""))), key=sort_key
    )
    page = judge.search(pattern, ["noun-plural"], limit=500)
    if len(expected) > MAX_SEARCH_MATCHES:
        assert page.truncated
        assert set(page.words) <= set(expected)
    else:
        assert page.total == len(expected)
        assert list(page.words) == expected[:500]


def test_wildcard_runs_cannot_blow_up_the_matcher(judge):
    # ?*?*... once made the regex backtrack for minutes; runs are now canonical (??*). The
    # rest (every key of the trie read, none 32 letters long) is bounded by the clock.
    page = judge.search("?*" * 31 + "ь")
    assert page.total == 0


def test_a_pattern_without_anchors_stops_at_its_budget(judge):
    page = judge.search("*ґ*ґ*ґ*ґ*")
    assert page.total < 100


def test_a_search_stops_at_its_deadline_and_says_it_is_partial(judge, monkeypatch):
    """A search's steps vary in cost (a key checked against a regex may backtrack), so it
    also stops at a deadline: with none left, the page is empty and says it is partial."""
    import wordsvc.judge as judge_module
    from wordsvc.lexicon.trie_search import ClockedBudget

    budget = ClockedBudget(1 << 40, 0.0)
    assert budget.spend() is False
    assert budget.exhausted
    monkeypatch.setattr(judge_module, "MAX_SEARCH_SECONDS", 0.0)
    page = judge.search("к?т")
    assert page.truncated
    assert page.total == 0


def test_apostrophe_ties_sort_by_spelling_so_pages_are_stable(judge):
    from wordsvc.judge import _alphabetical

    assert sorted(["мясо", "м'ясо"], key=_alphabetical) == ["м'ясо", "мясо"]
    assert sorted(["м'ясо", "мясо"], key=_alphabetical) == ["м'ясо", "мясо"]
    assert judge.search("м?со").words == judge.search("м?со").words


def test_house_words_are_valid_whatever_the_categories_say(judge):
    verdict = judge.check("Кракозябра", ["noun-singular"], house_words={"кракозябра"})
    assert verdict.valid
    assert verdict.house_word
    assert not any(c.accepted for c in verdict.categories)
    assert verdict.suggestions == ()
    plain = judge.check("дуб", ["noun-singular"], house_words={"кракозябра"})
    assert plain.valid
    assert not plain.house_word
    [batch] = judge.check_many(["кракозябра"], ["noun-singular"], house_words={"кракозябра"})
    assert batch.house_word


#: Among the most frequent words of Ukrainian, and uninflected: pymorphy3-dicts-uk lacks them,
#: dictionaries/words/uninflected.txt has them, so they pass without Debian's list too.
COMMON_UNINFLECTED = {"вже": "ADVB", "теж": "ADVB", "немає": "PRED", "нема": "PRED",
                      "ура": "INTJ", "добраніч": "INTJ", "агов": "INTJ", "тьху": "INTJ",
                      "алілуя": "INTJ"}  # fmt: skip


@pytest.mark.parametrize(("word", "pos"), COMMON_UNINFLECTED.items())
def test_common_uninflected_words_are_playable_on_every_install(judge, word, pos):
    verdict = judge.check(word, suggest=False)
    assert verdict.valid, verdict.categories
    assert ("words:uninflected", pos) in {(a.source, a.pos) for a in verdict.analyses}
    assert verdict.zipf > 3


@pytest.mark.parametrize(
    ("word", "normative"),
    [("нажаль", "на жаль"), ("доречі", "до речі"), ("тоже", "теж"), ("сейчас", "зараз"),
     ("даже", "навіть")],
)  # fmt: skip
def test_any_refuses_what_the_dictionary_marks_non_normative_and_says_how_to_write_it(
    judge, word, normative
):
    verdict = judge.check(word, ["any"], suggest=False)
    assert not verdict.valid
    assert verdict.categories[0].reason == "non_normative"
    assert "Суржик" in verdict.categories[0].message_uk
    assert verdict.normative[0] == normative
    assert judge.check(word, ["surzhyk"], suggest=False).valid


def test_a_normative_word_has_no_normative_spelling_to_suggest(judge):
    assert judge.check("жаль", suggest=False).normative == ()
    assert judge.check("речі", suggest=False).normative == ()


def test_a_refused_words_commonness_comes_from_the_frequency_list(judge):
    """Known to wordfreq, unknown to the lexicon: its Zipf value is still told."""
    verdict = judge.check("незнаю", ["any"], suggest=False)  # не знаю, misspelt
    assert verdict.categories[0].reason == "unknown_word"
    assert verdict.zipf > 1

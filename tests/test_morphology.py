from wordsvc.lexicon.store import Kind
from wordsvc.morphology import analysis_of, parse_tag


def test_parse_tag_splits_part_of_speech_and_grammemes():
    assert parse_tag("NOUN,inan masc,nomn") == ("NOUN", frozenset({"NOUN", "inan", "masc", "nomn"}))
    assert parse_tag("") == (None, frozenset())
    assert parse_tag("Capitalised") == (None, frozenset({"Capitalised"}))


def test_an_analysis_explains_itself_in_both_languages():
    analysis = analysis_of(Kind("pymorphy3-dicts-uk", "NOUN,inan plur,nomn"), "вікно")
    assert analysis.lemma == "вікно"
    assert analysis.pos == "NOUN"
    assert analysis.grammemes == ("NOUN", "inan", "nomn", "plur")
    assert analysis.description == (
        "іменник (noun)", "неістота (inanimate)", "множина (plural)", "називний (nominative)",
    )  # fmt: skip
    assert analysis.source == "pymorphy3-dicts-uk"


def test_every_grammeme_of_the_dictionary_has_a_label(judge):
    from wordsvc.morphology import grammeme_labels

    labels = grammeme_labels()
    missing = {g for kind in judge.lexicon.kinds for g in parse_tag(kind.tag)[1]} - set(labels)
    assert missing == set()

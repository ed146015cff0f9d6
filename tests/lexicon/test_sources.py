"""Source readers, with pymorphy3's own analyser as the oracle for the dictionary walk."""

import itertools

import pytest

from wordsvc.errors import ConfigurationError
from wordsvc.lexicon import sources
from wordsvc.lexicon.sources import capitalisation_tag, read_word_list


def test_the_dictionary_walk_agrees_with_pymorphy3():
    """Every 20,000th form: the (lemma, tag) pairs we read are exactly the analyses
    pymorphy3's DictionaryAnalyzer gives for that exact word (tags repaired as documented)."""
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang="uk")
    sample = list(itertools.islice(sources.iter_pymorphy(), 0, None, 20_000))
    assert len(sample) > 300
    by_word: dict[str, set] = {}
    for entry in sample:
        by_word.setdefault(entry.word, set()).add((entry.lemma, entry.tag.removesuffix(",nomn")))
    for word, ours in by_word.items():
        theirs = {
            (p.normal_form, str(p.tag).removesuffix(",nomn"))
            for p in morph.parse(word)
            if p.word == word and len(p.methods_stack) == 1
        }
        assert ours <= theirs, word


def test_capitalisation_pseudo_grammemes():
    assert capitalisation_tag("Київ") == "Capitalised"
    assert capitalisation_tag("ООН") == "Uppercase"
    assert capitalisation_tag("дуб") == ""
    assert capitalisation_tag("Я") == "Capitalised"


def test_word_lists_keep_their_header_and_report_bad_lines(tmp_path):
    path = tmp_path / "birds.txt"
    path.write_text(
        "# id: birds\n# name_en: Birds\nсорока  # magpie\n\nhello\nгоро’бець\n",
        encoding="utf-8",
    )
    birds = read_word_list(path)
    assert birds.meta == {"id": "birds", "name_en": "Birds"}
    assert birds.words == ("сорока", "горо’бець")
    assert birds.rejected == ((5, "hello", "not_cyrillic"),)
    assert [e.word for e in sources.list_entries(birds)] == ["сорока", "горо'бець"]


def test_a_missing_configured_system_wordlist_is_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", str(tmp_path / "nope"))
    with pytest.raises(ConfigurationError, match="WORDSVC_SYSTEM_WORDLIST"):
        sources.system_wordlist_path()
    monkeypatch.setenv("WORDSVC_SYSTEM_WORDLIST", "")
    assert sources.system_wordlist_path() is None

"""Source readers, with pymorphy3's own analyser as the oracle for the dictionary walk."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
    marked = 0
    for entry in sample:
        by_word.setdefault(entry.word, set()).add((entry.lemma, unmarked(entry.tag)))
        marked += entry.tag.count(",") > unmarked(entry.tag).count(",")
    for word, ours in by_word.items():
        theirs = {
            (p.normal_form, unmarked(str(p.tag)))
            for p in morph.parse(word)
            if p.word == word and len(p.methods_stack) == 1
        }
        assert ours <= theirs, word
    assert marked < len(sample) / 50, "lexeme marks are added to few forms"


def unmarked(tag: str) -> str:
    """A tag's grammemes in a canonical order, without the lexeme marks (which the walk adds
    per lexeme) and the nominative (which it adds to case-less lemmas)."""
    grammemes = set(tag.replace(" ", ",").split(",")) - {*sources.LEXEME_MARKS, "nomn"}
    return ",".join(sorted(grammemes))


def test_marks_of_a_lexeme_are_read_from_all_of_its_forms():
    # ГМО as the dictionary has it: Abbr on every form but the nominative singular
    forms = ["NOUN,Fixd,inan masc,nomn", "NOUN,Abbr,Fixd,masc,inan gent", "NOUN,Abbr,plur,nomn"]
    tagged = sources.lexeme_tags(forms)
    assert tagged[0] == "NOUN,Abbr,Fixd,inan masc,nomn"
    assert tagged[1:] == forms[1:]
    assert sources.lexeme_tags(["NOUN,Surn,masc,anim nomn", "NOUN,masc,anim gent"]) == [
        "NOUN,Surn,masc,anim nomn",
        "NOUN,Surn,masc,anim gent",
    ]
    assert sources.lexeme_tags(["NOUN,anim masc"]) == ["NOUN,anim masc,nomn"]  # repaired


GRAMMEMES = st.sampled_from(["Abbr", "Surn", "Name", "masc", "femn", "inan", "plur", "gent"])


@given(st.lists(st.lists(GRAMMEMES, max_size=4), min_size=1, max_size=6))
def test_every_form_of_a_lexeme_carries_the_same_lexeme_marks(forms):
    tags = [",".join(["NOUN", *grammemes, "nomn"]) for grammemes in forms]
    tagged = sources.lexeme_tags(tags)
    marks = [set(t.replace(" ", ",").split(",")) & set(sources.LEXEME_MARKS) for t in tagged]
    every = set().union(*(set(t.split(",")) for t in tags)) & set(sources.LEXEME_MARKS)
    assert all(m == every for m in marks)
    for before, after in zip(tags, tagged, strict=True):  # nothing else is lost or added
        assert set(after.split(",")) - set(sources.LEXEME_MARKS) == set(before.split(",")) - set(
            sources.LEXEME_MARKS
        )


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


def test_a_tagged_list_gives_each_entry_the_tag_in_its_comment(tmp_path):
    path = tmp_path / "uninflected.txt"
    path.write_text("# id: uninflected\n# tags: comment\nвже  # ADVB\nура\t# INTJ\n", "utf-8")
    tagged = read_word_list(path)
    assert tagged.tagged
    assert tagged.notes == ("ADVB", "INTJ")
    assert [(e.word, e.tag) for e in sources.list_entries(tagged)] == [
        ("вже", "ADVB"),
        ("ура", "INTJ"),
    ]


def test_an_untagged_lists_comments_are_notes_not_tags(tmp_path):
    path = tmp_path / "surzhyk.txt"
    path.write_text("# id: surzhyk\nтоже  # теж\nщас\n", "utf-8")
    plain = read_word_list(path)
    assert not plain.tagged
    assert plain.notes == ("теж", "")
    assert [e.tag for e in sources.list_entries(plain)] == ["", ""]

"""scripts/agreement.py's pure parts: the word sample, the grouping and the report. Neither
Hunspell nor the lexicon is needed (the script itself runs by hand)."""

import importlib.util
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parent.parent / "scripts"


def load(path: Path):
    """A script as a module, as tests/test_scripts.py loads them."""
    spec = importlib.util.spec_from_file_location(f"script_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # the scripts run only under __main__
    return module


agreement = load(FOLDER / "agreement.py")


@pytest.mark.parametrize(
    ("form", "word"),
    [
        ("мова", "мова"),
        ("п’ять", "п'ять"),  # the typographic apostrophe, read as the judge reads it
        ("пʼять", "п'ять"),
        ("ім'я", "ім'я"),  # three letters: the apostrophe is not one
        ("ґанок", "ґанок"),
    ],
)
def test_a_sample_form_is_read_as_the_judge_reads_it(form, word):
    assert agreement.sample_form(form) == word


@pytest.mark.parametrize(
    "form",
    [
        "що",  # two letters
        "п'я",  # two letters and an apostrophe
        "мы",  # a Russian letter
        "это",
        "cайт",  # a Latin c: no look-alike mapping for the sample
        "i'm",
        "будь-який",  # a hyphen
        "'ятий",  # an apostrophe at an end
        "ятий'",
        "covid19",
        "ковід19",
        "",
    ],
)
def test_the_sample_keeps_only_words_of_ukrainian_letters(form):
    assert agreement.sample_form(form) is None


def test_the_sample_keeps_wordfreq_ranks_and_the_first_of_two_spellings():
    forms = ["в", "мова", "п’ять", "the", "п'ять", "слово"]
    assert agreement.sample(forms) == {"мова": 2, "п'ять": 3, "слово": 6}
    assert list(agreement.sample(forms)) == ["мова", "п'ять", "слово"]


def test_hunspell_is_asked_about_both_apostrophes():
    assert agreement.hunspell_spellings("мова") == ("мова",)
    assert agreement.hunspell_spellings("п'ять") == ("п'ять", "п’ять")


@pytest.mark.parametrize(
    ("judge", "hunspell", "outcome"),
    [
        (True, True, "both accept"),
        (False, False, "both refuse"),
        (True, False, "judge only"),
        (False, True, "hunspell only"),
    ],
)
def test_outcomes(judge, hunspell, outcome):
    assert agreement.outcome(judge, hunspell) == outcome


def test_groups_come_biggest_first_and_keep_the_words_order():
    words = ["в", "а", "б", "г", "д"]
    key = {"в": "x", "а": "y", "б": "x", "г": "z", "д": "y"}.get
    grouped = agreement.group(words, key)
    assert list(grouped.items()) == [("x", ["в", "б"]), ("y", ["а", "д"]), ("z", ["г"])]


@pytest.mark.parametrize(
    ("grammemes", "mark"),
    [
        (("NOUN", "anim", "masc", "nomn"), None),
        (("NOUN", "Surn", "masc", "nomn"), "proper noun"),
        (("NOUN", "Abbr", "Prop", "nomn"), "proper noun"),
        (("NOUN", "Abbr", "nomn"), "abbreviation"),
        (("ADVB", "Slng"), "slang"),
        (("ADJF", "alt"), "alternative spelling"),
    ],
)
def test_a_dictionary_reading_is_named_by_its_mark(grammemes, mark):
    assert agreement.mark_of(grammemes) == mark


def test_the_plainest_accepting_reading_names_the_group():
    dictionary = agreement.DICTIONARY_SOURCE
    proper = agreement.reading_label(dictionary, "NOUN", ("NOUN", "Name", "nomn"))
    plain = agreement.reading_label(dictionary, "VERB", ("VERB", "1per"))
    slang = agreement.reading_label(dictionary, None, ("Slng",))
    listed = agreement.reading_label("words:uninflected", "INTJ", ("INTJ",))
    debian = agreement.reading_label("system-wordlist", None, ())
    assert proper[1] == f"{dictionary} NOUN, proper noun"
    assert slang[1] == f"{dictionary} (no part of speech), slang"
    assert listed[1] == "words:uninflected"
    assert agreement.accepted_by([debian, proper, plain]) == f"{dictionary} VERB"
    assert agreement.accepted_by([debian, slang, proper]) == slang[1]
    assert agreement.accepted_by([debian, listed]) == "words:uninflected"
    assert agreement.accepted_by([]) is None


@pytest.mark.parametrize(
    ("word", "group"),
    [
        ("котам", "a form of a word the judge accepts (Hunspell's stem)"),
        ("ммм", "no vowel: a sound or an interjection"),
        ("кхм", "no vowel: a sound or an interjection"),
        ("еее", "repeated letters or syllables: an interjection"),
        ("хаха", "repeated letters or syllables: an interjection"),
        ("блаблабла", "repeated letters or syllables: an interjection"),
        ("шмоткам", "a form of a word the judge lacks too (Hunspell's stem)"),
        ("стріт", "a word of one form in Hunspell: to review"),
    ],
)
def test_unknown_words_are_guessed_at(word, group):
    stems = {"котам": ["кіт"], "шмоткам": ["шмотка"]}
    assert agreement.unknown_group(word, stems, {"кіт"}.__contains__) == group


def judged(accepted, reason=None, by=None):
    return agreement.Judged(accepted, reason, by)


def comparison():
    ranks = {"мова": 1, "київ": 2, "ммм": 3, "агов": 4, "сбу": 5, "щось": 6, "стріт": 7}
    judge = {
        "мова": judged(True, by="pymorphy3-dicts-uk NOUN"),
        "київ": judged(False, "wrong_case"),
        "ммм": judged(False, "unknown_word"),
        "агов": judged(True, by="words:uninflected"),
        "сбу": judged(True, by="pymorphy3-dicts-uk NOUN, abbreviation"),
        "щось": judged(False, "unknown_word"),
        "стріт": judged(False, "unknown_word"),
    }
    hunspell = {"мова", "київ", "ммм", "стріт"}
    return agreement.compare(ranks, judge, hunspell, lambda w: f"guess {len(w)}")


def test_the_comparison_counts_outcomes_and_groups_disagreements_by_cause():
    c = comparison()
    assert {k: len(v) for k, v in c.outcomes.items()} == {
        "both accept": 1,
        "both refuse": 1,
        "judge only": 2,
        "hunspell only": 3,
    }
    assert c.hunspell_only == {"unknown_word": ["ммм", "стріт"], "wrong_case": ["київ"]}
    assert c.unknown == {"guess 3": ["ммм"], "guess 5": ["стріт"]}
    assert c.unknown_words == ["ммм", "стріт"]
    assert c.judge_only == {
        "pymorphy3-dicts-uk NOUN, abbreviation": ["сбу"],
        "words:uninflected": ["агов"],
    }


def test_the_json_holds_the_numbers_and_the_unknown_words_with_their_ranks():
    data = comparison().as_json(1, {"top": 7})
    assert data["top"] == 7
    assert data["sample"] == 7
    assert data["counts"]["hunspell only"] == 3
    assert data["hunspell_only_by_reason"]["unknown_word"] == {"count": 2, "examples": ["ммм"]}
    assert data["unknown_word"] == [["ммм", 3], ["стріт", 7]]


def test_the_report_shows_counts_and_examples_with_ranks():
    text = "\n".join(agreement.report_lines(comparison(), 1, {"top": 7}))
    assert "top: 7" in text
    assert (
        "Of the 4 forms Hunspell accepts, the judge refuses 3, 2 of them as unknown_word." in text
    )
    assert "hunspell only        3" in text
    assert "unknown_word: 2\n      ммм (3), ..." in text
    assert "wrong_case: 1\n      київ (2)\n" in text
    assert "words:uninflected: 1" in text


def test_without_hunspell_and_root_it_says_so_and_exits_2(monkeypatch, capsys):
    monkeypatch.setattr(agreement, "hunspell_missing", lambda: ["the hunspell command"])
    monkeypatch.setattr(agreement.os, "geteuid", lambda: 1000)
    assert agreement.main([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("agreement: the hunspell command missing")

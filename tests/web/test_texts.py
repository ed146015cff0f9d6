"""Every text of the page exists in Ukrainian and English, with the same placeholders."""

import re
import string

import pytest

from wordsvc.alphabet import CHANGE_CODES, WORD_ERRORS
from wordsvc.web.present import (
    category_groups,
    change_text,
    page_url,
    reading,
    suggestion_note,
)
from wordsvc.web.texts import TEXTS, grammeme_labels, parse_lang, problem_text, table, text


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_key_has_both_languages_with_the_same_placeholders(key):
    uk, en = TEXTS[key]
    assert uk.strip()
    assert en.strip()
    assert placeholders(uk) == placeholders(en)


def test_the_ukrainian_texts_are_ukrainian():
    cyrillic = [key for key, (uk, _) in TEXTS.items() if re.search("[а-яіїєґ]", uk, re.I)]
    # Only the switch to English, and texts that are names or numbers, are not in Cyrillic.
    assert set(TEXTS) - set(cyrillic) == {"switch_lang", "switch_lang_label"}


def test_every_code_the_judge_reports_has_a_text():
    assert all(f"change.{code}" in TEXTS for code in CHANGE_CODES)
    assert all(f"refusal.{code}" in TEXTS for code in WORD_ERRORS)


def test_problem_texts_fill_details_or_give_way_to_the_apis_detail():
    assert problem_text("unknown_card", "en", {"card": "Q"}) == "Unknown card: Q."
    assert problem_text("unknown_card", "en", {}) is None  # the page shows the API's detail
    assert problem_text("no_such_code", "uk") is None
    assert problem_text("contains_digits", "uk") == text("refusal.contains_digits", "uk")


def test_the_language_defaults_to_ukrainian():
    assert parse_lang(None) == "uk"
    assert parse_lang("fr") == "uk"
    assert parse_lang("en") == "en"


def test_the_table_for_the_module_has_every_text_and_grammeme_labels():
    for lang in ("uk", "en"):
        data = table(lang)
        assert set(data["texts"]) == set(TEXTS)
        assert data["grammemes"] == grammeme_labels(lang)
    assert grammeme_labels("uk")["nomn"] == "називний"
    assert grammeme_labels("en")["nomn"] == "nominative"


def test_changes_name_the_characters_read():
    apostrophe = {"code": "apostrophe_unified", "message": "", "details": {"from": ["ʼ"]}}
    assert change_text(apostrophe, "uk") == "апостроф ʼ прочитано як '"
    latin = {"code": "latin_lookalikes", "message": "", "details": {"mapped": {"o": "о"}}}
    assert change_text(latin, "en") == "read the Latin letters o→о as Cyrillic"
    unknown = {"code": "new_code", "message": "Did something new.", "details": {}}
    assert change_text(unknown, "uk") == "Did something new."


def test_readings():
    analysis = {"tag": "NOUN,inan neut,nomn"}
    assert reading(analysis, "uk") == "іменник, неістота, середній рід, називний"


def test_links_leave_out_defaults():
    assert page_url("/", "uk") == "/"
    assert page_url("/", "uk", view="check", w="кіт") == "/?w=%D0%BA%D1%96%D1%82"
    assert page_url("/", "en", view="solve") == "/?view=solve&lang=en"


def test_categories_that_share_a_reason_are_one_line_in_the_first_ones_place():
    def verdict(id_, accepted, reason=None):
        message = "Accepted." if accepted else f"Because {reason}."
        return {"id": id_, "accepted": accepted, "reason": reason, "message": message,
                "message_uk": message}  # fmt: skip

    categories = [
        verdict("noun-singular", False, "too_short"),
        verdict("adjective", False, "not_an_adjective"),
        verdict("verb", False, "too_short"),
        verdict("surzhyk", True),
        verdict("anglicism", True),
    ]
    groups = category_groups({"categories": categories})
    assert [(g["ids"], g["accepted"], g["reason"]) for g in groups] == [
        (["noun-singular", "verb"], False, "too_short"),
        (["adjective"], False, "not_an_adjective"),
        (["surzhyk", "anglicism"], True, None),
    ]
    assert groups[0]["message"] == "Because too_short."
    assert category_groups({"categories": []}) == []


def test_a_suggestions_note_is_said_in_words():
    assert suggestion_note({"word": "київі", "note": "surzhyk"}, "uk") == "суржик"
    assert suggestion_note({"word": "київі", "note": "surzhyk"}, "en") == "surzhyk"
    assert suggestion_note({"word": "ківі", "note": None}, "uk") is None
    assert suggestion_note({"word": "ківі", "note": "new_code"}, "en") == "with a note"


def test_plural_forms_are_one_few_many_in_ukrainian_and_one_other_in_english():
    for key, (uk, en) in TEXTS.items():
        if "|" in uk or "|" in en:
            assert (uk.count("|"), en.count("|")) == (2, 1), key

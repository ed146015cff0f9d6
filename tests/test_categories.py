"""The category registry: declared categories, custom lists, and how rules judge."""

from pathlib import Path

import pytest

from wordsvc.categories import Check, Rule, load_registry
from wordsvc.config import DEFAULT_DICTIONARIES_DIR
from wordsvc.errors import ConfigurationError, UnknownCategory


@pytest.fixture
def lists(tmp_path: Path) -> Path:
    folder = tmp_path / "categories"
    folder.mkdir()
    return tmp_path


def write_list(dictionaries: Path, name: str, text: str) -> None:
    (dictionaries / "categories" / name).write_text(text, encoding="utf-8")


def test_the_shipped_registry_has_every_category_of_the_issue():
    registry = load_registry(DEFAULT_DICTIONARIES_DIR)
    ids = [c.id for c in registry]
    assert ids[:11] == [
        "any", "any:all", "noun-singular", "noun-plural", "adjective", "verb", "verb:any",
        "proper-noun", "surzhyk", "anglicism", "abbreviation",
    ]  # fmt: skip
    for category in registry:
        assert category.name_uk
        assert category.name_en
        assert category.description
    for reason in {c.reason for cat in registry for r in cat.rules for c in r.checks}:
        assert registry.message(reason, "en") != reason.replace("_", " "), reason
        assert registry.message(reason, "uk") != reason.replace("_", " "), reason


def test_a_new_list_file_is_a_custom_category(lists):
    write_list(lists, "birds.txt", "# name_uk: Птахи\n# name_en: Birds\nсорока\n")
    registry = load_registry(lists)
    birds = registry.get("birds")
    assert birds.name_uk == "Птахи"
    assert birds.list_file == "birds.txt"
    assert birds.judge("list:birds", "").accepted
    assert birds.judge("pymorphy3-dicts-uk", "NOUN,nomn").reason == "not_in_list"


@pytest.mark.parametrize("name", ["verb.txt", "Birds.txt", "bad_id.txt"])
def test_a_list_that_cannot_be_a_category_is_refused(lists, name):
    write_list(lists, name, "сорока\n")
    with pytest.raises(ConfigurationError):
        load_registry(lists)


def test_no_categories_means_any_and_unknown_ones_are_refused():
    registry = load_registry(DEFAULT_DICTIONARIES_DIR)
    assert [c.id for c in registry.resolve(None)] == ["any"]
    assert [c.id for c in registry.resolve(["", " "])] == ["any"]
    assert [c.id for c in registry.resolve(["verb", "verb"])] == ["verb"]
    with pytest.raises(UnknownCategory):
        registry.resolve(["nouns"])


def test_a_folder_without_word_lists_is_refused_not_read_as_empty(lists):
    with pytest.raises(ConfigurationError, match="holds no word lists") as raised:
        load_registry(lists)
    assert raised.value.code == "no_dictionaries"


def test_the_surzhyk_lists_comments_give_normative_equivalents():
    equivalents = load_registry(DEFAULT_DICTIONARIES_DIR).equivalents
    assert equivalents["тоже"] == ("теж",)
    assert equivalents["канєшно"] == ("звичайно", "звісно")
    assert equivalents["білет"] == ("квиток (проїзний, у кіно)",)  # commas in brackets stay


def test_the_first_failing_check_names_the_reason():
    rule = Rule(
        sources=("pymorphy3-dicts-uk",),
        checks=(
            Check("not_a_noun", require=frozenset({"NOUN"})),
            Check("plural", forbid=frozenset({"plur"})),
            Check("wrong_case", require=frozenset({"nomn"})),
        ),
        missing_reason="not_in_dictionary",
    )
    noun = frozenset({"NOUN", "nomn"})
    assert rule.judge("pymorphy3-dicts-uk", noun).accepted
    assert rule.judge("pymorphy3-dicts-uk", frozenset({"NOUN", "plur"})).reason == "plural"
    gent = rule.judge("pymorphy3-dicts-uk", frozenset({"NOUN", "gent"}))
    plural_gent = rule.judge("pymorphy3-dicts-uk", frozenset({"NOUN", "plur", "gent"}))
    assert gent.progress > plural_gent.progress
    missing = rule.judge("list:x", noun)
    assert missing.reason == "not_in_dictionary"
    assert missing.progress < plural_gent.progress


def test_the_closest_miss_fails_the_fewest_checks():
    """Київ under noun-singular: the place fails one check (a proper noun), the genitive
    plural of "кий" two (plural, case); the place explains the refusal, though the other got
    further before its first failure."""
    rule = Rule(
        sources=("pymorphy3-dicts-uk",),
        checks=(
            Check("not_a_noun", require=frozenset({"NOUN"})),
            Check("proper_noun", forbid=frozenset({"Prop"})),
            Check("plural", forbid=frozenset({"plur"})),
            Check("wrong_case", require=frozenset({"nomn"})),
        ),
    )
    place = rule.judge("pymorphy3-dicts-uk", frozenset({"NOUN", "Prop", "sing", "nomn"}))
    cues = rule.judge("pymorphy3-dicts-uk", frozenset({"NOUN", "plur", "gent"}))
    assert (place.reason, cues.reason) == ("proper_noun", "plural")
    assert place.progress > cues.progress
    one_late = rule.judge("pymorphy3-dicts-uk", frozenset({"NOUN", "sing", "gent"}))
    assert one_late.progress > place.progress, "as many failures: the later first failure"


ANY_CASES = [
    ("котові", True),  # a common noun in any case
    ("бігав", True),  # any verb form
    ("Шевченко", True),  # a surname in the nominative
    ("Шевченка", False),  # ... but not in the genitive
    ("Києве", False),  # nor a place in the vocative
    ("Київ", True),
]


@pytest.mark.parametrize(("word", "playable"), ANY_CASES)
def test_any_is_what_a_table_reads_as_any_word(judge, word, playable):
    assert judge.check(word, ["any"], suggest=False).valid is playable
    assert judge.check(word, [], suggest=False).valid is playable, "no category means any"
    assert judge.check(word, ["any:all"], suggest=False).valid, "any:all admits every form"


def test_a_proper_noun_out_of_the_nominative_says_so(judge):
    verdict = judge.check("Шевченка", ["any"], suggest=False)
    assert verdict.categories[0].reason == "wrong_case"


def test_source_patterns_with_a_star_match_by_prefix():
    rule = Rule(sources=("words:*",))
    assert rule.covers("words:house")
    assert not rule.covers("list:house")


@pytest.mark.parametrize(
    ("word", "category", "reason"),
    [
        ("ГМО", "noun-singular", "abbreviation"),  # the dictionary leaves Abbr off this form
        ("ЄБРР", "noun-singular", "abbreviation"),  # a capitalised lemma: in capitals
        ("Іркутськ", "noun-singular", "proper_noun"),  # a place the dictionary calls common
        ("Шевченка", "any", "wrong_case"),  # a surname, whatever its second reading
    ],
)
def test_lexeme_marks_refuse_abbreviations_and_proper_nouns_as_common_nouns(
    judge, word, category, reason
):
    """The same verdicts with and without Debian's word list (CI runs the suite both ways)."""
    verdict = judge.check(word, [category], suggest=False)
    assert not verdict.valid
    assert verdict.categories[0].reason == reason


@pytest.mark.parametrize(
    ("word", "category"),
    [("ГМО", "abbreviation"), ("ЄБРР", "abbreviation"), ("Іркутськ", "proper-noun")],
)
def test_they_are_playable_in_their_own_category(judge, word, category):
    assert judge.check(word, [category], suggest=False).valid

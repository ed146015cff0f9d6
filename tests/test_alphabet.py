import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordsvc.alphabet import (
    APOSTROPHE,
    APOSTROPHE_VARIANTS,
    CHANGE_CODES,
    LETTERS,
    MAX_INPUT_LENGTH,
    WORD_ERRORS,
    normalise,
    sort_key,
    word_length,
)
from wordsvc.errors import InvalidWord

words = st.text(alphabet=LETTERS, min_size=1, max_size=20)


def codes(text: str) -> list[str]:
    return [c.code for c in normalise(text).changes]


@pytest.mark.parametrize("variant", sorted(APOSTROPHE_VARIANTS))
def test_every_apostrophe_becomes_the_canonical_one(variant):
    result = normalise(f"м{variant}ясо")
    assert result.word == f"м{APOSTROPHE}ясо"
    assert result.length == 4  # the apostrophe is not a letter
    if variant != APOSTROPHE:
        assert "apostrophe_unified" in codes(f"м{variant}ясо")


def test_stress_marks_are_removed_and_reported():
    assert normalise("мрі\u0301яти").word == "мріяти"
    assert codes("мрі\u0301яти") == ["stress_removed"]


def test_decomposed_letters_are_composed():
    result = normalise("и\u0306од")  # й typed as и + combining breve
    assert result.word == "йод"
    assert "nfc" in codes("и\u0306од")


def test_capitals_are_folded_and_reported():
    result = normalise("Київ")
    assert result.word == "київ"
    assert codes("Київ") == ["lowercased"]
    assert result.original == "Київ"


def test_latin_lookalikes_in_a_cyrillic_word_are_mapped():
    result = normalise("кiт")  # Latin i
    assert result.word == "кіт"
    change = result.changes[0]
    assert change.code == "latin_lookalikes"
    assert change.details["mapped"] == {"i": "і"}


def test_latin_capital_lookalikes_keep_track_of_case():
    assert normalise("KИЇВ").word == "київ"
    assert normalise("BОДА").word == "вода"  # capital B looks like В


@given(st.text(max_size=80))
def test_normalise_either_returns_a_lexicon_key_or_refuses_with_a_code(text):
    from wordsvc.alphabet import is_lexicon_key

    try:
        result = normalise(text)
    except InvalidWord as exc:
        refusal = exc
    else:
        assert is_lexicon_key(result.word)
        return
    assert refusal.code
    assert refusal.message


def test_spaces_around_are_trimmed():
    assert normalise("  дуб\n").word == "дуб"
    assert codes("  дуб") == ["trimmed"]


#: (input, the code it is refused with): every code of WORD_ERRORS at least once.
REFUSALS = [
    ("", "empty"),
    ("   ", "empty"),
    ("дуб2", "contains_digits"),
    ("два слова", "contains_spaces"),
    ("дуб🌳", "contains_symbols"),
    ("дуб!", "contains_punctuation"),
    ("hello", "not_cyrillic"),
    ("слоwо", "mixed_scripts"),
    ("ёлка", "non_ukrainian_letters"),
    ("қіт", "non_ukrainian_letters"),
    ("кѣт", "non_ukrainian_letters"),
    ("\u200b", "empty"),
    ("соbака", "mixed_scripts"),  # small b looks like no Ukrainian letter
    ("'дуб", "misplaced_punctuation"),
    ("дуб-", "misplaced_punctuation"),
    ("ж" * (MAX_INPUT_LENGTH + 1), "too_long"),
    ("Ελλάδα", "not_cyrillic"),
    ("дуб\x07", "invalid_characters"),  # a control character: no letter, digit or symbol
]


@pytest.mark.parametrize(("text", "code"), REFUSALS)
def test_input_that_is_not_a_word_is_refused_with_a_code(text, code):
    with pytest.raises(InvalidWord) as info:
        normalise(text)
    assert info.value.code == code
    assert info.value.message


def test_every_declared_refusal_has_an_example():
    assert {code for _, code in REFUSALS} == set(WORD_ERRORS)


#: Text that mixes what normalisation handles: letters of several scripts, look-alikes,
#: apostrophes, hyphens, stress, invisible characters, digits, spaces, symbols, controls.
typed = st.text(
    alphabet=st.sampled_from(LETTERS + "КОabcoxyzÏ'’ʼ`-–\u0301\u200b\u00ad ё1!🌳Ελ\x07\u0308"),
    max_size=12,
) | st.text(max_size=12)


@given(typed)
def test_normalise_refuses_and_reports_only_declared_codes(text):
    """WORD_ERRORS and CHANGE_CODES are what the API documents and the page has texts for:
    a code normalise uses that they do not list fails here."""
    codes: set[str]
    try:
        codes = {change.code for change in normalise(text).changes}
        declared = set(CHANGE_CODES)
    except InvalidWord as refused:
        codes, declared = {refused.code}, set(WORD_ERRORS)
    assert codes <= declared


def test_non_string_input_is_refused():
    with pytest.raises(InvalidWord) as info:
        normalise(42)  # type: ignore[arg-type]
    assert info.value.code == "not_a_string"


def test_hyphenated_words_normalise_and_say_so():
    result = normalise("будь–який")  # en dash
    assert result.word == "будь-який"
    assert result.is_hyphenated
    assert result.length == 8


@given(words)
def test_normalised_words_are_fixed_points(word):
    once = normalise(word)
    assert normalise(once.word).word == once.word
    assert normalise(once.word).changes == ()


@given(words, st.data())
def test_case_never_changes_the_word(word, data):
    flips = data.draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
    mixed = "".join(ch.upper() if flip else ch for ch, flip in zip(word, flips, strict=True))
    assert normalise(mixed).word == word


@given(words, st.sampled_from(sorted(APOSTROPHE_VARIANTS)), st.data())
def test_length_counts_letters_only(word, apostrophe, data):
    if len(word) < 2:
        return
    cut = data.draw(st.integers(1, len(word) - 1))
    result = normalise(word[:cut] + apostrophe + word[cut:])
    assert result.length == len(word) == word_length(result.word)


@given(st.lists(st.text(alphabet=LETTERS + "'-ab ", max_size=8), max_size=12))
def test_sort_key_orders_as_the_places_of_the_letters(words):
    """The string key against the plain one: the tuple of each letter's place."""

    def places(word: str) -> tuple[int, ...]:
        return tuple(LETTERS.index(ch) for ch in word if ch in LETTERS)

    assert [places(w) for w in sorted(words, key=sort_key)] == sorted(map(places, words))


def test_ukrainian_alphabetical_order():
    ordered = sorted(["ґава", "гава", "іва", "ива", "єва", "ева", "їжа"], key=sort_key)
    assert ordered == ["гава", "ґава", "ева", "єва", "ива", "іва", "їжа"]

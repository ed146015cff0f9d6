"""The Ukrainian alphabet and the normalisation of what people type.

Everything above this layer works on *normalised* words: NFC, lower case, no stress marks,
the one canonical apostrophe, Cyrillic letters only. :func:`normalise` turns raw input into
such a word and reports every change it made, so that a table can see why "Мя́со" was read
as "мясо". Input that cannot be a word is refused with a stable code.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from wordsvc.errors import InvalidWord

#: The 33 letters of the Ukrainian alphabet, in alphabetical order.
LETTERS = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"
LETTER_SET = frozenset(LETTERS)
_NOT_A_LETTER = re.compile(f"[^{LETTERS}]")

#: The apostrophe used in every normalised word. It is the one pymorphy3's dictionary uses.
APOSTROPHE = "'"
#: Every character people type for the apostrophe.
APOSTROPHE_VARIANTS = frozenset("'’ʼ‘`´′ʹ")
HYPHEN = "-"
HYPHEN_VARIANTS = frozenset("-‐‑‒–—")

#: Combining marks people use for stress; removed.
STRESS_MARKS = frozenset("\u0301\u0300")
#: Characters that are invisible and carry no meaning in a word; removed.
INVISIBLE = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff")

#: Latin letters that look like Cyrillic ones, as typed on the wrong keyboard layout. Capitals
#: and small letters apart: B looks like В, but b looks like no Ukrainian letter.
LATIN_LOOKALIKES: dict[str, str] = {
    "a": "а", "c": "с", "e": "е", "i": "і", "k": "к", "o": "о", "p": "р", "x": "х",
    "y": "у", "ï": "ї",
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "I": "І", "K": "К", "M": "М",
    "O": "О", "P": "Р", "T": "Т", "X": "Х", "Y": "У", "Ï": "Ї",
}  # fmt: skip

MAX_INPUT_LENGTH = 64
MIN_WORD_LENGTH = 3

#: Why a string can be no word at all: every code :func:`normalise` refuses text with (and
#: ``not_a_string`` for a value that is no text, which no wire model lets through).
WORD_ERRORS = (
    "empty", "too_long", "misplaced_punctuation", "non_ukrainian_letters", "contains_digits",
    "contains_spaces", "contains_punctuation", "contains_symbols", "invalid_characters",
    "not_cyrillic", "mixed_scripts",
)  # fmt: skip
#: What :func:`normalise` may do to the input, each reported as a :class:`Change`.
CHANGE_CODES = (
    "trimmed", "nfc", "invisible_removed", "stress_removed", "apostrophe_unified",
    "hyphen_unified", "latin_lookalikes", "lowercased",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Change:
    """One thing normalisation did to the input, with a stable code."""

    code: str
    message: str
    details: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NormalisedWord:
    """A word as the lexicon spells it, with what was done to get there."""

    original: str
    word: str
    changes: tuple[Change, ...]

    @property
    def length(self) -> int:
        return word_length(self.word)

    @property
    def is_hyphenated(self) -> bool:
        return HYPHEN in self.word


def letters_of(word: str) -> str:
    """The letters of a word, without apostrophes and hyphens: what cards must spell."""
    return _NOT_A_LETTER.sub("", word)


def word_length(word: str) -> int:
    """Letters in a normalised word: the apostrophe and the hyphen are not letters."""
    return len(word) - word.count(APOSTROPHE) - word.count(HYPHEN)


_LEXICON_KEY = re.compile(f"[{LETTERS}]+(?:['-][{LETTERS}]+)*")


def is_lexicon_key(word: str) -> bool:
    """True if ``word`` is spelled only with Ukrainian letters, apostrophes and hyphens,
    each apostrophe and hyphen standing between letters."""
    return _LEXICON_KEY.fullmatch(word) is not None


def fold_case(text: str) -> str:
    """Lower-case a lexicon entry the way :func:`normalise` does."""
    return text.lower()


def normalise(text: object) -> NormalisedWord:
    """Turn what a person typed into a lexicon word, or raise :class:`InvalidWord`.

    Steps, each reported when it changed something: trim, NFC, drop invisible characters and
    stress marks, unify apostrophes and hyphens, map Latin look-alikes in an otherwise
    Cyrillic word, lower-case.
    """
    if not isinstance(text, str):
        raise InvalidWord("not_a_string", "A word must be a string.")
    original = text
    if len(text) > MAX_INPUT_LENGTH:
        raise InvalidWord(
            "too_long",
            f"A word has at most {MAX_INPUT_LENGTH} characters; this input has {len(text)}.",
            {"max_length": MAX_INPUT_LENGTH, "length": len(text)},
        )
    if _LEXICON_KEY.fullmatch(text):  # already normalised: the common case, kept fast
        return NormalisedWord(original=original, word=text, changes=())
    changes: list[Change] = []
    stripped = text.strip()
    if stripped != text:
        changes.append(Change("trimmed", "Removed spaces around the word."))
    if not stripped:
        raise InvalidWord("empty", "The word is empty.")
    word = normalise_fragment(stripped, changes)
    if not word:
        raise InvalidWord("empty", "The word is empty once invisible characters are removed.")
    if not is_lexicon_key(word):
        raise InvalidWord(
            "misplaced_punctuation",
            "An apostrophe or a hyphen must stand between two letters.",
            {"word": word},
        )
    return NormalisedWord(original=original, word=word, changes=tuple(changes))


def normalise_fragment(
    text: str, changes: list[Change], extra: frozenset[str] = frozenset()
) -> str:
    """Normalise a piece of a word (no trimming, no check of where apostrophes stand).

    ``extra`` names characters to let through untouched, such as the wildcards of a pattern.
    """
    nfc = unicodedata.normalize("NFC", text)
    if nfc != text:
        changes.append(Change("nfc", "Composed letters and accents (Unicode NFC)."))
    text = _drop(nfc, INVISIBLE, changes, "invisible_removed", "Removed invisible characters.")
    decomposed = unicodedata.normalize("NFD", text)
    if any(ch in STRESS_MARKS for ch in decomposed):
        text = unicodedata.normalize(
            "NFC", "".join(ch for ch in decomposed if ch not in STRESS_MARKS)
        )
        changes.append(Change("stress_removed", "Removed stress marks."))
    text = _unify(text, APOSTROPHE_VARIANTS, APOSTROPHE, changes, "apostrophe_unified")
    text = _unify(text, HYPHEN_VARIANTS, HYPHEN, changes, "hyphen_unified")
    _refuse_non_letters(text, extra)
    text = _map_lookalikes(text, changes)
    lowered = fold_case(text)
    if lowered != text:
        changes.append(Change("lowercased", "Changed capital letters to lower case."))
    foreign = sorted({ch for ch in lowered if ch.isalpha() and ch not in LETTER_SET})
    if foreign:
        raise InvalidWord(
            "non_ukrainian_letters",
            f"Letters that are not in the Ukrainian alphabet: {' '.join(foreign)}.",
            {"letters": foreign},
        )
    return lowered


def _drop(text: str, chars: frozenset[str], changes: list[Change], code: str, msg: str) -> str:
    kept = "".join(ch for ch in text if ch not in chars)
    if kept != text:
        changes.append(Change(code, msg))
    return kept


def _unify(
    text: str, variants: frozenset[str], canonical: str, changes: list[Change], code: str
) -> str:
    found = sorted({ch for ch in text if ch in variants and ch != canonical})
    if not found:
        return text
    what = "apostrophe" if canonical == APOSTROPHE else "hyphen"
    changes.append(
        Change(
            code,
            f"Read {' '.join(found)} as the {what} {canonical}.",
            {"from": found, "to": canonical},
        )
    )
    return "".join(canonical if ch in variants else ch for ch in text)


def _refuse_non_letters(text: str, extra: frozenset[str] = frozenset()) -> None:
    """Refuse digits, spaces, emoji and punctuation with a code that says which."""
    for ch in text:
        if ch in (APOSTROPHE, HYPHEN) or ch in extra or ch.isalpha():
            continue
        if ch.isdigit():
            raise InvalidWord("contains_digits", "A word cannot contain digits.", {"char": ch})
        if ch.isspace():
            raise InvalidWord(
                "contains_spaces", "Give one word at a time, without spaces.", {"char": ch}
            )
        category = unicodedata.category(ch)
        code = {"S": "contains_symbols", "P": "contains_punctuation"}.get(
            category[0], "invalid_characters"
        )
        raise InvalidWord(
            code,
            f"A word cannot contain {unicodedata.name(ch, repr(ch))}.",
            {"char": ch, "unicode_category": category},
        )


def _map_lookalikes(text: str, changes: list[Change]) -> str:
    """Map Latin look-alikes to Cyrillic when the rest of the word is Cyrillic."""
    cyrillic = [ch for ch in text if _script(ch) == "cyrillic"]
    others = [ch for ch in text if ch.isalpha() and _script(ch) != "cyrillic"]
    if not others:
        return text
    scripts = sorted({_script(ch) for ch in others})
    if not cyrillic:
        raise InvalidWord(
            "not_cyrillic",
            "The word is not written in Cyrillic letters.",
            {"scripts": scripts},
        )
    unmapped = sorted({ch for ch in others if ch not in LATIN_LOOKALIKES})
    if unmapped:
        raise InvalidWord(
            "mixed_scripts",
            f"Letters from another script in a Cyrillic word: {' '.join(unmapped)}.",
            {"letters": unmapped, "scripts": scripts},
        )
    mapped: dict[str, str] = {}
    result = []
    for ch in text:
        if ch in others:
            target = LATIN_LOOKALIKES[ch]
            mapped[ch] = target
            result.append(target)
        else:
            result.append(ch)
    changes.append(
        Change(
            "latin_lookalikes",
            "Read Latin look-alike letters as Cyrillic: "
            + ", ".join(f"{k}→{v}" for k, v in sorted(mapped.items())),
            {"mapped": mapped},
        )
    )
    return "".join(result)


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0].lower() if name else "unknown"


def sort_key(word: str) -> str:
    """Ukrainian alphabetical order (і after и, ґ after г), anything but a letter ignored:
    each letter becomes the character of its place in the alphabet (1 to 33), so that keys
    compare as plain strings, made by one ``str.translate``."""
    if not _COLLATED.issuperset(word):
        word = "".join(ch for ch in word if ch in LETTER_SET)
    return word.translate(_COLLATION)


_ORDER = {ch: i for i, ch in enumerate(LETTERS)}
_COLLATION = str.maketrans({ch: chr(i + 1) for ch, i in _ORDER.items()} | {"'": None, "-": None})
_COLLATED = LETTER_SET | {"'", "-"}

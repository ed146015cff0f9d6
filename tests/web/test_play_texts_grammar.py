"""The play pages' Ukrainian needs no name's gender or case: a player's name (typed by anyone,
or a bot's) goes into a sentence as it is, so no template may make a word agree with it.
Read by the morphology (pymorphy3's Ukrainian dictionary), over every template that takes a
name and every log line (which the page starts with the player's name):

- no past-tense verb, which takes the subject's gender ("Оксана обрав");
- no preposition right before a name, which would want it in another case ("в Оксана");
- no personal pronoun for a player ("коли це його стосується");
- a verb right after a name is in the present (or future) and singular; after a list of
  names, no verb at all ("{names} покладуть" with one name).
"""

from __future__ import annotations

import re
from functools import cache

import pymorphy3
import pytest

from wordsvc.web.play_texts import PLAY_TEXTS

#: The fields that hold a player's name, and the one that holds a list of them.
NAME_FIELDS = ("name", "target", "from")
LIST_FIELD = "names"
PREPOSITIONS = frozenset({
    "в", "у", "за", "з", "із", "зі", "від", "до", "для", "на", "про", "під", "над", "між",
    "без", "через", "по", "при", "біля", "серед", "проти",
})  # fmt: skip
PRONOUNS = frozenset({"він", "вона", "його", "її", "йому", "їй", "ним", "нею", "сам", "сама"})
WORD = r"[А-Яа-яІіЇїЄєҐґ'’]+"


@cache
def analyzer() -> pymorphy3.MorphAnalyzer:
    return pymorphy3.MorphAnalyzer(lang="uk")


def tags(word: str) -> list[object]:
    return [parse.tag for parse in analyzer().parse(word.lower())]


def is_verb(word: str) -> bool:
    return any("VERB" in tag for tag in tags(word))


def named(key: str, text: str) -> bool:
    fields = set(re.findall(r"\{(\w+)\}", text))
    return bool(fields & {*NAME_FIELDS, LIST_FIELD}) or ".log." in key or key.startswith("log_")


CHECKED = sorted(key for key, (uk, _) in PLAY_TEXTS.items() if named(key, uk))


def problems(text: str) -> list[str]:
    found = []
    plain = re.sub(r"\{\w+\}", " ", text)
    for word in re.findall(WORD, plain):
        best = tags(word)[0]
        if "VERB" in best and "past" in best and ("masc" in best or "femn" in best):
            found.append(f"a past tense takes a gender: {word}")
        if word.lower() in PRONOUNS:
            found.append(f"a pronoun takes a gender: {word}")
    fields = "|".join(NAME_FIELDS)
    for match in re.finditer(rf"({WORD})\s+\{{(?:{fields}|{LIST_FIELD})\}}", text):
        if match.group(1).lower() in PREPOSITIONS:
            found.append(f"a preposition wants another case: {match.group(0)}")
    for match in re.finditer(rf"\{{({fields})\}}\s+({WORD})", text):
        word = match.group(2)
        if is_verb(word) and not any(
            "VERB" in t and "sing" in t and "past" not in t for t in tags(word)
        ):
            found.append(f"a verb after a name is not singular and present: {match.group(0)}")
    for match in re.finditer(rf"({WORD})?\s*\{{{LIST_FIELD}\}}\s*({WORD})?", text):
        for word in filter(None, match.groups()):
            if is_verb(word):
                found.append(f"a verb agrees with a list of names: {match.group(0)}")
    return found


@pytest.mark.parametrize("key", CHECKED)
def test_no_ukrainian_template_makes_a_word_agree_with_a_name(key):
    assert problems(PLAY_TEXTS[key][0]) == []


@pytest.mark.parametrize(
    "text",
    [
        "{name} обрав персонажа",
        "забирає в {target} пару",
        "пасує (лише коли це його стосується)",
        "Чекаємо, поки {names} покладуть карти.",
        "пиво виграє {names}!",
    ],
)
def test_the_check_finds_each_kind_of_agreement(text):
    """Not vacuous: each rule catches the sentence a tester stumbled on."""
    assert problems(text)


def test_the_check_covers_the_logs_and_the_named_templates():
    assert len(CHECKED) > 100
    assert problems("{name} обирає персонажа") == []

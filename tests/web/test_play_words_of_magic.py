"""What the Words of Magic table is given besides its session (Flask's test client): the
characters' and magic cards' names and texts in the page's language, from the rules' data,
and its own texts (``wom.*``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from wordsvc.alphabet import WORD_ERRORS
from wordsvc.games.words_of_magic.forming import PROPERTY_CHOICES
from wordsvc.judge import SURZHYK_NOTE
from wordsvc.rules.words_of_magic import components
from wordsvc.rules.words_of_magic.codex import COLOURS
from wordsvc.rules.words_of_magic.turn import FamiliarProperty
from wordsvc.solver.layout import Source
from wordsvc.web.play_cards import words_of_magic_cards
from wordsvc.web.play_texts import PLAY_TEXTS
from wordsvc.web.play_texts import words_of_magic as texts


def embedded_cards(client, path: str, query: str) -> dict[str, dict[str, str]]:
    html = client.get(f"{path}{query}").get_data(as_text=True)
    found = re.search(r'<script type="application/json" id="cards">(.*?)</script>', html)
    assert found is not None
    cards: dict[str, dict[str, str]] = json.loads(found.group(1))["words-of-magic"]
    return cards


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_every_character_and_magic_card_comes_with_its_text(lang):
    cards = words_of_magic_cards(lang)
    for kind, data in (
        ("character", components.CHARACTER_CARDS),
        ("magic", components.MAGIC_EFFECTS),
    ):
        assert set(cards[kind]) == set(cards[f"{kind}_text"]) == set(data)
        for key, card in data.items():
            name, text = (
                (card.name_uk, card.text_uk) if lang == "uk" else (card.name_en, card.text_en)
            )
            assert cards[kind][key] == name
            assert cards[f"{kind}_text"][key] == text


def test_the_table_page_embeds_the_texts_in_its_language(client, table_of):
    path = table_of("words-of-magic")
    uk, en = embedded_cards(client, path, ""), embedded_cards(client, path, "?lang=en")
    assert uk["magic_text"]["extra-portion"] == "Візьміть у руку 2 верхні карти своєї колоди."
    assert en["magic_text"]["extra-portion"] == "Take the top 2 cards of your deck into your hand."
    assert uk["character_text"]["gnome"].startswith("Коли інший гравець пасує")
    assert en["character_text"]["gnome"].startswith("When another player passes")


def test_the_table_says_why_an_input_is_no_word_as_the_arbiter_does():
    """The word field and the judge say why an input is no word at all in the page's
    language, in the arbiter's own words for each code (reused, not copied)."""
    from wordsvc.web.texts import TEXTS as ARBITER

    for code in WORD_ERRORS:
        assert texts.TEXTS[f"wom.refusal.{code}"] == ARBITER[f"refusal.{code}"], code


STATIC = Path(__file__).resolve().parents[2] / "wordsvc" / "web" / "static"
MODULES = ("table-words-of-magic.js", "table-words-of-magic-word.js", "play-words.js")
#: The keys the modules build from a value: each family, and the values it is built from.
FAMILIES = {
    "wom.step.": {"choose_character", "turn", "choose_fate"},  # the others have a line of their own
    "wom.doing.": {"order_balance", "gnome"},
    "wom.status.reply.": {"order_balance", "gnome"},
    "wom.status.waiting.": {"order_balance", "gnome"},
    "wom.prop.": {p.value for p in FamiliarProperty} | set(PROPERTY_CHOICES) | {"none"},
    "wom.prop_text.": {p.value for p in FamiliarProperty},
    "wom.prop_does.": set(PROPERTY_CHOICES) | {"none"},
    "wom.colour.": set(COLOURS),
    "wom.reason.": {"deck_empty"} | {f"{c}_deck_empty" for c in COLOURS},
    "wom.source.": {s.value for s in Source},
    "wom.refusal.": set(WORD_ERRORS),
    "wom.suggest_note.": {SURZHYK_NOTE},  # the judge's notes on a suggestion
}


def test_every_text_the_table_names_is_there_in_both_languages():
    """A key missing would show as itself: a raw id on screen."""
    named = set()
    for module in MODULES:
        code = (STATIC / module).read_text(encoding="utf-8")
        named |= set(re.findall(r'\b(?:t|phrase|withWord|plural)\("(wom\.[a-z_.+-]+)"', code))
        for family in re.findall(r"`(wom\.[a-z_.]+\.)\$\{", code):
            assert family in FAMILIES, f"{module} builds keys of {family} from a value"
    named |= {family + value for family, values in FAMILIES.items() for value in values}
    assert len(named) > 100
    missing = sorted(key for key in named if key not in PLAY_TEXTS)
    assert missing == []

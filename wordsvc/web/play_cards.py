"""The names the game tables show for the games' cards, in the page's language.

Views carry bare ids (``n:fern``, ``a:chestnut:2``, a character ``druid``, a magic card's
``revival``): the engines stay free of presentation. The table page embeds this catalogue as
JSON (``play.html``, ``#cards``) for its ES modules. English names come from the games' own
data files; Ukrainian names of Words of Magic's characters and magic cards too. The Lost
Words' data has English (and German) names only, so their Ukrainian names live here, next to
the other texts of the page; a test checks that every card of the catalogue has one. What The
Lost Words' action cards do comes from its data, in both languages (``data/cards.toml``).
"""

from __future__ import annotations

from typing import Final

from wordsvc.games.lost_words import components as lost_words
from wordsvc.games.magos_y_tabernas import components as magos_y_tabernas
from wordsvc.rules.words_of_magic import components as words_of_magic
from wordsvc.web.texts import Lang

#: The Lost Words' nature cards (Robert Macfarlane's words) in Ukrainian.
LOST_WORDS_NATURE_UK: Final[dict[str, str]] = {
    "acorn": "Жолудь",
    "adder": "Гадюка",
    "bluebell": "Пролісок",
    "bramble": "Ожина",
    "conker": "Кінський каштан",
    "dandelion": "Кульбаба",
    "fern": "Папороть",
    "heather": "Верес",
    "heron": "Чапля",
    "ivy": "Плющ",
    "kingfisher": "Рибалочка",
    "lark": "Жайворонок",
    "magpie": "Сорока",
    "newt": "Тритон",
    "otter": "Видра",
    "raven": "Ворон",
    "starling": "Шпак",
    "weasel": "Ласка",
    "willow": "Верба",
    "wren": "Кропив'янка",
}

#: The Lost Words' action cards in Ukrainian.
LOST_WORDS_ACTIONS_UK: Final[dict[str, str]] = {
    "acorn": "Жолудь",
    "magpie": "Сорока",
    "chestnut": "Каштан",
    "skylark": "Польовий жайворонок",
    "heron": "Чапля",
    "wall": "Стіна",
    "wild": "Дика карта",
}


def card_names(lang: Lang) -> dict[str, dict[str, dict[str, str]]]:
    """Per game, per kind of name, id -> the name in ``lang``::

    {"lost-words": {"nature": {"fern": "Папороть", ...}, "action": {"wall": "Стіна", ...},
                    "action_text": {"wall": "Покладіть на свою повну пару...", ...}},
     "words-of-magic": {"character": {"druid": "Друїд", ...}, "character_text": {...},
                        "magic": {...}, "magic_text": {...}}}
    """
    return {
        "lost-words": lost_words_cards(lang),
        "words-of-magic": words_of_magic_cards(lang),
        "magos-y-tabernas": magos_y_tabernas_cards(lang),
    }


def lost_words_cards(lang: Lang) -> dict[str, dict[str, str]]:
    """The Lost Words' nature and action cards' names in ``lang``, and what each action card
    does (``action_text``), for the table to show on a tap."""
    nature: dict[str, str] = {}
    action: dict[str, str] = {}
    action_text: dict[str, str] = {}
    for card in lost_words.CATALOGUE.values():
        if card.kind == "nature":
            nature[card.name] = LOST_WORDS_NATURE_UK[card.name] if lang == "uk" else card.name_en
        elif card.kind == "action":
            english = card.name_en.removeprefix("The ")
            action[card.name] = LOST_WORDS_ACTIONS_UK[card.name] if lang == "uk" else english
            text = card.text_uk if lang == "uk" else card.text_en
            if text:  # every action card has one (the load checks)
                action_text[card.name] = text
    return {"nature": nature, "action": action, "action_text": action_text}


def words_of_magic_cards(lang: Lang) -> dict[str, dict[str, str]]:
    """Words of Magic's characters and magic cards in ``lang``: their names (``character``,
    ``magic``) and what each does (``character_text``, ``magic_text``), from the rules' data
    (``characters.toml``, ``magic_cards.toml``), for the table to show on tap."""
    uk = lang == "uk"
    characters = words_of_magic.CHARACTER_CARDS.values()
    magic = words_of_magic.MAGIC_EFFECTS.values()
    return {
        "character": {c.id.value: c.name_uk if uk else c.name_en for c in characters},
        "character_text": {c.id.value: c.text_uk if uk else c.text_en for c in characters},
        "magic": {m.id: m.name_uk if uk else m.name_en for m in magic},
        "magic_text": {m.id: m.text_uk if uk else m.text_en for m in magic},
    }


def magos_y_tabernas_cards(lang: Lang) -> dict[str, dict[str, str]]:
    """Magos y Tabernas' card designs by id: ``name`` and ``text`` in ``lang``, ``type``
    (its colour on the table), and ``title``, the Spanish name the rulebook gives its seven
    named cards, kept as their title (views carry ``name_en`` and ``text_en`` only)."""
    cards = magos_y_tabernas.CARDS.values()
    return {
        "name": {c.id: c.name_uk if lang == "uk" else c.name_en for c in cards},
        "text": {c.id: c.text_uk if lang == "uk" else c.text_en for c in cards},
        "type": {c.id: c.type.value for c in cards},
        "title": {c.id: c.name_es for c in cards if c.source == "rulebook"},
    }

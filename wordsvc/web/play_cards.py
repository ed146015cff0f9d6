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

from collections.abc import Callable
from functools import cache
from typing import Final

from wordsvc.games.lost_words import components as lost_words
from wordsvc.games.magos_y_tabernas import components as magos_y_tabernas
from wordsvc.games.wizards_wanted import components as wizards_wanted
from wordsvc.games.wizards_wanted.board import BOARD, Space
from wordsvc.games.wizards_wanted.magic import TERRAINS
from wordsvc.rules.words_of_magic import components as words_of_magic
from wordsvc.web.play_texts import PLAY_TEXTS, play_text
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
    return {game: cards_of(game, lang) for game in CARDS_OF}


@cache
def cards_of(game: str, lang: Lang) -> dict[str, dict[str, str]]:
    """``game``'s part of :func:`card_names`, built once per language (the data does not
    change while the service runs); empty for a game with no cards to name."""
    build = CARDS_OF.get(game)
    return build(lang) if build else {}


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
    (its colour on the table), ``cost`` (the action points playing it takes, by its type), and
    ``title``, the card's original Spanish name, shown small beside the name in ``lang``
    wherever the card is shown (the rulebook names seven designs; views carry ids only)."""
    cards = magos_y_tabernas.CARDS.values()
    return {
        "name": {c.id: c.name_uk if lang == "uk" else c.name_en for c in cards},
        "text": {c.id: c.text_uk if lang == "uk" else c.text_en for c in cards},
        "type": {c.id: c.type.value for c in cards},
        "cost": {c.id: str(c.cost) for c in cards},
        "title": {c.id: c.name_es for c in cards},
    }


def wizards_wanted_cards(lang: Lang) -> dict[str, dict[str, str]]:
    """Wizards Wanted's names in ``lang``, from the game's data: the jobs (the Royal
    Inspector's too), the licences (``licence``: the card's short title; ``licence_text``: the
    rulebook's sentence), the types of magic and their charms, every space that has a name
    (paths have none), and ``drawn``: the English texts of the board's drawing (``board.svg``)
    other than the spaces' names, and what the page writes instead, so that the page shows
    the drawing in its language."""
    uk = lang == "uk"
    jobs = {job.id: job.name_uk if uk else job.name for job in wizards_wanted.JOBS.values()}
    english, ukrainian = wizards_wanted.CATALOGUE.inspector_names
    jobs[wizards_wanted.INSPECTOR_ID] = ukrainian if uk else english
    licences = wizards_wanted.LICENCES.values()
    magic = wizards_wanted.MAGIC_NAMES
    spaces = {s.id: _space_name(s, lang) for s in BOARD.spaces.values() if s.kind != "path"}
    return {
        "job": jobs,
        "licence": {c.id: c.short_uk if uk else c.short_en for c in licences},
        "licence_text": {c.id: c.text_uk if uk else c.text_en for c in licences},
        "magic": {kind: m.name_uk if uk else m.name_en for kind, m in magic.items()},
        "charm": {kind: m.charm_uk if uk else m.charm_en for kind, m in magic.items()},
        "space": spaces,
        "drawn": _drawn(lang),
    }


def _space_name(space: Space, lang: Lang) -> str:
    """A space's name as the pages say it: its own (villages, the castle...), or its kind's
    ("stone 3", "forest 2"; a teleport corner after the charms stacked by it)."""
    if space.label:
        return space.label_uk or space.label if lang == "uk" else space.label
    if space.kind == "teleport":
        return play_text(f"ww.charms.{space.charm}", lang)
    if space.kind == "stone":
        return play_text("ww.space.stone", lang, n=space.number)
    if space.kind == "mushroom":
        terrain = play_text(f"ww.terrain.{space.terrain}", lang).lower()
        return play_text("ww.space.mushroom", lang, terrain=terrain, n=space.number)
    return play_text("ww.space.path", lang)


def _drawn(lang: Lang) -> dict[str, str]:
    """The board drawing's English texts besides the spaces' names (which the page writes
    from ``space``) and the page's own: the landscapes' names, and the drawing's notes
    (``ww.drawn.*``, whose English is the drawing's)."""
    track = BOARD.drawing.fame_track
    drawn = {t.capitalize(): play_text(f"ww.terrain.{t}", lang) for t in TERRAINS}
    for key, (_, en) in PLAY_TEXTS.items():
        if key.startswith("ww.drawn."):
            values = {"last": track - 1, "spaces": track}
            drawn[en.format(**values)] = play_text(key, lang, **values)
    return {en: shown for en, shown in drawn.items() if en != shown}


#: How each game's cards are named, by game.
CARDS_OF: Final[dict[str, Callable[[Lang], dict[str, dict[str, str]]]]] = {
    "lost-words": lost_words_cards,
    "words-of-magic": words_of_magic_cards,
    "magos-y-tabernas": magos_y_tabernas_cards,
    "wizards-wanted": wizards_wanted_cards,
}

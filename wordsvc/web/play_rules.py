"""The rules panel of every table (the "?" in its header): each hosted game's rules in short,
in Ukrainian and English, and the route that renders them for one session's options.

The rules are data, one file per hosted game (``data/rules/<game>.toml``, loaded at import
through :mod:`wordsvc.data_files`): the goal, a turn, the special cards, the end and the
score, and a line for each value of each option that changes the rules. A card may be named
by its id in a catalogue (``action:wall``, ``character:druid``, ``magic:revival``): its name,
and for The Lost Words' action cards its text too, come from the game's own data, so the panel
and the cards' taps never disagree. A word in another language is marked ``[es:Anulador]``.

The panel is loaded when it is first opened, not with the page (the table's first load stays
light): ``GET /play/rules/<game>?lang=en&<option>=<value>...`` answers an HTML fragment, the
options given as the session's summary has them (``true``, ``null``, ``2``; a list as one
parameter per item, an empty one as a single empty value).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from flask import abort, render_template, request
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict

from wordsvc.data_files import DataFile, Raw, codes
from wordsvc.games.registry import GAMES
from wordsvc.rules.words_of_magic import components as words_of_magic
from wordsvc.web import blueprint
from wordsvc.web.play_cards import cards_of
from wordsvc.web.play_texts import play_text
from wordsvc.web.texts import Lang, parse_lang

RULES_DIR: Final = Path(__file__).resolve().parent / "data" / "rules"
#: The codes :func:`load` raises: the field codes, a card no catalogue has, an unknown source
#: of an option's items, and a placeholder a text may not have (or not in both languages).
DATA_ERRORS: Final = codes("unknown_card", "unknown_items", "bad_placeholder")

_TOP = frozenset({"title_lang", "goal", "turn", "special_title", "special", "end", "options"})
#: A language code, as ``lang`` takes it.
_LANG = re.compile(r"[a-z]{2}")
#: A word in another language inside a text: ``[es:Anulador]``.
FOREIGN: Final = re.compile(r"\[([a-z]{2}):([^\]]+)\]")
#: The placeholders each kind of text may use.
_PLAIN: Final = frozenset[str]()
_NUMBER: Final = frozenset({"value"})
_ITEMS: Final = frozenset({"items", "count"})


@dataclass(frozen=True, slots=True)
class Text:
    """One text in both languages."""

    uk: str
    en: str

    def get(self, lang: Lang) -> str:
        return self.uk if lang == "uk" else self.en


@dataclass(frozen=True, slots=True)
class Special:
    """A special card (or kind of card): its own name and text, or a catalogue's card."""

    name: Text | None
    text: Text | None
    card: str | None = None
    name_lang: str | None = None


@dataclass(frozen=True, slots=True)
class OptionRule:
    """What each value of one option means at the table. A scalar option has a line per
    value (``values``, keyed as the page sends them) and maybe one for any other whole number
    (``number``, with ``{value}``); a list option (``items``: whose names) has one line for no
    items (``empty``) and one for some (``some``, with ``{items}`` and ``{count}``)."""

    name: str
    values: Mapping[str, Text]
    number: Text | None = None
    items: str | None = None
    empty: Text | None = None
    some: Text | None = None


@dataclass(frozen=True, slots=True)
class GameRules:
    game: str
    #: The language of the game's title, as published (the header marks it).
    title_lang: str
    goal: tuple[Text, ...]
    turn: tuple[Text, ...]
    special_title: Text
    special: tuple[Special, ...]
    end: tuple[Text, ...]
    options: tuple[OptionRule, ...]


# -- the catalogues a rules file may name cards from ------------------------------------------

#: (name, text) of a catalogue's card in a language; text None: the rules file gives it.
CardOf = Callable[[str, Lang], tuple[str, str | None]]


def _lost_words_action(key: str, lang: Lang) -> tuple[str, str | None]:
    cards = cards_of("lost-words", lang)
    return cards["action"][key], cards["action_text"][key]


def _character(key: str, lang: Lang) -> tuple[str, str | None]:
    card = words_of_magic.CHARACTER_CARDS[key]
    uk = lang == "uk"
    return (card.name_uk if uk else card.name_en), (
        card.text_uk if uk else _uk_marked(card.text_en)
    )


def _magic(key: str, lang: Lang) -> tuple[str, str | None]:
    card = words_of_magic.MAGIC_EFFECTS[key]
    uk = lang == "uk"
    return (card.name_uk if uk else card.name_en), (
        card.text_uk if uk else _uk_marked(card.text_en)
    )


def _magos_y_tabernas_card(key: str, lang: Lang) -> tuple[str, str | None]:
    """A card's name in ``lang`` with its original Spanish name small beside it, as the
    table shows it (one name per card everywhere); the rules file gives the text."""
    cards = cards_of("magos-y-tabernas", lang)
    original = cards["title"][key]
    return Markup('{} <small lang="es" class="original">{}</small>').format(
        cards["name"][key], original
    ), None


#: A run of Ukrainian letters (a letter of the game, in an English text).
UKRAINIAN_RUN: Final = re.compile(r"[\u0400-\u04FF]+(?:['’ʼ][\u0400-\u04FF]+)*")


def _uk_marked(text: str) -> str:
    """An English catalogue text with its Ukrainian letters marked ``[uk:А]``."""
    return UKRAINIAN_RUN.sub(lambda m: f"[uk:{m.group(0)}]", text)


#: kind -> (the ids it has, how to name one, whether it gives the text too).
CATALOGUES: Final[dict[str, tuple[frozenset[str], CardOf, bool]]] = {
    "action": (frozenset(cards_of("lost-words", "en")["action"]), _lost_words_action, True),
    "character": (frozenset(map(str, words_of_magic.CHARACTER_CARDS)), _character, True),
    "magic": (frozenset(words_of_magic.MAGIC_EFFECTS), _magic, True),
    "myt": (frozenset(cards_of("magos-y-tabernas", "en")["name"]), _magos_y_tabernas_card, False),
}
#: Where a list option's items get their names ("count": they are only counted).
ITEM_SOURCES: Final = ("categories", "character", "magic", "count")


# -- the load ---------------------------------------------------------------------------------


def _placeholders(file: DataFile, entry: str, key: str, text: str) -> frozenset[str]:
    try:
        return frozenset(f for _, f, _, _ in string.Formatter().parse(text) if f is not None)
    except ValueError:
        raise file.fail(
            "bad_placeholder", f"{entry}: {key} has a stray brace", entry=entry, field=key
        ) from None


def _text(file: DataFile, entry: str, raw: Raw, key: str, allowed: frozenset[str]) -> Text:
    """A ``{ uk = "...", en = "..." }`` table, each language using the same placeholders,
    all of them ``allowed``."""
    table = file.keys(f"{entry}: {key}", file.table(entry, raw, key), {"uk", "en"})
    text = Text(file.text(entry, table, "uk"), file.text(entry, table, "en"))
    uk, en = (_placeholders(file, entry, key, t) for t in (text.uk, text.en))
    if uk != en or not uk <= allowed:
        raise file.fail(
            "bad_placeholder",
            f"{entry}: {key} may use {sorted(allowed)}, the same in both languages",
            entry=entry,
            field=key,
            value=sorted(uk | en),
        )
    return text


def _texts(file: DataFile, data: Raw, key: str) -> tuple[Text, ...]:
    tables = file.tables("the file", data, key, least=1)
    return tuple(
        _text(file, f"{key} {i + 1}", {"text": t}, "text", _PLAIN) for i, t in enumerate(tables)
    )


def _special(file: DataFile, number: int, raw: Raw) -> Special:
    entry = f"special {number}"
    if "card" not in raw:
        file.keys(entry, raw, {"name", "text"}, {"name_lang"})
        name_lang = file.text(entry, raw, "name_lang", _LANG) if "name_lang" in raw else None
        return Special(
            _text(file, entry, raw, "name", _PLAIN),
            _text(file, entry, raw, "text", _PLAIN),
            name_lang=name_lang,
        )
    card = file.text(entry, raw, "card")
    kind, _, key = card.partition(":")
    if kind not in CATALOGUES or key not in CATALOGUES[kind][0]:
        raise file.fail(
            "unknown_card", f"{entry}: no card {card!r}", entry=entry, field="card", value=card
        )
    gives_text = CATALOGUES[kind][2]
    file.keys(entry, raw, {"card"} if gives_text else {"card", "text"})
    text = None if gives_text else _text(file, entry, raw, "text", _PLAIN)
    return Special(None, text, card)


def _option(file: DataFile, raw: Raw) -> OptionRule:
    entry = f"option {raw.get('name')!r}"
    listed = "items" in raw
    optional = {"items", "empty", "some"} if listed else {"values", "number"}
    file.keys(entry, raw, {"name"}, optional)
    name = file.text(entry, raw, "name")

    def maybe(key: str, allowed: frozenset[str]) -> Text | None:
        return _text(file, entry, raw, key, allowed) if key in raw else None

    if listed:
        items = file.choice(entry, raw, "items", ITEM_SOURCES, "unknown_items")
        return OptionRule(
            name, {}, items=items, empty=maybe("empty", _PLAIN), some=maybe("some", _ITEMS)
        )
    values = file.table(entry, raw, "values") if "values" in raw else {}
    return OptionRule(
        name,
        {str(value): _text(file, entry, values, value, _PLAIN) for value in values},
        number=maybe("number", _NUMBER),
    )


def load_game(path: Path) -> GameRules:
    """One game's rules (``<game>.toml``), checked; :class:`ConfigurationError` otherwise."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), _TOP)
    return GameRules(
        game=path.stem,
        title_lang=file.text("the file", data, "title_lang", _LANG),
        goal=_texts(file, data, "goal"),
        turn=_texts(file, data, "turn"),
        special_title=_text(file, "the file", data, "special_title", _PLAIN),
        special=tuple(
            _special(file, i + 1, raw)
            for i, raw in enumerate(file.tables("the file", data, "special", least=1))
        ),
        end=_texts(file, data, "end"),
        options=tuple(_option(file, raw) for raw in file.tables("the file", data, "options")),
    )


def load(folder: Path = RULES_DIR) -> dict[str, GameRules]:
    """Every hosted game's rules, by its name in the registry: a game without its file stops
    the service at start (``unreadable``), as any broken rules file does."""
    return {game: load_game(folder / f"{game}.toml") for game in GAMES}


RULES: Final = load()


# -- the panel --------------------------------------------------------------------------------


def marked(text: str, **values: object) -> Markup:
    """``text`` as HTML: escaped, ``values`` filled in, ``[es:Anulador]`` as a span marked
    with its language."""
    filled = Markup(escape(text)).format(**values) if values else Markup(escape(text))
    return Markup(FOREIGN.sub(r'<span lang="\1">\2</span>', str(filled)))


def item_names(source: str, items: list[str], lang: Lang) -> list[str]:
    """The names of a list option's items (an id nobody knows is left out, never shown)."""
    if source == "categories":
        from wordsvc.services import get_registry

        known = get_registry().categories
        return [known[i].name_uk if lang == "uk" else known[i].name_en for i in items if i in known]
    if source in CATALOGUES:
        ids, name_of, _ = CATALOGUES[source]
        return [name_of(i, lang)[0] for i in items if i in ids]
    return []


def option_lines(rules: GameRules, lang: Lang, given: MultiDict[str, str]) -> list[Markup]:
    """A line for each option the session has (``given``, as the page sends them) whose value
    the rules file explains."""
    lines = []
    for option in rules.options:
        if option.name not in given:
            continue
        values = given.getlist(option.name)
        if option.items is None:
            value = values[0]
            if value in option.values:
                lines.append(marked(option.values[value].get(lang)))
            elif option.number is not None and value.isdigit():
                lines.append(marked(option.number.get(lang), value=int(value)))
            continue
        items = [v for v in values if v]
        line = option.some if items else option.empty
        if line is not None:
            names = ", ".join(item_names(option.items, items, lang))
            lines.append(marked(line.get(lang), items=names, count=len(items)))
    return lines


def special_cards(rules: GameRules, lang: Lang) -> list[tuple[str, Markup, str | None]]:
    """(name, text, the name's language when it is not the page's) of each special card."""
    shown = []
    for special in rules.special:
        if special.card is not None:
            kind, _, key = special.card.partition(":")
            name, text = CATALOGUES[kind][1](key, lang)
        else:
            name, text = special.name.get(lang) if special.name else "", None
        own = special.text.get(lang) if special.text else (text or "")
        shown.append((name, marked(own), special.name_lang))
    return shown


@blueprint.get("/play/rules/<game>")
def rules_panel(game: str) -> str:
    """The panel's content for a game and a session's options (the query), in ``lang``."""
    rules = RULES.get(game)
    if rules is None:
        abort(404)
    lang = parse_lang(request.args.get("lang"))
    return render_template(
        "web/_rules.html",
        t=lambda key, **values: play_text(key, lang, **values),
        rules=rules,
        lang=lang,
        marked=marked,
        special=special_cards(rules, lang),
        options=option_lines(rules, lang, request.args),
    )

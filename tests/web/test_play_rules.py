"""The rules panel of every table: each hosted game has its rules in short in both languages,
every option of its schema that changes the rules is explained value by value, every way to
break a rules file is refused with its own code, and the panel's route renders a session's
options in words; the table's first load does not carry the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.data_cases import Broken, append, assert_load_refused, removed, replace
from tests.web.test_weight import MAX_BYTES, first_load
from wordsvc.data_files import FIELD_CODES
from wordsvc.games.registry import GAMES
from wordsvc.web import play_rules
from wordsvc.web.play_rules import FOREIGN, RULES, RULES_DIR, GameRules, Text

#: Options that do not change how the game is played, so the panel need not explain them:
#: who starts, and (but for The Lost Words, which deals by it) how many play; Words of
#: Magic's Familiar properties are printed above each Familiar card on the table itself.
NOT_RULES = {
    "words-of-magic": {"first_player", "players", "familiar_properties"},
    "lost-words": {"first_player"},
    "magos-y-tabernas": {"first_player", "players"},
    "wizards-wanted": {"first_player", "players"},
}
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def unmarked(text: str) -> str:
    """``text`` without its words marked as another language, nor its placeholders."""
    return re.sub(r"\{\w+\}", "", FOREIGN.sub("", text))


def texts_of(rules: GameRules) -> list[Text]:
    found = [*rules.goal, *rules.turn, rules.special_title, *rules.end]
    for special in rules.special:
        found += [t for t in (special.text,) if t]
        if special.name and not special.name_lang:
            found.append(special.name)
    for option in rules.options:
        found += [*option.values.values()]
        found += [t for t in (option.number, option.empty, option.some) if t]
    return found


@pytest.fixture(scope="module")
def schemas(app) -> dict[str, dict]:
    games = app.test_client().get("/v1/games").get_json()["games"]
    return {game["name"]: game["options_schema"]["properties"] for game in games}


def test_every_hosted_game_has_its_rules_in_both_languages() -> None:
    assert set(RULES) == set(GAMES) == set(NOT_RULES)
    assert {path.stem for path in RULES_DIR.glob("*.toml")} == set(GAMES)
    for game, rules in RULES.items():
        assert all((rules.goal, rules.turn, rules.special, rules.end)), game
        for text in texts_of(rules):
            # Ukrainian in Ukrainian, English in English: another language only where marked.
            assert CYRILLIC.search(text.uk), (game, text.uk)
            assert not LATIN_WORD.search(unmarked(text.uk)), (game, text.uk)
            assert not CYRILLIC.search(unmarked(text.en)), (game, text.en)


def sent(value: object) -> str:
    """A value as the page sends it (play-rules.js)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_that_changes_the_rules_is_explained_value_by_value(game, schemas) -> None:
    schema = schemas[game]
    explained = {option.name: option for option in RULES[game].options}
    assert set(explained) == set(schema) - NOT_RULES[game]
    for name, option in explained.items():
        prop = schema[name]
        types = prop.get("type", [])
        types = types if isinstance(types, list) else [types]
        if option.items is not None:
            assert "array" in types, name
            continue
        expected = set()
        if "enum" in prop:
            expected = {sent(v) for v in prop["enum"]}
        elif "boolean" in types:
            expected = {"true", "false"}
        if "null" in types:
            expected.add("null")
        numbers = "integer" in types and "enum" not in prop
        if numbers and prop.get("maximum", 0) <= 4:  # a seat count: each value its own line
            expected |= {str(n) for n in range(prop["minimum"], prop["maximum"] + 1)}
            numbers = False
        assert expected <= set(option.values), name
        assert set(option.values) <= expected | ({"0"} if numbers else set()), name
        assert (option.number is not None) == numbers, name


def test_the_lost_words_action_cards_are_the_games_own_texts() -> None:
    from wordsvc.games.lost_words import components as lost_words

    cards = [s.card for s in RULES["lost-words"].special]
    actions = {f"action:{c.name}" for c in lost_words.CATALOGUE.values() if c.kind == "action"}
    assert set(cards) == actions
    shown = {name: text for name, text, _ in play_rules.special_cards(RULES["lost-words"], "uk")}
    assert shown["Стіна"].unescape() == lost_words.CATALOGUE["a:wall:1"].text_uk


def panel(client, game: str, query: str = "") -> str:
    answer = client.get(f"/play/rules/{game}?{query}")
    assert answer.status_code == 200
    assert answer.mimetype == "text/html"
    return answer.get_data(as_text=True)


def defaults(schema: dict) -> str:
    """The query a session with the schema's defaults sends."""
    params = []
    for name, prop in schema.items():
        value = prop.get("default")
        if isinstance(value, list):
            params += [f"{name}={v}" for v in value] or [f"{name}="]
        else:
            params.append(f"{name}={sent(value)}")
    return "&".join(params)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["uk", "en"])
def test_the_panel_speaks_the_pages_language_with_the_tables_options(client, schemas, game, lang):
    query = defaults(schemas[game]) + ("&lang=en" if lang == "en" else "")
    html = panel(client, game, query)
    headings = {
        "uk": ["Мета", "Хід", "Кінець і результати", "За цим столом"],
        "en": ["The goal", "A turn", "The end and the results", "At this table"],
    }
    for heading in headings[lang]:
        assert f">{heading}</h3>" in html
    lines = re.findall(r"<li>(.*?)</li>", html)
    scalars = [o for o in RULES[game].options if o.items is None]
    assert len(lines) >= len(scalars)  # every scalar option of the defaults has its line
    text = re.sub(r'<[^>]+ lang="(?!' + lang + r')[a-z]{2}"[^>]*>.*?</[a-z0-9]+>', "", html)
    text = re.sub(r"<[^>]+>", " ", text)
    if lang == "uk":
        assert not LATIN_WORD.search(text), LATIN_WORD.findall(text)[:5]
    else:
        assert not CYRILLIC.search(text), CYRILLIC.findall(text)[:5]
    assert not re.search(r"[_{}]", text)  # no snake_case id, no placeholder left


def test_the_panel_tells_the_options_in_words_never_as_ids(client):
    html = panel(
        client,
        "words-of-magic",
        "lang=en&mode=classic&categories=noun-singular&categories=no-such-category"
        "&house_words=кіт&house_words=пес&magic_left_out=extra-portion&characters=false",
    )
    assert "Classic mode" in html
    assert "Only words of the agreed categories count: Noun (singular)." in html
    assert not re.search("no-such-category|noun-singular", html)
    assert "House words agreed at this table: 2." in html
    assert "Magic cards left out: Extra Portion." in html
    assert "No characters." in html
    anyword = panel(client, "words-of-magic", "categories=")
    assert "Годиться будь-яке слово з 3 і більше літер." in anyword
    limited = panel(client, "magos-y-tabernas", "turn_limit=30&anulador_consume_cost=0")
    assert "після 30 ходів кожного" in limited
    assert '<span lang="es">Anulador</span> споживають безкоштовно' in limited
    # A value nobody explains (or a forged one) gives no line, and nothing unescaped.
    odd = panel(client, "magos-y-tabernas", "turn_limit=<b>x</b>&teams=maybe&quick=true")
    assert not re.search("<b>|maybe", odd)
    quick = "Швидкий режим: перед пивом у кожного одна перешкода."
    assert re.findall(r"<li>(.*?)</li>", odd) == [quick]
    assert client.get("/play/rules/chess").status_code == 404


def test_the_tables_first_load_carries_no_rules_and_stays_light(client, table_of):
    path = table_of("lost-words")
    sizes = first_load(client, path)
    assert "/web/static/play-rules.js" in sizes
    assert not any(url.startswith("/play/rules") for url in sizes)
    html = client.get(path).get_data(as_text=True)
    assert all(f'id="{part}"' in html for part in ("rules-open", "rules-panel"))
    assert "Зніміть заклинання з незахищеної пари" in html  # the cards' texts, with their names
    assert "Мета</h3>" not in html  # the rules come when the panel first opens
    assert sum(sizes.values()) <= MAX_BYTES, sizes
    # The header marks a title's language where it is the game's own name, not a translation.
    english = client.get(f"{path}?lang=en").get_data(as_text=True)
    assert '"magos-y-tabernas":"es"' in english
    assert '"magos-y-tabernas":"uk"' in html


# -- broken rules files ------------------------------------------------------------------------

LOST = "lost-words.toml"
MAGOS = "magos-y-tabernas.toml"
WOM = "words-of-magic.toml"
WALL_LINE = '  { card = "action:wall" },\n'

BROKEN: dict[str, Broken] = {
    "no file for a hosted game": Broken("unreadable", removed, file=LOST),
    "not TOML": Broken("unreadable", append("goal = = 1"), file=LOST),
    "no goal": Broken(
        "missing_field",
        lambda text: re.sub(r"\ngoal = \[\n.*?\n\]\n", "\n", text, count=1, flags=re.S),
        {"entry": "the file", "fields": ["goal"]},
        file=LOST,
    ),
    "a text without its English": Broken(
        "missing_field",
        replace(', en = "Put the matching spell', ', xx = "Put the matching spell'),
        {"fields": ["en"]},
        file=LOST,
    ),
    "a top-level key no rules file has": Broken(
        "unknown_field", lambda text: 'title = "x"\n' + text, {"fields": ["title"]}, file=LOST
    ),
    "a text given to a card whose text is the game's own": Broken(
        "unknown_field",
        replace(WALL_LINE, '  { card = "action:wall", text = { uk = "Стіна", en = "Wall" } },\n'),
        {"entry": "special 6", "fields": ["text"]},
        file=LOST,
    ),
    "a list option with a line per value": Broken(
        "unknown_field",
        replace('items = "magic"\n', 'items = "magic"\nvalues.x = { uk = "х", en = "x" }\n'),
        {"fields": ["values"]},
        file=WOM,
    ),
    "a title's language that is no language code": Broken(
        "bad_value",
        replace('title_lang = "es"', 'title_lang = "spanish"'),
        {"field": "title_lang", "value": "spanish"},
        file=MAGOS,
    ),
    "an empty text": Broken(
        "bad_value",
        replace('uk = "Кожен сам за себе."', 'uk = " "'),
        {"field": "uk", "value": " "},
        file=MAGOS,
    ),
    "a card no catalogue has": Broken(
        "unknown_card",
        replace(WALL_LINE, '  { card = "action:owl" },\n'),
        {"entry": "special 6", "value": "action:owl"},
        file=LOST,
    ),
    "a list option named after no catalogue": Broken(
        "unknown_items",
        replace('items = "magic"', 'items = "spells"'),
        {"field": "items", "value": "spells"},
        file=WOM,
    ),
    "a number line without its number": Broken(
        "bad_placeholder",
        replace("після {value} ходів кожного гра", "після кількох ходів кожного гра"),
        {"field": "number", "value": ["value"]},
        file=MAGOS,
    ),
    "a placeholder a plain text cannot fill": Broken(
        "bad_placeholder",
        replace('uk = "Кожен сам за себе."', 'uk = "Кожен {who}."'),
        {"field": "false"},
        file=MAGOS,
    ),
    "a stray brace": Broken(
        "bad_placeholder",
        replace('uk = "Кожен сам за себе."', 'uk = "Кожен сам за себе}."'),
        {"field": "false"},
        file=MAGOS,
    ),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_rules_file_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(play_rules.load, RULES_DIR, BROKEN[case], tmp_path)


def test_every_code_the_rules_loader_declares_is_raised_by_a_broken_file() -> None:
    assert play_rules.DATA_ERRORS >= FIELD_CODES
    assert {case.code for case in BROKEN.values()} == play_rules.DATA_ERRORS

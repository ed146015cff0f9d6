"""The pages compute no rule: every number a table shows comes from the engine's view, its
legal actions or the game's data. A number in a page's code is a presentation choice, named
here with its reason; a new one fails until it is either taken from the view or added here
as presentation. The games' rule constants are never named in the pages either."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wordsvc.games.lost_words import components as lost_words
from wordsvc.games.magos_y_tabernas import components as magos_y_tabernas
from wordsvc.games.wizards_wanted import components as wizards_wanted
from wordsvc.games.wizards_wanted import movement
from wordsvc.rules.words_of_magic import turn as words_of_magic
from wordsvc.sessions import limits

STATIC = Path(__file__).resolve().parents[2] / "wordsvc" / "web" / "static"
#: The board's drawing: its numbers are geometry (sizes, offsets, zoom), none a rule's.
DRAWING = {"ww-board.js"}

#: Each number of 2 or more in the pages' code, by module and the code round it, and why it
#: is presentation, not a rule.
PRESENTATION = {
    ("api.js", "LONGEST_RETRY_S = 30"): "the longest wait a request is sent again after",
    ("api.js", "response.status === 429"): "HTTP's status for too many requests",
    ("api.js", "wait * 1000"): "seconds to milliseconds",
    ("arbiter.js", "SEARCH_PAGE = 40"): "words per page of a search",
    ("arbiter.js", "PLAYS = 10"): "plays the solver is asked for",
    ("arbiter.js", "SOLVE_BUDGET_MS = 1000"): "how long a solve may take",
    ("arbiter.js", "[400, 413, 422]"): "HTTP statuses that mean bad input",
    ("arbiter.js", "height - 120"): "scroll the results into view when near the bottom",
    ("arbiter.js", "[1, 2, 3]"): "the three Familiar letter fields",
    ("play-judge.js", "SUGGESTIONS = 5"): "suggestions shown",
    ("play-lobby.js", "slice(4)"): 'the bot name after "bot:"',
    ("play-lobby.js", "?? 2)"): "players when the schema has no default",
    ("play-lobby.js", "/ 1000)"): "milliseconds to seconds",
    ("play-lobby.js", "< 60)"): "'just now' under a minute",
    ("play-lobby.js", "3600"): "seconds in an hour",
    ("play-lobby.js", "/ 60"): "seconds in a minute",
    ("play-lobby.js", "86400"): "seconds in a day",
    ("play-options.js", "MAX_CHIPS = 6"): "choices shown as chips before a select",
    ("play-options.js", "20)"): "the first value of a number field without a default",
    ("play-table.js", "?? 700)"): "the bots' pause when the page gives none",
    ("play-rematch.js", "LOOK_MS = 3000"): "how often a finished game looks for a rematch",
    ("play-rematch.js", "LOOK_FOR_MS = 900000"): "how long it keeps looking",
    ("play-words.js", "i % 2"): "every other part of a split is a Cyrillic run",
    ("table-magos-y-tabernas.js", "i % 2"): "every other part of a split is a card's name",
    ("state.js", "slice(0, 3)"): "the three Familiar letter fields",
    ("table-lost-words.js", "DISCARD_BUTTONS = 6"): "discards shown as buttons",
    ("table-lost-words.js", "PICK_OVER = 4"): "more choices than this become a picker",
    ("table-lost-words.js", 'split("")[2]'): "the card of a 'play:<group>:<card>' key",
    ("table-lost-words.js", "slice(5)"): 'the card after "play:"',
    ("table-magos-y-tabernas.js", "DISCARD_BUTTONS = 6"): "discards shown as buttons",
    ("table-words-of-magic-word.js", "SOLVE_BUDGET_MS = 1000"): "how long a solve may take",
    ("table-words-of-magic-word.js", "SUGGESTIONS = 5"): "suggestions shown",
    ("ww-table.js", "length > 2"): "other players' boards fold from three players",
    ("ww-table.js", "length < 2"): "one way left needs no chooser",
}


def code_of(path: Path) -> str:
    """The module without its comments, and its strings emptied (their numbers are text)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text("utf-8"), flags=re.S)
    strings = r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`'
    text = re.sub(strings, '""', text)
    return re.sub(r"//[^\n]*", "", text)


def numbers_in(path: Path) -> list[str]:
    """Every line of ``path``'s code with a number of 2 or more."""
    found = []
    for line in code_of(path).splitlines():
        for match in re.finditer(r"(?<![\w.$])(\d+(?:\.\d+)?)(?![\w.])", line):
            if float(match.group(1)) >= 2:
                found.append(line.strip())
    return found


MODULES = sorted(p for p in STATIC.glob("*.js") if p.name not in DRAWING)


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_every_number_in_a_page_is_presentation(path):
    unexplained = [
        line
        for line in numbers_in(path)
        if not any(module == path.name and code in line for module, code in PRESENTATION)
    ]
    assert unexplained == [], f"{path.name}: a rule's number? take it from the view"


def test_every_presentation_number_is_still_there():
    """The list shrinks with the code: an entry whose code is gone is removed."""
    stale = [
        (module, code)
        for module, code in PRESENTATION
        if not any(code in line for line in numbers_in(STATIC / module))
    ]
    assert stale == []


RULE_MODULES = [lost_words, magos_y_tabernas, wizards_wanted, movement, words_of_magic, limits]


def rule_constants() -> set[str]:
    """The games' and the sessions' numeric constants (``WALK_LIMIT``, ``PASS_DRAW``...)."""
    names = set()
    for module in RULE_MODULES:
        for name, value in vars(module).items():
            if name.isupper() and isinstance(value, int) and not isinstance(value, bool):
                names.add(name)
    return names


def test_no_page_names_a_rules_constant():
    constants = rule_constants()
    assert {"WALK_LIMIT", "LICENCE_FAME", "COIN_IN_DUST", "PASS_DRAW", "MAX_NAME"} <= constants
    named = {
        (path.name, name)
        for path in sorted(STATIC.glob("*.js"))
        for name in constants
        if re.search(rf"\b{name}\b", code_of(path))
    }
    assert named == set()

"""Problems in words: every problem code the game routes document in ``/openapi.json``, and
every refusal each game's rules page lists under **Refusals**, has a ``problem.<code>`` text
in both languages, each in its own language (``play_texts/problems.py``); and the lobby's
texts are in their languages too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wordsvc.games.contract import Game
from wordsvc.games.registry import GAMES
from wordsvc.web.play_texts import PLAY_TEXTS, left_out_of, lobby, problems

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"`([a-z][a-z_]*)`")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
#: Words in backticks on a rules page that are the engine contract's methods, not codes
#: ("a `view` asked for a seat number the game does not have").
METHODS = {name for name in vars(Game) if not name.startswith("_")}


def documented_codes(client) -> dict[str, str]:
    """Code -> the route of /v1/games whose answers in /openapi.json list it."""
    document = client.get("/openapi.json").get_json()
    codes: dict[str, str] = {}
    for path, operations in document["paths"].items():
        if not path.startswith("/v1/games"):
            continue
        for method, operation in operations.items():
            for status, response in operation.get("responses", {}).items():
                if status.startswith("2"):
                    continue
                listed = response.get("description", "").partition("is one of:")[2]
                for code in CODE.findall(listed):
                    codes.setdefault(code, f"{method.upper()} {path} ({status})")
    return codes


def rules_page(title: str) -> Path:
    return ROOT / "docs" / "rules" / (re.sub(r"\W+", "-", title.lower()) + ".md")


def listed_refusals(title: str) -> set[str]:
    """The codes of the **Refusals** paragraph of a game's rules page."""
    text = rules_page(title).read_text(encoding="utf-8")
    found = re.search(r"\*\*Refusals\*\*(.*?)(?:\n\s*\n|\n- )", text, re.S)
    assert found, f"{rules_page(title).name} has no **Refusals** paragraph"
    return set(CODE.findall(found.group(1))) - METHODS


def test_the_sources_are_read(client):
    """Not vacuous: both sources give the codes they are known to hold."""
    documented = documented_codes(client)
    assert {"invalid_options", "unknown_bot", "seat_taken", "stale_state_id"} <= set(documented)
    assert {"word_not_allowed", "not_enough_tokens"} <= listed_refusals("Words of Magic")
    assert "view" not in listed_refusals("The Lost Words")


def test_every_documented_code_of_the_game_routes_has_a_text(client):
    missing = {
        code: where
        for code, where in sorted(documented_codes(client).items())
        if f"problem.{code}" not in PLAY_TEXTS
    }
    assert not missing, f"no problem text for {missing}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_of_the_rules_has_a_text(name):
    game = GAMES[name]
    missing = sorted(
        code for code in listed_refusals(game.title) if f"problem.{code}" not in PLAY_TEXTS
    )
    assert not missing, f"{rules_page(game.title).name}: no problem text for {missing}"


def test_the_page_has_a_general_sentence_for_a_code_it_does_not_know():
    assert "problem.general" in PLAY_TEXTS


@pytest.mark.parametrize("key", sorted({*problems.TEXTS, *lobby.TEXTS}))
def test_each_text_is_in_its_own_language(key):
    uk, en = PLAY_TEXTS[key]
    bare_uk = re.sub(r"\{\w+\}", "", uk)
    assert CYRILLIC.search(bare_uk), f"{key}: the Ukrainian is not Ukrainian"
    assert not LATIN_WORD.findall(bare_uk), f"{key}: Latin in the Ukrainian"
    assert not CYRILLIC.search(en), f"{key}: Cyrillic in the English"
    for text in (uk, en):
        assert "`" not in text, f"{key}: code in backticks"
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", re.sub(r"\{\w+\}", "", text)), key


RAISED = re.compile(r'RuleError\(\s*"([a-z_]+)"')


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_table_carries_the_texts_of_every_refusal_of_its_game(name):
    """A table carries only its own game's refusals (``problems.BY_GAME``): every code its
    rules page lists or its engine raises is shared or its own, never only another game's."""
    package = ROOT / "wordsvc" / "games" / name.replace("-", "_")
    raised = {code for path in package.rglob("*.py") for code in RAISED.findall(path.read_text())}
    assert raised, f"no refusal found in {package}"
    codes = raised | listed_refusals(GAMES[name].title)
    carried = set(PLAY_TEXTS) - left_out_of(name)
    others = sorted(f"problem.{code}" for code in codes if f"problem.{code}" not in carried)
    assert not others, f"{name}'s table lacks {others}"
    assert left_out_of(name), "every game's table leaves the other games' refusals out"

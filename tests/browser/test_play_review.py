"""The review of a finished Words of Magic game on its table page, on a phone, in both
languages: a whole game played by bots, then "Огляд партії" / "Game review" beside the
result: each turn's play and the best play, each seat's accuracy, and a missed word's
verdict from the table's judge on a tap. Presentable at 390 px (no sideways scroll, one
language, no ids or JSON on screen)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.presentable import assert_presentable
from tests.browser.test_play_page import Player
from wordsvc.web.play_texts import play_text

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("WORDSVC_SCREENSHOTS")
NAMES = {"uk": ("Сова", "Лис"), "en": ("Owl", "Fox")}


def bots(lang: str) -> list[dict]:
    greedy, randomly = NAMES[lang]
    return [
        {"kind": "bot", "bot": "greedy", "name": greedy},
        {"kind": "bot", "bot": "random", "name": randomly},
    ]


@pytest.fixture(params=["uk", "en"])
def phone(browser, live_url, request):
    player = Player(browser, live_url, PHONE)
    player.lang = request.param
    yield player
    player.close()


def test_a_finished_game_shows_its_review_and_a_missed_word_is_judged_on_a_tap(phone, app):
    created = app.test_client().post(
        "/v1/games/sessions",
        json={"game": "words-of-magic", "seats": bots(phone.lang), "seed": 7},
    )
    assert created.get_json()["status"] == "over", created.get_json()
    session = created.get_json()["id"]
    page = phone.page
    phone.open(f"/play/{session}" + ("?lang=en" if phone.lang == "en" else ""))
    opener = page.locator("#review-open")
    assert opener.inner_text() == play_text("review.open", phone.lang)
    opener.click()
    page.wait_for_selector("#review-turns li")
    assert opener.get_attribute("aria-expanded") == "true"
    seats = page.locator("#review-seats li").all_inner_texts()
    assert len(seats) == 2
    assert all(("%" in s) or play_text("review.no_accuracy", phone.lang) in s for s in seats)
    assert NAMES[phone.lang][0] in seats[0]
    turns = page.locator("#review-turns > li")
    assert turns.count() > 3
    first = turns.first.inner_text()
    assert any(
        play_text("review.turn", phone.lang, n=1, name=n) in first for n in NAMES[phone.lang]
    )
    assert_presentable(page, phone.lang, forbidden=[session])
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.locator("#review-body").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(SHOTS) / f"review-{phone.lang}-390.png"))
    missed = page.locator(".review-missed button").first
    word = missed.inner_text()
    missed.click()
    verdict = page.locator("#judge-verdict")
    verdict.wait_for()
    assert word in verdict.inner_text()
    assert phone.errors == []

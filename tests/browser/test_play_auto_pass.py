"""The "answer only when I can" switch of the Magos y Tabernas table in a real browser
(Chromium, 390×844 in Ukrainian and 1366×768 in English): on by default under the seat's
hand; switched off, the table asks the person for a pass that is all they may do; switched
on there, the pass makes itself at once, and the log says so in words, with no bot badge.
Under it, "answer only when it concerns me": on by default, unusable while the first is
off; on, the person is asked to answer only what is aimed at them, for a whole game."""

from __future__ import annotations

import pytest

from tests.browser.presentable import assert_presentable
from tests.browser.test_play_magos_y_tabernas import GAME as ENGINE
from tests.browser.test_play_magos_y_tabernas import (
    LAPTOP,
    NAMES,
    PHONE,
    choice,
    create,
    my_move,
    people,  # noqa: F401  (the fixture)
    play,
)
from wordsvc.games.contract import replay as replayed
from wordsvc.games.magos_y_tabernas.stack import concerns
from wordsvc.web.play_texts import play_text

PASS = [{"type": "pass"}]
SAID = {"uk": "пасує (нема чим відповісти)", "en": "passes (nothing to answer with)"}
LABEL = {"uk": "Відповідати, лише коли є чим", "en": "Answer only when I can"}
CONCERNED = {
    "uk": "Відповідати, лише коли це мене стосується",
    "en": "Answer only when it concerns me",
}
SAID_CONCERNED = {lang: play_text("myt.log.unconcerned_passed", lang) for lang in ("uk", "en")}
SEED = 2054  # the whole game of the table's own test: passes with nothing else to do


def seat_setting(person, field="auto_pass"):
    return person.page.evaluate(f"window.wordsvcPlay.state.summary.seats[0].{field}")


def tap_switch(person, on, field="auto_pass", switch="myt-auto-pass"):
    """Tap the switch's label (its 44 px target) and wait for the seat to say ``on``."""
    person.page.locator(f"label[for='{switch}']").click()
    person.taps += 1
    person.page.wait_for_function(
        f"on => window.wordsvcPlay.state.summary.seats[0].{field} === on"
        f" && !document.querySelector('#{switch}').disabled",
        arg=on,
    )
    assert person.page.locator(f"#{switch}").is_checked() == on


@pytest.mark.parametrize(
    ("viewport", "lang"),
    [pytest.param(PHONE, "uk", id="phone-uk"), pytest.param(LAPTOP, "en", id="laptop-en")],
)
def test_the_switch_asks_for_a_lone_pass_when_off_and_makes_it_when_on(
    people,  # noqa: F811
    app,
    viewport,
    lang,
    tmp_path,
):
    olya = people(viewport, lang)
    you, bot = NAMES[lang]
    session = create(olya, SEED, [("human", you), ("heuristic", bot)])
    olya.sit(session, 0)
    page = olya.page
    switch = page.locator("#view .myt-area.mine #myt-auto-pass")
    assert switch.is_checked(), "on by default"
    assert switch.get_attribute("role") == "switch"
    assert page.locator("label[for='myt-auto-pass']").inner_text() == LABEL[lang]
    assert page.locator("label[for='myt-auto-pass']").bounding_box()["height"] >= 44
    assert_presentable(page, lang)
    page.screenshot(path=tmp_path / f"switch-on-{lang}.png", full_page=True)

    # "Answer only when I can" alone: the second switch (on by default) off first.
    tap_switch(olya, False, "only_when_concerned", "myt-only-concerned")
    tap_switch(olya, False)
    version = -1
    for _ in range(60):
        summary = my_move(olya, version)
        assert summary["status"] != "over", "the game should ask for a lone pass first"
        version = summary["version"]
        if summary["legal_actions"] == PASS:
            break
        play(olya, choice(summary["view"], 0, SEED, version))
    else:
        pytest.fail("no pass that is all the person may do")
    # Off: the table asks for it, with its one button.
    assert page.locator("#actions button[data-kind='pass']").count() == 1
    assert_presentable(page, lang)
    page.screenshot(path=tmp_path / f"switch-off-{lang}.png", full_page=True)

    store = app.extensions["wordsvc.sessions"]
    tap_switch(olya, True)
    page.wait_for_selector(f"#log li[data-number='{version + 1}']")
    entry = page.locator(f"#log li[data-number='{version + 1}']")
    assert "by-auto" in entry.get_attribute("class")
    assert SAID[lang] in entry.inner_text()
    assert entry.locator(".badge").count() == 0, "no bot badge: the person's own pass"
    logged = store.events(session, 0, after=version)[0]
    assert (logged.seat, logged.actor) == (0, "auto")
    assert store.log(session)[version] == (0, {"type": "pass"})
    # The table went on: the person is asked again only for a real choice.
    summary = my_move(olya, version)
    assert summary["status"] == "over" or summary["legal_actions"] != PASS
    assert seat_setting(olya) is True
    assert_presentable(page, lang)
    page.screenshot(path=tmp_path / f"switch-back-{lang}.png", full_page=True)


@pytest.mark.parametrize(
    ("viewport", "lang"),
    [pytest.param(PHONE, "uk", id="phone-uk"), pytest.param(LAPTOP, "en", id="laptop-en")],
)
def test_answering_only_when_it_concerns_me_asks_only_for_what_is_aimed_at_me(
    people,  # noqa: F811
    app,
    viewport,
    lang,
    tmp_path,
):
    olya = people(viewport, lang)
    you, bot = NAMES[lang]
    session = create(olya, SEED, [("human", you), ("heuristic", bot)])
    olya.sit(session, 0)
    page = olya.page
    switch = page.locator("#view .myt-area.mine #myt-only-concerned")
    assert switch.is_checked(), "on by default"
    assert page.locator("label[for='myt-only-concerned']").inner_text() == CONCERNED[lang]
    assert page.locator("label[for='myt-only-concerned']").bounding_box()["height"] >= 44
    tap_switch(olya, False)
    assert switch.is_disabled(), "it acts only with 'answer only when I can' on"
    tap_switch(olya, True)
    assert switch.is_checked(), "the choice was kept while the first switch was off"
    assert seat_setting(olya, "only_when_concerned") is True
    assert_presentable(page, lang)
    page.screenshot(path=tmp_path / f"concerned-on-{lang}.png", full_page=True)

    store = app.extensions["wordsvc.sessions"]
    options = store.summary(session).options
    version, asked = -1, 0
    for _ in range(200):
        summary = my_move(olya, version)
        if summary["status"] == "over":
            break
        version = summary["version"]
        if {"type": "pass"} in summary["legal_actions"]:
            state = replayed(ENGINE, options, SEED, store.log(session))
            assert concerns(state, 0), "asked to answer what is not aimed at the person"
            asked += 1
        play(olya, choice(summary["view"], 0, SEED, version))
    else:
        pytest.fail("the game did not end")
    autos = [e for e in store.events(session, 0) if e.actor == "auto"]
    assert autos, "passes were made for the person"
    entry = page.locator(f"#log li[data-number='{autos[-1].number}']")
    assert SAID_CONCERNED[lang] in entry.inner_text()
    assert_presentable(page, lang)

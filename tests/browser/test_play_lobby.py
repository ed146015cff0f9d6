"""The lobby (/play) for people, in a real browser, on a phone (390×844) and a laptop
(1366×768), in Ukrainian and English: each game is made from its defaults at the first tap of
"create"; the form speaks in words (no option or category id, no JSON box), names survive a
change of players, the first player is chosen by name, the categories by chips, a refusal is
shown at its field; the open games show no id; a field the form cannot draw says so."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest

from tests.browser.presentable import assert_presentable, visible_texts
from wordsvc.games.registry import GAMES
from wordsvc.web.play_lobby import lobby_data
from wordsvc.web.play_texts import play_text

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
SCREENS = [
    pytest.param((PHONE, "uk"), id="phone-uk"),
    pytest.param((PHONE, "en"), id="phone-en"),
    pytest.param((LAPTOP, "uk"), id="laptop-uk"),
    pytest.param((LAPTOP, "en"), id="laptop-en"),
]
#: People's names, in the page's language (a name in another script is another language).
NAMES = {"uk": ("Оля", "Тарас"), "en": ("Olya", "Taras")}
SESSION_PATH = re.compile(r"/play/([0-9a-f]{32})$")


class Person:
    """One browser context at the lobby, its script errors recorded."""

    def __init__(self, browser, base, viewport, lang):
        self.base, self.lang = base, lang
        locale = "uk-UA" if lang == "uk" else "en-GB"
        self.context = browser.new_context(viewport=viewport, locale=locale)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(f"{r.method} {r.url}"))

    def query(self, **extra) -> str:
        params = {**extra, **({"lang": "en"} if self.lang == "en" else {})}
        return "?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else ""

    def lobby(self):
        self.page.goto(f"{self.base}/play{self.query()}")
        self.page.wait_for_selector("body[data-ready]")
        return self.page

    def created(self) -> str:
        """The session the lobby just made, once its table is open."""
        self.page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}(\?lang=en)?$"))
        self.page.wait_for_selector("body[data-live]")
        path = urlsplit(self.page.url).path
        return SESSION_PATH.search(path).group(1)

    def only_open(self, sessions: list[str]) -> None:
        """The open games the lobby lists: only ``sessions`` (those of this test)."""

        def listed(route):
            if route.request.method != "GET":
                route.continue_()
                return
            answer = route.fetch()
            body = answer.json()
            body["sessions"] = [s for s in body["sessions"] if s["id"] in sessions]
            route.fulfill(response=answer, body=json.dumps(body))

        self.page.route(re.compile(r"/v1/games/sessions(\?.*)?$"), listed)

    def summary(self, session: str) -> dict:
        return self.context.request.get(f"{self.base}/v1/games/sessions/{session}").json()


@pytest.fixture
def person(browser, live_url, request):
    viewport, lang = request.param
    made = Person(browser, live_url, viewport, lang)
    yield made
    assert made.errors == []
    made.context.close()


def words(lang: str) -> dict:
    return lobby_data(lang)


def text(key: str, lang: str, **values) -> str:
    return play_text(key, lang, **values)


def choose_game(page, game):
    page.select_option("#game", game)
    page.wait_for_selector("#options-fields [data-option]")


def chip(page, field, label):
    """The chip of ``field`` whose label is ``label``."""
    return page.locator(f"#opt-{field} label.chip-check").filter(
        has_text=re.compile(rf"^{re.escape(label)}$")
    )


def ids_a_person_must_not_read(judge) -> set[str]:
    """Every option id, enum value and category id that no plain word could be: the ones
    with a ``_``, ``-`` or ``:`` (``first_player``, ``discard-deck``, ``noun-singular``).
    Single words (``mode``, ``players``) are English words too, and the one-language check
    already refuses any Latin word on a Ukrainian screen."""
    ids = {category.id for category in judge.registry}
    for entry in GAMES.values():
        for option, prop in entry.make(judge).options_schema()["properties"].items():
            ids.add(option)
            ids.update(str(v) for v in prop.get("enum", []) + prop.get("items", {}).get("enum", []))
    return {i for i in ids if re.search(r"[_:-]", i)}


@pytest.mark.parametrize("person", SCREENS, indirect=True)
def test_each_game_is_made_from_its_defaults_at_the_first_tap(person):
    page = person.lobby()
    assert page.locator("#game").input_value() == "words-of-magic"  # the flagship first
    for game in ("words-of-magic", "lost-words", "magos-y-tabernas", "wizards-wanted"):
        page = person.lobby()
        choose_game(page, game)
        page.click("#create")
        session = person.created()
        summary = person.summary(session)
        assert summary["game"] == game
        seats = summary["seats"]
        assert seats[0]["kind"] == "human"
        assert all(s["kind"] == "bot" for s in seats[1:])
        # Each game's own bot, and names for people: distinct, from the lobby's list.
        default_bot = next(
            g["default_bot"]
            for g in person.context.request.get(f"{person.base}/v1/games").json()["games"]
            if g["name"] == game
        )
        assert {s["bot"] for s in seats[1:]} == {default_bot}
        names = [s["name"] for s in seats]
        assert names[0] == text("lobby.player_name", person.lang, n=1)
        assert names[1:] == words(person.lang)["bot_names"][: len(seats) - 1]
        assert len(set(names)) == len(names)
        title = words(person.lang)["games"][game]["title"]
        page.wait_for_function(
            "t => document.querySelector('#game-title').textContent === t", arg=title
        )
    # The lobby opens on the game this browser chose last.
    assert person.lobby().locator("#game").input_value() == "wizards-wanted"


@pytest.mark.parametrize("person", SCREENS, indirect=True)
def test_the_lobby_of_every_game_reads_as_words(person, judge):
    person.only_open([])  # other tests' tables, named in their own languages
    page = person.lobby()
    forbidden = ids_a_person_must_not_read(judge)
    assert {"noun-singular", "first_player", "discard-deck"} <= forbidden
    for game in GAMES:
        choose_game(page, game)
        more = page.locator("#more-options")
        if more.count():
            more.locator("summary").click()
        assert page.locator("#options-fields textarea").count() == (
            1 if game == "words-of-magic" else 0  # house words, one per line: no JSON box
        )
        assert page.locator(".cannot-draw").count() == 0
        assert_presentable(page, person.lang, forbidden=forbidden)
        shown = " ".join(t for _, t in visible_texts(page))
        for option in words(person.lang)["games"][game]["options"].values():
            assert option["title"] in shown


@pytest.mark.parametrize("person", SCREENS, indirect=True)
def test_names_survive_a_change_of_players(person):
    page = person.lobby()
    page.fill("#seat-0-name", "Оля")
    page.select_option("#seat-1", "human")
    page.fill("#seat-1-name", "Тарас")
    bots = words(person.lang)["bot_names"]
    for players in ("4", "2", "3"):
        chip(page, "players", players).click()
        assert page.locator("#seat-fields .seat-row").count() == int(players)
        assert page.input_value("#seat-0-name") == "Оля"
        assert page.input_value("#seat-1-name") == "Тарас"
        assert page.input_value("#seat-1") == "human"
    # The row added back at the end is the game's bot, named as the first bot of the table.
    assert page.input_value("#seat-2") == "bot:greedy"
    assert page.get_attribute("#seat-2-name", "placeholder") == bots[0]
    # Another game keeps the names too, and seats its own bot.
    choose_game(page, "lost-words")
    assert page.input_value("#seat-0-name") == "Оля"
    assert page.locator("#seat-fields .seat-row").count() == 2


@pytest.mark.parametrize("person", SCREENS, indirect=True)
def test_the_first_player_is_chosen_by_name_and_the_categories_by_chips(person):
    person.only_open([])
    olya, taras = NAMES[person.lang]
    page = person.lobby()
    page.fill("#seat-0-name", olya)
    page.select_option("#seat-1", "human")
    page.fill("#seat-1-name", taras)
    by_lot = words(person.lang)["games"]["words-of-magic"]["options"]["first_player"]["none"]
    labels = page.locator("#opt-first_player label").all_inner_texts()
    assert labels == [by_lot, olya, taras, words(person.lang)["bot_names"][0]]
    chip(page, "first_player", taras).click()
    noun = "Іменник (однина)" if person.lang == "uk" else "Noun (singular)"
    chip(page, "categories", noun).click()
    assert noun in page.locator("#opt-categories-notes").inner_text()
    if person.lang == "en":  # its examples are Ukrainian words, marked as such
        assert page.locator("#opt-categories-notes [lang='uk']").count() >= 1
    assert_presentable(page, person.lang, axe=False)
    page.click("#create")
    summary = person.summary(person.created())
    assert summary["options"]["first_player"] == 1
    assert summary["options"]["categories"] == ["noun-singular"]
    assert [s["name"] for s in summary["seats"]][:2] == [olya, taras]


def assert_refused_at(page, field, message, target):
    error = page.locator(f"#opt-{field}-error")
    error.wait_for(state="visible")
    assert error.inner_text() == message
    control = page.locator(target)
    assert control.get_attribute("aria-invalid") == "true"
    assert f"opt-{field}-error" in control.get_attribute("aria-describedby").split()


@pytest.mark.parametrize("person", SCREENS, indirect=True)
def test_a_refusal_is_said_in_words_at_its_field(person):
    lang = person.lang
    person.only_open([])
    page = person.lobby()
    page.locator("#more-options summary").click()
    # Checked in the page, before anything is sent: a house word longer than 64 letters.
    page.fill("#opt-house_words", "кіт\n" + "а" * 65)
    sent = len(person.requests)
    page.click("#create")
    assert_refused_at(
        page, "house_words", text("lobby.err.too_long", lang, n=2, max=64), "#opt-house_words"
    )
    assert page.locator("#create-error").inner_text() == text("lobby.fix_fields", lang)
    assert not [r for r in person.requests[sent:] if "POST" in r]
    page.fill("#opt-house_words", "кіт")
    # Refused by the game (its rule, not the schema's): too few characters left to deal.
    options = words(lang)["games"]["words-of-magic"]["options"]
    for card in ("amazon", "witch", "gnome", "dragon", "druid"):
        label = options["characters_left_out"]["values"][card]
        chip(page, "characters_left_out", label).click()
    page.click("#create")
    assert_refused_at(
        page,
        "characters_left_out",
        options["characters_left_out"]["refusal"],
        "#opt-characters_left_out",
    )
    assert page.locator("#opt-house_words-error").is_hidden()
    assert page.locator("#more-options").get_attribute("open") is not None
    assert_presentable(page, lang, axe=False)
    # The ordered picker: drawn at the deal unless the table sets an order; left unfinished.
    planshet = page.locator("#opt-familiar_properties-planshet li").all_inner_texts()
    assert planshet == [options["familiar_properties"]["none"]] * 3
    for card in ("amazon", "dragon", "druid"):
        chip(page, "characters_left_out", options["characters_left_out"]["values"][card]).click()
    page.click(".order-clear")
    page.locator("#opt-familiar_properties button[data-value='length']").click()
    page.click("#create")
    assert_refused_at(
        page, "familiar_properties", text("lobby.err.order", lang), "#opt-familiar_properties"
    )
    planshet = page.locator("#opt-familiar_properties-planshet li").all_inner_texts()
    assert planshet[0] == options["familiar_properties"]["values"]["length"]
    for value in ("discard-hand", "discard-deck"):
        page.locator(f"#opt-familiar_properties button[data-value='{value}']").click()
    page.click("#create")
    summary = person.summary(person.created())
    assert summary["options"]["familiar_properties"] == ["length", "discard-hand", "discard-deck"]
    assert summary["options"]["characters_left_out"] == ["witch", "gnome"]
    assert summary["options"]["house_words"] == ["кіт"]


@pytest.mark.parametrize("person", SCREENS, indirect=True)
def test_the_open_games_say_the_game_who_sits_there_and_when_it_began(person, app):
    seats = [{"kind": "human", "name": "Olya"}, {"kind": "bot", "bot": "random", "name": "Owl"}]
    made = app.test_client().post("/v1/games/sessions", json={"game": "lost-words", "seats": seats})
    session = made.get_json()["id"]
    person.only_open([session])
    page = person.lobby()
    item = page.locator(f"#open-list li[data-session='{session}']")
    shown = item.inner_text()
    assert words(person.lang)["games"]["lost-words"]["title"] in shown
    assert text("lobby.free", person.lang, name="Olya") in shown
    assert "Owl" in shown
    assert text("lobby.just_started", person.lang) in shown
    listed = page.locator("#open-list").inner_text()
    assert not re.search(r"\b[0-9a-f]{6,}\b", listed), listed
    assert_presentable(page, person.lang, allowed_latin=["Olya", "Owl"])


@pytest.mark.parametrize("person", [SCREENS[0]], indirect=True)
def test_a_seat_whose_link_waits_is_an_open_game_and_a_tap_sits_there(person, app):
    """A host made the game and holds the other seat's link for someone: the seat is open in
    the lobby until someone sits down, and a tap there sits this person down at it."""
    client = app.test_client()
    seats = [{"kind": "human", "name": "Оля"}, {"kind": "human", "name": "Гравець 2"}]
    session = client.post("/v1/games/sessions", json={"game": "lost-words", "seats": seats})
    session = session.get_json()["id"]
    for seat, claim in ((0, True), (1, False)):
        joined = client.post(
            f"/v1/games/sessions/{session}/join", json={"seat": seat, "claim": claim}
        )
        assert joined.status_code in (200, 201), joined.get_json()
    person.only_open([session])
    page = person.lobby()
    item = page.locator(f"#open-list li[data-session='{session}']")
    item.locator("a[href*='join=1']").click()
    page.wait_for_selector("#claim-name")
    page.fill("#claim-name", "Тарас")
    page.click("#claim")
    page.wait_for_selector("body[data-live]")
    assert page.locator("#who").inner_text() == text("you_are", person.lang, n=2)
    assert person.summary(session)["seats"][1]["name"] == "Тарас"


@pytest.mark.parametrize("person", [SCREENS[0]], indirect=True)
def test_a_field_the_form_cannot_draw_says_so_and_keeps_its_default(person):
    """A future schema's type the form does not know: said in words, never a JSON box, and
    left out of the options sent (the game takes its default)."""

    def with_a_new_option(route):
        answer = route.fetch()
        body = answer.json()
        for game in body["games"]:
            if game["name"] == "words-of-magic":
                game["options_schema"]["properties"]["mystery"] = {"type": "object", "default": {}}
        route.fulfill(response=answer, body=json.dumps(body))

    person.page.route(re.compile(r"/v1/games$"), with_a_new_option)
    page = person.lobby()
    field = page.locator("#opt-mystery")
    assert field.inner_text() == text("lobby.cannot_draw", "uk")
    assert (
        page.locator("[data-option='mystery'] textarea, [data-option='mystery'] input").count() == 0
    )
    with page.expect_request(re.compile(r"/v1/games/sessions$")) as sent:
        page.click("#create")
    assert "mystery" not in sent.value.post_data_json["options"]
    person.created()

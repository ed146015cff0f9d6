"""The play pages in a real browser: the lobby, the generic table of every game, live updates
over the event stream between two people, a reconnect that loses nothing, hidden cards that
never reach another seat's page or traffic, and axe-core on the lobby and the tables."""

from __future__ import annotations

import contextlib
import json
import re
from urllib.parse import urlsplit

import pytest

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


class Player:
    """A browser context (one person's phone) with its requests, answers and errors recorded."""

    def __init__(self, browser, base, viewport=PHONE):
        self.base = base
        self.context = browser.new_context(viewport=viewport, locale="uk-UA")
        self.page = self.context.new_page()
        self.hosts: set[str] = set()
        self.errors: list[str] = []
        self.traffic: list[str] = []  # every answer's body (the stream's too)
        self.page.on("request", lambda r: self.hosts.add(urlsplit(r.url).netloc))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("response", self._answer)
        self.page.set_default_timeout(20_000)

    def _answer(self, response):
        if "/v1/" in response.url and "/stream" not in response.url:
            with contextlib.suppress(Exception):  # a body the page navigated away from
                self.traffic.append(response.text())

    def open(self, path):
        self.page.goto(self.base + path)
        self.page.wait_for_selector("body[data-ready]")

    def stream_text(self):
        """Everything the page's EventSource received (its data, as the page saw it)."""
        return self.page.evaluate("JSON.stringify(window.wordsvcPlay.seen || [])")

    def close(self):
        assert self.hosts == {urlsplit(self.base).netloc}, "a request left the service"
        assert self.errors == []
        self.context.close()


@pytest.fixture
def people(browser, live_url):
    made: list[Player] = []

    def make(viewport=PHONE):
        player = Player(browser, live_url, viewport)
        made.append(player)
        return player

    yield make
    for player in made:
        player.close()


def create(player, game, seats):
    """Create a game in the lobby: ``seats`` like ["human", "bot:random"]."""
    player.open("/play")
    player.page.select_option("#game", game)
    players = player.page.locator("#opt-players")
    if players.count():
        players.fill(str(len(seats)))
        players.dispatch_event("change")
    for seat, kind in enumerate(seats):
        player.page.select_option(f"#seat-{seat}", kind)
    player.page.click("#create")
    player.page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}$"))
    player.page.wait_for_selector("body[data-live]")
    return urlsplit(player.page.url).path.rsplit("/", 1)[1]


def to_act(player):
    return player.page.locator("#status").inner_text()


def take_turn(player):
    """Click the first legal action's button once it is this seat's turn; returns its action."""
    player.page.wait_for_selector("#status.mine")
    button = player.page.locator("#actions button.action").first
    action = json.loads(button.get_attribute("data-action"))
    button.click()
    return action


def log_numbers(player):
    numbers = player.page.locator("#log li").evaluate_all(
        "items => items.map(i => Number(i.dataset.number))"
    )
    return sorted(numbers)


SETTLED = """() => {
  const m = /№(\\d+)/.exec(document.querySelector('#status').textContent);
  const state = window.wordsvcPlay && window.wordsvcPlay.state;
  return m && state && !state.busy && !state.queue.length
    && document.querySelectorAll('#log li').length === Number(m[1]) ? Number(m[1]) : false;
}"""


def settled(player):
    """The version once the log shows every action up to the table's version."""
    return player.page.wait_for_function(SETTLED).json_value()


def wait_log(player, number):
    player.page.wait_for_selector(f"#log li[data-number='{number}']")


def test_two_people_at_one_lost_words_game_see_each_others_moves_live(people, app):
    olena, taras = people(), people(DESKTOP)
    session = create(olena, "lost-words", ["human", "human"])
    assert olena.page.locator("#who").inner_text() == "Ви граєте за місце 1."
    link = olena.page.locator("#links a.seat-link").first.get_attribute("href")
    assert link.endswith(f"/play/{session}?join=1")
    taras.page.goto(link)
    taras.page.wait_for_selector("body[data-live]")
    assert taras.page.locator("#who").inner_text() == "Ви граєте за місце 2."
    assert urlsplit(taras.page.url).query == ""  # the join link is used up

    number = 0
    for _ in range(8):  # turns alternate; each sees the other's move without a reload
        mover = olena if "Ваш хід" in to_act(olena) else taras
        watcher = taras if mover is olena else olena
        mover.page.wait_for_selector("#actions button.action")
        take_turn(mover)
        number += 1
        wait_log(watcher, number)
        wait_log(mover, number)
        watcher.page.wait_for_function(
            f"document.querySelector('#status').textContent.includes('Хід №{number}')"
        )
    assert log_numbers(olena) == log_numbers(taras) == list(range(1, number + 1))

    # Neither page nor its traffic names a card in the other's hand (one never shown in
    # public: a card drawn from the discard pile was seen by all).
    store = app.extensions["wordsvc.sessions"]
    for seat, player in ((0, olena), (1, taras)):
        known = json.dumps(
            [store.summary(session, seat), store.events(session, seat)], ensure_ascii=False
        )
        other = store.summary(session, 1 - seat)["view"]["players"][1 - seat]["hand"]
        hidden = [c["id"] for c in other if f'"{c["id"]}"' not in known]
        assert hidden, "the test needs a hidden card"
        shown = player.page.content().replace("&quot;", '"')
        shown += "".join(player.traffic) + player.stream_text()
        for card in hidden:
            assert f'"{card}"' not in shown, f"seat {seat} saw {card}"


def test_a_reload_and_a_dropped_stream_lose_no_event(people):
    olena = people()
    session = create(olena, "lost-words", ["human", "bot:random"])
    for number in range(1, 4):
        olena.page.wait_for_selector("#actions button.action")
        take_turn(olena)
        olena.page.wait_for_function(
            "n => document.querySelectorAll('#log li').length >= n", arg=number
        )
    olena.page.reload()  # the page comes back with the log from the start
    olena.page.wait_for_selector("body[data-live]")
    version = settled(olena)
    # The connection drops (as when a phone loses the network); the EventSource reconnects
    # with Last-Event-ID and the moves made meanwhile arrive once each.
    olena.page.evaluate("window.wordsvcPlay.source.close()")
    olena.page.evaluate("window.wordsvcPlay.reconnect()")
    olena.page.wait_for_selector("#actions button.action")
    take_turn(olena)
    olena.page.wait_for_function(
        "n => document.querySelectorAll('#log li').length > n", arg=version
    )
    final = settled(olena)
    assert final > version
    assert log_numbers(olena) == list(range(1, final + 1))
    assert session


GAMES = ["words-of-magic", "lost-words", "magos-y-tabernas", "wizards-wanted"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_playable_table(people, game):
    player = people(DESKTOP)
    create(player, game, ["human", "bot:random"])
    panels = player.page.locator("#view .panel.player")
    assert panels.count() == 2
    assert player.page.locator("#view .panel.player.mine").count() == 1
    player.page.wait_for_selector("#actions button.action, #actions form.action-form")
    for _ in range(3):  # a few moves through the generic controls
        buttons = player.page.locator("#actions button.action")
        if not buttons.count() or "Ваш хід" not in to_act(player):
            break
        before = player.page.locator("#log li").count()
        take_turn(player)
        player.page.wait_for_function(
            "n => document.querySelectorAll('#log li').length > n", arg=before
        )
    assert player.page.locator("#table-error").is_hidden()


def test_axe_finds_nothing_serious_on_the_lobby_and_the_tables(people):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    player = people()
    player.open("/play")
    pages = {"lobby": axe.run(player.page)}
    for game in ("lost-words", "words-of-magic", "magos-y-tabernas", "wizards-wanted"):
        create(player, game, ["human", "human"])
        pages[game] = axe.run(player.page)
    for name, results in pages.items():
        bad = [
            v["id"]
            for v in results.response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        assert bad == [], f"{name}: {bad}"


def test_a_spectator_watches_without_a_seat(people):
    olena, guest = people(), people()
    session = create(olena, "lost-words", ["human", "bot:random"])
    guest.open(f"/play/{session}")
    assert guest.page.locator("#who").inner_text() == "Ви глядач."
    assert guest.page.locator("#actions button.action").count() == 0
    take_turn(olena)
    wait_log(guest, 1)


def test_the_lobby_lists_open_games_and_speaks_english(people):
    olena, taras = people(), people()
    session = create(olena, "lost-words", ["human", "human"])
    taras.open("/play?lang=en")
    assert taras.page.locator("#open-title").inner_text() == "Open games"
    join = taras.page.locator(f"a[href='/play/{session}?join=1&lang=en']")
    join.click()
    taras.page.wait_for_selector("body[data-live]")
    assert taras.page.locator("#who").inner_text() == "You play seat 2."

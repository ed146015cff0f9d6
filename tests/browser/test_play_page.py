"""The play pages in a real browser: the lobby, the tables (Words of Magic's and The Lost
Words' own, the generic one for the others), live updates over the event stream between two
people (the Chestnut's reply included), a reconnect that loses nothing, hidden cards that
never reach another seat's page or traffic, and axe-core on the lobby and the tables. A whole
Words of Magic game is played in test_play_words_of_magic.py."""

from __future__ import annotations

import contextlib
import json
import re
import threading
from urllib.parse import urlsplit

import pytest

from tests.browser.presentable import assert_presentable, serious_violations
from wordsvc.wire import games as models
from wordsvc.wire.common import to_json

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


def create(player, game, seats, checks=None):
    """Create a game in the lobby: ``seats`` like ["human", "bot:random"]; ``checks`` sets
    boolean options (``{"characters": False}``)."""
    player.open("/play")
    player.page.select_option("#game", game)
    chip = player.page.locator("#opt-players label").filter(
        has=player.page.locator(f"input[value='{len(seats)}']")
    )
    if chip.count():  # the number of players is a choice of chips
        chip.click()
    for name, on in (checks or {}).items():
        player.page.set_checked(f"#opt-{name}", on)
    for seat, kind in enumerate(seats):
        player.page.select_option(f"#seat-{seat}", kind)
    player.page.click("#create")
    player.page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}$"))
    player.page.wait_for_selector("body[data-live]")
    return urlsplit(player.page.url).path.rsplit("/", 1)[1]


def sit_here(page, seat):
    """On the table's screen (a host's, for a game of several people): "sit here myself" at
    ``seat``, keeping the name offered."""
    page.click(f"#links li.seat-invite[data-seat='{seat}'] button.sit-here")
    page.wait_for_selector("#claim-box:not([hidden])")
    page.click("#claim")
    page.wait_for_selector("body[data-live]")
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-table-screen')")


def to_act(player):
    return player.page.locator("#status").inner_text()


#: A seat's controls: the actions' buttons, or the Lost Words' discard picker.
CONTROLS = "#actions button.action, #actions form.lw-discard-form"


def take_turn(player):
    """Click the first legal action's button once it is this seat's turn; returns its action.
    (The Lost Words' discard down to three, when its orders are many, is a picker: the
    first cards are ticked in turn.)"""
    player.page.wait_for_selector("#status.mine")
    first = player.page.locator(CONTROLS).first
    if first.evaluate("node => node.tagName") == "FORM":
        count = int(re.sub(r"\D", "", first.locator("button").inner_text()))
        cards = first.locator("input[type=checkbox]").evaluate_all(
            "boxes => boxes.map(b => b.value)"
        )[:count]
        discard_by_picker(player, cards)
        return {"type": "discard", "cards": cards}
    action = json.loads(first.get_attribute("data-action"))
    first.click()
    return action


def discard_by_picker(player, cards):
    """Tick ``cards`` in the Lost Words' discard picker, in order (the last on top), and send."""
    form = player.page.locator("#actions form.lw-discard-form")
    for card in cards:
        form.locator(f"input[value='{card}']").check()
    form.locator("button[type=submit]").click()


def log_numbers(player):
    numbers = player.page.locator("#log li").evaluate_all(
        "items => items.map(i => Number(i.dataset.number))"
    )
    return sorted(numbers)


SETTLED = """() => {
  const version = document.querySelector('#status').dataset.version;
  const state = window.wordsvcPlay && window.wordsvcPlay.state;
  return version && state && !state.busy && !state.queue.length
    && document.querySelectorAll('#log li').length === Number(version) ? Number(version) : false;
}"""
#: The table settled at version ``n``. Waited for as a function, never as an expression: the
#: pages' policy refuses 'unsafe-eval', and Playwright evaluates an expression at every poll
#: (a function once).
SETTLED_AT = f"n => ({SETTLED})() === n"
#: The table settled at a version past ``n``.
SETTLED_PAST = f"n => {{ const v = ({SETTLED})(); return v !== false && v > n; }}"


def settled(player):
    """The version once the log shows every action up to the table's version."""
    return player.page.wait_for_function(SETTLED).json_value()


def wait_log(player, number):
    player.page.wait_for_selector(f"#log li[data-number='{number}']")


MY_MOVE = """after => {
  const s = window.wordsvcPlay && window.wordsvcPlay.state;
  if (!s || !s.summary || s.busy || s.queue.length || s.summary.version <= after) return false;
  const sum = s.summary;
  if (sum.status === 'over') return document.querySelector('#result') ? sum : false;
  return sum.to_act.includes(sum.you) && document.querySelector('#actions button.action')
    ? sum : false;
}"""


def my_move(player, after):
    """The table's summary once it is past version ``after``, every streamed move shown, and
    it is this seat's move (its controls drawn) or the game is over."""
    return player.page.wait_for_function(MY_MOVE, arg=after, timeout=30_000).json_value()


def click_action(player, action):
    """Click the button of this legal action (its ``data-action``, compared as JSON), or pick
    a Lost Words discard in the picker when its orders are too many for buttons."""
    if action["type"] == "discard" and player.page.locator("form.lw-discard-form").count():
        discard_by_picker(player, action["cards"])
        return
    buttons = player.page.locator("#actions button.action")
    shown = buttons.evaluate_all("bs => bs.map(b => JSON.parse(b.dataset.action))")
    assert action in shown, f"no button for {action}"
    buttons.nth(shown.index(action)).click()


def hidden_in(text, cards):
    """The cards of ``cards`` named (as a JSON string or an attribute value) in ``text``."""
    return [card for card in cards if f'"{card}"' in text]


def seen_by(player):
    """Everything a seat's browser holds: the page, every answer, the stream's data."""
    return (
        player.page.content().replace("&quot;", '"')
        + "".join(player.traffic)
        + player.stream_text()
    )


def full_state(app, session):
    """The session's whole state as the database holds it (hidden cards included)."""
    from sqlalchemy import select

    from wordsvc.sessions.schema import sessions

    store = app.extensions["wordsvc.sessions"]
    with store.engine.connect() as conn:
        return conn.execute(select(sessions.c.state).where(sessions.c.id == session)).scalar_one()


def known_to(app, session, seat):
    """What a seat may know: its summary and its events, as the wire writes them."""
    store = app.extensions["wordsvc.sessions"]
    summary = to_json(models.SessionSummary, store.summary(session, seat))
    events = to_json(list[models.LoggedAction], store.events(session, seat))
    return (summary + events).decode()


def solve_body(view, seat):
    """The solver's request for a seat's hand, from its view (as the table builds it)."""
    me, opts = view["players"][seat], view["options"]
    figure = view["familiar"]["figure"]
    return {
        "cards": [
            c["letter"] if c["kind"] == "letter" else "*" if c["kind"] == "joker" else c["magic"]
            for c in me["hand"]
        ],
        "tokens": me["tokens"],
        "familiar": [
            {"letter": letter, "available": i != figure}
            for i, letter in enumerate(view["familiar"]["letters"])
        ],
        "character": me["character"],
        "players": opts["players"],
        "deck": me["deck_size"],
        "mode": opts["mode"],
        "familiar_properties": opts["familiar_properties"],
        "balance_decks": {c: view["balance"].get(c, 0) for c in ("green", "yellow", "red")},
        "categories": opts["categories"],
        "limit": 1,
        "budget_ms": 300,
    }


def test_two_people_at_one_lost_words_game_see_each_others_moves_live(people, app):
    olena, taras = people(), people(DESKTOP)
    session = create(olena, "lost-words", ["human", "human"])
    # Two people: the laptop that made the game is the table's screen, until its host sits.
    assert olena.page.locator("#who").inner_text() == (
        "Екран столу: тут видно тільки те, що бачать усі."
    )
    sit_here(olena.page, 0)
    assert olena.page.locator("#who").inner_text() == "Ви граєте за місце 1."
    link = urlsplit(olena.page.locator("#links input.seat-link").first.input_value())
    assert link.path == f"/play/{session}"
    assert link.fragment.startswith("seat=")  # the seat's token (test_play_seats.py)
    # The link carries the machine's LAN address; this server listens on loopback only.
    taras.page.goto(f"{taras.base}{link.path}#{link.fragment}")
    taras.page.click("#claim")  # the name offered, kept
    taras.page.wait_for_selector("body[data-live]")
    assert taras.page.locator("#who").inner_text() == "Ви граєте за місце 2."
    assert urlsplit(taras.page.url).fragment == ""  # the token leaves the address bar

    number = 0
    for _ in range(8):  # turns alternate; each sees the other's move without a reload
        mover = olena if "Ваш хід" in to_act(olena) else taras
        watcher = taras if mover is olena else olena
        mover.page.wait_for_selector(CONTROLS)
        take_turn(mover)
        wait_log(watcher, number + 1)
        # The move may bring steps taken by themselves (an end with no Skylark to offer).
        watcher.page.wait_for_function(SETTLED_PAST, arg=number)
        number = summary_of(watcher)["version"]
        # Both pages' turn lines at this version before the next mover is read from them:
        # a page whose log showed the move could still say "your turn" from before it.
        for player in (watcher, mover):
            player.page.wait_for_function(SETTLED_AT, arg=number)
    assert log_numbers(olena) == log_numbers(taras) == list(range(1, number + 1))

    # Neither page nor its traffic names a card in the other's hand (one never shown in
    # public: a card drawn from the discard pile was seen by all).
    store = app.extensions["wordsvc.sessions"]
    for seat, player in ((0, olena), (1, taras)):
        known = known_to(app, session, seat)
        other = store.summary(session, 1 - seat).view["players"][1 - seat]["hand"]
        hidden = [c["id"] for c in other if f'"{c["id"]}"' not in known]
        assert hidden, "the test needs a hidden card"
        shown = player.page.content().replace("&quot;", '"')
        shown += "".join(player.traffic) + player.stream_text()
        for card in hidden:
            assert f'"{card}"' not in shown, f"seat {seat} saw {card}"


class AnyWord:
    """Word rules for dealing a game in the test (the deal never asks the lexicon)."""

    def validate_categories(self, categories):
        return None

    def is_playable(self, word, categories):
        return True


def magic_deal():
    """A seed whose opening hand for seat 0 holds Extra Portion and Renewal of Strength."""
    from wordsvc.games.words_of_magic.engine import WordsOfMagic

    game = WordsOfMagic(AnyWord())
    options = {"players": 2, "characters": False, "first_player": 0}
    for seed in range(5000):
        hand = game.view(game.new(options, seed), 0)["players"][0]["hand"]
        magic = {card.get("magic") for card in hand}
        if {"extra-portion", "renewal-of-strength"} <= magic:
            return seed, options
    pytest.fail("no opening hand with both magic cards")


def test_magic_cards_are_played_from_the_hand(people, live_url):
    seed, options = magic_deal()
    olena = people()
    created = olena.context.request.post(
        f"{live_url}/v1/games/sessions",
        data={
            "game": "words-of-magic",
            "options": options,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "seed": seed,
        },
    ).json()
    olena.open(f"/play/{created['id']}?join=0")
    page = olena.page
    page.wait_for_selector("body[data-live]")
    hand = page.locator("#view .panel.mine .wom-hand li")
    assert hand.count() == 5
    # Extra Portion: two cards from the deck.
    extra = page.locator("#actions button.action", has_text="Додаткова порція")
    extra.click()
    page.wait_for_function(SETTLED_AT, arg=1)
    assert hand.count() == 6
    assert "грає «Додаткова порція»" in page.locator("#log li[data-number='1']").inner_text()
    # Renewal of Strength: the cards ticked go under the deck, as many come from the top.
    form = page.locator("#actions form.wom-renew")
    assert "Оновлення сил" in form.locator("button[type=submit]").inner_text()
    boxes = form.locator("input[type=checkbox]")
    assert boxes.count() == 5  # every other card in the hand
    renewed = [boxes.nth(0).get_attribute("value"), boxes.nth(1).get_attribute("value")]
    for card in renewed:
        form.locator(f"input[value='{card}']").check()
    form.locator("button[type=submit]").click()
    page.wait_for_function(SETTLED_AT, arg=2)
    assert hand.count() == 5  # the Renewal card itself went to the discard pile
    held = hand.evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert not set(renewed) & set(held)
    assert page.locator("#view .panel.mine .wom-discard summary").inner_text() == "Відбій (2)"


def lost_words_policy(legal):
    """A simple player who hunts for the Chestnut: re-pair after one, play one, pair, draw
    from the pile, else go on."""
    rules = (
        lambda a: a["type"] == "repair",
        lambda a: a["type"] == "play" and a["card"].startswith("a:chestnut"),
        lambda a: a["type"] == "pair",
        lambda a: a["type"] == "draw" and a["from"] == "pile",
        lambda a: a["type"] in ("end", "decline", "stop"),
    )
    for rule in rules:
        found = next((a for a in legal if rule(a)), None)
        if found is not None:
            return found
    return legal[0]


def chestnut_game():
    """A seed where two players following :func:`lost_words_policy` reach a Chestnut that
    its target answers by pairing again, and the number of moves that takes."""
    from wordsvc.games.lost_words.engine import LostWords

    game = LostWords()
    for seed in range(3000):
        state = game.new({"players": 2}, seed)
        for number in range(1, 41):
            seat = game.to_act(state)[0]
            state, events = game.apply(
                state, seat, lost_words_policy(game.legal_actions(state, seat))
            )
            if any(e.type == "repaired" for e in events):
                return seed, number
            if state["phase"] == "over":
                break
    pytest.fail("no seed gives a Chestnut answered within 40 moves")


def summary_of(player):
    return player.page.evaluate("window.wordsvcPlay.state.summary")


def acorn_policy(legal):
    """A player who plays the Acorn whenever it may, and draws all it offers."""
    for rule in (
        lambda a: a["type"] == "play" and a["card"].startswith("a:acorn"),
        lambda a: a["type"] == "draw" and a["from"] == "pile",
        lambda a: a["type"] == "end",
    ):
        found = next((a for a in legal if rule(a)), None)
        if found is not None:
            return found
    return legal[0]


def acorn_game():
    """A seed where :func:`acorn_policy` leaves seat 0 with five cards to discard down to
    three (20 orders: a picker, not buttons), and the moves until then."""
    from wordsvc.games.lost_words.engine import LostWords

    game = LostWords()
    for seed in range(3000):
        state = game.new({"players": 2}, seed)
        for number in range(1, 31):
            seat = game.to_act(state)[0]
            if state["phase"] == "reduce":
                if seat == 0 and len(game.legal_actions(state, seat)) > 6:
                    return seed, number - 1
                break
            state, _ = game.apply(state, seat, acorn_policy(game.legal_actions(state, seat)))
    pytest.fail("no seed gives a long discard within 30 moves")


def test_a_long_discard_is_picked_card_by_card_the_last_on_top(people, live_url):
    seed, moves = acorn_game()
    olena = people()
    request = olena.context.request
    created = request.post(
        f"{live_url}/v1/games/sessions",
        data={
            "game": "lost-words",
            "options": {"players": 2},
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "seed": seed,
        },
    ).json()
    session = created["id"]
    other = request.post(f"{live_url}/v1/games/sessions/{session}/join", data={"seat": 1}).json()
    olena.open(f"/play/{session}?join=0")
    olena.page.wait_for_selector("body[data-live]")
    version = 0  # a move may bring steps taken by themselves (an end with no Skylark)
    while version < moves:
        olena.page.wait_for_function(SETTLED_AT, arg=version)
        summary = summary_of(olena)
        if summary["to_act"] == [0]:
            click_action(olena, acorn_policy(summary["legal_actions"]))
        else:  # the other person plays through the API
            theirs = request.get(
                f"{live_url}/v1/games/sessions/{session}",
                headers={"Authorization": f"Bearer {other['token']}"},
            ).json()
            done = request.post(
                f"{live_url}/v1/games/sessions/{session}/actions",
                headers={"Authorization": f"Bearer {other['token']}"},
                data={
                    "action": acorn_policy(theirs["legal_actions"]),
                    "expected_version": theirs["version"],
                },
            )
            assert done.ok
        olena.page.wait_for_function(SETTLED_PAST, arg=version)
        version = summary_of(olena)["version"]
    olena.page.wait_for_function(SETTLED_AT, arg=moves)
    form = olena.page.locator("#actions form.lw-discard-form")
    assert olena.page.locator("#actions button.action").count() == 0
    hand = form.locator("input[type=checkbox]").evaluate_all("bs => bs.map(b => b.value)")
    assert len(hand) == 5
    assert [v["id"] for v in serious_violations(olena.page)] == []
    chosen = [hand[3], hand[1]]  # ticked in this order: the second ends on top
    discard_by_picker(olena, chosen)
    olena.page.wait_for_function(SETTLED_AT, arg=moves + 1)
    top = olena.page.locator("#lw-discard li.lw-card")
    assert top.get_attribute("data-card") == chosen[1]
    assert "скидає" in olena.page.locator(f"#log li[data-number='{moves + 1}']").inner_text()


def test_the_chestnut_and_its_reply_reach_the_other_person_live(people, live_url, app):
    seed, moves = chestnut_game()
    olena, taras = people(), people(DESKTOP)
    created = olena.context.request.post(
        f"{live_url}/v1/games/sessions",
        data={
            "game": "lost-words",
            "options": {"players": 2},
            "seats": [{"kind": "human", "name": "Олена"}, {"kind": "human", "name": "Тарас"}],
            "seed": seed,
        },
    )
    session = created.json()["id"]
    for seat, player in enumerate((olena, taras)):
        player.open(f"/play/{session}?join={seat}")
        player.page.wait_for_selector("body[data-live]")
        assert player.page.locator("body[data-table='lost-words']").count() == 1
    # Names, not ids: the nature cards read as words.
    nature = olena.page.locator("#view .panel.mine .lw-nature .lw-card strong")
    assert nature.count() == 6
    assert all(not re.search(r"[:]|^n\b", text) for text in nature.all_inner_texts())

    chestnut = None
    version = 0  # a move may bring steps taken by themselves (an end with no Skylark)
    while version < moves:
        number = version + 1
        for player in (olena, taras):
            player.page.wait_for_function(SETTLED_AT, arg=version)
        summaries = [summary_of(olena), summary_of(taras)]
        mover_seat = summaries[0]["to_act"][0]
        mover, watcher = (olena, taras) if mover_seat == 0 else (taras, olena)
        action = lost_words_policy(summaries[mover_seat]["legal_actions"])
        if action["type"] == "repair":
            # The reply out of turn: the target answers while the Chestnut's player is active.
            view = summaries[mover_seat]["view"]
            assert view["phase"] == "chestnut_reply"
            assert view["active"] != mover_seat
            assert mover.page.locator("#lw-chestnut.mine").count() == 1
            assert "Каштан!" in watcher.page.locator("#lw-chestnut").inner_text()
            assert watcher.page.locator("#actions button.action").count() == 0
            # The target is asked for a reply, not a move; the Chestnut's player waits on it.
            assert to_act(mover).startswith("Ваша відповідь на Каштан\n")
            replier = ("Олена", "Тарас")[mover_seat]
            assert to_act(watcher).startswith(f"{replier} відповідає на Каштан\n")
            nature_card = view["pending"]["card"]
            for player in (mover, watcher):  # the notice and the reply pass axe-core
                assert [v["id"] for v in serious_violations(player.page)] == []
        if action["type"] == "play" and action["card"].startswith("a:chestnut"):
            chestnut = number
        click_action(mover, action)
        wait_log(watcher, number)
        watcher.page.wait_for_function(SETTLED_PAST, arg=version)
        version = summary_of(watcher)["version"]
    assert chestnut is not None
    for player in (olena, taras):
        player.page.wait_for_function(SETTLED_AT, arg=moves)
        played = player.page.locator(f"#log li[data-number='{chestnut}']").inner_text()
        assert "знімає" in played
        assert (
            "відповідає на Каштан"
            in player.page.locator(f"#log li[data-number='{moves}']").inner_text()
        )
        # The pair is whole again on the target's row, on both tables, without a reload.
        paired = player.page.locator(f"#view .lw-nature li.paired[data-card='{nature_card}']")
        assert paired.count() == 1
    assert log_numbers(olena) == log_numbers(taras) == list(range(1, moves + 1))
    # Neither saw a card of the other's hand that was never shown in public.
    for seat, player in ((0, olena), (1, taras)):
        known = known_to(app, session, seat)
        other = full_state(app, session)["players"][1 - seat]["hand"]
        hidden = [card for card in other if f'"{card}"' not in known]
        assert hidden_in(seen_by(player), hidden) == []


@pytest.mark.parametrize("game", ["lost-words", "words-of-magic"])
def test_a_reload_and_a_dropped_stream_lose_no_event(people, game):
    olena = people()
    session = create(olena, game, ["human", "bot:random"])
    for number in range(1, 4):
        olena.page.wait_for_selector(CONTROLS)
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
    olena.page.wait_for_selector(CONTROLS)
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
    # A game's own table may load its drawing after the stream opens: wait for the panels.
    player.page.wait_for_function(
        "() => document.querySelectorAll('#view .panel.player').length >= 2"
    )
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
    player = people()
    player.open("/play")
    pages = {"lobby": serious_violations(player.page)}
    for game in ("lost-words", "words-of-magic", "magos-y-tabernas", "wizards-wanted"):
        create(player, game, ["human", "human"])
        pages[game] = serious_violations(player.page)
        if game in ("lost-words", "words-of-magic"):  # the tables' own colours, dark too
            player.page.emulate_media(color_scheme="dark")
            pages[f"{game} (dark)"] = serious_violations(player.page)
            player.page.emulate_media(color_scheme="light")
    for name, found in pages.items():
        assert [v["id"] for v in found] == [], name


def test_a_spectator_watches_without_a_seat(people):
    olena, guest = people(), people()
    session = create(olena, "lost-words", ["human", "bot:random"])
    guest.open(f"/play/{session}")
    assert guest.page.locator("#who").inner_text() == "Ви глядач."
    assert guest.page.locator("#actions button.action").count() == 0
    take_turn(olena)
    wait_log(guest, 1)


def test_the_lobby_lists_open_games_and_speaks_english(people, app):
    taras = people()
    # A session another front end made, with a free seat.
    made = app.test_client().post(
        "/v1/games/sessions",
        json={"game": "lost-words", "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    session = made.json["id"]
    taras.open("/play?lang=en")
    assert taras.page.locator("#open-title").inner_text() == "Open games"
    join = taras.page.locator(f"a[href='/play/{session}?join=1&ask=&lang=en']")
    join.click()
    taras.page.wait_for_selector("body[data-claiming]")
    assert taras.page.locator("#claim-name").input_value() == "Player 2"
    taras.page.click("#claim")  # the seat's name kept with one tap
    taras.page.wait_for_selector("body[data-live]")
    assert taras.page.locator("#who").inner_text() == "You play seat 2."
    # The Lost Words table in English: the nature cards' English names.
    names = taras.page.locator("#view .lw-nature .lw-card strong").all_inner_texts()
    assert len(names) == 12
    assert all(re.fullmatch(r"[A-Z][a-z]+", name) for name in names), names
    assert "Draw pile" in taras.page.locator("#view .lw-board").inner_text()


def test_a_chosen_deal_is_shown_at_the_table_and_the_seed_once_it_is_over(people, app):
    olena = people()
    made = app.test_client().post(
        "/v1/games/sessions",
        json={"game": "lost-words", "seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 5},
    )
    assert made.status_code == 201, made.json
    olena.open(f"/play/{made.json['id']}")
    status = olena.page.locator("#status").inner_text()
    assert "обрав творець гри" in status
    assert "Зерно розкладу: 5." in status
    drawn = create(olena, "lost-words", ["human", "bot:random"])
    olena.open(f"/play/{drawn}")
    assert olena.page.locator("#deal-chosen").count() == 0
    assert olena.page.locator("#seed").count() == 0


def test_a_long_game_loads_with_its_whole_log_in_a_few_requests(people, app):
    """The table of a finished game of more than 500 actions shows every one of them in the
    log, from at most 3 requests to the API (the session and its stream), not one a past
    action (which had hit the rate limit on the third reload)."""
    made = app.test_client().post(
        "/v1/games/sessions",
        json={
            "game": "magos-y-tabernas",
            "seats": [{"kind": "bot", "bot": "random"}] * 4,
            "seed": 1,
        },
    )
    assert made.status_code == 201, made.json
    version = made.json["version"]
    assert version >= 500, version  # the seed's game is long enough
    olena = people()
    asked: list[str] = []
    olena.page.on("request", lambda r: asked.append(r.url) if "/v1/" in r.url else None)
    olena.open(f"/play/{made.json['id']}")
    olena.page.wait_for_function(
        """(version) => document.querySelectorAll('#log li').length === version
            && !window.wordsvcPlay.state.busy && !window.wordsvcPlay.state.queue.length""",
        arg=version,
    )
    assert len(asked) <= 3, asked


def test_the_connection_badge_stays_on_a_phones_screen(people):
    """The badge that says the table is live (or reconnecting) sits in the header, which
    stays on screen however far down the table a phone is scrolled."""
    olena = people()
    session = create(olena, "lost-words", ["human", "bot:random"])
    olena.open(f"/play/{session}")
    olena.page.wait_for_selector("body[data-live]")
    olena.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    olena.page.wait_for_function("() => window.scrollY > 0")
    box = olena.page.locator("#live").bounding_box()
    assert box is not None
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= PHONE["height"], box


BOTS_ONLY = {"lost-words": 3, "magos-y-tabernas": 2, "wizards-wanted": 3, "words-of-magic": 3}


@pytest.mark.parametrize("game", sorted(BOTS_ONLY))
def test_every_log_line_says_what_was_done(people, app, game):
    """A game of bots, watched: every line of its log names an action after the name, even a
    move whose every event is hidden from a spectator (never "Оксана: …")."""
    client = app.test_client()
    options = {"characters": False} if game == "words-of-magic" else {}
    seats = [{"kind": "bot", "bot": "random", "name": f"Бот {n}"} for n in range(BOTS_ONLY[game])]
    created = client.post(
        "/v1/games/sessions", json={"game": game, "seats": seats, "seed": 3, "options": options}
    )
    assert created.status_code == 201, created.get_json()
    session = created.get_json()
    watcher = people(DESKTOP)
    watcher.open(f"/play/{session['id']}")
    version = client.get(f"/v1/games/sessions/{session['id']}").get_json()["version"]
    assert version > 20, "the bots made moves"
    wait_log(watcher, version)
    lines = watcher.page.locator("#log li").all_inner_texts()
    assert len(lines) >= version
    bare = [line for line in lines if re.fullmatch(r"(бот\s+)?Бот \d+:\s*(…)?\s*", line)]
    assert not bare, bare[:3]


class ThinkingBot:
    """The Lost Words' heuristic bot, marked as one that thinks (its moves are made off the
    request thread), which waits for the test to let it choose."""

    name = "thinking"
    thinks = True

    def __init__(self, go_on: threading.Event) -> None:
        self.go_on = go_on

    def choose(self, game, view, seat, rng):
        from wordsvc.games.lost_words.bots import HeuristicBot

        assert self.go_on.wait(60), "the test never let the bot choose"
        return HeuristicBot().choose(game, view, seat, rng)


def test_a_bot_that_thinks_is_shown_thinking_until_it_moves(people, app):
    """A search bot's move is made off the request thread: the person's move is answered
    at once, the table says the bot is thinking, and its move arrives on the stream."""
    go_on = threading.Event()
    player = people(PHONE)
    player.open("/play")
    store = app.extensions["wordsvc.sessions"]
    bots = store.games["lost-words"].bots
    bots["thinking"] = lambda: ThinkingBot(go_on)
    try:
        made = player.context.request.post(
            f"{player.base}/v1/games/sessions",
            data={
                "game": "lost-words",
                "options": {"players": 2, "first_player": 0},
                "seats": [
                    {"kind": "human", "name": "Оля"},
                    {"kind": "bot", "bot": "thinking", "name": "Бот Сова"},
                ],
                "seed": 7,
            },
        )
        assert made.ok, made.text()
        session = made.json()["id"]
        player.open(f"/play/{session}?join=0")
        player.page.wait_for_selector("body[data-live]")
        for _ in range(20):
            player.page.wait_for_selector("#status.mine")
            version = int(player.page.locator("#status").get_attribute("data-version"))
            take_turn(player)
            player.page.wait_for_function(SETTLED_PAST, arg=version)
            if player.page.locator("#bot-thinking").count():
                break
        thinking = player.page.locator("#bot-thinking")
        assert thinking.inner_text() == "Думає: Бот Сова…"
        assert player.page.locator(CONTROLS).count() == 0, "nothing to tap while it thinks"
        assert_presentable(player.page, "uk")
        before = len(log_numbers(player))
        go_on.set()
        player.page.wait_for_selector("#bot-thinking", state="detached")
        assert len(log_numbers(player)) > before, "the bot's move came on the stream"
    finally:
        go_on.set()
        del bots["thinking"]
        store._bots.pop(("lost-words", "thinking"), None)

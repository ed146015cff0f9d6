"""The Wizards Wanted table in a real browser (Chromium, 390×844 and 1366×768, Ukrainian and
English): whole games of one person against a bot, played through the table's own controls,
every move made by tapping the board; what a person sees at each kind of step (no overflow,
no raw id or JSON, one language, axe); no hidden card in the page or its traffic; the page at
most three screens tall outside the board on a phone; routes of several moves and the ways
offered in words; zooming and panning with the buttons, the keyboard and two fingers.

The person plays as the heuristic bot would (``wordsvc/games/wizards_wanted/bots.py``, from
the seat's view), but only through the page: a move is a tap on its space, and a button is
found by its ``data-action``."""

from __future__ import annotations

import contextlib
import json
import random
import re
from urllib.parse import urlsplit

import pytest

from tests.browser.presentable import assert_presentable
from tests.browser.test_play_page import full_state, known_to
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.bots import HeuristicBot
from wordsvc.games.wizards_wanted.engine import WizardsWanted

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
SCREENS = 3  # the page outside the board, at most this many phone screens tall
NAMES = {"uk": ("Олена", "Бот Сова"), "en": ("Olena", "Owl Bot")}
MOVES = {"walk", "speed", "taxi", "teleport", "teleport_mushroom", "place"}
GAME = WizardsWanted()


class Person:
    """One person's browser at the table: the page, every answer it received, its errors."""

    def __init__(self, browser, base, viewport, lang):
        self.base, self.lang, self.phone = base, lang, viewport["width"] < 600
        self.context = browser.new_context(
            viewport=viewport, locale="uk-UA" if lang == "uk" else "en-GB", has_touch=self.phone
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.hosts: set[str] = set()
        self.errors: list[str] = []
        self.traffic: list[str] = []
        self.taps = 0
        self.page.on("request", lambda r: self.hosts.add(urlsplit(r.url).netloc))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("response", self._answer)

    def _answer(self, response):
        if "/v1/" in response.url and "/stream" not in response.url:
            with contextlib.suppress(Exception):
                self.traffic.append(response.text())

    def sit(self, session):
        query = "&lang=en" if self.lang == "en" else ""
        self.page.goto(f"{self.base}/play/{session}?join=0{query}")
        self.page.wait_for_selector("body[data-ready]")
        self.page.wait_for_selector("svg[data-board] .ww-state", state="attached")

    def summary(self):
        return self.page.evaluate("window.wordsvcPlay.state.summary")

    def press(self, locator):
        """A tap on a phone, a click on a laptop."""
        self.taps += 1
        if self.phone:
            locator.tap()
        else:
            locator.click()

    def close(self):
        assert self.hosts == {urlsplit(self.base).netloc}, "a request left the service"
        assert self.errors == []
        self.context.close()


@pytest.fixture
def people(browser, live_url):
    made: list[Person] = []

    def make(viewport=PHONE, lang="uk"):
        made.append(Person(browser, live_url, viewport, lang))
        return made[-1]

    yield make
    for person in made:
        person.close()


def new_game(app, seed, lang="uk", **options):
    """A seeded game: a person's seat and a heuristic bot's, named in ``lang``."""
    person, bot = NAMES[lang]
    made = app.test_client().post(
        "/v1/games/sessions",
        json={
            "game": "wizards-wanted",
            "options": options,
            "seats": [
                {"kind": "human", "name": person},
                {"kind": "bot", "bot": "heuristic", "name": bot},
            ],
            "seed": seed,
        },
    )
    assert made.status_code == 201, made.json
    return made.json["id"]


MY_MOVE = """after => {
  const s = window.wordsvcPlay && window.wordsvcPlay.state;
  if (!s || !s.summary || s.busy || s.queue.length || s.summary.version <= after) return false;
  if ('wwMoving' in document.body.dataset) return false;
  const sum = s.summary;
  if (sum.status === 'over') return document.querySelector('#result') ? sum : false;
  const drawn = document.body.dataset.wwVersion === String(sum.version);
  const controls = document.querySelector('#actions button.action, g.ww-reach');
  return sum.to_act.includes(sum.you) && drawn && controls ? sum : false;
}"""


STUCK = """() => ({
  summary: window.wordsvcPlay.state.summary, moving: 'wwMoving' in document.body.dataset,
  drawn: document.body.dataset.wwVersion, error: document.querySelector('#table-error').textContent,
  actions: document.querySelector('#actions').innerText,
})"""


def my_move(person, after):
    """The summary once it is past ``after``, drawn, and the person's move (or the end)."""
    try:
        return person.page.wait_for_function(MY_MOVE, arg=after, timeout=60_000).json_value()
    except Exception as stuck:
        state = person.page.evaluate(STUCK)
        summary = state.pop("summary")
        where = {k: summary[k] for k in ("version", "to_act", "you", "legal_actions")}
        raise AssertionError(f"stuck after {after}: {state} {where} {person.errors}") from stuck


def buttons(person, where="#actions, #view"):
    """The legal actions the page's buttons carry, outside the board and its list of ways
    ("Where to go", the board's marks as buttons)."""
    return person.page.locator(f":is({where}) button[data-action]").evaluate_all(
        "bs => bs.filter(b => !b.closest('.ww-board, .ww-zoom, .ww-go'))"
        ".map(b => JSON.parse(b.dataset.action))"
    )


def decide(summary, rng):
    """What the person does: the heuristic bot's choice from the seat's view. Ending the
    movement step has no button (an action ends it): the person ends the turn instead."""
    view = {**summary["view"], "legal_actions": summary["legal_actions"]}
    action = HeuristicBot().choose(GAME, view, summary["you"], rng)
    return {"type": "end"} if action["type"] == "end_move" else action


def target(summary, action):
    """The space a move goes to."""
    if action["type"] in ("walk", "speed"):
        return action["path"][-1]
    if action["type"] in ("teleport", "teleport_mushroom"):
        return action["to"]
    if action["type"] == "place":
        return action["space"]
    here = summary["view"]["players"][summary["you"]]["position"]
    return BOARD.next_taxi(here)


def go_button(person, summary, action):
    """The button of "Where to go" for the move: the one that sends it, or else a way of its
    kind to its space, or else the first way there."""
    space = target(summary, action)
    found = person.page.locator(f".ww-go-list button[data-space='{space}']")
    offered = found.evaluate_all("bs => bs.map(b => [JSON.parse(b.dataset.action), b.dataset.way])")
    assert offered, f"{space} is not in the list"
    chosen = next(
        (i for i, (offer, _) in enumerate(offered) if offer == action),
        next((i for i, (_, kind) in enumerate(offered) if kind == action["type"]), 0),
    )
    return found.nth(chosen)


def move_on_the_board(person, summary, action, seen):
    """Tap the move's space (on a phone, where the board shows the wizard's part of it, its
    button in "Where to go"); when the ways are offered in words, pick the one like it."""
    if person.phone:
        person.press(go_button(person, summary, action))
        return
    space = target(summary, action)
    mark = person.page.locator(f"g.ww-reach[data-space='{space}']")
    assert mark.count() == 1, f"{space} is not marked on the board"
    person.press(mark)
    # The board answers the tap as its pointerup is handled, before the click returns: with
    # the ways in words when there are several, else by sending the move.
    ways = person.page.locator("#ww-ways button[data-action]")
    if not ways.count():
        return
    check_presentable(person, "ways", seen)
    offered = ways.evaluate_all("bs => bs.map(b => [JSON.parse(b.dataset.action), b.dataset.way])")
    assert len(offered) >= 2
    legal = summary["legal_actions"]
    for offer, _ in offered:  # each way starts with a move the engine lists
        assert offer in legal, offer
    chosen = next(
        (i for i, (offer, _) in enumerate(offered) if offer == action),
        next((i for i, (_, kind) in enumerate(offered) if kind == action["type"]), 0),
    )
    person.press(ways.nth(chosen))


def press_button(person, action):
    found = buttons(person)
    assert action in found, f"no button for {action} among {found}"
    person.press(person.page.locator("button[data-action]").nth(_index(person, action)))


def _index(person, action):
    every = person.page.locator("button[data-action]").evaluate_all(
        "bs => bs.map(b => JSON.parse(b.dataset.action))"
    )
    return every.index(action)


def outside_the_board(person):
    """The page's height without the board's."""
    return person.page.evaluate(
        "document.documentElement.scrollHeight"
        " - document.querySelector('.ww-frame').getBoundingClientRect().height"
    )


def check_presentable(person, kind, seen):
    """The checks of every table, once for each kind of step."""
    if kind in seen:
        return
    seen.add(kind)
    assert_presentable(person.page, person.lang)
    if person.phone:
        assert outside_the_board(person) <= SCREENS * PHONE["height"], kind


def play(person, seed, limit=500):
    """The person's whole game; returns the kinds of steps it met and the buttons most shown."""
    rng = random.Random(seed)
    seen: set[str] = set()
    most = 0
    version = -1
    for _ in range(limit):
        summary = my_move(person, version)
        version = summary["version"]
        if summary["status"] == "over":
            check_presentable(person, "over", seen)
            return seen, most
        most = max(most, len(buttons(person)))
        phase = summary["view"]["phase"]
        check_presentable(person, phase, seen)
        action = decide(summary, rng)
        if action["type"] in MOVES:
            move_on_the_board(person, summary, action, seen)
        else:
            press_button(person, action)
    raise AssertionError(f"the game did not end in {limit} moves")


def hidden_cards(state):
    """Every card face down or out of sight: the deck (its order), the box, face-down jobs,
    mushrooms in the pile and face down on the board, the seals at the castle, the
    courtyard."""
    cards = [*state["deck"], *state["box"]["jobs"], *state["box"]["seals"]]
    cards += [*state["box"]["licences"], *state["mushroom_pile"], *state["seals"]]
    cards += [*state["courtyard"]]
    cards += [m for spot in state["board_mushrooms"].values() for m in spot]
    cards += [s["job"] for s in state["villages"].values() if s["job"] and not s["face_up"]]
    return cards


def seen_by(person):
    """Everything the person's browser holds: the page (without the catalogue of every card's
    name the page carries, which is the box's contents, not a deal), every answer, the
    stream."""
    page = person.page.evaluate(
        """() => {
          const copy = document.documentElement.cloneNode(true);
          copy.querySelectorAll('script#cards, script#texts').forEach((s) => s.remove());
          return copy.outerHTML;
        }"""
    )
    stream = person.page.evaluate("JSON.stringify(window.wordsvcPlay.seen || [])")
    return page.replace("&quot;", '"') + "".join(person.traffic) + stream


def assert_nothing_hidden_shown(app, session, person):
    known = known_to(app, session, 0)
    hidden = [c for c in hidden_cards(full_state(app, session)) if f'"{c}"' not in known]
    assert hidden, "the test needs a hidden card"
    held = seen_by(person)
    assert [c for c in hidden if f'"{c}"' in held] == []


# --- whole games -------------------------------------------------------------------------


WHOLE = [
    pytest.param(PHONE, "uk", 11, id="phone-uk"),
    pytest.param(PHONE, "en", 12, id="phone-en"),
    pytest.param(LAPTOP, "uk", 13, id="laptop-uk"),
    pytest.param(LAPTOP, "en", 14, id="laptop-en"),
]


@pytest.mark.parametrize(("viewport", "lang", "seed"), WHOLE)
def test_a_whole_game_against_a_bot_played_on_the_board(people, app, viewport, lang, seed):
    """To the end of a game of six turns each (the option ``turn_limit``, scored like the
    Inspector's end): the wizard chosen, placed and moved by taps on the board, jobs, dust,
    the castle and the end of the turn by their buttons."""
    person = people(viewport, lang)
    session = new_game(app, seed, lang, turn_limit=6)
    person.sit(session)
    seen, most = play(person, seed)
    assert {"choose", "place", "move", "over"} <= seen
    final = person.summary()
    assert final["view"]["ended_by"] == "turn_limit"
    assert final["view"]["players"][0]["turns"] == 6
    log = person.page.locator("#log li")
    assert log.count() == final["version"]
    text = " ".join(log.all_inner_texts())
    assert person.page.locator("#ww-status").inner_text()
    assert not re.search(r"\b(?:village|path|stone|teleport)-", text)
    assert most <= 12, f"{most} buttons at once outside the board"
    assert_nothing_hidden_shown(app, session, person)


def test_a_whole_game_to_the_royal_inspector(people, app):
    """A game with no turn limit, on a phone: it ends when the Royal Inspector comes."""
    person = people(PHONE, "uk")
    session = new_game(app, 21)
    person.sit(session)
    seen, most = play(person, 21)
    final = person.summary()
    assert final["view"]["ended_by"] == "inspector"
    assert final["view"]["players"][0]["jobs"], "the person did some jobs"
    assert {"choose", "place", "move", "castle", "over"} <= seen
    assert most <= 12
    assert_nothing_hidden_shown(app, session, person)
    assert "Королівський інспектор" in person.page.locator("#log").inner_text()


# --- routes, the ways in words, zooming ----------------------------------------------------


def single_moves(summary, space):
    """The listed moves that end at ``space`` in one action."""
    here = summary["view"]["players"][summary["you"]]["position"]
    return [
        a
        for a in summary["legal_actions"]
        if a["type"] in MOVES
        and target({**summary, "you": summary["you"]}, a) == space
        and (a["type"] != "taxi" or here in BOARD.taxi_route)
    ]


def outcomes(summary, space):
    """What the ways to ``space`` come to (their cost, the mushrooms they pass and spend, the
    charm they take), without those another way beats in every one: the real choices."""
    view = summary["view"]
    mushrooms = view["mushrooms_on_board"]
    charm = view["charms"].get(space) and not view["this_turn"]["charm_taken"]
    found = set()
    for a in single_moves(summary, space):
        path = a.get("path", [])
        passes = frozenset(s for s in path if mushrooms.get(s))
        cost = a.get("cost", {})
        takes = bool(charm and a["type"].startswith("teleport"))
        found.add((cost.get("dust", 0), cost.get("coins", 0), passes, a.get("mushroom"), takes))
    route = view.get("reachable", {}).get(space)
    if route and len(route["steps"]) > 1:
        found.add((route["dust"], route["coins"], frozenset(route["mushrooms"]), None, False))

    def beats(a, b):
        return (a[0] <= b[0] and a[1] <= b[1] and a[2] >= b[2] and a[3] in (None, b[3])
                and (not b[4] or a[4]))  # fmt: skip

    return {w for w in found if not any(o != w and beats(o, w) for o in found)}


def drive(app, session, token, wanted, seed=0, limit=400):
    """Plays the person's seat through the API (the bots answer at once) until ``wanted``
    finds a space in the person's movement step; returns the summary and the space."""
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    rng = random.Random(seed)
    for _ in range(limit):
        summary = client.get(f"/v1/games/sessions/{session}", headers=auth).json
        assert summary["status"] != "over", "the game ended first"
        if summary["view"]["phase"] == "move" and summary["to_act"] == [summary["you"]]:
            found = wanted(summary)
            if found:
                return summary, found
        body = {"action": decide(summary, rng), "expected_version": summary["version"]}
        answer = client.post(f"/v1/games/sessions/{session}/actions", headers=auth, json=body)
        assert answer.status_code == 200, answer.json
    raise AssertionError("no such step in the game")


def drive_and_open(person, app, session, wanted):
    person.sit(session)
    token = person.page.evaluate("window.wordsvcPlay.state.token")
    summary, space = drive(app, session, token, wanted)
    person.page.reload()
    person.page.wait_for_selector("body[data-ready]")
    return my_move(person, summary["version"] - 1), space


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_tap_walks_a_route_of_several_moves_one_by_one(people, app, viewport):
    """A space the seat reaches only by walking and flying the taxi (or teleporting): one tap
    (on a phone its button in "Where to go", on a laptop its space), and the table sends the
    route's moves one after another."""
    person = people(viewport, "uk")
    session = new_game(app, 31)

    def only_by_a_route(summary):
        routes = summary["view"]["reachable"]
        far = [s for s, r in sorted(routes.items()) if len(r["steps"]) > 1]
        return next((s for s in far if not single_moves(summary, s)), None)

    summary, space = drive_and_open(person, app, session, only_by_a_route)
    steps = summary["view"]["reachable"][space]["steps"]
    assert person.page.locator("#ww-ways").count() == 0
    if person.phone:
        person.press(person.page.locator(f".ww-go-list button[data-space='{space}']").first)
    else:
        person.press(person.page.locator(f"g.ww-reach[data-space='{space}']"))
    after = person.page.wait_for_function(
        """([version, moves, space]) => {
          const s = window.wordsvcPlay.state.summary;
          return s.version >= version + moves && !('wwMoving' in document.body.dataset)
            && s.view.players[s.you].position === space ? s : false;
        }""",
        arg=[summary["version"], len(steps), space],
    ).json_value()
    assert after["version"] == summary["version"] + len(steps)
    assert after["view"]["phase"] == "move"  # still the person's movement step
    lines = person.page.locator("#log li").all_inner_texts()[: len(steps)]
    assert any("таксі" in line or "телепорт" in line for line in lines), lines


def test_ways_that_differ_are_offered_in_words(people, app):
    """Where the ways to a space differ in cost or in the mushrooms they pass, a tap offers
    them in words, each a button with the move it starts with; the cheapest first."""
    person = people(LAPTOP, "en")
    session = new_game(app, 32, "en")

    def a_choice(summary):
        spaces = sorted(
            {target(summary, a) for a in summary["legal_actions"] if a["type"] in MOVES}
        )
        return next((s for s in spaces if s and len(outcomes(summary, s)) >= 2), None)

    summary, space = drive_and_open(person, app, session, a_choice)
    person.press(person.page.locator(f"g.ww-reach[data-space='{space}']"))
    ways = person.page.locator("#ww-ways button[data-action]")
    ways.first.wait_for()
    assert ways.count() == len(outcomes(summary, space))
    starts = ways.evaluate_all("bs => bs.map(b => JSON.parse(b.dataset.action))")
    assert all(move in summary["legal_actions"] for move in starts), starts
    assert person.page.locator("#ww-ways h3").inner_text().startswith("How to get to")
    assert person.page.locator(f"g.ww-reach.chosen[data-space='{space}']").count() == 1
    assert_presentable(person.page, "en")
    person.page.emulate_media(color_scheme="dark")  # the table's own colours, dark too
    assert_presentable(person.page, "en")
    person.page.emulate_media(color_scheme="light")
    texts = ways.all_inner_texts()
    assert all(re.search(r"free|dust|coin|mushroom", text) for text in texts), texts
    chosen = json.loads(ways.last.get_attribute("data-action"))
    person.press(ways.last)
    after = my_move(person, summary["version"])
    assert after["version"] > summary["version"]
    assert person.page.locator("#log li").first.inner_text().startswith(NAMES["en"][0])
    assert chosen["type"] in MOVES


VIEWBOX = "document.querySelector('svg[data-board]').getAttribute('viewBox').split(' ').map(Number)"


def test_the_board_zooms_and_pans_with_buttons_keys_and_fingers(people, app):
    person = people(PHONE, "en")
    person.sit(new_game(app, 33, "en"))
    page = person.page
    board = "svg[data-board]"
    page.get_by_role("button", name="Show the whole board").click()  # a phone opens close in
    whole = page.evaluate(VIEWBOX)
    assert (
        page.evaluate(f"getComputedStyle(document.querySelector('{board}')).touchAction") == "none"
    )
    page.get_by_role("button", name="Zoom in").click()
    assert page.evaluate(VIEWBOX)[2] < whole[2]
    page.get_by_role("button", name="Show the whole board").click()
    assert page.evaluate(VIEWBOX) == whole
    # The keyboard: + zooms, an arrow pans, 0 shows the whole board again.
    page.focus(board)
    page.keyboard.press("+")
    keyed = page.evaluate(VIEWBOX)
    page.keyboard.press("ArrowLeft")
    assert keyed[2] < whole[2]
    assert page.evaluate(VIEWBOX)[0] < keyed[0]  # the view moves left
    page.keyboard.press("0")
    assert page.evaluate(VIEWBOX) == whole
    # The wizard chosen, the villages are marked; two fingers spread apart zoom in.
    first = person.summary()["legal_actions"][0]
    press_button(person, first)
    summary = my_move(person, person.summary()["version"])
    assert summary["view"]["phase"] == "place"
    page.locator(board).scroll_into_view_if_needed()
    box = page.locator(board).bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = person.context.new_cdp_session(page)

    def touch(kind, points):
        touches = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches})

    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for spread in range(30, 121, 15):
        touch("touchMove", [(cx - spread, cy), (cx + spread, cy)])
    touch("touchEnd", [])
    pinched = page.evaluate(VIEWBOX)
    assert pinched[2] < whole[2] / 2
    # One finger drags the zoomed board.
    touch("touchStart", [(cx, cy)])
    for step in range(1, 8):
        touch("touchMove", [(cx - 10 * step, cy - 10 * step)])
    touch("touchEnd", [])
    dragged = page.evaluate(VIEWBOX)
    assert dragged[2] == pytest.approx(pinched[2])
    assert dragged[0] > pinched[0]
    assert dragged[1] > pinched[1]
    # A tap on the zoomed board picks the village under the finger.
    in_sight = """() => {
      const frame = document.querySelector('.ww-frame').getBoundingClientRect();
      return [...document.querySelectorAll('g.ww-reach')].map((g) => {
        const r = g.querySelector('.ww-ring').getBoundingClientRect();
        return [g.dataset.space, r.x + r.width / 2, r.y + r.height / 2];
      }).filter(([, x, y]) => x > frame.left + 30 && x < frame.right - 30
        && y > frame.top + 30 && y < frame.bottom - 30);
    }"""
    shown = page.evaluate(in_sight)
    while not shown and page.evaluate(VIEWBOX)[2] < whole[2]:
        page.get_by_role("button", name="Zoom out").click()
        shown = page.evaluate(in_sight)
    assert shown, "no village in sight"
    space, x, y = shown[0]
    page.touchscreen.tap(x, y)
    placed = my_move(person, summary["version"])
    assert placed["view"]["players"][0]["position"] == space


# --- the board on a phone, "Where to go", the taxi, the log (issue: cold testers' 3/5) -------

#: The smallest text (its font size on screen, px) and tap target (px) on a phone's board.
MIN_TEXT_PX = 11
#: The board's texts' sizes on screen, the marks' hit areas, the frame, and where the
#: seat's wizard is drawn.
BOARD_NOW = """() => {
  const svg = document.querySelector('svg[data-board]');
  const frame = document.querySelector('.ww-frame').getBoundingClientRect();
  const [, , w] = svg.getAttribute('viewBox').split(' ').map(Number);
  const scale = svg.getBoundingClientRect().width / w;
  const sizes = [...svg.querySelectorAll('text')]
    .map((t) => Number(t.getAttribute('font-size')) * scale);
  const inside = (r) => r.left >= frame.left - 1 && r.right <= frame.right + 1
    && r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1;
  const hits = [...svg.querySelectorAll('g.ww-reach .ww-hit')].map((c) => c.getBoundingClientRect())
    .filter(inside).map((r) => Math.min(r.width, r.height));
  const pawn = svg.querySelector('g.ww-pawn.mine path')?.getBoundingClientRect();
  return {
    text: Math.min(...sizes), hits, viewBox: w,
    mine: pawn ? [pawn.left + pawn.width / 2 - frame.left, pawn.bottom - frame.top] : null,
    frame: [frame.width, frame.height],
  };
}"""


def go_list(person):
    """The buttons of "Where to go": (space, way, action, text) each."""
    return person.page.locator(".ww-go-list button").evaluate_all(
        "bs => bs.map(b => [b.dataset.space, b.dataset.way, JSON.parse(b.dataset.action),"
        " b.innerText])"
    )


def assert_ways_listed(person, summary):
    """Every way the view offers is a button, named with the place, the cost and the path."""
    ways = summary["view"]["ways"]
    listed_ = go_list(person)
    assert len(listed_) == sum(len(w) for w in ways.values())
    assert {space for space, *_ in listed_} == set(ways)
    legal = summary["legal_actions"]
    units = r"пилу|монет|безкоштовно" if person.lang == "uk" else r"dust|coin|free"
    for space, kind, action, text in listed_:
        assert kind in {w["kind"] for w in ways[space]}
        assert action in legal or kind == "route", (space, action)
        assert text.count(" · ") >= 2, text
        assert re.search(units, text), text
        if kind == "walk":
            assert re.search(r"пішки|on foot", text), text


def mine_in_the_middle(person, board):
    """The seat's wizard is drawn well inside the frame (the view is round it)."""
    x, y = board["mine"]
    width, height = board["frame"]
    assert width * 0.2 < x < width * 0.8, board
    assert height * 0.2 < y < height * 0.8, board


def test_on_a_phone_the_board_opens_close_in_and_follows_the_wizard(people, app):
    """At 390×844 the board opens on the wizard, close enough that its smallest text is
    11 px tall and every mark a finger taps is 44 px; after a move (its button in "Where to
    go", no board needed) the view is on the wizard again."""
    person = people(PHONE, "uk")
    session = new_game(app, 41)

    def far_walk(summary):
        walks = [
            w["actions"][0]["path"][-1]
            for ws in summary["view"]["ways"].values()
            for w in ws
            if w["kind"] == "walk" and w["steps"] >= 3
        ]
        return sorted(walks)[0] if walks else None

    summary, space = drive_and_open(person, app, session, far_walk)
    board = person.page.evaluate(BOARD_NOW)
    assert board["viewBox"] < 1112 / 2, "the board opens close in"
    assert board["text"] >= MIN_TEXT_PX - 0.01, board
    assert board["hits"], board
    assert min(board["hits"]) >= 44, board
    mine_in_the_middle(person, board)
    assert_ways_listed(person, summary)
    assert_presentable(person.page, "uk")
    # The walk from its button: the board follows the wizard there.
    button = person.page.locator(f".ww-go-list button[data-space='{space}'][data-way='walk']")
    person.press(button.first)
    after = my_move(person, summary["version"])
    assert after["view"]["players"][0]["position"] == space
    board = person.page.evaluate(BOARD_NOW)
    assert board["text"] >= MIN_TEXT_PX - 0.01, board
    mine_in_the_middle(person, board)
    # "Close in on my wizard" after the whole board: readable again.
    person.page.get_by_role("button", name="Показати всю дошку").click()
    person.page.get_by_role("button", name="Ближче до мого чарівника").click()
    board = person.page.evaluate(BOARD_NOW)
    assert board["text"] >= MIN_TEXT_PX - 0.01, board
    mine_in_the_middle(person, board)


@pytest.mark.parametrize(
    ("viewport", "lang"), [(PHONE, "uk"), (LAPTOP, "en")], ids=["phone-uk", "laptop-en"]
)
def test_every_way_is_a_button_named_with_place_cost_and_path(people, app, viewport, lang):
    """ "Where to go" lists every way the view offers (the villages, for the first turn), each
    a button saying where, what it costs and how; one tap sends it, the board untouched. On
    a laptop the whole board shows, as before."""
    person = people(viewport, lang)
    session = new_game(app, 42, lang)
    person.sit(session)
    summary = my_move(person, -1)
    if summary["view"]["phase"] == "choose":
        press_button(person, summary["legal_actions"][0])
        summary = my_move(person, summary["version"])
    assert summary["view"]["phase"] == "place"
    places = go_list(person)
    assert sorted(space for space, *_ in places) == sorted(summary["view"]["ways"])
    assert person.page.locator(".ww-go h3").inner_text() == (
        "Де поставити чарівника" if lang == "uk" else "Where to place your wizard"
    )
    if not person.phone:
        whole = person.page.evaluate(VIEWBOX)
        assert whole[2] == pytest.approx(1112, abs=1), "a laptop shows the whole board"
    space = places[0][0]
    person.press(person.page.locator(f".ww-go-list button[data-space='{space}']"))
    summary = my_move(person, summary["version"])
    # Through the person's turns (the bot answering) to a movement step with a choice.
    rng = random.Random(42)
    for _ in range(40):
        if summary["view"]["phase"] == "move" and len(summary["view"].get("ways", {})) > 3:
            break
        action = decide(summary, rng)
        if action["type"] in MOVES:
            person.press(go_button(person, summary, action))
        else:
            press_button(person, action)
        summary = my_move(person, summary["version"])
    assert summary["view"]["phase"] == "move"
    assert_ways_listed(person, summary)
    assert_presentable(person.page, lang)
    person.page.emulate_media(color_scheme="dark")
    assert_presentable(person.page, lang)
    person.page.emulate_media(color_scheme="light")
    # A multi-line button keeps its padding (the job and castle buttons too).
    paddings = person.page.locator("#actions button.action").evaluate_all(
        "bs => bs.map(b => parseFloat(getComputedStyle(b).paddingTop))"
    )
    assert min(paddings) >= 4, paddings


def test_the_taxi_button_names_where_it_lands(people, app):
    """The Royal Bird Taxi's button names its landing place (a taxi stop by the named space
    nearest it, or the marketplace), never "a path"; the wizard lands there."""
    for viewport, lang, seed in ((PHONE, "uk", 51), (LAPTOP, "en", 52)):
        person = people(viewport, lang)
        session = new_game(app, seed, lang)

        def a_taxi(summary):
            return summary["view"].get("taxi_to")

        summary, landing = drive_and_open(person, app, session, a_taxi)
        button = person.page.locator("#actions .group-taxi button[data-action]")
        text = button.inner_text()
        if lang == "uk":
            assert "стежка" not in text, text
            assert re.search(r"зупинка таксі \d|Ярмарок", text), text
        else:
            assert "a path" not in text, text
            assert re.search(r"taxi stop \d|Marketplace", text), text
        assert_presentable(person.page, lang)
        person.press(button)
        after = my_move(person, summary["version"])
        assert after["view"]["players"][0]["position"] == landing


def test_every_bot_move_reads_as_what_it_did_and_the_inspector_is_in_the_bottom_5(people, app):
    """No log line is a name with no deed ("makes a move"): the bot's ending its movement
    step says where it stopped. The Inspector is said to be among the bottom 5 cards."""
    for viewport, lang in ((PHONE, "uk"), (LAPTOP, "en")):
        person = people(viewport, lang)
        session = new_game(app, 61, lang)

        def late(summary):
            return summary["view"]["turn"] >= 12

        drive_and_open(person, app, session, late)
        lines = person.page.locator("#log li").all_inner_texts()
        moved = "робить хід" if lang == "uk" else "makes a move"
        assert [line for line in lines if moved in line] == []
        stops = "завершує рух" if lang == "uk" else "ends the move at"
        assert any(stops in line for line in lines), lines
        info = person.page.locator(".ww-info-text").inner_text()
        five = "серед 5 нижніх" if lang == "uk" else "one of the bottom 5"
        assert five in info, info
        assert_presentable(person.page, lang)

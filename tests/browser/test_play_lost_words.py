"""The Lost Words table and every table's rules panel, in a real browser, on a phone (390×844)
and a laptop (1366×768), in Ukrainian and English:

- a whole Lost Words game, one person against two bots, played through the page's controls
  only (buttons, the swap's and other pickers, the discard picker) to the results, with what
  a person sees checked at each kind of step (``assert_presentable``);
- what an action card does, shown on a tap (in the hand, on the discard pile, a group's
  heading) and hidden on a second;
- the "?" rules panel on each of the four games' tables: opened by finger or keyboard, read
  in the page's language (the session's options in words), and closed again by its button,
  Escape or a tap beside it, the focus back on the "?".
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.browser.presentable import CYRILLIC, LATIN_WORD, assert_presentable, serious_violations

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
SCREENS = [
    pytest.param(PHONE, "uk", id="phone-uk"),
    pytest.param(PHONE, "en", id="phone-en"),
    pytest.param(LAPTOP, "uk", id="laptop-uk"),
    pytest.param(LAPTOP, "en", id="laptop-en"),
]
#: The people at the table, named in the page's language.
NAMES = {"uk": ("Олена", "Сова", "Лис"), "en": ("Olena", "Owl", "Fox")}
GAMES = ["words-of-magic", "lost-words", "magos-y-tabernas", "wizards-wanted"]
#: A seed whose game gives the person action cards, pickers and the Acorn (found by trying).
SEED = 11


class Table:
    """One person's browser at a table: its page, and every error and foreign request."""

    def __init__(self, browser, base, viewport, lang):
        self.base, self.lang = base, lang
        self.context = browser.new_context(viewport=viewport, locale="uk-UA")
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.errors: list[str] = []
        self.hosts: set[str] = set()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self.hosts.add(urlsplit(request.url).netloc))

    def sit(self, game, options=None, bots=("heuristic", "random"), seed=None):
        """Create ``game`` through the API with this person in seat 1 and named bots, and
        open its table in the page's language."""
        me, *others = NAMES[self.lang]
        seats = [{"kind": "human", "name": me}] + [
            {"kind": "bot", "bot": bot, "name": name}
            for bot, name in zip(bots, others[: len(bots)], strict=True)
        ]
        body = {"game": game, "options": options or {}, "seats": seats}
        if seed is not None:
            body["seed"] = seed
        made = self.context.request.post(f"{self.base}/v1/games/sessions", data=body)
        assert made.ok, made.text()
        session = made.json()["id"]
        query = "?join=0" + ("&lang=en" if self.lang == "en" else "")
        self.page.goto(f"{self.base}/play/{session}{query}")
        self.page.wait_for_selector("body[data-live]")
        return session

    def close(self):
        assert self.errors == []
        assert self.hosts == {urlsplit(self.base).netloc}, "a request left the service"
        self.context.close()


@pytest.fixture
def tables(browser, live_url):
    made: list[Table] = []

    def make(viewport, lang):
        table = Table(browser, live_url, viewport, lang)
        made.append(table)
        return table

    yield make
    for table in made:
        table.close()


# -- playing through the page ------------------------------------------------------------------

MY_MOVE = """after => {
  const s = window.wordsvcPlay && window.wordsvcPlay.state;
  if (!s || !s.summary || s.busy || s.queue.length || s.summary.version <= after) return false;
  const sum = s.summary;
  if (sum.status === 'over') return document.querySelector('#result') ? sum : false;
  return sum.to_act.includes(sum.you) && document.querySelector('#actions .lw-step') ? sum : false;
}"""


def my_move(page, after):
    """The summary once the table is past version ``after`` with every streamed move shown,
    and it is this person's move (its controls drawn) or the game is over."""
    return page.wait_for_function(MY_MOVE, arg=after, timeout=60_000).json_value()


def picked(action):
    """The picker (its ``data-picker``) that offers ``action`` and the values of its selects,
    as table-lost-words.js builds them (PICKS)."""
    kind = action["type"]
    if kind == "swap":
        return "swap", [action["nature"], action["middle"]]
    if kind == "pair":
        return "pair", [action["spell"], action["nature"]]
    slug = "play-" + action["card"].replace(":", "-")
    card = action["card"].split(":")[1]
    pair = f"{action.get('target')}:{action.get('nature')}"
    values = {
        "magpie": [pair, action.get("give")],
        "chestnut": [pair],
        "heron": [action.get("ask")],
        "wall": [action.get("nature")],
    }
    return slug, values[card]


def perform(page, action):
    """Do ``action`` with the page's own controls: its button, its picker's selects and
    button, or the discard picker's boxes ticked in order."""
    buttons = page.locator("#actions button.action:not(.lw-picker button)")
    shown = buttons.evaluate_all("bs => bs.map(b => JSON.parse(b.dataset.action))")
    if action in shown:
        buttons.nth(shown.index(action)).click()
        return
    if action["type"] == "discard":
        form = page.locator("#actions form.lw-discard-form")
        cards = (
            action.get("cards")
            or form.locator("input[type=checkbox]").evaluate_all(
                "boxes => boxes.map(b => b.value)"
            )[: action["count"]]
        )
        for card in cards:
            form.locator(f"input[value='{card}']").check()
        form.locator("button[type=submit]").click()
        return
    slug, values = picked(action)
    form = page.locator(f"#actions form.lw-picker[data-picker='{slug}']")
    for i, value in enumerate(values):
        form.locator(f"#lw-pick-{slug}-{i}").select_option(value)
    button = form.locator("button.action")
    assert button.get_attribute("data-action") is not None
    assert json_of(button) == action
    button.click()


def json_of(locator):
    return locator.evaluate("b => JSON.parse(b.dataset.action)")


def choose(summary, swapped):
    """A simple player: answer a Chestnut, pair, wall, pair the Wild, play an action card,
    draw the spell it needs, swap once (to use the picker), discard, go on."""
    legal = summary["legal_actions"]
    me = summary["view"]["players"][summary["you"]]
    single = {slot["card"].split(":")[1] for slot in me["nature"] if not slot["spell"]}
    top = summary["view"]["discard_top"] or ""

    def first(rule):
        return next((a for a in legal if rule(a)), None)

    def plays(*names):
        return lambda a: a["type"] == "play" and a["card"].split(":")[1] in names

    rules = [
        lambda a: a["type"] == "repair",
        lambda a: a["type"] == "pair" and not a["spell"].startswith("a:wild"),
        plays("wall"),
        lambda a: a["type"] == "pair",
        plays("magpie", "chestnut", "heron", "acorn"),
        lambda a: a["type"] == "draw" and a["from"] == "discard" and top.split(":")[1] in single,
        lambda a: a["type"] == "draw" and a["from"] == "pile",
        lambda a: a["type"] == "swap" and not swapped,
        lambda a: a["type"] == "discard",
        lambda a: a["type"] in ("stop", "end", "decline"),
    ]
    for rule in rules:
        found = first(rule)
        if found is not None:
            return found
    return legal[0]


def card_text(page, key):
    return page.evaluate(
        "key => JSON.parse(document.getElementById('cards').textContent)"
        "['lost-words'].action_text[key]",
        key,
    )


def tap_twice(page, toggle, box_id):
    """Tap a card (or heading) to show what it does, check the text, tap again to hide it."""
    key = toggle.get_attribute("data-about")
    box = page.locator(f"#{box_id}")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert box.is_visible()
    assert card_text(page, key.split(":")[1] if ":" in key else key) in box.inner_text()
    return box


@pytest.mark.parametrize(("viewport", "lang"), SCREENS)
def test_a_whole_lost_words_game_through_the_pages_controls(tables, viewport, lang):
    table = tables(viewport, lang)
    page = table.page
    table.sit("lost-words", {"players": 3}, seed=SEED)
    heading = "Стіл" if lang == "uk" else "The table"
    # "The table" once: the section's heading; the board in the middle has its own name.
    assert page.locator("h2, h3, h4").filter(has_text=re.compile(f"^{heading}$")).count() == 1

    version, swapped, steps, tapped = -1, False, set(), set()
    for _ in range(300):
        summary = my_move(page, version)
        version = summary["version"]
        if summary["status"] == "over":
            break
        phase = summary["view"]["phase"]
        pickers = page.locator("#actions form.lw-picker").count()
        kind = (phase, pickers > 0)
        if kind not in steps:  # each kind of step, as a person sees it
            steps.add(kind)
            assert_presentable(page, lang)
        # What an action card does, on a tap: in the hand, on the discard pile, a heading.
        hand = page.locator("#view .lw-hand .lw-card-face")
        if "hand" not in tapped and hand.count():
            tap_twice(page, hand.first, "lw-about-hand")
            assert_presentable(page, lang)
            hand.first.click()
            assert page.locator("#lw-about-hand").is_hidden()
            tapped.add("hand")
        top = page.locator("#lw-discard .lw-card-face")
        if "discard" not in tapped and top.count():
            tap_twice(page, top.first, "lw-about-discard")
            tapped.add("discard")
        title = page.locator("#actions .lw-group-title")
        if "heading" not in tapped and title.count():
            box_id = title.first.get_attribute("aria-controls")
            tap_twice(page, title.first, box_id)
            assert_presentable(page, lang)
            tapped.add("heading")
        if "rules" not in tapped and phase == "act":
            read_the_rules(page, lang, close_by="escape")
            assert_presentable(page, lang)  # closed again: the table as it was
            tapped.add("rules")
        action = choose(summary, swapped)
        swapped = swapped or action["type"] == "swap"
        perform(page, action)
    else:
        pytest.fail("the game did not end")

    assert_presentable(page, lang)  # the results
    assert page.locator("#result li").count() == 3
    won = "перемагає" if lang == "uk" else "wins"
    assert page.locator("#log li", has_text=won).count() == 1
    assert swapped, "the swap was never picked"
    assert {("draw", False), ("act", True), ("reduce", False)} <= steps, steps
    assert {"hand", "heading", "rules"} <= tapped, tapped


# -- the rules panel on every table ------------------------------------------------------------

PANEL_TEXT = """() => {
  const out = [];
  const panel = document.getElementById('rules-panel');
  const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text || !node.parentElement.checkVisibility()) continue;
    const lang = (node.parentElement.closest('[lang]')?.getAttribute('lang') || '').slice(0, 2);
    out.push([lang, text]);
  }
  return out;
}"""
HEADINGS = {
    "uk": ["Правила коротко", "Мета", "Хід", "Кінець і результати", "За цим столом"],
    "en": ["The rules in short", "The goal", "A turn", "The end and the results", "At this table"],
}


def read_the_rules(page, lang, close_by="button", keyboard=False):
    """Open the "?" panel, check that it reads in ``lang`` with the table's options, close it
    (its button, Escape, or a tap on the backdrop) and check the focus is back on the "?"."""
    opener = page.locator("#rules-open")
    assert opener.is_visible()
    if keyboard:
        opener.focus()
        page.keyboard.press("Enter")
    else:
        opener.click()
    page.wait_for_selector("body[data-rules]")
    panel = page.locator("#rules-panel")
    assert panel.evaluate("d => d.open && d.matches(':modal')")
    text = panel.inner_text()
    for heading in HEADINGS[lang]:
        assert heading in text, heading
    assert page.locator("#rules-panel .rules-options li").count() >= 1
    for own, line in page.evaluate(PANEL_TEXT):
        if own not in ("", lang):
            continue  # a word of another language, marked so (a Spanish card's name)
        if lang == "uk":
            assert not LATIN_WORD.search(line), line
        else:
            assert not CYRILLIC.search(line), line
        assert not re.search(r"[_{}]|\b[a-z]+-\d+\b", line), line
    if close_by == "escape":
        page.keyboard.press("Escape")
    elif close_by == "backdrop":
        box = panel.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] + 6)
    else:
        page.locator("#rules-close").click()
    page.wait_for_function("() => !document.getElementById('rules-panel').open")
    assert page.evaluate("document.activeElement.id") == "rules-open"
    return text


@pytest.mark.parametrize(("viewport", "lang"), SCREENS)
def test_every_table_has_its_rules_at_hand(tables, viewport, lang):
    table = tables(viewport, lang)
    page = table.page
    closings = ["button", "escape", "backdrop", "button"]
    for game, close_by in zip(GAMES, closings, strict=True):
        bots = ("greedy",) if game == "words-of-magic" else ("random",)
        options = {"mode": "classic"} if game == "words-of-magic" else {}
        table.sit(game, options, bots=bots)
        title = page.locator("#game-title")
        # Titles are translated into Ukrainian; in English, Magos y Tabernas keeps its own.
        expected = "es" if game == "magos-y-tabernas" and lang == "en" else lang
        assert title.get_attribute("lang") == (None if expected == lang else expected)
        # Opened, read with the panel open (axe sees it as a person would), closed again.
        page.locator("#rules-open").click()
        page.wait_for_selector("body[data-rules]")
        assert [v["id"] for v in serious_violations(page)] == [], game
        page.locator("#rules-close").click()
        text = read_the_rules(page, lang, close_by=close_by, keyboard=close_by == "escape")
        if game == "words-of-magic":  # the session's own options, in words
            assert ("Класичний режим" if lang == "uk" else "Classic mode") in text
        if game == "lost-words":
            cards = ("Сорока", "Каштан") if lang == "uk" else ("Magpie", "Chestnut")
            assert all(card in text for card in cards)
        if game == "magos-y-tabernas":
            # Cards named as the table names them: the page's language, the Spanish
            # original small beside it (marked as Spanish).
            assert page.locator("#rules-panel dt small.original[lang='es']").count() >= 4

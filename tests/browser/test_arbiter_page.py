"""The arbiter's page at / in a real browser, at a phone's size and a laptop's: the issue's
scenarios, the page's requests (never outside the service) and axe-core's accessibility
check (no serious or critical violation). The fixes of issue 25 run in both languages, each
state they reach checked as a person sees it (tests/browser/presentable.py)."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.presentable import assert_presentable, serious_violations
from wordsvc.web.checking import split_words
from wordsvc.web.texts import text

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}
#: The rulebook's Nastya hand (docs/solver.md), as the page must send it.
NASTYA = {
    "cards": ["Ж", "З", "И", "М", "О", "Є", "*"],
    "tokens": 3,
    "familiar": [
        {"letter": "А", "available": True},
        {"letter": "О", "available": True},
        {"letter": "И", "available": False},
    ],
    "mode": "classic",
    "categories": ["noun-singular"],
    "limit": 10,
    "budget_ms": 1000,
}


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request) -> dict[str, int]:
    return VIEWPORTS[request.param]


class Tab:
    """A page in a fresh context, with every request and script error it makes recorded."""

    def __init__(self, browser, live_url, viewport, *, js=True, lang="uk", **options):
        self.base = live_url
        self.js = js
        self.lang = lang
        self.browser, self.viewport = browser, viewport
        self.console: list[str] = []
        self.context = browser.new_context(
            viewport=viewport, locale="uk-UA", java_script_enabled=js, **options
        )
        self.page = self.context.new_page()
        self.hosts: set[str] = set()
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.hosts.add(urlsplit(r.url).netloc))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.console.append(m.text))
        self.page.set_default_timeout(15_000)

    def open(self, query: str = "") -> None:
        """The page with ``query`` (``?w=...``), in the tab's language."""
        if self.lang != "uk":
            query = f"{query}&lang={self.lang}" if query else f"?lang={self.lang}"
        self.page.goto(f"{self.base}/{query}")
        if self.js:
            self.page.wait_for_selector("body[data-ready]")

    def t(self, key: str, **values: object) -> str:
        """The page's text ``key`` in the tab's language (wordsvc/web/texts.py)."""
        return text(key, self.lang, **values)  # type: ignore[arg-type]

    def presentable(self) -> None:
        """The page as a person sees it. Without JavaScript the checks (which run scripts)
        look at the same document in a tab of their own, its module not loaded."""
        if self.js:
            assert_presentable(self.page, self.lang)
            return
        html, url = self.page.content(), self.page.url
        context = self.browser.new_context(viewport=self.viewport, locale="uk-UA")
        page = context.new_page()
        page.route("**/*.js", lambda route: route.abort())
        page.route(lambda address: address == url, lambda route: route.fulfill(body=html))
        page.goto(url)
        assert_presentable(page, self.lang)
        context.close()

    def words(self) -> list[str]:
        """The words of the verdicts on screen, in order."""
        return self.page.locator("#check-results .verdict .word").all_inner_texts()

    def agree(self, *labels: str) -> None:
        """Tick categories in the picker, opening it behind "change" first."""
        if self.page.get_attribute("#categories-box", "open") is None:
            self.page.click("#categories-box summary")
        for label in labels:
            self.page.locator("#categories label", has_text=label).first.click()

    def check(self, words: str) -> None:
        self.page.fill("#words", words)
        self.page.click("#check-form button[type=submit]")

    def state(self) -> dict[str, list[str]]:
        return parse_qs(urlsplit(self.page.url).query)

    def close(self) -> None:
        assert self.hosts == {urlsplit(self.base).netloc}, "a request left the service"
        assert self.errors == []
        self.context.close()


@pytest.fixture
def tab(browser, live_url, viewport):
    tab = Tab(browser, live_url, viewport)
    yield tab
    tab.close()


@pytest.fixture(params=["uk", "en"])
def lang(request) -> str:
    return request.param


#: Each language once and each viewport once (a phone in Ukrainian, a desktop in English),
#: for the tests whose subject is the words on screen, not the layout (the other tests take
#: every viewport): the four pairs cost a loaded CI about a minute more.
BOTH_LANGUAGES = pytest.mark.parametrize(
    ("viewport", "lang"), [("phone", "uk"), ("desktop", "en")], indirect=True
)


@pytest.fixture
def either(browser, live_url, viewport, lang):
    """A tab in either language (Ukrainian, then English)."""
    tab = Tab(browser, live_url, viewport, lang=lang)
    yield tab
    tab.close()


#: The categories' names in each language, as the picker shows them.
NOUN = {"uk": "Іменник (однина)", "en": "Noun (singular)"}


def exact(label: str) -> re.Pattern[str]:
    return re.compile(rf"^\s*{re.escape(label)}\s*$")


def test_a_dispute_refused_with_the_reason_and_the_suggestion_tapped(tab):
    tab.open()
    tab.agree("Іменник (однина)")
    tab.check("мясо")
    verdict = tab.page.locator("#check-results .verdict").first
    verdict.locator(".badge", has_text="Не можна").wait_for()
    assert "Морфологічний словник не знає цієї форми." in verdict.inner_text()
    suggestion = verdict.locator(".suggestions a", has_text=exact("м'ясо"))
    assert suggestion.is_visible()
    assert tab.state() == {"c": ["noun-singular"], "w": ["мясо"]}

    suggestion.click()
    playable = tab.page.locator("#check-results .verdict.ok")
    playable.wait_for()
    assert playable.locator(".word").inner_text() == "м'ясо"
    assert "Іменник (однина): прийнято" in playable.inner_text()
    assert tab.state() == {"c": ["noun-singular"], "w": ["м'ясо"]}

    tab.page.go_back()  # the history holds each check
    tab.page.locator("#check-results .verdict.no").wait_for()
    assert tab.page.input_value("#words") == "мясо"


def test_a_typed_apostrophe_and_a_latin_lookalike_are_reported(tab):
    tab.open()
    tab.check("мʼясо\nкoт")  # U+02BC; a Latin o
    tab.page.locator("#check-results .verdict").nth(1).wait_for()
    apostrophe = tab.page.locator("li[data-code=apostrophe_unified]")
    assert apostrophe.inner_text() == "апостроф ʼ прочитано як '"
    latin = tab.page.locator("li[data-code=latin_lookalikes]")
    assert latin.inner_text() == "латинські літери o→о прочитано як кириличні"
    assert "Прочитано як «м'ясо»" in tab.page.inner_text("#check-results")


def test_a_batch_of_five_words(tab):
    tab.open()
    tab.agree("Іменник (однина)")
    tab.check("кіт\nвікна\nм'ясо\nк0т\nбігати")
    results = tab.page.locator("#check-results")
    results.locator(".summary").wait_for()
    assert results.locator(".summary").inner_text() == "Можна: 2 з 5."
    cards = results.locator(".verdict")
    assert cards.count() == 5
    words = [cards.nth(i).locator(".word").inner_text() for i in range(5)]
    assert words == ["кіт", "вікна", "м'ясо", "к0т", "бігати"]
    assert [cards.nth(i).get_attribute("class") for i in range(5)] == [
        "verdict ok", "verdict no", "verdict ok", "verdict no refused", "verdict no",
    ]  # fmt: skip
    assert "Не в називному відмінку." in cards.nth(1).inner_text()
    assert "Слово не може містити цифр." in cards.nth(3).inner_text()
    assert "Це не іменник." in cards.nth(4).inner_text()


def solve_nastya(tab) -> list[dict]:
    """Fill in the rulebook's hand and ask for the best plays; the bodies sent."""
    sent: list[dict] = []
    tab.page.on(
        "request",
        lambda r: (
            sent.append(json.loads(r.post_data or "{}")) if r.url.endswith("/solve") else None
        ),
    )
    tab.page.click(".tabs a[data-view=solve]")
    tab.page.fill("#hand", "Ж З И М О Є *")
    tab.page.select_option("#tokens", "3")
    for n, letter in enumerate("АОИ", start=1):
        tab.page.fill(f"#fam{n}", letter)
    tab.page.locator("#familiar .figure label", has_text=exact("3")).click()
    tab.page.click("#solve-form button[type=submit]")
    tab.page.locator("#solve-results .play").first.wait_for()
    return sent


#: What ЗАМОЖНИЙ, the best play of Nastya's hand, and the pass do in the game, as the page
#: says it: every number from the solver's answer (cards_out, tokens_used, balance_cards,
#: drawn, hand_after), no score and no jargon.
PLAIN_WORDS = {
    "uk": (
        "Скинете 7 карт; використаєте 1 жетон; сусіди візьмуть 4 карти Балансу сил (кожен — "
        "жовту й червону); доберете 5 карт; у руці буде 5 карт.",
        "Доберете 3 карти; у руці буде 10 карт.",
    ),
    "en": (
        "You get rid of 7 cards; you use 1 joker token; your neighbours take 4 Balance of "
        "Power cards (yellow and red each); you draw 5 cards; you then hold 5 cards.",
        "You draw 3 cards; you then hold 10 cards.",
    ),
}


def test_the_best_plays_say_what_a_play_does_in_plain_words(either):
    tab = either
    tab.open()
    tab.agree(NOUN[tab.lang])
    solve_nastya(tab)
    best = tab.page.locator("#solve-results .plays > li").first
    assert best.locator(".word").inner_text() == "ЗАМОЖНИЙ"
    assert best.locator(".effects").inner_text() == PLAIN_WORDS[tab.lang][0]
    passing = tab.page.locator("#solve-results .pass .effects")
    assert passing.inner_text() == PLAIN_WORDS[tab.lang][1]
    results = tab.page.locator("#solve-results").inner_text()
    for jargon in ("очки", "баланс +", "score", "+", "Сусіди беруть", "Neighbours take"):
        assert jargon not in results, jargon
    tab.presentable()


def test_a_reason_shared_by_categories_is_said_once(either):
    """«шо» under four categories was told the 3-letter rule four times: once now, for all."""
    tab = either
    tab.open("?c=noun-singular,adjective,verb,surzhyk")
    tab.check("шо")
    lines = tab.page.locator("#check-results .verdict .cats li")
    expect(lines).to_have_count(1)
    assert lines.get_attribute("data-category") == "noun-singular adjective verb surzhyk"
    said = lines.inner_text()
    for category in ("noun-singular", "adjective", "verb", "surzhyk"):
        name = tab.page.locator(f'#categories input[value="{category}"] + span').text_content()
        assert said.count(name) == 1, name
    message = "щонайменше 3 літери" if tab.lang == "uk" else "at least 3 letters"
    assert said.count(message) == 1
    tab.presentable()


def test_a_surzhyk_form_is_suggested_as_one_and_said_so(either):
    """«Києві» under nouns and surzhyk was offered київі, києв, київа, боєві: now a word
    people know first, the surzhyk forms people write marked so, no rare one."""
    tab = either
    tab.open("?c=noun-singular,surzhyk")
    tab.check("Києві")
    chips = tab.page.locator("#check-results .suggestions a")
    expect(chips).to_have_count(3)
    assert [chips.nth(i).get_attribute("data-word") for i in range(3)] == [
        "ківі", "київі", "київа"
    ]  # fmt: skip
    assert chips.nth(0).get_attribute("data-note") is None
    for i in (1, 2):
        assert chips.nth(i).get_attribute("data-note") == "surzhyk"
        assert chips.nth(i).locator(".noted-as").inner_text() == tab.t("suggestion_note.surzhyk")
    tab.presentable()
    chips.nth(1).click()
    expect(tab.page.locator("#check-results .verdict .word")).to_have_text(["київі"])
    assert tab.page.locator("#check-results .verdict.ok").is_visible()


def test_the_best_plays_for_the_rulebooks_hand(tab):
    tab.open()
    tab.agree("Іменник (однина)")
    sent = solve_nastya(tab)
    assert sent == [NASTYA], "the page sends docs/solver.md's request, and no `word`"
    assert tab.page.get_attribute("body", "data-solve-word") == "offered"
    assert tab.page.locator("#make-field").is_visible()

    plays = tab.page.locator("#solve-results .plays > li")
    assert 1 <= plays.count() <= 10
    best = plays.first
    assert best.locator(".word").inner_text() == "ЗАМОЖНИЙ"
    assert best.locator(".effects").inner_text() == PLAIN_WORDS["uk"][0]
    cards = best.locator(".card")
    assert cards.count() == 8
    sources = [cards.nth(i).get_attribute("data-source") for i in range(8)]
    assert sources.count("token") == 1
    assert sources.count("familiar") == 1
    assert sources.count("joker_card") == 1
    assert "фам. 1" in cards.nth(sources.index("familiar")).inner_text()
    assert tab.page.locator("#solve-results .pass").is_visible()
    assert tab.state() == {
        "view": ["solve"], "c": ["noun-singular"], "hand": ["Ж З И М О Є *"], "tokens": ["3"],
        "fam": ["А,О,[И]"],
    }  # fmt: skip

    # The link opens on the same plays.
    tab.page.goto(tab.page.url)
    tab.page.locator("#solve-results .play .word").first.wait_for()
    assert tab.page.locator("#solve-results .word").first.inner_text() == "ЗАМОЖНИЙ"
    assert tab.page.input_value("#fam3") == "И"


def test_the_word_check_is_sent_once_the_solvers_schema_lists_it(tab):
    """The hook for the solver's "can I make this word?": the field shows and is sent when the
    schema lists `word` (here forced, against a solver answering without it)."""

    def schema_with_word(route):
        document = route.fetch().json()
        properties = document["components"]["schemas"]["SolveBody"]["properties"]
        properties["word"] = {"type": "string"}
        route.fulfill(json=document)

    def solve_without_word(route):
        body = json.loads(route.request.post_data)
        sent.append(dict(body))
        body.pop("word", None)
        route.fulfill(response=route.fetch(post_data=json.dumps(body)))

    sent: list[dict] = []
    tab.page.route("**/openapi.json", schema_with_word)
    tab.page.route("**/v1/words-of-magic/solve", solve_without_word)
    tab.open("?view=solve")
    tab.page.locator("#make-field").wait_for()
    tab.page.fill("#make", "заможний")
    tab.agree("Іменник (однина)")
    tab.page.fill("#hand", "Ж З И М О Є *")
    tab.page.click("#solve-form button[type=submit]")
    tab.page.locator("#solve-results .play").first.wait_for()
    assert sent[0]["word"] == "заможний"
    assert tab.state()["make"] == ["заможний"]


def test_a_pattern_search_with_paging(tab):
    tab.open()
    tab.agree("Іменник (однина)")
    tab.page.click(".tabs a[data-view=search]")
    tab.page.fill("#pattern", "м?р*")
    tab.page.fill("#max", "6")
    tab.page.click("#search-form button[type=submit]")
    pager = tab.page.locator("#search-results .pager")
    pager.wait_for()
    total = int(re.search(r"з (\d+)", pager.inner_text()).group(1))
    assert total > 80
    assert pager.locator(".range").inner_text() == f"1–40 з {total}"
    words = tab.page.locator("#search-results .words a")
    assert words.count() == 40
    first_page = words.all_inner_texts()
    assert all(re.fullmatch(r"м.р.*", w.replace("'", "")) and len(w) <= 7 for w in first_page)

    pager.get_by_role("button", name="Далі →").click()
    tab.page.locator(".range", has_text=f"41–80 з {total}").wait_for()
    assert tab.state()["off"] == ["40"]
    assert words.all_inner_texts() != first_page
    assert pager.get_by_role("button", name="← Назад").is_enabled()

    tab.page.goto(tab.page.url)  # the page as a link
    tab.page.locator(".range", has_text=f"41–80 з {total}").wait_for()
    tab.page.get_by_role("button", name="← Назад").click()
    tab.page.locator(".range", has_text=f"1–40 з {total}").wait_for()
    assert tab.page.get_by_role("button", name="← Назад").is_disabled()

    tab.page.locator("#search-results .words a").first.click()  # a word checks it
    tab.page.locator("#check-results .verdict.ok").wait_for()
    assert tab.page.locator("#check").is_visible()


def test_api_errors_are_shown_in_place(tab):
    tab.open("?view=search")
    tab.page.fill("#pattern", "*")
    tab.page.click("#search-form button[type=submit]")
    error = tab.page.locator("#pattern-error")
    error.wait_for()
    assert error.inner_text() == "Шаблон надто широкий: додайте хоча б одну літеру."
    assert tab.page.get_attribute("#pattern", "aria-invalid") == "true"
    assert "pattern-error" in tab.page.get_attribute("#pattern", "aria-describedby")
    assert "{" not in tab.page.inner_text("main")  # no raw JSON anywhere

    tab.page.fill("#pattern", "м?р")
    tab.page.click("#search-form button[type=submit]")
    tab.page.locator("#search-results .words").wait_for()
    assert tab.page.locator(".error").count() == 0  # cleared once fixed

    tab.page.click(".tabs a[data-view=solve]")
    tab.page.fill("#hand", "К Q")
    tab.page.click("#solve-form button[type=submit]")
    tab.page.locator("#hand-error").wait_for()
    assert tab.page.inner_text("#hand-error") == "Невідома карта: Q."

    tab.page.route("**/v1/words/check", lambda route: route.abort())
    tab.page.click(".tabs a[data-view=check]")
    tab.check("кіт")
    tab.page.locator("#words-error").wait_for()
    assert tab.page.inner_text("#words-error").startswith("Сервіс не відповідає.")


def test_the_language_switch_keeps_the_state(tab):
    tab.open("?w=мясо&c=noun-singular")
    assert tab.page.locator("#check-results .verdict.no").is_visible()  # a shared link
    tab.page.click("#lang-switch")
    tab.page.wait_for_selector("body[data-ready]")
    assert tab.page.get_attribute("html", "lang") == "en"
    assert tab.page.locator(".verdict .badge").inner_text() == "✗ Not playable"
    assert "The morphological dictionary does not know this form." in tab.page.inner_text(
        ".verdict"
    )
    assert tab.page.locator(".suggestions a", has_text=exact("м'ясо")).is_visible()
    assert tab.state() == {"w": ["мясо"], "c": ["noun-singular"], "lang": ["en"]}


def test_the_word_check_without_javascript(browser, live_url, viewport):
    tab = Tab(browser, live_url, viewport, js=False)
    page = tab.page
    tab.open()
    tab.agree("Іменник (однина)")
    page.fill("#words", "мясо\nкoт")
    with page.expect_navigation():
        page.click("#check-form button[type=submit]")
    assert urlsplit(page.url).path == "/"
    verdicts = page.locator("#check-results .verdict")
    assert verdicts.count() == 2
    assert "Морфологічний словник не знає цієї форми." in verdicts.first.inner_text()
    assert page.locator("li[data-code=latin_lookalikes]").is_visible()
    with page.expect_navigation():
        page.locator(".suggestions a", has_text=exact("м'ясо")).first.click()
    assert page.locator("#check-results .verdict.ok .word").inner_text() == "м'ясо"
    assert page.locator("#check-results .share a").is_visible()
    assert page.locator("#solve").is_hidden()
    tab.close()


def axe_problems(page) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
        for v in serious_violations(page)
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation(browser, live_url, viewport, scheme):
    tab = Tab(browser, live_url, viewport, color_scheme=scheme)
    tab.open("?w=мясо%0Aк0т&c=noun-singular")
    assert axe_problems(tab.page) == []
    solve_nastya(tab)
    assert axe_problems(tab.page) == []
    tab.page.fill("#hand", "Q")
    tab.page.click("#solve-form button[type=submit]")
    tab.page.locator("#hand-error").wait_for()
    assert axe_problems(tab.page) == []
    tab.page.click(".tabs a[data-view=search]")
    tab.page.fill("#pattern", "м?р*")
    tab.page.click("#search-form button[type=submit]")
    tab.page.locator("#search-results .pager").wait_for()
    assert axe_problems(tab.page) == []
    tab.close()


def test_can_i_make_this_word_answers_with_the_layout_or_why_not(tab):
    """The rulebook's example: Nastya's hand makes МОРОЗИВО with 2 tokens, the Familiar's О
    and the joker card; ВЕЛОСИПЕД it cannot, and the page says so next to the field."""
    tab.open()
    tab.agree("Іменник (однина)")
    tab.page.click(".tabs a[data-view=solve]")
    tab.page.locator("#make-field").wait_for()
    tab.page.fill("#make", "морозиво")
    solve_nastya(tab)
    best = tab.page.locator("#solve-results .plays > li").first
    assert best.locator(".word").inner_text() == "МОРОЗИВО"
    cards = best.locator(".card")
    sources = [cards.nth(i).get_attribute("data-source") for i in range(cards.count())]
    assert sources.count("token") == 2
    assert sources.count("familiar") == 1
    assert sources.count("joker_card") == 1
    assert tab.state()["make"] == ["морозиво"]
    tab.page.fill("#make", "велосипед")
    tab.page.click("#solve-form button[type=submit]")
    error = tab.page.locator("#make-field-error")
    error.wait_for()
    assert error.get_attribute("data-code") == "word_not_formable"
    assert "ВЕЛОСИПЕД" not in error.inner_text()
    assert "«велосипед»" in error.inner_text()


# --- issue 25: the arbiter's fixes, in both languages ------------------------------------


def test_a_category_tapped_after_a_verdict_judges_the_words_again(either):
    """The screen and the link agree: a tapped category re-judges the words on screen (and
    an answer on a hidden tab is cleared, not left stale)."""
    tab = either
    tab.open()
    tab.page.click(".tabs a[data-view=search]")
    tab.page.fill("#pattern", "м?р")
    tab.page.click("#search-form button[type=submit]")
    tab.page.locator("#search-results .words").wait_for()
    tab.page.click(".tabs a[data-view=check]")
    tab.check("бігати")
    tab.page.locator("#check-results .verdict.ok").wait_for()
    tab.presentable()

    tab.agree(NOUN[tab.lang])
    verdict = tab.page.locator("#check-results .verdict.no")
    verdict.wait_for()
    assert verdict.locator("[data-category=noun-singular]").is_visible()
    assert tab.state()["c"] == ["noun-singular"]
    assert tab.state()["w"] == ["бігати"]
    tab.presentable()
    on_screen = verdict.inner_text()
    assert tab.page.locator("#search-results").inner_text() == ""  # stale: cleared

    tab.page.goto(tab.page.url)  # the link, opened afresh: what the screen said
    tab.page.wait_for_selector("body[data-ready]")
    assert tab.page.locator("#check-results .verdict").inner_text() == on_screen

    tab.agree(NOUN[tab.lang])  # dropped again: playable again, and the link says so
    tab.page.locator("#check-results .verdict.ok").wait_for()
    assert "c" not in tab.state()


def test_a_300_character_input_wraps_and_the_button_still_takes_taps(either, viewport):
    tab = either
    tab.open()
    tab.check("ж" * 300)
    card = tab.page.locator("#check-results .verdict.refused")
    card.wait_for()
    assert card.locator(".reason").inner_text() == tab.t("refusal.too_long")
    box, word = card.bounding_box(), card.locator(".word").bounding_box()
    assert box["x"] + box["width"] <= viewport["width"]
    assert word["x"] + word["width"] <= box["x"] + box["width"]
    assert word["height"] < 100  # two lines of it at most
    field = tab.page.locator("#words").bounding_box()
    assert field["x"] + field["width"] <= viewport["width"]
    tab.presentable()  # no horizontal scroll either
    takes_taps = tab.page.evaluate("""() => {
      const button = document.querySelector("#check-form button[type=submit]");
      button.scrollIntoView({ block: "center" });
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return button.contains(hit);
    }""")
    assert takes_taps
    tab.check("кіт")
    tab.page.locator("#check-results .verdict.ok").wait_for()
    assert tab.words() == ["кіт"]


#: Words typed on one line or several, and the words they are (checking.py's one rule).
SPLITS = [
    ("кіт пес", ["кіт", "пес"]),
    ("кіт, пес, миша", ["кіт", "пес", "миша"]),
    ("м'ясо;будь-що\n\n  кіт", ["м'ясо", "будь-що", "кіт"]),
    ("кіт\u00a0пес\tмиша, ", ["кіт", "пес", "миша"]),
]


@BOTH_LANGUAGES
@pytest.mark.parametrize("js", [True, False], ids=["script", "no-script"])
def test_words_on_one_line_are_split_alike_with_and_without_javascript(
    browser, live_url, viewport, lang, js
):
    tab = Tab(browser, live_url, viewport, lang=lang, js=js)
    tab.open()
    hint = tab.page.inner_text("#words-hint")
    assert hint == tab.t("words_hint")
    for typed, words in SPLITS:
        assert split_words(typed) == words
        tab.page.fill("#words", typed)
        if js:
            tab.page.click("#check-form button[type=submit]")
            expect(tab.page.locator("#check-results .verdict .word")).to_have_text(words)
        else:
            with tab.page.expect_navigation():
                tab.page.click("#check-form button[type=submit]")
            assert tab.words() == words
    tab.presentable()
    tab.close()


@BOTH_LANGUAGES
@pytest.mark.parametrize("js", [True, False], ids=["script", "no-script"])
def test_a_field_of_spaces_says_so_at_the_field(browser, live_url, viewport, lang, js):
    tab = Tab(browser, live_url, viewport, lang=lang, js=js)
    tab.open("?w=кіт")
    assert tab.words() == ["кіт"]
    tab.page.fill("#words", "   \n  ")
    if js:
        tab.page.click("#check-form button[type=submit]")
    else:
        with tab.page.expect_navigation():
            tab.page.click("#check-form button[type=submit]")
    error = tab.page.locator("#words-error")
    error.wait_for()
    assert error.inner_text() == tab.t("problem.no_words")
    assert tab.page.get_attribute("#words", "aria-invalid") == "true"
    assert "words-error" in tab.page.get_attribute("#words", "aria-describedby")
    assert tab.page.locator("#check-results .verdict").count() == 0  # nothing stale
    assert "w" not in tab.state()
    tab.presentable()
    tab.close()


@BOTH_LANGUAGES
def test_every_refusal_a_field_can_get_is_the_pages_own_words_at_that_field(either):
    """Each 400 and 422 the page's fields can meet: a text for the field and the
    constraint (or the code), at the field; the API's detail only in the console."""
    tab = either
    page = tab.page

    def refused(field: str, expected: str) -> None:
        error = page.locator(f"#{field}-error")
        error.wait_for()
        assert error.inner_text() == expected
        main = page.inner_text("main")
        assert "String should" not in main
        assert "Input should" not in main
        tab.presentable()

    def search(pattern: str, low: str = "", high: str = "") -> None:
        page.fill("#pattern", pattern)
        page.fill("#min", low)
        page.fill("#max", high)
        page.click("#search-form button[type=submit]")

    tab.open(f"?view=search&p={'а' * 65}")  # a link: longer than the field lets one type
    refused("pattern", tab.t("invalid.pattern.string_too_long", max=64))
    assert any("String should have at most 64 characters" in line for line in tab.console)
    search("")
    refused("pattern", tab.t("invalid.pattern.string_too_short"))
    search("к0т")
    refused("pattern", tab.t("refusal.contains_digits"))
    search("м?р*", low="0")
    refused("lengths", tab.t("invalid.min_length", max=64))
    search("м?р*", high="65")
    refused("lengths", tab.t("invalid.max_length", max=64))
    search("м?р*", low="5", high="3")
    refused("lengths", tab.t("problem.invalid_length_range"))
    tab.open("?view=search&p=м*&off=2000000")
    refused("search-form", tab.t("invalid.offset"))

    tab.open("?view=solve")
    page.locator("#make-field").wait_for()
    page.fill("#hand", "Ж Q")
    page.click("#solve-form button[type=submit]")
    refused("hand", tab.t("problem.unknown_card", card="Q"))
    page.fill("#hand", "Ж З И")
    page.fill("#fam1", "А")
    page.click("#solve-form button[type=submit]")
    refused("familiar", tab.t("problem.invalid_familiar"))
    page.fill("#fam1", "")
    page.eval_on_selector("#make", "(input, text) => { input.value = text; }", "а" * 65)
    page.click("#solve-form button[type=submit]")
    refused("make-field", tab.t("invalid.word.string_too_long", max=64))
    page.fill("#make", "к0т")
    page.click("#solve-form button[type=submit]")
    refused("make-field", tab.t("refusal.contains_digits"))


SURZHYK = {"uk": "Суржик", "en": "Surzhyk"}


def test_a_categorys_meaning_shows_on_a_tap_in_a_block_of_one_line(either):
    tab = either
    tab.open("?c=noun-singular")
    box = tab.page.locator("#categories-box")
    assert box.bounding_box()["height"] <= 110  # it was about 430 px on a phone
    assert box.locator("summary").inner_text().count(NOUN[tab.lang]) == 1
    tab.agree(SURZHYK[tab.lang])
    hint = tab.page.locator("#categories-hint")
    assert hint.inner_text() == f"{SURZHYK[tab.lang]}. {tab.t('category.surzhyk')}"
    assert hint.is_visible()
    assert tab.state()["c"] == ["noun-singular,surzhyk"]
    tab.presentable()
    tab.page.click("#categories-done")
    assert box.get_attribute("open") is None
    summary = box.locator("summary").inner_text()
    assert NOUN[tab.lang] in summary
    assert SURZHYK[tab.lang] in summary
    tab.presentable()


def test_the_frequency_line_says_it_is_a_frequency_list_not_the_dictionary(either):
    tab = either
    tab.open()
    tab.agree(NOUN[tab.lang])
    tab.check("мясо")
    verdict = tab.page.locator("#check-results .verdict.no")
    verdict.wait_for()
    line = verdict.locator(".zipf summary")
    assert line.inner_text() == tab.t("zipf", band=tab.t("band.ordinary"))
    note = verdict.locator(".zipf p")
    assert note.is_hidden()
    line.click()
    assert note.is_visible()
    assert note.inner_text() == tab.t("zipf_about")
    tab.presentable()


def test_after_a_check_the_verdict_is_on_the_first_screen(either, viewport):
    tab = either
    page = tab.page

    def verdict_in_view() -> None:
        top = page.locator("#check-results .verdict").first.bounding_box()["y"]
        assert 0 <= top <= viewport["height"] - 120, f"the verdict starts at {top} px"

    tab.open()
    tab.check("мясо")
    page.locator("#check-results .verdict").wait_for()
    verdict_in_view()
    assert page.evaluate("window.scrollY") == 0  # on the first screen as it is
    tab.presentable()

    tab.agree(NOUN[tab.lang])  # the picker open: 450 px of chips above the field
    page.fill("#words", "кіт")
    page.evaluate("""() => {  // scrolled just far enough to see the button, at the bottom
      const button = document.querySelector("#check-form button[type=submit]");
      window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 4);
    }""")
    page.click("#check-form button[type=submit]")
    expect(page.locator("#check-results .verdict .word")).to_have_text(["кіт"])
    verdict_in_view()  # scrolled into view

    tab.check("мясо\nкіт\nмясо")  # a suggestion tapped at the foot of a batch
    page.locator("#check-results .verdict").nth(2).locator(".suggestions a").first.click()
    expect(page.locator("#check-results .verdict .word")).to_have_text(["м'ясо"])
    verdict_in_view()

    tab.open("?w=мясо&c=noun-singular")  # a shared link
    verdict_in_view()
    tab.presentable()


def test_a_verdict_under_the_keyboard_is_brought_into_view(browser, live_url, lang):
    """On a phone the keyboard covers the lower half of the screen while the field has the
    focus: the check lets the field go (the keyboard closes) and scrolls the verdict into
    what is left of the screen when it landed out of it."""
    phone = VIEWPORTS["phone"]
    tab = Tab(browser, live_url, phone, lang=lang, has_touch=True, is_mobile=True)
    page = tab.page
    try:
        tab.open()
        tab.agree(NOUN[tab.lang])  # the picker open: the field far down the page
        page.fill("#words", "мясо")
        page.focus("#words")
        page.evaluate("document.getElementById('words').scrollIntoView({block: 'end'})")
        keyboard = {"width": phone["width"], "height": 400}  # what the keyboard leaves
        page.set_viewport_size(keyboard)
        page.evaluate("document.getElementById('check-form').requestSubmit()")  # "Go"
        page.locator("#check-results .verdict").wait_for()
        page.wait_for_function("() => document.activeElement?.id !== 'words'")
        top = page.locator("#check-results .verdict").first.bounding_box()["y"]
        assert 0 <= top <= keyboard["height"] - 120, f"the verdict starts at {top} px"
        page.set_viewport_size(phone)  # the keyboard closed
        top = page.locator("#check-results .verdict").first.bounding_box()["y"]
        assert 0 <= top <= phone["height"] - 120
        tab.presentable()
    finally:
        tab.close()


@BOTH_LANGUAGES
def test_every_view_speaks_one_language(either):
    tab = either
    tab.open()
    tab.presentable()
    tab.agree(NOUN[tab.lang])
    tab.check("кіт\nмʼясо\nкoт\nк0т\nбігати")
    tab.page.locator("#check-results .summary").wait_for()
    tab.page.locator("#check-results details.readings summary").first.click()
    tab.presentable()
    solve_nastya(tab)
    tab.presentable()
    tab.page.click(".tabs a[data-view=search]")
    tab.page.fill("#pattern", "м?р*")
    tab.page.click("#search-form button[type=submit]")
    tab.page.locator("#search-results .pager").wait_for()
    tab.presentable()

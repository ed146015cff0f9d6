"""A whole Words of Magic game in a real browser, through the page's controls only: a person
(Ukrainian on a phone, English on a laptop) against two greedy bots, created in the lobby
with a category agreed. Along the way: every character and magic card shows its text on
tap (by finger and by keyboard), each step says in one line what it is and why, the
Balance of Power orders show their colours, a refused word is told in the page's language
with its suggestion tapped, the status line and the panels agree on whose turn it is, the
judge panel speaks the page's language; and at each kind of step (character choice,
forming, Balance of Power, magic cards, results) the page is presentable at 390×844 and
1366×768. No hidden card reaches the page or its traffic; the bots' moves are shown one by
one."""

from __future__ import annotations

import itertools
import json
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest

from tests.browser.presentable import assert_presentable
from tests.browser.test_play_page import (
    Player,
    full_state,
    hidden_in,
    known_to,
    log_numbers,
    my_move,
    seen_by,
    solve_body,
    wait_log,
)
from wordsvc.services import SETTINGS
from wordsvc.web.play_cards import words_of_magic_cards
from wordsvc.web.play_texts import play_text

COLOURS = ("green", "yellow", "red")

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
CATEGORY = "noun-singular"
CATEGORY_NAME = {"uk": "Іменник (однина)", "en": "Noun (singular)"}
#: A word the category refuses (the dictionary knows м'ясо, not мясо) and what the judge
#: suggests instead.
REFUSED, SUGGESTED = "мясо", "м'ясо"
NAMES = {"uk": ["Олена", "Сова", "Лис"], "en": ["Olena", "Owl", "Fox"]}
#: Set WORDSVC_SCREENSHOTS to a folder to keep a screenshot of each kind of step there.
SHOTS = os.environ.get("WORDSVC_SCREENSHOTS")

SHOWN = """() => {
  window.shown = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (n) => window.shown.push([Number(n.dataset.number), n.className, Number(n.dataset.shownAt)]))))
    .observe(document.getElementById('log'), { childList: true });
}"""


@pytest.fixture
def person(browser, live_url, request):
    """One person's browser, in the language and window of the case."""
    lang, viewport = request.param
    player = Player(browser, live_url, viewport)
    player.lang = lang
    player.viewport = viewport
    yield player
    player.close()


@pytest.fixture(scope="module")
def category_ids(app) -> list[str]:
    """The registry's ids that no sentence could hold by chance (with a hyphen or colon)."""
    listed = app.test_client().get("/v1/categories").json["categories"]
    return [c["id"] for c in listed if re.search(r"[-:]", c["id"])]


def query(lang: str) -> str:
    return "?lang=en" if lang == "en" else ""


def check_page(player, forbidden, step: str, focus: str = "#actions") -> None:
    """The page is presentable at both window sizes (the case's own first), and, with
    WORDSVC_SCREENSHOTS, photographed at each (the window scrolled to ``focus``)."""
    page = player.page
    for size in (player.viewport, LAPTOP if player.viewport == PHONE else PHONE):
        page.set_viewport_size(size)
        assert_presentable(page, player.lang, forbidden=forbidden)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.locator(focus).scroll_into_view_if_needed()
            name = f"wom-{player.lang}-{size['width']}-{step}.png"
            page.screenshot(path=str(Path(SHOTS) / name))
    page.set_viewport_size(player.viewport)


def create_in_lobby(player) -> str:
    """The game made in the lobby: Words of Magic, its defaults (three seats, characters,
    magic), the category agreed, the person in seat 1, greedy bots named in the others."""
    page = player.page
    player.open(f"/play{query(player.lang)}")
    page.select_option("#game", "words-of-magic")
    chip = page.locator(f"input[name='opt-categories'][value='{CATEGORY}']")
    if chip.count():  # the arbiter's chips
        chip.check(force=True)
    else:  # a text field: left before the seats are named (a change redraws them)
        page.fill("#opt-categories", CATEGORY)
        page.locator("#opt-categories").blur()
    for seat, name in enumerate(NAMES[player.lang]):
        select = page.locator(f"select#seat-{seat}")
        if select.count():
            select.select_option("human" if seat == 0 else "bot:greedy")
        page.fill(f"#seat-{seat}-name", name)
    page.click("#create")
    page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}"))
    page.wait_for_selector("body[data-live]")
    return page.url.split("/play/", 1)[1][:32]


def summary_of(player):
    return player.page.evaluate("window.wordsvcPlay.state.summary")


def read_on_tap(player, opener, text: str, *, keyboard: bool = False) -> None:
    """Tapping ``opener`` (or Enter on it) shows ``text`` in the dialog; the close button
    (or Escape) hides it again."""
    page = player.page
    dialog = page.locator("#wom-about")
    if keyboard:
        opener.focus()
        page.keyboard.press("Enter")
    else:
        opener.click()
    dialog.wait_for(state="visible")
    assert page.locator("#wom-about-text").inner_text() == text
    if keyboard:
        page.keyboard.press("Escape")
    else:
        page.click("#wom-about-close")
    dialog.wait_for(state="hidden")


def click_legal(player, action) -> None:
    buttons = player.page.locator("#actions button.action")
    shown = buttons.evaluate_all("bs => bs.map(b => JSON.parse(b.dataset.action))")
    assert action in shown, f"no button for {action}"
    buttons.nth(shown.index(action)).click()


def check_status_agrees(player, summary, names) -> None:
    """The status line names the turn and whose it is, and says when you act on someone
    else's turn; the panels say the same."""
    page = player.page
    view = summary["view"]
    if view["phase"] in ("choose_character", "over"):
        return
    line = page.locator("#wom-status").inner_text()
    turn = "Черга" if player.lang == "uk" else "Turn"
    assert f"{turn} {view['turn']}" in line
    assert not re.search(r"№\s*\d", page.locator("#status").inner_text())
    active = view["active"]
    you = summary["you"]
    if active != you:
        assert names[active] in line
        assert page.locator(f".panel[data-seat='{active}'] .doing").count() == 1
    mine = page.locator(".panel.mine .doing").inner_text()
    if you in summary["to_act"] and active != you:
        reply = "відповідаєте" if player.lang == "uk" else "reply"
        assert reply in line
        assert mine.strip(" ·") in (
            ("кладе карти Балансу сил", "Ґном вирішує")
            if player.lang == "uk"
            else ("ordering Balance of Power cards", "the Gnome decides")
        )


CASES = [pytest.param(("uk", PHONE), id="uk-phone"), pytest.param(("en", LAPTOP), id="en-laptop")]


#: The pause between bots' moves in the case that checks it (the suite's app has none, so
#: that no other test waits for bots it does not watch).
PAUSE_MS = {"en": 300, "uk": 0}


@pytest.mark.parametrize("person", CASES, indirect=True)
def test_a_whole_words_of_magic_game_through_the_page(
    person, app, live_url, category_ids, monkeypatch
):
    player, lang = person, person.lang
    page = player.page
    settings = app.extensions[SETTINGS]  # read by the table's page on each request
    monkeypatch.setitem(app.extensions, SETTINGS, replace(settings, bot_pause_ms=PAUSE_MS[lang]))
    texts = words_of_magic_cards(lang)
    names = NAMES[lang]
    session = create_in_lobby(player)
    assert page.locator("body[data-table='words-of-magic']").count() == 1
    assert page.locator("#view .panel.player").count() == 3
    assert page.locator("#view .wom-familiar .familiar-cards li").count() == 3
    assert CATEGORY_NAME[lang] in page.locator("#view .wom-categories").inner_text()
    page.evaluate(SHOWN)

    # The character choice: what each does, on tap and by keyboard; then the first.
    page.wait_for_selector("#actions .wom-tile.character")
    tiles = page.locator("#actions .wom-tile.character")
    assert tiles.count() == 2
    first, second = (
        json.loads(tiles.nth(i).locator("button.action").get_attribute("data-action"))["character"]
        for i in range(2)
    )
    read_on_tap(player, tiles.nth(0).locator(".wom-info"), texts["character_text"][first])
    read_on_tap(
        player, tiles.nth(1).locator(".wom-info"), texts["character_text"][second], keyboard=True
    )
    check_page(player, category_ids, "character")
    version = summary_of(player)["version"]
    tiles.nth(0).locator("button.action").click()

    words, moves = [], 0
    seen = {
        "refused": False,
        "magic": False,
        "ordered": 0,
        "forming": False,
        "window": False,
        "fate": False,
        "layouts": False,
    }
    while True:
        summary = my_move(player, version)
        if summary["status"] == "over":
            break
        version = summary["version"]
        moves += 1
        assert moves < 150, "the game should have ended"
        view = summary["view"]
        legal = summary["legal_actions"]
        check_status_agrees(player, summary, names)
        step = page.locator("#wom-step")
        assert step.inner_text().strip()
        kinds = {a["type"] for a in legal}
        if "order_balance" in kinds:
            # Whose word dealt the cards, and why this seat orders them; the orders as
            # colours, each button different.
            line = step.inner_text()
            assert names[view["active"]] in line
            assert view["word_formed"]["word"].upper() in line
            orders = page.locator("#actions .wom-orders button.action")
            assert orders.count() == len([a for a in legal if a["type"] == "order_balance"])
            labels = orders.all_inner_texts()
            assert len(set(labels)) == len(labels)
            first_order = next(a for a in legal if a["type"] == "order_balance")
            assert orders.first.locator(".swatch").count() == len(first_order["order"])
            if not seen["ordered"]:
                check_page(player, category_ids, "balance")
            seen["ordered"] += 1
            orders.first.click()
            continue
        if "form_word" not in kinds:
            # The magic window after a word, the Gnome, the card of fate, the Mage, the Elf.
            # (The Elf's extra draw, a step of its own after the window, names no word.)
            if view["word_formed"] and not seen["window"] and "elf_draw" not in kinds:
                assert view["word_formed"]["word"].upper() in step.inner_text()
                seen["window"] = True
            if "choose_card" in kinds:
                # The search for fate: each choice names its cards' colours, none twice.
                labels = [
                    text
                    for text in page.locator("#actions button.action").all_inner_texts()
                    if text.startswith(("Взяти", "Take"))
                ]
                assert labels
                assert len(set(labels)) == len(labels)
                colours = [play_text(f"wom.colour.{c}", lang) for c in COLOURS]
                # A letter card says its colour (a joker or a magic card has none).
                if any(card.get("colour") for card in view["pending"]["cards"]):
                    assert any(f"({c})" in label for c in colours for label in labels)
                seen["fate"] = True
            end = {"type": "end_turn"}
            plain = [a for a in legal if "needs" not in a]
            click_legal(player, end if end in legal else plain[0])
            continue

        # A turn: the pass says what it costs.
        assert page.locator("#wom-pass-cost").inner_text().strip()
        if not seen["forming"]:
            mine = view["players"][summary["you"]]["character"]
            link = page.locator(".panel.mine .wom-character .wom-link")
            read_on_tap(player, link, texts["character_text"][mine])
            # What the Familiar's property above a card does, on tap.
            prop = view["options"]["familiar_properties"][0]
            card = page.locator(".wom-familiar li[data-position='0'] .wom-tap")
            read_on_tap(player, card, play_text(f"wom.prop_text.{prop}", lang), keyboard=True)
        magic = [a for a in legal if a["type"] == "play_magic" and "needs" not in a]
        if magic and not seen["magic"]:
            # A magic card is a card-like tile, unlike the word form's buttons; its text on
            # tap, then played.
            kind = next(
                c["magic"]
                for c in view["players"][summary["you"]]["hand"]
                if c["id"] == magic[0]["card"]
            )
            tile = page.locator("#actions .wom-tile.magic").filter(
                has=page.locator(f"button.action[data-action*='{magic[0]['card']}']")
            )
            assert texts["magic"][kind] in tile.inner_text()
            read_on_tap(player, tile.locator(".wom-info"), texts["magic_text"][kind])
            check_page(player, category_ids, "magic")
            tile.locator("button.action").click()
            seen["magic"] = True
            continue
        if not seen["refused"]:
            refuse_and_take_the_suggestion(player, category_ids)
            seen["refused"] = True
        request = solve_body(view, summary["you"])
        request["categories"] = [CATEGORY]
        found = player.context.request.post(f"{live_url}/v1/words-of-magic/solve", data=request)
        plays = found.json()["plays"]
        if not plays:
            click_legal(player, {"type": "pass"})
            continue
        word = plays[0]["word"]
        page.fill("#wom-word", word)
        page.click("#wom-find")
        page.wait_for_selector("#wom-send-word")
        shown = page.locator("#wom-layouts .layout")
        assert word.upper() in shown.first.inner_text()
        assert shown.first.locator(".slots li").count() == len(plays[0]["slots"])
        # Every layout of the word, each with what it costs and gives.
        request["word"] = word
        request.pop("limit", None)  # the page asks with the default
        layouts = player.context.request.post(f"{live_url}/v1/words-of-magic/solve", data=request)
        assert shown.count() == len(layouts.json()["plays"])
        if shown.count() > 1:
            seen["layouts"] = True
        cards_out = play_text("wom.cards_out", lang).split("{")[0]
        assert all(cards_out in text for text in shown.all_inner_texts())
        send = page.locator("#wom-send-word")
        assert "wom-tile-button" not in (send.get_attribute("class") or "")
        if not seen["forming"]:
            check_page(player, category_ids, "forming")
            seen["forming"] = True
        send.click()
        words.append(word)

    # The results.
    page.wait_for_selector("#result")
    assert page.locator("#table-error").is_hidden()
    assert page.locator("#result li").count() == 3
    check_page(player, category_ids, "results", "#status")
    final = summary_of(player)
    assert final["result"] is not None
    assert [w["word"] for w in final["view"]["players"][0]["words"]] == words
    assert words, "the person formed at least one word through the page"
    assert seen["ordered"], "the person ordered Balance of Power cards through the page"
    assert seen["refused"]
    # The result comes with the summary; the last events may reach the log just after.
    wait_log(player, final["version"])
    assert log_numbers(player) == list(range(1, final["version"] + 1))
    # Cards taken by another seat than the mover's (a neighbour's) name who took them.
    for entry in app.extensions["wordsvc.sessions"].events(session, None):
        for event in entry.events:
            if event.type == "cards_taken" and event.data["seat"] != entry.seat:
                line = page.locator(f"#log li[data-number='{entry.number}']").inner_text()
                assert f"{names[event.data['seat']]} " in line.split(": ", 1)[1]
    # Bots' moves were shown one by one, each at least the service's pause after the move
    # before it (those made before the page opened were shown at once).
    shown, loaded = page.evaluate("[window.shown, window.wordsvcPlay.state.loaded]")
    assert [n for n, _, _ in shown] == sorted(n for n, _, _ in shown)
    gaps = [b[2] - a[2] for a, b in itertools.pairwise(shown) if b[1] == "by-bot" and b[0] > loaded]
    assert len(gaps) >= 4
    assert min(gaps) >= PAUSE_MS[lang] * 0.93, gaps
    judge_in_the_page_language(player, words[0], category_ids)
    # Deck orders and the face-down Balance of Power cards never reach the seat's browser.
    state = full_state(app, session)
    secret = [c for p in state["players"] for c in p["deck"] + p.get("held", [])]
    secret += [c for cards in state["balance"].values() for c in cards]
    known = known_to(app, session, 0)
    hidden = [c for c in secret if f'"{c}"' not in known]
    assert hidden, "the test needs a hidden card"
    assert hidden_in(seen_by(player), hidden) == []


def refuse_and_take_the_suggestion(player, category_ids) -> None:
    """мясо is refused in the page's language (the category by name, the judge's reason);
    tapping the suggestion м'ясо puts it in the field and asks again."""
    page = player.page
    page.fill("#wom-word", REFUSED)
    page.click("#wom-find")
    error = page.locator("#wom-word-error")
    error.wait_for(state="visible")
    assert error.get_attribute("data-code") == "word_not_playable"
    assert page.locator("#wom-word").get_attribute("aria-invalid") == "true"
    said = error.inner_text()
    assert CATEGORY_NAME[player.lang] in said
    reason = (
        "Морфологічний словник не знає цієї форми."
        if player.lang == "uk"
        else "The morphological dictionary does not know this form."
    )
    assert reason in said
    assert "word_not_playable" not in said
    assert CATEGORY not in said
    suggestion = error.locator(f'button.suggestion[data-word="{SUGGESTED}"]')
    assert suggestion.get_attribute("lang") == "uk"
    check_page(player, category_ids, "refused", "#wom-word-form")
    suggestion.click()
    page.wait_for_function(
        """w => document.querySelector('#wom-word').value === w
          && !document.querySelector('#wom-find[aria-busy]')
          && (document.querySelector('#wom-layouts')
              || document.querySelector('#wom-word-error[data-code="word_not_formable"]'))""",
        arg=SUGGESTED,
    )


def judge_in_the_page_language(player, word, category_ids) -> None:
    """The judge panel: the rules by name, a refusal's reason and suggestions as buttons in
    the page's language, and an input that is no word at all told in it too."""
    page = player.page
    uk = player.lang == "uk"

    def judge(disputed):
        page.fill("#judge-word", disputed)
        page.click("#judge-form button")
        page.wait_for_function(
            "w => (document.querySelector('#judge-verdict') || {}).textContent?.startsWith(w)",
            arg=disputed,
        )
        return page.locator("#judge-verdict")

    assert judge(word).locator(".badge").inner_text() == ("можна" if uk else "playable")
    result = page.locator("#judge-result")
    assert CATEGORY_NAME[player.lang] in result.inner_text()
    assert judge(REFUSED).locator(".badge").inner_text() == ("не можна" if uk else "not playable")
    assert CATEGORY_NAME[player.lang] in result.locator(".reasons").inner_text()
    check_page(player, category_ids, "judge", "#judge-box")
    result.locator(f'button.suggestion[data-word="{SUGGESTED}"]').click()
    page.wait_for_function(
        "w => (document.querySelector('#judge-verdict') || {}).textContent?.startsWith(w)",
        arg=SUGGESTED,
    )
    assert page.locator("#judge-word").input_value() == SUGGESTED
    spaced = judge("кіт пес")
    assert spaced.get_attribute("data-code") == "contains_spaces"
    assert ("пробіл" if uk else "spaces") in spaced.inner_text()
    assert "Give one word" not in spaced.inner_text()


class AnyWord:
    """Word rules for dealing a game in the test (the deal never asks the lexicon)."""

    def validate_categories(self, categories):
        return None

    def is_playable(self, word, categories):
        return True


def gnome_deal(options):
    """A seed that offers seat 0 the Gnome."""
    from wordsvc.games.words_of_magic.engine import WordsOfMagic

    game = WordsOfMagic(AnyWord())
    for seed in range(5000):
        if "gnome" in game.new(options, seed)["players"][0]["offered"]:
            return seed
    pytest.fail("no deal offers the Gnome")


@pytest.mark.parametrize("person", [("uk", PHONE), ("en", PHONE)], indirect=True, ids=["uk", "en"])
def test_the_gnome_answers_someone_elses_pass_and_every_line_says_so(
    person, live_url, category_ids
):
    """When another person passes, the Gnome's seat acts on their turn: its step says whose
    pass it is and what taking the card costs, the status line says it is their turn and
    you reply, the panels agree; the other person's page waits for the Gnome."""
    player, lang = person, person.lang
    page = player.page
    options = {"players": 2, "first_player": 1}
    names = NAMES[lang][:2]
    request = player.context.request
    made = request.post(
        f"{live_url}/v1/games/sessions",
        data={
            "game": "words-of-magic",
            "options": options,
            "seed": gnome_deal(options),
            "seats": [{"kind": "human", "name": name} for name in names],
        },
    ).json()
    session = made["id"]
    other = request.post(f"{live_url}/v1/games/sessions/{session}/join", data={"seat": 1}).json()
    auth = {"Authorization": f"Bearer {other['token']}"}

    def theirs():
        return request.get(f"{live_url}/v1/games/sessions/{session}", headers=auth).json()

    def they_do(kind):
        summary = theirs()
        action = next(a for a in summary["legal_actions"] if a["type"] == kind)
        done = request.post(
            f"{live_url}/v1/games/sessions/{session}/actions",
            headers=auth,
            data={"action": action, "expected_version": summary["version"]},
        )
        assert done.ok, done.text()

    player.open(f"/play/{session}?join=0{query(lang).replace('?', '&')}")
    page.wait_for_selector("body[data-live]")
    page.locator("#actions button.action[data-action*='gnome']").click()
    page.wait_for_function("() => window.wordsvcPlay.state.summary.version === 1")
    they_do("choose_character")
    page.wait_for_function("() => window.wordsvcPlay.state.summary.view.phase === 'turn'")
    they_do("pass")  # the other person's turn: a pass, which the Gnome may answer
    page.wait_for_selector("#actions button.action[data-action*='gnome_take']")
    step = page.locator("#wom-step").inner_text()
    assert names[1] in step
    line = page.locator("#wom-status").inner_text()
    assert names[1] in line
    assert ("відповідаєте" if lang == "uk" else "reply") in line
    assert page.locator(".panel[data-seat='1'] .doing").inner_text().strip(" ·") == (
        "його черга" if lang == "uk" else "their turn"
    )
    assert page.locator(".panel.mine .doing").inner_text().strip(" ·") == (
        "Ґном вирішує" if lang == "uk" else "the Gnome decides"
    )
    check_page(player, category_ids, "gnome")
    version = summary_of(player)["version"]
    page.locator("#actions button.action[data-action*='gnome_take']").click()
    page.wait_for_function("v => window.wordsvcPlay.state.summary.version > v", arg=version)
    assert theirs()["view"]["phase"] == "turn"

"""Screenshots of the pages for the README: a word dispute on a phone, the best plays for the
rulebook's hand on a laptop, the play lobby on a phone, a Lost Words table on a laptop, a
Words of Magic table on a phone (a word asked of the solver, its layout to choose) and a
Wizards Wanted table on a phone ("Where to go" and the board close in) and on a laptop.
Drives Debian's Chromium with Playwright against the app served in process, on the built
lexicon of the data directory ($WORDSVC_DATA_DIR); games go to a throwaway SQLite database.

    python scripts/screenshots.py [--out docs]
        [--only arbiter|play|seats|magos-y-tabernas|wizards-wanted]

Writes docs/arbiter-phone.png, docs/arbiter-desktop.png, docs/play-lobby-phone.png,
docs/play-table-desktop.png and docs/play-words-of-magic-phone.png; `--only seats`
docs/play-host-screen-desktop.png and docs/play-taken-seat-phone.png; `--only
magos-y-tabernas` docs/play-magos-y-tabernas-phone.png and -desktop.png; `--only
wizards-wanted` docs/play-wizards-wanted-phone.png and -desktop.png.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import tempfile
import threading
from pathlib import Path

from _ww_person import MOVES, Person, listed, person_choice
from werkzeug.serving import make_server

from wordsvc.app import create_app

ROOT = Path(__file__).resolve().parent.parent
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1180, "height": 760}
#: The laptop the arbiter's page is tested at (tests/browser/test_arbiter_page.py).
ARBITER_DESKTOP = {"width": 1366, "height": 768}


def phone(browser, url: str, out: Path) -> None:
    """A dispute on a phone's first screen, unscrolled: "мясо, мʼясО" typed on one line under
    noun-singular, мясо refused with the reason and м'ясо suggested, мʼясО read as м'ясо."""
    context = browser.new_context(viewport=PHONE, locale="uk-UA")
    page = context.new_page()
    page.goto(f"{url}/?c=noun-singular")
    page.wait_for_selector("body[data-ready]")
    page.fill("#words", "мясо, мʼясО")
    page.click("#check-form button[type=submit]")
    page.wait_for_selector("#check-results .verdict")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=out / "arbiter-phone.png")
    context.close()


def desktop(browser, url: str, out: Path) -> None:
    """The rulebook's Nastya hand (docs/solver.md): the best plays as rows of cards."""
    context = browser.new_context(viewport=ARBITER_DESKTOP, locale="uk-UA")
    page = context.new_page()
    query = "view=solve&c=noun-singular&hand=Ж+З+И+М+О+Є+*&tokens=3&fam=А,О,[И]"
    page.goto(f"{url}/?{query}")
    page.wait_for_selector("#solve-results .play")
    page.screenshot(path=out / "arbiter-desktop.png")
    context.close()


def play_lobby(browser, url: str, out: Path) -> None:
    """The lobby on a phone as it opens, on Words of Magic: its options in words, a name
    typed, the bots seated with their names; the whole page."""
    context = browser.new_context(viewport=PHONE, locale="uk-UA")
    page = context.new_page()
    page.goto(f"{url}/play")
    page.wait_for_selector("body[data-ready]")
    page.fill("#seat-0-name", "Олена")
    page.locator("#opt-categories label").filter(has_text="Іменник (однина)").click()
    page.screenshot(path=out / "play-lobby-phone.png", full_page=True)
    context.close()


def play_table(browser, url: str, out: Path) -> None:
    """A Lost Words table on a laptop, a few moves in, against the heuristic bot."""
    context = browser.new_context(viewport=DESKTOP, locale="uk-UA")
    page = context.new_page()
    page.goto(f"{url}/play")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "lost-words")
    page.select_option("#seat-1", "bot:heuristic")
    page.fill("#seat-0-name", "Олена")
    page.click("#create")
    page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}$"))
    page.wait_for_selector("body[data-live]")
    for _ in range(4):
        page.wait_for_selector("#status.mine", timeout=15_000)
        page.locator("#actions button.action").first.click()
        page.wait_for_timeout(2500)
    page.wait_for_selector("#status.mine", timeout=15_000)
    page.screenshot(path=out / "play-table-desktop.png")
    context.close()


def play_seats(browser, url: str, out: Path) -> None:
    """Seating a Lost Words game of three people: the host's laptop as the table's screen,
    with the three invitations; then a phone opening the link of a seat someone sits at."""
    laptop = browser.new_context(viewport=ARBITER_DESKTOP, locale="uk-UA")
    host = laptop.new_page()
    host.goto(f"{url}/play")
    host.wait_for_selector("body[data-ready]")
    host.select_option("#game", "lost-words")
    host.locator("#opt-players label").filter(has_text="3").click()
    for seat, name in enumerate(("Марта", "Тарас", "Ірина")):
        host.select_option(f"#seat-{seat}", "human")
        host.fill(f"#seat-{seat}-name", name)
    host.click("#create")
    host.wait_for_url(re.compile(r"/play/[0-9a-f]{32}$"))
    host.wait_for_selector("body[data-live]")
    host.wait_for_selector("#links li[data-seat='2'] figure.qr svg")
    link = host.locator("#links li[data-seat='1'] input.seat-link").input_value()
    local = link.replace(link.split("/play/")[0], url)  # the LAN address may not answer here
    host.screenshot(path=out / "play-host-screen-desktop.png")
    phones = [browser.new_context(viewport=PHONE, locale="uk-UA") for _ in range(2)]
    first = phones[0].new_page()
    first.goto(local)
    first.wait_for_selector("#claim-box:not([hidden])")
    first.click("#claim")
    first.wait_for_selector("body[data-live]")
    second = phones[1].new_page()
    second.goto(local)
    second.wait_for_selector("#taken-box:not([hidden])")
    second.screenshot(path=out / "play-taken-seat-phone.png")
    for context in (laptop, *phones):
        context.close()


def play_words_of_magic(browser, url: str, out: Path) -> None:
    """A Words of Magic table on a phone against two greedy bots: the solver's best word for
    the hand typed, "can I make this word?" answered with its layout and the property."""
    context = browser.new_context(viewport=PHONE, locale="uk-UA")
    page = context.new_page()
    page.goto(f"{url}/play")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "words-of-magic")
    page.set_checked("#opt-characters", False)
    page.select_option("#seat-1", "bot:greedy")
    page.select_option("#seat-2", "bot:greedy")
    page.fill("#seat-0-name", "Олена")
    page.click("#create")
    page.wait_for_url(re.compile(r"/play/[0-9a-f]{32}$"))
    page.wait_for_selector("body[data-live]")
    page.wait_for_selector("#wom-word", timeout=30_000)
    page.wait_for_timeout(500)
    summary = page.evaluate("window.wordsvcPlay.state.summary")
    view, seat = summary["view"], summary["you"]
    me = view["players"][seat]
    body = {
        "cards": [
            c["letter"] if c["kind"] == "letter" else "*" if c["kind"] == "joker" else c["magic"]
            for c in me["hand"]
        ],
        "tokens": me["tokens"],
        "familiar": [
            {"letter": letter, "available": i != view["familiar"]["figure"]}
            for i, letter in enumerate(view["familiar"]["letters"])
        ],
        "mode": view["options"]["mode"],
        "limit": 1,
    }
    plays = context.request.post(f"{url}/v1/words-of-magic/solve", data=body).json()["plays"]
    if plays:
        page.fill("#wom-word", plays[0]["word"])
        page.click("#wom-find")
        page.wait_for_selector("#wom-send-word")
    page.screenshot(path=out / "play-words-of-magic-phone.png", full_page=True)
    context.close()


def play_magos_y_tabernas(browser, url: str, out: Path) -> None:
    """Magos y Tabernas against the heuristic bot on seeded deals, the person playing as that
    bot would (its choice on the seat's view, the store's generator), through the API up to
    the move shown: on a phone the bot's orb on the stack and an Interrupción offering to
    cancel it; on a laptop a Gema and a Rayo, each offering its one way (a card with a choice
    would be picked, its targets lit)."""
    from wordsvc.games.magos_y_tabernas.bots import HeuristicBot

    bot = HeuristicBot()
    shots = (
        (PHONE, "uk", ("Оля", "Бот Сова"), 1327, 33, "play-magos-y-tabernas-phone.png"),
        (DESKTOP, "en", ("Olya", "Owl bot"), 2185, 9, "play-magos-y-tabernas-desktop.png"),
    )
    for viewport, lang, names, seed, shown, name in shots:
        context = browser.new_context(viewport=viewport, locale="uk-UA")
        page = context.new_page()
        made = context.request.post(
            f"{url}/v1/games/sessions",
            data={
                "game": "magos-y-tabernas",
                "options": {"players": 2, "first_player": 0},
                "seats": [
                    {"kind": "human", "name": names[0]},
                    {"kind": "bot", "bot": "heuristic", "name": names[1]},
                ],
                "seed": seed,
            },
        ).json()
        table = f"{url}/play/{made['id']}" + ("?lang=en" if lang == "en" else "")
        page.goto(f"{table}{'&' if lang == 'en' else '?'}join=0")
        page.wait_for_selector("body[data-live]")
        auth = {"Authorization": f"Bearer {page.evaluate('window.wordsvcPlay.state.token')}"}
        # Asked about every answer (an orb is aimed at nobody), as these deals were chosen.
        context.request.post(
            f"{url}/v1/games/sessions/{made['id']}/seat",
            headers=auth,
            data={"only_when_concerned": False},
        )
        while True:
            summary = context.request.get(f"{url}/v1/games/sessions/{made['id']}", headers=auth)
            summary = summary.json()
            if summary["version"] >= shown:
                break
            rng = random.Random(f"{seed}:{summary['version']}:0")
            action = bot.choose(None, summary["view"], 0, rng)
            context.request.post(
                f"{url}/v1/games/sessions/{made['id']}/actions",
                headers=auth,
                data={"action": action, "expected_version": summary["version"]},
            )
        action = bot.choose(None, summary["view"], 0, random.Random(f"{seed}:{shown}:0"))
        page.goto(table)
        page.wait_for_selector("body[data-live]")
        page.wait_for_selector("#myt-prompt.mine")
        # A card with a choice is picked (its targets lit); one with a single way shows it.
        picked = f"#view button[data-hand-card='{action['card']}']:not([data-one-way])"
        if page.locator(picked).count():
            page.click(picked)
        page.wait_for_timeout(300)
        # The page down to the table's end (the log below it grows with the game).
        bottom = page.evaluate("document.getElementById('view').getBoundingClientRect().bottom")
        size = {"x": 0, "y": 0, "width": viewport["width"], "height": bottom + scroll(page) + 12}
        page.screenshot(path=out / name, full_page=True, clip=size)
        context.close()


def scroll(page) -> float:
    return float(page.evaluate("window.scrollY"))


def play_wizards_wanted(browser, url: str, out: Path) -> None:
    """A seeded Wizards Wanted game against the heuristic bot, a few rounds in, played through
    the page (scripts/_ww_person.py), to a movement step: on a phone "Where to go" above the
    board, close in on the wizard; on a laptop the whole table."""
    for name, viewport in (("phone", PHONE), ("desktop", {"width": 1366, "height": 768})):
        person = Person(browser, url, viewport=viewport)
        made = person.context.request.post(
            f"{url}/v1/games/sessions",
            data={
                "game": "wizards-wanted",
                "seats": [
                    {"kind": "human", "name": "Олена"},
                    {"kind": "bot", "bot": "heuristic", "name": "Бот Сова"},
                ],
                "seed": 21,
            },
        ).json()
        person.page.goto(f"{url}/play/{made['id']}?join=0")
        person.page.wait_for_selector("body[data-ready]")
        rng, version = random.Random(21), -1
        while True:
            summary = person.step(version)
            version = summary["version"]
            if summary["status"] == "over":
                break
            if summary["view"]["turn"] >= 12 and summary["view"]["phase"] == "move":
                break
            action = person_choice(summary, rng)
            if action["type"] in MOVES:
                person.move_on_the_board(summary, action)
            else:
                person.click_action(listed(action, summary["legal_actions"]))
        person.page.wait_for_timeout(600)
        if name == "phone":  # "Where to go" and the board, close in on the wizard, under it
            person.page.evaluate(
                "scrollTo(0, document.querySelector('.ww-go').getBoundingClientRect().top + scrollY"
                " - document.querySelector('header').offsetHeight - 8)"
            )
        person.page.screenshot(path=out / f"play-wizards-wanted-{name}.png")
        person.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument(
        "--only", choices=("arbiter", "play", "seats", "magos-y-tabernas", "wizards-wanted")
    )
    args = parser.parse_args()
    chromium = os.environ.get("WORDSVC_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        raise SystemExit("no Chromium: install Debian's `chromium` or set WORDSVC_CHROMIUM")
    from playwright.sync_api import sync_playwright

    games = tempfile.TemporaryDirectory(prefix="screenshots-")
    os.environ.setdefault("WORDSVC_DATABASE_URL", f"sqlite:///{games.name}/sessions.sqlite3")
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            shots = {
                "arbiter": (phone, desktop),
                "play": (play_lobby, play_table, play_words_of_magic),
                "seats": (play_seats,),
                "magos-y-tabernas": (play_magos_y_tabernas,),
                "wizards-wanted": (play_wizards_wanted,),
            }
            for group, takers in shots.items():
                if args.only in (None, group):
                    for take in takers:
                        take(browser, url, args.out)
            browser.close()
    finally:
        server.shutdown()
        games.cleanup()
    names = {
        "arbiter": ("arbiter-phone.png", "arbiter-desktop.png"),
        "play": ("play-lobby-phone.png", "play-table-desktop.png", "play-words-of-magic-phone.png"),
        "seats": ("play-host-screen-desktop.png", "play-taken-seat-phone.png"),
        "magos-y-tabernas": (
            "play-magos-y-tabernas-phone.png",
            "play-magos-y-tabernas-desktop.png",
        ),
        "wizards-wanted": ("play-wizards-wanted-phone.png", "play-wizards-wanted-desktop.png"),
    }
    for name in (n for group, ns in names.items() if args.only in (None, group) for n in ns):
        print(f"{args.out / name}: {(args.out / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()

"""Screenshots of the arbiter's page for the README: a word dispute on a phone, the best plays
for the rulebook's hand on a laptop. Drives Debian's Chromium with Playwright against the
app served in process, on the built lexicon of the data directory ($WORDSVC_DATA_DIR).

    python scripts/screenshots.py [--out docs]

Writes docs/arbiter-phone.png and docs/arbiter-desktop.png.
"""

from __future__ import annotations

import argparse
import os
import shutil
import threading
from pathlib import Path

from werkzeug.serving import make_server

from wordsvc.api import create_app

ROOT = Path(__file__).resolve().parent.parent
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1180, "height": 760}


def phone(browser, url: str, out: Path) -> None:
    """мясо under noun-singular: refused, with the reason and м'ясо suggested."""
    context = browser.new_context(viewport=PHONE, locale="uk-UA")
    page = context.new_page()
    page.goto(f"{url}/?w=мясо%0AмʼясО&c=noun-singular")
    page.wait_for_selector("body[data-ready]")
    page.evaluate("window.scrollTo(0, document.getElementById('check-title').offsetTop - 8)")
    page.screenshot(path=out / "arbiter-phone.png")
    context.close()


def desktop(browser, url: str, out: Path) -> None:
    """The rulebook's Nastya hand (docs/solver.md): the best plays as rows of cards."""
    context = browser.new_context(viewport=DESKTOP, locale="uk-UA")
    page = context.new_page()
    query = "view=solve&c=noun-singular&hand=Ж+З+И+М+О+Є+*&tokens=3&fam=А,О,[И]"
    page.goto(f"{url}/?{query}")
    page.wait_for_selector("#solve-results .play")
    page.screenshot(path=out / "arbiter-desktop.png")
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    chromium = os.environ.get("WORDSVC_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        raise SystemExit("no Chromium: install Debian's `chromium` or set WORDSVC_CHROMIUM")
    from playwright.sync_api import sync_playwright

    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            phone(browser, url, args.out)
            desktop(browser, url, args.out)
            browser.close()
    finally:
        server.shutdown()
    for name in ("arbiter-phone.png", "arbiter-desktop.png"):
        print(f"{args.out / name}: {(args.out / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()

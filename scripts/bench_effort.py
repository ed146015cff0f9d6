"""A person's effort at the game tables, counted in Chromium over seeded whole games.

Measures (``MEASURES``; each plays its games and returns rows of the one table printed):

- ``wizards-wanted``: one person against the heuristic bot, the person playing as the
  heuristic bot would (its choice from the seat's view) but only through the page: on the
  game's own table a move is one tap in "Where to go" (the phone's list of the ways),
  anything else a button found by its ``data-action``. Counted at each of the person's steps:
  the buttons shown at once outside the board and its list (the target: at most 12), and the
  taps of the whole game. The same seeds are then
  played on the generic table (``play-table.js`` served without the game's own table, so that
  the page falls back to play-render.js, as before issue 26), where every legal action is a
  button. The two tables' games may part ways (a tap takes the cheapest way, where the bot
  would name a path), so each is counted over its own game.

- ``magos-y-tabernas`` (issue 37): the share of a person's taps that are passes with the
  default settings, at 3 players and in 2 vs 2, before and after issue 37's defaults (target:
  at most 20%). Played through the session store, as ``bench_taps.py --defaults`` does (the
  store's own rules pass for the person; the taps are those ``table-magos-y-tabernas.js``
  needs); it needs no browser. Seeds 2000 on unless ``--seeds``.

    python scripts/bench_effort.py [--measure wizards-wanted] [--seeds 1 2 3]
                                   [--turn-limit N] [--tables own generic] [--json]

Serves the app in process on a throwaway SQLite database, with the built lexicon of
``$WORDSVC_DATA_DIR``; needs Debian's Chromium (or ``$WORDSVC_CHROMIUM``), and without it says
so and exits 0. Prints Markdown for docs/performance.md, or JSON.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import NamedTuple

from _ww_person import Person

TARGET_BUTTONS = 12
#: The buttons a person sees outside the board (the zoom buttons belong to it, and so does
#: "Where to go", the board's marks as a list).
COUNT_BUTTONS = """() => [...document.querySelectorAll('#actions button, #view button')]
  .filter((b) => b.checkVisibility() && !b.closest('.ww-board, .ww-zoom, .ww-go')).length"""


class Row(NamedTuple):
    """One game's counts on one table."""

    measure: str
    table: str  # "own" or "generic"
    seed: int
    buttons: int  # the most buttons shown at once outside the board
    taps: int  # taps (clicks) the person made in the whole game
    steps: int  # the person's steps (each a decision)
    fame: int  # the person's score at the end
    best: int  # the best score at the table
    ended_by: str
    seconds: float


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- Wizards Wanted ------------------------------------------------------------------------


def wizards_wanted(browser, base: str, app, args) -> list[Row]:
    """Whole games on the phone, the person's buttons and taps counted (see the docstring)."""
    rows = []
    for table in args.tables:
        for seed in args.seeds:
            started = time.perf_counter()
            person = Person(browser, base, generic=table == "generic")
            session = _new_game(app, seed, args.turn_limit)
            person.page.goto(f"{base}/play/{session}?join=0")
            person.page.wait_for_selector("body[data-ready]")
            rng = random.Random(seed)
            most = steps = 0
            version = -1
            while True:
                summary = person.step(version)
                version = summary["version"]
                if summary["status"] == "over":
                    break
                steps += 1
                most = max(most, person.page.evaluate(COUNT_BUTTONS))
                person.act(summary, rng, own=table == "own")
            rows.append(
                Row(
                    "wizards-wanted",
                    table,
                    seed,
                    most,
                    person.taps,
                    steps,
                    summary["result"]["scores"][summary["you"]],
                    max(summary["result"]["scores"]),
                    summary["view"]["ended_by"],
                    round(time.perf_counter() - started, 1),
                )
            )
            log(f"  {table} table, seed {seed}: {rows[-1]}")
            person.context.close()
    return rows


def _new_game(app, seed: int, turn_limit: int | None) -> str:
    options = {"turn_limit": turn_limit} if turn_limit else {}
    made = app.test_client().post(
        "/v1/games/sessions",
        json={
            "game": "wizards-wanted",
            "options": options,
            "seats": [
                {"kind": "human", "name": "Олена"},
                {"kind": "bot", "bot": "heuristic", "name": "Бот Сова"},
            ],
            "seed": seed,
        },
    )
    if made.status_code != 201:
        raise SystemExit(f"cannot create the game: {made.get_data(as_text=True)}")
    session: str = made.json["id"]
    return session


#: Each measure: a function (browser, base URL, app, arguments) -> rows.
MEASURES: dict[str, Callable[..., list[Row]]] = {"wizards-wanted": wizards_wanted}
#: Measures played through the session store alone: a function (seeds) -> a report.
STORE_MEASURES: dict[str, Callable[[list[int]], dict]] = {}


def magos_y_tabernas(seeds: list[int]) -> dict:
    """The passes' share of a person's taps with the defaults (``bench_taps.py``)."""
    from bench_taps import defaults_summary, measure_defaults

    return defaults_summary(measure_defaults(seeds))


STORE_MEASURES["magos-y-tabernas"] = magos_y_tabernas


# --- the report ------------------------------------------------------------------------------


def markdown(rows: list[Row]) -> str:
    lines = [
        "| measure | table | seed | most buttons at once (outside the board) | taps a game "
        "| the person's steps | the person's fame / the best | ended by |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        lines.append(
            f"| {row.measure} | {row.table} | {row.seed} | {row.buttons} | {row.taps} "
            f"| {row.steps} | {row.fame} / {row.best} | {row.ended_by} |"
        )
    for measure in sorted({r.measure for r in rows}):
        for table in ("own", "generic"):
            mine = [r for r in rows if r.measure == measure and r.table == table]
            if mine:
                most = max(r.buttons for r in mine)
                verdict = "met" if most <= TARGET_BUTTONS else "not met"
                target = f" (target ≤ {TARGET_BUTTONS}: {verdict})" if table == "own" else ""
                lines.append(
                    f"\n{measure}, {table} table: at most {most} buttons at once{target}; "
                    f"{sum(r.taps for r in mine) / len(mine):.0f} taps a game on average."
                )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    every = sorted({*MEASURES, *STORE_MEASURES})
    parser.add_argument("--measure", choices=every, nargs="+", default=every)
    parser.add_argument("--seeds", type=int, nargs="+", default=None)
    parser.add_argument("--turn-limit", type=int, default=None, help="turns each (default: none)")
    parser.add_argument(
        "--tables", nargs="+", choices=("own", "generic"), default=["own", "generic"]
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for name in (m for m in args.measure if m in STORE_MEASURES):
        log(f"{name}:")
        print(json.dumps(STORE_MEASURES[name](args.seeds or list(range(2000, 2015))), indent=2))
    args.measure = [m for m in args.measure if m in MEASURES]
    args.seeds = args.seeds or [1, 2, 3]
    if not args.measure:
        return
    chromium = os.environ.get("WORDSVC_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        print("skipped: no Chromium (install Debian's `chromium` or set WORDSVC_CHROMIUM)")
        return
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    games = tempfile.TemporaryDirectory(prefix="bench-effort-")
    os.environ.setdefault("WORDSVC_DATABASE_URL", f"sqlite:///{games.name}/sessions.sqlite3")
    from wordsvc.app import create_app

    app = create_app()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    rows: list[Row] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            for name in args.measure:
                log(f"{name}:")
                rows += MEASURES[name](browser, base, app, args)
            browser.close()
    finally:
        server.shutdown()
        games.cleanup()
    print(json.dumps([r._asdict() for r in rows], indent=2) if args.json else markdown(rows))


if __name__ == "__main__":
    main()

"""A person at the Wizards Wanted table, for the scripts that drive one in Chromium
(``bench_effort.py``, ``screenshots.py``): the person plays as the heuristic bot would (its
choice from the seat's view), but only through the page: on the game's own table a move is a
tap on the board (and, when the ways are offered in words, the one like the bot's; on a phone
its button in "Where to go"), anything else a button found by its ``data-action``; on the
generic table every action is a button."""

from __future__ import annotations

import contextlib
import random
import re

PHONE = {"width": 390, "height": 844}
MOVES = {"walk", "speed", "taxi", "teleport", "teleport_mushroom", "place"}
#: The game's own table's entry in play-table.js, left out to get the generic table.
OWN_TABLE = re.compile(r',?\s*"wizards-wanted":\s*wizardsWantedTable')

MY_STEP = """after => {
  const s = window.wordsvcPlay && window.wordsvcPlay.state;
  if (!s || !s.summary || s.busy || s.queue.length || s.summary.version <= after) return false;
  if ('wwMoving' in document.body.dataset) return false;
  const sum = s.summary;
  if (sum.status === 'over') return document.querySelector('#result') ? sum : false;
  const own = document.body.dataset.table === 'wizards-wanted';
  const drawn = !own || document.body.dataset.wwVersion === String(sum.version);
  const controls = document.querySelector('#actions button.action, g.ww-reach');
  return sum.to_act.includes(sum.you) && drawn && controls ? sum : false;
}"""


def person_choice(summary: dict, rng: random.Random) -> dict:
    """The heuristic bot's choice for the person's seat; ending the movement step is ending
    the turn (the own table has no button for it: an action ends it)."""
    from wordsvc.games.wizards_wanted.bots import HeuristicBot
    from wordsvc.games.wizards_wanted.engine import WizardsWanted

    view = {**summary["view"], "legal_actions": summary["legal_actions"]}
    action = HeuristicBot().choose(WizardsWanted(), view, summary["you"], rng)
    return {"type": "end"} if action["type"] == "end_move" else action


def target(summary: dict, action: dict) -> str | None:
    from wordsvc.games.wizards_wanted.board import BOARD

    if action["type"] in ("walk", "speed"):
        return action["path"][-1]
    if action["type"] in ("teleport", "teleport_mushroom"):
        return action["to"]
    if action["type"] == "place":
        return action["space"]
    return BOARD.next_taxi(summary["view"]["players"][summary["you"]]["position"])


def listed(action: dict, legal: list[dict]) -> dict:
    """The listed action a person clicks for the bot's choice: itself, or for a walk the
    planner named (listed walks are one shortest walk per space), the listed walk to the
    same space."""
    if action in legal:
        return action
    same = [a for a in legal if a["type"] == action["type"] and _ends(a) == _ends(action)]
    if not same:
        raise AssertionError(f"no button for {action}")
    return min(same, key=lambda a: len(a.get("path", [])))


def _ends(action: dict) -> str | None:
    return action["path"][-1] if "path" in action else action.get("to") or action.get("space")


class Person:
    """One person's browser at the table (a phone unless ``viewport`` says otherwise)."""

    def __init__(self, browser, base: str, generic: bool = False, viewport=None) -> None:
        viewport = viewport or PHONE
        self.phone = viewport["width"] < 600
        self.context = browser.new_context(viewport=viewport, locale="uk-UA", has_touch=self.phone)
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.taps = 0
        if generic:
            self.page.route("**/web/static/play-table.js", self._without_own_table)

    @staticmethod
    def _without_own_table(route) -> None:
        text = route.fetch().text()
        generic, found = OWN_TABLE.subn("", text)
        if not found:
            raise SystemExit("play-table.js no longer lists the Wizards Wanted table as expected")
        route.fulfill(body=generic, content_type="text/javascript")

    def tap(self, locator) -> None:
        """A tap on a phone, a click on a laptop."""
        self.taps += 1
        if self.phone:
            locator.tap()
        else:
            locator.click()

    def step(self, after: int, timeout: float = 90_000) -> dict:
        """The summary once it is past version ``after`` and the person's step (or the end)."""
        waited = self.page.wait_for_function(MY_STEP, arg=after, timeout=timeout)
        summary: dict = waited.json_value()
        return summary

    def act(self, summary: dict, rng: random.Random, own: bool = True) -> dict:
        """The person's step: the bot's choice, made through the page; returns the choice."""
        action = person_choice(summary, rng)
        if own and action["type"] in MOVES:
            self.move_on_the_board(summary, action)
        else:
            self.click_action(listed(action, summary["legal_actions"]))
        return action

    def click_action(self, action: dict) -> None:
        buttons = self.page.locator("#actions button[data-action], #view button[data-action]")
        shown = buttons.evaluate_all("bs => bs.map(b => JSON.parse(b.dataset.action))")
        self.tap(buttons.nth(shown.index(action)))

    def move_on_the_board(self, summary: dict, action: dict) -> None:
        """A tap on the move's space; on a phone, where the board shows the wizard's part of
        it, the move's button in "Where to go" (one tap, whatever the ways)."""
        space = target(summary, action)
        if self.phone:
            found = self.page.locator(f".ww-go-list button[data-space='{space}']")
            offered = found.evaluate_all(
                "bs => bs.map(b => [JSON.parse(b.dataset.action), b.dataset.way])"
            )
            pick = next(
                (i for i, (offer, _) in enumerate(offered) if offer == action),
                next((i for i, (_, kind) in enumerate(offered) if kind == action["type"]), 0),
            )
            self.tap(found.nth(pick))
            return
        self.tap(self.page.locator(f"g.ww-reach[data-space='{space}']"))
        ways = self.page.locator("#ww-ways button[data-action]")
        with contextlib.suppress(Exception):
            ways.first.wait_for(timeout=600)
        if ways.count():
            offered = ways.evaluate_all("bs => bs.map(b => b.dataset.way)")
            pick = offered.index(action["type"]) if action["type"] in offered else 0
            self.tap(ways.nth(pick))

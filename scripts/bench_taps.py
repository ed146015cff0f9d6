"""A person's taps for whole Magos y Tabernas games at its table, with "answer only when I
can" (the seat's ``auto_pass``) on and off, and with "answer only when it concerns me" (its
``only_when_concerned``) on top.

Plays ``--games`` seeded two-player games (seat 0 first) through the session store itself
(SQLite in a temporary folder), so that the store's own rule passes for the person: seat 0
is the person, who makes the heuristic bot's choice from their own view with the generator
the store gives a bot seat (exactly as ``tests/browser/test_play_magos_y_tabernas.py`` plays
through the page); seat 1 is the heuristic bot. With the setting on or off the game is the
same one (a pass that is all a seat may do is the pass the bot would choose), and this
checks that the two logs are equal; only who taps it differs. "Only when it concerns me"
plays other games (the person is no longer asked to answer what is not aimed at them, so
never does), so the person's wins are counted in each, to show what the choice costs.

What a person taps for each of their moves, as ``table-magos-y-tabernas.js`` draws it:

- take an orb, draw a card, end the turn, pass: 1 (the action's button);
- discard: 1 (the button of that choice) while there are at most 6 choices, else a tick
  per card discarded and the button;
- a card played (or an object laid down or consumed) with one way to be played (its one
  legal action of that kind, no Flash partner or Plagio copy to choose): 1, the button
  under the card;
- any other card: 1 to tap it, +1 to tap Flash's partner, +1 to tap Plagio's card, then +1
  to tap its target (a player's area, an object, an item of the stack); a card with none of
  these taps its one button (+1); Flash or Plagio without a target is sent by the partner's
  or the copy's button.

Not counted: scrolling, reading, and the moves of the other seat. The generic table of
issue 26 needed 62 taps for a whole game; the target is at most half of that.

    python scripts/bench_taps.py [--games 15] [--first 2000] [--seeds 2054 2145] [--json]
    python scripts/bench_taps.py --defaults [--games 15]

``--defaults`` plays a person with the settings a new seat has (both on since issue 37)
against heuristic bots at 3 players and 2 vs 2, and gives the share of the person's taps
that were passes.
"""

import argparse
import json
import random
import statistics
import sys
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordsvc.games.magos_y_tabernas.bots import HeuristicBot
from wordsvc.games.registry import GAMES
from wordsvc.sessions.database import make_engine, upgrade
from wordsvc.sessions.store import HostedGame, SeatSpec, SessionStore

GAME = "magos-y-tabernas"
#: Taps of a whole game at the generic table, issue 26's measurement (46 of them passes).
GENERIC_TAPS = 62
#: Up to this many discard choices are buttons (``DISCARD_BUTTONS`` of the table).
DISCARD_BUTTONS = 6
TARGET_FIELDS = ("target", "object", "item")
ONE_BUTTON = ("take_orb", "draw", "end", "pass")


def taps_for(action: Mapping[str, Any], legal: Sequence[Mapping[str, Any]] = ()) -> int:
    """The taps the table needs for ``action``; ``legal``: the seat's legal actions then
    (a discard among more than :data:`DISCARD_BUTTONS` choices is ticked card by card)."""
    kind = action["type"]
    if kind in ONE_BUTTON:
        return 1
    if kind == "discard":
        choices = sum(1 for a in legal if a["type"] == "discard")
        return 1 if choices <= DISCARD_BUTTONS else len(action["cards"]) + 1
    partner = "with" in action or "played" in action
    ways = [a for a in legal if a["type"] == kind and a.get("card") == action["card"]]
    if len(ways) == 1 and not partner:
        return 1
    targeted = any(f in action for f in TARGET_FIELDS)
    return 1 + ("with" in action) + ("played" in action) + (1 if targeted or not partner else 0)


def open_store(folder: Path) -> SessionStore:
    """A session store hosting Magos y Tabernas alone, in ``folder``."""
    engine = make_engine(f"sqlite:///{folder / 'sessions.sqlite3'}")
    upgrade(engine)
    entry = GAMES[GAME]
    hosted = HostedGame(
        entry.make(None),  # type: ignore[arg-type]  # Magos y Tabernas needs no judge
        entry.bots(None),  # type: ignore[arg-type]
        seat_count_option=entry.seat_count_option,
        auto_pass_action=entry.auto_pass_action,
        concerns=entry.concerns,
    )
    return SessionStore(engine, {GAME: hosted})


@dataclass
class Tapped:
    """One whole game as the person played it."""

    seed: int
    auto_pass: bool
    concerned: bool = False
    taps: int = 0
    #: Taps by the kind of move (``pass``, ``take_orb``, ``play``...).
    by_kind: Counter[str] = field(default_factory=Counter)
    moves: int = 0  # the person's moves that took a tap
    auto_passes: int = 0  # passes the store made for the person
    log: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    won: bool = False


def play_game(
    store: SessionStore, seed: int, auto_pass: bool, concerned: bool = False, limit: int = 1000
) -> Tapped:
    """Seat 0 (a person) against the heuristic bot, seeded; the person's taps counted.
    ``concerned``: the person also chose "answer only when it concerns me"."""
    game = store.hosted(GAME).game
    bot = HeuristicBot()
    created = store.create(
        GAME,
        {"players": 2, "first_player": 0},
        [SeatSpec("human", name="person"), SeatSpec("bot", "heuristic")],
        seed,
    )
    token = store.join(created.id, 0).token
    # before any move: seat 0 is first
    store.claim(created.id, token, auto_pass=auto_pass, only_when_concerned=concerned)
    tapped = Tapped(seed, auto_pass, concerned)
    for _ in range(limit):
        summary = store.summary(created.id, 0)
        if summary.status == "over":
            break
        assert summary.to_act == (0,), "the store waits for the person only"
        rng = random.Random(f"{seed}:{summary.version}:0")
        action = bot.choose(game, summary.view, 0, rng)
        taps = taps_for(action, summary.legal_actions)
        tapped.taps += taps
        tapped.by_kind[action["type"]] += taps
        tapped.moves += 1
        store.act(created.id, 0, action, summary.version)
    else:
        raise RuntimeError(f"seed {seed}: no end within {limit} moves")
    tapped.auto_passes = sum(e.actor == "auto" for e in store.events(created.id, 0))
    tapped.log = store.log(created.id)
    result = store.result(created.id)
    tapped.won = result is not None and 0 in result.winners
    return tapped


#: The tables the defaults are measured at: (name, options). Seat 0 is the person, every
#: other seat the heuristic bot (in 2 vs 2 the person's partner too).
TABLES = (
    ("3 players", {"players": 3}),
    ("2 vs 2", {"players": 4, "teams": True}),
)


@dataclass
class AtDefaults:
    """One whole game with the store's default settings: the person's taps, and how many of
    them were passes (each a tap that chose nothing but "go on")."""

    table: str
    seed: int
    taps: int
    passes: int
    auto_passes: int

    @property
    def pass_share(self) -> float:
        return self.passes / self.taps if self.taps else 0.0


def play_at_defaults(
    store: SessionStore,
    seed: int,
    table: str,
    options: Mapping[str, Any],
    concerned: bool = True,
    limit: int = 3000,
) -> AtDefaults:
    """Seat 0 (a person, settings as a new seat has them; ``concerned`` False: "answer only
    when it concerns me" off, the default before issue 37) against heuristic bots, seeded;
    the person plays as the heuristic bot would, from their own view."""
    game = store.hosted(GAME).game
    bot = HeuristicBot()
    specs = [SeatSpec("human", name="person")]
    specs += [SeatSpec("bot", "heuristic")] * (int(options["players"]) - 1)
    created = store.create(GAME, {**options, "first_player": 0}, specs, seed)
    token = store.join(created.id, 0).token
    if not concerned:
        store.claim(created.id, token, only_when_concerned=False)
    taps = passes = 0
    for _ in range(limit):
        summary = store.summary(created.id, 0)
        if summary.status == "over":
            break
        rng = random.Random(f"{seed}:{summary.version}:0")
        action = bot.choose(game, summary.view, 0, rng)
        tapped = taps_for(action, summary.legal_actions)
        taps += tapped
        passes += tapped if action["type"] == "pass" else 0
        store.act(created.id, 0, action, summary.version)
    else:
        raise RuntimeError(f"seed {seed}: no end within {limit} moves")
    auto = sum(e.actor == "auto" for e in store.events(created.id, 0))
    return AtDefaults(table, seed, taps, passes, auto)


def measure_defaults(seeds: Sequence[int]) -> list[AtDefaults]:
    """Every table of :data:`TABLES`, each seed, with the defaults, and with the defaults
    before issue 37 (the table's name ending in " (before)")."""
    with tempfile.TemporaryDirectory(prefix="bench-taps-") as folder:
        store = open_store(Path(folder))
        games = [
            play_at_defaults(store, seed, f"{name}{' (before)' * (not now)}", options, now)
            for name, options in TABLES
            for now in (True, False)
            for seed in seeds
        ]
        store.engine.dispose()
    return games


def defaults_summary(games: Sequence[AtDefaults]) -> dict[str, Any]:
    """Per table: the share of the person's taps that were passes (all games together and
    the median game), and the median taps."""
    found: dict[str, Any] = {}
    for name in dict.fromkeys(g.table for g in games):
        at = [g for g in games if g.table == name]
        found[name] = {
            "games": len(at),
            "pass_share": round(sum(g.passes for g in at) / max(1, sum(g.taps for g in at)), 3),
            "median_pass_share": round(statistics.median(g.pass_share for g in at), 3),
            "median_taps": statistics.median(g.taps for g in at),
            "median_passes": statistics.median(g.passes for g in at),
            "median_auto_passes": statistics.median(g.auto_passes for g in at),
        }
    return found


def measure(seeds: Sequence[int]) -> list[tuple[Tapped, Tapped, Tapped]]:
    """(on, off, concerned) for each seed; on and off are checked to be the same game."""
    with tempfile.TemporaryDirectory(prefix="bench-taps-") as folder:
        store = open_store(Path(folder))
        pairs = []
        for seed in seeds:
            on, off = play_game(store, seed, True), play_game(store, seed, False)
            concerned = play_game(store, seed, True, concerned=True)
            assert on.log == off.log, f"seed {seed}: the setting changed the game"
            assert off.auto_passes == 0
            assert off.taps == on.taps + on.auto_passes
            pairs.append((on, off, concerned))
            print(
                f"seed {seed}: {on.taps} taps on, {off.taps} off, {concerned.taps} concerned",
                file=sys.stderr,
                flush=True,
            )
        store.engine.dispose()
    return pairs


def summary(pairs: Sequence[tuple[Tapped, Tapped, Tapped]]) -> dict[str, Any]:
    on = [p[0] for p in pairs]
    off = [p[1] for p in pairs]
    concerned = [p[2] for p in pairs]
    median_on = statistics.median(t.taps for t in on)
    median_off = statistics.median(t.taps for t in off)
    median_concerned = statistics.median(t.taps for t in concerned)
    kinds = sorted({k for t in on for k in t.by_kind})
    return {
        "games": len(pairs),
        "seeds": [t.seed for t in on],
        "median_taps_auto_pass_on": median_on,
        "median_taps_auto_pass_off": median_off,
        "median_taps_only_when_concerned": median_concerned,
        "min_max_on": [min(t.taps for t in on), max(t.taps for t in on)],
        "min_max_off": [min(t.taps for t in off), max(t.taps for t in off)],
        "min_max_concerned": [min(t.taps for t in concerned), max(t.taps for t in concerned)],
        "person_wins_on": sum(t.won for t in on),
        "person_wins_concerned": sum(t.won for t in concerned),
        "median_passes_made_by_themselves": statistics.median(t.auto_passes for t in on),
        "ratio_on_to_generic_62": round(median_on / GENERIC_TAPS, 2),
        "ratio_off_to_generic_62": round(median_off / GENERIC_TAPS, 2),
        "ratio_concerned_to_generic_62": round(median_concerned / GENERIC_TAPS, 2),
        "ratio_on_to_off": round(median_on / median_off, 2),
        "target_met_on": median_on <= GENERIC_TAPS / 2,
        "target_met_concerned": median_concerned <= GENERIC_TAPS / 2,
        "median_taps_by_kind_on": {
            k: statistics.median(t.by_kind.get(k, 0) for t in on) for k in kinds
        },
        "median_taps_by_kind_concerned": {
            k: statistics.median(t.by_kind.get(k, 0) for t in concerned)
            for k in sorted({k for t in concerned for k in t.by_kind})
        },
        "games_table": [
            {
                "seed": a.seed,
                "taps_on": a.taps,
                "taps_off": b.taps,
                "taps_concerned": c.taps,
                "auto_passes": a.auto_passes,
                "passes_tapped_on": a.by_kind.get("pass", 0),
                "orbs": a.by_kind.get("take_orb", 0),
                "asked": a.moves,
                "moves": len(a.log),
            }
            for a, b, c in pairs
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--first", type=int, default=2000, help="the first seed")
    parser.add_argument("--seeds", type=int, nargs="*", help="these seeds instead")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--defaults",
        action="store_true",
        help="the share of passes in a person's taps with the default settings, at 3 players "
        "and 2 vs 2 (issue 37's target: at most 20%%)",
    )
    args = parser.parse_args()
    seeds = args.seeds or list(range(args.first, args.first + args.games))
    if args.defaults:
        print(json.dumps(defaults_summary(measure_defaults(seeds)), indent=2))
        return
    result = summary(measure(seeds))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    # on/off: the person's taps; auto: passes made by themselves (on); pass, orb: taps on
    # passes (each one a real choice) and orbs, setting on; asked: the person's moves, on;
    # moves: the whole game's, both seats'.
    # concerned: the person's taps with "answer only when it concerns me" too.
    head = ("seed", "on", "off", "conc.", "auto", "pass", "orb", "asked", "moves")
    print(" ".join(f"{h:>6}" for h in head))
    for row in result["games_table"]:
        cells = ("seed", "taps_on", "taps_off", "taps_concerned", "auto_passes")
        cells += ("passes_tapped_on", "orbs")
        print(" ".join(f"{row[c]:>6}" for c in (*cells, "asked", "moves")))
    for key, value in result.items():
        if key != "games_table":
            print(f"{key:34} {value}")


if __name__ == "__main__":
    main()

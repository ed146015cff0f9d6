"""How strong is each designed card (or starting choice)? The win rate of a seat given it,
against the same seat given nothing, in the same run and on the same seeds.

Method. Every seat is played by the same bot (the game's heuristic bot). For each variant a
game's plugin names, ``--games`` seeded games are dealt; the variant then changes the new state
for seat 0 only (a card put in play, a charm given...), and the bots play to the end. Seat 0's
wins (a shared win counts 1/k) give its win rate with a 95% Wilson interval. The baseline is
the unchanged deal, on the same seeds, so variants and baseline share their luck (common
random numbers). A variant whose interval lies wholly outside the plugin's band fails
``--check``.

Plugins are ``scripts/power_<game module>.py`` beside this file, each with::

    GAME: str                     # the registry name, "magos-y-tabernas"
    OPTIONS: dict                 # the games' options (players, ...)
    BOT: str                      # the bot every seat plays
    BAND: tuple[float, float]     # the win rates of seat 0 a designed variant must stay in
    def variants() -> dict[str, Callable[[State], State]]: ...
    REFERENCES: frozenset[str]    # optional: variants shown for comparison, not held to BAND

    python scripts/card_power.py magos-y-tabernas [--games 400] [--seed 1] [--jobs 2]
        [--only NAME ...] [--check] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wordsvc.games.contract import Game, State
from wordsvc.games.registry import GAMES
from wordsvc.games.simulate import MAX_ACTIONS, wilson

BASELINE = "baseline"


def plugin(game: str) -> ModuleType:
    """The plugin module of ``game`` (``power_magos_y_tabernas`` for ``magos-y-tabernas``)."""
    return importlib.import_module("power_" + game.replace("-", "_"))


class Row(NamedTuple):
    """One variant's result (a named tuple, not a dataclass: a dataclass needs its module in
    ``sys.modules``, which a script loaded by path, as tests/test_scripts.py does, is not)."""

    variant: str
    games: int
    wins: float
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def seat0_wins(game_name: str, variant: str, seeds: range) -> tuple[float, int]:
    """Seat 0's wins over ``seeds`` with ``variant`` applied to each new deal."""
    module = plugin(game_name)
    entry = GAMES[game_name]
    game: Game = entry.make(None)  # type: ignore[arg-type]  # these games need no judge
    make_bot = entry.bots(None)[module.BOT]  # type: ignore[arg-type]
    change: Callable[[State], State] = (
        (lambda state: state) if variant == BASELINE else module.variants()[variant]
    )
    bot = make_bot()
    wins = 0.0
    unfinished = 0
    for seed in seeds:
        state = change(game.new(module.OPTIONS, seed))
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            action = bot.choose(game, game.view(state, seat), seat, rng)
            state, _ = game.apply(state, seat, action)
        result = game.result(state)
        if result is None:
            unfinished += 1
        elif 0 in result.winners:
            wins += 1 / len(result.winners)
    return wins, unfinished


def _job(args: tuple[str, str, int, int]) -> tuple[str, float, int]:
    game, variant, start, stop = args
    wins, unfinished = seat0_wins(game, variant, range(start, stop))
    return variant, wins, unfinished


def chunks(first: int, games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(first, first + games, size):
        yield start, min(start + size, first + games)


def measure(game: str, names: list[str], games: int, seed: int, jobs: int) -> list[Row]:
    first = seed * 1_000_003
    work = [(game, name, start, stop) for name in names for start, stop in chunks(first, games, 50)]
    wins: dict[str, float] = dict.fromkeys(names, 0.0)
    unfinished = 0
    done = 0
    with multiprocessing.Pool(jobs) as pool:
        for name, won, left in pool.imap_unordered(_job, work):
            wins[name] += won
            unfinished += left
            done += 1
            print(f"\r{done}/{len(work)} chunks", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if unfinished:
        print(f"{unfinished} games did not finish (counted as lost)", file=sys.stderr)
    return [Row(name, games, wins[name], *wilson(wins[name], games)) for name in names]


def table(
    rows: list[Row], band: tuple[float, float], references: frozenset[str] = frozenset()
) -> str:
    base = next(row for row in rows if row.variant == BASELINE)
    lines = [
        "| seat 0 starts with | win rate | 95% interval | vs baseline | in band |",
        "|---|---:|---:|---:|:---:|",
    ]
    for row in sorted(rows, key=lambda r: -r.rate):
        inside = "yes" if in_band(row, band) else "**no**"
        if row.variant == BASELINE or row.variant in references:
            inside = "ref"
        lines.append(
            f"| {row.variant} | {row.rate:.3f} | {row.low:.3f}–{row.high:.3f} "
            f"| {row.rate - base.rate:+.3f} | {inside} |"
        )
    return "\n".join(lines)


def in_band(row: Row, band: tuple[float, float]) -> bool:
    """In the band unless the whole interval lies outside it."""
    return row.high >= band[0] and row.low <= band[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--only", nargs="*", default=None, help="these variants only")
    parser.add_argument("--check", action="store_true", help="exit 1 if a variant is off band")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        module = plugin(args.game)
    except ModuleNotFoundError:
        parser.error(f"no plugin for {args.game}: scripts/power_{args.game.replace('-', '_')}.py")
    names = [BASELINE, *(args.only if args.only is not None else module.variants())]
    started = time.perf_counter()
    rows = measure(args.game, names, args.games, args.seed, args.jobs)
    band: tuple[float, float] = module.BAND
    references: frozenset[str] = getattr(module, "REFERENCES", frozenset())
    if args.json:
        report: dict[str, Any] = {
            "game": args.game,
            "options": module.OPTIONS,
            "games": args.games,
            "band": list(band),
            "rows": [
                {"variant": r.variant, "win_rate": round(r.rate, 3), "ci95": [r.low, r.high]}
                for r in rows
            ],
        }
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(f"{args.game}, {module.OPTIONS}, {args.games} games per variant, bot {module.BOT}")
        print(f"band for seat 0: {band[0]:.2f}–{band[1]:.2f}")
        print(table(rows, band, references))
        print(f"{time.perf_counter() - started:.0f} s")
    off = [
        r.variant
        for r in rows
        if r.variant != BASELINE and r.variant not in references and not in_band(r, band)
    ]
    if args.check and off:
        print("off band: " + ", ".join(off), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

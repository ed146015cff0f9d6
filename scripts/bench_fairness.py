"""How fair each game's defaults are: the win share of each turn-order place, the same bot in
every seat (Words of Magic: greedy; the others: heuristic), 2 to 4 players.

Each seeded game names its first player (``first_player = seed % players``), so the places
rotate over the seats and a seat's own bias cannot pass for the place's. A game won by k
seats together gives each of them 1/k. Each place's share has a 99% Wilson interval; a place
is *outside* when the fair share (1/players) lies outside that interval: with this many games
the defaults favour or handicap that place beyond chance.

    python scripts/bench_fairness.py [--game words-of-magic] [--players 2] [--games 1000]
        [--options '{"familiar_properties": null}'] [--processes 2] [--json]

The results are in docs/performance.md and each game's rules page, "Fairness".
"""

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from wordsvc.config import Settings
from wordsvc.games.registry import GAMES
from wordsvc.games.simulate import wilson
from wordsvc.judge import Judge

#: z of a two-sided 99% interval.
Z99 = 2.5758
#: The most actions one game may take before it is counted as unfinished.
MOST_ACTIONS = 20_000

_worker: dict[str, Any] = {}


@dataclass(frozen=True)
class PlaceShare:
    place: int  # 1: the first player
    share: float
    low: float
    high: float
    outside: bool


@dataclass(frozen=True)
class Fairness:
    game: str
    players: int
    bot: str
    options: dict[str, Any]
    games: int
    unfinished: int
    fair: float
    places: list[PlaceShare]
    median_seconds: float


def _start_worker(game: str) -> None:
    entry = GAMES[game]
    judge = Judge.open(Settings.from_env()) if game == "words-of-magic" else None
    _worker["game"] = entry.make(judge)
    _worker["bots"] = entry.bots(judge)
    _worker["bot"] = entry.default_bots[0]


def play(job: tuple[int, int, Mapping[str, Any]]) -> tuple[list[float], float, bool]:
    """One seeded game: each turn-order place's share of the win, seconds, finished."""
    seed, players, extra = job
    game = _worker["game"]
    bot = _worker["bots"][_worker["bot"]]()
    first = seed % players
    options = {**extra, "players": players, "first_player": first}
    rng = random.Random(seed)
    started = time.perf_counter()
    state = game.new(options, seed)
    for _ in range(MOST_ACTIONS):
        result = game.result(state)
        if result is not None:
            break
        seat = game.to_act(state)[0]
        action = bot.choose(game, game.view(state, seat), seat, rng)
        state, _ = game.apply(state, seat, action)
    else:
        return [0.0] * players, time.perf_counter() - started, False
    shares = [0.0] * players
    winners = list(result.winners)
    for seat in winners:
        shares[(seat - first) % players] += 1 / len(winners)
    return shares, time.perf_counter() - started, True


def measure(
    game: str, players: int, games: int, extra: Mapping[str, Any], processes: int
) -> Fairness:
    jobs = [(seed, players, dict(extra)) for seed in range(games)]
    with multiprocessing.Pool(processes, initializer=_start_worker, initargs=(game,)) as pool:
        outcomes = pool.map(play, jobs, chunksize=max(1, games // (processes * 8)))
    finished = [o for o in outcomes if o[2]]
    fair = 1 / players
    places = []
    for place in range(players):
        won = sum(o[0][place] for o in finished)
        low, high = wilson(won, len(finished), Z99)
        share = won / len(finished) if finished else 0.0
        places.append(PlaceShare(place + 1, share, low, high, not low <= fair <= high))
    seconds = sorted(o[1] for o in outcomes)
    return Fairness(
        game=game,
        players=players,
        bot=GAMES[game].default_bots[0],
        options=dict(extra),
        games=len(finished),
        unfinished=len(outcomes) - len(finished),
        fair=fair,
        places=places,
        median_seconds=seconds[len(seconds) // 2],
    )


def table(rows: Sequence[Fairness]) -> str:
    """Markdown: one row per game and number of players, each place's share and interval."""
    most = max(r.players for r in rows)
    head = "| game | players | options | games | " + " | ".join(
        f"place {p}" for p in range(1, most + 1)
    )
    lines = [head + " |", "|---" * (4 + most) + "|"]
    for r in rows:
        cells = []
        for p in r.places:
            mark = " **outside**" if p.outside else ""
            cells.append(f"{p.share:.3f} ({p.low:.3f}–{p.high:.3f}){mark}")
        cells += [""] * (most - len(cells))
        options = ", ".join(f"`{k}={json.dumps(v)}`" for k, v in r.options.items()) or "defaults"
        unfinished = f" ({r.unfinished} unfinished)" if r.unfinished else ""
        lines.append(
            f"| {r.game} | {r.players} (fair {r.fair:.3f}) | {options} | {r.games}{unfinished} | "
            + " | ".join(cells)
            + " |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), action="append")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--options", type=json.loads, default={}, help="JSON, for every game")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for game in args.game or sorted(GAMES):
        for players in args.players or (2, 3, 4):
            started = time.perf_counter()
            rows.append(measure(game, players, args.games, args.options, args.processes))
            print(
                f"{game}, {players} players: {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
            )
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        print(table(rows))


if __name__ == "__main__":
    main()

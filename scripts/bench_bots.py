"""How strong the search bot is: its share of the wins against the game's "normal" bot (the
heuristic; Words of Magic's greedy) in seeded two-player games, the seats swapped every
other game, at each time budget per move; and what a move costs it (seconds and iterations,
medians and the slowest).

A share has a 95% Wilson interval; issue 40's target is 0.65 at a budget of at most 1 s a
move on one core. Each process plays its games on one core, as a server worker's thread
would think.

    python scripts/bench_bots.py [--game lost-words] [--games 500] [--budget 0.1 --budget 1]
        [--first-seed 0] [--processes 2] [--record games.jsonl] [--json]
    python scripts/bench_bots.py --policy [--game lost-words] [--games 4000] [--first-seed 0]
    python scripts/bench_bots.py --combine games.jsonl [more.jsonl ...] [--json]

``--policy`` plays the search's policy alone, without searching (recorded and reported as a
budget of 0): how much of the search's share its policy makes by itself, in thousands of
games where a search plays hundreds.

A run says how far it is on stderr every ten games (every twentieth of a longer run).
``--record`` appends each game as it ends (its game, seed, budget, share of the win, and its
moves' seconds and iterations) to a JSON Lines file, so that a long measurement can be made
in runs of seed ranges (an interrupted run keeps the games it finished); ``--combine``
reports the recorded games, each (game, budget, seed) counted once.

The results are in docs/performance.md, "Search bots".
"""

import argparse
import contextlib
import importlib
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from wordsvc.config import Settings
from wordsvc.errors import WordsvcError
from wordsvc.games.registry import GAMES
from wordsvc.games.search import Budget
from wordsvc.games.simulate import wilson
from wordsvc.judge import Judge
from wordsvc.solver.solve import Solver

#: The most actions one game may take before it is counted as unfinished.
MOST_ACTIONS = 5_000


def _words_of_magic_search(budget: Budget) -> Any:
    from wordsvc.games.words_of_magic.bots import search_bot

    return search_bot(Solver(_worker["judge"]), budget)


def _lost_words_search(budget: Budget) -> Any:
    from wordsvc.games.lost_words.bots import search_bot

    return search_bot(budget)


def _magos_y_tabernas_search(budget: Budget) -> Any:
    from wordsvc.games.magos_y_tabernas.bots import search_bot

    return search_bot(budget)


def _wizards_wanted_search(budget: Budget) -> Any:
    from wordsvc.games.wizards_wanted.bots import search_bot

    return search_bot(budget)


def _words_of_magic_policy() -> Any:
    from wordsvc.games.words_of_magic.bots import search_policy

    return search_policy(Solver(_worker["judge"]))


def _policy(module: str) -> Any:
    """A game's ``search_policy``, built for each game."""

    def build() -> Any:
        return importlib.import_module(f"wordsvc.games.{module}.bots").search_policy()

    return build


#: Each game's search policy alone (``--policy``): the bot its search plays out with.
POLICIES = {
    "words-of-magic": _words_of_magic_policy,
    "lost-words": _policy("lost_words"),
    "magos-y-tabernas": _policy("magos_y_tabernas"),
    "wizards-wanted": _policy("wizards_wanted"),
}
#: The games with a search bot, each with how to build it for a budget.
SEARCHERS = {
    "words-of-magic": _words_of_magic_search,
    "lost-words": _lost_words_search,
    "magos-y-tabernas": _magos_y_tabernas_search,
    "wizards-wanted": _wizards_wanted_search,
}
#: The bot each search bot plays against: the game's "normal" level.
NORMAL = {"words-of-magic": "greedy"}

_worker: dict[str, Any] = {}


@dataclass(frozen=True)
class Strength:
    game: str
    budget_s: float
    games: int
    unfinished: int
    share: float
    low: float
    high: float
    median_move_s: float
    slowest_move_s: float
    median_iterations: float


def _start_worker(game: str, settings: Settings | None = None) -> None:
    """A process's game and normal bot; Words of Magic's judge reads the lexicon of
    ``settings`` (by default the environment's). Only Words of Magic judges words."""
    entry = GAMES[game]
    judge = None
    if game == "words-of-magic":
        judge = Judge.open(settings or Settings.from_env())
    _worker["judge"] = judge
    _worker["game"] = entry.make(judge)  # type: ignore[arg-type]
    _worker["normal"] = entry.bots(judge)[NORMAL.get(game, "heuristic")]  # type: ignore[arg-type]


def play(job: tuple[str, int, float]) -> tuple[float, list[float], list[int], bool]:
    """One seeded game, the search bot at seat ``seed % 2`` (its policy alone for a
    ``budget`` of 0): its share of the win, the seconds and iterations of each of its moves,
    whether the game finished."""
    name, seed, budget = job
    game = _worker["game"]
    searcher = SEARCHERS[name](Budget(seconds=budget)) if budget else POLICIES[name]()
    mine = seed % 2
    bots = [searcher, _worker["normal"]()] if mine == 0 else [_worker["normal"](), searcher]
    rng = random.Random(seed)
    state = game.new({"players": 2, "first_player": 0}, seed)
    seconds: list[float] = []
    iterations: list[int] = []
    for _ in range(MOST_ACTIONS):
        result = game.result(state)
        if result is not None:
            break
        seat = game.to_act(state)[0]
        started = time.perf_counter()
        action = bots[seat].choose(game, game.view(state, seat), seat, rng)
        if seat == mine:
            seconds.append(time.perf_counter() - started)
            iterations.append(getattr(searcher, "last_iterations", 0))
        state, _ = game.apply(state, seat, action)
    else:
        return 0.0, seconds, iterations, False
    winners = list(result.winners)
    return (1 / len(winners) if mine in winners else 0.0), seconds, iterations, True


#: One game's outcome: the search bot's share of the win, the seconds and iterations of
#: each of its moves, whether the game finished.
Outcome = tuple[float, list[float], list[int], bool]
#: How many games a run plays between the lines that say how far it is: ten, or a
#: twentieth of a long run (a policy alone plays thousands).
PROGRESS_EVERY = 10


def _played(job: tuple[str, int, float]) -> tuple[int, Outcome]:
    return job[1], play(job)


def measure(
    game: str,
    games: int,
    budget: float,
    processes: int,
    first_seed: int,
    record: Path | None = None,
) -> Strength:
    jobs = [(game, seed, budget) for seed in range(first_seed, first_seed + games)]
    outcomes: list[Outcome] = []
    won = 0.0
    every = max(PROGRESS_EVERY, games // 20)
    played: Iterator[tuple[int, Outcome]]
    with contextlib.ExitStack() as stack:
        if processes > 1:
            pool = stack.enter_context(
                multiprocessing.Pool(processes, initializer=_start_worker, initargs=(game,))
            )
            played = pool.imap_unordered(_played, jobs, chunksize=1)
        else:  # in this process, one game after another (a profiler sees it)
            _start_worker(game)
            played = map(_played, jobs)
        for seed, outcome in played:
            outcomes.append(outcome)
            won += outcome[0]
            if record is not None:
                _record(record, game, seed, budget, outcome)
            if len(outcomes) % every == 0 or len(outcomes) == games:
                who = "search" if budget else "policy"
                print(
                    f"{game}, {_label(budget)}: {len(outcomes)} of {games} games, "
                    f"{who} won {won:g}",
                    file=sys.stderr,
                    flush=True,
                )
    return strength(game, budget, outcomes)


def _label(budget: float) -> str:
    """How a budget reads in the reports: its seconds, or a policy alone (0)."""
    return f"{budget:g} s" if budget else "policy alone"


def _record(path: Path, game: str, seed: int, budget: float, outcome: Outcome) -> None:
    """One finished game appended to ``path`` (JSON Lines), flushed at once."""
    share, seconds, iterations, finished = outcome
    line = {
        "game": game,
        "seed": seed,
        "budget_s": budget,
        "share": share,
        "finished": finished,
        "seconds": [round(s, 4) for s in seconds],
        "iterations": iterations,
    }
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")


def combine(paths: list[Path]) -> list[Strength]:
    """The recorded games of ``paths``, one row per game and budget; a (game, budget,
    seed) recorded twice counts once, as first recorded. A file's last line cut short (its
    run stopped as it wrote) is left out with a warning; any other line that is not a
    recorded game, a missing file or no game at all stops with a message."""
    games: dict[tuple[str, float], dict[int, Outcome]] = {}
    for path in paths:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            raise SystemExit(f"{path}: cannot read it ({error.strerror})") from None
        for number, text in enumerate(lines, 1):
            if not text.strip():
                continue
            if number == len(lines) and not text.rstrip().endswith("}"):
                print(f"{path}:{number}: left out, cut short", file=sys.stderr)
                continue
            try:
                line = json.loads(text)
                key, seed = (str(line["game"]), float(line["budget_s"])), int(line["seed"])
                outcome: Outcome = (
                    float(line["share"]),
                    [float(s) for s in line["seconds"]],
                    [int(n) for n in line["iterations"]],
                    bool(line["finished"]),
                )
            except (ValueError, KeyError, TypeError) as error:
                raise SystemExit(f"{path}:{number}: not a recorded game ({error})") from None
            games.setdefault(key, {}).setdefault(seed, outcome)
    if not games:
        raise SystemExit(f"no recorded game in {', '.join(map(str, paths))}")
    return [
        strength(game, budget, list(by_seed.values()))
        for (game, budget), by_seed in sorted(games.items())
    ]


def strength(game: str, budget: float, outcomes: list[Outcome]) -> Strength:
    """The row for ``outcomes``: the share of the finished games, the moves' costs."""
    finished = [o for o in outcomes if o[3]]
    won = sum(o[0] for o in finished)
    low, high = wilson(won, len(finished))
    moves = [s for o in outcomes for s in o[1]]
    searched = [n for o in outcomes for n in o[2] if n]
    return Strength(
        game=game,
        budget_s=budget,
        games=len(finished),
        unfinished=len(outcomes) - len(finished),
        share=won / len(finished) if finished else 0.0,
        low=low,
        high=high,
        median_move_s=statistics.median(moves) if moves else 0.0,
        slowest_move_s=max(moves, default=0.0),
        median_iterations=statistics.median(searched) if searched else 0.0,
    )


def table(rows: list[Strength]) -> str:
    """Markdown: one row per game and budget."""
    lines = [
        "| game | budget a move | games | search's share of wins (95%) | seconds a move: "
        "median, slowest | iterations a move (median) |",
        "|---|---:|---:|---|---|---:|",
    ]
    for r in rows:
        unfinished = f" ({r.unfinished} unfinished)" if r.unfinished else ""
        lines.append(
            f"| {r.game} | {_label(r.budget_s)} | {r.games}{unfinished} | {r.share:.3f} "
            f"({r.low:.3f}–{r.high:.3f}) | {r.median_move_s:.3f}, {r.slowest_move_s:.3f} | "
            f"{r.median_iterations:g} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(SEARCHERS), action="append")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--budget", type=float, action="append", help="seconds a move [1]")
    parser.add_argument(
        "--policy", action="store_true", help="the search's policy alone, not the search"
    )
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--record", type=Path, help="append each game to this JSON Lines file")
    parser.add_argument("--combine", type=Path, nargs="+", help="report these recorded games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1 or any(b <= 0 for b in args.budget or ()):
        parser.error("--games and every --budget must be positive")
    if args.processes < 1:
        parser.error("--processes must be at least 1")
    if args.combine and (args.game or args.budget or args.record or args.policy):
        parser.error(
            "--combine reports recorded games: it plays none "
            "(no --game, --budget, --record, --policy)"
        )
    if args.policy and args.budget:
        parser.error("--policy plays without a search: it takes no --budget")
    if "words-of-magic" in (args.game or SEARCHERS) and not args.combine:
        # The workers open the lexicon as they start; a pool whose workers cannot start
        # would start them again forever, so it is opened here first.
        try:
            Judge.open(Settings.from_env())
        except WordsvcError as error:
            parser.error(f"Words of Magic needs the lexicon: {error}")
    rows = []
    if args.combine:
        rows = combine(args.combine)
    for game in () if args.combine else args.game or sorted(SEARCHERS):
        for budget in [0.0] if args.policy else args.budget or (1.0,):
            started = time.perf_counter()
            rows.append(
                measure(game, args.games, budget, args.processes, args.first_seed, args.record)
            )
            print(
                f"{game}, {_label(budget)}: {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
            )
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        print(table(rows))


if __name__ == "__main__":
    main()

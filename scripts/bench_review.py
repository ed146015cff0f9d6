"""The review of finished Words of Magic games, in process: seconds per game.

Plays ``--games`` seeded games at each table size (greedy bots, magic mode with
characters), then reviews each (wordsvc/games/words_of_magic/review.py) and, in the same
run, replays each log through the engine alone as the baseline: the difference is what the
review's solver calls cost. Target (issue 39): a 4-player game's review in under 2 s.

    python scripts/bench_review.py [--games 10] [--players 2,3,4] [--json]

Needs a built lexicon (``WORDSVC_DATA_DIR`` or the per-user cache).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from wordsvc.config import Settings
from wordsvc.games.contract import replay
from wordsvc.games.registry import GAMES
from wordsvc.games.words_of_magic.review import REVIEW_BUDGET_MS, Reviewer
from wordsvc.judge import Judge
from wordsvc.solver.solve import Solver

TARGET_SECONDS = 2.0


def play(game, bot, options, seed):
    """A whole game between ``bot``s: its log."""
    rng = random.Random(seed)
    state, log = game.new(options, seed), []
    while game.result(state) is None:
        seat = game.to_act(state)[0]
        action = bot.choose(game, game.view(state, seat), seat, rng)
        state, _ = game.apply(state, seat, action)
        log.append((seat, action))
    return log


def measure(game, bot, reviewer, players, games):
    options = {"players": players, "mode": "magic", "characters": True}
    reviews, replays, turns, proven = [], [], [], 0
    for seed in range(1, games + 1):
        log = play(game, bot, options, seed)
        started = time.perf_counter()
        replay(game, options, seed, log)
        replays.append(time.perf_counter() - started)
        started = time.perf_counter()
        review = reviewer.review(options, seed, log)
        reviews.append(time.perf_counter() - started)
        turns.append(len(review.turns))
        proven += sum(t.proven for t in review.turns)
    return {
        "players": players,
        "games": games,
        "turns_median": statistics.median(turns),
        "review_s_median": round(statistics.median(reviews), 3),
        "review_s_max": round(max(reviews), 3),
        "ms_per_turn": round(1000 * sum(reviews) / sum(turns), 1),
        "proven_share": round(proven / sum(turns), 3),
        "replay_s_median": round(statistics.median(replays), 4),
        "within_target": max(reviews) < TARGET_SECONDS,
    }


def markdown(rows):
    lines = [
        f"Review budget {REVIEW_BUDGET_MS} ms of solver steps a turn; greedy bots, magic mode "
        "with characters; seeds 1..N.",
        "",
        "| players | games | turns (median) | review s (median) | review s (max) | ms a turn "
        "| turns proven best | engine replay s (median) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['players']} | {r['games']} | {r['turns_median']:g} | {r['review_s_median']} "
            f"| {r['review_s_max']} | {r['ms_per_turn']} | {r['proven_share']:.0%} "
            f"| {r['replay_s_median']} |"
        )
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    judge = Judge.open(Settings.from_env())
    entry = GAMES["words-of-magic"]
    game, makers = entry.make(judge), entry.bots(judge)
    reviewer = Reviewer(game, Solver(judge))
    bot = makers["greedy"]()
    rows = [measure(game, bot, reviewer, int(n), args.games) for n in args.players.split(",")]
    print(json.dumps(rows, indent=2) if args.json else markdown(rows))
    return 0 if all(r["within_target"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

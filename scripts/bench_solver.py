"""In-process solver latency on seeded realistic hands, against a reference oracle in the
same run, and the memory the solver's index adds to a worker.

Hands (seed 1): 5 to 9 cards, of which 0 to 2 joker cards and the rest letters drawn with the
lexicon's letter frequencies; 0 to 3 tokens; three Familiar vowels, two available and one
under the figure. Each hand asks for the top 10 plays on the full lexicon with no category
restriction (the largest search) and the default 250 ms budget.

The oracle is the tests' reference: scan every playable form, decide formability by letter
counts with wildcard accounting, lay out and score the formable ones, sort. It takes tens of
seconds per hand, so it runs on the first ``--oracle-hands`` hands only; the ratio compares
medians over those same hands. A late-game set (20 to 30 cards) checks the budget holds for
big hands.

    python scripts/bench_solver.py [--hands 1000] [--oracle-hands 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' oracle

from tests.solver.test_search import fewest_tokens_for
from wordsvc.alphabet import letters_of
from wordsvc.config import Settings
from wordsvc.judge import Judge
from wordsvc.solver.hand import hand_of
from wordsvc.solver.layout import layouts
from wordsvc.solver.scoring import Evaluator
from wordsvc.solver.solve import Solver, SolveRequest

VOWELS = "АЕИІОУЄЇЮЯ"


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def make_hands(
    rng: random.Random, frequency: dict[str, int], count: int, sizes: tuple[int, int]
) -> list[SolveRequest]:
    letters, weights = list(frequency), list(frequency.values())
    hands = []
    for _ in range(count):
        size = rng.randint(*sizes)
        jokers = rng.randint(0, 2)
        cards = [c.upper() for c in rng.choices(letters, weights, k=size - jokers)]
        cards += ["*"] * jokers
        rng.shuffle(cards)
        left, middle, right = rng.sample(VOWELS, 3)
        familiar = [(left, True), (middle, False), (right, True)]  # the figure starts mid
        hands.append(SolveRequest(hand_of(cards, tokens=rng.randint(0, 3), familiar=familiar)))
    return hands


def oracle(words: list[tuple[str, Counter]], request: SolveRequest, frequency) -> list:
    hand = request.hand
    evaluator = Evaluator(hand, request.table, request.weights, frequency)
    plays = []
    for word, need in words:
        if fewest_tokens_for(need, hand) is not None:
            play = evaluator.best_play(layouts(word, hand))
            if play is not None:
                plays.append(play)
    return sorted(plays, key=lambda p: p.rank)[: request.limit]


def solve_all(solver: Solver, requests: list[SolveRequest]) -> tuple[list[float], int]:
    """Milliseconds per request, and how many stopped at the budget."""
    times, incomplete = [], 0
    for request in requests:
        started = time.perf_counter()
        solution = solver.solve(request)
        times.append((time.perf_counter() - started) * 1000)
        incomplete += not solution.complete
    return times, incomplete


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--late-hands", type=int, default=100)
    parser.add_argument("--oracle-hands", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    judge = Judge.open(Settings.from_env())
    judge.check("кіт")
    rss_before = rss_mb()
    solver = Solver(judge)
    frequency = solver.letter_frequency
    rng = random.Random(1)
    hands = make_hands(rng, frequency, args.hands, (5, 9))
    late = make_hands(rng, frequency, args.late_hands, (20, 30))

    times, incomplete = solve_all(solver, hands)
    rss_after = rss_mb()
    late_times, late_incomplete = solve_all(solver, late)

    words = [(w, Counter(letters_of(w))) for w in judge.lexicon.word_set("any").iterkeys()]
    oracle_ms, solver_ms, agree = [], [], 0
    for request in hands[: args.oracle_hands]:
        started = time.perf_counter()
        expected = oracle(words, request, frequency)
        oracle_ms.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        got = solver.solve(request).plays
        solver_ms.append((time.perf_counter() - started) * 1000)
        agree += [p.rank for p in got] == [p.rank for p in expected]

    result = {
        "hands": len(hands),
        "p50_ms": round(statistics.median(times), 2),
        "p90_ms": round(percentile(times, 90), 2),
        "p99_ms": round(percentile(times, 99), 2),
        "max_ms": round(max(times), 2),
        "incomplete": incomplete,
        "late_hands": len(late),
        "late_p50_ms": round(statistics.median(late_times), 2),
        "late_p99_ms": round(percentile(late_times, 99), 2),
        "late_incomplete": late_incomplete,
        "oracle_hands": len(oracle_ms),
        "oracle_median_ms": round(statistics.median(oracle_ms), 1),
        "solver_median_ms_same_hands": round(statistics.median(solver_ms), 2),
        "speedup_vs_oracle": round(statistics.median(oracle_ms) / statistics.median(solver_ms)),
        "oracle_agrees": f"{agree}/{len(oracle_ms)}",
        "rss_added_mb": round(rss_after - rss_before, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:30} {value}")


if __name__ == "__main__":
    main()

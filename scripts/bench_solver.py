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
import time
from collections import Counter
from pathlib import Path

from wordsvc.alphabet import letters_of
from wordsvc.config import Settings
from wordsvc.judge import Judge
from wordsvc.solver.hand import CardKind, Character, Hand
from wordsvc.solver.layout import AMAZON_LETTER, layouts, usable_familiar
from wordsvc.solver.scoring import Evaluator
from wordsvc.solver.solve import Solver, SolveRequest

VOWELS = "АЕИІОУЄЇЮЯ"


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def make_hands(rng: random.Random, frequency: dict[str, int], count: int, sizes: tuple[int, int]):
    letters, weights = list(frequency), list(frequency.values())
    hands = []
    for _ in range(count):
        size = rng.randint(*sizes)
        jokers = rng.randint(0, 2)
        cards = [c.upper() for c in rng.choices(letters, weights, k=size - jokers)]
        cards += ["*"] * jokers
        rng.shuffle(cards)
        familiar = [{"letter": v, "available": True} for v in rng.sample(VOWELS, 3)]
        familiar[1]["available"] = False  # the figure starts on the middle card
        hands.append({"cards": cards, "tokens": rng.randint(0, 3), "familiar": familiar})
    return hands


def oracle_fewest_tokens(need: Counter, hand: Hand) -> bool:
    cards = Counter(c.letter for c in hand.cards if c.kind is CardKind.LETTER)
    jokers = sum(c.kind is CardKind.JOKER for c in hand.cards)
    magic = sum(c.kind is CardKind.MAGIC for c in hand.cards)
    for letter in [None, *{f.letter for f in usable_familiar(hand)}]:
        for with_a in [False, True] if hand.character is Character.AMAZON else [False]:
            left = need.copy()
            left[letter] -= letter is not None
            left[AMAZON_LETTER] -= with_a
            if any(n < 0 for n in left.values()):
                continue
            matched = sum(min(n, cards[ch]) for ch, n in left.items())
            tokens = max(0, sum(left.values()) - matched - jokers)
            if tokens <= min(hand.tokens, sum(cards.values()) - matched + magic):
                return True
    return False


def oracle(words: list[tuple[str, Counter]], request: SolveRequest, frequency) -> list:
    hand = request.hand
    evaluator = Evaluator(hand, request.table, request.weights, frequency)
    plays = []
    for word, need in words:
        if oracle_fewest_tokens(need, hand):
            play = evaluator.best_play(layouts(word, hand))
            if play is not None:
                plays.append(play)
    return sorted(plays, key=lambda p: p.rank)[: request.limit]


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
    hands = [SolveRequest.from_data(h) for h in make_hands(rng, frequency, args.hands, (5, 9))]
    late_data = make_hands(rng, frequency, args.late_hands, (20, 30))
    late = [SolveRequest.from_data(h) for h in late_data]

    times, incomplete = [], 0
    for request in hands:
        started = time.perf_counter()
        solution = solver.solve(request)
        times.append((time.perf_counter() - started) * 1000)
        incomplete += not solution.complete
    rss_after = rss_mb()
    late_times, late_incomplete = [], 0
    for request in late:
        started = time.perf_counter()
        solution = solver.solve(request)
        late_times.append((time.perf_counter() - started) * 1000)
        late_incomplete += not solution.complete

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

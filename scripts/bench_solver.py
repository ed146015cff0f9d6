"""In-process solver latency per category, against a vectorised letter-count scan of the same
category's words in the same run.

Hands (seed 1): 5 to 9 cards, of which 0 to 2 joker cards and the rest letters drawn with the
lexicon's letter frequencies; 0 to 3 tokens; three Familiar vowels, two available and one
under the figure. Every category (``any``, each built-in one, the list categories) is asked
for the top 10 and the top 100 plays of every hand, with the default 250 ms budget.

The baseline is what the issue measured: a plain numpy scan of the category's words. Their
letter counts are an unpacked ``uint8`` matrix (one column per letter, built before timing);
per hand, for each use of the free letters, ``max(counts - hand, 0)`` summed over the letters
gives every word's missing letters, hence its fewest tokens and whether the hand can lay it
out. It decides formability and nothing more (no ranking, no layout), so it is a floor for any
scan-based solver. It runs on the first ``--scan-hands`` hands; the ratio compares medians
over those same hands. On ``--oracle-hands`` hands the scan also serves as the oracle: its
formable words are laid out and scored one by one in Python and sorted, and the solver's top
100 must equal that ranking.

A fresh process's first solve for a category (the index loaded from disk, or built when it
was never built) is timed apart: it runs before the budget starts and is never cut short.

    python scripts/bench_solver.py [--hands 1000] [--scan-hands 100] [--oracle-hands 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from wordsvc.alphabet import LETTERS
from wordsvc.config import Settings
from wordsvc.judge import Judge
from wordsvc.rules.words_of_magic.components import CardKind, Character
from wordsvc.rules.words_of_magic.turn import AMAZON_LETTER
from wordsvc.solver.category_index import build_letter_index
from wordsvc.solver.hand import hand_of
from wordsvc.solver.layout import layouts, usable_familiar
from wordsvc.solver.scoring import Evaluator, Play
from wordsvc.solver.solve import Solver, SolveRequest

VOWELS = "АЕИІОУЄЇЮЯ"
LIMITS = (10, 100)


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


class Scan:
    """The baseline: a category's words as an unpacked letter-count matrix, scanned whole."""

    def __init__(self, words: list[str]) -> None:
        # Letter counts unpacked from an index built from the words (untimed set-up).
        built = build_letter_index(words)
        self.words = [built.word(row) for row in range(len(built))]
        packed = np.asarray(built.packed)
        counts = np.empty((packed.shape[0] * 2, packed.shape[1]), np.int16)
        counts[0::2], counts[1::2] = packed & 15, packed >> 4
        self.counts = counts[: len(LETTERS)]
        self.lengths = self.counts.sum(axis=0)
        self.index = {letter: i for i, letter in enumerate(LETTERS)}

    def fewest_tokens(self, request: SolveRequest) -> np.ndarray:
        """Every word's fewest tokens for this hand (-1: it cannot be laid out)."""
        hand = request.hand
        have = np.zeros(len(LETTERS), np.int16)
        for card in hand.cards:
            if card.kind is CardKind.LETTER:
                have[self.index[card.face_letter]] += 1
        jokers = sum(c.kind is CardKind.JOKER for c in hand.cards)
        magic = sum(c.kind is CardKind.MAGIC for c in hand.cards)
        letter_cards = int(have.sum())
        familiar = [None, *{f.letter for f in usable_familiar(hand)}]
        amazon = [False, True] if hand.character is Character.AMAZON else [False]
        best = np.full(len(self.words), 99, np.int16)
        for letter in familiar:
            for with_a in amazon:
                free = np.zeros(len(LETTERS), np.int16)
                for taken in (letter, AMAZON_LETTER if with_a else None):
                    if taken is not None:
                        free[self.index[taken]] += 1
                need = self.counts - free[:, None]
                usable = (need >= 0).all(axis=0)
                missing = np.maximum(need - have[:, None], 0).sum(axis=0)
                matched = self.lengths - int(free.sum()) - missing
                tokens = np.maximum(missing - jokers, 0)
                spare = letter_cards - matched + magic
                usable &= tokens <= np.minimum(hand.tokens, spare)
                usable &= self.lengths >= 3
                best = np.where(usable, np.minimum(best, tokens), best)
        return np.where(best == 99, -1, best)

    def ranking(
        self, request: SolveRequest, frequency: dict[str, int], zipf_units: Callable[[str], int]
    ) -> list[Play]:
        """The oracle: the scan's formable words laid out and scored in Python, sorted."""
        hand = request.hand
        evaluator = Evaluator(
            hand, request.table, request.weights, frequency, zipf_units=zipf_units
        )
        plays = []
        for row in np.flatnonzero(self.fewest_tokens(request) >= 0):
            play = evaluator.best_play(layouts(self.words[row], hand))
            if play is not None:
                plays.append(play)
        return sorted(plays, key=lambda p: p.rank)[: request.limit]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def first_solve(category: str, settings: Settings, cold: bool) -> dict[str, float]:
    """A fresh process's first solve for ``category``; ``cold`` removes the built category
    indexes first, so that the index is built, not loaded."""
    if cold:
        shutil.rmtree(Path(settings.data_dir, "current", "solver", "categories"), True)
    code = (
        "import time; t = time.perf_counter()\n"
        "from wordsvc.judge import Judge; from wordsvc.solver.hand import hand_of\n"
        "from wordsvc.solver.solve import Solver, SolveRequest\n"
        "solver = Solver(Judge.open()); opened = time.perf_counter()\n"
        "hand = hand_of(list('ЖЗИМОЄ*'), tokens=3, familiar=[('А', True), ('О', True)])\n"
        f"s = solver.solve(SolveRequest(hand, categories=({category!r},)))\n"
        "done = time.perf_counter()\n"
        "print(opened - t, (done - opened) * 1000, s.elapsed_ms, s.complete)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    _opened, first_ms, _reported, complete = out.stdout.split()
    return {"first_solve_ms": round(float(first_ms), 1), "complete": complete == "True"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--scan-hands", type=int, default=100)
    parser.add_argument("--oracle-hands", type=int, default=3)
    parser.add_argument("--categories", default="")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    settings = Settings.from_env()
    judge = Judge.open(settings)
    solver = Solver(judge)
    frequency = solver.letter_frequency
    hands = make_hands(random.Random(1), frequency, args.hands, (5, 9))
    categories = args.categories.split(",") if args.categories else [c.id for c in judge.registry]
    first = {
        "verb, index built": first_solve("verb", settings, cold=True),
        "verb, index loaded": first_solve("verb", settings, cold=False),
        "any": first_solve("any", settings, cold=False),
    }
    rows = []
    for category in categories:
        started = time.perf_counter()
        solver.prepare((category,))
        prepare_s = time.perf_counter() - started
        scan = Scan(list(judge.lexicon.word_set(category).keys()))
        row: dict[str, object] = {
            "category": category,
            "words": len(scan.words),
            "own_index": not solver.indexes.uses_shared([category]),
            "prepare_s": round(prepare_s, 2),
        }
        scan_ms = []
        for request in hands[: args.scan_hands]:
            t = time.perf_counter()
            scan.fewest_tokens(request)
            scan_ms.append((time.perf_counter() - t) * 1000)
        row["scan_p50_ms"] = round(statistics.median(scan_ms), 2)
        for limit in LIMITS:
            times, incomplete = [], 0
            for request in hands:
                asked = SolveRequest(request.hand, categories=(category,), limit=limit)
                t = time.perf_counter()
                solution = solver.solve(asked)
                times.append((time.perf_counter() - t) * 1000)
                incomplete += not solution.complete
            same_hands = statistics.median(times[: args.scan_hands])
            row[f"p50_{limit}"] = round(statistics.median(times), 2)
            row[f"p99_{limit}"] = round(percentile(times, 99), 2)
            row[f"max_{limit}"] = round(max(times), 1)
            row[f"incomplete_{limit}"] = incomplete
            row[f"vs_scan_{limit}"] = round(statistics.median(scan_ms) / same_hands, 1)
        agree = 0
        for request in hands[: args.oracle_hands]:
            asked = SolveRequest(request.hand, categories=(category,), limit=100)
            got = [p.rank for p in solver.solve(asked).plays]
            agree += got == [
                p.rank for p in scan.ranking(asked, frequency, judge.lexicon.zipf_table.units)
            ]
        row["oracle_agrees"] = f"{agree}/{args.oracle_hands}"
        rows.append(row)
        if not args.json:
            print(json.dumps(row, ensure_ascii=False), flush=True)
        del scan
    result = {"hands": len(hands), "first_solve": first, "categories": rows}
    print(json.dumps(result, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()

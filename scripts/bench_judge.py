"""In-process judge throughput, against pymorphy3's own parse speed measured in the same run.

Checks a fixed sample of real word forms (every 500th form of the lexicon, shuffled with a
fixed seed) against four categories with full explanations (normalisation, a verdict and
reason per category, every analysis with its labels for people, ``Analysis.description``;
writing the answer's JSON is the HTTP layer's, measured by bench_http.py), and parses the
same words with ``pymorphy3.MorphAnalyzer.parse`` as the baseline. Alternates the two for several
rounds and reports medians, so noise on a shared machine hits both alike.

Suggestions for refused words walk the tries and cost far more than a check, so they are
measured apart, as milliseconds per refused word: typos made from the sample (last letter
replaced), checked against the same four categories with suggestions on.

    python scripts/bench_judge.py [--rounds 5] [--sample 5000]
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import time

from wordsvc.config import Settings
from wordsvc.judge import Judge, Verdict

CATEGORIES = ["noun-singular", "noun-plural", "adjective", "verb"]


def explained(verdict: Verdict) -> Verdict:
    for analysis in verdict.analyses:
        analysis.description  # noqa: B018 - the labels are worked out on reading
    return verdict


def rate(func, items) -> float:
    start = time.perf_counter()
    for item in items:
        func(item)
    return len(items) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sample", type=int, default=5000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import pymorphy3

    judge = Judge.open(Settings.from_env())
    morph = pymorphy3.MorphAnalyzer(lang="uk")
    words = list(itertools.islice(judge.lexicon.word_set("any").iterkeys(), 0, None, 500))
    random.Random(1).shuffle(words)
    words = words[: args.sample]
    typos = [w[:-1] + ("ж" if w[-1] != "ж" else "ш") for w in words[:50]]
    morph.parse(words[0])  # warm up both
    explained(judge.check(words[0], CATEGORIES))

    judge_rates, morph_rates, typo_rates = [], [], []
    for _ in range(args.rounds):
        morph_rates.append(rate(morph.parse, words))
        judge_rates.append(
            rate(lambda w: explained(judge.check(w, CATEGORIES, suggest=False)), words)
        )
        typo_rates.append(rate(lambda w: explained(judge.check(w, CATEGORIES)), typos))
    results = {
        "sample_words": len(words),
        "rounds": args.rounds,
        "judge_checks_per_s": round(statistics.median(judge_rates)),
        "pymorphy3_parses_per_s": round(statistics.median(morph_rates)),
        "ratio_judge_to_pymorphy3": round(
            statistics.median(judge_rates) / statistics.median(morph_rates), 2
        ),
        "ms_per_refused_word_with_suggestions": round(1000 / statistics.median(typo_rates), 1),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("| measure | median |")
    print("|---|---|")
    print(
        f"| judge checks/s (4 categories, full explanations) | {results['judge_checks_per_s']:,} |"
    )
    print(f"| pymorphy3 parses/s (same words, baseline) | {results['pymorphy3_parses_per_s']:,} |")
    print(f"| ratio judge / pymorphy3 | {results['ratio_judge_to_pymorphy3']} |")
    print(
        f"| ms per refused word with suggestions (typos) | "
        f"{results['ms_per_refused_word_with_suggestions']} |"
    )


if __name__ == "__main__":
    main()

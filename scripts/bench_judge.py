"""In-process judge throughput, against pymorphy3's own parse speed measured in the same run.

Checks a fixed sample of real word forms (every 500th form of the lexicon, shuffled with a
fixed seed) against four categories with full explanations (normalisation, a verdict and
reason per category, every analysis with its labels for people, ``Analysis.description``;
writing the answer's JSON is the HTTP layer's, measured by bench_http.py), and parses the
same words with ``pymorphy3.MorphAnalyzer.parse`` as the baseline. Alternates the two for several
rounds and reports medians, so noise on a shared machine hits both alike.

Suggestions for refused words cost more than a check, so they are measured apart: typos
made from the sample (last letter replaced, ``--typos`` of them), checked against the same
four categories with suggestions on (milliseconds per refused word), and the suggestions
alone, timed word by word: from the suggestion index (``Judge.suggestions``, p50/p99/max)
against the trie walk it replaced (``Judge.suggestions_by_walk``, the baseline, same words,
rounds alternating). The two must give the same suggestions for every word.

    python scripts/bench_judge.py [--rounds 5] [--sample 5000] [--typos 200]
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


def latencies(func, items) -> tuple[list[float], list[float]]:
    """Milliseconds each item takes: wall clock, and this thread's CPU time (which other
    processes on a shared machine hardly change)."""
    wall, cpu = [], []
    for item in items:
        start, start_cpu = time.perf_counter(), time.thread_time()
        func(item)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {"p50": round(statistics.median(ordered), 3), "p99": round(at(0.99), 3),
            "max": round(ordered[-1], 3)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sample", type=int, default=5000)
    parser.add_argument("--typos", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import pymorphy3

    judge = Judge.open(Settings.from_env())
    morph = pymorphy3.MorphAnalyzer(lang="uk")
    words = list(itertools.islice(judge.lexicon.word_set("any").iterkeys(), 0, None, 500))
    random.Random(1).shuffle(words)
    words = words[: args.sample]
    typos = [w[:-1] + ("ж" if w[-1] != "ж" else "ш") for w in words[: args.typos]]
    morph.parse(words[0])  # warm up both
    explained(judge.check(words[0], CATEGORIES))

    judge_rates, morph_rates, typo_rates = [], [], []
    for _ in range(args.rounds):
        morph_rates.append(rate(morph.parse, words))
        judge_rates.append(
            rate(lambda w: explained(judge.check(w, CATEGORIES, suggest=False)), words)
        )
        typo_rates.append(rate(lambda w: explained(judge.check(w, CATEGORIES)), typos))
    wanted = judge.registry.resolve(CATEGORIES)
    index_ms, index_cpu, walk_ms, walk_cpu = [], [], [], []
    for _ in range(args.rounds):
        wall, cpu = latencies(lambda w: judge.suggestions(w, wanted), typos)
        index_ms.append(wall)
        index_cpu.append(cpu)
        wall, cpu = latencies(lambda w: judge.suggestions_by_walk(w, wanted), typos)
        walk_ms.append(wall)
        walk_cpu.append(cpu)
    agree = sum(judge.suggestions(w, wanted) == judge.suggestions_by_walk(w, wanted) for w in typos)

    def per_word(rounds: list[list[float]]) -> list[float]:
        """Per word, the median of its rounds (percentiles are then taken over the words)."""
        return [statistics.median(r) for r in zip(*rounds, strict=True)]

    index_word, walk_word = per_word(index_ms), per_word(walk_ms)
    results = {
        "sample_words": len(words),
        "rounds": args.rounds,
        "judge_checks_per_s": round(statistics.median(judge_rates)),
        "pymorphy3_parses_per_s": round(statistics.median(morph_rates)),
        "ratio_judge_to_pymorphy3": round(
            statistics.median(judge_rates) / statistics.median(morph_rates), 2
        ),
        "ms_per_refused_word_with_suggestions": round(1000 / statistics.median(typo_rates), 2),
        "typos": len(typos),
        "suggestions_index_ms": percentiles(index_word),
        "suggestions_walk_ms": percentiles(walk_word),
        "suggestions_index_cpu_ms": percentiles(per_word(index_cpu)),
        "suggestions_walk_cpu_ms": percentiles(per_word(walk_cpu)),
        "speedup_walk_to_index_p50": round(
            statistics.median(walk_word) / statistics.median(index_word), 1
        ),
        "index_and_walk_agree": f"{agree} of {len(typos)}",
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
        f"| ms per refused word, whole check with suggestions (typos) | "
        f"{results['ms_per_refused_word_with_suggestions']} |"
    )
    for name, key in (
        ("index", "suggestions_index_ms"),
        ("trie walk", "suggestions_walk_ms"),
        ("index, CPU time", "suggestions_index_cpu_ms"),
        ("trie walk, CPU time", "suggestions_walk_cpu_ms"),
    ):
        p = results[key]
        print(
            f"| suggestions alone, {name}, ms per refused word p50 / p99 / max "
            f"| {p['p50']} / {p['p99']} / {p['max']} |"
        )
    print(f"| speed-up of the index over the walk, p50 | {results['speedup_walk_to_index_p50']}x |")
    print(f"| index and walk agree | {results['index_and_walk_agree']} |")


if __name__ == "__main__":
    main()

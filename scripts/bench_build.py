"""Full lexicon build time, phase by phase, into a temporary data directory.

The baseline, measured in the same run, is a bare walk of pymorphy3-dicts-uk's words.dawg
(reading every (form, paradigm) record and nothing else): the floor any build from that
dictionary pays. Reports the median of the rounds and the peak resident set of the process.

    python scripts/bench_build.py [--rounds 1]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import tempfile
import time
from pathlib import Path

from wordsvc.build import build
from wordsvc.config import Settings
from wordsvc.lexicon.sources import pymorphy_dictionary_path


def walk_dawg() -> float:
    import dawg

    start = time.perf_counter()
    words = dawg.RecordDAWG(">HH")
    words.load(str(pymorphy_dictionary_path() / "words.dawg"))
    count = sum(1 for _ in words.iteritems())
    assert count > 6_000_000
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    walks, totals, phases = [], [], []
    for _ in range(args.rounds):
        walks.append(walk_dawg())
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings(
                data_dir=Path(tmp), dictionaries_dir=Settings.from_env().dictionaries_dir
            )
            start = time.perf_counter()
            manifest = build(settings)
            totals.append(time.perf_counter() - start)
            phases.append(manifest["seconds"])
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    results = {
        "rounds": args.rounds,
        "build_s": round(statistics.median(totals), 1),
        "dawg_walk_s": round(statistics.median(walks), 1),
        "ratio_build_to_walk": round(statistics.median(totals) / statistics.median(walks), 1),
        "phases_s": phases[len(phases) // 2],
        "forms": manifest["counts"]["forms"],
        "analyses": manifest["counts"]["analyses"],
        "peak_rss_mb": round(peak_mb),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("| measure (median) | value |")
    print("|---|---|")
    print(f"| full build, s | {results['build_s']} |")
    print(f"| bare words.dawg walk (baseline), s | {results['dawg_walk_s']} |")
    print(f"| ratio build / walk | {results['ratio_build_to_walk']} |")
    for phase, seconds in results["phases_s"].items():
        print(f"| phase: {phase}, s | {seconds} |")
    print(f"| forms / analyses | {results['forms']:,} / {results['analyses']:,} |")
    print(f"| peak RSS, MB | {results['peak_rss_mb']:,} |")


if __name__ == "__main__":
    main()

"""Cold start and memory of the service, with a bare Flask app as the baseline in the same run.

Cold start: seconds from launching ``gunicorn wsgi:app`` (one sync worker, the lexicon already
built) until the first word check answers 200. Memory: the worker's resident set (VmRSS)
after it has answered 2,000 checks of different words, so the pages of the tries it touched
are counted. The baseline is the same measurement for a one-route Flask app under the same
gunicorn settings. Rounds alternate and medians are reported.

    python scripts/bench_start.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import textwrap
import urllib.parse
from pathlib import Path

from _bench import HOST, Server, http_get

ROOT = Path(__file__).resolve().parent.parent
BARE_APP = textwrap.dedent(
    """
    from flask import Flask, jsonify
    app = Flask(__name__)

    @app.get("/v1/words/<word>")
    def word(word):
        return jsonify({"word": word, "valid": True})
    """
)


def measure(module: str, pythonpath: str, paths: list[str], log_dir: str) -> tuple[float, float]:
    """(seconds from launching gunicorn to the first 200, the worker's RSS in MB after it
    has answered up to 2,000 ``paths``)."""
    server = Server(
        module,
        lambda port: [sys.executable, "-m", "gunicorn", "--workers", "1", "--bind",
                      f"{HOST}:{port}", "--log-level", "warning", module],
        log_path=Path(log_dir) / "gunicorn.log",
        cwd=pythonpath,
        env={**os.environ, "PYTHONPATH": pythonpath},
    )  # fmt: skip
    try:
        cold = server.start(paths[0], timeout=60, poll=0.005)
        for path in paths[:2000]:
            http_get(server.port, path, timeout=5)
        return cold, server.worker_rss_mb()
    finally:
        server.stop(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from wordsvc.config import Settings
    from wordsvc.judge import Judge

    judge = Judge.open(Settings.from_env())
    words = list(itertools.islice(judge.lexicon.word_set("any").iterkeys(), 0, None, 1500))
    paths = [f"/v1/words/{urllib.parse.quote(w)}?categories=noun-singular" for w in words]
    del judge

    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "bare_app.py").write_text(BARE_APP)
        bare, ours = [], []
        for _ in range(args.rounds):
            bare.append(measure("bare_app:app", tmp, paths, tmp))
            ours.append(measure("wsgi:app", str(ROOT), paths, tmp))
    results = {
        "rounds": args.rounds,
        "bare_cold_start_s": round(statistics.median(c for c, _ in bare), 3),
        "wordsvc_cold_start_s": round(statistics.median(c for c, _ in ours), 3),
        "bare_worker_rss_mb": round(statistics.median(r for _, r in bare), 1),
        "wordsvc_worker_rss_mb": round(statistics.median(r for _, r in ours), 1),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print("| measure (median) | bare Flask | wordsvc |")
    print("|---|---|---|")
    print(
        f"| cold start to first answer, s | {results['bare_cold_start_s']} "
        f"| {results['wordsvc_cold_start_s']} |"
    )
    print(
        f"| worker RSS after 2,000 checks, MB | {results['bare_worker_rss_mb']} "
        f"| {results['wordsvc_worker_rss_mb']} |"
    )


if __name__ == "__main__":
    main()

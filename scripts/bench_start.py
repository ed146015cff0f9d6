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
import http.client
import itertools
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.parse
from pathlib import Path

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def worker_rss_mb(master_pid: int) -> float:
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    total = 0.0
    for pid in children:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total = max(total, int(line.split()[1]) / 1024)
    return total


def measure(module: str, pythonpath: str, paths: list[str]) -> tuple[float, float]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": pythonpath}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--workers", "1", "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning", module],
        env=env, cwd=pythonpath,
    )  # fmt: skip
    try:
        deadline = start + 60
        while True:
            try:
                if get(port, paths[0]) == 200:
                    break
            except OSError:
                pass
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{module} did not answer within 60 s")
            time.sleep(0.005)
        cold = time.perf_counter() - start
        for path in paths[:2000]:
            get(port, path)
        rss = worker_rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return cold, rss


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
            bare.append(measure("bare_app:app", tmp, paths))
            ours.append(measure("wsgi:app", str(ROOT), paths))
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

"""Every script under scripts/ imports: a renamed module or error class breaks no benchmark
silently (they run by hand, not in the suite). Modules named ``_*.py`` are the scripts'
shared helpers, imported by them as the scripts' folder is on the path when they run."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parent.parent / "scripts"
SCRIPTS = sorted(p for p in FOLDER.glob("*.py") if not p.name.startswith("_"))


@pytest.fixture(autouse=True)
def scripts_on_the_path(monkeypatch):
    monkeypatch.syspath_prepend(str(FOLDER))


def load(path: Path):
    spec = importlib.util.spec_from_file_location(f"script_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # the scripts run only under __main__
    return module


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_the_script_imports(path):
    assert callable(getattr(load(path), "main", None))


#: What scripts/_bench.py holds for the benchmarks and the soak, which keep no copy of it.
SHARED = (
    "free_port",
    "busy_cpu_seconds",
    "process_cpu_seconds",
    "own_cpu_seconds",
    "children",
    "percentile",
    "machine",
    "send_json",
    "stream_request",
    "serve_wordsvc",
    "_terminate",
    "class EventStream",
)


@pytest.mark.parametrize(
    ("name", "starts"),
    [
        ("bench_http", "Server"),
        ("bench_start", "Server"),
        ("bench_stream", "serve_wordsvc"),
        ("soak", "serve_wordsvc"),
    ],
)
def test_the_http_benchmarks_share_one_server_helper(name, starts):
    """bench_http, bench_stream, bench_start and soak start their servers, find free ports,
    send requests, read event streams and count CPU with scripts/_bench.py, and keep no copy
    of it."""
    import _bench

    module = load(FOLDER / f"{name}.py")
    assert getattr(module, starts) is getattr(_bench, starts)
    text = (FOLDER / f"{name}.py").read_text(encoding="utf-8")
    copies = [f for f in SHARED if (f if f.startswith("class ") else f"def {f}(") in text]
    assert copies == []


# --- the soak test (scripts/soak.py) ---------------------------------------------------------

SOAK_FIELDS = ("requests", "5xx", "4xx_expected", "4xx_unexpected", "429", "no_answer")


def test_the_soak_plays_its_traffic_against_a_live_server_and_reports_every_field(
    settings, postgres_server
):
    """The soak, very briefly (12 s): it starts `wordsvc serve` on a fresh PostgreSQL
    database, sends every kind of its mix, plays all four games from a human seat, follows
    them over event streams, and reports each window's counts, latencies and RSS, and its
    criteria. No request may fail; RSS and p99 are judged too, but 12 s is too short for
    their verdicts to mean anything, so only their presence is checked."""
    env = {
        **os.environ,
        "WORDSVC_DATA_DIR": str(settings.data_dir),
        "WORDSVC_DICTIONARIES_DIR": str(settings.dictionaries_dir),
    }
    command = [sys.executable, str(FOLDER / "soak.py"), "--seconds", "12", "--json"]
    run = subprocess.run(
        [*command, "--clients", "4", "--streams", "2", "--postgres", postgres_server],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr[-3000:]
    report = json.loads(run.stdout)
    soak = load(FOLDER / "soak.py")

    assert len(report["windows"]) == 10
    assert any(w["warmup"] for w in report["windows"])
    for window in report["windows"]:
        assert all(isinstance(window[field], int) for field in SOAK_FIELDS), window
        assert {"p50_ms", "p99_ms", "kinds", "rss_mb", "rss_anon_mb", "server_threads"} <= set(
            window
        )
    totals = report["totals"]
    assert totals["requests"] > 100
    kinds = set(totals["kinds"])
    assert {"word", "word_refused", "batch", "search", "solve", "refusal"} <= kinds
    assert {"game_create", "game_join", "game_view", "game_act", "stream_open"} <= kinds
    assert set(report["games"]) == set(soak.GAMES)  # all four games started
    assert sum(g["finished"] for g in report["games"].values()) > 0
    assert report["streams"]["events"] > 0
    assert report["rss"]["final_mb"] > 0

    verdicts = {c["name"]: c["passed"] for c in report["criteria"]}
    assert len(verdicts) == 9
    failed = [n for n, ok in verdicts.items() if not ok and "RSS" not in n and "p99" not in n]
    assert not failed, (failed, report["problems"])
    assert totals["4xx_expected"] > 0
    assert run.returncode == (0 if report["passed"] else 1)


def test_the_soak_fails_on_each_criterion_it_names():
    """A run with a 5xx, an unexpected 4xx, a 429, a request without an answer, RSS grown
    by 20% after the warm-up and a p99 that tripled fails on those six criteria, and says
    so."""
    soak = load(FOLDER / "soak.py")
    args = soak.parse_args(["--seconds", "100"])
    args.server_description = "test"
    recorder = soak.Recorder(0.0)
    for window in range(10):  # 10-s windows, the first 40 s warm-up
        slow = 30.0 if window >= 6 else 10.0  # the later windows' p99 three times the earlier
        for i in range(200):
            recorder.requests.append((window * 10 + i / 20, "word", soak.OK, 1.0 + slow * (i < 5)))
    recorder.requests += [
        (50.0, "word", soak.SERVER_ERROR, 1.0),
        (51.0, "word", soak.UNEXPECTED, 1.0),
        (52.0, "word", soak.RATE_LIMITED, 1.0),
        (53.0, "word", soak.NO_ANSWER, 1.0),
    ]
    sampler = soak.Sampler(master=1, started=0.0)
    sampler.workers_seen = {2, 3}
    for t in range(0, 101, 2):
        rss = 1000.0 if t <= 40 else 1000.0 + 200 * (t - 40) / 60
        sampler.samples.append((float(t), rss, 300.0, t * 0.5, 3, t * 0.05, 12))
    report = soak.report(args, recorder, sampler)
    failed = {c["name"] for c in report["criteria"] if c["passed"] is False}
    assert failed == {
        "no 5xx",
        "no 429",
        "every request answered",
        "no unexpected 4xx",
        "RSS growth after warm-up <= 10%",
        "p99 stable (later half <= 2x earlier half)",
    }
    assert not report["passed"]
    assert report["rss"]["growth"] == 0.2
    assert "FAIL" in soak.markdown(report)


def test_the_bot_benchmark_plays_a_seeded_game_and_times_the_search_bots_moves():
    bench = load(FOLDER / "bench_bots.py")
    bench._start_worker("lost-words")
    for seed in (0, 1):  # the search bot first, then second
        share, seconds, iterations, finished = bench.play(("lost-words", seed, 0.005))
        assert finished
        assert share in (0.0, 1.0)
        assert seconds
        assert len(iterations) == len(seconds)
        assert any(iterations)  # it searched where it had a choice
    assert bench.wilson(65, 100)[0] < 0.65 < bench.wilson(65, 100)[1]


def test_the_bot_benchmark_plays_words_of_magic_against_greedy(settings):
    """Words of Magic's search bot needs the judge and the solver; its "normal" is greedy."""
    bench = load(FOLDER / "bench_bots.py")
    bench._start_worker("words-of-magic", settings)
    assert bench._worker["normal"]().name == "greedy"
    share, seconds, iterations, finished = bench.play(("words-of-magic", 1, 0.005))
    assert len(seconds) == len(iterations)
    assert finished
    assert share in (0.0, 0.5, 1.0)
    assert any(iterations)


def test_the_bot_benchmark_records_its_games_and_combines_runs(tmp_path, capsys):
    """A long measurement is made in runs of seed ranges: each game is recorded as it ends,
    and the runs' records combine into one row, a seed recorded twice counted once."""
    bench = load(FOLDER / "bench_bots.py")
    record = tmp_path / "games.jsonl"
    row = bench.measure("lost-words", 2, 0.005, 1, first_seed=0, record=record)
    assert "lost-words, 0.005 s: 2 of 2 games" in capsys.readouterr().err
    assert len(record.read_text().splitlines()) == 2
    more = tmp_path / "more.jsonl"
    for seed, share in ((1, 0.0), (2, 1.0)):  # seed 1 again (ignored), then a new one
        bench._record(more, "lost-words", seed, 0.005, (share, [0.01], [3], True))
    [combined] = bench.combine([record, more])
    assert (combined.game, combined.budget_s, combined.games) == ("lost-words", 0.005, 3)
    assert combined.share == pytest.approx((row.share * 2 + 1.0) / 3)
    cut = record.read_text()
    more.write_text(cut + cut.splitlines()[0][:20])  # a run stopped as it wrote
    assert bench.combine([more])[0].games == 2
    assert "more.jsonl:3: left out, cut short" in capsys.readouterr().err
    more.write_text("{not json}\n" + cut)
    with pytest.raises(SystemExit, match=r"more\.jsonl:1: not a recorded game"):
        bench.combine([more])
    more.write_text("")
    with pytest.raises(SystemExit, match="no recorded game"):
        bench.combine([more])
    with pytest.raises(SystemExit, match="cannot read it"):
        bench.combine([tmp_path / "missing.jsonl"])


def test_the_bot_benchmark_plays_the_search_policy_alone(tmp_path, capsys):
    """``--policy``: the search's policy without the search, recorded at a budget of 0 and
    reported as such; no move of it searches."""
    bench = load(FOLDER / "bench_bots.py")
    record = tmp_path / "policy.jsonl"
    row = bench.measure("lost-words", 2, 0.0, 1, first_seed=0, record=record)
    assert "lost-words, policy alone: 2 of 2 games, policy won" in capsys.readouterr().err
    assert (row.games, row.budget_s, row.median_iterations) == (2, 0.0, 0.0)
    assert row.median_move_s < 0.1
    [combined] = bench.combine([record])
    assert "| lost-words | policy alone | 2 |" in bench.table([combined])
    assert {
        type(bench.POLICIES[game]()).__name__ for game in bench.POLICIES if game != "words-of-magic"
    } == {"HeuristicBot"}


def test_the_headroom_benchmark_scores_the_best_action_on_the_deals_that_did_not_choose_it():
    """The best of several noisy means is chosen on the first half of the deals and scored
    on the second, so that the luck that chose it does not flatter it."""
    headroom = load(FOLDER / "bench_headroom.py")
    wins = {
        "own": [0.0, 0.0, 1.0, 1.0],
        "lucky": [1.0, 1.0, 0.0, 0.0],  # best on the choosing half, worst on the other
        "steady": [0.0, 1.0, 1.0, 0.0],
    }
    assert headroom.held_out_gain(wins, "own") == ("lucky", -1.0)
    wins["lucky"] = [1.0, 1.0, 1.0, 1.0]
    assert headroom.held_out_gain(wins, "own") == ("lucky", 0.0)
    wins["own"] = [1.0, 1.0, 0.0, 1.0]  # a tie on the choosing half: the policy's stands
    assert headroom.held_out_gain(wins, "own") == ("own", 0.0)


def test_the_headroom_benchmark_examines_the_policys_decisions_in_a_seeded_game():
    headroom = load(FOLDER / "bench_headroom.py")
    decisions = headroom.examine(("lost-words", 1, 5, 4, 3))
    assert decisions, "a game of some forty decisions has a choice every fifth"
    assert all(d.alternatives <= 3 for d in decisions)
    assert all(-1.0 <= d.gain <= 1.0 for d in decisions)
    assert all(d.changed or d.gain == 0.0 for d in decisions)
    assert headroom.examine(("lost-words", 1, 5, 4, 3)) == decisions, "seeded: the same again"
    rows = headroom.summarise(decisions)
    assert rows[-1].phase == "all"
    assert rows[-1].decisions == len(decisions) == sum(r.decisions for r in rows[:-1])
    assert "| all |" in headroom.table("lost-words", rows)


def test_the_score_fit_recovers_the_weights_that_made_the_outcomes():
    """scripts/fit_score.py's regression, against outcomes drawn from known weights."""
    import numpy as np

    fit = load(FOLDER / "fit_score.py")
    rng = np.random.default_rng(0)
    x = rng.normal(size=(20_000, 2))
    weights = np.array([1.5, -0.5])
    won = (rng.random(20_000) < 1 / (1 + np.exp(-(x @ weights)))).astype(float)
    assert np.allclose(fit.fit_logistic(x, won), weights, atol=0.1)
    assert fit.log_loss(np.full(4, 0.5), np.array([0.0, 1.0, 1.0, 0.0])) == pytest.approx(np.log(2))


def test_the_score_fit_samples_decided_games_of_the_heuristic():
    fit = load(FOLDER / "fit_score.py")
    found = fit.fit("magos-y-tabernas", 10)
    assert found.games >= 8
    assert found.samples > found.games
    assert set(found.weights) == {
        "orbs",
        "gems",
        "level",
        "hand",
        "answers in hand",
        "objects",
        "objects that gain or draw",
        "objects that answer",
        "to move",
    }
    assert 0 < found.log_loss_search_score_rescaled < 1

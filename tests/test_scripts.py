"""Every script under scripts/ imports: a renamed module or error class breaks no benchmark
silently (they run by hand, not in the suite). Modules named ``_*.py`` are the scripts'
shared helpers, imported by them as the scripts' folder is on the path when they run."""

import importlib.util
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


def test_the_http_benchmarks_share_one_server_helper():
    """bench_http, bench_stream and bench_start start their servers, find free ports and
    count CPU with scripts/_bench.py, and keep no copy of it."""
    import _bench

    shared = {"free_port", "busy_cpu_seconds", "process_cpu_seconds", "own_cpu_seconds"}
    for name in ("bench_http", "bench_stream", "bench_start"):
        module = load(FOLDER / f"{name}.py")
        assert module.Server is _bench.Server, name
        text = (FOLDER / f"{name}.py").read_text(encoding="utf-8")
        assert not [f for f in shared if f"def {f}(" in text], name

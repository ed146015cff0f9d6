"""A wheel install judges exactly as a clone does: the word lists travel as package data.

The test builds the wheel, installs it (without its dependencies, which the test's own
environment lends through a ``.pth`` file) into a fresh virtual environment, and has that
install judge a sample of words on the tests' lexicon. Equal sources give an equal
fingerprint, so the wheel install finds the lexicon the clone built: a missing list would
show as a lexicon not built from its sources, and a different verdict as a mismatch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from wordsvc.config import DEFAULT_DICTIONARIES_DIR

ROOT = Path(__file__).resolve().parents[1]
#: Words whose verdicts rest on every kind of list: the dictionary, the uninflected words,
#: the house words, the surzhyk, anglicism and proper-noun lists, the capitalised lemmas.
SAMPLE = ["вже", "немає", "ура", "нажаль", "тоже", "сейчас", "кринж", "дедлайн", "резина",
          "Київ", "Львова", "ЗНО", "Гикач", "ґном", "котики", "шмяфкало", "м'ясо"]  # fmt: skip
CATEGORIES = ["any", "surzhyk", "anglicism", "proper-noun", "abbreviation", "noun-singular"]
JUDGE = """
import json, sys
from wordsvc import config
from wordsvc.config import Settings
from wordsvc.judge import Judge
settings = Settings.from_env()
judge = Judge.open(settings)
verdicts = {w: [(c.id, c.accepted, c.reason) for c in judge.check(w, sys.argv[1:],
            suggest=False).categories] for w in json.loads(sys.stdin.read())}
print(json.dumps({"dictionaries": str(config.DEFAULT_DICTIONARIES_DIR), "verdicts": verdicts}))
"""


@pytest.fixture(scope="module")
def wheel_python(tmp_path_factory) -> Path:
    """The python of a fresh virtual environment with wordsvc installed from its wheel."""
    folder = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", folder, ROOT],
        capture_output=True,
        text=True,
        check=False,
    )
    if built.returncode:
        pytest.fail(f"pip wheel failed:\n{built.stderr[-2000:]}")
    (wheel,) = folder.glob("wordsvc-*.whl")
    env_dir = folder / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    purelib = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            text=True,
        ).strip()
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", purelib,
         wheel],
        check=True,
        capture_output=True,
    )  # fmt: skip
    # The dependencies from this environment, after the wheel's own wordsvc (a .pth path
    # comes after site-packages, and this environment's editable wordsvc is not loaded
    # from there: its own .pth files are not read).
    (purelib / "zz_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def judged(python: Path | str, settings) -> dict:
    env = {
        **os.environ,
        "WORDSVC_DATA_DIR": str(settings.data_dir),
        "PYTHONPATH": "",
    }
    env.pop("WORDSVC_DICTIONARIES_DIR", None)
    done = subprocess.run(
        [python, "-c", JUDGE, *CATEGORIES],
        input=json.dumps(SAMPLE),
        capture_output=True,
        text=True,
        env=env,
        cwd="/",
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.lexicon
def test_a_wheel_install_judges_as_the_clone_does(wheel_python, settings):
    clone = judged(sys.executable, settings)
    wheel = judged(wheel_python, settings)
    assert Path(clone["dictionaries"]).resolve() == DEFAULT_DICTIONARIES_DIR.resolve()
    assert str(wheel_python.parents[1]) in wheel["dictionaries"], "the wheel's own lists"
    assert wheel["verdicts"] == clone["verdicts"]
    assert wheel["verdicts"]["вже"][0] == ["any", True, None]
    assert wheel["verdicts"]["кринж"][2] == ["anglicism", True, None]

"""Verdicts follow pymorphy3-dicts-uk's analyses, so the project pins one version of it, tests
against that version, and records it in every lexicon it builds."""

from __future__ import annotations

import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest

from wordsvc.lexicon import sources

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
DERIVED = Path(__file__).resolve().parents[2] / "dictionaries/lemmas/capitalised.txt"
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def pinned() -> str:
    dependencies = tomllib.loads(PYPROJECT.read_text("utf-8"))["project"]["dependencies"]
    spec = next(d for d in dependencies if d.startswith("pymorphy3-dicts-uk"))
    match = re.fullmatch(r"pymorphy3-dicts-uk==([\w.]+)", spec)
    assert match, f"pymorphy3-dicts-uk is pinned with ==, not {spec!r}"
    return match.group(1)


def test_the_installed_dictionary_is_the_pinned_one():
    assert importlib.metadata.version("pymorphy3-dicts-uk") == pinned()


def test_the_lexicon_records_the_dictionary_version(judge):
    recorded = {s["id"]: s["version"] for s in judge.lexicon.manifest["sources"]}
    assert recorded["pymorphy3-dicts-uk"] == pinned()
    assert judge.lexicon.manifest["inputs"]["pymorphy3-dicts-uk"] == pinned()


def test_the_capitalised_lemmas_were_derived_from_the_pinned_dictionary():
    assert f"pymorphy3-dicts-uk {pinned()} " in DERIVED.read_text("utf-8")


def test_the_capitalised_lemmas_are_what_the_derivation_gives():
    """The shipped file is exactly what scripts/derive_capitalised_lemmas.py makes from the
    pinned dictionary and the Debian list version its header names."""
    wordlist = sources.system_wordlist_path()
    if wordlist is None:
        pytest.skip("Debian's wukrainian is not installed: the derivation cannot be re-run")
    debian = sources.debian_package_version("wukrainian")
    if f"Debian's wukrainian {debian} " not in DERIVED.read_text("utf-8"):
        pytest.skip(f"wukrainian {debian} is not the version the file was derived from")
    sys.path.insert(0, str(SCRIPTS))
    try:
        import derive_capitalised_lemmas as derivation
    finally:
        sys.path.remove(str(SCRIPTS))
    assert derivation.render(derivation.derive(wordlist)) == DERIVED.read_text("utf-8")

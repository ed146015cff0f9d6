"""The weights of Wizards Wanted's search score (wordsvc/games/wizards_wanted/evaluation.py):
the shipped file loads, the fit writes what the loader reads back, and a broken file is
refused with its code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.data_cases import Broken, append, assert_load_refused, removed, replace
from wordsvc.games.wizards_wanted import evaluation
from wordsvc.games.wizards_wanted.evaluation import (
    EVALUATION_FILE,
    TERMS,
    Fit,
    Weight,
    evaluation_text,
    load_evaluation,
)

BROKEN: dict[str, Broken] = {
    "not TOML": Broken("unreadable", append("[weights")),
    "no file": Broken("unreadable", removed),
    "no fit": Broken(
        "missing_field", lambda text: text[: text.index("[fit]")], {"fields": ["fit"]}
    ),
    "a term without its weight at the end": Broken(
        "missing_field",
        replace("at_end = ", "at_the_end = "),
        {"entry": "[weights.fame]", "fields": ["at_end"]},
    ),
    "an unknown term": Broken(
        "unknown_field",
        append("[weights.charms]\nat_end = 0.1\nmore_at_start = 0.0"),
        {"entry": "[weights]", "fields": ["charms"]},
    ),
    "a weight beyond the most": Broken(
        "bad_value",
        lambda text: text.replace("at_end = ", f"at_end = {evaluation.MAX_WEIGHT + 1}\n#", 1),
        {"entry": "[weights.fame]", "field": "at_end", "value": evaluation.MAX_WEIGHT + 1},
    ),
    "a log loss as a string": Broken(
        "bad_value",
        lambda text: re.sub(r"log_loss = (.*)", r'log_loss = "\1"', text),
        {"entry": "[fit]", "field": "log_loss"},
    ),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_evaluation_file_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(load_evaluation, EVALUATION_FILE, BROKEN[case], tmp_path)


def test_the_shipped_weights_load_for_every_term() -> None:
    found = load_evaluation()
    assert list(found.weights) == list(TERMS)
    assert found.fit.games >= 1000
    assert 0 < found.fit.log_loss < 0.69, "better than a coin toss, held out"


def test_the_fit_writes_what_the_loader_reads_back(tmp_path: Path) -> None:
    weights = {term: Weight(0.25 - n / 8, -n / 8) for n, term in enumerate(TERMS)}
    fit = Fit(games=10, first_seed=5, states=300, log_loss=0.6125)
    path = tmp_path / "evaluation.toml"
    path.write_text(evaluation_text(weights, fit))
    found = load_evaluation(path)
    assert dict(found.weights) == weights
    assert found.fit == fit


def test_a_weight_counts_more_at_start_in_proportion_to_the_deck_left() -> None:
    weight = Weight(at_end=0.25, more_at_start=-0.125)
    assert [weight.at(left) for left in (0, 0.5, 1)] == [0.25, 0.1875, 0.125]

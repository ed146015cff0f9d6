"""How Wizards Wanted's search bot scores a game it stops short of the end
(``data/evaluation.toml``, written by ``scripts/fit_score.py --game wizards-wanted --write``).

Each wizard's strength is a sum over what it holds (:data:`TERMS`: fame as the end would
count it now, coins, dust, a licence, being the one to act), each amount times its weight
``at_end + more_at_start × deck_left``, where ``deck_left`` is the share of the job deck
still to come (1 at the start, 0 at the end): a dust is worth a job's share early and
nothing once no job is left to buy. A wizard's share of a win is the logistic of its
strength less the best other's (``hidden.WizardsWantedHidden.evaluate``). The weights are a
logistic regression of who won on these terms in games of the search's policy, so that a
lead reads as the chance it has held in such games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from wordsvc.data_files import DataFile, codes

EVALUATION_FILE = Path(__file__).resolve().parent / "data" / "evaluation.toml"
#: The codes :func:`load_evaluation` raises: the field codes.
DATA_ERRORS = codes()
#: What a wizard's strength weighs, in the file's order.
TERMS = ("fame", "coins", "dust", "licence", "to_act")
#: The largest weight accepted, in log-odds per unit: far beyond any fit (a fame is ~0.3).
MAX_WEIGHT = 10.0
_WEIGHT_KEYS = ("at_end", "more_at_start")
_FIT_KEYS = ("games", "first_seed", "states", "log_loss")


@dataclass(frozen=True)
class Weight:
    """One term's weight in the log-odds of winning, per unit, as the deck runs out."""

    at_end: float
    more_at_start: float

    def at(self, deck_left: float) -> float:
        """The weight with ``deck_left`` (0 to 1) of the deck still to come."""
        return self.at_end + self.more_at_start * deck_left


@dataclass(frozen=True)
class Fit:
    """Where the weights came from: the games played (seeds from ``first_seed``), the
    states sampled, and the held-out log loss of the winner by the fitted weights."""

    games: int
    first_seed: int
    states: int
    log_loss: float


@dataclass(frozen=True)
class Evaluation:
    """The weights by term (:data:`TERMS`), and their fit."""

    weights: Mapping[str, Weight]
    fit: Fit


def load_evaluation(path: Path = EVALUATION_FILE) -> Evaluation:
    """The evaluation of ``path``; raises :class:`~wordsvc.errors.ConfigurationError` with a
    code of :data:`DATA_ERRORS` (the field codes) naming the rule broken."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), {"weights", "fit"})
    raw = file.keys("[weights]", file.table("the file", data, "weights"), TERMS)
    weights: dict[str, Weight] = {}
    for term in TERMS:
        entry = f"[weights.{term}]"
        found = file.keys(entry, file.table("[weights]", raw, term), _WEIGHT_KEYS)
        weights[term] = Weight(
            *(file.number(entry, found, key, -MAX_WEIGHT, MAX_WEIGHT) for key in _WEIGHT_KEYS)
        )
    fit = file.keys("[fit]", file.table("the file", data, "fit"), _FIT_KEYS)
    return Evaluation(
        MappingProxyType(weights),
        Fit(
            games=file.integer("[fit]", fit, "games", 1),
            first_seed=file.integer("[fit]", fit, "first_seed", 0),
            states=file.integer("[fit]", fit, "states", 1),
            log_loss=file.number("[fit]", fit, "log_loss", 0, 1),
        ),
    )


def evaluation_text(weights: Mapping[str, Weight], fit: Fit) -> str:
    """``data/evaluation.toml`` as the fit writes it: the module's explanation, then the
    weights and where they came from."""
    lines = [
        "# How Wizards Wanted's search bot scores a game it stops short of the end",
        "# (wordsvc/games/wizards_wanted/evaluation.py): each term's weight in the log-odds",
        "# of winning, per unit, is at_end + more_at_start x the share of the deck left.",
        "# Written by: python scripts/fit_score.py --game wizards-wanted --write",
        "",
    ]
    for term in TERMS:
        w = weights[term]
        lines += [f"[weights.{term}]", f"at_end = {w.at_end:.4f}"]
        lines += [f"more_at_start = {w.more_at_start:.4f}", ""]
    lines += ["[fit]", f"games = {fit.games}", f"first_seed = {fit.first_seed}"]
    lines += [f"states = {fit.states}", f"log_loss = {fit.log_loss:.4f}"]
    return "\n".join(lines) + "\n"

"""How well a search bot's score of a game under way predicts the winner: against a logistic
regression fitted to what each player holds, in seeded two-player games of the heuristic bot
in both seats.

Every fourth state of each game is a sample: the difference between seat 0's and seat 1's
features, and whether seat 0 won (drawn and unfinished games are left out). The fit
(Newton's method) uses the games whose seed is not a multiple of 5; the report gives each
feature's weight in the log-odds of winning (and per unit of the first feature), and the
log loss on the held-out fifth of the games for: the fitted weights, the first feature
alone, and the game's own ``hidden.evaluate`` read as seat 0's chance, as it is and
rescaled (the logistic of a fitted multiple of its lead, twice the score less one).

    python scripts/fit_score.py [--game magos-y-tabernas] [--games 4000] [--json]

The results are in docs/performance.md, "Search bots".
"""

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from wordsvc.games.registry import GAMES

#: A sample every this many actions.
EVERY = 4
#: The most actions a game may take before it is left out as unfinished.
MOST_ACTIONS = 5_000

Features = Callable[[Any, int], list[float]]


def _magos_y_tabernas() -> tuple[list[str], Features, Any]:
    from wordsvc.games.magos_y_tabernas import components as parts
    from wordsvc.games.magos_y_tabernas.bots import ANSWERS
    from wordsvc.games.magos_y_tabernas.hidden import MagosYTabernasHidden
    from wordsvc.games.magos_y_tabernas.state import typed

    def ops(card: str) -> set[str]:
        found = parts.CATALOGUE[card]
        return {step.op for step in (*found.effect, *found.passive)}

    produces = {"gain_gems", "gain_orbs", "draw"}

    def features(state: Any, seat: int) -> list[float]:
        s = typed(state)
        me = s["players"][seat]
        objects = [ops(o["card"]) for o in me["objects"]]
        return [
            me["orbs"],
            me["gems"],
            me["level"],
            len(me["hand"]),
            sum(1 for card in me["hand"] if ops(card) & ANSWERS),
            len(objects),
            sum(1 for found in objects if found & produces),
            sum(1 for found in objects if found & ANSWERS),
            1.0 if s["active"] == seat else 0.0,
        ]

    names = [
        "orbs",
        "gems",
        "level",
        "hand",
        "answers in hand",
        "objects",
        "objects that gain or draw",
        "objects that answer",
        "to move",
    ]
    return names, features, MagosYTabernasHidden()


def _wizards_wanted() -> tuple[list[str], Features, Any]:
    from wordsvc.games.wizards_wanted.hidden import WizardsWantedHidden, holdings
    from wordsvc.games.wizards_wanted.state import typed

    def features(state: Any, seat: int) -> list[float]:
        s = typed(state)
        me = s["players"][seat]
        fame, coins, dust = holdings(s, me)
        return [fame, coins, dust, len(me["charms"]), 1.0 if me["licence"] else 0.0]

    names = ["fame as the end counts it", "coins", "dust", "charms", "licence"]
    return names, features, WizardsWantedHidden()


#: The games with a search score, each with its features' names, the features of a seat
#: in a state, and its ``Hidden``.
GAMES_FITTED = {"magos-y-tabernas": _magos_y_tabernas, "wizards-wanted": _wizards_wanted}


@dataclass(frozen=True)
class Fit:
    game: str
    games: int
    samples: int
    weights: dict[str, float]
    per_first: dict[str, float]
    log_loss_fitted: float
    log_loss_first_alone: float
    log_loss_search_score: float
    log_loss_search_score_rescaled: float


def samples(
    game_name: str, games: int, features: Features, hidden: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each sampled state's ``features`` differences, whether seat 0 won, its game's seed,
    and ``hidden``'s score of it for seat 0; games played one after another, with progress
    on stderr."""
    entry = GAMES[game_name]
    game = entry.make(None)  # type: ignore[arg-type]  # no game here judges words
    heuristic = entry.bots(None)["heuristic"]  # type: ignore[arg-type]
    rows: list[list[float]] = []
    won: list[float] = []
    seeds: list[int] = []
    scores: list[float] = []
    for seed in range(games):
        rng = random.Random(seed)
        bots = [heuristic(), heuristic()]
        state = game.new({"players": 2, "first_player": seed % 2}, seed)
        taken: list[tuple[list[float], float]] = []
        for number in range(MOST_ACTIONS):
            if game.result(state) is not None:
                break
            if number % EVERY == 0:
                mine, theirs = features(state, 0), features(state, 1)
                lead = [a - b for a, b in zip(mine, theirs, strict=True)]
                taken.append((lead, hidden.evaluate(state)[0]))
            seat = game.to_act(state)[0]
            action = bots[seat].choose(game, game.view(state, seat), seat, rng)
            state, _ = game.apply(state, seat, action)
        result = game.result(state)
        if result is not None and len(result.winners) == 1:
            for row, score in taken:
                rows.append(row)
                won.append(1.0 if 0 in result.winners else 0.0)
                seeds.append(seed)
                scores.append(score)
        if (seed + 1) % 100 == 0:
            print(f"{game_name}: {seed + 1} of {games} games", file=sys.stderr, flush=True)
    return np.array(rows), np.array(won), np.array(seeds), np.array(scores)


def logistic(x: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The chance that seat 0 wins, by the logistic of ``x @ weights``."""
    return 1 / (1 + np.exp(-(x @ weights)))


def fit_logistic(x: np.ndarray, y: np.ndarray, steps: int = 25) -> np.ndarray:
    """The weights (no intercept: the features are differences) that maximise the
    likelihood of ``y`` under :func:`logistic`, by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = logistic(x, w)
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-9 * np.eye(x.shape[1])
        w -= np.linalg.solve(hessian, x.T @ (p - y))
    return w


def log_loss(chance: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(chance, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(game_name: str, games: int) -> Fit:
    names, features, hidden = GAMES_FITTED[game_name]()
    x, y, seeds, scores = samples(game_name, games, features, hidden)
    train, test = seeds % 5 != 0, seeds % 5 == 0
    w = fit_logistic(x[train], y[train])
    first = fit_logistic(x[train][:, :1], y[train])
    lead = (2 * scores - 1)[:, None]  # the search's score as a lead, from -1 to 1
    rescaled = fit_logistic(lead[train], y[train])
    return Fit(
        game=game_name,
        games=len(set(seeds.tolist())),
        samples=len(y),
        weights={n: round(float(v), 3) for n, v in zip(names, w, strict=True)},
        per_first={n: round(float(v / w[0]), 3) for n, v in zip(names, w, strict=True)},
        log_loss_fitted=round(log_loss(logistic(x[test], w), y[test]), 4),
        log_loss_first_alone=round(log_loss(logistic(x[test][:, :1], first), y[test]), 4),
        log_loss_search_score=round(log_loss(scores[test], y[test]), 4),
        log_loss_search_score_rescaled=round(log_loss(logistic(lead[test], rescaled), y[test]), 4),
    )


def report(found: Fit) -> str:
    lines = [
        f"{found.game}: {found.samples} states of {found.games} games decided",
        "| feature | weight (log-odds) | per unit of the first |",
        "|---|---:|---:|",
    ]
    lines += [f"| {n} | {v} | {found.per_first[n]} |" for n, v in found.weights.items()]
    lines.append(
        f"held-out log loss: fitted {found.log_loss_fitted}, first feature alone "
        f"{found.log_loss_first_alone}, the search's score {found.log_loss_search_score} "
        f"(rescaled: {found.log_loss_search_score_rescaled})"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES_FITTED), action="append")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 10:
        parser.error("--games must be at least 10 (a fifth of them are held out)")
    found = [fit(name, args.games) for name in args.game or sorted(GAMES_FITTED)]
    if args.json:
        print(json.dumps([asdict(f) for f in found], indent=1))
    else:
        print("\n\n".join(report(f) for f in found))


if __name__ == "__main__":
    main()

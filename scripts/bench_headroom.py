"""What a one-move search could still add to a game's search policy: at sampled decisions
of the policy's seat (two players, against the game's "normal" bot), every listed action
(at most ``--alternatives``, the policy's own choice always among them) is played to the
game's end from ``--deals`` fresh deals of what the seat cannot see, each deal shared by
every action (paired), the policy moving for the seat and the normal bot for the other.

The best action is chosen on the first half of the deals and scored on the second half
against the policy's own choice. That held-out gain, averaged by phase, is what a search
with that many deals to the end could add to each decision: scored on the deals that chose
it, the best of several noisy means would always look better than it is. A gain near zero
or below says that no search of one move over this policy will lift it, however long it
thinks, and that a stronger bot needs a stronger policy (docs/performance.md).

    python scripts/bench_headroom.py [--game lost-words] [--games 150] [--first-seed 50000]
        [--deals 120] [--every 7] [--alternatives 10] [--processes 2] [--json]

Words of Magic is not measured here: its words are described, not listed, so the search
lists its own root (``root_actions``), which this script does not.
"""

import argparse
import importlib
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import asdict, dataclass
from typing import Any

from wordsvc.games.contract import Action, Game, Seat, State
from wordsvc.games.registry import GAMES
from wordsvc.games.search import action_key

#: The games measured: each has a ``search_policy`` and a ``search_bot`` in its ``bots.py``.
MEASURED = ("lost-words", "magos-y-tabernas", "wizards-wanted")
#: The most actions a game may take before it counts as drawn (half a win).
MOST_ACTIONS = 5_000


@dataclass(frozen=True)
class Decision:
    """One examined decision: its phase, whether the choosing half preferred another action
    than the policy's, the held-out gain of that best over the policy's own choice, and how
    many actions were played."""

    phase: str
    changed: bool
    gain: float
    alternatives: int


@dataclass(frozen=True)
class Phase:
    """The decisions of one phase: how many, how often the choosing half preferred another
    action than the policy's, and the held-out gain's mean with its standard error."""

    phase: str
    decisions: int
    other_chosen: float
    gain: float
    error: float


def held_out_gain(wins: dict[str, list[float]], own: str) -> tuple[str, float]:
    """The action best on the first half of each action's paired outcomes (``own`` on a
    tie, as a search keeps its policy's choice unless another scores better), and how much
    better than ``own`` it scored on the second half (negative: worse)."""
    deals = len(wins[own])
    half = deals // 2
    best = max(sorted(wins), key=lambda key: (sum(wins[key][:half]), key == own))
    return best, (sum(wins[best][half:]) - sum(wins[own][half:])) / (deals - half)


class _Table:
    """One process's game, bots and hidden-card dealer (the one its search bot deals with)."""

    def __init__(self, game: str) -> None:
        entry = GAMES[game]
        bots = importlib.import_module(f"wordsvc.games.{game.replace('-', '_')}.bots")
        self.game: Game = entry.make(None)  # type: ignore[arg-type]  # no judge: not Words of Magic
        self.normal = entry.bots(None)["heuristic"]  # type: ignore[arg-type]
        self.policy = bots.search_policy
        self.hidden = bots.search_bot().hidden

    def finish(self, state: State, me: Seat, rng: random.Random) -> float:
        """The game played to its end, the policy for ``me`` and the normal bot for the
        others: ``me``'s share of the win."""
        bots = {me: self.policy()}
        for _ in range(MOST_ACTIONS):
            result = self.game.result(state)
            if result is not None:
                return 1 / len(result.winners) if me in result.winners else 0.0
            seat = self.game.to_act(state)[0]
            bot = bots.setdefault(seat, self.normal())
            action = bot.choose(self.game, self.game.view(state, seat), seat, rng)
            state, _ = self.game.apply(state, seat, action)
        return 0.5


_table: dict[str, _Table] = {}


def examine(job: tuple[str, int, int, int, int]) -> list[Decision]:
    """One seeded game of the policy (seat ``seed % 2``) against the normal bot, every
    ``every``-th decision of the policy's seat with a choice examined."""
    name, seed, every, deals, most = job
    table = _table.setdefault(name, _Table(name))
    game = table.game
    me = seed % 2
    policy, normal = table.policy(), table.normal()
    rng = random.Random(seed)
    state = game.new({"players": 2, "first_player": 0}, seed)
    decisions: list[Decision] = []
    count = 0
    for _ in range(MOST_ACTIONS):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        bot = policy if seat == me else normal
        if seat == me:
            listed = [a for a in view["legal_actions"] if "needs" not in a]  # type: ignore[attr-defined]
            count += 1
            if len(listed) > 1 and count % every == 0:
                decisions.append(
                    _examine(
                        table,
                        view,
                        seat,
                        listed,
                        random.Random(seed * 1_000_003 + count),
                        deals,
                        most,
                    )
                )
        state, _ = game.apply(state, seat, bot.choose(game, view, seat, rng))
    return decisions


def _examine(
    table: _Table,
    view: dict[str, Any],
    seat: Seat,
    listed: list[Action],
    rng: random.Random,
    deals: int,
    most: int,
) -> Decision:
    own = table.policy().choose(table.game, view, seat, random.Random(rng.getrandbits(32)))
    actions = {action_key(a): a for a in listed}
    if len(actions) > most:
        kept = rng.sample(sorted(actions), most - 1)
        actions = {key: actions[key] for key in kept}
    own_key = action_key(own)
    actions[own_key] = own
    wins: dict[str, list[float]] = {key: [] for key in actions}
    for _ in range(deals):
        seed = rng.getrandbits(64)
        dealt = table.hidden.determinise(view, seat, random.Random(seed))
        for key, action in actions.items():
            after, _ = table.game.apply(dealt, seat, action)
            wins[key].append(table.finish(after, seat, random.Random(seed + 1)))
    best, gain = held_out_gain(wins, own_key)
    return Decision(
        phase=str(view.get("phase", "")),
        changed=best != own_key,
        gain=gain,
        alternatives=len(actions),
    )


def summarise(decisions: list[Decision]) -> list[Phase]:
    """The decisions by phase, and all of them together last."""
    by_phase: dict[str, list[Decision]] = defaultdict(list)
    for decision in decisions:
        by_phase[decision.phase].append(decision)
    rows = []
    for phase, group in [*sorted(by_phase.items()), ("all", decisions)]:
        gains = [d.gain for d in group]
        error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        rows.append(
            Phase(
                phase=phase,
                decisions=len(group),
                other_chosen=sum(d.changed for d in group) / len(group),
                gain=statistics.fmean(gains),
                error=error,
            )
        )
    return rows


def table(game: str, rows: list[Phase]) -> str:
    lines = [
        f"{game}: what a one-move search could add to each decision of its policy",
        "",
        "| phase | decisions | another action chosen | held-out gain (± standard error) |",
        "|---|---:|---:|---|",
    ]
    for r in rows:
        gain = f"{r.gain:+.4f} (± {r.error:.4f})"
        lines.append(f"| {r.phase} | {r.decisions} | {r.other_chosen:.2f} | {gain} |")
    return "\n".join(lines)


def measure(
    game: str, games: int, first_seed: int, every: int, deals: int, most: int, processes: int
) -> list[Decision]:
    jobs = [(game, seed, every, deals, most) for seed in range(first_seed, first_seed + games)]
    decisions: list[Decision] = []
    with multiprocessing.Pool(processes) as pool:
        for done, found in enumerate(pool.imap_unordered(examine, jobs), start=1):
            decisions += found
            if done % max(1, games // 10) == 0 or done == games:
                print(
                    f"{game}: {done} of {games} games, {len(decisions)} decisions",
                    file=sys.stderr,
                    flush=True,
                )
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=MEASURED, default="lost-words")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--first-seed", type=int, default=50_000)
    parser.add_argument("--deals", type=int, default=120, help="deals an action is played in")
    parser.add_argument("--every", type=int, default=7, help="examine every n-th decision")
    parser.add_argument("--alternatives", type=int, default=10, help="actions at most")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if min(args.games, args.every, args.processes) < 1:
        parser.error("--games, --every and --processes must be at least 1")
    if args.deals < 2 or args.alternatives < 2:
        parser.error("--deals and --alternatives must be at least 2 (half chooses, half scores)")
    started = time.perf_counter()
    decisions = measure(
        args.game,
        args.games,
        args.first_seed,
        args.every,
        args.deals,
        args.alternatives,
        args.processes,
    )
    print(f"{args.game}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if not decisions:
        sys.exit("No decision was examined: play more games or examine more often (--every).")
    rows = summarise(decisions)
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        print(table(args.game, rows))


if __name__ == "__main__":
    main()

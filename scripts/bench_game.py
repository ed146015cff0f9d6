"""Whole games between a game's best bots, in process: seconds per game.

Plays ``--games`` seeded games of ``--game`` (Words of Magic: magic mode with characters,
greedy bots; the others: their default best bot, the heuristic) between bots, then replays
each game's action log without the bots as the baseline in the same run: the difference is
what the bots cost (for Words of Magic, the solver), the replay is what the engine costs.

    python scripts/bench_game.py [--game words-of-magic] [--games 20] [--players 4] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from wordsvc.config import Settings
from wordsvc.games.contract import replay
from wordsvc.games.registry import GAMES
from wordsvc.judge import Judge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="words-of-magic")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    judge = Judge.open(Settings.from_env())
    entry = GAMES[args.game]
    game, makers = entry.make(judge), entry.bots(judge)
    bot = makers[entry.default_bots[0]]()
    options: dict[str, object] = {"players": args.players}
    if args.game == "words-of-magic":
        options.update(mode="magic", characters=True)
    full, engine_only, steps, turns = [], [], [], []
    for seed in range(args.games):
        rng = random.Random(seed)
        started = time.perf_counter()
        state = game.new(options, seed)
        log = []
        while game.result(state) is None:
            seat = game.to_act(state)[0]
            action = bot.choose(game, game.view(state, seat), seat, rng)
            state, _ = game.apply(state, seat, action)
            log.append((seat, action))
        full.append(time.perf_counter() - started)
        started = time.perf_counter()
        replayed = replay(game, options, seed, log)
        engine_only.append(time.perf_counter() - started)
        assert replayed == state
        steps.append(len(log))
        turns.append(state["players"][0]["turns"])
    result = {
        "game": args.game,
        "bot": entry.default_bots[0],
        "games": args.games,
        "players": args.players,
        "median_s_per_game": round(statistics.median(full), 3),
        "max_s_per_game": round(max(full), 3),
        "median_s_engine_replay": round(statistics.median(engine_only), 4),
        "engine_share": round(statistics.median(engine_only) / statistics.median(full), 3),
        "median_actions": statistics.median(steps),
        "median_turns_per_player": statistics.median(turns),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key, value in result.items():
        print(f"{key:28} {value}")


if __name__ == "__main__":
    main()

"""Play whole games between bots and summarise them: win rates with confidence intervals,
game length, word lengths, how the games ended, and how often each card or action was
played, by each bot (so that a bot that never plays a card shows). A game that lists the
labels of playing each of its cards (the optional ``action_labels_possible(options)``) also
gets the list of those no bot used. Given a lookup of how common a word is, it also reports
the median Zipf of the words each bot formed.

Seats rotate through the bot list game by game, so no bot always sits first.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from wordsvc.games.contract import Bot, Game, State, action_label

Z95 = 1.96
#: A game still going after this many actions is stopped and counted as ``unfinished`` (two
#: random bots may wander for ever in a game whose end needs a purpose, Wizards Wanted's).
MAX_ACTIONS = 100_000


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate at ``z`` (95% by default; the fairness
    benchmark asks for 99%), shared wins counting fractionally."""
    if games == 0:
        return (0.0, 0.0)
    p = wins / games
    centre = p + z**2 / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z**2 / (4 * games**2))
    denominator = 1 + z**2 / games
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


class BotReport(TypedDict):
    seats: int
    wins: float
    win_rate: float
    ci95: list[float]


class PlaysRow(TypedDict):
    total: int
    per_game: float
    by_bot: dict[str, int]


class FirstSeatReport(TypedDict):
    """How the seat that moves first fares, against its fair share of 1 / players."""

    wins: float
    win_rate: float
    ci95: list[float]
    fair_share: float


class Report(TypedDict):
    """:meth:`Summary.report`, which ``wordsvc simulate`` prints."""

    games: int
    bots: dict[str, BotReport]
    turns_per_player: float
    words: int
    passes: int
    mean_word_length: float
    ends: dict[str, int]
    seconds_per_game: float
    first_seat: FirstSeatReport
    plays: dict[str, PlaysRow]
    #: The game's card labels (``action_labels_possible``) that no bot played; empty for a
    #: game without that hook.
    unplayed: list[str]
    #: Per bot, the median Zipf value of the words it formed (word games, given a lookup).
    median_zipf: dict[str, float]


@dataclass
class Summary:
    games: int = 0
    seats_played: Counter[str] = field(default_factory=Counter)  # bot -> seats it played
    wins: dict[str, float] = field(default_factory=dict)  # bot -> wins (a shared win counts 1/k)
    turns: list[int] = field(default_factory=list)
    word_lengths: list[int] = field(default_factory=list)
    passes: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    plays: dict[str, Counter[str]] = field(default_factory=dict)  # bot -> action label -> count
    first_seat_wins: float = 0.0  # wins of the seat that moved first (a shared win counts 1/k)
    players: int = 0
    word_zipf: dict[str, list[float]] = field(default_factory=dict)  # bot -> Zipf of its words
    possible: list[str] = field(default_factory=list)  # the game's card labels, if it lists them

    def report(self) -> Report:
        """The summary's statistics: win rates with their intervals, means, the plays table."""
        bots: dict[str, BotReport] = {}
        for bot, seats in sorted(self.seats_played.items()):
            wins = self.wins.get(bot, 0)
            low, high = wilson(wins, seats)
            bots[bot] = {"seats": seats, "wins": round(wins, 2),
                         "win_rate": round(wins / seats, 3),
                         "ci95": [round(low, 3), round(high, 3)]}  # fmt: skip
        words = len(self.word_lengths)
        return {
            "games": self.games,
            "bots": bots,
            "turns_per_player": round(statistics.mean(self.turns), 2) if self.turns else 0,
            "words": words,
            "passes": self.passes,
            "mean_word_length": round(statistics.mean(self.word_lengths), 2) if words else 0,
            "ends": dict(self.ends),
            "seconds_per_game": round(statistics.median(self.seconds), 3) if self.seconds else 0,
            "first_seat": self.first_seat(),
            "plays": self.plays_table(),
            "unplayed": self.unplayed(),
            "median_zipf": {
                bot: round(statistics.median(values), 2)
                for bot, values in sorted(self.word_zipf.items())
            },
        }

    def first_seat(self) -> FirstSeatReport:
        """The first mover's win rate with its 95% interval: an interval that leaves out the
        fair share says the seat order matters."""
        low, high = wilson(self.first_seat_wins, self.games)
        return {
            "wins": round(self.first_seat_wins, 2),
            "win_rate": round(self.first_seat_wins / self.games, 3) if self.games else 0,
            "ci95": [round(low, 3), round(high, 3)],
            "fair_share": round(1 / self.players, 3) if self.players else 0,
        }

    def unplayed(self) -> list[str]:
        """The game's card labels that no bot played. A label counts as played when some
        applied action had it, or it followed by ``+`` and a partner card (a card played
        together with another, such as ``play:flash+gema`` for ``play:flash``)."""
        used = {label for counts in self.plays.values() for label in counts}
        used |= {label.partition("+")[0] for label in used}
        return [label for label in self.possible if label not in used]

    def plays_table(self) -> dict[str, PlaysRow]:
        """Each action label (``play:skylark``, ``form_word``...): its total, its mean per
        game, and the count by bot (every bot named, zeros included)."""
        labels = sorted({label for counts in self.plays.values() for label in counts})
        bots = sorted(self.seats_played)
        table: dict[str, PlaysRow] = {}
        for label in labels:
            total = sum(self.plays.get(bot, Counter())[label] for bot in bots)
            table[label] = {
                "total": total,
                "per_game": round(total / self.games, 2) if self.games else 0,
                "by_bot": {bot: self.plays.get(bot, Counter())[label] for bot in bots},
            }
        return table


def simulate(
    game: Game,
    make_bots: Mapping[str, Callable[[], Bot]],
    lineup: Sequence[str],
    options: Mapping[str, object],
    games: int,
    seed: int,
    progress: Callable[[int], None] = lambda done: None,
    zipf: Callable[[str], float] | None = None,
) -> Summary:
    """Play ``games`` games; seat ``i`` of game ``g`` is played by ``lineup[(i + g) % n]``.
    ``zipf`` (how common a word is) adds the median Zipf of each bot's words."""
    bots = {name: make_bots[name]() for name in set(lineup)}
    summary = Summary()
    players = options["players"]
    if not isinstance(players, int):
        raise TypeError(f"The options name the number of players: {players!r}")
    summary.players = players
    summary.possible = labels_possible(game, options)
    for number in range(games):
        seats = [lineup[(i + number) % len(lineup)] for i in range(players)]
        rng = random.Random(seed * 1_000_003 + number)
        started = time.perf_counter()
        state = game.new(options, seed * 1_000_003 + number)
        first = _first_mover(game, state)
        for _ in range(MAX_ACTIONS):
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            view = game.view(state, seat)
            action = bots[seats[seat]].choose(game, view, seat, rng)
            label = action_label(game, state, action)
            state, events = game.apply(state, seat, action)
            summary.plays.setdefault(seats[seat], Counter())[label] += 1
            for event in events:
                if event.type == "word_formed":
                    length = event.data["length"]
                    assert isinstance(length, int)
                    summary.word_lengths.append(length)
                    word = event.data.get("word")
                    if zipf is not None and isinstance(word, str):
                        summary.word_zipf.setdefault(seats[seat], []).append(zipf(word))
                elif event.type == "passed":
                    summary.passes += 1
        summary.seconds.append(time.perf_counter() - started)
        summary.games += 1
        summary.turns.append(state["players"][0]["turns"])
        result = game.result(state)
        summary.ends[_end_of(state) if result is not None else "unfinished"] += 1
        winners = result.winners if result is not None else []
        for seat, name in enumerate(seats):
            summary.seats_played[name] += 1
            if seat in winners:
                summary.wins[name] = summary.wins.get(name, 0) + 1 / len(winners)
        if first in winners:
            summary.first_seat_wins += 1 / len(winners)
        progress(number + 1)
    return summary


def _first_mover(game: Game, state: State) -> int:
    """The seat that takes the first turn: the state's ``first`` when it names one (a game
    that opens with a step every seat takes at once, as Words of Magic's choice of
    characters, would otherwise always name seat 0), else the first seat to act."""
    first = state.get("first")
    if isinstance(first, int) and not isinstance(first, bool):
        return first
    return game.to_act(state)[0]


def labels_possible(game: Game, options: Mapping[str, object]) -> list[str]:
    """The game's optional ``action_labels_possible(options)``: the labels (as its
    ``action_label`` gives them) of every way to play each of its cards, such as
    ``play:atacar`` and ``lay_down:gema``; empty for a game without it."""
    hook = getattr(game, "action_labels_possible", None)
    return sorted(set(hook(options))) if callable(hook) else []


def _end_of(state: Mapping[str, object]) -> str:
    """How a game ended, as its state says: ``end.reason`` or ``ended_by``, else won."""
    end = state.get("end")
    reason = (end.get("reason") if isinstance(end, Mapping) else None) or state.get("ended_by")
    if reason is None:
        reason = "won" if state.get("winner") is not None else "none"
    return str(reason)

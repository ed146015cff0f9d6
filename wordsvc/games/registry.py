"""Every game the service hosts, by name: how to build its engine and its bots.

An engine that needs the lexicon gets it here, from an open judge, so engines themselves stay
free of I/O. The session layer and the CLI find games only through this registry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from wordsvc.games.contract import Bot, Game

if TYPE_CHECKING:  # the registry is read at start (the API's document); the judge is not
    from wordsvc.judge import Judge


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    make: Callable[[Judge], Game]
    bots: Callable[[Judge], dict[str, Callable[[], Bot]]]
    #: The line-up `wordsvc simulate` seats when none is given: the game's best bot first.
    default_bots: tuple[str, ...]


def _words_of_magic(judge: Judge) -> Game:
    from wordsvc.games.words_of_magic.engine import WordsOfMagic
    from wordsvc.games.words_of_magic.words import JudgeWords

    return WordsOfMagic(JudgeWords(judge))


def _words_of_magic_bots(judge: Judge) -> dict[str, Callable[[], Bot]]:
    from wordsvc.games.words_of_magic.bots import BOTS
    from wordsvc.solver.solve import Solver

    solver = Solver(judge)
    return {name: partial(cls, solver) for name, cls in BOTS.items()}


def _lost_words(judge: Judge) -> Game:
    from wordsvc.games.lost_words.engine import LostWords

    return LostWords()


def _lost_words_bots(judge: Judge) -> dict[str, Callable[[], Bot]]:
    from wordsvc.games.lost_words.bots import HeuristicBot, RandomBot

    return {"random": RandomBot, "heuristic": HeuristicBot}


def _magos_y_tabernas(judge: Judge) -> Game:
    from wordsvc.games.magos_y_tabernas.engine import MagosYTabernas

    return MagosYTabernas()


def _magos_y_tabernas_bots(judge: Judge) -> dict[str, Callable[[], Bot]]:
    from wordsvc.games.magos_y_tabernas.bots import HeuristicBot, RandomBot

    return {"random": RandomBot, "heuristic": HeuristicBot}


def _wizards_wanted(judge: Judge) -> Game:
    from wordsvc.games.wizards_wanted.engine import WizardsWanted

    return WizardsWanted()


def _wizards_wanted_bots(judge: Judge) -> dict[str, Callable[[], Bot]]:
    from wordsvc.games.wizards_wanted.bots import HeuristicBot, RandomBot

    return {"random": RandomBot, "heuristic": HeuristicBot}


GAMES: dict[str, GameEntry] = {
    "words-of-magic": GameEntry(
        "words-of-magic",
        "Words of Magic",
        _words_of_magic,
        _words_of_magic_bots,
        ("greedy", "random"),
    ),
    "lost-words": GameEntry(
        "lost-words", "The Lost Words", _lost_words, _lost_words_bots, ("heuristic", "random")
    ),
    "magos-y-tabernas": GameEntry(
        "magos-y-tabernas",
        "Magos y Tabernas",
        _magos_y_tabernas,
        _magos_y_tabernas_bots,
        ("heuristic", "random"),
    ),
    "wizards-wanted": GameEntry(
        "wizards-wanted",
        "Wizards Wanted",
        _wizards_wanted,
        _wizards_wanted_bots,
        ("heuristic", "random"),
    ),
}

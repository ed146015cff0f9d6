"""Every game the service hosts, by name: how to build its engine and its bots.

An engine that needs the lexicon gets it here, from an open judge, so engines themselves stay
free of I/O. The session layer, the HTTP layer and the CLI find games only through this
registry: what a game adds to them (word rules, documents such as a board) is a hook of its
entry, so a new game changes neither.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from wordsvc.games.contract import Action, Bot, Game, Seat, State

if TYPE_CHECKING:  # the registry is read at start (the API's document); the judge is not
    from wordsvc.judge import Judge

#: The option that says how many sit at the table (``games/seats.py``): the session store
#: fills it in from the seats, and refuses a session whose seats do not match it.
SEAT_COUNT_OPTION = "players"


@dataclass(frozen=True)
class WordRules:
    """How a session's table judges a word: its agreed categories and house words."""

    categories: tuple[str, ...]
    house_words: frozenset[str]


#: A game's word rules, from a session's (normalised) options.
WordRulesOf = Callable[[Mapping[str, object]], WordRules]

#: A finished game's review, as plain values, from its options, seed and log.
Review = Callable[[Mapping[str, object], int, Sequence[tuple[Seat, Action]]], dict[str, object]]


@dataclass(frozen=True)
class GameDocument:
    """A read-only document a game publishes for front ends, the same for every session
    (the Wizards Wanted board as SVG): served at ``/v1/games/<game>/<path>``."""

    path: str
    media_type: str
    operation_id: str
    summary: str
    render: Callable[[], str]
    #: How long caches may keep it, seconds.
    max_age: int = 86_400


#: The turns each player has in a Wizards Wanted game with a bot seat, unless the table sets
#: its own limit (or none): the random bot may never meet the Inspector, while heuristic bots'
#: games took at most 73 turns a player in 600 (median 36 to 50 by the number of players:
#: docs/rules/wizards-wanted.md, Interpretations), so a game played to win never meets it.
WW_BOT_TABLE_TURN_LIMIT = 100


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    make: Callable[[Judge], Game]
    bots: Callable[[Judge], dict[str, Callable[[], Bot]]]
    #: The line-up `wordsvc simulate` seats when none is given: the game's best bot first.
    default_bots: tuple[str, ...]
    #: How a session's table judges words (arbitration); None: the game judges no words.
    word_rules: WordRulesOf | None = None
    #: The option that counts the seats; None: the game has none.
    seat_count_option: str | None = SEAT_COUNT_OPTION
    documents: tuple[GameDocument, ...] = ()
    #: The type of the game's pass (a seat answering nothing): a human seat whose one legal
    #: action it is passes by itself while its "answer only when I can" setting is on
    #: (``docs/sessions.md``). None: the game has no such setting.
    auto_pass_action: str | None = None
    #: Whether the game's state holds something aimed at a seat's side, by what everyone
    #: sees: a human seat whose person chose "answer only when it concerns me" passes by
    #: itself whenever it could pass and nothing concerns it (``docs/sessions.md``). None:
    #: the game has no such choice (it needs ``auto_pass_action`` too).
    concerns: Callable[[State, Seat], bool] | None = None
    #: Steps with nothing to choose: a human seat whose one legal action is of one of these
    #: types takes it by itself (The Lost Words' end of the action step, or declining a
    #: Chestnut with no matching spell), so that a person never taps only to confirm
    #: (``docs/sessions.md``).
    forced_actions: frozenset[str] = frozenset()
    #: The names of its bots, without building them (a backup's import checks its seats);
    #: None: ``bots`` needs no judge, and its keys are the names.
    bot_names: Callable[[], frozenset[str]] | None = None
    #: The review of a finished game, made from the judge: (options, seed, log) -> the
    #: review as plain values (``docs/solver.md``); None: the game has none.
    review: Callable[[Judge], Review] | None = None
    #: Options a table with a bot seat gets unless it sets them itself: a game whose bots may
    #: play forever (Wizards Wanted's random bot never meets the Inspector) gets a turn
    #: limit; a table of people keeps none.
    with_bots: Mapping[str, object] = field(default_factory=dict)

    def known_bots(self) -> frozenset[str]:
        """Every bot this game has, by name."""
        if self.bot_names is not None:
            return self.bot_names()
        return frozenset(self.bots(None))  # type: ignore[arg-type]  # needs no judge


def _words_of_magic(judge: Judge) -> Game:
    from wordsvc.games.words_of_magic.engine import WordsOfMagic
    from wordsvc.games.words_of_magic.words import JudgeWords

    return WordsOfMagic(JudgeWords(judge))


def _words_of_magic_bots(judge: Judge) -> dict[str, Callable[[], Bot]]:
    from wordsvc.games.words_of_magic.bots import BOTS
    from wordsvc.solver.solve import Solver

    solver = Solver(judge)
    return {name: partial(cls, solver) for name, cls in BOTS.items()}


def _words_of_magic_review(judge: Judge) -> Review:
    from wordsvc.games.words_of_magic.review import Reviewer
    from wordsvc.solver.solve import Solver

    reviewer = Reviewer(_words_of_magic(judge), Solver(judge))

    def review(
        options: Mapping[str, object], seed: int, log: Sequence[tuple[Seat, Action]]
    ) -> dict[str, object]:
        return reviewer.review(options, seed, log).to_record()

    return review


def _words_of_magic_bot_names() -> frozenset[str]:
    from wordsvc.games.words_of_magic.bots import BOTS

    return frozenset(BOTS)


def _words_of_magic_word_rules(options: Mapping[str, object]) -> WordRules:
    """The categories and house words the table agreed on (its options)."""
    categories, house_words = options["categories"], options.get("house_words", ())
    if not isinstance(categories, list | tuple) or not isinstance(house_words, list | tuple):
        raise TypeError(f"Words of Magic's options name lists of words: {dict(options)!r}")
    return WordRules(tuple(map(str, categories)), frozenset(map(str, house_words)))


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
    from wordsvc.games.magos_y_tabernas.bots import HeuristicBot, RandomBot, search_bot

    return {"random": RandomBot, "heuristic": HeuristicBot, "search": search_bot}


def _magos_y_tabernas_concerns(state: State, seat: Seat) -> bool:
    from wordsvc.games.magos_y_tabernas.stack import concerns
    from wordsvc.games.magos_y_tabernas.state import typed

    return concerns(typed(state), seat)


def _wizards_wanted(judge: Judge) -> Game:
    from wordsvc.games.wizards_wanted.engine import WizardsWanted

    return WizardsWanted()


def _wizards_wanted_bots(judge: Judge) -> dict[str, Callable[[], Bot]]:
    from wordsvc.games.wizards_wanted.bots import HeuristicBot, RandomBot

    return {"random": RandomBot, "heuristic": HeuristicBot}


def _wizards_wanted_board() -> str:
    from wordsvc.games.wizards_wanted.board import BOARD
    from wordsvc.games.wizards_wanted.board_svg import render_svg

    return render_svg(BOARD)


GAMES: dict[str, GameEntry] = {
    "words-of-magic": GameEntry(
        "words-of-magic",
        "Words of Magic",
        _words_of_magic,
        _words_of_magic_bots,
        ("greedy", "random"),
        word_rules=_words_of_magic_word_rules,
        bot_names=_words_of_magic_bot_names,
        review=_words_of_magic_review,
    ),
    "lost-words": GameEntry(
        "lost-words",
        "The Lost Words",
        _lost_words,
        _lost_words_bots,
        ("heuristic", "random"),
        forced_actions=frozenset({"end", "decline"}),
    ),
    "magos-y-tabernas": GameEntry(
        "magos-y-tabernas",
        "Magos y Tabernas",
        _magos_y_tabernas,
        _magos_y_tabernas_bots,
        ("heuristic", "random"),
        auto_pass_action="pass",
        concerns=_magos_y_tabernas_concerns,
    ),
    "wizards-wanted": GameEntry(
        "wizards-wanted",
        "Wizards Wanted",
        _wizards_wanted,
        _wizards_wanted_bots,
        ("heuristic", "random"),
        with_bots={"turn_limit": WW_BOT_TABLE_TURN_LIMIT},
        documents=(
            GameDocument(
                "board.svg",
                "image/svg+xml",
                "wizardsWantedBoard",
                "The Wizards Wanted board, drawn from its data, for front ends to show.",
                _wizards_wanted_board,
            ),
        ),
    ),
}

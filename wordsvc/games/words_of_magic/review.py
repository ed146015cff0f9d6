"""A finished game of Words of Magic reviewed turn by turn: what each seat played, the best
play the solver finds for the same hand, table and magic, and what each would have done to
the game's objective (cards out of hand and deck for good: the fewest cards win).

Both plays are measured by the engine: the state before the turn's word (or pass) is
copied, the play applied to it, and the seat's cards counted before and after. So the
review never trusts the solver's own arithmetic, and a play it proposes that the rules
refused would show as an error here, not as a number.

What the review cannot know: the cards drawn after a turn (the best play of a turn is best
for that hand and table, not for the rest of the game), and, where the solver's search was
cut by its budget (``proven`` false), whether a better play exists: the page then says
"best found". It sees what the seat's own view showed (hands are open in this game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from wordsvc.errors import InternalError
from wordsvc.games.contract import Action, Game, RuleError, Seat, State, copy_state
from wordsvc.games.words_of_magic.bots import (
    EverydayBot,
    SolverBot,
    better_than_passing,
    play_action,
)
from wordsvc.games.words_of_magic.view import WordsOfMagicView, typed_view
from wordsvc.solver.solve import Solver

#: The solver's budget for a turn's best play, ms (counted in steps: the same every time).
REVIEW_BUDGET_MS = 40
#: Common words missed, listed per turn at most.
MISSED_WORDS = 3
#: The actions that end a seat's choice of word: the turns reviewed.
TURN_ACTIONS = frozenset({"form_word", "pass"})


@dataclass(frozen=True)
class ReviewSlot:
    """One letter of a word and what lay there: a letter card, a joker card, a joker token,
    a Familiar card or the Amazon's letter."""

    letter: str
    source: str


@dataclass(frozen=True)
class ReviewPlay:
    """A play: a word (its letters, the Familiar's property used) or a pass; the magic
    cards its seat played in the same turn; and the cards it took out of the seat's hand
    and deck for good (``shed``)."""

    word: str | None
    slots: tuple[ReviewSlot, ...]
    property: str | None
    magic: tuple[str, ...]
    shed: int


@dataclass(frozen=True)
class TurnReview:
    """One seat's turn: the play made, the best play found and the common words missed."""

    seat: Seat
    turn: int  # the seat's own turn, from 1
    action: int  # the number of the logged action that made the play
    made: ReviewPlay
    best: ReviewPlay
    proven: bool  # the search ran to its end: no better play exists for that hand
    missed: tuple[str, ...]


@dataclass(frozen=True)
class SeatReview:
    """A seat over the game: ``accuracy`` is the cards it shed over the cards the best plays
    would have (at most 1; None when no turn could shed any), with its longest word, its
    best turn (most cards shed) and its biggest miss (most cards short of the best)."""

    seat: Seat
    accuracy: float | None
    shed: int
    best_shed: int
    longest_word: str | None
    best_turn: int | None
    biggest_miss_turn: int | None
    biggest_miss: int


@dataclass(frozen=True)
class GameReview:
    turns: tuple[TurnReview, ...]
    seats: tuple[SeatReview, ...]

    def to_record(self) -> dict[str, object]:
        """Plain values, as the session store keeps it."""
        return asdict(self)

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> GameReview:
        """The review :meth:`to_record` gave."""
        turns = tuple(
            TurnReview(
                **{
                    **turn,
                    "made": _play(turn["made"]),
                    "best": _play(turn["best"]),
                    "missed": tuple(turn["missed"]),
                }
            )
            for turn in record["turns"]
        )
        return cls(turns, tuple(SeatReview(**seat) for seat in record["seats"]))


def _play(record: Mapping[str, Any]) -> ReviewPlay:
    slots = tuple(ReviewSlot(**slot) for slot in record["slots"])
    return ReviewPlay(**{**record, "slots": slots, "magic": tuple(record["magic"])})


class Reviewer:
    """Reviews finished games of one engine with one solver."""

    def __init__(self, game: Game, solver: Solver) -> None:
        self.game = game
        self.best = _BestPlays(solver)
        self.everyday = _KnownWords(solver)

    def review(
        self, options: Mapping[str, object], seed: int, log: Sequence[tuple[Seat, Action]]
    ) -> GameReview:
        """The review of the game ``log`` played from ``options`` and ``seed``."""
        state = self.game.new(options, seed)
        turns: list[TurnReview] = []
        played: dict[Seat, int] = {}
        for number, (seat, action) in enumerate(log, 1):
            before = state
            state, _ = self.game.apply(state, seat, action)
            if action["type"] not in TURN_ACTIONS:
                continue
            played[seat] = played.get(seat, 0) + 1
            turns.append(self._turn(before, state, seat, action, number, played[seat], log))
        seats = tuple(_seat_review(seat, turns) for seat in range(len(state["players"])))
        return GameReview(tuple(turns), seats)

    def _turn(
        self,
        before: State,
        after: State,
        seat: Seat,
        action: Action,
        number: int,
        turn: int,
        log: Sequence[tuple[Seat, Action]],
    ) -> TurnReview:
        view = typed_view(self.game.view(before, seat))
        solution = self.best.solve(view, seat, 1)
        plays = better_than_passing(solution)
        magic = _magic_of_turn(view, seat, number, log)
        made = _reviewed(view, action, _shed(before, after, seat), magic)
        best_action = (
            play_action(plays[0], view["players"][seat], view["balance"]["yellow"])
            if plays
            else {"type": "pass"}
        )
        if _same_play(best_action, action):
            best = made
        else:
            best = _reviewed(view, best_action, self._shed_by(before, seat, best_action), ())
        if best.shed <= made.shed:
            # As good as the best (the solver weighs tokens and neighbours too, and may rank
            # another play of as many cards higher): the play made is the best shown.
            best = made
        words = [p.layout.word for p in self.everyday.solve(view, seat, 8).plays if p.layout]
        missed = tuple(w for w in dict.fromkeys(words) if w != made.word)[:MISSED_WORDS]
        return TurnReview(seat, turn, number, made, best, solution.complete, missed)

    def _shed_by(self, before: State, seat: Seat, action: Action) -> int:
        try:
            after, _ = self.game.apply(copy_state(before), seat, action)
        except RuleError as error:
            raise InternalError(
                f"the solver's play {action!r} is refused by the rules ({error.code})"
            ) from error
        return _shed(before, after, seat)


class _BestPlays(SolverBot):
    """The solver as the greedy bot asks it, with the review's budget."""

    budget_ms = REVIEW_BUDGET_MS


class _KnownWords(EverydayBot):
    """... over the words people know only: the common words a turn missed."""

    budget_ms = REVIEW_BUDGET_MS


def _cards(state: State, seat: Seat) -> int:
    player = state["players"][seat]
    return len(player["hand"]) + len(player["deck"])


def _shed(before: State, after: State, seat: Seat) -> int:
    """The cards the seat's play took out of its hand and deck (a pass that draws: none)."""
    return max(0, _cards(before, seat) - _cards(after, seat))


def _same_play(a: Action, b: Action) -> bool:
    if a["type"] != b["type"]:
        return False
    if a["type"] == "pass":
        return True
    keys = ("word", "slots", "property", "discard")
    return all(a.get(k) == b.get(k) for k in keys)


def _reviewed(
    view: WordsOfMagicView, action: Action, shed: int, magic: tuple[str, ...]
) -> ReviewPlay:
    if action["type"] != "form_word":
        return ReviewPlay(None, (), None, magic, shed)
    word = str(action["word"])
    slots = tuple(
        ReviewSlot(letter, str(slot["source"]))
        for letter, slot in zip(word, _slots(action), strict=False)
    )
    prop = action.get("property")
    return ReviewPlay(word, slots, None if prop is None else str(prop), magic, shed)


def _slots(action: Action) -> list[Mapping[str, object]]:
    slots = action["slots"]
    if not isinstance(slots, list):
        raise InternalError("a form_word action lays out its slots as a list")
    return slots


def _magic_of_turn(
    view: WordsOfMagicView, seat: Seat, number: int, log: Sequence[tuple[Seat, Action]]
) -> tuple[str, ...]:
    """The magic cards the seat played in the turn whose word (or pass) is action
    ``number``: after the previous word or pass, up to the next one."""
    start = number - 1
    while start > 0 and log[start - 1][1]["type"] not in TURN_ACTIONS:
        start -= 1
    end = number
    while end < len(log) and log[end][1]["type"] not in TURN_ACTIONS:
        end += 1
    names = {c["id"]: c.get("magic") for p in view["players"] for c in p["hand"]}
    return tuple(
        str(names.get(str(action["card"])) or "magic")
        for s, action in log[start:end]
        if s == seat and action["type"] == "play_magic"
    )


def _seat_review(seat: Seat, turns: Sequence[TurnReview]) -> SeatReview:
    own = [t for t in turns if t.seat == seat]
    shed = sum(t.made.shed for t in own)
    best_shed = sum(t.best.shed for t in own)
    words = [t.made.word for t in own if t.made.word]
    best_turn = max(own, key=lambda t: t.made.shed, default=None)
    miss = max(own, key=lambda t: t.best.shed - t.made.shed, default=None)
    gap = 0 if miss is None else miss.best.shed - miss.made.shed
    return SeatReview(
        seat,
        shed / best_shed if best_shed else None,
        shed,
        best_shed,
        max(words, key=len, default=None),
        best_turn.turn if best_turn is not None and best_turn.made.shed else None,
        miss.turn if miss is not None and gap else None,
        gap,
    )

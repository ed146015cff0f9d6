"""The Familiar's codex: what a word of each length makes the neighbours take and the player
draw, who the neighbours are, and how Balance of Power cards are dealt when a deck runs short.

The table is data (``data/codex.toml`` beside this module); the game engine and the solver
read it, and deal by it, through the same functions.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from wordsvc.errors import ConfigurationError

CODEX_FILE = Path(__file__).resolve().parent / "data" / "codex.toml"
#: Balance of Power colours, from the easiest cards to use to the hardest.
COLOURS = ("green", "yellow", "red")


@dataclass(frozen=True, slots=True)
class CodexRow:
    length: int
    neighbours: tuple[str, ...]  # Balance of Power colours each neighbour takes
    draw_up_to: int


@dataclass(frozen=True)
class Codex:
    rows: tuple[CodexRow, ...]  # consecutive lengths; the last row covers longer words

    @property
    def shortest(self) -> int:
        return self.rows[0].length

    def row(self, length: int) -> CodexRow:
        """The row for a word of ``length`` letters (the last row for any longer word)."""
        if length < self.shortest:
            raise ValueError(f"the codex has no row for {length} letters")
        return self.rows[min(length, self.rows[-1].length) - self.shortest]

    @classmethod
    def from_data(cls, data: Mapping[str, object], origin: str = "codex") -> Codex:
        raw_rows = data.get("row")
        if not isinstance(raw_rows, list) or not raw_rows:
            raise ConfigurationError(f"{origin}: no [[row]] tables")
        rows: list[CodexRow] = []
        for i, raw in enumerate(raw_rows):
            try:
                row = CodexRow(int(raw["length"]), tuple(raw["neighbours"]), int(raw["draw_up_to"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise ConfigurationError(f"{origin}: row {i} is malformed ({exc})") from None
            if any(c not in COLOURS for c in row.neighbours) or row.draw_up_to < 0:
                raise ConfigurationError(f"{origin}: row {i} has an unknown colour or count")
            if rows and row.length != rows[-1].length + 1:
                raise ConfigurationError(f"{origin}: row lengths must be consecutive")
            rows.append(row)
        return cls(tuple(rows))


@cache
def load_codex(path: Path = CODEX_FILE) -> Codex:
    with path.open("rb") as fh:
        return Codex.from_data(tomllib.load(fh), str(path))


def neighbours(seat: int, players: int, two_player_deals_twice: bool) -> list[int]:
    """The seats that take the codex's Balance of Power cards after ``seat``'s word, in the
    order they are dealt: the left neighbour, then the right one. In a two-player game both
    are the same player, who takes the cards once, or twice with ``two_player_deals_twice``
    (an interpretation; docs/rules/words-of-magic.md)."""
    left, right = (seat + 1) % players, (seat - 1) % players
    if players == 2:
        return [left, left] if two_player_deals_twice else [left]
    return [left, right]


def deal_order(
    colours: Sequence[str],
    neighbours: int,
    decks: Mapping[str, int] | None = None,
    no_red: Collection[int] = (),
) -> list[tuple[int, str]]:
    """Every Balance of Power card dealt, as (neighbour, colour) in the order it is dealt,
    neighbour 0 being the one on the active player's left.

    Each colour in ``colours`` is one card per neighbour. When ``decks`` (cards left per
    colour) cannot serve everyone, players take cards in turn clockwise from the player on the
    left until that deck runs out (rulebook); ``None`` means the decks are deep enough. The
    neighbours in ``no_red`` (a Dragon) never take a red card.
    """
    dealt: list[tuple[int, str]] = []
    left = dict(decks) if decks is not None else None
    for colour in colours:
        for taker in range(neighbours):
            if colour == "red" and taker in no_red:
                continue
            if left is not None:
                if left.get(colour, 0) <= 0:
                    break
                left[colour] -= 1
            dealt.append((taker, colour))
    return dealt


def deal_balance(
    colours: Sequence[str],
    neighbours: int,
    decks: Mapping[str, int] | None = None,
    no_red: Collection[int] = (),
) -> list[list[str]]:
    """The colours each neighbour takes, neighbour 0 first (:func:`deal_order`, by taker)."""
    dealt: list[list[str]] = [[] for _ in range(neighbours)]
    for taker, colour in deal_order(colours, neighbours, decks, no_red):
        dealt[taker].append(colour)
    return dealt

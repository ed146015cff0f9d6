"""The Familiar's codex: what a word of each length makes the neighbours take and the player
draw, and how Balance of Power cards are dealt when a deck runs short.

The table is data (``wordsvc/data/codex.toml``); the game engine uses the same functions.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from wordsvc.config import PACKAGE_DIR
from wordsvc.errors import ConfigurationError

CODEX_FILE = PACKAGE_DIR / "data" / "codex.toml"
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


def deal_balance(
    colours: Sequence[str], neighbours: int, decks: Mapping[str, int] | None = None
) -> list[list[str]]:
    """The Balance of Power cards each neighbour takes, neighbour 0 being the one on the
    active player's left.

    Each colour in ``colours`` is one card per neighbour. When ``decks`` (cards left per
    colour) cannot serve everyone, players take cards in turn clockwise from the player on the
    left until that deck runs out (rulebook); ``None`` means the decks are deep enough.
    """
    dealt: list[list[str]] = [[] for _ in range(neighbours)]
    left = dict(decks) if decks is not None else None
    for colour in colours:
        for taker in dealt:
            if left is not None:
                if left.get(colour, 0) <= 0:
                    break
                left[colour] -= 1
            taker.append(colour)
    return dealt

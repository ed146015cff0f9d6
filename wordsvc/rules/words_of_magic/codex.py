"""The Familiar's codex: what a word of each length makes the neighbours take and the player
draw, who the neighbours are, and how Balance of Power cards are dealt when a deck runs short.

The table is data (``data/codex.toml`` beside this module); the game engine and the solver
read it, and deal by it, through the same functions.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from wordsvc.data_files import DataFile, Raw, codes

CODEX_FILE = Path(__file__).resolve().parent / "data" / "codex.toml"
#: Balance of Power colours, from the easiest cards to use to the hardest.
COLOURS = ("green", "yellow", "red")
#: The codes :func:`load_codex` raises: the field codes, a colour not in :data:`COLOURS`, and
#: row lengths that do not follow on.
DATA_ERRORS = codes("unknown_colour", "row_lengths")


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
        """The codex of a TOML document already read (``origin`` names it in errors)."""
        return _rows(DataFile(Path(origin), DATA_ERRORS), data)


def _rows(file: DataFile, data: Raw) -> Codex:
    """The ``[[row]]`` tables, one per word length, lengths consecutive from the first."""
    rows: list[CodexRow] = []
    for i, raw in enumerate(
        file.tables("the file", file.keys("the file", data, {"row"}), "row", 1)
    ):
        entry = f"row {i}"
        file.keys(entry, raw, {"length", "neighbours", "draw_up_to"})
        length = file.integer(entry, raw, "length", 1)
        neighbours = tuple(
            file.member(entry, "neighbours", colour, COLOURS, "unknown_colour")
            for colour in file.array(entry, raw, "neighbours")
        )
        row = CodexRow(length, neighbours, file.integer(entry, raw, "draw_up_to", 0))
        if rows and row.length != rows[-1].length + 1:
            raise file.fail(
                "row_lengths",
                f"{entry}: row lengths must be consecutive, {rows[-1].length + 1} after "
                f"{rows[-1].length}, not {row.length}",
                entry=entry,
                field="length",
                value=row.length,
                expected=rows[-1].length + 1,
            )
        rows.append(row)
    return Codex(tuple(rows))


@cache
def load_codex(path: Path = CODEX_FILE) -> Codex:
    """The codex of ``path``; raises :class:`ConfigurationError` with a code of
    :data:`DATA_ERRORS` naming the rule broken."""
    file = DataFile(path, DATA_ERRORS)
    return _rows(file, file.read())


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

"""Every text of the play pages (``/play``), in Ukrainian (the default) and English.

The same shape as :mod:`wordsvc.web.texts`: key -> (Ukrainian, English), ``{name}``
placeholders filled by the caller; the page embeds its language's table as JSON for the ES
modules. Each part of the pages keeps its texts in a module of its own here, with its own
key prefix; :data:`PLAY_TEXTS` joins them and refuses a key defined twice. Game titles come
from the registry (``wordsvc/games/registry.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Final

from wordsvc.web.play_texts import (
    common,
    lobby,
    lost_words,
    magos_y_tabernas,
    problems,
    rules,
    seats,
    wizards_wanted,
    words_of_magic,
)
from wordsvc.web.texts import Lang

#: The parts, each a module with a ``TEXTS`` table.
PARTS: Final = (
    common,
    lobby,
    seats,
    rules,
    words_of_magic,
    lost_words,
    magos_y_tabernas,
    wizards_wanted,
    problems,
)


def _joined(parts: tuple[object, ...]) -> dict[str, tuple[str, str]]:
    joined: dict[str, tuple[str, str]] = {}
    for part in parts:
        table: Mapping[str, tuple[str, str]] = getattr(part, "TEXTS")  # noqa: B009
        twice = joined.keys() & table.keys()
        if twice:
            raise ValueError(f"play texts defined twice: {sorted(twice)}")
        joined.update(table)
    return joined


PLAY_TEXTS: Final[dict[str, tuple[str, str]]] = _joined(PARTS)


def play_text(key: str, lang: Lang, **values: object) -> str:
    uk, en = PLAY_TEXTS[key]
    chosen = uk if lang == "uk" else en
    return chosen.format(**values) if values else chosen


#: The key prefixes of the texts every play page uses ("" for keys without one).
SHARED_PREFIXES: Final = frozenset({"", "problem", "seats", "rules", "result", "rematch"})
#: The prefixes of the lobby's texts, and of each game's table's.
LOBBY_PREFIXES: Final = frozenset({"lobby"})
GAME_PREFIXES: Final[dict[str, frozenset[str]]] = {
    "words-of-magic": frozenset({"wom", "review"}),
    "lost-words": frozenset({"lw"}),
    "magos-y-tabernas": frozenset({"myt"}),
    "wizards-wanted": frozenset({"ww"}),
}


#: The texts only one game's table carries (its engine's refusals, its results' words), by
#: game.
GAME_ONLY_KEYS: Final[dict[str, frozenset[str]]] = {
    game: frozenset(table)
    | {key for key in PLAY_TEXTS if key.startswith((f"result.{game}.", f"result.{game}"))}
    for game, table in problems.BY_GAME.items()
}


def left_out_of(game: str | None) -> frozenset[str]:
    """The texts a page of ``game`` (None: the lobby) does without: the other games' own."""
    return frozenset().union(*(keys for name, keys in GAME_ONLY_KEYS.items() if name != game))


def prefix(key: str) -> str:
    """A key's prefix: ``wom`` for ``wom.hand``, "" for ``title``."""
    return key.split(".", 1)[0] if "." in key else ""


@cache
def play_table(
    lang: Lang,
    prefixes: frozenset[str] | None = None,
    limits: tuple[tuple[str, int], ...] = (),
    left_out: frozenset[str] = frozenset(),
) -> dict[str, str]:
    """The texts in ``lang`` a page embeds: those whose prefix is in ``prefixes`` (every
    text when None) and that are not ``left_out``, so that a table carries its own game's
    texts and not the others'; each
    of the service's ``limits`` (``max_name``) written in where a text names it."""
    chosen = {
        key: uk if lang == "uk" else en
        for key, (uk, en) in PLAY_TEXTS.items()
        if (prefixes is None or prefix(key) in prefixes) and key not in left_out
    }
    for name, value in limits:
        chosen = {key: text.replace(f"{{{name}}}", str(value)) for key, text in chosen.items()}
    return chosen

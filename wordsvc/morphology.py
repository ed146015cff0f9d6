"""Dictionary analyses as the judge explains them: lemma, part of speech, grammemes, source."""

from __future__ import annotations

import tomllib
from functools import cache
from typing import NamedTuple

from wordsvc.config import PACKAGE_DIR
from wordsvc.lexicon.store import Kind

GRAMMEMES_FILE = PACKAGE_DIR / "data" / "grammemes.toml"


class Analysis(NamedTuple):
    """One reading of a word form, as one source states it. (A named tuple: the judge makes
    several per check, and tuples are the cheapest immutable records to build.)"""

    lemma: str
    source: str
    tag: str
    pos: str | None
    #: The tag's grammemes, the part of speech among them, sorted.
    grammemes: tuple[str, ...]

    @property
    def description(self) -> tuple[str, ...]:
        """The grammemes' labels for people ("іменник (noun)"...), in the tag's own order."""
        return _description(self.tag)


@cache
def parse_tag(tag: str) -> tuple[str | None, frozenset[str]]:
    """Split an OpenCorpora tag ("NOUN,inan masc,nomn") into its part of speech and grammemes."""
    parts = _ordered(tag)
    pos = parts[0] if parts and parts[0] in parts_of_speech() else None
    return pos, frozenset(parts)


def analysis_of(kind: Kind, lemma: str) -> Analysis:
    pos, grammemes = _sorted_tag(kind.tag)
    return Analysis(lemma=lemma, source=kind.source, tag=kind.tag, pos=pos, grammemes=grammemes)


@cache
def _sorted_tag(tag: str) -> tuple[str | None, tuple[str, ...]]:
    pos, _ = parse_tag(tag)
    return pos, tuple(sorted(_ordered(tag)))


@cache
def _description(tag: str) -> tuple[str, ...]:
    labels = grammeme_labels()
    return tuple(labels[g] for g in _ordered(tag) if g in labels)


def _ordered(tag: str) -> list[str]:
    return [g for g in tag.replace(" ", ",").split(",") if g]


@cache
def _grammeme_table() -> dict[str, dict[str, dict[str, str]]]:
    with GRAMMEMES_FILE.open("rb") as fh:
        return tomllib.load(fh)


@cache
def parts_of_speech() -> frozenset[str]:
    return frozenset(_grammeme_table()["pos"])


@cache
def grammeme_labels() -> dict[str, str]:
    """Grammeme -> "українською (in English)" for people reading an analysis."""
    labels = {}
    for section in _grammeme_table().values():
        for key, names in section.items():
            labels[key] = f"{names['uk']} ({names['en']})"
    return labels

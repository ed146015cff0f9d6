"""The category registry: what each word category admits, defined as data.

Categories come from ``wordsvc/data/categories.toml`` plus one custom category for every word
list under ``dictionaries/categories/`` that the file does not name. A category is a predicate
over analyses (see the file's header); :meth:`Category.judge` applies it to one analysis and
says how far the analysis got, so the judge can explain a refusal by its closest miss.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordsvc.config import CATEGORIES_FILE
from wordsvc.errors import ConfigurationError, UnknownCategory
from wordsvc.lexicon.sources import WordList, read_word_list
from wordsvc.morphology import parse_tag

LIST_SOURCE_PREFIX = "list:"
#: What a custom category's id may be: it names a file in the lexicon and a query value.
CATEGORY_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


@dataclass(frozen=True, slots=True)
class Check:
    reason: str
    require: frozenset[str] = frozenset()
    forbid: frozenset[str] = frozenset()

    def passes(self, grammemes: frozenset[str]) -> bool:
        if self.require and not (self.require & grammemes):
            return False
        return not (self.forbid & grammemes)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One analysis judged by one category: accepted, or the reason and how close it came.

    ``progress`` orders misses, larger is closer: fewer failed checks first (the closest
    miss: "Київ" as the place fails one check, as the genitive plural of "кий" two), then, for
    as many failures, the later first failure. A form outside the rule's sources is farthest.
    """

    accepted: bool
    reason: str | None
    progress: int


ACCEPTED = Outcome(True, None, 1 << 30)
#: How much one more failed check outweighs getting further before the first one.
_PER_FAILURE = 1 << 10


@dataclass(frozen=True, slots=True)
class Rule:
    sources: tuple[str, ...]
    checks: tuple[Check, ...] = ()
    missing_reason: str = "not_in_list"

    def covers(self, source: str) -> bool:
        return any(
            source.startswith(pattern[:-1]) if pattern.endswith("*") else source == pattern
            for pattern in self.sources
        )

    def judge(self, source: str, grammemes: frozenset[str]) -> Outcome:
        if not self.covers(source):
            return Outcome(False, self.missing_reason, -(1 << 20))
        failed = [i for i, check in enumerate(self.checks) if not check.passes(grammemes)]
        if not failed:
            return ACCEPTED
        first = failed[0]
        return Outcome(False, self.checks[first].reason, first - _PER_FAILURE * len(failed))


@dataclass(frozen=True)
class Category:
    id: str
    name_uk: str
    name_en: str
    description: str
    rules: tuple[Rule, ...]
    variant_of: str | None = None
    list_file: str | None = None
    _cache: dict[tuple[str, str], Outcome] = field(default_factory=dict, compare=False, repr=False)

    def judge(self, source: str, tag: str) -> Outcome:
        """The best outcome of this category's rules for one analysis (memoised per kind)."""
        key = (source, tag)
        outcome = self._cache.get(key)
        if outcome is None:
            _, grammemes = parse_tag(tag)
            outcome = max(
                (rule.judge(source, grammemes) for rule in self.rules),
                key=lambda o: o.progress,
            )
            self._cache[key] = outcome
        return outcome


@dataclass(frozen=True)
class Registry:
    """All categories by id, in the order they are declared, and the refusal reasons."""

    categories: dict[str, Category]
    reasons: dict[str, dict[str, str]]
    word_lists: tuple[WordList, ...]
    #: Normative equivalents of listed non-normative words (тоже -> теж), from the comments
    #: of the category lists whose header says ``# notes: normative`` (the surzhyk list).
    equivalents: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _resolved: dict[tuple[str, ...], tuple[Category, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __iter__(self) -> Iterator[Category]:
        return iter(self.categories.values())

    def get(self, category_id: str) -> Category:
        try:
            return self.categories[category_id]
        except KeyError:
            raise UnknownCategory(
                message=f"Unknown category {category_id!r}.",
                details={"category": category_id, "known": list(self.categories)},
            ) from None

    def resolve(self, ids: Iterable[str] | None) -> list[Category]:
        """Categories for the given ids; none given means no restriction (``any``)."""
        key = tuple(ids or ())
        resolved = self._resolved.get(key)
        if resolved is None:
            wanted = [i.strip() for i in key if i and i.strip()]
            if not wanted:
                resolved = (self.categories["any"],)
            else:
                resolved = tuple(self.get(i) for i in dict.fromkeys(wanted))
            if len(self._resolved) < 1024:  # memoised: callers repeat the same few sets
                self._resolved[key] = resolved
        return list(resolved)

    def message(self, reason: str, language: str = "en") -> str:
        return self.reasons.get(reason, {}).get(language, reason.replace("_", " "))


def load_registry(dictionaries_dir: Path, categories_file: Path = CATEGORIES_FILE) -> Registry:
    """Read the declared categories and add a custom one for every undeclared list file."""
    check_dictionaries(dictionaries_dir)
    with categories_file.open("rb") as fh:
        data = tomllib.load(fh)
    lists = category_lists(dictionaries_dir)
    list_files = {LIST_SOURCE_PREFIX + wl.id: wl.path.name for wl in lists}
    categories: dict[str, Category] = {}
    for raw in data["category"]:
        category = _category_from_toml(raw, list_files)
        categories[category.id] = category
    declared_sources = {s for c in categories.values() for r in c.rules for s in r.sources}
    for word_list in lists:
        source = LIST_SOURCE_PREFIX + word_list.id
        if source in declared_sources:
            continue
        if not CATEGORY_ID.fullmatch(word_list.id) or word_list.id in categories:
            raise ConfigurationError(
                f"{word_list.path} cannot be a custom category: its id "
                f"{word_list.id!r} is taken or is not lower-case letters, digits and hyphens.",
                details={"path": str(word_list.path), "id": word_list.id},
            )
        categories[word_list.id] = Category(
            id=word_list.id,
            name_uk=word_list.meta.get("name_uk", word_list.id),
            name_en=word_list.meta.get("name_en", word_list.id),
            description=word_list.meta.get(
                "description", f"Entries of dictionaries/categories/{word_list.path.name}."
            ),
            rules=(Rule(sources=(source,), missing_reason="not_in_list"),),
            list_file=word_list.path.name,
        )
    return Registry(
        categories=categories,
        reasons=data["reasons"],
        word_lists=tuple(lists),
        equivalents=normative_equivalents(lists),
    )


#: The header value (``# notes: normative``) of a list whose entries' comments give their
#: normative equivalents.
NORMATIVE_NOTES = "normative"


def normative_equivalents(lists: Iterable[WordList]) -> dict[str, tuple[str, ...]]:
    """Each entry of a ``# notes: normative`` list with the equivalents its comment gives:
    ``канєшно  # звичайно, звісно`` -> (звичайно, звісно); a sense in brackets stays with its
    word (``вимкнути (прилад)``)."""
    equivalents: dict[str, tuple[str, ...]] = {}
    for word_list in lists:
        if word_list.meta.get("notes") != NORMATIVE_NOTES:
            continue
        for key, note in zip(word_list.keys, word_list.notes, strict=True):
            if note:
                equivalents.setdefault(key, tuple(_alternatives(note)))
    return equivalents


def _alternatives(note: str) -> Iterator[str]:
    """The comma-separated alternatives of a note, commas inside brackets kept."""
    depth, start = 0, 0
    for index, char in enumerate(note):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            yield note[start:index].strip()
            start = index + 1
    if note[start:].strip():
        yield note[start:].strip()


def check_dictionaries(dictionaries_dir: Path) -> None:
    """A :class:`ConfigurationError` when the word lists' folder is missing or holds no list:
    judging without them would quietly refuse every listed word, so it is never done."""
    if not any(dictionaries_dir.glob("*/*.txt")):
        state = "holds no word lists" if dictionaries_dir.is_dir() else "does not exist"
        raise ConfigurationError(
            f"The word lists' folder {dictionaries_dir} {state} (categories/*.txt, "
            "words/*.txt). Point WORDSVC_DICTIONARIES_DIR at wordsvc's dictionaries/ folder, "
            "or unset it to use the lists installed with wordsvc.",
            code="no_dictionaries",
            details={"path": str(dictionaries_dir)},
        )


def category_lists(dictionaries_dir: Path) -> list[WordList]:
    folder = dictionaries_dir / "categories"
    return [read_word_list(p) for p in sorted(folder.glob("*.txt"))] if folder.is_dir() else []


def _category_from_toml(raw: dict[str, Any], list_files: dict[str, str]) -> Category:
    rules = tuple(
        Rule(
            sources=tuple(rule["sources"]),
            checks=tuple(
                Check(
                    reason=check["reason"],
                    require=frozenset(check.get("require", ())),
                    forbid=frozenset(check.get("forbid", ())),
                )
                for check in rule.get("checks", ())
            ),
            missing_reason=rule.get("missing_reason", "not_in_list"),
        )
        for rule in raw["rule"]
    )
    return Category(
        id=raw["id"],
        name_uk=raw["name_uk"],
        name_en=raw["name_en"],
        description=raw["description"],
        rules=rules,
        variant_of=raw.get("variant_of"),
        list_file=next((list_files[s] for r in rules for s in r.sources if s in list_files), None),
    )

"""Compile the lexicon: read every source, attach analyses, write the tries and category sets.

The build is a pure function of its inputs (pymorphy3-dicts-uk, ``dictionaries/``, Debian's
word list when present, wordfreq's Ukrainian list, ``categories.toml`` and
``commonness.toml``). A fingerprint of those inputs names the
result, so a service can tell at start, without reading any dictionary, whether the lexicon on
disk is up to date.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from wordsvc.alphabet import HYPHEN, LETTERS, MIN_WORD_LENGTH, word_length
from wordsvc.categories import LIST_SOURCE_PREFIX, Registry, load_registry
from wordsvc.config import CATEGORIES_FILE, Settings
from wordsvc.errors import ConfigurationError
from wordsvc.lexicon import sources
from wordsvc.lexicon.frequency import COMMONNESS_FILE, read_wordfreq, zipf_units
from wordsvc.lexicon.letter_index import LetterIndex
from wordsvc.lexicon.sources import UPPERCASE, Entry, SourceInfo, WordList, capitalisation_tag
from wordsvc.lexicon.store import (
    FORMAT_VERSION,
    REVERSED_PLAYABLE,
    Kind,
    LexiconWriter,
    Manifest,
    StoredLexicon,
    build_lock,
    current_manifest,
    read_manifest,
    version_dir,
)
from wordsvc.lexicon.suggest_index import SuggestIndex
from wordsvc.morphology import parse_tag

WORDS_SOURCE_PREFIX = "words:"
PYMORPHY = sources.PYMORPHY_SOURCE
PROPER_NOUN_LIST = "proper-noun"
#: How the build reads its sources: raised when the same sources give other analyses (2:
#: lexeme marks per lexeme, capitalised lemmas from dictionaries/lemmas/; 3: tagged word
#: lists, the Zipf value of every listed word, known or not), so lexicons built the old way
#: are rebuilt, as a changed source would make them.
BUILD_RULES = 3
#: Pseudo-grammeme for dictionary nouns whose lemma is a proper noun (see docs/lexicon.md).
PROPER = "Prop"
#: The dictionary's own abbreviation mark, added where it left it off (see _mark_lexemes).
ABBREVIATION = "Abbr"


class Progress(Protocol):
    """Receives build progress; the CLI draws it as progress bars."""

    def phase(self, name: str, total: int | None = None) -> None: ...
    def advance(self, count: int) -> None: ...
    def done(self, summary: str) -> None: ...
    def note(self, message: str) -> None: ...


class SilentProgress:
    def phase(self, name: str, total: int | None = None) -> None:
        pass

    def advance(self, count: int) -> None:
        pass

    def done(self, summary: str) -> None:
        pass

    def note(self, message: str) -> None:
        pass


@dataclass(frozen=True)
class BuildInputs:
    """Everything a build reads, located but not yet read."""

    settings: Settings
    system_wordlist: Path | None
    pymorphy_dir: Path

    @classmethod
    def discover(cls, settings: Settings) -> BuildInputs:
        return cls(
            settings=settings,
            system_wordlist=sources.system_wordlist_path(),
            pymorphy_dir=sources.pymorphy_dictionary_path(),
        )

    def capitalised_lemmas_file(self) -> Path:
        """Lemmas the dictionary has as common nouns that are proper nouns or abbreviations
        (made by scripts/derive_capitalised_lemmas.py)."""
        return self.settings.dictionaries_dir / "lemmas" / "capitalised.txt"

    def word_list_files(self) -> list[Path]:
        return sorted((self.settings.dictionaries_dir / "words").glob("*.txt"))

    def parts(self) -> dict[str, object]:
        """What each input is, by name: versions, digests of small files, size and mtime of
        big ones. The manifest keeps them, so that a rebuild can say what changed."""
        parts: dict[str, object] = {
            "lexicon format": FORMAT_VERSION,
            "build rules": BUILD_RULES,
            "wordsvc": importlib.metadata.version("wordsvc"),
            "pymorphy3-dicts-uk": importlib.metadata.version("pymorphy3-dicts-uk"),
            "wordfreq": importlib.metadata.version("wordfreq"),
            "commonness.toml": _digest(COMMONNESS_FILE),
            # its size, not its path or time: the version above pins it, and every virtual
            # environment holds its own copy, which must not make another's lexicon stale
            "pymorphy3-dicts-uk words.dawg": (self.pymorphy_dir / "words.dawg").stat().st_size,
            "Debian's word list": _stat(self.system_wordlist) if self.system_wordlist else None,
            "categories.toml": _digest(CATEGORIES_FILE),
        }
        dictionaries = self.settings.dictionaries_dir
        for path in sorted(dictionaries.glob("*/*.txt")) if dictionaries.is_dir() else []:
            parts[f"dictionaries/{path.relative_to(dictionaries)}"] = _digest(path)
        return parts

    def fingerprint(self) -> str:
        """A hash of :meth:`parts`: equal inputs, equal fingerprints."""
        return fingerprint_of(self.parts())


def fingerprint_of(parts: Mapping[str, object]) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def _stat(path: Path) -> list[object]:
    info = path.stat()
    return [str(path), info.st_size, info.st_mtime_ns]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def is_up_to_date(settings: Settings) -> bool:
    return stale_reason(settings) is None


def stale_reason(settings: Settings) -> str | None:
    """Why the lexicon on disk must be (re)built, for people; None when it is up to date."""
    now = BuildInputs.discover(settings).parts()  # the dictionaries' files read once
    if version_dir(settings.data_dir, fingerprint_of(now)) is not None:
        return None
    manifest = current_manifest(settings.data_dir)  # what was built last, to compare with
    if manifest is None:
        return "no lexicon has been built yet (first use)"
    before = manifest.get("inputs")
    if not isinstance(before, dict):
        return "the lexicon was built by an older wordsvc"
    changed = []
    for name in sorted(set(before) | set(now)):
        old, new = before.get(name), now.get(name)
        if old == new:
            continue
        if name == "Debian's word list" and (old is None) != (new is None):
            changed.append(f"Debian's word list was {'installed' if old is None else 'removed'}")
        elif isinstance(old, str | int) and isinstance(new, str | int) and len(str(new)) < 64:
            changed.append(f"{name} {old} → {new}")
        elif old is None or new is None:
            changed.append(f"{name} was {'added' if old is None else 'removed'}")
        else:
            changed.append(f"{name} changed")
    return "its sources changed: " + "; ".join(changed)


def build(settings: Settings, progress: Progress | None = None) -> Manifest:
    """Build and publish the lexicon; return its manifest.

    One process builds a version at a time: a second one started meanwhile (a
    ``wordsvc check`` while ``wordsvc serve`` builds on first use) waits for the first and
    then uses what it built rather than building it again."""
    progress = progress or SilentProgress()
    inputs = BuildInputs.discover(settings)
    registry = load_registry(settings.dictionaries_dir)
    fingerprint = inputs.fingerprint()

    def waiting() -> None:
        progress.note("Another process is building this lexicon: waiting for it to finish.")

    with build_lock(settings.data_dir, fingerprint, waiting) as at_once:
        if not at_once:
            built = version_dir(settings.data_dir, fingerprint)
            manifest = read_manifest(built) if built is not None else None
            if manifest is not None:
                progress.note("Another process has just built this lexicon: using it.")
                return manifest
        writer = LexiconWriter(settings.data_dir, fingerprint)
        try:
            manifest = _build(inputs, registry, writer, progress)
            published = writer.publish(manifest)
        except BaseException:
            writer.abort()
            raise
    return read_manifest(published) or manifest


def open_lexicon(settings: Settings) -> StoredLexicon:
    """The lexicon built from the sources this install sees (another install sharing the
    data directory may have published a different one since)."""
    return StoredLexicon(settings.data_dir, BuildInputs.discover(settings).fingerprint())


def _build(
    inputs: BuildInputs, registry: Registry, writer: LexiconWriter, progress: Progress
) -> Manifest:
    started = time.perf_counter()
    timings: dict[str, float] = {}
    kinds: dict[Kind, int] = {}
    records: list[tuple[str, int, str]] = []
    per_source: dict[str, int] = {}
    skipped: dict[str, int] = {}
    source_infos: list[SourceInfo] = []

    def add(source: str, entries: Iterator[Entry], total: int | None) -> None:
        clock = time.perf_counter()
        progress.phase(f"Reading {source}", total)
        count = 0
        kind_ids: dict[str, int] = {}  # tag -> kind id, for this source
        append = records.append
        for word, lemma, tag in entries:
            kind_id = kind_ids.get(tag)
            if kind_id is None:
                kind_id = kind_ids[tag] = kinds.setdefault(Kind(source, tag), len(kinds))
            append((word, kind_id, lemma))
            count += 1
            if count % 100_000 == 0:
                progress.advance(100_000)
        progress.advance(count % 100_000)
        per_source[source] = per_source.get(source, 0) + count
        progress.done(f"{count:,} analyses")
        timings[f"read {source}"] = round(time.perf_counter() - clock, 2)

    info = sources.pymorphy_info()
    source_infos.append(info)
    add(info.id, sources.iter_pymorphy(skipped), _pymorphy_size(inputs.pymorphy_dir))
    dictionary_words = {word for word, _, _ in records}

    lists: list[tuple[str, WordList]] = [
        (WORDS_SOURCE_PREFIX, sources.read_word_list(p)) for p in inputs.word_list_files()
    ] + [(LIST_SOURCE_PREFIX, wl) for wl in registry.word_lists]
    rejected_lines: dict[str, list[object]] = {}
    for prefix, word_list in lists:
        _check_tags(word_list)
        info = word_list.info(prefix.rstrip(":"))
        source_infos.append(info)
        add(info.id, sources.list_entries(word_list), len(word_list.words))
        if word_list.rejected:
            rejected_lines[info.id] = [list(r) for r in word_list.rejected]

    if inputs.system_wordlist is not None:
        info = sources.system_info(inputs.system_wordlist)
        source_infos.append(info)
        # Only forms the dictionary lacks: what the list says of the dictionary's own forms
        # (a capital, capitals) comes from dictionaries/lemmas/capitalised.txt, so that
        # verdicts on them are the same without the list.
        entries = (
            e
            for e in sources.iter_system_wordlist(inputs.system_wordlist, skipped)
            if e.word not in dictionary_words
        )
        add(info.id, entries, None)
        system_note = None
    else:
        system_note = (
            "Debian's Ukrainian word list (/usr/share/dict/ukrainian, package wukrainian) is "
            "not installed: the lexicon has fewer proper nouns. Install it and rebuild."
        )
        progress.note(system_note)
    del dictionary_words
    marked = _mark_lexemes(inputs, registry, kinds, records, per_source[PYMORPHY])
    progress.done(
        f"{marked[PROPER]:,} dictionary analyses marked as proper nouns (Prop), "
        f"{marked[ABBREVIATION]:,} as abbreviations (Abbr)"
    )

    clock = time.perf_counter()
    kind_list = sorted(kinds, key=kinds.__getitem__)
    progress.phase("Writing the forms trie", None)
    counts = writer.write_forms(kind_list, records)
    progress.done(f"{counts['forms']:,} forms, {counts['lemmas']:,} lemmas")
    timings["write forms"] = round(time.perf_counter() - clock, 2)

    clock = time.perf_counter()
    progress.phase("Reading word frequencies (wordfreq)", None)
    frequencies = read_wordfreq()
    source_infos.append(frequencies.info)
    counts["with_zipf"], counts["zipf_words"] = writer.write_zipf(frequencies.zipf)
    progress.done(
        f"{counts['with_zipf']:,} forms have a Zipf value, of {counts['zipf_words']:,} listed words"
    )
    timings["write word frequencies"] = round(time.perf_counter() - clock, 2)

    clock = time.perf_counter()
    set_sizes, letters = _write_category_sets(
        registry, kind_list, records, writer, progress, timings, frequencies.zipf
    )
    timings["write category sets"] = round(time.perf_counter() - clock, 2)
    timings["total"] = round(time.perf_counter() - started, 2)

    return {
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "wordsvc_version": importlib.metadata.version("wordsvc"),
        "sources": [s.to_record() for s in source_infos],
        "inputs": inputs.parts(),
        "system_wordlist": system_note or "included",
        "counts": {
            **counts,
            "kinds": len(kind_list),
            "analyses_by_source": per_source,
            "skipped_by_source": skipped,
            "categories": set_sizes,
        },
        "letter_counts": letters,
        "rejected_list_lines": rejected_lines,
        "seconds": timings,
    }


def _check_tags(word_list: WordList) -> None:
    """A tagged list's entries each carry a tag that starts with a known part of speech
    (``вже  # ADVB``): a typo there would make a word no category can explain."""
    if not word_list.tagged:
        return
    for word, note in zip(word_list.words, word_list.notes, strict=True):
        if parse_tag(note)[0] is None:
            raise ConfigurationError(
                f"{word_list.path}: the entry {word!r} has no part of speech in its comment "
                f"({note!r}); its header says `# tags: comment`, so each entry ends with one, "
                "such as `  # ADVB`.",
                code="untagged_entry",
                details={"path": str(word_list.path), "entry": word},
            )


def _mark_lexemes(
    inputs: BuildInputs,
    registry: Registry,
    kinds: dict[Kind, int],
    records: list[tuple[str, int, str]],
    dictionary_records: int,
) -> Counter[str]:
    """Add ``Prop`` or ``Abbr`` to the dictionary nouns of lemmas that are proper nouns or
    abbreviations although the dictionary tags them as common nouns.

    pymorphy3-dicts-uk tags place names (Львів, Україна) as plain nouns, gives some surnames
    a second, common reading (шевченко, neuter), and leaves ``Abbr`` off some abbreviations.
    A lemma is proper when the proper-noun list has it or ``dictionaries/lemmas/
    capitalised.txt`` spells it with a capital, an abbreviation when either spells it in
    capitals (США is both). Both are shipped data, never the optional Debian list, so that a
    verdict on a dictionary form is the same with or without it. Returns how many analyses
    got each mark.
    """
    marks: dict[str, set[str]] = {}
    path = inputs.capitalised_lemmas_file()
    lists = [sources.read_word_list(path)] if path.is_file() else []
    lists += [w for w in registry.word_lists if w.id == PROPER_NOUN_LIST]
    for word_list in lists:
        for written, key in zip(word_list.words, word_list.keys, strict=True):
            wanted = marks.setdefault(key, set())
            capitals = capitalisation_tag(written) == UPPERCASE
            if capitals:
                wanted.add(ABBREVIATION)
            if not capitals or word_list.id == PROPER_NOUN_LIST:  # США: a place, in capitals
                wanted.add(PROPER)
    ids = {kind_id: kind for kind, kind_id in kinds.items()}
    marked: Counter[str] = Counter()
    for index in range(dictionary_records):
        word, kind_id, lemma = records[index]
        lemma_marks = marks.get(lemma)
        if lemma_marks is None:
            continue
        kind = ids[kind_id]
        pos, grammemes = parse_tag(kind.tag)
        missing = sorted(lemma_marks - grammemes, reverse=True)  # Prop, then Abbr
        if pos != "NOUN" or not missing:
            continue
        marked_kind = Kind(kind.source, ",".join([kind.tag, *missing]))
        marked_id = kinds.get(marked_kind)
        if marked_id is None:
            marked_id = kinds[marked_kind] = len(kinds)
            ids[marked_id] = marked_kind
        records[index] = (word, marked_id, lemma)
        marked.update(missing)
    return marked


def _write_category_sets(
    registry: Registry,
    kinds: list[Kind],
    records: list[tuple[str, int, str]],
    writer: LexiconWriter,
    progress: Progress,
    timings: dict[str, float],
    zipf: Mapping[str, float],
) -> tuple[dict[str, int], dict[str, int]]:
    """One trie per category with every playable form it admits (any analysis accepted).
    The solver's and the suggestions' indexes over the same forms are written here too; the
    suggestion index's time goes into ``timings`` on its own (it is part of the total)."""
    categories = list(registry)
    kind_masks = [
        sum(1 << bit for bit, c in enumerate(categories) if c.judge(k.source, k.tag).accepted)
        for k in kinds
    ]
    progress.phase("Sorting forms into categories", len(records))
    masks: dict[str, int] = {}
    for start in range(0, len(records), 500_000):
        for word, kind_id, _ in records[start : start + 500_000]:
            masks[word] = masks.get(word, 0) | kind_masks[kind_id]
        progress.advance(min(500_000, len(records) - start))
    members: list[list[str]] = [[] for _ in categories]
    playable: list[str] = []
    for word, mask in masks.items():
        if not mask or HYPHEN in word or word_length(word) < MIN_WORD_LENGTH:
            continue
        playable.append(word)
        bit = 0
        while mask:
            if mask & 1:
                members[bit].append(word)
            mask >>= 1
            bit += 1
    progress.phase("Writing category tries", len(categories) + 1)
    sizes = {}
    for category, words in zip(categories, members, strict=True):
        sizes[category.id] = writer.write_set(category.id, words)
        progress.advance(1)
    # Patterns that start with * are matched backwards on this one.
    writer.write_set(REVERSED_PLAYABLE, (word[::-1] for word in playable))
    progress.advance(1)
    progress.done(", ".join(f"{name} {size:,}" for name, size in sizes.items()))
    # The solver finds the words a hand can form by their letter counts.
    progress.phase("Writing the solver's letter index", None)

    def units(word: str) -> int:
        return zipf_units(zipf.get(word, 0.0))

    letter_index = LetterIndex.from_words(playable, units)
    writer.write_letter_index(letter_index)
    progress.done(f"{len(playable):,} forms")
    # Suggestions for refused words look up their neighbours in this index.
    clock = time.perf_counter()
    progress.phase("Writing the suggestion index", len(playable))
    suggest_index = SuggestIndex.from_words(
        ((word, masks[word]) for word in playable),
        [category.id for category in categories],
        progress.advance,
        column=letter_index.column,  # the suggestions read their words from the solver's
    )
    writer.write_suggest_index(suggest_index)
    progress.done(f"{len(suggest_index.variant_keys):,} deletion variants")
    timings["of which the suggestion index"] = round(time.perf_counter() - clock, 2)
    return sizes, letter_counts(playable)


def letter_counts(words: Iterable[str]) -> dict[str, int]:
    """How often each letter occurs over ``words``, in alphabet order: the lexicon's letter
    frequencies, which the solver and the card distributions use."""
    counts = Counter("".join(words))
    return {letter: counts[letter] for letter in LETTERS}


def _pymorphy_size(path: Path) -> int | None:
    try:
        meta = dict(json.loads((path / "meta.json").read_text(encoding="utf-8")))
        return int(meta["words_dawg_length"])
    except (OSError, ValueError, KeyError, TypeError):
        return None

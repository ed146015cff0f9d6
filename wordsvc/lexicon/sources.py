"""Readers for the lexicon's sources: pymorphy3-dicts-uk, word lists and Debian's word list.

Each reader yields :class:`Entry` records: one word form with one analysis. Only what a source
really states is yielded; nothing is guessed. pymorphy3's dictionary is read directly from its
``words.dawg`` (every known form with its paradigm), never through ``MorphAnalyzer.parse``,
whose guesses and ґ/г substitutions must not make a word valid.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from wordsvc.alphabet import fold_case, is_lexicon_key, normalise
from wordsvc.errors import ConfigurationError, InvalidWord

PYMORPHY_SOURCE = "pymorphy3-dicts-uk"
SYSTEM_SOURCE = "system-wordlist"
SYSTEM_WORDLIST = Path("/usr/share/dict/ukrainian")

#: The header value (``# tags: comment``) of a list whose entries carry their tag in their
#: trailing comment (``вже  # ADVB``).
TAGS_IN_COMMENT = "comment"
#: Pseudo-grammemes for entries of plain word lists, which carry no tags of their own.
CAPITALISED = "Capitalised"
UPPERCASE = "Uppercase"


class Entry(NamedTuple):
    """One analysis of one word form: the lexicon key, its lemma as written, a tag."""

    word: str
    lemma: str
    tag: str


@dataclass(frozen=True)
class SourceInfo:
    """What the manifest records of a source."""

    id: str
    kind: str
    version: str
    checksum: str
    path: str | None = None
    meta: dict[str, str] = field(default_factory=dict)

    def to_record(self) -> dict[str, object]:
        """The source as the lexicon's manifest file records it."""
        return {
            "id": self.id,
            "kind": self.kind,
            "version": self.version,
            "checksum": self.checksum,
            "path": self.path,
            "meta": self.meta,
        }


def file_checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return "sha256:" + digest.hexdigest()


# --- pymorphy3-dicts-uk ---------------------------------------------------------------------


def pymorphy_dictionary_path() -> Path:
    import pymorphy3_dicts_uk

    return Path(pymorphy3_dicts_uk.get_path())


def pymorphy_info() -> SourceInfo:
    path = pymorphy_dictionary_path()
    return SourceInfo(
        id=PYMORPHY_SOURCE,
        kind="morphology",
        version=importlib.metadata.version("pymorphy3-dicts-uk"),
        checksum=file_checksum(path / "words.dawg"),
        path=str(path),
    )


def iter_pymorphy(skipped: dict[str, int] | None = None) -> Iterator[Entry]:
    """Every (form, lemma, tag) the dictionary knows, about 6.5 million of them.

    Forms with characters no card can show (dots, for example) are counted in ``skipped``.
    """
    import dawg
    from pymorphy3.opencorpora_dict.wrapper import Dictionary

    path = pymorphy_dictionary_path()
    dictionary = Dictionary(str(path))
    words = dawg.RecordDAWG(">HH")
    words.load(str(path / "words.dawg"))
    paradigms = dictionary.paradigms
    suffixes = dictionary.suffixes
    prefixes = dictionary.paradigm_prefixes
    tags = [str(tag) for tag in dictionary.gramtab]
    # Each paradigm's tags, indexed by form, with its lexeme marks on every form.
    paradigm_tags = [
        lexeme_tags([tags[t] for t in p[len(p) // 3 : 2 * len(p) // 3]]) for p in paradigms
    ]
    rejected = 0
    for word, (para_id, idx) in words.iteritems():
        if not is_lexicon_key(word):
            rejected += 1
            continue
        if idx == 0:
            yield Entry(word, word, paradigm_tags[para_id][0])
        else:
            paradigm = paradigms[para_id]
            size = len(paradigm) // 3
            prefix = prefixes[paradigm[2 * size + idx]]
            suffix = suffixes[paradigm[idx]]
            stem = word[len(prefix) : len(word) - len(suffix)]
            lemma = prefixes[paradigm[2 * size]] + stem + suffixes[paradigm[0]]
            yield Entry(word, lemma, paradigm_tags[para_id][idx])
    if skipped is not None:
        skipped[PYMORPHY_SOURCE] = rejected


#: Marks that belong to a lexeme, not to one of its forms: an abbreviation or a proper noun
#: is one in every case and number. The dictionary sometimes leaves one off a form (about 820
#: lexemes lack ``Abbr`` on the nominative singular alone: ГМО), so they are read per lexeme.
LEXEME_MARKS = ("Abbr", "Name", "Surn", "Patr", "Geox", "Prop")


def lexeme_tags(forms: list[str]) -> list[str]:
    """The tags of one paradigm's forms (the lemma's first), each with every lexeme mark that
    any form of the paradigm carries, and the lemma's missing nominative repaired."""
    present = {g for tag in forms for g in _grammemes(tag)}
    marks = [m for m in LEXEME_MARKS if m in present]
    tagged = [_with_marks(tag, marks) for tag in forms]
    tagged[0] = _repair_lemma_tag(tagged[0])
    return tagged


def _with_marks(tag: str, marks: list[str]) -> str:
    """``tag`` with the ``marks`` it lacks, after its part of speech (NOUN,Abbr,...)."""
    missing = [m for m in marks if m not in _grammemes(tag)]
    if not missing:
        return tag
    pos, _, rest = tag.partition(",")
    return ",".join([pos, *missing, rest]) if rest else ",".join([pos, *missing])


def _grammemes(tag: str) -> set[str]:
    return set(tag.replace(" ", ",").split(","))


CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct", "voct"})
DECLINABLE = frozenset({"NOUN", "ADJF", "NUMR"})


def _repair_lemma_tag(tag: str) -> str:
    """Add the nominative that the dictionary leaves out of some lemma forms' tags.

    About 2,800 lemma forms (``котик``: "NOUN,anim masc") carry no case at all. A lemma of a
    noun, adjective or numeral is its nominative, so the case is stated here; case-less tags
    of other forms are left as they are. Listed in docs/lexicon.md.
    """
    grammemes = _grammemes(tag)
    if grammemes & DECLINABLE and not grammemes & CASES:
        return f"{tag},nomn"
    return tag


# --- plain word lists -----------------------------------------------------------------------


@dataclass(frozen=True)
class WordList:
    """A word list file: a header of ``# key: value`` lines, then one word a line."""

    id: str
    path: Path
    meta: dict[str, str]
    #: Entries as written (Київ keeps its capital).
    words: tuple[str, ...]
    #: The same entries normalised, as lexicon keys (київ).
    keys: tuple[str, ...]
    rejected: tuple[tuple[int, str, str], ...]
    #: Each entry's trailing comment ('' for none): a surzhyk entry's normative equivalent,
    #: or, in a list whose header says ``# tags: comment``, the entry's tag (INTJ).
    notes: tuple[str, ...] = ()

    @property
    def tagged(self) -> bool:
        """Whether each entry's comment is its tag (the header line ``# tags: comment``)."""
        return self.meta.get("tags") == TAGS_IN_COMMENT

    def info(self, kind: str) -> SourceInfo:
        return SourceInfo(
            id=f"{kind}:{self.id}",
            kind=kind,
            version=self.meta.get("version", "1"),
            checksum=file_checksum(self.path),
            path=str(self.path),
            meta=self.meta,
        )


def read_word_list(path: Path) -> WordList:
    """Read a word list. Entries are normalised like user input; bad lines are reported."""
    meta: dict[str, str] = {}
    words: list[str] = []
    keys: list[str] = []
    notes: list[str] = []
    rejected: list[tuple[int, str, str]] = []
    in_header = True
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if line.startswith("#"):
            if in_header and ":" in line:
                key, _, value = line[1:].partition(":")
                meta[key.strip()] = value.strip()
            continue
        in_header = False
        entry, note = _split_comment(line)
        if not entry:
            continue
        try:
            key = normalise(entry).word
        except InvalidWord as exc:
            rejected.append((number, entry, exc.code))
            continue
        words.append(entry)
        keys.append(key)
        notes.append(note)
    return WordList(
        id=meta.get("id", path.stem),
        path=path,
        meta=meta,
        words=tuple(words),
        keys=tuple(keys),
        rejected=tuple(rejected),
        notes=tuple(notes),
    )


def _split_comment(line: str) -> tuple[str, str]:
    """An entry line's word and its trailing comment (after two spaces or a tab, then #)."""
    for separator in ("  #", "\t#"):
        if separator in line:
            entry, _, note = line.partition(separator)
            return entry.strip(), note.strip()
    return line.strip(), ""


def list_entries(word_list: WordList) -> Iterator[Entry]:
    """Entries of a word list, each keyed by its normalised form, its lemma kept as written.
    Their tag is how the entry is written (a capital, capitals) or, in a tagged list, the
    entry's own tag from its comment."""
    notes = word_list.notes if word_list.tagged else ("",) * len(word_list.words)
    for written, key, note in zip(word_list.words, word_list.keys, notes, strict=True):
        yield Entry(key, written, note or capitalisation_tag(written))


def capitalisation_tag(written: str) -> str:
    """The pseudo-grammeme that a list entry's capital letters carry, or ''."""
    letters = [ch for ch in written if ch.isalpha()]
    if len(letters) >= 2 and all(ch.isupper() for ch in letters):
        return UPPERCASE
    if letters and letters[0].isupper():
        return CAPITALISED
    return ""


# --- Debian's wukrainian --------------------------------------------------------------------


def system_wordlist_path() -> Path | None:
    """Debian's Ukrainian word list, or the file ``WORDSVC_SYSTEM_WORDLIST`` names; None if
    absent. Setting the variable to an empty string turns the source off."""
    configured = os.environ.get("WORDSVC_SYSTEM_WORDLIST")
    if configured is None:
        return SYSTEM_WORDLIST if SYSTEM_WORDLIST.is_file() else None
    if not configured:
        return None
    path = Path(configured)
    if not path.is_file():
        raise ConfigurationError(
            f"WORDSVC_SYSTEM_WORDLIST names {path}, which is not a file. "
            "Point it at a word list, or set it to an empty string to build without one.",
            details={"path": str(path)},
        )
    return path


def system_info(path: Path) -> SourceInfo:
    return SourceInfo(
        id=SYSTEM_SOURCE,
        kind="wordlist",
        version=debian_package_version("wukrainian") or "unknown",
        checksum=file_checksum(path),
        path=str(path),
    )


def iter_system_wordlist(path: Path, skipped: dict[str, int] | None = None) -> Iterator[Entry]:
    """Entries of the system word list. Lines that are not plain words are counted as skipped."""
    rejected = 0
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            written = line.strip()
            key = fold_case(written)
            if not is_lexicon_key(key):
                rejected += 1
                continue
            yield Entry(key, written, capitalisation_tag(written))
    if skipped is not None:
        skipped[SYSTEM_SOURCE] = rejected


def system_spellings(path: Path) -> tuple[set[str], set[str]]:
    """Lower-cased keys of the list's capitalised entries, and its lower-case entries."""
    capitalised: set[str] = set()
    lowercase: set[str] = set()
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            written = line.strip()
            if written[:1].isupper():
                capitalised.add(fold_case(written))
            elif written:
                lowercase.add(written)
    return capitalised, lowercase


def debian_package_version(package: str) -> str | None:
    status = Path("/var/lib/dpkg/status")
    if not status.is_file():
        return None
    current = None
    for line in status.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("Package: "):
            current = line[9:].strip()
        elif current == package and line.startswith("Version: "):
            return line[9:].strip()
    return None

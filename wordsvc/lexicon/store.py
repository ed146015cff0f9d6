"""The compiled lexicon on disk: marisa tries plus a manifest, loaded by memory-mapping.

Layout of a data directory::

    <data dir>/
        current -> lexicon-<fp>-<random>      symlink, replaced atomically
        lexicon-<fp>-<random>/                fp: the fingerprint's first 16 hex digits
            manifest.json                     sources, counts, checksums, fingerprint
            kinds.json                        [[source id, tag], ...]: analysis kinds
            forms.marisa                      RecordTrie <HI: form -> (kind id, lemma id)
            lemmas.marisa                     Trie: lemma id <-> lemma as written
            zipf.marisa                       RecordTrie <H: form -> Zipf in hundredths (wordfreq)
            sets/<name>.marisa                Trie per word set (one per category)
            sets/playable.reversed.marisa     every form of any category, spelled backwards
            solver/                           letter counts per form, by length (LetterIndex)
            suggest/                          nearest words by edit distance (SuggestIndex)

A build writes a new ``lexicon-*`` directory under a temporary name, renames it into place and
only then points ``current`` at it, so an interrupted build never leaves a half-written lexicon
in use. Readers resolve ``current`` once, at load.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import marisa_trie

from wordsvc.errors import LexiconCorrupt, LexiconNotBuilt
from wordsvc.lexicon.frequency import ZipfTable, zipf_trie
from wordsvc.lexicon.letter_index import LetterIndex
from wordsvc.lexicon.sources import file_checksum
from wordsvc.lexicon.suggest_index import SuggestIndex

FORMAT_VERSION = 11
RECORD_FORMAT = "<HI"
CURRENT = "current"
#: ``manifest.json``: JSON metadata read by key (sources, versions, counts, checksums).
Manifest = dict[str, Any]
#: Every form some category admits, spelled backwards (for patterns that start with *).
REVERSED_PLAYABLE = "playable.reversed"
SOLVER_DIR = "solver"
SUGGEST_DIR = "suggest"
ZIPF_FILE = "zipf.marisa"


@dataclass(frozen=True, slots=True)
class Kind:
    """An analysis kind: which source said it, and the tag it gave (pseudo-tags for lists)."""

    source: str
    tag: str


class LexiconWriter:
    """Writes one lexicon version into a temporary directory, then publishes it."""

    def __init__(self, data_dir: Path, fingerprint: str) -> None:
        self.data_dir = data_dir
        self.fingerprint = fingerprint
        data_dir.mkdir(parents=True, exist_ok=True)
        self.tmp = Path(tempfile.mkdtemp(prefix=".building-", dir=data_dir))
        (self.tmp / "sets").mkdir()
        self.files: dict[str, str] = {}
        self._forms = marisa_trie.RecordTrie(RECORD_FORMAT)  # the forms, once written

    def write_forms(
        self, kinds: list[Kind], records: Iterable[tuple[str, int, str]]
    ) -> dict[str, int]:
        """Write the forms, their analyses (kind id, lemma) and the lemma trie."""
        records = list(records)
        lemmas = marisa_trie.Trie({lemma for _, _, lemma in records})
        forms = marisa_trie.RecordTrie(
            RECORD_FORMAT, ((word, (kind, lemmas[lemma])) for word, kind, lemma in records)
        )
        self._save(lemmas, "lemmas.marisa")
        self._save(forms, "forms.marisa")
        self._forms = forms
        self._write_json("kinds.json", [[k.source, k.tag] for k in kinds])
        distinct = len({word for word, _, _ in records})
        return {"analyses": len(records), "forms": distinct, "lemmas": len(lemmas)}

    def write_zipf(self, zipf: Mapping[str, float]) -> int:
        """Write the Zipf value of every form the list has (after :meth:`write_forms`)."""
        trie = zipf_trie(zipf, (word for word in zipf if word in self._forms))
        self._save(trie, ZIPF_FILE)
        return len(trie)

    def write_letter_index(self, index: LetterIndex) -> None:
        for name in index.save(self.tmp / SOLVER_DIR):
            self.files[f"{SOLVER_DIR}/{name}"] = file_checksum(self.tmp / SOLVER_DIR / name)

    def write_suggest_index(self, index: SuggestIndex) -> None:
        for name in index.save(self.tmp / SUGGEST_DIR):
            self.files[f"{SUGGEST_DIR}/{name}"] = file_checksum(self.tmp / SUGGEST_DIR / name)

    def write_set(self, name: str, words: Iterable[str]) -> int:
        trie = marisa_trie.Trie(words)
        self._save(trie, f"sets/{name}.marisa")
        return len(trie)

    def publish(self, manifest: dict[str, object]) -> Path:
        """Finish the manifest, move the directory into place and switch ``current`` to it."""
        manifest = {
            **manifest,
            "format_version": FORMAT_VERSION,
            "fingerprint": self.fingerprint,
            "files": dict(sorted(self.files.items())),
        }
        self._write_json("manifest.json", manifest, checksum=False)
        final = self.data_dir / f"lexicon-{self.fingerprint[:16]}-{uuid.uuid4().hex[:8]}"
        os.replace(self.tmp, final)
        link = self.data_dir / f".{CURRENT}-{os.getpid()}"
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(final.name)
        os.replace(link, self.data_dir / CURRENT)
        _remove_other_versions(self.data_dir, keep=final.name)
        return final

    def abort(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _save(self, trie: marisa_trie.Trie, name: str) -> None:
        path = self.tmp / name
        trie.save(str(path))
        self.files[name] = file_checksum(path)

    def _write_json(self, name: str, value: object, *, checksum: bool = True) -> None:
        path = self.tmp / name
        path.write_text(json.dumps(value, ensure_ascii=False, indent=1), encoding="utf-8")
        if checksum:
            self.files[name] = file_checksum(path)


def _remove_other_versions(data_dir: Path, keep: str) -> None:
    for path in data_dir.iterdir():
        if path.name == keep or not path.is_dir():
            continue
        if path.name.startswith("lexicon-") or path.name.startswith(".building-"):
            shutil.rmtree(path, ignore_errors=True)


def current_manifest(data_dir: Path) -> Manifest | None:
    """The manifest of the lexicon in use, or None when there is none (or it is unreadable)."""
    try:
        manifest: Manifest = json.loads(
            (data_dir / CURRENT / "manifest.json").read_text(encoding="utf-8")
        )
        return manifest
    except (OSError, ValueError):
        return None


class StoredLexicon:
    """A published lexicon, memory-mapped: opening it reads only the small JSON files."""

    def __init__(self, data_dir: Path) -> None:
        link = data_dir / CURRENT
        if not link.exists():
            raise LexiconNotBuilt(
                message=f"No lexicon in {data_dir}. Run `wordsvc build` first.",
                details={"data_dir": str(data_dir)},
            )
        self.path = link.resolve()
        try:
            self.manifest: Manifest = json.loads((self.path / "manifest.json").read_text("utf-8"))
            raw_kinds = json.loads((self.path / "kinds.json").read_text("utf-8"))
            self.kinds = [Kind(source, tag) for source, tag in raw_kinds]
            self.forms = marisa_trie.RecordTrie(RECORD_FORMAT)
            self.forms.mmap(str(self.path / "forms.marisa"))
            self.lemmas = _mmap_trie(self.path / "lemmas.marisa")
            self.zipf_table = ZipfTable.load(self.path / ZIPF_FILE)
        except (OSError, ValueError) as exc:
            raise LexiconCorrupt(
                message=f"The lexicon in {self.path} cannot be read: {exc}. Run `wordsvc build`.",
                details={"path": str(self.path)},
            ) from exc
        if self.manifest.get("format_version") != FORMAT_VERSION:
            raise LexiconCorrupt(
                message="The lexicon was built by another version of wordsvc. Run `wordsvc build`.",
                details={"format_version": self.manifest.get("format_version")},
            )
        # Map every set now: a later build may unlink these files, and a mapping made
        # before that stays valid while one made after it would fail.
        self._sets = {path.stem: _mmap_trie(path) for path in (self.path / "sets").glob("*.marisa")}
        try:
            self.letter_index = LetterIndex.load(self.path / SOLVER_DIR)
        except (OSError, ValueError, RuntimeError) as exc:  # marisa raises RuntimeError
            raise LexiconCorrupt(
                message=f"The solver's index in {self.path} cannot be read: {exc}. "
                "Run `wordsvc build`.",
                details={"path": str(self.path)},
            ) from exc
        try:
            self.suggest_index = SuggestIndex.load(
                self.path / SUGGEST_DIR, self.letter_index.column
            )
        except (OSError, ValueError, RuntimeError) as exc:
            raise LexiconCorrupt(
                message=f"The suggestion index in {self.path} cannot be read: {exc}. "
                "Run `wordsvc build`.",
                details={"path": str(self.path)},
            ) from exc

    def analyses(self, word: str) -> list[tuple[Kind, str]]:
        """Every (kind, lemma) stored for a normalised word; empty when unknown."""
        found = self.forms.get(word)
        if not found:
            return []
        kinds, restore = self.kinds, self.lemmas.restore_key
        return [(kinds[kind], restore(lemma)) for kind, lemma in found]

    def zipf(self, word: str) -> float:
        """How common a normalised word is on the Zipf scale; 0 when wordfreq lacks it."""
        return self.zipf_table.zipf(word)

    def __contains__(self, word: str) -> bool:
        return word in self.forms

    def word_set(self, name: str) -> marisa_trie.Trie:
        """A word set by name (a category's admitted forms)."""
        try:
            return self._sets[name]
        except KeyError:
            raise LexiconCorrupt(
                message=f"The lexicon has no word set {name!r}. Run `wordsvc build`.",
                details={"set": name},
            ) from None

    def verify(self) -> Mapping[str, str]:
        """Files whose checksum differs from the manifest's (empty when all match)."""
        bad = {}
        for name, expected in self.manifest.get("files", {}).items():
            path = self.path / name
            actual = file_checksum(path) if path.is_file() else "missing"
            if actual != expected:
                bad[name] = actual
        return bad


def _mmap_trie(path: Path) -> marisa_trie.Trie:
    trie = marisa_trie.Trie()
    trie.mmap(str(path))
    return trie

"""The compiled lexicon on disk: marisa tries plus a manifest, loaded by memory-mapping.

Layout of a data directory::

    <data dir>/
        current -> lexicon-<fp>-<random>      the version published last, replaced atomically
        lexicon-<fp>-<random>/                fp: the fingerprint's first 16 hex digits
            .in-use                           each process reading it holds a shared lock
            manifest.json                     sources, counts, checksums, fingerprint
            kinds.json                        [[source id, tag], ...]: analysis kinds
            forms.marisa                      RecordTrie <HI: form -> (kind id, lemma id)
            lemmas.marisa                     Trie: lemma id <-> lemma as written
            zipf.marisa                       RecordTrie <H: form -> Zipf in hundredths (wordfreq)
            sets/<name>.marisa                Trie per word set (one per category)
            sets/playable.reversed.marisa     every form of any category, spelled backwards
            solver/                           letter counts per form, by length (LetterIndex)
            suggest/                          nearest words by edit distance (SuggestIndex)

        .build-<fp>.lock                      held by the one process building that version
        .building-<fp>-<random>/              a build under way

A build writes a new ``lexicon-*`` directory under a temporary name, renames it into place and
only then points ``current`` at it, so an interrupted build never leaves a half-written lexicon
in use. Versions built from different sources live side by side, named by their sources'
fingerprint: installs that share a data directory but see different sources each find their
own (:func:`version_dir`), and none rebuilds the other's away. A version is removed only when
no process holds it open (its ``.in-use`` lock is free) and it is superseded or unused for
:data:`KEEP_UNUSED_DAYS`. Two builds of one version never run at once: the second waits for
the first's lock (:func:`build_lock`) and then finds the version built.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

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
VERSION_PREFIX = "lexicon-"
BUILDING_PREFIX = ".building-"
IN_USE = ".in-use"
#: How long a version no process has opened is kept (another install sharing the data
#: directory may come back to it); a superseded version of the same sources goes at once.
KEEP_UNUSED_DAYS = 7


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
        prefix = f"{BUILDING_PREFIX}{fingerprint[:16]}-"
        self.tmp = Path(tempfile.mkdtemp(prefix=prefix, dir=data_dir))
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

    def write_zipf(self, zipf: Mapping[str, float]) -> tuple[int, int]:
        """Write the Zipf value of every word the list has, known to the lexicon or not: how
        common a refused word is comes from the list too (after :meth:`write_forms`). Returns
        how many lexicon forms have one, and how many words were written."""
        trie = zipf_trie(zipf, zipf)
        self._save(trie, ZIPF_FILE)
        return sum(1 for word in zipf if word in self._forms), len(trie)

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
        final = self.data_dir / f"{VERSION_PREFIX}{self.fingerprint[:16]}-{uuid.uuid4().hex[:8]}"
        os.replace(self.tmp, final)
        link = self.data_dir / f".{CURRENT}-{os.getpid()}"
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(final.name)
        os.replace(link, self.data_dir / CURRENT)
        remove_unused_versions(self.data_dir, keep=final.name)
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


def remove_unused_versions(data_dir: Path, keep: str) -> list[str]:
    """Remove the versions no process holds open that are superseded (older ones of the
    ``keep`` version's sources) or unopened for :data:`KEEP_UNUSED_DAYS`, and the folders of
    builds whose builder is gone. Returns the names removed."""
    fingerprint = keep[len(VERSION_PREFIX) :].split("-")[0]
    stale_before = time.time() - KEEP_UNUSED_DAYS * 86400
    removed = []
    for path in sorted(data_dir.iterdir()):
        name = path.name
        if name == keep or not path.is_dir() or path.is_symlink():
            continue
        if name.startswith(VERSION_PREFIX):
            superseded = name.startswith(f"{VERSION_PREFIX}{fingerprint}-")
            if (superseded or _last_opened(path) < stale_before) and _remove_if_unused(path):
                removed.append(name)
        elif name.startswith(BUILDING_PREFIX):
            building = name[len(BUILDING_PREFIX) :].split("-")[0]
            with _try_lock(build_lock_path(data_dir, building)) as free:
                if free:
                    shutil.rmtree(path, ignore_errors=True)
                    removed.append(name)
    return removed


def _last_opened(version: Path) -> float:
    marker = version / IN_USE
    return (marker if marker.exists() else version).stat().st_mtime


def _remove_if_unused(version: Path) -> bool:
    """Remove ``version`` when no process holds its ``.in-use`` lock: it is renamed away
    under the lock first, so a reader that comes after finds no half-removed folder."""
    with _try_lock(version / IN_USE) as free:
        if not free:
            return False
        doomed = version.with_name(f".removing-{version.name}")
        try:
            os.replace(version, doomed)
        except OSError:
            return False
    shutil.rmtree(doomed, ignore_errors=True)
    return True


@contextlib.contextmanager
def _try_lock(path: Path) -> Iterator[bool]:
    """Hold ``path``'s exclusive lock if no one holds it: yields whether it was free."""
    try:
        handle = path.open("a+b")
    except OSError:
        yield False
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True


def build_lock_path(data_dir: Path, fingerprint: str) -> Path:
    return data_dir / f".build-{fingerprint[:16]}.lock"


@contextlib.contextmanager
def build_lock(
    data_dir: Path, fingerprint: str, on_wait: Callable[[], None] = lambda: None
) -> Iterator[bool]:
    """Hold the lock of building the version ``fingerprint``, waiting (after ``on_wait``)
    for another process that holds it. Yields True when the lock was free at once, False
    after a wait: then the other process has most likely built it, so look before building."""
    data_dir.mkdir(parents=True, exist_ok=True)
    with build_lock_path(data_dir, fingerprint).open("a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            waited = False
        except OSError:
            on_wait()
            fcntl.flock(handle, fcntl.LOCK_EX)
            waited = True
        yield not waited


def version_dir(data_dir: Path, fingerprint: str) -> Path | None:
    """The newest published version built from the sources ``fingerprint`` names, if any."""
    found = [
        path
        for path in data_dir.glob(f"{VERSION_PREFIX}{fingerprint[:16]}-*")
        if (path / "manifest.json").is_file()
    ]
    return max(found, key=lambda path: path.stat().st_mtime_ns, default=None)


def read_manifest(version: Path) -> Manifest | None:
    """A version's manifest, or None when there is none (or it is unreadable)."""
    try:
        manifest: Manifest = json.loads((version / "manifest.json").read_text(encoding="utf-8"))
        return manifest
    except (OSError, ValueError):
        return None


def current_manifest(data_dir: Path) -> Manifest | None:
    """The manifest of the version published last, or None when there is none."""
    return read_manifest(data_dir / CURRENT)


class StoredLexicon:
    """A published lexicon, memory-mapped: opening it reads only the small JSON files.

    ``fingerprint`` picks the version built from those sources (an install's own); without
    it, the version published last. The process holds the version's ``.in-use`` lock for as
    long as the object lives, so no build removes it meanwhile.
    """

    def __init__(self, data_dir: Path, fingerprint: str | None = None) -> None:
        self.path, self._in_use = _open_version(data_dir, fingerprint)
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


def _open_version(data_dir: Path, fingerprint: str | None) -> tuple[Path, BinaryIO]:
    """The version to read, with its ``.in-use`` lock held shared. A version removed between
    finding it and locking it is looked for again."""
    for _ in range(3):
        if fingerprint is None:
            link = data_dir / CURRENT
            version = link.resolve() if link.exists() else None
        else:
            version = version_dir(data_dir, fingerprint)
        if version is None:
            break
        try:
            handle = (version / IN_USE).open("a+b")
        except FileNotFoundError:
            continue  # removed meanwhile: look again
        fcntl.flock(handle, fcntl.LOCK_SH)
        if (version / "manifest.json").is_file():
            os.utime(version / IN_USE)  # when it was last opened: unused versions age out
            return version, handle
        handle.close()
    which = "" if fingerprint is None else " built from this install's sources"
    raise LexiconNotBuilt(
        message=f"No lexicon{which} in {data_dir}. Run `wordsvc build` first.",
        details={"data_dir": str(data_dir)},
    )


def _mmap_trie(path: Path) -> marisa_trie.Trie:
    trie = marisa_trie.Trie()
    trie.mmap(str(path))
    return trie
